"""Every page renders and shows what it promises. (That each runs as many
queries on a large league as on a small one: tests/web/test_query_counts.py.)"""

from __future__ import annotations

import json
import re

from league.models import Player
from matches.models import Match, MatchEvent
from tests.factories import LeagueFactory, draft_team
from tests.web.conftest import (
    resolve_all,
    scheduled_season,
    sevens_teams,
)


def test_home_opens_the_demo_league_when_it_exists(client, alice):
    # given no demo league: the league list
    LeagueFactory(name="Elsewhere", commissioner=alice)
    listing = client.get("/")
    assert listing.status_code == 200
    assert "Elsewhere" in listing.content.decode()

    # when the demo league exists
    demo = LeagueFactory(name="Badlands Sevens", commissioner=alice)
    response = client.get("/")

    # then
    assert response.status_code == 302
    assert response["Location"] == f"/leagues/{demo.pk}/"


def test_league_page_shows_standings_tiebreakers_fixtures_and_leaders(
    client, resolved_season
):
    html = client.get(f"/leagues/{resolved_season.league_id}/").content.decode()

    assert (
        "Tiebreakers, in order: Points → Touchdowns scored → Casualties caused" in html
    )
    for team in resolved_season.teams.all():
        assert team.name in html
    assert html.count('class="round"') == 3  # 4 teams: 3 rounds of 2 matches
    assert "Touchdowns" in html
    assert "Casualties" in html
    # the default Sevens league does not track SPP, and says so
    assert "does not track Star Player Points" in html


def test_league_page_without_a_season(client, sevens, alice):
    client.force_login(alice)
    html = client.get(f"/leagues/{sevens.pk}/").content.decode()
    assert "No season yet" in html
    assert f"/leagues/{sevens.pk}/seasons/new/" in html


def test_team_page_shows_the_team_sheet(client, sevens, bob):
    # given a player with a gained skill and injuries
    team = draft_team(sevens, bob, roster="orc", name="Gouged Eye", rerolls=1)
    player = team.players.order_by("number").first()
    Player.objects.filter(pk=player.pk).update(
        gained_skills=[{"skill": "block", "param": None}],
        miss_next_game=True,
        niggling_injuries=1,
        reductions={"ma": 1},
        ma=4,
        spp=6,
    )

    # when
    html = client.get(f"/teams/{team.pk}/").content.decode()

    # then
    # the gained skill is marked, and carries its description
    assert re.search(
        r'<mark class="gained"><span class="skill"><button type="button" '
        r'class="skill-name" aria-describedby="tip-block-\d+">Block</button>'
        r'<span class="skill-tip" role="tooltip" id="tip-block-\d+">'
        r'<span class="skill-kind">General skill\.</span> May ignore a Both '
        r"Down result instead of being Knocked Down\.</span></span> ★</mark>",
        html,
    )
    assert "MNG" in html
    assert "1 niggling" in html
    assert "1 lasting injury to MA" in html
    assert "Received a draft budget of 600,000" in html
    assert "+600,000" in html
    assert 'data-testid="treasury">130,000<' in html
    # strangers get no management forms
    assert "Hire a player" not in html


def test_match_page_shows_box_score_postgame_log_and_replay(client, resolved_season):
    match = resolved_season.matches.order_by("pk").first()
    html = client.get(f"/matches/{match.pk}/").content.decode()

    assert 'id="replay"' in html
    assert "Box score" in html
    assert "Post-game" in html
    assert "Winnings: fan attendance" in html
    assert 'id="event-log"' in html
    # the default log leaves out movement
    assert "ev-move" not in html


def test_event_log_filters_by_type(client, resolved_season):
    match = max(resolved_season.matches.all(), key=lambda m: m.events.count())
    blocks = MatchEvent.objects.filter(match=match, type="turn_start").count()

    html = client.get(f"/matches/{match.pk}/events/?type=turn_start").content.decode()

    assert html.count('class="ev ev-turn_start"') == blocks
    assert "ev-move" not in html


def test_replay_data_carries_pitch_players_and_play_events_only(
    client, resolved_season
):
    match = resolved_season.matches.order_by("pk").first()
    data = json.loads(client.get(f"/matches/{match.pk}/replay.json").content)

    assert data["pitch"] == {
        "width": 20,
        "height": 11,
        "wide_zone": 2,
        "home_los_x": 6,
        "away_los_x": 13,
    }
    assert len(data["players"]) == 14
    types = {e["type"] for e in data["events"]}
    assert "setup" in types
    assert "turn_start" in types
    assert not any(t.startswith("postgame_") for t in types)
    assert data["turns"][0]["label"].startswith("Half 1 · ")
    assert all(e["text"] for e in data["events"])


def test_eleven_a_side_replay_uses_the_26_by_15_pitch(
    client, eleven, bob, charlie, django_capture_on_commit_callbacks
):
    teams = [
        draft_team(eleven, bob, roster="orc", name="Orcs"),
        draft_team(eleven, charlie, roster="human", name="Humans"),
    ]
    season = scheduled_season(eleven, teams)
    resolve_all(season, django_capture_on_commit_callbacks)
    match = season.matches.get()

    data = json.loads(client.get(f"/matches/{match.pk}/replay.json").content)

    assert (data["pitch"]["width"], data["pitch"]["height"]) == (26, 15)
    assert data["pitch"]["home_los_x"] + 1 == data["pitch"]["away_los_x"]


def test_recorded_match_has_no_replay(client, sevens, bob, charlie, alice):
    from matches.reports.lines import PlayerLine, Report
    from matches.reports.report import match_submit_report

    teams = sevens_teams(sevens, [bob, charlie], 2)
    match = scheduled_season(sevens, teams).matches.get()
    scorer = match.home.players.order_by("number").first()
    match_submit_report(
        match_id=match.pk,
        report=Report(1, 0, players=[PlayerLine(scorer.pk, touchdowns=1)]),
        actor=alice,
    )

    html = client.get(f"/matches/{match.pk}/").content.decode()

    assert 'id="replay"' not in html
    assert "recorded at the table" in html
    assert Match.objects.get(pk=match.pk).status == Match.Status.PLAYED


def test_unknown_pages_are_404(client, db):
    for url in ("/leagues/999/", "/teams/999/", "/matches/999/", "/seasons/999/"):
        assert client.get(url).status_code == 404


def test_a_playoff_page_says_how_a_level_match_was_won(
    client, sevens, bob, charlie, alice
):
    from matches.reports.lines import Report
    from matches.reports.report import match_submit_report

    teams = sevens_teams(sevens, [bob, charlie], 2)
    match = scheduled_season(sevens, teams).matches.get()
    Match.objects.filter(pk=match.pk).update(stage=Match.Stage.PLAYOFF)
    client.force_login(bob)
    form = client.get(f"/matches/{match.pk}/report/").content.decode()
    assert 'data-testid="playoff-hint"' in form

    match_submit_report(
        match_id=match.pk,
        report=Report(0, 0, sudden_death=[[2, 6], [1, 3], [4, 5], [6, 1], [6, 5]]),
        actor=alice,
    )

    html = client.get(f"/matches/{match.pk}/").content.decode()
    assert (
        f"Sudden death: {match.away.name} win the roll-offs 3–2 "
        "(2–6, 1–3, 4–5, 6–1, 6–5)"
    ) in html


def test_a_playoff_won_in_extra_time_says_so(client, sevens, bob, charlie, alice):
    from matches.models import MatchResult
    from matches.reports.lines import PlayerLine, Report
    from matches.reports.report import match_submit_report

    teams = sevens_teams(sevens, [bob, charlie], 2)
    match = scheduled_season(sevens, teams).matches.get()
    Match.objects.filter(pk=match.pk).update(stage=Match.Stage.PLAYOFF)
    scorer = match.away.players.order_by("number").first()
    match_submit_report(
        match_id=match.pk,
        report=Report(0, 1, players=[PlayerLine(scorer.pk, touchdowns=1)]),
        actor=alice,
    )
    # as the engine stores a playoff decided by a touchdown in extra time
    MatchResult.objects.filter(match=match).update(extra_time=True)

    html = client.get(f"/matches/{match.pk}/").content.decode()
    assert f"{match.away.name} win in extra time" in html
