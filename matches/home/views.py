"""The home page: ``/me/``, and ``/`` once signed in (an anonymous visitor
keeps the site's front page). Thin: one selector."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from league import views as league_views
from matches.home.selectors import home_get


def _home(request: HttpRequest) -> HttpResponse:
    return render(request, "matches/home/home.html", {"home": home_get(request.user)})


@require_safe
def front_page(request: HttpRequest) -> HttpResponse:
    """Decision: a signed-in person's front page is their home; a visitor
    keeps the league the site opens onto (the demo's), else the league
    list."""
    if not request.user.is_authenticated:
        return league_views.home(request)
    return _home(request)


@require_safe
@login_required
def my_home(request: HttpRequest) -> HttpResponse:
    return _home(request)
