"""What a commissioner may change by hand (the admin's league and team
pages) checked as the services check the same things when a league is
created or a team drafts or buys: the checks return the broken rules, each
``Violation(code, field, message)``, and the admin's forms show them on
their fields before anything is saved."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.facade import Violation
from league.models import League, Team
from league.selectors import team_trophy_rerolls
from league.services.leagues import league_option_violations
from league.services.teams import league_format, league_roster

LEAGUE_OPTIONS = (
    "casualty_table",
    "sevens_spp",
    "time_limit",
    "tiebreakers",
    "bonus_points",
    "redraft_cap",
)

# Decision: no rule caps Dedicated Fans in league play (the 6 is the
# draft's), but a winner gains one only on a D6 equal to or above them
# (engine.campaign.postgame.update_dedicated_fans), so no game takes a team
# past 7; a correction is held to what the games can reach. Fans move the
# Fan Factor and so the winnings: a hand-made 30,000 paid gold no ledger
# adjustment had allowed.
DEDICATED_FANS_CEILING = 7


def league_option_change_violations(
    league: League, changes: Mapping[str, Any]
) -> list[Violation]:
    """The options among ``changes`` (a field's name to its new value) that
    ``league``'s format does not play, refused as a new league's are
    (:func:`league_option_violations`). An option left as it was is not
    checked: the casualty table a league was created with is the format's
    own, stored even where the format rolls none."""
    asked = {
        name: changes[name]
        for name in LEAGUE_OPTIONS
        if name in changes and changes[name] != getattr(league, name)
    }
    return league_option_violations(league.format, **asked)


def _limit(
    code: str, field: str, value: int, low: int, high: int, what: str
) -> list[Violation]:
    if low <= value <= high:
        return []
    return [Violation(code, field, f"{what}: from {low} to {high} (got {value})")]


def team_staff_violations(team: Team, changes: Mapping[str, Any]) -> list[Violation]:
    """The re-rolls, Sideline Staff and Dedicated Fans among ``changes`` that
    a team of ``team``'s format and roster may not have: its format's limits
    (a trophy's free re-rolls besides, as for a purchase), an Apothecary only
    where the roster has one, and Dedicated Fans up to
    :data:`DEDICATED_FANS_CEILING`. What is left as it was is not checked."""
    fmt = league_format(team.league)
    changed = {
        name: value
        for name, value in changes.items()
        if value is not None and value != getattr(team, name, value)
    }
    found: list[Violation] = []
    if "rerolls" in changed:
        trophy = team_trophy_rerolls(team)
        found += _limit(
            "reroll_limit",
            "rerolls",
            changed["rerolls"],
            0,
            fmt.max_rerolls + trophy,
            "Team re-rolls" + (f" (the trophy's {trophy} besides)" if trophy else ""),
        )
    if "assistant_coaches" in changed:
        found += _limit(
            "staff_limit",
            "assistant_coaches",
            changed["assistant_coaches"],
            0,
            fmt.max_assistant_coaches,
            "Assistant coaches",
        )
    if "cheerleaders" in changed:
        found += _limit(
            "staff_limit",
            "cheerleaders",
            changed["cheerleaders"],
            0,
            fmt.max_cheerleaders,
            "Cheerleaders",
        )
    # fewer than 1 is the model's constraint (team_dedicated_fans_at_least_1)
    if changed.get("dedicated_fans", 0) > DEDICATED_FANS_CEILING:
        found += _limit(
            "fans_limit",
            "dedicated_fans",
            changed["dedicated_fans"],
            1,
            DEDICATED_FANS_CEILING,
            "Dedicated Fans",
        )
    if changed.get("apothecary"):
        # the roster the same page may be changing the team to
        roster = league_roster(team.league, changes.get("roster") or team.roster)
        if fmt.staff_cost(roster, "apothecary") is None:
            found.append(
                Violation(
                    "apothecary_not_allowed",
                    "apothecary",
                    f"{roster.name} teams cannot hire an apothecary",
                )
            )
    return found
