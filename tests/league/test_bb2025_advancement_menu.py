"""A Blood Bowl 2025 player's advancement menu prices only the kinds of
advancement the edition has: tables.md "Advancement costs" has no random
Secondary skill (DECIDE 20), so the menu names none and offers none."""

import pytest

from league.models import Player
from league.services.leagues import league_create
from league.services.teams import PlayerRequest, team_draft
from tests.factories import make_member
from tests.world import api_as

pytestmark = pytest.mark.django_db


def test_the_menu_prices_no_random_secondary(alice, bob):
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
    # enough for every kind: a chosen Secondary costs 10, a characteristic 14
    Player.objects.filter(pk=player.pk).update(spp=14, spp_earned=14)
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
