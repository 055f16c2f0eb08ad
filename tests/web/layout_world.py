"""The world and the pages of the layout check (``test_layout.py``): a page
of every kind a commissioner, a coach and a spectator reach, for each game
format.

The Sevens and Blitz Bowl leagues, the Blood Bowl 2020 re-draft and
advancement pages come from the small world of ``tests/web/pages.py``;
this world adds, on top of it, a league of each other format (Blood Bowl
2020, Classic, Dungeon Bowl) with four teams drafted as the demo drafts
them, a match the engine played, one recorded from a report and Bob's
next match still to play.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.db.models import Q

from engine.campaign.drafting import suggest_draft
from engine.core.rules_data import rules_data
from engine.variants import get_variant
from league.models import League, Player
from league.services.leagues import league_create
from league.services.teams import PlayerRequest, team_draft
from matches.models import Match
from matches.postgame.sequence import postgame_run_current_step
from matches.reports.lines import PlayerLine, Report
from matches.reports.report import match_submit_report
from matches.resolution.resolve import match_resolve
from tests.factories import UserFactory, make_member
from tests.saved_world import SavedWorld, save_world
from tests.web.pages import (
    COACH,
    COMMISSIONER,
    OTHER_COACH,
    World,
    saved_small_world,  # noqa: F401 (fixture)
)
from tests.world import scheduled_season


@dataclass(frozen=True)
class FormatWorld:
    """The ids of one format's league that its pages are made of."""

    format: str
    league: int
    season: int
    team: int  # Bob's team
    player: int  # the player of Bob's team with the most SPP
    resolved: int  # a match the engine played
    recorded: int  # a match recorded from a report
    scheduled: int  # Bob's team's next match
    draft: str  # the draft page's address, a roster picked where there are rosters


# Long team names, as leagues have them: the pages must fit them too.
LAYOUT_LEAGUES = {
    "bb2020": (
        "Old World Layout Cup",
        (
            ("human", "The Altdorf Oldboys Reserve Eleven"),
            ("orc", "Gouged Eye Veterans"),
            ("dwarf", "Grudgebearers of Karak Eight Peaks"),
            ("wood-elf", "Athelorn Avengers"),
        ),
    ),
    "classic": (
        "Lustria Layout Classic",
        (
            ("orc", "Orcland Raiders of the Badlands"),
            ("human", "Reikland Reavers"),
            ("skaven", "Skavenblight Scramblers"),
            ("wood-elf", "Laurelorn Lions"),
        ),
    ),
    "dungeon-bowl": (
        "Magisterium Layout Dungeon",
        (
            ("college-of-fire", "Blazing Axes of the Bright Order"),
            ("college-of-shadows", "Grey Wardens"),
            ("college-of-metal", "Golden Order"),
            ("college-of-light", "Pyramid Lights"),
        ),
    ),
}


def _draft(league: League, coach, roster: str, name: str):
    make_member(league, coach)
    fmt = get_variant(league.format)
    request = suggest_draft(fmt, rules_data(fmt.rules_data_version).rosters[roster])
    return team_draft(
        league=league,
        coach=coach,
        name=name,
        roster=roster,
        players=[PlayerRequest(position, name) for position, name in request.players],
        rerolls=request.rerolls,
        apothecary=request.apothecary,
        special_rule=request.special_rule or "",
    )


def _league(fmt: str, capture: Callable, alice, bob, charlie) -> dict[str, int]:
    name, teams = LAYOUT_LEAGUES[fmt]
    league = league_create(commissioner=alice, name=name, format=fmt)
    drafted = [
        _draft(league, (bob, charlie)[i % 2], roster, team_name)
        for i, (roster, team_name) in enumerate(teams)
    ]
    season = scheduled_season(league, drafted, seed=26)
    ours = drafted[0]
    first = season.matches.filter(round=1).order_by("pk")
    resolved = next(m for m in first if ours.pk in (m.home_id, m.away_id))
    recorded = next(m for m in first if m.pk != resolved.pk)
    with capture(execute=True):
        assert match_resolve(match_id=resolved.pk)
    scorer = Player.objects.filter(team_id=recorded.home_id).order_by("number").first()
    with capture(execute=True):
        match_submit_report(
            match_id=recorded.pk,
            actor=alice,
            report=Report(1, 0, players=[PlayerLine(scorer.pk, touchdowns=1)]),
        )
    while postgame_run_current_step(match_id=recorded.pk) != "done":
        pass
    scheduled = season.matches.get(
        Q(home=ours) | Q(away=ours), status=Match.Status.SCHEDULED, round=2
    )
    # a veteran with SPP to spend (the Advance button and its menu) and a
    # player temporarily retired (his badge; the status is set directly, as
    # retiring needs a Lasting Injury in the game the engine played)
    players = list(ours.players.order_by("number"))
    Player.objects.filter(pk=players[0].pk).update(spp=16, spp_earned=16)
    Player.objects.filter(pk=players[-1].pk).update(status=Player.Status.RETIRED)
    return {
        "league": league.pk,
        "season": season.pk,
        "team": ours.pk,
        "player": players[0].pk,
        "resolved": resolved.pk,
        "recorded": recorded.pk,
        "scheduled": scheduled.pk,
    }


def build_layout_world(capture: Callable) -> dict[str, dict[str, int]]:
    alice, bob, charlie = (
        UserFactory(username=name) for name in (COMMISSIONER, COACH, OTHER_COACH)
    )
    return {fmt: _league(fmt, capture, alice, bob, charlie) for fmt in LAYOUT_LEAGUES}


@pytest.fixture(scope="session")
def saved_layout_world(saved_small_world, django_db_blocker) -> SavedWorld:  # noqa: F811
    with django_db_blocker.unblock():
        return save_world(build_layout_world, after=[saved_small_world])


def _best_player(team: int) -> int:
    return (
        Player.objects.filter(team_id=team)
        .order_by("-spp_earned", "number")
        .values_list("pk", flat=True)[0]
    )


def format_worlds(small: World, layout: dict[str, dict[str, int]]) -> dict[str, Any]:
    """Every format's ids: Sevens and Blitz Bowl from the small world, the
    others from the layout world."""
    worlds = {
        "sevens": FormatWorld(
            "sevens",
            small.league,
            small.season,
            small.team,
            _best_player(small.team),
            small.resolved,
            small.recorded,
            small.scheduled,
            f"/leagues/{small.league}/draft/?roster=orc",
        ),
        "blitz-bowl": FormatWorld(
            "blitz-bowl",
            small.blitz,
            small.blitz_season,
            small.blitz_team,
            _best_player(small.blitz_team),
            small.blitz_resolved,
            small.blitz_recorded,
            small.blitz_scheduled,
            f"/leagues/{small.blitz}/draft/",
        ),
    }
    drafts = {"bb2020": "orc", "classic": "orc", "dungeon-bowl": "college-of-fire"}
    for fmt, ids in layout.items():
        worlds[fmt] = FormatWorld(
            fmt, **ids, draft=f"/leagues/{ids['league']}/draft/?roster={drafts[fmt]}"
        )
    return worlds
