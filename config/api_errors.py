"""One error shape for the whole API.

Every refusal is ``{"errors": [{"code": ..., "field": ..., "message": ...}]}``
so clients can show each message next to the field it concerns. That holds
for refusals raised inside DRF views (``exception_handler``) and for those
Django answers before any view runs (the ``handler4xx``/``handler500``
views, which answer JSON under ``/api/`` and the usual pages elsewhere).
"""

from __future__ import annotations

import logging
from typing import Any

from django.apps import apps
from django.core.exceptions import (
    NON_FIELD_ERRORS,
    PermissionDenied,
    RequestDataTooBig,
    SuspiciousOperation,
    TooManyFieldsSent,
    TooManyFilesSent,
)
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import IntegrityError
from django.db.models import F, UniqueConstraint
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.views import defaults
from django.views.decorators.csrf import csrf_exempt
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

logger = logging.getLogger(__name__)

Error = dict[str, str | None]
TOO_LARGE = (RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent)


def _flatten(detail: Any, field: str | None) -> list[Error]:
    if isinstance(detail, dict):
        out: list[Error] = []
        for key, value in detail.items():
            # list items' errors come keyed by their index, 0 included
            sub = None if key == "non_field_errors" else str(key)
            if field and sub is not None:
                sub = f"{field}.{sub}"
            elif field:
                sub = field
            out.extend(_flatten(value, sub))
        return out
    if isinstance(detail, list):
        out = []
        for index, item in enumerate(detail):
            sub = field
            if isinstance(item, dict) and field:
                sub = f"{field}.{index}"
            out.extend(_flatten(item, sub))
        return out
    code = getattr(detail, "code", None) or "invalid"
    return [{"code": str(code), "field": field, "message": str(detail)}]


def api_error(code: str, message: str, field: str | None = None) -> Error:
    return {"code": code, "field": field, "message": message}


def _name_taken() -> Error:
    return api_error("name_taken", "that name was just taken", "name")


def _unique_fields(exc: IntegrityError) -> frozenset[str]:
    """The model fields of the unique constraint ``exc`` reports (empty if
    it is not a uniqueness clash): PostgreSQL names the constraint, SQLite
    lists its columns."""
    diag = getattr(exc.__cause__, "diag", None)
    constraint = getattr(diag, "constraint_name", None)
    text = str(exc)
    for model in apps.get_models():
        opts = model._meta
        uniques = [(c.name, c.fields) for c in opts.total_unique_constraints]
        uniques += [
            (c.name, _expression_fields(c.expressions))
            for c in opts.constraints
            if isinstance(c, UniqueConstraint) and c.expressions
        ]
        uniques += [
            (f"{opts.db_table}_{f.column}_key", (f.name,))
            for f in opts.local_fields
            if f.unique
        ]
        column = {f.name: f.column for f in opts.local_fields}
        for name, fields in uniques:
            columns = ", ".join(f"{opts.db_table}.{column.get(f, f)}" for f in fields)
            if (
                constraint == name
                or text.endswith(f"constraint failed: {columns}")
                or text.endswith(f"constraint failed: index '{name}'")
            ):
                return frozenset(fields)
    return frozenset()


def _expression_fields(expressions: Any) -> tuple[str, ...]:
    """The fields a unique constraint on expressions (``Lower("name")``)
    reads."""
    fields: list[str] = []
    stack = list(expressions)
    while stack:
        expression = stack.pop()
        if isinstance(expression, F):
            fields.append(expression.name)
        else:
            stack.extend(expression.get_source_expressions())
    return tuple(fields)


def _integrity_errors(exc: IntegrityError) -> tuple[int, list[Error]]:
    """A concurrent request won a race the service's own checks could not
    see: a unique name is a 400 like any other taken name, anything else a
    409 the client may retry."""
    if "name" in _unique_fields(exc):
        return 400, [_name_taken()]
    logger.warning("integrity error answered as a conflict", exc_info=exc)
    return 409, [
        api_error("conflict", "a concurrent change got there first; try again")
    ]


def _model_validation_errors(exc: DjangoValidationError) -> list[Error]:
    """``full_clean()`` refusals that got past a service's checks (a
    concurrent request committed in between)."""
    out: list[Error] = []
    error_dict = getattr(exc, "error_dict", {})
    for key, errors in error_dict.items():
        for error in errors:
            field = None if key == NON_FIELD_ERRORS else key
            clashing = (error.params or {}).get("unique_check") or (field,)
            if (
                error.code in ("unique", "unique_together") and "name" in clashing
            ) or error.code == "name_taken":
                out.append(_name_taken())
            else:
                message = " ".join(error.messages)
                out.append(api_error(error.code or "invalid", message, field))
    return out or [api_error("invalid", " ".join(exc.messages))]


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    from league.access import TeamFrozen
    from league.errors import ServiceError

    if isinstance(exc, ServiceError):
        return Response({"errors": exc.as_dicts()}, status=400)
    if isinstance(exc, IntegrityError):
        status, errors = _integrity_errors(exc)
        return Response({"errors": errors}, status=status)
    if isinstance(exc, DjangoValidationError):
        return Response({"errors": _model_validation_errors(exc)}, status=400)
    if isinstance(exc, SuspiciousOperation):
        body, status = _suspicious(exc)
        return Response(body, status=status)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, TeamFrozen):
        exc = exceptions.PermissionDenied(str(exc), code=TeamFrozen.code)
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        errors = _flatten(exc.detail, None)
    else:
        detail = getattr(exc, "detail", str(exc))
        code = getattr(detail, "code", None) or getattr(exc, "default_code", "error")
        field = getattr(exc, "field", None)  # a refused JSON body says where
        errors = [{"code": str(code), "field": field, "message": str(detail)}]
    response.data = {"errors": errors}
    return response


def _suspicious(exc: Exception) -> tuple[dict[str, list[Error]], int]:
    if isinstance(exc, TOO_LARGE):
        message = "the request is larger than the server accepts"
        return {"errors": [api_error("request_too_large", message)]}, 413
    return {"errors": [api_error("bad_request", "bad request")]}, 400


# --- Django's error views: JSON under /api/, the site's pages elsewhere ------


def is_api(request: HttpRequest) -> bool:
    return request.path == "/api" or request.path.startswith("/api/")


def _slash_hint(path: str) -> str:
    """What the client may have meant: the same path ending in a slash, when
    the API has it (its paths all end in one)."""
    from django.urls import Resolver404, resolve

    if path.endswith("/"):
        return ""
    try:
        match = resolve(path + "/")
    except Resolver404:
        return ""
    if match.url_name == "api-not-found":
        return ""
    return f" Did you mean {path}/? (the API's paths end with a slash)"


@csrf_exempt
def api_not_found(request: HttpRequest, rest: str = "") -> JsonResponse:
    """Every path under /api/ that names no endpoint, whatever the method and
    whether or not DEBUG is on: a JSON 404 (never the site's page, DEBUG's
    page, or a redirect that would drop a request's body)."""
    message = "Not found." + _slash_hint(request.path)
    return JsonResponse({"errors": [api_error("not_found", message)]}, status=404)


# The code of a refusal answered by something other than the API's views
# (DEBUG's pages, a view outside DRF), by status.
STATUS_CODES = {
    400: ("bad_request", "bad request"),
    401: ("not_authenticated", "Authentication credentials were not provided."),
    403: ("permission_denied", "You do not have permission to perform this action."),
    404: ("not_found", "Not found."),
    405: ("method_not_allowed", "Method not allowed."),
    406: ("not_acceptable", "the answer can only be JSON"),
    413: ("request_too_large", "the request is larger than the server accepts"),
    415: ("unsupported_media_type", "a body must be JSON"),
    429: ("throttled", "Request was throttled."),
    500: ("server_error", "the server failed to answer; the error has been logged"),
}
# Headers of the refusal a client acts on; kept when its body is replaced.
KEPT_HEADERS = ("Allow", "Retry-After", "WWW-Authenticate")


def api_error_response(status: int, original: HttpResponse) -> JsonResponse:
    """``original``'s refusal in the API's error shape."""
    code, message = STATUS_CODES.get(
        status, ("server_error" if status >= 500 else "error", original.reason_phrase)
    )
    response = JsonResponse({"errors": [api_error(code, message)]}, status=status)
    for header in KEPT_HEADERS:
        if header in original:
            response[header] = original[header]
    return response


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    if not is_api(request):
        return defaults.bad_request(request, exception)
    body, status = _suspicious(exception)
    return JsonResponse(body, status=status)


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    if not is_api(request):
        return defaults.permission_denied(request, exception)
    message = "You do not have permission to perform this action."
    errors = [api_error("permission_denied", message)]
    return JsonResponse({"errors": errors}, status=403)


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if not is_api(request):
        return defaults.page_not_found(request, exception)
    return api_not_found(request)


def server_error(request: HttpRequest) -> HttpResponse:
    if not is_api(request):
        return defaults.server_error(request)
    message = "the server failed to answer; the error has been logged"
    return JsonResponse({"errors": [api_error("server_error", message)]}, status=500)
