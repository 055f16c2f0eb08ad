"""JSON types, strictly: an API input takes the JSON type its schema states.

DRF is lenient by default: a ``BooleanField`` takes ``0``, ``"yes"`` and
``"false"``, an ``IntegerField`` takes ``"5"`` and ``5.0``, a ``CharField``
takes ``5``. The OpenAPI schema says ``boolean``, ``integer``, ``string``,
so a client that sends ``"apothecary": "false"`` deserves a refusal, not a
guess: the schema and the API must agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rest_framework import serializers

ErrorTree = list[Any] | dict[Any, Any]


def _invalid(expected: str) -> list[serializers.ErrorDetail]:
    return [serializers.ErrorDetail(f"expected {expected}", code="invalid")]


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _expected(field: serializers.Field[Any, Any, Any, Any]) -> tuple[str, Any] | None:
    """(name, test) of the JSON type ``field`` takes, if it is a scalar."""
    if isinstance(field, serializers.BooleanField):
        return "true or false", lambda v: isinstance(v, bool)
    if isinstance(field, serializers.IntegerField | serializers.PrimaryKeyRelatedField):
        return "a whole number", _is_int
    if isinstance(field, serializers.CharField):
        return "a string", lambda v: isinstance(v, str)
    if isinstance(field, serializers.ChoiceField) and all(
        isinstance(key, str) for key in field.choices
    ):
        return "a string", lambda v: isinstance(v, str)
    return None


def type_errors(field: Any, value: Any) -> ErrorTree | None:
    """What is of the wrong JSON type in ``value``, shaped as DRF shapes its
    errors (a list for the field, a dict by index or key inside a list or an
    object); ``None`` if nothing is. Nested input serializers check their
    own fields; ``null`` and non-lists are left to DRF's own refusals."""
    if value is None or isinstance(field, serializers.BaseSerializer):
        return None
    if isinstance(field, serializers.ListField):
        if isinstance(value, str) and getattr(field, "takes_one_item", False):
            value = [value]
        if not isinstance(value, list):
            return None
        items = {i: type_errors(field.child, v) for i, v in enumerate(value)}
        return {i: e for i, e in items.items() if e} or None
    if isinstance(field, serializers.DictField):
        if not isinstance(value, Mapping):
            return None
        entries = {k: type_errors(field.child, v) for k, v in value.items()}
        return {k: e for k, e in entries.items() if e} or None
    expected = _expected(field)
    if expected is not None and not expected[1](value):
        return _invalid(expected[0])
    return None
