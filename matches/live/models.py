"""A live match: a scheduled fixture played in the browser."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q

from matches.models import Match


class LiveMatch(models.Model):
    """One fixture played live (a database constraint allows one per match).

    The engine's match is rebuilt from the fixture's frozen rosters, ``seed``
    (the live game's own, secret: never sent to a page)
    and ``decisions`` (every choice made so far, the bot's included, each the
    engine's option as a JSON list), so it survives a restart."""

    class Side(models.TextChoices):
        HOME = "home", "Home"
        AWAY = "away", "Away"

    class State(models.TextChoices):
        INVITED = "invited", "Invited"
        ACCEPTED = "accepted", "Accepted"
        PLAYING = "playing", "Playing"
        FINISHED = "finished", "Finished"
        CONCEDED = "conceded", "Conceded"

    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="live")
    state = models.CharField(
        max_length=10, choices=State.choices, default=State.INVITED
    )
    opened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    # The team that invited (the side its coach opened the match from); the
    # other is the invited team. Decision: an invitation is between the
    # fixture's teams, not the people coaching them when it was made:
    # whoever coaches the invited team when it is answered accepts it, and
    # whoever coaches the inviting team withdraws it. A coach moved off a
    # team since does neither (``opened_by`` keeps who opened it).
    opened_from = models.CharField(
        max_length=4, choices=Side.choices, default=Side.HOME
    )
    # Which sides the bot plays (at most one: a coach plays the other).
    home_bot = models.BooleanField(default=False)
    away_bot = models.BooleanField(default=False)
    seed = models.BigIntegerField()
    decisions = models.JSONField(default=list, blank=True)
    turn_seconds = models.PositiveSmallIntegerField(default=240)
    # The turn clock: each coach has ``turn_seconds`` for each team turn and
    # each set-up, running only while he decides. When the clock of the side
    # now deciding started, less what it had used before a pause (his time
    # left is ``turn_seconds`` less the time since).
    clock_started_at = models.DateTimeField(null=True, blank=True)
    # What the side not deciding now has used of its clock in this team turn
    # or set-up: that clock waits while the other side decides.
    paused_clock_used = models.DurationField(default=timedelta(0))
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    # What the last write sent to the pages (not stored): a decision's
    # answer, without reading the match again.
    sent: dict[str, Any] | None = None

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=~Q(home_bot=True, away_bot=True),
                name="live_match_one_bot_at_most",
            ),
            models.CheckConstraint(
                condition=Q(opened_from__in=["home", "away"]),
                name="live_match_opened_from_a_side",
            ),
        ]

    def __str__(self) -> str:
        return f"Live: {self.match} ({self.state})"

    @property
    def over(self) -> bool:
        return self.state in (self.State.FINISHED, self.State.CONCEDED)

    @property
    def invited_side(self) -> str:
        """The side of the invited team (the one that did not open it)."""
        return self.Side.AWAY if self.opened_from == self.Side.HOME else self.Side.HOME
