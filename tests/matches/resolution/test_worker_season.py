"""Seasons resolved by real Celery workers on Redis and PostgreSQL, and a
worker SIGKILLed part-way through a season: the sweep (beat's task, or the
one a starting worker queues) must bring the season to exactly the state an
undisturbed run reaches."""

import hashlib
import os
import re
import signal
import time
from collections import Counter
from datetime import timedelta

import psycopg
import pytest
from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command
from django.db.models import Sum

from league.models import Player, Team, TreasuryEntry
from matches.models import Match, MatchEvent, MatchResult, Season, TaskProgress
from matches.resolution.progress import progress_counts, season_resolve_start
from matches.resolution.sweep import matches_stuck
from matches.seasons.selectors import season_standings
from matches.seasons.services import season_create, season_schedule
from matches.tasks import (
    match_resolve_task,
    matches_sweep_task,
    postgame_advance_task,
    season_resolve_task,
)
from tests.factories import LeagueFactory, UserFactory, draft_team
from tests.matches.conftest import ROOT, _database_url, wait_for

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

DRAFTS = [("bob", "orc"), ("charlie", "human"), ("bob", "human"), ("charlie", "orc")]
SEVENS_BUDGET_LEFT = 250_000  # 600k less seven 50k linemen


def build_world(name="Crash League", seed=20260101):
    """Four Sevens teams and a scheduled season (six matches, three rounds)."""
    alice = UserFactory(username="alice")
    coaches = {u: UserFactory(username=u) for u in ("bob", "charlie")}
    league = LeagueFactory(name=name, format="sevens", commissioner=alice)
    for i, (coach, roster) in enumerate(DRAFTS):
        draft_team(league, coaches[coach], roster=roster, name=f"{name} {i}")
    season = season_create(league=league, name="Season", seed=seed)
    season_schedule(season_id=season.pk)
    return season


def start_resolution(season):
    progress, _ = season_resolve_start(season_id=season.pk, scope="season")
    season_resolve_task.delay(str(progress.pk))
    return progress


def season_done(season, progress):
    def done():
        """every match complete and the resolution finished"""
        return (
            not Match.objects.filter(season=season)
            .exclude(status=Match.Status.COMPLETE)
            .exists()
            and TaskProgress.objects.filter(
                pk=progress.pk, finished_at__isnull=False
            ).exists()
        )

    return done


def final_state(season):
    """Everything a season leaves behind, by primary key."""
    teams = Team.objects.filter(league=season.league)
    return {
        "teams": list(
            teams.order_by("pk").values_list(
                "pk", "treasury", "dedicated_fans", "status"
            )
        ),
        "players": list(
            Player.objects.filter(team__in=teams)
            .order_by("pk")
            .values_list(
                "pk",
                "team_id",
                "spp",
                "spp_earned",
                "miss_next_game",
                "niggling_injuries",
                "status",
                "ma",
                "st",
                "ag",
                "pa",
                "av",
                "reductions",
            )
        ),
        "standings": [
            (
                r.team_id,
                r.played,
                r.won,
                r.drawn,
                r.lost,
                r.td_for,
                r.td_against,
                r.cas_for,
                r.cas_against,
                r.points,
            )
            for r in season_standings(season)
        ],
        "results": list(
            MatchResult.objects.filter(match__season=season)
            .order_by("match_id")
            .values_list(
                "match_id",
                "home_score",
                "away_score",
                "home_fan_factor",
                "away_fan_factor",
                "casualties",
                "player_stats",
                "conceded_by_id",
            )
        ),
        "matches": list(
            Match.objects.filter(season=season)
            .order_by("pk")
            .values_list("pk", "round", "home_id", "away_id", "status", "postgame_step")
        ),
        "events": list(
            MatchEvent.objects.filter(match__season=season)
            .order_by("match_id", "seq")
            .values_list("match_id", "seq", "type", "payload")
        ),
        "ledger": list(
            TreasuryEntry.objects.filter(team__in=teams)
            .order_by("team_id", "pk")
            .values_list("team_id", "amount", "reason", "balance_after")
        ),
    }


def code_digest():
    """The code that decides a season's outcome: the engine (with its rules
    data), the matches app and the league services."""
    digest = hashlib.sha256()
    paths = [
        *(ROOT / "engine").rglob("*.py"),
        *(ROOT / "engine").rglob("*.json"),
        *(ROOT / "matches").rglob("*.py"),
        *(ROOT / "league" / "services").rglob("*.py"),
    ]
    for path in sorted(paths):
        digest.update(str(path).encode() + path.read_bytes())
    return digest.hexdigest()


def fresh_database():
    """Empty every table and restart every id sequence, so that a world
    built again gets the same ids (and so the same match seeds)."""
    call_command("flush", interactive=False, reset_sequences=True, verbosity=0)
    ContentType.objects.clear_cache()


def expected_winnings(result):
    attendance = result.home_fan_factor + result.away_fan_factor
    match = result.match
    if result.conceded_by_id is None:
        return {
            match.home_id: 5_000 * attendance + 10_000 * result.home_score,
            match.away_id: 5_000 * attendance + 10_000 * result.away_score,
        }
    winner = match.away_id if result.conceded_by_id == match.home_id else match.home_id
    award = result.home_score + result.away_score + 1
    return {winner: 10_000 * (attendance + award), result.conceded_by_id: 0}


def test_a_real_worker_resolves_a_sevens_season(clean_broker, celery_worker_process):
    # given a scheduled four-team Sevens season and a worker
    season = build_world()
    teams = list(Team.objects.filter(league=season.league).order_by("pk"))
    assert [t.treasury for t in teams] == [SEVENS_BUDGET_LEFT] * 4
    worker = celery_worker_process

    # when the whole season is resolved through the broker
    progress = start_resolution(season)

    # then every match completes, round after round
    wait_for(season_done(season, progress), timeout=120)
    assert worker.poll() is None
    progress.refresh_from_db()
    assert progress_counts(progress) == (6, 6)
    season.refresh_from_db()
    assert season.status == Season.Status.COMPLETE
    matches = list(
        Match.objects.filter(season=season).select_related("result").order_by("pk")
    )
    assert [(m.status, m.mode, m.postgame_step) for m in matches] == [
        ("complete", "resolved", "done")
    ] * 6
    # each match kicked off once, with both rosters, and ran each step once
    for m in matches:
        assert m.snapshots.count() == 2
        seqs = list(m.events.order_by("seq").values_list("seq", flat=True))
        assert seqs == list(range(len(seqs)))
        kinds = Counter(m.events.values_list("type", flat=True))
        steps = {
            "postgame_outcome": 1,
            "postgame_winnings": 1,
            "postgame_fans": 2,
            "postgame_spp": 1,  # skipped: this Sevens league tracks no SPP
            "postgame_mng_cleared": 1,
            "postgame_injury": len(m.result.casualties),
            "postgame_expensive_mistakes": 2,
            "postgame_team_value": 2,
        }
        # Expensive Mistakes and the team value come as each team's
        # post-game ends: before its next match, so the last round's wait
        # for their coaches (or the season's close)
        last = m.round == matches[-1].round
        ends = sorted(m.postgame_ends.values_list("how", flat=True))
        assert ends == (["", ""] if last else ["next_match", "next_match"])
        if last:
            steps |= {"postgame_expensive_mistakes": 0, "postgame_team_value": 0}
        assert {k: kinds[k] for k in steps} == steps
        # the Sevens draft: one line for each team with a player who has
        # gained a skill (blood_bowl_sevens.md "The Draft")
        assert kinds["postgame_draft"] <= 2
        postgame = {k for k, n in kinds.items() if k.startswith("postgame_") and n}
        assert postgame <= set(steps) | {"postgame_draft"}
        assert kinds["casualty_roll"] == len(m.result.casualties)
    # the standings are the results
    rows = {r.team_id: r for r in season_standings(season)}
    for t in teams:
        mine = [m for m in matches if t.pk in (m.home_id, m.away_id)]
        scored = sum(
            m.result.home_score if m.home_id == t.pk else m.result.away_score
            for m in mine
        )
        conceded = sum(
            m.result.away_score if m.home_id == t.pk else m.result.home_score
            for m in mine
        )
        assert (rows[t.pk].played, rows[t.pk].td_for, rows[t.pk].td_against) == (
            3,
            scored,
            conceded,
        )
    draws = sum(1 for m in matches if m.result.home_score == m.result.away_score)
    assert sum(r.points for r in rows.values()) == 3 * (6 - draws) + 2 * draws
    # every gold piece is in the ledger: winnings in, mistakes out
    for t in teams:
        t.refresh_from_db()
        ledger = TreasuryEntry.objects.filter(team=t)
        winnings = ledger.filter(reason="winnings").aggregate(s=Sum("amount"))["s"]
        mistakes = (
            ledger.filter(reason="expensive_mistake").aggregate(s=Sum("amount"))["s"]
            or 0
        )
        assert t.treasury - SEVENS_BUDGET_LEFT == winnings + mistakes
        assert t.treasury == ledger.aggregate(s=Sum("amount"))["s"]
        assert winnings == sum(
            expected_winnings(m.result)[t.pk]
            for m in matches
            if t.pk in (m.home_id, m.away_id)
        )
        assert t.status == Team.Status.READY
    assert not TreasuryEntry.objects.filter(balance_after__lt=0).exists()


def test_a_worker_killed_mid_season_is_recovered_by_the_sweep(celery_workers):
    # given the season played undisturbed on a fresh database
    code = code_digest()
    fresh_database()
    season = build_world()
    first_ids = list(Match.objects.order_by("pk").values_list("pk", "seed"))
    worker = celery_workers.start()
    progress = start_resolution(season)
    wait_for(season_done(season, progress), timeout=120)
    undisturbed = final_state(season)
    celery_workers.stop(worker)

    # and the identical world built again
    fresh_database()
    season = build_world()
    assert list(Match.objects.order_by("pk").values_list("pk", "seed")) == first_ids

    # when a worker is SIGKILLed in the middle of a post-game, once the
    # first match is complete
    worker = celery_workers.start()
    progress = start_resolution(season)

    def mid_season():
        """a match complete and another in its post-game"""
        statuses = set(
            Match.objects.filter(season=season).values_list("status", flat=True)
        )
        return "complete" in statuses and bool({"played", "post_game"} & statuses)

    wait_for(mid_season, timeout=120, every=0.002)
    celery_workers.kill(worker)
    assert worker.returncode == -signal.SIGKILL
    # and whatever was still queued is lost with it (a broker restarted
    # without persistence): only the database knows what is left to do
    celery_workers.purge()
    crashed = list(
        Match.objects.filter(season=season)
        .order_by("pk")
        .values_list("pk", "status", "postgame_step")
    )
    assert Counter(status for _, status, _ in crashed)["complete"] < 6

    # then a new worker alone, with its start-up sweep off, does not move
    # the season on
    celery_workers.start(env={"WORKER_STARTUP_SWEEP": "False"})
    time.sleep(2)
    assert (
        list(
            Match.objects.filter(season=season)
            .order_by("pk")
            .values_list("pk", "status", "postgame_step")
        )
        == crashed
    )

    # when the sweep re-queues what is stuck (beat's sweep only takes work
    # idle for 30 s, so the same re-queuing is done here for work idle now)
    matches_sweep_task.delay()
    stuck = matches_stuck(older_than=timedelta(0))
    assert stuck.in_post_game == [
        pk for pk, status, _ in crashed if status in ("played", "post_game")
    ]
    assert stuck.progresses == [str(progress.pk)]
    for match_id in stuck.to_resolve:
        match_resolve_task.delay(match_id)
    for match_id in stuck.in_post_game:
        postgame_advance_task.delay(match_id)
    for progress_id in stuck.progresses:
        season_resolve_task.delay(progress_id)

    # then the season finishes in exactly the undisturbed state
    wait_for(season_done(season, progress), timeout=120)
    assert code_digest() == code, "the engine or services changed during the test"
    assert final_state(season) == undisturbed

    # and when the dead worker's unacknowledged tasks are finally delivered
    # again, nothing changes
    celery_workers.redeliver_orphans()
    celery_workers.wait_idle(timeout=60)
    assert final_state(season) == undisturbed


def mid_season(season):
    def condition():
        """a match complete and another in its post-game"""
        statuses = set(
            Match.objects.filter(season=season).values_list("status", flat=True)
        )
        return "complete" in statuses and bool({"played", "post_game"} & statuses)

    return condition


# The undisturbed season per version of the code that decides it, played
# once per session: (its final state, match ids and seeds, seconds taken).
_UNDISTURBED: dict[str, tuple[dict, list, float]] = {}


def undisturbed_run(workers):
    """The season played by one worker with nothing going wrong, on a fresh
    database (played once per session and code version)."""
    code = code_digest()
    if code not in _UNDISTURBED:
        fresh_database()
        season = build_world()
        ids = list(Match.objects.order_by("pk").values_list("pk", "seed"))
        worker = workers.start()
        started = time.monotonic()
        progress = start_resolution(season)
        wait_for(season_done(season, progress), timeout=180)
        _UNDISTURBED[code] = (final_state(season), ids, time.monotonic() - started)
        workers.stop(worker)
    return _UNDISTURBED[code]


@pytest.mark.parametrize("queue", ["kept", "lost"])
def test_a_killed_worker_is_replaced_and_the_season_finishes_without_beat(
    celery_workers, queue
):
    # given the season's undisturbed outcome, and the identical world built
    # again on a fresh database
    code = code_digest()
    undisturbed, first_ids, undisturbed_seconds = undisturbed_run(celery_workers)
    fresh_database()
    season = build_world()
    assert list(Match.objects.order_by("pk").values_list("pk", "seed")) == first_ids

    # when its worker is SIGKILLed in the middle of a post-game, once the
    # first match is complete; the broker keeps what was still queued, or
    # loses it too (restarted without persistence)
    worker = celery_workers.start()
    progress = start_resolution(season)
    wait_for(mid_season(season), timeout=120, every=0.002)
    celery_workers.kill(worker)
    killed = time.monotonic()
    assert worker.returncode == -signal.SIGKILL
    if queue == "lost":
        celery_workers.purge()
    left = Match.objects.filter(season=season).exclude(status=Match.Status.COMPLETE)
    assert left.exists()

    # and a fresh worker starts, with no beat anywhere and the dead worker's
    # task held by Redis for an hour (the fixture's visibility timeout)
    celery_workers.start()
    ready = time.monotonic()

    # then the season finishes within a minute (more if this machine is so
    # slow that an undisturbed season takes over 20 s), exactly as
    # undisturbed
    bound = max(60.0, 3 * undisturbed_seconds)
    wait_for(season_done(season, progress), timeout=bound)
    done = time.monotonic()
    print(
        f"\nqueue {queue}: season done {done - ready:.1f} s after the new worker "
        f"was ready, {done - killed:.1f} s after the kill (an undisturbed "
        f"season: {undisturbed_seconds:.1f} s)"
    )
    assert code_digest() == code, "the engine or services changed during the test"
    assert final_state(season) == undisturbed

    # and when the dead worker's task is finally delivered again, and
    # whatever the sweep queued twice has run, nothing changes
    celery_workers.redeliver_orphans()
    celery_workers.wait_idle(timeout=120)
    assert final_state(season) == undisturbed


RECEIVED = re.compile(rb"Task (\S+)\[([0-9a-f-]+)\] received")
CHILD_KILLED = b"exited with 'signal 9 (SIGKILL)'"
LOST_IN_A_TASK = b"Task handler raised error: WorkerLostError"
POSTGAME_STEP = b"matches.tasks.postgame_advance_task"


def task_lost_with_the_child(log: bytes) -> tuple[str, str] | None:
    """(name, id) of the task a worker's pool child was running when it was
    last killed, or None if it ran none (idle, or its task had already
    stored its result). With one child and a prefetch of one, the last task
    the worker received before the child died is the one it was running."""
    before, _, after = log.rpartition(CHILD_KILLED)
    if LOST_IN_A_TASK not in after.split(CHILD_KILLED)[0]:
        return None
    name, task_id = RECEIVED.findall(before)[-1]
    return name.decode(), task_id.decode()


class MatchRowHold:
    """A second database connection that locks the row of a match whose
    post-game has not started (``played``), so that the post-game step that
    comes for it waits on the lock in the pool child: the child is then
    caught in that step for certain, however busy the machine (a kill timed
    by watching the worker's log could land after the step had finished)."""

    def __init__(self):
        self.conn = psycopg.connect(_database_url())
        self.pid = self.conn.execute("SELECT pg_backend_pid()").fetchone()[0]
        self.conn.rollback()
        self.look = psycopg.connect(_database_url(), autocommit=True)
        self.match_id = None

    def take(self, season_id):
        def taken():
            """a played match's row is locked before its post-game step"""
            # (a row the step has locked already is skipped: it is running)
            row = self.conn.execute(
                "SELECT id FROM matches_match WHERE season_id = %s AND status = %s"
                " ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED",
                (season_id, Match.Status.PLAYED.value),
            ).fetchone()
            if row is None:
                self.conn.rollback()
                return False
            self.match_id = row[0]
            return True

        return taken

    def waited_on(self):
        """another connection waits for the locked row"""
        (waiting,) = self.look.execute(
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE %s = ANY(pg_blocking_pids(pid))",
            (self.pid,),
        ).fetchone()
        return waiting > 0

    def release(self):
        self.conn.rollback()

    def close(self):
        self.conn.close()
        self.look.close()


def test_a_killed_pool_child_has_its_task_put_back_at_once(celery_workers):
    # given the season's undisturbed outcome, the identical world built
    # again, and a worker with one pool child, no start-up sweep and no beat
    code = code_digest()
    undisturbed, first_ids, undisturbed_seconds = undisturbed_run(celery_workers)
    fresh_database()
    season = build_world()
    assert list(Match.objects.order_by("pk").values_list("pk", "seed")) == first_ids
    worker = celery_workers.start(children=1, env={"WORKER_STARTUP_SWEEP": "False"})
    progress = start_resolution(season)
    wait_for(mid_season(season), timeout=120, every=0.002)

    # when the pool child is SIGKILLed while it runs a post-game step, whose
    # loss nothing else would make up for: the step waits on the lock of its
    # match's row, held from a second connection until the kill
    hold = MatchRowHold()
    try:
        wait_for(hold.take(season.pk), timeout=120, every=0.002)
        wait_for(hold.waited_on, timeout=120, every=0.005)
        (child,) = celery_workers.pool_children(worker)
        received = RECEIVED.findall(celery_workers.log(worker))
        assert received[-1][0] == POSTGAME_STEP, received[-1]
        os.kill(child, signal.SIGKILL)
    finally:
        hold.release()
        hold.close()

    def noticed():
        """the worker has noticed its child died in a task"""
        after = celery_workers.log(worker).partition(CHILD_KILLED)[2]
        return LOST_IN_A_TASK in after

    wait_for(noticed, timeout=60)
    lost = task_lost_with_the_child(celery_workers.log(worker))
    assert lost is not None, "the worker saw no task lost with its child"
    assert lost[0] == POSTGAME_STEP.decode(), lost
    caught = time.monotonic()

    # then the same worker receives that task again at once
    def received_again():
        """the lost task was received a second time"""
        return celery_workers.log(worker).count(f"[{lost[1]}] received".encode()) == 2

    wait_for(received_again, timeout=30)

    # and finishes the season within a minute, exactly as undisturbed
    bound = max(60.0, 3 * undisturbed_seconds)
    wait_for(season_done(season, progress), timeout=bound)
    print(
        f"\nchild killed in the post-game step of match {hold.match_id}: season "
        f"done {time.monotonic() - caught:.1f} s later"
    )
    assert worker.poll() is None
    assert code_digest() == code, "the engine or services changed during the test"
    assert final_state(season) == undisturbed
    # (no sweep ran: the worker lists the task at start, but never got one)
    assert b"matches.tasks.matches_sweep_task[" not in celery_workers.log(worker)
