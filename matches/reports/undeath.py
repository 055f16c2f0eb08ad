"""Masters of Undeath in a tabletop report (Blood Bowl 2025: Necromantic
Horror, Shambling Undead, Tomb Kings, Vampire; changes_from_bb2020.md
section 7): a casualty line may say that the victim rose for the other
team (``raised_dead``), and the post-game then adds him to that team as a
free rookie, as it does for a resolved match
(``engine/variants/bb2025/undeath.py``,
``league.services.undeath.team_raise_the_dead``).

A report may say so only where the rules can produce it:

- the season's format plays the rule (else ``not_in_format``), and the
  raising team, the victim's opponent, has it by its roster;
- the victim is a rostered player of Strength 4 or less with neither
  Regeneration nor Stunty (not a Star Player);
- his casualty, as the report's dice or the server's give it, is DEAD and
  stands (the report holds the casualty left after any apothecary):
  checked once the dice are rolled (:func:`raised_dead_rolled_violations`);
- once per game for each team.

Decision: the raising team is the victim's opponent, whoever or whatever
killed him (the rule names no cause, as in a resolved match); the line
needs no killer and may leave the casualty dice to the server (the rule
is not chosen: it takes the first opponent killed who can rise).
Decision: a raising team with a full roster keeps nobody and the line
stands (the rule is used), as in a resolved match
(``team_raise_the_dead``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.facade import RAISED_DEAD_MAX_ST, Violation, rules_data
from league.models import Team
from league.services.teams import league_format, league_roster
from matches.models import Match
from matches.postgame.results import CasualtyEntry
from matches.reports.lines import Report

# Victims who cannot rise.
IMMUNE = frozenset({"regeneration", "stunty"})


def _field(i: int, name: str = "raised_dead") -> str:
    return f"casualties.{i}.{name}"


def team_raises_dead(team: Team) -> bool:
    """Whether ``team``'s format and roster have Masters of Undeath."""
    fmt = league_format(team.league)
    return bool(fmt.raise_dead_positions(league_roster(team.league, team.roster)))


def format_raises_dead(team: Team) -> bool:
    """Whether any roster of ``team``'s format has Masters of Undeath."""
    fmt = league_format(team.league)
    rosters = rules_data(team.league.rules_version).rosters.values()
    return any(fmt.raise_dead_positions(r) for r in rosters)


def _spared(victim: Mapping[str, Any]) -> str | None:
    """Why ``victim`` cannot rise, or None."""
    if {skill for skill, _param in victim["skills"]} & IMMUNE:
        return "Masters of Undeath raises no player with Regeneration or Stunty"
    if int(victim["st"]) > RAISED_DEAD_MAX_ST:
        return (
            f"Masters of Undeath raises only a player of Strength "
            f"{RAISED_DEAD_MAX_ST} or less"
        )
    return None


def raised_dead_violations(
    match: Match,
    report: Report,
    snapshots: Mapping[int, Mapping[str, Any]],
) -> list[Violation]:
    """Every Masters of Undeath line of ``report`` the rules cannot
    produce, but whether the victim died (known once the dice are rolled)."""
    claims = [(i, cas) for i, cas in enumerate(report.casualties) if cas.raised_dead]
    if not claims:
        return []
    teams = {
        t.pk: t
        for t in Team.objects.select_related("league").filter(
            pk__in=[match.home_id, match.away_id]
        )
    }
    if not format_raises_dead(teams[match.home_id]):
        return [
            Violation(
                "not_in_format",
                _field(i),
                "no team of this format has Masters of Undeath",
            )
            for i, _cas in claims
        ]
    players = {
        p["id"]: (team_id, p)
        for team_id, snap in snapshots.items()
        for p in snap["players"]
    }
    errors: list[Violation] = []
    used: set[int] = set()
    for i, cas in claims:
        if cas.player_id is None:
            if cas.star_player is not None:
                # Decision: a Star Player is only lent to his team for the
                # game; he cannot rise for the other team.
                errors.append(
                    Violation(
                        "victim_not_eligible",
                        _field(i, "star_player"),
                        "a Star Player cannot be raised",
                    )
                )
            continue
        if cas.player_id not in players:
            continue  # an unknown player is refused by the report's checks
        victim_team, victim = players[cas.player_id]
        team = teams[match.away_id if victim_team == match.home_id else match.home_id]
        spared = _spared(victim)
        if spared is not None:
            errors.append(
                Violation("victim_not_eligible", _field(i, "player_id"), spared)
            )
        if cas.plague_ridden:
            # Decision: one dead player becomes one new player: the plague
            # and the rule cannot both take him.
            errors.append(
                Violation(
                    "victim_taken",
                    _field(i),
                    "a player taken by the plague cannot also be raised",
                )
            )
        if not team_raises_dead(team):
            errors.append(
                Violation(
                    "team_not_eligible",
                    _field(i),
                    f"{team.name} does not have Masters of Undeath",
                )
            )
            continue
        if team.pk in used:
            errors.append(
                Violation(
                    "raised_dead_once",
                    _field(i),
                    "Masters of Undeath is used once per game by each team",
                )
            )
        used.add(team.pk)
    return errors


def raised_dead_rolled_violations(
    report: Report, casualties: Sequence[CasualtyEntry]
) -> list[Violation]:
    """A raised victim whose casualty (the report's dice, or the
    server's) did not kill him is refused."""
    dead = {c["player_id"] for c in casualties if c["result"] == "dead"}
    return [
        Violation(
            "victim_not_dead",
            _field(i, "casualty_roll"),
            "Masters of Undeath raises only a player the casualty roll killed",
        )
        for i, cas in enumerate(report.casualties)
        if cas.raised_dead and cas.player_id is not None and cas.player_id not in dead
    ]


def raised_dead_teams(
    match: Match, report: Report, snapshots: Mapping[int, Mapping[str, Any]]
) -> list[tuple[int, int]]:
    """(raising team id, victim id) for each Masters of Undeath line of a
    checked report."""
    team_of = {
        p["id"]: team_id for team_id, snap in snapshots.items() for p in snap["players"]
    }
    other = {match.home_id: match.away_id, match.away_id: match.home_id}
    return [
        (other[team_of[cas.player_id]], cas.player_id)
        for cas in report.casualties
        if cas.raised_dead and cas.player_id is not None
    ]
