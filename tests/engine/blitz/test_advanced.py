"""The advanced rules' Foul and Throw Team-mate Actions with scripted dice
(rulebook "Foul Action", "Throw Team-mate Action"). Block Die faces by D6:
1 Miss, 2 Tackle, 3-4 Shove, 5 Kerrunch!, 6 Smash."""

from __future__ import annotations

import pytest

from engine.blitz.events import Injured
from tests.engine.blitz.bonus_helpers import give
from tests.engine.blitz.helpers import arrange, new_game, options, sq

# Ogre card: Gnoblars 1-6 (Move 5, Block 1, Throw 5+, Armour 6+, Titchy),
# Ogres 7-8 (Block 2, Throw 5+, Armour 2+). Orc: 101-103 Linemen (3+).


@pytest.mark.parametrize(
    ("d6", "target_out", "fouler_out", "fouler_stops"),
    [
        (6, True, False, False),  # Smash: Got Them!
        (5, True, False, False),  # Kerrunch!: Got Them!
        (2, True, True, False),  # Tackle: Take That!, and Spotted
        (1, False, True, False),  # Miss: Spotted!
        (3, False, False, True),  # Shove: Slipped!
    ],
)
def test_foul_results(d6, target_out, fouler_out, fouler_stops):
    g, _ = new_game(dice=[d6])
    arrange(g, {1: (5, 5), 2: (2, 2), 101: (6, 5)}, prone=[101])
    g.apply(("act", 1, "foul"))
    g.apply(("target", 101))
    s = g.state
    assert (s.pos[s.idx[101]] == -1) is target_out
    assert (s.pos[s.idx[1]] == -1) is fouler_out
    # Slipped!: no more Actions this turn. (A Spotted fouler is in the
    # Dugout, and may still come back with a Reserves Action.)
    others = {o[1] for o in options(g) if o[0] == "act"}
    assert (1 not in others) is fouler_stops


def test_foul_needs_a_prone_opponent_next_to_an_open_player():
    g, _ = new_game()
    arrange(g, {1: (5, 5), 101: (7, 5)}, prone=[101])
    assert ("act", 1, "foul") not in options(g)


def test_foul_is_not_offered_without_the_advanced_rules():
    g, _ = new_game(advanced=False)
    arrange(g, {1: (5, 5), 101: (6, 5)}, prone=[101])
    assert ("act", 1, "foul") not in options(g)


def ogres(dice):
    g, _ = new_game("ogre", "orc", dice=dice)
    return g


def test_only_an_ogre_throws_and_only_another_position():
    g = ogres([])
    arrange(g, {7: (3, 5), 8: (3, 6), 1: (4, 5), 101: (15, 0)})
    acts = {(o[1], o[2]) for o in options(g) if o[0] == "act"}
    assert (7, "throw_team_mate") in acts
    assert (1, "throw_team_mate") not in acts  # a Gnoblar cannot
    g.apply(("act", 7, "throw_team_mate"))
    assert {o[1] for o in options(g)} == {1}  # not the other Ogre


def test_successful_throw_lands_standing_with_the_ball():
    # Short (5 squares): no modifier; a 5 meets Throw 5+.
    g = ogres([5])
    arrange(g, {7: (3, 5), 1: (4, 5), 101: (15, 0)}, balls=[1])
    g.apply(("act", 7, "throw_team_mate"))
    g.apply(("throw", 1))
    g.apply(("square", sq(g, 8, 5)))
    s = g.state
    i = s.idx[1]
    assert (s.pos[i], s.prone[i], s.ball_holder[0]) == (sq(g, 8, 5), False, i)


def test_failed_throw_lands_prone_and_the_ball_bounces():
    g = ogres([4, 3])  # 4 fails 5+; the ball bounces east (D8 3)
    arrange(g, {7: (3, 5), 1: (4, 5), 101: (15, 0)}, balls=[1])
    g.apply(("act", 7, "throw_team_mate"))
    g.apply(("throw", 1))
    g.apply(("square", sq(g, 8, 5)))
    s = g.state
    assert s.prone[s.idx[1]]
    assert s.pos[s.idx[1]] == sq(g, 8, 5)
    assert s.ball_pos[0] == sq(g, 9, 5)


def test_fumble_injures_the_thrown_player_and_the_ball_bounces_from_the_thrower():
    g = ogres([1, 7])  # fumble; D8 7 (west) from the Ogre at (3, 5)
    arrange(g, {7: (3, 5), 1: (4, 5), 101: (15, 0)}, balls=[1])
    g.apply(("act", 7, "throw_team_mate"))
    g.apply(("throw", 1))
    g.apply(("square", sq(g, 8, 5)))
    s = g.state
    assert s.pos[s.idx[1]] == -1
    assert Injured(1, "throw_team_mate") in g.events
    assert s.ball_pos[0] == sq(g, 2, 5)


def test_thrown_onto_a_player_both_fall_armour_at_minus_one_after_success():
    # A 5 succeeds; the Orc Lineman on the square goes Prone, Armour 3 with
    # -1 (the throw succeeded) fails against 3+; the Gnoblar is Injured.
    g = ogres([5, 3])
    arrange(g, {7: (3, 5), 1: (4, 5), 101: (8, 5)})
    g.apply(("act", 7, "throw_team_mate"))
    g.apply(("throw", 1))
    g.apply(("square", sq(g, 8, 5)))
    s = g.state
    assert s.pos[s.idx[1]] == -1
    assert s.pos[s.idx[101]] == -1


def test_accurate_throw_goes_with_a_throw_not_a_throw_team_mate():
    # Decision (engine/blitz/bonus.py): Accurate Throw (card 10) is played
    # before a Throw Action; an Ogre's Throw Team-mate is not one
    g = ogres([])
    arrange(g, {7: (3, 5), 1: (4, 5), 2: (9, 5), 101: (15, 0)}, balls=[1])
    give(g, 0, 10)
    bonus = {o for o in options(g) if o[0] == "bonus"}
    assert ("bonus", 10, 1, "throw") in bonus  # the Gnoblar holding the ball
    assert not any(o[3] == "throw_team_mate" for o in bonus)
