"""The draft page's forms: the team (name, staff, fans, special rule) and
the squad, one counter per position with a name for each player counted.

They only parse input; ``team_draft`` decides what is allowed, and
``DraftSquadForm.show_violations`` puts its refusals next to the counter or
the name they concern.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django import forms
from django.http import QueryDict

from engine.facade import DraftRequest, Position, Roster, Variant, Violation, rules_data
from league.forms import WebForm
from league.names.suggestions import names_suggest
from league.services.teams import PlayerRequest

# The draft's purchases, named as the variant's team fields name them.
PURCHASE_FIELDS = (
    "rerolls",
    "assistant_coaches",
    "cheerleaders",
    "dedicated_fans",
    "apothecary",
)


class DraftTeamForm(WebForm):
    name = forms.CharField(label="Team name", max_length=100, required=False)
    rerolls = forms.IntegerField(label="Team re-rolls", min_value=0, initial=0)
    assistant_coaches = forms.IntegerField(min_value=0, initial=0)
    cheerleaders = forms.IntegerField(min_value=0, initial=0)
    apothecary = forms.BooleanField(required=False)
    dedicated_fans = forms.IntegerField(min_value=1, initial=1)
    special_rule = forms.ChoiceField(
        label="Special rule", required=False, choices=[("", "—")]
    )

    def __init__(self, *args: Any, fmt: Variant, roster: Roster, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if roster.special_rule_choice:
            names = rules_data(fmt.rules_data_version).special_rules
            field = self.fields["special_rule"]
            field.choices = [("", "— choose one —")] + [  # type: ignore[attr-defined]
                (slug, names[slug].name if slug in names else slug)
                for slug in roster.special_rule_choice
            ]
            field.help_text = (
                "the roster says “choose either”: this decides which Star "
                "Players and inducements the team may hire"
            )
        else:
            del self.fields["special_rule"]
        # Only what the format's teams have (the variant's team fields): a
        # Dungeon Bowl team buys re-rolls and nothing else.
        for name in PURCHASE_FIELDS:
            if name not in fmt.team_fields:
                del self.fields[name]
        limits = {
            "rerolls": fmt.max_rerolls,
            "assistant_coaches": fmt.max_assistant_coaches,
            "cheerleaders": fmt.max_cheerleaders,
            "dedicated_fans": fmt.max_dedicated_fans_at_draft,
        }
        for name, limit in limits.items():
            if name in self.fields:
                self.fields[name].widget.attrs.update(max=limit, inputmode="numeric")
        prices = {
            "rerolls": fmt.reroll_cost(roster, at_draft=True),
            "assistant_coaches": fmt.staff_cost(roster, "assistant_coach"),
            "cheerleaders": fmt.staff_cost(roster, "cheerleader"),
            "apothecary": fmt.staff_cost(roster, "apothecary"),
        }
        for name, price in prices.items():
            if name in self.fields:
                unit = "" if name == "apothecary" else " each"  # 0-1 apothecary
                self.fields[name].help_text = (
                    f"{price:,}{unit}" if price is not None else "not available"
                )
        if "dedicated_fans" in self.fields:
            self.fields[
                "dedicated_fans"
            ].help_text = f"the first is free, then {fmt.dedicated_fan_cost:,} each"
        if prices["apothecary"] is None and "apothecary" in self.fields:
            self.fields["apothecary"].disabled = True

    @property
    def purchases(self) -> list[forms.BoundField]:
        """The re-rolls, staff and fans this format's teams may buy."""
        return [self[name] for name in PURCHASE_FIELDS if name in self.fields]

    def bought(self) -> dict[str, Any]:
        """What the valid form asks to buy, by the draft service's keyword
        (what the format lacks keeps the service's default)."""
        return {
            name: self.cleaned_data[name]
            for name in PURCHASE_FIELDS
            if name in self.cleaned_data
        }


# Decision: a counter takes at most this many (a parsing bound, far above
# any roster's limit), so a forged request cannot ask the service to price
# thousands of players; the rules' own limits stay the service's to refuse.
COUNTER_BOUND = 99


def count_field(slug: str) -> str:
    return f"count-{slug}"


def name_field(slug: str, index: int) -> str:
    return f"name-{slug}-{index}"


@dataclass(frozen=True, slots=True)
class SharedLine:
    """A quantity line several positions share ("0-4 Runners": a Dark Elf
    Runner, a Gutter Runner and a Woodland Fox, at most four in all), as
    the draft page shows it."""

    name: str
    max: int
    positions: tuple[str, ...]  # the names of the positions it covers


@dataclass(frozen=True, slots=True)
class SquadRow:
    """One position on the page: its counter, its limit in this format and a
    name input for each player it may have."""

    position: Position
    limit: int
    count: forms.BoundField
    names: tuple[forms.BoundField, ...]
    shown: int
    # the quantity line this position shares with others, if any
    shared: SharedLine | None = None

    @property
    def name_inputs(self) -> list[tuple[int, forms.BoundField, bool]]:
        """(number, field, hidden): the inputs past the count stay hidden."""
        return [(i + 1, f, i >= self.shown) for i, f in enumerate(self.names)]


class DraftSquadForm(WebForm):
    """How many players of each position, and their names. Linemen first,
    then by price, as the roster sheets list them."""

    def __init__(self, *args: Any, fmt: Variant, roster: Roster, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.roster = roster
        self.positions = sorted(roster.positions, key=lambda p: (not p.lineman, p.cost))
        self.limits = {p.slug: min(p.max, fmt.max_players) for p in self.positions}
        names = {p.slug: p.name for p in roster.positions}
        self.shared_lines = [
            SharedLine(limit.name, limit.max, tuple(names[s] for s in limit.positions))
            for limit in roster.shared_limits
        ]
        self.line_of = {
            slug: line
            for limit, line in zip(roster.shared_limits, self.shared_lines, strict=True)
            for slug in limit.positions
        }
        for p in self.positions:
            limit = self.limits[p.slug]
            counter = forms.IntegerField(
                required=False,
                min_value=0,
                max_value=COUNTER_BOUND,
                initial=0,
                error_messages={
                    "invalid": "enter a whole number of players",
                    "min_value": "enter 0 or more players",
                    "max_value": f"enter at most {limit} players",
                },
            )
            # The page's limit is the roster's (the field's own bound only
            # guards the parsing).
            counter.widget.attrs.update(
                min=0, max=limit, inputmode="numeric", **{"data-counter": ""}
            )
            counter.widget.attrs["class"] = "count"
            self.fields[count_field(p.slug)] = counter
            for i in range(limit):
                self.fields[name_field(p.slug, i)] = forms.CharField(
                    required=False,
                    max_length=100,
                    widget=forms.TextInput(
                        attrs={"autocomplete": "off", "placeholder": "Name"}
                    ),
                )

    def _parsed(self) -> dict[str, Any]:
        """The fields that parsed (all of them on a valid form)."""
        if not self.is_bound:
            return {}
        self.is_valid()
        return self.cleaned_data

    def counts(self) -> dict[str, int]:
        """The counters as parsed; a blank or unreadable one counts 0 (its
        error is on the form)."""
        data = self._parsed()
        out = {}
        for p in self.positions:
            key = count_field(p.slug)
            value = data.get(key) if key in data else _int_or_zero(self.data.get(key))
            out[p.slug] = max(0, min(value or 0, COUNTER_BOUND))
        return out

    def players(self) -> list[tuple[str | None, PlayerRequest]]:
        """The players the counters ask for, position by position, each
        with the name field it was named in (None past the position's name
        inputs: more than the position allows, which the service refuses)."""
        data = self._parsed()
        out: list[tuple[str | None, PlayerRequest]] = []
        for slug, count in self.counts().items():
            for i in range(count):
                key = name_field(slug, i) if i < self.limits[slug] else None
                name = str(data.get(key, "") or "") if key else ""
                out.append((key, PlayerRequest(slug, name)))
        return out

    def name_suggestions(self, rng: random.Random) -> dict[str, str]:
        """A suggested name for every name input (field name -> name): none
        the same, none a name already typed on the form."""
        keys = [
            (p.slug, name_field(p.slug, i))
            for p in self.positions
            for i in range(self.limits[p.slug])
        ]
        typed = [str(self.data.get(key) or "") for _, key in keys]
        names = names_suggest(
            self.roster.slug, [slug for slug, _ in keys], rng=rng, taken=typed
        )
        return {key: name for (_, key), name in zip(keys, names, strict=True)}

    def offer_names(self, suggestions: dict[str, str]) -> None:
        """Give each name input its suggestion (``data-suggestion``), which
        the page's "Suggest names" button fills in where a name is empty."""
        for key, name in suggestions.items():
            self.fields[key].widget.attrs["data-suggestion"] = name

    def with_suggested_names(self, suggestions: dict[str, str]) -> QueryDict:
        """The submitted data with every player counted and left unnamed
        given the suggested name (the button without JavaScript)."""
        data = (
            self.data.copy()
            if isinstance(self.data, QueryDict)
            else QueryDict(mutable=True)
        )
        for slug, count in self.counts().items():
            for i in range(min(count, self.limits[slug])):
                key = name_field(slug, i)
                if not str(data.get(key) or "").strip():
                    data[key] = suggestions[key]
        return data

    def rows(self) -> list[SquadRow]:
        counts = self.counts() if self.is_bound else {}
        return [
            SquadRow(
                position=p,
                limit=self.limits[p.slug],
                count=self[count_field(p.slug)],
                names=tuple(
                    self[name_field(p.slug, i)] for i in range(self.limits[p.slug])
                ),
                shown=counts.get(p.slug, 0),
                shared=self.line_of.get(p.slug),
            )
            for p in self.positions
        ]

    def show_violations(
        self,
        violations: Iterable[Violation],
        players: list[tuple[str | None, PlayerRequest]],
    ) -> tuple[list[str], list[Violation]]:
        """Attach the service's refusals about the squad to the counter or
        the name input they concern. Returns the messages about the squad as
        a whole and the violations that are not about the squad.

        Decision: a missing name past a position's name inputs is dropped:
        that player is over the position's limit, and the counter already
        says so."""
        squad: list[str] = []
        rest: list[Violation] = []
        for v in violations:
            field = v.field or ""
            if field.startswith("players."):
                parts = field.split(".")
                index = int(parts[1]) if parts[1].isdigit() else -1
                about_name = parts[2:] == ["name"]
                if about_name and 0 <= index < len(players):
                    key = players[index][0]
                    if key is not None:
                        self.add_error(key, v.message)
                    continue
                squad.append(v.message)
            elif field == "players" and v.subject and v.subject in self.limits:
                self.add_error(count_field(v.subject), v.message)
            elif field == "players":
                squad.append(v.message)
            else:
                rest.append(v)
        return squad, rest


def _int_or_zero(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


def draft_request(
    form: DraftTeamForm, players: list[tuple[str | None, PlayerRequest]]
) -> DraftRequest:
    data = form.cleaned_data if form.is_valid() else {}
    return DraftRequest(
        players=tuple((p.position, p.name) for _, p in players),
        rerolls=data.get("rerolls") or 0,
        assistant_coaches=data.get("assistant_coaches") or 0,
        cheerleaders=data.get("cheerleaders") or 0,
        apothecary=bool(data.get("apothecary")),
        dedicated_fans=data.get("dedicated_fans") or 1,
        special_rule=data.get("special_rule") or None,
    )
