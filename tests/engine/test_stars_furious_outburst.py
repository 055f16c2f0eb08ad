"""Furious Outburst (engine/skills/stars/stabs.py): placed next to a
Standing opponent up to 3 squares away, a Stab, placed again up to 3
squares away; the activation ends and the team's Blitz is used."""

from __future__ import annotations

from engine.core.events import Armour, Move
from engine.core.state import STUNNED, TF_BLITZ
from engine.tools.scenario import Scenario
from tests.engine.test_stars_stabs_and_secret_weapons import next_turn, used

SWIFTVINE = {"A": ["furious-outburst"]}
LINE = """
    A..b..
    ......
    B.....
"""


def test_furious_outburst_place_stab_place() -> None:
    # Stab: armour 5+4 = 9 breaks AV 9, injury 3+3 = 6 Stunned
    sc = Scenario(LINE, skills=SWIFTVINE, dice=[5, 4, 3, 3])
    sc.act("A", "blitz", "b")
    d = sc.match.pending
    assert (d.kind, d.options, d.info) == (
        "furious_outburst",
        (("stab", sc.id("b")), ("decline",)),
        ("target",),
    )
    sc.choose("stab", sc.id("b"))
    d = sc.match.pending
    assert d.info == ("next_to",)
    assert ("square", sc.sq(2, 0)) in d.options
    assert ("square", sc.sq(1, 0)) not in d.options  # not next to b
    sc.choose("square", sc.sq(2, 0))
    a = sc.events(Armour)[0]
    assert (a.player, a.broken) == (sc.id("b"), True)
    g = sc.match.state
    assert g.status[sc.p("b")] == STUNNED
    d = sc.match.pending
    assert d.info == ("away",)
    assert ("square", sc.sq(5, 0)) in d.options  # 3 squares from (2, 0)
    assert ("square", sc.sq(2, 0)) in d.options  # she may stay
    assert ("square", sc.sq(0, 2)) not in d.options  # B is there
    assert ("square", sc.sq(6, 0)) not in d.options  # 4 squares away
    sc.choose("square", sc.sq(5, 0))
    assert sc.xy("A") == (5, 0)
    assert [m.how for m in sc.events(Move)] == ["furious-outburst"] * 2
    assert sc.match.pending.kind == "activate"  # the activation is over
    assert g.tflags & TF_BLITZ
    assert ("activate", sc.id("B"), "blitz") not in sc.match.pending.options
    assert used(sc, "furious-outburst") == [sc.id("A")]


def test_furious_outburst_needs_an_opponent_within_three() -> None:
    sc = Scenario("A....b", skills=SWIFTVINE)
    sc.act("A", "blitz", "b")
    assert sc.match.pending.kind == "move"


def test_furious_outburst_declined_the_blitz_goes_on() -> None:
    sc = Scenario(LINE, skills=SWIFTVINE)
    sc.act("A", "blitz", "b")
    sc.choose("decline")
    assert sc.match.pending.kind == "move"
    assert used(sc, "furious-outburst") == []


def test_furious_outburst_once_per_half() -> None:
    sc = Scenario(LINE, skills=SWIFTVINE, dice=[1, 1])
    sc.act("A", "blitz", "b")
    sc.choose("stab", sc.id("b"))
    sc.choose("square", sc.sq(2, 0))
    sc.choose("square", sc.sq(0, 0))
    next_turn(sc)
    sc.act("A", "blitz", "b")
    assert sc.match.pending.kind == "move"
    sc.choose("end")
    g = sc.match.state
    g.half = 2
    next_turn(sc)
    sc.act("A", "blitz", "b")
    assert sc.match.pending.kind == "furious_outburst"


def test_furious_outburst_only_for_its_star() -> None:
    sc = Scenario(LINE)
    sc.act("A", "blitz", "b")
    assert sc.match.pending.kind == "move"


def test_furious_outburst_not_placed_on_the_loose_ball() -> None:
    sc = Scenario("A..b*.", skills=SWIFTVINE)
    sc.act("A", "blitz", "b")
    sc.choose("stab", sc.id("b"))
    opts = sc.match.pending.options
    assert ("square", sc.sq(2, 0)) in opts
    assert ("square", sc.sq(4, 0)) not in opts
