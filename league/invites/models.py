"""Invitations into a league that need no account yet: the league's
shareable invite link, and invitations sent by e-mail.

A link is a row; its address carries a signed token naming the row and its
random nonce (``league/invites/tokens.py``). Revoking a link stamps
``revoked_at`` and makes the league a new one, so a league has at most one
live shareable link. An e-mail invitation is the same with ``email`` set
and one use."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q

from league.models import League


class LeagueInvite(models.Model):
    class Kind(models.TextChoices):
        LINK = "link", "Shareable link"
        EMAIL = "email", "E-mail invitation"

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="invites")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    email = models.EmailField(blank=True)
    nonce = models.CharField(max_length=32, editable=False)
    # None: no limit.
    max_uses = models.PositiveSmallIntegerField(null=True, blank=True)
    uses = models.PositiveSmallIntegerField(default=0)
    expires_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        app_label = "league"
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["league"],
                condition=Q(kind="link", revoked_at__isnull=True),
                name="league_invite_one_live_link",
            ),
            models.CheckConstraint(
                condition=Q(max_uses__isnull=True) | Q(uses__lte=F("max_uses")),
                name="league_invite_uses_within_max",
            ),
            models.CheckConstraint(
                condition=Q(kind="link", email="") | Q(kind="email") & ~Q(email=""),
                name="league_invite_email_only_by_email",
            ),
        ]

    def __str__(self) -> str:
        what = self.email or "link"
        return f"{self.league}: {what}"
