"""The OpenAPI schema describes what the API really answers and takes:
each test here is one class of disagreement schemathesis found,
checked directly."""

from __future__ import annotations

import pytest
from django.test import Client
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from config.api_schema import ERROR_RESPONSES
from engine.variants import variants
from tests.contract.checks import _nul_in_a_key, refused_form_codes
from tests.world import api_as

ERROR_REF = {"$ref": "#/components/schemas/ErrorResponse"}


@pytest.fixture(scope="module")
def schema():
    return SchemaGenerator().get_schema(request=None, public=True)


def operations(schema):
    for path, item in schema["paths"].items():
        for method, op in item.items():
            yield method.upper(), path, op


def test_formats_are_documented_as_the_list_they_are(schema, client):
    body = Client().get("/api/formats/").json()

    documented = schema["paths"]["/api/formats/"]["get"]["responses"]["200"]
    shape = documented["content"]["application/json"]["schema"]
    assert shape == {
        "type": "array",
        "items": {"$ref": "#/components/schemas/FormatOutput"},
    }
    fields = schema["components"]["schemas"]["FormatOutput"]["properties"]
    assert [set(f) for f in body] == [set(fields)] * len(variants())


def test_every_operation_documents_each_refusal_it_can_answer(schema):
    for method, path, op in operations(schema):
        expected = {400, 401, 406, 413, 500}
        if method in ("POST", "DELETE"):
            expected |= {403, 409, 415, 429}
        elif "/webhooks/" in path:
            # a league's webhooks are read by its commissioner only
            expected.add(403)
        if "{" in path:
            expected.add(404)
        documented = {int(s) for s in op["responses"] if int(s) >= 400}
        assert documented == expected, (method, path)
        for status in expected:
            content = op["responses"][str(status)]["content"]
            assert content["application/json"]["schema"] == ERROR_REF


def test_an_unknown_team_is_a_documented_404(schema, db):
    response = Client().get("/api/teams/999999/")

    assert response.status_code == 404
    assert response.json()["errors"][0]["code"] == "not_found"
    op = schema["paths"]["/api/teams/{team_id}/"]["get"]
    assert "404" in op["responses"]


def test_the_error_shape_is_a_component(schema):
    assert schema["components"]["schemas"]["ErrorResponse"] == {
        "type": "object",
        "description": "Every refusal, whatever refuses it.",
        "properties": {
            "errors": {
                "type": "array",
                "items": {"$ref": "#/components/schemas/Error"},
            }
        },
        "required": ["errors"],
    }
    assert set(ERROR_RESPONSES) == {400, 401, 403, 404, 406, 409, 413, 415, 429, 500}


def test_every_request_body_refuses_unknown_fields(schema):
    requests = {
        name: component
        for name, component in schema["components"]["schemas"].items()
        if name.endswith("Request")
    }
    # with RoundDatesInput and RoundDatesLine; CardDraftInput, CardReportInput
    # and CardReportSide (the Blitz Bowl league); WebhookInput (a league's
    # webhooks), DisputeInput, DecideInput and WithdrawInput (reports
    # confirmed by the other coach); CaptainInput (the BB2025 Team Captain); MvpNominationsInput
    # (a BB2025 team's standing MVP nominations); InviteLinkInput (a new
    # invite link); StaffFireInput (Sideline Staff a team fires); UnplayedInput
    # (a fixture recorded as unplayed); PostgameEndInput (a team's post-game
    # ended, Expensive Mistakes rolled); DeductionInput (League points docked)
    # and DeductionWithdrawInput (docked points withdrawn); AdvancementChoiceInput
    # (the choice among a player's pending advancement roll)
    assert len(requests) == 38
    assert all(c["additionalProperties"] is False for c in requests.values())


def test_request_bodies_are_json_only(schema):
    for _, _, op in operations(schema):
        if "requestBody" in op:
            assert list(op["requestBody"]["content"]) == ["application/json"]


def test_a_form_body_is_refused_as_unsupported(bob):
    client = APIClient()
    client.force_authenticate(bob)

    response = client.post(
        "/api/leagues/", {"name": "Form League", "format": "sevens"}, format="multipart"
    )

    assert response.status_code == 415
    assert response.json()["errors"][0]["code"] == "unsupported_media_type"


def test_a_league_format_is_an_enum_of_the_registered_formats(schema):
    prop = schema["components"]["schemas"]["LeagueInputRequest"]["properties"]["format"]
    enum = schema["components"]["schemas"]["FormatEnum"]["enum"]
    assert prop["allOf"] == [{"$ref": "#/components/schemas/FormatEnum"}]
    assert sorted(enum) == sorted(variants())


def test_a_formats_skills_catalogue_is_listed(schema):
    op = schema["paths"]["/api/formats/{format_slug}/skills/"]["get"]
    assert op["operationId"] == "formats_skills_list"
    assert [p["name"] for p in op["parameters"]] == ["format_slug"]


def test_a_list_of_nested_inputs_states_its_length(schema):
    props = schema["components"]["schemas"]["TeamDraftInputRequest"]["properties"]
    assert props["players"]["maxItems"] == 40
    report = schema["components"]["schemas"]["ReportInputRequest"]["properties"]
    assert (report["casualties"]["maxItems"], report["players"]["maxItems"]) == (40, 40)


def test_text_inputs_state_that_they_take_no_nul_and_no_blank(schema):
    props = schema["components"]["schemas"]["TeamDraftInputRequest"]["properties"]
    advance = schema["components"]["schemas"]["AdvanceInputRequest"]["properties"]
    assert props["name"]["pattern"] == "^[^\\x00]*[^\\s\\x00][^\\x00]*$"
    assert advance["skill"] == {
        "type": "string",
        "pattern": "^[^\\x00]*$",
        "maxLength": 60,
    }


def test_a_text_keyed_input_states_its_keys_take_no_nul(schema):
    """The API refuses a NUL in any string, a key included (a season's
    division names): the schema says so, as it does for text values."""
    season = schema["components"]["schemas"]["SeasonInputRequest"]["properties"]
    assert season["divisions"]["propertyNames"] == {"pattern": "^[^\\x00]*$"}


def test_audit_log_names_are_documented_as_nullable(schema):
    props = schema["components"]["schemas"]["LeagueEventOutput"]["properties"]
    ledger = schema["components"]["schemas"]["LedgerEntryOutput"]["properties"]
    assert [props[f].get("nullable") for f in ("team_name", "player_name")] == [
        True,
        True,
    ]
    assert (props["created_by"]["nullable"], ledger["created_by"]["nullable"]) == (
        True,
        True,
    )


def test_swagger_offers_new_leagues_a_commissioner_would_make(schema, alice):
    body = schema["paths"]["/api/leagues/"]["post"]["requestBody"]
    examples = body["content"]["application/json"]["examples"]
    assert [e["value"]["name"] for e in examples.values()] == [
        "Sunday League",
        "Sevens at the Pub",
        "The Colleges' Cup",
    ]
    # each one, sent as it is, makes the league it describes
    for example in examples.values():
        response = api_as(alice).post("/api/leagues/", example["value"], format="json")
        assert response.status_code == 201, response.json()
        made = response.json()
        assert {k: made[k] for k in example["value"]} == example["value"]
        assert made["commissioner"] == "alice"


def test_a_created_league_links_to_the_operations_on_it(schema):
    links = schema["paths"]["/api/leagues/"]["post"]["responses"]["201"]["links"]
    assert links["leagues_retrieve"] == {
        "operationId": "leagues_retrieve",
        "parameters": {"id": "$response.body#/id"},
    }
    assert links["leagues_members_create"]["parameters"] == {
        "league_id": "$response.body#/id"
    }


def test_every_link_names_a_real_operation_and_parameter(schema):
    params = {
        op["operationId"]: {p["name"] for p in op.get("parameters", [])}
        for _, _, op in operations(schema)
    }
    for _, _, op in operations(schema):
        for response in op["responses"].values():
            for link in response.get("links", {}).values():
                assert set(link["parameters"]) <= params[link["operationId"]]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"errors": [{"code": "required"}, {"code": "over_budget"}]}, ["required"]),
        ({"errors": [{"code": "no_invitation"}]}, []),
        ([], []),
    ],
)
def test_only_input_form_codes_count_against_schema_valid_input(body, expected):
    assert refused_form_codes(body) == expected


@pytest.mark.parametrize(
    ("body", "found"),
    [
        ({"divisions": {"a\x00": [1]}}, True),
        ({"items": [{"x\x00y": 1}]}, True),
        ({"name": "a\x00"}, False),  # a value: the generator reads its pattern
        ({"divisions": {"North": [1]}}, False),
        (None, False),
    ],
)
def test_a_nul_in_a_key_is_not_schema_valid_input(body, found):
    assert _nul_in_a_key(body) is found
