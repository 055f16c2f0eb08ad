"""An input takes the JSON type its schema states: DRF would take "5" for a
number, 0 for false and 5 for a name."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from league.models import League


@pytest.fixture
def bob_client(bob):
    client = APIClient()
    client.force_authenticate(bob)
    return client


@pytest.mark.parametrize(
    ("field", "value", "expected"),
    [
        ("sevens_spp", 0, "expected true or false"),
        ("sevens_spp", "false", "expected true or false"),
        ("points_win", "3", "expected a whole number"),
        ("points_win", 3.0, "expected a whole number"),
        ("points_win", True, "expected a whole number"),
        ("name", 5, "expected a string"),
        ("casualty_table", 1, "expected a string"),
    ],
)
def test_a_value_of_another_json_type_is_refused(bob_client, field, value, expected):
    body = {"name": "Typed League", "format": "sevens", field: value}

    response = bob_client.post("/api/leagues/", body, format="json")

    assert response.status_code == 400
    assert response.json()["errors"] == [
        {"code": "invalid", "field": field, "message": expected}
    ]
    assert not League.objects.exists()


def test_a_list_item_of_another_type_is_refused_with_its_index(bob_client, sevens):
    body = {"league": sevens.pk, "name": "S1", "teams": [1, "2"]}

    response = bob_client.post("/api/seasons/", body, format="json")

    assert response.status_code == 400
    assert response.json()["errors"] == [
        {"code": "invalid", "field": "teams.1", "message": "expected a whole number"}
    ]


def test_the_right_types_are_taken(bob_client):
    body = {"name": "Typed League", "format": "sevens", "sevens_spp": True}

    response = bob_client.post("/api/leagues/", body, format="json")

    assert response.status_code == 201
    assert League.objects.get().sevens_spp is True
