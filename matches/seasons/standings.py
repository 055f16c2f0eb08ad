"""League standings with ordered tiebreakers (pure: no database).

Tiebreakers are applied in the league's order; ``head_to_head`` compares
only the teams still tied at that point, on the points they took from each
other, and again among those it leaves level (three teams level whose games
with each other leave two of them level: the two are compared on their own
games); a coin flip (seeded, so the table is stable) settles what is left.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from engine.facade import LeagueBonus


@dataclass(frozen=True, slots=True)
class Game:
    home: int
    away: int
    home_score: int
    away_score: int
    home_casualties: int  # inflicted by the home team
    away_casualties: int
    # The casualties each team caused that earn SPP (a named opposition
    # player caused them): what a format's casualty bonus counts.
    home_spp_casualties: int = 0
    away_spp_casualties: int = 0
    # Not played by the end of its round's time limit
    # (league_and_exhibition_play.md "League Fixtures"); ``both_lost``:
    # nobody conceded it, "a loss for both teams" (its score 0-0, so no
    # touchdown counts for either). One conceded is a 1-0 win as the rule
    # gives it (one touchdown: 4-0 in Blitz Bowl's points), counted as any
    # score.
    unplayed: bool = False
    both_lost: bool = False

    def points(self, side: str, points: Sequence[int]) -> int:
        """The League points ``side`` ("home" or "away") takes from the
        result, before any casualty bonus."""
        if self.both_lost:
            return points[2]
        if side == "home":
            return _points(self.home_score, self.away_score, points)
        return _points(self.away_score, self.home_score, points)


@dataclass(slots=True)
class Row:
    team_id: int
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    td_for: int = 0
    td_against: int = 0
    cas_for: int = 0
    cas_against: int = 0
    points: int = 0
    # Bonus League points (in ``points`` already).
    bonus_points: int = 0
    # Fixtures recorded unplayed (in ``played``, and a win or a loss):
    # no game was played in them.
    unplayed: int = 0
    # League points the commissioner docked (taken off ``points`` already).
    docked: int = 0
    tiebreak_notes: list[str] = field(default_factory=list)

    @property
    def td_diff(self) -> int:
        return self.td_for - self.td_against

    @property
    def cas_diff(self) -> int:
        return self.cas_for - self.cas_against


# Tiebreaker names (as a league stores them) that differ from Row fields.
# td_for / td_against hold the match scores: touchdowns, or points where the
# format's scores count points (Blitz Bowl), so score_for / score_diff are
# points for and points for - against there.
ROW_FIELD = {"wins": "won", "score_for": "td_for", "score_diff": "td_diff"}


def _points(score: int, against: int, points: Sequence[int]) -> int:
    win, draw, loss = points
    return win if score > against else draw if score == against else loss


def table(
    team_ids: Sequence[int],
    games: Sequence[Game],
    *,
    points: Sequence[int] = (3, 1, 0),
    tiebreakers: Sequence[str] = ("points", "td_diff", "cas_diff", "head_to_head"),
    seed: int = 0,
    bonuses: Sequence[LeagueBonus] = (),
    docked: Mapping[int, int] | None = None,
) -> list[Row]:
    """``bonuses``: the bonus League points a team adds for a game it
    played (Dungeon Bowl's casualty bonus, BB2020's optional "League
    Scoring" bonuses); head to head counts results only. Decision: a
    fixture recorded unplayed earns no bonus (no game was played: its 1-0
    or 0-0 is no clean sheet). ``docked``: League points taken off a team
    by the commissioner ("No-shows")."""
    rows = {t: Row(t) for t in team_ids}
    for team_id, points_docked in (docked or {}).items():
        if team_id in rows:
            rows[team_id].docked = points_docked
            rows[team_id].points -= points_docked
    for g in games:
        sides = (
            (g.home, g.home_score, g.away_score, g.home_casualties, g.away_casualties),
            (g.away, g.away_score, g.home_score, g.away_casualties, g.home_casualties),
        )
        spp_cas = {g.home: g.home_spp_casualties, g.away: g.away_spp_casualties}
        for side, (us, scored, conceded, cas_for, cas_against) in zip(
            ("home", "away"), sides, strict=True
        ):
            row = rows[us]
            if not g.unplayed:
                bonus = sum(
                    b.points
                    for b in bonuses
                    if b.earned(
                        scored=scored, conceded=conceded, casualties=spp_cas[us]
                    )
                )
                row.bonus_points += bonus
                row.points += bonus
            row.played += 1
            row.td_for += scored
            row.td_against += conceded
            row.cas_for += cas_for
            row.cas_against += cas_against
            row.points += g.points(side, points)
            row.unplayed += g.unplayed
            if g.both_lost or scored < conceded:
                row.lost += 1
            elif scored > conceded:
                row.won += 1
            else:
                row.drawn += 1
    # Tiebreakers separate teams level on points: points come first wherever
    # the league's list has them (a league once saved with "td_diff" before
    # "points" would otherwise rank a team on fewer points above one on more).
    order = ["points", *(t for t in tiebreakers if t != "points")]
    return _rank(list(rows.values()), order, games, points, seed)


def _head_to_head(
    group: list[Row], games: Sequence[Game], points: Sequence[int]
) -> dict[int, int]:
    ids = {r.team_id for r in group}
    got = dict.fromkeys(ids, 0)
    for g in games:
        if g.home in ids and g.away in ids:
            got[g.home] += g.points("home", points)
            got[g.away] += g.points("away", points)
    return got


def _coin(seed: int, team_id: int) -> int:
    digest = hashlib.sha256(f"{seed}:{team_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _rank(
    group: list[Row],
    criteria: list[str],
    games: Sequence[Game],
    points: Sequence[int],
    seed: int,
) -> list[Row]:
    if len(group) <= 1:
        return group
    if not criteria:
        ordered = sorted(group, key=lambda r: _coin(seed, r.team_id), reverse=True)
        for r in ordered:
            r.tiebreak_notes.append("coin_flip")
        return ordered
    criterion, rest = criteria[0], criteria[1:]
    if criterion != "points":
        # Note, for each tied team, the tiebreaker that was used on it.
        for r in group:
            if r.tiebreak_notes[-1:] != [criterion]:
                r.tiebreak_notes.append(criterion)
    if criterion == "head_to_head":
        h2h = _head_to_head(group, games, points)
        key: Callable[[Row], int] = lambda r: h2h[r.team_id]  # noqa: E731
    else:
        attribute = ROW_FIELD.get(criterion, criterion)
        key = lambda r: int(getattr(r, attribute))  # noqa: E731
    ordered: list[Row] = []
    values = sorted({key(r) for r in group}, reverse=True)
    for value in values:
        tied = [r for r in group if key(r) == value]
        # Head to head again among the fewer teams it left level: their
        # games with each other may now tell them apart.
        again = criterion == "head_to_head" and 1 < len(tied) < len(group)
        ordered += _rank(tied, criteria if again else rest, games, points, seed)
    return ordered
