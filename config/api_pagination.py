"""The API's pages: ``?limit=`` and ``?offset=``, with a capped page size."""

from __future__ import annotations

from rest_framework.pagination import LimitOffsetPagination


class CappedLimitOffsetPagination(LimitOffsetPagination):
    """``PAGE_SIZE`` rows by default and never more than ``max_limit``:
    ``?limit=100000`` returned megabytes, and a limit past PostgreSQL's
    bigint crashed the query. A larger limit gets the capped page, a
    malformed one (``abc``, ``-1``, ``0``) the default; an offset past the
    last row gets an empty page without querying it."""

    max_limit = 100
