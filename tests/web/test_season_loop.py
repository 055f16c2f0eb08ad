"""The commissioner's season loop in the pages: closing a season with its
champion, the playoff bracket, postponing, byes, divisions, round dates and
the league's members. Only the commissioner may act (403 for the others),
and a refusal leaves the database as it was."""

from __future__ import annotations

import re
from datetime import date

import pytest

from league.models import LeagueEvent, LeagueMembership, Team
from matches.models import Match, RoundSchedule, Season
from matches.reports.report import match_submit_report
from matches.seasons.round_dates import RoundDates, season_set_round_dates
from matches.seasons.services import (
    match_postpone,
    season_create,
    season_schedule,
    season_schedule_playoffs,
)
from tests.matches.conftest import db_state, play_recorded, score_report
from tests.web.conftest import count_queries, scheduled_season, sevens_teams


def text(response) -> str:
    """The page's text, tags dropped and spaces collapsed."""
    html = response.content.decode()
    html = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def section(response, start: str, end: str) -> str:
    page = text(response)
    return page[page.index(start) : page.index(end, page.index(start))]


def play_league(season, ranking, actor, capture):
    """Every league match: the better ranked team (earlier in ``ranking``)
    wins 1-0, so the final table is ``ranking``."""
    rank = {team.pk: i for i, team in enumerate(ranking)}
    for m in season.matches.filter(stage=Match.Stage.LEAGUE).order_by("round", "id"):
        home_wins = rank[m.home_id] < rank[m.away_id]
        play_recorded(
            m, int(home_wins), int(not home_wins), actor=actor, capture=capture
        )


@pytest.fixture
def finished(sevens, four_teams, alice, django_capture_on_commit_callbacks):
    """A four-team season without playoffs, every match played: the last
    drafted team won everything, the first drafted lost everything."""
    season = scheduled_season(sevens, four_teams)
    ranking = list(reversed(four_teams))
    play_league(season, ranking, alice, django_capture_on_commit_callbacks)
    return season, ranking


# --- closing a season ---------------------------------------------------------


def test_the_commissioner_confirms_then_closes_and_the_champion_is_shown(
    client, finished, sevens, alice
):
    season, ranking = finished
    client.force_login(alice)

    # given the season page offers the step, and the step asks first
    assert (
        f'href="/seasons/{season.pk}/close/"'
        in client.get(f"/seasons/{season.pk}/").content.decode()
    )
    confirm = client.get(f"/seasons/{season.pk}/close/")
    assert confirm.status_code == 200
    assert "records the champion: " + ranking[0].name + " (top of the table)" in text(
        confirm
    )
    season.refresh_from_db()
    assert season.status == Season.Status.COMPLETE

    # when
    response = client.post(
        f"/seasons/{season.pk}/close/", {"reason": "every match is played"}
    )

    # then
    assert response.status_code == 302
    assert response["Location"] == f"/seasons/{season.pk}/"
    season.refresh_from_db()
    assert (season.status, season.champion_id) == (
        Season.Status.CLOSED,
        ranking[0].pk,
    )
    event = LeagueEvent.objects.get(type=LeagueEvent.Type.SEASON_CLOSED)
    assert event.payload == {
        "season_id": season.pk,
        "teams": 4,
        "reason": "every match is played",
    }
    champion = f"Champion: {ranking[0].name} (coach {ranking[0].coach.username})"
    assert champion in text(client.get(f"/seasons/{season.pk}/"))
    client.logout()
    assert champion in text(client.get(f"/leagues/{sevens.pk}/"))


def test_closing_needs_a_reason_and_writes_nothing_without_one(client, finished, alice):
    season, _ = finished
    client.force_login(alice)
    before = db_state()

    response = client.post(f"/seasons/{season.pk}/close/", {"reason": "  "})

    assert response.status_code == 400
    assert response.context["form"].errors["reason"] == ["This field is required."]
    assert db_state() == before
    assert not LeagueEvent.objects.filter(type=LeagueEvent.Type.SEASON_CLOSED)


def test_an_unfinished_season_is_refused_on_the_page(client, sevens, four_teams, alice):
    season = scheduled_season(sevens, four_teams)
    client.force_login(alice)
    before = db_state()

    response = client.post(f"/seasons/{season.pk}/close/", {"reason": "enough"})

    assert response.status_code == 400
    assert response.context["form"].non_field_errors() == [
        "every match must be complete"
    ]
    assert db_state() == before


@pytest.mark.parametrize("who", ["bob", "dave"])
def test_only_the_commissioner_closes_a_season(client, finished, who, request):
    season, _ = finished
    client.force_login(request.getfixturevalue(who))
    before = db_state()

    assert client.get(f"/seasons/{season.pk}/close/").status_code == 403
    response = client.post(f"/seasons/{season.pk}/close/", {"reason": "mine now"})

    assert response.status_code == 403
    assert db_state() == before
    assert (
        "Close the season" not in client.get(f"/seasons/{season.pk}/").content.decode()
    )


# --- the playoff bracket ---------------------------------------------------------


@pytest.fixture
def playoffs(sevens, four_teams, alice, django_capture_on_commit_callbacks):
    """Four teams, the top three to the playoffs: seed 1 has a bye, 2 v 3
    in the semi-final."""
    season = season_create(league=sevens, name="Cup", seed=5, playoff_teams=3)
    season_schedule(season_id=season.pk)
    ranking = [four_teams[2], four_teams[0], four_teams[3], four_teams[1]]
    play_league(season, ranking, alice, django_capture_on_commit_callbacks)
    (semi,) = season_schedule_playoffs(season_id=season.pk)
    return season, ranking, semi


def test_the_bracket_shows_each_round_with_seeds_scores_and_winners(
    client, playoffs, alice, django_capture_on_commit_callbacks
):
    season, ranking, semi = playoffs
    first, second, third, _ = ranking

    # given the semi-final not yet played: the top seed's bye, the final to come
    bracket = section(
        client.get(f"/seasons/{season.pk}/"), "Playoff bracket", "Leaders"
    )
    assert bracket == (
        f"Playoff bracket Semi-finals 2 {second.name} 3 {third.name} Match page : "
        f"{second.name} v {third.name} 1 {first.name} bye to the next round "
        "Final To be decided To be decided "
    )

    # when the third seed wins the semi-final away, and the final away too
    play_recorded(semi, 0, 2, actor=alice, capture=django_capture_on_commit_callbacks)
    (final,) = season_schedule_playoffs(season_id=season.pk)
    play_recorded(final, 0, 1, actor=alice, capture=django_capture_on_commit_callbacks)

    # then each tie has its score and its winner marked
    response = client.get(f"/seasons/{season.pk}/")
    bracket = section(response, "Playoff bracket", "Leaders")
    assert bracket == (
        f"Playoff bracket Semi-finals 2 {second.name} 0 3 {third.name} 2 ✓ winner "
        f"Match report : {second.name} v {third.name} 1 {first.name} bye to the "
        f"next round Final 1 {first.name} 0 3 {third.name} 1 ✓ winner Match report : "
        f"{first.name} v {third.name} "
    )
    html = response.content.decode()
    assert html.count('class="side winner"') == 2

    # and closing the season makes the final's winner the champion
    client.force_login(alice)
    assert (
        client.post(f"/seasons/{season.pk}/close/", {"reason": "cup won"}).status_code
        == 302
    )
    season.refresh_from_db()
    assert season.champion_id == third.pk
    assert f"Champion: {third.name}" in text(client.get(f"/seasons/{season.pk}/"))


def test_a_season_with_playoffs_does_not_close_before_its_final(
    client, playoffs, alice, django_capture_on_commit_callbacks
):
    # given the semi-final played, every match complete, the final not drawn
    season, _, semi = playoffs
    play_recorded(semi, 1, 0, actor=alice, capture=django_capture_on_commit_callbacks)
    client.force_login(alice)
    before = db_state()

    response = client.post(f"/seasons/{season.pk}/close/", {"reason": "enough"})

    assert response.status_code == 400
    assert response.context["form"].non_field_errors() == [
        "the playoffs decide the champion: schedule and play them up to the final first"
    ]
    assert db_state() == before


# --- byes -----------------------------------------------------------------------------


def round_section(page: str, number: int) -> str:
    """Round ``number``'s box in the fixtures (up to the next round's)."""
    fixtures = page[page.index("Fixtures and results") :]
    start = fixtures.index(f"Round {number} ")
    rest = fixtures[start + 1 :]
    ends = [rest.index(m) for m in (f"Round {number + 1} ", " Teams ") if m in rest]
    return fixtures[start : start + 1 + min(ends)].strip()


def test_each_round_of_an_odd_league_names_the_team_with_the_bye(
    client, sevens, bob, charlie
):
    # given three teams: three rounds of one match, a bye each
    teams = sevens_teams(sevens, [bob, charlie], 3)
    season = scheduled_season(sevens, teams)
    names = {t.pk: t.name for t in teams}

    # when
    page = text(client.get(f"/seasons/{season.pk}/"))

    # then the bye is the one team without a match in that round
    byes = []
    for number in (1, 2, 3):
        (m,) = season.matches.filter(round=number)
        (idle,) = set(names) - {m.home_id, m.away_id}
        byes.append(idle)
        fixtures = round_section(page, number)
        assert fixtures.count("Bye:") == 1
        assert fixtures.endswith(f"Bye: {names[idle]}"), fixtures
    assert sorted(byes) == sorted(names)


def test_a_postponed_match_leaves_no_bye_behind(client, sevens, bob, charlie):
    # given five teams (two matches and a bye a round), and one of round
    # 1's matches moved to a new round
    teams = sevens_teams(sevens, [bob, charlie], 5)
    season = scheduled_season(sevens, teams)
    moved, stays = season.matches.filter(round=1).order_by("id")
    match_postpone(match_id=moved.pk)

    # when
    page = text(client.get(f"/seasons/{season.pk}/"))

    # then round 1 lists only the bye of the schedule, and round 6 (the
    # postponed match's) lists none
    (idle,) = {t.pk for t in teams} - {
        moved.home_id,
        moved.away_id,
        stays.home_id,
        stays.away_id,
    }
    round_1 = round_section(page, 1)
    assert round_1.count("Bye:") == 1
    assert round_1.endswith(f"Bye: {Team.objects.get(pk=idle).name}")
    round_6 = round_section(page, 6)
    assert f"{moved.home.name} v {moved.away.name} Scheduled postponed" in round_6
    assert "Bye:" not in round_6


def test_an_even_league_has_no_byes(client, sevens, four_teams):
    season = scheduled_season(sevens, four_teams)

    assert "Bye:" not in text(client.get(f"/seasons/{season.pk}/"))


# --- postponing -------------------------------------------------------------------------


def test_the_commissioner_postpones_a_match_to_a_new_round(
    client, sevens, four_teams, alice
):
    season = scheduled_season(sevens, four_teams)
    match = season.matches.filter(round=1).order_by("id").first()
    client.force_login(alice)
    assert (
        f'href="/matches/{match.pk}/postpone/"'
        in client.get(f"/seasons/{season.pk}/").content.decode()
    )
    assert client.get(f"/matches/{match.pk}/postpone/").status_code == 200

    # when
    response = client.post(
        f"/matches/{match.pk}/postpone/", {"to_round": "", "reason": "snowed in"}
    )

    # then it is the only match of round 4 (after the three of the schedule)
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.round, match.postponed) == (4, True)
    event = LeagueEvent.objects.get(type=LeagueEvent.Type.MATCH_POSTPONED)
    assert (event.match_id, event.payload) == (
        match.pk,
        {"from_round": 1, "to_round": 4, "reason": "snowed in"},
    )
    page = text(client.get(f"/seasons/{season.pk}/"))
    round_4 = page[page.index("Round 4 ") :]
    assert f"{match.home.name} v {match.away.name} Scheduled postponed" in round_4


def test_postponing_into_a_busy_round_is_refused_on_the_field(
    client, sevens, four_teams, alice
):
    season = scheduled_season(sevens, four_teams)
    match = season.matches.filter(round=1).order_by("id").first()
    client.force_login(alice)
    before = db_state()

    response = client.post(
        f"/matches/{match.pk}/postpone/", {"to_round": "2", "reason": "rain"}
    )

    assert response.status_code == 400
    assert response.context["form"].errors["to_round"] == [
        "a team of this match already plays in round 2"
    ]
    assert db_state() == before


@pytest.mark.parametrize("who", ["bob", "dave"])
def test_only_the_commissioner_postpones(client, sevens, four_teams, who, request):
    season = scheduled_season(sevens, four_teams)
    match = season.matches.order_by("id").first()
    client.force_login(request.getfixturevalue(who))
    before = db_state()

    assert client.get(f"/matches/{match.pk}/postpone/").status_code == 403
    response = client.post(f"/matches/{match.pk}/postpone/", {"reason": "mine"})

    assert response.status_code == 403
    assert db_state() == before
    assert "/postpone/" not in client.get(f"/seasons/{season.pk}/").content.decode()


# --- divisions --------------------------------------------------------------------------


def test_the_new_season_form_places_teams_in_divisions(
    client, sevens, four_teams, alice
):
    a, b, c, d = four_teams
    client.force_login(alice)

    # when
    response = client.post(
        f"/leagues/{sevens.pk}/seasons/new/",
        {
            "name": "Split",
            "teams": [t.pk for t in four_teams],
            "playoff_teams": 0,
            f"division_{a.pk}": "North",
            f"division_{b.pk}": "South",
            f"division_{c.pk}": " north ",
            f"division_{d.pk}": "South",
        },
    )

    # then
    assert response.status_code == 302
    season = Season.objects.get(name="Split")
    assert season.divisions == {"North": [a.pk, c.pk], "South": [b.pk, d.pk]}
    season_schedule(season_id=season.pk)
    page = client.get(f"/seasons/{season.pk}/")
    html = page.content.decode()
    assert html.count('class="standings"') == 2
    north = section(page, "North #", "South #")
    south = section(
        page, "South #", "Playoff" if "Playoff" in text(page) else "Leaders"
    )
    assert {a.name, c.name} == {
        n for n in (a.name, b.name, c.name, d.name) if n in north
    }
    assert {b.name, d.name} == {
        n for n in (a.name, b.name, c.name, d.name) if n in south
    }


def test_a_team_left_without_a_division_is_refused_on_its_box(
    client, sevens, four_teams, alice
):
    a, b, c, d = four_teams
    client.force_login(alice)
    before = db_state()

    response = client.post(
        f"/leagues/{sevens.pk}/seasons/new/",
        {
            "name": "Split",
            "teams": [t.pk for t in four_teams],
            "playoff_teams": 0,
            f"division_{a.pk}": "North",
            f"division_{b.pk}": "South",
            f"division_{c.pk}": "North",
        },
    )

    assert response.status_code == 400
    assert response.context["form"].errors[f"division_{d.pk}"] == [
        "every team needs a division (or leave them all blank)"
    ]
    assert db_state() == before


def test_a_division_of_one_team_is_refused_by_the_service(
    client, sevens, four_teams, alice
):
    a, b, c, d = four_teams
    client.force_login(alice)
    before = db_state()

    response = client.post(
        f"/leagues/{sevens.pk}/seasons/new/",
        {
            "name": "Split",
            "teams": [t.pk for t in four_teams],
            "playoff_teams": 0,
            f"division_{a.pk}": "North",
            f"division_{b.pk}": "North",
            f"division_{c.pk}": "North",
            f"division_{d.pk}": "South",
        },
    )

    assert response.status_code == 400
    assert response.context["form"].non_field_errors() == [
        "a division needs at least two teams"
    ]
    assert db_state() == before


# --- round dates --------------------------------------------------------------------------


def test_the_commissioner_sets_round_dates_shown_by_each_round(
    client, sevens, four_teams, alice
):
    season = scheduled_season(sevens, four_teams)
    client.force_login(alice)
    form = client.get(f"/seasons/{season.pk}/round-dates/")
    assert form.status_code == 200
    assert form.content.decode().count('type="date"') == 6  # 3 rounds, 2 each

    # when
    response = client.post(
        f"/seasons/{season.pk}/round-dates/",
        {
            "date_league_1": "2026-12-01",
            "deadline_league_1": "2026-12-04",
            "date_league_2": "2026-12-08",
        },
    )

    # then
    assert response.status_code == 302
    assert list(
        RoundSchedule.objects.order_by("round").values_list("round", "date", "deadline")
    ) == [(1, date(2026, 12, 1), date(2026, 12, 4)), (2, date(2026, 12, 8), None)]
    page = text(client.get(f"/seasons/{season.pk}/"))
    assert "Round 1 Played Tue 1 Dec 2026 · reports due Fri 4 Dec 2026" in page
    assert "Round 2 Played Tue 8 Dec 2026 " in page
    client.logout()
    league = text(client.get(f"/leagues/{sevens.pk}/"))
    assert "Next: Round 1 Played Tue 1 Dec 2026 · reports due Fri 4 Dec 2026" in league
    # and the form shows what is set
    client.force_login(alice)
    again = client.get(f"/seasons/{season.pk}/round-dates/").content.decode()
    assert 'name="date_league_1" value="2026-12-01"' in again


def test_a_deadline_before_its_date_is_refused_on_its_field(
    client, sevens, four_teams, alice
):
    season = scheduled_season(sevens, four_teams)
    season_set_round_dates(
        season_id=season.pk,
        rounds=[RoundDates("league", 3, date(2026, 12, 15))],
        actor=alice,
    )
    client.force_login(alice)
    before = db_state()

    response = client.post(
        f"/seasons/{season.pk}/round-dates/",
        {
            "date_league_1": "2026-12-01",
            "date_league_2": "2026-12-08",
            "deadline_league_2": "2026-12-07",
        },
    )

    assert response.status_code == 400
    assert response.context["form"].errors == {
        "deadline_league_2": [
            "the deadline (07 Dec 2026) is before the round's date (08 Dec 2026)"
        ]
    }
    assert db_state() == before


@pytest.mark.parametrize("who", ["bob", "dave"])
def test_only_the_commissioner_sets_round_dates(
    client, sevens, four_teams, who, request
):
    season = scheduled_season(sevens, four_teams)
    client.force_login(request.getfixturevalue(who))

    assert client.get(f"/seasons/{season.pk}/round-dates/").status_code == 403
    response = client.post(
        f"/seasons/{season.pk}/round-dates/", {"date_league_1": "2026-12-01"}
    )

    assert response.status_code == 403
    assert not RoundSchedule.objects.exists()


# --- the league's members -------------------------------------------------------------


def test_the_commissioner_answers_requests_and_invites(
    client, sevens, alice, dave, charlie
):
    # given Dave asked to join the open league
    from league.services.membership import league_set_open, membership_request

    league_set_open(league_id=sevens.pk, is_open=True, actor=alice)
    membership_request(league_id=sevens.pk, actor=dave)
    client.force_login(alice)
    page = text(client.get(f"/leagues/{sevens.pk}/members/"))
    assert "Requests to join dave asked" in page
    assert "The league is open" in page

    # when she approves him
    response = client.post(f"/leagues/{sevens.pk}/requests/{dave.pk}/approve/")

    # then
    assert response.status_code == 302
    assert LeagueMembership.objects.get(league=sevens, coach=dave).status == "member"
    assert (
        LeagueEvent.objects.filter(type=LeagueEvent.Type.REQUEST_APPROVED).count() == 1
    )

    # and an unknown coach is refused on the field, a known one invited
    refused = client.post(
        f"/leagues/{sevens.pk}/members/invite/", {"username": "nobody"}
    )
    assert refused.status_code == 400
    assert refused.context["form"].errors["username"] == [
        "there is no coach called 'nobody'"
    ]
    membership_remove_via_page = client.post(
        f"/leagues/{sevens.pk}/members/{charlie.pk}/remove/"
    )
    assert membership_remove_via_page.status_code == 302
    assert LeagueMembership.objects.get(league=sevens, coach=charlie).status == (
        "removed"
    )
    invited = client.post(
        f"/leagues/{sevens.pk}/members/invite/", {"username": "charlie"}
    )
    assert invited.status_code == 302
    assert LeagueMembership.objects.get(league=sevens, coach=charlie).status == (
        "invited"
    )

    # and she closes the league to requests
    client.post(f"/leagues/{sevens.pk}/members/open/", {"is_open": "false"})
    sevens.refresh_from_db()
    assert sevens.is_open is False


def test_removing_a_coach_keeps_their_teams(client, sevens, four_teams, alice, charlie):
    client.force_login(alice)
    theirs = sorted(t.pk for t in four_teams if t.coach_id == charlie.pk)

    client.post(f"/leagues/{sevens.pk}/members/{charlie.pk}/remove/")

    assert (
        sorted(
            Team.objects.filter(coach=charlie, league=sevens).values_list(
                "pk", flat=True
            )
        )
        == theirs
    )
    event = LeagueEvent.objects.get(type=LeagueEvent.Type.MEMBER_REMOVED)
    assert event.payload["coach_id"] == charlie.pk


def test_declining_a_request(client, sevens, alice, dave):
    from league.services.membership import league_set_open, membership_request

    league_set_open(league_id=sevens.pk, is_open=True, actor=alice)
    membership_request(league_id=sevens.pk, actor=dave)
    client.force_login(alice)

    client.post(f"/leagues/{sevens.pk}/requests/{dave.pk}/decline/")

    assert LeagueMembership.objects.get(league=sevens, coach=dave).status == "declined"


@pytest.mark.parametrize("who", ["bob", "dave"])
def test_only_the_commissioner_manages_members(client, sevens, who, request, charlie):
    client.force_login(request.getfixturevalue(who))
    before = list(LeagueMembership.objects.order_by("pk").values_list("pk", "status"))

    assert client.get(f"/leagues/{sevens.pk}/members/").status_code == 403
    for url, data in (
        (f"/leagues/{sevens.pk}/members/invite/", {"username": "dave"}),
        (f"/leagues/{sevens.pk}/members/open/", {"is_open": "true"}),
        (f"/leagues/{sevens.pk}/members/{charlie.pk}/remove/", {}),
        (f"/leagues/{sevens.pk}/requests/{charlie.pk}/approve/", {}),
        (f"/leagues/{sevens.pk}/requests/{charlie.pk}/decline/", {}),
    ):
        assert client.post(url, data).status_code == 403, url
    assert (
        list(LeagueMembership.objects.order_by("pk").values_list("pk", "status"))
        == before
    )
    sevens.refresh_from_db()
    assert sevens.is_open is False


# --- queries ---------------------------------------------------------------------------


def test_the_commissioners_season_page_runs_a_constant_number_of_queries(
    client, alice, bob, charlie, django_capture_on_commit_callbacks
):
    # given two leagues' seasons with playoffs drawn and dates set, one of
    # four teams and one of six
    from tests.factories import LeagueFactory, make_member

    urls = []
    for n in (4, 6):
        league = LeagueFactory(name=f"L{n}", format="sevens", commissioner=alice)
        make_member(league, bob, charlie)
        teams = sevens_teams(league, [bob, charlie], n)
        season = season_create(league=league, name="S", seed=n, playoff_teams=4)
        season_schedule(season_id=season.pk)
        play_league(season, teams, alice, django_capture_on_commit_callbacks)
        season_schedule_playoffs(season_id=season.pk)
        season_set_round_dates(
            season_id=season.pk,
            rounds=[RoundDates("league", r, date(2026, 12, r)) for r in (1, 2, 3)],
            actor=alice,
        )
        urls.append(f"/seasons/{season.pk}/")
    client.force_login(alice)

    # then
    assert count_queries(client, urls[0]) == count_queries(client, urls[1])


def test_the_league_page_links_the_members_page_for_the_commissioner_only(
    client, sevens, alice, bob
):
    link = f'href="/leagues/{sevens.pk}/members/"'
    client.force_login(alice)
    assert link in client.get(f"/leagues/{sevens.pk}/").content.decode()
    client.force_login(bob)
    assert link not in client.get(f"/leagues/{sevens.pk}/").content.decode()


# --- one match played by the engine ---------------------------------------------------


def test_the_commissioner_lets_the_engine_play_one_match(
    client, sevens, four_teams, alice, django_capture_on_commit_callbacks
):
    # given: a scheduled match, its page showing the commissioner the button
    season = scheduled_season(sevens, four_teams)
    match = season.matches.order_by("id").first()
    client.force_login(alice)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert f'action="/matches/{match.pk}/resolve/"' in page

    # when (the test settings run tasks eagerly, as the embedded default)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/matches/{match.pk}/resolve/")

    # then: played by the engine, with its post-game, and only that match
    assert response.status_code == 302
    assert response["Location"] == f"/matches/{match.pk}/"
    match.refresh_from_db()
    assert (match.status, match.mode) == (Match.Status.COMPLETE, Match.Mode.RESOLVED)
    assert match.postgame_step == "done"
    assert season.matches.exclude(pk=match.pk).filter(status="scheduled").count() == 5
    assert (
        "Let the engine play"
        not in client.get(f"/matches/{match.pk}/").content.decode()
    )


def test_a_played_match_is_not_played_again(
    client, sevens, four_teams, alice, django_capture_on_commit_callbacks
):
    season = scheduled_season(sevens, four_teams)
    match = season.matches.order_by("id").first()
    play_recorded(match, 1, 0, actor=alice, capture=django_capture_on_commit_callbacks)
    client.force_login(alice)
    before = db_state()

    response = client.post(f"/matches/{match.pk}/resolve/", follow=True)

    assert response.status_code == 200
    assert "this match has a result" in response.content.decode()
    assert db_state() == before


@pytest.mark.parametrize("who", ["bob", "dave"])
def test_only_the_commissioner_lets_the_engine_play_a_match(
    client, sevens, four_teams, who, request
):
    season = scheduled_season(sevens, four_teams)
    match = season.matches.order_by("id").first()
    client.force_login(request.getfixturevalue(who))
    before = db_state()

    response = client.post(f"/matches/{match.pk}/resolve/")

    assert response.status_code == 403
    assert db_state() == before
    assert "/resolve/" not in client.get(f"/matches/{match.pk}/").content.decode()


def test_a_match_of_a_team_whose_report_waits_is_not_played_by_the_engine(
    client, sevens, four_teams, alice, django_capture_on_commit_callbacks
):
    # given: round 1's first match reported, the report waiting for the
    # other coach (its teams are playing until it stands), and a later
    # match of one of them
    season = scheduled_season(sevens, four_teams)
    type(sevens).objects.filter(pk=sevens.pk).update(report_confirmation_days=3)
    first = season.matches.order_by("round", "id").first()
    with django_capture_on_commit_callbacks(execute=True):
        match_submit_report(
            match_id=first.pk,
            report=score_report(first, 1, 0),
            actor=first.home.coach,
        )
    later = (
        season.matches.filter(status=Match.Status.SCHEDULED, round__gt=first.round)
        .filter(home=first.home)
        .union(
            season.matches.filter(
                status=Match.Status.SCHEDULED, round__gt=first.round, away=first.home
            )
        )
        .order_by("id")
        .first()
    )
    client.force_login(alice)
    before = db_state()

    # when
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/matches/{later.pk}/resolve/", follow=True)

    # then
    assert response.status_code == 200
    assert response.redirect_chain == [(f"/matches/{later.pk}/", 302)]
    assert (
        f"{first.home.name} is still playing another match: the engine plays "
        "its next one once that result stands"
    ) in text(response)
    assert db_state() == before
    # and the match page no longer offers what the engine refuses; the
    # match of a team not held still offers it
    page = text(client.get(f"/matches/{later.pk}/"))
    assert "Let the engine play" not in page
    free = (
        season.matches.filter(status=Match.Status.SCHEDULED)
        .exclude(home__in=[first.home, first.away])
        .exclude(away__in=[first.home, first.away])
        .first()
    )
    assert "Let the engine play" in text(client.get(f"/matches/{free.pk}/"))
