"""A schemathesis check of our own, registered on import (the fuzz tests
import it; ``schemathesis.toml`` names it for the command line).

Decision: the built-in ``positive_data_acceptance`` check wants every
schema-valid request accepted, but a request can be well formed and still
refused by the rules of the game or by what exists now: no invitation to
accept, a league id that names no league, a purchase over budget. No schema
can say which league ids exist or what a treasury holds, so the API answers
those with a 400 and a rule's code (docs/api.md, "Errors"), and
``schemathesis.toml`` lets ``positive_data_acceptance`` take a 400. In its
place this check is the narrow version: a schema-valid request may be
refused only with a rule's code, never with one that says the input itself
was malformed (``required``, ``max_length``, ``unknown_field`` ...), which
would mean the schema promised something the API does not take.
"""

from __future__ import annotations

import json
from typing import Any

import schemathesis

# The codes that refuse the input's form rather than what it asks for: DRF's
# field codes, and those of the API's parser, pages and filters.
INPUT_FORM_CODES = frozenset(
    {
        "required",
        "null",
        "blank",
        "invalid",
        "max_length",
        "min_length",
        "max_value",
        "min_value",
        "max_string_length",
        "max_digits",
        "max_decimal_places",
        "max_whole_digits",
        "invalid_choice",
        "not_a_list",
        "not_a_dict",
        "empty",
        "incorrect_type",
        "unknown_field",
        "parse_error",
        "nesting_too_deep",
        "null_characters_not_allowed",
        "surrogate_characters_not_allowed",
        "duplicate_key",
        "bad_request",
        "unsupported_media_type",
    }
)


def refused_form_codes(body: Any) -> list[str]:
    """The input-form codes among the errors of a refusal's body."""
    errors = body.get("errors", []) if isinstance(body, dict) else []
    return sorted({e.get("code") for e in errors} & INPUT_FORM_CODES)


def _nul_in_a_key(body: Any) -> bool:
    """Whether an object anywhere in ``body`` has a key holding a NUL."""
    if isinstance(body, dict):
        return any("\x00" in str(k) or _nul_in_a_key(v) for k, v in body.items())
    if isinstance(body, list):
        return any(_nul_in_a_key(v) for v in body)
    return False


@schemathesis.check
def schema_valid_input_is_well_formed(
    ctx: Any, response: Any, case: Any
) -> bool | None:
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive:
        return None
    if _nul_in_a_key(case.body):
        # The schema's propertyNames refuse it (config.api_schema), but the
        # generator does not read propertyNames: not schema-valid input.
        return None
    if response.status_code != 400:
        return None
    try:
        body = json.loads(response.content)
    except ValueError:
        raise AssertionError("a 400 without the JSON error shape") from None
    codes = refused_form_codes(body)
    if codes:
        raise AssertionError(
            f"a schema-valid request was refused as malformed ({', '.join(codes)}): "
            f"the schema and the API disagree on the input\n{response.text[:500]}"
        )
    return None
