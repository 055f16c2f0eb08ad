"""The MVP nominations and the Stalling line of a tabletop report, in a
format that has them (BB2025: ``LeagueFormat.mvp_nominations`` and
``no_stalling_bonus``).

MVP nominations (tables.md "Star Player Points", DECIDE 21): each coach
nominates up to ``mvp_nominations`` players who played, and the post-game
draws the MVP among them (:mod:`matches.postgame.sequence`). A nominee is a
player of the team's roster frozen at kick-off who was eligible to play
(Decision: "played" is read as eligible to play in the game, what the
roster frozen at kick-off records; a report does not say who set up). None
for a team that conceded. A team with no nominations in the report gets the
default ones (:func:`engine.campaign.mvp.default_nominations`). An MVP the
report names for a team it also nominates for must be one of the nominees.

Stalling (tables.md "Winnings"): the report names each team that had a
player Stalling; that team loses the no-stalling bonus of its winnings.
Decision: a format without the bonus refuses the line (``not_in_format``)
rather than ignoring it, so a coach never believes it counted.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.facade import Violation
from league.rules import settings_rules
from matches.models import Match
from matches.reports.roles import roster_index


def _nominee_violations(
    nominations: Sequence[int],
    snapshots: Mapping[int, Mapping[str, Any]],
    conceded_by: int | None,
) -> tuple[list[Violation], dict[int, list[int]]]:
    """Each nominee checked; the valid ones by team."""
    team_of, available, names = roster_index(snapshots)
    errors: list[Violation] = []
    by_team: dict[int, list[int]] = {}
    for i, pid in enumerate(nominations):
        where = f"mvp_nominations.{i}"
        team_id = team_of.get(pid)
        if team_id is None:
            reason = ("unknown_player", "not a player of either team's roster")
        elif pid in by_team.get(team_id, ()):
            reason = ("duplicate_player", f"{names[pid]} is nominated twice")
        elif pid not in available:
            reason = (
                "not_available",
                f"{names[pid]} did not play: not eligible to play in this match",
            )
        elif team_id == conceded_by:
            reason = ("conceded_no_mvp", "a team that concedes awards no MVP")
        else:
            by_team.setdefault(team_id, []).append(pid)
            continue
        errors.append(Violation(reason[0], where, reason[1]))
    return errors, by_team


def nomination_violations(
    match: Match,
    *,
    nominations: Sequence[int],
    mvps: Sequence[int],
    snapshots: Mapping[int, Mapping[str, Any]],
    conceded_by: int | None,
) -> list[Violation]:
    """What the rules refuse in the report's MVP nominations."""
    if not nominations:
        return []
    variant = settings_rules(match.season.settings).variant
    limit = variant.mvp_nominations
    if limit is None:
        return [
            Violation(
                "not_in_format",
                "mvp_nominations",
                f"{variant.label} draws the MVP from every eligible player: "
                "no nominations",
            )
        ]
    errors, by_team = _nominee_violations(nominations, snapshots, conceded_by)
    team_of, _, names = roster_index(snapshots)
    for nominees in by_team.values():
        if len(nominees) > limit:
            errors.append(
                Violation(
                    "too_many_nominations",
                    "mvp_nominations",
                    f"a coach nominates at most {limit} players for the MVP "
                    f"({len(nominees)} of one team)",
                )
            )
    for i, pid in enumerate(mvps):
        team_nominees = by_team.get(team_of.get(pid, 0))
        if team_nominees and pid not in team_nominees:
            errors.append(
                Violation(
                    "mvp_not_nominated",
                    f"mvps.{i}",
                    f"{names[pid]} is not one of his team's MVP nominations",
                )
            )
    return errors


def stalling_violations(match: Match, stalled: Sequence[int]) -> list[Violation]:
    """The teams the report says stalled: teams of the match, once each, in
    a format with the no-stalling bonus."""
    if not stalled:
        return []
    variant = settings_rules(match.season.settings).variant
    if not variant.no_stalling_bonus:
        return [
            Violation(
                "not_in_format",
                "stalled",
                f"{variant.label} pays no bonus for not stalling: no Stalling line",
            )
        ]
    errors: list[Violation] = []
    seen: set[int] = set()
    for i, team_id in enumerate(stalled):
        if team_id not in (match.home_id, match.away_id):
            errors.append(
                Violation("unknown_team", f"stalled.{i}", "not a team of this match")
            )
        elif team_id in seen:
            errors.append(
                Violation("duplicate_team", f"stalled.{i}", "a team is listed twice")
            )
        seen.add(team_id)
    return errors


def nomination_summary(
    match: Match,
    nominations: Sequence[int],
    stalled: Sequence[int],
    snapshots: Mapping[int, Mapping[str, Any]],
) -> dict[str, Any]:
    """What the result keeps: each team's nominees (team id as a string, as
    JSON keeps it) and the sides that stalled ("home", "away": what the
    engine's result names, ``matches.postgame.sequence`` reads both); only
    what the report gives."""
    team_of, _, _ = roster_index(snapshots)
    kept: dict[str, Any] = {}
    if nominations:
        by_team: dict[str, list[int]] = {}
        for pid in nominations:
            by_team.setdefault(str(team_of[pid]), []).append(pid)
        kept["mvp_nominations"] = by_team
    if stalled:
        kept["stalled"] = [
            "home" if team_id == match.home_id else "away" for team_id in stalled
        ]
    return kept
