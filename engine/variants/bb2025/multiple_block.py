"""Multiple Block in Blood Bowl 2025 (changes_from_bb2020.md "Multiple
Block", README DECIDE 4): the two targets of a Multiple Block give no
assist to each other.

Decision (DECIDE 4): FFB's BB2025 rules (``SkillMechanic.isValidAssist``)
bar them, a BB2025-only change in that engine; the other source's one-line
summary lets them assist. The engine follows FFB for BB2025 (BB2020 keeps
the assists).
"""

from __future__ import annotations

from engine.core.hooks import Hooks
from engine.core.state import GameState
from engine.rules.block_actions import MultipleBlock


def other_target(g: GameState, h: int, foul: bool) -> bool:
    """Rule point ``assist_barred``: ``h`` is a target of the Multiple
    Block being made."""
    if foul:
        return False
    for proc in reversed(g.stack):
        if isinstance(proc, MultipleBlock):
            return h in (proc.a, proc.b)
    return False


def register(h: Hooks) -> None:
    h.assist_barred += (other_target,)
