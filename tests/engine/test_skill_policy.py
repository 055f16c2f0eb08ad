"""The scripted bot's policy for the secret weapons and swarms, and the
random bot on the same decisions."""

from __future__ import annotations

from engine.bots.random_bot import RandomBot
from engine.bots.scripted import ScriptedBot
from engine.core.state import RESERVES
from engine.match import run
from engine.rules.swarming import Swarm
from engine.tools.scenario import Scenario


def _scripted(sc: Scenario) -> tuple[object, ...]:
    d = sc.match.pending
    choice = ScriptedBot(1).choose(d, sc.match.state)
    assert choice in d.options
    assert RandomBot(1).choose(d, sc.match.state) in d.options
    return choice


def test_scripted_bot_takes_the_chainsaw_to_the_ball_carrier() -> None:
    sc = Scenario(
        """
        .c...
        .Ab..
        .....
        """,
        skills={"A": ["chainsaw"]},
        stats={"b": {"av": 10}, "c": {"av": 8}},
        ball="b",
    )
    assert _scripted(sc) == ("activate", sc.id("A"), "chainsaw")
    sc.choose("activate", sc.id("A"), "chainsaw")
    # the carrier b before c, although c's armour is weaker
    assert _scripted(sc) == ("chainsaw", sc.id("b"))


def test_scripted_bot_bombs_a_crowd_of_opponents_not_team_mates() -> None:
    sc = Scenario(
        """
        B.....d.
        ......cC
        ......e.
        """,
        skills={"B": ["bombardier"]},
        stats={"B": {"pa": 4}},
    )
    assert _scripted(sc) == ("activate", sc.id("B"), "throw_bomb")
    sc.choose("activate", sc.id("B"), "throw_bomb")
    choice = _scripted(sc)
    # (5, 1): next to c, d and e, away from C (c's own square is next to C)
    assert choice == ("square", sc.sq(5, 1))


def test_scripted_bot_keeps_the_bomb_when_only_team_mates_are_near() -> None:
    sc = Scenario(
        """
        B....Cc
        """,
        skills={"B": ["bombardier"]},
        stats={"B": {"pa": 4}},
    )
    assert ("activate", sc.id("B"), "throw_bomb") in sc.match.pending.options
    assert _scripted(sc) != ("activate", sc.id("B"), "throw_bomb")


def test_scripted_ball_and_chain_heads_for_the_nearest_opponent() -> None:
    sc = Scenario(
        """
        .......
        .F.....
        .......
        ....c..
        """,
        skills={"F": ["ball-and-chain"]},
    )
    assert _scripted(sc) == ("activate", sc.id("F"), "ball_and_chain")
    sc.choose("activate", sc.id("F"), "ball_and_chain")
    assert _scripted(sc) in (("facing", 1, 0), ("facing", 0, 1))


def test_scripted_ball_and_chain_stays_put_with_no_opponent_near() -> None:
    sc = Scenario(".F.........c", skills={"F": ["ball-and-chain"]})
    assert _scripted(sc) != ("activate", sc.id("F"), "ball_and_chain")


def test_scripted_swoop_faces_the_end_zone_it_scores_in() -> None:
    sc = Scenario(
        """
        TG.......
        .........
        """,
        skills={"T": ["throw-team-mate"], "G": ["right-stuff", "swoop"]},
        stats={"T": {"st": 5, "pa": 3}, "G": {"st": 2}},
        dice=[4],
    )
    sc.act("T", "throw_team_mate")
    sc.choose("throw_tm", sc.id("G"))
    sc.choose("square", sc.sq(5, 0))
    assert _scripted(sc) == ("facing", 1, 0)


def test_scripted_swarming_places_players_behind_the_line() -> None:
    sc = Scenario(
        "ABC",
        skills={ch: ["swarming"] for ch in "ABC"},
        origin=(2, 7),
        start=False,
        dice=[2],
    )
    g = sc.match.state
    p = sc.p("C")
    g.lift(p)
    g.box[p] = RESERVES
    g.stack.append(Swarm(0))
    run(g)
    choice = _scripted(sc)
    assert choice[:2] == ("swarm", sc.id("C"))
    # two squares behind the home Line of Scrimmage, mid-pitch
    pitch = g.pitch
    assert (pitch.xs[choice[2]], pitch.ys[choice[2]]) == (
        pitch.home_los_x - 2,
        pitch.height // 2,
    )
