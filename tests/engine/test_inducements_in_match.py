"""Inducements reach the match: apothecaries, bribes, prayers, journeymen."""

from dataclasses import replace

from engine.core.dice import RandomDice
from engine.match import Match
from engine.tools.teams import default_team_sheet


def _sheets(**home_changes):
    home = default_team_sheet("orc", "sevens", first_id=1)
    away = default_team_sheet("human", "sevens", first_id=100)
    return replace(home, **home_changes), away


def _pregame_types(match):
    """Event classes up to the coin-toss roll (named "CoinToss" here)."""
    types = []
    for event in match.events:
        if event.to_dict().get("purpose") == "coin_toss":
            return [*types, "CoinToss"]
        types.append(type(event).__name__)
    return types


def test_wandering_apothecaries_and_bribes_are_counted():
    """The team's own apothecary and its Wandering Apothecaries are counted
    apart: who each may treat differs (engine.rules.apothecaries)."""
    home, away = _sheets(apothecary=True, wandering_apothecaries=2, bribes=3)

    match = Match("sevens", home, away, RandomDice(1))

    assert match.state.apo == [1, int(away.apothecary)]
    assert match.state.wandering_apo == [2, 0]
    assert match.state.bribes == [3, 0]


def test_the_underdog_prays_before_the_coin_toss():
    home, away = _sheets(prayers=2)
    plain = Match("sevens", *_sheets(), RandomDice(5))

    match = Match("sevens", home, away, RandomDice(5))

    types = _pregame_types(match)
    assert types.index("Weather") < types.index("Prayer")
    assert "CoinToss" not in types[: types.index("Prayer")]
    # Iron Man asks the coach which player: the game waits before the toss.
    assert (match.pending.team, match.pending.kind) == ("home", "prayer_player")
    prayers = [
        e.to_dict() for e in match.events[: len(types)] if type(e).__name__ == "Prayer"
    ]
    # Two rolls on the Sevens table: Bad Habits (one event per opponent it
    # hits, D3 of them) and Iron Man.
    assert [(p["team"], p["roll"], p["result"]) for p in prayers] == [
        ("home", 6, "bad_habits"),
        ("home", 6, "bad_habits"),
        ("home", 6, "bad_habits"),
        ("home", 4, "iron_man"),
    ]
    assert "Prayer" not in _pregame_types(plain)


def test_journeymen_are_flagged_for_the_game():
    home, away = _sheets(journeymen=(1, 2))

    match = Match("sevens", home, away, RandomDice(1))

    flagged = [
        pid for pid, j in zip(match.state.pid, match.state.journeyman, strict=True) if j
    ]
    assert flagged == [1, 2]
