"""Spending SPP on advancements: exact effects, the dice stored with them,
refusals that write nothing, and who may ask."""

import pytest
from django.db import transaction

from league.models import League, LeagueEvent, PendingAdvancement, Player, Team
from league.services.advancement import player_advance
from league.services.audit import league_seed
from tests.factories import draft_team
from tests.league.advancement_support import (
    everything,
    first_player,
    fix_seed,
    replay,
    seed_where,
)
from tests.league.conftest import api_as


@pytest.fixture
def lineman(charlie_humans, eleven):
    """Human Lineman #1 (Primary G, Secondary A and S) with 6 SPP, in a
    league whose dice seed is fixed."""
    fix_seed(eleven, 2020)
    player = first_player(charlie_humans)
    Player.objects.filter(pk=player.pk).update(spp=6, spp_earned=6)
    player.refresh_from_db()
    return player


def advance_url(player):
    return f"/api/players/{player.pk}/advancements/"


# --- what a player can buy -------------------------------------------------------


def test_the_menu_lists_what_the_player_can_afford_and_the_next_costs(client, lineman):
    body = client.get(advance_url(lineman)).json()

    assert body == {
        "player": lineman.pk,
        "spp": 6,
        "advancements": 0,
        "spp_tracked": True,
        "level": "Rookie",
        "next_level": "Experienced",
        "must_spend": False,
        "costs": {
            "random_primary": 3,
            "chosen_primary": 6,
            "random_secondary": 6,
            "chosen_secondary": 12,
            "characteristic": 18,
        },
        "options": [
            {
                "kind": "random_primary",
                "category": "general",
                "spp_cost": 3,
                "value_increase": 10_000,
            },
            {
                "kind": "chosen_primary",
                "category": "general",
                "spp_cost": 6,
                "value_increase": 20_000,
            },
            {
                "kind": "random_secondary",
                "category": "agility",
                "spp_cost": 6,
                "value_increase": 20_000,
            },
            {
                "kind": "random_secondary",
                "category": "strength",
                "spp_cost": 6,
                "value_increase": 20_000,
            },
        ],
        "pending": None,
    }


def test_the_second_advancement_costs_more_and_18_spp_must_be_spent(client, lineman):
    Player.objects.filter(pk=lineman.pk).update(spp=20, advancements=1)

    body = client.get(advance_url(lineman)).json()

    assert (body["level"], body["next_level"], body["must_spend"]) == (
        "Experienced",
        "Veteran",
        True,
    )
    assert body["costs"]["random_primary"] == 4
    assert body["costs"]["characteristic"] == 20
    assert len(body["options"]) == 7  # everything: 2 + 2x2 + characteristic


def test_a_legend_has_nothing_left_to_buy(client, lineman):
    Player.objects.filter(pk=lineman.pk).update(spp=100, advancements=6)

    body = client.get(advance_url(lineman)).json()

    assert (body["level"], body["next_level"], body["costs"], body["options"]) == (
        "Legend",
        None,
        None,
        [],
    )


def test_an_unknown_player_is_404(client, db):
    assert client.get("/api/players/999999/advancements/").status_code == 404


# --- spending SPP ------------------------------------------------------------------


def test_a_chosen_primary_skill_is_added_and_paid_for(charlie, lineman):
    # when the coach buys Block as a chosen Primary skill
    response = api_as(charlie).post(
        advance_url(lineman),
        {"kind": "chosen_primary", "category": "general", "skill": "block"},
        format="json",
    )

    # then the player has it, 6 SPP are spent and the value rises by 20k
    assert response.status_code == 201
    body = response.json()
    assert body["skill"] == {"skill": "block", "param": None}
    assert (body["spp_spent"], body["value_increase"], body["level"]) == (
        6,
        20_000,
        "Experienced",
    )
    assert body["dice"] == []
    lineman.refresh_from_db()
    assert lineman.gained_skills == [{"skill": "block", "param": None}]
    assert (lineman.spp, lineman.spp_earned, lineman.advancements, lineman.value) == (
        0,
        6,
        1,
        70_000,
    )
    assert {"skill": "block", "param": None, "gained": True} in body["player"]["skills"]
    event = LeagueEvent.objects.get()
    assert body["event"] == event.pk
    assert (event.type, event.team_id, event.player_id, event.created_by) == (
        "advancement",
        lineman.team_id,
        lineman.pk,
        charlie,
    )
    assert event.payload["skill"] == {"skill": "block", "param": None}
    assert (event.payload["spp_spent"], event.payload["spp_after"]) == (6, 0)
    assert event.payload["value_after"] == 70_000


def test_a_plus_x_skill_is_gained_at_plus_1(charlie, lineman):
    Player.objects.filter(pk=lineman.pk).update(spp=12)

    response = api_as(charlie).post(
        advance_url(lineman),
        {"kind": "chosen_secondary", "category": "S", "skill": "mighty-blow"},
        format="json",
    )

    assert response.status_code == 201
    lineman.refresh_from_db()
    assert lineman.gained_skills == [{"skill": "mighty-blow", "param": "+1"}]
    assert (lineman.spp, lineman.value) == (0, 90_000)


def test_a_random_primary_skill_is_rolled_from_the_leagues_seed(
    charlie, eleven, lineman
):
    # given the league's dice will roll 5 then 3 for this advancement
    seed_where(eleven, lineman, "random_primary", (6, 5), (6, 3))

    # when the coach buys a random General skill
    response = api_as(charlie).post(
        advance_url(lineman),
        {"kind": "random_primary", "category": "general"},
        format="json",
    )

    # then 5 (4-6: second half) and 3 give Strip Ball on the General table
    assert response.status_code == 201
    body = response.json()
    assert body["dice"] == [
        {"purpose": "skill_first", "sides": 6, "result": 5},
        {"purpose": "skill_second", "sides": 6, "result": 3},
    ]
    assert body["skill"] == {"skill": "strip-ball", "param": None}
    lineman.refresh_from_db()
    assert (lineman.spp, lineman.value, lineman.advancements) == (3, 60_000, 1)
    assert lineman.gained_skills == [{"skill": "strip-ball", "param": None}]
    event = LeagueEvent.objects.get()
    assert event.payload["dice"] == body["dice"]
    assert event.payload["seed"] == league_seed(
        eleven, "advancement", lineman.pk, 0, "random_primary"
    )
    assert replay(event.payload["seed"], body["dice"]) == body["dice"]


def test_a_retried_advancement_rolls_the_same_dice(lineman):
    # given an advancement that was rolled and then rolled back (a crash)
    rolled = []

    @transaction.atomic
    def advance_then_crash():
        rolled.append(
            player_advance(
                player_id=lineman.pk, kind="random_secondary", category="agility"
            )
        )
        raise RuntimeError("crash after the roll")

    with pytest.raises(RuntimeError):
        advance_then_crash()
    (first,) = rolled
    assert LeagueEvent.objects.count() == 0

    # when it is asked for again
    second = player_advance(
        player_id=lineman.pk, kind="random_secondary", category="agility"
    )

    # then the same dice give the same skill
    assert second.result.rolls == first.result.rolls
    assert second.result.skill == first.result.skill
    assert second.player.gained_skills == [
        {"skill": first.result.skill.skill, "param": first.result.skill.param}
    ]


def choice_url(player):
    return f"/api/players/{player.pk}/advancements/pending/"


def test_a_characteristic_improvement_is_paid_rolled_then_chosen(
    charlie, eleven, lineman
):
    # given 18 SPP and a D16 that will roll 4 (MA or AV)
    Player.objects.filter(pk=lineman.pk).update(spp=18)
    seed_where(eleven, lineman, "characteristic", (16, 4))

    # when the coach asks without saying what to improve
    first = api_as(charlie).post(
        advance_url(lineman), {"kind": "characteristic"}, format="json"
    )

    # then post-game_sequence.md "Characteristic Improvements": "reduce the
    # player's SPP by the amount shown on the Advancements table, roll D16":
    # the 18 SPP are spent, the D16 is rolled and kept, and the answer says
    # what the roll allows (1-7: MA or AV, or a Secondary skill: the Human
    # Lineman's Agility and Strength)
    assert first.status_code == 202
    body = first.json()
    roll_event = LeagueEvent.objects.get()
    assert {k: v for k, v in body.items() if k not in ("player", "created_at")} == {
        "kind": "characteristic",
        "category": None,
        "spp_spent": 18,
        "dice": [{"purpose": "characteristic_improvement", "sides": 16, "result": 4}],
        "skills": [],
        "characteristics": ["ma", "av"],
        "skill_categories": ["agility", "strength"],
        "message": "the D16 rolled 4: choose MA, AV, or a Secondary skill as "
        "'skill' instead",
        "event": roll_event.pk,
    }
    assert (body["player"]["spp"], body["player"]["av"]) == (0, 9)
    lineman.refresh_from_db()
    assert (lineman.spp, lineman.advancements, lineman.value, lineman.av) == (
        0,
        0,
        50_000,
        9,
    )
    assert roll_event.type == "advancement_rolled"
    assert roll_event.payload["dice"] == body["dice"]
    assert roll_event.payload["seed"] == league_seed(
        eleven, "advancement", lineman.pk, 0, "characteristic"
    )
    assert client_menu(lineman)["pending"]["characteristics"] == ["ma", "av"]
    before = everything()

    # when the coach picks something the roll does not offer
    wrong = api_as(charlie).post(
        choice_url(lineman), {"characteristic": "st"}, format="json"
    )
    assert wrong.status_code == 400
    assert wrong.json()["errors"] == [
        {
            "code": "characteristic_not_allowed",
            "field": "characteristic",
            "message": "the D16 rolled 4: choose MA, AV, or a Secondary skill as "
            "'skill' instead",
        }
    ]
    assert everything() == before

    # when the coach picks AV from the roll (preference order)
    response = api_as(charlie).post(
        choice_url(lineman), {"characteristic": ["ag", "av"]}, format="json"
    )

    # then AV 9+ becomes 10+, +10k value, the 18 SPP spent with the roll
    assert response.status_code == 201
    body = response.json()
    assert body["dice"] == [
        {"purpose": "characteristic_improvement", "sides": 16, "result": 4}
    ]
    assert (body["characteristic"], body["value_increase"], body["spp_spent"]) == (
        "av",
        10_000,
        18,
    )
    lineman.refresh_from_db()
    assert (
        lineman.av,
        lineman.improvements,
        lineman.spp,
        lineman.value,
        lineman.advancements,
    ) == (10, {"av": 1}, 0, 60_000, 1)
    assert body["player"]["av"] == 10
    taken = LeagueEvent.objects.get(type="advancement")
    assert (taken.payload["rolled_event"], taken.payload["spp_after"]) == (
        roll_event.pk,
        0,
    )
    assert not PendingAdvancement.objects.exists()
    assert client_menu(lineman)["pending"] is None


def client_menu(player):
    return api_as(None).get(advance_url(player)).json()


def test_a_characteristic_preference_the_roll_allows_is_taken_at_once(
    charlie, eleven, lineman
):
    # given a D16 of 4 (MA or AV), the coach prefers AG, then AV
    Player.objects.filter(pk=lineman.pk).update(spp=18)
    seed_where(eleven, lineman, "characteristic", (16, 4))

    response = api_as(charlie).post(
        advance_url(lineman),
        {"kind": "characteristic", "characteristic": ["ag", "av"]},
        format="json",
    )

    # then AV is taken: no choice is left to make
    assert response.status_code == 201
    assert response.json()["characteristic"] == "av"
    assert not PendingAdvancement.objects.exists()
    lineman.refresh_from_db()
    assert (lineman.av, lineman.spp, lineman.advancements) == (10, 0, 1)


def test_a_characteristic_is_improved_at_most_twice(charlie, eleven, lineman):
    # given AV improved twice already and a D16 of 4 (MA or AV)
    Player.objects.filter(pk=lineman.pk).update(
        spp=30, advancements=2, av=11, improvements={"av": 2}
    )
    lineman.refresh_from_db()
    seed_where(eleven, lineman, "characteristic", (16, 4))

    # when the coach asks for AV
    response = api_as(charlie).post(
        advance_url(lineman),
        {"kind": "characteristic", "characteristic": "av"},
        format="json",
    )

    # then the roll stands (Emerging Star: 24 SPP) and offers MA alone
    assert response.status_code == 202
    assert response.json()["characteristics"] == ["ma"]
    assert response.json()["message"] == (
        "the D16 rolled 4: choose MA, or a Secondary skill as 'skill' instead"
    )
    lineman.refresh_from_db()
    assert (lineman.spp, lineman.av, lineman.advancements) == (6, 11, 2)
    before = everything()

    # and AV is refused from it, writing nothing
    again = api_as(charlie).post(
        choice_url(lineman), {"characteristic": "av"}, format="json"
    )
    assert again.status_code == 400
    assert [(e["code"], e["field"]) for e in again.json()["errors"]] == [
        ("characteristic_not_allowed", "characteristic")
    ]
    assert everything() == before


def test_a_characteristic_roll_can_be_taken_as_a_chosen_secondary_skill(
    charlie, lineman
):
    Player.objects.filter(pk=lineman.pk).update(spp=18)

    response = api_as(charlie).post(
        advance_url(lineman),
        {"kind": "characteristic", "skill": "guard"},
        format="json",
    )

    assert response.status_code == 201
    lineman.refresh_from_db()
    assert lineman.gained_skills == [{"skill": "guard", "param": None}]
    assert (lineman.spp, lineman.value, lineman.av) == (0, 90_000, 9)


def test_the_commissioner_may_advance_any_player_of_the_league(alice, lineman):
    response = api_as(alice).post(
        advance_url(lineman),
        {"kind": "chosen_primary", "category": "general", "skill": "tackle"},
        format="json",
    )

    assert response.status_code == 201
    assert LeagueEvent.objects.get().created_by == alice


def test_a_sevens_league_with_spp_uses_the_same_table(sevens, bob):
    League.objects.filter(pk=sevens.pk).update(sevens_spp=True)
    team = draft_team(sevens, bob, roster="orc", name="Da Boyz")
    orc = first_player(team)
    Player.objects.filter(pk=orc.pk).update(spp=6)

    response = api_as(bob).post(
        advance_url(orc),
        {"kind": "chosen_primary", "category": "G", "skill": "block"},
        format="json",
    )

    assert response.status_code == 201
    orc.refresh_from_db()
    assert (orc.spp, orc.value, orc.gained_skills) == (
        0,
        70_000,
        [{"skill": "block", "param": None}],
    )


@pytest.mark.parametrize(
    ("setup", "request_body", "code", "field"),
    [
        (
            {"spp": 2},
            {"kind": "random_primary", "category": "general"},
            "not_enough_spp",
            "kind",
        ),
        (
            {},
            {"kind": "chosen_primary", "category": "general", "skill": "mighty-blow"},
            "skill_category_not_allowed",
            "skill",
        ),
        (
            {"gained_skills": [{"skill": "block", "param": None}]},
            {"kind": "chosen_primary", "category": "general", "skill": "block"},
            "skill_already_known",
            "skill",
        ),
        (
            {},
            {"kind": "chosen_primary", "category": "general", "skill": "flying"},
            "unknown_skill",
            "skill",
        ),
        (
            {},
            {"kind": "chosen_primary", "category": "general"},
            "skill_required",
            "skill",
        ),
        (
            {},
            {"kind": "random_primary", "category": "strength"},
            "category_not_allowed",
            "category",
        ),
        (
            {},
            {"kind": "random_primary", "category": "cooking"},
            "unknown_skill_category",
            "category",
        ),
        ({}, {"kind": "random_primary"}, "required", "category"),
        (
            {"status": "fired"},
            {"kind": "random_primary", "category": "general"},
            "player_not_on_roster",
            "player",
        ),
        (
            {"status": "dead"},
            {"kind": "random_primary", "category": "general"},
            "player_not_on_roster",
            "player",
        ),
        (
            {"advancements": 6, "spp": 60},
            {"kind": "random_primary", "category": "general"},
            "max_advancements",
            "kind",
        ),
    ],
)
def test_refused_advancements_write_nothing(
    charlie, lineman, setup, request_body, code, field
):
    Player.objects.filter(pk=lineman.pk).update(**setup)
    before = everything()

    response = api_as(charlie).post(advance_url(lineman), request_body, format="json")

    assert response.status_code == 400
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [
        (code, field)
    ]
    assert everything() == before


def test_no_advancement_while_the_team_is_playing(charlie, lineman, charlie_humans):
    Team.objects.filter(pk=charlie_humans.pk).update(status=Team.Status.PLAYING)
    before = everything()

    response = api_as(charlie).post(
        advance_url(lineman),
        {"kind": "random_primary", "category": "general"},
        format="json",
    )

    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "team_busy"
    assert everything() == before


def test_a_sevens_league_without_spp_refuses_spp_advancements(client, bob, bob_orcs):
    orc = first_player(bob_orcs)
    Player.objects.filter(pk=orc.pk).update(spp=6)
    before = everything()

    response = api_as(bob).post(
        advance_url(orc), {"kind": "random_primary", "category": "G"}, format="json"
    )

    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "spp_not_tracked"
    assert everything() == before
    menu = client.get(advance_url(orc)).json()
    assert (menu["spp_tracked"], menu["options"], menu["costs"]) == (False, [], None)


@pytest.mark.parametrize("who", ["bob", "dave", None])
def test_only_the_coach_or_the_commissioner_may_advance(request, lineman, who):
    user = request.getfixturevalue(who) if who else None
    before = everything()

    response = api_as(user).post(
        advance_url(lineman),
        {"kind": "random_primary", "category": "general"},
        format="json",
    )

    assert response.status_code in ((401, 403) if user is None else (403,))
    assert everything() == before
