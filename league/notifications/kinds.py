"""The kinds of notification a person may get, each switchable off on the
site and by e-mail (``league.preferences``)."""

from __future__ import annotations

from django.db import models


class Kind(models.TextChoices):
    REPORT_WAITING = (
        "report_waiting",
        "A report of your match waits for you to confirm or dispute it",
    )
    REPORT_CONFIRMED = "report_confirmed", "Your report was confirmed"
    REPORT_DISPUTED = "report_disputed", "A report was disputed"
    REPORT_DECIDED = (
        "report_decided",
        "A report was decided by the commissioner or stood after its deadline",
    )
    REPORT_WITHDRAWN = (
        "report_withdrawn",
        "A report of your match was withdrawn before it was answered",
    )
    RESULT_RECORDED = (
        "result_recorded",
        "Your team's result recorded by the other coach, the commissioner "
        "or the engine",
    )
    RESULT_OVERRIDDEN = (
        "result_overridden",
        "The commissioner changed the result of your team's match",
    )
    INVITATION = "invitation", "You are invited to a league"
    JOIN_REQUEST = "join_request", "A coach asks to join your league"
    JOIN_ANSWERED = "join_answered", "Your request to join a league was answered"
    MEMBER_JOINED = (
        "member_joined",
        "A coach joined your league through an invitation or its invite link",
    )
    INVITATION_DECLINED = (
        "invitation_declined",
        "A coach declined your invitation to your league",
    )
    SEASON_SCHEDULED = "season_scheduled", "A season with your team is scheduled"
    DEADLINE_NEAR = "deadline_near", "A deadline of yours is near"
    SPP_TO_SPEND = (
        "spp_to_spend",
        "A player of yours has SPP to spend, or a skill to pick",
    )
