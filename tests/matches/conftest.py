"""The named world for the matches app (Alice commissions, Bob and Charlie
coach, Dave is an outsider), helpers to play recorded matches, a database
snapshot that covers match rows, and real Celery workers that a test can
start, kill and restart."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from django.db import connection

from league.models import League, Player, Team, TreasuryEntry
from matches.models import (
    Match,
    MatchEvent,
    MatchResult,
    PostgameEnd,
    RosterSnapshot,
    RoundSchedule,
    Season,
    SeasonTeamArchive,
    TaskProgress,
)
from matches.reports.lines import PlayerLine, Report
from matches.seasons.services import season_create, season_schedule
from matches.workers import task_queues
from tests.conftest import XDIST_WORKER
from tests.factories import draft_team

ROOT = Path(__file__).resolve().parents[2]
LOG_DIR = ROOT / "tests" / "artifacts"


# --- the named world --------------------------------------------------------


@pytest.fixture
def humans(eleven, charlie):
    """BB2020 Humans: 11 linemen (550k) from 1,000k: 450k in the bank."""
    return draft_team(eleven, charlie, roster="human", name="Reikland Reavers")


@pytest.fixture
def orcs(eleven, bob):
    """BB2020 Orcs: 11 linemen (550k) from 1,000k: 450k in the bank."""
    return draft_team(eleven, bob, roster="orc", name="Gouged Eye")


def roster(team: Team) -> list[Player]:
    """The team's players on the roster, by shirt number."""
    return list(
        Player.objects.filter(team=team, status=Player.Status.ACTIVE).order_by("number")
    )


def one_match(league: League, home: Team, away: Team, *, seed: int = 1234) -> Match:
    """A season of two teams: its single match has ``home`` at home."""
    season = season_create(
        league=league,
        name=f"Season {Season.objects.count() + 1}",
        team_ids=[home.pk, away.pk],
        seed=seed,
    )
    (match,) = season_schedule(season_id=season.pk)
    if match.home_id != home.pk:
        # the circle method puts the lower id at home in round 1
        Match.objects.filter(pk=match.pk).update(home=home, away=away)
        match.refresh_from_db()
    return match


def score_report(match: Match, home_score: int, away_score: int, **kw) -> Report:
    """A report whose touchdowns are all scored by each team's #1."""
    lines = []
    for team_id, score in ((match.home_id, home_score), (match.away_id, away_score)):
        if score:
            first = roster(Team.objects.get(pk=team_id))[0]
            lines.append(PlayerLine(first.pk, touchdowns=score))
    return Report(home_score, away_score, players=lines, **kw)


def codes(exc_info) -> list[tuple[str, str | None]]:
    return [(v.code, v.field) for v in exc_info.value.violations]


# --- everything a refused request must leave untouched ----------------------


@dataclass(frozen=True)
class DbState:
    teams: list[tuple]
    players: list[tuple]
    ledger: list[tuple]
    seasons: list[tuple]
    season_teams: list[tuple]
    matches: list[tuple]
    results: list[tuple]
    events: list[tuple]
    snapshots: list[tuple]
    progress: list[tuple]
    round_dates: list[tuple]
    postgame_ends: list[tuple]


def db_state() -> DbState:
    return DbState(
        teams=list(
            Team.objects.order_by("pk").values_list(
                "pk",
                "name",
                "status",
                "treasury",
                "dedicated_fans",
                "rerolls",
                "apothecary",
            )
        ),
        players=list(
            Player.objects.order_by("pk").values_list(
                "pk",
                "team_id",
                "number",
                "status",
                "spp",
                "spp_earned",
                "miss_next_game",
                "niggling_injuries",
                "ma",
                "st",
                "ag",
                "pa",
                "av",
                "reductions",
            )
        ),
        ledger=list(
            TreasuryEntry.objects.order_by("pk").values_list(
                "pk", "team_id", "amount", "reason", "balance_after"
            )
        ),
        seasons=list(
            Season.objects.order_by("pk").values_list(
                "pk",
                "league_id",
                "name",
                "status",
                "seed",
                "playoff_teams",
                "champion_id",
            )
        ),
        season_teams=list(
            Season.teams.through.objects.order_by("pk").values_list(
                "season_id", "team_id"
            )
        ),
        matches=list(
            Match.objects.order_by("pk").values_list(
                "pk",
                "round",
                "stage",
                "home_id",
                "away_id",
                "status",
                "mode",
                "seed",
                "postponed",
                "postgame_step",
                "third_place",
            )
        ),
        results=list(
            MatchResult.objects.order_by("pk").values_list(
                "pk", "match_id", "home_score", "away_score", "casualties"
            )
        ),
        events=list(
            MatchEvent.objects.order_by("pk").values_list("pk", "match_id", "seq")
        ),
        snapshots=list(
            RosterSnapshot.objects.order_by("pk").values_list("pk", "match_id")
        ),
        progress=list(
            TaskProgress.objects.order_by("created_at").values_list("pk", "finished_at")
        ),
        round_dates=list(
            RoundSchedule.objects.order_by("pk").values_list(
                "pk", "season_id", "stage", "round", "date", "deadline"
            )
        ),
        postgame_ends=list(
            PostgameEnd.objects.order_by("pk").values_list(
                "pk", "match_id", "team_id", "ended_at", "how", "lost"
            )
        ),
    )


# --- real Celery workers ----------------------------------------------------


def _database_url() -> str:
    db = connection.settings_dict
    return (
        f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST'] or '127.0.0.1'}:"
        f"{db['PORT'] or 5432}/{db['NAME']}"
    )


class Workers:
    """Real ``celery worker`` processes on the test database and Redis, each
    in its own process group so that it can be SIGKILLed on its own."""

    def __init__(self, broker: str, name: str) -> None:
        self.broker = broker
        self.name = name
        self.procs: list[subprocess.Popen[bytes]] = []
        self.logs: dict[int, Path] = {}

    def start(
        self,
        *,
        env: dict[str, str] | None = None,
        children: int = 0,
        queues: tuple[str, ...] = (),
    ) -> subprocess.Popen[bytes]:
        """Start one more worker and wait until it is ready (its start-up
        hooks have run by then). ``env`` adds to or overrides its
        environment; with ``children`` it runs tasks in that many prefork
        pool processes instead of its own (solo); it consumes ``queues``,
        or every queue."""
        n = len(self.procs) + 1
        log_path = LOG_DIR / f"{self.name}{XDIST_WORKER}-worker-{n}.log"
        pool = (
            ["--pool", "prefork", "--concurrency", str(children)]
            if children
            else ["--pool", "solo"]
        )
        log_path.parent.mkdir(parents=True, exist_ok=True)
        full_env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DEBUG": "True",
            "DATABASE_URL": _database_url(),
            "CELERY_BROKER_URL": self.broker,
            # no redelivery of a dead worker's tasks during a test: only a
            # sweep (the task, or a starting worker's) may recover them
            "CELERY_VISIBILITY_TIMEOUT": "3600",
            **(env or {}),
        }
        with log_path.open("wb") as log:
            proc = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "celery",
                    "-A",
                    "config",
                    "worker",
                    *pool,
                    "--hostname",
                    f"{self.name}-{n}-{os.getpid()}@%h",
                    "--queues",
                    ",".join(queues or task_queues()),
                    "--without-gossip",
                    "--without-mingle",
                    "--without-heartbeat",
                    "--loglevel",
                    "INFO",
                ],
                cwd=ROOT,
                env=full_env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        self.procs.append(proc)
        self.logs[proc.pid] = log_path
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise RuntimeError(f"worker exited early:\n{log_path.read_text()}")
            if b"ready." in log_path.read_bytes():
                return proc
            time.sleep(0.1)
        self.stop(proc)
        raise RuntimeError(f"worker not ready in 60 s:\n{log_path.read_text()}")

    @staticmethod
    def kill(proc: subprocess.Popen[bytes]) -> None:
        """SIGKILL: the worker gets no chance to finish or give back a task."""
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=20)

    def log(self, proc: subprocess.Popen[bytes]) -> bytes:
        """Everything the worker has logged so far."""
        return self.logs[proc.pid].read_bytes()

    @staticmethod
    def pool_children(proc: subprocess.Popen[bytes]) -> list[int]:
        """The process ids of a prefork worker's pool children."""
        path = Path(f"/proc/{proc.pid}/task/{proc.pid}/children")
        try:
            return [int(pid) for pid in path.read_text().split()]
        except FileNotFoundError:
            return []

    @staticmethod
    def stop(proc: subprocess.Popen[bytes]) -> None:
        if proc.poll() is not None:
            return
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=20)
        except ProcessLookupError:
            pass

    def stop_all(self) -> None:
        for proc in self.procs:
            self.stop(proc)

    # --- the broker's side ---------------------------------------------------

    def purge(self) -> int:
        """Drop every message waiting in the project's queues (left over by
        an earlier interrupted run: they name rows that no longer exist)."""
        from config.celery import app

        with app.connection_for_write() as conn:
            return sum(conn.default_channel.queue_purge(q) for q in task_queues())

    def redeliver_orphans(self) -> None:
        """Put back in their queues the tasks that a killed worker had taken
        but never acknowledged (what Redis does once the visibility timeout
        has passed)."""
        from kombu import Connection

        with Connection(self.broker, transport_options={"visibility_timeout": 0}) as c:
            c.default_channel.qos.restore_visible(num=100_000, interval=1)

    def idle(self) -> bool:
        """No message waiting in a queue, none taken and unacknowledged."""
        import redis

        client = redis.Redis.from_url(self.broker)
        waiting = sum(
            client.llen(key)
            for q in task_queues()
            for key in client.scan_iter(match=f"{q}*")
            if client.type(key) == b"list"
        )
        return waiting == 0 and client.hlen("unacked") == 0

    def wait_idle(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.idle():
                return
            time.sleep(0.1)
        raise AssertionError(f"the broker still has work after {timeout} s")


@pytest.fixture
def clean_broker(transactional_db) -> Iterator[None]:
    """Empty queues before and after a worker test (request it before
    ``celery_worker_process`` so that the worker starts on clean queues)."""
    broker = os.environ.get("CELERY_BROKER_URL", "")
    if not broker.startswith("redis"):
        yield
        return
    workers = Workers(broker, "clean")
    workers.purge()
    yield
    workers.purge()


@pytest.fixture
def celery_workers(transactional_db) -> Iterator[Workers]:
    """Start, kill and restart real workers; the test process publishes for
    real (eager mode off) while the fixture is in use."""
    broker = os.environ.get("CELERY_BROKER_URL", "")
    if not (broker.startswith("redis") and connection.vendor == "postgresql"):
        reason = "needs CELERY_BROKER_URL=redis://… and DATABASE_URL=postgres://…"
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the worker tests: {reason}")
        pytest.skip(reason)
    from config.celery import app

    workers = Workers(broker, "matches")
    workers.purge()
    was_eager = app.conf.task_always_eager
    app.conf.task_always_eager = False
    try:
        yield workers
    finally:
        app.conf.task_always_eager = was_eager
        workers.stop_all()
        # leave nothing behind for the next run: a killed worker's tasks
        # and whatever is still queued name rows about to be flushed
        workers.redeliver_orphans()
        workers.purge()


def wait_for(
    condition: Callable[[], bool], *, timeout: float = 120, every: float = 0.05
) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(every)
    raise AssertionError(f"not true within {timeout} s: {condition.__doc__}")


def play_recorded(
    match: Match, home_score: int, away_score: int, *, actor, capture, **report_kw
):
    """Report a score and run the whole post-game (eager, on commit)."""
    from matches.reports.report import match_submit_report

    with capture(execute=True):
        result = match_submit_report(
            match_id=match.pk,
            report=score_report(match, home_score, away_score, **report_kw),
            actor=actor,
        )
    match.refresh_from_db()
    assert match.status == Match.Status.COMPLETE
    return result


def redraft_waiting(teams, actor) -> None:
    """The commissioner ``actor`` approves the keep-everything re-draft of
    each of ``teams`` that has not re-drafted after a closed season (a team
    plays a new season only once re-drafted)."""
    from matches.commissioner.actions import team_redraft_approve

    for archive in SeasonTeamArchive.objects.filter(
        team__in=list(teams), redraft__isnull=True
    ).order_by("pk"):
        team_redraft_approve(archive_id=archive.pk, actor=actor, reason="off-season")


# --- a webhook receiver ------------------------------------------------------


@dataclass
class Receiver:
    """A loopback HTTP server recording every POST; it answers 500 to the
    first ``fail_first`` of them, then 204."""

    fail_first: int = 0
    seen: list[dict[str, object]] = field(default_factory=list)
    url: str = ""

    def handler(self) -> type[BaseHTTPRequestHandler]:
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                raw = self.rfile.read(int(self.headers["Content-Length"]))
                receiver.seen.append(
                    {"path": self.path, "headers": dict(self.headers), "raw": raw}
                )
                failing = len(receiver.seen) <= receiver.fail_first
                self.send_response(500 if failing else 204)
                self.end_headers()

            def log_message(self, *args: object) -> None:
                pass

        return Handler


@pytest.fixture
def receiver(settings) -> Iterator[Receiver]:
    settings.WEBHOOK_ALLOW_PRIVATE = True
    settings.WEBHOOK_RETRY_BASE = 0  # the next attempt is due at once
    settings.SITE_URL = "https://dugout.test"
    rec = Receiver()
    server = ThreadingHTTPServer(("127.0.0.1", 0), rec.handler())
    rec.url = f"http://127.0.0.1:{server.server_port}/hook"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield rec
    server.shutdown()
    server.server_close()


POSTGAME_TASK = "matches.tasks.postgame_advance_task"


def postgame_tasks(callbacks) -> list:
    """The post-game task among a transaction's on-commit callbacks (the
    page cache's bumps and the notifications' e-mails aside)."""
    return [
        c
        for c in callbacks
        if getattr(getattr(c, "func", None), "__self__", None) is not None
        and getattr(c.func.__self__, "name", "") == POSTGAME_TASK
    ]
