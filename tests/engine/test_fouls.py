"""Fouls, Sent-off, Argue the Call, Dirty Player, Sneaky Git."""

from __future__ import annotations

from engine.core.events import ArgueTheCall, Armour, SentOff, Turnover
from engine.core.state import PITCH, SENT_OFF
from engine.tools.scenario import Scenario

DIAGRAM = """
    .....
    .Ab..
    ..C..
"""


def test_foul_assists_modify_armour() -> None:
    sc = Scenario(DIAGRAM, prone="b", dice=[4, 3])
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    a = sc.events(Armour)[0]
    assert (a.modifier, a.broken) == (1, False)  # C assists: 4+3+1 = 8 < 9


def test_doubles_send_the_fouler_off_and_turn_over() -> None:
    sc = Scenario(DIAGRAM, prone="b", dice=[3, 3, 2])
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    assert sc.match.pending.kind == "argue_the_call"
    sc.choose("argue")
    g = sc.match.state
    assert g.box[sc.p("A")] == SENT_OFF
    assert [e.result for e in sc.events(ArgueTheCall)] == ["i_dont_care"]
    assert [t.reason for t in sc.events(Turnover)] == ["sent_off"]
    assert g.sent_off_ids == [sc.id("A")]


def test_argue_the_call_six_keeps_the_player() -> None:
    sc = Scenario(DIAGRAM, prone="b", dice=[3, 3, 6])
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    sc.choose("argue")
    assert sc.match.state.box[sc.p("A")] == PITCH
    assert not sc.events(SentOff)
    assert sc.events(Turnover)


def test_argue_the_call_one_ejects_the_coach() -> None:
    sc = Scenario(DIAGRAM, prone="b", dice=[3, 3, 1])
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    sc.choose("argue")
    assert sc.match.state.argue_banned[0] == 1


def test_sneaky_git_not_sent_off_on_armour_doubles() -> None:
    sc = Scenario(DIAGRAM, prone="b", skills={"A": ["sneaky-git"]}, dice=[3, 3])
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    assert sc.match.state.box[sc.p("A")] == PITCH
    assert not sc.events(SentOff)


def test_dirty_player_breaks_armour() -> None:
    sc = Scenario(
        DIAGRAM, prone="b", skills={"A": [("dirty-player", "+1")]}, dice=[4, 3, 2, 1]
    )
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    a = sc.events(Armour)[0]
    assert (a.modifier, a.broken) == (2, True)


def test_only_one_foul_per_turn() -> None:
    sc = Scenario(
        """
        .....
        .Ab..
        .Bc..
    """,
        prone="bc",
        dice=[1, 2],
    )
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    assert ("activate", sc.id("B"), "foul") not in sc.match.pending.options
