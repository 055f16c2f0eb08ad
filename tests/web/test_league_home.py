"""The league page opens on what matters now: the next round, the latest
results, the leaders and the season history (with each closed season's
champion), in a number of queries that does not grow with the league."""

from __future__ import annotations

import re

import pytest

from league.models import Player
from matches.models import Match
from matches.seasons.rollover import season_close
from matches.seasons.services import season_create, season_schedule_playoffs
from tests.factories import LeagueFactory
from tests.matches.conftest import play_recorded, redraft_waiting
from tests.web.conftest import count_queries, scheduled_season, sevens_teams


def section(html: str, testid: str) -> str:
    """The HTML of the ``<section>`` marked ``data-testid=testid`` (with the
    sections nested in it)."""
    start = html.index(f'data-testid="{testid}"')
    depth, i = 1, start
    for tag in re.finditer(r"<(/?)section\b", html[start:]):
        depth += -1 if tag.group(1) else 1
        if depth == 0:
            i = start + tag.start()
            break
    return html[start:i]


def fixtures(html: str) -> list[tuple[str, str, str]]:
    """(home, score or "v", away) of each fixture link in ``html``."""
    return re.findall(
        r'<span class="home">([^<]*)</span>\s*<span class="score[^"]*">([^<]*)</span>'
        r'\s*<span class="away">([^<]*)</span>',
        html,
    )


def first_player(team) -> Player:
    return team.players.order_by("number").first()


def play_round(season, number: int, scores, *, actor, capture) -> list[Match]:
    matches = list(season.matches.filter(round=number).order_by("id"))
    for match, (home, away) in zip(matches, scores, strict=True):
        play_recorded(match, home, away, actor=actor, capture=capture)
    return matches


@pytest.fixture
def round_one_played(sevens, four_teams, alice, django_capture_on_commit_callbacks):
    """Four Sevens teams; round 1 played 2–1 and 0–0 (each team's #1
    scores its touchdowns); rounds 2 and 3 to play."""
    season = scheduled_season(sevens, four_teams)
    played = play_round(
        season,
        1,
        [(2, 1), (0, 0)],
        actor=alice,
        capture=django_capture_on_commit_callbacks,
    )
    return season, played


def test_the_league_page_opens_on_the_next_round_then_the_latest_results(
    client, sevens, round_one_played
):
    season, played = round_one_played
    next_round = list(season.matches.filter(round=2).order_by("id"))

    html = client.get(f"/leagues/{sevens.pk}/").content.decode()

    # the next round comes first on the page, before the latest results,
    # the leaders and the full standings
    order = [
        html.index(f'data-testid="{t}"')
        for t in ("next-round", "latest-results", "now-leaders")
    ] + [html.index('id="standings-title"')]
    assert order == sorted(order)
    upcoming = section(html, "next-round")
    assert "Next: Round 2" in upcoming
    assert fixtures(upcoming) == [(m.home.name, "v", m.away.name) for m in next_round]
    for m in next_round:
        assert f'href="/matches/{m.pk}/preview/"' in upcoming
    assert "Record report" not in upcoming  # an anonymous visitor
    latest = section(html, "latest-results")
    assert "Latest results: Round 1" in latest
    assert fixtures(latest) == [
        (played[0].home.name, "2–1", played[0].away.name),
        (played[1].home.name, "0–0", played[1].away.name),
    ]
    for m in played:
        assert f'href="/matches/{m.pk}/"' in latest


def test_record_report_is_offered_only_for_the_coachs_own_fixtures(
    client, sevens, round_one_played, bob
):
    season, _ = round_one_played
    mine = [
        m
        for m in season.matches.filter(round=2).order_by("id")
        if bob.pk in (m.home.coach_id, m.away.coach_id)
    ]
    client.force_login(bob)

    upcoming = section(
        client.get(f"/leagues/{sevens.pk}/").content.decode(), "next-round"
    )

    assert re.findall(r'href="/matches/(\d+)/report/"', upcoming) == [
        str(m.pk) for m in mine
    ]


def test_the_leaders_show_the_top_three_of_the_season(client, sevens, round_one_played):
    season, played = round_one_played
    # the touchdowns: home #1 of the 2–1 match scored 2, away #1 scored 1
    two, one = first_player(played[0].home), first_player(played[0].away)

    leaders = section(
        client.get(f"/leagues/{sevens.pk}/").content.decode(), "now-leaders"
    )

    touchdowns = leaders[: leaders.index("Casualties")]
    assert re.findall(
        r'<a href="/players/(\d+)/">([^<]+)</a>.*?<strong class="num">(\d+) TD</strong>',
        touchdowns,
    ) == [(str(two.pk), two.name, "2"), (str(one.pk), one.name, "1")]
    # the full boards are a link away
    assert f'href="/leagues/{sevens.pk}/leaders/?season={season.pk}"' in leaders


def _two_team_season(league, teams, *, playoffs: bool = False):
    season = season_create(
        league=league,
        name=f"Season {league.seasons.count() + 1}",
        team_ids=[t.pk for t in teams],
        playoff_teams=2 if playoffs else 0,
        seed=3,
    )
    from matches.seasons.services import season_schedule

    season_schedule(season_id=season.pk)
    return season


def test_the_history_names_each_closed_seasons_champion(
    client, sevens, four_teams, alice, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    a, b, c, d = four_teams
    # Season 1, no playoffs: the only match won 2–1 by its home team
    first = _two_team_season(sevens, [a, b])
    (m1,) = first.matches.all()
    play_recorded(m1, 2, 1, actor=alice, capture=capture)
    season_close(season_id=first.pk, actor=alice)
    # Season 2 with a final: the league match won 3–0 by its home team (top
    # of the table), the final won 1–0 by the away team: the champion
    second = _two_team_season(sevens, [c, d], playoffs=True)
    (m2,) = second.matches.all()
    play_recorded(m2, 3, 0, actor=alice, capture=capture)
    (final,) = season_schedule_playoffs(season_id=second.pk)
    play_recorded(final, 0, 1, actor=alice, capture=capture)
    season_close(season_id=second.pk, actor=alice)
    # Season 3 under way
    redraft_waiting([a, c], alice)
    scheduled_season(sevens, [a, c])

    history = section(
        client.get(f"/leagues/{sevens.pk}/").content.decode(), "season-history"
    )

    lines = re.findall(r"<li>(.*?)</li>", history, re.S)
    assert len(lines) == 2  # the season under way is the rest of the page
    assert f">{second.name}</a>" in lines[0]
    assert f'class="champion">{final.away.name}</a>' in lines[0]
    assert f">{first.name}</a>" in lines[1]
    assert f'class="champion">{m1.home.name}</a>' in lines[1]


def test_an_open_season_has_no_champion_yet(client, sevens, round_one_played):
    season, _ = round_one_played
    scheduled_season(sevens, list(season.teams.all())[:2])  # a newer season

    history = section(
        client.get(f"/leagues/{sevens.pk}/").content.decode(), "season-history"
    )

    assert f">{season.name}</a>" in history
    assert "champion" not in history


def test_a_season_closed_before_anyone_played_has_no_champion(
    client, sevens, four_teams, alice
):
    # given a season closed with no match scheduled (nothing to finish)
    a, b = four_teams[:2]
    season = season_create(
        league=sevens, name="Never Played", team_ids=[a.pk, b.pk], seed=3
    )
    season_close(season_id=season.pk, actor=alice)

    history = section(
        client.get(f"/leagues/{sevens.pk}/").content.decode(), "season-history"
    )

    # then the history names it without a champion, as its own page does
    assert f">{season.name}</a>" in history
    assert "champion" not in history
    season.refresh_from_db()
    assert season.champion_id is None


def test_a_season_closed_before_it_was_scheduled_offers_no_schedule(
    client, sevens, four_teams, alice
):
    # given the league's latest season, closed with no match scheduled
    a, b = four_teams[:2]
    season = season_create(
        league=sevens, name="Never Played", team_ids=[a.pk, b.pk], seed=3
    )
    season_close(season_id=season.pk, actor=alice)
    client.force_login(alice)

    # then its commissioner is not offered a schedule (it reopened the
    # closed season; now it is refused)
    html = client.get(f"/leagues/{sevens.pk}/").content.decode()
    assert "Generate the schedule" not in html


def _league_with_history(name, n_teams, n_closed, alice, bob, charlie, capture):
    league = LeagueFactory(name=name, format="sevens", commissioner=alice)
    teams = sevens_teams(league, [bob, charlie], n_teams)
    for i in range(n_closed):
        past = _two_team_season(league, teams[i : i + 2], playoffs=i % 2 == 1)
        for m in past.matches.all():
            play_recorded(m, 1, 0, actor=alice, capture=capture)
        if past.playoff_teams:
            for m in season_schedule_playoffs(season_id=past.pk):
                play_recorded(m, 0, 2, actor=alice, capture=capture)
        season_close(season_id=past.pk, actor=alice)
        redraft_waiting(teams, alice)
    season = scheduled_season(league, teams)
    for m in season.matches.filter(round=1):
        play_recorded(m, 1, 1, actor=alice, capture=capture)
    return league


def test_the_league_page_runs_as_many_queries_whatever_the_league_size(
    client, alice, bob, charlie, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    small = _league_with_history("Small", 4, 1, alice, bob, charlie, capture)
    large = _league_with_history("Large", 6, 3, alice, bob, charlie, capture)
    assert large.seasons.count() > small.seasons.count()

    for user in (None, bob, alice):
        if user is not None:
            client.force_login(user)
        assert count_queries(client, f"/leagues/{small.pk}/") == count_queries(
            client, f"/leagues/{large.pk}/"
        ), user


def test_the_latest_results_are_the_last_round_played_so_far(
    client, sevens, round_one_played, alice, django_capture_on_commit_callbacks
):
    # given round 2 half played: its first match won 3–2, its second open
    season, _ = round_one_played
    first, second = season.matches.filter(round=2).order_by("id")
    play_recorded(first, 3, 2, actor=alice, capture=django_capture_on_commit_callbacks)

    html = client.get(f"/leagues/{sevens.pk}/").content.decode()

    latest = section(html, "latest-results")
    assert "Latest results: Round 2" in latest
    assert fixtures(latest) == [(first.home.name, "3–2", first.away.name)]
    # round 2 is still the next round: its played match keeps its score
    assert fixtures(section(html, "next-round")) == [
        (first.home.name, "3–2", first.away.name),
        (second.home.name, "v", second.away.name),
    ]
