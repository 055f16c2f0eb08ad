"""Everything under /api/ answers JSON in the error shape, including what
Django refuses before any API view runs: unknown paths, bodies over the size
limit, hosts it does not serve, and crashes."""

import json
import re
import uuid

import pytest
from django.db import IntegrityError
from django.test import Client, override_settings
from drf_spectacular.generators import SchemaGenerator

from config.api_errors import exception_handler
from tests.api_endpoints import WRITE_IDS, WRITES, every_row, writer
from tests.league.conftest import api_as


@pytest.fixture
def world(shared_api_world):
    """``api_world(sevens, bob, charlie)``, saved once per session."""
    return shared_api_world


def only_error(response) -> dict:
    assert response["Content-Type"] == "application/json"
    (error,) = response.json()["errors"]
    return error


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path",
    [
        "/api/teams/abc/",
        "/api/teams/1/players/abc/",
        "/api/teams/99999999999999999999/ledger/x/",
        "/api/nope/",
        "/api/matches/1e3/events/",
    ],
)
@pytest.mark.parametrize("method", ["get", "post", "delete"])
def test_an_unknown_api_path_is_a_json_404(client, method, path):
    response = getattr(client, method)(path)

    assert response.status_code == 404
    assert only_error(response) == {
        "code": "not_found",
        "field": None,
        "message": "Not found.",
    }


METHODS = ["get", "post", "put", "patch", "delete", "options", "head"]


@pytest.mark.django_db
@pytest.mark.parametrize("debug", [False, True], ids=["production", "debug"])
@pytest.mark.parametrize(
    "path", ["/api/nope/", "/api/teams/abc/", "/api/schema/x/", "/api/x/y/z"]
)
@pytest.mark.parametrize("method", METHODS)
def test_every_unknown_api_path_is_a_json_404_for_every_method(
    settings, method, path, debug
):
    # given DEBUG as in production, or as in the demo (whose own 404 page
    # is HTML)
    settings.DEBUG = debug
    client = Client(raise_request_exception=False)

    # when
    response = getattr(client, method)(path)

    # then
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    if method != "head":
        assert only_error(response) == {
            "code": "not_found",
            "field": None,
            "message": "Not found.",
        }


@pytest.mark.django_db
@pytest.mark.parametrize("debug", [False, True], ids=["production", "debug"])
@pytest.mark.parametrize(
    ("path", "meant"), [("/api/teams", "/api/teams/"), ("/api", "/api/")]
)
@pytest.mark.parametrize("method", ["get", "post", "delete"])
def test_an_api_path_without_its_slash_is_a_json_404_naming_it(
    settings, method, path, meant, debug
):
    # A redirect would drop a POST's body (and DEBUG refuses to make one).
    settings.DEBUG = debug
    client = Client(raise_request_exception=False)
    before = every_row()

    response = getattr(client, method)(path, {"name": "x"}, "application/json")

    assert response.status_code == 404
    assert only_error(response) == {
        "code": "not_found",
        "field": None,
        "message": f"Not found. Did you mean {meant}? (the API's paths end with "
        "a slash)",
    }
    assert every_row() == before


@pytest.mark.django_db
@pytest.mark.parametrize("debug", [False, True], ids=["production", "debug"])
@pytest.mark.parametrize(
    ("method", "path", "allow"),
    [
        ("delete", "/api/formats/", "GET, HEAD, OPTIONS"),
        ("put", "/api/skills/", "GET, HEAD, OPTIONS"),
        ("post", "/api/schema/", "GET, HEAD, OPTIONS"),
        # the Swagger page is a page to read (OPTIONS used to crash it)
        ("options", "/api/docs/", "GET, HEAD"),
        ("post", "/api/docs/", "GET, HEAD"),
    ],
)
def test_a_method_an_api_path_does_not_take_is_a_json_405(
    settings, method, path, allow, debug
):
    settings.DEBUG = debug
    client = Client(raise_request_exception=False)

    response = getattr(client, method)(path)

    assert response.status_code == 405
    error = only_error(response)
    assert error["code"] == "method_not_allowed"
    assert error["field"] is None
    assert response["Allow"] == allow


@pytest.mark.django_db
def test_debug_error_pages_under_the_api_are_json(settings, monkeypatch):
    # given DEBUG's pages: a host the site does not serve, and a crash
    settings.DEBUG = True

    def crash(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr("league.api.views.league_list", crash)
    client = Client(raise_request_exception=False)

    # when
    bad_host = client.get("/api/teams/", HTTP_HOST="evil.example")
    crashed = client.get("/api/leagues/")

    # then
    assert bad_host.status_code == 400
    assert only_error(bad_host) == {
        "code": "bad_request",
        "field": None,
        "message": "bad request",
    }
    assert crashed.status_code == 500
    assert only_error(crashed)["code"] == "server_error"
    assert b"boom" not in crashed.content


@pytest.mark.django_db
def test_an_id_too_large_for_the_database_is_a_json_404(client):
    response = client.get("/api/teams/99999999999999999999/")

    assert response.status_code == 404
    assert only_error(response)["code"] == "not_found"


def _reads_of_an_object() -> list[str]:
    """Every read the schema documents under a path that names objects."""
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return [
        path for path, item in schema["paths"].items() if "{" in path and "get" in item
    ]


# Path parameters naming nothing: an id past every row, a slug and a
# progress id nobody made.
NOTHING = {"format_slug": "no-such-format", "roster_slug": "no-such-roster"}


@pytest.mark.django_db
@pytest.mark.parametrize("path", _reads_of_an_object())
def test_every_read_of_an_object_that_does_not_exist_is_a_404(client, path):
    # /api/seasons/{id}/matches/ answered an empty page for a season that
    # does not exist, where the schema (and every other read) says 404
    names = re.findall(r"\{(\w+)\}", path)
    values = {name: NOTHING.get(name, 2**31 - 1) for name in names}
    if "task_id" in values:
        values["task_id"] = str(uuid.uuid4())

    response = client.get(path.format(**values))

    assert response.status_code == 404
    assert only_error(response)["code"] == "not_found"


def test_a_session_write_without_its_csrf_token_is_a_coded_403(world, bob):
    # it was a permission_denied, the code of a write one may not make: a
    # client could not tell that sending the token would do
    client = Client(enforce_csrf_checks=True)
    client.force_login(bob)
    before = every_row()

    response = client.post(
        "/api/leagues/",
        json.dumps({"name": "Late Night League", "format": "sevens"}),
        content_type="application/json",
    )

    assert response.status_code == 403
    assert only_error(response)["code"] == "csrf_failed"
    assert every_row() == before


def test_a_session_write_with_its_csrf_token_is_taken(world, bob):
    client = Client(enforce_csrf_checks=True)
    client.force_login(bob)
    client.get("/accounts/tokens/")  # a page that sets the CSRF cookie
    token = client.cookies["csrftoken"].value

    response = client.post(
        "/api/leagues/",
        json.dumps({"name": "Late Night League", "format": "sevens"}),
        content_type="application/json",
        HTTP_X_CSRFTOKEN=token,
    )

    assert response.status_code == 201


@pytest.mark.django_db
@pytest.mark.parametrize(
    "url",
    [
        "/api/leagues/?format=sevens",
        "/api/teams/?format=xml",
        "/api/formats/?format=yaml",
    ],
)
def test_a_format_the_api_does_not_answer_in_is_a_406_on_format(client, url):
    # DRF answered a bare 404 "Not found.", which the schema does not
    # document for a list, to a client that likely meant a filter
    response = client.get(url)

    assert response.status_code == 406
    error = only_error(response)
    assert (error["code"], error["field"]) == ("not_acceptable", "format")
    assert "format=json" in error["message"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "url", ["/api/leagues/?format=json", "/api/schema/?format=yaml"]
)
def test_a_format_the_api_answers_in_is_taken(client, url):
    assert client.get(url).status_code == 200


BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"


@pytest.mark.django_db
def test_an_api_404_is_json_even_for_a_browser(client):
    response = client.get("/api/teams/999/", HTTP_ACCEPT=BROWSER)

    assert response.status_code == 404
    assert only_error(response)["code"] == "not_found"


@pytest.mark.django_db
def test_an_unknown_page_is_still_the_site_page(client):
    response = client.get("/teams/abc/")

    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
    assert b"There is nothing at this address." in response.content


@pytest.mark.django_db
def test_a_host_the_site_does_not_serve_is_a_json_400(client):
    response = client.get("/api/teams/", HTTP_HOST="evil.example")

    assert response.status_code == 400
    assert only_error(response)["code"] == "bad_request"


@pytest.mark.parametrize(("method", "path"), WRITES, ids=WRITE_IDS)
def test_a_body_over_the_size_limit_is_a_json_413_on_every_write(
    world, alice, charlie, method, path
):
    # given
    before = every_row()
    body = json.dumps({"name": "x" * 2000})
    caller = writer(method, path, alice=alice, charlie=charlie)

    # when
    with override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1000):
        response = getattr(api_as(caller), method)(
            world.url(path), body, content_type="application/json"
        )

    # then
    assert response.status_code == 413
    assert only_error(response) == {
        "code": "request_too_large",
        "field": None,
        "message": "the request is larger than the server accepts",
    }
    assert every_row() == before


def test_a_form_over_the_size_limit_is_a_json_refusal(bob):
    # Bodies are JSON only: a form is refused as such before it is read.
    before = every_row()

    with override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1000):
        response = api_as(bob).post("/api/leagues/", {"name": "x" * 2000})

    assert response.status_code == 415
    assert only_error(response)["code"] == "unsupported_media_type"
    assert every_row() == before


@pytest.mark.django_db
def test_a_crash_under_the_api_is_a_json_500(monkeypatch):
    def crash(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr("league.api.views.league_list", crash)
    client = Client(raise_request_exception=False)

    response = client.get("/api/leagues/")

    assert response.status_code == 500
    assert only_error(response) == {
        "code": "server_error",
        "field": None,
        "message": "the server failed to answer; the error has been logged",
    }
    assert b"boom" not in response.content


@pytest.mark.parametrize(
    ("message", "status", "code"),
    [
        # SQLite names the columns; PostgreSQL (tests/config/test_api_races.py)
        # names the constraint
        ("UNIQUE constraint failed: league_league.name", 400, "name_taken"),
        # a name unique in any case is an index on an expression
        (
            "UNIQUE constraint failed: index 'team_name_unique_in_league'",
            400,
            "name_taken",
        ),
        (
            "UNIQUE constraint failed: index 'league_name_unique_any_case'",
            400,
            "name_taken",
        ),
        (
            "UNIQUE constraint failed: matches_matchevent.match_id, "
            "matches_matchevent.seq",
            409,
            "conflict",
        ),
        ("CHECK constraint failed: team_treasury_never_negative", 409, "conflict"),
    ],
)
def test_a_lost_race_is_a_400_for_a_name_and_a_409_otherwise(message, status, code):
    response = exception_handler(IntegrityError(message), {})

    assert response.status_code == status
    assert [e["code"] for e in response.data["errors"]] == [code]
