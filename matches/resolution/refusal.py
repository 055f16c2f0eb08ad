"""Why the engine did not play a match, as the ``resolve_refused`` event
records it: a machine-readable ``code``, the ``field`` it concerns (if
any), a ``reason`` for people, and for a skill the engine does not
implement, the team, player and skill."""

from __future__ import annotations

from typing import Any

from engine.facade import (
    CampaignError,
    IllegalChoice,
    IllegalSetup,
    RuleError,
    UnimplementedSkill,
)
from league.errors import ServiceError

# The event recorded when the engine refuses to play a match.
REFUSED = "resolve_refused"

# The code of a refusal the engine did not mean: an unexpected exception
# (a bug), whose traceback is in the server log.
ENGINE_ERROR = "engine_error"

# The codes of the engine's own rule errors by class; any other is a
# ``rule_error``.
_RULE_CODES: tuple[tuple[type[RuleError], str], ...] = (
    (IllegalSetup, "illegal_setup"),
    (IllegalChoice, "illegal_choice"),
)


def refusal_payload(exc: Exception) -> dict[str, Any]:
    """The payload of the ``resolve_refused`` event for ``exc``, raised
    while the engine played (or its result was saved)."""
    if isinstance(exc, UnimplementedSkill):
        return {
            "code": "unimplemented_skill",
            "field": None,
            "reason": str(exc),
            "team": exc.team,
            "player_id": exc.player_id,
            "player": exc.player,
            "skill": exc.skill,
        }
    if isinstance(exc, CampaignError):
        return {"code": exc.code, "field": exc.field, "reason": exc.message}
    if isinstance(exc, ServiceError):
        first = exc.violations[0]
        return {"code": first.code, "field": first.field, "reason": str(exc)}
    if isinstance(exc, RuleError):
        code = next((c for k, c in _RULE_CODES if isinstance(exc, k)), "rule_error")
        return {"code": code, "field": None, "reason": str(exc)}
    # Decision: the reason of an unexpected error names its type only (its
    # text may show the server's internals); the log has the traceback.
    return {
        "code": ENGINE_ERROR,
        "field": None,
        "reason": f"the match engine failed ({type(exc).__name__}); "
        "the server log has the details",
    }
