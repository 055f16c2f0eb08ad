"""Rookies to Watch (rulebook "Rookies to Watch"): the coach holding the
card may discard it after one of their Armour Checks, Throw Checks, or the
Block Dice of their Player's Block, to re-roll those dice: offered only to
the holder, only then, once. Block Die faces by D6: 1 Miss, 2 Tackle,
3-4 Shove, 5 Kerrunch!, 6 Smash. Home Players 1.., away 101.."""

from __future__ import annotations

import pytest

from engine.blitz.events import BlockDice, Roll, RookiesReroll
from engine.blitz.rerolls import ROOKIES
from engine.core.errors import RuleError
from tests.engine.blitz.helpers import arrange, events_of, options, sq
from tests.engine.blitz.variant_helpers import game as variant_game

USE = ("reroll_with", ROOKIES)


def game(home, away, dice, holder):
    """As helpers.new_game, with the card given to ``holder``."""
    return variant_game(home, away, dice, rookies_to_watch=holder)[0]


def rolls(g, purpose):
    return [
        (e.dice, e.success, e.rerolled)
        for e in events_of(g, Roll)
        if e.purpose == purpose
    ]


def smash(g, blocker, target):
    g.apply(("act", blocker, "block"))
    g.apply(("target", target))
    g.apply(("face", "smash"))


def test_the_card_goes_to_one_coach_or_none():
    assert game("human", "orc", [], None).state.rookies == -1
    assert game("human", "orc", [], "away").state.rookies == 1
    with pytest.raises(RuleError):
        game("human", "orc", [], "both")


def test_armour_check_rerolled_by_its_coach_and_the_reroll_stands():
    # Human Lineman 1 Smashes (6) the Orc Lineman 101 (Armour 3+): a 1
    # fails; the away coach holds the card, re-rolls: 4 >= 3 holds. The
    # Orc stays, Prone. Then Lineman 2 Smashes Orc 102: a 1 again and no
    # card: Injured at once.
    g = game("human", "orc", [6, 1, 4, 6, 1], "away")
    arrange(g, {1: (5, 5), 2: (5, 3), 101: (6, 5), 102: (6, 3)})
    s = g.state
    smash(g, 1, 101)
    assert g.pending.kind == "reroll_window"
    assert g.pending.team == "away"
    assert options(g) == (USE, ("keep",))
    assert g.pending.info == (ROOKIES, "armour")
    g.apply(USE)
    assert rolls(g, "armour") == [((1,), False, False), ((4,), True, True)]
    assert s.pos[s.idx[101]] == sq(g, 6, 5)
    assert s.prone[s.idx[101]]
    assert events_of(g, RookiesReroll) == [RookiesReroll("away", "armour")]
    assert s.rookies == -1
    assert g.pending.kind == "action"
    smash(g, 2, 102)  # the card is gone: no window
    assert s.pos[s.idx[102]] == -1
    assert g.pending.kind == "action"


def test_armour_reroll_that_fails_injures():
    # The re-roll's outcome is used: 1, then 2 (< 3): Injured.
    g = game("human", "orc", [6, 1, 2], "away")
    arrange(g, {1: (5, 5), 101: (6, 5)})
    smash(g, 1, 101)
    g.apply(USE)
    s = g.state
    assert s.pos[s.idx[101]] == -1
    # The Block's record knows its target was Injured (for the Challenges).
    assert s.turn_records[-1].target_injured


def test_armour_check_kept_injures_and_the_card_stays():
    g = game("human", "orc", [6, 1], "away")
    arrange(g, {1: (5, 5), 101: (6, 5)})
    smash(g, 1, 101)
    g.apply(("keep",))
    s = g.state
    assert s.pos[s.idx[101]] == -1
    assert s.rookies == 1
    assert events_of(g, RookiesReroll) == []


def test_no_window_for_the_other_coachs_armour_check():
    # The home coach holds the card; the Orc's Armour Check is the away
    # coach's: no window, the Orc is Injured at once. (The home Block Dice
    # window comes first: kept.)
    g = game("human", "orc", [6, 1], "home")
    arrange(g, {1: (5, 5), 101: (6, 5)})
    g.apply(("act", 1, "block"))
    g.apply(("target", 101))
    assert g.pending.info == (ROOKIES, "block")
    g.apply(("keep",))
    g.apply(("face", "smash"))
    assert g.pending.kind == "action"
    assert g.state.pos[g.state.idx[101]] == -1
    assert g.state.rookies == 0


def test_no_window_after_a_passed_armour_check():
    g = game("human", "orc", [6, 5], "away")
    arrange(g, {1: (5, 5), 101: (6, 5)})
    smash(g, 1, 101)
    assert g.pending.kind == "action"


def test_throw_check_rerolled():
    # Human Thrower (4, Throw 3+) at (2, 5) to the Catcher (5) at (9, 5):
    # 7 squares, Long (-1). A 1 fails; re-rolled, 4 - 1 = 3 passes.
    g = game("human", "orc", [1, 4], "home")
    arrange(g, {4: (2, 5), 5: (9, 5), 101: (15, 0)}, balls=[4])
    g.apply(("act", 4, "throw"))
    g.apply(("target", 5))
    assert g.pending.kind == "reroll_window"
    assert g.pending.info == (ROOKIES, "throw")
    g.apply(USE)
    assert rolls(g, "throw") == [((1,), False, False), ((4,), True, True)]
    assert g.state.ball_holder[0] == g.state.idx[5]
    assert events_of(g, RookiesReroll) == [RookiesReroll("home", "throw")]


def test_throw_check_kept_the_fumble_bounces_from_the_thrower():
    # Kept: the 1 is a fumble; the ball bounces from (2, 5), D8 3: east.
    g = game("human", "orc", [1, 3], "home")
    arrange(g, {4: (2, 5), 5: (9, 5), 101: (15, 0)}, balls=[4])
    g.apply(("act", 4, "throw"))
    g.apply(("target", 5))
    g.apply(("keep",))
    assert g.state.ball_pos[0] == sq(g, 3, 5)
    assert g.state.rookies == 0


def test_expert_passer_first_then_the_card_if_he_declines():
    # Elven Union Thrower (4, Throw 2+), Long: a 2 is a fumble (2 - 1 = 1).
    # He declines his own re-roll; the card's re-roll: 5 passes.
    g = game("elven_union", "orc", [2, 5], "home")
    arrange(g, {4: (2, 5), 5: (9, 5), 101: (15, 0)}, balls=[4])
    g.apply(("act", 4, "throw"))
    g.apply(("target", 5))
    assert g.pending.kind == "reroll"
    g.apply(("reroll", False))
    assert g.pending.kind == "reroll_window"
    g.apply(USE)
    assert g.state.ball_holder[0] == g.state.idx[5]


def test_a_throw_check_is_never_rerolled_twice():
    # Expert Passer's re-roll taken and failed (1): no card window; the
    # fumble bounces east (D8 3).
    g = game("elven_union", "orc", [2, 1, 3], "home")
    arrange(g, {4: (2, 5), 5: (9, 5), 101: (15, 0)}, balls=[4])
    g.apply(("act", 4, "throw"))
    g.apply(("target", 5))
    g.apply(("reroll", True))
    assert g.pending.kind == "action"
    assert g.state.rookies == 0
    assert g.state.ball_pos[0] == sq(g, 3, 5)


def test_block_dice_rerolled_and_the_new_faces_used():
    # Human Blitzer (6, Offensive Specialist) rolls a Miss (1); the card
    # re-rolls it: a Smash (6). The dice were re-rolled: no Offensive
    # Specialist re-roll on top.
    g = game("human", "orc", [1, 6], "home")
    arrange(g, {6: (5, 5), 101: (6, 5)})
    g.apply(("act", 6, "block"))
    g.apply(("target", 101))
    assert g.pending.kind == "reroll_window"
    assert g.pending.team == "home"
    assert g.pending.info == (ROOKIES, "block")
    g.apply(USE)
    assert g.pending.kind == "block_die"
    assert options(g) == (("face", "smash"),)
    first = events_of(g, BlockDice)
    assert [(e.faces, e.chosen) for e in first] == [(("miss",), "")]
    assert events_of(g, RookiesReroll) == [RookiesReroll("home", "block")]


def test_block_dice_kept_and_only_once():
    # Kept: the Miss stands and the Offensive Specialist may still re-roll.
    g = game("human", "orc", [1], "home")
    arrange(g, {6: (5, 5), 101: (6, 5)})
    g.apply(("act", 6, "block"))
    g.apply(("target", 101))
    g.apply(("keep",))
    assert options(g) == (("face", "miss"), ("reroll",))


def test_no_block_window_for_the_other_coach():
    # The away coach holds the card; the home Blitzer's dice are not theirs.
    g = game("human", "orc", [1], "away")
    arrange(g, {6: (5, 5), 101: (6, 5)})
    g.apply(("act", 6, "block"))
    g.apply(("target", 101))
    assert g.pending.kind == "block_die"


def test_block_window_once_then_gone():
    # Lineman 1 rolls a Miss (1), re-rolled with the card to a Shove (3);
    # Lineman 2's Miss (1) afterwards: no window.
    g = game("human", "orc", [1, 3, 1], "home")
    arrange(g, {1: (5, 5), 2: (5, 3), 101: (6, 5), 102: (6, 3)})
    g.apply(("act", 1, "block"))
    g.apply(("target", 101))
    g.apply(USE)
    g.apply(("face", "shove"))
    g.apply(("follow_up", False))
    g.apply(("act", 2, "block"))
    g.apply(("target", 102))
    assert g.pending.kind == "block_die"
    assert len(events_of(g, RookiesReroll)) == 1


def test_throw_team_mate_check_rerolled():
    # Ogre team: the Ogre (Throw Team-mate) throws a Gnoblar. Found below
    # by position name, since the card order is the data's.
    g0 = game("ogre", "orc", [], "home")
    s0 = g0.state
    ogre = next(s0.pid[i] for i in range(s0.n) if s0.position[i] == "Ogre")
    gnob = next(s0.pid[i] for i in range(s0.n) if s0.position[i] == "Gnoblar")
    value = s0.throw[s0.idx[ogre]]
    # A 1 always fails (a fumble: the Gnoblar is Injured); the re-roll, a
    # 6, always passes (Short: no modifier, nothing under the ruler).
    g = game("ogre", "orc", [1, 6], "home")
    arrange(g, {ogre: (5, 5), gnob: (5, 4), 101: (15, 0)})
    g.apply(("act", ogre, "throw_team_mate"))
    g.apply(("throw", gnob))
    g.apply(("square", sq(g, 7, 4)))
    assert g.pending.kind == "reroll_window"
    g.apply(USE)
    s = g.state
    assert s.pos[s.idx[gnob]] == sq(g, 7, 4)
    assert [
        (e.dice, e.target, e.success, e.rerolled)
        for e in events_of(g, Roll)
        if e.purpose == "throw_team_mate"
    ] == [((1,), value, False, False), ((6,), value, True, True)]
