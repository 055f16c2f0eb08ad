"""The new-league page, for anyone logged in with a verified e-mail
address (others are told how to verify theirs)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from league.accounts.verification import email_verified
from league.creation.forms import NewLeagueForm, default_orders
from league.creation.services import league_start
from league.errors import ServiceError
from league.forms import show_refusal


def _page(
    request: HttpRequest, form: NewLeagueForm, *, status: int = 200
) -> HttpResponse:
    return render(
        request,
        "league/creation/new_league.html",
        {
            "form": form,
            "verified": email_verified(request.user),
            "default_orders": default_orders(),
        },
        status=status,
    )


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def league_new(request: HttpRequest) -> HttpResponse:
    if request.method in ("GET", "HEAD"):
        return _page(request, NewLeagueForm())
    form = NewLeagueForm(request.POST)
    if form.is_valid():
        try:
            league = league_start(
                commissioner=request.user,  # type: ignore[arg-type]
                name=form.cleaned_data["name"],
                format=form.cleaned_data["format"],
                options=form.options(),
            )
        except ServiceError as exc:
            show_refusal(exc.violations, form, aliases=form.refusal_aliases())
        else:
            messages.success(
                request,
                f"{league.name} is yours to run. Share its invite link with the "
                "coaches you want, then draft a team.",
            )
            return redirect("web:league-members", league_id=league.pk)
    return _page(request, form, status=400)
