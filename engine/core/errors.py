"""Exceptions raised by the match engine."""

from __future__ import annotations


class RuleError(ValueError):
    """Something asked of the engine breaks a rule of the game."""


class IllegalChoice(RuleError):
    """A choice that is not among the legal options of the pending decision."""


class UnimplementedSkill(RuleError):
    """A team sheet lists a skill or trait the engine does not implement
    (or does not know at all): the match is refused rather than played
    with the skill silently ignored."""

    def __init__(
        self, team: str, player_id: int, player: str, skill: str, reason: str = ""
    ) -> None:
        super().__init__(
            f"{team}: player {player!r} (id {player_id}) has the skill "
            f"{skill!r}, which the match engine does not implement"
            + (f" ({reason})" if reason else "")
        )
        self.team = team
        self.player_id = player_id
        self.player = player
        self.skill = skill
        self.reason = reason


class IllegalSetup(RuleError):
    """A submitted set-up breaks the set-up rules of the ruleset."""


class DiceExhausted(RuntimeError):
    """A scripted :class:`~engine.core.dice.FixedDice` ran out of values."""


class CampaignError(RuleError):
    """A league/campaign rule was broken by the given inputs (between
    matches: drafting, advancement, inducements, the post-game).

    It carries a machine-readable ``code`` (``"over_budget"``,
    ``"inducement_limit"`` …) and, where the problem is tied to one input,
    the ``field`` that caused it, so the Django side can map it onto a form
    or API error without parsing the message.
    """

    def __init__(self, code: str, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.field = field
        self.message = message

    def __repr__(self) -> str:
        return f"CampaignError(code={self.code!r}, field={self.field!r}, message={self.message!r})"


class DiceScriptExhausted(DiceExhausted):
    """A :class:`~engine.core.dice.ScriptedRoller` has no values left."""


class DiceScriptMismatch(RuntimeError):
    """A scripted value does not fit the die that was asked for."""
