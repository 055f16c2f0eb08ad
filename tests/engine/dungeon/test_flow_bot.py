"""The scripted bot in a dungeon (engine.bots.dungeon): the carrier runs for
the End Zone's squares round corners, players hunt the closed Chests, the
Dugout Portal brings the fastest reserve in, whole games stay consistent."""

from __future__ import annotations

import pytest

from engine.bots import ScriptedBot
from engine.bots.dungeon import dungeon_refine, walk
from engine.core.events import ChestOpened, DugoutPortal, Teleport, Touchdown
from engine.core.state import RESERVES
from engine.dungeon.pitch import DungeonPitch
from engine.match import run
from engine.rules.turns import Turn
from engine.tools.dungeon_scenario import DungeonScenario
from tests.engine.dungeon.test_flow_games import college_match, play_checked


def _play_turn(sc: DungeonScenario, bot: ScriptedBot) -> None:
    m = sc.match
    while m.pending is not None and m.pending.team == "home":
        m.apply(bot.choose(m.pending, m.state))


def test_the_carrier_runs_round_the_corner_into_the_end_zone() -> None:
    # The End Zone (>) is round a corner: 6 steps by the corridor, A's MA.
    sc = DungeonScenario(
        """
        #######
        #A....#
        #####.#
        #>>>..#
        #######
        """,
        ball="A",
    )
    _play_turn(sc, ScriptedBot(1))
    assert sc.events(Touchdown) == [Touchdown("home", sc.id("A"), (1, 0))]
    assert sc.xy("A")[1] == 3


def test_walk_distances_turn_corners() -> None:
    sc = DungeonScenario(
        """
        #######
        #A....#
        #####.#
        #>>>..#
        #######
        """
    )
    pitch = sc.match.state.pitch
    assert isinstance(pitch, DungeonPitch)
    dist = walk(pitch, {sc.at(1, 3), sc.at(2, 3), sc.at(3, 3)})
    # along the top, diagonally down round the corner, and back
    assert dist[sc.at(1, 1)] == 6
    assert dist[sc.at(5, 2)] == 2
    assert dist[sc.at(0, 0)] == -1  # a wall


def test_with_the_ball_hidden_players_hunt_the_chests() -> None:
    sc = DungeonScenario(
        """
        #########
        #A......#
        #.....$.#
        #########
        """,
        ball_chest=(6, 2),
    )
    _play_turn(sc, ScriptedBot(1))
    x, y = sc.xy("A")
    assert max(abs(x - 6), abs(y - 2)) == 1  # beside the Chest


def test_the_dugout_portal_brings_the_fastest_reserve_in() -> None:
    sc = DungeonScenario(
        """
        #########
        #A.B.C..#
        #.....1.#
        #########
        """,
        start=False,
        stats={"B": {"ma": 5}, "C": {"ma": 8}},
        dice=[1],
    )
    g = sc.match.state
    for letter in "BC":
        p = sc.p(letter)
        g.lift(p)
        g.box[p] = RESERVES
    g.stack.append(Turn(0))
    run(g)
    d = sc.match.pending
    assert d is not None
    assert dungeon_refine(d, g, ("end_turn",)) == ("dugout_portal", sc.id("C"))


@pytest.mark.slow
@pytest.mark.parametrize("layout", ["crossroads", "generated"])
def test_scripted_bots_play_whole_games(
    layout: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tests.engine.dungeon.test_flow_games as games
    from engine.bots import make_bot

    monkeypatch.setattr(
        games, "make_bot", lambda _name, seed: make_bot("scripted", seed)
    )
    teleports = dugout = opened = 0
    for seed in range(1, 6):
        m = play_checked(layout, seed, loose_ball=False)
        assert m.done
        teleports += sum(1 for e in m.events if isinstance(e, Teleport))
        dugout += sum(1 for e in m.events if isinstance(e, DugoutPortal))
        opened += sum(1 for e in m.events if isinstance(e, ChestOpened))
    assert teleports > 0
    assert dugout > 0
    assert opened > 0  # the Chests are hunted and opened


def test_portal_navigator_rerolls_only_a_mishap() -> None:
    corridor = """
        ###########
        #<.A1...2.#
        #<........#
        #<..3....>#
        ###########
    """
    for first, expected in ((1, "use"), (3, "decline")):
        sc = DungeonScenario(corridor, dice=[first], skills={"A": ["portal-navigator"]})
        sc.act("A", "move")
        sc.move(4, 1)
        d = sc.match.pending
        assert d is not None
        assert d.kind == "use_skill"
        assert ScriptedBot(1).choose(d, sc.match.state)[0] == expected


def _bot_game(seed: int, *, play_off: bool):
    m = college_match(seed, turn_cap=6)
    m.state.extra_time = play_off  # as Match(..., extra_time=True) sets it
    bots = (ScriptedBot(seed), ScriptedBot(seed + 1))
    while m.pending is not None:
        d = m.pending
        m.apply(bots[0 if d.team == "home" else 1].choose(d, m.state))
    return m


@pytest.mark.slow
@pytest.mark.parametrize("seed", [141, 267, 366])
def test_a_game_level_at_the_time_limit_has_a_winner_as_a_play_off(seed: int) -> None:
    """Seeds whose league game ends level at the 6-turn limit (equal
    distances): the same game as a play-off plays on to a winner."""
    league = _bot_game(seed, play_off=False)
    assert (league.result.score, league.result.winner) == ((0, 0), None)
    assert league.result.turns_played == (6, 6)
    cup = _bot_game(seed, play_off=True)
    assert cup.result.winner in ("home", "away")
    assert sorted(cup.result.score) == [0, 1]
    home_turns, away_turns = cup.result.turns_played
    assert home_turns == away_turns > 6
