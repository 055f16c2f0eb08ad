"""Star Players' special rules of blocks and blocking activations
(engine.skills.stars.blocks, trait_rolls, actions): Savage Blow,
Unstoppable Momentum, Gored by the Bull, Frenzied Rush, Indomitable, Watch
Out!, Fury of the Blood God, Vicious Vines. Default players: ST 3, AV 9+."""

from __future__ import annotations

import pytest

from engine.core import skillbits as S
from engine.core.errors import IllegalChoice
from engine.core.events import Block, Reroll, SkillUsed
from engine.core.state import PRONE, STANDING
from engine.skills.stars.limits import ready, spend
from engine.tools.scenario import Scenario

LINE = """
    .....
    .Ab..
    .....
"""


def _used(sc: Scenario, slug: str) -> int:
    return sum(1 for e in sc.events(SkillUsed) if e.skill == slug)


def _dice(sc: Scenario) -> list[tuple[str, ...]]:
    from engine.core.dice import BLOCK_FACE_NAMES

    return [tuple(BLOCK_FACE_NAMES[f] for f in e.dice) for e in sc.events(Block)]


# -- Savage Blow --------------------------------------------------------------


def _anqi(dice: list[int | str], skills: list[str] | None = None) -> Scenario:
    # A (ST 4) blocks b (ST 3): two dice, A chooses.
    sc = Scenario(
        LINE,
        skills={"A": ["savage-blow"] if skills is None else skills},
        stats={"A": {"st": 4}},
        dice=dice,
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    return sc


def test_savage_blow_rerolls_any_of_the_block_dice() -> None:
    sc = _anqi(["player_down", "both_down", "pow", "push"])
    d = sc.match.pending
    assert d.kind == "reroll"
    assert d.info[0] == "block"
    assert set(d.options) == {
        ("savage-blow", 0),
        ("savage-blow", 1),
        ("savage-blow", 0, 1),
        ("no_reroll",),
    }
    sc.choose("savage-blow", 0, 1)
    assert _dice(sc) == [("player_down", "both_down"), ("pow", "push")]
    assert [(e.source, e.purpose) for e in sc.events(Reroll)] == [
        ("savage-blow", "block")
    ]
    assert sc.match.pending.kind == "block_die"
    assert not ready(sc.match.state, sc.p("A"), "savage-blow")


def test_savage_blow_keeps_the_dice_not_chosen() -> None:
    sc = _anqi(["player_down", "pow", "push"])
    sc.choose("savage-blow", 0)
    assert _dice(sc) == [("player_down", "pow"), ("push", "pow")]


def test_savage_blow_once_per_game() -> None:
    sc = Scenario(
        LINE,
        skills={"A": ["savage-blow"]},
        stats={"A": {"st": 4}},
        dice=["player_down", "both_down"],
        start=False,
    )
    spend(sc.match.state, sc.p("A"), "savage-blow")
    from engine.match import run
    from engine.rules.turns import Turn

    g = sc.match.state
    g.stack.append(Turn(0))
    run(g)
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    assert sc.match.pending.kind == "block_die"  # no re-roll offered


def test_no_savage_blow_without_the_rule() -> None:
    sc = _anqi(["player_down", "both_down"], skills=[])
    assert sc.match.pending.kind == "block_die"


# -- Unstoppable Momentum ----------------------------------------------------


def _hthark(action: str, skills: list[str] | None = None) -> Scenario:
    sc = Scenario(
        LINE,
        skills={"A": ["unstoppable-momentum"] if skills is None else skills},
        stats={"A": {"st": 4}},
        dice=["player_down", "both_down", "pow"],
    )
    sc.act("A", action, "b" if action == "blitz" else None)
    sc.choose("block", sc.id("b"))
    return sc


def test_unstoppable_momentum_rerolls_one_die_on_a_blitz() -> None:
    sc = _hthark("blitz")
    d = sc.match.pending
    assert set(d.options) == {
        ("unstoppable-momentum", 0),
        ("unstoppable-momentum", 1),
        ("no_reroll",),
    }
    sc.choose("unstoppable-momentum", 0)
    assert _dice(sc) == [("player_down", "both_down"), ("pow", "both_down")]
    # No limit: still ready for the next Blitz.
    assert ready(sc.match.state, sc.p("A"), "unstoppable-momentum")
    assert _used(sc, "unstoppable-momentum") == 1


def test_unstoppable_momentum_not_on_a_block_action() -> None:
    sc = _hthark("block")
    assert sc.match.pending.kind == "block_die"


def test_no_unstoppable_momentum_without_the_rule() -> None:
    sc = _hthark("blitz", skills=[])
    assert sc.match.pending.kind == "block_die"


# -- Gored by the Bull -------------------------------------------------------


def _grashnak(
    use: bool | None, dice: list[int | str], skills: list[str] | None = None
) -> Scenario:
    """A (ST 3, like b) declares a Blitz on b; ``use``: Gored announced."""
    sc = Scenario(
        LINE,
        skills={"A": ["gored-by-the-bull"] if skills is None else skills},
        dice=dice,
    )
    sc.act("A", "blitz", "b")
    if use is not None:
        d = sc.match.pending
        assert (d.kind, d.info) == ("use_skill", ("gored-by-the-bull",))
        sc.choose(*(("use", "gored-by-the-bull") if use else ("decline",)))
    sc.choose("block", sc.id("b"))
    return sc


def test_gored_by_the_bull_adds_a_block_die() -> None:
    sc = _grashnak(True, ["both_down", "pow"])
    # Equal strength: one die normally, two with Gored (A chooses).
    assert _dice(sc) == [("both_down", "pow")]
    assert sc.match.pending.kind == "block_die"
    assert sc.match.pending.team == "home"
    assert not ready(sc.match.state, sc.p("A"), "gored-by-the-bull")


def test_gored_by_the_bull_declined() -> None:
    sc = _grashnak(False, ["push"])
    assert _dice(sc) == [("push",)]
    assert ready(sc.match.state, sc.p("A"), "gored-by-the-bull")


def test_gored_by_the_bull_no_more_than_three_dice() -> None:
    sc = Scenario(
        LINE,
        skills={"A": ["gored-by-the-bull"]},
        stats={"A": {"st": 7}},
        dice=["push", "push", "pow"],
    )
    sc.act("A", "blitz", "b")
    sc.choose("use", "gored-by-the-bull")
    sc.choose("block", sc.id("b"))
    assert _dice(sc) == [("push", "push", "pow")]


def test_gored_by_the_bull_also_for_frenzy_second_block() -> None:
    # Push, follow up (Frenzy), second block: two dice again.
    sc = _grashnak(
        True, ["push", "push", "pow", "both_down"], ["gored-by-the-bull", "frenzy"]
    )
    sc.choose("square", sc.sq(3, 1))
    assert _dice(sc) == [("push", "push"), ("pow", "both_down")]


def test_gored_by_the_bull_not_offered_on_a_block_action() -> None:
    sc = Scenario(LINE, skills={"A": ["gored-by-the-bull"]}, dice=["push"])
    sc.act("A", "block")
    assert sc.match.pending.kind == "block_target"


def test_gored_by_the_bull_once_per_game() -> None:
    sc = _grashnak(True, ["push", "pow"])
    g = sc.match.state
    assert not ready(g, sc.p("A"), "gored-by-the-bull")
    # A later Blitz of his does not offer it again.
    from engine.skills.stars.blocks import announce_gored

    assert announce_gored(g, sc.p("A"), "blitz") is None


def test_no_gored_by_the_bull_without_the_rule() -> None:
    sc = _grashnak(None, ["push"], skills=[])
    assert _dice(sc) == [("push",)]


# -- Frenzied Rush -----------------------------------------------------------


def _glart(use: bool, dice: list[int | str]) -> Scenario:
    sc = Scenario(LINE, skills={"A": ["frenzied-rush", "grab"]}, dice=dice)
    sc.act("A", "blitz", "b")
    d = sc.match.pending
    assert (d.kind, d.info) == ("use_skill", ("frenzied-rush",))
    sc.choose(*(("use", "frenzied-rush") if use else ("decline",)))
    assert bool(sc.match.state.skills[sc.p("A")] & S.FRENZY) is use
    sc.choose("block", sc.id("b"))
    return sc


def test_frenzied_rush_gives_frenzy_for_the_blitz() -> None:
    # Push: the follow-up is compulsory, then a second block (Pow).
    sc = _glart(True, ["push", "pow"])
    sc.choose("square", sc.sq(3, 1))
    assert _dice(sc) == [("push",), ("pow",)]
    assert _used(sc, "frenzy") == 1
    assert sc.xy("A") == (2, 1)
    g = sc.match.state
    assert not ready(g, sc.p("A"), "frenzied-rush")


def test_frenzied_rush_no_grab_that_turn_and_undone_after() -> None:
    sc = _glart(True, ["push", "push"])
    g = sc.match.state
    a = sc.p("A")
    assert not g.skills[a] & S.BIT["grab"]
    sc.choose("square", sc.sq(3, 1))
    sc.choose("square", sc.sq(4, 1))
    sc.choose("end")
    assert g.skills[a] & S.BIT["grab"]
    assert not g.skills[a] & S.FRENZY


def test_frenzied_rush_declined_no_frenzy() -> None:
    sc = _glart(False, ["push"])
    sc.choose("square", sc.sq(3, 1))
    assert sc.match.pending.kind == "follow_up"
    assert _dice(sc) == [("push",)]


def test_frenzied_rush_only_on_a_blitz() -> None:
    sc = Scenario(LINE, skills={"A": ["frenzied-rush"]}, dice=["push"])
    sc.act("A", "block")
    assert sc.match.pending.kind == "block_target"


# -- Indomitable -------------------------------------------------------------


def _karla(dice: list[int | str]) -> Scenario:
    # A (ST 3, Dauntless) blocks b (ST 4): Dauntless 2+ (4 - 3 + 1).
    sc = Scenario(
        LINE,
        skills={"A": ["dauntless", "indomitable"]},
        stats={"b": {"st": 4}},
        dice=dice,
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    return sc


def test_indomitable_doubles_the_target_strength() -> None:
    sc = _karla([5, "both_down", "pow"])
    d = sc.match.pending
    assert (d.kind, d.info) == ("use_skill", ("indomitable",))
    sc.choose("use", "indomitable")
    b = sc.events(Block)[0]
    assert (b.st_attacker, b.st_defender) == (8, 4)
    assert _dice(sc) == [("both_down", "pow")]  # 8 against 4: two dice
    assert sc.match.pending.team == "home"
    assert not ready(sc.match.state, sc.p("A"), "indomitable")


def test_indomitable_declined_is_plain_dauntless() -> None:
    sc = _karla([5, "push"])
    sc.choose("decline")
    assert _dice(sc) == [("push",)]  # 4 against 4: one die
    assert ready(sc.match.state, sc.p("A"), "indomitable")


def test_indomitable_needs_a_successful_dauntless_roll() -> None:
    sc = _karla([1, "both_down", "pow"])
    # Dauntless failed: 3 against 4, two dice for b, no Indomitable.
    assert _dice(sc) == [("both_down", "pow")]
    assert sc.match.pending.team == "away"


def test_indomitable_once_per_game() -> None:
    sc = Scenario(
        LINE,
        skills={"A": ["dauntless", "indomitable"]},
        stats={"b": {"st": 4}},
        dice=[5, "push"],
        start=False,
    )
    spend(sc.match.state, sc.p("A"), "indomitable")
    from engine.match import run
    from engine.rules.turns import Turn

    g = sc.match.state
    g.stack.append(Turn(0))
    run(g)
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    assert _dice(sc) == [("push",)]


# -- Watch Out! --------------------------------------------------------------


def test_watch_out_gives_dodge_against_the_first_block() -> None:
    sc = Scenario(LINE, skills={"b": ["watch-out"]}, dice=["stumble"])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))
    sc.choose("stay")
    g = sc.match.state
    assert g.status[sc.p("b")] == STANDING  # Stumble as a Push
    assert _used(sc, "watch-out") == 1
    assert _used(sc, "dodge") == 1
    assert not ready(g, sc.p("b"), "watch-out")


def test_watch_out_spent_on_the_first_block_whatever_the_dice() -> None:
    sc = Scenario(LINE, skills={"b": ["watch-out"]}, dice=["push"])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    g = sc.match.state
    assert not ready(g, sc.p("b"), "watch-out")
    g.half = 2  # once per half: ready again in the next half
    assert ready(g, sc.p("b"), "watch-out")


def test_watch_out_once_per_half() -> None:
    sc = Scenario(LINE, skills={"b": ["watch-out"]}, dice=["stumble", 2, 2])
    spend(sc.match.state, sc.p("b"), "watch-out")
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))
    sc.choose("stay")
    assert sc.match.state.status[sc.p("b")] == PRONE


def test_watch_out_not_against_tackle() -> None:
    sc = Scenario(
        LINE,
        skills={"A": ["tackle"], "b": ["watch-out"]},
        dice=["stumble", 2, 2],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))
    sc.choose("stay")
    assert sc.match.state.status[sc.p("b")] == PRONE


def test_without_watch_out_stumble_knocks_down() -> None:
    sc = Scenario(LINE, dice=["stumble", 2, 2])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))
    sc.choose("stay")
    assert sc.match.state.status[sc.p("b")] == PRONE


# -- Fury of the Blood God ---------------------------------------------------

# c Marks A but is Marked by D: no assists either way.
TWO = """
    .....
    .Ab..
    .cD..
    .....
"""


def _scyla(action: str, skills: list[str], dice: list[int | str]) -> Scenario:
    sc = Scenario(TWO, skills={"A": skills}, dice=dice)
    sc.act("A", action, "b" if action == "blitz" else None)
    return sc


def test_fury_of_the_blood_god_two_block_actions() -> None:
    # Unchannelled Fury 1 (+2 = 3, fails): two Block actions instead.
    sc = _scyla(
        "block",
        ["unchannelled-fury", "fury-of-the-blood-god"],
        [1, "push", "push"],
    )
    assert sc.match.pending.kind == "block_target"
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))
    sc.choose("stay")
    d = sc.match.pending
    assert d.kind == "block_target"  # the second Block action
    assert d.options == (("block", sc.id("c")),)
    sc.choose("block", sc.id("c"))
    sc.choose("square", sc.sq(1, 3))
    sc.choose("stay")
    assert _dice(sc) == [("push",), ("push",)]
    assert _used(sc, "fury-of-the-blood-god") == 1
    assert _used(sc, "unchannelled-fury") == 0
    assert not ready(sc.match.state, sc.p("A"), "fury-of-the-blood-god")
    assert sc.match.pending.kind == "activate"


def test_unchannelled_fury_fails_without_the_rule() -> None:
    sc = _scyla("block", ["unchannelled-fury"], [1])
    assert sc.match.pending.kind == "activate"
    assert _used(sc, "unchannelled-fury") == 1
    assert sc.events(Block) == []


def test_fury_of_the_blood_god_only_on_a_block_action() -> None:
    sc = _scyla("blitz", ["unchannelled-fury", "fury-of-the-blood-god"], [1])
    assert sc.match.pending.kind == "activate"
    assert _used(sc, "unchannelled-fury") == 1


def test_fury_of_the_blood_god_once_per_game() -> None:
    sc = Scenario(
        TWO, skills={"A": ["unchannelled-fury", "fury-of-the-blood-god"]}, dice=[1]
    )
    spend(sc.match.state, sc.p("A"), "fury-of-the-blood-god")
    sc.act("A", "block")
    assert sc.match.pending.kind == "activate"
    assert _used(sc, "unchannelled-fury") == 1


def test_fury_no_second_block_after_a_turnover() -> None:
    # First block: Player Down; A's armour 2+2 holds; the turn is over.
    sc = _scyla(
        "block",
        ["unchannelled-fury", "fury-of-the-blood-god"],
        [1, "player_down", 2, 2],
    )
    sc.choose("block", sc.id("b"))
    assert sc.match.pending is None or sc.match.pending.kind != "block_target"
    assert sc.match.state.status[sc.p("A")] == PRONE


# -- Vicious Vines -----------------------------------------------------------

GAP = """
    ......
    .A.b..
    ......
"""


def test_vicious_vines_blocks_two_squares_away() -> None:
    sc = Scenario(GAP, skills={"A": ["vicious-vines"]}, dice=["pow", 2, 2])
    sc.act("A", "block")
    d = sc.match.pending
    assert d.options == (("vicious_vines", sc.id("b")),)
    sc.choose("vicious_vines", sc.id("b"))
    sc.choose("square", sc.sq(4, 1))
    # No follow-up: A stays where he is; b is pushed away and Knocked Down.
    g = sc.match.state
    assert sc.xy("A") == (1, 1)
    assert sc.xy("b") == (4, 1)
    assert g.status[sc.p("b")] == PRONE
    assert _dice(sc) == [("pow",)]
    assert _used(sc, "vicious-vines") == 1
    assert not ready(g, sc.p("A"), "vicious-vines")
    g.half = 2
    assert ready(g, sc.p("A"), "vicious-vines")


def test_vicious_vines_once_per_half() -> None:
    sc = Scenario(GAP, skills={"A": ["vicious-vines"]}, dice=[])
    spend(sc.match.state, sc.p("A"), "vicious-vines")
    sc.match.state.pending = None
    with pytest.raises(IllegalChoice):
        sc.act("A", "block")


def test_no_vicious_vines_without_the_rule() -> None:
    sc = Scenario(GAP, dice=[])
    with pytest.raises(IllegalChoice):
        sc.act("A", "block")


def test_vicious_vines_not_in_a_blitz() -> None:
    sc = Scenario(GAP, skills={"A": ["vicious-vines"]}, dice=[])
    sc.act("A", "blitz", "b")
    assert all(o[0] != "vicious_vines" for o in sc.match.pending.options)


def test_vicious_vines_beside_an_adjacent_target() -> None:
    sc = Scenario(
        """
        ...b..
        .Ac...
        ......
    """,
        skills={"A": ["vicious-vines"]},
        dice=[],
    )
    sc.act("A", "block")
    assert set(sc.match.pending.options) == {
        ("block", sc.id("c")),
        ("vicious_vines", sc.id("b")),
    }


def test_no_frenzied_rush_without_the_rule() -> None:
    sc = Scenario(LINE, dice=["push"])
    sc.act("A", "blitz", "b")
    assert sc.match.pending.kind == "move"


def test_no_indomitable_without_the_rule() -> None:
    sc = Scenario(
        LINE, skills={"A": ["dauntless"]}, stats={"b": {"st": 4}}, dice=[5, "push"]
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    assert sc.match.pending.kind == "push"
    assert _dice(sc) == [("push",)]
