"""Exceptions raised by the match engine."""

from __future__ import annotations


class RuleError(ValueError):
    """Something asked of the engine breaks a rule of the game."""


class IllegalChoice(RuleError):
    """A choice that is not among the legal options of the pending decision."""


class IllegalSetup(RuleError):
    """A submitted set-up breaks the set-up rules of the ruleset."""


class DiceExhausted(RuntimeError):
    """A scripted :class:`~engine.dice.FixedDice` ran out of values."""
