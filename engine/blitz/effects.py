"""What the Bonus Plays in play change while an Action is made (cards.md
"Bonus Play Cards"): small predicates the Action procedures ask, on the
state alone (the procedures that play the cards are in
:mod:`engine.blitz.bonus`).

``g.action_effects`` maps a card played for one Action to the Player making
it (it ends with that Action); ``g.turn_effects`` holds cards played for
the whole turn of the active coach (they end with the turn).
"""

from __future__ import annotations

from engine.blitz.state import BlitzState

ACCURATE_THROW_VALUE = 2
HAIL_MARY_VALUE = 4
AGGRESSIVE_MARK_SQUARES = 4
SPRINT_BONUS = 2
MOXY_DICE = 3


def for_action(g: BlitzState, i: int, slug: str) -> bool:
    """Whether ``slug`` was played for the Action Player ``i`` makes."""
    return g.action_effects.get(slug, -1) == i


def dodging(g: BlitzState, i: int) -> bool:
    """Dodge: this Run may enter squares next to opponents, ending Open."""
    return for_action(g, i, "dodge")


def defensive(g: BlitzState, i: int) -> bool:
    """Defensive Play: the active team's Runs may enter squares next to
    opponents, which ends the Run."""
    return "defensive_play" in g.turn_effects and g.team[i] == g.active


def blocking_play(g: BlitzState, i: int) -> bool:
    """Blocking Play: the active team's Blocks count as Assisted."""
    return "blocking_play" in g.turn_effects and g.team[i] == g.active


def throw_value(g: BlitzState, i: int) -> int | None:
    """The Throw Value for this Throw: 2+ with Accurate Throw."""
    if for_action(g, i, "accurate_throw"):
        return ACCURATE_THROW_VALUE
    return g.throw[i]


def hail_mary(g: BlitzState, i: int) -> bool:
    return for_action(g, i, "hail_mary_pass")


def mark_squares(g: BlitzState, i: int, normal: int) -> int:
    return AGGRESSIVE_MARK_SQUARES if for_action(g, i, "aggressive_mark") else normal


def move_bonus(g: BlitzState, i: int) -> int:
    return SPRINT_BONUS if for_action(g, i, "sprint") else 0
