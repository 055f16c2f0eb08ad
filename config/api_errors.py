"""One error shape for the whole API.

Every refusal is ``{"errors": [{"code": ..., "field": ..., "message": ...}]}``
so clients can show each message next to the field it concerns.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler


def _flatten(detail: Any, field: str | None) -> list[dict[str, str | None]]:
    if isinstance(detail, dict):
        out: list[dict[str, str | None]] = []
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


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    from league.errors import ServiceError

    if isinstance(exc, ServiceError):
        return Response({"errors": exc.as_dicts()}, status=400)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
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
        errors = [{"code": str(code), "field": None, "message": str(detail)}]
    response.data = {"errors": errors}
    return response
