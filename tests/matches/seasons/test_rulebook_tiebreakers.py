"""The rulebook's tiebreakers: league_and_exhibition_play.md "The Play-off
Season": "the league commissioner ranks the teams in order of League
points, from highest to lowest, using total touchdowns as the first
tiebreaker and total casualties as the second tiebreaker, if required"."""

import pytest

from league.errors import ServiceError
from league.rules import format_default_tiebreakers
from league.services.leagues import league_create
from matches.seasons.standings import Game, table
from tests.league.accounts_support import everything

RULEBOOK = ["points", "td_for", "cas_for", "head_to_head"]


@pytest.mark.parametrize("fmt", ["bb2020", "bb2025", "sevens", "classic"])
def test_a_blood_bowl_format_starts_with_the_rulebooks_order(fmt):
    assert format_default_tiebreakers(fmt) == RULEBOOK


@pytest.mark.django_db
@pytest.mark.parametrize("fmt", ["bb2020", "bb2025", "sevens", "classic"])
def test_a_new_blood_bowl_league_keeps_the_rulebooks_order(bob, fmt):
    league = league_create(commissioner=bob, name="By the Book", format=fmt)

    league.refresh_from_db()
    assert league.tiebreakers == RULEBOOK


def test_total_touchdowns_come_before_the_difference():
    # 1 and 2 beat each other once and both beat 3: 6 points each. Team 1
    # has scored 5 (4 against: +1), team 2 has scored 3 (1 against: +2).
    # "Total touchdowns" puts team 1 first.
    games = [
        Game(1, 2, 1, 0, 0, 0),
        Game(2, 1, 1, 0, 0, 0),
        Game(1, 3, 4, 3, 0, 0),
        Game(2, 3, 2, 0, 0, 0),
    ]

    rows = table([1, 2, 3], games, tiebreakers=RULEBOOK)

    assert [(r.team_id, r.points, r.td_for, r.td_diff) for r in rows[:2]] == [
        (1, 6, 5, 1),
        (2, 6, 3, 2),
    ]
    assert rows[0].tiebreak_notes == ["td_for"]


def test_total_casualties_caused_come_second():
    # 1 and 2 draw 1-1 with each other and both beat 3 1-0: 4 points and 2
    # touchdowns each. Team 1 caused 3 casualties and suffered 4
    # (difference -1), team 2 caused 2 and suffered none (+2). "Total
    # casualties" puts team 1 first.
    games = [
        Game(1, 2, 1, 1, 0, 0),
        Game(1, 3, 1, 0, 3, 4),
        Game(2, 3, 1, 0, 2, 0),
    ]

    rows = table([1, 2, 3], games, tiebreakers=RULEBOOK)

    assert [(r.team_id, r.points, r.td_for, r.cas_for, r.cas_diff) for r in rows] == [
        (1, 4, 2, 3, -1),
        (2, 4, 2, 2, 2),
        (3, 0, 0, 4, -1),
    ]
    assert rows[0].tiebreak_notes == ["td_for", "cas_for"]


@pytest.mark.django_db
def test_casualties_caused_cannot_order_a_blitz_bowl_table(bob):
    before = everything()

    with pytest.raises(ServiceError) as refused:
        league_create(
            commissioner=bob,
            name="Blitz Night",
            format="blitz-bowl",
            tiebreakers=["points", "cas_for"],
        )

    assert [(v.code, v.field) for v in refused.value.violations] == [
        ("not_for_format", "tiebreakers.1")
    ]
    assert everything() == before
