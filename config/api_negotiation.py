"""Content negotiation: DRF's, except that ``?format=`` naming anything
but a format the view renders is a 406 in the error shape, on ``format``.

DRF answered it with a bare 404 ("Not found."), a status the schema does
not document for a list, and a puzzle for a client that meant a filter:
``GET /api/leagues/?format=sevens`` is what one tries to find the Sevens
leagues. The parameter picks the answer's format (``format=json``; the
schema's ``format=yaml``), so the refusal says so."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rest_framework import exceptions
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import BaseRenderer
from rest_framework.request import Request

from league.api.filters import query_value


class UnknownFormat(exceptions.NotAcceptable):
    """``?format=`` names a format the view does not render."""

    def __init__(self, fmt: str, formats: list[str]) -> None:
        offered = ", ".join(f"format={name}" for name in formats)
        super().__init__(
            f"?format= picks the answer's format, and {fmt!r} is not one of "
            f"them ({offered}, or leave it out)"
        )
        self.field = "format"  # config.api_errors puts it in the error


class ApiContentNegotiation(DefaultContentNegotiation):
    def select_renderer(
        self,
        request: Request,
        renderers: Iterable[BaseRenderer],
        format_suffix: str | None = None,
    ) -> Any:
        # ``?format=`` given twice is refused (league.api.filters), not the last
        # one used
        query_value(request.query_params, self.settings.URL_FORMAT_OVERRIDE)
        return super().select_renderer(request, renderers, format_suffix)

    def filter_renderers(self, renderers: list[Any], format: str) -> list[Any]:
        matching = [renderer for renderer in renderers if renderer.format == format]
        if not matching:
            raise UnknownFormat(format, [renderer.format for renderer in renderers])
        return matching
