"""The membership endpoints, each against every actor: anonymous, a
stranger (Dave), a member (Bob), an invited coach (Erin) and the
commissioner (Alice). Every refusal leaves the database as it was."""

import pytest

from league.models import League, LeagueEvent, LeagueMembership, Team
from league.services.membership import (
    league_set_open,
    membership_invite,
    membership_request,
)
from tests.factories import UserFactory
from tests.league.conftest import api_as, db_snapshot

ACTORS = ["anonymous", "stranger", "member", "invited", "commissioner"]


def state():
    return (
        db_snapshot(),
        list(
            LeagueMembership.objects.order_by("pk").values_list(
                "pk", "league_id", "coach_id", "status"
            )
        ),
        list(LeagueEvent.objects.order_by("pk").values_list("pk", "type")),
        list(League.objects.order_by("pk").values_list("pk", "is_open")),
    )


@pytest.fixture
def world(sevens, alice, bob, charlie, dave):
    """Sevens Cup, open: Bob and Charlie are members, Erin is invited, Gina
    has asked to join, Dave is a stranger."""
    erin, gina = UserFactory(username="erin"), UserFactory(username="gina")
    league_set_open(league_id=sevens.pk, is_open=True, actor=alice)
    membership_invite(league_id=sevens.pk, username="erin", actor=alice)
    membership_request(league_id=sevens.pk, actor=gina)
    return {
        "league": sevens,
        "anonymous": None,
        "stranger": dave,
        "member": bob,
        "invited": erin,
        "commissioner": alice,
        "charlie": charlie,
        "gina": gina,
    }


def _url(world, template):
    return template.format(
        league=world["league"].pk,
        charlie=world["charlie"].pk,
        gina=world["gina"].pk,
    )


COMMISSIONER_ONLY = {
    "invite": ("post", "/api/leagues/{league}/members/", {"username": "frank"}, 201),
    "remove": ("delete", "/api/leagues/{league}/members/{charlie}/", None, 204),
    "approve": ("post", "/api/leagues/{league}/requests/{gina}/approve/", None, 200),
    "decline request": (
        "post",
        "/api/leagues/{league}/requests/{gina}/decline/",
        None,
        200,
    ),
    "open": ("post", "/api/leagues/{league}/open/", {"open": False}, 200),
}


@pytest.mark.parametrize("endpoint", COMMISSIONER_ONLY)
@pytest.mark.parametrize("who", ACTORS)
def test_commissioner_endpoints_by_actor(world, endpoint, who):
    UserFactory(username="frank")
    method, template, body, ok = COMMISSIONER_ONLY[endpoint]
    before = state()

    response = getattr(api_as(world[who]), method)(
        _url(world, template), body, format="json"
    )

    if who == "commissioner":
        assert response.status_code == ok, response.content
        assert state() != before
        return
    expected = (401, 403) if who == "anonymous" else (403,)
    assert response.status_code in expected
    assert response.json()["errors"][0]["field"] is None
    assert state() == before


# the coach's own endpoints: what each actor gets
COACH_ENDPOINTS = {
    "join": (
        "/api/leagues/{league}/join/",
        {
            "stranger": (201, "requested"),
            "member": (400, "already_member"),
            "invited": (400, "invitation_pending"),
            "commissioner": (400, "already_member"),
        },
    ),
    "accept": (
        "/api/leagues/{league}/invitation/accept/",
        {
            "stranger": (400, "no_invitation"),
            "member": (400, "already_member"),
            "invited": (200, "member"),
            "commissioner": (400, "no_invitation"),
        },
    ),
    "decline": (
        "/api/leagues/{league}/invitation/decline/",
        {
            "stranger": (400, "no_invitation"),
            "member": (400, "already_member"),
            "invited": (200, "declined"),
            "commissioner": (400, "no_invitation"),
        },
    ),
}


@pytest.mark.parametrize("endpoint", COACH_ENDPOINTS)
@pytest.mark.parametrize("who", ACTORS)
def test_coach_endpoints_by_actor(world, endpoint, who):
    template, outcomes = COACH_ENDPOINTS[endpoint]
    before = state()

    response = api_as(world[who]).post(_url(world, template), format="json")

    if who == "anonymous":
        assert response.status_code in (401, 403)
        assert state() == before
        return
    code, what = outcomes[who]
    assert response.status_code == code, response.content
    if code == 400:
        assert [e["code"] for e in response.json()["errors"]] == [what]
        assert state() == before
    else:
        body = response.json()
        assert (body["coach"], body["status"]) == (world[who].pk, what)
        assert (
            LeagueMembership.objects.get(
                league=world["league"], coach=world[who]
            ).status
            == what
        )


@pytest.mark.parametrize("who", ACTORS)
def test_everyone_reads_the_members(world, who):
    response = api_as(world[who]).get(f"/api/leagues/{world['league'].pk}/members/")

    assert response.status_code == 200
    rows = [(r["coach_name"], r["status"]) for r in response.json()["results"]]
    assert rows == [
        ("bob", "member"),
        ("charlie", "member"),
        ("erin", "invited"),
        ("gina", "requested"),
    ]
    requested = api_as(world[who]).get(
        f"/api/leagues/{world['league'].pk}/members/?status=requested"
    )
    assert [r["coach_name"] for r in requested.json()["results"]] == ["gina"]


# --- drafting: who may, through the API ---------------------------------------

DRAFT = {
    "name": "Da Boyz",
    "roster": "orc",
    "players": [{"position": "orc-lineman", "name": f"Ug {i}"} for i in range(7)],
}


@pytest.mark.parametrize(
    ("who", "ok"),
    [
        ("anonymous", False),
        ("stranger", False),
        ("invited", False),
        ("member", True),
        ("commissioner", True),
    ],
)
def test_only_members_and_the_commissioner_draft_through_the_api(world, who, ok):
    before = state()

    response = api_as(world[who]).post(
        "/api/teams/", {**DRAFT, "league": world["league"].pk}, format="json"
    )

    if ok:
        assert response.status_code == 201, response.content
        assert Team.objects.get(name="Da Boyz").coach == world[who]
        return
    if who == "anonymous":
        assert response.status_code in (401, 403)
    else:
        assert response.status_code == 400
        assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [
            ("not_a_member", "league")
        ]
    assert state() == before


# --- the flows, end to end --------------------------------------------------------


def test_invite_accept_then_draft(sevens, alice, dave):
    invited = api_as(alice).post(
        f"/api/leagues/{sevens.pk}/members/", {"username": "dave"}, format="json"
    )
    accepted = api_as(dave).post(f"/api/leagues/{sevens.pk}/invitation/accept/")
    drafted = api_as(dave).post(
        "/api/teams/", {**DRAFT, "league": sevens.pk}, format="json"
    )

    assert invited.status_code == 201
    assert (invited.json()["coach_name"], invited.json()["status"]) == (
        "dave",
        "invited",
    )
    assert accepted.json()["status"] == "member"
    assert drafted.status_code == 201
    log = api_as(None).get(f"/api/leagues/{sevens.pk}/events/").json()["results"]
    assert [(e["type"], e["created_by"]) for e in log[:2]] == [
        ("invitation_accepted", "dave"),
        ("member_invited", "alice"),
    ]


def test_a_closed_league_refuses_requests_until_opened(sevens, alice, dave):
    before = state()
    closed = api_as(dave).post(f"/api/leagues/{sevens.pk}/join/")
    assert closed.status_code == 400
    assert closed.json()["errors"][0]["code"] == "league_closed"
    assert state() == before

    opened = api_as(alice).post(f"/api/leagues/{sevens.pk}/open/")
    asked = api_as(dave).post(f"/api/leagues/{sevens.pk}/join/")
    approved = api_as(alice).post(
        f"/api/leagues/{sevens.pk}/requests/{dave.pk}/approve/"
    )

    assert opened.status_code == 200
    assert opened.json()["is_open"] is True
    assert asked.status_code == 201
    assert approved.json()["status"] == "member"
    assert api_as(None).get(f"/api/leagues/{sevens.pk}/").json()["is_open"] is True


def test_refusals_are_400s_in_the_error_shape(world):
    alice, league = world["commissioner"], world["league"]
    before = state()

    unknown = api_as(alice).post(
        f"/api/leagues/{league.pk}/members/", {"username": "nobody"}, format="json"
    )
    blank = api_as(alice).post(
        f"/api/leagues/{league.pk}/members/", {"username": ""}, format="json"
    )
    not_member = api_as(alice).delete(
        f"/api/leagues/{league.pk}/members/{world['stranger'].pk}/"
    )
    no_request = api_as(alice).post(
        f"/api/leagues/{league.pk}/requests/{world['member'].pk}/approve/"
    )

    assert unknown.status_code == 400
    assert unknown.json() == {
        "errors": [
            {
                "code": "unknown_user",
                "field": "username",
                "message": "there is no coach called 'nobody'",
            }
        ]
    }
    assert [(e["code"], e["field"]) for e in blank.json()["errors"]] == [
        ("blank", "username")
    ]
    assert [(e["code"], e["field"]) for e in not_member.json()["errors"]] == [
        ("not_a_member", "coach")
    ]
    assert [(e["code"], e["field"]) for e in no_request.json()["errors"]] == [
        ("no_request", "coach")
    ]
    assert state() == before


@pytest.mark.parametrize(
    ("method", "url"),
    [
        ("get", "/api/leagues/999/members/"),
        ("post", "/api/leagues/999/members/"),
        ("delete", "/api/leagues/999/members/1/"),
        ("post", "/api/leagues/999/join/"),
        ("post", "/api/leagues/999/invitation/accept/"),
        ("post", "/api/leagues/999/invitation/decline/"),
        ("post", "/api/leagues/999/requests/1/approve/"),
        ("post", "/api/leagues/999/requests/1/decline/"),
        ("post", "/api/leagues/999/open/"),
    ],
)
def test_an_unknown_league_is_404(db, bob, method, url):
    # (only the invitation takes a body; the others refuse any field)
    body = {"username": "x"} if url.endswith("/members/") else None
    response = getattr(api_as(bob), method)(url, body, format="json")
    assert response.status_code == 404
