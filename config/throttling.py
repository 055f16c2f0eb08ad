"""Rate limits on writes and on password guessing, counted in the cache.

The API's writes are limited per user and, for anonymous clients, per
address (DRF throttles, rates in ``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]``);
reads are not limited. The login pages (``/accounts/login/`` and
``/admin/login/``) count failed logins per address and username (or e-mail
address, as typed): after ``LOGIN_FAILURES_MAX`` failures within
``LOGIN_FAILURES_WINDOW`` seconds that pair gets a 429 page, right password
or not, until the window ends. Sign-ups and password-reset mails are counted
by django-allauth per address (``SIGNUP_RATE``, ``PASSWORD_RESET_RATE``;
``ACCOUNT_RATE_LIMITS`` in the settings), and answered past their rate by
:func:`too_many_requests`.

Client addresses come from ``REMOTE_ADDR``, or from ``X-Forwarded-For`` when
``NUM_PROXIES`` trusted proxies stand in front (DRF's rule).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import wraps
from typing import Any, cast

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponseBase
from django.shortcuts import render
from rest_framework.request import Request
from rest_framework.settings import api_settings
from rest_framework.throttling import (
    AnonRateThrottle,
    BaseThrottle,
    SimpleRateThrottle,
    UserRateThrottle,
)

SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


class _WriteThrottle(SimpleRateThrottle):
    """Count writes only, at the rate the settings hold now (DRF reads its
    rates once, at import, which would ignore ``override_settings``)."""

    def get_rate(self) -> str | None:
        return cast(str | None, api_settings.DEFAULT_THROTTLE_RATES[str(self.scope)])

    def allow_request(self, request: Request, view: Any) -> bool:
        if request.method in SAFE_METHODS:
            return True
        return super().allow_request(request, view)

    def wait(self) -> float | None:
        """Seconds until a write is allowed again, always a number: DRF's
        gives none once the writes counted outnumber the rate (the rate was
        lowered while they stood), and the 429 went without Retry-After.
        Then a write is allowed when the one that leaves the rate's number
        behind it in the window (newest first) drops out."""
        waiting = super().wait()
        if waiting is not None or self.num_requests is None:
            return waiting
        assert self.duration is not None
        oldest_kept = self.history[max(self.num_requests - 1, 0)]
        return max(self.duration - (self.now - oldest_kept), 0.0)


class UserWriteThrottle(_WriteThrottle, UserRateThrottle):
    """A logged-in user's writes (session or token), keyed on the user."""

    scope = "write_user"

    def get_cache_key(self, request: Request, view: Any) -> str | None:
        if not request.user or not request.user.is_authenticated:
            return None  # AnonWriteThrottle counts these
        return self.cache_format % {"scope": self.scope, "ident": request.user.pk}


class AnonWriteThrottle(_WriteThrottle, AnonRateThrottle):
    """Anonymous writes, keyed on the client's address. DRF checks throttles
    after permissions, so this counts the writes that anonymous clients are
    allowed to make, not those refused with a 401."""

    scope = "write_anon"


# --- the login pages ------------------------------------------------------------


def client_address(request: HttpRequest) -> str:
    return BaseThrottle().get_ident(Request(request)) or "unknown"


def _failures_key(request: HttpRequest) -> str:
    # "login" on the site's page (a username or an e-mail address, matched
    # without regard to case), "username" on the admin's
    username = (request.POST.get("login") or request.POST.get("username", "")).lower()
    pair = f"{client_address(request)}\n{username}".encode()
    return "login-failures:" + hashlib.sha256(pair).hexdigest()


def login_throttled(
    view: Callable[..., HttpResponseBase],
) -> Callable[..., HttpResponseBase]:
    """Wrap a login view: refuse an address and username pair that failed
    too often with a 429 page; count each failure (the form shown again),
    forget them after a success (a redirect)."""

    @wraps(view)
    def throttled(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if request.method != "POST":
            return view(request, *args, **kwargs)
        key = _failures_key(request)
        window = settings.LOGIN_FAILURES_WINDOW
        if cache.get(key, 0) >= settings.LOGIN_FAILURES_MAX:
            minutes = max(1, window // 60)
            refusal = render(request, "429.html", {"minutes": minutes}, status=429)
            refusal["Retry-After"] = str(window)
            return refusal
        response = view(request, *args, **kwargs)
        if response.status_code == 200:
            cache.add(key, 0, timeout=window)
            try:
                cache.incr(key)
            except ValueError:  # expired between add() and incr()
                cache.add(key, 1, timeout=window)
        elif 300 <= response.status_code < 400:
            cache.delete(key)
        return response

    return throttled


def too_many_requests(request: HttpRequest) -> HttpResponseBase:
    """The 429 page of the sign-up and password-reset throttles."""
    return render(request, "429.html", {"minutes": None}, status=429)
