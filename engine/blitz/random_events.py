"""Random Event Cards (rulebook advanced rules "Random Event Cards"; the
card texts in cards.md "Random Events Cards").

The 12 Random Event cards are numbered 101-112 (``EVENT_BASE`` + 1..12, in
the order of ``cards.json``'s ``random_events``, a kind's copies in turn),
so that the Challenge deck ``g.deck`` holds both: Challenge cards are 1-26.
After the three first Challenge cards are dealt, 6 of the 12 are shuffled
into the deck, again until none is on top. Each time a card is dealt into an
Active space, a Random Event on top of the deck is drawn by the coach whose
turn it is, resolved and discarded (``g.event_discards``), again while the
top is one. The deck's top is therefore never a Random Event once dealing
is done, and "the deck is out" (Points Victory) means the last Challenge
card has been dealt.

Decision: with the advanced rules on, Random Events are on
(``BlitzGame(random_events=None)`` follows ``advanced``): the rulebook lists
them first among the advanced rules; ``random_events=False`` plays the rest
of the advanced rules without them. A ``deck_order`` given to ``BlitzGame``
is the deck exactly: Random Events are in it only where it lists them.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.blitz.actions import BProc, Reserves, injure, reserve_squares
from engine.blitz.ball import bounce, drop, new_ball, pick
from engine.blitz.balls import choose_first
from engine.blitz.data import cards
from engine.blitz.events import (
    CardDealt,
    CardDiscarded,
    Injured,
    MadeProne,
    Placed,
    RandomEventDrawn,
    Roll,
)
from engine.blitz.faces import D6_TO_FACE, KERRUNCH
from engine.blitz.state import ACTIVE_SLOTS, TEAM_NAMES, BlitzState
from engine.core.errors import RuleError
from engine.core.state import Decision

EVENT_BASE = 100
LASTING = frozenset({"crumbling_astrogranite_pitch", "generous_coaches", "get_the_ref"})


@cache
def event_cards() -> dict[int, str]:
    """Card number (101-112) -> Random Event kind."""
    out: dict[int, str] = {}
    for ev in cards().random_events.values():
        for _ in range(ev.copies):
            out[EVENT_BASE + len(out) + 1] = ev.slug
    return out


def is_event(card: int) -> bool:
    return card > EVENT_BASE


def check_deck(order: list[int], numbers: list[int], events_on: bool) -> None:
    """A ``deck_order``: the 26 Challenge cards once each and, with Random
    Events on, none or ``random_events_in_deck`` distinct event cards, none
    among the first four (three dealt, then the top)."""
    challenge = [c for c in order if not is_event(c)]
    evs = [c for c in order if is_event(c)]
    if sorted(challenge) != numbers:
        raise RuleError("deck_order must list each of the 26 cards once")
    if not evs:
        return
    if not events_on:
        raise RuleError("deck_order lists Random Events, but they are off")
    if len(set(evs)) != len(evs) or any(c not in event_cards() for c in evs):
        raise RuleError("deck_order lists an unknown or repeated Random Event")
    if len(evs) != cards().random_events_in_deck:
        raise RuleError("deck_order must list 0 or 6 Random Events")
    if any(is_event(c) for c in order[: ACTIVE_SLOTS + 1]):
        raise RuleError("deck_order: no Random Event among the first four cards")


def shuffle_in(g: BlitzState) -> None:
    """Shuffle 6 of the 12 Random Events into the deck (after the first
    deal), again until the top card is a Challenge card: a Fisher-Yates
    shuffle of the 12 (the first 6 are used), then of the whole deck."""
    evs = list(event_cards())
    for k in range(len(evs) - 1, 0, -1):
        j = pick(g, k + 1)
        evs[k], evs[j] = evs[j], evs[k]
    deck = g.deck + evs[: cards().random_events_in_deck]
    while True:
        for k in range(len(deck) - 1, 0, -1):
            j = pick(g, k + 1)
            deck[k], deck[j] = deck[j], deck[k]
        if not is_event(deck[0]):
            break
    g.deck = deck


def deal(g: BlitzState) -> None:
    """Fill the empty Active spaces from the deck, one card at a time; a
    Random Event that comes on top is drawn first (it goes on the stack and
    the dealing goes on once it is resolved)."""
    while True:
        if g.deck and is_event(g.deck[0]):
            card = g.deck.pop(0)
            g.stack.append(Draw(card, g.active))
            return
        empty = [s for s in range(ACTIVE_SLOTS) if g.active_cards[s] == 0]
        if not empty or not g.deck:
            return
        slot, card = empty[0], g.deck.pop(0)
        g.active_cards[slot] = card
        slug = cards().deck[card - 1].challenge.slug
        g.events.append(CardDealt(slot + 1, card, slug))


def bonus_points(g: BlitzState) -> int:
    """Generous Coaches: a claimed Challenge Card or a Touchdown scores 1
    more point for the rest of the game."""
    return 1 if "generous_coaches" in g.lasting else 0


class Draw(BProc):
    """Coach ``t`` draws Random Event ``card``: its effect, then it is
    discarded and the dealing goes on."""

    def __init__(self, card: int, t: int) -> None:
        self.card = card
        self.t = t
        self.phase = 0

    def step(self, g: BlitzState) -> Decision | None:
        if self.phase == 1:
            g.stack.pop()
            g.event_discards.append(self.card)
            deal(g)
            return None
        self.phase = 1
        kind = event_cards()[self.card]
        g.events.append(RandomEventDrawn(TEAM_NAMES[self.t], self.card, kind))
        t = self.t
        if kind in LASTING:
            g.lasting.add(kind)
        elif kind == "banana_skins":
            g.stack.append(BananaSkins(t))
        elif kind == "empty_the_bench":
            g.stack.append(EmptyBench(t))
        elif kind == "impatient_coaches":
            impatient_coaches(g, t)
        elif kind == "multi_ball":
            g.stack.append(MultiBall(t, 1 if g.balls_in_play() else 2))
        elif kind == "pitch_invasion":
            pitch_invasion(g, t)
        elif kind == "reset":
            reset(g, t)
        elif kind == "trapdoor_monster":
            trapdoor_monster(g)
        else:  # pragma: no cover - the data names only these kinds
            raise RuleError(f"unknown Random Event {kind!r}")
        return None

    def receive(self, g: BlitzState, choice: tuple[Any, ...]) -> None:
        raise RuleError("a Random Event card takes no choice itself")


class BananaSkins(BProc):
    """Each coach (Decision: the drawer first) picks one Standing, not
    Marked (so Open) Opposition Player, if any: Prone with no Armour Check;
    a ball they hold bounces."""

    def __init__(self, t: int) -> None:
        self.order = [t, 1 - t]

    def _targets(self, g: BlitzState, coach: int) -> list[int]:
        return [i for i in range(g.n) if g.team[i] != coach and g.open(i)]

    def step(self, g: BlitzState) -> Decision | None:
        while self.order and not self._targets(g, self.order[0]):
            self.order.pop(0)
        if not self.order:
            g.stack.pop()
            return None
        coach = self.order[0]
        opts = tuple(("player", g.pid[i]) for i in self._targets(g, coach))
        return Decision(TEAM_NAMES[coach], "banana_skins", opts)

    def receive(self, g: BlitzState, choice: tuple[Any, ...]) -> None:
        self.order.pop(0)
        i = g.idx[choice[1]]
        g.prone[i] = True
        g.events.append(MadeProne(g.pid[i], "banana_skins"))
        drop(g, i)


class EmptyBench(BProc):
    """Every Reserves Player may make a free Reserves Action: each coach in
    turn (Decision: the drawer first) picks their Reserves Players one by
    one, or stops. Decision: the drawer's are free Player Actions (with
    their Claim step, and the Bone Pit's free Run); the other coach's are
    placed only (no card can be claimed out of one's own turn)."""

    def __init__(self, t: int) -> None:
        self.order = [t, 1 - t]
        self.offered: set[int] = set()

    def step(self, g: BlitzState) -> Decision | None:
        while self.order:
            coach = self.order[0]
            left = [
                i
                for i in g.reserves(coach)
                if i not in self.offered and reserve_squares(g, i)
            ]
            if left:
                opts = tuple(("reserve", g.pid[i]) for i in left)
                return Decision(
                    TEAM_NAMES[coach], "empty_the_bench", (*opts, ("done",))
                )
            self.order.pop(0)
        g.stack.pop()
        return None

    def receive(self, g: BlitzState, choice: tuple[Any, ...]) -> None:
        if choice[0] == "done":
            self.order.pop(0)
            return
        i = g.idx[choice[1]]
        self.offered.add(i)
        if g.team[i] == g.active:
            g.stack.append(g.links.player_action(i, "reserves", True, 0))
        else:
            g.stack.append(Reserves(i))


def impatient_coaches(g: BlitzState, t: int) -> None:
    """Discard every Active Challenge Card; the Draw then deals three new
    ones (drawing any Random Event that comes on top)."""
    for slot in range(ACTIVE_SLOTS):
        card = g.active_cards[slot]
        if card:
            g.active_cards[slot] = 0
            g.discards.append(card)
            g.events.append(CardDiscarded(TEAM_NAMES[t], slot + 1, card))


class MultiBall(BProc):
    """One new ball if a ball is in play, two if none is (New Ball! rules);
    with the special balls each coach picks one, the drawer first."""

    def __init__(self, t: int, count: int) -> None:
        self.choosers = [t, 1 - t][:count]

    def step(self, g: BlitzState) -> Decision | None:
        if not self.choosers:
            g.stack.pop()
            return None
        if choose_first(g, self.choosers[0]):
            return None
        self.choosers.pop(0)
        new_ball(g)
        return None

    def receive(self, g: BlitzState, choice: tuple[Any, ...]) -> None:
        raise RuleError("Multi-Ball takes no choice itself")


def pitch_invasion(g: BlitzState, t: int) -> None:
    """Each coach (the drawer first) rolls a Block Die for each opposing
    Player on the pitch (Standing, Marked or Prone), in roster order; a
    Kerrunch! Injures them (a ball they hold bounces). Decision: the card's
    "Krumhorn" is the Kerrunch! face."""
    for coach in (t, 1 - t):
        victims = [i for i in range(g.n) if g.team[i] != coach and g.pos[i] >= 0]
        for i in victims:
            if g.pos[i] < 0:
                continue
            d = g.dice.d6()
            hit = D6_TO_FACE[d] == KERRUNCH
            g.events.append(Roll("pitch_invasion", g.pid[i], (d,), 0, 0, hit, False))
            if hit:
                injure(g, i, "pitch_invasion")


def reset(g: BlitzState, t: int) -> None:
    """Every Player (pitch and Dugout) is set up again in their End Zone, the
    drawer's team first; the turn goes on. Decision: a ball a Player held
    stays loose on the square where they stood (the card moves Players, not
    balls), and a Player set up again is Standing."""
    for b in range(len(g.ball_holder)):
        g.ball_holder[b] = -1
    for i in range(g.n):
        g.to_dugout(i)
    g.stack.append(ResetTeam(1 - t))
    g.stack.append(ResetTeam(t))


class ResetTeam(BProc):
    """Reset: coach ``t`` sets up their Players one by one, as at set-up
    (Decision: squares with a loose ball only if no other is free)."""

    def __init__(self, t: int) -> None:
        self.t = t

    def step(self, g: BlitzState) -> Decision | None:
        left = [i for i in range(g.n) if g.team[i] == self.t and g.pos[i] < 0]
        free_sq = [sq for sq in g.board.end_zone[self.t] if g.occ[sq] < 0]
        no_ball = [sq for sq in free_sq if g.loose_ball_at(sq) < 0]
        if not left or not free_sq:
            g.stack.pop()
            return None
        opts = tuple(("place", sq) for sq in (no_ball or free_sq))
        return Decision(TEAM_NAMES[self.t], "setup", opts, g.pid[left[0]])

    def receive(self, g: BlitzState, choice: tuple[Any, ...]) -> None:
        i = next(i for i in range(g.n) if g.team[i] == self.t and g.pos[i] < 0)
        g.place(i, choice[1])
        g.events.append(Placed(g.pid[i], choice[1], "reset"))
        b = g.loose_ball_at(choice[1])
        if b >= 0:
            bounce(g, b, choice[1])


def trapdoor_monster(g: BlitzState) -> None:
    """A random Trapdoor: a Player on it is Injured; each Standing Player
    next to it becomes Prone (no Armour Check). Decision: "Any Player
    standing on that trapdoor" is any Player on it, Prone or not (as for
    New Ball!, ball.new_ball). Decision: the balls they
    held bounce once all of them are affected, the Injured Player's from the
    Trapdoor first, then the others' in square order."""
    traps = g.board.trapdoor_squares
    sq = traps[0] if len(traps) == 1 else traps[pick(g, len(traps))]
    loose: list[tuple[int, int]] = []
    i = g.occ[sq]
    if i >= 0:
        b = g.ball_of(i)
        if b >= 0:
            g.ball_holder[b] = -1
            loose.append((b, sq))
        g.to_dugout(i)
        g.events.append(Injured(g.pid[i], "trapdoor_monster"))
    for n in sorted(g.board.neighbours[sq]):
        j = g.occ[n]
        if j >= 0 and g.standing(j):
            g.prone[j] = True
            g.events.append(MadeProne(g.pid[j], "trapdoor_monster"))
            b = g.ball_of(j)
            if b >= 0:
                g.ball_holder[b] = -1
                loose.append((b, n))
    for b, frm in loose:
        bounce(g, b, frm)
