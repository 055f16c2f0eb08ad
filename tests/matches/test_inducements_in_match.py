"""The inducements a BB2020 team buys reach the engine and nothing is sold
that the match does not play (inducements_in_detail.md)."""

import pytest

from engine.campaign.stars import STAR_ID_BASE
from league.errors import ServiceError
from matches.engine_bridge import team_sheet
from matches.services.inducements import (
    Purchase,
    inducement_offer,
    inducement_sides,
    match_buy_inducements,
)
from matches.services.kickoff import match_kick_off
from matches.services.resolve import match_engine_inputs
from tests.league.conftest import api_as
from tests.matches.test_star_players import world  # noqa: F401  (fixture)


def test_the_offer_prices_the_wizard_and_leaves_out_what_is_not_played(world):  # noqa: F811
    home, _ = inducement_sides(world["match"])

    offer = {i["slug"]: i for i in inducement_offer(home, world["match"])}

    assert (offer["wizard"]["name"], offer["wizard"]["price"]) == (
        "Wizard: Hireling Sports-Wizard",
        150_000,
    )
    for slug in ("special_plays", "riotous_rookies", "infamous_coaching_staff"):
        assert slug not in offer


def test_special_plays_are_refused_as_unknown(world):  # noqa: F811
    match = world["match"]
    client = api_as(world["coaches"][match.home_id])

    response = client.post(
        f"/api/matches/{match.pk}/inducements/",
        {"team": match.home_id, "items": [{"item": "special_plays"}]},
        format="json",
    )

    offer = client.get(f"/api/matches/{match.pk}/inducements/").json()

    assert response.status_code == 400
    assert "unknown_inducement" in str(response.json())
    slugs = {item["slug"] for item in offer["home"]["offer"]}
    assert "wizard" in slugs
    assert "special_plays" not in slugs


def test_bought_inducements_reach_the_team_sheet(world):  # noqa: F811
    match = world["match"]
    match_buy_inducements(
        match_id=match.pk,
        team_id=match.home_id,
        actor=world["coaches"][match.home_id],
        items=[
            Purchase("wizard"),
            Purchase("bloodweiser_kegs", 2),
            Purchase("weather_mage"),
            Purchase("biased_referee"),
            Purchase("halfling_master_chef"),
            Purchase("star_players", star_player="griff-oberwald"),
        ],
    )
    match = match_kick_off(match_id=match.pk)
    inputs = match_engine_inputs(match)

    home = team_sheet(
        inputs["home"], inputs["inducements"][0], inputs["mercenaries"][0]
    )
    away = team_sheet(
        inputs["away"], inputs["inducements"][1], inputs["mercenaries"][1]
    )

    assert (
        home.wizard,
        home.kegs,
        home.weather_mage,
        home.biased_referee,
        home.master_chef,
        home.mortuary_assistant,
        home.plague_doctor,
    ) == (True, 2, True, True, True, False, False)
    assert home.hired == (STAR_ID_BASE,)
    assert (away.wizard, away.kegs, away.hired) == (False, 0, ())


def test_buying_special_plays_in_the_service_is_refused(world):  # noqa: F811
    match = world["match"]
    with pytest.raises(ServiceError) as exc_info:
        match_buy_inducements(
            match_id=match.pk,
            team_id=match.home_id,
            actor=world["coaches"][match.home_id],
            items=[Purchase("special_plays")],
        )
    assert [v.code for v in exc_info.value.violations] == ["unknown_inducement"]
