"""The invite page (``/invite/<token>/``), where a person joins a league
through its link or an e-mail invitation, and the commissioner's actions
on the members page: a new invite link, an invitation by e-mail.

A visitor who is not logged in, or whose e-mail address is not verified
yet, is told what to do; the page is remembered in their session so that
signing up, logging in and verifying bring them back to it
(``league/accounts/adapter.py``)."""

from __future__ import annotations

from allauth.account.adapter import get_adapter
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from league.access import league_get_for_commissioner
from league.accounts.adapter import forget_invite, remember_invite
from league.accounts.verification import email_verified
from league.errors import ServiceError
from league.forms import show_refusal
from league.invites.forms import EmailInviteForm, InviteLinkForm
from league.invites.models import LeagueInvite
from league.invites.services import (
    invite_email_send,
    invite_join,
    invite_link_renew,
    invite_state,
)
from league.invites.tokens import invite_from_token
from league.member_views import InviteForm, members_page
from league.models import LeagueMembership


def _membership(invite: LeagueInvite, request: HttpRequest) -> str | None:
    if not request.user.is_authenticated:
        return None
    if request.user.pk == invite.league.commissioner_id:
        return LeagueMembership.Status.MEMBER
    return (
        LeagueMembership.objects.filter(league=invite.league, coach_id=request.user.pk)
        .values_list("status", flat=True)
        .first()
    )


def _invite_page(
    request: HttpRequest,
    invite: LeagueInvite | None,
    *,
    errors: list[str] | None = None,
    status: int = 200,
) -> HttpResponse:
    if invite is None:
        return render(
            request, "league/invites/invite.html", {"invalid": True}, status=404
        )
    state = invite_state(invite)
    if not state.ok:
        return render(
            request,
            "league/invites/invite.html",
            {"invite": invite, "league": invite.league, "refused": state},
            status=410,
        )
    context = {
        "invite": invite,
        "league": invite.league,
        "membership": _membership(invite, request),
        "verified": email_verified(request.user),
        "errors": errors or [],
        "here": request.path,
    }
    if request.user.is_authenticated and not context["verified"]:
        remember_invite(request, request.path)
    return render(request, "league/invites/invite.html", context, status=status)


@require_http_methods(["GET", "HEAD", "POST"])
def invite_page(request: HttpRequest, token: str) -> HttpResponse:
    """GET: the invitation and what to do about it; POST: join."""
    invite = invite_from_token(token)
    if (
        invite is not None
        and invite.kind == LeagueInvite.Kind.EMAIL
        and invite_state(invite).ok
    ):
        # Whoever opens the mailed link owns the address it went to: a
        # sign-up with that address needs no verification mail. Only while
        # the invitation still lets its reader in: one used, revoked or
        # expired vouches for no one (its mail may have been forwarded, or
        # its address read from a shared browser's history).
        get_adapter().stash_verified_email(request, invite.email)
    if request.method in ("GET", "HEAD") or invite is None:
        if not request.user.is_authenticated and invite is not None:
            remember_invite(request, request.path)
        return _invite_page(request, invite)
    if not request.user.is_authenticated:
        remember_invite(request, request.path)
        return redirect(f"/accounts/signup/?next={request.path}")
    try:
        invite_join(invite_id=invite.pk, actor=request.user)  # type: ignore[arg-type]
    except ServiceError as exc:
        fresh = invite_from_token(token)
        return _invite_page(
            request, fresh, errors=[v.message for v in exc.violations], status=400
        )
    forget_invite(request)
    messages.success(
        request,
        f"Welcome to {invite.league}: you are a member, and may draft a team.",
    )
    return redirect("web:team-draft", league_id=invite.league_id)


@require_POST
@login_required
def league_invite_link(request: HttpRequest, league_id: int) -> HttpResponse:
    """The commissioner revokes the invite link and makes a new one."""
    league = league_get_for_commissioner(request.user, league_id)
    form = InviteLinkForm(request.POST)
    if form.is_valid():
        try:
            invite_link_renew(
                league_id=league.pk,
                actor=request.user,  # type: ignore[arg-type]
                max_uses=form.cleaned_data["max_uses"],
                days=form.cleaned_data["days"],
            )
        except ServiceError as exc:
            show_refusal(exc.violations, form)
        else:
            messages.success(
                request,
                "A new invite link is ready; the old one no longer lets anyone in.",
            )
            return redirect("web:league-members", league_id=league.pk)
    return members_page(request, league, InviteForm(), status=400, link_form=form)


@require_POST
@login_required
def league_invite_email(request: HttpRequest, league_id: int) -> HttpResponse:
    """The commissioner invites someone by e-mail."""
    league = league_get_for_commissioner(request.user, league_id)
    form = EmailInviteForm(request.POST)
    if form.is_valid():
        try:
            invite = invite_email_send(
                league_id=league.pk,
                email=form.cleaned_data["email"],
                actor=request.user,  # type: ignore[arg-type]
                # the site's own address, as in every e-mail: not the host
                # this request named (another name the site answers to)
                site=settings.SITE_URL,
            )
        except ServiceError as exc:
            show_refusal(exc.violations, form)
        else:
            messages.success(
                request,
                f"Invitation sent to {invite.email}: the link works for a month.",
            )
            return redirect("web:league-members", league_id=league.pk)
    return members_page(request, league, InviteForm(), status=400, email_form=form)
