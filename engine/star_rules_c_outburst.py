"""Furious Outburst (Swiftvine Glimmershard, once per half;
star_players.md): if she begins her activation Standing, she is placed
next to a Standing opponent up to 3 squares away, makes a Stab Special
action on that player, then is placed in any empty square up to 3 squares
from where she stood for the Stab. This ends her activation and uses the
team's Blitz action for the turn.

In the engine she uses it by declaring a Blitz action (the action it uses
up): as the Blitz begins, the coach may (decision ``furious_outburst``)
pick its target (``("stab", id)``) or decline (the Blitz goes on as
usual), then the square next to the target (``("square", sq)``, info
"next_to"), and after the Stab her last square (info "away").
"""

from __future__ import annotations

from engine.core.events import Move
from engine.core.pitch import F_TRAPDOOR
from engine.core.skillbits import BIT
from engine.core.state import PITCH, STANDING, Decision, GameState, Option, Proc
from engine.rules.blocking import OPT_DECLINE
from engine.rules.passing import with_dump_off
from engine.rules.special_actions import special_block
from engine.skills.stars.limits import ready, spend

OUTBURST = "furious-outburst"
OUTBURST_BIT = BIT[OUTBURST]
REACH = 3


def _free(g: GameState, s: int) -> bool:
    """An empty square she may be placed in: no player, no loose ball, no
    trapdoor.

    Decision: being placed is no move, so (as for Trickster) squares with
    the loose ball or a trapdoor are not offered."""
    loose = g.ball if g.carrier < 0 and not g.ball_air else -1
    return g.board[s] < 0 and s != loose and not g.pitch.flags[s] & F_TRAPDOOR


def _beside(g: GameState, q: int, p: int) -> list[int]:
    """Free squares next to ``q`` (her own square counts when she is next
    to ``q`` already)."""
    here = g.pos[p]
    return [s for s in g.pitch.neighbours[g.pos[q]] if s == here or _free(g, s)]


def outburst_targets(g: GameState, p: int) -> list[int]:
    """Standing opponents up to 3 squares from ``p`` with a square next
    to them she can be placed in.

    Decision: the outburst is declared as her Blitz, so once the Blitz's
    target is nominated (engine.rules.declaring, ``g.act_target``) she may Stab
    only that player."""
    t = g.team[p]
    dist = g.pitch.distance
    here = g.pos[p]
    named = g.act_target
    return [
        q
        for q in range(g.n)
        if g.team[q] != t
        and (named < 0 or q == named)
        and g.box[q] == PITCH
        and g.status[q] == STANDING
        and dist(here, g.pos[q]) <= REACH
        and _beside(g, q, p)
    ]


def outburst_hook(g: GameState, p: int, action: str) -> Proc | None:
    """Activation hook: the offer as a Blitz begins with her Standing."""
    if action == "blitz" and g.status[p] == STANDING and ready(g, p, OUTBURST):
        return FuriousOutburst(p)
    return None


class FuriousOutburst(Proc):
    """See the module docstring. Phases: 0 target?, 1 square next to it?,
    2 after the Stab: last square?

    Decisions: "within 3 squares" counts squares as movement does (a
    diagonal is one square); she may be "placed" in her own square when it
    is next to the target or when she stays where the Stab left her; a
    ball she holds goes with her (a touchdown is checked as the activation
    ends); if the Stab leaves her off the pitch or down (a failed Foul
    Appearance roll does not), there is no last placement."""

    __slots__ = ("p", "q")

    def __init__(self, p: int) -> None:
        self.phase = 0
        self.p = p
        self.q = -1

    def _decision(self, opts: tuple[Option, ...], g: GameState, what: str) -> Decision:
        p = self.p
        return Decision(
            g.tname(g.team[p]), "furious_outburst", opts, g.pid[p], info=(what,)
        )

    def step(self, g: GameState) -> Decision | None:
        p = self.p
        if self.phase == 0:
            targets = outburst_targets(g, p)
            if not targets or g.act_over:
                g.stack.pop()
                return None
            opts = tuple(("stab", g.pid[q]) for q in targets) + (OPT_DECLINE,)
            return self._decision(opts, g, "target")
        if self.phase == 1:
            sq = g.pitch.square_opts
            return self._decision(
                tuple(sq[s] for s in _beside(g, self.q, p)), g, "next_to"
            )
        g.act_over = True
        if g.box[p] != PITCH or g.status[p] != STANDING or g.touchdown:
            g.stack.pop()
            return None
        here = g.pos[p]
        dist = g.pitch.distance
        squares = [here] + [
            s for s in range(len(g.board)) if dist(here, s) <= REACH and _free(g, s)
        ]
        sq = g.pitch.square_opts
        self.phase = 3
        return self._decision(tuple(sq[s] for s in squares), g, "away")

    def receive(self, g: GameState, choice: Option) -> None:
        p = self.p
        if self.phase == 0:
            if choice == OPT_DECLINE:
                g.stack.pop()
                return
            self.q = g.idx[choice[1]]
            spend(g, p, OUTBURST)
            self.phase = 1
            return
        self._place(g, choice[1])
        if self.phase == 1:
            self.phase = 2
            q = self.q
            g.stack.append(with_dump_off(g, q, special_block(g, p, q, "stab", False)))
            return
        g.stack.pop()

    def _place(self, g: GameState, sq: int) -> None:
        p = self.p
        frm = g.pos[p]
        if sq != frm:
            g.move(p, sq)
            g.emit(Move(g.pid[p], frm, sq, OUTBURST))


__all__ = ["OUTBURST_BIT", "FuriousOutburst", "outburst_hook", "outburst_targets"]
