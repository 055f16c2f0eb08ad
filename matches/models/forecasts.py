"""Stored forecasts of scheduled fixtures.
Imported by :mod:`matches.models`; written by
:mod:`matches.forecasts.services`."""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q


class MatchForecast(models.Model):
    """The engine's forecast of one fixture from both teams' rosters as
    they stood (``rosters_key``: a digest of both rosters and what the
    forecast gave them; a different key means a roster changed and the
    forecast is due again)."""

    match = models.OneToOneField(
        "matches.Match", on_delete=models.CASCADE, related_name="forecast"
    )
    rosters_key = models.CharField(max_length=64)
    games = models.PositiveIntegerField()
    home_win = models.FloatField()
    draw = models.FloatField()
    away_win = models.FloatField()
    home_td = models.FloatField()
    away_td = models.FloatField()
    home_cas = models.FloatField()
    away_cas = models.FloatField()
    # What the underdog was given: petty cash spent, Prayers to Nuffle.
    inducements = models.JSONField(default=dict)
    seconds = models.FloatField()
    computed_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(games__gt=0)
                & Q(home_win__gte=0)
                & Q(draw__gte=0)
                & Q(away_win__gte=0),
                name="forecast_shares_not_negative",
            ),
            models.CheckConstraint(
                condition=Q(home_win__lte=1.000001 - F("draw") - F("away_win")),
                name="forecast_shares_at_most_one",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match_id}: {self.home_win:.0%} / {self.draw:.0%} / {self.away_win:.0%}"

    @property
    def percents(self) -> tuple[int, int, int]:
        """Home win, draw, away win in whole percent, summing to 100 (the
        largest remainders rounded up)."""
        shares = (self.home_win, self.draw, self.away_win)
        floors = [int(100 * x) for x in shares]
        order = sorted(range(3), key=lambda i: -(100 * shares[i] - floors[i]))
        for i in order[: 100 - sum(floors)]:
            floors[i] += 1
        return floors[0], floors[1], floors[2]
