"""Reads for the top of the league page, "what matters now": the next round,
the latest results, the leaders and the season history.

Everything here works on the :class:`~matches.pages.selectors.SeasonView` the
league page builds anyway, plus a fixed number of queries for the history
(whatever the number of seasons, teams or matches): the page cache stores
the result per league generation (league/page_cache.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from league.models import Team
from matches.models import Match, RoundSchedule, Season, SeasonTeamArchive
from matches.pages.season_selectors import season_round_dates
from matches.pages.selectors import Leader, Round, SeasonView
from matches.seasons.selectors import seasons_standings, table_champion
from matches.seasons.services import playoff_winner

OPEN = (Match.Status.SCHEDULED, Match.Status.IN_PROGRESS)
# How many of each leaders board the top of the page shows.
TOP = 3


@dataclass(frozen=True, slots=True)
class PastSeason:
    season: Season
    # The champion of a closed season (None while it is not closed).
    champion: Team | None


@dataclass(frozen=True, slots=True)
class LeagueNow:
    season: Season | None
    next_round: Round | None
    latest: Round | None
    touchdowns: list[Leader]
    casualties: list[Leader]
    spp: list[Leader]
    spp_tracked: bool
    history: list[PastSeason]
    # The next round's date and report deadline, if the commissioner set them.
    next_dates: RoundSchedule | None = None


def next_round(view: SeasonView) -> Round | None:
    """The first round (league stage, then playoffs) with a match still to
    play; its matches already played stay in it, with their scores.

    Decision: a postponed match moves to a later round (match_postpone), so
    the "next round" is the one the schedule now gives it, not the round it
    was first drawn in."""
    return next(
        (r for r in view.rounds if any(m.status in OPEN for m in r.matches)), None
    )


def latest_results(view: SeasonView) -> Round | None:
    """The last round in which a match has a result, with only the matches
    that have one (a round half played shows what was played)."""
    for r in reversed(view.rounds):
        played = [m for m in r.matches if getattr(m, "result", None) is not None]
        if played:
            return Round(r.stage, r.number, played)
    return None


def season_champions(seasons: list[Season]) -> dict[int, int]:
    """The champion's team id of each closed season of ``seasons``.

    Decision: season_close stores no champion today, so it is read from the
    season's matches: a champion an archive records (``record["champion"]``,
    for a close that chooses one) first; else the winner of the playoff final
    (the last playoff round, when it has a single completed match besides
    the third-place match); else the
    top of the league table, tiebreakers applied (a season without playoffs,
    or one closed before its playoffs were played out). Four queries whatever
    the number of seasons."""
    closed = [s for s in seasons if s.status == Season.Status.CLOSED]
    if not closed:
        return {}
    ids = [s.pk for s in closed]
    # The champion a close recorded (Season.champion) comes first; the rest
    # is for seasons closed before it was recorded.
    champions: dict[int, int] = {
        s.pk: s.champion_id for s in closed if s.champion_id is not None
    }
    for season_id, team_id, record in SeasonTeamArchive.objects.filter(
        season_id__in=ids
    ).values_list("season_id", "team_id", "record"):
        if isinstance(record, dict) and record.get("champion"):
            champions[season_id] = team_id
    finals: dict[int, list[Match]] = {}
    for m in (
        Match.objects.filter(
            season_id__in=ids, stage=Match.Stage.PLAYOFF, third_place=False
        )
        .select_related("result")
        .defer("result__summary", "result__player_stats", "result__casualties")
        .order_by("season_id", "-round", "id")
    ):
        last = finals.setdefault(m.season_id, [m])
        if last[0] is not m and last[0].round == m.round:
            last.append(m)
    for season_id, last in finals.items():
        final = last[0]
        if (
            season_id not in champions
            and len(last) == 1
            and final.status == Match.Status.COMPLETE
            and getattr(final, "result", None) is not None
        ):
            champions[season_id] = playoff_winner(final)
    tables = seasons_standings([s for s in closed if s.pk not in champions])
    for season_id, rows in tables.items():
        top = table_champion(rows)
        if top is not None:
            champions[season_id] = top
    return champions


def league_history(seasons: list[Season]) -> list[PastSeason]:
    """Every season of the league, newest first, each closed one with its
    champion."""
    champions = season_champions(seasons)
    teams = Team.objects.in_bulk(set(champions.values())) if champions else {}
    return [
        PastSeason(
            season=s,
            champion=teams.get(champions[s.pk]) if s.pk in champions else None,
        )
        for s in seasons
    ]


def league_now(
    season: Season | None, view: SeasonView | None, seasons: list[Season]
) -> LeagueNow:
    coming = next_round(view) if view else None
    return LeagueNow(
        season=season,
        next_round=coming,
        next_dates=season_round_dates(season).get((coming.stage, coming.number))
        if season is not None and coming is not None
        else None,
        latest=latest_results(view) if view else None,
        touchdowns=view.touchdowns[:TOP] if view else [],
        casualties=view.casualties[:TOP] if view else [],
        spp=view.spp[:TOP] if view else [],
        spp_tracked=view.spp_tracked if view else True,
        # The season under way is the rest of the page; the history is
        # every other season (and this one too, once it is closed).
        history=[
            past
            for past in league_history(seasons)
            if season is None
            or past.season.pk != season.pk
            or season.status == Season.Status.CLOSED
        ],
    )
