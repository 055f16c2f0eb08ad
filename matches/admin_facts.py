"""What a match's admin page shows in place of its raw rows: the result,
the box score of the report (who scored, who was hurt, the MVPs and the
SPP earned), the casualties with their dice, the post-game rolls, the
reports coaches sent, and links to the match page, its replay and its event
log on the site.

Decision: the events stay on the site, not in the admin. An engine-played
match has well over a thousand of them; inlined, its admin page weighed
1.6 MB and took seconds to draw. The site's match page shows them filtered
by kind and the replay steps through them."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from matches.event_text import STATS
from matches.models import Match, MatchEvent, ReportSubmission
from matches.pages.selectors import match_page_qs, match_view


def match_facts_html(match: Match) -> SafeString:
    """The facts of ``match`` as the admin's change page shows them: a
    fixed number of queries whatever the match."""
    match = match_page_qs().select_related("result__submitted_by").get(pk=match.pk)
    result = getattr(match, "result", None)
    view = match_view(match) if result is not None else None
    lines = (
        [
            line
            for side in ("home", "away")
            for line in view.box[side]
            if line.spp or line.mvp or line.casualty or any(line.stats.values())
        ]
        if view is not None
        else []
    )
    submissions = list(
        ReportSubmission.objects.filter(match=match).select_related(
            "submitted_by", "disputed_by", "decided_by"
        )
    )
    site = reverse("web:match", args=[match.pk])
    html = render_to_string(
        "admin/matches/match/facts.html",
        {
            "match": match,
            "result": result,
            "view": view,
            "lines": lines,
            "stats": view.stats if view is not None else STATS,
            "submissions": submissions,
            "events": MatchEvent.objects.filter(match=match).count(),
            "site_url": site,
            "replay_url": f"{site}#replay" if match.mode == Match.Mode.RESOLVED else "",
            "log_url": f"{site}?type=all#log",
        },
    )
    # rendered by the template engine, which escaped every value in it
    return mark_safe(html)
