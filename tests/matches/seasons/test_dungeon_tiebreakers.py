"""A Dungeon Bowl league's standings order. dungeon_bowl/
league_and_exhibition_play.md "The Play-Off Season" refers to the Blood
Bowl rulebook's: "ranks the teams in order of League points ... using total
touchdowns as the first tiebreaker and total casualties as the second
tiebreaker". A Dungeon Bowl game has one touchdown at most, so a team's
touchdowns are its wins; the casualties are those the team caused, not
their difference with those it suffered."""

import pytest

from league.rules import format_default_tiebreakers
from league.services.leagues import league_create
from matches.seasons.standings import Game, table

ORDER = ["points", "wins", "cas_for", "head_to_head"]


def test_dungeon_bowl_starts_with_the_rulebooks_order():
    assert format_default_tiebreakers("dungeon-bowl") == ORDER


@pytest.mark.django_db
def test_a_new_dungeon_bowl_league_keeps_it(bob):
    league = league_create(commissioner=bob, name="Colleges", format="dungeon-bowl")

    league.refresh_from_db()
    assert league.tiebreakers == ORDER


def test_total_casualties_caused_separate_teams_level_on_points_and_wins():
    # Team 1 beats 3 1-0, causing 4 casualties and suffering 5 (difference
    # -1); team 2 beats 4 1-0, causing 3 and suffering none (+3). Level on
    # 3 points and one win each: "total casualties" puts team 1 first.
    games = [Game(1, 3, 1, 0, 4, 5), Game(2, 4, 1, 0, 3, 0)]

    rows = table(
        [1, 2, 3, 4], games, tiebreakers=format_default_tiebreakers("dungeon-bowl")
    )

    assert [(r.team_id, r.points, r.won, r.cas_for, r.cas_diff) for r in rows[:2]] == [
        (1, 3, 1, 4, -1),
        (2, 3, 1, 3, 3),
    ]
    assert rows[0].tiebreak_notes == ["wins", "cas_for"]
