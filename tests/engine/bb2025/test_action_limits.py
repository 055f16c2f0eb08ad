"""BB2025 "The team turn and actions" (changes_from_bb2020.md section 4):
Blitz, Foul, Pass and Hand-off stay once per team turn, as in BB2020 (the
edition only adds Throw Team-mate and Secure the Ball as their own
once-per-turn actions, tested in test_throw_team_mate.py and
test_actions.py)."""

from __future__ import annotations

from engine.tools.scenario import Scenario


def offered(sc: Scenario, who: str, action: str) -> bool:
    return ("activate", sc.id(who), action) in sc.match.pending.options


def test_one_blitz_a_turn() -> None:
    sc = Scenario(
        """
        A.b...
        ......
        B.....
        """,
        ruleset="bb2025",
    )
    assert offered(sc, "B", "blitz")
    sc.act("A", "blitz", "b")
    sc.choose("end")
    assert not offered(sc, "B", "blitz")
    assert offered(sc, "B", "move")


def test_one_foul_a_turn() -> None:
    # Armour 1 + 2: not broken, no double, A stays.
    sc = Scenario(
        """
        .....
        .Ab..
        .Bc..
        """,
        ruleset="bb2025",
        prone="bc",
        dice=[1, 2],
    )
    assert offered(sc, "B", "foul")
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    assert not offered(sc, "B", "foul")


def test_one_hand_off_a_turn() -> None:
    # A hands off to B (catch 4, AG 3+); B, now holding the ball, may still
    # pass it but not hand it off again.
    sc = Scenario(
        """
        AB.
        ...
        """,
        ruleset="bb2025",
        ball="A",
        dice=[4, 4, 4],
    )
    sc.act("A", "hand_off")
    sc.choose("hand_off", sc.id("B"))
    assert sc.match.state.carrier == sc.p("B")
    assert not offered(sc, "B", "hand_off")
    assert offered(sc, "B", "pass")
