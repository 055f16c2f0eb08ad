"""A coach's report waiting for the other coach to confirm it. Imported by
:mod:`matches.models`; written by :mod:`matches.reports.confirmation`."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q


class ReportSubmission(models.Model):
    """One report as a coach sent it, before it stands. ``report`` is the
    report as submitted (``matches.reports.report.Report`` as data);
    nothing of it is written anywhere else until it stands (confirmed, its
    deadline passed, or accepted by the commissioner); withdrawn, it never
    does."""

    class Status(models.TextChoices):
        AWAITING = "awaiting", "Waiting for the other coach"
        DISPUTED = "disputed", "Disputed: the commissioner decides"
        CONFIRMED = "confirmed", "Confirmed by the other coach"
        STOOD = "stood", "Stood after its deadline"
        ACCEPTED = "accepted", "Accepted by the commissioner"
        REJECTED = "rejected", "Rejected by the commissioner"
        SUPERSEDED = "superseded", "Replaced by the commissioner's report"
        WITHDRAWN = "withdrawn", "Withdrawn"

    OPEN = (Status.AWAITING, Status.DISPUTED)

    match = models.ForeignKey(
        "matches.Match", on_delete=models.CASCADE, related_name="submissions"
    )
    report = models.JSONField()
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    # The team whose coach sent it; the other team's coach confirms.
    team = models.ForeignKey("league.Team", on_delete=models.PROTECT, related_name="+")
    status = models.CharField(
        max_length=12, choices=Status.choices, default=Status.AWAITING
    )
    deadline = models.DateTimeField()
    dispute_reason = models.TextField(blank=True, default="")
    disputed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    # The commissioner's reason for a decision, or why it was withdrawn.
    decision_reason = models.TextField(blank=True, default="")
    # The commissioner who decided it, or whoever withdrew it.
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["match", "-created_at", "-pk"]
        constraints = [
            # At most one report waiting (or disputed) per match.
            models.UniqueConstraint(
                fields=["match"],
                condition=Q(status__in=["awaiting", "disputed"]),
                name="one_open_submission_per_match",
            ),
            models.CheckConstraint(
                condition=~Q(status="disputed") | ~Q(dispute_reason=""),
                name="a_dispute_has_a_reason",
            ),
            models.CheckConstraint(
                condition=~Q(status__in=["accepted", "rejected"])
                | ~Q(decision_reason=""),
                name="a_decision_has_a_reason",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match_id}: {self.get_status_display()}"

    @property
    def is_open(self) -> bool:
        return self.status in self.OPEN
