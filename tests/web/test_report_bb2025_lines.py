"""The report page of a BB2025 match: each team's MVP nominations (up to
six of its players, the MVP drawn among them) and its Stalling line (no
no-stalling bonus in its winnings); a BB2020 report page offers neither."""

from __future__ import annotations

import pytest

from league.models import Player, Team, TreasuryEntry
from league.services.leagues import league_create
from league.services.teams import PlayerRequest, team_draft
from matches.models import Match, MatchEvent, MatchResult
from tests.factories import draft_team, make_member
from tests.web.conftest import scheduled_season
from tests.web.test_report_roles import form, url, written


def _team(league, coach, slug: str) -> Team:
    make_member(league, coach)
    return team_draft(
        league=league,
        coach=coach,
        name=slug.title(),
        roster=slug,
        players=[PlayerRequest(f"{slug}-lineman", f"{slug} {i}") for i in range(11)],
    )


@pytest.fixture
def match(alice, bob, charlie) -> Match:
    league = league_create(commissioner=alice, name="Couronne Cup", format="bb2025")
    home, away = _team(league, bob, "orc"), _team(league, charlie, "human")
    m = scheduled_season(league, [home, away]).matches.get()
    if m.home_id != home.pk:
        Match.objects.filter(pk=m.pk).update(home=home, away=away)
        m.refresh_from_db()
    return m


def players(team: Team) -> list[Player]:
    return list(team.players.order_by("number"))


def test_the_page_offers_nominations_and_the_stalling_line(client, match, bob):
    client.force_login(bob)
    response = client.get(url(match))
    assert response.status_code == 200
    fields = response.context["form"].fields
    mine = [(p.pk, f"#{p.number} {p.name}") for p in players(match.home)]
    assert list(fields["mvp_nominations_home"].choices) == mine
    assert "stalled_away" in fields
    html = response.content.decode()
    assert 'name="mvp_nominations_home" value="' in html
    assert "Orc stalled" in html


def test_a_bb2020_page_offers_neither(client, eleven, bob, charlie):
    home = draft_team(eleven, bob, roster="orc")
    away = draft_team(eleven, charlie, roster="human")
    m = scheduled_season(eleven, [home, away]).matches.get()
    client.force_login(bob)
    fields = client.get(url(m)).context["form"].fields
    assert not {"mvp_nominations_home", "stalled_home"} & set(fields)


def test_seven_nominations_are_refused_on_the_teams_field(client, match, bob):
    client.force_login(bob)
    before = written()
    seven = [p.pk for p in players(match.home)[:7]]
    response = client.post(url(match), form(mvp_nominations_home=seven))
    assert response.status_code == 400
    assert response.context["form"].errors["mvp_nominations_home"] == [
        "Nominate at most 6 players (7 ticked)."
    ]
    assert written() == before


def test_the_nominees_and_the_stalled_team_are_kept_and_paid(
    client, match, bob, django_capture_on_commit_callbacks
):
    client.force_login(bob)
    nominees = [p.pk for p in players(match.home)[2:4]]
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            url(match),
            form(
                mvp_nominations_home=nominees,
                stalled_away="on",
                fan_factor_home="1",
                fan_factor_away="1",
            ),
        )
    assert response.status_code == 302, response.context["form"].errors
    summary = MatchResult.objects.get(match=match).summary
    assert summary["mvp_nominations"] == {str(match.home_id): nominees}
    assert summary["stalled"] == ["away"]
    home_mvp = MatchEvent.objects.get(
        match=match, type="postgame_mvp", payload__team_id=match.home_id
    ).payload
    assert home_mvp["nominees"] == nominees
    assert home_mvp["player_ids"][0] in nominees
    # 0-0: 10,000 x (attendance / 2 + 0 + 1 for the team that did not stall)
    attendance = match.home.dedicated_fans + 1 + match.away.dedicated_fans + 1
    paid = dict(
        TreasuryEntry.objects.filter(reason=TreasuryEntry.Reason.WINNINGS).values_list(
            "team_id", "amount"
        )
    )
    assert paid == {
        match.home_id: 5_000 * attendance + 10_000,
        match.away_id: 5_000 * attendance,
    }
