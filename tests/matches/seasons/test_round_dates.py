"""Round dates and report deadlines: the service and its API endpoint."""

from __future__ import annotations

from datetime import date

import pytest
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction

from league.errors import ServiceError
from league.page_cache import is_cache_bump
from matches.models import RoundSchedule, Season
from matches.seasons.round_dates import RoundDates, season_set_round_dates
from matches.seasons.services import season_create, season_schedule
from tests.matches.conftest import codes, db_state
from tests.world import api_as


@pytest.fixture
def season(sevens, four_teams):
    """Four teams, three rounds (round robin), scheduled."""
    season = season_create(league=sevens, name="Spring", seed=3)
    season_schedule(season_id=season.pk)
    return season


def rows(season):
    return list(
        RoundSchedule.objects.filter(season=season)
        .order_by("stage", "round")
        .values_list("stage", "round", "date", "deadline")
    )


def test_it_sets_a_date_and_a_deadline_for_each_round_given(
    season, alice, django_capture_on_commit_callbacks
):
    # when
    with django_capture_on_commit_callbacks() as callbacks:
        saved = season_set_round_dates(
            season_id=season.pk,
            rounds=[
                RoundDates("league", 1, date(2026, 12, 1), date(2026, 12, 4)),
                RoundDates("league", 2, date(2026, 12, 8)),
            ],
            actor=alice,
        )

    # then
    assert rows(season) == [
        ("league", 1, date(2026, 12, 1), date(2026, 12, 4)),
        ("league", 2, date(2026, 12, 8), None),
    ]
    assert [(r.round, r.date) for r in saved] == [
        (1, date(2026, 12, 1)),
        (2, date(2026, 12, 8)),
    ]
    # and the league's pages are built again once it commits
    assert [c for c in callbacks if is_cache_bump(c)]


def test_setting_again_changes_the_rounds_given_and_keeps_the_others(season, alice):
    # given two rounds with dates
    season_set_round_dates(
        season_id=season.pk,
        rounds=[
            RoundDates("league", 1, date(2026, 12, 1), date(2026, 12, 4)),
            RoundDates("league", 2, date(2026, 12, 8), date(2026, 12, 9)),
        ],
        actor=alice,
    )

    # when round 1 is cleared, round 2 is not mentioned and round 3 is set
    season_set_round_dates(
        season_id=season.pk,
        rounds=[
            RoundDates("league", 1, None),
            RoundDates("league", 3, date(2026, 12, 15), date(2026, 12, 15)),
        ],
        actor=alice,
    )

    # then
    assert rows(season) == [
        ("league", 2, date(2026, 12, 8), date(2026, 12, 9)),
        ("league", 3, date(2026, 12, 15), date(2026, 12, 15)),
    ]


def test_every_bad_line_is_refused_by_name_and_nothing_is_written(season, alice):
    # given round 1 already has a date
    season_set_round_dates(
        season_id=season.pk,
        rounds=[RoundDates("league", 1, date(2026, 12, 1))],
        actor=alice,
    )
    before = db_state()

    # when a good line comes with four bad ones
    with pytest.raises(ServiceError) as exc:
        season_set_round_dates(
            season_id=season.pk,
            rounds=[
                RoundDates("league", 2, date(2026, 12, 8)),
                RoundDates("league", 4, date(2026, 12, 22)),
                RoundDates("league", 3, date(2026, 12, 15), date(2026, 12, 14)),
                RoundDates("league", 2, None, date(2026, 12, 9)),
                RoundDates("playoff", 1, date(2027, 1, 5)),
            ],
            actor=alice,
        )

    # then each is named, and nothing changed (not even the good line)
    assert codes(exc) == [
        ("unknown_round", "rounds.1.round"),
        ("deadline_before_date", "rounds.2.deadline"),
        ("duplicate_round", "rounds.3.round"),
        ("deadline_without_date", "rounds.3.date"),
        ("unknown_round", "rounds.4.round"),
    ]
    assert exc.value.violations[1].message == (
        "the deadline (14 Dec 2026) is before the round's date (15 Dec 2026)"
    )
    assert exc.value.violations[4].message == "the season has no playoff round 1"
    assert db_state() == before


def test_an_unknown_stage_is_refused(season, alice):
    before = db_state()

    with pytest.raises(ServiceError) as exc:
        season_set_round_dates(
            season_id=season.pk,
            rounds=[RoundDates("friendly", 1, date(2026, 12, 1))],
            actor=alice,
        )

    assert codes(exc) == [("unknown_stage", "rounds.0.stage")]
    assert db_state() == before


def test_only_the_commissioner_sets_round_dates(season, bob):
    before = db_state()

    with pytest.raises(PermissionDenied):
        season_set_round_dates(
            season_id=season.pk,
            rounds=[RoundDates("league", 1, date(2026, 12, 1))],
            actor=bob,
        )

    assert db_state() == before


def test_a_closed_seasons_dates_are_history(season, alice):
    Season.objects.filter(pk=season.pk).update(status=Season.Status.CLOSED)
    before = db_state()

    with pytest.raises(ServiceError) as exc:
        season_set_round_dates(
            season_id=season.pk,
            rounds=[RoundDates("league", 1, date(2026, 12, 1))],
            actor=alice,
        )

    assert codes(exc) == [("season_closed", None)]
    assert db_state() == before


def test_the_database_refuses_a_deadline_before_the_date_and_a_second_row(season):
    with pytest.raises(IntegrityError), transaction.atomic():
        RoundSchedule.objects.create(
            season=season, round=1, date=date(2026, 12, 2), deadline=date(2026, 12, 1)
        )
    RoundSchedule.objects.create(season=season, round=1, date=date(2026, 12, 2))
    with pytest.raises(IntegrityError), transaction.atomic():
        RoundSchedule.objects.create(season=season, round=1, date=date(2026, 12, 9))


# --- the API ---------------------------------------------------------------------


def test_the_api_sets_and_lists_round_dates(season, alice, dave):
    url = f"/api/seasons/{season.pk}/round-dates/"

    response = api_as(alice).post(
        url,
        {
            "rounds": [
                {"round": 2, "date": "2026-12-08", "deadline": "2026-12-10"},
                {"stage": "league", "round": 1, "date": "2026-12-01"},
            ]
        },
        format="json",
    )

    assert response.status_code == 200, response.json()
    expected = [
        {"stage": "league", "round": 1, "date": "2026-12-01", "deadline": None},
        {"stage": "league", "round": 2, "date": "2026-12-08", "deadline": "2026-12-10"},
    ]
    assert response.json() == expected
    # and anyone may read them
    assert api_as(dave).get(url).json() == expected


def test_the_api_refuses_with_the_line_and_field(season, alice):
    before = db_state()

    response = api_as(alice).post(
        f"/api/seasons/{season.pk}/round-dates/",
        {"rounds": [{"round": 1, "date": "2026-12-08", "deadline": "2026-12-01"}]},
        format="json",
    )

    assert response.status_code == 400
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [
        ("deadline_before_date", "rounds.0.deadline")
    ]
    assert db_state() == before


def test_the_api_refuses_a_malformed_date(season, alice):
    before = db_state()

    response = api_as(alice).post(
        f"/api/seasons/{season.pk}/round-dates/",
        {"rounds": [{"round": 1, "date": "8 December"}]},
        format="json",
    )

    assert response.status_code == 400
    assert [e["field"] for e in response.json()["errors"]] == ["rounds.0.date"]
    assert db_state() == before


def test_the_last_day_of_the_calendar_is_refused_and_the_feed_still_serves(
    season, alice, client
):
    # given 31 Dec 9999, the last day a date holds: an all-day event on it
    # would end the day after, which no date is (the league's calendar
    # answered 500 for every subscriber)
    before = db_state()

    response = api_as(alice).post(
        f"/api/seasons/{season.pk}/round-dates/",
        {
            "rounds": [
                {"round": 1, "date": "9999-12-31"},
                {"round": 2, "date": "9999-12-30", "deadline": "9999-12-31"},
            ]
        },
        format="json",
    )

    assert response.status_code == 400
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [
        ("date_out_of_range", "rounds.0.date"),
        ("date_out_of_range", "rounds.1.deadline"),
    ]
    assert db_state() == before
    # and the day before it is a date like any other
    season_set_round_dates(
        season_id=season.pk,
        rounds=[RoundDates("league", 1, date(9999, 12, 30), date(9999, 12, 30))],
        actor=alice,
    )
    feed = client.get(f"/leagues/{season.league_id}/fixtures.ics")
    assert feed.status_code == 200
    assert "DTEND;VALUE=DATE:99991231" in feed.content.decode()


@pytest.mark.parametrize("who", ["bob", "dave"])
def test_only_the_commissioner_may_post_round_dates(season, who, request):
    before = db_state()

    response = api_as(request.getfixturevalue(who)).post(
        f"/api/seasons/{season.pk}/round-dates/",
        {"rounds": [{"round": 1, "date": "2026-12-01"}]},
        format="json",
    )

    assert response.status_code == 403
    assert db_state() == before


def test_the_round_dates_endpoint_is_in_the_schema():
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    item = schema["paths"]["/api/seasons/{season_id}/round-dates/"]
    body = item["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert body == {"$ref": "#/components/schemas/RoundDatesInputRequest"}
    line = schema["components"]["schemas"]["RoundDatesLineRequest"]
    assert set(line["properties"]) == {"stage", "round", "date", "deadline"}
    assert line["required"] == ["date", "round"]
    assert item["get"]["responses"]["200"]["content"]["application/json"]["schema"] == {
        "type": "array",
        "items": {"$ref": "#/components/schemas/RoundDatesOutput"},
    }
