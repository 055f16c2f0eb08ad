"""Forms for the coach's team actions between seasons: choosing the team's
special rule and re-drafting. They only parse input; the services
(``league.services.teams.team_choose_special_rule``,
``matches.seasons.rollover.team_redraft``) decide what is allowed."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from django import forms

from engine.facade import Roster, rules_data
from league.forms import DraftPlayerForm, WebForm
from league.models import Player

# Decision: four rows for new players on the re-draft form. A coach who
# wants more previews, commits, then hires the rest from the team sheet
# (same prices); sixteen empty rows would bury the form on a phone.
REDRAFT_NEW_ROWS = 4


class SpecialRuleForm(WebForm):
    special_rule = forms.ChoiceField(label="Special rule")

    def __init__(self, *args: Any, roster: Roster, rules_version: str, **kwargs: Any):
        super().__init__(*args, **kwargs)
        names = rules_data(rules_version).special_rules
        field = self.fields["special_rule"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [("", "— choose one —")] + [
            (slug, names[slug].name if slug in names else slug)
            for slug in roster.special_rule_choice
        ]
        field.help_text = (
            "chosen once, for good: it decides which Star Players and "
            "inducements the team may hire"
        )


class CaptainForm(WebForm):
    """Which player the coach names Team Captain (BB2025)."""

    player = forms.TypedChoiceField(label="Team Captain", coerce=int)

    def __init__(self, *args: Any, players: Sequence[Player], **kwargs: Any):
        super().__init__(*args, **kwargs)
        field = self.fields["player"]
        assert isinstance(field, forms.TypedChoiceField)
        field.choices = [("", "— choose one —")] + [
            (p.pk, f"#{p.number} {p.name}")
            for p in players
            if p.status == Player.Status.ACTIVE and not p.journeyman
        ]
        field.help_text = (
            "he plays with Pro; another is named only when he dies, is fired or retires"
        )


class MvpNominationsForm(WebForm):
    """The team's standing MVP nominations (BB2025): its active players, not
    journeymen, ticked in shirt-number order."""

    players = forms.TypedMultipleChoiceField(
        label="MVP nominees",
        coerce=int,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(
        self, *args: Any, players: Sequence[Player], limit: int, **kwargs: Any
    ):
        super().__init__(*args, **kwargs)
        field = self.fields["players"]
        assert isinstance(field, forms.TypedMultipleChoiceField)
        field.choices = [
            (p.pk, f"#{p.number} {p.name}")
            for p in players
            if p.status == Player.Status.ACTIVE and not p.journeyman
        ]
        field.help_text = (
            f"up to {limit}; the MVP is drawn among those who played, in every "
            "match that names none; none ticked: the six with most SPP in the game"
        )


# What a re-draft buys beside its players, named as the variant's team
# fields name them.
STAFF_FIELDS = ("rerolls", "assistant_coaches", "cheerleaders", "apothecary")


class RedraftForm(WebForm):
    """Who stays, and the staff and re-rolls bought for the new season."""

    keep = forms.TypedMultipleChoiceField(
        label="Players who stay",
        coerce=int,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    rerolls = forms.IntegerField(label="Team re-rolls", min_value=0, max_value=99)
    assistant_coaches = forms.IntegerField(min_value=0, max_value=99)
    cheerleaders = forms.IntegerField(min_value=0, max_value=99)
    apothecary = forms.BooleanField(required=False)

    def __init__(
        self,
        *args: Any,
        players: Sequence[Player],
        team_fields: Collection[str] = STAFF_FIELDS,
        **kwargs: Any,
    ) -> None:
        """``team_fields``: what the format's teams have (the variant's):
        the re-rolls and staff it lacks get no field."""
        super().__init__(*args, **kwargs)
        field = self.fields["keep"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [(p.pk, f"#{p.number} {p.name} ({p.value:,})") for p in players]
        for name in STAFF_FIELDS:
            if name not in team_fields:
                del self.fields[name]

    @property
    def staff(self) -> list[forms.BoundField]:
        """The re-roll and staff fields this format's teams have."""
        return [self[name] for name in STAFF_FIELDS if name in self.fields]


def redraft_player_formset(data: Any, *, roster: Roster) -> forms.BaseFormSet[Any]:
    formset = forms.formset_factory(
        DraftPlayerForm, extra=REDRAFT_NEW_ROWS, max_num=REDRAFT_NEW_ROWS
    )
    return formset(data, prefix="new", form_kwargs={"roster": roster})
