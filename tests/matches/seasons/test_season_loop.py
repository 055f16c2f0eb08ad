"""A season end to end, as a commissioner runs it: the table a result
changed after the fact leaves, the byes a postponement moves, the playoffs
and what the close and the re-draft count."""

import pytest

from league.errors import ServiceError
from matches.models import Match, Season, SeasonTeamArchive
from matches.pages.season_selectors import season_loop
from matches.pages.selectors import season_view
from matches.pages.team_sheet import team_redraft_due
from matches.postgame.override import match_override_result
from matches.reports.lines import PlayerLine, Report
from matches.reports.report import match_submit_report
from matches.seasons.rollover import RedraftPlan, season_close, team_redraft
from matches.seasons.selectors import season_standings
from matches.seasons.services import (
    match_postpone,
    season_create,
    season_schedule,
    season_schedule_playoffs,
)
from matches.seasons.standings import Game, table
from tests.factories import draft_team
from tests.matches.conftest import codes, db_state, play_recorded
from tests.matches.seasons.test_rollover import _state, played  # noqa: F401
from tests.matches.seasons.test_seasons import finish_league, four  # noqa: F401


def rows_of(rows):
    return [
        (
            r.team_id,
            r.played,
            r.won,
            r.drawn,
            r.lost,
            r.td_for,
            r.td_against,
            r.cas_for,
            r.cas_against,
            r.points,
            r.tiebreak_notes,
        )
        for r in rows
    ]


# --- a league result once the playoffs are drawn ------------------------------


def test_a_league_result_stands_once_the_playoffs_are_drawn(
    sevens,
    four,  # noqa: F811
    alice,
    django_capture_on_commit_callbacks,
):
    # given a four-team league the better ranked team always won 1-0
    # (Cedar, Ash, Damson, Birch), three of them in the playoffs
    capture = django_capture_on_commit_callbacks
    ash, birch, cedar, damson = four
    season = season_create(league=sevens, name="Spring", seed=31, playoff_teams=3)
    season_schedule(season_id=season.pk)
    finish_league(season, [cedar, ash, damson, birch], alice, capture)
    # by hand: Cedar 3 wins (9 pts, 3-0), Ash 2 (6, 2-1), Damson 1 (3, 1-2),
    # Birch none (0, 0-3); nobody level, so no tiebreaker is used
    assert rows_of(season_standings(season)) == [
        (cedar.pk, 3, 3, 0, 0, 3, 0, 0, 0, 9, []),
        (ash.pk, 3, 2, 0, 1, 2, 1, 0, 0, 6, []),
        (damson.pk, 3, 1, 0, 2, 1, 2, 0, 0, 3, []),
        (birch.pk, 3, 0, 0, 3, 0, 3, 0, 0, 0, []),
    ]
    # and the semi-final is seed 2 v seed 3, seed 1 (Cedar) has a bye
    (semi,) = season_schedule_playoffs(season_id=season.pk)
    assert (semi.round, semi.home_id, semi.away_id) == (1, ash.pk, damson.pk)
    cedar_ash = Match.objects.get(
        season=season, stage=Match.Stage.LEAGUE, home__in=four[::2], away__in=four[::2]
    )
    ash_wins = (2, 0) if cedar_ash.home_id == ash.pk else (0, 2)
    before = db_state()

    # when the commissioner overrides Cedar's win over Ash into Ash's
    with pytest.raises(ServiceError) as exc:
        match_override_result(
            match_id=cedar_ash.pk,
            home_score=ash_wins[0],
            away_score=ash_wins[1],
            reason="wrong way round",
            actor=alice,
        )

    # then it is refused (Ash would take Cedar's bye: a semi-final loser
    # would go on to the final and Cedar out without a game) and nothing
    # is written
    assert codes(exc) == [("bracket_moved_on", None)]
    assert db_state() == before
    # and the bracket goes on from the table that seeded it
    play_recorded(semi, 0, 1, actor=alice, capture=capture)
    (final,) = season_schedule_playoffs(season_id=season.pk)
    assert (final.round, final.home_id, final.away_id) == (2, cedar.pk, damson.pk)


# --- byes ------------------------------------------------------------------------


def test_a_match_postponed_into_the_round_of_its_teams_bye_is_no_bye(
    sevens, bob, charlie, alice
):
    # given a division of two (one round) and one of four (three rounds):
    # North's teams have a bye in rounds 2 and 3
    teams = [
        draft_team(sevens, (bob, charlie)[i % 2], roster="orc", name=f"T{i}")
        for i in range(6)
    ]
    north, south = teams[:2], teams[2:]
    season = season_create(
        league=sevens,
        name="Divided",
        seed=1,
        divisions={"North": [t.pk for t in north], "South": [t.pk for t in south]},
    )
    matches = season_schedule(season_id=season.pk)
    (derby,) = [m for m in matches if m.home_id in (north[0].pk, north[1].pk)]
    assert derby.round == 1

    # when the North derby is postponed to round 2
    match_postpone(match_id=derby.pk, to_round=2)

    # then round 2 lists no bye (North plays there now) and round 3 still
    # both North teams; round 1 lists none (a postponed match is no bye)
    loop = season_loop(season_view(season, alice))
    assert [(r.title, [t.pk for t in r.byes]) for r in loop.rounds] == [
        ("Round 1", []),
        ("Round 2", []),
        ("Round 3", [north[0].pk, north[1].pk]),
    ]


# --- the tiebreakers' order --------------------------------------------------------


def test_points_come_first_wherever_the_league_lists_them():
    # given 1 beat 2 1-0 and 3 1-0, and 2 beat 3 6-0: 1 has more points,
    # 2 the better touchdown difference
    games = [
        Game(1, 2, 1, 0, 0, 0),
        Game(1, 3, 1, 0, 0, 0),
        Game(2, 3, 6, 0, 0, 0),
    ]

    # when a league lists touchdown difference before points
    rows = table([1, 2, 3], games, tiebreakers=("td_diff", "points", "cas_diff"))

    # then the tiebreakers only separate teams level on points
    assert rows_of(rows) == [
        (1, 2, 2, 0, 0, 2, 0, 0, 0, 6, []),
        (2, 2, 1, 0, 1, 6, 1, 0, 0, 3, []),
        (3, 2, 0, 0, 2, 0, 7, 0, 0, 0, []),
    ]


# --- the re-draft ---------------------------------------------------------------


def test_the_redraft_budget_counts_the_playoff_games(
    sevens,
    four,  # noqa: F811
    alice,
    django_capture_on_commit_callbacks,
):
    # given a two-team season with a final: Ash won the league match 1-0,
    # Birch the final 1-0 away
    capture = django_capture_on_commit_callbacks
    ash, birch = four[:2]
    season = season_create(
        league=sevens,
        name="Short",
        seed=3,
        team_ids=[ash.pk, birch.pk],
        playoff_teams=2,
    )
    (league_match,) = season_schedule(season_id=season.pk)
    assert (league_match.home_id, league_match.away_id) == (ash.pk, birch.pk)
    play_recorded(league_match, 1, 0, actor=alice, capture=capture)
    (final,) = season_schedule_playoffs(season_id=season.pk)
    assert (final.home_id, final.away_id) == (ash.pk, birch.pk)
    play_recorded(final, 0, 1, actor=alice, capture=capture)
    season_close(season_id=season.pk, actor=alice)
    archive = SeasonTeamArchive.objects.get(season=season, team=birch)
    # the season's treasury and the champion's 100,000 Glittering Prize
    assert archive.record["prize"] == 100_000
    treasury = archive.record["treasury"] + 100_000

    # when Birch previews its re-draft
    preview = team_redraft(
        team_id=birch.pk,
        season_id=season.pk,
        plan=RedraftPlan(keep=[]),
        actor=alice,
        commit=False,
    )

    # then "20,000 gold pieces for each game the team played last season"
    # counts the final too (2 games), and its win no league fixture's
    assert Season.objects.get(pk=season.pk).champion_id == birch.pk
    assert (archive.record["played"], archive.record["playoff_played"]) == (1, 1)
    assert preview.budget == {
        "base": 600_000,
        "treasury": treasury,
        "games": 2,
        "wins": 0,
        "draws": 0,
        "total": 600_000 + treasury + 2 * 20_000,
        "capped": False,
    }


def test_a_redraft_after_a_later_season_has_begun_is_refused(played):  # noqa: F811
    # given the next season scheduled with both teams, and its match played,
    # before the commissioner closed this one (once it is closed, a season
    # is made, scheduled and kicks off only for teams that have re-drafted)
    commish, coach, winner = played["commish"], played["coach"], played["winner"]
    nxt = season_create(
        league=played["season"].league,
        name="2027",
        team_ids=[winner.pk, played["loser"].pk],
        seed=6,
    )
    (match,) = season_schedule(season_id=nxt.pk)
    match_submit_report(
        match_id=match.pk,
        actor=commish,
        report=Report(
            home_score=1,
            away_score=0,
            players=[
                PlayerLine(
                    Match.objects.get(pk=match.pk).home.players.get(number=1).pk,
                    touchdowns=1,
                )
            ],
            fan_factor_rolls=(1, 1),
        ),
    )
    season_close(season_id=played["season"].pk, actor=commish)
    before = _state()

    # then the old season's re-draft is past: refused, nothing written, and
    # no longer offered
    keep = list(
        winner.players.filter(status="active")
        .order_by("number")
        .values_list("pk", flat=True)
    )
    with pytest.raises(ServiceError) as exc:
        team_redraft(
            team_id=winner.pk,
            season_id=played["season"].pk,
            plan=RedraftPlan(keep=keep),
            actor=coach,
            commit=True,
        )
    assert codes(exc) == [("next_season_started", "season")]
    assert _state() == before
    assert team_redraft_due(winner) is None
