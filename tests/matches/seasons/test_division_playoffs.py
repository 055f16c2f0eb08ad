"""A season with divisions sends each division's best to the play-offs
(league_and_exhibition_play.md "The Play-off Season")."""

import pytest
from django.contrib.auth.models import AnonymousUser

from matches.models import Match
from matches.pages.season_selectors import season_bracket
from matches.pages.selectors import season_view
from matches.seasons.scheduling import playoff_round, playoff_seeds
from matches.seasons.selectors import season_division_standings, season_standings
from matches.seasons.services import (
    season_create,
    season_schedule,
    season_schedule_playoffs,
)
from tests.factories import draft_team
from tests.matches.conftest import play_recorded

A, B, C, D = [1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]


def _division(team: int) -> int:
    return (team - 1) // 4


def _apart(pairs: list[tuple[int, int]]) -> bool:
    return all(_division(h) != _division(a) for h, a in pairs)


def test_two_divisions_send_their_top_two_each():
    # "If the league consists of two divisions, the top two teams from each
    # go through": division A's 3rd (3rd overall) stays out, B's 2nd is in
    table = [1, 2, 3, 5, 4, 6, 7, 8]
    seeded = playoff_seeds(table, [A, B], 4)
    assert sorted(seeded) == [1, 2, 5, 6]
    # the winners are the top seeds, and each meets the other's runner-up
    assert seeded == [1, 5, 2, 6]
    pairs, byes = playoff_round(seeded)
    assert byes == []
    assert pairs == [(1, 6), (5, 2)]


def test_a_winner_never_meets_its_own_runner_up_in_the_semi_final():
    # B's runner-up is above A's in the table: seeded 3rd, it would meet
    # seed 2 (B's winner), and A's runner-up seed 1 (A's winner)
    table = [1, 5, 6, 2, 3, 4, 7, 8]
    seeded = playoff_seeds(table, [A, B], 4)
    assert seeded == [1, 5, 2, 6]
    assert _apart(playoff_round(seeded)[0])


def test_three_divisions_add_the_best_runner_up_as_a_wild_card():
    # "the top team from each goes through. Additionally, the second place
    # team with the highest number of league points will go through as a
    # wild card": 2 (A's runner-up, above 6 and 10 in the table)
    table = [1, 2, 5, 3, 9, 6, 10, 4, 7, 8, 11, 12]
    seeded = playoff_seeds(table, [A, B, C], 4)
    assert sorted(seeded) == [1, 2, 5, 9]
    # the wild card does not meet its own division's winner
    assert seeded == [1, 5, 2, 9]
    assert _apart(playoff_round(seeded)[0])


def test_four_divisions_top_one_each_or_top_two_each_apart():
    table = [1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15, 4, 8, 12, 16]
    # "The top team from each goes through" (semi-finals)
    assert sorted(playoff_seeds(table, [A, B, C, D], 4)) == [1, 5, 9, 13]
    # "The top two teams from each go through and the play-off season
    # commences with the quarter finals": "care should be taken to ensure
    # that two teams from the same division do not meet in either the
    # quarter finals or semi-finals"
    seeded = playoff_seeds(table, [A, B, C, D], 8)
    assert sorted(seeded) == [1, 2, 5, 6, 9, 10, 13, 14]
    assert seeded[:4] == [1, 5, 9, 13]  # the winners keep the top seeds
    pairs, _ = playoff_round(seeded)
    assert _apart(pairs)
    # the semi-finals pair the winners of the 1st and 4th quarter-finals,
    # and of the 2nd and 3rd: no division has two teams in one half
    for q1, q2 in ((pairs[0], pairs[3]), (pairs[1], pairs[2])):
        half = [*q1, *q2]
        assert len({_division(t) for t in half}) == 4


def test_without_divisions_the_top_of_the_table_goes_through():
    assert playoff_seeds([4, 3, 2, 1], [], 3) == [4, 3, 2]


@pytest.fixture
def six(sevens, bob, charlie):
    rosters = ["orc", "human", "dwarf", "skaven", "wood-elf", "lizardmen"]
    return [
        draft_team(sevens, bob if i % 2 else charlie, roster=r, name=f"Team {i}")
        for i, r in enumerate(rosters)
    ]


@pytest.mark.django_db
def test_a_season_with_two_divisions_seeds_two_from_each(
    sevens, six, alice, django_capture_on_commit_callbacks
):
    north, south = [t.pk for t in six[:3]], [t.pk for t in six[3:]]
    season = season_create(
        league=sevens,
        name="Split",
        seed=3,
        divisions={"North": north, "South": south},
        playoff_teams=4,
    )
    # North: each beats one and loses to one (3 points each); South: the
    # first beats both (6), the other two draw (1 each). The whole table
    # has the three North teams above South's runner-up.
    beats = {(north[0], north[1]), (north[1], north[2]), (north[2], north[0])}
    beats |= {(south[0], south[1]), (south[0], south[2])}
    for m in season_schedule(season_id=season.pk):
        if (m.home_id, m.away_id) in beats:
            score = (1, 0)
        elif (m.away_id, m.home_id) in beats:
            score = (0, 1)
        else:
            score = (0, 0)
        play_recorded(
            m, *score, actor=alice, capture=django_capture_on_commit_callbacks
        )
    overall = [r.team_id for r in season_standings(season)]
    assert set(overall[1:4]) == set(north)  # the top four would be 3 North

    semis = season_schedule_playoffs(season_id=season.pk)

    tables = season_division_standings(season)
    top_two = [r.team_id for r in tables["North"][:2] + tables["South"][:2]]
    assert sorted(t for m in semis for t in (m.home_id, m.away_id)) == sorted(top_two)
    for m in semis:
        assert m.stage == Match.Stage.PLAYOFF
        # each semi-final pairs a North team with a South team
        assert (m.home_id in north) != (m.away_id in north)
    # the season page's bracket gives the seeds the draw used: the division
    # winners 1 and 2, each at home to the other division's runner-up
    (first, *_) = season_bracket(season_view(season, AnonymousUser()))
    winners = {tables["North"][0].team_id, tables["South"][0].team_id}
    assert [(t.home_seed, t.away_seed) for t in first.ties] == [(1, 4), (2, 3)]
    assert {t.home.pk for t in first.ties} == winners
