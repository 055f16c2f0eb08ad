"""Who scores a Touchdown, and when (rulebook "Scoring Touchdowns": "a
Player from your team must fulfil the following three criteria at the end
of any Action made during your turn"), with scripted dice. Block Die faces
by D6: 1 Miss, 2 Tackle, 3-4 Shove, 5 Kerrunch!, 6 Smash. Home (Human)
scores in the away End Zone (x 16), away (Orc) in the home one (x 0)."""

from __future__ import annotations

from engine.blitz.events import (
    ActionTaken,
    BallMoved,
    CardClaimed,
    StoodUp,
    Touchdown,
)
from tests.engine.blitz.helpers import arrange, events_of, new_game, sq


def _shove_the_carrier_into_the_home_end_zone(follow_up: bool, deck=None):
    # Home Lineman 1 at (2, 5) Blocks the Orc carrier 101 at (1, 5): a Shove
    # (3) pushes him directly away, onto (0, 5) in the home End Zone, the
    # End Zone where the away team scores. Orc 102 lies Prone mid-pitch.
    g, fd = new_game(dice=[3], deck=deck)
    s = arrange(g, {1: (2, 5), 101: (1, 5), 102: (10, 8)}, prone=[102], balls=[101])
    g.apply(("act", 1, "block"))
    g.apply(("target", 101))
    g.apply(("face", "shove"))
    g.apply(("follow_up", follow_up))
    assert fd.remaining == 0
    return g, s


def test_an_opponent_pushed_into_the_end_zone_with_the_ball_does_not_score():
    g, s = _shove_the_carrier_into_the_home_end_zone(follow_up=False)
    carrier = s.idx[101]
    # The Block is over (home chooses its second Action): no Touchdown for
    # the away team in home's turn; the carrier stands in the End Zone, Open,
    # still holding the ball.
    assert g.pending.kind == "action"
    assert g.pending.team == "home"
    assert events_of(g, Touchdown) == []
    assert s.score == [0, 0]
    assert s.pos[carrier] == sq(g, 0, 5)
    assert not s.prone[carrier]
    assert s.open(carrier)
    assert s.ball_holder == [carrier]
    assert s.ball_pos == [sq(g, 0, 5)]


def test_he_scores_at_the_end_of_his_teams_first_action_of_its_next_turn():
    g, s = _shove_the_carrier_into_the_home_end_zone(follow_up=False)
    g.apply(("end_turn",))
    assert g.pending.team == "away"
    assert s.score == [0, 0]  # nothing at the start of away's turn
    n = len(g.events)
    g.apply(("act", 102, "stand_up"))  # another Player's Action
    assert g.events[n:] == [
        ActionTaken(102, "stand_up", False),
        StoodUp(102),
        BallMoved(0, sq(g, 0, 5), -1, "touchdown", 0),
        Touchdown("away", 101, 4),
    ]
    assert s.score == [0, 4]
    assert s.pos[s.idx[101]] == -1  # in the Dugout, a Reserves Player
    assert s.ball_pos == [-1]


def test_that_first_action_resulted_in_the_touchdown_for_showboat():
    # Card 21 Showboat For The Crowd! (1 point) is active, with 1 and 2
    # (Break Some Bones!): away's Stand Up is the Action after which its
    # team scored (Decision in game.touchdowns), claimed in the second
    # coach's first turn.
    deck = [21, 1, 2, *range(3, 21), *range(22, 27)]
    g, s = _shove_the_carrier_into_the_home_end_zone(follow_up=False, deck=deck)
    g.apply(("end_turn",))
    g.apply(("act", 102, "stand_up"))
    assert events_of(g, Touchdown) == [Touchdown("away", 101, 4)]
    assert [e.challenge for e in events_of(g, CardClaimed)] == [
        "showboat_for_the_crowd"
    ]
    assert s.score == [0, 4 + 1]


def test_a_marked_carrier_in_the_end_zone_does_not_score():
    # Home follows up: its Lineman at (1, 5) Marks the carrier, who is not
    # Open at the end of away's Action either.
    g, s = _shove_the_carrier_into_the_home_end_zone(follow_up=True)
    carrier = s.idx[101]
    assert s.marked(carrier)
    g.apply(("end_turn",))
    g.apply(("act", 102, "stand_up"))
    assert events_of(g, Touchdown) == []
    assert s.score == [0, 0]
    assert s.ball_holder == [carrier]


def test_an_opponent_with_the_ball_in_his_own_end_zone_scores_for_no_one():
    # The Orc carrier 101 stands Open at (16, 5), his own End Zone, where
    # home scores: home's Action scores nothing for either team.
    g, _ = new_game()
    s = arrange(g, {1: (5, 5), 101: (16, 5)}, balls=[101])
    g.apply(("act", 1, "run"))
    g.apply(("move", sq(g, 5, 4)))
    g.apply(("stop",))
    assert events_of(g, Touchdown) == []
    assert s.score == [0, 0]
    assert s.ball_holder == [s.idx[101]]
