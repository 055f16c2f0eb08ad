"""The "busy" random bot: uniform over the legal options, except that it
never ends an activation or its turn (nor concedes, declines or stops) while
it has any other option."""

from __future__ import annotations

import random

from engine.core.state import Decision, GameState, Option

_PASSIVE = frozenset({("end",), ("end_turn",), ("concede",), ("done",)})


class RandomBot:
    """Uniform random choice among the non-passive options."""

    __slots__ = ("_rnd",)

    def __init__(self, seed: int | None = None) -> None:
        self._rnd = random.Random(seed).random

    def choose(self, decision: Decision, state: GameState) -> Option:
        opts = decision.options
        n = len(opts)
        if n == 1:
            return opts[0]
        # passive options ("end", "end_turn", "concede") sit at the end
        active = n
        while active > 0 and opts[active - 1] in _PASSIVE:
            active -= 1
        if active == 0:
            active = n
            if ("concede",) in opts and n > 1:
                return ("end_turn",) if ("end_turn",) in opts else opts[0]
        return opts[int(self._rnd() * active)]
