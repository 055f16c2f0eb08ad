"""A league made through the REST API comes with its invite link, as one
made on the new-league page does, and the API shows that link to the
league's commissioner only."""

from __future__ import annotations

from datetime import timedelta

import pytest
from allauth.account.models import EmailAddress

from league.invites.services import invite_link_renew
from league.invites.tokens import invite_token
from league.models import League, LeagueEvent, LeagueInvite
from tests.factories import LeagueFactory, UserFactory
from tests.league.accounts_support import everything
from tests.league.conftest import api_as

pytestmark = pytest.mark.django_db

# league/invites/services.py: a new shareable link takes 20 joins and lasts
# 30 days.
LINK_USES, LINK_DAYS = 20, 30


# The links shown start with the site's own address, as the e-mails' do
# (docs/commissioner.md: "Links in the e-mails start with `SITE_URL`").
SITE = "https://dugout.example"


@pytest.fixture(autouse=True)
def _site_url(settings):
    settings.SITE_URL = SITE
    settings.ALLOWED_HOSTS = ["testserver", "dugout.example", "10.0.0.5"]


def verified(username: str):
    user = UserFactory(username=username, email=f"{username}@example.org")
    EmailAddress.objects.create(
        user=user, email=user.email, verified=True, primary=True
    )
    return user


def live_link(league: League) -> LeagueInvite:
    return LeagueInvite.objects.get(league=league, revoked_at__isnull=True)


def event_types(league: League) -> list[str]:
    return list(
        LeagueEvent.objects.filter(league=league)
        .order_by("pk")
        .values_list("type", flat=True)
    )


def link_facts(invite: LeagueInvite) -> tuple[object, ...]:
    return (
        invite.kind,
        invite.max_uses,
        invite.uses,
        invite.revoked_at,
        round((invite.expires_at - invite.created_at) / timedelta(days=1)),
    )


def test_a_league_made_through_the_api_has_its_invite_link():
    nelly = verified("nelly")

    response = api_as(nelly).post(
        "/api/leagues/", {"name": "Badlands", "format": "sevens"}, format="json"
    )

    assert response.status_code == 201
    league = League.objects.get(name="Badlands")
    invite = live_link(league)
    assert link_facts(invite) == ("link", LINK_USES, 0, None, LINK_DAYS)
    assert invite.created_by == nelly
    shown = response.json()["invite_link"]
    assert shown["url"] == f"https://dugout.example/invite/{invite_token(invite)}/"
    assert (shown["uses"], shown["max_uses"]) == (0, LINK_USES)
    assert shown["expires_at"] is not None
    assert event_types(league) == ["invite_link_made"]


def test_the_page_and_the_api_make_the_same_league():
    nelly, olga = verified("nelly"), verified("olga")
    page = {
        "name": "Page League",
        "format": "sevens",
        "points_win": "3",
        "points_draw": "1",
        "points_loss": "0",
        "casualty_table": "",
        "casualty_bonus": "on",
        "report_confirmation_days": "2",
        "is_open": "on",
    }
    api = {
        "name": "Api League",
        "format": "sevens",
        "report_confirmation_days": 2,
        "is_open": True,
    }
    client = api_as(None)
    client.force_login(nelly)

    assert client.post("/leagues/new/", page).status_code == 302
    assert api_as(olga).post("/api/leagues/", api, format="json").status_code == 201

    by_page = League.objects.get(name="Page League")
    by_api = League.objects.get(name="Api League")
    fields = ("format", "is_open", "report_confirmation_days", "tiebreakers")
    assert [getattr(by_api, f) for f in fields] == [
        "sevens",
        True,
        2,
        ["points", "td_for", "cas_for", "head_to_head"],
    ]
    assert [getattr(by_page, f) for f in fields] == [getattr(by_api, f) for f in fields]
    assert link_facts(live_link(by_page)) == link_facts(live_link(by_api))
    assert (
        event_types(by_page)
        == event_types(by_api)
        == [
            "league_opened",
            "invite_link_made",
        ]
    )


@pytest.mark.parametrize("name", ["Badlands", "BADLANDS"])
def test_a_refused_league_leaves_no_link_behind(name):
    nelly = verified("nelly")
    LeagueFactory(name="Badlands")
    before = everything()

    response = api_as(nelly).post(
        "/api/leagues/", {"name": name, "format": "sevens"}, format="json"
    )

    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "name_taken"
    assert response.json()["errors"][0]["field"] == "name"
    assert everything() == before


def test_is_open_takes_a_boolean_only():
    nelly = verified("nelly")
    before = everything()

    response = api_as(nelly).post(
        "/api/leagues/",
        {"name": "Badlands", "format": "sevens", "is_open": "perhaps"},
        format="json",
    )

    assert response.status_code == 400
    assert [e["field"] for e in response.json()["errors"]] == ["is_open"]
    assert everything() == before


# --- who sees the link ---------------------------------------------------------


@pytest.fixture
def badlands():
    nelly = verified("nelly")
    api_as(nelly).post(
        "/api/leagues/", {"name": "Badlands", "format": "sevens"}, format="json"
    )
    return League.objects.get(name="Badlands")


def test_the_commissioner_sees_the_live_link_after_renewing_it(badlands):
    nelly = badlands.commissioner
    new = invite_link_renew(league_id=badlands.pk, actor=nelly, max_uses=None)

    shown = api_as(nelly).get(f"/api/leagues/{badlands.pk}/").json()["invite_link"]

    assert shown["url"] == f"https://dugout.example/invite/{invite_token(new)}/"
    assert (shown["uses"], shown["max_uses"]) == (0, None)


def test_nobody_but_the_commissioner_sees_the_link(badlands):
    other_commissioner = verified("olga")
    api_as(other_commissioner).post(
        "/api/leagues/", {"name": "Elsewhere", "format": "sevens"}, format="json"
    )
    plain_coach = verified("pete")

    for who in (other_commissioner, plain_coach, None):
        detail = api_as(who).get(f"/api/leagues/{badlands.pk}/")
        assert detail.status_code == 200
        assert detail.json()["invite_link"] is None

    listed = {
        row["name"]: row["invite_link"]
        for row in api_as(other_commissioner).get("/api/leagues/").json()["results"]
    }
    assert listed["Badlands"] is None
    assert listed["Elsewhere"]["url"].startswith("https://dugout.example/invite/")


def test_a_superuser_sees_it_as_on_the_members_page(badlands):
    root = UserFactory(username="root", is_superuser=True, is_staff=True)

    shown = api_as(root).get(f"/api/leagues/{badlands.pk}/").json()["invite_link"]

    assert (
        shown["url"]
        == f"https://dugout.example/invite/{invite_token(live_link(badlands))}/"
    )


def test_the_league_list_reads_the_links_in_one_query(badlands, settings):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    nelly = badlands.commissioner
    client = api_as(nelly)

    def queries() -> int:
        with CaptureQueriesContext(connection) as ctx:
            assert client.get("/api/leagues/").status_code == 200
        return len(ctx.captured_queries)

    one = queries()
    for name in ("Second", "Third"):
        client.post("/api/leagues/", {"name": name, "format": "sevens"}, format="json")

    assert queries() == one


# --- renewing the link through the API -------------------------------------------


def links(league: League) -> list[tuple[object, ...]]:
    return list(
        LeagueInvite.objects.filter(league=league)
        .order_by("pk")
        .values_list("pk", "max_uses", "revoked_at")
    )


def test_the_commissioner_renews_the_link_and_the_old_one_is_revoked(badlands):
    nelly = badlands.commissioner
    old = live_link(badlands)

    response = api_as(nelly).post(
        f"/api/leagues/{badlands.pk}/invite-link/",
        {"max_uses": 5, "days": 7},
        format="json",
    )

    assert response.status_code == 201
    new = live_link(badlands)
    assert new.pk != old.pk
    assert link_facts(new) == ("link", 5, 0, None, 7)
    old.refresh_from_db()
    assert old.revoked_at is not None
    shown = response.json()
    assert shown["url"] == f"https://dugout.example/invite/{invite_token(new)}/"
    assert (shown["uses"], shown["max_uses"]) == (0, 5)
    assert event_types(badlands) == ["invite_link_made", "invite_link_made"]


def test_a_renewed_link_takes_the_default_limits_or_none(badlands):
    nelly = badlands.commissioner
    client = api_as(nelly)
    url = f"/api/leagues/{badlands.pk}/invite-link/"

    assert client.post(url, {}, format="json").status_code == 201
    assert link_facts(live_link(badlands)) == ("link", LINK_USES, 0, None, LINK_DAYS)

    response = client.post(url, {"max_uses": None, "days": None}, format="json")
    assert response.status_code == 201
    invite = live_link(badlands)
    assert (invite.max_uses, invite.expires_at) == (None, None)
    assert (response.json()["max_uses"], response.json()["expires_at"]) == (None, None)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"max_uses": 0}, "max_uses"),
        ({"max_uses": 1001}, "max_uses"),
        ({"days": 366}, "days"),
        ({"days": "soon"}, "days"),
    ],
)
def test_a_renewal_out_of_bounds_is_refused_and_writes_nothing(badlands, body, field):
    before = (everything(), links(badlands), event_types(badlands))

    response = api_as(badlands.commissioner).post(
        f"/api/leagues/{badlands.pk}/invite-link/", body, format="json"
    )

    assert response.status_code == 400
    assert [e["field"] for e in response.json()["errors"]] == [field]
    assert (everything(), links(badlands), event_types(badlands)) == before


def test_a_renewal_with_both_limits_out_of_bounds_names_both(badlands):
    # only the first (max_uses) was named, where a refusal lists every
    # problem found
    before = (everything(), links(badlands), event_types(badlands))

    response = api_as(badlands.commissioner).post(
        f"/api/leagues/{badlands.pk}/invite-link/",
        {"max_uses": 0, "days": 366},
        format="json",
    )

    assert response.status_code == 400
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [
        ("out_of_range", "max_uses"),
        ("out_of_range", "days"),
    ]
    assert (everything(), links(badlands), event_types(badlands)) == before


def test_only_the_commissioner_renews_the_link(badlands):
    pete = verified("pete")
    before = (everything(), links(badlands), event_types(badlands))

    response = api_as(pete).post(
        f"/api/leagues/{badlands.pk}/invite-link/", {}, format="json"
    )

    assert response.status_code == 403
    assert (everything(), links(badlands), event_types(badlands)) == before
    assert (
        api_as(None)
        .post(f"/api/leagues/{badlands.pk}/invite-link/", {}, format="json")
        .status_code
        == 401
    )


def test_the_link_the_api_shows_is_the_sites_own_address_whatever_host_was_asked():
    # A commissioner reaching the API by another name (an internal address)
    # is shown the link others can open: SITE_URL's, not the request's host.
    nelly = verified("nelly")

    response = api_as(nelly).post(
        "/api/leagues/",
        {"name": "Badlands", "format": "sevens"},
        format="json",
        HTTP_HOST="10.0.0.5",
    )

    assert response.status_code == 201
    invite = live_link(League.objects.get(name="Badlands"))
    assert response.json()["invite_link"]["url"] == (
        f"{SITE}/invite/{invite_token(invite)}/"
    )
