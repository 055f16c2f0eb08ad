"""The new-league form: a name, a format (every registered one, with the
sentence that says what it is) and the league's options, each explained,
with the defaults a new league takes anyway. Which formats an option
concerns is read from the formats themselves."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django import forms

from engine.facade import Variant, variants
from league.creation.services import LeagueOptions
from league.forms import WebForm
from league.models import POINTS_MAX, TIEBREAKERS, League

TIEBREAK_LABELS = {
    "points": "League points",
    "td_diff": "Touchdown difference",
    "cas_diff": "Casualty difference",
    "head_to_head": "Head-to-head results",
    "td_for": "Touchdowns scored",
    "wins": "Wins",
    "score_diff": "Score difference (points for minus against)",
    "score_for": "Points scored",
    "cas_for": "Casualties caused",
}
TIEBREAK_FIELDS = ("tiebreaker_1", "tiebreaker_2", "tiebreaker_3", "tiebreaker_4")


@dataclass(frozen=True)
class FormatChoice:
    slug: str
    label: str
    summary: str


def format_offers() -> list[FormatChoice]:
    """The formats a new league may play, the newest edition of the full
    game first (``LeagueFormat.offered_first``: BB2025)."""
    offered = sorted(variants().values(), key=lambda v: not v.offered_first)
    return [FormatChoice(v.name, v.label, v.summary or v.label) for v in offered]


def _formats_where(test: Callable[[Variant], bool]) -> str:
    # both editions of Blood Bowl are "Blood Bowl" here, named once
    names = list(
        dict.fromkeys(v.label.split(" (")[0] for v in variants().values() if test(v))
    )
    return ", ".join(names) if names else "no format yet"


def default_orders() -> list[tuple[str, str]]:
    """Each standings order a new league starts with, in words, and the
    formats that start with it (an empty order on the new-league page takes
    the format's own: Dungeon Bowl's is not Blood Bowl's)."""
    orders: dict[tuple[str, ...], list[str]] = {}
    for offer in format_offers():
        order = tuple(variants()[offer.slug].default_tiebreakers)
        orders.setdefault(order, []).append(offer.label.split(" (")[0])
    return [
        (
            ", ".join(dict.fromkeys(labels)),
            ", then ".join(TIEBREAK_LABELS.get(t, t).lower() for t in order),
        )
        for order, labels in orders.items()
    ]


class NewLeagueForm(WebForm):
    name = forms.CharField(
        label="Name",
        max_length=100,
        help_text="How the league is shown everywhere; no two leagues share one.",
    )
    format = forms.ChoiceField(label="Format", widget=forms.RadioSelect)
    points_win = forms.IntegerField(
        label="Points for a win", min_value=0, max_value=POINTS_MAX, initial=3
    )
    points_draw = forms.IntegerField(
        label="Points for a draw", min_value=0, max_value=POINTS_MAX, initial=1
    )
    points_loss = forms.IntegerField(
        label="Points for a loss", min_value=0, max_value=POINTS_MAX, initial=0
    )
    tiebreaker_1 = forms.ChoiceField(label="First", required=False)
    tiebreaker_2 = forms.ChoiceField(label="Then", required=False)
    tiebreaker_3 = forms.ChoiceField(label="Then", required=False)
    tiebreaker_4 = forms.ChoiceField(label="Then", required=False)
    casualty_table = forms.ChoiceField(label="Casualty table", required=False)
    sevens_spp = forms.BooleanField(label="Track Star Player Points", required=False)
    time_limit = forms.BooleanField(label="Play with a time limit", required=False)
    casualty_bonus = forms.BooleanField(
        label="Casualty bonus point", required=False, initial=True
    )
    bonus_points = forms.BooleanField(label="Bonus league points", required=False)
    redraft_cap = forms.BooleanField(label="Cap the re-draft budget", required=False)
    report_confirmation_days = forms.IntegerField(
        label="Days to confirm a report",
        min_value=0,
        max_value=60,
        initial=0,
        help_text="0: a coach's report of a match counts at once. Otherwise the "
        "opposing coach has this many days to confirm or dispute it (a "
        "disputed one waits for you); after that it counts.",
    )
    is_open = forms.BooleanField(
        label="Open to requests to join",
        required=False,
        help_text="Coaches may ask to join, and you approve them. Closed, they "
        "join only through your invite link or an invitation.",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choice = self.fields["format"]
        assert isinstance(choice, forms.ChoiceField)
        choice.choices = [(f.slug, f.label) for f in format_offers()]
        order = [("", "—")] + [(t, TIEBREAK_LABELS.get(t, t)) for t in TIEBREAKERS]
        for name in TIEBREAK_FIELDS:
            field = self.fields[name]
            assert isinstance(field, forms.ChoiceField)
            field.choices = order
        table = self.fields["casualty_table"]
        assert isinstance(table, forms.ChoiceField)
        table.choices = [("", "The format's own")] + list(League.CasualtyTable.choices)
        table.help_text = (
            "The table a casualty is rolled on after the game. Concerns "
            + _formats_where(lambda v: v.league_casualty_table() is not None)
            + "; the other formats' Injury tables give casualties directly."
        )
        self.fields["sevens_spp"].help_text = (
            "Players earn SPP and buy advancements; without it, a team gives "
            "one player a skill after each match. Concerns "
            + _formats_where(lambda v: v.spp_optional)
            + " (the other formats always track SPP, or never)."
        )
        self.fields["time_limit"].help_text = (
            "A game that ends at the first touchdown then has a turn limit "
            "and may end level (0-0). Concerns "
            + _formats_where(lambda v: not v.has_halves)
            + "."
        )
        self.fields["casualty_bonus"].help_text = (
            "A team that causes enough casualties in a game earns an extra "
            "league point, which the rules make optional. Concerns "
            + _formats_where(lambda v: v.casualty_bonus() is not None)
            + "."
        )
        self.fields["bonus_points"].help_text = (
            "The rulebook's optional bonus points: +1 for scoring 3 or more "
            "touchdowns in a game, +1 for conceding none, +1 for causing 3 or "
            "more casualties that earn SPP. Concerns "
            + _formats_where(lambda v: bool(v.league_bonuses()))
            + "."
        )
        self.fields["redraft_cap"].help_text = (
            "Between seasons no team re-drafts with more than 1,300,000 gold "
            "pieces, however rich its treasury and record. Concerns "
            + _formats_where(lambda v: not v.drafts_team_card)
            + "."
        )

    def format_choices(self) -> list[tuple[FormatChoice, bool]]:
        """Each format with whether it is the one chosen, for the template."""
        chosen = (
            self.data.get("format") if self.is_bound else self.initial.get("format")
        )
        return [(f, f.slug == chosen) for f in format_offers()]

    def refusal_aliases(self) -> dict[str, str]:
        """The service's fields named as the form's: the n-th tiebreaker
        given (``tiebreakers.<n>``) is the n-th of the four not left empty."""
        given = [n for n in TIEBREAK_FIELDS if self.cleaned_data.get(n)]
        return {"tiebreakers": "tiebreaker_1"} | {
            f"tiebreakers.{index}": name for index, name in enumerate(given)
        }

    def options(self) -> LeagueOptions:
        data = self.cleaned_data
        return LeagueOptions(
            points_win=data["points_win"],
            points_draw=data["points_draw"],
            points_loss=data["points_loss"],
            tiebreakers=[data[n] for n in TIEBREAK_FIELDS if data.get(n)],
            casualty_table=data["casualty_table"] or None,
            sevens_spp=data["sevens_spp"],
            time_limit=data["time_limit"],
            casualty_bonus=data["casualty_bonus"],
            bonus_points=data["bonus_points"],
            redraft_cap=data["redraft_cap"],
            report_confirmation_days=data["report_confirmation_days"],
            is_open=data["is_open"],
        )
