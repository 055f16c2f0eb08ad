"""Sevens Desperate Measures bought for a match (blood_bowl_sevens.md "0-5
Desperate Measures", 50,000 each): the D8s rolled at purchase with the
match's seeded dice, recorded, carried to the engine and played there;
refusals write nothing."""

import pytest

from engine.campaign.inducements import DESPERATE_MEASURES, roll_desperate_measures
from engine.core.dice import SeededRoller
from league.errors import ServiceError
from league.models import Team, TreasuryEntry
from matches.engine_bridge import team_sheet
from matches.event_text import Describer, PlayerInfo, describe
from matches.models import Match, MatchEvent, MatchInducements
from matches.prematch.inducements import Purchase, match_buy_inducements
from matches.prematch.kickoff import match_kick_off
from matches.resolution.resolve import match_engine_inputs, match_resolve
from matches.seasons.services import match_seed
from tests.league.conftest import api_as
from tests.matches.prematch.test_inducements import _snapshot, codes, world  # noqa: F401


def _expected(match: Match, team_id: int, count: int) -> tuple[int, ...]:
    """The results the rules give for the match's seeded dice: a D8 each,
    duplicates re-rolled."""
    roller = SeededRoller(match_seed(match.seed, "desperate_measures", team_id))
    return roll_desperate_measures(count, roller)[0]


def _buy(world, count: int) -> MatchInducements:  # noqa: F811
    match = world["sevens"]
    return match_buy_inducements(
        match_id=match.pk,
        team_id=match.away_id,
        actor=world["away_coach"],
        items=[Purchase("desperate_measures", count)],
    )


def test_buying_rolls_a_d8_per_measure_and_records_it(world):  # noqa: F811
    match = world["sevens"]
    record = _buy(world, 3)

    results = _expected(match, match.away_id, 3)
    (line,) = record.lines
    # 3 x 50,000: the 120,000 petty cash, then 30,000 from the treasury
    assert (line["slug"], line["count"], line["unit_price"]) == (
        "desperate_measures",
        3,
        50_000,
    )
    assert (record.total, record.petty_cash_used, record.treasury_used) == (
        150_000,
        120_000,
        30_000,
    )
    assert Team.objects.get(pk=match.away_id).treasury == 270_000
    assert line["results"] == list(results)
    assert len(set(results)) == 3
    assert set(results) <= set(range(1, 9))
    (event,) = MatchEvent.objects.filter(match=match, type="desperate_measures")
    assert event.payload["team_id"] == match.away_id
    assert event.payload["results"] == list(results)
    assert event.payload["names"] == [DESPERATE_MEASURES[r - 1] for r in results]
    # every D8 is shown, the re-rolled duplicates too, ending in the results
    assert len(event.payload["dice"]) >= 3
    assert set(event.payload["dice"]) == set(results)


def test_the_results_reach_the_engine_and_act_in_the_resolved_match(world):  # noqa: F811
    match = world["sevens"]
    _buy(world, 5)
    results = _expected(match, match.away_id, 5)

    started = match_kick_off(match_id=match.pk)
    inputs = match_engine_inputs(started)
    away = team_sheet(
        inputs["away"], inputs["inducements"][1], inputs["mercenaries"][1]
    )
    home = team_sheet(
        inputs["home"], inputs["inducements"][0], inputs["mercenaries"][0]
    )
    assert away.desperate_measures == results
    assert home.desperate_measures == ()

    assert match_resolve(match_id=match.pk)
    types = set(MatchEvent.objects.filter(match=match).values_list("type", flat=True))
    # played by the engine (Hangover, Magic Scroll) or by the scripted bot
    # at the first drive (You Dope): each shows in the match log
    always = {1: "you_dope", 3: "hangover", 8: "magic_scroll"}
    for result, kind in always.items():
        assert (kind in types) == (result in results)


def test_refusals_write_nothing(world):  # noqa: F811
    sevens, bb2020 = world["sevens"], world["bb2020"]
    before = _snapshot()
    cases = [
        (sevens, [Purchase("desperate_measures", 6)], ("inducement_limit", "items.0")),
        (  # two lines of the same inducement count together
            sevens,
            [Purchase("desperate_measures", 3), Purchase("desperate_measures", 3)],
            ("inducement_limit", "items.1"),
        ),
        (bb2020, [Purchase("desperate_measures")], ("unknown_inducement", "items.0")),
    ]
    for match, items, expected in cases:
        team_id = match.away_id if match == sevens else match.home_id
        coach = world["away_coach"] if match == sevens else world["home_coach"]
        with pytest.raises(ServiceError) as exc_info:
            match_buy_inducements(
                match_id=match.pk, team_id=team_id, actor=coach, items=items
            )
        assert codes(exc_info) == [expected]
    # not enough gold: 120,000 petty cash and an empty treasury for 150,000
    Team.objects.filter(pk=sevens.away_id).update(treasury=0)
    before = _snapshot()
    with pytest.raises(ServiceError) as exc_info:
        _buy(world, 3)
    assert codes(exc_info) == [("over_budget", "items")]
    assert _snapshot() == before
    assert not MatchEvent.objects.filter(type="desperate_measures").exists()
    assert not TreasuryEntry.objects.filter(reason="inducements").exists()


def test_the_api_offers_and_sells_them(world):  # noqa: F811
    match = world["sevens"]
    client = api_as(world["away_coach"])

    offer = client.get(f"/api/matches/{match.pk}/inducements/").json()
    bought = client.post(
        f"/api/matches/{match.pk}/inducements/",
        {"team": match.away_id, "items": [{"item": "desperate_measures", "count": 2}]},
        format="json",
    )

    assert {
        "slug": "desperate_measures",
        "name": "Desperate Measures",
        "max": 5,
        "price": 50_000,
    } in offer["away"]["offer"]
    assert bought.status_code == 201
    assert bought.json()["lines"][0]["results"] == list(
        _expected(match, match.away_id, 2)
    )
    bb2020 = world["bb2020"]
    offer = api_as(world["home_coach"]).get(f"/api/matches/{bb2020.pk}/inducements/")
    assert "desperate_measures" not in {
        i["slug"] for i in offer.json()["home"]["offer"]
    }


def test_the_log_reads_the_roll_and_each_effect_in_plain_words():
    from league.models import League
    from matches.models import Season

    league = League(name="L", format="sevens")
    home, away = Team(pk=1, name="Home Team"), Team(pk=2, name="Away Team")
    match = Match(season=Season(league=league), home=home, away=away)
    describer = Describer(match, {3: PlayerInfo(3, "home", 7, "Ug", "Orc Lineman")})

    roll = {
        "team_id": 2,
        "dice": [4, 4, 8],
        "results": [4, 8],
        "names": ["Grudge Match", "Magic Scroll"],
    }
    assert (
        describe(describer, "desperate_measures", roll)
        == "Desperate Measures for Away Team: Grudge Match, Magic Scroll (D8: 4, 4, 8)"
    )
    dope = {"team": "home", "player": 3, "dice": [2], "result": "misses_rest_of_match"}
    assert (
        describe(describer, "you_dope", dope)
        == "Desperate Measure You Dope (Home Team): #7 Ug misses the rest of the "
        "match (D6 roll of 2)"
    )
