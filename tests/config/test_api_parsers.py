"""JSON bodies the API cannot use are a 400 in the error shape on every
write endpoint, never a 500, and nothing is written."""

import pytest

from config.api_parsers import MAX_DEPTH
from league.models import League
from matches.models import Season
from tests.api_endpoints import WRITE_IDS, WRITES, every_row, writer
from tests.league.conftest import api_as


@pytest.fixture
def world(shared_api_world):
    """``api_world(sevens, bob, charlie)``, saved once per session."""
    return shared_api_world


def post_raw(user, method, url, text):
    return getattr(api_as(user), method)(
        url, text.encode("utf-8"), content_type="application/json"
    )


def nested(levels: int) -> str:
    return "[" * levels + "]" * levels


TOO_DEEP = {
    "code": "nesting_too_deep",
    "field": None,
    "message": f"JSON nested deeper than {MAX_DEPTH} levels",
}

# the raw JSON text: a JSON escape, not the character itself
REFUSED_BODIES = {
    "a deep bomb": (nested(100_000), TOO_DEEP),
    "one level too deep": ('{"notes": ' + nested(MAX_DEPTH) + "}", TOO_DEEP),
    "a lone surrogate": (
        '{"name": "Ug\\ud800"}',
        {
            "code": "surrogate_characters_not_allowed",
            "field": "name",
            "message": "Surrogate characters are not allowed: U+D800.",
        },
    ),
    "a lone surrogate in a key": (
        '{"players": [{"\\udc00": 1}]}',
        {
            "code": "surrogate_characters_not_allowed",
            "field": "players.0",
            "message": "Surrogate characters are not allowed: U+DC00.",
        },
    ),
    "a NUL in a nested string": (
        '{"players": [{"name": "ok"}, {"name": "Ug\\u0000"}]}',
        {
            "code": "null_characters_not_allowed",
            "field": "players.1.name",
            "message": "Null characters are not allowed.",
        },
    ),
    "a key given twice": (
        '{"rerolls": 1, "rerolls": 8}',
        {
            "code": "duplicate_key",
            "field": None,
            "message": "the key 'rerolls' appears twice",
        },
    ),
    "NaN": (
        '{"rerolls": NaN}',
        {
            "code": "parse_error",
            "field": None,
            "message": "JSON parse error - NaN is not valid JSON",
        },
    ),
}


@pytest.mark.parametrize("body", list(REFUSED_BODIES))
@pytest.mark.parametrize(("method", "path"), WRITES, ids=WRITE_IDS)
def test_a_refused_json_body_is_a_400_on_every_write(
    world, alice, charlie, method, path, body
):
    # given
    text, error = REFUSED_BODIES[body]
    before = every_row()
    caller = writer(method, path, alice=alice, charlie=charlie)

    # when
    response = post_raw(caller, method, world.url(path), text)

    # then
    assert response.status_code == 400
    assert response.json() == {"errors": [error]}
    assert every_row() == before


def test_a_nul_in_a_division_name_is_refused(world, alice):
    before = every_row()
    text = (
        f'{{"league": {world.league.pk}, "name": "Autumn", '
        f'"divisions": {{"North\\u0000": [{world.team.pk}]}}}}'
    )

    response = post_raw(alice, "post", "/api/seasons/", text)

    assert response.status_code == 400
    assert response.json()["errors"] == [
        {
            "code": "null_characters_not_allowed",
            "field": "divisions",
            "message": "Null characters are not allowed.",
        }
    ]
    assert every_row() == before
    assert not Season.objects.filter(name="Autumn").exists()


def test_a_body_that_is_not_utf8_is_a_parse_error(bob):
    response = api_as(bob).post(
        "/api/leagues/", b'{"name": "\xff"}', content_type="application/json"
    )

    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "parse_error"
    assert League.objects.count() == 0


def test_nesting_up_to_the_limit_is_parsed(bob):
    # a list nested to the limit reaches the serializer, which refuses the type
    text = '{"name": "Deep", "format": "sevens", "tiebreakers": ' + nested(
        MAX_DEPTH - 1
    )
    text += "}"

    response = post_raw(bob, "post", "/api/leagues/", text)

    assert response.status_code == 400
    assert {e["field"] for e in response.json()["errors"]} == {"tiebreakers.0"}


def test_plain_unicode_is_welcome(bob):
    response = post_raw(
        bob,
        "post",
        "/api/leagues/",
        '{"name": "Ligue des \\u00c9toiles 🏈", "format": "sevens"}',
    )

    assert response.status_code == 201, response.json()
    assert League.objects.get().name == "Ligue des Étoiles 🏈"
