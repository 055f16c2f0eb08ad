"""``python manage.py bench_load``: requests per second and latency of the
busiest reads (team API, league page, team page, standings) in the
production shape: gunicorn on 127.0.0.1 with DEBUG off, PostgreSQL, and
Redis as the cache.

Bounded: each run stops after ``--requests`` requests or ``--duration``
seconds, whichever comes first; ``--repeat`` runs per endpoint. Loopback
only: a ``--target`` that is not this machine is refused. The same run
measures two references, so that figures from another machine (or a busier
moment of this one) can be compared: ``/healthz`` (one ``SELECT 1`` and a
broker check), and, unless ``--no-uncached``, every endpoint again on a
second gunicorn started with ``PAGE_CACHE=False``.
"""

from __future__ import annotations

import json
import os
import platform
import secrets
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

from league.models import League, Team
from matches.loadgen import NotLoopback, loopback_target, run_load, spread
from matches.models import Season
from matches.workers import ROOT, current_database_url

DEMO_LEAGUE = "Badlands Sevens"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def gunicorn_start(
    *, workers: int, threads: int, page_cache: bool, log_path: Path
) -> tuple[subprocess.Popen[bytes], str]:
    """gunicorn as docker-compose runs it, on a free loopback port; returns
    the process and its base URL once it answers."""
    port = _free_port()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "False",
        "SECRET_KEY": os.environ.get("SECRET_KEY") or secrets.token_urlsafe(50),
        "DATABASE_URL": current_database_url(),
        "CACHE_URL": os.environ.get("CACHE_URL", ""),
        "PAGE_CACHE": str(page_cache),
        # Plain HTTP on loopback: production sits behind a TLS proxy.
        "SECURE_SSL_REDIRECT": "False",
        "LOG_LEVEL": "WARNING",
    }
    log_path.parent.mkdir(parents=True, exist_ok=True)
    log = log_path.open("wb")
    worker_class = ["--worker-class", "gthread", "--threads", str(threads)]
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "config.wsgi:application",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            *(worker_class if threads > 1 else []),
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise CommandError(f"gunicorn exited at start: see {log_path}")
        try:
            with urllib.request.urlopen(f"{base}/healthz", timeout=2):  # noqa: S310
                return proc, base
        except urllib.error.HTTPError:
            return proc, base  # it answers (a 503 names a part that is down)
        except OSError:
            time.sleep(0.2)
    proc.terminate()
    raise CommandError(f"gunicorn did not answer within 60 s: see {log_path}")


def gunicorn_stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


class Command(BaseCommand):
    help = "Load-test the team API, league and team pages and standings."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--requests", type=int, default=1000)
        parser.add_argument("--duration", type=float, default=8.0)
        parser.add_argument("--repeat", type=int, default=3)
        parser.add_argument("--concurrency", type=int, default=8)
        parser.add_argument("--warmup", type=int, default=50)
        parser.add_argument(
            "--league", type=int, help=f"league id (default: {DEMO_LEAGUE!r})"
        )
        parser.add_argument("--workers", type=int, default=3)
        parser.add_argument(
            "--threads",
            type=int,
            default=4,
            help="threads per gunicorn worker (more than 1: gthread, keep-alive)",
        )
        parser.add_argument(
            "--target",
            help="measure a server already running here (http://127.0.0.1:PORT)",
        )
        parser.add_argument(
            "--no-uncached",
            action="store_true",
            help="skip the reference run with PAGE_CACHE=False",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        target = options["target"]
        if target is not None:
            try:
                loopback_target(target)
            except NotLoopback as exc:
                raise CommandError(str(exc)) from None
        if options["requests"] < 1 or options["repeat"] < 1:
            raise CommandError("--requests and --repeat must be at least 1")
        if options["duration"] <= 0 or options["duration"] > 120:
            raise CommandError("--duration is 0–120 seconds")
        if not 1 <= options["concurrency"] <= 64:
            raise CommandError("--concurrency is 1–64")
        paths = self._paths(options["league"])
        figures: dict[str, Any] = {
            "machine": {
                "cpus": os.cpu_count(),
                "python": platform.python_version(),
                "load_average_at_start": [round(x, 2) for x in os.getloadavg()],
            },
            "settings": {
                k: options[k]
                for k in ("requests", "duration", "repeat", "concurrency", "warmup")
            },
            "paths": paths,
        }
        if target is not None:
            figures["target"] = target
            figures["cached"] = self._measure(target.rstrip("/"), paths, options)
        else:
            self._check_production_shape()
            figures["server"] = {
                "workers": options["workers"],
                "threads": options["threads"],
                "cache": "redis",
                "database": "postgresql",
            }
            modes = [True] if options["no_uncached"] else [True, False]
            for page_cache in modes:
                log = Path(settings.BASE_DIR) / "tests" / "artifacts" / "bench-web.log"
                proc, base = gunicorn_start(
                    workers=options["workers"],
                    threads=options["threads"],
                    page_cache=page_cache,
                    log_path=log,
                )
                try:
                    key = "cached" if page_cache else "uncached"
                    figures[key] = self._measure(base, paths, options)
                finally:
                    gunicorn_stop(proc)
        self.stdout.write(json.dumps(figures, indent=1))

    def _check_production_shape(self) -> None:
        if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
            raise CommandError("set DATABASE_URL=postgres://… (the production shape)")
        if not os.environ.get("CACHE_URL", "").startswith("redis"):
            raise CommandError("set CACHE_URL=redis://… (the production shape)")

    def _paths(self, league_id: int | None) -> dict[str, str]:
        if league_id is None:
            league = League.objects.filter(name=DEMO_LEAGUE).first()
            if league is None:
                self.stderr.write("no demo league yet: building it (manage.py demo)")
                call_command("demo", stdout=open(os.devnull, "w"))  # noqa: SIM115
                league = League.objects.get(name=DEMO_LEAGUE)
        else:
            league = League.objects.filter(pk=league_id).first()
            if league is None:
                raise CommandError(f"no league {league_id}")
        team = Team.objects.filter(league=league).order_by("pk").first()
        season = Season.objects.filter(league=league).order_by("-created_at").first()
        if team is None or season is None:
            raise CommandError(f"{league} needs a team and a season")
        return {
            "team_api": f"/api/teams/{team.pk}/",
            "league_page": f"/leagues/{league.pk}/",
            "team_page": f"/teams/{team.pk}/",
            "standings": f"/api/seasons/{season.pk}/standings/",
            "healthz": "/healthz",
        }

    def _measure(
        self, base: str, paths: dict[str, str], options: dict[str, Any]
    ) -> dict[str, Any]:
        concurrency = options["concurrency"]
        for path in paths.values():  # fill the caches, open connections
            run_load(
                base + path,
                requests=options["warmup"],
                duration=options["duration"],
                concurrency=concurrency,
            )
        runs: dict[str, list[Any]] = {name: [] for name in paths}
        for _ in range(options["repeat"]):
            # endpoint after endpoint in each round, so that a busy moment
            # of the machine spreads over all of them
            for name, path in paths.items():
                runs[name].append(
                    run_load(
                        base + path,
                        requests=options["requests"],
                        duration=options["duration"],
                        concurrency=concurrency,
                    )
                )
        return {
            name: {
                "req_per_s": spread([r.req_per_s for r in results]),
                "p50_ms": spread([r.percentile(50) for r in results]),
                "p99_ms": spread([r.percentile(99) for r in results]),
                "requests": sum(r.requests for r in results),
                "errors": sum(r.errors for r in results),
            }
            for name, results in runs.items()
        }
