"""Dice-rolled advancements are binding, as at the table: the first request
spends the SPP and keeps the roll for the coach's choice; until he chooses
the player takes no other advancement, and the dice are never shown again
for another category or kind (post-game_sequence.md "Characteristic
Improvements": "reduce the player's SPP ... roll D16"; BB2025 tables.md
"Advancement costs": "pick the category, roll twice ..., choose one")."""

import pytest

from league.models import LeagueEvent, PendingAdvancement, Player, Team
from league.services.leagues import league_create
from league.services.teams import PlayerRequest, team_draft
from tests.factories import make_member
from tests.league.advancement_support import everything, seed_where
from tests.world import api_as

pytestmark = pytest.mark.django_db


def _blitzer(alice, bob, spp):
    """A BB2025 Human Blitzer (Primary General and Strength) with ``spp``."""
    league = league_create(commissioner=alice, name="Binding Cup", format="bb2025")
    make_member(league, bob)
    team = team_draft(
        league=league,
        coach=bob,
        name="Binding Reavers",
        roster="human",
        players=[PlayerRequest("human-blitzer", "Blitzer")]
        + [PlayerRequest("human-lineman", f"L{i}") for i in range(10)],
    )
    player = team.players.get(position="human-blitzer")
    Player.objects.filter(pk=player.pk).update(spp=spp, spp_earned=spp)
    player.refresh_from_db()
    return player


def _url(player, tail=""):
    return f"/api/players/{player.pk}/advancements/{tail}"


@pytest.fixture
def rolled(alice, bob):
    """The Blitzer (20 SPP) asked for a random General skill: dice 2, 2
    (Dauntless) then 1, 4 (Frenzy) on tables.md's General table."""
    player = _blitzer(alice, bob, 20)
    seed_where(
        player.team.league,
        player,
        "random_primary",
        (6, 2),
        (6, 2),
        (6, 1),
        (6, 4),
    )
    response = api_as(bob).post(
        _url(player), {"kind": "random_primary", "category": "general"}, format="json"
    )
    assert response.status_code == 202, response.json()
    player.refresh_from_db()
    return player


def test_the_first_request_spends_the_spp_and_keeps_the_roll(bob, rolled):
    # tables.md "Advancement costs": a first random Primary skill, 3 SPP
    assert (rolled.spp, rolled.advancements, rolled.gained_skills) == (17, 0, [])
    pending = PendingAdvancement.objects.get(player=rolled)
    assert (pending.kind, pending.category, pending.spp_spent) == (
        "random_primary",
        "general",
        3,
    )
    assert pending.skills_rolled == [
        {"skill": "dauntless", "param": None},
        {"skill": "frenzy", "param": None},
    ]
    assert [d["result"] for d in pending.dice] == [2, 2, 1, 4]
    assert pending.event.type == "advancement_rolled"


@pytest.mark.parametrize(
    "ask",
    [
        # the same request again: the dice once more
        {"kind": "random_primary", "category": "general"},
        # the same dice read on another category's table
        {"kind": "random_primary", "category": "strength"},
        # another kind of dice
        {"kind": "characteristic"},
        {"kind": "characteristic", "characteristic": ["st", "ag"]},
        # no dice at all
        {"kind": "chosen_primary", "category": "general", "skill": "block"},
        # even naming a skill the dice rolled
        {"kind": "random_primary", "category": "general", "skill": "frenzy"},
    ],
)
def test_the_dice_cannot_be_seen_again_for_another_category_or_kind(bob, rolled, ask):
    before = everything()

    response = api_as(bob).post(_url(rolled), ask, format="json")

    assert response.status_code == 400
    assert response.json() == {
        "errors": [
            {
                "code": "advancement_pending",
                "field": "player",
                "message": f"#{rolled.number} Blitzer rolled a random primary "
                "advancement and it waits for the coach's choice: choose among "
                "the dice first",
            }
        ]
    }
    assert everything() == before


def test_the_roll_is_resolved_once_and_the_next_advancement_rolls_anew(bob, rolled):
    kept = api_as(bob).post(
        _url(rolled, "pending/"), {"skill": "dauntless"}, format="json"
    )
    assert kept.status_code == 201, kept.json()
    before = everything()

    # the roll is gone: nothing to choose any more
    again = api_as(bob).post(
        _url(rolled, "pending/"), {"skill": "frenzy"}, format="json"
    )
    assert again.status_code == 400
    assert [(e["code"], e["field"]) for e in again.json()["errors"]] == [
        ("no_pending_advancement", "player")
    ]
    assert everything() == before

    # and a Veteran's random Strength skill (4 SPP) rolls its own dice
    nxt = api_as(bob).post(
        _url(rolled), {"kind": "random_primary", "category": "strength"}, format="json"
    )
    assert nxt.status_code in (201, 202)
    rolled.refresh_from_db()
    assert rolled.spp == 20 - 3 - 4


def test_no_roll_to_choose_from_is_refused(alice, bob):
    player = _blitzer(alice, bob, 20)
    before = everything()

    response = api_as(bob).post(
        _url(player, "pending/"), {"skill": "block"}, format="json"
    )

    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "no_pending_advancement"
    assert everything() == before


@pytest.mark.parametrize("who", ["charlie", None])
def test_only_the_coach_or_the_commissioner_may_choose(request, rolled, who):
    user = request.getfixturevalue(who) if who else None
    before = everything()

    response = api_as(user).post(
        _url(rolled, "pending/"), {"skill": "frenzy"}, format="json"
    )

    assert response.status_code in ((401, 403) if user is None else (403,))
    assert everything() == before


def test_the_commissioner_may_choose(alice, rolled):
    response = api_as(alice).post(
        _url(rolled, "pending/"), {"skill": "frenzy"}, format="json"
    )

    assert response.status_code == 201
    assert LeagueEvent.objects.get(type="advancement").created_by == alice


def test_no_choice_while_the_team_is_playing(bob, rolled):
    Team.objects.filter(pk=rolled.team_id).update(status=Team.Status.PLAYING)
    before = everything()

    response = api_as(bob).post(
        _url(rolled, "pending/"), {"skill": "frenzy"}, format="json"
    )

    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "team_busy"
    assert everything() == before


def test_a_choice_with_an_unknown_field_is_refused(bob, rolled):
    before = everything()

    response = api_as(bob).post(
        _url(rolled, "pending/"), {"kind": "random_primary"}, format="json"
    )

    assert response.status_code == 400
    assert everything() == before


def test_a_fallback_skill_is_checked_before_the_die_tells_anything(alice, bob):
    """A characteristic request naming a skill the player cannot take is
    refused the same way whatever the die would roll: the die is rolled
    only once the request can stand."""
    # given the D8 will roll 6 (AG or MA, tables.md 12)
    player = _blitzer(alice, bob, 14)
    seed_where(player.team.league, player, "characteristic", (8, 6))
    before = everything()

    answers = [
        api_as(bob).post(
            _url(player),
            {"kind": "characteristic", "characteristic": c, "skill": "flying"},
            format="json",
        )
        for c in ("ma", "st")
    ]

    assert [a.status_code for a in answers] == [400, 400]
    assert answers[0].json() == answers[1].json()
    assert [(e["code"], e["field"]) for e in answers[0].json()["errors"]] == [
        ("unknown_skill", "skill")
    ]
    assert everything() == before
