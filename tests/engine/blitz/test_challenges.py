"""The 15 Challenges, each claimed (or not) after the Action that meets it
(cards.md "Challenge Cards"). Deck cards by number: 1-2 Break Some Bones!,
3-4 Free Up The Ball!, 5-6 Get Moving!, 7-8 Get The Ball!, 9 Get Together!,
10 Make A Risky Throw!, 11-12 Move The Ball!, 13-15 Play As A Team!,
16 Show No Fear!, 17-18 Show Them How It's Done!, 19-20 Show Us A
Completion!, 21 Showboat For The Crowd!, 22 Spread Out!, 23-24 Take Them
Down!, 25-26 Tie Them Up!."""

from __future__ import annotations

import pytest

from engine.blitz.events import CardClaimed, CleanSweep
from tests.engine.blitz.helpers import arrange, new_game, sq


def deck_with(*top: int) -> list[int]:
    return list(top) + [n for n in range(1, 27) if n not in top]


def game_with(cards: tuple[int, ...], dice=(), **kw):
    g, fd = new_game(dice=dice, deck=deck_with(*cards), **kw)
    g.state.turns[g.state.first_team] = 2  # past the first coach's first turn
    return g


def claimed(g) -> list[str]:
    return [e.challenge for e in g.events if isinstance(e, CardClaimed)]


def run_to(g, pid, *squares):
    g.apply(("act", pid, "run"))
    for x, y in squares:
        g.apply(("move", sq(g, x, y)))
    if g.pending is not None and g.pending.kind == "run":
        g.apply(("stop",))


def test_no_card_is_claimed_in_the_first_coachs_first_turn():
    g, _ = new_game(deck=deck_with(23, 5, 9))
    arrange(g, {1: (5, 5), 2: (3, 3), 3: (3, 7), 101: (15, 5)})
    run_to(g, 1, (4, 4))  # next to team-mate 2 only
    run_to(g, 3, (4, 6))
    run_to(g, 2, (4, 3))
    assert claimed(g) == []
    assert g.pending.team == "away"


def test_get_moving_on_the_third_run_and_the_points_scored():
    g = game_with((5, 23, 25))
    arrange(g, {1: (2, 1), 2: (2, 5), 3: (2, 9), 101: (15, 5)})
    run_to(g, 1, (3, 1))
    run_to(g, 2, (3, 5))
    assert claimed(g) == []
    run_to(g, 3, (3, 9))
    assert claimed(g) == ["get_moving"]
    assert g.state.score == [2, 0]
    assert g.state.hands[0] == [5]


def test_get_together_needs_two_team_mates_adjacent():
    g = game_with((9, 23, 25))
    arrange(g, {1: (2, 1), 2: (5, 5), 3: (5, 7), 101: (15, 5)})
    run_to(g, 1, (3, 2), (4, 3), (4, 4))  # next to 2 only
    assert claimed(g) == []
    g = game_with((9, 23, 25))
    arrange(g, {1: (2, 1), 2: (5, 5), 3: (5, 7), 101: (15, 5)})
    run_to(g, 1, (3, 2), (4, 3), (4, 4), (4, 5), (4, 6))  # next to 2 and 3
    assert claimed(g) == ["get_together"]


def test_spread_out_when_no_one_stands_next_to_a_team_mate():
    g = game_with((22, 23, 25))
    arrange(g, {1: (2, 1), 2: (2, 2), 3: (8, 8), 101: (15, 5)})
    run_to(g, 1, (3, 0), (4, 0))
    assert claimed(g) == ["spread_out"]


def test_take_them_down_and_break_some_bones_on_one_block_claim_one():
    # Smash, Armour 1 fails: both conditions met; the coach picks one card.
    g = game_with((1, 23, 25), dice=[6, 1])
    arrange(g, {1: (5, 5), 101: (6, 5)})
    g.apply(("act", 1, "block"))
    g.apply(("target", 101))
    g.apply(("face", "smash"))
    assert g.pending.kind == "claim"
    assert set(g.pending.options) == {("claim", 1), ("claim", 2)}
    g.apply(("claim", 1))
    assert claimed(g) == ["break_some_bones"]
    assert g.state.score == [3, 0]
    # Take Them Down! stays active; it must be met again to be claimed.
    assert g.state.active_cards == [0, 23, 25]


def test_take_them_down_when_the_armour_holds():
    g = game_with((23, 1, 25), dice=[6, 6])
    arrange(g, {1: (5, 5), 101: (6, 5)})
    g.apply(("act", 1, "block"))
    g.apply(("target", 101))
    g.apply(("face", "smash"))
    assert claimed(g) == ["take_them_down"]


def test_tie_them_up_needs_two_opponents_marked_by_no_one_else():
    g = game_with((25, 23, 1))
    arrange(g, {1: (5, 5), 101: (8, 4), 102: (8, 6), 2: (12, 0)})
    g.apply(("act", 1, "mark"))
    g.apply(("move", sq(g, 6, 5)))
    g.apply(("move", sq(g, 7, 5)))
    assert claimed(g) == ["tie_them_up"]
    g = game_with((25, 23, 1))
    arrange(g, {1: (5, 5), 101: (8, 4), 102: (8, 6), 2: (9, 7)})
    g.apply(("act", 1, "mark"))
    g.apply(("move", sq(g, 6, 5)))
    g.apply(("move", sq(g, 7, 5)))
    assert claimed(g) == []  # 102 is Marked by team-mate 2 too


def test_show_us_a_completion_not_for_a_hand_off():
    g = game_with((19, 23, 25), dice=[3])
    arrange(g, {4: (2, 5), 5: (6, 5), 101: (15, 0)}, balls=[4])
    g.apply(("act", 4, "throw"))
    g.apply(("target", 5))
    assert claimed(g) == ["show_us_a_completion"]
    g = game_with((19, 23, 25))
    arrange(g, {4: (2, 5), 5: (3, 5), 101: (15, 0)}, balls=[4])
    g.apply(("act", 4, "throw"))
    g.apply(("target", 5))
    assert claimed(g) == []


def test_make_a_risky_throw_needs_a_negative_modifier():
    g = game_with((10, 23, 25), dice=[4])
    arrange(g, {4: (2, 5), 5: (9, 5), 101: (15, 0)}, balls=[4])
    g.apply(("act", 4, "throw"))
    g.apply(("target", 5))
    assert claimed(g) == ["make_a_risky_throw"]


def test_move_the_ball_four_squares_further_from_the_own_end_zone():
    g = game_with((11, 23, 25), dice=[4])
    arrange(g, {4: (2, 5), 5: (6, 5), 101: (15, 0)}, balls=[4])
    g.apply(("act", 4, "throw"))
    g.apply(("target", 5))
    assert claimed(g) == ["move_the_ball"]  # x 2 -> 6
    g = game_with((11, 23, 25), dice=[4])
    arrange(g, {4: (2, 5), 5: (5, 8), 101: (15, 0)}, balls=[4])
    g.apply(("act", 4, "throw"))
    g.apply(("target", 5))
    assert claimed(g) == []  # only three columns on


def test_get_the_ball_and_free_up_the_ball():
    # Get The Ball!: pick up a loose ball the team did not hold.
    g = game_with((7, 23, 25))
    arrange(g, {1: (2, 5), 101: (15, 0)}, balls=[(3, 5)])
    run_to(g, 1, (3, 5))
    assert claimed(g) == ["get_the_ball"]
    # Free Up The Ball!: knock the ball out of an opponent's hands.
    g = game_with((3, 24, 25), dice=[6, 3, 6])
    arrange(g, {1: (5, 5), 101: (6, 5)}, balls=[101])
    g.apply(("act", 1, "block"))
    g.apply(("target", 101))
    g.apply(("face", "smash"))
    # Smash (6), the ball bounces east (D8 3), Armour 6 holds: the Orc's
    # team no longer holds the ball, and the target went down.
    assert g.pending.kind == "claim"
    assert set(g.pending.options) == {("claim", 1), ("claim", 2)}
    g.apply(("claim", 1))
    assert claimed(g) == ["free_up_the_ball"]
    assert g.state.score == [2, 0]


def test_show_no_fear_on_a_trapdoor_while_they_hold_a_ball():
    g = game_with((16, 23, 25))
    arrange(g, {1: (6, 5), 101: (15, 0)}, balls=[101])
    run_to(g, 1, (7, 5), (8, 5))
    assert claimed(g) == ["show_no_fear"]


def test_show_them_how_its_done_after_three_different_player_actions():
    # Thrower 4 Runs onto the ball, Throws to the Catcher (a 4 meets 3+),
    # then Marks the Orc: his third different Player Action.
    g = game_with((17, 23, 25), dice=[4])
    arrange(g, {4: (2, 5), 5: (4, 8), 101: (6, 3)}, balls=[(3, 5)])
    run_to(g, 4, (3, 5))
    g.apply(("act", 4, "throw"))
    g.apply(("target", 5))
    assert claimed(g) == []
    g.apply(("decline",))  # the Catcher's Instincts free Run
    g.apply(("act", 4, "mark"))
    g.apply(("move", sq(g, 4, 4)))
    g.apply(("move", sq(g, 5, 4)))
    assert claimed(g) == ["show_them_how_its_done"]


def test_show_them_how_its_done_after_a_free_action_of_that_player():
    # cards.md "Show Them How It's Done!": "if a Player from your team made
    # an Action, and that Player has made three or more different Player
    # Actions (not free Actions)": the Action just made may be a free one.
    # Thrower 4: Run, Throw (a 4 meets 3+), Mark next to both Orcs: the
    # coach claims Tie Them Up! there (one card a step); Blitz! gives a free
    # Block (a Miss): its Claim step may take Show Them How It's Done!.
    from tests.engine.blitz.bonus_helpers import give

    g = game_with((17, 23, 25), dice=[4, 1])
    arrange(g, {4: (2, 5), 5: (4, 8), 101: (6, 3), 102: (6, 5)}, balls=[(3, 5)])
    give(g, 0, 3)
    run_to(g, 4, (3, 5))
    g.apply(("act", 4, "throw"))
    g.apply(("target", 5))
    g.apply(("decline",))  # the Catcher's Instincts free Run
    g.apply(("act", 4, "mark"))
    g.apply(("move", sq(g, 4, 4)))
    g.apply(("move", sq(g, 5, 4)))
    assert g.pending.options == (("claim", 1), ("claim", 3))
    g.apply(("claim", 3))
    g.apply(("bonus", 3))  # Blitz!
    g.apply(("target", 101))
    g.apply(("face", "miss"))
    assert claimed(g) == ["tie_them_up", "show_them_how_its_done"]
    assert g.state.score == [4, 0]


def test_play_as_a_team_three_actions_by_three_players():
    g = game_with((13, 23, 25))
    arrange(g, {4: (2, 5), 5: (4, 8), 1: (5, 5), 101: (6, 5), 102: (15, 0)}, prone=[5])
    run_to(g, 4, (2, 4))
    g.apply(("act", 5, "stand_up"))
    assert claimed(g) == []
    g.apply(("act", 1, "sidestep"))
    g.apply(("move", sq(g, 4, 4)))
    assert claimed(g) == ["play_as_a_team"]


def test_play_as_a_team_not_with_two_kinds_of_action():
    g = game_with((13, 23, 25))
    arrange(g, {4: (2, 5), 5: (4, 8), 1: (5, 5), 101: (6, 5), 102: (15, 0)})
    run_to(g, 4, (2, 4))
    run_to(g, 5, (4, 9))
    g.apply(("act", 1, "sidestep"))
    g.apply(("move", sq(g, 4, 4)))
    assert claimed(g) == []  # Run, Run, Sidestep: two different Actions


def test_showboat_touchdown_scores_four_and_the_card():
    g = game_with((21, 23, 25))
    arrange(g, {5: (14, 5), 101: (2, 0)}, balls=[5])
    run_to(g, 5, (15, 5), (16, 5))
    s = g.state
    assert claimed(g) == ["showboat_for_the_crowd"]
    assert s.score == [4 + 1, 0]
    assert s.pos[s.idx[5]] == -1
    assert s.ball_pos[0] == -1


def test_clean_sweep_two_more_points():
    # Get The Ball! on the first Run (onto a loose ball), Get Together! on
    # the second (next to two team-mates), Get Moving! on the third.
    g = game_with((7, 9, 5))
    arrange(
        g,
        {1: (2, 5), 2: (2, 1), 3: (6, 2), 4: (6, 0), 101: (15, 9)},
        balls=[(3, 5)],
    )
    run_to(g, 1, (3, 5))
    run_to(g, 2, (3, 1), (4, 1), (5, 1))  # next to 3 and 4
    run_to(g, 3, (7, 3))
    assert claimed(g) == ["get_the_ball", "get_together", "get_moving"]
    assert [e for e in g.events if isinstance(e, CleanSweep)]
    assert g.state.score == [1 + 1 + 2 + 2, 0]


@pytest.mark.parametrize("n", range(1, 27))
def test_every_deck_card_has_a_predicate(n):
    from engine.blitz.challenges import PREDICATES
    from engine.blitz.data import cards

    assert cards().deck[n - 1].challenge.slug in PREDICATES


# Throw Team-mate: "A Throw Team-mate Action is considered a Throw Action
# (e.g., for the purpose of claiming Challenge Cards)" (rulebook). Ogre card:
# Gnoblars 1-6 (Throw 5+), Ogre 7 (Throw 5+); from (3, 5) a square up to 5
# columns on is a Short throw, 6 to 8 a Long one (-1).


def throw_team_mate(g, to):
    g.apply(("act", 7, "throw_team_mate"))
    g.apply(("throw", 1))
    g.apply(("square", sq(g, *to)))


def test_a_throw_team_mate_is_a_completion():
    # Short to (8, 5), a 5 meets 5+: a completion, but no risky throw.
    g = game_with((19, 10, 25), dice=[5], home="ogre")
    arrange(g, {7: (3, 5), 1: (4, 5), 101: (15, 0)})
    throw_team_mate(g, (8, 5))
    assert claimed(g) == ["show_us_a_completion"]
    assert g.state.score == [1, 0]


def test_a_failed_throw_team_mate_is_no_completion():
    g = game_with((19, 23, 25), dice=[4], home="ogre")  # a 4 fails 5+
    arrange(g, {7: (3, 5), 1: (4, 5), 101: (15, 0)})
    throw_team_mate(g, (8, 5))
    assert claimed(g) == []
    assert g.state.score == [0, 0]


def test_a_long_throw_team_mate_is_a_risky_throw():
    # Long to (10, 5): 6 - 1 = 5 meets 5+.
    g = game_with((10, 23, 25), dice=[6], home="ogre")
    arrange(g, {7: (3, 5), 1: (4, 5), 101: (15, 0)})
    throw_team_mate(g, (10, 5))
    assert claimed(g) == ["make_a_risky_throw"]
    assert g.state.score == [2, 0]


def test_a_throw_team_mate_moves_the_ball_its_thrown_player_holds():
    # The Gnoblar holding the ball lands standing at (8, 5): x 4 -> 8.
    g = game_with((11, 23, 25), dice=[5], home="ogre")
    arrange(g, {7: (3, 5), 1: (4, 5), 101: (15, 0)}, balls=[1])
    throw_team_mate(g, (8, 5))
    assert claimed(g) == ["move_the_ball"]
    assert g.state.score == [1, 0]


def test_a_throw_team_mate_onto_a_player_with_a_successful_check_is_a_completion():
    # Decision (challenges.py): successful is the Throw Check's success. A 5
    # succeeds; the Orc on (8, 5) goes Prone, Armour 6 (-1) holds; the
    # Gnoblar is Injured.
    g = game_with((19, 23, 25), dice=[5, 6], home="ogre")
    arrange(g, {7: (3, 5), 1: (4, 5), 101: (8, 5)})
    throw_team_mate(g, (8, 5))
    s = g.state
    assert s.pos[s.idx[1]] == -1
    assert s.prone[s.idx[101]]
    assert claimed(g) == ["show_us_a_completion"]


def test_a_prone_player_scores_no_challenge_card():
    # Rulebook "Player Status": a Prone Player "is for all intents and
    # purposes not an active participant in the game. For example, they
    # cannot score Challenge Cards". Diving Tackle (card 24): after a Mark,
    # a free Block, "then place your Player Prone". Smash (6), Armour 2
    # against 3+: the Orc is Knocked Down and Injured, but the tackler lies
    # Prone at the Claim step: neither Take Them Down! (23) nor Break Some
    # Bones! (1) is claimed.
    from tests.engine.blitz.bonus_helpers import give

    g = game_with((23, 1, 25), dice=[6, 2])
    arrange(g, {1: (4, 5), 101: (7, 5)})
    give(g, 0, 24)
    g.apply(("act", 1, "mark"))
    g.apply(("move", sq(g, 5, 5)))
    g.apply(("move", sq(g, 6, 5)))
    g.apply(("bonus", 24))
    g.apply(("target", 101))
    g.apply(("face", "smash"))
    s = g.state
    assert s.pos[s.idx[101]] == -1
    assert s.prone[s.idx[1]]
    assert g.pending.kind == "action"  # no Claim decision: nothing to claim
    assert claimed(g) == []
    assert s.score == [0, 0]
    assert s.active_cards == [23, 1, 25]


# Rulebook "Player Status": a Prone Player "is for all intents and purposes
# not an active participant in the game". Decision (state.team_mates_adjacent):
# a Prone team-mate is no team-mate "adjacent" for Get Together! and Spread
# Out!.


def test_get_together_does_not_count_a_prone_team_mate():
    # cards.md Get Together!: "that Player is adjacent to two or more
    # Team-mates". The runner ends next to 2 (standing) and 3 (Prone): one.
    g = game_with((9, 23, 25))
    arrange(g, {1: (2, 1), 2: (5, 5), 3: (5, 7), 101: (15, 5)}, prone=[3])
    run_to(g, 1, (3, 2), (4, 3), (4, 4), (4, 5), (4, 6))
    assert claimed(g) == []


def test_spread_out_ignores_prone_players_next_to_team_mates():
    # cards.md Spread Out!: "there are no Players from your team adjacent
    # to one or more Team-mates". 2 stands next to 3, who lies Prone: the
    # only standing Players are apart, so the card is claimed (1 point).
    g = game_with((22, 23, 25))
    arrange(g, {1: (2, 1), 2: (8, 8), 3: (8, 9), 101: (15, 5)}, prone=[3])
    run_to(g, 1, (3, 0), (4, 0))
    assert claimed(g) == ["spread_out"]
    assert g.state.score == [1, 0]
