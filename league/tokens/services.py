"""Making and revoking personal API tokens. A token is ``dgt_`` and 43
random URL-safe characters (256 bits); only its SHA-256 is stored."""

from __future__ import annotations

import hashlib
import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils import timezone

from league.errors import ServiceError
from league.tokens.models import ApiToken

PREFIX = "dgt_"
# Live tokens one person may hold.
MAX_TOKENS = 20


def token_hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def _live(user: AbstractBaseUser) -> QuerySet[ApiToken]:
    return ApiToken.objects.filter(user_id=user.pk, revoked_at__isnull=True)


@transaction.atomic
def api_token_create(*, user: AbstractBaseUser, name: str) -> tuple[ApiToken, str]:
    """A new token for ``user``, named ``name`` (unique among their live
    tokens). Returns the row and the token itself, which is never stored
    and cannot be shown again."""
    name = name.strip()
    if not name:
        raise ServiceError.one("required", "name", "give the token a name")
    # The person's row, locked: two requests at once count the same tokens.
    get_user_model().objects.select_for_update().filter(pk=user.pk).exists()
    live = _live(user)
    if live.filter(name=name).exists():
        raise ServiceError.one(
            "name_taken", "name", f"you already have a token called {name!r}"
        )
    if live.count() >= MAX_TOKENS:
        raise ServiceError.one(
            "too_many_tokens",
            None,
            f"you hold {MAX_TOKENS} tokens, the most one person may: revoke one first",
        )
    key = PREFIX + secrets.token_urlsafe(32)
    token = ApiToken(
        user_id=user.pk, name=name, key_hash=token_hash(key), prefix=key[:10]
    )
    token.full_clean(exclude=["user"], validate_constraints=False)
    try:
        with transaction.atomic():
            token.save()
    except IntegrityError:
        raise ServiceError.one(
            "name_taken", "name", f"you already have a token called {name!r}"
        ) from None
    return token, key


@transaction.atomic
def api_token_revoke(*, user: AbstractBaseUser, token_id: int) -> ApiToken:
    """Revoke one of ``user``'s own tokens: the API refuses it from now on."""
    token = (
        ApiToken.objects.select_for_update()
        .filter(pk=token_id, user_id=user.pk)
        .first()
    )
    if token is None:
        raise ServiceError.one("not_found", "token", "you have no such token")
    if token.revoked_at is not None:
        raise ServiceError.one(
            "already_revoked", "token", f"the token {token.name!r} is already revoked"
        )
    token.revoked_at = timezone.now()
    token.save(update_fields=["revoked_at"])
    return token
