"""The scripted bot's answers to Josef Bugman's re-set-up (BB2025,
:mod:`engine.variants.bb2025.bugman`): it keeps its formation, so it
declines; asked for a player it is done, asked for a square it puts him
back where he stands."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.state import Decision, GameState, Option


def _bugman_setup(bot: Any, d: Decision, g: GameState) -> Option:
    return ("decline",)


def _bugman_player(bot: Any, d: Decision, g: GameState) -> Option:
    return ("done",)


def _bugman_square(bot: Any, d: Decision, g: GameState) -> Option:
    return ("square", d.info[0]) if d.info else d.options[0]


HANDLERS: dict[str, Callable[[Any, Decision, GameState], Option]] = {
    "bugman_setup": _bugman_setup,
    "bugman_player": _bugman_player,
    "bugman_square": _bugman_square,
}

__all__ = ["HANDLERS"]
