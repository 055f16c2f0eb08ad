"""Sevens set-up limits (blood_bowl_sevens.md "Set-up"): "A team may not
set up more than seven players at the start of a drive"; "Each team can set
up a maximum of one player in each Wide Zone"; "A team must set up a
minimum of three players in squares within the Centre Field, directly
adjacent to their Line of Scrimmage"; "Neither team may set up any players
in the area between the two Lines of Scrimmage".

Home's Line of Scrimmage is column 6; its Wide Zones rows 0-1 and 9-10."""

from __future__ import annotations

from engine import Match
from engine.core.dice import FixedDice
from engine.core.state import GameState
from engine.rules.setup import Placement, validate_setup
from engine.tools.teams import default_team_sheet
from engine.variants import SEVENS


def state() -> GameState:
    m = Match(
        SEVENS,
        default_team_sheet("human", SEVENS, first_id=1),
        default_team_sheet("orc", SEVENS, first_id=101),
        FixedDice([]),
        start=False,
    )
    return m.state


def place(*squares: tuple[int, int]) -> Placement:
    """Home players 1, 2, ... on ``squares`` (x, y)."""
    return tuple((i + 1, SEVENS.pitch.sq(x, y)) for i, (x, y) in enumerate(squares))


# Three on the Line in the Centre Field, one in each Wide Zone, two behind.
LEGAL = ((6, 4), (6, 5), (6, 6), (4, 1), (4, 9), (3, 5), (2, 5))


def test_three_on_the_centre_line_one_in_each_wide_zone_is_legal() -> None:
    g = state()
    assert len([p for p in range(g.n) if g.team[p] == 0]) > 7
    assert validate_setup(g, 0, place(*LEGAL)) == []


def test_seven_is_the_most_a_team_sets_up() -> None:
    g = state()
    assert validate_setup(g, 0, place(*LEGAL, (1, 5))) == [
        "8 players set up, 7 required"
    ]


def test_two_in_one_wide_zone_is_illegal() -> None:
    g = state()
    two_low = ((6, 4), (6, 5), (6, 6), (4, 1), (4, 0), (3, 5), (2, 5))
    assert validate_setup(g, 0, place(*two_low)) == [
        "more than 1 players in a wide zone"
    ]


def test_a_line_player_in_a_wide_zone_is_not_one_of_the_three() -> None:
    """(6, 1) is on the Line of Scrimmage but in a Wide Zone, not "within
    the Centre Field"."""
    g = state()
    wide_line = ((6, 4), (6, 5), (6, 1), (4, 9), (3, 5), (2, 5), (3, 4))
    assert validate_setup(g, 0, place(*wide_line)) == [
        "only 2 players on the Line of Scrimmage in the centre, 3 required"
    ]


def test_no_player_between_the_lines() -> None:
    """Column 7 is the first of the six between the Lines of Scrimmage."""
    g = state()
    between = ((6, 4), (6, 5), (6, 6), (4, 1), (4, 9), (3, 5), (7, 5))
    (problem,) = validate_setup(g, 0, place(*between))
    assert "outside their own half" in problem
