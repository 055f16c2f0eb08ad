"""Bots: coaches that pick an option of ``match.pending``. The engine never
calls a bot; :func:`engine.bots.driver.play` runs the loop."""

from __future__ import annotations

from engine.bots.base import Bot
from engine.bots.random_bot import RandomBot
from engine.bots.scripted import ScriptedBot


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot by name: "random" or "scripted"."""
    if name == "random":
        return RandomBot(seed)
    if name == "scripted":
        return ScriptedBot(seed)
    raise ValueError(f"unknown bot {name!r}")


__all__ = ["Bot", "RandomBot", "ScriptedBot", "make_bot"]
