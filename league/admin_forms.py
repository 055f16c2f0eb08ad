"""The admin's forms that check a commissioner's corrections as the
services check the same things: a roster's numbers, a player's position and
lasting injuries, and every constraint of the database, on the field the
page edits."""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any, ClassVar

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db.models import BaseConstraint, Model
from django.forms.models import BaseInlineFormSet

from engine.facade import rules_data
from league.models import Player, Team
from league.names.rules import name_normalize, name_violation
from league.selectors import (
    ON_ROSTER,
    player_profile_violations,
    roster_has_position,
    roster_name,
)
from league.services.corrections import league_option_change_violations


class ConstraintsForm(forms.ModelForm):  # type: ignore[type-arg]
    """A model form that checks every constraint of its model before the
    save, the fields the page does not edit read from the object.

    Django's model form skips a constraint that names a field it does not
    edit (read-only for a commissioner: a team's league, a player's status,
    a match's round), so a name already taken in the league, a number worn on
    the roster or a third-place match made a league one reached the
    database: an IntegrityError, a 500. Here the violated constraint is an
    error on the field the page edits (``constraint_errors``: the
    constraint's name to the field and what the page says), or on the form
    where that field is not on it."""

    constraint_errors: ClassVar[dict[str, tuple[str, str]]] = {}
    # What the page's ``name`` is the name of, as its refusals say it.
    name_what: ClassVar[str] = "name"

    def clean_name(self) -> str:
        """A name given here is held to the rules the API and the site's
        forms hold it to (``league.names.rules``) and stored as they store
        it. Decision: a name left as it was is not checked, so a name saved
        before those rules does not stop a correction of another field."""
        raw: str = self.cleaned_data["name"]
        if "name" not in self.changed_data:
            return raw
        max_length = getattr(self.fields["name"], "max_length", None)
        problem = name_violation(
            raw, field="name", what=self.name_what, max_length=max_length or 100
        )
        if problem is not None:
            raise ValidationError(problem.message, code=problem.code)
        return name_normalize(raw)

    def validate_unique(self) -> None:
        """Run last in the form's validation, the object built from it."""
        super().validate_unique()
        if not self.instance._state.adding and not self.has_changed():
            return  # as saved (a formset's untouched row): nothing to check
        # a field refused already is not checked again (Django's rule)
        refused = {name for name in self.errors if name != NON_FIELD_ERRORS}
        for model_class, constraints in self.instance.get_constraints():
            for constraint in constraints:
                try:
                    constraint.validate(model_class, self.instance, exclude=refused)
                except ValidationError as error:
                    self._refuse(model_class, constraint, error)

    def _refuse(
        self, model_class: type[Model], constraint: BaseConstraint, error: Any
    ) -> None:
        shown = self.constraint_errors.get(constraint.name)
        if self._reported(model_class, constraint):
            if shown is None:
                return
            # Django's words name the constraint: said here on its field
            self._drop(error.messages)
        field, message = shown or (None, " ".join(error.messages))
        self.add_error(
            field if field in self.fields else None,
            ValidationError(
                message, code=constraint.violation_error_code or constraint.name
            ),
        )

    def _reported(self, model_class: type[Model], constraint: BaseConstraint) -> bool:
        """Whether Django's own check (its exclusions) refused it too."""
        try:
            exclude = self._get_validation_exclusions()  # type: ignore[attr-defined]
            constraint.validate(model_class, self.instance, exclude=exclude)
        except ValidationError:
            return True
        return False

    def _drop(self, messages: Iterable[str]) -> None:
        dropped = set(messages)
        for name, errors in list(self.errors.items()):
            kept: list[Any] = [e for e in errors.as_data() if set(e.messages) - dropped]
            if kept:
                errors.data = kept
            else:
                del self.errors[name]


LEAGUE_CONSTRAINTS = {
    "league_name_unique_any_case": ("name", "A league of that name already exists."),
    "league_confirmation_days_at_most_60": (
        "report_confirmation_days",
        "at most 60 days",
    ),
}

TEAM_CONSTRAINTS = {
    "team_name_unique_in_league": (
        "name",
        "The league already has a team of that name.",
    ),
    "team_dedicated_fans_at_least_1": ("dedicated_fans", "at least 1"),
}

# The constraints of a team's players (``league.models.Player``).
PLAYER_CONSTRAINTS = {
    "player_number_unique_on_roster": (
        "number",
        "another player on the roster wears this number: give them a free "
        "number first, then save again",
    ),
    "player_number_1_to_99": ("number", "a number from 1 to 99"),
    # What no format allows (league.models.PROFILE_RANGES); the player's own
    # format is checked first (PlayerAdminForm.clean), so these speak only
    # where that check could not run (a position not of the team's roster).
    "player_ma_in_range": ("ma", "from 0 to 9 in every format"),
    "player_st_in_range": ("st", "from 1 to 8 in every format"),
    "player_ag_in_range": ("ag", "from 0 to 6 in every format"),
    "player_pa_in_range": ("pa", 'from 1 to 6, or empty for "-", in every format'),
    "player_av_in_range": ("av", "from 0 to 11 in every format"),
    "player_reductions_in_range": (
        "reductions",
        "more lasting injuries than a characteristic can take",
    ),
    "player_improved_at_most_twice": (
        "improvements",
        "no characteristic is improved more than twice",
    ),
}


def refuse_violations(form: forms.Form, violations: Iterable[Any]) -> None:
    """A service check's ``Violation``s as the form's errors, each on the
    field it names where the page edits it (``tiebreakers.1`` on
    ``tiebreakers``), on the form otherwise."""
    for v in violations:
        field = v.field.split(".")[0] if v.field else None
        form.add_error(
            field if field in form.fields else None,
            ValidationError(v.message, code=v.code),
        )


class RosterNumbersFormSet(BaseInlineFormSet):  # type: ignore[type-arg]
    """A team's players on its page: two of them on the roster given one
    number is refused on their rows. Django's formset checks only the
    unconditional unique constraints across its rows, and each row alone is
    checked against the numbers saved, so two rows moved to the same free
    number reached the database's constraint (a 500)."""

    def clean(self) -> None:
        super().clean()
        worn: dict[int, Player] = {}
        for form in self.forms:
            data = getattr(form, "cleaned_data", None)
            if not data or data.get("DELETE"):
                continue
            number = data.get("number")
            status = data.get("status", form.instance.status)
            if number is None or status not in ON_ROSTER:
                continue
            if number in worn:
                form.add_error(
                    "number",
                    forms.ValidationError(
                        f"#{number} is {worn[number].name}'s on this roster",
                        code="number_taken",
                    ),
                )
            else:
                worn[number] = form.instance


class LeagueAdminForm(ConstraintsForm):
    """A league's page. Its rules-data version is the superuser's to
    correct (read-only for a commissioner); an option its format does not
    play is refused, as for a new league."""

    constraint_errors = LEAGUE_CONSTRAINTS
    name_what = "league name"

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.instance.pk:
            changes = {name: data[name] for name in self.changed_data if name in data}
            refuse_violations(
                self, league_option_change_violations(self.instance, changes)
            )
        return data

    def clean_rules_version(self) -> str:
        """A version with no rules data broke every page of the league."""
        version: str = self.cleaned_data["rules_version"]
        try:
            rules_data(version)
        except ValueError:
            raise forms.ValidationError(
                "no rules data of that version", code="invalid_choice"
            ) from None
        return version


class PlayerRowForm(ConstraintsForm):
    """A player's row on his team's page."""

    constraint_errors = PLAYER_CONSTRAINTS
    name_what = "player's name"


class PlayerAdminForm(ConstraintsForm):
    """A player's page: a position the team's roster has, and lasting
    injuries as the post-game writes them ({"ma": 1}): every page and the
    engine read the profile and skills from the one and subtract the
    other."""

    constraint_errors = PLAYER_CONSTRAINTS
    name_what = "player's name"

    class Meta:
        model = Player
        # what the admin leaves editable (it passes its own list too)
        fields = [
            "team",
            "position",
            "name",
            "number",
            "ma",
            "st",
            "ag",
            "pa",
            "av",
            "miss_next_game",
            "niggling_injuries",
            "reductions",
            "status",
        ]

    def clean_reductions(self) -> Any:
        reductions = self.cleaned_data.get("reductions")
        if reductions in (None, {}):
            return {}
        if not isinstance(reductions, dict) or any(
            key not in REDUCIBLE
            or not isinstance(n, int)
            or isinstance(n, bool)
            or n < 0
            for key, n in reductions.items()
        ):
            raise forms.ValidationError(
                "the characteristics lost, each a count: "
                + ", ".join(f'"{c}"' for c in REDUCIBLE)
                + ', e.g. {"ma": 1}',
                code="invalid",
            )
        return {key: n for key, n in reductions.items() if n}

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        team = cleaned.get("team") or (
            self.instance.team if self.instance.team_id else None
        )
        position = cleaned.get("position")
        moved = {"position", "team"} & set(self.changed_data)
        if team is not None and position and moved:
            if not roster_has_position(team.league, team.roster, position):
                self.add_error(
                    "position",
                    forms.ValidationError(
                        f"not a position of a {roster_name(team.roster)} team",
                        code="not_a_position",
                    ),
                )
        if team is not None and set(PROFILE_CHECKED) & set(self.changed_data):
            self._check_profile(team, cleaned)
        return cleaned

    def _check_profile(self, team: Team, cleaned: dict[str, Any]) -> None:
        """The characteristics and lasting injuries the page sends, checked
        against the player's own format, position and casualty table (the
        database admits every format's range). A field refused already is
        left as it is."""
        if any(name in self.errors for name in PROFILE_CHECKED):
            return
        candidate = copy.copy(self.instance)
        for name in PROFILE_CHECKED:
            if name in cleaned:
                setattr(candidate, name, cleaned[name])
        for violation in player_profile_violations(candidate, team=team):
            field = violation.field
            self.add_error(
                field if field in self.fields else None,
                forms.ValidationError(violation.message, code=violation.code),
            )


# The characteristics an injury lowers (``Player.reductions``' keys).
REDUCIBLE = ("ma", "st", "ag", "pa", "av")
# What a change to is checked against the player's format and position.
PROFILE_CHECKED = (*REDUCIBLE, "reductions", "position", "team")
