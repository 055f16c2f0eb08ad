"""The commissioner's membership page: open or close the league, answer
requests to join, invite a coach and remove one. The page and every action
are the commissioner's alone (403 for anyone else); each action calls one
service of ``league/services/membership.py`` (which writes the league's
audit log) and comes back to the page, where a refusal is shown."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST, require_safe

from league.access import league_get_for_commissioner
from league.errors import ServiceError
from league.forms import WebForm, show_refusal
from league.invites.forms import EmailInviteForm, InviteLinkForm
from league.invites.selectors import invite_emails_pending, invite_link_shown
from league.models import League, LeagueMembership, Team
from league.selectors import league_member_list, team_list
from league.services.membership import (
    league_set_open,
    membership_approve,
    membership_invite,
    membership_reject,
    membership_remove,
)

Status = LeagueMembership.Status


class InviteForm(WebForm):
    username = forms.CharField(label="Coach's username", max_length=150)


def members_page(
    request: HttpRequest,
    league: League,
    form: InviteForm,
    status: int = 200,
    *,
    link_form: InviteLinkForm | None = None,
    email_form: EmailInviteForm | None = None,
) -> HttpResponse:
    rows = list(league_member_list(league))
    teams: defaultdict[int, list[Team]] = defaultdict(list)
    for team in team_list(league_id=league.pk):
        teams[team.coach_id].append(team)
    by_status: defaultdict[str, list[tuple[LeagueMembership, list[Team]]]] = (
        defaultdict(list)
    )
    for row in rows:
        by_status[row.status].append((row, teams[row.coach_id]))
    return render(
        request,
        "league/members.html",
        {
            "league": league,
            "form": form,
            "requests": by_status[Status.REQUESTED],
            "members": by_status[Status.MEMBER],
            "invited": by_status[Status.INVITED],
            "former": by_status[Status.DECLINED] + by_status[Status.REMOVED],
            "commissioner_teams": teams[league.commissioner_id],
            "link": invite_link_shown(league),
            "link_form": link_form or InviteLinkForm(),
            "email_form": email_form or EmailInviteForm(),
            "emailed": invite_emails_pending(league),
        },
        status=status,
    )


@require_safe
@login_required
def league_members(request: HttpRequest, league_id: int) -> HttpResponse:
    league = league_get_for_commissioner(request.user, league_id)
    return members_page(request, league, InviteForm())


@require_POST
@login_required
def league_invite(request: HttpRequest, league_id: int) -> HttpResponse:
    league = league_get_for_commissioner(request.user, league_id)
    form = InviteForm(request.POST)
    if form.is_valid():
        try:
            row = membership_invite(
                league_id=league.pk,
                username=form.cleaned_data["username"],
                actor=request.user,  # type: ignore[arg-type]
            )
        except ServiceError as exc:
            show_refusal(exc.violations, form)
        else:
            messages.success(
                request,
                f"{row.coach.get_username()} is invited: they become a member "
                "when they accept.",
            )
            return redirect("web:league-members", league_id=league.pk)
    return members_page(request, league, form, status=400)


@require_POST
@login_required
def league_open(request: HttpRequest, league_id: int) -> HttpResponse:
    league = league_get_for_commissioner(request.user, league_id)
    is_open = request.POST.get("is_open") == "true"
    league_set_open(
        league_id=league.pk,
        is_open=is_open,
        actor=request.user,  # type: ignore[arg-type]
    )
    messages.success(
        request,
        f"{league.name} is open: coaches may ask to join."
        if is_open
        else f"{league.name} is closed: coaches join only by invitation.",
    )
    return redirect("web:league-members", league_id=league.pk)


def _answer(
    request: HttpRequest,
    league_id: int,
    coach_id: int,
    step: Callable[..., LeagueMembership],
    done: str,
) -> HttpResponse:
    league = league_get_for_commissioner(request.user, league_id)
    try:
        row = step(league_id=league.pk, coach_id=coach_id, actor=request.user)
    except ServiceError as exc:
        for v in exc.violations:
            messages.error(request, v.message)
    else:
        messages.success(request, done.format(coach=row.coach.get_username()))
    return redirect("web:league-members", league_id=league.pk)


@require_POST
@login_required
def league_request_approve(
    request: HttpRequest, league_id: int, coach_id: int
) -> HttpResponse:
    return _answer(
        request,
        league_id,
        coach_id,
        membership_approve,
        "{coach} is a member: they may draft a team.",
    )


@require_POST
@login_required
def league_request_decline(
    request: HttpRequest, league_id: int, coach_id: int
) -> HttpResponse:
    return _answer(
        request,
        league_id,
        coach_id,
        membership_reject,
        "{coach}'s request was declined.",
    )


@require_POST
@login_required
def league_member_remove(
    request: HttpRequest, league_id: int, coach_id: int
) -> HttpResponse:
    return _answer(
        request,
        league_id,
        coach_id,
        membership_remove,
        "{coach} was removed: their teams and results stay in the league's "
        "history, and they are not taken into new seasons.",
    )
