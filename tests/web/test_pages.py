"""Every page renders, shows what it promises, and runs the same number of
queries for a small and a large world."""

from __future__ import annotations

import json

import pytest

from league.models import Player
from league.services.teams import team_fire_player, team_hire_player
from matches.models import Match, MatchEvent
from tests.factories import LeagueFactory, draft_team
from tests.web.conftest import (
    count_queries,
    resolve_all,
    scheduled_season,
    sevens_teams,
)


@pytest.fixture
def two_worlds(alice, bob, charlie, django_capture_on_commit_callbacks):
    """A small league (3 teams of 7) and a large one (5 teams, one of 11
    with a longer ledger and a former player), each with a resolved season."""
    small = LeagueFactory(name="Small", format="sevens", commissioner=alice)
    large = LeagueFactory(name="Large", format="sevens", commissioner=alice)
    small_teams = sevens_teams(small, [bob, charlie], 3)
    large_teams = sevens_teams(large, [bob, charlie], 5)
    big = large_teams[0]
    for i in range(4):
        team_hire_player(team_id=big.pk, position="orc-lineman", name=f"Extra {i}")
    team_fire_player(team_id=big.pk, player_id=big.players.order_by("-pk")[0].pk)
    seasons = {}
    for name, league, teams in (
        ("small", small, small_teams),
        ("large", large, large_teams),
    ):
        seasons[name] = scheduled_season(league, teams)
        resolve_all(seasons[name], django_capture_on_commit_callbacks)
    return {
        "small": (small, small_teams[0], seasons["small"]),
        "large": (large, big, seasons["large"]),
    }


def _same_queries(client, urls: dict[str, str]) -> int:
    small = count_queries(client, urls["small"])
    large = count_queries(client, urls["large"])
    assert small == large, (urls, small, large)
    return small


def test_pages_run_a_constant_number_of_queries(client, two_worlds, alice, bob):
    # given: a small and a large world, each page viewed by an anonymous
    # visitor, the commissioner and a coach
    (small, small_team, s1) = two_worlds["small"]
    (large, big_team, s2) = two_worlds["large"]
    assert s2.matches.count() > s1.matches.count()
    assert big_team.ledger.count() > small_team.ledger.count()
    quiet = min(s1.matches.all(), key=lambda m: m.events.count())
    busy = max(s2.matches.all(), key=lambda m: m.events.count())
    assert busy.events.count() > quiet.events.count()
    pages = {
        "league": (f"/leagues/{small.pk}/", f"/leagues/{large.pk}/", 16),
        "season": (f"/seasons/{s1.pk}/", f"/seasons/{s2.pk}/", 16),
        # the team's season record and place (3), the matches its ledger
        # was paid for (1), a re-draft due (1, its coach and commissioner)
        "team": (f"/teams/{small_team.pk}/", f"/teams/{big_team.pk}/", 13),
        "match": (f"/matches/{quiet.pk}/", f"/matches/{busy.pk}/", 10),
        "full log": (
            f"/matches/{quiet.pk}/?type=all",
            f"/matches/{busy.pk}/?type=all",
            10,
        ),
        "log fragment": (
            f"/matches/{quiet.pk}/events/?type=block",
            f"/matches/{busy.pk}/events/?type=block",
            6,
        ),
        "replay": (
            f"/matches/{quiet.pk}/replay.json",
            f"/matches/{busy.pk}/replay.json",
            6,
        ),
    }

    for who in (None, alice, bob):
        if who:
            client.force_login(who)
        for name, (small_url, large_url, most) in pages.items():
            # when
            n = _same_queries(client, {"small": small_url, "large": large_url})
            # then
            assert n <= most, (name, n)


def test_report_page_runs_a_constant_number_of_queries(client, sevens, bob, charlie):
    # given: one match of 7-player teams, one of 11-player teams
    small = sevens_teams(sevens, [bob, charlie], 2)
    other = LeagueFactory(
        name="Other", format="sevens", commissioner=sevens.commissioner
    )
    extra = [("orc-lineman", f"Extra {i}") for i in range(4)]
    large = [
        draft_team(other, bob, roster="orc", name="Big Orcs", extra=extra),
        draft_team(other, charlie, roster="orc", name="Big Gits", extra=extra),
    ]
    m1 = scheduled_season(sevens, small).matches.get()
    m2 = scheduled_season(other, large).matches.get()
    client.force_login(bob)

    # then
    _same_queries(
        client,
        {"small": f"/matches/{m1.pk}/report/", "large": f"/matches/{m2.pk}/report/"},
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

    assert "Tiebreakers, in order: Points → TD difference → Casualty difference" in html
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
    assert '<mark class="gained">Block ★</mark>' in html
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
    from matches.services.report import PlayerLine, Report, match_submit_report

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


def test_lists_and_forms_run_a_constant_number_of_queries(client, alice, bob, charlie):
    # given bob with one team in one league
    first = LeagueFactory(name="First", format="sevens", commissioner=alice)
    sevens_teams(first, [bob], 1)
    client.force_login(bob)
    urls = (
        "/me/",
        "/leagues/",
        f"/leagues/{first.pk}/draft/?roster=orc",
        f"/leagues/{first.pk}/seasons/new/",
    )
    client.force_login(alice)
    before = {url: count_queries(client, url) for url in urls[1:]}
    client.force_login(bob)
    before["/me/"] = count_queries(client, "/me/")

    # when the world grows: more leagues, and bob coaches five teams
    for n in range(3):
        league = LeagueFactory(name=f"More {n}", format="sevens", commissioner=alice)
        sevens_teams(league, [bob, charlie], 4)
    draft_team(first, charlie, roster="human", name="Newcomers")

    # then
    client.force_login(alice)
    after = {url: count_queries(client, url) for url in urls[1:]}
    client.force_login(bob)
    after["/me/"] = count_queries(client, "/me/")
    assert after == before


def test_a_playoff_page_says_how_a_level_match_was_won(
    client, sevens, bob, charlie, alice
):
    from matches.services.report import Report, match_submit_report

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
    from matches.services.report import PlayerLine, Report, match_submit_report

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
