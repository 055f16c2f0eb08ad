"""The queues in the production shape, with real Celery workers on Redis and
PostgreSQL: forecasts go to a queue of their own, so a match resolve never
waits behind them."""

import re
import time

import pytest

from matches.models import Match, MatchForecast
from matches.seasons.services import season_create, season_schedule
from matches.tasks import match_forecast_task, match_resolve_task
from tests.factories import LeagueFactory, UserFactory, draft_team
from tests.matches.conftest import wait_for

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

ROSTERS = ("orc", "human", "skaven", "dwarf", "wood-elf", "lizardmen")
# Few games a forecast, so that the forecasts queued first are many engine
# games in all, yet one forecast takes seconds, not minutes.
FORECAST_GAMES = "4"


def sevens_season():
    """Six Sevens teams, a scheduled single round robin (15 fixtures)."""
    alice = UserFactory(username="alice")
    coaches = [UserFactory(username=u) for u in ("bob", "charlie")]
    league = LeagueFactory(name="Queue League", format="sevens", commissioner=alice)
    for i, roster in enumerate(ROSTERS):
        draft_team(league, coaches[i % 2], roster=roster, name=f"Queue {roster}")
    season = season_create(league=league, name="Season", seed=4242)
    season_schedule(season_id=season.pk)
    return season


def test_a_resolve_finishes_while_the_forecasts_queued_before_it_wait(
    celery_workers,
):
    # given the production shape: a worker on the default and engine queues,
    # and a forecast worker on the forecast queue alone
    env = {"FORECAST_GAMES": FORECAST_GAMES}
    engine_worker = celery_workers.start(env=env, queues=("default", "engine"))
    forecast_worker = celery_workers.start(env=env, queues=("forecast",))
    season = sevens_season()
    first, *rest = season.matches.order_by("round", "pk")
    assert len(rest) == 14

    # when fourteen forecasts are queued, then one resolve
    for match in rest:
        match_forecast_task.delay(match.pk)
    queued = time.monotonic()
    match_resolve_task.delay(first.pk)

    # then the resolve (and its post-game) is done while most forecasts
    # are still waiting: it never queued behind them
    def resolved():
        """the resolved match is complete"""
        return Match.objects.filter(pk=first.pk, status="complete").exists()

    wait_for(resolved, timeout=120)
    took = time.monotonic() - queued
    forecast_done = MatchForecast.objects.filter(match__in=rest).count()
    assert forecast_done < len(rest), f"resolved after {took:.1f} s"

    # the forecast worker does compute them
    def forecast_stored():
        """a forecast is stored"""
        return MatchForecast.objects.filter(match__in=rest).exists()

    wait_for(forecast_stored, timeout=120)
    assert set(MatchForecast.objects.values_list("games", flat=True)) == {4}
    # and each worker took only its own queues' tasks
    celery_workers.stop_all()
    assert received(celery_workers.log(forecast_worker)) == {
        "matches.tasks.match_forecast_task"
    }
    assert "matches.tasks.match_forecast_task" not in received(
        celery_workers.log(engine_worker)
    )
    assert {
        "matches.tasks.match_resolve_task",
        "matches.tasks.postgame_advance_task",
    } <= received(celery_workers.log(engine_worker))


def received(log: bytes) -> set[str]:
    """The names of the tasks a worker's log says it received."""
    return set(re.findall(r"Task (\S+)\[[^\]]+\] received", log.decode()))
