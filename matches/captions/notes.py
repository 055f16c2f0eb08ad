"""Captions of rule effects without an event type of their own
(engine.core.events.Note: ``what`` names the effect, ``value`` is a number, a
square or a count depending on it)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from matches.captions.context import Describer
from matches.captions.names import KICKOFF, PRAYERS, sentence

Event = Mapping[str, Any]
Note = Callable[[Describer, str, str, Any], str]


def _players(n: Any) -> str:
    return "1 player" if int(n) == 1 else f"{n} players"


def _blitz(d: Describer, team: str, who: str, value: Any) -> str:
    if not value:  # the classic Blitz!: a whole bonus team turn
        return f"Blitz: {team} take a bonus team turn"
    return f"Blitz: {_players(value)} of {team} may take a free action"


def _bomb(quality: str) -> Note:
    return lambda d, team, who, value: (
        f"{who}'s bomb throw is {quality}: it lands {d.sq(value)}"
    )


def _crowd(what: str) -> Note:
    return lambda d, team, who, value: f"{KICKOFF[what]}: {who} is hit by the crowd"


def _prayer_spp(what: str) -> Note:
    return lambda d, team, who, value: (
        f"{PRAYERS[what]} ({team}): {who} earns {value} more Star Player "
        f"Point{'s' * (int(value) != 1)}"
    )


def _bonus_reroll(what: str) -> Note:
    return lambda d, team, who, value: (
        f"{KICKOFF[what]}: {team} gain a team re-roll for this half"
    )


NOTES: dict[str, Note] = {
    "ref_ignores": lambda d, team, who, value: (
        f"The referee ignores {who}'s Foul: he awards {team} no penalties this half"
    ),
    "ref_bought": lambda d, team, who, value: (
        f"Get Da Ref: the new referee will award {team} no penalties this half"
    ),
    "solid_defence": lambda d, team, who, value: (
        f"Solid Defence: {team} may set up {_players(value)} again"
    ),
    "perfect_defence": lambda d, team, who, value: (
        f"Perfect Defence: {team} may set up their players again"
    ),
    "quick_snap": lambda d, team, who, value: (
        f"Quick Snap: {_players(value)} of {team} may move a square"
    ),
    "blitz": _blitz,
    "charge": lambda d, team, who, value: (
        f"Charge!: up to {_players(value)} of {team} may take a free action"
    ),
    "riot_ends_half": lambda d, team, who, value: "The Riot ends the half",
    "cheering_fans": _bonus_reroll("cheering_fans"),
    "brilliant_coaching": _bonus_reroll("brilliant_coaching"),
    "throw_a_rock": _crowd("throw_a_rock"),
    "pitch_invasion": _crowd("pitch_invasion"),
    # the BB2025 Prayers to Nuffle acting (engine/variants/bb2025/prayers.py)
    "perfect_passing": _prayer_spp("perfect_passing"),
    "dazzling_catching": _prayer_spp("dazzling_catching"),
    "fan_interaction": _prayer_spp("fan_interaction"),
    "fouling_frenzy": _prayer_spp("fouling_frenzy"),
    "under_scrutiny": lambda d, team, who, value: (
        f"Under Scrutiny ({team}): the referee saw {who} break the armour"
    ),
    "rock_thrown": lambda d, team, who, value: (
        f"Throw a Rock ({team}): a fan throws a rock at {who}"
    ),
    "prayer_nothing_left": lambda d, team, who, value: (
        f"Prayers to Nuffle ({team}): all {value} results are already in "
        "effect, so this prayer has none left"
    ),
    "placed_prone_stunned": lambda d, team, who, value: (
        f"{who} is Placed Prone and Stunned"
    ),
    "swarming": lambda d, team, who, value: (
        f"Swarming: {who} joins {team} on the pitch, {d.sq(value)}"
    ),
    "bomb_throw": lambda d, team, who, value: f"{who} throws a bomb {d.sq(value)}",
    "bomb_accurate": _bomb("accurate"),
    "bomb_inaccurate": _bomb("inaccurate"),
    "bomb_wildly_inaccurate": _bomb("wildly inaccurate"),
    "bomb_crowd": lambda d, team, who, value: (
        f"{who}'s bomb flies into the crowd and goes off harmlessly"
    ),
    "bomb_hit": lambda d, team, who, value: f"{who} is hit by the bomb",
    "bomb_thrown_on": lambda d, team, who, value: (
        f"{who} has the bomb and must throw it on at once"
    ),
    "throw_at_the_wall": lambda d, team, who, value: f"{who} throws the ball at a wall",
    "pushed_into_wall": lambda d, team, who, value: f"{who} is pushed into a wall",
    "pushed_into_crypt": lambda d, team, who, value: f"{who} is pushed into the Crypt",
    "pushed_into_chasm": lambda d, team, who, value: (
        f"{who} is pushed into the Fiery Chasm"
    ),
    "hit_the_wall": lambda d, team, who, value: f"{who} hits a wall",
}


def note(d: Describer, e: Event) -> str:
    what = str(e["what"])
    player = e.get("player", -1)
    team = d.t(e["team"])
    who = d.p(player) if player != -1 else "a player"
    if what in NOTES:
        return NOTES[what](d, team, who, e.get("value"))
    if what.startswith("bomb_explodes_"):
        return f"{who}'s bomb explodes {d.sq(e.get('value'))}"
    return f"{who if player != -1 else team}: {sentence(what).lower()}"
