"""Reads for seasons and matches."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from django.db.models import QuerySet, Sum

from engine.facade import conceded_score
from league.rules import settings_rules
from matches.models import Match, MatchEvent, MatchResult, PointsDeduction, Season
from matches.seasons.casualties import result_casualties_caused
from matches.seasons.scheduling import playoff_rounds
from matches.seasons.services import playoff_winner
from matches.seasons.standings import Game, Row, table


def season_league_id(season_id: int) -> int | None:
    return (
        Season.objects.filter(pk=season_id).values_list("league_id", flat=True).first()
    )


def season_division_standings(season: Season) -> dict[str, list[Row]]:
    """One table per division (or one, named "", without divisions)."""
    if not season.divisions:
        return {"": season_standings(season)}
    return {
        name: season_standings(season, team_ids=ids)
        for name, ids in season.divisions.items()
    }


def season_standings(season: Season, *, team_ids: list[int] | None = None) -> list[Row]:
    """The league table from every league-stage match with a result (of the
    given teams only, for a division's table)."""
    results = MatchResult.objects.filter(
        match__season=season, match__stage=Match.Stage.LEAGUE
    ).select_related("match")
    teams = (
        team_ids
        if team_ids is not None
        else sorted(season.teams.values_list("pk", flat=True))
    )
    docked = seasons_docked([season.pk]).get(season.pk, {})
    return season_table(season, teams, [result_game(r) for r in results], docked)


def seasons_standings(seasons: Sequence[Season]) -> dict[int, list[Row]]:
    """The whole league table of each of ``seasons`` (as
    :func:`season_standings` gives it), in three queries however many seasons
    and matches there are."""
    ids = [s.pk for s in seasons]
    results = MatchResult.objects.filter(
        match__season_id__in=ids, match__stage=Match.Stage.LEAGUE
    ).select_related("match")
    games: dict[int, list[Game]] = defaultdict(list)
    for r in results:
        games[r.match.season_id].append(result_game(r))
    teams: dict[int, list[int]] = defaultdict(list)
    for season_id, team_id in Season.teams.through.objects.filter(
        season_id__in=ids
    ).values_list("season_id", "team_id"):
        teams[season_id].append(team_id)
    docked = seasons_docked(ids)
    return {
        s.pk: season_table(s, sorted(teams[s.pk]), games[s.pk], docked.get(s.pk, {}))
        for s in seasons
    }


def seasons_places(
    seasons: Sequence[Season],
) -> dict[tuple[int, int], tuple[int, int, str]]:
    """Each team's place in each of ``seasons``: (season id, team id) ->
    (place, teams in the table, division name or ""), within its division
    where the season has divisions (as the team page gives it). A season
    with no league result yet gives no place: its table would be the order
    of a coin flip. Three queries however many seasons and matches there
    are."""
    ids = [s.pk for s in seasons]
    results = MatchResult.objects.filter(
        match__season_id__in=ids, match__stage=Match.Stage.LEAGUE
    ).select_related("match")
    games: dict[int, list[Game]] = defaultdict(list)
    for r in results:
        games[r.match.season_id].append(result_game(r))
    teams: dict[int, list[int]] = defaultdict(list)
    for season_id, team_id in Season.teams.through.objects.filter(
        season_id__in=ids
    ).values_list("season_id", "team_id"):
        teams[season_id].append(team_id)
    places: dict[tuple[int, int], tuple[int, int, str]] = {}
    docked = seasons_docked(ids)
    for season in seasons:
        if not games[season.pk]:
            continue
        groups = season.divisions or {"": teams[season.pk]}
        for name, members in groups.items():
            rows = season_table(
                season, sorted(members), games[season.pk], docked.get(season.pk, {})
            )
            for place, row in enumerate(rows, start=1):
                places[season.pk, row.team_id] = (place, len(rows), name)
    return places


def result_game(r: MatchResult) -> Game:
    """One result as the table counts it (``r.match`` is read)."""
    # The casualties that earned SPP: those a named opposition player who
    # earns SPP was credited with (the report refuses a team-mate as the
    # cause; a report's are bounded by its players' casualties inflicted),
    # to the rostered players and to the players hired for the match alike,
    # and those an engine-played match's victims regenerated from.
    caused = result_casualties_caused(
        home_id=r.match.home_id,
        away_id=r.match.away_id,
        recorded=r.mode == Match.Mode.RECORDED,
        casualties=r.casualties,
        hired=r.hired_casualties,
        player_stats=r.player_stats,
        summary=r.summary or {},
    )
    home_score, away_score = result_score(r)
    return Game(
        r.match.home_id,
        r.match.away_id,
        home_score,
        away_score,
        r.home_casualties,
        r.away_casualties,
        caused.home_spp,
        caused.away_spp,
        unplayed=r.unplayed,
        both_lost=r.both_lost,
    )


def result_score(r: MatchResult) -> tuple[int, int]:
    """The final score (home, away): a report gives the touchdowns scored
    on the pitch, to which a concession's award is added here; a match the
    engine played has it in its score already (as the post-game's outcome
    step reads them), and so has an unplayed fixture (1-0 to the team that
    did not concede)."""
    if r.conceded_by_id is None or r.mode != Match.Mode.RECORDED:
        return r.home_score, r.away_score
    side: Literal["home", "away"] = (
        "home" if r.conceded_by_id == r.match.home_id else "away"
    )
    return conceded_score(r.home_score, r.away_score, side)


def seasons_docked(season_ids: Sequence[int]) -> dict[int, dict[int, int]]:
    """The League points docked in each of ``season_ids``, by team, less
    those the commissioner withdrew (one query)."""
    docked: dict[int, dict[int, int]] = defaultdict(dict)
    rows = (
        PointsDeduction.objects.filter(
            season_id__in=list(season_ids), withdrawn_at__isnull=True
        )
        .order_by()
        .values("season_id", "team_id")
        .annotate(total=Sum("points"))
    )
    for row in rows:
        docked[row["season_id"]][row["team_id"]] = int(row["total"])
    return docked


def season_table(
    season: Season,
    teams: list[int],
    games: list[Game],
    docked: Mapping[int, int] | None = None,
) -> list[Row]:
    """The table of ``teams`` from those of ``games`` between two of them,
    by the season's points, tiebreakers and bonus League points,
    less the points ``docked``."""
    games = [g for g in games if g.home in teams and g.away in teams]
    settings = season.settings
    return table(
        sorted(teams),
        games,
        points=settings.get("points", (3, 1, 0)),
        tiebreakers=settings.get("tiebreakers", ()),
        seed=season.seed,
        # a season pinned before formats were pinned has no bonus
        bonuses=settings_rules(settings).points_bonuses()
        if "format" in settings
        else (),
        docked=docked,
    )


def match_detail_qs() -> QuerySet[Match]:
    return Match.objects.select_related("season__league", "home", "away", "result")


CARD_GAME_KEYS = (
    "cards",
    "points",
    "touchdowns",
    "cards_claimed",
    "clean_sweeps",
    "winner",
    "how",
)


def match_card_game(result: MatchResult) -> dict[str, Any] | None:
    """A card format's result (Blitz Bowl: each team's card, points,
    touchdowns, cards claimed, Clean Sweeps, winner, how it ended) from the
    result's summary; None for a format that plays rosters, and for an
    unplayed fixture."""
    settings = result.match.season.settings
    if not settings_rules(settings).variant.drafts_team_card or result.unplayed:
        # an unplayed fixture's cards were never played
        return None
    summary = result.summary or {}
    return {k: summary.get(k) for k in CARD_GAME_KEYS}


def match_events(
    match: Match, *, types: list[str] | None = None
) -> QuerySet[MatchEvent]:
    qs = MatchEvent.objects.filter(match=match).order_by("seq")
    if types:
        qs = qs.filter(type__in=types)
    return qs


def season_final(season: Season, playoffs: list[Match]) -> Match | None:
    """The playoff final of ``season`` (``playoffs``: its playoff matches
    with their results), once it is complete; the third-place match beside
    it in its round is not the final."""
    if not season.playoff_teams:
        return None
    last = playoff_rounds(season.playoff_teams)
    finals = [m for m in playoffs if m.round == last and not m.third_place]
    if len(finals) != 1 or finals[0].status != Match.Status.COMPLETE:
        return None
    return finals[0]


def season_champion_id(
    season: Season,
    *,
    standings: list[Row] | None = None,
    playoffs: list[Match] | None = None,
) -> int | None:
    """Who won ``season``: with playoffs, the final's winner (None until the
    final is complete); without, the top of the league table (None while no
    match has been played).

    Decision: with divisions and no playoffs, the champion is the top of
    the table of every team of the season (the same table that seeds the
    playoffs); each division's winner is shown on its own table."""
    if season.playoff_teams:
        if playoffs is None:
            playoffs = list(
                season.matches.filter(stage=Match.Stage.PLAYOFF).select_related(
                    "result"
                )
            )
        final = season_final(season, playoffs)
        return playoff_winner(final) if final is not None else None
    return table_champion(
        standings if standings is not None else season_standings(season)
    )


def table_champion(rows: list[Row]) -> int | None:
    """The top of a league table, or None while nobody has played."""
    return rows[0].team_id if rows and rows[0].played else None
