"""Forms for the league pages. They only parse input; the services decide
what is allowed, and ``show_violations`` puts their refusals next to the
fields they concern."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django import forms

from engine.facade import PURCHASE_ITEMS, SIDELINE_STAFF, Roster, Violation


class WebForm(forms.Form):
    """A form whose labels carry no trailing colon."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)


def position_choices(roster: Roster) -> list[tuple[str, str]]:
    return [
        (p.slug, f"{p.name} ({p.cost // 1000}k)")
        for p in sorted(roster.positions, key=lambda p: (not p.lineman, p.cost))
    ]


class DraftPlayerForm(WebForm):
    position = forms.ChoiceField(required=False)
    name = forms.CharField(max_length=100, required=False)

    def __init__(self, *args: Any, roster: Roster, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["position"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [("", "—")] + position_choices(roster)

    @property
    def is_blank(self) -> bool:
        data = self.cleaned_data if hasattr(self, "cleaned_data") else {}
        return not data.get("position") and not (data.get("name") or "").strip()


def show_violations(
    violations: Iterable[Violation],
    form: forms.BaseForm,
    *,
    formset: forms.BaseFormSet[Any] | None = None,
    row_of: dict[int, int] | None = None,
    aliases: dict[str, str] | None = None,
) -> tuple[list[str], list[str]]:
    """Attach each service violation to the field it names. Returns the
    messages about the squad as a whole (``players``) and those that belong
    to no field, for the page to show above the rows and the form.

    ``players.<n>.<field>`` goes to row ``row_of[n]`` of ``formset``;
    ``aliases`` renames service fields to form fields.
    """
    squad: list[str] = []
    general: list[str] = []
    aliases = aliases or {}
    for v in violations:
        field = aliases.get(v.field or "", v.field)
        if field and field.startswith("players.") and formset is not None:
            parts = field.split(".")
            index = int(parts[1]) if parts[1].isdigit() else -1
            row = (row_of or {}).get(index, index)
            if 0 <= row < len(formset.forms):
                target = formset.forms[row]
                name = parts[2] if len(parts) > 2 else None
                target.add_error(name if name in target.fields else None, v.message)
                continue
        if field == "players" and formset is not None:
            squad.append(v.message)
        elif field and field in form.fields:
            form.add_error(field, v.message)
        else:
            general.append(v.message)
    return squad, general


def show_refusal(
    violations: Iterable[Violation],
    form: forms.BaseForm,
    *,
    aliases: dict[str, str] | None = None,
) -> None:
    """:func:`show_violations` for a form alone: what belongs to no field
    becomes the form's own (non-field) errors."""
    _, general = show_violations(violations, form, aliases=aliases)
    for message in general:
        form.add_error(None, message)


class HireForm(WebForm):
    position = forms.ChoiceField()
    name = forms.CharField(max_length=100)

    def __init__(self, *args: Any, roster: Roster, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["position"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = position_choices(roster)


PURCHASE_LABELS = {
    "rerolls": "Team re-roll",
    "assistant_coaches": "Assistant coach",
    "cheerleaders": "Cheerleader",
    "apothecary": "Apothecary",
}


class BuyForm(WebForm):
    item = forms.ChoiceField(
        choices=[(item, PURCHASE_LABELS[item]) for item in PURCHASE_ITEMS]
    )
    quantity = forms.IntegerField(min_value=1, max_value=12, initial=1)

    def __init__(
        self, *args: Any, items: Sequence[str] = PURCHASE_ITEMS, **kwargs: Any
    ) -> None:
        """``items``: what the team's format lets it buy (the variant's
        team fields)."""
        super().__init__(*args, **kwargs)
        self.fields["item"].choices = [  # type: ignore[attr-defined]
            (item, PURCHASE_LABELS[item]) for item in items
        ]


class FireStaffForm(WebForm):
    item = forms.ChoiceField(
        choices=[(item, PURCHASE_LABELS[item]) for item in SIDELINE_STAFF]
    )
    quantity = forms.IntegerField(min_value=1, max_value=12, initial=1)

    def __init__(
        self, *args: Any, items: Sequence[str] = SIDELINE_STAFF, **kwargs: Any
    ) -> None:
        """``items``: the Sideline Staff the team has (re-rolls and Dedicated
        Fans are not staff: they are never fired). Its fields' ids are its
        own: the buy form beside it on the team page has the same names."""
        kwargs.setdefault("auto_id", "id_fire_%s")
        super().__init__(*args, **kwargs)
        self.fields["item"].choices = [  # type: ignore[attr-defined]
            (item, PURCHASE_LABELS[item]) for item in items
        ]


# --- advancements ---------------------------------------------------------------

KIND_LABELS = {
    "random_primary": "Random Primary skill",
    "chosen_primary": "Chosen Primary skill",
    "random_secondary": "Random Secondary skill",
    "chosen_secondary": "Chosen Secondary skill",
    "characteristic": "Characteristic improvement",
}
CHARACTERISTIC_CHOICES = [
    ("", "—"),
    ("ma", "MA"),
    ("st", "ST"),
    ("ag", "AG"),
    ("pa", "PA"),
    ("av", "AV"),
]


def option_value(kind: str, category: str | None) -> str:
    return f"{kind}:{category or ''}"


def option_label(kind: str, category: str | None, cost: int, value: int | None) -> str:
    what = KIND_LABELS.get(kind, kind)
    if category:
        what += f" — {category.title()}"
    rise = f"+{value:,} value" if value is not None else "value rise depends on roll"
    return f"{what} · {cost} SPP · {rise}"


class AdvanceForm(WebForm):
    """One SPP advancement: which option (kind and category), the skill for
    a chosen kind (or the Secondary skill a characteristic roll falls back
    to), and the preferred characteristics. The service decides the rest."""

    option = forms.ChoiceField(label="Advancement", widget=forms.RadioSelect)
    skill = forms.ChoiceField(
        required=False,
        label="Skill",
        help_text=(
            "for a chosen skill (or instead of a characteristic); BB2025: "
            "the one kept of the two a random skill rolled"
        ),
    )
    characteristic = forms.ChoiceField(
        required=False,
        choices=CHARACTERISTIC_CHOICES,
        label="Characteristic, first choice",
        help_text="for a characteristic improvement: the roll (D16, BB2025 D8) decides what is allowed",
    )
    characteristic_2 = forms.ChoiceField(
        required=False,
        choices=CHARACTERISTIC_CHOICES,
        label="Characteristic, second choice",
    )

    def __init__(
        self,
        *args: Any,
        options: Iterable[tuple[str, str]],
        skills: Iterable[tuple[str, list[tuple[str, str]]]],
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        option = self.fields["option"]
        assert isinstance(option, forms.ChoiceField)
        option.choices = list(options)
        skill = self.fields["skill"]
        assert isinstance(skill, forms.ChoiceField)
        skill.choices = [("", "—"), *skills]

    def request(self) -> dict[str, Any]:
        """The service's arguments from the cleaned data."""
        data = self.cleaned_data
        kind, _, category = data["option"].partition(":")
        preference = [
            c for c in (data["characteristic"], data["characteristic_2"]) if c
        ]
        return {
            "kind": kind,
            "category": category or None,
            "skill": data["skill"] or None,
            "characteristic": list(dict.fromkeys(preference)),
        }


class AdvancementChoiceForm(WebForm):
    """The coach's choice among a pending roll: a characteristic the roll
    offers, or a skill (one of a random skill's rolled skills, or the skill
    a characteristic roll is taken as instead)."""

    characteristic = forms.ChoiceField(
        required=False, label="Improve", widget=forms.RadioSelect
    )
    skill = forms.ChoiceField(required=False, label="Skill")

    def __init__(
        self,
        *args: Any,
        characteristics: Iterable[str],
        skills: Iterable[tuple[str, Any]],
        radio_skills: bool,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["characteristic"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [(c, c.upper()) for c in characteristics]
        skill = self.fields["skill"]
        assert isinstance(skill, forms.ChoiceField)
        if radio_skills:
            skill.widget = forms.RadioSelect()
            skill.label = "Keep"
            skill.choices = list(skills)
        else:
            skill.label = "Or take this skill instead"
            skill.choices = [("", "—"), *skills]

    def request(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "skill": data["skill"] or None,
            "characteristic": [data["characteristic"]]
            if data["characteristic"]
            else [],
        }


class SevensSkillForm(WebForm):
    """The Sevens post-game skill (leagues without SPP)."""

    mode = forms.ChoiceField(
        widget=forms.RadioSelect,
        choices=[
            ("chosen_player_primary", "This player gains a random Primary skill"),
            (
                "random_player_secondary",
                "A random player of the match gains a random Secondary skill",
            ),
        ],
    )
    category = forms.ChoiceField(
        required=False,
        label="Primary category",
        help_text="when the player has several",
    )

    def __init__(self, *args: Any, categories: Iterable[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["category"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [("", "—"), *[(c, c.title()) for c in categories]]
