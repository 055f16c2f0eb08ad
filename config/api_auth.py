"""The API's session authentication: DRF's, with a refusal a client can
act on. A write on a session without its CSRF token is a 403 like a write
one may not make; its code says which (``csrf_failed``, not
``permission_denied``), so a client knows to send the token rather than
give up."""

from __future__ import annotations

from rest_framework import exceptions
from rest_framework.authentication import SessionAuthentication
from rest_framework.request import Request


class CsrfCodedSessionAuthentication(SessionAuthentication):
    def enforce_csrf(self, request: Request) -> None:
        try:
            super().enforce_csrf(request)
        except exceptions.PermissionDenied as exc:
            raise exceptions.PermissionDenied(
                str(exc.detail), code="csrf_failed"
            ) from None
