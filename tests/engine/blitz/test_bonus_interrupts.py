"""The four Interrupt Bonus Plays, played by the coach whose turn it is not
(cards.md), and the rules for every Bonus Play: once per type a turn,
the discard pile, the hand limit, the events. Card numbers and teams: see
bonus_helpers."""

from __future__ import annotations

from engine.blitz.events import BonusPlayed, HandDiscarded, Touchdown
from tests.engine.blitz.bonus_helpers import give, played, rolls
from tests.engine.blitz.helpers import arrange, new_game, options, sq


def run(g, pid, *squares):
    g.apply(("act", pid, "run"))
    for x, y in squares:
        g.apply(("move", sq(g, x, y)))
    if g.pending.kind == "run":
        g.apply(("stop",))


def test_intervention_marks_the_runner_and_must_end_next_to_him():
    # Home Lineman 1 Runs to (5, 5). The away coach plays Intervention: the
    # Orc at (8, 6) Marks (2 squares) and must end next to the runner, so
    # (7, 5), next to Home Lineman 2 at (8, 4) but 2 from the runner, is
    # not a step he may take; (7, 6) then (6, 6) is.
    g, _ = new_game()
    arrange(g, {1: (2, 5), 2: (8, 4), 101: (8, 6), 102: (15, 0)})
    give(g, 1, 4)
    run(g, 1, (3, 5), (4, 5), (5, 5))
    d = g.pending
    assert (d.team, d.kind, d.info) == ("away", "bonus_window", ("intervention",))
    assert d.options == (("bonus", 4, 101), ("pass",))  # 102 is too far
    g.apply(("bonus", 4, 101))
    assert g.pending.kind == "mark"
    assert g.pending.team == "away"
    assert ("move", sq(g, 7, 5)) not in options(g)
    assert ("move", sq(g, 7, 6)) in options(g)
    g.apply(("move", sq(g, 7, 6)))
    g.apply(("move", sq(g, 6, 6)))
    s = g.state
    assert s.pos[s.idx[101]] == sq(g, 6, 6)
    assert s.marked(s.idx[1])
    assert g.pending.team == "home"
    assert g.pending.kind == "action"
    assert played(g) == [("away", 4, "intervention", 101)]


def test_interrupts_only_for_the_other_coach_and_the_right_action():
    # Away holds Intervention: a home Mark opens no window, only a Run does.
    g, _ = new_game()
    arrange(g, {1: (4, 5), 2: (2, 1), 101: (7, 5), 102: (6, 1)})
    give(g, 1, 4)
    g.apply(("act", 1, "mark"))
    g.apply(("move", sq(g, 5, 5)))
    g.apply(("move", sq(g, 6, 5)))
    assert g.pending.kind == "action"
    assert g.pending.team == "home"
    run(g, 2, (3, 1), (4, 1))
    assert g.pending.team == "away"
    assert g.pending.info == ("intervention",)
    # Home holds Intervention in their own turn: never offered to them.
    g, _ = new_game()
    arrange(g, {2: (2, 1), 102: (8, 2)})
    give(g, 0, 4)
    assert not [o for o in options(g) if o[0] == "bonus"]
    run(g, 2, (3, 1), (4, 1))
    assert g.pending.kind == "action"
    assert g.pending.team == "home"


def test_shadowing_follows_the_sidestepper_into_the_square_left():
    # Home 1 at (5, 5), Marked by the Orc at (6, 5), Sidesteps to (4, 4).
    # Shadowing: the Orc moves into (5, 5), next to him again.
    g, _ = new_game()
    arrange(g, {1: (5, 5), 101: (6, 5)})
    give(g, 1, 7)
    g.apply(("act", 1, "sidestep"))
    g.apply(("move", sq(g, 4, 4)))
    d = g.pending
    assert (d.team, d.info, d.options) == (
        "away",
        ("shadowing",),
        (("bonus", 7, 101), ("pass",)),
    )
    g.apply(("bonus", 7, 101))
    s = g.state
    assert s.pos[s.idx[101]] == sq(g, 5, 5)
    assert s.marked(s.idx[1])
    assert g.pending.team == "home"


def test_shadowing_interrupts_the_sidestep_before_its_touchdown_check():
    # cards.md Shadowing: "Play this card to Interrupt an Opposition Player's
    # Sidestep Action"; rules.md "Interrupt": "the current Action Step is
    # paused and then the Interrupt effect is applied", and "Scoring
    # Touchdowns": "After completing a Player Action, but before the Claim
    # Challenge Card Step, check to see if a Touchdown is scored". Home 1,
    # holding the ball at (15, 5) and Marked by the Orc at (14, 5),
    # Sidesteps to (16, 4) in the away End Zone, Open there. Shadowing
    # moves the Orc into (15, 5), next to him: he is Marked when the Action
    # is complete, and scores no Touchdown.
    g, _ = new_game()
    s = arrange(g, {1: (15, 5), 101: (14, 5)}, balls=[1])
    give(g, 1, 7)
    g.apply(("act", 1, "sidestep"))
    g.apply(("move", sq(g, 16, 4)))
    d = g.pending
    assert (d.team, d.info, d.options) == (
        "away",
        ("shadowing",),
        (("bonus", 7, 101), ("pass",)),
    )
    g.apply(("bonus", 7, 101))
    assert s.pos[s.idx[101]] == sq(g, 15, 5)
    assert s.pos[s.idx[1]] == sq(g, 16, 4)
    assert s.marked(s.idx[1])
    assert s.ball_holder == [s.idx[1]]
    assert s.score == [0, 0]
    assert not [e for e in g.events if isinstance(e, Touchdown)]
    assert (g.pending.team, g.pending.kind) == ("home", "action")


def test_shadowing_passed_the_sidestepper_scores():
    g, _ = new_game()
    s = arrange(g, {1: (15, 5), 101: (14, 5)}, balls=[1])
    give(g, 1, 7)
    g.apply(("act", 1, "sidestep"))
    g.apply(("move", sq(g, 16, 4)))
    g.apply(("pass",))
    assert s.score == [4, 0]
    assert s.pos[s.idx[1]] == -1
    assert s.hands[1] == [7]


def test_step_aside_sidesteps_away_from_the_marker():
    # Home 1 Marks the Orc at (6, 5) from (5, 5); Step Aside: the Orc makes
    # a free Sidestep to a square where he is Open, (7, 5).
    g, _ = new_game()
    arrange(g, {1: (3, 5), 101: (6, 5)})
    give(g, 1, 2)
    g.apply(("act", 1, "mark"))
    g.apply(("move", sq(g, 4, 5)))
    g.apply(("move", sq(g, 5, 5)))
    assert g.pending.info == ("step_aside",)
    assert g.pending.team == "away"
    g.apply(("bonus", 2, 101))
    assert g.pending.kind == "sidestep"
    assert g.pending.team == "away"
    assert ("move", sq(g, 6, 4)) not in options(g)  # still next to 1
    g.apply(("move", sq(g, 7, 5)))
    s = g.state
    assert s.open(s.idx[101])
    assert s.open(s.idx[1])
    assert g.pending.team == "home"


def test_tough_enough_unassisted_and_shove_is_miss():
    # Home 1 Blocks the Orc, Assisted by Home 2 (also Marking him): 2 dice.
    # Tough Enough: no Assist, 1 die; a 3 (Shove) counts as Miss.
    g, _ = new_game(dice=[3])
    arrange(g, {1: (5, 5), 2: (6, 4), 101: (6, 5)})
    give(g, 1, 15)
    g.apply(("act", 1, "block"))
    g.apply(("target", 101))
    d = g.pending
    assert (d.team, d.info, d.options) == (
        "away",
        ("tough_enough",),
        (("bonus", 15), ("pass",)),
    )
    g.apply(("bonus", 15))
    assert g.pending.kind == "block_die"
    assert g.pending.info == ("miss",)


def test_never_two_bonus_plays_of_one_type_in_a_turn():
    # Two Raw Talents in hand: the first re-rolls the Thrower's failed check
    # (2, then 1 fails again: fumble, the ball bounces D8 3); Lineman 2's
    # failed Throw (2) this turn is not offered the second (bounce D8 3).
    g, _ = new_game(dice=[2, 1, 3, 2, 3])
    arrange(
        g,
        {4: (2, 5), 1: (6, 5), 2: (2, 9), 3: (6, 9), 101: (15, 0)},
        balls=[4, 2],
    )
    give(g, 0, 1, 12)
    g.apply(("act", 4, "throw"))
    g.apply(("target", 1))
    g.apply(("bonus", 1))
    assert g.pending.kind == "action"
    g.apply(("act", 2, "throw"))
    g.apply(("target", 3))
    assert g.pending.kind == "action"  # no window for the second Raw Talent
    assert len(rolls(g, "throw")) == 3
    assert g.state.hands[0] == [12]
    # Two Aggressive Marks: one type, offered once (one option per Player).
    g, _ = new_game()
    arrange(g, {1: (2, 3), 101: (15, 0)})
    give(g, 0, 5, 13)  # both Aggressive Mark
    assert [o for o in options(g) if o[0] == "bonus"] == []  # no one to Mark
    arrange(g, {1: (2, 3), 101: (6, 3)})
    assert [o for o in options(g) if o[0] == "bonus"] == [("bonus", 5, 1, "mark")]


def test_the_same_type_may_be_played_again_next_turn():
    g, _ = new_game()
    arrange(g, {1: (2, 3), 101: (15, 0), 102: (14, 9)}, balls=[(8, 0)])
    give(g, 0, 6)
    s = g.state
    g.apply(("bonus", 6, 1, "run"))
    g.apply(("move", sq(g, 3, 3)))
    g.apply(("stop",))
    assert s.bonus_used[0] == {"sprint"}
    g.apply(("end_turn",))
    assert s.bonus_used == (set(), set())


def test_hand_limit_the_coach_discards_down_to_three():
    g, _ = new_game()
    arrange(g, {1: (2, 3), 101: (15, 0)}, balls=[(8, 0)])
    give(g, 0, 5, 7, 9, 10, 11)
    g.apply(("end_turn",))
    d = g.pending
    assert (d.team, d.kind) == ("home", "hand_discard")
    assert d.options == tuple(("discard", c) for c in (5, 7, 9, 10, 11))
    g.apply(("discard", 9))
    assert g.pending.kind == "hand_discard"
    assert len(g.pending.options) == 4
    g.apply(("discard", 5))
    s = g.state
    assert s.hands[0] == [7, 10, 11]
    assert s.discards[-2:] == [9, 5]
    assert [e for e in g.events if isinstance(e, HandDiscarded)] == [
        HandDiscarded("home", 9),
        HandDiscarded("home", 5),
    ]
    assert g.pending.team == "away"


def test_no_hand_limit_decision_at_three_cards():
    g, _ = new_game()
    arrange(g, {1: (2, 3), 101: (15, 0)}, balls=[(8, 0)])
    give(g, 0, 5, 7, 9)
    g.apply(("end_turn",))
    assert g.pending.team == "away"
    assert g.state.hands[0] == [5, 7, 9]


def test_no_window_when_no_card_is_playable():
    # A hand of Jump Up only: a failed Throw Check opens no window, the
    # Action decision has no bonus option (no Prone Player).
    g, _ = new_game(dice=[2, 3])
    arrange(g, {4: (2, 5), 1: (6, 5), 101: (15, 0)}, balls=[4])
    give(g, 0, 16)
    assert not [o for o in options(g) if o[0] == "bonus"]
    g.apply(("act", 4, "throw"))
    g.apply(("target", 1))
    assert g.pending.kind == "action"


def test_bonus_events_to_dict():
    assert BonusPlayed("home", 6, "sprint", 1).to_dict() == {
        "type": "bonus_played",
        "team": "home",
        "card": 6,
        "bonus": "sprint",
        "player": 1,
    }
    assert HandDiscarded("away", 9).to_dict() == {
        "type": "hand_discarded",
        "team": "away",
        "card": 9,
    }
