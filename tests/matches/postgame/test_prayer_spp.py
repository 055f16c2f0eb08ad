"""BB2025 Prayers to Nuffle that earn Star Player Points, from the engine to
the post-game SPP: the match result's ``prayer_spp`` lines are added to the
players' SPP (tables.md "Star Player Points", "Prayer bonuses")."""

from __future__ import annotations

from engine.core.model import PlayerStats
from engine.match import run
from engine.rules.ball import N_STATS
from engine.rules.turns import Turn
from engine.tools.scenario import Scenario
from engine.variants.bb2025.prayers import PRAYED, prayer_spp
from matches.postgame.sequence import line_spp


def test_perfect_passing_and_dazzling_catching_reach_the_post_game() -> None:
    # A throws a Quick pass to B: pass 5 (accurate), catch 5.
    sc = Scenario("A.B", ruleset="bb2025", ball="A", dice=[5, 5], start=False)
    g = sc.match.state
    g.effects[PRAYED.format(0)] = ("perfect_passing", "dazzling_catching")
    g.stack.append(Turn(0))
    run(g)
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.sq(2, 0))
    prayed = dict(prayer_spp(g))

    def spp(name: str) -> int:
        p = sc.p(name)
        line = PlayerStats(*g.stats[p * N_STATS : (p + 1) * N_STATS]).to_dict()
        return line_spp(line, 0, "bb2025", (), prayed.get(sc.id(name), 0))

    # A: the Completion 1 + Perfect Passing 1; B: Dazzling Catching 1.
    assert (spp("A"), spp("B")) == (2, 1)
