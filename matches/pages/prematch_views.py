"""The pre-match page of a scheduled match (a page of its own, linked from
the match page and the league page's next round).

Decision: ``/matches/<id>/preview/`` rather than the match page itself while
unplayed: the match page keeps one shape (score, replay, box score, log) and
the preview one job; a match that is no longer scheduled redirects to its
match page, where its result is.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_safe

from league.access import team_can_write
from league.rules import settings_rules
from matches.models import Match
from matches.pages.selectors import match_page_qs
from matches.prematch.selectors import match_preview


@require_safe
def match_preview_page(request: HttpRequest, match_id: int) -> HttpResponse:
    match = get_object_or_404(match_page_qs(), pk=match_id)
    variant = settings_rules(match.season.settings).variant
    # a card format (Blitz Bowl) has no pre-match sequence
    if match.status != Match.Status.SCHEDULED or variant.drafts_team_card:
        return redirect("web:match", match_id=match.pk)
    user = request.user
    may_write = team_can_write(user, match.home) or team_can_write(user, match.away)
    context = {
        "match": match,
        "season": match.season,
        "league": match.season.league,
        "preview": match_preview(match),
        "format_label": variant.label,
        "petty_cash_includes_spending": variant.petty_cash_includes_spending,
        "underdog_treasury": variant.underdog_treasury,
        "may_write": may_write,
    }
    return render(request, "matches/match_preview.html", context)
