"""The abilities that change how a Run moves or how a Block resolves,
played as teams.md writes them: Leap and Ethereal (through squares they may
not end on), Dump-off (the target's Interrupting Short Throw) and Enforcer
(every Block Die resolved). Block Die faces by D6: 1 Miss, 2 Tackle,
3-4 Shove, 5 Kerrunch!, 6 Smash. Home Players 1.., away 101.."""

from __future__ import annotations

from engine.blitz.events import DumpOff, Moved, Roll
from tests.engine.blitz.helpers import arrange, events_of, new_game, options, sq
from tests.engine.blitz.variant_helpers import game


def moves(g):
    return {o[1] for o in options(g) if o[0] == "move"}


def test_leap_runs_through_opponents_and_team_mates_but_never_ends_on_them():
    # Snotling Fun-Hoppa (8, Leap, Move 6) at (3, 5); an Orc (101) at (5, 5),
    # a Snotling team-mate (1) at (7, 5). Through the Orc: (4, 5) is next to
    # him (allowed, Leap may pass next to opponents), (5, 5) is his square.
    g, _ = new_game("snotling", "orc")
    arrange(g, {8: (3, 5), 1: (7, 5), 101: (5, 5)})
    s = g.state
    g.apply(("act", 8, "run"))
    g.apply(("move", sq(g, 4, 5)))
    assert sq(g, 5, 5) in moves(g)
    g.apply(("move", sq(g, 5, 5)))  # over the Orc: he stays where he is
    assert ("stop",) not in options(g)
    assert s.pos[s.idx[8]] == sq(g, 4, 5)
    assert s.pos[s.idx[101]] == sq(g, 5, 5)
    g.apply(("move", sq(g, 6, 5)))  # lands: Marked by the Orc, cannot stop
    assert ("stop",) not in options(g)
    assert sq(g, 7, 5) in moves(g)  # over the team-mate, 3 squares left
    g.apply(("move", sq(g, 7, 5)))
    g.apply(("move", sq(g, 8, 5)))  # 5 of 6 squares; (8, 5) is Open
    assert ("stop",) in options(g)
    g.apply(("stop",))
    assert s.pos[s.idx[8]] == sq(g, 8, 5)
    assert s.pos[s.idx[1]] == sq(g, 7, 5)
    # A pass is logged as one move, from where the Player stood to where
    # they landed: (3,5)->(4,5), (4,5)->(6,5), (6,5)->(8,5).
    hops = [(e.from_sq, e.to_sq) for e in events_of(g, Moved)]
    assert hops == [
        (sq(g, 3, 5), sq(g, 4, 5)),
        (sq(g, 4, 5), sq(g, 6, 5)),
        (sq(g, 6, 5), sq(g, 8, 5)),
    ]


def test_leap_needs_a_square_to_land_on_within_its_move():
    # Fun-Hoppa at (3, 4), Move 6: five steps to (8, 4) leave one square,
    # so it may not step onto the team-mate at (9, 4) (it could not end
    # there and has no square left to land beyond).
    g, _ = new_game("snotling", "orc")
    arrange(g, {8: (3, 4), 1: (9, 4), 101: (15, 0)})
    g.apply(("act", 8, "run"))
    for x in range(4, 9):
        g.apply(("move", sq(g, x, 4)))
    assert sq(g, 9, 4) not in moves(g)
    assert sq(g, 9, 3) in moves(g)


def test_a_plain_runner_never_enters_a_players_square():
    g, _ = new_game("snotling", "orc")
    arrange(g, {1: (3, 5), 2: (4, 5), 101: (15, 0)})
    g.apply(("act", 1, "run"))
    assert sq(g, 4, 5) not in moves(g)


def test_leap_does_not_pass_obstructions_ethereal_does():
    # The single side's obstruction at (5, 2). The Fun-Hoppa (Leap) at
    # (4, 2) may not enter it; the Necromantic Wraith (5, Ethereal) may,
    # but not stop there, and lands at (6, 2).
    g, _ = new_game("snotling", "orc")
    arrange(g, {8: (4, 2), 101: (15, 0)})
    g.apply(("act", 8, "run"))
    assert sq(g, 5, 2) not in moves(g)

    g, _ = new_game("necromantic", "orc")
    arrange(g, {5: (4, 2), 101: (15, 0)})
    s = g.state
    g.apply(("act", 5, "run"))
    assert sq(g, 5, 2) in moves(g)
    g.apply(("move", sq(g, 5, 2)))
    assert ("stop",) not in options(g)
    assert s.pos[s.idx[5]] == sq(g, 4, 2)
    g.apply(("move", sq(g, 6, 2)))
    assert s.pos[s.idx[5]] == sq(g, 6, 2)
    assert ("stop",) in options(g)


def test_ethereal_runs_through_players_too():
    g, _ = new_game("necromantic", "orc")
    arrange(g, {5: (3, 5), 1: (4, 5), 101: (15, 0)})
    g.apply(("act", 5, "run"))
    assert sq(g, 4, 5) in moves(g)


def _dump_off_game(dice):
    # Orc Lineman 101 (Block 1) Blocks the Dark Elf Runner (4, Throw 3+,
    # Dump-off) who holds the ball at (5, 5); his Lineman team-mate 1 at
    # (3, 5) is 2 squares off: Short; Orc 102 at (3, 6) Marks the Lineman
    # (a Throw to him is Obstructed, -1), and is not next to the Runner.
    g, _ = new_game("dark_elf", "orc", dice=dice, first=1)
    arrange(g, {4: (5, 5), 1: (3, 5), 101: (6, 5), 102: (3, 6)}, balls=[4])
    g.apply(("act", 101, "block"))
    g.apply(("target", 4))
    return g


def test_dump_off_interrupts_the_block_with_an_unmodified_short_throw():
    # The receiver is Marked (a Throw normally at -1: Obstructed); Dump-off
    # throws with no modifier, so a 3 passes the Runner's 3+ (3 - 1 = 2
    # would fail). Then the Block goes on: its die, a 6, is a Smash.
    g = _dump_off_game([3, 6])
    s = g.state
    assert g.pending.kind == "dump_off"
    assert g.pending.team == "home"  # the target's coach decides
    assert options(g) == (("dump_off", 1), ("decline",))
    g.apply(("dump_off", 1))
    throw = [e for e in events_of(g, Roll) if e.purpose == "throw"]
    assert [(e.dice, e.modifier, e.success) for e in throw] == [((3,), 0, True)]
    assert s.ball_holder[0] == s.idx[1]
    assert events_of(g, DumpOff) == [DumpOff(4, 101)]
    assert g.pending.kind == "block_die"
    assert g.pending.info == ("smash",)
    # The blocker's Action record is not the throw's.
    rec = s.current_record
    assert rec.target == s.idx[4]
    assert not rec.throw_success


def test_dump_off_declined_the_block_hits_the_carrier():
    g = _dump_off_game([6])
    g.apply(("decline",))
    s = g.state
    assert s.ball_holder[0] == s.idx[4]
    assert g.pending.kind == "block_die"


def test_no_dump_off_without_a_ball():
    g, _ = new_game("dark_elf", "orc", dice=[6], first=1)
    arrange(g, {4: (5, 5), 1: (3, 5), 101: (6, 5)}, balls=[(0, 0)])
    g.apply(("act", 101, "block"))
    g.apply(("target", 4))
    assert g.pending.kind == "block_die"


def test_enforcer_resolves_every_die_and_always_follows_up():
    # Khorne Bloodseeker (6, Block 2, Enforcer) at (5, 5) Blocks an Orc
    # Lineman (101, Armour 3+) at (6, 5): Shove (3) and Smash (6). The Shove
    # first: the Orc goes to (7, 5), the Bloodseeker follows to (6, 5) with
    # no choice; then the Smash: Knocked Down, Armour 3 holds.
    g, _ = new_game("khorne", "orc", dice=[3, 6, 3])
    arrange(g, {6: (5, 5), 101: (6, 5)})
    s = g.state
    g.apply(("act", 6, "block"))
    g.apply(("target", 101))
    assert options(g) == (("face", "smash"), ("face", "shove"))
    g.apply(("face", "shove"))
    assert s.pos[s.idx[101]] == sq(g, 7, 5)
    assert s.pos[s.idx[6]] == sq(g, 6, 5)  # followed up
    assert options(g) == (("face", "smash"),)
    g.apply(("face", "smash"))
    assert s.prone[s.idx[101]]
    assert g.pending.kind == "action"


def test_enforcer_makes_an_armour_check_for_each_knock_down():
    # Smash (6) then Kerrunch! (5): two Armour Checks, 3 against 3+ holds,
    # then 3 - 1 = 2 fails: Injured.
    g, _ = new_game("khorne", "orc", dice=[6, 5, 3, 3])
    arrange(g, {6: (5, 5), 101: (6, 5)})
    s = g.state
    g.apply(("act", 6, "block"))
    g.apply(("target", 101))
    g.apply(("face", "smash"))
    assert s.prone[s.idx[101]]
    g.apply(("face", "kerrunch"))
    armour = [e for e in events_of(g, Roll) if e.purpose == "armour"]
    assert [(e.dice, e.modifier, e.success) for e in armour] == [
        ((3,), 0, True),
        ((3,), -1, False),
    ]
    assert s.pos[s.idx[101]] == -1


def test_a_blocker_without_enforcer_resolves_one_die():
    # The Orc Big Un Blocker (6, Block 2) against a Human Lineman: Shove
    # (3) and Miss (1); the Shove chosen, only the follow-up is left.
    g, _ = new_game("orc", "human", dice=[3, 1])
    arrange(g, {6: (5, 5), 101: (6, 5)})
    g.apply(("act", 6, "block"))
    g.apply(("target", 101))
    g.apply(("face", "shove"))
    assert g.pending.kind == "follow_up"


def test_handling_skills_takes_the_ball_when_pushed_into_its_square():
    # Orc Lineman 101 at (6, 5) Shoves (3) the Human Thrower (4, Handling
    # Skills) at (5, 5) west to (4, 5), where the ball lies: he takes it.
    g, _ = new_game("human", "orc", dice=[3], first=1)
    arrange(g, {4: (5, 5), 101: (6, 5)}, balls=[(4, 5)])
    g.apply(("act", 101, "block"))
    g.apply(("target", 4))
    g.apply(("face", "shove"))
    s = g.state
    assert s.pos[s.idx[4]] == sq(g, 4, 5)
    assert s.ball_holder[0] == s.idx[4]


def test_without_handling_skills_a_pushed_player_bounces_the_ball():
    # The same Shove on a Human Lineman (1): the ball bounces, D8 3 (east)
    # to the square he was pushed from, (5, 5), now empty.
    g, _ = new_game("human", "orc", dice=[3, 3], first=1)
    arrange(g, {1: (5, 5), 101: (6, 5)}, balls=[(4, 5)])
    g.apply(("act", 101, "block"))
    g.apply(("target", 1))
    g.apply(("face", "shove"))
    s = g.state
    assert s.ball_holder[0] == -1
    assert s.ball_pos[0] == sq(g, 5, 5)


def test_enforcer_with_the_extra_spikey_ball_rerolls_misses_before_any_die():
    # The Bloodseeker (6, Block 2) holds the Extra Spikey Ball: Miss (1) and
    # Shove (3); the Misses re-rolled first (6: Smash), then both faces are
    # resolved one by one and no second re-roll is offered.
    g, _ = game("khorne", "orc", dice=[1, 3, 6], special_balls=True)
    g.apply(("ball", "extra_spikey_ball"))
    arrange(g, {6: (5, 5), 101: (6, 5)}, balls=[6])
    g.state.ball_kind[:] = ["extra_spikey_ball"]
    g.apply(("act", 6, "block"))
    g.apply(("target", 101))
    assert options(g) == (("face", "shove"), ("face", "miss"), ("reroll_miss",))
    g.apply(("reroll_miss",))
    assert options(g) == (("face", "smash"), ("face", "shove"))
    g.apply(("face", "shove"))
    assert options(g) == (("face", "smash"),)
