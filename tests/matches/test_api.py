"""Season and match endpoints: permissions, refusals, shapes."""

import pytest

from matches.models import Match, MatchEvent, MatchResult, Season, TaskProgress
from tests.factories import draft_team
from tests.league.conftest import api_as


@pytest.fixture
def four_teams(sevens, bob, charlie):
    return [
        draft_team(sevens, coach, roster=roster, name=name)
        for coach, roster, name in [
            (bob, "orc", "Orcs"),
            (charlie, "human", "Humans"),
            (bob, "dwarf", "Dwarfs"),
            (charlie, "skaven", "Rats"),
        ]
    ]


@pytest.fixture
def season(sevens, four_teams, alice):
    response = api_as(alice).post(
        "/api/seasons/",
        {"league": sevens.pk, "name": "Spring", "seed": 7},
        format="json",
    )
    assert response.status_code == 201, response.json()
    return Season.objects.get(pk=response.json()["id"])


def test_only_the_commissioner_creates_and_schedules_seasons(sevens, four_teams, bob):
    response = api_as(bob).post(
        "/api/seasons/", {"league": sevens.pk, "name": "X"}, format="json"
    )
    assert response.status_code == 403
    assert Season.objects.count() == 0


def test_schedule_creates_the_round_robin(season, alice, client):
    response = api_as(alice).post(f"/api/seasons/{season.pk}/schedule/")

    assert response.status_code == 201
    assert len(response.json()) == 6
    rounds = client.get(f"/api/seasons/{season.pk}/matches/?round=1").json()["results"]
    assert len(rounds) == 2
    again = api_as(alice).post(f"/api/seasons/{season.pk}/schedule/")
    assert again.status_code == 400
    assert again.json()["errors"][0]["code"] == "already_scheduled"
    assert Match.objects.count() == 6


def test_a_coach_cannot_schedule(season, bob):
    assert api_as(bob).post(f"/api/seasons/{season.pk}/schedule/").status_code == 403
    assert Match.objects.count() == 0


@pytest.mark.django_db(transaction=True)
def test_report_then_standings_and_events(django_user_model):
    # transaction=True: the post-game sequence starts on commit, as in production
    from tests.factories import LeagueFactory, UserFactory

    commissioner, home_coach = UserFactory(username="ann"), UserFactory(username="ben")
    league = LeagueFactory(name="Cup", format="sevens", commissioner=commissioner)
    home = draft_team(league, home_coach, roster="orc", name="Home")
    away = draft_team(league, commissioner, roster="human", name="Away")
    season = Season.objects.get(
        pk=api_as(commissioner)
        .post(
            "/api/seasons/",
            {"league": league.pk, "name": "S", "seed": 3},
            format="json",
        )
        .json()["id"]
    )
    api_as(commissioner).post(f"/api/seasons/{season.pk}/schedule/")
    match = Match.objects.get(season=season)
    scorer = (home if match.home_id == home.pk else away).players.get(number=1)
    body = {
        "home_score": 1 if match.home_id == scorer.team_id else 0,
        "away_score": 0 if match.home_id == scorer.team_id else 1,
        "players": [{"player_id": scorer.pk, "touchdowns": 1}],
        "casualties": [],
    }

    response = api_as(home_coach).post(
        f"/api/matches/{match.pk}/report/", body, format="json"
    )

    assert response.status_code == 201, response.json()
    match.refresh_from_db()
    assert (match.status, match.mode, match.postgame_step) == (
        "complete",
        "recorded",
        "done",
    )
    standings = api_as(None).get(f"/api/seasons/{season.pk}/standings/").json()["rows"]
    loser = ({home.pk, away.pk} - {scorer.team_id}).pop()
    assert [(r["team"], r["points"], r["won"], r["lost"]) for r in standings] == [
        (scorer.team_id, 3, 1, 0),
        (loser, 0, 0, 1),
    ]
    events = api_as(None).get(
        f"/api/matches/{match.pk}/events/?type=report,postgame_winnings"
    )
    types = [e["type"] for e in events.json()]
    assert types == ["report", "postgame_winnings"]
    second = api_as(home_coach).post(
        f"/api/matches/{match.pk}/report/", body, format="json"
    )
    assert second.status_code == 400
    assert second.json()["errors"][0]["code"] == "already_reported"
    assert MatchResult.objects.count() == 1


def test_an_outsider_cannot_report(season, alice, dave):
    api_as(alice).post(f"/api/seasons/{season.pk}/schedule/")
    match = Match.objects.filter(season=season).first()

    response = api_as(dave).post(
        f"/api/matches/{match.pk}/report/",
        {"home_score": 0, "away_score": 0},
        format="json",
    )

    assert response.status_code == 403
    match.refresh_from_db()
    assert match.status == "scheduled"
    assert MatchEvent.objects.count() == 0


def test_resolve_returns_202_with_a_progress_url(season, alice, client):
    api_as(alice).post(f"/api/seasons/{season.pk}/schedule/")

    response = api_as(alice).post(
        f"/api/seasons/{season.pk}/resolve/", {"scope": "round"}, format="json"
    )

    assert response.status_code == 202
    body = response.json()
    assert (body["kind"], body["total"]) == ("resolve_round", 2)
    progress = client.get(body["url"]).json()
    assert (progress["total"], progress["id"]) == (2, body["id"])
    assert TaskProgress.objects.count() == 1


def test_resolve_refusals(season, alice, bob):
    assert api_as(bob).post(f"/api/seasons/{season.pk}/resolve/").status_code == 403
    response = api_as(alice).post(
        f"/api/seasons/{season.pk}/resolve/", {"scope": "decade"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "scope"
    nothing = api_as(alice).post(f"/api/seasons/{season.pk}/resolve/")
    assert nothing.json()["errors"][0]["code"] == "nothing_to_resolve"
    assert TaskProgress.objects.count() == 0


def test_postpone_moves_a_match_to_a_new_round(season, alice):
    api_as(alice).post(f"/api/seasons/{season.pk}/schedule/")
    match = Match.objects.filter(season=season, round=1).first()

    response = api_as(alice).post(
        f"/api/matches/{match.pk}/postpone/", {}, format="json"
    )

    assert response.status_code == 200
    assert (response.json()["round"], response.json()["postponed"]) == (4, True)
    # every team plays every round of a 4-team round robin
    clash = Match.objects.filter(
        season=season, round=2, home=match.home_id
    ).first() or (Match.objects.get(season=season, round=2, away=match.home_id))
    refused = api_as(alice).post(
        f"/api/matches/{clash.pk}/postpone/", {"round": 4}, format="json"
    )
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["code"] == "team_busy"
    clash.refresh_from_db()
    assert (clash.round, clash.postponed) == (2, False)


def test_override_needs_the_commissioner_and_a_reason(season, alice, bob):
    api_as(alice).post(f"/api/seasons/{season.pk}/schedule/")
    match = Match.objects.filter(season=season).first()
    body = {"home_score": 2, "away_score": 0, "reason": "opponent fielded 12 players"}
    refused = api_as(alice).post(
        f"/api/matches/{match.pk}/override/", body, format="json"
    )
    assert refused.json()["errors"][0]["code"] == "not_played"
    assert (
        api_as(bob)
        .post(f"/api/matches/{match.pk}/override/", body, format="json")
        .status_code
        == 403
    )
