"""Reads for the season loop on the pages: the champion, the playoff
bracket, the byes of each round, the round dates and the tables of each
division. Each runs a fixed number of queries whatever the size of the
season (the fixtures and standings come from :class:`SeasonView`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from league.models import Team
from matches.models import Match, RoundSchedule, Season
from matches.pages.selectors import (
    TIEBREAK_LABELS,
    Round,
    SeasonView,
    StandingLine,
)
from matches.seasons.scheduling import (
    playoff_round,
    playoff_rounds,
    playoff_seeds,
    season_rounds,
)
from matches.seasons.selectors import result_game, season_table, seasons_docked
from matches.seasons.services import playoff_winner
from matches.seasons.standings import Game

# --- rounds: dates and byes ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class RoundLine:
    """One round of fixtures with its date, deadline and byes."""

    round: Round
    dates: RoundSchedule | None
    byes: list[Team]
    # the playoff rounds' names (Semi-finals, Final), as in the bracket
    playoff_title: str = ""

    @property
    def title(self) -> str:
        if self.playoff_title:
            return f"{self.round.title}: {self.playoff_title}"
        return self.round.title

    @property
    def open(self) -> bool:
        return any(
            m.status in (Match.Status.SCHEDULED, Match.Status.IN_PROGRESS)
            for m in self.round.matches
        )


def season_byes(season: Season, team_ids: list[int]) -> dict[int, list[int]]:
    """The teams with a bye in each league round of the schedule (a round
    robin of an odd number of teams, or a smaller division whose rounds ran
    out). Read from the schedule the season was given, not from the
    fixtures: a team whose match was postponed out of a round has no bye
    there, only a match played later (and :func:`season_loop` drops the
    teams a postponed match brought into a round of their bye)."""
    groups = list(season.divisions.values()) or [sorted(team_ids)]
    rounds = season_rounds(groups, double=season.double_round_robin)
    everyone = set(team_ids)
    return {
        number: sorted(everyone - {t for pairing in pairings for t in pairing})
        for number, pairings in enumerate(rounds, start=1)
    }


def season_round_list(season: Season) -> list[Round]:
    """The season's rounds in order, without their matches."""
    keys = (
        Match.objects.filter(season=season)
        .order_by("stage", "round")
        .values_list("stage", "round")
        .distinct()
    )
    return [Round(stage, number, []) for stage, number in keys]


def season_round_dates(season: Season) -> dict[tuple[str, int], RoundSchedule]:
    return {(r.stage, r.round): r for r in RoundSchedule.objects.filter(season=season)}


# --- the bracket ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Tie:
    match: Match | None
    home: Team | None
    away: Team | None
    home_seed: int | None = None
    away_seed: int | None = None
    winner_id: int | None = None


@dataclass(frozen=True, slots=True)
class BracketRound:
    number: int
    title: str
    ties: list[Tie]
    byes: list[tuple[int, Team]] = field(default_factory=list)
    # the semi-finals' losers' match for 3rd place, beside the final
    third_place: bool = False

    @property
    def anchor(self) -> str:
        """The id of its heading on the page."""
        suffix = "-third-place" if self.third_place else ""
        return f"bracket-round-{self.number}{suffix}"


THIRD_PLACE_TITLE = "Third-place match"


def playoff_round_title(number: int, rounds: int) -> str:
    left = rounds - number
    if left == 0:
        return "Final"
    if left == 1:
        return "Semi-finals"
    if left == 2:
        return "Quarter-finals"
    return f"Round of {2 ** (left + 1)}"


def season_bracket(view: SeasonView) -> list[BracketRound]:
    """The playoff bracket, one column a round up to the final, then the
    third-place match where the semi-finals leave two losers (a bracket of
    four or more), once the first playoff round is scheduled: each tie with
    both teams (and their seeds), the score if played and the winner; the
    rounds still to be drawn as ties to be decided. A final drawn without a
    third-place match (before it was played) has no such column."""
    season, teams = view.season, view.teams
    playoffs = [r for r in view.rounds if r.stage == Match.Stage.PLAYOFF]
    if not season.playoff_teams or not playoffs:
        return []
    # seeded as season_schedule_playoffs seeds it (each division's best
    # first, in a season with divisions)
    seeded = playoff_seeds(
        [line.team.pk for line in view.standings],
        [[line.team.pk for line in t.lines] for t in _division_tables(view)]
        if season.divisions
        else [],
        season.playoff_teams,
    )
    seed = {team_id: i for i, team_id in enumerate(seeded, start=1)}
    _, byes = playoff_round(seeded)
    total = playoff_rounds(season.playoff_teams)
    drawn = {r.number: r for r in playoffs}

    def ties(matches: list[Match], size: int) -> list[Tie]:
        if not matches:
            return [Tie(None, None, None) for _ in range(size)]
        return [
            Tie(
                match=m,
                home=teams.get(m.home_id),
                away=teams.get(m.away_id),
                home_seed=seed.get(m.home_id),
                away_seed=seed.get(m.away_id),
                winner_id=playoff_winner(m)
                if m.status == Match.Status.COMPLETE
                else None,
            )
            for m in matches
        ]

    columns: list[BracketRound] = []
    size = 2**total
    for number in range(1, total + 1):
        size //= 2
        played = drawn[number].matches if number in drawn else []
        columns.append(
            BracketRound(
                number=number,
                title=playoff_round_title(number, total),
                ties=ties([m for m in played if not m.third_place], size),
                byes=[(seed[t], teams[t]) for t in byes] if number == 1 else [],
            )
        )
    final_round = drawn[total].matches if total in drawn else []
    third = [m for m in final_round if m.third_place]
    if third or (not final_round and season.playoff_teams >= 4):
        columns.append(
            BracketRound(
                number=total,
                title=THIRD_PLACE_TITLE,
                ties=ties(third, 1),
                third_place=True,
            )
        )
    return columns


# --- the page's view ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DivisionTable:
    anchor: str  # the id of its heading on the page
    name: str
    lines: list[StandingLine]


@dataclass(slots=True)
class SeasonLoop:
    """What the season page shows beyond :class:`SeasonView`."""

    rounds: list[RoundLine]
    bracket: list[BracketRound]
    divisions: list[DivisionTable]
    champion: Team | None

    @property
    def next_round(self) -> RoundLine | None:
        return next((r for r in self.rounds if r.open), None)


def _league_games(view: SeasonView) -> list[Game]:
    games = []
    for r in view.rounds:
        if r.stage != Match.Stage.LEAGUE:
            continue
        for m in r.matches:
            result = getattr(m, "result", None)
            if result is not None:
                games.append(result_game(result))
    return games


def _division_tables(view: SeasonView) -> list[DivisionTable]:
    """Each division's own table (its tiebreakers see only its games), from
    the results the season view has already read."""
    season = view.season
    games = _league_games(view)
    docked = seasons_docked([season.pk]).get(season.pk, {})
    tables = []
    for index, (name, ids) in enumerate(season.divisions.items(), start=1):
        members = sorted(set(ids) & set(view.teams))
        rows = season_table(season, members, games, docked)
        lines = [
            StandingLine(
                position=i,
                team=view.teams[row.team_id],
                row=row,
                decided_by=tuple(TIEBREAK_LABELS.get(n, n) for n in row.tiebreak_notes),
            )
            for i, row in enumerate(rows, start=1)
        ]
        tables.append(DivisionTable(f"division-{index}", name, lines))
    return tables


def _playing(r: Round) -> set[int]:
    """The teams with a fixture in round ``r``: a match postponed into a
    round where the schedule gave its teams a bye is no bye."""
    return {t for m in r.matches for t in (m.home_id, m.away_id)}


def _playoff_title(r: Round, playoff_teams: int) -> str:
    """A playoff round's name; the final's round holds the third-place
    match too, which is no second final."""
    title = playoff_round_title(r.number, playoff_rounds(playoff_teams))
    if any(m.third_place for m in r.matches):
        return f"{title} and {THIRD_PLACE_TITLE.lower()}"
    return title


def season_loop(view: SeasonView) -> SeasonLoop:
    season = view.season
    dates = season_round_dates(season)
    byes = season_byes(season, list(view.teams))
    rounds = [
        RoundLine(
            round=r,
            dates=dates.get((r.stage, r.number)),
            byes=[
                view.teams[t]
                for t in byes.get(r.number, [])
                if r.stage == Match.Stage.LEAGUE
                and t in view.teams
                and t not in _playing(r)
            ],
            playoff_title=_playoff_title(r, season.playoff_teams)
            if r.stage == Match.Stage.PLAYOFF and season.playoff_teams
            else "",
        )
        for r in view.rounds
    ]
    champion = (
        view.teams.get(season.champion_id) if season.champion_id is not None else None
    )
    return SeasonLoop(
        rounds=rounds,
        bracket=season_bracket(view),
        divisions=_division_tables(view) if season.divisions else [],
        champion=champion,
    )
