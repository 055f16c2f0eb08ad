"""Captions of the post-game sequence's steps (matches/postgame/sequence.py):
outcome, winnings, Dedicated Fans, MVP and SPP, injuries, Expensive
Mistakes, team value."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from matches.captions.context import Caption, Describer
from matches.captions.names import CHARACTERISTICS, injury_name, title

Event = Mapping[str, Any]

OUTCOMES = {"win": "win", "draw": "draw", "loss": "lose"}


def outcome(d: Describer, e: Event) -> str:
    home, away = e["home"], e["away"]
    if e.get("unplayed") and not e.get("conceded_by"):
        return "Outcome: not played, a loss for both teams"
    if home["outcome"] == "draw":
        result = f"{d.t(home['team_id'])} and {d.t(away['team_id'])} draw"
    else:
        result = ", ".join(
            f"{d.t(side['team_id'])} {OUTCOMES.get(side['outcome'], title(side['outcome']))}"
            for side in (home, away)
        )
    conceded = e.get("conceded_by")
    if conceded:
        result += f" ({d.t(conceded)} conceded"
        if e.get("unplayed"):
            score = d.score(home["touchdowns"], away["touchdowns"])
            result += f" the fixture, not played: {score}"
        result += ")"
    return f"Outcome: {result}"


def winnings(d: Describer, e: Event) -> str:
    funds = "".join(
        f"; {d.t(team)} gathered {f['gold']:,} in the Treasure Room"
        for team, f in (e.get("treasure_room") or {}).items()
    )
    paid = f"{d.t('home')} {e['home']:,}, {d.t('away')} {e['away']:,}"
    if e.get("dice"):
        # rolled winnings (Dungeon Bowl), and the Treasure Room's gold
        dice = " and ".join(str(x["result"]) for x in e["dice"])
        return f"Winnings: the winner's dice {dice}; {paid}{funds}"
    return f"Winnings: fan attendance {e['fan_attendance']}; {paid}{funds}"


def forfeit_winnings(d: Describer, e: Event) -> str:
    """league_and_exhibition_play.md "League Fixtures": the team whose
    opponent conceded the fixture "gains D6x10,000 gold pieces"."""
    rolled = " and ".join(str(x["result"]) for x in e.get("dice", ()))
    return (
        f"Winnings: {d.t(e['team_id'])} gain {e['amount']:,} for the fixture "
        f"conceded to them (D6 {rolled} × 10,000)"
    )


def fans(d: Describer, e: Event) -> str:
    rolls = d.dice(e)
    return f"{d.t(e['team_id'])} Dedicated Fans {e['before']} → {e['after']}" + (
        f" ({rolls})" if rolls else ""
    )


def mvp(d: Describer, e: Event) -> str:
    names = ", ".join(d.p(pid) for pid in e.get("player_ids", []))
    how = d.dice(e) if e.get("dice") else "picked at the table"
    if e.get("nominees"):
        how += f", among {len(e['nominees'])} nominees"
    return f"{d.t(e['team_id'])} MVP: {names} ({how})"


def spp(d: Describer, e: Event) -> str:
    if e.get("skipped"):
        return f"Star Player Points: {e.get('reason', 'not counted')}"
    if e.get("forfeited"):
        return f"{d.p(e['player_id'])} loses {e['forfeited']} SPP: his team conceded"
    mvp = " (MVP)" if e.get("mvp") else ""
    return f"{d.p(e['player_id'])} earns {e['earned']} SPP{mvp}"


def concession_quit(d: Describer, e: Event) -> str:
    ids = e.get("player_ids") or []
    gone = ", ".join(d.p(i) for i in ids) if ids else "nobody"
    return f"{d.t(e['team_id'])} conceded: {gone} quit the team ({d.dice(e)})"


def draft(d: Describer, e: Event) -> str:
    ids = e.get("player_ids") or []
    gone = ", ".join(d.p(i) for i in ids) if ids else "nobody"
    return f"{d.t(e['team_id'])} at the draft: {gone} poached ({d.dice(e)})"


def mng_cleared(d: Describer, e: Event) -> str:
    ids = e.get("player_ids") or []
    if not ids:
        return "No player was serving a Miss Next Game"
    return "Back from Miss Next Game: " + ", ".join(d.p(i) for i in ids)


def injury(d: Describer, e: Event) -> str:
    effects = [e.get("injury") or injury_name(e["result"])]
    if e.get("mng"):
        effects.append("misses the next game")
    if e.get("dead") and effects[0].lower() != "dead":
        effects.append("DEAD")
    for stat, n in (e.get("reductions") or {}).items():
        effects.append(f"−{n} {CHARACTERISTICS.get(stat, stat.upper())}")
    return f"{d.p(e['player_id'])}: {', '.join(effects)}"


def expensive_mistakes(d: Describer, e: Event) -> str:
    if not e.get("incident"):
        return f"{d.t(e['team_id'])}: no Expensive Mistake"
    lost = f"lost {e['lost']:,}" if e.get("lost") else "nothing lost"
    return (
        f"{d.t(e['team_id'])} Expensive Mistakes: {title(e['incident'])}, {lost} "
        f"({d.dice(e)})"
    )


def getting_even(d: Describer, e: Event) -> str:
    by = d.p(e["inflicted_by"])
    if e.get("keyword"):
        return (
            f"{d.p(e['player_id'])} gets even with {by}: Hatred ({e['keyword']}) "
            f"({d.dice(e)})"
        )
    return f"{d.p(e['player_id'])} does not get even with {by} ({d.dice(e)})"


CAPTIONS: dict[str, Caption] = {
    "postgame_outcome": outcome,
    "postgame_winnings": winnings,
    "postgame_forfeit_winnings": forfeit_winnings,
    "postgame_fans": fans,
    "postgame_concession_quit": concession_quit,
    "postgame_mvp": mvp,
    "postgame_spp": spp,
    "postgame_mng_cleared": mng_cleared,
    "postgame_injury": injury,
    "postgame_getting_even": getting_even,
    "postgame_draft": draft,
    "postgame_expensive_mistakes": expensive_mistakes,
    "postgame_team_value": lambda d, e: (
        f"{d.t(e['team_id'])}: TV {e['tv']:,}, CTV {e['ctv']:,}, "
        f"treasury {e['treasury']:,}"
    ),
}
