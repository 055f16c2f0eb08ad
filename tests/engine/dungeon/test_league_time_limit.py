"""A league's Dungeon Bowl match follows the league's time limit option
(``engine.match.league_match``, the format's ``league_options``): with it, the time limit at the turn cap
(the_rules_of_dungeon_bowl.md "Time Limits and Winning the Game"); without
it, play "continues until one team finds the football ... and manages to
score a touchdown to end the game" (set-up.md), so the engine never ends
a game with a result the league's reports may not record (a 0-0, or a 1-0
without a touchdown)."""

from __future__ import annotations

from engine.bots import make_bot
from engine.bots.driver import play
from engine.core.dice import FixedDice, RandomDice
from engine.core.events import GameStart, TimeLimit, Touchdown
from engine.core.model import TeamSheet
from engine.dungeon.layout import Dungeon
from engine.dungeon.pitch import DungeonPitch
from engine.forecast import forecast
from engine.match import Match, league_match
from engine.tools.teams import default_team_sheet
from engine.variants import BB2020, DUNGEON_BOWL
from engine.variants.dungeon_bowl.game import (
    DEFAULT_TURN_CAP,
    NO_TIME_LIMIT_TURNS,
)
from engine.variants.dungeon_bowl.simulate import college_team, dungeon_for
from tests.engine.dungeon.test_flow_game import ROWS, _deploy, team


def league_game(dice: list[int | str], *, time_limit: bool) -> Match:
    pitch = DungeonPitch(Dungeon.from_rows(ROWS))
    return league_match(
        DUNGEON_BOWL,
        team(0),
        team(1),
        FixedDice(dice),
        pitch=pitch,
        time_limit=time_limit,
    )


def test_a_league_with_the_time_limit_plays_to_the_turn_cap() -> None:
    m = league_game([1, 5, 2], time_limit=True)
    assert m.state.dungeon is not None
    assert m.state.dungeon.turn_cap == DEFAULT_TURN_CAP == 20
    m.apply(("end_zone", 0))
    _deploy(m)
    for _ in range(2 * DEFAULT_TURN_CAP):
        assert not m.done
        m.apply(("end_turn",))
    assert m.done
    # the ball in its Chest at (4, 1): 5 squares from home's End Zone, 1
    # from away's
    assert [e.winner for e in m.events if isinstance(e, TimeLimit)] == ["away"]
    assert m.result.score == (0, 1)


def test_a_league_without_the_time_limit_plays_on_past_the_turn_cap() -> None:
    m = league_game([1, 5, 2], time_limit=False)
    assert m.state.dungeon is not None
    assert m.state.dungeon.turn_cap == 0
    m.apply(("end_zone", 0))
    _deploy(m)
    for _ in range(2 * (DEFAULT_TURN_CAP + 5)):
        m.apply(("end_turn",))
    assert not m.done
    assert not [e for e in m.events if isinstance(e, TimeLimit)]
    assert m.state.turn == [DEFAULT_TURN_CAP + 6, DEFAULT_TURN_CAP + 5]


def test_without_the_time_limit_a_game_with_no_touchdown_ends_at_last() -> None:
    # Decision (game.py): NO_TIME_LIMIT_TURNS team turns each without a
    # touchdown and the game is ended as a time limit ends one: the ball in
    # its Chest at (4, 1) is nearer away's End Zone, 1-0 to away.
    m = league_game([1, 5, 2], time_limit=False)
    m.apply(("end_zone", 0))
    _deploy(m)
    for _ in range(2 * NO_TIME_LIMIT_TURNS - 1):
        m.apply(("end_turn",))
    assert not m.done
    assert m.state.turn == [NO_TIME_LIMIT_TURNS, NO_TIME_LIMIT_TURNS]

    m.apply(("end_turn",))

    assert m.done
    assert [e.winner for e in m.events if isinstance(e, TimeLimit)] == ["away"]
    assert m.result.score == (0, 1)


def test_a_format_without_a_time_limit_rule_builds_its_plain_match() -> None:
    home = default_team_sheet("human", BB2020, "Home", 1)
    away = default_team_sheet("orc", BB2020, "Away", 101)
    m = league_match(BB2020, home, away, RandomDice(3), time_limit=True)
    plain = Match(BB2020, home, away, RandomDice(3))
    assert m.events[0] == GameStart("bb2020", home.name, away.name)
    assert m.events == plain.events
    assert m.pending == plain.pending


# A generated dungeon and a pair of Colleges whose bots, with the time
# limit, are still looking for the touchdown when the turn cap comes.
SEED = 5


def bots_play(*, time_limit: bool) -> Match:
    home = college_team("college-of-fire", 1)
    away = college_team("college-of-shadows", 101)
    m = league_match(
        DUNGEON_BOWL,
        home,
        away,
        RandomDice(SEED),
        pitch=DungeonPitch(dungeon_for("generated", SEED)),
        time_limit=time_limit,
    )
    play(m, make_bot("scripted", SEED), make_bot("scripted", SEED + 1))
    return m


def test_bots_without_the_time_limit_play_to_the_touchdown() -> None:
    timed = bots_play(time_limit=True)
    assert [e for e in timed.events if isinstance(e, TimeLimit)]
    assert not [e for e in timed.events if isinstance(e, Touchdown)]

    m = bots_play(time_limit=False)

    (td,) = [e for e in m.events if isinstance(e, Touchdown)]
    assert not [e for e in m.events if isinstance(e, TimeLimit)]
    assert sum(m.result.score) == 1
    assert max(m.result.turns_played) > DEFAULT_TURN_CAP
    scorer = m.result.player_stats[td.player]
    assert scorer.touchdowns == 1


def colleges() -> tuple[TeamSheet, TeamSheet]:
    return college_team("college-of-fire", 1), college_team("college-of-shadows", 101)


def test_a_forecast_plays_the_leagues_time_limit_option() -> None:
    # Four games on generated dungeons (seeds 18-21): with the option one of
    # them is given 1-0 at the time limit to the side the ball is nearer;
    # without it that game goes on, and the touchdown falls the other way.
    timed = forecast(DUNGEON_BOWL, *colleges(), games=4, seed=18, time_limit=True)
    untimed = forecast(DUNGEON_BOWL, *colleges(), games=4, seed=18, time_limit=False)

    assert (timed.home_win, timed.away_win) == (0.75, 0.25)
    assert (untimed.home_win, untimed.away_win) == (0.5, 0.5)
    assert untimed.home_td + untimed.away_td == 1.0  # one touchdown a game
