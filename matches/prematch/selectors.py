"""Reads for the pre-match page: both teams' value and the gap between them,
the petty cash the rules give the underdog, who will be missing, each
team's record and place in the table, and every earlier meeting of the two.

The money comes from :func:`matches.prematch.inducements.inducement_sides`,
the same code the inducements page and the purchase service use, so the
preview can never state a budget the purchase would refuse.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q

from league.models import Player, Team
from league.selectors import team_roster_players, team_value_get
from matches.models import Match
from matches.prematch.inducements import Side, inducement_sides
from matches.seasons.selectors import season_division_standings
from matches.seasons.standings import Row


@dataclass(frozen=True, slots=True)
class Missing:
    player: Player
    reason: str


@dataclass(frozen=True, slots=True)
class TeamPreview:
    team: Team
    tv: int
    # CTV as the team takes the field (with the journeymen it will need):
    # the value petty cash is counted from.
    ctv: int
    petty_cash: int
    missing: list[Missing]
    position: int | None
    row: Row | None
    division: str = ""  # the division the position is in ("" without divisions)


@dataclass(frozen=True, slots=True)
class Meeting:
    match: Match
    # "home", "away" (of *this* match's teams) or "" for a draw.
    winner: str


@dataclass(frozen=True, slots=True)
class Preview:
    match: Match
    home: TeamPreview
    away: TeamPreview
    meetings: list[Meeting]

    @property
    def gap(self) -> int:
        """The CTV difference (what petty cash is counted from)."""
        return abs(self.home.ctv - self.away.ctv)

    @property
    def tv_gap(self) -> int:
        return abs(self.home.tv - self.away.tv)

    @property
    def underdog(self) -> TeamPreview | None:
        """The team with the lower CTV (None when level)."""
        if self.home.ctv == self.away.ctv:
            return None
        return self.home if self.home.ctv < self.away.ctv else self.away

    @property
    def record(self) -> tuple[int, int, int]:
        """Earlier meetings won by this match's home team, drawn, and won
        by its away team."""
        winners = [m.winner for m in self.meetings]
        return winners.count("home"), winners.count(""), winners.count("away")


def missing_players(team: Team) -> list[Missing]:
    """Players on the roster who will not play: those who miss the next
    game (a Serious Injury, a Lasting Injury...) and the temporarily
    retired. Journeymen are left out: they are hired or released at
    kick-off."""
    missing = []
    for p in team_roster_players(team):
        if p.journeyman:
            continue
        if p.status == Player.Status.RETIRED:
            missing.append(Missing(p, "temporarily retired"))
        elif p.miss_next_game:
            missing.append(Missing(p, "misses this game (injured)"))
    return missing


def head_to_head(match: Match) -> list[Meeting]:
    """Every earlier meeting of the two teams with a result, in any season
    and either way round, oldest first: a fixture recorded unplayed was no
    meeting."""
    a, b = match.home_id, match.away_id
    meetings = (
        Match.objects.filter(Q(home_id=a, away_id=b) | Q(home_id=b, away_id=a))
        .exclude(pk=match.pk)
        .filter(result__isnull=False)
        .exclude(result__mode=Match.Mode.UNPLAYED)
        .select_related("season", "home", "away", "result")
        .defer("result__summary", "result__player_stats", "result__casualties")
        .order_by("season__created_at", "stage", "round", "id")
    )
    found = []
    for m in meetings:
        side = m.result.winner_side(m.home_id)
        winner_id = {"home": m.home_id, "away": m.away_id}.get(side or "")
        found.append(
            Meeting(
                m,
                "" if winner_id is None else ("home" if winner_id == a else "away"),
            )
        )
    return found


def _team_preview(side: Side, rows: dict[int, tuple[int, Row, str]]) -> TeamPreview:
    team = side.team
    position, row, division = rows.get(team.pk, (None, None, ""))
    return TeamPreview(
        team=team,
        tv=team_value_get(team).tv,
        ctv=side.ctv,
        petty_cash=side.petty_cash,
        missing=missing_players(team),
        position=position,
        row=row,
        division=division,
    )


def match_preview(match: Match) -> Preview:
    """The pre-match page of a scheduled ``match``."""
    home, away = inducement_sides(match)
    # with divisions, a team's place is within its own division (as on its
    # team page and in the standings)
    rows = {
        row.team_id: (i, row, division)
        for division, table in season_division_standings(match.season).items()
        for i, row in enumerate(table, start=1)
    }
    return Preview(
        match=match,
        home=_team_preview(home, rows),
        away=_team_preview(away, rows),
        meetings=head_to_head(match),
    )
