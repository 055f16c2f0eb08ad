"""A Blood Bowl 2025 player's advancement menu prices only the kinds of
advancement the edition has: tables.md "Advancement costs" has no random
Secondary skill (DECIDE 20), so the menu names none and offers none; a
random skill is rolled twice and the coach keeps one of the two."""

import pytest

from league.models import LeagueEvent, Player
from league.services.leagues import league_create
from league.services.teams import PlayerRequest, team_draft
from tests.factories import make_member
from tests.league.advancement_support import everything, seed_where
from tests.world import api_as

pytestmark = pytest.mark.django_db


def test_the_menu_prices_no_random_secondary(alice, bob):
    # enough for every kind: a chosen Secondary costs 10, a characteristic 14
    player = _lineman_with_spp(alice, bob, 14)
    menu = api_as(None).get(f"/api/players/{player.pk}/advancements/").json()
    # tables.md "Advancement costs", Experienced: 3, 6, 10, 14
    assert menu["costs"] == {
        "random_primary": 3,
        "chosen_primary": 6,
        "chosen_secondary": 10,
        "characteristic": 14,
    }
    kinds = {option["kind"] for option in menu["options"]}
    assert kinds == {
        "random_primary",
        "chosen_primary",
        "chosen_secondary",
        "characteristic",
    }


def _lineman_with_spp(alice, bob, spp):
    league = league_create(commissioner=alice, name="Menu Cup", format="bb2025")
    make_member(league, bob)
    team = team_draft(
        league=league,
        coach=bob,
        name="Menu Reavers",
        roster="human",
        players=[PlayerRequest("human-lineman", f"L{i}") for i in range(11)],
    )
    player = team.players.order_by("number").first()
    assert player is not None
    Player.objects.filter(pk=player.pk).update(spp=spp, spp_earned=spp)
    return player


def test_a_characteristic_roll_may_be_taken_as_a_primary_skill(alice, bob):
    """tables.md "Characteristic improvement (D8)": "Instead of the rolled
    options the player may take a Primary or Secondary skill"."""
    player = _lineman_with_spp(alice, bob, 14)

    response = api_as(bob).post(
        f"/api/players/{player.pk}/advancements/",
        {"kind": "characteristic", "skill": "block"},
        format="json",
    )

    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["skill"], body["spp_spent"]) == ({"skill": "block", "param": None}, 14)
    # a Primary skill +20,000, Block an Elite skill +10,000 on top
    assert body["value_increase"] == 30_000
    assert (body["player"]["spp"], body["player"]["value"]) == (0, 80_000)


def test_the_characteristic_roll_offers_a_primary_or_secondary_skill(alice, bob):
    """tables.md "Characteristic improvement (D8)": "Instead of the rolled
    options the player may take a Primary or Secondary skill"."""
    player = _lineman_with_spp(alice, bob, 14)

    response = api_as(bob).post(
        f"/api/players/{player.pk}/advancements/",
        {"kind": "characteristic"},
        format="json",
    )

    # the roll stands, the 14 SPP are spent; the Human Lineman's Primary
    # (General) and Secondary (Agility, Devious, Strength) categories
    assert response.status_code == 202
    body = response.json()
    assert (body["spp_spent"], body["player"]["spp"]) == (14, 0)
    assert body["skill_categories"] == ["general", "agility", "devious", "strength"]
    assert body["message"].endswith(
        "or a Primary or Secondary skill as 'skill' instead"
    )


def test_a_random_secondary_is_refused_as_not_in_the_format(alice, bob):
    """The refusal names the kind, not the category: a Human Lineman has
    Secondary access to Strength, the edition has no random Secondary."""
    player = _lineman_with_spp(alice, bob, 14)
    before = everything()

    response = api_as(bob).post(
        f"/api/players/{player.pk}/advancements/",
        {"kind": "random_secondary", "category": "strength"},
        format="json",
    )

    assert response.status_code == 400
    assert response.json()["errors"] == [
        {
            "code": "not_in_format",
            "field": "kind",
            "message": "Blood Bowl (2025) has no random secondary advancement",
        }
    ]
    assert everything() == before


def test_a_random_skill_rolls_twice_and_the_coach_keeps_one(alice, bob):
    """tables.md "Advancement costs": "roll twice on the 2D6 table ...,
    choose one of the two"."""
    # given a Human Lineman (General Primary) with the 3 SPP of a random
    # Primary skill, whose dice roll 2 then 2 (Dauntless) and 1 then 4
    # (Frenzy) on the General table (tables.md 17)
    player = _lineman_with_spp(alice, bob, 3)
    league = player.team.league
    seed_where(league, player, "random_primary", (6, 2), (6, 2), (6, 1), (6, 4))
    url = f"/api/players/{player.pk}/advancements/"
    choose = f"/api/players/{player.pk}/advancements/pending/"

    # when the coach asks for the random General skill
    rolled = api_as(bob).post(
        url, {"kind": "random_primary", "category": "general"}, format="json"
    )

    # then the 3 SPP are spent and both skills are rolled, to keep one
    assert rolled.status_code == 202, rolled.json()
    body = rolled.json()
    assert (body["kind"], body["category"], body["spp_spent"]) == (
        "random_primary",
        "general",
        3,
    )
    assert body["skills"] == ["dauntless", "frenzy"]
    assert [d["result"] for d in body["dice"]] == [2, 2, 1, 4]
    assert body["message"] == (
        "the dice rolled Dauntless (dauntless) and Frenzy (frenzy): keep one of "
        "them as the skill"
    )
    assert (body["player"]["spp"], body["player"]["value"]) == (0, 50_000)
    before = everything()

    # when he picks nothing, or a skill not rolled
    unpicked = api_as(bob).post(choose, {}, format="json")
    wrong = api_as(bob).post(choose, {"skill": "block"}, format="json")

    # then both are refused, naming the two skills, and nothing is written
    assert unpicked.status_code == wrong.status_code == 400
    assert unpicked.json()["errors"] == [
        {
            "code": "skill_choice_required",
            "field": "skill",
            "message": "the dice rolled Dauntless (dauntless) and Frenzy "
            "(frenzy): keep one of them as the skill",
            "subjects": ["dauntless", "frenzy"],
        }
    ]
    assert [(e["code"], e["field"], e["subjects"]) for e in wrong.json()["errors"]] == [
        ("skill_not_rolled", "skill", ["dauntless", "frenzy"])
    ]
    assert everything() == before

    # when he keeps Frenzy
    kept = api_as(bob).post(choose, {"skill": "frenzy"}, format="json")

    # then Frenzy is the skill: 3 SPP, a Primary skill +20,000
    assert kept.status_code == 201, kept.json()
    body = kept.json()
    assert (body["skill"], body["spp_spent"], body["value_increase"]) == (
        {"skill": "frenzy", "param": None},
        3,
        20_000,
    )
    assert (body["player"]["spp"], body["player"]["value"]) == (0, 70_000)
    event = LeagueEvent.objects.get(type=LeagueEvent.Type.ADVANCEMENT)
    assert event.payload["skills_rolled"] == ["dauntless", "frenzy"]
    assert [d["result"] for d in event.payload["dice"]] == [2, 2, 1, 4]
