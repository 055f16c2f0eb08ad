"""What a Dungeon Bowl match keeps beyond the BB2020 game state
(``GameState.dungeon``; None in every other format).

Plain values and lists only; :meth:`DungeonState.copy` copies the lists, so
a clone of the match never shares mutable state with the original. Rules
modules add fields here (and to ``_LISTS`` when a field is a list).
"""

from __future__ import annotations

_LISTS = (
    "teleports",
    "gather_funds",
    "dugout_used",
    # Dungeon Bowl rooms
    "sewer_dp",
    "room_ma",
    "room_st",
    # Dungeon Bowl flow
    "mishaps",
)


class DungeonState:
    """Dungeon Bowl match state.

    ``ball_chest``: the square of the Chest holding the ball (-1 once
    found); ``teleports[p]``: how often player ``p`` has teleported this
    team turn; ``gather_funds[t]``: Gather Funds actions of team ``t``
    (Treasure Room); ``dugout_used[t]``: whether team ``t`` used its
    Dugout Portal or the Magic Sponge this team turn; ``turn_cap``: team
    turns per team before the time limit (0: none); ``extra_time``: a
    play-off level at the time limit plays extra time (the cap moved on).

    Dungeon Bowl spells (engine/variants/dungeon_bowl/spells.py):
    ``spell_used[t]``: team ``t``'s College Wizard has cast its spell (once
    a game); ``fury``: the player Bestial Fury gives three block dice this
    team turn; ``vined``: the player Grasping Vines bars from activation this
    team turn; ``blinded``: the team under Blinding Light (-1 for none).

    Dungeon Bowl rooms: ``sewer_dp[p]``: player ``p`` has Disturbing
    Presence from the Sewer (until his next activation begins);
    ``room_ma[p]`` / ``room_st[p]``: what the Forgotten Jail / the Chaotic
    Idol changed his MA / ST by for his current activation (undone when it
    ends).
    """

    __slots__ = (
        "ball_chest",
        "teleports",
        "gather_funds",
        "dugout_used",
        "turn_cap",
        "extra_time",
        # Dungeon Bowl spells
        "spell_used",
        "fury",
        "vined",
        "blinded",
        # Dungeon Bowl rooms
        "sewer_dp",
        "room_ma",
        "room_st",
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
        self.extra_time = False
        # Dungeon Bowl spells (a tuple: replaced, never changed in place)
        self.spell_used = (False, False)
        self.fury = -1
        self.vined = -1
        self.blinded = -1
        # Dungeon Bowl rooms
        self.sewer_dp = [False] * n_players
        self.room_ma = [0] * n_players
        self.room_st = [0] * n_players
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
