"""Captions of Dungeon Bowl: Chests, rooms, Portals, the Magic Sponge and
the time limit (engine.core.events)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from matches.captions.context import Caption, Describer
from matches.captions.names import ROOMS, named, sentence

Event = Mapping[str, Any]


def chest_opened(d: Describer, e: Event) -> str:
    found = "finds the ball" if e["contents"] == "ball" else "sets off its booby trap"
    return f"{d.p(e['player'])} ({d.t(e['team'])}) opens a Chest and {found}"


def room_rule(d: Describer, e: Event) -> str:
    """A room's rule acting on a player (engine.core.events.RoomRule)."""
    room = named(ROOMS, e["room"])
    who, value = d.p(e["player"]), int(e["value"])
    match e["effect"]:
        case "ma":
            return f"{room}: {who} has MA {value:+d} this activation"
        case "st":
            return f"{room}: {who} has ST {value:+d} this activation"
        case "knocked_down":
            return f"{room} knocks {who} down"
        case "disturbing_presence":
            change = "gains" if value else "loses"
            return f"{room}: {who} {change} Disturbing Presence"
        case "throw_food":
            return f"{room}: {who} throws food at {d.p(value)}"
        case "gather_funds":
            return f"{room}: {who} gathers funds ({value} so far)"
    return f"{room}: {who}: {sentence(e['effect']).lower()}"


def teleport(d: Describer, e: Event) -> str:
    where = (
        "comes through the Dugout Portal"
        if e["src"] == 0
        else f"teleports from Portal {e['src']}"
    )
    chain = " (a Chain Reaction)" if e.get("chain") else ""
    return f"{d.p(e['player'])} {where} to Portal {e['dst']}{chain}"


def time_limit(d: Describer, e: Event) -> str:
    home, away = e["distances"]
    if e["winner"] == "draw":
        verdict = "a draw"
    elif e["winner"] == "extra time":
        verdict = "level, and a play-off plays extra time"
    elif e["winner"] == "sudden death":
        verdict = "still level, and sudden death decides the play-off"
    else:
        verdict = f"{d.t(e['winner'])} win"
    return (
        f"Time is up: the ball is {home} squares from the away End Zone "
        f"and {away} from the home End Zone: {verdict}"
    )


CAPTIONS: dict[str, Caption] = {
    "chest_opened": chest_opened,
    "room_rule": room_rule,
    "ball_hidden": lambda d, e: (
        f"The ball is hidden in one of the {e['chests']} Chests"
    ),
    "first_turn": lambda d, e: (
        f"{d.t(e['team'])} win the coin toss: they take the first turn and "
        "choose their End Zone"
    ),
    "teleport": teleport,
    "ball_teleport": lambda d, e: (
        f"The ball falls through Portal {e['src']} and comes out of Portal {e['dst']}"
    ),
    "magical_mishap": lambda d, e: (
        f"Magical Mishap: {d.p(e['player'])} vanishes through Portal "
        f"{e['portal']} and takes no further part"
    ),
    "dugout_portal": lambda d, e: (
        f"{d.t(e['team'])} send {d.p(e['player'])} through their Dugout Portal"
    ),
    "magic_sponge": lambda d, e: (
        f"{d.t(e['team'])} use the Magic Sponge: {d.p(e['player'])} is back in the "
        "Reserves"
    ),
    "time_limit": time_limit,
}
