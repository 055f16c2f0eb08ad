"""A resolution by the engine tells each coach the results it gave their
teams: one notice per coach when the whole resolution has finished, never
one per match (the Decision of ``matches.notices.resolution_notify``), with
the matches the engine would not play left for them to report."""

from __future__ import annotations

from django.db.models import Q

from league.models import Notification, Team
from league.page_cache import is_cache_bump
from matches.live.models import LiveMatch
from matches.models import Match, TaskProgress
from matches.resolution import resolve
from matches.resolution.progress import (
    match_resolve_start,
    season_resolve_next,
    season_resolve_start,
)
from matches.seasons.services import season_create, season_schedule
from matches.tasks import season_resolve_task
from tests.factories import draft_team

KIND = "result_recorded"
MAIL_TASK = "league.notifications.tasks.notification_mail_task"


def four_team_season(league, bob, charlie):
    """Four Sevens teams, bob coaching T0 and T2, charlie T1 and T3: six
    matches in three rounds, each coach's teams in five of them."""
    for i, (coach, roster) in enumerate(
        [(bob, "orc"), (charlie, "human"), (bob, "human"), (charlie, "orc")]
    ):
        draft_team(league, coach, roster=roster, name=f"T{i}")
    season = season_create(league=league, name="S", seed=1)
    season_schedule(season_id=season.pk)
    Notification.objects.all().delete()  # the season's own
    return season


def run(progress, capture) -> list:
    """Drive ``progress`` to its end as the workers would (eager): a round
    at a time, each round's post-games once it commits. Returns the
    callbacks of the round that finished it."""
    for _ in range(10):
        with capture(execute=True) as callbacks:
            season_resolve_task(str(progress.pk))
        progress.refresh_from_db()
        if progress.finished_at is not None:
            return callbacks
    raise AssertionError("the resolution never finished")


def told() -> list[tuple[str, str, str, str]]:
    return list(
        Notification.objects.filter(kind=KIND)
        .order_by("recipient__username", "pk")
        .values_list("recipient__username", "key", "url", "text")
    )


def results_of(season, coach) -> list[str]:
    """The coach's matches of the season with the results saved, in the
    order they were played."""
    return [
        f"{m.home.name} {m.result.home_score}–{m.result.away_score} {m.away.name}"
        for m in Match.objects.filter(season=season)
        .filter(Q(home__coach=coach) | Q(away__coach=coach))
        .select_related("home", "away", "result")
        .order_by("stage", "round", "pk")
    ]


def test_a_whole_season_resolved_tells_each_coach_once_with_all_their_results(
    sevens, alice, bob, charlie, django_capture_on_commit_callbacks
):
    # given a four-team season, resolved whole by the commissioner
    season = four_team_season(sevens, bob, charlie)
    progress, _ = season_resolve_start(season_id=season.pk, scope="season", actor=alice)

    # when its first round has been played, nobody is told anything yet
    with django_capture_on_commit_callbacks(execute=True):
        season_resolve_task(str(progress.pk))
    assert Match.objects.filter(season=season, status="complete").count() == 2
    assert told() == []

    # when the rest is played to the end
    callbacks = run(progress, django_capture_on_commit_callbacks)

    # then each coach has one notice, listing the five results of their
    # teams; the commissioner, who coaches none, has none
    assert Match.objects.filter(season=season, status="complete").count() == 6
    key, url = f"resolved:{progress.pk}", f"/seasons/{season.pk}/"
    head = "S: the engine played 5 matches of your teams, the results stand: "
    assert told() == [
        ("bob", key, url, head + "; ".join(results_of(season, bob))),
        ("charlie", key, url, head + "; ".join(results_of(season, charlie))),
    ]
    # each mailed once its transaction commits
    mails = [c for c in callbacks if not is_cache_bump(c)]
    assert [c.func.__self__.name for c in mails].count(MAIL_TASK) == 2

    # and the driver asked again (a stray delivery) tells nobody twice
    assert season_resolve_next(progress_id=str(progress.pk)) == []
    assert Notification.objects.filter(kind=KIND).count() == 2


def test_one_match_resolved_tells_both_its_coaches_its_result(
    sevens, alice, bob, charlie, django_capture_on_commit_callbacks
):
    # given one match of the season the commissioner lets the engine play
    season = four_team_season(sevens, bob, charlie)
    match = Match.objects.filter(season=season).order_by("round", "pk").first()
    progress, _ = match_resolve_start(match_id=match.pk, actor=alice)

    run(progress, django_capture_on_commit_callbacks)

    # then both its coaches are told its result, pointing at the match
    match.refresh_from_db()
    result = match.result
    text = (
        f"S: the engine played {match.home.name} {result.home_score}–"
        f"{result.away_score} {match.away.name}: the result stands"
    )
    key, url = f"resolved:{progress.pk}", f"/matches/{match.pk}/"
    assert told() == [("bob", key, url, text), ("charlie", key, url, text)]


def test_a_long_list_of_results_says_how_many_more_there_are(
    sevens, alice, bob, charlie, django_capture_on_commit_callbacks
):
    # given teams with long names, so that five results do not fit in a
    # notification (400 characters)
    season = four_team_season(sevens, bob, charlie)
    for i, team in enumerate(Team.objects.filter(league=sevens).order_by("pk")):
        team.name = f"T{i} " + "x" * 90
        team.save(update_fields=["name"])
    progress, _ = season_resolve_start(season_id=season.pk, scope="season", actor=alice)

    run(progress, django_capture_on_commit_callbacks)

    # then each notice lists the first result (the second would not fit
    # with "; and 3 more" after it) and says how many more there are
    head = "S: the engine played 5 matches of your teams, the results stand: "
    for coach in (bob, charlie):
        first = results_of(season, coach)[0]
        text = Notification.objects.get(kind=KIND, recipient=coach).text
        assert len(head + first) + len("; and 4 more") <= 400
        assert text == f"{head}{first}; and 4 more"


def test_a_match_the_engine_refused_is_left_for_its_coaches_to_report(
    sevens, alice, bob, charlie, monkeypatch, django_capture_on_commit_callbacks
):
    # given a round whose T0 match the engine refuses to play
    season = four_team_season(sevens, bob, charlie)
    t0 = Team.objects.get(league=sevens, name="T0")
    real = resolve.engine_play

    def play(**inputs):
        if t0.pk in (inputs["home"]["team_id"], inputs["away"]["team_id"]):
            return _refuse(**inputs)
        return real(**inputs)

    monkeypatch.setattr(resolve, "engine_play", play)
    progress, _ = season_resolve_start(season_id=season.pk, scope="round", actor=alice)

    run(progress, django_capture_on_commit_callbacks)

    # then round 1 pairs T0 (bob) with T3 (charlie), refused, and T1
    # (charlie) with T2 (bob), played: each coach hears of that result and
    # of the one match left to report
    refused = Match.objects.get(pk__in=progress.match_ids, status="scheduled")
    played = Match.objects.get(pk__in=progress.match_ids, status="complete")
    assert {refused.home.name, refused.away.name} == {"T0", "T3"}
    assert {played.home.name, played.away.name} == {"T1", "T2"}
    result = played.result
    text = (
        f"S: the engine played {played.home.name} {result.home_score}–"
        f"{result.away_score} {played.away.name}: the result stands. The "
        "engine did not play 1 match of your teams: report it"
    )
    key, url = f"resolved:{progress.pk}", f"/seasons/{season.pk}/"
    assert told() == [("bob", key, url, text), ("charlie", key, url, text)]


def test_a_progress_finished_without_matches_played_tells_nobody(sevens, bob, charlie):
    # given a progress whose matches were all reported by their coaches
    season = four_team_season(sevens, bob, charlie)
    ids = list(Match.objects.filter(season=season).values_list("pk", flat=True))
    Match.objects.filter(pk__in=ids).update(status="complete", mode="recorded")
    progress = TaskProgress.objects.create(
        kind="resolve_season", season=season, match_ids=ids
    )

    assert season_resolve_next(progress_id=str(progress.pk)) == []

    progress.refresh_from_db()
    assert progress.finished_at is not None
    assert told() == []


def test_a_match_the_engine_did_not_play_at_all_is_left_to_report(
    sevens, alice, bob, charlie, monkeypatch, django_capture_on_commit_callbacks
):
    # given one match the commissioner asks the engine to play, which it
    # refuses
    season = four_team_season(sevens, bob, charlie)
    match = Match.objects.filter(season=season).order_by("round", "pk").first()
    monkeypatch.setattr(resolve, "engine_play", _refuse)
    progress, _ = match_resolve_start(match_id=match.pk, actor=alice)

    run(progress, django_capture_on_commit_callbacks)

    # then both its coaches are told to report it, pointing at the season
    match.refresh_from_db()
    assert match.status == "scheduled"
    text = "S: the engine did not play 1 match of your teams: report it"
    key, url = f"resolved:{progress.pk}", f"/seasons/{season.pk}/"
    assert told() == [("bob", key, url, text), ("charlie", key, url, text)]


def _refuse(**inputs):
    raise ValueError("refused")


def test_a_match_its_coaches_played_live_is_not_told_as_the_engines(
    sevens, alice, bob, charlie, django_capture_on_commit_callbacks
):
    # given a round resolution of which one match's result came from a
    # game its coaches played live (its result is the engine's too)
    season = four_team_season(sevens, bob, charlie)
    progress, _ = season_resolve_start(season_id=season.pk, scope="round", actor=alice)
    with django_capture_on_commit_callbacks(execute=True):
        season_resolve_task(str(progress.pk))
    live, engine = Match.objects.filter(pk__in=progress.match_ids).order_by("pk")
    LiveMatch.objects.create(match=live, state="finished", opened_by=bob, seed=1)
    progress.refresh_from_db()
    assert progress.finished_at is None

    # when the resolution finishes
    assert season_resolve_next(progress_id=str(progress.pk)) == []

    # then only the match the engine played is told
    engine.refresh_from_db()
    result = engine.result
    text = (
        f"S: the engine played {engine.home.name} {result.home_score}–"
        f"{result.away_score} {engine.away.name}: the result stands"
    )
    key, url = f"resolved:{progress.pk}", f"/matches/{engine.pk}/"
    assert told() == [("bob", key, url, text), ("charlie", key, url, text)]
