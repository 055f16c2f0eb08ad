"""The third-place match (league_and_exhibition_play.md "The Play-off
Season": "Once the semi-finals have been played, the two winning teams will
progress to the final, and the two losing teams will meet to decide 3rd
place"): scheduled with the final, placing 3rd and 4th, paid its prize, and
holding the season's close until it is played."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.db import IntegrityError, transaction
from django.utils import dateformat

from league.errors import ServiceError
from league.models import Team, TreasuryEntry
from matches.commissioner.actions import redraft_plan_keep_all
from matches.models import Match, Season, SeasonTeamArchive
from matches.seasons.awards import season_places
from matches.seasons.rollover import season_close, team_redraft
from matches.seasons.round_dates import RoundDates, season_set_round_dates
from matches.seasons.selectors import season_champion_id, season_standings
from matches.seasons.services import (
    match_seed,
    season_create,
    season_schedule,
    season_schedule_playoffs,
)
from tests.factories import draft_team
from tests.matches.conftest import codes, db_state, play_recorded

pytestmark = pytest.mark.django_db


@pytest.fixture
def teams(eleven, bob, charlie):
    """Four BB2020 teams: Ash, Birch, Cedar, Dune, by their league table."""
    return [
        draft_team(eleven, coach, roster=roster, name=name)
        for coach, roster, name in (
            (bob, "human", "Ash"),
            (charlie, "orc", "Birch"),
            (bob, "orc", "Cedar"),
            (charlie, "human", "Dune"),
        )
    ]


def play(match: Match, winner: Team, *, alice, capture, **report) -> None:
    home_won = match.home_id == winner.pk
    play_recorded(
        match, int(home_won), int(not home_won), actor=alice, capture=capture, **report
    )


def season_with_playoffs(league, teams, playoff_teams, *, alice, capture) -> Season:
    """A season of ``teams`` whose league stage is played: each match's
    winner is the team earlier in ``teams``, so the table is their order."""
    season = season_create(
        league=league,
        name="2026",
        seed=5,
        team_ids=[t.pk for t in teams],
        playoff_teams=playoff_teams,
    )
    order = [t.pk for t in teams]
    for m in season_schedule(season_id=season.pk):
        winner = min((m.home_id, m.away_id), key=order.index)
        play(m, Team.objects.get(pk=winner), alice=alice, capture=capture)
    return season


def semis_played(eleven, teams, *, alice, capture) -> Season:
    """Four in the playoffs, the table Ash, Birch, Cedar, Dune: Ash beats
    Dune (1 v 4) and Cedar beats Birch (2 v 3) in the semi-finals, so the
    losers are the 2nd and the 4th seed, the 4th seed's tie drawn first."""
    ash, birch, cedar, dune = teams
    season = season_with_playoffs(eleven, teams, 4, alice=alice, capture=capture)
    for m in season_schedule_playoffs(season_id=season.pk):
        winner = ash if ash.pk in (m.home_id, m.away_id) else cedar
        play(m, winner, alice=alice, capture=capture)
    return season


def prize_rows():
    return list(
        TreasuryEntry.objects.filter(reason=TreasuryEntry.Reason.PRIZE)
        .order_by("team_id")
        .values_list("team_id", "amount")
    )


# --- scheduling ------------------------------------------------------------------


def test_after_the_semi_finals_the_final_and_the_third_place_match_are_scheduled(
    eleven, teams, alice, django_capture_on_commit_callbacks
):
    # given the semi-finals played: Ash and Cedar won, Birch (2nd seed) and
    # Dune (4th) lost
    ash, birch, cedar, dune = teams
    season = semis_played(
        eleven, teams, alice=alice, capture=django_capture_on_commit_callbacks
    )

    # when
    scheduled = season_schedule_playoffs(season_id=season.pk)

    # then the final between the winners and the third-place match between
    # the losers, the higher seed (Birch) at home, both in round 2
    assert [
        (m.stage, m.round, m.home_id, m.away_id, m.third_place, m.status, m.seed)
        for m in scheduled
    ] == [
        (
            "playoff",
            2,
            ash.pk,
            cedar.pk,
            False,
            "scheduled",
            match_seed(5, "playoff", 2, 0),
        ),
        (
            "playoff",
            2,
            birch.pk,
            dune.pk,
            True,
            "scheduled",
            match_seed(5, "playoff", 2, "third place"),
        ),
    ]
    assert Match.objects.filter(season=season, stage="playoff").count() == 4
    season.refresh_from_db()
    assert season.status == Season.Status.SCHEDULED


def test_the_semi_finals_themselves_have_no_third_place_match(
    eleven, teams, alice, django_capture_on_commit_callbacks
):
    season = season_with_playoffs(
        eleven, teams, 4, alice=alice, capture=django_capture_on_commit_callbacks
    )

    semis = season_schedule_playoffs(season_id=season.pk)

    assert [(m.round, m.third_place) for m in semis] == [(1, False), (1, False)]


@pytest.mark.parametrize("playoff_teams", [2, 3])
def test_a_bracket_of_two_or_three_has_no_third_place_match(
    eleven, teams, alice, django_capture_on_commit_callbacks, playoff_teams
):
    # given a bracket whose semi-final (if any) leaves a single loser
    capture = django_capture_on_commit_callbacks
    season = season_with_playoffs(
        eleven, teams, playoff_teams, alice=alice, capture=capture
    )
    ash, birch, cedar, _ = teams
    first = season_schedule_playoffs(season_id=season.pk)
    if playoff_teams == 3:
        # Birch v Cedar, the top seed's bye; Cedar goes through
        (semi,) = first
        play(semi, cedar, alice=alice, capture=capture)
        first = season_schedule_playoffs(season_id=season.pk)

    # then the final alone
    (final,) = first
    finalists = {ash.pk, cedar.pk if playoff_teams == 3 else birch.pk}
    assert {final.home_id, final.away_id} == finalists
    assert not Match.objects.filter(season=season, third_place=True).exists()

    # and it stays the final: played, the season is complete and closes
    play(final, ash, alice=alice, capture=capture)
    season.refresh_from_db()
    assert season.status == Season.Status.COMPLETE
    season_close(season_id=season.pk, actor=alice)
    season.refresh_from_db()
    assert season.champion_id == ash.pk


def test_scheduling_again_is_refused_until_both_are_played_and_writes_nothing(
    eleven, teams, alice, django_capture_on_commit_callbacks
):
    # given the final and the third-place match scheduled
    capture = django_capture_on_commit_callbacks
    ash, birch, cedar, dune = teams
    season = semis_played(eleven, teams, alice=alice, capture=capture)
    final, third = season_schedule_playoffs(season_id=season.pk)

    # when the final is played but not the third-place match
    play(final, cedar, alice=alice, capture=capture)
    before = db_state()
    with pytest.raises(ServiceError) as exc:
        season_schedule_playoffs(season_id=season.pk)

    # then its round is not finished: nothing is scheduled
    assert codes(exc) == [("round_unfinished", None)]
    assert db_state() == before

    # and once both are played the playoffs are over, the final's winner
    # the champion (not the third-place match's)
    play(third, dune, alice=alice, capture=capture)
    before = db_state()
    with pytest.raises(ServiceError) as exc:
        season_schedule_playoffs(season_id=season.pk)
    assert codes(exc) == [("playoffs_over", None)]
    assert db_state() == before
    assert season_champion_id(season) == cedar.pk


# --- the final stays the final -------------------------------------------------------


def test_the_season_waits_for_the_third_place_match_to_complete_and_close(
    eleven, teams, alice, django_capture_on_commit_callbacks
):
    # given the final played, the third-place match not yet
    capture = django_capture_on_commit_callbacks
    ash, birch, cedar, dune = teams
    season = semis_played(eleven, teams, alice=alice, capture=capture)
    final, third = season_schedule_playoffs(season_id=season.pk)
    play(final, cedar, alice=alice, capture=capture)

    # then the final is recognised (its winner the champion) but the season
    # is not complete, and its close is refused with nothing written
    assert season_champion_id(season) == cedar.pk
    season.refresh_from_db()
    assert season.status == Season.Status.SCHEDULED
    before = db_state()
    with pytest.raises(ServiceError) as exc:
        season_close(season_id=season.pk, actor=alice)
    assert codes(exc) == [("season_unfinished", None)]
    assert db_state() == before
    assert prize_rows() == []
    assert not SeasonTeamArchive.objects.filter(season=season).exists()

    # when the third-place match is played, the season is complete
    play(third, birch, alice=alice, capture=capture)
    season.refresh_from_db()
    assert season.status == Season.Status.COMPLETE


def test_the_season_completes_whichever_of_the_two_is_played_last(
    eleven, teams, alice, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    ash, birch, cedar, dune = teams
    season = semis_played(eleven, teams, alice=alice, capture=capture)
    final, third = season_schedule_playoffs(season_id=season.pk)

    play(third, birch, alice=alice, capture=capture)
    season.refresh_from_db()
    assert season.status == Season.Status.SCHEDULED
    assert season_champion_id(season) is None  # the final is not played

    play(final, ash, alice=alice, capture=capture)
    season.refresh_from_db()
    assert season.status == Season.Status.COMPLETE
    assert season_champion_id(season) == ash.pk


# --- places, prizes and the re-draft ---------------------------------------------


def test_the_third_place_match_places_3rd_and_4th_and_its_winner_takes_the_prize(
    eleven, teams, alice, bob, charlie, django_capture_on_commit_callbacks
):
    # given Cedar beats Ash in the final, and the third-place match is level
    # after extra time: Dune, away, wins the sudden death (3 roll-offs to 2)
    # over Birch, the better team of the league table
    capture = django_capture_on_commit_callbacks
    ash, birch, cedar, dune = teams
    season = semis_played(eleven, teams, alice=alice, capture=capture)
    final, third = season_schedule_playoffs(season_id=season.pk)
    play(final, cedar, alice=alice, capture=capture)
    throws = [[1, 6], [6, 1], [2, 5], [5, 2], [3, 4]]
    play_recorded(third, 1, 1, actor=alice, capture=capture, sudden_death=throws)
    before = {t.pk: Team.objects.get(pk=t.pk).treasury for t in teams}

    # when
    season_close(season_id=season.pk, actor=alice)

    # then 1st Cedar, 2nd Ash, 3rd Dune (the third-place match's winner, not
    # Birch whom the table placed higher), 4th Birch
    season.refresh_from_db()
    assert season.champion_id == cedar.pk
    playoffs = list(season.matches.filter(stage="playoff").select_related("result"))
    table = [row.team_id for row in season_standings(season)]
    assert table == [ash.pk, birch.pk, cedar.pk, dune.pk]
    assert season_places(table, cedar.pk, playoffs) == [
        cedar.pk,
        ash.pk,
        dune.pk,
        birch.pk,
    ]
    assert prize_rows() == [
        (ash.pk, 60_000),
        (cedar.pk, 100_000),
        (dune.pk, 30_000),
    ]
    after = {t.pk: Team.objects.get(pk=t.pk).treasury for t in teams}
    assert {t: after[t] - before[t] for t in after} == {
        ash.pk: 60_000,
        birch.pk: 0,
        cedar.pk: 100_000,
        dune.pk: 30_000,
    }
    records = {
        a.team_id: a.record for a in SeasonTeamArchive.objects.filter(season=season)
    }
    assert {t: r.get("place") for t, r in records.items()} == {
        cedar.pk: 1,
        ash.pk: 2,
        dune.pk: 3,
        birch.pk: None,
    }
    # and every team played two playoff games, the third-place match counted
    assert {t: r["playoff_played"] for t, r in records.items()} == {
        ash.pk: 2,
        birch.pk: 2,
        cedar.pk: 2,
        dune.pk: 2,
    }

    # and the re-draft budget counts it as a game: 3 league games and 2
    # playoff games
    archive = SeasonTeamArchive.objects.get(season=season, team=birch)
    preview = team_redraft(
        team_id=birch.pk,
        season_id=season.pk,
        plan=redraft_plan_keep_all(Team.objects.get(pk=birch.pk), archive),
        actor=charlie,
        commit=False,
    )
    assert preview.budget["games"] == 5


def test_a_final_drawn_before_third_place_matches_keeps_the_table_placing(
    eleven, teams, alice, django_capture_on_commit_callbacks
):
    # given a season whose final was scheduled alone, as it was before the
    # third-place match was played (the match removed to stand for it)
    capture = django_capture_on_commit_callbacks
    ash, birch, cedar, dune = teams
    season = semis_played(eleven, teams, alice=alice, capture=capture)
    final, third = season_schedule_playoffs(season_id=season.pk)
    third.delete()

    # when the final is played, the season is complete and closes
    play(final, cedar, alice=alice, capture=capture)
    season.refresh_from_db()
    assert season.status == Season.Status.COMPLETE
    season_close(season_id=season.pk, actor=alice)

    # then the semi-final losers are placed by the table: Birch 3rd
    assert prize_rows() == [
        (ash.pk, 60_000),
        (birch.pk, 30_000),
        (cedar.pk, 100_000),
    ]


def _played(pk, round_number, home, away, score, *, third_place=False) -> Match:
    """A complete playoff match in memory, ``score`` (home, away)."""
    from matches.models import MatchResult

    match = Match(
        pk=pk,
        stage=Match.Stage.PLAYOFF,
        round=round_number,
        home_id=home,
        away_id=away,
        status=Match.Status.COMPLETE,
        third_place=third_place,
        seed=0,
    )
    match.result = MatchResult(home_score=score[0], away_score=score[1])
    return match


def test_places_in_a_bigger_bracket_follow_the_rounds_after_3rd_and_4th():
    # given six teams, table 1..6 and eight in the season: round 1 4 v 5
    # and 3 v 6 (1 and 2 with byes); 5 and 6 win; semis 1 v 5, 2 v 6: 5 and
    # 2 win; final 2 beats 5; third place: 6 beats 1
    table = [1, 2, 3, 4, 5, 6, 7, 8]
    playoffs = [
        _played(1, 1, 4, 5, (0, 1)),
        _played(2, 1, 3, 6, (0, 2)),
        _played(3, 2, 1, 5, (0, 1)),
        _played(4, 2, 2, 6, (1, 0)),
        _played(5, 3, 5, 2, (0, 1)),
        _played(6, 3, 1, 6, (0, 1), third_place=True),
    ]

    # then 2, 5; the third-place match's 6 then 1; the first round's losers
    # by the table (3, 4); then the rest of the table
    assert season_places(table, 2, playoffs) == [2, 5, 6, 1, 3, 4, 7, 8]


def test_without_a_third_place_match_the_semi_final_losers_follow_the_table():
    table = [1, 2, 3, 4, 5]
    playoffs = [
        _played(1, 1, 1, 4, (0, 1)),
        _played(2, 1, 2, 3, (1, 0)),
        _played(3, 2, 4, 2, (2, 1)),
    ]

    assert season_places(table, 4, playoffs) == [4, 2, 1, 3, 5]


# --- the database ------------------------------------------------------------------


def test_the_database_refuses_a_third_place_league_match_or_a_second_one(
    eleven, teams, alice, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    ash, birch, cedar, dune = teams
    season = semis_played(eleven, teams, alice=alice, capture=capture)
    season_schedule_playoffs(season_id=season.pk)
    league_match = season.matches.filter(stage="league").first()

    with pytest.raises(IntegrityError), transaction.atomic():
        Match.objects.filter(pk=league_match.pk).update(third_place=True)
    with pytest.raises(IntegrityError), transaction.atomic():
        Match.objects.create(
            season=season,
            stage=Match.Stage.PLAYOFF,
            round=3,
            home=ash,
            away=cedar,
            seed=1,
            third_place=True,
        )
    assert Match.objects.filter(third_place=True).count() == 1


# --- the calendar, the reminders and the webhooks -------------------------------------


def test_the_third_place_match_is_reminded_like_the_final(
    eleven, teams, alice, django_capture_on_commit_callbacks
):
    from django.utils import timezone

    from league.models import Notification
    from matches.notices import deadlines_remind

    # given the final round dated, its reports due tomorrow
    capture = django_capture_on_commit_callbacks
    season = semis_played(eleven, teams, alice=alice, capture=capture)
    season_schedule_playoffs(season_id=season.pk)
    today = timezone.localdate()
    season_set_round_dates(
        season_id=season.pk,
        rounds=[RoundDates("playoff", 2, today, today + timedelta(days=1))],
        actor=alice,
    )
    Notification.objects.all().delete()

    # when
    deadlines_remind()

    # then the coaches of both matches of the round are reminded
    due = dateformat.format(today + timedelta(days=1), "D j M Y")
    assert set(
        Notification.objects.filter(kind="deadline_near").values_list(
            "recipient__username", "text"
        )
    ) == {
        ("bob", f"Reports of Ash v Cedar are due on {due}"),
        ("charlie", f"Reports of Birch v Dune are due on {due}"),
    }


def test_the_calendar_and_the_result_news_name_the_third_place_match(
    eleven, teams, alice, django_capture_on_commit_callbacks
):
    from matches.calendar.selectors import league_fixtures
    from matches.webhooks.news import result_news, round_news

    capture = django_capture_on_commit_callbacks
    ash, birch, cedar, dune = teams
    season = semis_played(eleven, teams, alice=alice, capture=capture)
    final, third = season_schedule_playoffs(season_id=season.pk)
    season_set_round_dates(
        season_id=season.pk,
        rounds=[RoundDates("playoff", 2, date(2026, 12, 20))],
        actor=alice,
    )

    # the calendar: both on the round's date, the third-place match named
    _, fixtures = league_fixtures(eleven.pk, lambda pk: f"/m/{pk}/", "dugout.test")
    described = {f.uid: f.description.splitlines()[0] for f in fixtures}
    assert described[f"match-{third.pk}@dugout.test"] == (
        f"{eleven.name} · 2026 · playoff round 2, third-place match"
    )
    assert described[f"match-{final.pk}@dugout.test"] == (
        f"{eleven.name} · 2026 · playoff round 2"
    )
    days = {f.uid: f.day for f in fixtures}
    assert days[f"match-{third.pk}@dugout.test"] == date(2026, 12, 20)
    assert days[f"match-{final.pk}@dugout.test"] == date(2026, 12, 20)

    # the result's news
    play(third, birch, alice=alice, capture=capture)
    third.refresh_from_db()
    news = result_news(third, third.result)
    assert news.text == "2026, playoff round 2, third-place match: reported."
    assert news.data["third_place"] is True
    play(final, ash, alice=alice, capture=capture)
    final.refresh_from_db()
    assert result_news(final, final.result).data["third_place"] is False
    done = round_news(final)
    assert done is not None
    assert [(r["match_id"], r["third_place"]) for r in done.data["results"]] == [
        (final.pk, False),
        (third.pk, True),
    ]


# --- played like any playoff -------------------------------------------------------


def test_the_engine_plays_the_third_place_match_as_a_playoff(
    eleven, teams, alice, django_capture_on_commit_callbacks
):
    from matches.models import MatchResult
    from matches.resolution.resolve import match_engine_inputs, match_resolve

    # given the final played and the third-place match left to the engine
    capture = django_capture_on_commit_callbacks
    ash, birch, cedar, dune = teams
    season = semis_played(eleven, teams, alice=alice, capture=capture)
    final, third = season_schedule_playoffs(season_id=season.pk)
    play(final, ash, alice=alice, capture=capture)

    # when
    with capture(execute=True):
        assert match_resolve(match_id=third.pk) is True

    # then it was played with extra time available, as a playoff is (the
    # live game starts from the same inputs), and has a winner
    third.refresh_from_db()
    assert match_engine_inputs(third)["extra_time"] is True
    result = MatchResult.objects.get(match=third)
    assert (third.status, result.mode) == ("complete", "resolved")
    assert result.winner_side(third.home_id) in ("home", "away")
    season.refresh_from_db()
    assert season.status == Season.Status.COMPLETE
    assert season_champion_id(season) == ash.pk
