"""Seasons, matches, results, events, roster snapshots and task progress.

Models hold fields and constraints; each concern's services
(``matches/seasons/``, ``matches/reports/``, ...) do every write. The
models of a concern with tables of its own sit beside this module
(``confirmations``, ``forecasts``, ``webhooks``); Django finds them here.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Lower

from league.models import League, Team


class Season(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", "Draft"
        SCHEDULED = "scheduled", "Scheduled"
        COMPLETE = "complete", "Complete"
        CLOSED = "closed", "Closed"

    league = models.ForeignKey(League, on_delete=models.PROTECT, related_name="seasons")
    name = models.CharField(max_length=100)
    status = models.CharField(
        max_length=20, choices=Status.choices, default=Status.DRAFT
    )
    double_round_robin = models.BooleanField(default=False)
    playoff_teams = models.PositiveSmallIntegerField(default=0)
    # The league's rules at the time the season was created (format, points,
    # tiebreakers, casualty table, rules-data version), so later changes to
    # the league never rewrite a season in progress.
    settings = models.JSONField(default=dict)
    seed = models.BigIntegerField()
    teams = models.ManyToManyField(Team, related_name="seasons", blank=True)
    # Optional divisions, {"North": [team ids], "South": [...]}: each plays
    # its own round robin (rounds aligned) and has its own table.
    divisions = models.JSONField(default=dict, blank=True)
    # Set when the season closes (matches/seasons/rollover.py).
    champion = models.ForeignKey(
        Team,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="championships",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["league", "-created_at"]
        constraints = [
            models.UniqueConstraint(
                "league",
                Lower("name"),
                name="season_name_unique",
                violation_error_code="name_taken",
                violation_error_message="The league already has a season of that name.",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.league} — {self.name}"


class RoundSchedule(models.Model):
    """When one round of a season is played, and by when its reports are
    due (both dates: a league round is a week or so, not an hour).

    Decision: a row per round, not JSON on Season, so the database refuses
    a second date for a round and a deadline before its date."""

    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, related_name="round_dates"
    )
    stage = models.CharField(max_length=10, default="league")
    round = models.PositiveSmallIntegerField()
    date = models.DateField()
    deadline = models.DateField(null=True, blank=True)

    class Meta:
        ordering = ["season", "stage", "round"]
        constraints = [
            models.UniqueConstraint(
                fields=["season", "stage", "round"], name="round_dates_once"
            ),
            models.CheckConstraint(
                condition=Q(deadline__isnull=True) | Q(deadline__gte=F("date")),
                name="round_deadline_not_before_date",
            ),
            models.CheckConstraint(
                condition=Q(stage__in=["league", "playoff"]),
                name="round_dates_stage",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.season} {self.stage} round {self.round}: {self.date}"


class Match(models.Model):
    class Status(models.TextChoices):
        SCHEDULED = "scheduled", "Scheduled"
        IN_PROGRESS = "in_progress", "In progress"
        PLAYED = "played", "Played"
        POST_GAME = "post_game", "Post-game"
        COMPLETE = "complete", "Complete"

    class Mode(models.TextChoices):
        RECORDED = "recorded", "Recorded"
        RESOLVED = "resolved", "Resolved"
        # Not played by the end of its round's time limit: a loss for both
        # teams, or a 1-0 win for the team whose opponent conceded it
        # (matches/commissioner/unplayed.py).
        UNPLAYED = "unplayed", "Unplayed"

    class Stage(models.TextChoices):
        LEAGUE = "league", "League"
        PLAYOFF = "playoff", "Playoff"

    class PostgameStep(models.TextChoices):
        OUTCOME = "outcome", "Record the outcome"
        WINNINGS = "winnings", "Winnings"
        FANS = "fans", "Dedicated Fans"
        SPP = "spp", "MVP and Star Player Points"
        INJURIES = "injuries", "Injuries"
        EXPENSIVE_MISTAKES = "expensive_mistakes", "Expensive Mistakes"
        TEAM_VALUE = "team_value", "Team value"
        DONE = "done", "Done"

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="matches")
    round = models.PositiveSmallIntegerField()
    stage = models.CharField(max_length=10, choices=Stage.choices, default=Stage.LEAGUE)
    home = models.ForeignKey(
        Team, on_delete=models.PROTECT, related_name="home_matches"
    )
    away = models.ForeignKey(
        Team, on_delete=models.PROTECT, related_name="away_matches"
    )
    status = models.CharField(
        max_length=20, choices=Status.choices, default=Status.SCHEDULED
    )
    mode = models.CharField(max_length=10, choices=Mode.choices, blank=True)
    seed = models.BigIntegerField()
    postponed = models.BooleanField(default=False)
    # The date of the round the match was in when a postponement moved it
    # (the last date it had): the fixtures calendar keeps it there, marked
    # tentative, while its new round has no date.
    postponed_from_date = models.DateField(null=True, blank=True)
    postgame_step = models.CharField(
        max_length=20, choices=PostgameStep.choices, default=PostgameStep.OUTCOME
    )
    # The semi-finals' losers meeting for 3rd place, in the final's round
    # ("the two losing teams will meet to decide 3rd place"): a playoff
    # match, but not the final.
    third_place = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["season", "round", "id"]
        verbose_name_plural = "matches"
        constraints = [
            models.CheckConstraint(
                condition=~Q(home=F("away")), name="match_two_teams"
            ),
            models.CheckConstraint(
                condition=Q(third_place=False) | Q(stage="playoff"),
                name="match_third_place_is_playoff",
            ),
            models.UniqueConstraint(
                fields=["season"],
                condition=Q(third_place=True),
                name="match_third_place_once",
            ),
            models.UniqueConstraint(
                fields=["season", "stage", "round", "home"],
                name="match_home_once_a_round",
            ),
            models.UniqueConstraint(
                fields=["season", "stage", "round", "away"],
                name="match_away_once_a_round",
            ),
        ]
        indexes = [models.Index(fields=["status"])]

    def __str__(self) -> str:
        return f"R{self.round}: {self.home} v {self.away}"


class MatchResult(models.Model):
    """The one result of a match (a database constraint refuses a second)."""

    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="result")
    mode = models.CharField(max_length=10, choices=Match.Mode.choices)
    home_score = models.PositiveSmallIntegerField()
    away_score = models.PositiveSmallIntegerField()
    home_fan_factor = models.PositiveSmallIntegerField(default=0)
    away_fan_factor = models.PositiveSmallIntegerField(default=0)
    conceded_by = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    # Per-player stats {"<player id>": {"touchdowns": 1, ...}}, casualties
    # suffered [{"player_id", "inflicted_by", "dice": [...], ...}], KOs, sent-offs.
    player_stats = models.JSONField(default=dict)
    casualties = models.JSONField(default=list)
    # Casualties suffered by the players hired for the match alone (Star
    # Players, mercenaries): nothing is applied to them after the game, but
    # they count as casualties caused [{"team_id", "player_id",
    # "star_player", "inflicted_by"}] (matches/postgame/results.py).
    hired_casualties = models.JSONField(default=list, blank=True)
    # Casualties caused by each team: every casualty the other team's
    # players suffered, its hired players' included.
    home_casualties = models.PositiveSmallIntegerField(default=0)
    away_casualties = models.PositiveSmallIntegerField(default=0)
    summary = models.JSONField(default=dict)
    # A playoff level after the second half: extra time was played; still
    # level, sudden death decided it: {"rolls": [[home, away], ...],
    # "home_wins", "away_wins", "winner": "home"|"away"} (empty otherwise).
    extra_time = models.BooleanField(default=False)
    sudden_death = models.JSONField(default=dict, blank=True)
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.match}: {self.home_score}-{self.away_score}"

    @property
    def unplayed(self) -> bool:
        """The fixture was not played (league_and_exhibition_play.md
        "League Fixtures"): its result is the rule's, not a game's."""
        return self.mode == Match.Mode.UNPLAYED

    @property
    def both_lost(self) -> bool:
        """An unplayed fixture nobody conceded: "a loss for both teams"."""
        return self.unplayed and self.conceded_by_id is None

    def winner_side(self, home_id: int) -> str | None:
        """ "home", "away", or None for a draw (``home_id``: the match's home
        team). The conceding team loses; a level score counts the
        sudden-death roll-offs if there were any. An unplayed fixture
        nobody conceded has no winner either (:attr:`both_lost`)."""
        if self.conceded_by_id is not None:
            return "away" if self.conceded_by_id == home_id else "home"
        if self.home_score != self.away_score:
            return "home" if self.home_score > self.away_score else "away"
        winner = (self.sudden_death or {}).get("winner")
        return str(winner) if winner in ("home", "away") else None


class MatchEvent(models.Model):
    """One line of a match's history: an engine event, a post-game roll, a
    report line. Ordered by ``seq`` within the match."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=40)
    payload = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "seq"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "seq"], name="match_event_seq_unique"
            ),
        ]
        indexes = [models.Index(fields=["match", "type"])]

    def __str__(self) -> str:
        return f"{self.match_id}#{self.seq} {self.type}"


class RosterSnapshot(models.Model):
    """A team as it stood at kick-off: what the engine played with and what
    a report is validated against."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="snapshots")
    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+")
    data = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["match", "team"], name="snapshot_once_per_team"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.team} at {self.match}"


class TaskProgress(models.Model):
    """Progress of long background work (resolving a round or a season).

    Progress is derived from the matches themselves (how many are complete),
    so a retried or duplicated task can never count twice.
    """

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    kind = models.CharField(max_length=40)
    season = models.ForeignKey(
        Season, null=True, on_delete=models.CASCADE, related_name="+"
    )
    match_ids = models.JSONField(default=list)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # What the work is about, such as "resolve_match:12" or
    # "resolve_season:3": while a progress is running, asking for the same
    # work again gets this progress instead of a second one.
    scope_key = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        verbose_name = "resolution progress"
        verbose_name_plural = "resolution progress"
        constraints = [
            models.UniqueConstraint(
                fields=["scope_key"],
                condition=Q(finished_at__isnull=True) & ~Q(scope_key=""),
                name="taskprogress_one_running_per_scope",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.id}"


class MatchInducements(models.Model):
    """What one team bought for one match (rulebook "Inducements"): the lines
    bought, and how the bill was paid (petty cash first, then treasury)."""

    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="inducements"
    )
    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+")
    # [{"slug", "name", "count", "unit_price", "cost"}]
    lines = models.JSONField(default=list)
    total = models.PositiveIntegerField(default=0)
    petty_cash = models.PositiveIntegerField(default=0)
    petty_cash_used = models.PositiveIntegerField(default=0)
    treasury_used = models.PositiveIntegerField(default=0)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name_plural = "match inducements"
        constraints = [
            models.UniqueConstraint(
                fields=["match", "team"], name="inducements_once_per_team"
            ),
            models.CheckConstraint(
                condition=Q(petty_cash_used__lte=F("petty_cash")),
                name="inducements_within_petty_cash",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.team} for {self.match}: {self.total:,}"


class SeasonTeamArchive(models.Model):
    """A team as it finished a closed season: its roster frozen read-only,
    its record, and (once it re-drafts) what the re-draft cost and rolled."""

    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, related_name="archives"
    )
    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="archives")
    roster = models.JSONField()
    record = models.JSONField(default=dict)
    redraft = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["season", "team"], name="archive_once_per_team"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.team} after {self.season}"


class PointsDeduction(models.Model):
    """League points a commissioner docked from a team in a season
    (league_and_exhibition_play.md "League Fixtures", "No-shows": "the
    league commissioner should dock that coach 3 League points"); the
    standings subtract them unless withdrawn. Written by
    :func:`matches.commissioner.deductions.season_dock_points` and
    :func:`~matches.commissioner.deductions.season_withdraw_points_deduction`
    alone; a withdrawn deduction is kept (``withdrawn_at``), never deleted."""

    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, related_name="deductions"
    )
    team = models.ForeignKey(
        Team, on_delete=models.PROTECT, related_name="points_deductions"
    )
    points = models.PositiveSmallIntegerField()
    reason = models.CharField(max_length=300)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Set once when the commissioner withdraws it: the standings no longer
    # subtract it, and the row stays as the record of both steps.
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdrawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    withdrawal_reason = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["season", "created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.team}: -{self.points} in {self.season}"


from matches.models.confirmations import ReportSubmission  # noqa: E402 - in its own module
from matches.models.forecasts import MatchForecast  # noqa: E402 - in its own module
from matches.models.postgame import PostgameEnd  # noqa: E402 - in its own module
from matches.models.webhooks import (  # noqa: E402 - the app's models, in their own module
    LeagueWebhook,
    WebhookDelivery,
)

__all__ = [
    "LeagueWebhook",
    "Match",
    "MatchEvent",
    "MatchForecast",
    "MatchInducements",
    "MatchResult",
    "PointsDeduction",
    "PostgameEnd",
    "ReportSubmission",
    "RosterSnapshot",
    "RoundSchedule",
    "Season",
    "SeasonTeamArchive",
    "TaskProgress",
    "WebhookDelivery",
]
