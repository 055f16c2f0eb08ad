"""Star Players' special rules that act on a block or a blocking activation
(star_players.md): Savage Blow, Unstoppable Momentum, Gored by the Bull,
Frenzied Rush, Indomitable, Watch Out!. They register on the rule points
of :class:`engine.rules.blocking.Block` (the block's dice, their re-rolls,
its target, the Strength after Dauntless, a Stumble) and on the end of an
activation; the Blitz announcements are activation hooks of their
``SkillSpec``. Fury of the Blood God is in
:mod:`engine.skills.stars.trait_rolls`, Vicious Vines in
:mod:`engine.skills.stars.actions`.

Decisions:

- A "Block action" includes the block of a Blitz and Frenzy's second
  block (the rulebook's Blitz is a move with a Block action in it, cf.
  Horns). So Savage Blow may be used on any block of Anqi's.
- Savage Blow and Unstoppable Momentum are offered with the other
  re-rolls of the block dice (``reroll`` decision, purpose "block"):
  ``("savage-blow", i, j, ...)`` re-rolls the dice at those positions,
  ``("unstoppable-momentum", i)`` the die at position ``i``. As with every
  re-roll, the dice are re-rolled once: no other re-roll follows.
  Unstoppable Momentum is offered on the first block of each Blitz.
- Gored by the Bull and Frenzied Rush are announced when the Blitz is
  declared (decision ``use_skill``, right after the declaration, its
  target's nomination and its activation rolls such as Unchannelled Fury): Gored's extra die applies
  to every block of that Blitz (Frenzy's second one too), Frenzied Rush's
  Frenzy and loss of Grab last until the activation ends (Glart cannot be
  activated again that turn, so Grab cannot be used later in it).
- Indomitable is offered (``use_skill``) after each successful Dauntless
  roll while unused; the star's Strength for that block becomes twice the
  target's (before assists).
- Watch Out! is not a choice: it is spent on the first block an opponent
  makes against Withergrasp in each half (whatever the dice show), and he
  counts as having Dodge for the whole of that Block action (Frenzy's
  second block included).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.core import skillbits as S
from engine.core.events import Reroll
from engine.core.hooks import BlockAsk, BlockReroll, Hooks
from engine.core.state import Decision, GameState, Option, Proc
from engine.skills.stars.limits import ready, spend

if TYPE_CHECKING:
    from engine.rules.blocking import Block

SAVAGE_BLOW = S.BIT["savage-blow"]
MOMENTUM = S.BIT["unstoppable-momentum"]
GRAB = S.BIT["grab"]
STAR_REROLLS: Final = ("savage-blow", "unstoppable-momentum")
_GORED: Final = "star:gored_by_the_bull"
_RUSH: Final = "star:frenzied_rush"
_WATCH: Final = "star:watch_out"
_OPT_DECLINE: Option = ("decline",)


def _activation(g: GameState) -> tuple[int, int, int, int]:
    return (g.half, g.active, g.turn[g.active], g.activations)


def _ask(g: GameState, p: int, slug: str) -> Decision:
    return Decision(
        g.tname(g.team[p]),
        "use_skill",
        (("use", slug), _OPT_DECLINE),
        g.pid[p],
        info=(slug,),
    )


# -- the block dice ----------------------------------------------------------


def block_reroll_options(g: GameState, b: Block) -> list[Option]:
    """Savage Blow / Unstoppable Momentum options for the dice just rolled."""
    att = b.att
    if not g.skills[att] & (SAVAGE_BLOW | MOMENTUM):
        return []
    n = len(b.dice)
    if ready(g, att, "savage-blow"):
        return [
            ("savage-blow", *(i for i in range(n) if m >> i & 1))
            for m in range(1, 1 << n)
        ]
    if b.blitz and not b.second and ready(g, att, "unstoppable-momentum"):
        return [("unstoppable-momentum", i) for i in range(n)]
    return []


def block_reroll(g: GameState, b: Block, choice: Option) -> bool:
    """Re-roll the block dice a star rule's option names (when the choice
    is one of these rules')."""
    slug = choice[0]
    if slug not in STAR_REROLLS:
        return False
    spend(g, b.att, slug)
    g.emit(Reroll(g.tname(g.team[b.att]), g.pid[b.att], slug, "block"))
    d = list(b.dice)
    for i in choice[1:]:
        d[i] = g.dice.block()
    b.dice = tuple(d)
    b.emit_dice(g)
    return True


def extra_block_die(g: GameState, b: Block, n: int) -> int:
    """Gored by the Bull: one more block die (3 at most) in the Blitz it
    was announced for."""
    if b.blitz and g.effects.get(_GORED) == (g.pid[b.att], _activation(g)):
        return min(3, n + 1)
    return n


# -- Strength ----------------------------------------------------------------


def indomitable(g: GameState, b: Block) -> Decision | None:
    """After a successful Dauntless roll: offer Indomitable."""
    if not ready(g, b.att, "indomitable"):
        return None
    return _ask(g, b.att, "indomitable")


def indomitable_choice(g: GameState, b: Block, choice: Option) -> None:
    if choice[0] == "use":
        spend(g, b.att, "indomitable")
        b.st_a = 2 * g.st[b.dfn]


# -- the target's Dodge ------------------------------------------------------


def watch_out_targeted(g: GameState, att: int, dfn: int) -> None:
    """Watch Out!: ``dfn`` is blocked by ``att``; the first time in a half
    he counts as having Dodge for this Block action."""
    if g.team[att] != g.team[dfn] and ready(g, dfn, "watch-out"):
        spend(g, dfn, "watch-out")
        g.effects[_WATCH] = (g.pid[dfn], _activation(g))


def watching_out(g: GameState, dfn: int) -> bool:
    """Whether ``dfn`` counts as having Dodge by Watch Out! now."""
    return g.effects.get(_WATCH) == (g.pid[dfn], _activation(g))


# -- Blitz announcements (activation hooks) ----------------------------------


class Announce(Proc):
    """The ``use_skill`` decision to announce Gored by the Bull or Frenzied
    Rush for the Blitz just declared."""

    __slots__ = ("p", "slug")

    def __init__(self, p: int, slug: str) -> None:
        self.phase = 0
        self.p = p
        self.slug = slug

    def step(self, g: GameState) -> Decision | None:
        if g.act_over or not ready(g, self.p, self.slug):
            g.stack.pop()
            return None
        return _ask(g, self.p, self.slug)

    def receive(self, g: GameState, choice: Option) -> None:
        g.stack.pop()
        if choice[0] != "use":
            return
        p = self.p
        spend(g, p, self.slug)
        if self.slug == "gored-by-the-bull":
            g.effects[_GORED] = (g.pid[p], _activation(g))
            return
        sk = g.skills[p]
        added, removed = S.FRENZY & ~sk, GRAB & sk
        g.skills[p] = (sk | S.FRENZY) & ~GRAB
        g.effects[_RUSH] = (p, added, removed)


def announce_gored(g: GameState, p: int, action: str) -> Proc | None:
    if action == "blitz" and ready(g, p, "gored-by-the-bull"):
        return Announce(p, "gored-by-the-bull")
    return None


def announce_frenzied_rush(g: GameState, p: int, action: str) -> Proc | None:
    if action == "blitz" and ready(g, p, "frenzied-rush"):
        return Announce(p, "frenzied-rush")
    return None


def activation_over(g: GameState, p: int) -> None:
    """The activation of ``p`` ends: Frenzied Rush's changes are undone."""
    rush = g.effects.get(_RUSH)
    if rush is not None and rush[0] == p:
        del g.effects[_RUSH]
        g.skills[p] = (g.skills[p] & ~rush[1]) | rush[2]


def register(h: Hooks) -> None:
    h.block_rerolls += (BlockReroll(block_reroll_options, block_reroll),)
    h.block_dice += (extra_block_die,)
    h.block_targeted += (watch_out_targeted,)
    h.dauntless_passed += (BlockAsk(indomitable, indomitable_choice),)
    h.stumble_dodge += (watching_out,)
    h.activation_ends += (activation_over,)
