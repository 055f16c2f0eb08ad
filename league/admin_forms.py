"""The admin's forms that check a commissioner's corrections as the
services check the same things: a roster's numbers, a player's position and
lasting injuries."""

from __future__ import annotations

from typing import Any

from django import forms
from django.forms.models import BaseInlineFormSet

from league.models import Player
from league.selectors import ON_ROSTER, roster_has_position, roster_name


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


class PlayerAdminForm(forms.ModelForm):  # type: ignore[type-arg]
    """A player's page: a position the team's roster has, and lasting
    injuries as the post-game writes them ({"ma": 1}): every page and the
    engine read the profile and skills from the one and subtract the
    other."""

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
        return cleaned


# The characteristics an injury lowers (``Player.reductions``' keys).
REDUCIBLE = ("ma", "st", "ag", "pa", "av")
