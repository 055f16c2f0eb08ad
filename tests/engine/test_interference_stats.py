"""What an interference puts on the interfering player's line: BB2020
post-game_sequence.md "Passing Interference": "A Deflection earns the
player 1 SPP. An Interception earns the player 2 SPP." Decision
(``LeagueFormat.spp_values``): an interception earns 2 SPP in all, not 2
plus the 1 of the deflection it started as, so the line counts a deflection
only when it stays one (``SppTally.deflections``: "deflections that did
*not* become interceptions")."""

from __future__ import annotations

from engine.campaign.postgame import SppTally, spp_earned
from engine.core.events import Interference
from engine.rules.ball import N_STATS, STAT_DEFL, STAT_INT
from engine.tools.scenario import Scenario


def _passed(dice: list[int | str]) -> Scenario:
    """A passes towards (4, 0); b, beneath the ruler, interferes."""
    sc = Scenario(
        """
        A.b.B
        .....
        .....
    """,
        ball="A",
        dice=dice,
    )
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.sq(4, 0))
    sc.choose("interfere", sc.id("b"))
    return sc


def _line(sc: Scenario, who: str) -> tuple[int, int]:
    stats = sc.match.state.stats
    p = sc.p(who)
    return stats[p * N_STATS + STAT_INT], stats[p * N_STATS + STAT_DEFL]


def test_an_interception_is_not_also_a_deflection() -> None:
    # pass 5 (accurate), interference 6, the catch 6: intercepted
    sc = _passed([5, 6, 6])
    assert [e.result for e in sc.events(Interference)] == ["deflection", "interception"]
    interceptions, deflections = _line(sc, "b")
    assert (interceptions, deflections) == (1, 0)
    tally = SppTally(interceptions=interceptions, deflections=deflections)
    assert spp_earned(tally, "bb2020") == 2


def test_a_deflection_not_caught_stays_a_deflection() -> None:
    # pass 5, interference 6, the catch 1 fails: the ball scatters from b
    # (D8 2, 2, 2: up and off the pitch: a throw-in then rolls on)
    sc = _passed([5, 6, 1, 2, 2, 2] + [1] * 20)
    assert [e.result for e in sc.events(Interference)] == ["deflection"]
    assert _line(sc, "b") == (0, 1)
