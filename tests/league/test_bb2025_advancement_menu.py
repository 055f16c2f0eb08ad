"""A Blood Bowl 2025 player's advancement menu prices only the kinds of
advancement the edition has: tables.md "Advancement costs" has no random
Secondary skill (DECIDE 20), so the menu names none and offers none."""

import pytest

from league.models import Player
from league.services.leagues import league_create
from league.services.teams import PlayerRequest, team_draft
from tests.factories import make_member
from tests.league.advancement_support import everything
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


def test_the_characteristic_refusal_offers_a_primary_or_secondary_skill(alice, bob):
    player = _lineman_with_spp(alice, bob, 14)

    response = api_as(bob).post(
        f"/api/players/{player.pk}/advancements/",
        {"kind": "characteristic"},
        format="json",
    )

    assert response.status_code == 400
    (error,) = response.json()["errors"]
    assert error["code"] == "choice_required"
    assert error["message"].endswith(
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
