"""Captions of players going down and getting hurt: knock-downs, Armour,
Injury and Casualty rolls, apothecaries, leaving the pitch, KO recovery
(engine.core.events)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from matches.captions.context import CASUALTY_TABLES, Caption, Describer, plus
from matches.captions.names import (
    APOTHECARY,
    BOXES,
    CHARACTERISTICS,
    FALLS,
    INJURIES,
    LEAVES,
    injury_name,
    words,
)

Event = Mapping[str, Any]


def knocked_down(d: Describer, e: Event) -> str:
    how = FALLS.get(str(e["how"]), f"goes down ({words(e['how'])})")
    return f"{d.p(e['player'])} {how} {d.sq(e['square'])}"


def armour(d: Describer, e: Event) -> str:
    mod = f" (modifier {e['modifier']:+d})" if e.get("modifier") else ""
    verdict = "broken" if e.get("broken") else "holds"
    return (
        f"{d.p(e['player'])} armour {plus(e['dice'])}{mod} against AV "
        f"{e['av']}+: {verdict}"
    )


def injury(d: Describer, e: Event) -> str:
    result = str(e["result"])
    mod = f" (modifier {e['modifier']:+d})" if e.get("modifier") else ""
    return (
        f"{d.p(e['player'])} injury roll {plus(e['dice'])}{mod}: "
        f"{INJURIES.get(result) or injury_name(result)}"
    )


def _lasting(d: Describer, e: Event) -> str:
    """The Lasting Injury of a casualty: its D6 and what it reduces."""
    stat = CHARACTERISTICS.get(str(e.get("characteristic") or ""), "")
    roll = int(e.get("lasting_d6") or 0)
    table = d.variant.lasting_injury
    if roll and roll < len(table):
        name = injury_name(table[roll][0])
        return f"Lasting Injury roll of {roll}: {name}, −1 {stat}"
    return f"−1 {stat}" if stat else ""


def _rolled(e: Event) -> str:
    """The match's Casualty roll: "D16 roll of 8" (empty without one)."""
    if e.get("d100"):
        return f"D100 roll of {e['d100']}"
    return f"D16 roll of {e['d16']}" if e.get("d16") else ""


def casualty(d: Describer, e: Event) -> str:
    who, result = d.p(e["player"]), injury_name(e["result"])
    if e.get("league_result"):
        # A league with a house Casualty table: its roll decides
        # (matches/resolution/resolve.py), as the casualty table says.
        table = CASUALTY_TABLES.get(e["league_table"], "house")
        own = f"the match's own {_rolled(e)} gave" if _rolled(e) else "the match gave"
        return (
            f"{who} suffers a Casualty: {injury_name(e['league_result'])}, on the "
            f"league's {table} table ({own} {result})"
        )
    rolled = "; ".join(part for part in (_rolled(e), _lasting(d, e)) if part)
    return f"{who} suffers a Casualty: {result}" + (f" ({rolled})" if rolled else "")


def apothecary(d: Describer, e: Event) -> str:
    outcome = str(e["outcome"])
    head = f"{d.t(e['team'])} use their apothecary on {d.p(e['player'])}"
    if outcome in APOTHECARY:
        return f"{head}: {APOTHECARY[outcome]}"
    return f"{head}: the Casualty roll is made again, and {injury_name(outcome)} kept"


def player_off(d: Describer, e: Event) -> str:
    box = BOXES.get(str(e["box"]), "the dugout")
    reason = str(e["reason"])
    why = LEAVES.get(reason) or INJURIES.get(reason) or injury_name(reason)
    return f"{d.p(e['player'])} leaves the pitch ({why}) for {box}"


def ko_recovery(d: Describer, e: Event) -> str:
    ok = "recovers" if e.get("recovered") else "stays knocked out"
    return f"{d.p(e['player'])} {ok} (D6 roll of {e['roll']})"


CAPTIONS: dict[str, Caption] = {
    "knocked_down": knocked_down,
    "armour": armour,
    "injury": injury,
    "casualty": casualty,
    "apothecary": apothecary,
    "player_off": player_off,
    "ko_recovery": ko_recovery,
}
