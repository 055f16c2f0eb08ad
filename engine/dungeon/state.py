"""What a Dungeon Bowl match keeps beyond the BB2020 game state
(``GameState.dungeon``; None in every other format).

Plain values and lists only; :meth:`DungeonState.copy` copies the lists, so
a clone of the match never shares mutable state with the original. Rules
modules add fields here (and to ``_LISTS`` when a field is a list).
"""

from __future__ import annotations

_LISTS = ("teleports", "gather_funds", "dugout_used", "mishaps")  # + Dungeon Bowl flow


class DungeonState:
    """Dungeon Bowl match state.

    ``ball_chest``: the square of the Chest holding the ball (-1 once
    found); ``teleports[p]``: how often player ``p`` has teleported this
    team turn; ``gather_funds[t]``: Gather Funds actions of team ``t``
    (Treasure Room); ``dugout_used[t]``: whether team ``t`` used its
    Dugout Portal or the Magic Sponge this team turn; ``turn_cap``: team
    turns per team before the time limit (0: none).
    """

    __slots__ = (
        "ball_chest",
        "teleports",
        "gather_funds",
        "dugout_used",
        "turn_cap",
        # Dungeon Bowl flow
        "first_team",
        "mishaps",
    )

    def __init__(self, n_players: int, ball_chest: int = -1, turn_cap: int = 0) -> None:
        self.ball_chest = ball_chest
        self.teleports = [0] * n_players
        self.gather_funds = [0, 0]
        self.dugout_used = [False, False]
        self.turn_cap = turn_cap
        # Dungeon Bowl flow: the team that has the first team turn (-1
        # before the coin toss) and the players lost to a Magical Mishap.
        self.first_team = -1
        self.mishaps: list[int] = []

    def copy(self) -> DungeonState:
        new = object.__new__(DungeonState)
        for f in DungeonState.__slots__:
            v = getattr(self, f)
            setattr(new, f, v[:] if f in _LISTS else v)
        return new
