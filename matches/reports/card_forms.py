"""The report form of a card format's match (Blitz Bowl): each team's points,
touchdowns, Challenge Cards claimed and Clean Sweeps, and how it ended."""

from __future__ import annotations

from typing import Any

from django import forms

from league.forms import WebForm
from matches.reports.cards import CardReportSide

SIDES = ("home", "away")


class CardReportForm(WebForm):
    how = forms.ChoiceField(
        label="How the game ended",
        choices=[
            ("points", "Points Victory (or a draw) when the cards ran out"),
            ("sudden_death", "Sudden Death Victory (a lead of 10 at a turn's start)"),
        ],
        initial="points",
        widget=forms.RadioSelect,
    )

    def __init__(
        self,
        *args: Any,
        deck: list[dict[str, Any]],
        names: dict[str, str],
        players: dict[str, list[tuple[int, str]]] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        cards = [
            (str(c["card"]), f"{c['card']} · {c['name']} ({c['points']})") for c in deck
        ]
        for side in SIDES:
            team = names[side]
            self.fields[f"{side}_points"] = forms.IntegerField(
                label=f"{team}: points", min_value=0, max_value=200
            )
            self.fields[f"{side}_touchdowns"] = forms.IntegerField(
                label=f"{team}: touchdowns", min_value=0, max_value=40, initial=0
            )
            self.fields[f"{side}_clean_sweeps"] = forms.IntegerField(
                label=f"{team}: Clean Sweeps", min_value=0, max_value=9, initial=0
            )
            for pid, name in (players or {}).get(side, []):
                self.fields[f"{side}_td_{pid}"] = forms.IntegerField(
                    label=f"{name} ({team}): touchdowns scored",
                    min_value=0,
                    max_value=40,
                    required=False,
                )
            self.fields[f"{side}_cards"] = forms.MultipleChoiceField(
                label=f"{team}: Challenge Cards claimed",
                choices=cards,
                required=False,
                widget=forms.CheckboxSelectMultiple,
            )

    def scorer_fields(self, side: str) -> list[str]:
        return [n for n in self.fields if n.startswith(f"{side}_td_")]

    def side(self, side: str) -> CardReportSide:
        data = self.cleaned_data
        # who scored, if the coach said: one entry per touchdown
        scorers = tuple(
            int(name.rsplit("_", 1)[1])
            for name in self.scorer_fields(side)
            for _ in range(data.get(name) or 0)
        )
        return CardReportSide(
            scorers=scorers,
            points=data[f"{side}_points"],
            touchdowns=data.get(f"{side}_touchdowns") or 0,
            cards=tuple(int(c) for c in data.get(f"{side}_cards", ())),
            clean_sweeps=data.get(f"{side}_clean_sweeps") or 0,
        )

    @staticmethod
    def aliases() -> dict[str, str]:
        """The service's fields (home.points, home.cards.0) as the form's."""
        out = {}
        for side in SIDES:
            for name in ("points", "touchdowns", "clean_sweeps"):
                out[f"{side}.{name}"] = f"{side}_{name}"
            for i in range(26):
                out[f"{side}.cards.{i}"] = f"{side}_cards"
        return out
