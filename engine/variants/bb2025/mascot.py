"""Blood Bowl 2025's Team Mascot (tables.md "Inducements", 0-1 at 25,000):
one extra team re-roll each half that works only on a D6 4+, and a re-roll
of a natural 1 on the team's Cheering Fans D6.

Decision: the Mascot's re-roll is the first team re-roll the team uses in
a half (the coach spends the unsure one first); on a 1-3 it is lost for
the half and another team re-roll, when the team has one left, is used
for the same roll instead (tables.md: "another re-roll may then be used").
A Team Captain's 6 gives the Mascot back for the half."""

from __future__ import annotations

from engine.core.events import Induced
from engine.core.state import GameState

# g.effects key: team t has used its Mascot this half (gone at half-time).
USED = "bb2025_mascot_used_{}_half"


def mascot_left(g: GameState, t: int) -> bool:
    """Whether team ``t`` has its Team Mascot's re-roll left this half."""
    return g.sheets[t].mascot and not g.effects.get(USED.format(t), False)


def use_mascot(g: GameState, t: int) -> bool | None:
    """Team ``t`` uses a team re-roll: the Mascot's first when left, a D6
    4+ to work (True), 1-3 spent for the half (False); None: none left."""
    if not mascot_left(g, t):
        return None
    g.effects[USED.format(t)] = True
    d = g.dice.d6()
    ok = d >= 4
    g.emit(
        Induced(
            "team_mascot",
            g.tname(t),
            -1,
            (d,),
            "mascot_rerolls" if ok else "mascot_lost",
        )
    )
    return ok


def give_back(g: GameState, t: int) -> None:
    """The Mascot's re-roll spent comes back (a Team Captain's 6)."""
    g.effects.pop(USED.format(t), None)


def cheering_d6(g: GameState, t: int) -> int:
    """Team ``t``'s Cheering Fans D6: with a Team Mascot a natural 1 is
    rolled again (once), the second roll kept."""
    d = g.dice.d6()
    if d == 1 and g.sheets[t].mascot:
        d = g.dice.d6()
        g.emit(Induced("team_mascot", g.tname(t), -1, (1, d), "cheering_fans_reroll"))
    return d
