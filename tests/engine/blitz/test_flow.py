"""Blitz Bowl's game flow (rulebook "Setting up the game", "Playing the
Game", "Pre-Turn Sequence", "New Ball!", "Winning the Game")."""

from __future__ import annotations

from engine.blitz.events import (
    BallMoved,
    CardDealt,
    CardDiscarded,
    GameEnd,
    Injured,
    TurnStart,
)
from engine.blitz.game import BlitzGame
from engine.blitz.state import BlitzTeamSheet
from engine.core.dice import FixedDice
from tests.engine.blitz.helpers import arrange, new_game, sq


def test_setup_every_player_in_the_own_end_zone_and_the_ball_on_the_trapdoor():
    fd = FixedDice([])
    g = BlitzGame(
        BlitzTeamSheet("H", "snotling"),
        BlitzTeamSheet("A", "ogre"),
        fd,
        deck_order=list(range(1, 27)),
        first=1,
    )
    # The first coach (away here) sets up first: 8 Ogre Players.
    assert g.pending.kind == "setup"
    assert g.pending.team == "away"
    assert len(g.pending.options) == 11  # the End Zone row: 11 squares
    while g.pending.kind == "setup":
        g.apply(g.pending.options[-1])
    s = g.state
    assert all(s.board.in_end_zone(s.team[i], s.pos[i]) for i in range(s.n))
    assert s.ball_pos == [sq(g, 8, 5)]
    assert s.ball_holder == [-1]
    assert s.active_cards == [1, 2, 3]
    assert s.deck[0] == 4
    assert g.pending.kind == "action"
    assert g.pending.team == "away"


def test_three_actions_then_the_other_coach():
    g, _ = new_game()
    arrange(g, {1: (2, 1), 2: (2, 5), 3: (2, 9), 101: (15, 5)})
    for pid in (1, 2, 3):
        g.apply(("act", pid, "run"))
        g.apply(g.pending.options[0])
        if g.pending.kind == "run":
            g.apply(("stop",))
    assert g.pending.kind == "action"
    assert g.pending.team == "away"
    assert g.state.turns == [1, 1]


def test_a_player_cannot_make_the_same_action_twice_in_a_turn():
    g, _ = new_game()
    arrange(g, {1: (2, 1), 101: (15, 5)})
    g.apply(("act", 1, "run"))
    g.apply(("move", sq(g, 3, 1)))
    g.apply(("stop",))
    assert ("act", 1, "run") not in g.pending.options


def test_second_turn_forces_a_discard_when_all_three_cards_are_still_active():
    g, _ = new_game()
    arrange(g, {1: (2, 1), 101: (15, 5)}, balls=[(9, 9)])
    g.apply(("end_turn",))  # home's first turn
    g.apply(("end_turn",))  # away's first turn
    assert g.pending.kind == "discard_challenge"
    assert g.pending.team == "home"
    g.apply(("discard", 2))
    s = g.state
    assert s.active_cards == [1, 4, 3]
    assert s.discards == [2]
    assert [e for e in g.events if isinstance(e, CardDiscarded)]
    assert [e.card for e in g.events if isinstance(e, CardDealt)][-1] == 4


def test_no_ball_in_play_brings_a_new_ball_that_bounces():
    g, _ = new_game(dice=[5])
    arrange(g, {1: (2, 1), 101: (15, 5)}, balls=[])
    g.apply(("end_turn",))
    g.apply(("end_turn",))
    g.apply(("discard", 1))
    s = g.state
    # Out of the Trapdoor (8, 5), D8 5 (south): (8, 6).
    assert s.ball_pos == [sq(g, 8, 6)]
    kinds = [e.how for e in g.events if isinstance(e, BallMoved)]
    assert kinds[-2:] == ["new_ball", "bounce"]


def test_new_ball_injures_a_player_on_the_trapdoor():
    g, _ = new_game(dice=[5])
    arrange(g, {1: (2, 1), 101: (8, 5)}, balls=[])
    g.apply(("end_turn",))
    g.apply(("end_turn",))
    g.apply(("discard", 1))
    s = g.state
    assert s.pos[s.idx[101]] == -1
    assert Injured(101, "new_ball") in g.events


def test_new_ball_injures_a_prone_player_lying_on_the_trapdoor():
    # Rulebook "New Ball!": "If a Player is standing on the Trapdoor when a
    # ball emerges from it, that Player is immediately Injured". Decision
    # (ball.new_ball): a Prone Orc on the Trapdoor (8, 5) is Injured too;
    # the new ball then bounces, D8 5 (south), to (8, 6).
    g, _ = new_game(dice=[5])
    arrange(g, {1: (2, 1), 101: (8, 5)}, prone=[101], balls=[])
    g.apply(("end_turn",))
    g.apply(("end_turn",))
    g.apply(("discard", 1))
    s = g.state
    assert s.pos[s.idx[101]] == -1
    assert Injured(101, "new_ball") in g.events
    assert s.ball_pos == [sq(g, 8, 6)]


def test_emergency_reserves_when_the_dugout_holds_enough_players():
    # Human Emergency Reserves 4: five Players in the Dugout, one on the pitch.
    g, _ = new_game()
    arrange(g, {1: (5, 5), 101: (15, 5)}, balls=[(9, 9)])
    g.apply(("end_turn",))
    g.apply(("end_turn",))
    g.apply(("discard", 1))
    assert g.pending.kind == "emergency_reserves"
    assert {o[1] for o in g.pending.options if o[0] == "reserve"} == {2, 3, 4, 5, 6}
    g.apply(("reserve", 2))
    g.apply(("place", sq(g, 0, 0)))
    s = g.state
    assert s.pos[s.idx[2]] == sq(g, 0, 0)
    assert s.actions_used == 0  # a free Action


def test_no_emergency_reserves_below_the_value():
    g, _ = new_game()
    arrange(g, {1: (5, 5), 2: (5, 7), 3: (5, 9), 101: (15, 5)}, balls=[(9, 9)])
    g.apply(("end_turn",))
    g.apply(("end_turn",))
    g.apply(("discard", 1))
    assert g.pending.kind == "action"  # three in the Dugout, value 4


def test_sudden_death_ten_points_ahead_at_the_start_of_a_turn():
    g, _ = new_game()
    arrange(g, {1: (5, 5), 101: (15, 5)})
    g.state.score[:] = [10, 0]
    g.apply(("end_turn",))  # away's turn: not ahead
    assert not g.done
    g.apply(("end_turn",))
    assert g.done
    end = g.events[-1]
    assert end == GameEnd("sudden_death", "home", 10, 0)


def test_nine_points_ahead_is_not_sudden_death():
    g, _ = new_game()
    arrange(g, {1: (5, 5), 101: (15, 5)})
    g.state.score[:] = [9, 0]
    g.apply(("end_turn",))
    g.apply(("end_turn",))
    assert not g.done


def test_points_victory_the_dealers_turn_is_their_last_then_the_other_coachs():
    # Rulebook "Points Victory": "Once the last Challenge Card has been dealt
    # out and becomes active, each team has one more turn"; its example: the
    # coach who deals it "completes their final turn, before the Orc Coach
    # takes their final turn. The game ends".
    g, _ = new_game()
    s = arrange(
        g,
        {1: (5, 5), 2: (5, 7), 3: (5, 9), 101: (15, 5), 102: (15, 7), 103: (15, 9)},
        balls=[(9, 9)],
    )
    s.deck[:] = [4]  # one card left
    g.apply(("end_turn",))
    g.apply(("end_turn",))
    g.apply(("discard", 1))  # the last card becomes active in home's turn
    assert s.deck == []
    g.apply(("end_turn",))  # home's final turn is over
    assert not g.done
    assert g.pending.team == "away"
    assert s.turns == [2, 2]
    g.apply(("end_turn",))  # away's final turn: the game ends
    assert g.done
    assert s.turns == [2, 2]
    assert [e.team for e in g.events if isinstance(e, TurnStart)] == [
        "home",
        "away",
        "home",
        "away",
    ]
    assert g.events[-1] == GameEnd("points", "", 0, 0)


def test_a_game_with_no_card_claimed_ends_after_the_26th_turn():
    # 23 cards are left after the first three; from the third turn on each
    # Refresh discards one and deals the next, so card 26 is dealt in the
    # 25th turn (home's 13th, home plays the odd turns) and away's 13th turn
    # is the last one.
    g, _ = new_game()
    s = g.state
    while not g.done:
        if g.pending.kind == "discard_challenge":
            g.apply(("discard", 1))
        else:
            g.apply(("end_turn",))
    starts = [e for e in g.events if isinstance(e, TurnStart)]
    assert len(starts) == 26
    assert starts[-1] == TurnStart("away", 13)
    assert s.turns == [13, 13]
    assert [e.card for e in g.events if isinstance(e, CardDealt)][-1] == 26
    assert g.events[-1] == GameEnd("points", "", 0, 0)


def test_emergency_reserves_at_exactly_the_value():
    # Four Human Players in the Dugout, Emergency Reserves 4: it applies.
    g, _ = new_game()
    arrange(g, {1: (5, 5), 2: (5, 7), 101: (15, 5)}, balls=[(9, 9)])
    g.apply(("end_turn",))
    g.apply(("end_turn",))
    g.apply(("discard", 1))
    assert g.pending.kind == "emergency_reserves"


def test_emergency_reserves_may_be_skipped():
    # rules.md "Emergency Reserves": the team "may immediately make one free
    # Reserves Action" (Decision in game.Turn: "may" over the Glossary's
    # "must"). Skipped, the Dugout stays full and no Action is used.
    g, _ = new_game()
    s = arrange(g, {1: (5, 5), 101: (15, 5)}, balls=[(9, 9)])
    g.apply(("end_turn",))
    g.apply(("end_turn",))
    g.apply(("discard", 1))
    assert g.pending.kind == "emergency_reserves"
    assert g.pending.options[-1] == ("skip",)
    g.apply(("skip",))
    assert (g.pending.team, g.pending.kind) == ("home", "action")
    assert len(s.reserves(0)) == 5
    assert s.actions_used == 0


def test_no_forced_discard_once_the_deck_is_empty():
    # rules.md "Replace Challenge Cards": the coach "must discard one of the
    # active Challenge Cards of their choice and replace it with the top
    # card of the Challenge Card Deck". Decision (game.Turn): with no card
    # left to replace it, no card is discarded.
    g, _ = new_game()
    s = arrange(
        g,
        {1: (5, 5), 2: (5, 7), 3: (5, 9), 101: (15, 5), 102: (15, 7), 103: (15, 9)},
        balls=[(9, 9)],
    )
    g.apply(("end_turn",))  # home's first turn
    s.deck[:] = []
    g.apply(("end_turn",))  # away's first turn: the last card was dealt
    assert (g.pending.team, g.pending.kind) == ("home", "action")
    assert s.active_cards == [1, 2, 3]
    assert s.discards == []
    assert not [e for e in g.events if isinstance(e, CardDiscarded)]


def test_a_single_challenge_met_is_claimed_without_a_decision():
    # rules.md "Claiming Challenge Cards": the coach "may claim" a card whose
    # conditions an Action met. Decision (game.PlayerAction): one card met
    # is claimed, with no decision asked; two met at once, the coach picks
    # one (the rulebook's example) and the other stays active. Active:
    # 9 Get Together! (1), 22 Spread Out! (1), 5 Get Moving! (2).
    g, _ = new_game(deck=[9, 22, 5] + [n for n in range(1, 27) if n not in (9, 22, 5)])
    s = g.state
    s.turns[0] = 2  # past the first coach's first turn
    arrange(g, {1: (2, 1), 2: (2, 5), 3: (4, 4), 101: (15, 5)})
    g.apply(("act", 1, "run"))
    g.apply(("move", sq(g, 3, 2)))
    g.apply(("stop",))  # no one next to a team-mate: Spread Out! only
    assert (g.pending.team, g.pending.kind) == ("home", "action")
    assert (s.hands[0], s.score) == ([22], [1, 0])
    g.apply(("act", 2, "run"))
    g.apply(("move", sq(g, 2, 4)))
    g.apply(("move", sq(g, 2, 3)))
    g.apply(("stop",))  # next to 1 only: nothing
    assert (s.hands[0], s.score) == ([22], [1, 0])
    g.apply(("act", 3, "run"))
    g.apply(("move", sq(g, 3, 3)))
    g.apply(("stop",))  # next to 1 and 2, the third Run: two cards met
    d = g.pending
    assert (d.team, d.kind, d.options) == (
        "home",
        "claim",
        (("claim", 1), ("claim", 3)),
    )
    g.apply(("claim", 3))
    assert (s.hands[0], s.score) == ([22, 5], [3, 0])
    assert s.active_cards == [9, 0, 0]
