"""The squares a moving player may step into (rulebook "Moving"): a step
into an empty adjacent square, a Jump over a Prone or Stunned player, a
Leap, a Fumblerooskie step; the options of :func:`engine.rules.movement.move_options`."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import skillbits as S
from engine.core.state import STANDING, GameState, Option

LEAPERS = S.BIT["leap"] | S.POGO_STICK
FUMBLEROOSKIE = S.BIT["fumblerooskie"]
# BB2025's Fumblerooski (skills.md, Devious): the same drop, in a Move
# action only (BB2020's Fumblerooskie: a Move or a Blitz).
FUMBLEROOSKI = S.BIT["fumblerooski"]


def step_options(
    g: GameState,
    p: int,
    action: str,
    budget: int,
    nbrs: Sequence[int],
    opts: list[Option],
) -> None:
    """The squares player ``p`` may move to with ``budget`` squares of
    movement left: a step into any empty adjacent square, a Jump over a
    Prone or Stunned player, a Leap, a Fumblerooskie step."""
    board = g.board
    pitch = g.pitch
    sq = g.pos[p]
    mo = pitch.move_opts
    for n in nbrs:
        if board[n] < 0:
            opts.append(mo[n])
    if budget >= 2 and (not g.act_jumped or g.variant.jumps_repeat):
        seen: set[int] = set()
        for n in nbrs:
            q = board[n]
            if q >= 0 and g.status[q] != STANDING:
                for land in pitch.push_squares(sq, n):
                    if land >= 0 and board[land] < 0 and land not in seen:
                        seen.add(land)
                        opts.append(("jump", land))
        if g.skills[p] & LEAPERS:
            # Leap, Pogo Stick: over any adjacent square. Decision: a
            # landing square also reachable by Jumping over a
            # Prone/Stunned player is offered once, as "jump" (the
            # test is the same).
            for n in nbrs:
                for land in pitch.push_squares(sq, n):
                    if land >= 0 and board[land] < 0 and land not in seen:
                        seen.add(land)
                        opts.append(("leap", land))
    if g.carrier == p and (
        (g.skills[p] & FUMBLEROOSKIE and action in ("move", "blitz"))
        or (g.skills[p] & FUMBLEROOSKI and action == "move")
    ):
        # Fumblerooskie: step to a square leaving the ball in the one
        # vacated. Decision: offered for single steps (not Jumps/Leaps).
        for n in nbrs:
            if board[n] < 0:
                opts.append(("fumblerooskie", n))
