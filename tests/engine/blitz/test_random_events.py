"""Random Event Cards (rulebook "Random Event Cards"; card texts in
cards.md "Random Events Cards"), with scripted dice and given deck orders.

Human (home): 1-3 Linemen (Move 6, Block 1, Throw 4+, Armour 3+), 4 Thrower
(Throw 3+), 5 Catcher (Armour 5+), 6 Blitzer. Orc (away): 101-103 Linemen
(Armour 3+), 104 Thrower, 105 Blitzer (Armour 2+), 106 Big Un Blocker.
Single board: the Trapdoor is (8, 5). Bounce Chart: 1 N (0,-1), 3 E (1,0),
5 S (0,1), 7 W (-1,0). Block Die: 1 Miss, 2 Tackle, 3-4 Shove,
5 Kerrunch!, 6 Smash.
"""

from __future__ import annotations

import pytest

from engine.blitz.events import (
    ActionTaken,
    BlockDice,
    CardDiscarded,
    GameEnd,
    Injured,
    MadeProne,
    Placed,
    RandomEventDrawn,
    Roll,
    Touchdown,
)
from engine.blitz.game import BlitzGame
from engine.blitz.random_events import event_cards
from engine.blitz.state import BlitzTeamSheet
from engine.core.dice import FixedDice, RandomDice
from engine.core.errors import RuleError
from tests.engine.blitz.helpers import events_of, options, sq
from tests.engine.blitz.variant_helpers import (
    BANANA,
    BENCH,
    CRUMBLING,
    GENEROUS,
    IMPATIENT,
    IMPATIENT_2,
    INVASION,
    MONSTER,
    MULTI,
    REF,
    RESET,
    deck_with,
    game,
    to_event,
)


def _skip_emergency(g):
    if g.pending.kind == "emergency_reserves":
        g.apply(("skip",))


def test_the_twelve_cards_are_numbered_101_to_112_by_kind():
    # cards.json: ten kinds, Impatient Coaches and Multi-Ball twice: 12.
    ev = event_cards()
    assert sorted(ev) == list(range(101, 113))
    assert ev[101] == "banana_skins"
    assert ev[112] == "trapdoor_monster"
    assert [ev[106], ev[107], ev[108], ev[109]] == [
        "impatient_coaches",
        "impatient_coaches",
        "multi_ball",
        "multi_ball",
    ]


def test_banana_skins_each_coach_lays_an_open_opposition_player_prone():
    # Home (the drawer) first picks an Open away Player: 101 and 102 are
    # Open; 103 Marks home 2, so is Marked, not offered. Away then picks
    # home 1 (Open, holding the ball): Prone, no Armour Check, the ball
    # bounces: D8 3 = E, (5,5) -> (6,5).
    g, fd = game(dice=[3], deck=deck_with(BANANA))
    to_event(
        g,
        {1: (5, 5), 2: (3, 3), 101: (10, 5), 102: (12, 5), 103: (3, 4)},
        balls=[1],
    )
    s = g.state
    assert g.pending.kind == "banana_skins"
    assert g.pending.team == "home"
    assert set(options(g)) == {("player", 101), ("player", 102)}
    g.apply(("player", 101))
    assert g.pending.kind == "banana_skins"
    assert g.pending.team == "away"
    assert set(options(g)) == {("player", 1)}  # home 2 is Marked
    g.apply(("player", 1))
    assert s.prone[s.idx[101]]
    assert s.prone[s.idx[1]]
    assert [e.player for e in events_of(g, MadeProne)] == [101, 1]
    assert s.ball_pos == [sq(g, 6, 5)]
    assert s.ball_holder == [-1]
    assert not [e for e in events_of(g, Roll) if e.purpose == "armour"]
    assert fd.remaining == 0
    assert s.event_discards == [BANANA]
    assert events_of(g, RandomEventDrawn) == [
        RandomEventDrawn("home", BANANA, "banana_skins")
    ]


def test_crumbling_astrogranite_pitch_block_armour_checks_at_minus_one():
    # Smash (D6 6): an Armour Check at -1 for the rest of the game; Orc
    # Lineman Armour 3+, D6 3: 3 - 1 = 2 < 3, Injured (it would pass
    # without the card).
    g, fd = game(dice=[6, 3], deck=deck_with(CRUMBLING))
    to_event(g, {1: (5, 5), 101: (6, 5)}, balls=[(12, 2)])
    s = g.state
    assert s.lasting == {"crumbling_astrogranite_pitch"}
    _skip_emergency(g)
    g.apply(("act", 1, "block"))
    g.apply(("target", 101))
    g.apply(("face", "smash"))
    armour = [e for e in events_of(g, Roll) if e.purpose == "armour"]
    assert [(e.dice, e.modifier, e.success) for e in armour] == [((3,), -1, False)]
    assert s.pos[s.idx[101]] == -1


def test_crumbling_does_not_go_past_the_minus_one_cap_on_a_kerrunch():
    # Kerrunch! is already -1; the modifiers are capped at -1, so a D6 3
    # against Armour 3+ makes 2 and fails, and a 4 makes 3 and passes.
    g, fd = game(dice=[5, 4], deck=deck_with(CRUMBLING))
    to_event(g, {1: (5, 5), 101: (6, 5)}, balls=[(12, 2)])
    _skip_emergency(g)
    g.apply(("act", 1, "block"))
    g.apply(("target", 101))
    g.apply(("face", "kerrunch"))
    armour = [e for e in events_of(g, Roll) if e.purpose == "armour"]
    assert [(e.modifier, e.success) for e in armour] == [(-1, True)]


def test_empty_the_bench_every_reserves_player_may_come_on():
    # Home (the drawer) brings 2 on (a free Reserves Action: no Action
    # used) and stops; away brings 102 on (placed only) and stops.
    g, fd = game(deck=deck_with(BENCH))
    to_event(g, {1: (5, 5), 101: (10, 5)}, balls=[(12, 2)])
    s = g.state
    assert g.pending.kind == "empty_the_bench"
    assert g.pending.team == "home"
    assert set(options(g)) == {("reserve", p) for p in (2, 3, 4, 5, 6)} | {("done",)}
    g.apply(("reserve", 2))
    g.apply(("place", sq(g, 0, 0)))
    assert g.pending.kind == "empty_the_bench"
    assert ("reserve", 2) not in options(g)
    g.apply(("done",))
    assert g.pending.team == "away"
    g.apply(("reserve", 102))
    g.apply(("place", sq(g, 16, 0)))
    g.apply(("done",))
    assert s.pos[s.idx[2]] == sq(g, 0, 0)
    assert s.pos[s.idx[102]] == sq(g, 16, 0)
    assert ActionTaken(2, "reserves", True) in g.events
    assert not [e for e in events_of(g, ActionTaken) if e.player == 102]
    assert s.actions_used == 0
    assert {e.player for e in events_of(g, Placed) if e.reason == "reserves"} == {
        2,
        102,
    }


def test_generous_coaches_a_touchdown_scores_five():
    # Touchdown 4 + 1 for the rest of the game.
    g, fd = game(deck=deck_with(GENEROUS))
    to_event(g, {1: (15, 5), 101: (10, 1)}, balls=[1])
    s = g.state
    assert s.lasting == {"generous_coaches"}
    _skip_emergency(g)
    before = s.score[0]
    g.apply(("act", 1, "run"))
    g.apply(("move", sq(g, 16, 5)))
    if g.pending.kind == "run":
        g.apply(("stop",))
    assert events_of(g, Touchdown) == [Touchdown("home", 1, 5)]
    # Active cards 4, 2, 3 (Free Up The Ball!, Break Some Bones!): a Run
    # claims none, so the score is the Touchdown's 5 only.
    assert s.score[0] == before + 5


def test_generous_coaches_a_claimed_card_scores_one_more():
    # Card 2 Break Some Bones! (3 points) claimed by Injuring 101: 3 + 1.
    g, fd = game(dice=[6, 1], deck=deck_with(GENEROUS))
    to_event(g, {1: (5, 5), 101: (6, 5)}, balls=[(12, 2)])
    s = g.state
    _skip_emergency(g)
    g.apply(("act", 1, "block"))
    g.apply(("target", 101))
    g.apply(("face", "smash"))  # Armour D6 1: Injured
    from engine.blitz.events import CardClaimed

    claims = events_of(g, CardClaimed)
    assert [(c.card, c.points) for c in claims] == [(2, 4)]
    assert s.score[0] == 4


@pytest.mark.parametrize(
    ("d6", "fouler_out", "target_out", "slipped"),
    [
        (1, False, False, True),  # Miss: Spotted! counts as Slipped!
        (2, False, True, False),  # Tackle: Take That! counts as Got Them!
    ],
)
def test_get_the_ref_spotted_is_slipped_and_take_that_is_got_them(
    d6, fouler_out, target_out, slipped
):
    g, fd = game(dice=[d6], deck=deck_with(REF))
    to_event(g, {1: (5, 5), 101: (6, 5)}, prone=[101], balls=[(12, 2)])
    s = g.state
    assert s.lasting == {"get_the_ref"}
    _skip_emergency(g)
    g.apply(("act", 1, "foul"))
    g.apply(("target", 101))
    assert (s.pos[s.idx[1]] < 0) is fouler_out
    assert (s.pos[s.idx[101]] < 0) is target_out
    assert s.no_more_actions[s.idx[1]] is slipped


def test_impatient_coaches_discards_the_active_cards_and_deals_three():
    # Space 1 discarded (card 1), card 4 dealt, the card drawn: cards 4, 2,
    # 3 discarded, then 5, 6, 7 dealt.
    g, fd = game(deck=deck_with(IMPATIENT))
    to_event(g, {1: (5, 5), 101: (10, 5)}, balls=[(12, 2)])
    s = g.state
    assert s.active_cards == [5, 6, 7]
    assert s.discards == [1, 4, 2, 3]
    assert [e.card for e in events_of(g, CardDiscarded)] == [1, 4, 2, 3]
    assert s.deck[0] == 8


def test_chained_draws_a_random_event_under_a_dealt_card_is_drawn_too():
    # Deck 1-4, 106, 5, 107, 6, 7, 8...: card 4 dealt, 106 drawn: 4, 2, 3
    # discarded; 5 dealt, 107 on top is drawn at once: 5 discarded; 6, 7, 8
    # dealt.
    deck = [1, 2, 3, 4, IMPATIENT, 5, IMPATIENT_2, *range(6, 27), 101, 102, 103, 104]
    g, fd = game(deck=deck)
    to_event(g, {1: (5, 5), 101: (10, 5)}, balls=[(12, 2)])
    s = g.state
    assert [e.card for e in events_of(g, RandomEventDrawn)] == [IMPATIENT, IMPATIENT_2]
    assert s.discards == [1, 4, 2, 3, 5]
    assert s.active_cards == [6, 7, 8]
    assert s.event_discards == [IMPATIENT, IMPATIENT_2]


def test_multi_ball_one_new_ball_when_a_ball_is_in_play():
    # A ball is held: one new ball out of the Trapdoor (8,5); D8 3: E to
    # (9,5).
    g, fd = game(dice=[3], deck=deck_with(MULTI))
    to_event(g, {1: (3, 3), 101: (12, 1)}, balls=[1])
    s = g.state
    assert s.ball_pos == [sq(g, 3, 3), sq(g, 9, 5)]
    assert fd.remaining == 0


def test_multi_ball_two_new_balls_when_none_is_in_play():
    # None in play: two new balls, each from (8,5): D8 3 -> (9,5), then
    # D8 7 -> (7,5). No Ball in Play then needs none.
    g, fd = game(dice=[3, 7], deck=deck_with(MULTI))
    to_event(g, {1: (3, 3), 101: (12, 1)})
    s = g.state
    assert s.ball_pos == [sq(g, 9, 5), sq(g, 7, 5)]
    assert s.balls_in_play() == 2
    assert fd.remaining == 0


def test_pitch_invasion_a_kerrunch_injures_the_player():
    # Home rolls for 101 (D6 5 Kerrunch!: Injured) and 102 (Prone; D6 2:
    # nothing); away rolls for home 1 (5: Injured, the ball bounces D8 3:
    # (3,3) -> (4,3)) and home 2 (6 Smash: nothing).
    g, fd = game(dice=[5, 2, 5, 3, 6], deck=deck_with(INVASION))
    to_event(
        g,
        {1: (3, 3), 2: (3, 7), 101: (10, 5), 102: (12, 5)},
        prone=[102],
        balls=[1],
    )
    s = g.state
    assert [e.player for e in events_of(g, Injured)] == [101, 1]
    assert s.pos[s.idx[102]] == sq(g, 12, 5)
    assert s.pos[s.idx[2]] == sq(g, 3, 7)
    assert s.ball_pos == [sq(g, 4, 3)]
    assert s.ball_holder == [-1]
    assert fd.remaining == 0


def test_reset_both_teams_set_up_again_the_drawer_first():
    # Home (the drawer) sets up its six first, then away its six; the ball
    # 1 held stays loose at (10,5); every Player Standing; the turn goes on.
    g, fd = game(deck=deck_with(RESET))
    to_event(g, {1: (10, 5), 2: (4, 4), 101: (9, 5)}, prone=[2], balls=[1])
    s = g.state
    teams = []
    while g.pending.kind == "setup":
        teams.append(g.pending.team)
        g.apply(g.pending.options[0])
    assert teams == ["home"] * 6 + ["away"] * 6
    assert all(s.board.in_end_zone(s.team[i], s.pos[i]) for i in range(s.n))
    assert not any(s.prone)
    assert s.ball_pos == [sq(g, 10, 5)]
    assert s.ball_holder == [-1]
    assert s.active == 0
    assert s.actions_used == 0
    assert g.pending.kind == "action"
    assert g.pending.team == "home"


def test_trapdoor_monster_injures_on_it_and_lays_prone_around_it():
    # (8,5): away 101 on it, holding ball 0: Injured. Standing next to it:
    # home 1 (7,5) and home 2 (9,6) holding ball 1: Prone; away 102 (8,4)
    # already Prone; home 3 (6,5) is not next to it. Ball 0 bounces from
    # (8,5): D8 1 N -> (8,4) (a Prone Player) -> D8 3 E -> (9,4); ball 1
    # from (9,6): D8 5 S -> (9,7).
    g, fd = game(dice=[1, 3, 5], deck=deck_with(MONSTER))
    to_event(
        g,
        {1: (7, 5), 2: (9, 6), 3: (6, 5), 101: (8, 5), 102: (8, 4)},
        prone=[102],
        balls=[101, 2],
    )
    s = g.state
    assert events_of(g, Injured) == [Injured(101, "trapdoor_monster")]
    assert [e.player for e in events_of(g, MadeProne)] == [1, 2]
    assert not s.prone[s.idx[3]]
    assert s.ball_pos == [sq(g, 9, 4), sq(g, 9, 7)]
    assert s.ball_holder == [-1, -1]
    assert fd.remaining == 0


def test_trapdoor_monster_injures_a_prone_player_lying_on_the_trapdoor():
    # cards.md Trapdoor Monster: "Any Player standing on that trapdoor is
    # injured." Decision (random_events.trapdoor_monster): a Prone Orc (101)
    # on the Trapdoor (8, 5) is Injured; the Human (1) standing next to it
    # becomes Prone.
    g, fd = game(dice=[], deck=deck_with(MONSTER))
    to_event(g, {1: (7, 5), 101: (8, 5)}, prone=[101], balls=[(2, 2)])
    s = g.state
    assert events_of(g, Injured) == [Injured(101, "trapdoor_monster")]
    assert s.pos[s.idx[101]] == -1
    assert s.prone[s.idx[1]]
    assert fd.remaining == 0


# --- the deck rules ----------------------------------------------------


def test_six_events_shuffled_in_after_the_deal_never_one_on_top():
    # Dice (d100 picks; pick(n) = (r - 1) % n, so r = k + 1 leaves card k in
    # place and r = 1 swaps it with the top):
    #  - the 26 Challenge cards: r = k + 1 for k = 25..1: order 1..26; 1-3
    #    are dealt, the deck is 4..26;
    #  - the 12 events: r = k + 1 for k = 11..1: 101-106 are used;
    #  - the deck 4..26 + 101..106 (29 cards): r = 1 for k = 28 brings 106
    #    to the top (4 goes to the bottom), then r = k + 1: the top is a
    #    Random Event, so the deck is shuffled again;
    #  - again r = k + 1 for k = 28..2, then r = 1 for k = 1: the top two
    #    swap: 5, 106, 6, ..., 26, 101, ..., 105, 4.
    dice = [k + 1 for k in range(25, 0, -1)]
    dice += [k + 1 for k in range(11, 0, -1)]
    dice += [1] + [k + 1 for k in range(27, 0, -1)]
    dice += [k + 1 for k in range(28, 1, -1)] + [1]
    fd = FixedDice(dice)
    g = BlitzGame(BlitzTeamSheet("H", "human"), BlitzTeamSheet("A", "orc"), fd, first=0)
    s = g.state
    assert fd.remaining == 0
    assert s.active_cards == [1, 2, 3]
    assert s.deck == [5, 106, *range(6, 27), 101, 102, 103, 104, 105, 4]


@pytest.mark.parametrize("seed", range(5))
def test_a_shuffled_deck_holds_six_events_and_a_challenge_on_top(seed):
    g = BlitzGame(
        BlitzTeamSheet("H", "human"), BlitzTeamSheet("A", "orc"), RandomDice(seed)
    )
    s = g.state
    evs = [c for c in s.deck if c > 100]
    assert len(s.deck) == 23 + 6
    assert len(set(evs)) == 6
    assert s.deck[0] <= 26
    assert all(0 < c <= 26 for c in s.active_cards)


def test_no_random_events_with_the_basic_rules_or_when_switched_off():
    for kw in ({"advanced": False}, {"random_events": False}):
        g = BlitzGame(
            BlitzTeamSheet("H", "human"), BlitzTeamSheet("A", "orc"), seed=3, **kw
        )
        s = g.state
        assert sorted(s.deck + s.active_cards) == list(range(1, 27))


@pytest.mark.parametrize(
    ("deck", "kw"),
    [
        ([1, 2, 3, 101, *range(4, 27), 102, 103, 104, 105, 106], {}),  # on top
        ([*range(1, 27), 101, 102, 103, 104, 105], {}),  # five
        ([*range(1, 27), 101, 101, 103, 104, 105, 106], {}),  # one twice
        ([*range(1, 27), 101, 102, 103, 104, 105, 106], {"random_events": False}),
    ],
)
def test_a_bad_deck_order_is_refused(deck, kw):
    with pytest.raises(RuleError):
        BlitzGame(
            BlitzTeamSheet("H", "human"),
            BlitzTeamSheet("A", "orc"),
            FixedDice([]),
            deck_order=deck,
            first=0,
            **kw,
        )


def test_points_victory_counts_the_challenge_cards_only():
    # Deck 25, 26 then six Random Events (Crumbling first): home discards
    # space 1 in its second turn, card 25 is dealt ... here only 26 and the
    # events are left: 26 is dealt, then the events under it are drawn one
    # after the other (each on top after a deal or a draw), so the deck is
    # out with the last Challenge card: home's turn that dealt it is home's
    # one more turn, then away has one.
    deck = [*range(1, 27), CRUMBLING, GENEROUS, REF, BENCH, RESET, INVASION]
    g, fd = game(deck=deck)
    g.apply(("end_turn",))
    s = g.state
    s.deck = [26, CRUMBLING, GENEROUS, REF]  # the end of the deck
    g.apply(("end_turn",))
    g.apply(("discard", 1))
    assert s.active_cards[0] == 26
    assert s.deck == []
    assert s.event_discards == [CRUMBLING, GENEROUS, REF]
    assert s.lasting == {
        "crumbling_astrogranite_pitch",
        "generous_coaches",
        "get_the_ref",
    }
    assert [e.card for e in events_of(g, RandomEventDrawn)] == [
        CRUMBLING,
        GENEROUS,
        REF,
    ]
    _skip_emergency(g)
    g.apply(("end_turn",))  # home's second turn, its last: the deck is out
    # Away's one more turn has started (its count used); home has none.
    assert s.final_turns == [0, 0]
    assert g.pending.team == "away"
    g.apply(("end_turn",))  # away's last turn
    assert g.done
    assert s.turns == [2, 2]
    assert events_of(g, GameEnd)[0].how == "points"


def test_block_dice_are_unchanged_by_lasting_events_other_than_crumbling():
    # Get the Ref! touches Fouls only: a Block rolls its one die.
    g, fd = game(dice=[1], deck=deck_with(REF))
    to_event(g, {1: (5, 5), 101: (6, 5)}, balls=[(12, 2)])
    _skip_emergency(g)
    g.apply(("act", 1, "block"))
    g.apply(("target", 101))
    assert events_of(g, BlockDice) == []
    assert g.pending.info == ("miss",)
