"""Resolving a classic match (matches/resolution/resolve.py): its casualties
are rolled on the D100 table of seed 001 "Table: Casualties", which is the
classic league's own table, so the log tells the row the match rolled."""

from __future__ import annotations

import html
import re

import pytest

from engine.campaign.drafting import suggest_draft
from engine.core.rules_data import rules_data
from engine.variants import get_variant
from league.services.leagues import league_create
from league.services.teams import PlayerRequest, team_draft
from matches.models import Match, MatchEvent
from matches.resolution.resolve import match_resolve
from matches.seasons.services import season_create, season_schedule
from tests.factories import UserFactory, make_member

pytestmark = pytest.mark.django_db


def _draft(league, coach, roster):
    fmt = get_variant(league.format)
    request = suggest_draft(fmt, rules_data(fmt.rules_data_version).rosters[roster])
    return team_draft(
        league=league,
        coach=coach,
        name=f"{coach.username}'s {roster}",
        roster=roster,
        players=[PlayerRequest(p, n) for p, n in request.players],
        rerolls=request.rerolls,
        apothecary=request.apothecary,
    )


def test_a_classic_casualty_on_the_leagues_own_table_names_its_d100_row(
    client, django_capture_on_commit_callbacks
):
    alice, bob, carla = (UserFactory(username=n) for n in ("alice", "bob", "carla"))
    league = league_create(commissioner=alice, name="Lustria", format="classic")
    assert league.casualty_table == "classic"
    make_member(league, bob, carla)
    teams = [_draft(league, bob, "human"), _draft(league, carla, "wood-elf")]
    season = season_create(
        league=league, name="S1", team_ids=[t.pk for t in teams], seed=11
    )
    (match,) = season_schedule(season_id=season.pk)[:1]
    with django_capture_on_commit_callbacks(execute=True):
        match_resolve(match_id=match.pk)
    match = Match.objects.get(pk=match.pk)
    events = MatchEvent.objects.filter(match=match, type="casualty").order_by("seq")
    # seed 001: 59-74 "Miss next game" rows (Broken Ribs ... Pinched Nerve)
    missed = [e for e in events if 59 <= e.payload["d100"] <= 74]
    assert missed, "the seed gives a casualty on a Miss Next Game row"
    # the league rolled the match's own D100 on the same table: no other
    # result to tell beside it
    assert all("league_result" not in e.payload for e in events)
    # seed 001: 65-66 Broken Jaw, "Miss next game"
    assert missed[0].payload["d100"] == 65
    page = html.unescape(
        re.sub(
            r"\s+",
            " ",
            re.sub(
                r"<[^>]+>",
                "",
                client.get(f"/matches/{match.pk}/?type=all").content.decode(),
            ),
        )
    )
    assert "suffers a Casualty: Broken Jaw (D100 roll of 65)" in page
    assert "on the league's Classic (D100) table" not in page
