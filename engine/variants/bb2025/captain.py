"""Team Captain, a team rule of Blood Bowl 2025 (Humans and Orcs;
changes_from_bb2020.md "Team special rules"): one player is the captain
(``TeamSheet.captain``; he gains Pro, which his team sheet carries). Each
time the team uses a team re-roll while he is on the pitch, a D6 6 means the
re-roll is not spent. He must be set up when he is able to play
(changes_from_bb2020.md section 3, FFB's needsToBeSetUp)."""

from __future__ import annotations

from engine.core.events import Roll
from engine.core.state import PITCH, RESERVES, GameState
from engine.variants.bb2025 import mascot


def captain_on_pitch(g: GameState, t: int) -> int:
    """Team ``t``'s captain when he is on the pitch (any status), else -1."""
    pid = g.sheets[t].captain
    p = g.idx.get(pid, -1) if pid else -1
    return p if p >= 0 and g.box[p] == PITCH else -1


def must_set_up(g: GameState, t: int) -> tuple[int, ...]:
    """Team ``t``'s captain while he waits in the Reserves: the set-up
    must place him when he is able to play this drive.

    Decision: "able" is the set-up's own test (in the Reserves, not kept
    out by Sweltering Heat); a team sets up eleven players or all it has,
    so there is always a slot for him, and a set-up that leaves him out for
    another player is refused."""
    pid = g.sheets[t].captain
    p = g.idx.get(pid, -1) if pid else -1
    return (p,) if p >= 0 and g.team[p] == t and g.box[p] == RESERVES else ()


def team_reroll_spent(g: GameState, t: int, source: str) -> None:
    """The team re-roll just spent comes back on a D6 6 while the captain
    is on the pitch.

    Decision: every team re-roll counts, the extra ones of Brilliant
    Coaching, a Leader's and the Team Mascot's too; the one that comes
    back is of the kind spent."""
    p = captain_on_pitch(g, t)
    if p < 0:
        return
    d = g.dice.d6()
    kept = d == 6
    g.emit(Roll("team_captain", g.pid[p], (d,), 6, 0, kept, False))
    if not kept:
        return
    if source == "brilliant_coaching":
        g.extra_rr[t] += 1
    elif source == "leader":
        g.leader_rr[t] += 1
    elif source == "mascot":
        mascot.give_back(g, t)
    else:
        g.rerolls[t] += 1
