"""The player pages and the leaders boards (read-only, open to every
visitor like the team page).

Both are cached per league generation (league/page_cache.py), as the team
page is: every write that changes a player's numbers (the post-game, an
advancement, a journeyman hired, a retirement) bumps his league. What
belongs to one user (the coach's "Advance" button) is added per request.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_safe

from league.access import team_ids_can_write
from league.models import League, Player
from league.page_cache import league_cached, object_cached
from league.rules import league_rules
from matches.pages.forms import whole_number
from matches.pages.player_selectors import (
    LEADER_STATS,
    league_leaders_board,
    player_career,
    player_league_id,
)
from matches.pages.selectors import league_seasons
from matches.postgame.results import STAT_KEYS

# How many players each board of the leaders page lists.
BOARD_SIZE = 10
SPP_BOARDS = ("mvps", "spp")


@dataclass(frozen=True, slots=True)
class PlayerParts:
    """The player page as every visitor sees it, and who may advance him."""

    title: str
    player_id: int
    coach_id: int
    commissioner_id: int
    spp: int
    body: str


def _player_parts(player_id: int) -> PlayerParts:
    try:
        career = player_career(player_id)
    except Player.DoesNotExist:
        raise Http404("no such player") from None
    player = career.player
    return PlayerParts(
        title=f"#{player.number} {player.name}",
        player_id=player.pk,
        coach_id=player.team.coach_id,
        commissioner_id=player.team.league.commissioner_id,
        spp=player.spp if league_rules(player.team.league).tracks_spp else 0,
        body=render_to_string("matches/_player_body.html", {"career": career}),
    )


@require_safe
def player_page(request: HttpRequest, player_id: int) -> HttpResponse:
    parts = object_cached(
        "player",
        player_id,
        partial(player_league_id, player_id),
        "page",
        partial(_player_parts, player_id),
    )
    # Decision: the "Advance" link shows for the coach and the commissioner
    # while the player holds SPP, as on the team sheet; the advancement page
    # itself says what he can take.
    # (not a coach removed from the league: his team is frozen)
    user = request.user
    can_write = parts.spp > 0 and team_ids_can_write(
        user,
        coach_id=parts.coach_id,
        commissioner_id=parts.commissioner_id,
        league_id=player_league_id(player_id) if user.pk == parts.coach_id else None,
    )
    context = {
        "parts": parts,
        "body": mark_safe(parts.body),  # noqa: S308 (rendered HTML)
        "can_write": can_write,
    }
    return render(request, "matches/player_page.html", context)


@dataclass(frozen=True, slots=True)
class LeadersParts:
    title: str
    body: str


def _leaders_parts(league_id: int, season_id: int | None) -> LeadersParts:
    league = get_object_or_404(League, pk=league_id)
    seasons = league_seasons(league)
    season = next((s for s in seasons if s.pk == season_id), None)
    if season_id is not None and season is None:
        raise Http404("no such season in this league")
    board = league_leaders_board(league.pk, season_id=season_id, top=BOARD_SIZE)
    rules = league_rules(league)
    spp_tracked = (
        bool(season.settings.get("spp", True))
        if season is not None
        else rules.tracks_spp
    )
    records = rules.variant.player_stats
    context = {
        "league": league,
        "season": season,
        "seasons": seasons,
        "top": BOARD_SIZE,
        "spp_tracked": spp_tracked,
        "progression": rules.variant.tracks_progression,
        # Decision: a league without SPP has no MVP awards either (the
        # post-game picks none), so neither board is shown, rather than two
        # boards that are always empty; nor is a board of a statistic its
        # format's matches do not record (the variant's ``player_stats``).
        "boards": [
            (stat, board[stat.key])
            for stat in LEADER_STATS
            if (spp_tracked or stat.key not in SPP_BOARDS)
            and (stat.key in records or stat.key not in STAT_KEYS)
        ],
    }
    return LeadersParts(
        title=f"Leaders of {league.name}"
        + (f", {season.name}" if season is not None else ""),
        body=render_to_string("matches/_leaders_body.html", context),
    )


@require_safe
def league_leaders_page(request: HttpRequest, league_id: int) -> HttpResponse:
    """The leaders of a league over all its seasons, or of one season
    (``?season=<id>``; an id that is not one of the league's seasons is a
    404)."""
    raw = request.GET.get("season", "")
    # Decision: a season that is not a number is as unknown as one of
    # another league (404), not silently the all-seasons board.
    season_id = whole_number(raw) if raw else None
    if raw and season_id is None:
        raise Http404("no such season")
    parts = league_cached(
        league_id,
        f"leaders:{season_id or 'all'}",
        partial(_leaders_parts, league_id, season_id),
    )
    context = {"parts": parts, "body": mark_safe(parts.body)}  # noqa: S308
    return render(request, "matches/leaders_page.html", context)
