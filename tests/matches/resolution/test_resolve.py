"""Resolving matches with the engine: one match, its replay, and whole
seasons in eager mode."""

import json
from datetime import timedelta

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from league.errors import ServiceError
from league.models import Player, Team, TreasuryEntry
from league.page_cache import is_cache_bump
from matches.engine_bridge import engine_play
from matches.models import (
    Match,
    MatchEvent,
    MatchResult,
    RosterSnapshot,
    Season,
    TaskProgress,
)
from matches.prematch.kickoff import match_snapshots
from matches.resolution.progress import (
    match_resolve_start,
    progress_counts,
    progresses_waiting_on,
    season_resolve_next,
    season_resolve_start,
)
from matches.resolution.resolve import match_resolve
from matches.resolution.sweep import matches_stuck
from matches.seasons.selectors import season_standings
from matches.seasons.services import season_create, season_schedule
from matches.tasks import match_resolve_task, postgame_advance_task, season_resolve_task
from tests.factories import LeagueFactory, draft_team
from tests.matches.conftest import codes, db_state, one_match


def as_json(value):
    return json.loads(json.dumps(value))


def all_events(match):
    return list(
        MatchEvent.objects.filter(match=match)
        .order_by("seq")
        .values_list("seq", "type", "payload")
    )


def world_state(match):
    return (db_state(), all_events(match))


def test_a_resolved_match_stores_its_result_every_engine_event_and_snapshots(
    eleven, humans, orcs, django_capture_on_commit_callbacks
):
    # given a scheduled BB2020 match
    match = one_match(eleven, humans, orcs, seed=2025)

    # when the task resolves it (and its post-game runs on commit)
    with django_capture_on_commit_callbacks(execute=True):
        match_resolve_task(match.pk)

    # then one resolved result, exactly what the engine plays from the
    # frozen rosters and the match's seed
    match.refresh_from_db()
    assert (match.status, match.mode, match.postgame_step) == (
        "complete",
        "resolved",
        "done",
    )
    assert RosterSnapshot.objects.filter(match=match).count() == 2
    home_snap, away_snap = match_snapshots(match)
    assert (home_snap["team_id"], away_snap["team_id"]) == (humans.pk, orcs.pk)
    engine_result, engine_events = engine_play(
        format_slug="bb2020", home=home_snap, away=away_snap, seed=match.seed
    )
    (result,) = MatchResult.objects.filter(match=match)
    assert (
        result.mode,
        result.home_score,
        result.away_score,
        result.home_fan_factor,
        result.away_fan_factor,
        result.submitted_by_id,
    ) == (
        "resolved",
        engine_result.score[0],
        engine_result.score[1],
        engine_result.fan_factor[0],
        engine_result.fan_factor[1],
        None,
    )
    assert result.summary == as_json(engine_result.to_dict())
    assert len(result.casualties) == len(
        [c for c in engine_result.casualties if not c.regenerated]
    )
    # every engine event, in order, numbered 0..n-1, then the casualty dice,
    # then the post-game
    events = all_events(match)
    assert len(engine_events) > 100
    assert [seq for seq, _, _ in events] == list(range(len(events)))
    stored = events[: len(engine_events)]
    assert [(t, p) for _, t, p in stored] == [
        (e["type"], as_json({k: v for k, v in e.items() if k != "type"}))
        for e in engine_events
    ]
    after = [t for _, t, _ in events[len(engine_events) :]]
    assert after[: len(result.casualties)] == ["casualty_roll"] * len(result.casualties)
    assert after[len(result.casualties)] == "postgame_outcome"
    # Expensive Mistakes and the team value wait for each team's post-game
    # to end (matches.postgame.end)
    assert "postgame_expensive_mistakes" not in after
    assert "postgame_team_value" not in after
    # the winnings follow the engine's Fan Factor and score
    attendance = result.home_fan_factor + result.away_fan_factor
    assert list(
        TreasuryEntry.objects.filter(reason="winnings")
        .order_by("pk")
        .values_list("team_id", "amount")
    ) == [
        (humans.pk, 5_000 * attendance + 10_000 * result.home_score),
        (orcs.pk, 5_000 * attendance + 10_000 * result.away_score),
    ]


def test_resolving_a_resolved_match_again_changes_nothing(
    sevens, bob, charlie, django_capture_on_commit_callbacks
):
    # given a resolved match
    home = draft_team(sevens, charlie, roster="human", name="H")
    away = draft_team(sevens, bob, roster="orc", name="O")
    match = one_match(sevens, home, away, seed=31337)
    with django_capture_on_commit_callbacks(execute=True):
        match_resolve_task(match.pk)
    before = world_state(match)

    # when the task is delivered again, three times
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        for _ in range(3):
            match_resolve_task(match.pk)
        assert match_resolve(match_id=match.pk) is False

    # then
    assert callbacks == []
    assert world_state(match) == before


def test_a_match_replayed_from_the_same_state_gives_the_same_result(
    sevens, bob, charlie, django_capture_on_commit_callbacks
):
    # given a scheduled match
    home = draft_team(sevens, charlie, roster="human", name="H")
    away = draft_team(sevens, bob, roster="orc", name="O")
    match = one_match(sevens, home, away, seed=777)

    def play():
        with django_capture_on_commit_callbacks(execute=True):
            match_resolve_task(match.pk)
        return (
            list(
                MatchResult.objects.filter(match=match).values(
                    "home_score",
                    "away_score",
                    "home_fan_factor",
                    "away_fan_factor",
                    "casualties",
                    "player_stats",
                    "summary",
                )
            ),
            [(s, t, p) for s, t, p in all_events(match)],
            list(Team.objects.order_by("pk").values_list("treasury", "dedicated_fans")),
            list(
                Player.objects.order_by("pk").values_list(
                    "spp", "miss_next_game", "niggling_injuries", "status", "ma", "av"
                )
            ),
        )

    # when it is played, rolled back (a crash before commit), and played again
    class Crash(Exception):
        pass

    def play_then_crash():
        with transaction.atomic():
            raise Crash(play())

    with pytest.raises(Crash) as crashed:
        play_then_crash()
    first = crashed.value.args[0]
    assert MatchResult.objects.filter(match=match).count() == 0
    second = play()

    # then
    assert second == first


def build_and_resolve(league, bob, charlie, capture):
    """Four Sevens teams drafted the same way, a season with seed 4242,
    every match resolved in order; the outcome by fixture position."""
    teams = [
        draft_team(league, coach, roster=roster, name=f"{league.name} {i}")
        for i, (coach, roster) in enumerate(
            [(bob, "orc"), (charlie, "human"), (bob, "human"), (charlie, "orc")]
        )
    ]
    position = {t.pk: i for i, t in enumerate(teams)}
    season = season_create(league=league, name="Determinism", seed=4242)
    matches = season_schedule(season_id=season.pk)
    for m in matches:
        with capture(execute=True):
            match_resolve_task(m.pk)
    results = [
        (
            m.round,
            position[m.home_id],
            position[m.away_id],
            m.result.home_score,
            m.result.away_score,
            m.result.home_fan_factor,
            m.result.away_fan_factor,
            len(m.result.casualties),
            m.events.count(),
        )
        for m in Match.objects.filter(season=season)
        .select_related("result")
        .order_by("round", "id")
    ]
    money = [
        (position[t.pk], t.treasury, t.dedicated_fans)
        for t in Team.objects.filter(pk__in=position).order_by("pk")
    ]
    return results, money


def test_two_identical_leagues_with_the_same_season_seed_play_the_same_season(
    alice, bob, charlie, django_capture_on_commit_callbacks
):
    # given two Sevens leagues with identical teams and the same season seed
    first = LeagueFactory(name="Twin A", format="sevens", commissioner=alice)
    second = LeagueFactory(name="Twin B", format="sevens", commissioner=alice)

    # when each season is resolved
    a = build_and_resolve(first, bob, charlie, django_capture_on_commit_callbacks)
    b = build_and_resolve(second, bob, charlie, django_capture_on_commit_callbacks)

    # then the same scores, Fan Factors, casualties, treasuries and fans
    assert a == b


@pytest.mark.django_db(transaction=True)
def test_a_season_resolves_completely_in_eager_mode(alice, bob, charlie):
    # given a scheduled four-team Sevens season (six matches)
    league = LeagueFactory(name="Eager", format="sevens", commissioner=alice)
    teams = [
        draft_team(league, coach, roster=roster, name=f"T{i}")
        for i, (coach, roster) in enumerate(
            [(bob, "orc"), (charlie, "human"), (bob, "human"), (charlie, "orc")]
        )
    ]
    season = season_create(league=league, name="Whole", seed=99)
    season_schedule(season_id=season.pk)

    # when the whole season is resolved
    progress, created = season_resolve_start(
        season_id=season.pk, scope="season", actor=alice
    )
    assert created
    assert progress_counts(progress) == (0, 6)
    season_resolve_task(str(progress.pk))

    # then every match is complete and the progress says so
    assert (
        list(Match.objects.filter(season=season).values_list("status", flat=True))
        == ["complete"] * 6
    )
    progress.refresh_from_db()
    assert progress_counts(progress) == (6, 6)
    assert progress.finished_at is not None
    assert (progress.kind, progress.created_by_id) == ("resolve_season", alice.pk)
    season.refresh_from_db()
    assert season.status == Season.Status.COMPLETE
    assert set(Team.objects.filter(league=league).values_list("status", flat=True)) == {
        "ready"
    }
    rows = season_standings(season)
    assert sorted(r.team_id for r in rows) == sorted(t.pk for t in teams)
    assert [r.played for r in rows] == [3, 3, 3, 3]
    assert sum(r.won for r in rows) == sum(r.lost for r in rows)
    assert MatchResult.objects.filter(match__season=season).count() == 6
    assert RosterSnapshot.objects.filter(match__season=season).count() == 12
    # each team's treasury is its ledger
    for team in Team.objects.filter(league=league):
        assert team.treasury == sum(
            TreasuryEntry.objects.filter(team=team).values_list("amount", flat=True)
        )

    # and there is nothing left to resolve
    before = db_state()
    with pytest.raises(ServiceError) as exc:
        season_resolve_start(season_id=season.pk, scope="season")
    assert codes(exc) == [("nothing_to_resolve", None)]
    assert db_state() == before


@pytest.mark.django_db(transaction=True)
def test_resolving_a_round_plays_only_that_round(alice, bob, charlie):
    league = LeagueFactory(name="Rounds", format="sevens", commissioner=alice)
    for i, (coach, roster) in enumerate(
        [(bob, "orc"), (charlie, "human"), (bob, "human"), (charlie, "orc")]
    ):
        draft_team(league, coach, roster=roster, name=f"T{i}")
    season = season_create(league=league, name="Rounds", seed=5)
    season_schedule(season_id=season.pk)

    progress, _ = season_resolve_start(season_id=season.pk, scope="round")
    season_resolve_task(str(progress.pk))

    assert list(
        Match.objects.filter(season=season)
        .order_by("round", "id")
        .values_list("round", "status")
    ) == [
        (1, "complete"),
        (1, "complete"),
        (2, "scheduled"),
        (2, "scheduled"),
        (3, "scheduled"),
        (3, "scheduled"),
    ]
    progress.refresh_from_db()
    assert (progress.kind, progress_counts(progress)) == ("resolve_round", (2, 2))
    assert progress.finished_at is not None
    season.refresh_from_db()
    assert season.status == Season.Status.SCHEDULED

    # and the next round is the next one
    following, created = season_resolve_start(season_id=season.pk, scope="round")
    assert created
    assert sorted(following.match_ids) == sorted(
        Match.objects.filter(season=season, round=2).values_list("pk", flat=True)
    )


def test_an_unknown_scope_is_refused(sevens, bob, charlie):
    draft_team(sevens, charlie, roster="human", name="H")
    draft_team(sevens, bob, roster="orc", name="O")
    season = season_create(league=sevens, name="S", seed=1)
    season_schedule(season_id=season.pk)
    before = db_state()

    with pytest.raises(ServiceError) as exc:
        season_resolve_start(season_id=season.pk, scope="everything")

    assert codes(exc) == [("invalid_choice", "scope")]
    assert db_state() == before


def test_the_next_round_waits_for_the_post_games_of_this_one(
    sevens, bob, charlie, django_capture_on_commit_callbacks
):
    # given a four-team season whose first match was resolved but whose
    # post-game has not run
    for i, (coach, roster) in enumerate(
        [(bob, "orc"), (charlie, "human"), (bob, "human"), (charlie, "orc")]
    ):
        draft_team(sevens, coach, roster=roster, name=f"T{i}")
    season = season_create(league=sevens, name="S", seed=1)
    matches = season_schedule(season_id=season.pk)
    progress, _ = season_resolve_start(season_id=season.pk, scope="season")
    with django_capture_on_commit_callbacks() as pending:
        match_resolve_task(matches[0].pk)

    # then only the other match of round 1 may start
    assert season_resolve_next(progress_id=str(progress.pk)) == [matches[1].pk]
    with django_capture_on_commit_callbacks(execute=True):
        match_resolve_task(matches[1].pk)
    assert season_resolve_next(progress_id=str(progress.pk)) == []

    # and a sweep finds the post-game that nobody is running
    assert matches_stuck().in_post_game == []
    stuck = matches_stuck(older_than=timedelta(0))
    assert stuck.in_post_game == [matches[0].pk]
    assert stuck.to_resolve == []
    assert stuck.progresses == [str(progress.pk)]

    # when it is re-queued, round 2 may start
    postgame_advance_task(matches[0].pk)
    assert sorted(season_resolve_next(progress_id=str(progress.pk))) == sorted(
        m.pk for m in matches if m.round == 2
    )
    assert len([c for c in pending if not is_cache_bump(c)]) == 1


def test_only_the_last_match_of_a_round_moves_its_resolution_on(
    sevens, bob, charlie, django_capture_on_commit_callbacks
):
    # given a four-team season resolving (two matches a round)
    for i, (coach, roster) in enumerate(
        [(bob, "orc"), (charlie, "human"), (bob, "human"), (charlie, "orc")]
    ):
        draft_team(sevens, coach, roster=roster, name=f"T{i}")
    season = season_create(league=sevens, name="S", seed=1)
    first, second, *later = season_schedule(season_id=season.pk)
    progress, _ = season_resolve_start(season_id=season.pk, scope="season")

    # when the first match of round 1 is complete
    with django_capture_on_commit_callbacks(execute=True):
        match_resolve_task(first.pk)
    first.refresh_from_db()
    assert first.status == Match.Status.COMPLETE

    # then the resolution waits for the other (already queued) match
    assert progresses_waiting_on(first) == []

    # when that one is complete too, then the resolution moves on
    with django_capture_on_commit_callbacks(execute=True):
        match_resolve_task(second.pk)
    second.refresh_from_db()
    assert progresses_waiting_on(second) == [str(progress.pk)]
    # and a late delivery of the first match's post-game sees it too
    assert progresses_waiting_on(first) == [str(progress.pk)]
    assert {m.round for m in later} == {2, 3}


def _four_team_season(league, bob, charlie):
    for i, (coach, roster) in enumerate(
        [(bob, "orc"), (charlie, "human"), (bob, "human"), (charlie, "orc")]
    ):
        draft_team(league, coach, roster=roster, name=f"T{i}")
    season = season_create(league=league, name="S", seed=1)
    return season, season_schedule(season_id=season.pk)


@pytest.mark.parametrize("scope", ["round", "season"])
def test_asking_again_while_a_season_resolution_runs_returns_it(
    sevens, alice, bob, charlie, scope
):
    # given a resolution started and not finished
    season, _ = _four_team_season(sevens, bob, charlie)
    first, created = season_resolve_start(season_id=season.pk, scope=scope, actor=alice)
    assert created
    before = db_state()

    # when the same scope is asked for again
    again, created = season_resolve_start(season_id=season.pk, scope=scope)

    # then it is the same progress, and nothing was written
    assert (again.pk, created) == (first.pk, False)
    assert db_state() == before

    # and the other scope is another resolution
    other, created = season_resolve_start(
        season_id=season.pk, scope={"round": "season", "season": "round"}[scope]
    )
    assert created
    assert other.pk != first.pk


@pytest.mark.django_db(transaction=True)
def test_a_finished_season_resolution_lets_the_next_one_start(sevens, bob, charlie):
    # given round 1 resolved through its progress
    season, matches = _four_team_season(sevens, bob, charlie)
    first, _ = season_resolve_start(season_id=season.pk, scope="round")
    season_resolve_task(str(first.pk))
    first.refresh_from_db()
    assert first.finished_at is not None

    # when the next round is asked for
    second, created = season_resolve_start(season_id=season.pk, scope="round")

    # then it is a new progress for round 2
    assert created
    assert sorted(second.match_ids) == sorted(m.pk for m in matches if m.round == 2)


def test_a_running_progress_whose_matches_are_all_complete_is_finished(
    sevens, bob, charlie, django_capture_on_commit_callbacks
):
    # given a round whose matches are complete but whose progress was never
    # marked finished (the driver's last call was lost)
    season, matches = _four_team_season(sevens, bob, charlie)
    stale, _ = season_resolve_start(season_id=season.pk, scope="round")
    for match_id in stale.match_ids:
        with django_capture_on_commit_callbacks(execute=True):
            match_resolve_task(match_id)
    assert set(
        Match.objects.filter(pk__in=stale.match_ids).values_list("status", flat=True)
    ) == {"complete"}
    stale.refresh_from_db()
    assert stale.finished_at is None

    # when the next round is asked for
    fresh, created = season_resolve_start(season_id=season.pk, scope="round")

    # then the stale progress is finished and round 2 gets its own
    assert created
    stale.refresh_from_db()
    assert stale.finished_at is not None
    assert sorted(fresh.match_ids) == sorted(m.pk for m in matches if m.round == 2)


@pytest.mark.django_db(transaction=True)
def test_asking_again_while_a_match_resolution_runs_returns_it(
    sevens, alice, bob, charlie
):
    # given a match whose resolution was started and not run yet
    season, matches = _four_team_season(sevens, bob, charlie)
    match = matches[0]
    first, created = match_resolve_start(match_id=match.pk, actor=alice)
    assert created
    assert (first.kind, first.match_ids, first.created_by) == (
        "resolve_match",
        [match.pk],
        alice,
    )
    before = db_state()

    # when it is asked for again
    again, created = match_resolve_start(match_id=match.pk, actor=alice)

    # then it is the same progress, and nothing was written
    assert (again.pk, created) == (first.pk, False)
    assert db_state() == before

    # and once the match is played and its progress finished, a new request
    # is refused without a new progress
    season_resolve_task(str(first.pk))
    first.refresh_from_db()
    assert first.finished_at is not None
    with pytest.raises(ServiceError) as exc:
        match_resolve_start(match_id=match.pk, actor=alice)
    assert codes(exc) == [("already_reported", None)]
    assert TaskProgress.objects.count() == 1


def test_the_database_allows_one_running_progress_per_scope(sevens, bob, charlie):
    # given a running progress and a finished one for the same scope
    season, matches = _four_team_season(sevens, bob, charlie)
    TaskProgress.objects.create(
        kind="resolve_match",
        season=season,
        match_ids=[matches[0].pk],
        scope_key=f"resolve_match:{matches[0].pk}",
        finished_at=timezone.now(),
    )
    TaskProgress.objects.create(
        kind="resolve_match",
        season=season,
        match_ids=[matches[0].pk],
        scope_key=f"resolve_match:{matches[0].pk}",
    )

    # when a second running one is written past the service
    with pytest.raises(IntegrityError), transaction.atomic():
        TaskProgress.objects.create(
            kind="resolve_match",
            season=season,
            match_ids=[matches[0].pk],
            scope_key=f"resolve_match:{matches[0].pk}",
        )

    # then only the two remain; progress without a scope key is not limited
    assert TaskProgress.objects.count() == 2
    TaskProgress.objects.create(kind="other", season=season)
    TaskProgress.objects.create(kind="other", season=season)
    assert TaskProgress.objects.count() == 4


@pytest.mark.parametrize(
    ("result", "dead", "mng"),
    [
        ("dead", True, False),
        ("seriously_hurt", False, True),
        ("badly_hurt", False, False),
    ],
)
def test_a_sevens_injury_without_a_casualty_roll_keeps_its_severity(result, dead, mng):
    from matches.postgame.results import CasualtyEntry, casualty_outcome

    # as stored for a resolved Sevens match in a league on the BB2020 table
    entry = CasualtyEntry(
        player_id=1,
        team_id=1,
        inflicted_by=None,
        table="bb2020",
        casualty_roll=None,
        lasting_roll=None,
        result=result,
        regenerated=False,
        apothecary_used=False,
    )

    outcome = casualty_outcome(entry, niggling=0)

    assert (outcome.result.value, outcome.dead, outcome.mng) == (result, dead, mng)
