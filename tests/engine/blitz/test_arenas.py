"""Blitz Bowl Arenas (rulebook optional rules "Blitz Bowl Arenas"): one test
per arena with scripted dice, and the D8 at set-up.

Human (home): 1-3 Linemen (Move 6, Block 1, Armour 3+), 4 Thrower (Throw
3+), 5 Catcher. Orc (away): 101-103 Linemen (Armour 3+). Both teams'
Emergency Reserves Value is 4. Single board: the Trapdoor is (8, 5).
Block Die: 1 Miss, 2 Tackle, 3-4 Shove, 5 Kerrunch!, 6 Smash.
"""

from __future__ import annotations

import pytest

from engine.blitz.events import (
    ArenaRolled,
    BallMoved,
    BlockDice,
    GameEnd,
    Injured,
    Roll,
)
from engine.blitz.game import BlitzGame
from engine.blitz.state import BlitzTeamSheet
from engine.core.dice import FixedDice
from engine.core.errors import RuleError
from tests.engine.blitz.helpers import DECK, arrange, events_of, options, sq
from tests.engine.blitz.variant_helpers import game


def test_no_arena_unless_asked_and_a_bad_arena_is_refused():
    g, _ = game()
    assert g.state.arena == 0
    assert events_of(g, ArenaRolled) == []
    for bad in (0, 9, "d8"):
        with pytest.raises(RuleError):
            game(arena=bad)


def test_the_d8_is_rolled_at_set_up_after_the_toss():
    # Toss D6 2 (1-3: home wins, away sets up and plays first), then the
    # D8 4: the Glittering Coliseum.
    fd = FixedDice([2, 4])
    g = BlitzGame(
        BlitzTeamSheet("H", "human"),
        BlitzTeamSheet("A", "orc"),
        fd,
        deck_order=DECK,
        arena="roll",
    )
    assert g.state.first_team == 1
    assert g.state.arena == 4
    assert events_of(g, ArenaRolled) == [ArenaRolled(4, 4, "glittering_coliseum")]
    assert g.events[0].to_dict()["type"] == "blitz_start"


def test_1_great_moot_bake_off_tent_emergency_reserves_one_lower():
    # 4 becomes 3: with three Reserves Players, home's second turn offers
    # Emergency Reserves (three is not enough at 4).
    for arena, offered in ((1, True), (None, False)):
        g, _ = game(arena=arena)
        assert g.state.emergency_reserves == ([3, 3] if arena else [4, 4])
        g.apply(("end_turn",))
        arrange(g, {1: (1, 1), 2: (1, 3), 3: (1, 5), 101: (15, 5)}, balls=[(8, 5)])
        g.apply(("end_turn",))
        g.apply(("discard", 1))
        assert (g.pending.kind == "emergency_reserves") is offered


def test_2_sewer_pipe_stadium_reserves_through_a_trapdoor():
    # Home 2 comes up through the Trapdoor (8,5): away 101 there is
    # Injured and the ball he holds is removed from the pitch.
    g, fd = game(arena=2)
    arrange(g, {1: (1, 1), 2: None, 101: (8, 5)}, balls=[101])
    g.apply(("act", 2, "reserves"))
    assert ("place", sq(g, 8, 5)) in options(g)
    assert ("place", sq(g, 0, 0)) in options(g)
    g.apply(("place", sq(g, 8, 5)))
    s = g.state
    assert s.pos[s.idx[2]] == sq(g, 8, 5)
    assert s.pos[s.idx[101]] == -1
    assert events_of(g, Injured) == [Injured(101, "sewer_pipe")]
    assert s.ball_pos == [-1]
    assert s.ball_holder == [-1]
    assert BallMoved(0, sq(g, 8, 5), -1, "removed", 0) in g.events
    # Without the arena, only End Zone squares.
    g, _ = game()
    arrange(g, {1: (1, 1), 2: None, 101: (8, 5)}, balls=[101])
    g.apply(("act", 2, "reserves"))
    assert all(g.state.board.in_end_zone(0, o[1]) for o in options(g))


def test_3_the_bone_pit_a_free_run_after_a_reserves_action():
    g, _ = game(arena=3)
    arrange(g, {1: (1, 1), 2: None, 101: (15, 5)}, balls=[(8, 5)])
    g.apply(("act", 2, "reserves"))
    g.apply(("place", sq(g, 0, 5)))
    assert g.pending.kind == "free_action"
    assert g.pending.info == ("bone_pit",)
    assert options(g) == (("free", 2, "run"), ("decline",))
    g.apply(("free", 2, "run"))
    g.apply(("move", sq(g, 1, 5)))
    g.apply(("stop",))
    s = g.state
    assert s.pos[s.idx[2]] == sq(g, 1, 5)
    assert s.actions_used == 1  # the Run was free
    g, _ = game()
    arrange(g, {1: (1, 1), 2: None, 101: (15, 5)}, balls=[(8, 5)])
    g.apply(("act", 2, "reserves"))
    g.apply(("place", sq(g, 0, 5)))
    assert g.pending.kind == "action"


@pytest.mark.parametrize(
    ("arena", "modifier", "caught"), [(4, 0, True), (None, -1, False)]
)
def test_4_glittering_coliseum_long_throws_take_no_minus_one(arena, modifier, caught):
    # Thrower (Throw 3+) at (2,5) to the Catcher at (9,5): 7 squares,
    # 6.5 > 5 so a Long Throw. D6 3: 3 + 0 >= 3 caught; 3 - 1 = 2 fails
    # and the ball bounces from (9,5): D8 3 E -> (10,5).
    g, fd = game(dice=[3, 3], arena=arena)
    arrange(g, {4: (2, 5), 5: (9, 5), 101: (14, 9)}, balls=[4])
    g.apply(("act", 4, "throw"))
    g.apply(("target", 5))
    throw = [e for e in events_of(g, Roll) if e.purpose == "throw"]
    assert [(e.dice, e.modifier, e.success) for e in throw] == [
        ((3,), modifier, caught)
    ]
    s = g.state
    assert (s.ball_holder[0] == s.idx[5]) is caught


@pytest.mark.parametrize(
    ("arena", "modifier", "injured"), [(5, -1, True), (None, 0, False)]
)
def test_5_coliseum_of_chaos_a_shove_that_cannot_push_is_a_kerrunch(
    arena, modifier, injured
):
    # Home 1 (5,5) Shoves (D6 3) away 101 (6,5); (7,5) behind holds away
    # 102: no push, so Knocked Down: with a Kerrunch! the Armour Check is
    # at -1, D6 3 against 3+: 2 fails; as a Smash 3 passes.
    g, fd = game(dice=[3, 3], arena=arena)
    arrange(g, {1: (5, 5), 101: (6, 5), 102: (7, 5)}, balls=[(12, 2)])
    g.apply(("act", 1, "block"))
    g.apply(("target", 101))
    g.apply(("face", "shove"))
    armour = [e for e in events_of(g, Roll) if e.purpose == "armour"]
    assert [(e.modifier, e.success) for e in armour] == [(modifier, not injured)]
    s = g.state
    assert (s.pos[s.idx[101]] < 0) is injured


@pytest.mark.parametrize(("arena", "dice"), [(6, 3), (None, 2)])
def test_6_badlands_fighting_pit_an_assisted_block_rolls_two_more(arena, dice):
    # Home 1 (5,5) Blocks away 101 (6,5), Marked also by home 2 (6,4):
    # Assisted. Block 1: 1 + 2 = 3 dice (at most three), else 1 + 1 = 2.
    g, fd = game(dice=[1, 1, 1], arena=arena)
    arrange(g, {1: (5, 5), 2: (6, 4), 101: (6, 5)}, balls=[(12, 2)])
    g.apply(("act", 1, "block"))
    g.apply(("target", 101))
    assert g.pending.info == ("miss",) * dice
    assert fd.remaining == 3 - dice


def test_6_badlands_an_unassisted_block_is_unchanged_and_block_2_rolls_three():
    # Unassisted: Block 1 = 1 die. The Orc Big Un Blocker (Block 2)
    # Assisted: 2 + 2 = 4, at most 3 (and never fewer than 2 + 1 = 3).
    g, fd = game(dice=[1, 1, 1], arena=6)
    arrange(g, {1: (5, 5), 101: (6, 5)}, balls=[(12, 2)])
    g.apply(("act", 1, "block"))
    g.apply(("target", 101))
    assert g.pending.info == ("miss",)
    g, fd = game(dice=[1, 1, 1], arena=6, first=1)
    arrange(g, {106: (6, 5), 105: (4, 4), 1: (5, 5)}, balls=[(12, 2)])
    g.apply(("act", 106, "block"))
    g.apply(("target", 1))
    assert g.pending.info == ("miss",) * 3


@pytest.mark.parametrize(("arena", "ended"), [("roll", True), (None, False)])
def test_7_mountain_summit_stadium_sudden_death_at_eight(arena, ended):
    # D8 7: Mountain Summit Stadium. Home 8 points ahead at the start of
    # its second turn: a Sudden Death Victory (8 >= 8), not at 10.
    g, fd = game(dice=[7] if arena else [], arena=arena)
    s = g.state
    if arena:
        assert events_of(g, ArenaRolled) == [
            ArenaRolled(7, 7, "mountain_summit_stadium")
        ]
    s.score[0] = 8
    g.apply(("end_turn",))
    g.apply(("end_turn",))
    assert g.done is ended
    if ended:
        assert events_of(g, GameEnd) == [GameEnd("sudden_death", "home", 8, 0)]


@pytest.mark.parametrize(
    ("target_at", "arena", "dice"),
    [((7, 5), 8, 2), ((7, 5), None, 1), ((6, 2), 8, 1)],
)
def test_8_overgrown_arena_a_target_next_to_a_trapdoor_is_assisted(
    target_at, arena, dice
):
    # Away 101 at (7,5) is next to the Trapdoor (8,5): the Block counts as
    # Assisted, Block 1 + 1 = 2 dice; at (6,2) it is not: 1 die.
    g, fd = game(dice=[1, 1], arena=arena)
    x, y = target_at
    arrange(g, {1: (x - 1, y), 101: target_at}, balls=[(12, 2)])
    g.apply(("act", 1, "block"))
    g.apply(("target", 101))
    assert g.pending.info == ("miss",) * dice
    assert g.state.stack[-1].assisted is (dice == 2)
    assert [e for e in events_of(g, BlockDice)] == []
