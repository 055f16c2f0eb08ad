"""Adding a format is one module: this file defines a throw-away variant,
registers it, and plays a league season of it through the API — draft,
schedule, engine resolution with the post-game sequence, standings — with
no other change anywhere in Dugout."""

from collections.abc import Iterator

import pytest

from engine.variants import Sevens, register, unregister
from league.models import Team
from matches.models import Match, MatchEvent
from tests.factories import UserFactory
from tests.world import api_as, invite_members


class Fives(Sevens):
    """Five a side on the Sevens pitch, four turns a half, a small budget."""

    name = "fives-test"
    label = "Blood Bowl Fives (test)"
    turns_per_half = 4
    players_on_pitch = 5
    budget = 450_000
    min_players = 5
    max_players = 7
    max_non_linemen = 2
    default_squad = 6
    default_max_positionals = 2
    # a shorter post-game: no Expensive Mistakes in this format
    postgame_steps = tuple(
        s for s in Sevens.postgame_steps if s != "expensive_mistakes"
    )


@pytest.fixture
def fives() -> Iterator[Fives]:
    variant = register(Fives())
    yield variant
    unregister(variant.name)


DRAFTS = [
    ("coach-a", "orc", "Five Boyz", [("orc-lineman", 4), ("blitzer", 1)]),
    ("coach-b", "human", "Five Reavers", [("human-lineman", 4), ("blitzer", 1)]),
    ("coach-a", "dwarf", "Five Grudges", [("dwarf-blocker-lineman", 5)]),
]


@pytest.mark.django_db(transaction=True)  # post-game tasks start on commit
def test_a_season_of_a_variant_registered_in_one_file(fives: Fives) -> None:
    commish = UserFactory(username="fives-commish")
    coaches = {name: UserFactory(username=name) for name in ("coach-a", "coach-b")}
    formats = api_as(None).get("/api/formats/").json()
    assert fives.name in [f["slug"] for f in formats]

    created = api_as(commish).post(
        "/api/leagues/", {"name": "Fives League", "format": fives.name}, format="json"
    )
    assert created.status_code == 201, created.json()
    league = created.json()
    assert league["format"] == fives.name

    # only members draft: the commissioner invites both coaches, who accept
    invite_members(commish, league["id"], coaches.values())

    # the variant's draft rules apply: seven players is its maximum
    too_many = api_as(coaches["coach-a"]).post(
        "/api/teams/",
        {
            "league": league["id"],
            "name": "Too Many",
            "roster": "orc",
            "players": [{"position": "orc-lineman", "name": f"L{i}"} for i in range(8)],
        },
        format="json",
    )
    assert too_many.status_code == 400
    assert "too_many_players" in [e["code"] for e in too_many.json()["errors"]]

    for coach, roster, name, spec in DRAFTS:
        response = api_as(coaches[coach]).post(
            "/api/teams/",
            {
                "league": league["id"],
                "name": name,
                "roster": roster,
                "players": [
                    {"position": position, "name": f"{position} {i}"}
                    for position, count in spec
                    for i in range(count)
                ],
            },
            format="json",
        )
        assert response.status_code == 201, response.json()

    season = api_as(commish).post(
        "/api/seasons/",
        {"league": league["id"], "name": "Fives 2026", "seed": 5},
        format="json",
    )
    assert season.status_code == 201, season.json()
    season_id = season.json()["id"]
    assert (
        api_as(commish).post(f"/api/seasons/{season_id}/schedule/").status_code == 201
    )
    resolve = api_as(commish).post(
        f"/api/seasons/{season_id}/resolve/", {"scope": "season"}, format="json"
    )
    assert resolve.status_code == 202
    progress = api_as(commish).get(resolve.json()["url"]).json()
    assert (progress["done"], progress["total"], progress["finished"]) == (3, 3, True)

    matches = Match.objects.filter(season_id=season_id)
    assert set(matches.values_list("status", flat=True)) == {"complete"}
    # the engine played the variant: four turns a half, five a side
    for match in matches:
        start = MatchEvent.objects.get(match=match, type="game_start")
        assert start.payload["ruleset"] == fives.name
        end = MatchEvent.objects.get(match=match, type="game_end")
        assert end.seq > start.seq
        turns = MatchEvent.objects.filter(match=match, type="turn_start")
        assert max(e.payload["turn"] for e in turns) <= Fives.turns_per_half
    # every match went through the whole post-game sequence
    steps = set(
        MatchEvent.objects.filter(match__season_id=season_id).values_list(
            "type", flat=True
        )
    )
    assert {"postgame_winnings", "postgame_spp", "postgame_team_value"} <= steps
    assert "postgame_expensive_mistakes" not in steps

    standings = api_as(None).get(f"/api/seasons/{season_id}/standings/").json()["rows"]
    assert sorted(row["played"] for row in standings) == [2, 2, 2]
    assert {row["team"] for row in standings} == set(
        Team.objects.filter(league_id=league["id"]).values_list("pk", flat=True)
    )
