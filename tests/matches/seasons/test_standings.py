"""League tables: points, each tiebreaker on hand-built ties, the seeded coin
flip, and the season selector over results in the database."""

from league.models import League
from matches.models import Match
from matches.seasons.selectors import season_standings
from matches.seasons.services import (
    season_create,
    season_schedule,
    season_schedule_playoffs,
)
from matches.seasons.standings import Game, table
from tests.factories import draft_team
from tests.matches.conftest import play_recorded


def g(home, away, home_score, away_score, home_cas=0, away_cas=0):
    return Game(home, away, home_score, away_score, home_cas, away_cas)


def order(rows):
    return [r.team_id for r in rows]


def coin_only(team_ids, seed):
    """The order the coin alone gives (no games: everyone tied)."""
    return order(table(team_ids, [], seed=seed))


# --- points ------------------------------------------------------------------

THREE_GAMES = [g(1, 2, 2, 0, 1, 0), g(1, 3, 1, 1), g(2, 3, 1, 0, 0, 2)]


def test_it_counts_win_draw_loss_goals_and_casualties_with_3_1_0_by_default():
    # when
    rows = table([1, 2, 3], THREE_GAMES)

    # then
    assert [
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
        )
        for r in rows
    ] == [
        (1, 2, 1, 1, 0, 3, 1, 1, 0, 4),
        (2, 2, 1, 0, 1, 1, 2, 0, 3, 3),
        (3, 2, 0, 1, 1, 1, 2, 2, 0, 1),
    ]
    assert [(r.td_diff, r.cas_diff) for r in rows] == [(2, 1), (-1, -3), (-1, 2)]


def test_it_awards_custom_points_per_win_draw_and_loss():
    # when the league plays 2 for a win
    rows = table([1, 2, 3], THREE_GAMES, points=(2, 1, 0))

    # then
    assert [(r.team_id, r.points) for r in rows] == [(1, 3), (2, 2), (3, 1)]


def test_an_unplayed_fixture_nobody_conceded_is_a_loss_for_both():
    """league_and_exhibition_play.md "League Fixtures": a fixture not played
    by the end of the time limit counts "as a loss for both teams": each
    takes a loss's points (0 of 3-1-0, where a 0-0 draw would give 1) and
    its 0-0 counts no touchdown; head to head, each took a loss's points."""
    unplayed = Game(1, 2, 0, 0, 0, 0, unplayed=True, both_lost=True)

    rows = table([1, 2], [unplayed], tiebreakers=("points", "head_to_head"))

    assert sorted(
        (r.team_id, r.played, r.won, r.drawn, r.lost, r.td_for, r.points, r.unplayed)
        for r in rows
    ) == [(1, 1, 0, 0, 1, 0, 0, 1), (2, 1, 0, 0, 1, 0, 0, 1)]
    # level on everything: the coin decides
    assert all(r.tiebreak_notes[-1] == "coin_flip" for r in rows)


def test_an_unplayed_fixture_conceded_is_a_1_0_win():
    """ "the other team wins 1-0": a win's points, the 1-0 as its score."""
    conceded = Game(1, 2, 0, 1, 0, 0, unplayed=True)

    rows = table([1, 2], [conceded], points=(3, 1, 0))

    assert [
        (r.team_id, r.won, r.lost, r.td_for, r.td_against, r.points) for r in rows
    ] == [
        (2, 1, 0, 1, 0, 3),
        (1, 0, 1, 0, 1, 0),
    ]


def test_custom_points_can_change_the_order():
    # given team 1 won once and lost twice, team 2 drew three times
    games = [
        g(1, 3, 5, 0),
        g(4, 1, 1, 0),
        g(5, 1, 2, 0),
        g(2, 3, 0, 0),
        g(2, 4, 0, 0),
        g(2, 5, 0, 0),
    ]

    # when
    three = table([1, 2, 3, 4, 5], games, points=(3, 1, 0))
    two = table([1, 2, 3, 4, 5], games, points=(2, 1, 0))

    # then with 3 for a win they tie on 3 and team 1's goal difference wins;
    # with 2 for a win the three draws are worth more than the win
    assert [(r.team_id, r.points) for r in three] == [
        (5, 4),
        (4, 4),
        (1, 3),
        (2, 3),
        (3, 1),
    ]
    assert [(r.team_id, r.points) for r in two] == [
        (5, 3),
        (4, 3),
        (2, 3),
        (1, 2),
        (3, 1),
    ]


# --- each tiebreaker -----------------------------------------------------------


def test_touchdown_difference_breaks_a_tie_on_points():
    # given 1 and 2 both beat 3, team 2 by more
    games = [g(1, 3, 1, 0), g(2, 3, 3, 0)]
    assert coin_only([1, 2], seed=0) == [1, 2]

    # when
    rows = table([1, 2, 3], games, seed=0)

    # then
    assert order(rows) == [2, 1, 3]
    assert [r.td_diff for r in rows] == [3, 1, -4]


def test_casualty_difference_breaks_a_tie_on_points_and_touchdowns():
    # given both won 1-0, team 2 also caused two casualties
    games = [g(1, 3, 1, 0, 0, 0), g(2, 4, 1, 0, 2, 0)]
    assert coin_only([1, 2], seed=0) == [1, 2]

    # when
    rows = table([1, 2, 3, 4], games, seed=0)

    # then
    assert order(rows)[:2] == [2, 1]
    assert [(r.td_diff, r.cas_diff) for r in rows[:2]] == [(1, 2), (1, 0)]


def test_touchdowns_scored_break_a_tie_when_configured():
    # given the same points and difference, team 2 scored three times
    games = [g(1, 4, 1, 0), g(2, 3, 3, 2)]
    assert coin_only([1, 2], seed=0) == [1, 2]
    assert coin_only([3, 4], seed=0) == [3, 4]

    # when
    rows = table([1, 2, 3, 4], games, tiebreakers=("points", "td_diff", "td_for"))

    # then 2 (3 scored) above 1 (1 scored); 3 (2 scored) above 4 (0 scored)
    assert order(rows) == [2, 1, 3, 4]
    assert [(r.td_for, r.td_diff) for r in rows] == [(3, 1), (1, 1), (2, -1), (0, -1)]


def test_wins_break_a_tie_when_configured():
    # given team 1 won once and lost twice (3 points), team 2 drew three
    # times (3 points); "wins" is one of the league's allowed tiebreakers
    games = [
        g(1, 3, 1, 0),
        g(4, 1, 1, 0),
        g(5, 1, 1, 0),
        g(2, 3, 0, 0),
        g(2, 4, 0, 0),
        g(2, 5, 0, 0),
    ]

    # when
    rows = table([1, 2, 3, 4, 5], games, tiebreakers=("points", "wins"))

    # then the team with a win is above the team without
    assert order(rows)[2:] == [1, 2, 3]
    assert [(r.won, r.drawn, r.lost) for r in rows[2:4]] == [(1, 0, 2), (0, 3, 0)]


def test_head_to_head_counts_only_games_among_the_three_tied_teams():
    # given 1, 2 and 3 all on 4 points; among themselves 1 took 4 points,
    # 2 took 3 and 3 took 1 (the rest came from games against team 4)
    games = [
        g(1, 2, 1, 0),
        g(2, 3, 1, 0),
        g(1, 3, 0, 0),
        g(2, 4, 0, 0),
        g(3, 4, 1, 0),
    ]
    assert [r.points for r in table([1, 2, 3, 4], games)] == [4, 4, 4, 1]
    # the coin alone would give the reverse order
    assert coin_only([1, 2, 3], seed=3) == [3, 2, 1]

    # when
    rows = table([1, 2, 3, 4], games, tiebreakers=("points", "head_to_head"), seed=3)

    # then
    assert order(rows) == [1, 2, 3, 4]
    assert not any("coin_flip" in r.tiebreak_notes for r in rows)


def test_head_to_head_compares_only_the_teams_still_tied_after_goal_difference():
    # given 1-4 all on 4 points; goal difference splits them into {1, 2}
    # (+3) and {3, 4} (+1). 1 and 2 drew each other; 1 also beat 3, which
    # must not count once 3 is no longer tied with 1
    games = [
        g(1, 2, 0, 0),
        g(1, 3, 3, 0),
        g(2, 5, 3, 0),
        g(3, 5, 4, 0),
        g(3, 4, 0, 0),
        g(4, 5, 1, 0),
    ]
    assert {r.team_id: (r.points, r.td_diff) for r in table(range(1, 6), games)} == {
        1: (4, 3),
        2: (4, 3),
        3: (4, 1),
        4: (4, 1),
        5: (0, -8),
    }
    assert coin_only([1, 2], seed=3) == [2, 1]
    assert coin_only([3, 4], seed=3) == [3, 4]

    # when
    rows = table(
        [1, 2, 3, 4, 5],
        games,
        tiebreakers=("points", "td_diff", "head_to_head"),
        seed=3,
    )

    # then the draw leaves 1 and 2 level, and the coin puts 2 first
    assert order(rows) == [2, 1, 3, 4, 5]
    assert [r.tiebreak_notes[-1:] for r in rows] == [["coin_flip"]] * 4 + [[]]


def test_the_coin_flip_comes_last_and_is_stable_for_a_seed():
    # given six teams that have not played
    teams = [11, 12, 13, 14, 15, 16]

    # when
    first = order(table(teams, [], seed=0))
    again = order(table(teams, [], seed=0))
    other = order(table(teams, [], seed=1))

    # then
    assert first == again == [13, 11, 16, 12, 14, 15]
    assert other == [13, 14, 15, 12, 16, 11]
    assert other != first
    assert all(r.tiebreak_notes[-1] == "coin_flip" for r in table(teams, [], seed=0))


def test_the_tiebreaker_order_is_configurable():
    # given 1 won by two clean goals, 2 won by one goal but hurt three
    games = [g(1, 3, 2, 0, 0, 0), g(2, 4, 1, 0, 3, 0)]

    # when
    goals_first = table([1, 2, 3, 4], games, tiebreakers=("td_diff", "cas_diff"))
    hurt_first = table([1, 2, 3, 4], games, tiebreakers=("cas_diff", "td_diff"))

    # then points still come first, then the league's order
    assert order(goals_first) == [1, 2, 4, 3]
    assert order(hurt_first) == [2, 1, 3, 4]


# --- the season table from the database ---------------------------------------


def report_and_finish(match, home_score, away_score, actor, capture):
    play_recorded(match, home_score, away_score, actor=actor, capture=capture)


def test_season_standings_reads_league_results_with_the_seasons_rules(
    eleven, alice, bob, charlie, django_capture_on_commit_callbacks
):
    # given a three-team season where A beat B 2-0, A drew C 1-1, C beat B 1-0
    a = draft_team(eleven, bob, roster="human", name="A")
    b = draft_team(eleven, charlie, roster="orc", name="B")
    c = draft_team(eleven, bob, roster="orc", name="C")
    season = season_create(league=eleven, name="Spring", seed=7, playoff_teams=2)
    matches = season_schedule(season_id=season.pk)
    scores = {
        frozenset({a.pk, b.pk}): {a.pk: 2, b.pk: 0},
        frozenset({a.pk, c.pk}): {a.pk: 1, c.pk: 1},
        frozenset({b.pk, c.pk}): {b.pk: 0, c.pk: 1},
    }
    for m in matches:
        s = scores[frozenset({m.home_id, m.away_id})]
        report_and_finish(
            m, s[m.home_id], s[m.away_id], alice, django_capture_on_commit_callbacks
        )
    # and the league changes its points after the season was created
    League.objects.filter(pk=eleven.pk).update(points_win=1, points_draw=0)

    # when
    rows = season_standings(season)

    # then the season keeps 3/1/0
    assert [
        (r.team_id, r.played, r.won, r.drawn, r.lost, r.td_for, r.td_against, r.points)
        for r in rows
    ] == [
        (a.pk, 2, 1, 1, 0, 3, 1, 4),
        (c.pk, 2, 1, 1, 0, 2, 1, 4),
        (b.pk, 2, 0, 0, 2, 0, 3, 0),
    ]

    # and a playoff result does not count in the league table
    (final,) = season_schedule_playoffs(season_id=season.pk)
    assert (final.home_id, final.away_id, final.stage) == (
        a.pk,
        c.pk,
        Match.Stage.PLAYOFF,
    )
    report_and_finish(final, 0, 3, alice, django_capture_on_commit_callbacks)
    assert [(r.team_id, r.played, r.points) for r in season_standings(season)] == [
        (a.pk, 2, 4),
        (c.pk, 2, 4),
        (b.pk, 2, 0),
    ]


def test_season_standings_use_custom_points_and_tiebreakers(
    alice, bob, charlie, django_capture_on_commit_callbacks
):
    # given a 2/1/0 league that breaks ties on touchdowns scored first
    league = League.objects.create(
        name="Custom",
        format="sevens",
        commissioner=alice,
        points_win=2,
        points_draw=1,
        points_loss=0,
        tiebreakers=["points", "td_for", "td_diff"],
    )
    a = draft_team(league, bob, roster="human", name="A")
    b = draft_team(league, charlie, roster="orc", name="B")
    season = season_create(league=league, name="One", seed=3)
    (m,) = season_schedule(season_id=season.pk)

    # when they draw 2-2
    report_and_finish(m, 2, 2, alice, django_capture_on_commit_callbacks)
    rows = season_standings(season)

    # then both have 1 point, and the coin of the season's seed decides
    assert [(r.points, r.td_for) for r in rows] == [(1, 2), (1, 2)]
    assert order(rows) == coin_only(sorted([a.pk, b.pk]), seed=3)
    assert [r.tiebreak_notes[-1] for r in rows] == ["coin_flip", "coin_flip"]


def test_a_conceded_report_counts_as_the_rules_award_it(
    eleven, alice, bob, charlie, django_capture_on_commit_callbacks
):
    # given A v B v C: A concede the match with B while 2-1 ahead on the
    # pitch; C concede 0-0 to B (the_rules_of_blood_bowl.md "Conceding":
    # the opposition is awarded one touchdown and the conceder's)
    a = draft_team(eleven, bob, roster="human", name="A")
    b = draft_team(eleven, charlie, roster="orc", name="B")
    c = draft_team(eleven, bob, roster="orc", name="C")
    season = season_create(league=eleven, name="Concessions", seed=7)
    matches = season_schedule(season_id=season.pk)
    by_pair = {frozenset({m.home_id, m.away_id}): m for m in matches}
    ab, bc = by_pair[frozenset({a.pk, b.pk})], by_pair[frozenset({b.pk, c.pk})]
    ab_scores = {a.pk: 2, b.pk: 1}
    play_recorded(
        ab,
        ab_scores[ab.home_id],
        ab_scores[ab.away_id],
        actor=alice,
        capture=django_capture_on_commit_callbacks,
        conceded_by=a.pk,
    )
    play_recorded(
        bc,
        0,
        0,
        actor=alice,
        capture=django_capture_on_commit_callbacks,
        conceded_by=c.pk,
    )

    # when
    rows = {r.team_id: r for r in season_standings(season)}

    # then B won both: 4-0 (its 1, A's 2, and 1) and 1-0
    assert (rows[b.pk].won, rows[b.pk].td_for, rows[b.pk].td_against) == (2, 5, 0)
    assert rows[b.pk].points == 6
    assert [(rows[t.pk].lost, rows[t.pk].points) for t in (a, c)] == [(1, 0), (1, 0)]
    assert (rows[a.pk].td_for, rows[a.pk].td_against) == (0, 4)
    # and the table agrees with each result's winner
    for m in (ab, bc):
        assert m.result.winner_side(m.home_id) == (
            "home" if m.home_id == b.pk else "away"
        )


def test_head_to_head_is_applied_again_to_the_teams_it_leaves_level():
    # given 1, 2 and 3 all on 7 points from a double round robin: among the
    # three, 1 took 7 points (a win and a draw against 2, a win and a loss
    # against 3), 2 took 7 (two wins against 3) and 3 took 3; between 1 and
    # 2 alone, 1 took 4 points and 2 took 1
    games = [
        g(1, 2, 1, 0),
        g(2, 1, 0, 0),
        g(2, 3, 1, 0),
        g(3, 2, 0, 1),
        g(1, 3, 1, 0),
        g(3, 1, 1, 0),
        g(3, 4, 1, 0),
        g(4, 3, 0, 0),
    ]
    assert {r.team_id: r.points for r in table([1, 2, 3, 4], games)} == {
        1: 7,
        2: 7,
        3: 7,
        4: 1,
    }
    # the coin alone would put 2 above 1
    assert coin_only([1, 2], seed=3) == [2, 1]

    # when
    rows = table([1, 2, 3, 4], games, tiebreakers=("points", "head_to_head"), seed=3)

    # then 3 is third on the three teams' games, and 1 above 2 on theirs
    assert order(rows) == [1, 2, 3, 4]
    assert not any("coin_flip" in r.tiebreak_notes for r in rows)
    assert [r.tiebreak_notes for r in rows[:3]] == [["head_to_head"]] * 3
