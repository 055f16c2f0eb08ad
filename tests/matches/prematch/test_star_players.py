"""Star Players hired as inducements take the pitch in a resolved match
(inducements_in_detail.md "0-2 Star Players")."""

import pytest

from engine.campaign.stars import STAR_ID_BASE
from league.errors import ServiceError
from league.models import Team
from matches.models import Match, MatchEvent
from matches.prematch.inducements import (
    Purchase,
    inducement_offer,
    inducement_sides,
    match_buy_inducements,
)
from matches.prematch.kickoff import match_kick_off
from matches.resolution.resolve import match_engine_inputs, match_resolve
from matches.seasons.services import season_create, season_schedule
from tests.factories import LeagueFactory, UserFactory, draft_team
from tests.league.conftest import api_as

# What a refused purchase or report must leave untouched, and the refusal
# codes: shared with the other inducement tests.
from tests.matches.prematch.test_inducements import _snapshot as snapshot
from tests.matches.prematch.test_inducements import codes


@pytest.fixture
def world(db):
    """Two Human teams of equal value in a BB2020 league (both buy from
    their treasuries, in any order), 1,000,000 in each bank."""
    commish = UserFactory(username="star-commish")
    home_coach, away_coach = UserFactory(username="shc"), UserFactory(username="sac")
    league = LeagueFactory(name="Stars", format="bb2020", commissioner=commish)
    home = draft_team(league, home_coach, roster="human", name="Reavers")
    away = draft_team(league, away_coach, roster="human", name="Marauders")
    Team.objects.filter(pk__in=[home.pk, away.pk]).update(treasury=1_000_000)
    season = season_create(league=league, name="S", seed=5)
    season_schedule(season_id=season.pk)
    match = Match.objects.get(season=season)
    coaches = {match.home_id: home_coach, match.away_id: away_coach}
    return {"match": match, "coaches": coaches}


def buy(world, team_id, *stars):
    return match_buy_inducements(
        match_id=world["match"].pk,
        team_id=team_id,
        actor=world["coaches"][team_id],
        items=[Purchase("star_players", star_player=s) for s in stars],
    )


def test_the_offer_lists_the_stars_who_play_for_the_team(world):
    match = world["match"]
    home, _ = inducement_sides(match)

    offer = {i["slug"]: i for i in inducement_offer(home, match)}
    stars = {c["slug"]: c for c in offer["star_players"]["choices"]}

    assert stars["morg-n-thorg"]["price"] == 380_000
    assert stars["grak-and-crumbleberry"]["players"] == 2
    assert "count-luthor-von-drakenborg" not in stars  # Sylvanian Spotlight
    assert offer["star_players"]["max"] == 2


def test_hiring_two_stars_pays_both_fees(world):
    match = world["match"]

    record = buy(world, match.home_id, "Morg 'n' Thorg", "mighty-zug")

    assert record.total == 380_000 + 220_000
    assert [line["star_player"] for line in record.lines] == [
        "morg-n-thorg",
        "mighty-zug",
    ]
    assert Team.objects.get(pk=match.home_id).treasury == 1_000_000 - 600_000


@pytest.mark.parametrize(
    ("stars", "expected"),
    [
        (
            ["count-luthor-von-drakenborg"],
            [("star_not_eligible", "items.0.star_player")],
        ),
        (
            ["morg-n-thorg", "mighty-zug", "griff-oberwald"],
            [("star_player_limit", "items")],
        ),
        (
            ["mighty-zug", "mighty-zug"],
            [("duplicate_star_player", "items.1.star_player")],
        ),
        (["nobody"], [("unknown_star_player", "items.0.star_player")]),
    ],
)
def test_refused_hires_write_nothing(world, stars, expected):
    match = world["match"]
    before = snapshot()

    with pytest.raises(ServiceError) as exc_info:
        buy(world, match.home_id, *stars)

    assert codes(exc_info) == expected
    assert snapshot() == before


def test_stars_join_the_team_sheet_with_ids_above_every_player(world):
    match = world["match"]
    buy(world, match.home_id, "grak-and-crumbleberry")
    match = match_kick_off(match_id=match.pk)

    inputs = match_engine_inputs(match)
    home_extra, away_extra = inputs["mercenaries"]

    assert [(p.name, p.id, p.number) for p in home_extra] == [
        ("Grak", STAR_ID_BASE, 12),
        ("Crumbleberry", STAR_ID_BASE + 1, 13),
    ]
    assert away_extra == []


def test_a_star_both_teams_hired_plays_for_neither_and_both_pay(world):
    match = world["match"]
    buy(world, match.home_id, "mighty-zug", "morg-n-thorg")
    buy(world, match.away_id, "mighty-zug")
    match = match_kick_off(match_id=match.pk)

    home_extra, away_extra = match_engine_inputs(match)["mercenaries"]

    assert [p.name for p in home_extra] == ["Morg 'n' Thorg"]
    assert away_extra == []
    treasuries = dict(Team.objects.values_list("pk", "treasury"))
    assert treasuries[match.home_id] == 1_000_000 - 600_000
    assert treasuries[match.away_id] == 1_000_000 - 220_000


def test_stars_play_a_resolved_match_and_earn_nothing(world):
    match = world["match"]
    buy(world, match.home_id, "morg-n-thorg", "griff-oberwald")

    assert match_resolve(match_id=match.pk)

    match.refresh_from_db()
    result = match.result
    star_ids = {STAR_ID_BASE, STAR_ID_BASE + 1}
    assert not star_ids & {int(pid) for pid in result.player_stats}
    assert not any(c["player_id"] in star_ids for c in result.casualties)
    # the engine fielded them: they appear in the match's own events
    payloads = MatchEvent.objects.filter(match=match).values_list("payload", flat=True)
    mentioned = {
        value
        for payload in payloads
        for value in payload.values()
        if isinstance(value, int)
    }
    assert star_ids <= mentioned


# --- reports name the stars who played ----------------------------------------


def report_api(world, body):
    match = world["match"]
    return api_as(world["coaches"][match.home_id]).post(
        f"/api/matches/{match.pk}/report/", body, format="json"
    )


def test_a_report_credits_a_stars_touchdown_without_spp(world):
    match = world["match"]
    buy(world, match.home_id, "grak-and-crumbleberry")
    victim = Team.objects.get(pk=match.away_id).players.order_by("number").first()

    response = report_api(
        world,
        {
            "home_score": 1,
            "away_score": 0,
            "players": [{"star_player": "crumbleberry", "touchdowns": 1}],
            "casualties": [
                {
                    "player_id": victim.pk,
                    "inflicted_by_star": "grak",
                    "casualty_roll": 1,
                }
            ],
        },
    )

    assert response.status_code == 201, response.json()
    match.refresh_from_db()
    assert match.result.player_stats == {}
    (cas,) = match.result.casualties
    assert (cas["player_id"], cas["inflicted_by"]) == (victim.pk, None)
    events = {e.type: e.payload for e in MatchEvent.objects.filter(match=match)}
    assert events["report_star"]["star_player"] == "crumbleberry"
    assert events["report_star"]["touchdowns"] == 1
    assert events["report_star"]["team_id"] == match.home_id
    assert events["star_casualty"]["inflicted_by_star"] == "grak"


def test_a_star_hurt_in_a_report_is_waived(world):
    match = world["match"]
    buy(world, match.home_id, "mighty-zug")

    response = report_api(
        world,
        {
            "home_score": 0,
            "away_score": 0,
            "casualties": [{"star_player": "mighty-zug", "casualty_roll": 16}],
        },
    )

    assert response.status_code == 201, response.json()
    match.refresh_from_db()
    assert match.result.casualties == []
    assert (
        MatchEvent.objects.get(match=match, type="star_casualty").payload["star_player"]
        == "mighty-zug"
    )


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (  # the away team hired no star
            {
                "home_score": 0,
                "away_score": 1,
                "players": [{"star_player": "griff-oberwald", "touchdowns": 1}],
            },
            [
                ("unknown_star_player", "players.0.star_player"),
                ("score_mismatch", "away_score"),  # nobody else scored
            ],
        ),
        (  # hired by both: plays for neither
            {
                "home_score": 1,
                "away_score": 0,
                "players": [{"star_player": "mighty-zug", "touchdowns": 1}],
            },
            [
                ("unknown_star_player", "players.0.star_player"),
                ("score_mismatch", "home_score"),
            ],
        ),
        (
            {
                "home_score": 0,
                "away_score": 0,
                "players": [{"player_id": 1, "star_player": "morg-n-thorg"}],
            },
            [("one_player", "players.0.player_id")],
        ),
        (  # Morg cannot hurt a star of his own side
            {
                "home_score": 0,
                "away_score": 0,
                "casualties": [
                    {"star_player": "morg-n-thorg", "inflicted_by_star": "morg-n-thorg"}
                ],
            },
            [("own_team_casualty", "casualties.0.inflicted_by_star")],
        ),
    ],
)
def test_reports_naming_stars_who_did_not_play_are_refused(world, body, expected):
    match = world["match"]
    buy(world, match.home_id, "morg-n-thorg", "mighty-zug")
    buy(world, match.away_id, "mighty-zug")
    before = snapshot()

    response = report_api(world, body)

    assert response.status_code == 400
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == expected
    assert snapshot() == before
    assert not MatchEvent.objects.filter(match=match, type="report").exists()
