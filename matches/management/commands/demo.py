"""``python manage.py demo``: build the demo world and play its season."""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand

from league.rules import settings_rules
from league.services.demo import demo_build
from matches.models import Match
from matches.progress_bar import draw, resolve_with_progress
from matches.selectors import season_standings
from matches.services.demo import (
    DEMO_SEASONS,
    demo_advance_players,
    demo_disputed_report,
    demo_season,
    demo_star_match,
)
from matches.services.forecasts import forecasts_due, match_forecast_refresh
from matches.services.progress import match_resolve_start, season_resolve_start


class Command(BaseCommand):
    help = "Create the demo accounts, leagues and teams, resolve the demo season."

    def handle(self, *args: Any, **options: Any) -> None:
        for line in demo_build():
            self.stdout.write(line)
        for which in DEMO_SEASONS:
            self._season(which)
        self._star_match()
        for line in demo_disputed_report():
            self.stdout.write(line)
        self._forecasts()
        self.stdout.write(
            "\nDemo accounts: admin/admin (superuser), commish/commish (commissioner), "
            "bob/bob and carla/carla (coaches)."
        )

    def _forecasts(self) -> None:
        """Forecast every fixture still to play (the engine, in this
        process; on the embedded default nothing else would)."""
        due = forecasts_due()
        if not due:
            return
        self.stdout.write(f"forecasting {len(due)} fixtures with the engine:")
        started = time.monotonic()
        for i, match_id in enumerate(due, start=1):
            match_forecast_refresh(match_id=match_id)
            draw(self.stdout, i, len(due), started)
        self.stdout.write("")

    def _star_match(self) -> None:
        """One Blood Bowl match with two Star Players, resolved on its own;
        the rest of that season stays scheduled."""
        hired = demo_star_match()
        if hired is None:
            return
        match, lines = hired
        for line in lines:
            self.stdout.write(line)
        self.stdout.write(f"resolving {match} with the engine:")
        progress, _ = match_resolve_start(match_id=match.pk)
        resolve_with_progress(progress, self.stdout)

    def _season(self, which: tuple[str, str, int]) -> None:
        season, created = demo_season(which)
        if created:
            self.stdout.write(f"scheduled {season} ({season.matches.count()} matches)")
        if season.matches.exclude(status=Match.Status.COMPLETE).exists():
            self.stdout.write(f"resolving {season} with the engine:")
            progress, _ = season_resolve_start(season_id=season.pk, scope="season")
            resolve_with_progress(progress, self.stdout)
            # Once, right after the season is played: spend its SPP.
            advanced = demo_advance_players(season)
            self.stdout.write(
                f"\nAdvancements bought with the season's SPP ({len(advanced)}):"
            )
            for line in advanced:
                self.stdout.write(f"  {line}")
        names = dict(season.teams.values_list("pk", "name"))
        self.stdout.write(f"\nStandings, {season}:")
        # the scores are points where the format scores points (Blitz Bowl)
        score = (
            "PF-PA"
            if settings_rules(season.settings).variant.score_name == ("points")
            else "TD"
        )
        self.stdout.write(
            f"{'':>3} {'team':<26}{'P':>3}{'W':>3}{'D':>3}{'L':>3}"
            f"{score:>6}{'CAS':>5}{'Pts':>5}"
        )
        for i, row in enumerate(season_standings(season), start=1):
            self.stdout.write(
                f"{i:>3} {names[row.team_id]:<26}{row.played:>3}{row.won:>3}{row.drawn:>3}"
                f"{row.lost:>3}{row.td_diff:>+6}{row.cas_diff:>+5}{row.points:>5}"
            )
