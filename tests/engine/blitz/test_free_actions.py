"""Abilities that grant free Actions (teams.md), with scripted dice. Each is
offered as a ``free_action`` decision after the granting Action's Claim
step and does not use up one of the three Player Actions."""

from __future__ import annotations

from tests.engine.blitz.helpers import arrange, new_game, options, sq


def mark(g, pid, *squares):
    g.apply(("act", pid, "mark"))
    for x, y in squares:
        g.apply(("move", sq(g, x, y)))


def test_frenzied_free_block_after_a_mark():
    # Dark Elf Witch Elf (6) Marks the Orc, then Blocks for free (D6 6).
    g, _ = new_game("dark_elf", "orc", dice=[6, 6])
    arrange(g, {6: (5, 5), 101: (8, 5)})
    mark(g, 6, (6, 5), (7, 5))
    assert g.pending.kind == "free_action"
    assert g.pending.info == ("frenzied",)
    g.apply(("free", 6, "block"))
    g.apply(("target", 101))
    g.apply(("face", "smash"))
    s = g.state
    assert s.prone[s.idx[101]]
    assert s.actions_used == 1  # the Block was free


def test_head_butt_needs_a_run_before_the_mark():
    g, _ = new_game("chaos_chosen", "orc")
    arrange(g, {1: (3, 5), 101: (8, 5)})
    g.apply(("act", 1, "run"))
    g.apply(("move", sq(g, 4, 5)))
    g.apply(("move", sq(g, 5, 5)))
    g.apply(("stop",))
    mark(g, 1, (6, 5), (7, 5))
    assert g.pending.kind == "free_action"
    assert g.pending.info == ("head_butt",)
    # Without the Run first: no free Block.
    g, _ = new_game("chaos_chosen", "orc")
    arrange(g, {1: (5, 5), 101: (8, 5)})
    mark(g, 1, (6, 5), (7, 5))
    assert g.pending.kind == "action"


def test_hit_and_run_free_run_of_two_squares_after_a_block():
    # Amazon Piranha Warrior Blitzer (5): Block (Miss, D6 1 would end her
    # Actions, so Shove, D6 3), then a free Run of at most 2 squares.
    g, _ = new_game("amazon", "orc", dice=[3])
    arrange(g, {5: (5, 5), 101: (6, 5), 102: (15, 9)})
    g.apply(("act", 5, "block"))
    g.apply(("target", 101))
    g.apply(("face", "shove"))
    g.apply(("follow_up", False))
    assert g.pending.info == ("hit_and_run",)
    g.apply(("free", 5, "run"))
    g.apply(("move", sq(g, 4, 5)))
    g.apply(("move", sq(g, 3, 5)))
    assert g.pending.kind == "action"  # two squares, and the Run ended
    assert g.state.pos[g.state.idx[5]] == sq(g, 3, 5)


def test_running_pass_free_short_throw_after_a_run():
    # Imperial Nobility Thrower (4, Throw 3+): Run, then a free Short Throw;
    # a Long target is not offered.
    g, _ = new_game("imperial_nobility", "orc", dice=[4])
    arrange(g, {4: (2, 5), 1: (6, 5), 2: (10, 5), 101: (15, 0)}, balls=[4])
    g.apply(("act", 4, "run"))
    g.apply(("move", sq(g, 3, 5)))
    g.apply(("stop",))
    assert g.pending.info == ("running_pass",)
    g.apply(("free", 4, "throw"))
    assert {o[1] for o in options(g)} == {1}  # (10, 5) is Long from (3, 5)
    g.apply(("target", 1))
    s = g.state
    assert s.ball_holder[0] == s.idx[1]


def test_catchers_instincts_free_run_after_a_successful_throw():
    g, _ = new_game(dice=[4])  # Human Thrower 4 to Catcher 5 (Throw 3+)
    arrange(g, {4: (2, 5), 5: (6, 5), 101: (15, 0)}, balls=[4])
    g.apply(("act", 4, "throw"))
    g.apply(("target", 5))
    assert g.pending.kind == "free_action"
    assert g.pending.info == ("catchers_instincts",)
    assert g.pending.player == 5


def test_no_catchers_instincts_after_a_hand_off():
    g, _ = new_game()
    arrange(g, {4: (2, 5), 5: (3, 5), 101: (15, 0)}, balls=[4])
    g.apply(("act", 4, "throw"))
    g.apply(("target", 5))
    assert g.pending.kind == "action"


def test_pick_me_up_stands_up_adjacent_prone_team_mates():
    # Norse Beer Boar (4) Runs next to the Prone Lineman 1.
    g, _ = new_game("norse", "orc")
    arrange(g, {4: (3, 3), 1: (5, 5), 101: (15, 0)}, prone=[1])
    g.apply(("act", 4, "run"))
    g.apply(("move", sq(g, 4, 4)))
    g.apply(("stop",))
    assert g.pending.info == ("pick_me_up",)
    g.apply(("free", 1, "stand_up"))
    assert not g.state.prone[g.state.idx[1]]


def test_regenerate_after_the_pre_turn_sequence():
    # A Prone Shambling Undead Skeleton (3) at the start of home's second
    # turn: after the forced discard, a free Stand Up is offered.
    g, _ = new_game("shambling_undead", "orc")
    where = {3: (5, 5), 1: (2, 2), 2: (2, 4), 4: (2, 6)}
    where |= {101: (15, 0), 102: (15, 2), 103: (15, 4)}
    arrange(g, where, prone=[3], balls=[(9, 9)])
    g.apply(("end_turn",))
    g.apply(("end_turn",))
    g.apply(("discard", 1))
    assert g.pending.kind == "free_action"
    assert g.pending.info == ("regenerate",)
    g.apply(("free", 3, "stand_up"))
    assert not g.state.prone[g.state.idx[3]]
    assert g.pending.kind == "action"


def test_wardance_free_sidestep_among_the_actions():
    g, _ = new_game("wood_elf", "orc")
    arrange(g, {6: (5, 5), 101: (6, 5)})
    assert ("free", 6, "sidestep") in options(g)
    g.apply(("free", 6, "sidestep"))
    g.apply(("move", sq(g, 4, 5)))
    assert g.state.actions_used == 0


def test_regenerate_in_the_coachs_first_turn_too():
    # teams.md Regenerate: "After the Pre-Turn Sequence of your turn, but
    # before making your first Player Action, if this Player is Prone they
    # can immediately make a free Stand Up Action." Rulebook: "In each
    # coach's first turn, do not complete the Pre-Turn Sequence - it is
    # skipped". Decision (game.Turn): the moment after it still comes, so a
    # Skeleton (3) lying Prone at the start of the away coach's first turn
    # is offered the free Stand Up before any Action.
    g, _ = new_game("orc", "shambling_undead")
    where = {1: (2, 2), 101: (14, 0), 103: (14, 5)}
    arrange(g, where, prone=[103], balls=[(9, 9)])
    g.apply(("end_turn",))
    assert g.state.turns == [1, 1]
    assert g.pending.kind == "free_action"
    assert g.pending.info == ("regenerate",)
    g.apply(("free", 103, "stand_up"))
    assert not g.state.prone[g.state.idx[103]]
    assert g.pending.kind == "action"
    assert g.state.actions_used == 0
