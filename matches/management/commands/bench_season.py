"""``python manage.py bench_season``: how fast a whole season resolves
through real Celery workers on Redis and PostgreSQL."""

from __future__ import annotations

import json
import os
import secrets
import statistics
import sys
import time
from pathlib import Path
from typing import Any, TextIO

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from engine.facade import Variant, get_variant, rules_data, suggest_draft, variants
from league.services.leagues import league_create
from league.services.teams import PlayerRequest, team_draft
from matches.engine_bridge import engine_play
from matches.models import Match, MatchEvent, Season
from matches.resolution.digest import season_state_digest
from matches.resolution.progress import season_resolve_start
from matches.resolution.progress_bar import resolve_with_progress
from matches.resolution.resolve import match_engine_inputs
from matches.seasons.services import season_create, season_schedule
from matches.workers import worker_start, worker_stop


class Command(BaseCommand):
    help = "Resolve a full single round robin through real workers and time it."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--teams", type=int, default=16)
        parser.add_argument("--format", default="sevens", choices=sorted(variants()))
        parser.add_argument(
            "--workers",
            type=int,
            default=os.cpu_count() or 2,
            help="worker processes (default: one per core)",
        )
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument(
            "--repeat",
            type=int,
            default=1,
            help="seasons to resolve, each with new teams (median and spread)",
        )
        parser.add_argument(
            "--digest",
            action="store_true",
            help="print a fingerprint of each season's final state (the same "
            "seed gives the same one, whatever the workers or the code's speed)",
        )
        parser.add_argument(
            "--json", action="store_true", help="print only JSON figures"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if (
            settings.CELERY_TASK_ALWAYS_EAGER
            or not settings.CELERY_BROKER_URL.startswith("redis")
        ):
            raise CommandError(
                "set CELERY_BROKER_URL=redis://… (the benchmark uses real workers)"
            )
        if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
            raise CommandError(
                "set DATABASE_URL=postgres://… (the benchmark uses PostgreSQL)"
            )
        if options["repeat"] < 1:
            raise CommandError("--repeat must be at least 1")
        fmt = get_variant(options["format"])
        out = open(os.devnull, "w") if options["json"] else sys.stdout  # noqa: SIM115
        runs = [
            self._run(fmt, options, out, run=i + 1) for i in range(options["repeat"])
        ]
        walls = [r["wall_seconds"] for r in runs]
        engines = [r["engine_seconds"] for r in runs]
        matches = runs[0]["matches"]
        wall = statistics.median(walls)
        engine = statistics.median(engines)
        figures = {
            "format": fmt.name,
            "teams": options["teams"],
            "matches": matches,
            "workers": options["workers"],
            "runs": len(runs),
            # the whole season through the workers, first queued to last
            # post-game done
            "wall_seconds": round(wall, 2),
            "wall_spread": [round(min(walls), 2), round(max(walls), 2)],
            "matches_per_s": round(matches / wall, 2),
            # the same matches played again by the engine alone, in this
            # process, one after the other (no database, no queue), right
            # after each run: the reference for a busy machine
            "engine_seconds": round(engine, 2),
            "engine_spread": [round(min(engines), 2), round(max(engines), 2)],
            "engine_ms_per_match": round(1000 * engine / max(matches, 1), 1),
            # median over the runs of each run's wall / engine
            "wall_to_engine": round(
                statistics.median(w / e for w, e in zip(walls, engines, strict=True)),
                2,
            ),
            "complete": [r["complete"] for r in runs],
            "events": [r["events"] for r in runs],
        }
        if options["digest"]:
            figures["digests"] = [r["digest"] for r in runs]
        self.stdout.write(json.dumps(figures))

    def _run(
        self, fmt: Variant, options: dict[str, Any], out: TextIO, *, run: int
    ) -> dict[str, Any]:
        """Draft the teams, resolve the season on fresh workers, then play
        the same matches with the engine alone."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        user, _ = get_user_model().objects.get_or_create(username="bench")
        league = league_create(
            commissioner=user, name=f"Bench {stamp} #{run}", format=fmt.name
        )
        rosters = list(rules_data(league.rules_version).rosters.values())
        for i in range(options["teams"]):
            roster = rosters[i % len(rosters)]
            draft = suggest_draft(fmt, roster)
            team_draft(
                league=league,
                coach=user,
                name=f"{roster.name} {i + 1}",
                roster=roster.slug,
                players=[PlayerRequest(p, n) for p, n in draft.players],
                rerolls=draft.rerolls,
                apothecary=draft.apothecary,
                special_rule=draft.special_rule or "",
            )
        season = season_create(league=league, name="Bench", seed=options["seed"])
        season_schedule(season_id=season.pk)
        progress, _ = season_resolve_start(season_id=season.pk, scope="season")
        logs = Path(settings.BASE_DIR) / "tests" / "artifacts"
        # The workers run as in production (DEBUG off: no per-query
        # bookkeeping), whatever this command's own settings.
        worker_env = {
            "DEBUG": "False",
            "SECRET_KEY": os.environ.get("SECRET_KEY") or secrets.token_urlsafe(50),
        }
        workers = [
            worker_start(log_path=logs / f"bench-worker-{i}.log", env=worker_env)
            for i in range(options["workers"])
        ]
        try:
            seconds = resolve_with_progress(progress, out)
        finally:
            for proc in workers:
                worker_stop(proc)
        figures: dict[str, Any] = {
            "matches": len(progress.match_ids),
            "wall_seconds": seconds,
            "engine_seconds": _engine_only(season),
            "complete": Match.objects.filter(season=season, status="complete").count(),
            "events": MatchEvent.objects.filter(match__season=season).count(),
        }
        if options["digest"]:
            figures["digest"] = season_state_digest(season)["sha256"]
        return figures


def _engine_only(season: Season) -> float:
    """Seconds the engine alone takes to play the season's matches again
    from the very inputs the workers used (single process)."""
    inputs = [
        match_engine_inputs(m)
        for m in Match.objects.filter(season=season).select_related("season")
    ]
    started = time.perf_counter()
    for kwargs in inputs:
        engine_play(**kwargs)
    return time.perf_counter() - started
