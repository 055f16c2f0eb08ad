"""The Bonus Plays the active coach plays with the Action decision or in a
window of their own turn (cards.md "Bonus Play Cards"), with scripted dice.
Card numbers and the teams' values: see bonus_helpers."""

from __future__ import annotations

from engine.blitz.events import ActionTaken
from tests.engine.blitz.bonus_helpers import (
    bonus_options,
    give,
    played,
    rolls,
    to_actions,
)
from tests.engine.blitz.helpers import arrange, new_game, options, sq


def test_accurate_throw_counts_the_thrower_as_throw_2_plus():
    # Lineman 1 (Throw 4+) throws Long (7 squares) to Lineman 2: -1. A 3:
    # 3 - 1 = 2 fails 4+, but meets 2+ with Accurate Throw.
    g, _ = new_game(dice=[3])
    arrange(g, {1: (2, 5), 2: (9, 5), 101: (15, 0)}, balls=[1])
    give(g, 0, 10)
    assert ("bonus", 10, 1, "throw") in options(g)
    g.apply(("bonus", 10, 1, "throw"))
    assert g.pending.kind == "throw_target"  # the card and the Action at once
    g.apply(("target", 2))
    s = g.state
    roll = rolls(g, "throw")[-1]
    assert (roll.target, roll.modifier, roll.success) == (2, -1, True)
    assert s.ball_holder[0] == s.idx[2]
    assert s.actions_used == 1
    assert played(g) == [("home", 10, "accurate_throw", 1)]
    assert s.hands[0] == []
    assert s.discards[-1] == 10
    assert s.action_effects == {}  # "for that Throw Action" only


def test_aggressive_mark_moves_up_to_four_squares():
    # The Orc is 5 squares away: a Mark of 2 cannot reach him (no Mark
    # offered), one of 4 can: (3,5), (4,5), (5,5), (6,5) Marks him and ends.
    g, _ = new_game()
    arrange(g, {1: (2, 5), 101: (7, 5)})
    give(g, 0, 5)
    assert ("act", 1, "mark") not in options(g)
    g.apply(("bonus", 5, 1, "mark"))
    for x in (3, 4, 5, 6):
        g.apply(("move", sq(g, x, 5)))
    s = g.state
    assert s.pos[s.idx[1]] == sq(g, 6, 5)
    assert g.pending.kind == "action"
    assert s.marked(s.idx[1])


def test_bladed_knuckle_dusters_make_the_armour_6_plus():
    # Smash (D6 6) Knocks the Orc Lineman (Armour 3+) Down; with the Dusters
    # his Armour is 6+: a 5 fails and he is Injured (it would hold at 3+).
    g, _ = new_game(dice=[6, 5])
    arrange(g, {1: (5, 5), 101: (6, 5)})
    give(g, 0, 17)
    g.apply(("act", 1, "block"))
    g.apply(("target", 101))
    g.apply(("face", "smash"))
    assert g.pending.kind == "bonus_window"
    assert g.pending.info == ("bladed_knuckle_dusters",)
    assert g.pending.team == "home"
    g.apply(("bonus", 17))
    s = g.state
    roll = rolls(g, "armour")[-1]
    assert (roll.dice, roll.target, roll.success) == ((5,), 6, False)
    assert s.pos[s.idx[101]] == -1


def test_blitz_gives_a_free_block_after_a_run_then_a_mark():
    # Run (2 squares), then Mark the Orc at (7, 5) from (4, 5): Blitz! gives
    # a free Block; Smash (6), Armour 2 against 3+ fails: Injured. Two
    # Player Actions used, the Block was free.
    g, _ = new_game(dice=[6, 2])
    arrange(g, {1: (2, 5), 101: (7, 5)})
    give(g, 0, 3)
    g.apply(("act", 1, "run"))
    g.apply(("move", sq(g, 3, 5)))
    g.apply(("move", sq(g, 4, 5)))
    g.apply(("stop",))
    g.apply(("act", 1, "mark"))
    g.apply(("move", sq(g, 5, 5)))
    g.apply(("move", sq(g, 6, 5)))
    assert g.pending.kind == "bonus_window"
    assert g.pending.info == ("blitz",)
    g.apply(("bonus", 3))
    g.apply(("target", 101))
    g.apply(("face", "smash"))
    s = g.state
    assert s.pos[s.idx[101]] == -1
    assert s.actions_used == 2
    assert [e for e in g.events if isinstance(e, ActionTaken)][-1] == (
        ActionTaken(1, "block", True)
    )


def test_blitz_is_not_offered_without_a_run_first():
    g, _ = new_game()
    arrange(g, {1: (4, 5), 101: (7, 5)})
    give(g, 0, 3)
    g.apply(("act", 1, "mark"))
    g.apply(("move", sq(g, 5, 5)))
    g.apply(("move", sq(g, 6, 5)))
    assert g.pending.kind == "action"
    assert g.state.hands[0] == [3]


def test_defensive_play_lets_a_run_step_next_to_an_opponent_and_ends_it():
    # Without the card (3, 5) -> (4, 5) -> (5, 5) is forbidden at (5, 5),
    # next to the Orc at (6, 5); with it the Run enters (5, 5) and ends
    # there although 3 of its 6 squares are left.
    g, _ = new_game()
    arrange(g, {1: (2, 5), 101: (6, 5)})
    give(g, 0, 25)
    g.apply(("act", 1, "run"))
    g.apply(("move", sq(g, 3, 5)))
    g.apply(("move", sq(g, 4, 5)))
    assert ("move", sq(g, 5, 5)) not in options(g)

    g, _ = new_game()
    arrange(g, {1: (2, 5), 101: (6, 5)})
    give(g, 0, 25)
    assert ("bonus", 25) in options(g)
    g.apply(("bonus", 25))
    assert g.pending.kind == "action"
    assert ("bonus", 25) not in options(g)
    g.apply(("act", 1, "run"))
    for x in (3, 4, 5):
        g.apply(("move", sq(g, x, 5)))
    s = g.state
    assert s.pos[s.idx[1]] == sq(g, 5, 5)
    assert g.pending.kind == "action"


def test_defensive_play_only_before_the_first_player_action():
    g, _ = new_game()
    arrange(g, {1: (2, 5), 2: (2, 8), 101: (15, 0)})
    give(g, 0, 25)
    g.apply(("act", 2, "run"))
    g.apply(("move", sq(g, 3, 8)))
    g.apply(("stop",))
    assert not bonus_options(g)


def test_diving_tackle_free_block_then_the_tackler_lies_prone():
    # Mark the Orc (2 squares), Diving Tackle: a free Block, Smash (6),
    # Armour 2 vs 3+: the Orc is Injured; then the tackler is placed Prone
    # with no Armour Check (one Armour roll in all, the Orc's).
    g, _ = new_game(dice=[6, 2])
    arrange(g, {1: (4, 5), 101: (7, 5)})
    give(g, 0, 24)
    g.apply(("act", 1, "mark"))
    g.apply(("move", sq(g, 5, 5)))
    g.apply(("move", sq(g, 6, 5)))
    assert g.pending.info == ("diving_tackle",)
    g.apply(("bonus", 24))
    g.apply(("target", 101))
    g.apply(("face", "smash"))
    s = g.state
    assert s.pos[s.idx[101]] == -1
    assert s.prone[s.idx[1]]
    assert s.pos[s.idx[1]] == sq(g, 6, 5)
    assert len(rolls(g, "armour")) == 1
    assert s.actions_used == 1


def test_dodge_runs_past_opponents_but_must_end_open():
    # Orcs at (4, 4) and (4, 6): every square east of (2, 5) for two columns
    # is next to one. With Dodge the Lineman goes (3, 5), (4, 5), (5, 5),
    # where he may not stop (not Open), then (6, 5), where he may.
    g, _ = new_game()
    arrange(g, {1: (2, 5), 2: (2, 9), 101: (4, 4), 102: (4, 6)})
    give(g, 0, 11)
    g.apply(("bonus", 11, 1, "run"))
    for x in (3, 4, 5):
        g.apply(("move", sq(g, x, 5)))
    assert ("stop",) not in options(g)
    g.apply(("move", sq(g, 6, 5)))
    g.apply(("stop",))
    s = g.state
    assert s.pos[s.idx[1]] == sq(g, 6, 5)
    # The card was for that Run only: Lineman 2's Run may not enter (3, 7),
    # next to the Orc at (4, 6).
    g.apply(("act", 2, "run"))
    assert ("move", sq(g, 3, 8)) in options(g)
    assert ("move", sq(g, 3, 7)) not in options(g)


def test_hail_mary_pass_reaches_anyone_and_succeeds_on_4_plus():
    # Thrower (3+) at (2, 5), Lineman at (14, 5): 12 squares, out of the
    # ruler's reach. Hail Mary: he may be the target, no modifier, 4 passes.
    g, _ = new_game(dice=[4])
    arrange(g, {4: (2, 5), 1: (14, 5), 101: (15, 0)}, balls=[4])
    give(g, 0, 21)
    assert not [o for o in options(g) if o == ("act", 4, "throw")]
    g.apply(("bonus", 21, 4, "throw"))
    assert ("target", 1) in options(g)
    g.apply(("target", 1))
    s = g.state
    roll = rolls(g, "throw")[-1]
    assert (roll.target, roll.modifier, roll.success) == (4, 0, True)
    assert s.ball_holder[0] == s.idx[1]
    # A 3 would pass the Thrower's 3+ but not the Hail Mary's 4+: the ball
    # scatters from the target (D8 3, east: (15, 5)).
    g, _ = new_game(dice=[3, 3])
    arrange(g, {4: (2, 5), 1: (14, 5), 101: (15, 0)}, balls=[4])
    give(g, 0, 21)
    g.apply(("bonus", 21, 4, "throw"))
    g.apply(("target", 1))
    assert not rolls(g, "throw")[-1].success
    assert g.state.ball_pos[0] == sq(g, 15, 5)


def test_inspiration_gives_a_fourth_player_action():
    g, _ = new_game()
    arrange(g, {1: (2, 1), 2: (2, 4), 3: (2, 7), 4: (2, 10), 101: (15, 0)})
    give(g, 0, 14)
    for pid, y in ((1, 1), (2, 4), (3, 7)):
        g.apply(("act", pid, "run"))
        g.apply(("move", sq(g, 3, y)))
        g.apply(("stop",))
    assert g.pending.kind == "bonus_window"
    assert g.pending.info == ("inspiration",)
    g.apply(("bonus", 14))
    assert g.pending.kind == "action"
    assert ("act", 4, "run") in options(g)
    g.apply(("act", 4, "run"))
    g.apply(("move", sq(g, 3, 10)))
    g.apply(("stop",))
    s = g.state
    taken = [e for e in g.events if isinstance(e, ActionTaken) and not e.free]
    assert len(taken) == 4
    assert g.pending.team == "away"  # four Actions, the turn is over
    assert s.actions_allowed == 3  # the next turn has three again


def test_jump_up_stands_a_prone_player_for_free():
    g, _ = new_game()
    arrange(g, {1: (5, 5), 2: (3, 3), 101: (15, 0)}, prone=[1])
    give(g, 0, 16)
    assert bonus_options(g) == [("bonus", 16, 1)]  # 2 is not Prone
    g.apply(("bonus", 16, 1))
    s = g.state
    assert not s.prone[s.idx[1]]
    assert s.actions_used == 0
    assert ("act", 1, "run") in options(g)  # he may still Run


def test_jump_up_not_offered_without_a_prone_player():
    g, _ = new_game()
    arrange(g, {1: (5, 5), 101: (15, 0)})
    give(g, 0, 16)
    assert not bonus_options(g)


def test_nerves_of_steel_lets_a_marked_player_throw():
    # The Thrower (3+) is Marked by the Orc: no Throw Action. With Nerves of
    # Steel he throws Short to Lineman 1 (2 squares, not next to him, Open,
    # nothing under the ruler): a 3 passes.
    g, _ = new_game(dice=[3])
    arrange(g, {4: (5, 5), 1: (3, 5), 101: (6, 6)}, balls=[4])
    give(g, 0, 20)
    assert ("act", 4, "throw") not in options(g)
    g.apply(("bonus", 20, 4, "throw"))
    g.apply(("target", 1))
    s = g.state
    assert s.ball_holder[0] == s.idx[1]
    assert rolls(g, "throw")[-1].modifier == 0


def test_raw_talent_rerolls_a_failed_throw_check():
    # Thrower (3+), Short: a 2 fails; Raw Talent re-rolls it: 5 passes.
    g, _ = new_game(dice=[2, 5])
    arrange(g, {4: (2, 5), 1: (6, 5), 101: (15, 0)}, balls=[4])
    give(g, 0, 1)
    g.apply(("act", 4, "throw"))
    g.apply(("target", 1))
    assert g.pending.kind == "bonus_window"
    assert g.pending.info == ("raw_talent",)
    g.apply(("bonus", 1))
    s = g.state
    assert [(r.dice, r.success, r.rerolled) for r in rolls(g, "throw")] == [
        ((2,), False, False),
        ((5,), True, True),
    ]
    assert s.ball_holder[0] == s.idx[1]


def test_raw_talent_rerolls_the_block_dice_and_a_passed_armour_check():
    # Block Dice: Miss (1); Raw Talent re-rolls: Smash (6). Another game:
    # Smash, Armour 4 holds 3+; Raw Talent re-rolls it: 1 fails, Injured.
    g, _ = new_game(dice=[1, 6, 2])
    arrange(g, {1: (5, 5), 101: (6, 5)})
    give(g, 0, 12)
    g.apply(("act", 1, "block"))
    g.apply(("target", 101))
    assert g.pending.info == ("miss",)
    assert ("bonus", 12) in options(g)
    g.apply(("bonus", 12))
    assert g.pending.info == ("smash",)
    assert ("bonus", 12) not in options(g)

    g, _ = new_game(dice=[6, 4, 1])
    arrange(g, {1: (5, 5), 101: (6, 5)})
    give(g, 0, 26)
    g.apply(("act", 1, "block"))
    g.apply(("target", 101))
    g.apply(("face", "smash"))
    assert g.pending.info == ("raw_talent",)
    g.apply(("bonus", 26))
    assert [r.dice for r in rolls(g, "armour")] == [(4,), (1,)]
    assert g.state.pos[g.state.idx[101]] == -1


def test_reserves_card_brings_a_dugout_player_on_for_free():
    g, _ = new_game()
    arrange(g, {1: (5, 5), 2: None, 101: (15, 0)})
    give(g, 0, 9)
    assert ("bonus", 9, 2) in options(g)
    g.apply(("bonus", 9, 2))
    assert g.pending.kind == "reserves"
    g.apply(("place", sq(g, 0, 5)))
    s = g.state
    assert s.pos[s.idx[2]] == sq(g, 0, 5)
    assert s.actions_used == 0
    assert ActionTaken(2, "reserves", True) in g.events


def test_sprint_adds_two_to_move_for_that_run_only():
    # Lineman (Move 6) with Sprint: 8 squares, (2, 3) to (10, 3), and the
    # Run ends. Lineman 2's Run next is back to 6 squares.
    g, _ = new_game()
    arrange(g, {1: (2, 3), 2: (2, 9), 101: (15, 0)})
    give(g, 0, 6)
    g.apply(("bonus", 6, 1, "run"))
    for x in range(3, 11):
        g.apply(("move", sq(g, x, 3)))
    s = g.state
    assert s.pos[s.idx[1]] == sq(g, 10, 3)
    assert g.pending.kind == "action"
    g.apply(("act", 2, "run"))
    for x in range(3, 9):
        g.apply(("move", sq(g, x, 9)))
    assert s.pos[s.idx[2]] == sq(g, 8, 9)
    assert g.pending.kind == "action"


def test_sprint_and_dodge_on_the_same_run():
    # Playing Sprint first binds the decision to that Run: Dodge may still
    # go with it, ending the turn may not.
    g, _ = new_game()
    arrange(g, {1: (2, 5), 101: (4, 4), 102: (4, 6)})
    give(g, 0, 6, 11)
    g.apply(("bonus", 6, 1, "run"))
    assert set(options(g)) == {("act", 1, "run"), ("bonus", 11, 1, "run")}
    g.apply(("bonus", 11, 1, "run"))
    assert g.pending.kind == "run"
    assert ("move", sq(g, 3, 5)) in options(g)  # Dodge: next to the Orcs


def test_the_kids_got_moxy_rolls_three_block_dice_unassisted():
    # Block 1, no Assist: one die; with Moxy three (1 Miss, 2 Tackle,
    # 6 Smash).
    g, _ = new_game(dice=[1, 2, 6])
    arrange(g, {1: (5, 5), 101: (6, 5)})
    give(g, 0, 18)
    g.apply(("act", 1, "block"))
    g.apply(("target", 101))
    assert g.pending.info == ("the_kids_got_moxy",)
    g.apply(("bonus", 18))
    assert g.pending.info == ("miss", "tackle", "smash")


def test_moxy_not_offered_to_an_assisted_block():
    g, _ = new_game(dice=[1, 1])
    arrange(g, {1: (5, 5), 2: (6, 4), 101: (6, 5)})
    give(g, 0, 18)
    g.apply(("act", 1, "block"))
    g.apply(("target", 101))
    assert g.pending.kind == "block_die"
    assert g.pending.info == ("miss", "miss")


def test_blocking_play_assists_every_block_this_turn_only():
    # The away coach plays it at the start of their turn: the Orc Lineman's
    # Block (Block 1, no team-mate Marking) rolls 2 dice. In their next
    # turn the same Block rolls 1.
    g, _ = new_game(dice=[1, 1, 4, 1])
    arrange(g, {101: (6, 5), 1: (5, 5), 2: (5, 9)}, balls=[(8, 0)])
    give(g, 1, 23)
    g.apply(("end_turn",))
    assert g.pending.team == "away"
    assert g.pending.info == ("blocking_play",)
    g.apply(("bonus", 23))
    g.apply(("act", 101, "block"))
    g.apply(("target", 1))
    assert g.pending.info == ("miss", "miss")
    g.apply(("face", "miss"))
    g.apply(("end_turn",))
    to_actions(g)
    g.apply(("end_turn",))
    to_actions(g)
    assert g.state.turn_effects == set()
    g.apply(("act", 101, "block"))
    g.apply(("target", 1))
    assert g.pending.info == ("shove",)


def test_raw_talent_rerolls_a_failed_throw_team_mate_check():
    # Ogre (Throw 5+) throws the Gnoblar Short to (8, 5): a 4 fails; Raw
    # Talent re-rolls: 5 passes, he lands standing with the ball.
    g, _ = new_game("ogre", "orc", dice=[4, 5])
    arrange(g, {7: (3, 5), 1: (4, 5), 101: (15, 0)}, balls=[1])
    give(g, 0, 26)
    g.apply(("act", 7, "throw_team_mate"))
    g.apply(("throw", 1))
    g.apply(("square", sq(g, 8, 5)))
    assert g.pending.info == ("raw_talent",)
    g.apply(("bonus", 26))
    s = g.state
    assert [r.dice for r in rolls(g, "throw_team_mate")] == [(4,), (5,)]
    i = s.idx[1]
    assert (s.pos[i], s.prone[i], s.ball_holder[0]) == (sq(g, 8, 5), False, i)


def test_blitz_block_targets_only_a_marked_player_even_for_a_bomber():
    # Snotling Fungus Flinga (7, Bomber: Blocks anyone within 3 squares)
    # Runs, then Marks the Orc at (6, 5) from (5, 5); the Orc at (7, 7) is
    # 2 squares off but not Marked: Blitz!'s Block may only target (6, 5).
    g, _ = new_game("snotling", "orc")
    arrange(g, {7: (2, 5), 101: (6, 5), 102: (7, 7)})
    give(g, 0, 3)
    g.apply(("act", 7, "run"))
    g.apply(("move", sq(g, 3, 5)))
    g.apply(("stop",))
    g.apply(("act", 7, "mark"))
    g.apply(("move", sq(g, 4, 5)))
    g.apply(("move", sq(g, 5, 5)))
    g.apply(("bonus", 3))
    assert options(g) == (("target", 101),)


def test_dusters_failed_check_may_still_be_rerolled_by_rookies_to_watch():
    # Smash (6), Bladed Knuckle Dusters: Armour 6+, a 5 fails; the Orc's
    # coach holds Rookies to Watch and re-rolls it: a 6 holds, he stays
    # Prone on the pitch.
    g, _ = new_game(dice=[6, 5, 6])
    arrange(g, {1: (5, 5), 101: (6, 5)})
    give(g, 0, 17)
    g.state.rookies = 1
    g.apply(("act", 1, "block"))
    g.apply(("target", 101))
    g.apply(("face", "smash"))
    g.apply(("bonus", 17))
    assert g.pending.kind == "reroll_window"
    assert g.pending.team == "away"
    g.apply(("reroll_with", "rookies_to_watch"))
    s = g.state
    assert [(r.dice, r.target) for r in rolls(g, "armour")] == [((5,), 6), ((6,), 6)]
    assert s.pos[s.idx[101]] == sq(g, 6, 5)
    assert s.prone[s.idx[101]]
