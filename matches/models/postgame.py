"""A team's own end of a match's post-game. Imported by
:mod:`matches.models`; written by :mod:`matches.postgame.end`."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q


class PostgameEnd(models.Model):
    """One team's post-game of one match, in a format whose post-game has
    Expensive Mistakes (post-game_sequence.md step 5): opened once the
    automated steps are done, so the coach may hire, fire and advance
    (steps 3 and 4) first; ended once, by the coach or the commissioner, or
    by itself before the team's next game and when the season closes. The
    end rolls Expensive Mistakes on the treasury as it then stands. The
    database keeps one row per match and team."""

    class How(models.TextChoices):
        COACH = "coach", "Ended by the team's coach"
        COMMISSIONER = "commissioner", "Ended by the commissioner"
        NEXT_MATCH = "next_match", "Ended before the team's next match"
        SEASON_CLOSED = "season_closed", "Ended when the season closed"

    match = models.ForeignKey(
        "matches.Match", on_delete=models.CASCADE, related_name="postgame_ends"
    )
    team = models.ForeignKey("league.Team", on_delete=models.PROTECT, related_name="+")
    opened_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    how = models.CharField(max_length=20, choices=How.choices, blank=True)
    ended_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    # The Expensive Mistakes roll at the end: the treasury it was rolled on,
    # what was lost and the incident ("" below 100,000: no roll).
    treasury_before = models.IntegerField(null=True, blank=True)
    lost = models.PositiveIntegerField(default=0)
    incident = models.CharField(max_length=20, blank=True)

    class Meta:
        ordering = ["match", "team"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "team"], name="postgame_end_once_per_team"
            ),
            models.CheckConstraint(
                condition=(Q(ended_at__isnull=True) & Q(how=""))
                | (Q(ended_at__isnull=False) & ~Q(how="")),
                name="postgame_end_how_when_ended",
            ),
        ]
        indexes = [models.Index(fields=["team", "ended_at"])]

    def __str__(self) -> str:
        state = "ended" if self.ended_at else "open"
        return f"{self.team} after {self.match}: {state}"
