"""The API's ``Authorization: Token <key>`` header: a personal token
(``dgt_…``, league/tokens) or one made by the superuser in the admin (DRF's
own tokens, which keep working)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication

from league.tokens.models import ApiToken
from league.tokens.services import PREFIX, token_hash

# How stale "last used" may get before a request writes it again.
LAST_USED_STEP = timedelta(minutes=1)


class ApiTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key: str) -> tuple[Any, Any]:
        if not key.startswith(PREFIX):
            return super().authenticate_credentials(key)
        token = (
            ApiToken.objects.select_related("user")
            .filter(key_hash=token_hash(key))
            .first()
        )
        if token is None:
            raise exceptions.AuthenticationFailed("Invalid token.")
        if token.revoked_at is not None:
            raise exceptions.AuthenticationFailed("This token was revoked.")
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed("User inactive or deleted.")
        now = timezone.now()
        if token.last_used_at is None or now - token.last_used_at > LAST_USED_STEP:
            ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
        return token.user, token
