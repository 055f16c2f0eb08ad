"""A Blitz Bowl league's standings (docs/formats/blitz-bowl.md "In a
league", the Decision in engine/variants/blitz_bowl.py): League points,
then points difference, points for, head to head and wins; a coin flip
only after all of them."""

from league.rules import format_default_tiebreakers
from matches.seasons.standings import Game, table

ORDER = ["points", "score_diff", "score_for", "head_to_head", "wins"]


def test_a_blitz_bowl_league_starts_with_its_own_order():
    assert format_default_tiebreakers("blitz-bowl") == ORDER


def test_teams_level_on_everything_else_are_told_apart_by_wins():
    # Team 1 beats 3 8-4 and loses to 4 0-4: 3 League points, 8 points for
    # and 8 against, one win. Team 2 draws all three of its games (4-4,
    # 4-4, 0-0): 3 League points, 8 for, 8 against, no win. They never met.
    games = [
        Game(1, 3, 8, 4, 0, 0),
        Game(1, 4, 0, 4, 0, 0),
        Game(2, 3, 4, 4, 0, 0),
        Game(2, 4, 4, 4, 0, 0),
        Game(2, 5, 0, 0, 0, 0),
    ]

    # seed 3's coin flip would put team 2 first
    rows = table(
        [1, 2, 3, 4, 5],
        games,
        tiebreakers=format_default_tiebreakers("blitz-bowl"),
        seed=3,
    )

    level = [r for r in rows if r.team_id in (1, 2)]
    assert [r.team_id for r in level] == [1, 2]
    assert level[0].tiebreak_notes[-1] == "wins"
