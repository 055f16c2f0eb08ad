"""Player advancement pages: spend Star Player Points, or take the
post-game skill of a league without SPP (which reads the team's matches, so
these pages live in the matches app)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import (
    require_http_methods,
    require_safe,
)

from engine.facade import Characteristic, SkillRef, rules_data
from league.access import team_require_write
from league.errors import ServiceError
from league.forms import (
    KIND_LABELS,
    AdvanceForm,
    AdvancementChoiceForm,
    SevensSkillForm,
    option_label,
    option_value,
    show_violations,
)
from league.models import LeagueEvent, Player
from league.services.advancement import (
    AdvancementMenu,
    PendingRoll,
    advancement_pending_refusal,
    player_advance,
    player_advancement_choose,
    player_advancements_get,
)
from league.services.demo import DEMO_LEAGUES
from league.web_selectors import team_sheet_rows
from matches.captions.context import purpose_name
from matches.postgame.skill import team_sevens_advance, team_sevens_pending

# The demo's first league: `make demo` opens onto its page.
HOME_LEAGUE = DEMO_LEAGUES[0][0]


# --- advancements ----------------------------------------------------------------


def _player_for_write(request: HttpRequest, player_id: int) -> Player:
    """The player, if the user may change their team: 404 if there is no
    such player, 403 if the team is not theirs."""
    player = get_object_or_404(
        Player.objects.select_related("team__league", "team__coach"), pk=player_id
    )
    team_require_write(request.user, player.team)
    return player


def _advance_form(
    menu: AdvancementMenu, data: object = None
) -> tuple[AdvanceForm, dict[str, str]]:
    """The form over ``menu``'s options, and each option's label."""
    skills = rules_data(menu.player.team.league.rules_version).skills
    labels = {
        option_value(o.kind.value, o.category): option_label(
            o.kind.value, o.category, o.spp_cost, o.value_increase
        )
        for o in menu.options
    }
    categories = list(dict.fromkeys(o.category for o in menu.options if o.category))
    groups = [
        (
            category.title(),
            sorted(
                ((s.slug, s.name) for s in skills.values() if s.category == category),
                key=lambda c: c[1],
            ),
        )
        for category in categories
    ]
    form = AdvanceForm(data, options=list(labels.items()), skills=groups)
    return form, labels


def _pending_context(pending: PendingRoll) -> dict[str, object]:
    row = pending.row
    return {
        "kind": KIND_LABELS.get(row.kind, row.kind),
        "category": row.category,
        "spp_spent": row.spp_spent,
        "message": pending.message,
        "dice": _dice_rows(row.dice),
    }


def _dice_rows(dice: list[dict[str, Any]]) -> list[dict[str, object]]:
    return [
        {
            "purpose": purpose_name(d["purpose"]),
            "sides": d["sides"],
            "result": d["result"],
        }
        for d in dice
    ]


# The service's field names -> the form's.
_ADVANCE_FIELDS = {"kind": "option", "category": "option"}


def _advance_context(
    player: Player, menu: AdvancementMenu, form: AdvanceForm | None
) -> dict[str, object]:
    team = player.team
    row = team_sheet_rows(team, [player])[0]
    context: dict[str, object] = {
        "player": player,
        "team": team,
        "league": team.league,
        "row": row,
        "menu": menu,
        "form": form,
        "costs": [
            (KIND_LABELS[kind], cost) for kind, cost in (menu.costs or {}).items()
        ],
    }
    if menu.pending is not None:
        context["pending"] = _pending_context(menu.pending)
        context["choice_form"] = _choice_form(menu)
    if not menu.spp_tracked:
        pending = team_sevens_pending(team)
        candidate = pending is not None and any(
            c.player.pk == player.pk for c in pending.candidates
        )
        context["sevens_pending"] = pending
        context["sevens_candidate"] = candidate
        if candidate:
            assert pending is not None
            state = next(
                c.state for c in pending.candidates if c.player.pk == player.pk
            )
            context["sevens_categories"] = list(state.primary)
            context["sevens_form"] = SevensSkillForm(categories=state.primary)
    return context


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def player_advance_page(request: HttpRequest, player_id: int) -> HttpResponse:
    """Spend a player's SPP on one advancement; the server rolls any dice
    and the result page shows them."""
    player = _player_for_write(request, player_id)
    menu = player_advancements_get(player)
    if request.method == "POST" and request.POST.get("action") == "postgame_skill":
        return _sevens_advance(request, player, menu)
    if request.method == "POST" and request.POST.get("action") == "choose":
        return _choose(request, player, menu)
    form, _ = _advance_form(menu, request.POST if request.method == "POST" else None)
    general: list[str] = []
    if request.method == "POST" and menu.pending is not None:
        # nothing else is on offer until the coach chooses among the roll
        refusal = advancement_pending_refusal(player, menu.pending.row)
        _, general = show_violations(refusal.violations, form)
    elif request.method == "POST" and form.is_valid():
        args = form.request()
        try:
            taken = player_advance(
                player_id=player.pk,
                kind=args["kind"],
                category=args["category"],
                skill=args["skill"],
                characteristic=[Characteristic(c) for c in args["characteristic"]],
                actor=request.user,  # type: ignore[arg-type]
            )
        except ServiceError as exc:
            _, general = show_violations(exc.violations, form, aliases=_ADVANCE_FIELDS)
        else:
            if isinstance(taken, PendingRoll):
                # the dice are rolled and paid for: this page shows them
                # and asks for the choice
                return redirect("web:player-advance", player_id=player.pk)
            return redirect(
                "web:player-advancement", player_id=player.pk, event_id=taken.event.pk
            )
    context = _advance_context(player, menu, form)
    context["general_errors"] = general
    status = 400 if form.errors or general else 200
    return render(request, "league/player_advance.html", context, status=status)


def _choice_form(menu: AdvancementMenu, data: object = None) -> AdvancementChoiceForm:
    """The choice among ``menu``'s pending roll."""
    pending = menu.pending
    assert pending is not None
    skills = rules_data(menu.player.team.league.rules_version).skills
    choices: list[tuple[str, Any]]
    if pending.skills:
        choices = [(slug, skills[slug].name) for slug in pending.skills]
    else:
        choices = [
            (
                category.title(),
                sorted(
                    (
                        (s.slug, s.name)
                        for s in skills.values()
                        if s.category == category
                    ),
                    key=lambda c: c[1],
                ),
            )
            for category in pending.skill_categories
        ]
    return AdvancementChoiceForm(
        data,
        characteristics=pending.characteristics,
        skills=choices,
        radio_skills=bool(pending.skills),
    )


def _choose(
    request: HttpRequest, player: Player, menu: AdvancementMenu
) -> HttpResponse:
    """The coach's choice among the player's pending roll."""
    general: list[str] = []
    form = None
    if menu.pending is None:
        general = ["This player has no rolled advancement to choose for."]
    else:
        form = _choice_form(menu, request.POST)
        if form.is_valid():
            try:
                args = form.request()
                taken = player_advancement_choose(
                    player_id=player.pk,
                    skill=args["skill"],
                    characteristic=[Characteristic(c) for c in args["characteristic"]],
                    actor=request.user,  # type: ignore[arg-type]
                )
            except ServiceError as exc:
                _, general = show_violations(exc.violations, form)
            else:
                return redirect(
                    "web:player-advancement",
                    player_id=player.pk,
                    event_id=taken.event.pk,
                )
    context = _advance_context(player, menu, None)
    context.update(choice_form=form, general_errors=general)
    return render(request, "league/player_advance.html", context, status=400)


def _sevens_advance(
    request: HttpRequest, player: Player, menu: AdvancementMenu
) -> HttpResponse:
    context = _advance_context(player, menu, None)
    pending = context.get("sevens_pending")
    categories: list[str] = context.get("sevens_categories", [])  # type: ignore[assignment]
    form = SevensSkillForm(request.POST, categories=categories)
    general: list[str] = []
    if pending is None or not context.get("sevens_candidate"):
        general = ["This player has no post-game skill to take now."]
    elif form.is_valid():
        mode = form.cleaned_data["mode"]
        try:
            taken = team_sevens_advance(
                team_id=player.team_id,
                match_id=pending.match_id,  # type: ignore[attr-defined]
                mode=mode,
                player_id=player.pk if mode == "chosen_player_primary" else None,
                category=form.cleaned_data["category"] or None,
                actor=request.user,  # type: ignore[arg-type]
            )
        except ServiceError as exc:
            _, general = show_violations(exc.violations, form)
        else:
            return redirect(
                "web:player-advancement",
                player_id=taken.player.pk,
                event_id=taken.event.pk,
            )
    context.update(sevens_form=form, general_errors=general)
    return render(request, "league/player_advance.html", context, status=400)


@require_safe
@login_required
def player_advancement(
    request: HttpRequest, player_id: int, event_id: int
) -> HttpResponse:
    """One advancement taken: what it gave, what it cost and the dice the
    server rolled for it."""
    player = _player_for_write(request, player_id)
    event = get_object_or_404(
        LeagueEvent.objects.filter(
            player=player,
            type__in=(
                LeagueEvent.Type.ADVANCEMENT,
                LeagueEvent.Type.SEVENS_ADVANCEMENT,
            ),
        ),
        pk=event_id,
    )
    payload = event.payload
    skills = rules_data(player.team.league.rules_version).skills
    gained = payload.get("skill")
    skill = None
    if gained:
        ref = SkillRef(gained["skill"], gained.get("param"))
        skill = ref.label(skills) if ref.skill in skills else ref.skill
    characteristic = payload.get("characteristic")
    context = {
        "player": player,
        "team": player.team,
        "league": player.team.league,
        "event": event,
        "kind": KIND_LABELS.get(payload.get("kind", ""), payload.get("kind")),
        "category": payload.get("category"),
        "skill": skill,
        "characteristic": characteristic.upper() if characteristic else None,
        "dice": _dice_rows(payload.get("dice", [])),
    }
    return render(request, "league/player_advancement.html", context)
