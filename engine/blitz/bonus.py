"""Bonus Plays (rulebook "Bonus Plays", cards.md "Bonus Play Cards"): the
cards in a coach's hand, played at the moment each card's text allows, as a
choice of the coach who holds it.

A coach plays any number of Bonus Plays in a turn, but never two of the
same type; a played card goes to the discard pile. Where a card is played:

- with the "action" Decision (:func:`action_options`): the cards played
  before a Player Action (Accurate Throw, Aggressive Mark, Dodge, Sprint,
  Nerves of Steel, Hail Mary Pass) as ``("bonus", card, player, action)``,
  which plays the card and makes that Player Action; Reserves and Jump Up
  as ``("bonus", card, player)`` (a free Action); Defensive Play as
  ``("bonus", card)`` before the first Player Action;
- in a ``bonus_window`` Decision (options ``("bonus", card)`` or, to pick
  a Player, ``("bonus", card, player)``, and ``("pass",)``), opened only
  when the coach holds a card playable now: Blocking Play at the start of
  the turn, Inspiration after the third Player Action, Blitz! and Diving
  Tackle after a Mark, Raw Talent after a failed Throw Check or a passed
  Armour Check, Bladed Knuckle Dusters and The Kid's Got Moxy in a Block,
  and the four Interrupts (Intervention, Shadowing, Step Aside, Tough
  Enough) for the coach whose turn it is not;
- Raw Talent on Block Dice is an option of the "block_die" Decision.

Decision: the "before"/"when" cards are offered with the Player Action
decision, not before free Actions granted by abilities (a free Action is
offered as take-it-or-not; adding a card choice there doubles those
decisions for little).
Decision: a die is re-rolled at most once (Raw Talent is not offered after
an Expert Passer or Offensive Specialist re-roll, nor they after it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.blitz import abilities as ab
from engine.blitz import actions as act
from engine.blitz import advanced as adv
from engine.blitz import effects as fx
from engine.blitz import throw
from engine.blitz.ball import drop
from engine.blitz.data import cards
from engine.blitz.events import BonusPlayed, HandDiscarded, KnockedDown
from engine.blitz.state import (
    ACTIONS_PER_TURN,
    HAND_LIMIT,
    TEAM_NAMES,
    ActionRecord,
    BlitzState,
)
from engine.core.state import Decision

# Cards played before a Player Action, and the Action they go with.
# Decision: Accurate Throw goes with a Throw Action, not a Throw Team-mate
# Action: the rulebook counts a Throw Team-mate as a Throw "for the
# purpose of claiming Challenge Cards", and the Bonus Plays name it where
# they mean it (Nerves of Steel takes it in, Hail Mary Pass leaves it out).
BEFORE = {
    "accurate_throw": "throw",
    "aggressive_mark": "mark",
    "dodge": "run",
    "sprint": "run",
    "nerves_of_steel": "throw",
    "hail_mary_pass": "throw",
}

Then = Callable[[BlitzState, int], None]  # (state, Player or -1); -2: passed
PASSED = -2


def slug_of(card: int) -> str:
    return cards().deck[card - 1].bonus_play.slug


def playable(g: BlitzState, t: int, slug: str) -> int:
    """A card of team ``t``'s hand with Bonus Play ``slug`` that may be
    played this turn (none of its type played yet), or 0."""
    if slug in g.bonus_used[t]:
        return 0
    for c in g.hands[t]:
        if slug_of(c) == slug:
            return c
    return 0


def play(g: BlitzState, t: int, card: int, i: int = -1) -> str:
    """Play ``card`` from team ``t``'s hand (for Player ``i``): it goes to
    the discard pile and its type may not be played again this turn."""
    slug = slug_of(card)
    g.hands[t].remove(card)
    g.discards.append(card)
    g.bonus_used[t].add(slug)
    g.events.append(BonusPlayed(TEAM_NAMES[t], card, slug, g.pid[i] if i >= 0 else 0))
    return slug


class Window(act.BProc):
    """Offer team ``t`` card ``card`` now. With ``candidates`` the coach
    picks the Player too; the window closes by itself if none is left or
    ``still`` says the moment has passed. ``then(g, i)`` runs after the
    choice (``i`` the Player, -1 for none, ``PASSED`` if not played)."""

    def __init__(
        self,
        t: int,
        card: int,
        then: Then,
        *,
        candidates: Callable[[BlitzState], list[int]] | None = None,
        still: Callable[[BlitzState], bool] | None = None,
        player: int = -1,
    ) -> None:
        self.t = t
        self.card = card
        self.then = then
        self.candidates = candidates
        self.still = still
        self.player = player

    def step(self, g: BlitzState) -> Decision | None:
        slug = slug_of(self.card)
        if (self.still is not None and not self.still(g)) or (
            slug in g.bonus_used[self.t] or self.card not in g.hands[self.t]
        ):
            g.stack.pop()
            self.then(g, PASSED)
            return None
        opts: tuple[tuple[Any, ...], ...]
        if self.candidates is None:
            opts = (("bonus", self.card), ("pass",))
        else:
            who = self.candidates(g)
            if not who:
                g.stack.pop()
                self.then(g, PASSED)
                return None
            opts = (*(("bonus", self.card, g.pid[j]) for j in who), ("pass",))
        pid = g.pid[self.player] if self.player >= 0 else None
        return Decision(TEAM_NAMES[self.t], "bonus_window", opts, pid, info=(slug,))

    def receive(self, g: BlitzState, choice: tuple[Any, ...]) -> None:
        g.stack.pop()
        if choice[0] == "pass":
            self.then(g, PASSED)
            return
        i = g.idx[choice[2]] if len(choice) > 2 else self.player
        play(g, self.t, self.card, i)
        self.then(g, i)


def _nothing(g: BlitzState, i: int) -> None:
    return None


# --- the turn ------------------------------------------------------------


def turn_start(g: BlitzState, t: int) -> None:
    """A new turn: the once-a-turn record and the effects are reset; then
    Blocking Play may be played, before the Pre-Turn Sequence."""
    g.bonus_used = (set(), set())
    g.turn_effects = set()
    g.action_effects = {}
    g.bonus_bound = None
    g.actions_allowed = ACTIONS_PER_TURN
    card = playable(g, t, "blocking_play")
    if card:

        def then(g: BlitzState, i: int) -> None:
            if i != PASSED:
                g.turn_effects.add("blocking_play")

        g.stack.append(Window(t, card, then))


def inspiration(g: BlitzState, t: int) -> bool:
    """After the Claim step of the third Player Action: Inspiration gives a
    fourth. Returns whether a window was opened."""
    if g.actions_used != ACTIONS_PER_TURN or g.actions_allowed != ACTIONS_PER_TURN:
        return False
    if "inspiration_offered" in g.turn_effects:
        return False
    card = playable(g, t, "inspiration")
    if not card:
        return False
    g.turn_effects.add("inspiration_offered")

    def then(g: BlitzState, i: int) -> None:
        if i != PASSED:
            g.actions_allowed += 1

    g.stack.append(Window(t, card, then))
    return True


class HandLimit(act.BProc):
    """At the end of the turn the coach discards down to three cards, their
    choice (rulebook "Claiming Challenge Cards")."""

    def __init__(self, t: int) -> None:
        self.t = t

    def step(self, g: BlitzState) -> Decision | None:
        hand = g.hands[self.t]
        if len(hand) <= HAND_LIMIT:
            g.stack.pop()
            return None
        opts = tuple(("discard", c) for c in hand)
        return Decision(TEAM_NAMES[self.t], "hand_discard", opts)

    def receive(self, g: BlitzState, choice: tuple[Any, ...]) -> None:
        g.hands[self.t].remove(choice[1])
        g.discards.append(choice[1])
        g.events.append(HandDiscarded(TEAM_NAMES[self.t], choice[1]))


def hand_limit(g: BlitzState, t: int) -> bool:
    """Open the hand-limit discards if team ``t`` holds more than three."""
    if len(g.hands[t]) <= HAND_LIMIT:
        return False
    g.stack.append(HandLimit(t))
    return True


# --- the Action decision -------------------------------------------------


def _free(g: BlitzState, i: int, action: str) -> bool:
    return not g.no_more_actions[i] and action not in g.done_actions[i]


def _may_run(g: BlitzState, i: int) -> bool:
    return (
        g.standing(i)
        and _free(g, i, "run")
        and (g.open(i) or ab.may_run_while_marked(g, i))
        and act.can_run(g, i)
    )


def _may_throw(g: BlitzState, i: int, *, anywhere: bool = False) -> bool:
    if not (
        g.standing(i)
        and _free(g, i, "throw")
        and g.ball_of(i) >= 0
        and g.throw[i] is not None
        and not ab.cannot_throw(g, i)
        and (g.open(i) or fx.for_action(g, i, "nerves_of_steel"))
    ):
        return False
    return bool(throw.throw_targets(g, i, anywhere=anywhere or fx.hail_mary(g, i)))


def _with(g: BlitzState, slug: str, i: int, test: Callable[[], bool]) -> bool:
    """``test()`` as if ``slug`` were played for Player ``i``'s Action."""
    before = g.action_effects.get(slug)
    g.action_effects[slug] = i
    try:
        return test()
    finally:
        if before is None:
            del g.action_effects[slug]
        else:
            g.action_effects[slug] = before


def _before_ok(g: BlitzState, slug: str, i: int, action: str) -> bool:
    """Whether ``slug`` may be played before Player ``i``'s ``action``."""
    if BEFORE[slug] != action or fx.for_action(g, i, slug):
        return False
    if slug == "sprint":
        return _may_run(g, i)
    if slug == "dodge":
        return _with(g, "dodge", i, lambda: _may_run(g, i))
    if slug == "aggressive_mark":
        return (
            g.open(i)
            and _free(g, i, "mark")
            and mark_reach(g, i, fx.AGGRESSIVE_MARK_SQUARES)
        )
    if slug == "accurate_throw":
        return _may_throw(g, i)
    if slug == "hail_mary_pass":
        return _may_throw(g, i, anywhere=True)
    # Nerves of Steel: a Marked Player's Throw.
    return g.marked(i) and _with(g, slug, i, lambda: _may_throw(g, i))


def mark_reach(g: BlitzState, i: int, squares: int) -> bool:
    """Whether a Mark of ``squares`` squares can end Marking someone (a
    search by distance: the Mark stops at the first square next to a
    standing opponent, so only the others are passed through)."""
    t, board = g.team[i], g.board
    seen = {g.pos[i]}
    frontier = [g.pos[i]]
    for _ in range(squares):
        nxt = []
        for sq in frontier:
            for n in board.neighbours[sq]:
                if n in seen or g.occ[n] >= 0 or board.blocked[n]:
                    continue
                if g.next_to_standing_opponent(n, t):
                    return True
                seen.add(n)
                nxt.append(n)
        frontier = nxt
    return False


def _nerves_ttm(g: BlitzState, i: int) -> bool:
    return (
        g.advanced
        and g.marked(i)
        and _free(g, i, "throw_team_mate")
        and adv.can_throw_team_mate(g, i)
    )


def _before_options(
    g: BlitzState, t: int, players: list[int], actions: tuple[str, ...]
) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    seen: set[str] = set()
    for c in g.hands[t]:
        slug = slug_of(c)
        if slug not in BEFORE or slug in seen or slug in g.bonus_used[t]:
            continue
        seen.add(slug)
        for i in players:
            for a in actions:
                if _before_ok(g, slug, i, a):
                    out.append(("bonus", c, g.pid[i], a))
                elif (
                    slug == "nerves_of_steel"
                    and a == "throw_team_mate"
                    and not fx.for_action(g, i, slug)
                    and _nerves_ttm(g, i)
                ):
                    out.append(("bonus", c, g.pid[i], a))
    return out


ALL_ACTIONS = ("run", "mark", "throw", "throw_team_mate")


def action_options(
    g: BlitzState, t: int, acts: list[tuple[Any, ...]]
) -> tuple[tuple[Any, ...], ...]:
    """The options of the "action" Decision: the Player Actions, the Bonus
    Plays playable now, and ending the turn (not while a played card waits
    for its Action)."""
    if g.bonus_bound is not None:
        i, a = g.bonus_bound
        return (("act", g.pid[i], a), *_before_options(g, t, [i], (a,)))
    if not g.hands[t]:
        return (*acts, ("end_turn",))
    on_pitch = [i for i in range(g.n) if g.team[i] == t and g.pos[i] >= 0]
    extra = _before_options(g, t, on_pitch, ALL_ACTIONS)
    card = playable(g, t, "reserves")
    if card:
        for i in g.reserves(t):
            if _free(g, i, "reserves") and act.reserve_squares(g, i):
                extra.append(("bonus", card, g.pid[i]))
    card = playable(g, t, "jump_up")
    if card:
        for i in on_pitch:
            if g.prone[i] and _free(g, i, "stand_up"):
                extra.append(("bonus", card, g.pid[i]))
    card = playable(g, t, "defensive_play")
    if card and g.actions_used == 0:
        extra.append(("bonus", card))
    return (*acts, *extra, ("end_turn",))


def play_in_action(
    g: BlitzState, t: int, choice: tuple[Any, ...]
) -> tuple[int, str, bool] | None:
    """Play a card chosen in the "action" Decision. Returns the Action to
    make now (Player, Action, free) or None (the decision is offered again,
    bound to the Action if another card may still go with it)."""
    card = choice[1]
    if len(choice) == 2:  # Defensive Play
        g.turn_effects.add(play(g, t, card))
        return None
    i = g.idx[choice[2]]
    slug = play(g, t, card, i)
    if slug == "reserves":
        return i, "reserves", True
    if slug == "jump_up":
        return i, "stand_up", True
    action = choice[3]
    g.action_effects[slug] = i
    if _before_options(g, t, [i], (action,)):
        g.bonus_bound = (i, action)
        return None
    return i, action, False


# --- after an Action -----------------------------------------------------


def after_action(g: BlitzState, rec: ActionRecord) -> None:
    """After an Action's procedure and its Touchdown check: Diving Tackle's
    fall, then the other coach's Interrupts (Decision: an Interrupt "after"
    an Action comes after its Touchdown check, before its Claim step, so it
    may spoil a Challenge but not a Touchdown already scored)."""
    i = rec.player
    if fx.for_action(g, i, "diving_tackle") and g.standing(i):
        # Placed Prone, no Armour Check; a ball held bounces (Decision, as
        # for any Prone Player).
        g.prone[i] = True
        g.events.append(KnockedDown(g.pid[i]))
        drop(g, i)
    g.links.interrupts_after_action(g, rec)


def action_done(g: BlitzState, rec: ActionRecord) -> None:
    """After the Claim step: the Action's cards end; after a Mark, Blitz!
    and Diving Tackle may give a free Block."""
    g.action_effects = {}
    if rec.action != "mark":
        return
    i, t = rec.player, g.team[rec.player]
    for slug in ("diving_tackle", "blitz"):  # pushed last, offered first
        card = playable(g, t, slug)
        if card:
            g.stack.append(
                Window(
                    t,
                    card,
                    _free_block(slug),
                    still=_can_free_block(i, slug == "blitz"),
                    player=i,
                )
            )


def _can_free_block(i: int, after_run: bool) -> Callable[[BlitzState], bool]:
    def ok(g: BlitzState) -> bool:
        return (
            g.team[i] == g.active
            and g.standing(i)
            and _free(g, i, "block")
            and bool(g.markers(i))
            and (not after_run or "run" in g.done_actions[i])
        )

    return ok


def _free_block(slug: str) -> Then:
    def then(g: BlitzState, i: int) -> None:
        if i < 0:
            return
        g.action_effects = {slug: i}
        g.stack.append(g.links.player_action(i, "block", True, 0))

    return then
