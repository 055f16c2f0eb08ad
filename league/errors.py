"""Refusals that services raise and the API turns into HTTP 400.

A refusal carries every violation found, each with a stable ``code``, the
``field`` it concerns and a human ``message``; the service has written
nothing when it raises.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.facade import DraftError, Violation


class ServiceError(Exception):
    """A request the rules refuse; nothing was written."""

    def __init__(self, violations: Iterable[Violation]) -> None:
        self.violations = tuple(violations)
        super().__init__("; ".join(v.message for v in self.violations))

    @classmethod
    def one(cls, code: str, field: str | None, message: str) -> ServiceError:
        return cls([Violation(code, field, message)])

    @classmethod
    def from_draft(cls, exc: DraftError) -> ServiceError:
        return cls(exc.violations)

    def as_dicts(self) -> list[dict[str, Any]]:
        """The API's errors: code, field and message, and ``subjects`` where
        the refusal names the things within the field it concerns (the
        skills a BB2025 random skill rolled, to keep one; the positions
        sharing a limit)."""
        return [
            {"code": v.code, "field": v.field, "message": v.message}
            | ({"subjects": list(v.subjects)} if v.subjects else {})
            for v in self.violations
        ]
