"""Forms for the commissioner's season loop: closing a season, postponing
a match, setting round dates and placing teams in divisions. They parse
input into what the services take; the services decide what is allowed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms

from league.forms import WebForm
from league.models import Team
from matches.models import Match, RoundSchedule
from matches.pages.selectors import Round
from matches.seasons.round_dates import RoundDates
from matches.seasons.services import DIVISION_NAME_MAX

REASON_HELP = "kept in the league's audit log"


def _reason() -> forms.CharField:
    return forms.CharField(
        max_length=300,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=REASON_HELP,
    )


class SeasonCloseForm(WebForm):
    reason = _reason()


class PostponeForm(WebForm):
    to_round = forms.IntegerField(
        label="Move to round",
        min_value=1,
        max_value=1000,
        required=False,
        help_text="blank: a new round after the last",
    )
    reason = _reason()


class UnplayedForm(WebForm):
    """An unplayed fixture: who conceded it, if anyone, and why it is
    recorded (league_and_exhibition_play.md "League Fixtures")."""

    conceded_by = forms.TypedChoiceField(
        label="Outcome",
        coerce=int,
        empty_value=None,
        required=False,
        widget=forms.RadioSelect,
    )
    reason = _reason()

    def __init__(self, *args: Any, match: Match, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["conceded_by"]
        assert isinstance(field, forms.TypedChoiceField)
        home, away = match.home, match.away
        field.choices = [
            ("", "Nobody conceded: a loss for both teams"),
            (home.pk, f"{home.name} conceded: {away.name} win 1–0"),
            (away.pk, f"{away.name} conceded: {home.name} win 1–0"),
        ]
        field.initial = ""


class DateInput(forms.DateInput):
    input_type = "date"

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs, format="%Y-%m-%d")


def _round_key(stage: str, number: int) -> str:
    return f"{stage}_{number}"


class RoundDatesForm(WebForm):
    """A date and a report deadline for each round of the season."""

    def __init__(
        self,
        *args: Any,
        rounds: Sequence[Round],
        dates: Mapping[tuple[str, int], RoundSchedule] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.rounds = list(rounds)
        for r in self.rounds:
            key = _round_key(r.stage, r.number)
            row = (dates or {}).get((r.stage, r.number))
            self.fields[f"date_{key}"] = forms.DateField(
                label=f"{r.title}: date",
                required=False,
                widget=DateInput,
                initial=row.date if row else None,
            )
            self.fields[f"deadline_{key}"] = forms.DateField(
                label=f"{r.title}: reports due",
                required=False,
                widget=DateInput,
                initial=row.deadline if row else None,
            )

    def rows(self) -> list[tuple[Round, forms.BoundField, forms.BoundField]]:
        return [
            (
                r,
                self[f"date_{_round_key(r.stage, r.number)}"],
                self[f"deadline_{_round_key(r.stage, r.number)}"],
            )
            for r in self.rounds
        ]

    def round_dates(self) -> list[RoundDates]:
        data = self.cleaned_data
        return [
            RoundDates(
                stage=r.stage,
                round=r.number,
                date=data.get(f"date_{_round_key(r.stage, r.number)}"),
                deadline=data.get(f"deadline_{_round_key(r.stage, r.number)}"),
            )
            for r in self.rounds
        ]

    def field_aliases(self) -> dict[str, str]:
        """The service's ``rounds.<i>.<field>`` to this form's fields."""
        aliases = {}
        for i, r in enumerate(self.rounds):
            key = _round_key(r.stage, r.number)
            for name in ("date", "deadline"):
                aliases[f"rounds.{i}.{name}"] = f"{name}_{key}"
            aliases[f"rounds.{i}.round"] = f"date_{key}"
        return aliases


def division_field_name(team_id: int) -> str:
    return f"division_{team_id}"


def add_division_fields(form: forms.Form, teams: Sequence[Team]) -> None:
    """A "division" text box for each team of the new-season form."""
    for team in teams:
        form.fields[division_field_name(team.pk)] = forms.CharField(
            label=f"{team.name}: division",
            max_length=DIVISION_NAME_MAX,
            required=False,
        )


def divisions_from(
    form: forms.Form, teams: Sequence[Team]
) -> dict[str, list[int]] | None:
    """The divisions the form names for the chosen ``teams`` ({name: team
    ids}), None if every division box is blank. A chosen team left without
    a division while others have one is an error on its box.

    Decision: names are compared without case or surrounding spaces
    ("north" and "North " are one division), and the first spelling given
    names it."""
    names: dict[str, str] = {}
    divisions: dict[str, list[int]] = {}
    missing: list[Team] = []
    for team in teams:
        raw = str(form.cleaned_data.get(division_field_name(team.pk)) or "").strip()
        if not raw:
            missing.append(team)
            continue
        name = names.setdefault(raw.casefold(), raw)
        divisions.setdefault(name, []).append(team.pk)
    if not divisions:
        return None
    for team in missing:
        form.add_error(
            division_field_name(team.pk),
            "every team needs a division (or leave them all blank)",
        )
    return divisions
