"""The API's pages: ``?limit=`` and ``?offset=``, with a capped page size."""

from __future__ import annotations

import re
from typing import Any

from rest_framework.exceptions import ValidationError
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.request import Request

from league.api.filters import query_value

_DIGITS = re.compile(r"[0-9]+")
# Past this many digits a number is larger than any page or row count; it
# is not converted (int() refuses a string of over 4,300 digits).
_MAX_DIGITS = 18


class CappedLimitOffsetPagination(LimitOffsetPagination):
    """``PAGE_SIZE`` rows by default and never more than ``max_limit``:
    ``?limit=100000`` returned megabytes, and a limit past PostgreSQL's
    bigint crashed the query. A larger limit gets the capped page; an offset
    past the last row gets an empty page without querying it.

    A malformed limit or offset (``abc``, ``-1``, ``1e3``, empty, a limit of
    0) is a 400, as the schema says, so a typo is noticed rather than answered
    with the default page; so is one given twice (``duplicate_parameter``)."""

    max_limit = 100

    def _whole_number(self, request: Request, name: str, minimum: int) -> int | None:
        raw = query_value(request.query_params, name)
        if raw is None:
            return None
        digits = raw.lstrip("0") or "0"
        if not _DIGITS.fullmatch(raw):
            value = -1
        elif len(digits) > _MAX_DIGITS:
            value = 10**_MAX_DIGITS
        else:
            value = int(digits)
        if value < minimum:
            raise ValidationError(
                {name: [f"a whole number from {minimum} is required"]}
            )
        return value

    def get_limit(self, request: Request) -> int:
        limit = self._whole_number(request, self.limit_query_param, 1)
        return self.default_limit if limit is None else min(limit, self.max_limit)

    def get_offset(self, request: Request) -> int:
        return self._whole_number(request, self.offset_query_param, 0) or 0

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        parameters: list[dict[str, Any]] = super().get_schema_operation_parameters(view)
        minimum = {self.limit_query_param: 1, self.offset_query_param: 0}
        for parameter in parameters:
            parameter["schema"]["minimum"] = minimum[parameter["name"]]
            if parameter["name"] == self.limit_query_param:
                parameter["description"] = (
                    f"Number of results to return per page ({self.default_limit} "
                    f"by default; a larger limit than {self.max_limit} gets "
                    f"{self.max_limit})."
                )
        return parameters
