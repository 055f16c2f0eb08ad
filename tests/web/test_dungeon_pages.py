"""The pages of a Dungeon Bowl league: the draft page offers the eight
Colleges, the report form asks each team's Gather Funds count, records it,
and refuses a second touchdown next to the score, writing nothing."""

from __future__ import annotations

import pytest

from league.models import Team, TreasuryEntry
from league.services.leagues import league_create
from league.services.teams import PlayerRequest, team_draft
from matches.models import Match, MatchResult
from tests.factories import make_member
from tests.web.conftest import scheduled_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def dungeon(alice, bob, charlie):
    league = league_create(commissioner=alice, name="Colleges", format="dungeon-bowl")
    make_member(league, bob, charlie)
    return league


def college(league, coach, name, roster, lineman) -> Team:
    return team_draft(
        league=league,
        coach=coach,
        name=name,
        roster=roster,
        players=[PlayerRequest(lineman, f"{name} {i}") for i in range(1, 12)],
    )


@pytest.fixture
def match(dungeon, bob, charlie):
    home = college(
        dungeon, bob, "Shadows", "college-of-shadows", "skaven-clanrat-lineman"
    )
    away = college(
        dungeon, charlie, "Fire", "college-of-fire", "bloodborn-marauder-lineman"
    )
    m = scheduled_season(dungeon, [home, away]).matches.get()
    if m.home_id != home.pk:
        Match.objects.filter(pk=m.pk).update(home=home, away=away)
        m.refresh_from_db()
    return m


def test_the_draft_page_offers_the_eight_colleges(client, dungeon, bob):
    client.force_login(bob)

    html = client.get(f"/leagues/{dungeon.pk}/draft/").content.decode()

    for name in (
        "College of Beasts",
        "College of Death",
        "College of Fire",
        "College of Heavens",
        "College of Life",
        "College of Light",
        "College of Metal",
        "College of Shadows",
    ):
        assert name in html
    assert "Orc" not in html


def form(match, **extra) -> dict[str, str]:
    data = {
        "home_score": "",
        "away_score": "",
        "conceded_by": "",
        "fan_factor_home": "",
        "fan_factor_away": "",
        "gather_funds_home": "",
        "gather_funds_away": "",
        "notes": "",
        "cas-TOTAL_FORMS": "1",
        "cas-INITIAL_FORMS": "0",
        "cas-0-player": "",
        "cas-0-inflicted_by": "",
        "cas-0-casualty_roll": "",
        "cas-0-lasting_roll": "",
    }
    data.update({k: str(v) for k, v in extra.items()})
    return data


def test_the_report_form_records_gather_funds_and_pays_them(
    client, match, bob, django_capture_on_commit_callbacks
):
    client.force_login(bob)
    html = client.get(f"/matches/{match.pk}/report/").content.decode()
    assert 'name="gather_funds_home"' in html
    assert "Shadows: Gather Funds actions" in html
    scorer = match.home.players.order_by("number").first()

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            f"/matches/{match.pk}/report/",
            form(
                match,
                action="submit",
                home_score=1,
                away_score=0,
                gather_funds_home=5,
                **{f"p{scorer.pk}_touchdowns": 1},
            ),
        )

    assert response.status_code == 302
    result = MatchResult.objects.get(match=match)
    assert result.summary["gather_funds"] == {
        str(match.home_id): 5,
        str(match.away_id): 0,
    }
    # 5 or more Gather Funds: 30,000 (set-up.md "The Treasure-Room")
    entry = TreasuryEntry.objects.get(
        team_id=match.home_id, reason=TreasuryEntry.Reason.TREASURE_ROOM
    )
    assert entry.amount == 30_000


def test_a_second_touchdown_is_refused_next_to_the_score(client, match, bob):
    client.force_login(bob)
    scorer = match.home.players.order_by("number").first()

    response = client.post(
        f"/matches/{match.pk}/report/",
        form(
            match,
            action="submit",
            home_score=2,
            away_score=0,
            **{f"p{scorer.pk}_touchdowns": 2},
        ),
    )

    assert response.status_code == 400
    errors = response.context["form"].errors
    assert errors["home_score"] == [
        "a Dungeon Bowl game ends at the first touchdown: 1-0, 0-1, or 0-0"
    ]
    assert not MatchResult.objects.exists()


def test_a_blood_bowl_report_form_has_no_gather_funds(client, sevens, bob, charlie):
    from tests.web.conftest import sevens_teams

    home, away = sevens_teams(sevens, [bob, charlie], 2)
    m = scheduled_season(sevens, [home, away]).matches.get()
    client.force_login(bob)

    html = client.get(f"/matches/{m.pk}/report/").content.decode()

    assert "gather_funds" not in html


def test_the_pages_of_a_played_dungeon_bowl_match_show_it(
    client, match, bob, alice, django_capture_on_commit_callbacks
):
    from matches.reports.lines import CasualtyLine, PlayerLine, Report
    from matches.reports.report import match_submit_report

    home = list(match.home.players.order_by("number"))
    away = list(match.away.players.order_by("number"))
    report = Report(
        1,
        0,
        players=[
            PlayerLine(home[0].pk, touchdowns=1),
            PlayerLine(away[0].pk, casualties_inflicted=3),
        ],
        # three Badly Hurt caused by the losers' #1, each earning him SPP:
        # their bonus League point
        casualties=[
            CasualtyLine(home[i].pk, casualty_roll=1, inflicted_by=away[0].pk)
            for i in (1, 2, 3)
        ],
        gather_funds=(0, 3),
    )
    with django_capture_on_commit_callbacks(execute=True):
        match_submit_report(match_id=match.pk, report=report, actor=alice)
    client.force_login(bob)

    page = client.get(f"/matches/{match.pk}/").content.decode()
    season = client.get(f"/seasons/{match.season_id}/")
    team = client.get(f"/teams/{match.away_id}/")

    assert "gathered 20,000 in the Treasure Room" in page
    assert season.status_code == 200
    assert team.status_code == 200
    # the season page's table: the winners 3, the losers 0 + 1 bonus point
    points = {
        line.row.team_id: line.row.points for line in season.context["view"].standings
    }
    assert points == {match.home_id: 3, match.away_id: 1}
