"""``python manage.py live_bench``: the round trip of a live match's decision
under load, from the coach's POST until both coaches' pages (websockets)
hold the new state.

It starts daphne as docker-compose's ``asgi`` service runs it (DEBUG off,
the Redis channel layer from ``CHANNEL_LAYER_URL``) on a free loopback
port, or measures one already running (``--target``, loopback only). It
makes a Sevens league of its own with ``--matches`` first-round fixtures
played live by two coaches each, and plays ``--decisions`` decisions in
every match at once. The reference, in the same run: the same with one
match. Each coach thinks ``--think`` seconds on average before a
decision (0: back to back, a stress test). Bounded: at most ``--matches``
x ``--decisions`` decisions; the league is removed afterwards. Prints JSON (see docs/benchmarks.md)."""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.test.utils import override_settings

from matches.live.bench import (
    BenchMatch,
    Servers,
    bench_world,
    bench_world_delete,
    run,
)
from matches.loadgen import NotLoopback, loopback_target
from matches.management.commands.bench_load import (
    _free_port,
    gunicorn_start,
    gunicorn_stop,
)
from matches.workers import ROOT, current_database_url

TARGET_P95_MS = 150


def daphne_start(log_path: Path, key: str) -> tuple[subprocess.Popen[bytes], str]:
    """daphne on a free loopback port, once it answers; with this process's
    database, cache and channel layer, and the secret ``key`` the
    benchmark signs the coaches' sessions with."""
    if not settings.CHANNEL_LAYER_URL:
        raise CommandError("set CHANNEL_LAYER_URL (redis://...): the live pushes")
    port = _free_port()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "False",
        "SECRET_KEY": key,
        "DATABASE_URL": current_database_url(),
        "CACHE_URL": os.environ.get("CACHE_URL", ""),
        "CHANNEL_LAYER_URL": settings.CHANNEL_LAYER_URL,
        "SECURE_SSL_REDIRECT": "False",
        "LOG_LEVEL": "WARNING",
    }
    log_path.parent.mkdir(parents=True, exist_ok=True)
    log = log_path.open("wb")
    command = [sys.executable, "-m", "daphne", "--bind", "127.0.0.1"]
    proc = subprocess.Popen(
        [*command, "--port", str(port), "config.asgi:application"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise CommandError(f"daphne exited at start: see {log_path}")
        try:
            with urllib.request.urlopen(f"{base}/healthz", timeout=2):  # noqa: S310
                return proc, base
        except urllib.error.HTTPError:
            return proc, base  # it answers (a 503 names a part that is down)
        except OSError:
            time.sleep(0.2)
    proc.terminate()
    raise CommandError(f"daphne did not answer within 60 s: see {log_path}")


class Command(BaseCommand):
    help = "Time live decisions until both coaches' pages have the new state."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--matches", type=int, default=20)
        parser.add_argument("--decisions", type=int, default=20)
        parser.add_argument(
            "--think",
            type=float,
            default=1.0,
            help="a coach's mean seconds before each decision (0: none, a stress test)",
        )
        parser.add_argument(
            "--target",
            help="measure a server already running here (http://127.0.0.1:PORT)",
        )
        parser.add_argument(
            "--posts-to",
            choices=("asgi", "web"),
            default="asgi",
            help="send the decisions to daphne (asgi) or, as production's proxy"
            " does, to gunicorn (web: 3 workers x 4 threads); the pages' sockets"
            " are daphne's",
        )
        parser.add_argument(
            "--log",
            default=str(ROOT / "tests" / "artifacts" / "bench-live-daphne.log"),
        )

    def handle(self, *args: Any, **options: Any) -> None:
        n, decisions = options["matches"], options["decisions"]
        think = options["think"]
        if not 1 <= n <= 100 or not 1 <= decisions <= 1000 or not 0 <= think <= 60:
            raise CommandError("--matches 1..100, --decisions 1..1000, --think 0..60")
        procs: list[subprocess.Popen[bytes]] = []
        # servers of our own get a key of their own; one running already
        # must share this process's SECRET_KEY (the sessions are signed)
        key = settings.SECRET_KEY
        log = Path(options["log"])
        try:
            if options["target"]:
                host, port = loopback_target(options["target"])
                servers = Servers((host, port), (host, port))
            else:
                key = secrets.token_urlsafe(50)
                servers = self._start(key, log, options["posts_to"], procs)
        except NotLoopback as exc:
            raise CommandError(f"{exc} is not a loopback address") from None
        csrf = secrets.token_hex(16)  # 32 characters: a CSRF secret
        worlds: list[list[BenchMatch]] = []
        try:
            with override_settings(SECRET_KEY=key):
                reference = bench_world(1, csrf)
                worlds.append(reference)
                loaded = bench_world(n, csrf)
                worlds.append(loaded)
            ref = asyncio.run(run(reference, servers, decisions, csrf, think))
            load = asyncio.run(run(loaded, servers, decisions, csrf, think))
        finally:
            for proc in procs:
                gunicorn_stop(proc)
            for world in worlds:
                bench_world_delete(world)
        figures = {
            "server": options["target"] or "daphne",
            "decisions_to": options["target"] or options["posts_to"],
            # the layer the servers push through: ours are given CHANNEL_LAYER_URL
            "channel_layer": "the target's" if options["target"] else "redis",
            "matches": n,
            "decisions_per_match": decisions,
            "think_s": think,
            **load.summary(),
            "target_p95_ms": TARGET_P95_MS,
            "reference_one_match": ref.summary(),
        }
        self.stdout.write(json.dumps(figures, indent=2))

    def _start(
        self, key: str, log: Path, posts_to: str, procs: list[subprocess.Popen[bytes]]
    ) -> Servers:
        proc, base = daphne_start(log, key)
        procs.append(proc)
        sockets = loopback_target(base)
        if posts_to == "asgi":
            return Servers(sockets, sockets)
        # gunicorn as docker-compose's web service, with the same key and layer
        saved = {v: os.environ.get(v) for v in ("SECRET_KEY", "CHANNEL_LAYER_URL")}
        os.environ.update(SECRET_KEY=key, CHANNEL_LAYER_URL=settings.CHANNEL_LAYER_URL)
        try:
            web, url = gunicorn_start(
                workers=3,
                threads=4,
                page_cache=True,
                log_path=log.with_name("bench-live-web.log"),
            )
        finally:
            for name, value in saved.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value
        procs.append(web)
        return Servers(sockets, loopback_target(url))
