"""Checks on every request before any view runs."""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import BadRequest
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views import defaults

from config.api_errors import api_error


def _nul_in(request: HttpRequest) -> tuple[str | None, str] | None:
    """Where the request carries a NUL character, as (field, message)."""
    if "\x00" in request.path:
        return None, "the path contains a NUL character"
    for key, values in request.GET.lists():
        if "\x00" in key:
            return None, "a query parameter's name contains a NUL character"
        if any("\x00" in value for value in values):
            return key, f"the query parameter {key!r} contains a NUL character"
    for name, value in request.META.items():
        if name.startswith("HTTP_") and isinstance(value, str) and "\x00" in value:
            header = name[5:].replace("_", "-").title()
            return None, f"the {header} header contains a NUL character"
    # a quoted cookie value may spell NUL as an octal escape, \000
    for name, value in request.COOKIES.items():
        if "\x00" in name or "\x00" in value:
            return None, "a cookie contains a NUL character"
    return None


class RefuseNulMiddleware:
    """Refuse a NUL character in the path, the query, a header or a cookie with
    a 400. PostgreSQL text cannot hold NUL, so ``?type=%00`` used to crash
    the query it filtered (and a NUL in a token or session cookie the lookup
    of the user)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        found = _nul_in(request)
        if found is None:
            return self.get_response(request)
        field, message = found
        if request.path.startswith("/api/"):
            error = api_error("null_characters_not_allowed", message, field)
            return JsonResponse({"errors": [error]}, status=400)
        return defaults.bad_request(request, BadRequest(message))
