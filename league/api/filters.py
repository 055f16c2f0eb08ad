"""The API's list filters: strict, like its bodies.

A filter given without a value (``?coach=``) or with a malformed one
(``?league=abc``, ``?third_place=maybe``) is a 400 in the error shape, never silently ignored; a
well-formed id of an object that does not exist filters to an empty page
(``?league=999``): asking for a league's teams is not wrong because the
league is gone.

A parameter the API reads given twice (``?league=1&league=2``, and so
``?limit=``, ``?offset=``, ``?format=`` and a match's ``?type=``) is a 400
``duplicate_parameter`` on it, as a JSON body's key given twice is: the last
value won silently, where a proxy or a cache in front may have read the
first (:func:`query_value`).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.db import models
from django.http import QueryDict
from django_filters import rest_framework as filters
from drf_spectacular.utils import extend_schema_field
from rest_framework.exceptions import ValidationError

MAX_ID = 2**63 - 1  # PostgreSQL's bigint
FILTER_WITHOUT_VALUE = "give a value, or leave the parameter out to list everything"


def _given_twice(query: QueryDict, names: list[str]) -> ValidationError | None:
    twice = {name: len(query.getlist(name)) for name in names}
    twice = {name: count for name, count in twice.items() if count > 1}
    if not twice:
        return None
    return ValidationError(
        {
            name: [f"the parameter {name!r} is given {count} times: give it once"]
            for name, count in twice.items()
        },
        code="duplicate_parameter",
    )


def query_value(query: QueryDict, name: str) -> str | None:
    """The value of the query parameter ``name``, None when it is left out;
    given more than once, a 400 ``duplicate_parameter`` on ``name``."""
    refusal = _given_twice(query, [name])
    if refusal is not None:
        raise refusal
    return query.get(name)


@extend_schema_field({"type": "integer", "minimum": 1, "maximum": MAX_ID})
class IdFilter(filters.NumberFilter):
    """An object's id (or a round number): a whole number from 1."""

    field_class = forms.IntegerField

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("min_value", 1)
        kwargs.setdefault("max_value", MAX_ID)
        super().__init__(*args, **kwargs)


class BooleanQueryField(forms.Field):
    """``true`` or ``false``, as the schema's boolean is written in a query;
    anything else is refused (django-filter's own field reads an unknown
    word as no value, so ``?third_place=maybe`` listed every match)."""

    def to_python(self, value: Any) -> bool | None:
        if value in (None, ""):
            return None
        if value in ("true", "false"):
            return bool(value == "true")
        raise forms.ValidationError("expected true or false", code="invalid")


@extend_schema_field({"type": "boolean"})
class BooleanFilter(filters.BooleanFilter):
    field_class = BooleanQueryField

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # the text as given (django-filter's widget reads "maybe" as None)
        kwargs.setdefault("widget", forms.TextInput)
        super().__init__(*args, **kwargs)


class ApiFilterSet(filters.FilterSet):
    """Ids and counts filter as whole numbers (django-filter would take a
    foreign key only if the object exists, and an integer as a decimal),
    yes-or-no fields as ``true`` or ``false`` only."""

    @classmethod
    def filter_for_field(
        cls, field: models.Field[Any, Any], field_name: str, lookup_expr: str = "exact"
    ) -> filters.Filter:
        if lookup_expr == "exact" and isinstance(
            field, models.ForeignKey | models.IntegerField
        ):
            return IdFilter(field_name=field_name, lookup_expr=lookup_expr)
        if lookup_expr == "exact" and isinstance(field, models.BooleanField):
            return BooleanFilter(field_name=field_name, lookup_expr=lookup_expr)
        return super().filter_for_field(field, field_name, lookup_expr)

    def is_valid(self) -> bool:
        refusal = _given_twice(self.data, list(self.filters))
        if refusal is not None:
            raise refusal
        empty = [
            name
            for name in self.filters
            if name in self.data and self.data.get(name) == ""
        ]
        if empty:
            raise ValidationError({name: [FILTER_WITHOUT_VALUE] for name in empty})
        return bool(super().is_valid())


class ApiFilterBackend(filters.DjangoFilterBackend):
    filterset_base = ApiFilterSet
