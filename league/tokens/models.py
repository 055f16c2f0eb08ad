"""Personal API tokens: a person makes, names and revokes their own.

Only a SHA-256 hash of each token is stored (tokens are 256 random bits, so
a fast hash is enough): the token itself is shown once, when it is made."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q


class ApiToken(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(max_length=60)
    key_hash = models.CharField(max_length=64, unique=True, editable=False)
    # The token's first characters, shown to tell tokens apart.
    prefix = models.CharField(max_length=12, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True, editable=False)
    revoked_at = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        app_label = "league"
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "name"],
                condition=Q(revoked_at__isnull=True),
                name="api_token_name_once_per_user",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} · {self.name}"
