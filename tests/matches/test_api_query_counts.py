"""The season and match lists read a fixed number of queries whatever their
length: the same bound for 2 or 3 rows as for 20 or more (no query per
season's teams, per match's teams or result)."""

from __future__ import annotations

import pytest

from matches.models import Match, Season
from matches.postgame.sequence import postgame_run_current_step
from matches.reports.lines import Report
from matches.reports.report import match_submit_report
from matches.seasons.services import season_create
from tests.factories import LeagueFactory, UserFactory, draft_team
from tests.league.conftest import api_as
from tests.world import SEVENS_TEAMS, scheduled_season

# count, page, and the seasons' teams prefetched
LIST_QUERIES = 3


@pytest.fixture(params=[3, 7], ids=["3-teams", "7-teams"])
def played(request, alice, settings):
    """A Sevens season of ``n`` teams, every match reported 0-0 by the
    commissioner and its post-game run (3 matches for 3 teams, 21 for 7),
    and ``n`` seasons in the league."""
    settings.PAGE_CACHE = False
    n = request.param
    league = LeagueFactory(name="Counted", format="sevens", commissioner=alice)
    rosters = [*SEVENS_TEAMS, ("human", "Middenheim Marauders")]
    teams = [
        draft_team(league, UserFactory(username=f"c{i}"), roster=roster, name=name)
        for i, (roster, name) in enumerate(rosters[:n])
    ]
    season = scheduled_season(league, teams)
    for match in season.matches.all():
        match_submit_report(match_id=match.pk, report=Report(0, 0), actor=alice)
        while postgame_run_current_step(match_id=match.pk) != "done":
            pass
    for i in range(n - 1):
        season_create(league=league, name=f"Next {i}")
    return {"n": n, "season": season, "league": league}


@pytest.mark.parametrize("reader", ["anonymous", "commissioner"])
def test_the_season_list_reads_as_many_queries_for_7_seasons_as_for_3(
    played, alice, reader, django_assert_max_num_queries
):
    client = api_as(alice if reader == "commissioner" else None)

    with django_assert_max_num_queries(LIST_QUERIES):
        response = client.get(f"/api/seasons/?league={played['league'].pk}")

    assert response.json()["count"] == played["n"]


@pytest.mark.parametrize("reader", ["anonymous", "commissioner"])
def test_the_fixture_list_reads_as_many_queries_for_21_results_as_for_3(
    played, alice, reader, django_assert_max_num_queries
):
    client = api_as(alice if reader == "commissioner" else None)
    season = played["season"]

    with django_assert_max_num_queries(LIST_QUERIES):
        response = client.get(f"/api/seasons/{season.pk}/matches/")

    results = response.json()["results"]
    n = played["n"]
    assert len(results) == n * (n - 1) // 2
    assert all(m["result"]["home_score"] == 0 for m in results)
    assert Match.objects.filter(season=season, postgame_step="done").count() == len(
        results
    )
    assert Season.objects.filter(league=played["league"]).count() == n
