"""Blitz Bowl Arenas (rulebook optional rules "Blitz Bowl Arenas"): a D8 at
set-up picks the arena, whose regional rule holds all game.

``BlitzGame(..., arena=None)`` plays no arena rule (Decision: the rules make
arenas optional, "if both Coaches agree", so they are off unless asked; a
league may switch them on); ``arena="roll"`` rolls the D8 at set-up (after
the toss, before the board side is used: Dugout takes the side as given),
``arena=1..8`` plays that arena (agreed, no die). ``g.arena`` holds the
number; each rule is read where it acts, by the functions below.
"""

from __future__ import annotations

from typing import Any

from engine.blitz.data import cards
from engine.blitz.events import ArenaRolled, BallMoved, Injured
from engine.blitz.state import SUDDEN_DEATH_LEAD, ActionRecord, BlitzState
from engine.core.errors import RuleError

BAKE_OFF_TENT = 1  # Emergency Reserves Value 1 lower
SEWER_PIPE = 2  # a Reserves Action may place on a Trapdoor
BONE_PIT = 3  # a free Run after a Reserves Action
GLITTERING = 4  # Long Throws take no -1
CHAOS = 5  # a Shove that cannot push is a Kerrunch!
BADLANDS = 6  # an Assisted Block rolls two extra dice (at most three)
MOUNTAIN = 7  # Sudden Death at 8 points ahead
OVERGROWN = 8  # a Block on a target next to a Trapdoor is Assisted

MOUNTAIN_LEAD = 8
BADLANDS_MAX_DICE = 3


def set_up(g: BlitzState, arena: int | str | None) -> None:
    """Pick the arena at set-up: roll the D8 ("roll"), take the one agreed
    (1-8), or none; then apply what holds from the start."""
    if arena is None:
        return
    d8 = 0
    if arena == "roll":
        d8 = g.dice.d8()
        number = d8
    elif isinstance(arena, int) and 1 <= arena <= 8:
        number = arena
    else:
        raise RuleError("arena must be None, 'roll' or 1 to 8")
    g.arena = number
    g.events.append(ArenaRolled(d8, number, cards().arenas[number - 1].slug))
    if number == BAKE_OFF_TENT:
        # "Subtract 1 from the Emergency Reserves Value of both teams."
        # Decision: never below 1 (the Pre-Turn step needs a Reserves
        # Player anyway, so 0 would play as 1).
        g.emergency_reserves = [max(1, v - 1) for v in g.emergency_reserves]


def sudden_death_lead(g: BlitzState) -> int:
    return MOUNTAIN_LEAD if g.arena == MOUNTAIN else SUDDEN_DEATH_LEAD


def long_throw_modifier(g: BlitzState) -> int:
    """The Long Throw's modifier (Throw and Throw Team-mate Actions)."""
    return 0 if g.arena == GLITTERING else -1


def shove_down_modifier(g: BlitzState) -> int:
    """The Armour Check modifier of a Shove that cannot push: a Smash (0),
    or in the Coliseum of Chaos a Kerrunch! (-1)."""
    return -1 if g.arena == CHAOS else 0


def block_dice(g: BlitzState, block: int, assisted: bool) -> int:
    """How many Block Dice a Block rolls. Badlands Fighting Pit: two extra
    when Assisted, to at most three. Decision: the maximum caps the arena's
    bonus, never below the ordinary Assisted Block (Block 3 still rolls 4)."""
    if not assisted:
        return block
    if g.arena == BADLANDS:
        return max(block + 1, min(BADLANDS_MAX_DICE, block + 2))
    return block + 1


def trapdoor_assist(g: BlitzState, target: int) -> bool:
    """Overgrown Arena: the target stands next to a Trapdoor. Decision:
    "adjacent" is one of the eight squares around it; a target on the
    Trapdoor itself is not adjacent to it."""
    if g.arena != OVERGROWN or g.pos[target] < 0:
        return False
    traps = g.board.trapdoor_squares
    return any(n in traps for n in g.board.neighbours[g.pos[target]])


def trapdoor_reserve_squares(g: BlitzState) -> list[int]:
    """Sewer Pipe Stadium: the Trapdoors a Reserves Action may use (any of
    them, whoever or whatever is on it)."""
    return list(g.board.trapdoor_squares) if g.arena == SEWER_PIPE else []


def clear_trapdoor(g: BlitzState, sq: int) -> None:
    """Sewer Pipe Stadium: a Reserves Player is about to come up through
    Trapdoor ``sq``: a ball on it is removed from the pitch, a Player on it
    is Injured. Decision: a ball held by that Player is "on the Trapdoor"
    too and is removed (as with New Ball!), so it does not bounce."""
    i = g.occ[sq]
    for b, p in enumerate(g.ball_pos):
        if p == sq:
            g.ball_pos[b] = -1
            g.ball_holder[b] = -1
            g.events.append(BallMoved(b, sq, -1, "removed", 0))
    if i >= 0:
        g.to_dugout(i)
        g.events.append(Injured(g.pid[i], "sewer_pipe"))


def granted(g: BlitzState, rec: ActionRecord) -> list[Any]:
    """The Bone Pit: after a Reserves Action (free ones too) the Player is
    offered a free Run Action."""
    if g.arena != BONE_PIT or rec.action != "reserves":
        return []
    return [g.links.free_offer(rec.player, "run", "bone_pit")]
