"""Captions of the game's course: the pre-game, kick-offs, turns, drives,
halves, extra time and the final whistle (engine.core.events)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from matches.captions.context import Caption, Describer, period, plus
from matches.captions.names import KICKOFF, PRAYERS, WEATHER, named

Event = Mapping[str, Any]


def players(n: int) -> str:
    return "1 player" if n == 1 else f"{n} players"


def game_start(d: Describer, e: Event) -> str:
    start = "Kick-off" if d.halves else "Into the dungeon"
    return f"{start}: {d.t('home')} v {d.t('away')}, a game of {d.variant.label}"


def fan_factor(d: Describer, e: Event) -> str:
    if "team" in e:  # the engine's, one team at a time
        return (
            f"{d.t(e['team'])}: Fan Factor {e['fan_factor']} "
            f"({e['dedicated_fans']} Dedicated Fans + a D3 roll of {e['d3']})"
        )
    # a report's, both teams at once: [home, away]
    sides = []
    for i, side in enumerate(("home", "away")):
        d3 = e.get("d3") or []
        roll = f" (D3 roll of {d3[i]})" if i < len(d3) else ""
        sides.append(f"{d.t(side)} {e['fan_factor'][i]}{roll}")
    return "Fan Factor: " + ", ".join(sides)


def weather(d: Describer, e: Event) -> str:
    return f"Weather: {named(WEATHER, e['result'])} (2D6: {plus(e['dice'])})"


def coin_toss(d: Describer, e: Event) -> str:
    return f"{d.t(e['winner'])} win the toss; {d.t(e['kicking'])} kick"


def kick(d: Describer, e: Event) -> str:
    return f"{d.t(e['team'])} kick {d.sq(e['target'])}; the ball lands {d.sq(e['landing'])}"


def kickoff_event(d: Describer, e: Event) -> str:
    return f"Kick-off event: {named(KICKOFF, e['result'])} (2D6: {plus(e['dice'])})"


def prayer(d: Describer, e: Event) -> str:
    name = named(PRAYERS, e["result"])
    player = e.get("player", -1)
    if not e["roll"]:  # the player the coach chose for it
        return f"Prayers to Nuffle: {name}: {d.t(e['team'])} choose {d.p(player)}"
    die = "D16" if len(d.variant.prayers) > 9 else "D8"
    on = f", on {d.p(player)}" if player != -1 else ""
    return (
        f"Prayers to Nuffle: {name} for {d.t(e['team'])} "
        f"({die} roll of {e['roll']}){on}"
    )


def turn_start(d: Describer, e: Event) -> str:
    if not d.halves:
        return f"{d.t(e['team'])} turn {e['turn']}"
    return f"{period(e['half'])}, {d.t(e['team'])} turn {e['turn']}"


def turn_end(d: Describer, e: Event) -> str:
    ends = " with a Turnover" if e.get("turnover") else ""
    return f"{d.t(e['team'])} turn ends{ends}"


def half_time(d: Describer, e: Event) -> str:
    return f"Half-time: {d.score(*e['score'])}"


def extra_time(d: Describer, e: Event) -> str:
    return (
        f"Level at {e['score'][0]}–{e['score'][1]}: extra time (re-rolls carried over)"
    )


def sudden_death(d: Describer, e: Event) -> str:
    throws = ", ".join(f"{h}–{a}" for h, a in e["rolls"])
    won, lost = sorted((e["home_wins"], e["away_wins"]), reverse=True)
    return f"Sudden death: {d.t(e['winner'])} win the roll-offs {won}–{lost} ({throws})"


def concede(d: Describer, e: Event) -> str:
    if e.get("penalty"):
        return f"{d.t(e['team'])} concede the game; the post-game penalties apply"
    return f"{d.t(e['team'])} have no players to set up and concede the game"


def game_end(d: Describer, e: Event) -> str:
    return f"Final whistle: {d.score(*e['score'])}"


CAPTIONS: dict[str, Caption] = {
    "game_start": game_start,
    "fan_factor": fan_factor,
    "weather": weather,
    "coin_toss": coin_toss,
    "setup": lambda d, e: f"{d.t(e['team'])} set up {players(len(e['placement']))}",
    "kick": kick,
    "kickoff_event": kickoff_event,
    "touchback": lambda d, e: f"Touchback: {d.p(e['player'])} takes the ball",
    "prayer": prayer,
    "turn_start": turn_start,
    "turn_end": turn_end,
    "turn_marker": lambda d, e: f"{d.t(e['team'])} turn marker moves to {e['turn']}",
    "drive_end": lambda d, e: "The drive ends",
    "half_time": half_time,
    "extra_time": extra_time,
    "sudden_death": sudden_death,
    "concede": concede,
    "game_end": game_end,
}
