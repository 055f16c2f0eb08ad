"""The API's JSON parser: it refuses, with a 400 in the error shape, what
the standard library would accept but the API cannot use.

- nesting deeper than ``MAX_DEPTH`` (the deepest input, a report's
  sudden-death throws, is 3 levels; thousands of levels crashed the
  decoder with a RecursionError);
- lone surrogates (``"\\ud800"``), which no database can store as UTF-8;
- NUL characters, which PostgreSQL text cannot hold;
- a key given twice in one object, which would leave one value unread;
- NaN and Infinity, which are not JSON.

Strings are checked wherever they are, keys included, so no field type
further on has to.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

MAX_DEPTH = 20
_SURROGATE = re.compile("[\ud800-\udfff]")


class JSONRefused(ParseError):
    """A body that parses as JSON but that the API refuses; ``field`` is
    the path of the offending value (``players.0.name``), if any."""

    def __init__(self, message: str, code: str, field: str | None = None) -> None:
        super().__init__(message, code)
        self.field = field


def _refuse_constant(name: str) -> None:
    raise ValueError(f"{name} is not valid JSON")


def _refuse_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj: dict[str, Any] = {}
    for key, value in pairs:
        if key in obj:
            raise JSONRefused(f"the key {key!r} appears twice", "duplicate_key")
        obj[key] = value
    return obj


def _check_string(value: str, field: str | None) -> None:
    if "\x00" in value:
        raise JSONRefused(
            "Null characters are not allowed.", "null_characters_not_allowed", field
        )
    if match := _SURROGATE.search(value):
        raise JSONRefused(
            f"Surrogate characters are not allowed: U+{ord(match.group()):X}.",
            "surrogate_characters_not_allowed",
            field,
        )


def _join(path: str | None, key: object) -> str:
    return f"{path}.{key}" if path is not None else str(key)


def check_json_value(data: Any) -> None:
    """Refuse nesting deeper than ``MAX_DEPTH`` and strings holding NUL or
    lone surrogates, walking ``data`` without recursion."""
    stack: list[tuple[Any, int, str | None]] = [(data, 0, None)]
    while stack:
        value, depth, path = stack.pop()
        if isinstance(value, str):
            _check_string(value, path)
            continue
        if isinstance(value, Mapping):
            items: Any = value.items()
        elif isinstance(value, list):
            items = enumerate(value)
        else:
            continue
        if depth >= MAX_DEPTH:
            raise JSONRefused(
                f"JSON nested deeper than {MAX_DEPTH} levels", "nesting_too_deep"
            )
        for key, item in items:
            if isinstance(key, str):
                # a key is reported where it stands: in its object
                _check_string(key, path)
            stack.append((item, depth + 1, _join(path, key)))


class StrictJSONParser(JSONParser):
    def parse(
        self,
        stream: Any,
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        try:
            text = stream.read().decode(encoding)
            data = json.loads(
                text,
                parse_constant=_refuse_constant,
                object_pairs_hook=_refuse_duplicates,
            )
        except RecursionError:
            raise JSONRefused(
                f"JSON nested deeper than {MAX_DEPTH} levels", "nesting_too_deep"
            ) from None
        except (ValueError, LookupError) as exc:
            raise ParseError(f"JSON parse error - {exc}") from None
        check_json_value(data)
        return data
