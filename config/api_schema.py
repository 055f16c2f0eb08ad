"""The OpenAPI contract of the API, beyond what drf-spectacular infers.

- Every operation documents every answer it can give: the refusals of
  ``config.api_errors`` share one ``ErrorResponse`` component, and
  ``ApiAutoSchema`` adds each status where it can happen (a 404 only where
  the path names an object, 403/409/415/429 only on writes, and so on).
- A request body built from an ``InputSerializer`` says
  ``additionalProperties: false``: the API refuses unknown fields
  (``unknown_field``), so the schema must not invite them.
- ``add_links`` adds OpenAPI links from what a write creates to the
  operations on it, which clients (and the stateful fuzzer) follow.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.authentication import SessionScheme
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.plumbing import force_instance
from rest_framework import serializers

from league.api.serializers import ErrorResponseSerializer, InputSerializer

# status -> (when it can happen, what it means)
_ANY, _WRITE, _OBJECT = "any", "write", "object"
ERROR_RESPONSES: dict[int, tuple[str, str]] = {
    400: (
        _ANY,
        "Refused: every problem found, each with its code and field "
        "(invalid input, a rule of the game, a NUL in the query).",
    ),
    401: (_ANY, "The credentials sent are wrong (writes need some)."),
    403: (
        _WRITE,
        "Not allowed to do this (not your team, not the commissioner), or "
        "your team is frozen: you were removed from its league (`team_frozen`), "
        "or a session's write came without its CSRF token (`csrf_failed`).",
    ),
    404: (_OBJECT, "No such object (`not_found`)."),
    406: (_ANY, "The answer can only be JSON."),
    409: (_WRITE, "A concurrent change got there first; try again (`conflict`)."),
    413: (_ANY, "The request is larger than the server accepts."),
    415: (_WRITE, "The body must be JSON."),
    429: (_WRITE, "Too many writes; `Retry-After` says when to try again."),
    500: (_ANY, "The server failed to answer; the error has been logged."),
}
WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def error_statuses(method: str, path_has_parameters: bool) -> list[int]:
    """The error statuses an operation can answer with."""
    applies = {
        _ANY: True,
        _WRITE: method.upper() in WRITE_METHODS,
        _OBJECT: path_has_parameters,
    }
    return [status for status, (when, _) in ERROR_RESPONSES.items() if applies[when]]


class CsrfCodedSessionScheme(SessionScheme):
    """The session cookie, as drf-spectacular documents DRF's own session
    authentication (config.api_auth only recodes its CSRF refusal)."""

    target_class = "config.api_auth.CsrfCodedSessionAuthentication"


NO_NUL = "^[^\\x00]*$"
_BLANK = {"type": "string", "maxLength": 0}


def _string_pattern(field: serializers.CharField) -> str:
    """What a text input takes beyond its length: no NUL character, which
    the API refuses in any string (PostgreSQL text cannot hold it), and,
    unless it may be blank, something besides the white space DRF trims."""
    if field.allow_blank or not field.trim_whitespace:
        return NO_NUL
    return "^[^\\x00]*[^\\s\\x00][^\\x00]*$"


class ApiAutoSchema(AutoSchema):
    def _get_response_bodies(self, direction: Any = "response") -> dict[str, Any]:
        responses: dict[str, Any] = super()._get_response_bodies(direction)
        has_parameters = "{" in self.path
        for status in error_statuses(self.method, has_parameters):
            if str(status) in responses:
                continue
            response = self._get_response_for_code(
                ErrorResponseSerializer, str(status), direction=direction
            )
            response["description"] = ERROR_RESPONSES[status][1]
            if status == 429:
                response["headers"] = {
                    "Retry-After": {
                        "schema": {"type": "integer"},
                        "description": "seconds to wait",
                    }
                }
            responses[str(status)] = response
        return responses

    def _map_serializer_field(
        self, field: Any, direction: Any, bypass_extensions: bool = False
    ) -> Any:
        schema = super()._map_serializer_field(field, direction, bypass_extensions)
        if direction != "request" or schema is None:
            return schema
        if isinstance(field, serializers.ListSerializer):
            # DRF checks these on a list of nested inputs (players, items)
            # but drf-spectacular leaves them out.
            if field.min_length is not None:
                schema["minItems"] = field.min_length
            if field.max_length is not None:
                schema["maxItems"] = field.max_length
        elif type(field) is serializers.CharField and "$ref" not in schema:
            schema["pattern"] = _string_pattern(field)
        elif isinstance(field, serializers.DictField):
            # its keys are text too (a season's division names): no NUL
            schema["propertyNames"] = {"pattern": NO_NUL}
        return schema

    def _map_basic_serializer(self, serializer: Any, direction: Any) -> Any:
        serializer = force_instance(serializer)
        schema = super()._map_basic_serializer(serializer, direction)
        if direction == "request" and isinstance(serializer, InputSerializer):
            schema["additionalProperties"] = False
            for name, prop in schema["properties"].items():
                # drf-spectacular adds "or blank" to a patterned string that
                # may be blank; NO_NUL takes "" already, and the two branches
                # of that oneOf would both match it.
                branches = prop.get("oneOf", [])
                if branches[1:] == [_BLANK] and branches[0].get("pattern") == NO_NUL:
                    rest = {k: v for k, v in prop.items() if k != "oneOf"}
                    schema["properties"][name] = {**branches[0], **rest}
        return schema


# (operation, status) -> {target operation: {its parameter: where from}}
_ID = "$response.body#/id"
_FIRST = "$response.body#/results/0/id"
_TEAM_OPS = [
    "teams_retrieve",
    "teams_players_create",
    "teams_purchases_create",
    "teams_staff_fire_create",
    "teams_ledger_list",
    "teams_sevens_advancement_list",
    "teams_sevens_advancement_create",
    "teams_postgame_end_create",
    "teams_redraft_create",
    "teams_special_rule_create",
]
_PLAYER_OPS = [
    "players_advancements_retrieve",
    "players_advancements_create",
    "players_advancements_pending_create",
    "players_hire_create",
    "players_retire_create",
    "players_unretire_create",
]
_LEAGUE_OPS = [
    "leagues_members_list",
    "leagues_members_create",
    "leagues_open_create",
    "leagues_join_create",
    "leagues_invitation_accept_create",
    "leagues_invitation_decline_create",
    "leagues_events_list",
]
_SEASON_OPS = [
    "seasons_schedule_create",
    "seasons_playoffs_create",
    "seasons_resolve_create",
    "seasons_matches_list",
    "seasons_standings_retrieve",
    "seasons_close_create",
]
_MATCH_OPS = [
    "matches_retrieve",
    "matches_events_list",
    "matches_report_create",
    "matches_resolve_create",
    "matches_override_create",
    "matches_postpone_create",
    "matches_inducements_retrieve",
    "matches_inducements_create",
]


def _to(ops: list[str], param: str, source: str) -> dict[str, dict[str, str]]:
    return {op: {param: source} for op in ops}


LINKS: dict[tuple[str, str], dict[str, dict[str, str]]] = {
    ("leagues_create", "201"): {
        "leagues_retrieve": {"id": _ID},
        **_to(_LEAGUE_OPS, "league_id", _ID),
    },
    ("leagues_list", "200"): {
        "leagues_retrieve": {"id": _FIRST},
        **_to(_LEAGUE_OPS, "league_id", _FIRST),
    },
    ("leagues_members_create", "201"): {
        "leagues_members_destroy": {
            "league_id": "$request.path.league_id",
            "coach_id": "$response.body#/coach",
        },
    },
    ("leagues_join_create", "201"): {
        op: {
            "league_id": "$request.path.league_id",
            "coach_id": "$response.body#/coach",
        }
        for op in ["leagues_requests_approve_create", "leagues_requests_decline_create"]
    },
    ("teams_create", "201"): _to(_TEAM_OPS, "team_id", _ID),
    ("teams_list", "200"): _to(_TEAM_OPS, "team_id", _FIRST),
    ("teams_retrieve", "200"): {
        "teams_players_destroy": {
            "team_id": "$request.path.team_id",
            "player_id": "$response.body#/players/0/id",
        },
        **_to(_PLAYER_OPS, "player_id", "$response.body#/players/0/id"),
    },
    ("teams_players_create", "201"): {
        "teams_players_destroy": {
            "team_id": "$request.path.team_id",
            "player_id": _ID,
        },
        **_to(_PLAYER_OPS, "player_id", _ID),
    },
    ("seasons_create", "201"): {
        "seasons_retrieve": {"id": _ID},
        **_to(_SEASON_OPS, "season_id", _ID),
    },
    ("seasons_list", "200"): {
        "seasons_retrieve": {"id": _FIRST},
        **_to(_SEASON_OPS, "season_id", _FIRST),
    },
    ("seasons_schedule_create", "201"): _to(_MATCH_OPS, "id", "$response.body#/0/id"),
    ("seasons_matches_list", "200"): _to(_MATCH_OPS, "id", _FIRST),
    ("seasons_resolve_create", "202"): {"tasks_retrieve": {"task_id": _ID}},
    ("matches_resolve_create", "202"): {"tasks_retrieve": {"task_id": _ID}},
}


def add_links(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """drf-spectacular's postprocessing hook: the OpenAPI links of
    ``LINKS``, from what an operation answers to the operations on it."""
    operations = {
        op["operationId"]: op
        for item in result["paths"].values()
        for op in item.values()
        if isinstance(op, dict) and "operationId" in op
    }
    for (source, status), targets in LINKS.items():
        response = operations[source]["responses"][status]
        response["links"] = {
            target: {"operationId": target, "parameters": parameters}
            for target, parameters in targets.items()
            if target in operations
        }
    return result
