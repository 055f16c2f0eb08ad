"""Blitz Bowl Player Actions with scripted dice (rulebook "Actions" to
"Reserves Action", "Block Dice Results", "Bouncing Ball")."""

from __future__ import annotations

from engine.blitz.events import BallMoved, Injured, KnockedDown, Pushed, Roll
from tests.engine.blitz.helpers import arrange, new_game, options, sq

# Human: 1-3 Linemen (Move 6, Block 1, Throw 4+, Armour 3+), 4 Thrower
# (Throw 3+), 5 Catcher (Move 8, Armour 5+), 6 Blitzer (Move 7).
# Orc: 101-103 Linemen (Move 5, Armour 3+), 104 Thrower, 105 Blitzer
# (Armour 2+), 106 Big Un Blocker (Block 2, Armour 2+, Mighty Blow).


def test_run_never_enters_a_square_next_to_a_standing_opponent():
    g, _ = new_game()
    arrange(g, {1: (5, 5), 101: (7, 5)})
    g.apply(("act", 1, "run"))
    moves = {o[1] for o in options(g) if o[0] == "move"}
    s = g.state
    # (6, 4..6) touch the Orc at (7, 5); the other five neighbours do not.
    assert moves == {sq(g, 4, 4), sq(g, 4, 5), sq(g, 4, 6), sq(g, 5, 4), sq(g, 5, 6)}
    assert all(not s.next_to_standing_opponent(m, 0) for m in moves)


def test_run_may_pass_next_to_a_prone_opponent():
    g, _ = new_game()
    arrange(g, {1: (5, 5), 101: (7, 5)}, prone=[101])
    g.apply(("act", 1, "run"))
    moves = {o[1] for o in options(g) if o[0] == "move"}
    assert sq(g, 6, 5) in moves
    assert sq(g, 6, 4) in moves


def test_run_stops_after_the_move_value_and_picks_up_the_ball_free():
    g, _ = new_game()
    arrange(g, {1: (1, 1), 101: (15, 9)}, balls=[(3, 1)])
    g.apply(("act", 1, "run"))
    for x in range(2, 8):  # six squares: Move 6
        g.apply(("move", sq(g, x, 1)))
    s = g.state
    assert s.pos[s.idx[1]] == sq(g, 7, 1)
    assert s.ball_holder[0] == s.idx[1]
    assert s.ball_pos[0] == sq(g, 7, 1)
    assert not [e for e in g.events if isinstance(e, Roll)]  # no pick-up roll
    assert g.pending.kind == "action"  # the Run ended by itself


def test_mark_ends_as_soon_as_the_player_marks_and_must_end_marking():
    g, _ = new_game()
    arrange(g, {1: (5, 5), 101: (8, 5)})
    g.apply(("act", 1, "mark"))
    moves = {o[1] for o in options(g)}
    # Only steps from which an opponent can be Marked within two squares.
    assert moves == {sq(g, 6, 4), sq(g, 6, 5), sq(g, 6, 6)}
    g.apply(("move", sq(g, 6, 5)))
    g.apply(("move", sq(g, 7, 5)))
    s = g.state
    assert s.marked(s.idx[1])
    assert g.pending.kind == "action"


def test_mark_is_not_offered_with_no_opponent_in_reach():
    g, _ = new_game()
    arrange(g, {1: (2, 5), 101: (8, 5)})
    acts = {o[2] for o in options(g) if o[0] == "act" and o[1] == 1}
    assert acts == {"run"}


def test_marked_player_may_only_block_or_sidestep_and_sidestep_ends_open():
    g, _ = new_game()
    arrange(g, {1: (5, 5), 101: (6, 5)})
    acts = {o[2] for o in options(g) if o[0] == "act" and o[1] == 1}
    assert acts == {"block", "sidestep"}
    g.apply(("act", 1, "sidestep"))
    assert {o[1] for o in options(g)} == {sq(g, 4, 4), sq(g, 4, 5), sq(g, 4, 6)}


def test_block_dice_equal_block_value_and_the_blocker_chooses():
    # A Chosen Blocker (Block 2, no ability) blocks a Human Lineman: two
    # dice, 1 Miss and 6 Smash; the blocker picks Smash.
    g, _ = new_game("human", "chaos_chosen", dice=[1, 6, 2], first=1)
    arrange(g, {105: (6, 5), 1: (5, 5)})
    g.apply(("act", 105, "block"))
    g.apply(("target", 1))
    assert g.pending.kind == "block_die"
    assert {o[1] for o in options(g)} == {"miss", "smash"}
    g.apply(("face", "smash"))
    s = g.state
    # Smash: Knocked Down, Armour Check 2 against 3+ fails: Injured.
    assert [type(e) for e in g.events[-3:]] == [KnockedDown, Roll, Injured]
    assert s.pos[s.idx[1]] == -1


def test_assisted_block_rolls_one_more_die():
    g, _ = new_game(dice=[1, 1], first=0)
    arrange(g, {1: (5, 5), 2: (6, 4), 101: (6, 5)})
    g.apply(("act", 1, "block"))
    g.apply(("target", 101))
    assert g.pending.info == ("miss", "miss")


def test_shove_pushes_directly_away_and_the_blocker_may_follow():
    g, _ = new_game(dice=[3])
    arrange(g, {1: (5, 5), 101: (6, 6)})
    g.apply(("act", 1, "block"))
    g.apply(("target", 101))
    g.apply(("face", "shove"))
    s = g.state
    assert s.pos[s.idx[101]] == sq(g, 7, 7)
    assert g.pending.kind == "follow_up"
    g.apply(("follow_up", True))
    assert s.pos[s.idx[1]] == sq(g, 6, 6)


def test_shove_into_an_occupied_square_knocks_down_instead():
    g, _ = new_game(dice=[4, 3])  # Shove, then Armour 3 against 3+: holds
    arrange(g, {1: (5, 5), 101: (6, 5), 102: (7, 5)})
    g.apply(("act", 1, "block"))
    g.apply(("target", 101))
    g.apply(("face", "shove"))
    s = g.state
    assert s.prone[s.idx[101]]
    assert s.pos[s.idx[101]] == sq(g, 6, 5)
    assert not [e for e in g.events if isinstance(e, Pushed)]


def test_kerrunch_takes_one_from_the_armour_check():
    # Armour 3+: a 3 holds after a Smash, fails after a Kerrunch! (3-1 = 2).
    g, _ = new_game(dice=[5, 3])
    arrange(g, {1: (5, 5), 101: (6, 5)})
    g.apply(("act", 1, "block"))
    g.apply(("target", 101))
    g.apply(("face", "kerrunch"))
    roll = [e for e in g.events if isinstance(e, Roll)][-1]
    assert (roll.dice, roll.modifier, roll.success) == ((3,), -1, False)
    assert g.state.pos[g.state.idx[101]] == -1


def test_tackle_and_miss_end_the_blockers_actions_for_the_turn():
    g, _ = new_game(dice=[1])
    arrange(g, {1: (5, 5), 101: (6, 5)})
    g.apply(("act", 1, "block"))
    g.apply(("target", 101))
    g.apply(("face", "miss"))
    assert not [o for o in options(g) if o[0] == "act" and o[1] == 1]


def test_knocked_down_carrier_drops_the_ball_which_bounces():
    # Smash; D8 = 3 (east) moves the ball one square; Armour 6 holds.
    g, _ = new_game(dice=[6, 3, 6])
    arrange(g, {1: (5, 5), 101: (6, 5)}, balls=[101])
    g.apply(("act", 1, "block"))
    g.apply(("target", 101))
    g.apply(("face", "smash"))
    s = g.state
    assert s.ball_holder[0] == -1
    assert s.ball_pos[0] == sq(g, 7, 5)


def test_bounce_off_the_board_takes_the_next_direction_clockwise():
    # Carrier on the corner (0, 0): D8 = 8 (north-west) is off the board, so
    # are 1 (north) and 2 (north-east); 3 (east) is the first on it: (1, 0).
    g, _ = new_game(dice=[6, 8, 6])
    arrange(g, {1: (1, 1), 101: (0, 0)}, balls=[101])
    g.apply(("act", 1, "block"))
    g.apply(("target", 101))
    g.apply(("face", "smash"))
    bounces = [e for e in g.events if isinstance(e, BallMoved) and e.how == "bounce"]
    assert [(b.d8, b.to_sq) for b in bounces] == [(8, sq(g, 1, 0))]
    assert g.state.ball_pos[0] == sq(g, 1, 0)


def test_bounce_onto_a_marked_player_bounces_again_onto_an_open_one():
    # The Thrower at (2, 5) fumbles (D6 1): the ball bounces from his
    # square. D8 3 (east) lands on Lineman 1 at (3, 5), Marked by the Orc at
    # (4, 5): again. D8 5 (south) lands on the Catcher at (3, 6), also
    # Marked: again. D8 6 (south-west) lands on Lineman 2 at (2, 7), Open:
    # he takes it.
    g, _ = new_game(dice=[1, 3, 5, 6])
    arrange(
        g,
        {4: (2, 5), 1: (3, 5), 5: (3, 6), 2: (2, 7), 3: (8, 8), 101: (4, 5)},
        balls=[4],
    )
    g.apply(("act", 4, "throw"))
    g.apply(("target", 3))
    s = g.state
    assert s.ball_holder[0] == s.idx[2]


def test_throw_short_no_modifier_long_minus_one():
    # Thrower (3+) at (2, 5); Catcher 5 squares away (Short) then 7 (Long).
    g, _ = new_game(dice=[3])
    arrange(g, {4: (2, 5), 5: (7, 5), 101: (15, 0)}, balls=[4])
    g.apply(("act", 4, "throw"))
    g.apply(("target", 5))
    roll = [e for e in g.events if isinstance(e, Roll)][-1]
    assert (roll.target, roll.modifier, roll.success) == (3, 0, True)
    assert g.state.ball_holder[0] == g.state.idx[5]

    g, _ = new_game(dice=[3, 4])  # 3 - 1 = 2 fails; the ball bounces (D8 4)
    arrange(g, {4: (2, 5), 5: (9, 5), 101: (15, 0)}, balls=[4])
    g.apply(("act", 4, "throw"))
    g.apply(("target", 5))
    roll = [e for e in g.events if isinstance(e, Roll)][-1]
    assert (roll.modifier, roll.success) == (-1, False)
    assert g.state.ball_pos[0] == sq(g, 10, 6)


def test_obstructed_long_throw_is_capped_at_minus_one():
    # Long (7 squares) and Obstructed (an Open Orc under the ruler at (5, 5)):
    # two -1s, capped at -1; a 4 + (-1) = 3 meets Throw 3+.
    g, _ = new_game(dice=[4])
    arrange(g, {4: (2, 5), 5: (9, 5), 101: (5, 5)}, balls=[4])
    g.apply(("act", 4, "throw"))
    g.apply(("target", 5))
    roll = [e for e in g.events if isinstance(e, Roll)][-1]
    assert (roll.modifier, roll.success) == (-1, True)


def test_throw_to_a_marked_target_is_obstructed():
    g, _ = new_game(dice=[3, 1])
    arrange(g, {4: (2, 5), 5: (6, 5), 101: (7, 5)}, balls=[4])
    g.apply(("act", 4, "throw"))
    g.apply(("target", 5))
    roll = [e for e in g.events if isinstance(e, Roll)][-1]
    assert (roll.modifier, roll.success) == (-1, False)


def test_throw_out_of_ruler_range_is_not_offered():
    g, _ = new_game()
    arrange(g, {4: (2, 5), 5: (11, 5), 101: (15, 0)}, balls=[4])
    assert not [o for o in options(g) if o[0] == "act" and o[2] == "throw"]


def test_fumble_on_a_two_with_a_minus_one_bounces_from_the_thrower():
    g, _ = new_game(dice=[2, 3])
    arrange(g, {4: (2, 5), 5: (9, 5), 101: (15, 0)}, balls=[4])
    g.apply(("act", 4, "throw"))
    g.apply(("target", 5))
    s = g.state
    assert s.ball_pos[0] == sq(g, 3, 5)  # bounced east from the thrower


def test_hand_off_needs_no_check():
    g, _ = new_game()
    arrange(g, {4: (2, 5), 5: (3, 5), 101: (15, 0)}, balls=[4])
    g.apply(("act", 4, "throw"))
    g.apply(("target", 5))
    assert g.state.ball_holder[0] == g.state.idx[5]
    assert not [e for e in g.events if isinstance(e, Roll)]


def test_a_check_caps_the_total_modifier_at_minus_one():
    # A 4 against 3+ with -2 in modifiers: capped at -1, 4 - 1 = 3 passes.
    from engine.blitz.actions import check

    g, _ = new_game(dice=[4, 2])
    assert check(g.state, "armour", 0, 3, -2)
    roll = [e for e in g.events if isinstance(e, Roll)][-1]
    assert roll.modifier == -1
    # A 2 with +3 in modifiers, capped at +1: 2 + 1 = 3 meets 3+.
    assert check(g.state, "armour", 0, 3, +3)


def test_throw_targets_only_team_mates_who_may_take_the_ball():
    # rules.md "Throw Action": "A Player cannot make a Throw Action to a
    # Prone Team-mate"; Decision (throw.throw_targets): nor to one with
    # Throw "-" (the Wraith, who "cannot take possession of a ball") or one
    # holding a ball already. Necromantic: 1-3 Zombies, 4 Ghoul (4+),
    # 5 Wraith. The Ghoul holds a ball at (2, 5); every team-mate is
    # within Short range.
    g, _ = new_game(home="necromantic")
    arrange(
        g,
        {4: (2, 5), 5: (4, 5), 1: (4, 3), 2: (5, 5), 3: (4, 7), 101: (15, 0)},
        prone=[2],
        balls=[4, 1],
    )
    g.apply(("act", 4, "throw"))
    assert (g.pending.kind, g.pending.options) == ("throw_target", (("target", 3),))
