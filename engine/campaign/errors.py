"""Errors raised by the league/campaign rules.

Every rule violation is a :class:`CampaignError` carrying a machine-readable
``code`` (``"over_budget"``, ``"inducement_limit"`` …) and, where the problem
is tied to one input, the ``field`` that caused it, so the Django side can map
it onto a form or API error without parsing the message.
"""

from __future__ import annotations


class CampaignError(ValueError):
    """A league/campaign rule was broken by the given inputs."""

    def __init__(self, code: str, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.field = field
        self.message = message

    def __repr__(self) -> str:
        return f"CampaignError(code={self.code!r}, field={self.field!r}, message={self.message!r})"


class DiceScriptExhausted(RuntimeError):
    """A :class:`~engine.campaign.dice.ScriptedRoller` has no values left."""


class DiceScriptMismatch(RuntimeError):
    """A scripted value does not fit the die that was asked for."""
