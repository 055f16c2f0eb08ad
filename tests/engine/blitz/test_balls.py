"""Blitz Bowl Balls (rulebook optional rules "Blitz Bowl Balls"): who picks
the ball that enters play, and one test per ball with scripted dice.

Human (home): 1-3 Linemen (Block 1, Throw 4+, Armour 3+), 4 Thrower (Throw
3+), 5 Catcher. Dwarf: 1-3 Linemen (Throw 5+), 4 Runner (Throw 4+). Orc
(away): 101-103 Linemen (Armour 3+). Single board: the Trapdoor is (8, 5).
Bounce Chart: 3 E (1,0), 5 S (0,1), 7 W (-1,0). Block Die: 1 Miss,
2 Tackle, 3-4 Shove, 5 Kerrunch!, 6 Smash.
"""

from __future__ import annotations

from engine.blitz.balls import KINDS
from engine.blitz.events import BallChosen, BlockDice, Roll
from tests.engine.blitz.helpers import arrange, events_of, options, sq
from tests.engine.blitz.variant_helpers import MULTI, deck_with, game, to_event


def _kinds(g, *kinds):
    g.state.ball_kind[:] = list(kinds)


def test_the_coach_who_set_up_second_picks_the_first_ball():
    # first=0: home sets up first, so away picks; a Squig Ball is loose on
    # the Trapdoor at the start of home's first turn, so it bounces at
    # once: D8 3, (8,5) -> (9,5).
    g, fd = game(dice=[3], special_balls=True)
    assert g.pending.kind == "choose_ball"
    assert g.pending.team == "away"
    assert options(g) == tuple(("ball", k) for k in KINDS)
    g.apply(("ball", "squig_ball"))
    s = g.state
    assert s.ball_kind == ["squig_ball"]
    assert events_of(g, BallChosen) == [BallChosen("away", 0, "squig_ball")]
    assert s.ball_pos == [sq(g, 9, 5)]
    assert g.pending.kind == "action"
    assert g.pending.team == "home"


def test_no_ball_in_play_the_coach_whose_turn_it_is_picks_it():
    # No ball in play at home's second turn: at the No Ball in Play step
    # (after the Challenge cards) home picks; the new ball bounces D8 3 to
    # (9,5).
    g, fd = game(dice=[3], special_balls=True)
    g.apply(("ball", "standard"))  # away's pick at set-up: no dice
    g.apply(("end_turn",))
    arrange(g, {1: (1, 1), 101: (15, 5)})
    g.apply(("end_turn",))
    g.apply(("discard", 1))
    assert g.pending.kind == "choose_ball"
    assert g.pending.team == "home"
    g.apply(("ball", "dwarf_rune_ball"))
    s = g.state
    assert s.ball_pos == [sq(g, 9, 5)]
    assert s.ball_kind == ["dwarf_rune_ball"]


def test_multi_ball_each_coach_picks_one_the_drawer_first():
    # No ball in play: two new balls; home (the drawer) picks the first,
    # away the second; D8 3 -> (9,5), D8 7 -> (7,5).
    g, fd = game(dice=[3, 7], deck=deck_with(MULTI), special_balls=True)
    g.apply(("ball", "standard"))
    to_event(g, {1: (1, 1), 101: (15, 5)})
    assert g.pending.kind == "choose_ball"
    assert g.pending.team == "home"
    g.apply(("ball", "extra_spikey_ball"))
    assert g.pending.kind == "choose_ball"
    assert g.pending.team == "away"
    g.apply(("ball", "squig_ball"))
    s = g.state
    assert s.ball_kind == ["extra_spikey_ball", "squig_ball"]
    assert s.ball_pos == [sq(g, 9, 5), sq(g, 7, 5)]
    assert [(e.team, e.ball) for e in events_of(g, BallChosen)][1:] == [
        ("home", 0),
        ("away", 1),
    ]


def test_without_special_balls_no_choice_and_standard_balls():
    g, fd = game()
    assert g.state.ball_kind == ["standard"]
    assert events_of(g, BallChosen) == []


def test_dwarf_rune_ball_re_rolls_a_1_on_a_throw_check():
    # Human Thrower (Throw 3+) at (2,5) throws Short to the Catcher at
    # (5,5) holding the Rune Ball: D6 1 fails (a fumble); the coach may
    # re-roll: D6 4 >= 3, caught.
    g, fd = game(dice=[1, 4], special_balls=True)
    g.apply(("ball", "dwarf_rune_ball"))
    arrange(g, {4: (2, 5), 5: (5, 5), 101: (14, 9)}, balls=[4])
    _kinds(g, "dwarf_rune_ball")
    g.apply(("act", 4, "throw"))
    g.apply(("target", 5))
    assert g.pending.kind == "reroll"
    assert g.pending.info == ("dwarf_rune_ball",)
    g.apply(("reroll", True))
    s = g.state
    assert s.ball_holder == [s.idx[5]]
    throws = [(e.dice, e.success) for e in events_of(g, Roll) if e.purpose == "throw"]
    assert throws == [((1,), False), ((4,), True)]


def test_dwarf_rune_ball_a_non_dwarf_re_rolls_only_a_1():
    # D6 2 fails (2 < 3) but is no 1: no re-roll; the ball bounces from
    # the target's square (5,5): D8 3 -> (6,5).
    g, fd = game(dice=[2, 3], special_balls=True)
    g.apply(("ball", "dwarf_rune_ball"))
    arrange(g, {4: (2, 5), 5: (5, 5), 101: (14, 9)}, balls=[4])
    _kinds(g, "dwarf_rune_ball")
    g.apply(("act", 4, "throw"))
    g.apply(("target", 5))
    assert g.pending.kind == "action"
    assert g.state.ball_pos == [sq(g, 6, 5)]


def test_dwarf_rune_ball_a_dwarf_re_rolls_any_failed_throw():
    # Dwarf Runner (Throw 4+) at (2,5) to a Lineman at (5,5): D6 3 fails
    # (no 1); a Dwarf team may re-roll it: D6 5, caught.
    g, fd = game(home="dwarf", dice=[3, 5], special_balls=True)
    g.apply(("ball", "dwarf_rune_ball"))
    arrange(g, {4: (2, 5), 1: (5, 5), 101: (14, 9)}, balls=[4])
    _kinds(g, "dwarf_rune_ball")
    g.apply(("act", 4, "throw"))
    g.apply(("target", 1))
    assert g.pending.kind == "reroll"
    assert g.pending.info == ("dwarf_rune_ball",)
    g.apply(("reroll", True))
    s = g.state
    assert s.ball_holder == [s.idx[1]]


def test_extra_spikey_ball_its_holder_re_rolls_the_misses_only():
    # Home 1 (5,5) holds the Spikey Ball and Blocks away 101 (6,5),
    # Assisted by home 2 (6,4): two dice, D6 1 Miss and 3 Shove. The
    # re-roll takes the Miss only: D6 6 Smash; the Shove stays.
    g, fd = game(dice=[1, 3, 6], special_balls=True)
    g.apply(("ball", "extra_spikey_ball"))
    arrange(g, {1: (5, 5), 2: (6, 4), 101: (6, 5)}, balls=[1])
    _kinds(g, "extra_spikey_ball")
    g.apply(("act", 1, "block"))
    g.apply(("target", 101))
    assert g.pending.info == ("miss", "shove")
    assert ("reroll_miss",) in options(g)
    g.apply(("reroll_miss",))
    assert g.pending.info == ("smash", "shove")
    assert ("reroll_miss",) not in options(g)  # a die is re-rolled once
    assert events_of(g, BlockDice) == [BlockDice(1, 101, ("miss", "shove"), True, "")]
    assert fd.remaining == 0


def test_extra_spikey_ball_not_for_a_player_without_it():
    g, fd = game(dice=[1], special_balls=True)
    g.apply(("ball", "standard"))
    arrange(g, {1: (5, 5), 101: (6, 5)}, balls=[1])
    _kinds(g, "standard")
    g.apply(("act", 1, "block"))
    g.apply(("target", 101))
    assert ("reroll_miss",) not in options(g)


def test_squig_ball_bites_at_the_start_of_its_holders_turn():
    # At the start of away's first turn: ball 0 (Squig) held by away 101
    # at (10,5): D6 1, it bounces: D8 3 -> (11,5). Ball 1 (Squig) loose at
    # (3,3): it bounces: D8 5 -> (3,4). Ball 2 (Squig) held by home 1 at
    # (2,2): home's Player, not away's turn: nothing. Ball 3 (standard)
    # loose: nothing.
    g, fd = game(dice=[1, 3, 5], special_balls=True)
    g.apply(("ball", "standard"))
    arrange(
        g,
        {1: (2, 2), 101: (10, 5)},
        balls=[101, (3, 3), 1, (12, 8)],
    )
    _kinds(g, "squig_ball", "squig_ball", "squig_ball", "standard")
    g.apply(("end_turn",))
    s = g.state
    assert s.ball_pos == [sq(g, 11, 5), sq(g, 3, 4), sq(g, 2, 2), sq(g, 12, 8)]
    assert s.ball_holder == [-1, -1, s.idx[1], -1]
    bites = [(e.player, e.dice, e.success) for e in events_of(g, Roll)]
    assert bites == [(101, (1,), False)]
    assert fd.remaining == 0


def test_squig_ball_held_on_a_2_stays():
    g, fd = game(dice=[2], special_balls=True)
    g.apply(("ball", "standard"))
    arrange(g, {1: (2, 2), 101: (10, 5)}, balls=[101])
    _kinds(g, "squig_ball")
    g.apply(("end_turn",))
    s = g.state
    assert s.ball_holder == [s.idx[101]]
    assert fd.remaining == 0
