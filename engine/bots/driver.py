"""The play loop: asks the right bot for each pending decision."""

from __future__ import annotations

from engine.bots.base import Bot
from engine.match import Match


def play(
    match: Match, home_bot: Bot, away_bot: Bot, max_decisions: int = 200_000
) -> int:
    """Play ``match`` to the end; returns the number of decisions made."""
    n = 0
    state = match.state
    apply = match.apply
    while True:
        d = match.pending
        if d is None:
            return n
        bot = home_bot if d.team == "home" else away_bot
        apply(bot.choose(d, state))
        n += 1
        if n >= max_decisions:
            raise RuntimeError("match did not end within max_decisions")
