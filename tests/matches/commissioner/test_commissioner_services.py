"""The audited commissioner services behind the admin's actions: a reason is
required, only the league's commissioner acts, and a refusal writes nothing
(no change, no audit row)."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied

from league.errors import ServiceError
from league.models import LeagueEvent
from matches.commissioner.actions import (
    match_override_audited,
    match_postpone_audited,
    season_close_audited,
    season_resolve_audited,
    season_schedule_audited,
    team_redraft_approve,
)
from matches.models import Match, MatchEvent, Season, SeasonTeamArchive, TaskProgress
from matches.seasons.rollover import season_close
from matches.seasons.services import season_create, season_schedule
from tests.commissioner_world import World, shared_league
from tests.world import db_snapshot

# build_league's worlds, saved once per session (south's ids follow
# north's, so a test may load both)
saved_services_north, services_north = shared_league(
    "services_north", "nora", "bob", "Northern Cup", ("orc", "human")
)
saved_services_south, services_south = shared_league(
    "services_south",
    "sam",
    "carl",
    "Southern Cup",
    ("human", "dwarf"),
    after=["services_north"],
)


@pytest.fixture
def north(services_north) -> World:
    return services_north


@pytest.fixture
def south(services_south) -> World:
    return services_south


def state():
    return (
        db_snapshot(),
        list(Season.objects.order_by("pk").values_list("pk", "status")),
        list(
            Match.objects.order_by("pk").values_list(
                "pk", "round", "postponed", "status"
            )
        ),
        list(MatchEvent.objects.values_list("pk")),
        list(LeagueEvent.objects.values_list("pk")),
        list(TaskProgress.objects.values_list("pk")),
        list(SeasonTeamArchive.objects.values_list("pk", "redraft")),
    )


def calls(world: World, name: str):
    """The audited service ``name``, ready to call with an actor and a
    reason. The world's season is closed for the re-draft alone: a closed
    season's results are not overridden."""
    spring = season_create(league=world.league, name="Spring", seed=1)
    summer = season_create(league=world.league, name="Summer", seed=2)
    (fixture,) = season_schedule(season_id=summer.pk)
    if name == "redraft":
        season_close(season_id=world.season.pk, actor=world.commissioner)
    archive = SeasonTeamArchive.objects.filter(season=world.season).first()
    return {
        "schedule": lambda actor, reason: season_schedule_audited(
            season_id=spring.pk, actor=actor, reason=reason
        ),
        "resolve": lambda actor, reason: season_resolve_audited(
            season_id=summer.pk, scope="round", actor=actor, reason=reason
        ),
        "postpone": lambda actor, reason: match_postpone_audited(
            match_id=fixture.pk, to_round=None, actor=actor, reason=reason
        ),
        "override": lambda actor, reason: match_override_audited(
            match_id=world.match.pk,
            home_score=2,
            away_score=2,
            actor=actor,
            reason=reason,
        ),
        "redraft": lambda actor, reason: team_redraft_approve(
            archive_id=archive.pk, actor=actor, reason=reason
        ),
    }[name]


SERVICES = ["schedule", "resolve", "postpone", "override", "redraft"]


@pytest.mark.parametrize("name", SERVICES)
def test_a_blank_reason_is_refused_and_nothing_written(north, name):
    call = calls(north, name)
    before = state()
    with pytest.raises(ServiceError) as refused:
        call(north.commissioner, "  \n ")
    assert refused.value.as_dicts() == [
        {
            "code": "required",
            "field": "reason",
            "message": "say why (the reason is logged)",
        }
    ]
    assert state() == before


@pytest.mark.parametrize("name", SERVICES)
def test_another_commissioner_is_refused(north, south, name):
    call = calls(north, name)
    before = state()
    with pytest.raises(PermissionDenied):
        call(south.commissioner, "I run a league too")
    assert state() == before


@pytest.mark.parametrize("name", SERVICES)
def test_each_service_writes_one_audit_row_with_the_reason(north, name):
    call = calls(north, name)
    events = LeagueEvent.objects.filter(league=north.league)
    before = set(events.values_list("pk", flat=True))
    call(north.commissioner, "  the reason  ")
    (event,) = events.exclude(pk__in=before)
    assert event.payload["reason"] == "the reason"
    assert event.created_by == north.commissioner


def test_closing_is_refused_while_a_match_is_open(north):
    summer = season_create(league=north.league, name="Summer", seed=2)
    season_schedule(season_id=summer.pk)
    before = state()
    with pytest.raises(ServiceError) as refused:
        season_close_audited(season_id=summer.pk, actor=north.commissioner, reason="x")
    assert [v.code for v in refused.value.violations] == ["season_unfinished"]
    assert state() == before


def test_asking_again_while_resolving_logs_nothing_new(north):
    summer = season_create(league=north.league, name="Summer", seed=2)
    season_schedule(season_id=summer.pk)
    first, created = season_resolve_audited(
        season_id=summer.pk, scope="season", actor=north.commissioner, reason="go"
    )
    assert created
    again, created = season_resolve_audited(
        season_id=summer.pk, scope="season", actor=north.commissioner, reason="go"
    )
    assert (again.pk, created) == (first.pk, False)
    started = LeagueEvent.Type.SEASON_RESOLVE_STARTED
    assert LeagueEvent.objects.filter(type=started).count() == 1


def test_a_redraft_is_approved_once(north):
    season_close(season_id=north.season.pk, actor=north.commissioner)
    archive = SeasonTeamArchive.objects.filter(season=north.season).first()
    team_redraft_approve(archive_id=archive.pk, actor=north.commissioner, reason="ok")
    before = state()
    with pytest.raises(ServiceError) as refused:
        team_redraft_approve(
            archive_id=archive.pk, actor=north.commissioner, reason="again"
        )
    assert [v.code for v in refused.value.violations] == ["already_redrafted"]
    assert state() == before


@pytest.mark.parametrize(
    ("home", "away", "codes"),
    [
        # two halves of 8 team turns, one touchdown a turn at most
        (17, 0, [("implausible_stat", "home_score")]),
        (3, 17, [("implausible_stat", "away_score")]),
    ],
)
def test_an_impossible_score_is_refused(north, home, away, codes):
    before = state()
    with pytest.raises(ServiceError) as refused:
        match_override_audited(
            match_id=north.match.pk,
            home_score=home,
            away_score=away,
            actor=north.commissioner,
            reason="typo",
        )
    assert [(v.code, v.field) for v in refused.value.violations] == codes
    assert state() == before


@pytest.mark.parametrize(
    ("home", "away", "field"), [(-1, 0, "home_score"), (2, -3, "away_score")]
)
def test_a_negative_score_is_refused_on_its_field(north, home, away, field):
    before = state()
    with pytest.raises(ServiceError) as refused:
        match_override_audited(
            match_id=north.match.pk,
            home_score=home,
            away_score=away,
            actor=north.commissioner,
            reason="typo",
        )
    assert [(v.code, v.field) for v in refused.value.violations] == [
        ("min_value", field)
    ]
    assert state() == before


def test_another_commissioner_hears_no_more_than_a_refusal_of_a_negative_score(
    north, south
):
    # who may ask is settled before what is asked
    before = state()
    with pytest.raises(PermissionDenied):
        match_override_audited(
            match_id=north.match.pk,
            home_score=-1,
            away_score=0,
            actor=south.commissioner,
            reason="typo",
        )
    assert state() == before


def test_the_score_is_not_overridden_while_its_post_game_runs(north):
    # the post-game's steps read the score: half of them would see the old
    Match.objects.filter(pk=north.match.pk).update(status=Match.Status.POST_GAME)
    before = state()
    with pytest.raises(ServiceError) as refused:
        match_override_audited(
            match_id=north.match.pk,
            home_score=1,
            away_score=0,
            actor=north.commissioner,
            reason="typo",
        )
    assert [v.code for v in refused.value.violations] == ["postgame_running"]
    assert state() == before
