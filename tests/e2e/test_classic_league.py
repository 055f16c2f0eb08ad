"""A classic league, as a commissioner and coaches would run it: created and
drafted through the API, one match recorded from the table with D100
casualty dice, the rest resolved by the engine (classic Kick-Off table, D100
casualties rolled in the match), post-gamed, and shown on the pages."""

import pytest

from league.models import Player
from matches.models import Match, MatchEvent
from tests.factories import UserFactory
from tests.world import api_as, invite_members

DRAFTS = [
    (
        "coach-a",
        "orc",
        "Classic Boyz",
        [("orc-lineman", 8), ("blitzer", 2), ("big-un", 2)],
    ),
    (
        "coach-b",
        "human",
        "Classic Reavers",
        [("human-lineman", 8), ("blitzer", 2), ("catcher", 2)],
    ),
    (
        "coach-a",
        "dwarf",
        "Classic Grudges",
        [("dwarf-blocker-lineman", 10), ("runner", 2)],
    ),
    (
        "coach-b",
        "skaven",
        "Classic Rats",
        [("skaven-clanrat-lineman", 8), ("gutter-runner", 2), ("blitzer", 2)],
    ),
]


def _players(spec):
    return [
        {"position": position, "name": f"{position} {i}"}
        for position, count in spec
        for i in range(count)
    ]


@pytest.mark.django_db(transaction=True)  # post-game tasks start on commit
def test_a_classic_league_drafts_records_resolves_and_postgames(client):
    commish = UserFactory(username="classic-commish")
    coaches = {name: UserFactory(username=name) for name in ("coach-a", "coach-b")}
    created = api_as(commish).post(
        "/api/leagues/", {"name": "Classic Cup", "format": "classic"}, format="json"
    )
    assert created.status_code == 201, created.json()
    league = created.json()
    # a classic league rolls its casualties on the classic D100 table
    assert (league["format"], league["casualty_table"]) == ("classic", "classic")

    teams = {}
    # only members draft: the commissioner invites both coaches, who accept
    invite_members(commish, league["id"], coaches.values())

    for coach, roster, name, spec in DRAFTS:
        response = api_as(coaches[coach]).post(
            "/api/teams/",
            {
                "league": league["id"],
                "name": name,
                "roster": roster,
                "players": _players(spec),
            },
            format="json",
        )
        assert response.status_code == 201, response.json()
        teams[name] = response.json()

    season = api_as(commish).post(
        "/api/seasons/",
        {"league": league["id"], "name": "Cup 1", "seed": 7},
        format="json",
    )
    assert season.status_code == 201, season.json()
    season_id = season.json()["id"]
    assert (
        api_as(commish).post(f"/api/seasons/{season_id}/schedule/").status_code == 201
    )

    # one match is played at the table and reported with a D100 casualty roll
    first = Match.objects.filter(season_id=season_id, round=1).order_by("pk").first()
    home_coach = first.home.coach
    victim = Player.objects.filter(team=first.away).order_by("pk").first()
    attacker = Player.objects.filter(team=first.home).order_by("pk").first()
    reported = api_as(home_coach).post(
        f"/api/matches/{first.pk}/report/",
        {
            "home_score": 1,
            "away_score": 0,
            "players": [
                {"player_id": attacker.pk, "touchdowns": 1, "casualties_inflicted": 1}
            ],
            # seed 001: 79-80 Smashed Hip, -1 MA (and Miss Next Game)
            "casualties": [
                {
                    "player_id": victim.pk,
                    "casualty_roll": 80,
                    "inflicted_by": attacker.pk,
                }
            ],
        },
        format="json",
    )
    assert reported.status_code == 201, reported.json()
    victim_ma = victim.ma
    victim.refresh_from_db()
    assert victim.ma == victim_ma - 1
    assert victim.miss_next_game is True

    # the engine resolves the rest of the season
    resolve = api_as(commish).post(
        f"/api/seasons/{season_id}/resolve/", {"scope": "season"}, format="json"
    )
    assert resolve.status_code == 202
    progress = api_as(commish).get(resolve.json()["url"]).json()
    assert (progress["done"], progress["finished"]) == (5, True)
    assert set(
        Match.objects.filter(season_id=season_id).values_list("status", flat=True)
    ) == {"complete"}

    events = MatchEvent.objects.filter(match__season_id=season_id)
    # the classic Kick-Off table was rolled, never the BB2020 one
    kickoffs = {e.payload["result"] for e in events.filter(type="kickoff_event")}
    classic_results = {
        "riot",
        "get_da_ref",
        "perfect_defence",
        "cheering_fans",
        "bad_kick",
        "weather",
        "quick_snap",
        "brilliant_coaching",
        "blitz",
        "throw_a_rock",
        "pitch_invasion",
    }
    assert kickoffs
    assert kickoffs <= classic_results
    # every casualty of a resolved match was rolled on the D100 in the match
    # and the post-game applied that same roll on the classic table
    engine_cas = [e.payload for e in events.filter(type="casualty")]
    assert engine_cas, "six classic matches produced no casualty"
    assert all(1 <= p["d100"] <= 100 for p in engine_cas)
    rolls = [
        e.payload for e in events.filter(type="casualty_roll").exclude(match=first)
    ]
    assert rolls
    assert all(r["table"] == "classic" for r in rolls)

    standings = api_as(None).get(f"/api/seasons/{season_id}/standings/").json()["rows"]
    assert sorted(row["played"] for row in standings) == [3, 3, 3, 3]

    # the pages show the format and the D100 rolls; a member drafts there
    client.force_login(coaches["coach-a"])
    draft_page = client.get(f"/leagues/{league['id']}/draft/")
    assert draft_page.status_code == 200
    assert "Classic Blood Bowl: a budget of 1,000,000" in draft_page.content.decode()
    league_page = client.get(f"/leagues/{league['id']}/")
    assert league_page.status_code == 200
    assert "Classic Blood Bowl" in league_page.content.decode()
    cas_match = events.filter(type="casualty").first().match
    match_page = client.get(f"/matches/{cas_match.pk}/")
    assert match_page.status_code == 200
    assert "D100 roll" in match_page.content.decode()
