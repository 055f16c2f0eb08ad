"""Checks on every request before any view runs."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.core.exceptions import BadRequest
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views import defaults

from config.api_errors import api_error, api_error_response, is_api


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
    a 400. PostgreSQL text cannot hold NUL, so ``?type=%00`` would crash
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


class ApiJsonErrorsMiddleware:
    """Every refusal under /api/ is JSON in the API's error shape, whatever
    answered it: the API's views and Django's error handlers do so
    themselves; this catches what neither reaches (DEBUG's error pages, a
    view outside DRF such as the Swagger page refusing a method). Its
    status and the headers a client acts on (``Allow``, ``Retry-After``)
    are kept."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            response.status_code >= 400
            and is_api(request)
            and not response.get("Content-Type", "").startswith("application/json")
        ):
            return api_error_response(response.status_code, response)
        return response


def permissions_policy(policy: dict[str, list[str]]) -> str:
    """The ``Permissions-Policy`` header of ``policy`` (feature -> allowed
    origins; empty: none)."""
    return ", ".join(
        f"{feature}=({' '.join(origins)})" for feature, origins in policy.items()
    )


class PermissionsPolicyMiddleware:
    """A ``Permissions-Policy`` header on every response
    (``settings.PERMISSIONS_POLICY``): the browser features the site never
    uses are switched off for it and anything it embeds."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.header = permissions_policy(settings.PERMISSIONS_POLICY)

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Permissions-Policy", self.header)
        return response
