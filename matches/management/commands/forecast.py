"""``manage.py forecast``: forecast the scheduled fixtures whose forecast is
missing or out of date, in this process, with a progress bar; prints JSON
figures (how long one fixture's forecast took: median and spread).

``manage.py forecast --brier``: score the forecasts of played matches
against what happened (:mod:`matches.forecasts.score`) and print the
Brier scores as JSON."""

from __future__ import annotations

import json
import statistics
import sys
import time
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

from matches.forecasts.score import score_forecasts, scoreable_matches
from matches.forecasts.services import forecasts_due, match_forecast_refresh
from matches.models import Match
from matches.resolution.progress_bar import draw


class Command(BaseCommand):
    help = "Forecast scheduled fixtures, or score past forecasts (--brier)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--league", type=int, help="only this league")
        parser.add_argument("--games", type=int, help="games per fixture")
        parser.add_argument(
            "--brier", action="store_true", help="score forecasts of played matches"
        )
        parser.add_argument("--limit", type=int, help="at most this many matches")

    def handle(self, *args: Any, **options: Any) -> None:
        games = options["games"] or settings.FORECAST_GAMES
        started = time.monotonic()
        if options["brier"]:
            matches = scoreable_matches(options["league"])[: options["limit"]]
            report = score_forecasts(
                matches,
                games=games,
                progress=lambda done, total: draw(sys.stderr, done, total, started),
            )
            sys.stderr.write("\n")
            self.stdout.write(json.dumps(report.as_dict(), indent=1))
            return
        due = forecasts_due()
        if options["league"] is not None:
            mine = set(
                Match.objects.filter(season__league_id=options["league"]).values_list(
                    "pk", flat=True
                )
            )
            due = [m for m in due if m in mine]
        due = due[: options["limit"]]
        seconds: list[float] = []
        for i, match_id in enumerate(due):
            row = match_forecast_refresh(match_id=match_id, games=games)
            if row is not None:
                seconds.append(row.seconds)
            draw(sys.stderr, i + 1, len(due), started)
        sys.stderr.write("\n")
        figures: dict[str, Any] = {"fixtures": len(seconds), "games_per_fixture": games}
        if seconds:
            figures["seconds_per_fixture"] = {
                "median": round(statistics.median(seconds), 3),
                "min": round(min(seconds), 3),
                "max": round(max(seconds), 3),
            }
        self.stdout.write(json.dumps(figures, indent=1))
