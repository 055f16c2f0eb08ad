"""The engine's forecasts in the REST API, as the pages show them: a
fixture's chances (in whole percent summing to 100), expected score and
casualties, what the underdog was given, whether a roster changed since; a
season's progress (how many fixtures left have one) and its predicted final
table. Read by anyone, as the match is; a 404 in the error shape for a match
without one."""

from __future__ import annotations

import pytest

from league.services.teams import team_buy
from matches.forecasts.services import match_forecast_inputs
from matches.models import Match, MatchForecast, Season
from matches.reports.report import match_submit_report
from matches.seasons.services import season_create, season_schedule
from tests.matches.conftest import one_match, score_report
from tests.world import api_as, sevens_teams

# 60 games: 27 home wins, 13 draws, 20 away wins
STORED = {
    "games": 60,
    "home_win": 27 / 60,
    "draw": 13 / 60,
    "away_win": 20 / 60,
    "home_td": 1.5,
    "away_td": 0.75,
    "home_cas": 2.25,
    "away_cas": 1.0,
    "seconds": 3.2,
}
UNDERDOG = {"petty_cash": 100_000, "extra_team_training": 1, "prayers": 1}


def store(match: Match, **values) -> MatchForecast:
    """A forecast of the rosters as they stand now."""
    match = Match.objects.select_related("season", "home", "away").get(pk=match.pk)
    return MatchForecast.objects.create(
        match=match,
        rosters_key=match_forecast_inputs(match).key,
        inducements={"home": {}, "away": UNDERDOG},
        **{**STORED, **values},
    )


def url(match: Match) -> str:
    return f"/api/matches/{match.pk}/forecast/"


def errors(response) -> list[tuple[str, str | None, str]]:
    assert response["Content-Type"] == "application/json"
    return [(e["code"], e["field"], e["message"]) for e in response.json()["errors"]]


@pytest.fixture
def fixture(eleven, humans, orcs):
    return one_match(eleven, humans, orcs)


def test_a_fixtures_forecast_reads_as_its_page_shows_it(fixture, bob):
    stored = store(fixture)

    response = api_as(bob).get(url(fixture))

    assert response.status_code == 200
    body = response.json()
    assert body.pop("computed_at").startswith(str(stored.computed_at.date()))
    assert body == {
        "match": fixture.pk,
        "status": "current",
        "games": 60,
        "chances": {"home_win": 0.45, "draw": 13 / 60, "away_win": 20 / 60},
        # 45, 21.67, 33.33: the floors sum to 99, and the largest remainder
        # (the draw's .67) is rounded up
        "percents": {"home_win": 45, "draw": 22, "away_win": 33},
        "score_name": "touchdowns",
        "expected_score": {"home": 1.5, "away": 0.75},
        "expected_casualties": {"home": 2.25, "away": 1.0},
        "inducements": {"home": {}, "away": UNDERDOG},
    }


def test_a_roster_change_marks_it_out_of_date_until_played_again(fixture, orcs):
    store(fixture)

    team_buy(team_id=orcs.pk, item="rerolls")
    body = api_as(None).get(url(fixture)).json()

    assert body["status"] == "out_of_date"
    assert body["percents"] == {"home_win": 45, "draw": 22, "away_win": 33}


def test_anyone_reads_it_as_anyone_reads_the_match(fixture, dave):
    store(fixture)

    for user in (None, dave):
        assert api_as(user).get(f"/api/matches/{fixture.pk}/").status_code == 200
        assert api_as(user).get(url(fixture)).status_code == 200
    # a read only: no write to it, by anyone
    assert api_as(None).post(url(fixture)).status_code == 401
    refused = api_as(dave).post(url(fixture))
    assert refused.status_code == 405
    assert errors(refused)[0][0] == "method_not_allowed"
    assert MatchForecast.objects.get().games == 60


def test_a_fixture_without_a_forecast_is_a_json_404(fixture):
    response = api_as(None).get(url(fixture))

    assert response.status_code == 404
    assert errors(response) == [
        (
            "no_forecast",
            None,
            "no forecast yet: the engine plays each fixture within minutes of "
            "its scheduling (GET /api/seasons/{id}/forecasts/ says how many "
            "are ready)",
        )
    ]


def test_a_match_no_longer_to_play_has_none(fixture):
    store(fixture)
    Match.objects.filter(pk=fixture.pk).update(status=Match.Status.COMPLETE)

    response = api_as(None).get(url(fixture))

    assert response.status_code == 404
    assert errors(response) == [
        ("no_forecast", None, "only a fixture still to play has a forecast")
    ]


@pytest.mark.django_db
def test_no_such_match_is_the_usual_404():
    response = api_as(None).get("/api/matches/999999/forecast/")

    assert response.status_code == 404
    assert errors(response) == [("not_found", None, "Not found.")]


def test_a_blitz_bowl_forecast_is_in_points_without_casualties(alice, bob, charlie):
    from league.services.card_teams import team_draft_card
    from league.services.leagues import league_create
    from tests.factories import make_member

    league = league_create(commissioner=alice, name="Blitz Odds", format="blitz-bowl")
    make_member(league, bob, charlie)
    home = team_draft_card(league=league, coach=bob, name="Hammers", card="dwarf")
    away = team_draft_card(league=league, coach=charlie, name="Boyz", card="orc")
    match = one_match(league, home, away)
    store(match, home_td=9.5, away_td=7.25, home_cas=0.0, away_cas=0.0)

    body = api_as(None).get(url(match)).json()

    assert body["status"] == "current"
    assert body["score_name"] == "points"
    assert body["expected_score"] == {"home": 9.5, "away": 7.25}
    assert body["expected_casualties"] is None


# --- a season's forecasts: progress, then the predicted table --------------------


@pytest.fixture
def season(sevens, bob, charlie):
    """Three Sevens teams, a round robin: three fixtures (one bye a round)."""
    teams = sevens_teams(sevens, [bob, charlie], 3)
    season = season_create(
        league=sevens, name="Spring", team_ids=[t.pk for t in teams], seed=5
    )
    season_schedule(season_id=season.pk)
    return season


def forecasts(season: Season) -> dict:
    response = api_as(None).get(f"/api/seasons/{season.pk}/forecasts/")
    assert response.status_code == 200
    return response.json()


def test_a_season_says_how_many_fixtures_left_have_their_forecast(season):
    first, second, third = season.matches.order_by("round", "pk")
    store(first)

    body = forecasts(season)

    assert (body["fixtures_left"], body["forecasts_ready"]) == (3, 1)
    assert body["complete"] is False
    assert body["predicted_table"] == []
    assert [
        (f["match"], f["round"], f["home"], f["away"], f["percents"])
        for f in body["fixtures"]
    ] == [
        (
            first.pk,
            first.round,
            first.home_id,
            first.away_id,
            {
                "home_win": 45,
                "draw": 22,
                "away_win": 33,
            },
        ),
        (second.pk, second.round, second.home_id, second.away_id, None),
        (third.pk, third.round, third.home_id, third.away_id, None),
    ]


def test_once_every_fixture_left_is_forecast_the_table_is_predicted(season):
    # given certain results: each fixture's home team always wins
    for match in season.matches.all():
        store(match, home_win=1.0, draw=0.0, away_win=0.0)
    homes = list(season.matches.values_list("home_id", flat=True))
    wins = {t.pk: 3 * homes.count(t.pk) for t in season.teams.all()}

    # when
    body = forecasts(season)

    # then each team ends on 3 points a home fixture, exactly (3-1-0)
    assert (body["fixtures_left"], body["forecasts_ready"]) == (3, 3)
    assert body["complete"] is True
    table = body["predicted_table"]
    assert [r["position"] for r in table] == [1, 2, 3]
    assert {r["team"]: r["expected_points"] for r in table} == wins
    assert all(r["points_now"] == 0 for r in table)
    assert sum(r["first"] for r in table) == pytest.approx(1.0)
    names = dict(season.teams.values_list("pk", "name"))
    assert all(r["team_name"] == names[r["team"]] for r in table)


@pytest.mark.django_db
def test_no_such_season_is_the_usual_404():
    response = api_as(None).get("/api/seasons/999999/forecasts/")

    assert response.status_code == 404
    assert errors(response) == [("not_found", None, "Not found.")]


def test_a_fixture_with_a_result_is_not_counted_again_in_the_prediction(season, alice):
    # given certain forecasts for every fixture, then the first one reported
    # (its post-game still to run: the standings count it already)
    for match in season.matches.all():
        store(match, home_win=1.0, draw=0.0, away_win=0.0)
    first, *rest = season.matches.order_by("round", "pk")
    match_submit_report(
        match_id=first.pk, report=score_report(first, 1, 0), actor=alice
    )
    first.refresh_from_db()
    assert first.status == Match.Status.PLAYED

    body = forecasts(season)

    # then it is no fixture left, and its home team's win counts once
    assert (body["fixtures_left"], body["forecasts_ready"]) == (2, 2)
    assert [f["match"] for f in body["fixtures"]] == [m.pk for m in rest]
    homes = [m.home_id for m in season.matches.all()]
    wins = {t.pk: 3 * homes.count(t.pk) for t in season.teams.all()}
    table = body["predicted_table"]
    assert {r["team"]: r["expected_points"] for r in table} == wins
    assert {r["team"]: r["points_now"] for r in table}[first.home_id] == 3
