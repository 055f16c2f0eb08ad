"""Hiring, firing and buying from the team page: a player hired from the
roster or fired, Sideline Staff and re-rolls bought, Sideline Staff fired.

Each view checks who may write (the team's coach or the league's
commissioner, as the API: 403 otherwise), parses the page's form and calls
the one service the API calls. A refused form shows the team page again
(400) with what the coach typed and each reason by its field; nothing is
written then. It lives in the matches app because the team page does.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from league.access import team_get_for_write
from league.errors import ServiceError
from league.forms import (
    PURCHASE_LABELS,
    BuyForm,
    FireStaffForm,
    HireForm,
    show_refusal,
)
from league.models import Team
from league.services.teams import (
    team_buy,
    team_fire_player,
    team_fire_staff,
    team_hire_player,
    team_hire_roster,
)
from matches.pages.league_views import (
    team_buy_items,
    team_page_refused,
    team_staff_items,
)
from matches.pages.team_views import DONE, flash_refusal, team_url


@require_POST
@login_required
def team_hire(request: HttpRequest, team_id: int) -> HttpResponse:
    team = team_get_for_write(request.user, team_id)
    try:
        roster = team_hire_roster(team)
    except ServiceError as exc:
        # a team card: its page has no hire form to show the reason by
        flash_refusal(request, exc)
        return redirect(team_url(team.pk))
    form = HireForm(request.POST, roster=roster)
    if form.is_valid():
        try:
            player = team_hire_player(
                team_id=team.pk,
                position=form.cleaned_data["position"],
                name=form.cleaned_data["name"],
                actor=request.user,  # type: ignore[arg-type]
            )
        except ServiceError as exc:
            show_refusal(exc.violations, form)
        else:
            messages.success(request, f"Hired #{player.number} {player.name}.")
            return redirect(team_url(team.pk, DONE))
    return team_page_refused(request, team.pk, hire_form=form)


@require_POST
@login_required
def team_fire(request: HttpRequest, team_id: int, player_id: int) -> HttpResponse:
    """A button on the player's row, no form: a refusal is a message."""
    team = team_get_for_write(request.user, team_id)
    try:
        player = team_fire_player(team_id=team.pk, player_id=player_id)
    except ServiceError as exc:
        flash_refusal(request, exc)
    else:
        messages.success(request, f"Fired #{player.number} {player.name}.")
    return redirect(team_url(team.pk))


def _sideline_change(
    request: HttpRequest,
    team_id: int,
    *,
    form_name: str,
    form_class: type[BuyForm | FireStaffForm],
    items: Callable[[Team], list[str]],
    service: Callable[..., Team],
    done: str,
) -> HttpResponse:
    """A purchase or a firing of staff from the team page's form
    ``form_name``, offering the page's ``items``: ``done`` (with the quantity
    and the item) on success."""
    team = team_get_for_write(request.user, team_id)
    form = form_class(request.POST, items=items(team))
    if form.is_valid():
        item, quantity = form.cleaned_data["item"], form.cleaned_data["quantity"]
        try:
            service(team_id=team.pk, item=item, quantity=quantity, actor=request.user)
        except ServiceError as exc:
            show_refusal(exc.violations, form)
        else:
            label = PURCHASE_LABELS[item].lower()
            messages.success(request, done.format(quantity=quantity, item=label))
            return redirect(team_url(team.pk, DONE))
    return team_page_refused(request, team.pk, **{form_name: form})


@require_POST
@login_required
def team_purchase(request: HttpRequest, team_id: int) -> HttpResponse:
    return _sideline_change(
        request,
        team_id,
        form_name="buy_form",
        form_class=BuyForm,
        items=team_buy_items,
        service=team_buy,
        done="Bought {quantity} × {item}.",
    )


@require_POST
@login_required
def team_staff_fire(request: HttpRequest, team_id: int) -> HttpResponse:
    return _sideline_change(
        request,
        team_id,
        form_name="fire_staff_form",
        form_class=FireStaffForm,
        items=team_staff_items,
        service=team_fire_staff,
        done="Fired {quantity} × {item} (no refund).",
    )
