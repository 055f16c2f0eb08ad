"""Blitz Bowl's Important Principles and the Reserves and Stand Up Actions,
with scripted dice (rulebook "Throw Checks and Armour Checks", "Taking
Possession of a Ball", "Player Status", "Stand Up Action", "Reserves
Action", "Scoring Touchdowns"). The home End Zone is the column x = 0,
y = 0..10; the away End Zone is x = 16."""

from __future__ import annotations

from engine.blitz.events import Injured, Roll, Touchdown
from tests.engine.blitz.helpers import arrange, new_game, options, sq


def _rolls(g, purpose: str) -> list[Roll]:
    return [e for e in g.events if isinstance(e, Roll) and e.purpose == purpose]


def _reserve_squares(g, pid: int) -> set[int]:
    g.apply(("act", pid, "reserves"))
    assert g.pending.kind == "reserves"
    return {o[1] for o in options(g)}


# --- checks -------------------------------------------------------------


def test_armour_dash_fails_with_no_roll():
    # "A Player with a '-' for their Armour Value will automatically fail
    # any Armour Check they are required to make - do not roll the dice."
    # An Orc Lineman (1, Block 1) Smashes (6) a Snotling (101, Armour -):
    # Injured, to the Dugout, and no Armour Check is rolled.
    g, _ = new_game("orc", "snotling", dice=[6])
    arrange(g, {1: (5, 5), 101: (6, 5)})
    g.apply(("act", 1, "block"))
    g.apply(("target", 101))
    g.apply(("face", "smash"))
    s = g.state
    assert s.pos[s.idx[101]] == -1
    assert [e.player for e in g.events if isinstance(e, Injured)] == [101]
    assert _rolls(g, "armour") == []


def test_an_unmodified_six_passes_the_armour_check_after_a_kerrunch():
    # "a roll of an unmodified 6 on the dice will always succeed". A Human
    # Lineman (1) Kerrunches (5) a Goblin (101, Armour 6+): 6 - 1 = 5 is
    # below 6+, but the unmodified 6 passes: the Goblin stays, Prone.
    g, _ = new_game("human", "black_orc", dice=[5, 6])
    arrange(g, {1: (5, 5), 101: (6, 5)})
    g.apply(("act", 1, "block"))
    g.apply(("target", 101))
    g.apply(("face", "kerrunch"))
    (roll,) = _rolls(g, "armour")
    assert (roll.dice, roll.target, roll.modifier, roll.success) == ((6,), 6, -1, True)
    s = g.state
    assert s.pos[s.idx[101]] == sq(g, 6, 5)
    assert s.prone[s.idx[101]]


def test_a_throw_dash_player_running_onto_the_ball_makes_it_bounce():
    # "A Player with a '-' for their Throw Value cannot take possession of
    # a ball, and if they move into the same square as a ball ... it will
    # automatically Bounce again". The Wraith (5, Throw -) Runs onto the
    # ball at (6, 5); D8 3 (east) bounces it to (7, 5), where it rests.
    g, _ = new_game("necromantic", "orc", dice=[3])
    arrange(g, {5: (5, 5), 101: (15, 9)}, balls=[(6, 5)])
    g.apply(("act", 5, "run"))
    g.apply(("move", sq(g, 6, 5)))
    s = g.state
    assert s.ball_holder[0] == -1
    assert s.ball_pos[0] == sq(g, 7, 5)


# --- Stand Up -----------------------------------------------------------


def test_a_prone_player_may_only_stand_up_and_it_uses_an_action():
    # "A Prone Player can only make a Stand Up Action ... immediately stand
    # them up in the square they are occupying."
    g, _ = new_game()
    arrange(g, {1: (5, 5), 101: (15, 9)}, prone=[1])
    assert [o for o in options(g) if o[0] == "act" and o[1] == 1] == [
        ("act", 1, "stand_up")
    ]
    g.apply(("act", 1, "stand_up"))
    s = g.state
    assert not s.prone[s.idx[1]]
    assert s.pos[s.idx[1]] == sq(g, 5, 5)
    assert s.actions_used == 1


# --- Reserves -----------------------------------------------------------


def test_reserves_not_next_to_a_standing_opponent_nor_on_a_ball():
    # "They cannot be placed in a square that is adjacent to a standing
    # Opposition Player, or a square containing a ball, unless there is no
    # other option." A standing Orc at (1, 5) rules out y 4-6; a Prone one
    # at (1, 2) does not count (a Prone Player does "not affect the
    # placement of Players returning to the pitch"); the ball rules out y 8.
    g, _ = new_game()
    arrange(g, {101: (1, 5), 102: (1, 2)}, prone=[102], balls=[(0, 8)])
    assert _reserve_squares(g, 1) == {sq(g, 0, y) for y in (0, 1, 2, 3, 7, 9, 10)}


def test_reserves_next_to_opponents_when_no_other_square_but_not_on_the_ball():
    # Standing Orcs at x = 1, y 1, 4, 7, 10 stand next to every End Zone
    # square: "no other option", so those squares may be used. Decision
    # (actions.reserve_squares): a square holding a ball stays the last
    # resort ("In the rare situation that a Player ... must be placed in a
    # square containing a ball"), so (0, 0) is still not offered.
    g, _ = new_game()
    where = {101: (1, 1), 102: (1, 4), 103: (1, 7), 104: (1, 10)}
    arrange(g, where, balls=[(0, 0)])
    assert _reserve_squares(g, 1) == {sq(g, 0, y) for y in range(1, 11)}


def test_reserves_onto_the_ball_when_it_is_the_only_square_and_it_bounces():
    # "In the rare situation that a Player who makes a Reserves Action must
    # be placed in a square containing a ball, it immediately Bounces."
    # Every End Zone square but (0, 0) is taken; D8 3 (east) bounces the
    # ball to (1, 0).
    g, _ = new_game(dice=[3])
    home = dict(zip((2, 3, 4, 5, 6), range(1, 6), strict=True))
    away = dict(zip((101, 102, 103, 104, 105), range(6, 11), strict=True))
    where = {pid: (0, y) for pid, y in (home | away).items()}
    arrange(g, where, balls=[(0, 0)])
    assert _reserve_squares(g, 1) == {sq(g, 0, 0)}
    g.apply(("place", sq(g, 0, 0)))
    s = g.state
    assert s.pos[s.idx[1]] == sq(g, 0, 0)
    assert s.ball_holder[0] == -1
    assert s.ball_pos[0] == sq(g, 1, 0)


def test_no_reserves_action_when_the_end_zone_is_full():
    # "If every square in a team's End Zone is occupied by Players, their
    # team's Reserves Players cannot make Reserves Actions."
    g, _ = new_game()
    home = dict(zip((2, 3, 4, 5, 6), range(0, 5), strict=True))
    away = dict(zip(range(101, 107), range(5, 11), strict=True))
    where = {pid: (0, y) for pid, y in (home | away).items()}
    arrange(g, where)
    assert ("act", 1, "reserves") not in options(g)


def test_a_scorer_back_through_reserves_may_run_again():
    # Rulebook "Reserves Action": a Player who scored and comes back "is
    # allowed to make the same Action again if the team still has Actions
    # remaining" (the Dwarf Runner's example). The Catcher (5) Runs in with
    # the ball (4 points), comes back by a Reserves Action and may Run.
    g, _ = new_game()
    arrange(g, {5: (14, 5), 101: (5, 9)}, balls=[5])
    g.apply(("act", 5, "run"))
    g.apply(("move", sq(g, 15, 5)))
    g.apply(("move", sq(g, 16, 5)))
    if g.pending.kind == "run":
        g.apply(("stop",))
    assert [e.points for e in g.events if isinstance(e, Touchdown)] == [4]
    assert g.state.score == [4, 0]
    g.apply(("act", 5, "reserves"))
    g.apply(("place", sq(g, 0, 0)))
    assert ("act", 5, "run") in options(g)
