"""The draft page of a format where a team is one team card (the variant's
``drafts_team_card``, e.g. Blitz Bowl): pick a card, name the team and,
if you like, the players. No budget and no money: nothing is bought."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from league.errors import ServiceError
from league.forms import WebForm, show_violations
from league.models import League
from league.names.suggestions import names_suggest
from league.services.card_teams import team_draft_card

if TYPE_CHECKING:
    from engine.facade import Variant

# A card gives at most this many players (the Snotling card's 10).
MAX_NAMES = 40


class CardDraftForm(WebForm):
    name = forms.CharField(label="Team name", max_length=100)
    card = forms.ChoiceField(label="Team card", widget=forms.RadioSelect)
    player_names = forms.CharField(
        label="Player names (optional)",
        required=False,
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text="One a line, in the card's order; a blank line or a missing "
        "name gives the position and shirt number (Lineman 2).",
    )

    def __init__(self, *args: Any, cards: dict[str, str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["card"].choices = list(cards.items())

    def names(self) -> list[str]:
        raw = str(self.cleaned_data.get("player_names") or "")
        lines = [line.strip() for line in raw.splitlines()]
        while lines and not lines[-1]:
            lines.pop()
        return lines[:MAX_NAMES]


def _with_suggested_names(data: Any, names: list[str]) -> Any:
    """The posted form with each blank line of the player names (up to the
    card's players) given its suggested name."""
    data = data.copy()
    lines = str(data.get("player_names") or "").splitlines()
    lines += [""] * (len(names) - len(lines))
    data["player_names"] = "\n".join(
        line if line.strip() else (names[i] if i < len(names) else "")
        for i, line in enumerate(lines)
    )
    return data


def card_draft_page(request: HttpRequest, league: League, fmt: Variant) -> HttpResponse:
    """Draft by picking a team card (called by the draft page once the
    coach may draft in ``league``). A POST with ``suggest`` ("Suggest
    names" without JavaScript) only shows the page again, the chosen card's
    unnamed players named."""
    rng = random.Random()
    suggested = {
        slug: names_suggest(slug, [p.position for p in fmt.card_players(slug)], rng=rng)
        for slug in fmt.team_cards()
    }
    data = request.POST if request.method == "POST" else None
    suggest = data is not None and "suggest" in data
    cards = dict(fmt.team_cards())
    if suggest and data is not None:
        # Shown again, not submitted: an unbound form, so that nothing is
        # marked missing yet.
        card = str(data.get("card") or "")
        if card in suggested:
            data = _with_suggested_names(data, suggested[card])
        else:
            messages.error(
                request, "Choose a team card first: the names suit its players."
            )
        form = CardDraftForm(
            cards=cards,
            initial={k: data.get(k, "") for k in ("name", "card", "player_names")},
        )
    else:
        form = CardDraftForm(
            data, cards=cards, initial={"card": request.GET.get("card", "")}
        )
    general: list[str] = []
    if request.method == "POST" and not suggest and form.is_valid():
        try:
            team = team_draft_card(
                league=league,
                coach=request.user,  # type: ignore[arg-type]
                name=form.cleaned_data["name"],
                card=form.cleaned_data["card"],
                player_names=form.names(),
            )
        except ServiceError as exc:
            _, general = show_violations(exc.violations, form)
        else:
            messages.success(request, f"{team.name} drafted.")
            return redirect("web:team", team_id=team.pk)
    abilities = fmt.ability_names()
    cards = [
        {
            **card,
            "positions": [
                {
                    **p,
                    "ability_names": [
                        (a, *abilities.get(a, (a, ""))) for a in p["abilities"]
                    ],
                }
                for p in card["positions"]
            ],
            "suggested": "\n".join(suggested.get(card["slug"], ())),
        }
        for card in fmt.team_card_details()
    ]
    chosen = form["card"].value() or ""
    context = {
        "league": league,
        "format": fmt,
        "form": form,
        "cards": cards,
        "chosen": chosen,
        "general_errors": general,
    }
    status = 400 if request.method == "POST" and not suggest else 200
    return render(request, "league/team_draft_cards.html", context, status=status)
