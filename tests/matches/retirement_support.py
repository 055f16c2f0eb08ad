"""A recorded match whose post-game has run, for the temporary retirement
tests (post-game_sequence.md "Temporarily Retiring": a player may retire in
the post-game of a game in which he suffered a Lasting Injury)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from league.models import League, Team
from matches.models import Match, Season
from matches.reports.lines import CasualtyLine, Report
from matches.reports.report import match_submit_report
from matches.seasons.services import season_create, season_schedule


def play_reported(
    league: League,
    home: Team,
    away: Team,
    actor,
    capture: Callable,
    *,
    casualties: Sequence[CasualtyLine] = (),
) -> Match:
    """A new season of ``home`` and ``away`` whose one match ``actor`` (the
    commissioner: no confirmation waits) reports 0-0 with ``casualties``;
    its post-game runs to the end."""
    season = season_create(
        league=league,
        name=f"Season {Season.objects.count() + 1}",
        team_ids=[home.pk, away.pk],
        seed=99,
    )
    (match,) = season_schedule(season_id=season.pk)
    report = Report(0, 0, casualties=list(casualties), fan_factor_rolls=(2, 2))
    with capture(execute=True):
        match_submit_report(match_id=match.pk, report=report, actor=actor)
    match.refresh_from_db()
    assert match.status == Match.Status.COMPLETE
    return match
