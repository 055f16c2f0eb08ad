"""The home page (``/me/``, and ``/`` once signed in): what waits for the
person's answer (a report to confirm or dispute, a dispute to decide, an
invitation, a request to join), what they may do when ready (SPP to spend,
a Sevens skill to pick, a re-draft, a report due soon), their next
fixtures, their recent results and each team with where it stands; and the
count of waiting items in the navigation, in one query."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from league.models import League, Player
from league.services.membership import (
    league_set_open,
    membership_invite,
    membership_request,
)
from matches.home.selectors import home_get, nav_counts
from matches.models import Match, ReportSubmission
from matches.postgame.sequence import postgame_run
from matches.reports.confirmation import report_dispute
from matches.reports.lines import Report
from matches.reports.report import match_submit_report
from matches.seasons.rollover import season_close
from matches.seasons.round_dates import RoundDates, season_set_round_dates
from matches.seasons.services import season_create, season_schedule
from tests.factories import LeagueFactory, draft_team, make_member
from tests.matches.conftest import roster, score_report


@pytest.fixture
def world(alice, bob, charlie, dave, eleven, django_capture_on_commit_callbacks):
    """Alice's Blood Bowl league (three days to confirm a report): Bob's Orcs
    and Dave's Dwarfs, Charlie's Humans; a season of the three (a bye each
    round). Round 1: Charlie reported a 1-2 win of the Orcs over his Humans
    and waits for Bob. Alice runs a Sevens league too, open: Dave asked to
    join; Bob is invited."""
    League.objects.filter(pk=eleven.pk).update(report_confirmation_days=3)
    make_member(eleven, dave)
    orcs = draft_team(eleven, bob, roster="orc", name="Gouged Eye")
    humans = draft_team(eleven, charlie, roster="human", name="Reikland Reavers")
    dwarfs = draft_team(eleven, dave, roster="dwarf", name="Grudgebearers")
    season = season_create(
        league=eleven,
        name="Season 1",
        team_ids=[orcs.pk, humans.pk, dwarfs.pk],
        seed=9,
    )
    matches = season_schedule(season_id=season.pk)
    first = next(m for m in matches if {m.home_id, m.away_id} == {orcs.pk, humans.pk})
    with django_capture_on_commit_callbacks(execute=True):
        sub = match_submit_report(
            match_id=first.pk,
            report=score_report(
                first,
                *((1, 2) if first.home_id == humans.pk else (2, 1)),
            ),
            actor=charlie,
        )
    assert isinstance(sub, ReportSubmission)
    sevens = LeagueFactory(name="Sevens Cup", format="sevens", commissioner=alice)
    league_set_open(league_id=sevens.pk, is_open=True, actor=alice)
    membership_request(league_id=sevens.pk, actor=dave)
    membership_invite(league_id=sevens.pk, username="bob", actor=alice)
    return {
        "orcs": orcs,
        "humans": humans,
        "dwarfs": dwarfs,
        "season": season,
        "first": first,
        "sub": sub,
        "sevens": sevens,
        "matches": matches,
    }


def kinds(items) -> list[tuple[str, str]]:
    return [(i.kind, i.text) for i in items]


def test_a_coach_sees_the_report_to_confirm_and_the_invitation(world, bob):
    home = home_get(bob)

    first = world["first"]
    score = (
        f"{first.home.name} {world['sub'].report['home_score']}–"
        f"{world['sub'].report['away_score']} {first.away.name}"
    )
    assert kinds(home.waiting) == [
        ("report", f"charlie reported {score}"),
        ("invitation", "You are invited to Sevens Cup"),
    ]
    report = home.waiting[0]
    assert report.url == f"/matches/{first.pk}/#submissions"
    assert report.due_at == world["sub"].deadline


def test_a_commissioner_sees_the_requests_and_the_disputes(world, alice, bob):
    report_dispute(submission_id=world["sub"].pk, actor=bob, reason="It was 3-1")

    home = home_get(alice)

    assert [i.kind for i in home.waiting] == ["dispute", "request"]
    assert home.waiting[1].text == "dave asks to join Sevens Cup"
    assert home.waiting[1].url == f"/leagues/{world['sevens'].pk}/members/"


def test_the_navigation_counts_what_waits_in_one_query(
    world, alice, bob, django_assert_num_queries
):
    with django_assert_num_queries(1):
        counts = nav_counts(bob.pk)

    assert counts.waiting == len(home_get(bob).waiting) == 2
    assert counts.unread == 3  # the season, the report waiting, the invitation
    assert nav_counts(alice.pk).waiting == 1  # dave's request


def test_every_page_shows_the_counts(client, world, bob):
    client.force_login(bob)

    html = client.get("/leagues/").content.decode()

    assert re.search(
        r'data-testid="nav-home">Home <span class="count">2<span class="sr-only"> '
        r"waiting for you</span>",
        html,
    )
    assert re.search(
        r'data-testid="nav-notifications">Notifications <span class="count">3'
        r'<span class="sr-only"> unread</span>',
        html,
    )


def test_the_counts_cost_one_query_and_only_for_a_signed_in_page(client, world, bob):
    client.force_login(bob)
    client.get("/leagues/")  # the session keeps the person's time zone

    with CaptureQueriesContext(connection) as signed_in:
        client.get("/leagues/")
    client.logout()
    with CaptureQueriesContext(connection) as visitor:
        client.get("/leagues/")

    # the session, the user, then the counts
    counts = [q["sql"] for q in signed_in.captured_queries if "_counted" in q["sql"]]
    assert len(counts) == 1
    assert len(signed_in.captured_queries) == len(visitor.captured_queries) + 3


def test_fixtures_results_and_where_each_team_stands(world, bob, alice):
    orcs, humans = world["orcs"], world["humans"]
    first = world["first"]
    # given: round dates; the waiting report confirmed by the commissioner
    today = timezone.localdate()
    rounds = sorted({m.round for m in world["matches"]})
    season_set_round_dates(
        season_id=world["season"].pk,
        rounds=[
            RoundDates("league", r, today + timedelta(days=7 * r), None) for r in rounds
        ],
        actor=alice,
    )
    match_submit_report(
        match_id=first.pk,
        report=score_report(first, *((1, 2) if first.home_id == humans.pk else (2, 1))),
        actor=alice,
    )

    home = home_get(bob)

    assert [
        (r.team.name, r.opponent.name, r.scored, r.conceded, r.outcome)
        for r in home.results
    ] == [("Gouged Eye", "Reikland Reavers", 2, 1, "won")]
    nxt = next(f for f in home.fixtures if f.team == orcs)
    assert nxt.opponent.name == "Grudgebearers"
    assert nxt.day == today + timedelta(days=7 * nxt.match.round)
    side = "v" if nxt.home else "at"
    when = nxt.day.strftime("%a ") + str(nxt.day.day) + nxt.day.strftime(" %b")
    assert [line.status for line in home.teams] == [
        f"1st of 3 in Season 1 · next: {side} Grudgebearers, {when}"
    ]


def test_a_team_whose_season_has_no_result_yet_has_no_place(alice, bob, sevens):
    # given a scheduled season of two teams, nothing played
    orcs = draft_team(sevens, bob, roster="orc", name="Gouged Eye")
    humans = draft_team(sevens, alice, roster="human", name="Alice's Own")
    season = season_create(
        league=sevens, name="Spring", team_ids=[orcs.pk, humans.pk], seed=3
    )
    (match,) = season_schedule(season_id=season.pk)

    # when
    (line,) = home_get(bob).teams

    # then no "2nd of 2": the table would be a coin flip
    side = "v" if match.home_id == orcs.pk else "at"
    assert line.status == (
        f"in Spring, no match played yet · next: {side} Alice's Own, round 1"
    )


def test_a_newcomer_is_offered_to_start_a_league_of_their_own(client, db):
    from tests.factories import UserFactory

    client.force_login(UserFactory(username="nelly"))

    html = client.get("/me/").content.decode()

    assert "You are not a member of a league yet" in html
    assert re.search(
        r'Or run one of your own: <a href="/leagues/new/"[^>]*>start a new league</a>',
        html,
    )


def test_a_member_is_not_told_to_start_a_league(client, bob, sevens):
    client.force_login(bob)

    html = client.get("/me/").content.decode()

    assert f"in {sevens.name}" in html
    assert 'data-testid="home-new-league"' not in html


def test_a_team_without_a_season_and_a_retired_one(alice, bob, sevens):
    draft_team(sevens, bob, roster="orc", name="Gouged Eye")

    (line,) = home_get(bob).teams

    assert line.status == "Drafted: not in a season yet"


def test_spp_to_spend_a_report_due_and_a_redraft(world, bob, alice):
    orcs = world["orcs"]
    # given: an Orc with 6 SPP (a first advancement costs 3 at the least)
    veteran = roster(orcs)[0]
    Player.objects.filter(pk=veteran.pk).update(spp=6, spp_earned=6)
    # Orcs' match without a report has its reports due tomorrow
    other = next(
        m
        for m in world["matches"]
        if orcs.pk in (m.home_id, m.away_id) and m.pk != world["first"].pk
    )
    tomorrow = timezone.localdate() + timedelta(days=1)
    season_set_round_dates(
        season_id=world["season"].pk,
        rounds=[RoundDates("league", other.round, tomorrow, tomorrow)],
        actor=alice,
    )

    home = home_get(bob)

    assert kinds(home.ready) == [
        ("report_due", f"Report {other.home.name} v {other.away.name}"),
        ("spp", f"#{veteran.number} {veteran.name} of Gouged Eye has 6 SPP to spend"),
    ]
    assert home.ready[0].due_day == tomorrow
    assert home.ready[1].url == f"/players/{veteran.pk}/advance/"


def test_a_closed_season_offers_the_redraft(alice, bob, charlie, eleven):
    home_team = draft_team(eleven, bob, roster="orc", name="Gouged Eye")
    away = draft_team(eleven, charlie, roster="human", name="Reikland Reavers")
    season = season_create(
        league=eleven, name="Old", team_ids=[home_team.pk, away.pk], seed=2
    )
    (match,) = season_schedule(season_id=season.pk)
    match_submit_report(match_id=match.pk, report=Report(0, 0), actor=alice)
    postgame_run(match_id=match.pk)
    season_close(season_id=season.pk, actor=alice)

    home = home_get(bob)

    assert ("redraft", "Gouged Eye may re-draft after Old") in kinds(home.ready)
    (line,) = home.teams
    assert line.status == "Old closed: re-draft due"


def test_a_sevens_team_has_its_post_game_skill_to_pick(sevens, alice, bob, charlie):
    home_team = draft_team(sevens, bob, roster="orc", name="Gouged Eye")
    away = draft_team(sevens, charlie, roster="human", name="Reikland Reavers")
    season = season_create(
        league=sevens, name="S", team_ids=[home_team.pk, away.pk], seed=2
    )
    (match,) = season_schedule(season_id=season.pk)
    match_submit_report(match_id=match.pk, report=Report(0, 0), actor=alice)
    postgame_run(match_id=match.pk)

    home = home_get(bob)

    assert ("skill", "Gouged Eye may take its post-game skill") in kinds(home.ready)


def _season_played(league, alice, pair, name):
    """A double round robin of ``pair``: the first match played, the
    return match to come."""
    season = season_create(
        league=league,
        name=name,
        team_ids=[t.pk for t in pair],
        seed=1,
        double_round_robin=True,
    )
    first, _ = season_schedule(season_id=season.pk)
    match_submit_report(match_id=first.pk, report=Report(0, 0), actor=alice)
    return season


def test_the_home_page_costs_as_many_queries_for_more_teams(
    client, alice, bob, charlie, sevens, eleven
):
    # given: bob with one team in a season of two, a match played
    _season_played(
        sevens,
        alice,
        [
            draft_team(sevens, bob, roster="orc", name="A"),
            draft_team(sevens, charlie, roster="dwarf", name="B"),
        ],
        "First",
    )
    client.force_login(bob)
    client.get("/me/")
    with CaptureQueriesContext(connection) as few:
        assert client.get("/me/").status_code == 200

    # when: three more teams in two more leagues and seasons, more matches
    for league, rosters in (
        (sevens, ("human", "skaven")),
        (eleven, ("orc", "human")),
        (eleven, ("dwarf", "wood-elf")),
    ):
        pair = [
            draft_team(
                league, bob, roster=rosters[0], name=f"{league.pk}-{rosters[0]}"
            ),
            draft_team(
                league, charlie, roster=rosters[1], name=f"{league.pk}-{rosters[1]}"
            ),
        ]
        _season_played(league, alice, pair, f"S{rosters[0]}")
    with CaptureQueriesContext(connection) as many:
        assert client.get("/me/").status_code == 200

    # then: as many queries, for four fixtures and results instead of one
    assert len(many.captured_queries) == len(few.captured_queries)
    home = home_get(bob)
    assert (len(home.fixtures), len(home.results), len(home.teams)) == (4, 4, 4)


def test_the_front_page_is_the_home_once_signed_in(client, world, bob):
    assert client.get("/").status_code == 200  # a visitor: the league list
    assert "Your home" not in client.get("/").content.decode()
    client.force_login(bob)

    html = client.get("/").content.decode()

    assert "<h1>Your home</h1>" in html
    assert "charlie reported" in html


def test_the_home_page_needs_a_login(client, db):
    response = client.get("/me/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_the_waiting_report_links_to_the_report_in_full(client, world, bob):
    client.force_login(bob)

    html = client.get("/me/").content.decode()

    first = world["first"]
    assert (
        f'href="/matches/{first.pk}/#submissions">Read it, then confirm or dispute'
        in html
    )
    page = client.get(f"/matches/{first.pk}/").content.decode()
    assert 'id="submissions"' in page
    assert 'data-testid="report-facts"' in page
    assert 'data-testid="confirm"' in page
    assert Match.objects.get(pk=first.pk).status == Match.Status.IN_PROGRESS


def test_a_waiting_report_past_its_deadline_is_no_longer_offered_to_dispute(
    client, world, bob
):
    # given the report waiting for Bob, its deadline passed (not yet swept)
    first = world["first"]
    ReportSubmission.objects.filter(match=first).update(
        deadline=timezone.now() - timedelta(minutes=1)
    )
    client.force_login(bob)

    html = client.get("/me/").content.decode()

    # then his home says it stands rather than offering the dispute
    link = f'href="/matches/{first.pk}/#submissions">'
    assert f"{link}Its deadline has passed: read it, it stands" in html
    assert f"{link}Read it, then confirm or dispute" not in html


def test_an_open_post_game_waits_for_its_coach_until_it_ends(
    alice, bob, charlie, eleven
):
    # given a played BB2020 match: its post-game stays open for each team
    # until Expensive Mistakes is rolled (post-game_sequence.md step 5,
    # after step 4's hiring)
    from matches.postgame.end import team_postgame_end

    home_team = draft_team(eleven, bob, roster="orc", name="Gouged Eye")
    away = draft_team(eleven, charlie, roster="human", name="Reikland Reavers")
    season = season_create(
        league=eleven, name="Now", team_ids=[home_team.pk, away.pk], seed=2
    )
    (match,) = season_schedule(season_id=season.pk)
    match_submit_report(match_id=match.pk, report=Report(0, 0), actor=alice)
    postgame_run(match_id=match.pk)
    teams = {match.home_id: match.home, match.away_id: match.away}

    home = home_get(bob)

    item = next(i for i in home.ready if i.kind == "postgame")
    assert (item.text, item.url, item.action) == (
        f"Gouged Eye: the post-game of {teams[match.home_id].name} v "
        f"{teams[match.away_id].name} is open: hire and fire, then roll "
        "Expensive Mistakes (or it is rolled before the next match)",
        f"/teams/{home_team.pk}/#postgame",
        "Finish the post-game",
    )

    # when bob ends it, it is gone from his page (not from Charlie's)
    team_postgame_end(team_id=home_team.pk, actor=bob)

    assert [i for i in home_get(bob).ready if i.kind == "postgame"] == []
    assert [i.kind for i in home_get(charlie).ready].count("postgame") == 1
