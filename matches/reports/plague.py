"""Plague Ridden in a tabletop report (skills_and_traits.md "Plague
Ridden"): a casualty line may say that the trait took the victim, and the
post-game then gives the killer's team a new Rotter Lineman as a
journeyman, as it does for a resolved match (engine/rules/bloodlust.py,
``league.services.journeymen.team_take_plague_rotter``).

A report may say so only where the rules can produce it:

- the casualty was caused (by a Block or a Foul: what ``inflicted_by``
  means) by a player of the other team who has the trait, a rostered
  player or a Star Player (Guffle Pussmaw has it);
- the casualty roll, entered as rolled at the table, gives DEAD and stands
  (the report holds the casualty left after any apothecary);
- the victim is a rostered player with none of Decay, Regeneration or
  Stunty, and as the season's format says: BB2020 Strength 4 or less,
  BB2025 any Strength but not a Big Guy (``MatchRules.plague_ridden_*``);
- once per game for each team;
- the killer's team is Favoured of Nurgle by its own rules, and it could
  take the Rotter on (see ``plague_rotter_room``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.facade import (
    CampaignError,
    InjuryResult,
    LeagueFormat,
    Violation,
    casualty_from_roll,
    injury_result,
    rules_data,
)
from league.models import Player, Team
from league.rules import settings_rules
from league.selectors import team_special_rules
from league.services.journeymen import FAVOURED_OF_NURGLE, plague_rotter_position
from league.services.teams import ON_ROSTER, league_format
from matches.models import Match
from matches.postgame.results import casualty_roll_modifier
from matches.reports.lines import CasualtyLine, Report

PLAGUE_RIDDEN = "plague-ridden"
# Victims the plague cannot take.
IMMUNE = frozenset({"decay", "regeneration", "stunty"})


def _skills(player: Mapping[str, Any]) -> set[str]:
    return {skill for skill, _param in player["skills"]}


def _star_skills(match: Match, slugs: Sequence[str]) -> dict[str, set[str]]:
    """The skills of the fielded Star Players (by player slug)."""
    data = rules_data(match.season.settings["rules_version"])
    wanted = set(slugs)
    return {
        member.slug: {s.skill for s in member.skills}
        for star in data.star_players.values()
        for member in star.members
        if member.slug in wanted
    }


def plague_rotter_room(team: Team) -> Violation | None:
    """Why ``team`` cannot take a new Rotter on, or None.

    Decision: the rules let the Rotter stand in the Reserves box even
    beyond 16 players, but in a league he matters only as a journeyman the
    team may hire "exactly as ... a Journeyman" (post-game_sequence.md
    "4. Hiring, Firing and Temporarily Retiring"): that needs fewer than
    the format's maximum on the Team Draft list and a free Rotter Lineman
    place (0-12 on the Nurgle roster). A report claiming a Rotter the team
    could never keep is refused rather than recorded for nothing."""
    fmt = league_format(team.league)
    permanent = Player.objects.filter(team=team, status__in=ON_ROSTER, journeyman=False)
    if permanent.count() >= fmt.max_players:
        return Violation(
            "roster_full",
            None,
            f"{team.name} already has {fmt.max_players} players on its roster: "
            "no room for a Rotter",
        )
    position = plague_rotter_position(team.league)
    if permanent.filter(position=position.slug).count() >= position.max:
        return Violation(
            "roster_full",
            None,
            f"{team.name} already has {position.max} {position.name} players",
        )
    return None


def _victim_dead(
    cas: CasualtyLine, victim: Mapping[str, Any], table: str | None, fmt: LeagueFormat
) -> bool | None:
    """Whether the entered casualty roll kills ``victim`` (``table`` None: a
    format whose Injury table gives the casualty, Sevens, where the roll is
    the 2D6 Injury roll): None when the dice cannot be read (refused as
    ``invalid_dice`` when the casualty is recorded)."""
    assert cas.casualty_roll is not None
    if table is None:
        if not 2 <= cas.casualty_roll <= 12:
            return None
        return injury_result(cas.casualty_roll, ruleset=fmt) is InjuryResult.DEAD
    try:
        outcome = casualty_from_roll(
            table,
            cas.casualty_roll,
            cas.lasting_roll,
            niggling=int(victim["niggling"]),
            modifier=casualty_roll_modifier(victim),
        )
    except (CampaignError, ValueError):
        return None
    return outcome.dead


def _spared(
    match: Match, snapshot: Mapping[str, Any], victim: Mapping[str, Any]
) -> str | None:
    """Why the plague cannot take ``victim`` under the season's format
    (``MatchRules.plague_ridden_*``), or None: never Decay, Regeneration
    or Stunty; BB2020 only Strength 4 or less; BB2025 never a Big Guy."""
    rules = settings_rules(match.season.settings)
    fmt = rules.variant
    if _skills(victim) & IMMUNE:
        return "the plague takes no player with Decay, Regeneration or Stunty"
    limit = fmt.plague_ridden_max_st
    if limit is not None and int(victim["st"]) > limit:
        return f"the plague takes only a player of Strength {limit} or less"
    if fmt.plague_ridden_spares:
        data = rules_data(rules.rules_version)
        try:
            keywords = data.position_of(snapshot["roster"], victim["position"]).keywords
        except KeyError:
            keywords = ()
        spared = {k.lower() for k in fmt.plague_ridden_spares}
        hit = [k for k in keywords if k.lower() in spared]
        if hit:
            return f"the plague takes no {hit[0]}"
    return None


def plague_violations(
    match: Match,
    report: Report,
    snapshots: Mapping[int, Mapping[str, Any]],
    stars: Mapping[str, int],
) -> list[Violation]:
    """Every Plague Ridden line of ``report`` the rules cannot produce.
    ``stars``: the fielded Star Players (player slug -> team id)."""
    claims = [(i, cas) for i, cas in enumerate(report.casualties) if cas.plague_ridden]
    if not claims:
        return []
    players = {
        p["id"]: (team_id, p)
        for team_id, snap in snapshots.items()
        for p in snap["players"]
    }
    star_skills = _star_skills(match, list(stars))
    fmt = settings_rules(match.season.settings).variant
    table = (
        str(match.season.settings["casualty_table"])
        if fmt.league_casualty_table() is not None
        else None  # Sevens: the Injury roll gives the casualty
    )
    teams = {
        t.pk: t
        for t in Team.objects.select_related("league").filter(
            pk__in=[match.home_id, match.away_id]
        )
    }
    errors: list[Violation] = []
    used: set[int] = set()
    for i, cas in claims:
        at = f"casualties.{i}."
        # The killer: the player of the other team whose Block or Foul
        # caused the casualty, with the trait.
        if cas.inflicted_by is not None and cas.inflicted_by in players:
            team_id, killer = players[cas.inflicted_by]
            has_trait = PLAGUE_RIDDEN in _skills(killer)
            killer_field = "inflicted_by"
        elif cas.inflicted_by_star is not None and cas.inflicted_by_star in stars:
            team_id = stars[cas.inflicted_by_star]
            has_trait = PLAGUE_RIDDEN in star_skills.get(cas.inflicted_by_star, set())
            killer_field = "inflicted_by_star"
        else:
            if cas.inflicted_by is None and cas.inflicted_by_star is None:
                errors.append(
                    Violation(
                        "killer_required",
                        at + "inflicted_by",
                        "Plague Ridden needs the player whose Block or Foul "
                        "caused the casualty",
                    )
                )
            continue  # an unknown killer is refused by the report's checks
        if not has_trait:
            errors.append(
                Violation(
                    "not_plague_ridden",
                    at + killer_field,
                    "the player who caused the casualty does not have Plague Ridden",
                )
            )
        victim = players.get(cas.player_id) if cas.player_id is not None else None
        if victim is None:
            if cas.star_player in stars:
                # Decision: a Star Player is only lent to his team for the
                # game; the plague cannot turn him into the other team's
                # Rotter.
                errors.append(
                    Violation(
                        "victim_not_eligible",
                        at + "star_player",
                        "a Star Player cannot be taken by the plague",
                    )
                )
            continue
        victim_team, victim_sheet = victim
        if victim_team == team_id:
            continue  # refused as own_team_casualty by the report's checks
        spared = _spared(match, snapshots[victim_team], victim_sheet)
        if spared is not None:
            errors.append(Violation("victim_not_eligible", at + "player_id", spared))
        # Decision: the casualty roll must be the one rolled at the table:
        # the trait is chosen once the player is known to be dead, so the
        # server cannot roll a death to order.
        if cas.casualty_roll is None:
            errors.append(
                Violation(
                    "casualty_roll_required",
                    at + "casualty_roll",
                    "enter the casualty roll that killed the player",
                )
            )
        elif _victim_dead(cas, victim_sheet, table, fmt) is False:
            errors.append(
                Violation(
                    "victim_not_dead",
                    at + "casualty_roll",
                    "Plague Ridden takes only a player the casualty roll killed",
                )
            )
        team = teams[team_id]
        if FAVOURED_OF_NURGLE not in team_special_rules(team):
            # Decision: without Favoured of Nurgle the trait gives the team
            # nothing to record (the victim stays dead to his own team, as
            # in a resolved match), so the entry is refused.
            errors.append(
                Violation(
                    "team_not_eligible",
                    at + "plague_ridden",
                    f"{team.name} is not Favoured of Nurgle: the plague gives "
                    "it no Rotter",
                )
            )
            continue
        if team_id in used:
            errors.append(
                Violation(
                    "plague_ridden_once",
                    at + "plague_ridden",
                    "Plague Ridden is used once per game by each team",
                )
            )
            continue
        used.add(team_id)
        full = plague_rotter_room(team)
        if full is not None:
            errors.append(Violation(full.code, at + "plague_ridden", full.message))
    return errors


def plague_rotter_teams(
    report: Report, snapshots: Mapping[int, Mapping[str, Any]], stars: Mapping[str, int]
) -> list[tuple[int, CasualtyLine]]:
    """(team id, casualty) for each Plague Ridden line of a checked report."""
    team_of = {
        p["id"]: team_id for team_id, snap in snapshots.items() for p in snap["players"]
    }
    return [
        (
            team_of[cas.inflicted_by]
            if cas.inflicted_by is not None
            else stars[str(cas.inflicted_by_star)],
            cas,
        )
        for cas in report.casualties
        if cas.plague_ridden
    ]
