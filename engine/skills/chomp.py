"""Monstrous Mouth's Chomp, a Blood Bowl 2025 Special action
(shared/rules/bb2025/skills.md "Monstrous Mouth"; changes_from_bb2020.md
§4): any number per team turn, or instead of a Blitz's block. The player
Chomps an adjacent opponent he Marks: on a D6 3+ that opponent is Chomped
and cannot leave his square while the Chomping player Marks him. (The
skill's immunity to Strip Ball is BB2020's, in the push.)

Rule points: ``skill_activations`` (the Chomp activation, action
``chomp``), ``move_options`` (``("chomp", id)`` against each Standing
opponent he Marks in a Chomp action, and beside the ``("block", id)`` of a
Blitz), ``move_chosen`` (the Chomp), ``leave_barred`` (a Chomped player
stays put), ``action_declared`` (a Chomp that no longer holds is cleared).

A targeting Special action (skills.md "Foul Appearance", "Trickster",
"Dump-off"): a Dump-off and Trickster may come first, then the Foul
Appearance roll (a 1 wastes the Chomp and ends the activation); made
instead of a Blitz's Block it costs that Block's square (a Rush when the
Movement is spent), as the other Special actions replacing it.

Decisions: the Chomping player may move first, as for Hypnotic Gaze; the
Chomp ends his activation (in a Blitz too, as the other Special actions
made instead of its block); the target must be Standing; the D6 may be
re-rolled as any test of the active team (team re-roll, Pro). The Chomp
holds while the two stay in the squares they were in and the Chomping
player keeps his Tackle Zone (Standing, not Distracted, on the pitch): it ends for good when either is moved or
placed (a push, Trickster), or the Chomping player goes down or is
Distracted, and at the end of the drive. A Chomped player may not leave
his square in his own movement (steps, Jumps, Leaps), nor by Shadowing,
Diving Tackle or Hit and Run; being pushed or placed moves him (and ends
the Chomp).
"""

from __future__ import annotations

from engine.core.events import SkillUsed
from engine.core.hooks import Hooks
from engine.core.skillbits import BIT
from engine.core.state import PITCH, STANDING, Decision, GameState, Option, Proc
from engine.rules.block_actions import BlitzBlock
from engine.rules.passing import with_dump_off
from engine.rules.rolls import Test
from engine.rules.secret_weapons import foul_appearance_gate
from engine.rules.special_actions import trickster

MONSTROUS_MOUTH = BIT["monstrous-mouth"]
CHOMP = "chomp"
# Chomp: a D6, 3+.
CHOMP_TARGET = 3


def _key(q: int) -> str:
    """The g.effects key of player ``q``'s Chomp: (the Chomping player, his
    square, ``q``'s square); a "_drive" key, cleared at the drive's end."""
    return f"chomped_{q}_drive"


def chomp_targets(g: GameState, p: int) -> list[int]:
    """The Standing opponents player ``p`` Marks (none without his Tackle
    Zone)."""
    if g.box[p] != PITCH or not g.has_tz(p):
        return []
    t = g.team[p]
    return [
        q
        for s in g.pitch.neighbours[g.pos[p]]
        if (q := g.board[s]) >= 0 and g.team[q] != t and g.status[q] == STANDING
    ]


def chomped_by(g: GameState, q: int) -> int:
    """The player whose Chomp holds ``q`` now (-1: none); a Chomp that no
    longer holds is cleared."""
    held = g.effects.get(_key(q))
    if held is None:
        return -1
    p, sq_p, sq_q = held
    if (
        g.box[p] == PITCH
        and g.box[q] == PITCH
        and g.pos[p] == sq_p
        and g.pos[q] == sq_q
        and g.has_tz(p)
    ):
        return int(p)
    del g.effects[_key(q)]
    return -1


def chomp_activations(g: GameState, p: int, t: int) -> list[Option]:
    """The Chomp activation, for any player with Monstrous Mouth (no limit
    per team turn)."""
    if not g.skills[p] & MONSTROUS_MOUTH:
        return []
    return [g.act_opts[p][CHOMP]]


def chomp_move_options(
    g: GameState, p: int, action: str, opts: tuple[Option, ...]
) -> tuple[Option, ...]:
    """In a Chomp action, a Chomp against each Standing opponent he Marks
    (before "end"); in a Blitz, a Chomp beside the block."""
    if not g.skills[p] & MONSTROUS_MOUTH:
        return opts
    if action == CHOMP:
        chomps = tuple((CHOMP, g.pid[q]) for q in chomp_targets(g, p))
        return opts[:-1] + chomps + opts[-1:]
    if action == "blitz":
        out: list[Option] = []
        for o in opts:
            out.append(o)
            if o[0] == "block":
                out.append((CHOMP, o[1]))
        return tuple(out)
    return opts


def chomp_chosen(g: GameState, p: int, choice: Option) -> Proc | None:
    """The Chomp, when the option is one."""
    if choice[0] != CHOMP:
        return None
    q = g.idx[choice[1]]
    chomp: Proc = ChompBlitz(p, q) if g.act_action == "blitz" else Chomp(p, q)
    return with_dump_off(g, q, trickster(g, p, q, chomp))


def chomp_holds(g: GameState, q: int) -> bool:
    """Rule point ``leave_barred``: a Chomped player stays in his square."""
    return _key(q) in g.effects and chomped_by(g, q) >= 0


def chomp_sweep(g: GameState, p: int, action: str) -> None:
    """Rule point ``action_declared``: the Chomps that no longer hold end
    (so a Chomping player knocked down ends his Chomp for good, even once
    he stands up in the same square)."""
    for key in [k for k in g.effects if k.startswith("chomped_")]:
        chomped_by(g, int(key.split("_")[1]))


class Chomp(Proc):
    """Player ``p`` Chomps ``q``: Foul Appearance first (unless
    ``fa_done``), the D6 (3+), then ``q`` is Chomped while both stay put
    and ``p`` keeps his Tackle Zone (see the module's Decisions); the
    activation ends."""

    __slots__ = ("p", "q", "fa_done")

    def __init__(self, p: int, q: int, fa_done: bool = False) -> None:
        self.phase = 0
        self.p = p
        self.q = q
        self.fa_done = fa_done

    def step(self, g: GameState) -> Decision | None:
        p, q = self.p, self.q
        g.act_over = True
        if self.phase < 2 and not foul_appearance_gate(g, self, p, q, self.fa_done):
            return None
        if self.phase == 2:
            self.phase = 3
            g.emit(SkillUsed(g.pid[p], "monstrous-mouth"))
            g.stack.append(Test(CHOMP, p, CHOMP_TARGET, natural=False))
            return None
        if g.ret and q in chomp_targets(g, p):
            g.effects[_key(q)] = (p, g.pos[p], g.pos[q])
        g.stack.pop()
        return None


class ChompBlitz(BlitzBlock):
    """A Chomp instead of a Blitz's Block: Foul Appearance, then the
    Block's square (a Rush when needed), then the Chomp."""

    __slots__ = ()

    def _next(self, g: GameState) -> Proc:
        return Chomp(self.att, self.dfn, fa_done=True)


def register(h: Hooks) -> None:
    h.skill_activations += (chomp_activations,)
    h.skill_activations_bits |= MONSTROUS_MOUTH
    h.move_options += (chomp_move_options,)
    h.move_options_bits |= MONSTROUS_MOUTH
    h.move_chosen += (chomp_chosen,)
    h.leave_barred += (chomp_holds,)
    h.action_declared += (chomp_sweep,)


__all__ = ["Chomp", "chomp_targets", "chomped_by", "register"]
