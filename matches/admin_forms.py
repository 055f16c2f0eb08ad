"""The admin's forms of seasons, matches and resolution progress: each
checks its model's constraints before the save, on the field the page edits
(``league.admin_forms.ConstraintsForm``)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError

from league.admin_forms import ConstraintsForm
from matches.models import Match


def divisions_problem(divisions: object, team_ids: set[int]) -> str | None:
    """Why ``divisions`` are not what the season's pages read (a name to
    the ids of two or more of its teams, each team in one), or None."""
    if divisions in ({}, None):
        return None
    if not isinstance(divisions, dict) or not all(
        isinstance(name, str)
        and name.strip()
        and isinstance(ids, list)
        and all(isinstance(i, int) and not isinstance(i, bool) for i in ids)
        for name, ids in divisions.items()
    ):
        return "a division's name to its teams' ids: {\"North\": [1, 2]}"
    placed = sorted(i for ids in divisions.values() for i in ids)
    if placed != sorted(team_ids):
        return "every team of the season must be in exactly one division"
    if any(len(ids) < 2 for ids in divisions.values()):
        return "a division needs at least two teams"
    return None


class SeasonAdminForm(ConstraintsForm):
    """A season's page. Its structure (playoffs, divisions, teams) is the
    superuser's to correct (read-only for a commissioner), checked as
    ``season_create`` checks it: the season's pages read it."""

    constraint_errors = {
        "season_name_unique": (
            "name",
            "The league already has a season of that name.",
        ),
    }
    name_what = "season name"

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if "teams" in self.fields:
            teams = {t.pk for t in cleaned.get("teams") or ()}
        else:
            teams = set(
                self.instance.teams.values_list("pk", flat=True)
                if self.instance.pk
                else ()
            )
        playoffs = cleaned.get("playoff_teams")
        if playoffs and not 2 <= playoffs <= len(teams):
            self.add_error("playoff_teams", "playoffs need 2 up to the number of teams")
        if "divisions" in cleaned:
            problem = divisions_problem(cleaned["divisions"], teams)
            if problem is not None:
                self.add_error("divisions", problem)
        return cleaned


# What a match keeps once it is no longer scheduled, as the page names it.
FIXED_ONCE_PLAYED = {"stage": "stage", "home": "home team", "away": "away team"}


class MatchAdminForm(ConstraintsForm):
    """A match's page. Its stage is the superuser's to correct (read-only
    for a commissioner): a match moved to another stage keeps its round and
    teams, which that stage's fixtures may already hold.

    Decision: only a scheduled match changes stage or teams. Once it is
    under way (its rosters frozen for a live game or a resolution) or
    played, its result, the post-game, the standings and the playoffs'
    bracket have read them: it keeps them, the superuser's page too."""

    constraint_errors = {
        "match_third_place_is_playoff": (
            "stage",
            "a third-place match is a playoff match",
        ),
        "match_third_place_once": (
            "stage",
            "the season already has a third-place match",
        ),
        "match_home_once_a_round": (
            "stage",
            "the home team already plays a match of this stage in this round",
        ),
        "match_away_once_a_round": (
            "stage",
            "the away team already plays a match of this stage in this round",
        ),
    }

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        match = self.instance
        if match.pk is None or match.status == Match.Status.SCHEDULED:
            return cleaned
        for name, what in FIXED_ONCE_PLAYED.items():
            if name in self.changed_data:
                self.add_error(
                    name,
                    ValidationError(
                        f"the match is {match.get_status_display().lower()}: "
                        f"only a scheduled match changes its {what}",
                        code="match_played",
                    ),
                )
        return cleaned


class TaskProgressAdminForm(ConstraintsForm):
    constraint_errors = {
        "taskprogress_one_running_per_scope": (
            "scope_key",
            "another resolution of this scope is still running",
        ),
    }
