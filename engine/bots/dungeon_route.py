"""Our carrier's way home through a jammed corridor (the scripted bot in a
Dungeon Bowl dungeon).

A dungeon's corridors are one or two squares wide: a few players standing
across one close the carrier's shortest way home, and walking round them
may mean the whole dungeon. :func:`jam` follows the carrier's shortest
walks home (walls, closed Chests; :func:`engine.bots.dungeon.walk`) over
the squares free of opponents (a team-mate makes way), step by step, up
to a number of steps: where every square of the next step is an
opponent's (or a Portal, which the carrier does not take), the corridor
is jammed there, and the opponents standing
on those squares are the ones to clear. :mod:`engine.bots.dungeon_escort`
has the team-mates next to them Block them (before the carrier runs, so
that he runs through the gap, or after he ran, for the next turn), and
first moves on the team-mates who stand where his way is closed this
turn.

Cheap by design: a walk of a few steps from the carrier over a table the
board keeps (no walk of the whole dungeon per decision).
"""

from __future__ import annotations

from typing import NamedTuple

from engine.core.state import STANDING, GameState


class Jam(NamedTuple):
    """Where the carrier's shortest walks home are closed: ``steps`` from
    him (the step no free square takes) and the opponents ``blockers``
    standing there (by index)."""

    steps: int
    blockers: tuple[int, ...]


def jam(
    g: GameState, c: int, home: list[int], reach: int, mates_way: bool = True
) -> Jam | None:
    """The jam on carrier ``c``'s shortest walks home (``home``: walking
    distances to our End Zone) within ``reach`` steps of him, None when a
    free shortest walk goes on that far (or home is nearer). Without
    ``mates_way`` a team-mate's square closes the walk like an opponent's
    (``blockers`` are then the team-mates there: they make way first)."""
    sq = g.pos[c]
    if sq < 0:
        return None
    here = home[sq]
    if here <= 0:
        return None
    pitch = g.pitch
    nb = pitch.neighbours
    portal = getattr(pitch, "portal", None)
    board = g.board
    t = g.team[c]
    free = [sq]
    for k in range(1, min(reach, here) + 1):
        want = here - k
        ahead: list[int] = []
        held: list[int] = []
        for s in free:
            for n in nb[s]:
                if home[n] != want or n in ahead or n in held:
                    continue
                q = board[n]
                mine = q >= 0 and g.team[q] == t and mates_way
                if (q < 0 or mine) and not (portal and portal[n]):
                    ahead.append(n)  # free, or a team-mate's: he makes way
                else:
                    held.append(n)
        if not ahead:
            blockers = tuple(
                sorted(
                    q
                    for q in (board[s] for s in held)
                    if q >= 0
                    and (g.team[q] != t) == mates_way
                    and g.status[q] == STANDING
                )
            )
            return Jam(k, blockers)
        free = ahead
    return None


__all__ = ["Jam", "jam"]
