"""``python manage.py demo``: build the demo world and play its seasons.

``--background`` (what ``make demo`` runs) returns as soon as the leagues
exist: the accounts, leagues, teams and every season's fixtures, the Star
Player match played and the disputed report decided. The seasons'
resolutions are started (each league page shows the progress bar from then
on) and finished by a background process, ``demo --finish seasons``, the
landing league's first; the forecasts of the fixtures left by another,
``demo --finish forecasts``. Both carry on while the server starts and
runs; the Ctrl-C that stops the server stops them, and the next run goes on
where they stopped.
"""

from __future__ import annotations

import argparse
import io
import socket
import subprocess
import sys
import time
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

from league.rules import settings_rules
from league.services.demo import demo_build
from matches.demo import (
    DEMO_SEASONS,
    demo_advance_players,
    demo_disputed_report,
    demo_matches_left,
    demo_postgames_left,
    demo_season,
    demo_seasons_in_order,
    demo_star_match,
)
from matches.forecasts.services import forecasts_due, match_forecast_refresh
from matches.models import Match, Season
from matches.queue import postgame_queue
from matches.resolution.progress import match_resolve_start, season_resolve_start
from matches.resolution.progress_bar import draw, resolve_with_progress
from matches.seasons.selectors import season_standings

# What a background process finishes: ``demo --finish <part>``.
SEASONS, FORECASTS = "seasons", "forecasts"
# Seconds a background process waits for the server to answer before it
# starts anyway (a server that failed to start, say).
SERVER_WAIT = 120.0
# Seconds the seasons' process pauses after each match, so that the
# server's writes (a login, a commissioner's page) wait at most for one
# match, not for a whole season (see resolve_with_progress). SQLite's
# waiting writer tries every 100 ms; twice that leaves room for a busy CPU.
YIELD_SECONDS = 0.2


def server_address(value: str) -> tuple[str, int]:
    """``host:port``, as ``--when-served`` takes it."""
    host, _, port = value.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise argparse.ArgumentTypeError(f"{value!r} is not host:port")
    return host, int(port)


def wait_for_server(address: tuple[str, int], *, timeout: float = SERVER_WAIT) -> bool:
    """Wait until something accepts connections at ``address``; whether it
    did within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            with socket.create_connection(address, timeout=1):
                return True
        except OSError:
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.2)


def spawn_background(part: str, when_served: tuple[str, int] | None) -> None:
    """Start ``manage.py demo --finish <part>`` beside this process, on the
    same database (the environment is inherited), to start once the server
    at ``when_served`` answers. It stays in this process's group, so the
    Ctrl-C that stops ``make demo``'s server stops it too; it writes its
    lines to the same terminal."""
    wait = ["--when-served", "{}:{}".format(*when_served)] if when_served else []
    subprocess.Popen(
        [
            sys.executable,
            str(settings.BASE_DIR / "manage.py"),
            "demo",
            "--finish",
            part,
            *wait,
        ],
        cwd=settings.BASE_DIR,
        stdin=subprocess.DEVNULL,
    )


def _postgames_finish(season: Season) -> None:
    """Run the post-games a stopped run left half done."""
    postgame_queue(demo_postgames_left(season))


class Command(BaseCommand):
    help = "Create the demo accounts, leagues and teams, resolve the demo seasons."
    # make demo runs the system checks in migrate, just before, and in
    # runserver; a background process would only slow the server's start.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--background",
            action="store_true",
            help="return once the leagues exist, leaving the seasons and the "
            "forecasts to background processes (make demo)",
        )
        parser.add_argument(
            "--finish",
            choices=(SEASONS, FORECASTS),
            help="finish the demo's seasons or its forecasts (what --background "
            "starts in the background)",
        )
        parser.add_argument(
            "--when-served",
            type=server_address,
            metavar="HOST:PORT",
            help="the background work starts once the server at HOST:PORT "
            "answers, so that it does not slow the server's start",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["finish"]:
            if options["when_served"]:
                wait_for_server(options["when_served"])
            self._finish(options["finish"])
            return
        for line in demo_build():
            self.stdout.write(line)
        for which in DEMO_SEASONS:
            self._schedule(which)
        self._star_match()
        for line in demo_disputed_report():
            self.stdout.write(line)
        if options["background"]:
            self._background(options["when_served"])
        else:
            for season in demo_seasons_in_order():
                self._season(season)
            self._forecasts()
        self.stdout.write(
            "\nDemo accounts: admin/admin (superuser), commish/commish (commissioner), "
            "bob/bob and carla/carla (coaches)."
        )

    # --- the background ----------------------------------------------------

    def _background(self, when_served: tuple[str, int] | None) -> None:
        """Start the seasons' resolutions, so that their league pages show
        the progress bar at once, and hand them and the forecasts to
        background processes."""
        seasons = []
        for season in demo_seasons_in_order():
            _postgames_finish(season)
            if season.matches.filter(status=Match.Status.SCHEDULED).exists():
                season_resolve_start(season_id=season.pk, scope="season")
                seasons.append(season)
        due = forecasts_due()
        if seasons:
            spawn_background(SEASONS, when_served)
        if due:
            spawn_background(FORECASTS, when_served)
        if not (seasons or due):
            return
        self.stdout.write(
            "\nStill to come, in the background while the site is served:"
        )
        for season in seasons:
            left = demo_matches_left(season)
            self.stdout.write(
                f"  {season} ({left} matches): its league page shows the progress bar"
            )
        if due:
            self.stdout.write(
                f"  the forecasts of {len(due)} fixtures: their season page counts them"
            )

    def _finish(self, part: str) -> None:
        """One background process's work; a line for each thing done."""
        started = time.monotonic()
        try:
            if part == SEASONS:
                for season in demo_seasons_in_order():
                    self._finish_season(season)
            else:
                due = forecasts_due()
                for match_id in due:
                    match_forecast_refresh(match_id=match_id)
                self.stdout.write(
                    f"demo: forecast {len(due)} fixtures in "
                    f"{time.monotonic() - started:.0f} s"
                )
        except KeyboardInterrupt:
            self.stdout.write(f"demo: {part} stopped; the next `make demo` goes on")

    def _finish_season(self, season: Season) -> None:
        _postgames_finish(season)
        if not season.matches.filter(status=Match.Status.SCHEDULED).exists():
            return
        progress, _ = season_resolve_start(season_id=season.pk, scope="season")
        bar = io.StringIO()
        seconds = resolve_with_progress(progress, bar, pause=YIELD_SECONDS)
        advanced = demo_advance_players(season)
        self.stdout.write(
            f"demo: resolved {season} ({len(progress.match_ids)} matches) in "
            f"{seconds:.0f} s; {len(advanced)} advancements bought"
        )
        for line in bar.getvalue().splitlines():
            if " not resolved: " in line:
                self.stdout.write(f"demo: {line}")

    # --- in this process ---------------------------------------------------

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

    def _schedule(self, which: tuple[str, str, int]) -> None:
        season, created = demo_season(which)
        if created:
            self.stdout.write(f"scheduled {season} ({season.matches.count()} matches)")

    def _season(self, season: Season) -> None:
        _postgames_finish(season)
        if season.matches.filter(status=Match.Status.SCHEDULED).exists():
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
        self._standings(season)

    def _standings(self, season: Season) -> None:
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
