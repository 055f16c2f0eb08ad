"""Vicious Vines (Maple Highgrove, star_players.md; group b): once per
half, a Block action against an opponent two squares away, with the normal
block rules but no follow-up.

The Block action's ``block_target`` decision offers
``("vicious_vines", id)`` for each Standing opponent exactly two squares
away (and "block" may be declared with only such a target).

Decisions:

- Only on a Block action on its own (never a Blitz), against a Standing
  opponent at a distance of exactly two squares (an adjacent one is
  blocked normally). Nothing needs to be free between them (the vines
  reach over).
- The target is pushed directly away from Maple as the push diagram
  gives for that direction (its squares follow the signs of the offset:
  from a "knight's move" away the push is diagonal). Grab and the other
  push rules apply; assists are counted as for any block (players Marking
  the target, or Maple).
- Trickster is not offered against it (the vines reach a square two away,
  there is no square "next to the attacker" to move to that keeps it a
  block); Dump-off is.
- The use is spent when the target is declared.
"""

from __future__ import annotations

from engine.core.state import STANDING, Decision, GameState, Option, Proc
from engine.rules.blocking import Block
from engine.rules.passing import with_dump_off
from engine.skills.stars.limits import ready, spend

VERB = "vicious_vines"


def vines_targets(g: GameState, p: int) -> list[int]:
    """Standing opponents exactly two squares from ``p``, when ``p`` may
    use Vicious Vines now."""
    if not ready(g, p, "vicious-vines"):
        return []
    t, sq, dist = g.team[p], g.pos[p], g.pitch.distance
    return [
        q
        for q in range(g.n)
        if g.team[q] != t
        and g.pos[q] >= 0
        and g.status[q] == STANDING
        and dist(sq, g.pos[q]) == 2
    ]


def vines_options(g: GameState, p: int) -> tuple[Option, ...]:
    return tuple((VERB, g.pid[q]) for q in vines_targets(g, p))


class VinesBlock(Block):
    """A Block over two squares: no follow-up (and so no Frenzy either)."""

    __slots__ = ()

    def _follow(self, g: GameState) -> Decision | None:
        self.phase = 7
        self._consequences(g)
        return None


def vines_block(g: GameState, p: int, q: int) -> Proc:
    """The Vicious Vines Block of ``p`` on ``q`` (the use is spent)."""
    spend(g, p, "vicious-vines")
    return with_dump_off(g, q, VinesBlock(p, q))
