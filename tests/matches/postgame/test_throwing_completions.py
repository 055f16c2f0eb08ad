"""A Throwing Completion from the engine to the post-game SPP
(post-game_sequence.md "Throwing Completions": a superb Throw Team-mate
action whose thrown player lands safely earns the thrower 1 SPP)."""

from __future__ import annotations

import pytest

from engine.core.model import PlayerStats
from engine.rules.ball import N_STATS
from engine.tools.scenario import Scenario
from matches.postgame.sequence import line_spp

DIAGRAM = """
    TG.......
    .........
    ........c
"""
SKILLS = {"T": ["throw-team-mate"], "G": ["right-stuff", "stunty"]}
STATS = {"T": {"st": 5, "pa": 3}, "G": {"st": 2}}


def spp_after_throw(dice: list[int]) -> tuple[int, int]:
    """The SPP of T and G for their lines after T throws G to (5, 0)."""
    sc = Scenario(DIAGRAM, skills=SKILLS, stats=STATS, dice=dice)
    sc.act("T", "throw_team_mate")
    sc.choose("throw_tm", sc.id("G"))
    sc.choose("square", sc.sq(5, 0))
    g = sc.match.state

    def spp(name: str) -> int:
        p = sc.p(name)
        line = PlayerStats(*g.stats[p * N_STATS : (p + 1) * N_STATS]).to_dict()
        return line_spp(line, 0, "bb2020")

    return spp("T"), spp("G")


@pytest.mark.parametrize(
    ("dice", "spp"),
    [
        # superb (4 - 1 = 3, PA 3+), scatter to (5, 1), landing 3 (AG 3+)
        ([4, 5, 4, 7, 3], (1, 0)),
        # successful, not superb (3 - 1 = 2), landing 4 - 1 = 3: safe
        ([3, 5, 4, 7, 4], (0, 0)),
        # superb, the landing fails on a 1 (armour 1 + 1 holds)
        ([4, 5, 4, 7, 1, 1, 1], (0, 0)),
    ],
)
def test_only_a_superb_throw_landing_safely_earns_the_thrower_one_spp(
    dice: list[int], spp: tuple[int, int]
) -> None:
    assert spp_after_throw(dice) == spp
