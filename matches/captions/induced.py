"""Captions of inducements acting in a match (engine.core.events.Induced, whose
event type is the inducement): Blood Bowl's inducements, the Sevens
Desperate Measures and the Dungeon Bowl College Wizards' spells."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from matches.captions.context import Caption, Describer, listed, plus
from matches.captions.names import WEATHER, article, named, sentence, skill_name
from matches.captions.play import action_name

Event = Mapping[str, Any]

INDUCED = {
    "keg_bonus": "Bloodweiser Kegs",
    "master_chef": "Halfling Master Chef",
    "wizard_fireball": "Wizard's Fireball",
    "wizard_zap": "Wizard's Zap!",
    "weather_mage": "Weather Mage",
    "biased_referee": "Biased Referee",
    "mortuary_assistant": "Mortuary Assistant",
    "plague_doctor": "Plague Doctor",
    "bugman": "Josef Bugman",
    "bugman_xxxxxx": "Bugman's XXXXXX",
    "bugman_setup": "Josef Bugman's re-set-up",
    # the Sevens Desperate Measures (engine/desperate.py)
    "you_dope": "Desperate Measure You Dope",
    "razzle_dazzle": "Desperate Measure Razzle-dazzle",
    "hangover": "Desperate Measure Hangover",
    "grudge_match": "Desperate Measure Grudge Match",
    "set_piece": "Desperate Measure Set Piece",
    "sports_espionage": "Desperate Measure Sports Espionage",
    "banana_skin": "Desperate Measure Discarded Banana Skin",
    "magic_scroll": "Desperate Measure Magic Scroll",
    # Dungeon Bowl spells: the College Wizards
    # (engine/variants/dungeon_bowl/spell_effects.py)
    "bestial_fury": "Amber Wizard's Bestial Fury",
    "life_drain": "Amethyst Wizard's Life Drain",
    "chain_lightning": "Celestial Wizard's Chain Lightning",
    "transmutation": "Gold Wizard's Transmutation",
    "shadowed_step": "Grey Wizard's Shadowed Step",
    "grasping_vines": "Jade Wizard's Grasping Vines",
    "blinding_light": "Light Wizard's Blinding Light",
    # Blood Bowl 2025 (engine/variants/bb2025/mascot.py, prayers.py)
    "team_mascot": "Team Mascot",
    "intensive_training": "Prayers to Nuffle: Intensive Training",
}
# What an inducement did, by its result (the player it acted on first).
DONE = {
    "three_dice": "rolls three block dice in every Block this turn",
    "injury_roll": "takes an Injury roll",
    "struck": "is struck",
    "grasped": "cannot act this turn and loses his Tackle Zone",
    "ko": "is Knocked Out",
    "resisted": "resists",
    "frog": "is turned into a frog",
    "warts": "resists, and only grows warts",
    "unfrogged": "is a player again",
    "hit": "is hit",
    "avoided": "gets out of the way",
    "regenerated": "regenerates",
    "failed": "does not regenerate",
    "ko_treated": "is treated as an apothecary would",
    "feels_amazing": "feels amazing",
    "misses_rest_of_match": "misses the rest of the match",
    "misses_first_drive": "misses the first drive",
    "declared": "will make the Set Piece pass",
    "accurate_without_a_roll": "throws an Accurate pass without a roll",
    "caught_without_a_roll": "catches the pass without a roll",
    "falls_over": "falls over",
}
# What an inducement did for its team (no player).
TEAM_DONE = {
    "any_number_of_fouls": "may make any number of Fouls this turn",
    "free_team_reroll": "gain a free team re-roll",
    "hireling_sports_wizard": "hire a Sports Wizard for the game",
    "mascot_rerolls": "may re-roll",
    "mascot_lost": "lose the Mascot's re-roll for this half",
    "cheering_fans_reroll": "re-roll a 1 on the Cheering Fans roll",
}


def _rolled(e: Event) -> str:
    dice = list(e.get("dice") or [])
    if not dice:
        return ""
    if len(dice) == 1:
        return f" (D6 roll of {dice[0]})"
    return f" (D6 rolls of {listed([str(x) for x in dice])})"


def induced(d: Describer, kind: str, e: Event) -> str:
    """An inducement's event in general: its name, its team, the player it
    acted on and what it did."""
    head = f"{INDUCED.get(kind, named({}, kind))} ({d.t(e['team'])})"
    result = str(e["result"])
    player = e.get("player", -1)
    if player != -1:
        did = DONE.get(result) or sentence(result).lower()
        return f"{head}: {d.p(player)} {did}{_rolled(e)}"
    did = TEAM_DONE.get(result) or sentence(result).lower()
    return f"{head}: {d.t(e['team'])} {did}{_rolled(e)}"


def keg_bonus(d: Describer, e: Event) -> str:
    return (
        f"Bloodweiser Kegs ({d.t(e['team'])}): {e['result']} to {d.p(e['player'])}'s "
        f"recovery roll of {e['dice'][0]}"
    )


def master_chef(d: Describer, e: Event) -> str:
    found = re.fullmatch(r"gains (\d+), steals (\d+)", str(e["result"]))
    if found is None:
        return induced(d, "master_chef", e)
    gains, steals = (int(n) for n in found.groups())
    team = d.t(e["team"])
    other = d.t("away" if e["team"] == "home" else "home")
    return (
        f"Halfling Master Chef ({team}): D6 rolls of {listed([str(x) for x in e['dice']])}: "
        f"{team} gain {gains} team re-roll{'s' * (gains != 1)} and take "
        f"{steals} from {other}"
    )


def wizard_fireball(d: Describer, e: Event) -> str:
    found = re.fullmatch(r"square (\d+): (\d+) hit", str(e["result"]))
    if found is None:
        return induced(d, "wizard_fireball", e)
    square, hits = (int(n) for n in found.groups())
    caught = len(e["dice"])
    return (
        f"Wizard's Fireball ({d.t(e['team'])}) lands {d.sq(square)}: {hits} of "
        f"{caught} player{'s' * (caught != 1)} hit{_rolled(e)}"
    )


def weather_mage(d: Describer, e: Event) -> str:
    result = str(e["result"])
    team = d.t(e["team"])
    if result.startswith("ends "):
        old = named(WEATHER, result.removeprefix("ends "))
        return f"Weather Mage ({team}): the spell ends; the weather is {old} again"
    found = re.fullmatch(r"([+-]\d+) (\w+)", result)
    if found is None:
        return induced(d, "weather_mage", e)
    change, new = found.groups()
    return (
        f"Weather Mage ({team}): 2D6 {plus(e['dice'])}, modified by {change}: "
        f"the weather becomes {named(WEATHER, new)}"
    )


def biased_referee(d: Describer, e: Event) -> str:
    team, result = d.t(e["team"]), str(e["result"])
    if result == "+1":
        return f"Biased Referee ({team}): +1 to the Argue the Call roll{_rolled(e)}"
    seen = "spots" if result == "foul_spotted" else "does not see"
    return (
        f"Biased Referee ({team}) {seen} {d.p(e['player'])}'s Foul"
        f" (Close Scrutiny){_rolled(e)}"
    )


def bugman(d: Describer, e: Event) -> str:
    team, result = d.t(e["team"]), str(e["result"])
    found = re.fullmatch(r"joins \((\d+) ready\)", result)
    if found is not None:
        return (
            f"Josef Bugman joins {team} for the drive: only {found.group(1)} of "
            "their players are ready"
        )
    if result == "sent_off":
        return (
            "Josef Bugman is sent off at the end of his drive for the Foul he commits"
        )
    return induced(d, "bugman", e)


def bugman_xxxxxx(d: Describer, e: Event) -> str:
    first, again = e["dice"][0], e["dice"][-1]
    return (
        f"Bugman's XXXXXX ({d.t(e['team'])}): {d.p(e['player'])} re-rolls a "
        f"recovery roll of {first} and rolls {again}"
    )


def bugman_setup(d: Describer, e: Event) -> str:
    """BB2025: the D3 of players he may re-set up, then each one moved."""
    team, result = d.t(e["team"]), str(e["result"])
    found = re.fullmatch(r"square (\d+) to (\d+)", result)
    if found is not None:
        return (
            f"Josef Bugman's re-set-up ({team}): {d.p(e['player'])} is set up "
            f"again, now {d.sq(int(found.group(2)))}"
        )
    if result == "re-set-up" and e.get("dice"):
        n = int(e["dice"][0])
        return (
            f"Josef Bugman's re-set-up ({team}): {team} may set up {n} "
            f"player{'s' * (n != 1)} again (D3 roll of {n})"
        )
    return induced(d, "bugman_setup", e)


def you_dope(d: Describer, e: Event) -> str:
    found = re.fullmatch(r"\+1 (MA|ST|AG|PA|AV)", str(e["result"]))
    if found is None:
        return induced(d, "you_dope", e)
    return (
        f"Desperate Measure You Dope ({d.t(e['team'])}): {d.p(e['player'])} "
        f"gains +1 {found.group(1)}"
    )


def razzle_dazzle(d: Describer, e: Event) -> str:
    result = str(e["result"])
    head = f"Desperate Measure Razzle-dazzle ({d.t(e['team'])}): {d.p(e['player'])}"
    for lead, text in (
        ("declared with ", "declares {} and may take a second action"),
        ("second action ", "takes a second action: {}"),
    ):
        if result.startswith(lead):
            action = article(action_name(result.removeprefix(lead)))
            return f"{head} {text.format(action)}"
    return induced(d, "razzle_dazzle", e)


def shadowed_step(d: Describer, e: Event) -> str:
    found = re.fullmatch(r"square (\d+) to (\d+)", str(e["result"]))
    if found is None:
        return induced(d, "shadowed_step", e)
    return (
        f"Grey Wizard's Shadowed Step ({d.t(e['team'])}): {d.p(e['player'])} "
        f"steps through the shadows, now {d.sq(int(found.group(2)))}"
    )


def blinding_light(d: Describer, e: Event) -> str:
    return (
        f"Light Wizard's Blinding Light ({d.t(e['team'])}): {d.t(e['result'])} "
        "may not pass, hand off or assist a Block until their next turn"
    )


def transmutation(d: Describer, e: Event) -> str:
    did = "is Knocked Out" if e["result"] == "ko" else "resists"
    return (
        f"Gold Wizard's Transmutation ({d.t(e['team'])}): 2D6 {plus(e['dice'])} "
        f"against {d.p(e['player'])}'s Armour Value: he {did}"
    )


def intensive_training(d: Describer, e: Event) -> str:
    return (
        f"Prayers to Nuffle: Intensive Training ({d.t(e['team'])}): "
        f"{d.p(e['player'])} gains {skill_name(e['result'])}"
    )


SPECIAL: dict[str, Caption] = {
    "intensive_training": intensive_training,
    "keg_bonus": keg_bonus,
    "master_chef": master_chef,
    "wizard_fireball": wizard_fireball,
    "weather_mage": weather_mage,
    "biased_referee": biased_referee,
    "bugman": bugman,
    "bugman_xxxxxx": bugman_xxxxxx,
    "bugman_setup": bugman_setup,
    "you_dope": you_dope,
    "razzle_dazzle": razzle_dazzle,
    "shadowed_step": shadowed_step,
    "blinding_light": blinding_light,
    "transmutation": transmutation,
}


def _general(kind: str) -> Caption:
    return lambda d, e: induced(d, kind, e)


CAPTIONS: dict[str, Caption] = {
    kind: SPECIAL.get(kind) or _general(kind) for kind in INDUCED
}
