"""The navigation's counts, for every page a signed-in person sees: one
query, run only when a page shows them."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from matches.home.selectors import nav_counts


def navigation(request: HttpRequest) -> dict[str, Any]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    user_id = user.pk
    return {"nav_counts": SimpleLazyObject(lambda: nav_counts(user_id))}
