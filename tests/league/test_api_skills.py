"""``GET /api/formats/{format}/skills/``: the skills catalogue of a format,
in its own words where it has them; ``GET /api/skills/``: BB2020's."""

from __future__ import annotations

from collections import Counter

import pytest
from django.test import Client

from engine.variants import variants


def skills(fmt: str = "") -> dict[str, dict]:
    url = f"/api/formats/{fmt}/skills/" if fmt else "/api/skills/"
    response = Client().get(url)
    assert response.status_code == 200, response.content
    return {s["slug"]: s for s in response.json()}


def only_error(response) -> dict:
    assert response["Content-Type"] == "application/json"
    (error,) = response.json()["errors"]
    return error


def test_without_a_format_the_catalogue_is_bb2020s():
    # BB2020: six categories of 12 skills (Agility, General, Mutation,
    # Passing, Strength; Extraordinary 7) and the traits
    by_default = skills()

    assert by_default == skills("bb2020")
    assert "steady-footing" not in by_default  # a BB2025 skill
    assert "devious" not in {s["category"] for s in by_default.values()}


def test_bb2025_serves_its_own_skills_and_texts():
    # bb2025/skills.md: Agility, Devious (new), General, Mutation, Passing and
    # Strength skills, 12 each, and 36 traits
    bb2025 = skills("bb2025")

    assert Counter(s["category"] for s in bb2025.values()) == {
        "agility": 12,
        "devious": 12,
        "general": 12,
        "mutation": 12,
        "passing": 12,
        "strength": 12,
        "trait": 36,
    }
    assert len(bb2025) == 6 * 12 + 36
    assert bb2025["steady-footing"]["name"] == "Steady Footing"
    # Kick changed: the kick deviates D3 squares (BB2020 halved the D6)
    assert "D3" in bb2025["kick"]["description"]
    assert "D3" not in skills()["kick"]["description"]


def test_the_classic_game_serves_its_own_wording_of_the_skills_it_plays_apart():
    # The classic game has no Stunty Injury table: a Stunty player's Injury
    # rolls get +1 instead (its variant's own wording)
    classic = skills("classic")
    bb2020 = skills()

    assert "Stunty Injury table" in bb2020["stunty"]["description"]
    assert "+1" in classic["stunty"]["description"]
    assert "there is no Stunty Injury table" in classic["stunty"]["description"]
    # the others are the rules data's, as in BB2020
    assert classic["mighty-blow"] == bb2020["mighty-blow"]
    assert set(classic) == set(bb2020)


@pytest.mark.parametrize("fmt", sorted(variants()))
def test_every_format_answers_its_catalogue(fmt):
    assert skills(fmt)


@pytest.mark.parametrize("value", ["bb2030", "BB2025", "json"])
def test_an_unknown_format_is_a_404(value):
    response = Client().get(f"/api/formats/{value}/skills/")

    assert response.status_code == 404
    error = only_error(response)
    assert error["code"] == "not_found"


def test_an_accept_without_json_is_a_406():
    response = Client().get("/api/formats/bb2025/skills/", HTTP_ACCEPT="text/csv")

    assert response.status_code == 406


def stars(fmt: str) -> dict[str, dict]:
    response = Client().get(f"/api/formats/{fmt}/star-players/")
    assert response.status_code == 200, response.content
    return {s["slug"]: s for s in response.json()}


def test_a_formats_star_players_are_its_own():
    # BB2020 star_players.md: 64 hires; BB2025 its own list (the edition
    # dropped some and added others); no stars in Sevens, Dungeon Bowl or a
    # team card's Blitz Bowl
    bb2020 = stars("bb2020")
    assert len(bb2020) == 64
    assert bb2020 == {s["slug"]: s for s in Client().get("/api/star-players/").json()}
    assert stars("classic") == bb2020
    bb2025 = stars("bb2025")
    assert len(bb2025) == 63
    assert bb2025 != bb2020
    for fmt in ("sevens", "dungeon-bowl", "blitz-bowl"):
        assert stars(fmt) == {}


def test_an_unknown_formats_star_players_are_a_404():
    response = Client().get("/api/formats/bb2030/star-players/")

    assert response.status_code == 404
    assert only_error(response)["code"] == "not_found"
