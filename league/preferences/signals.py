"""The person's saved time zone, put in their session when they log in, so
that no page has to read it again (league/preferences/middleware.py).

A signal of the login, not of a domain event: it only keeps a copy of a
preference where each request can find it (CONVENTIONS 13 keeps signals
for such decoupled concerns)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest

from league.preferences.models import Preferences
from league.preferences.zones import SESSION_KEY


@receiver(user_logged_in, dispatch_uid="league.preferences.session_zone")
def session_zone_on_login(
    sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any
) -> None:
    if request is None or not hasattr(request, "session"):
        return
    request.session[SESSION_KEY] = (
        Preferences.objects.filter(person_id=user.pk)
        .values_list("time_zone", flat=True)
        .first()
        or ""
    )
