"""Getting Even in the post-game Injuries step (Blood Bowl 2025,
``engine.campaign.getting_even``): a player whose casualty came out as a
Seriously Hurt, a Serious Injury or a Lasting Injury caused by a player of
the other team rolls a D6 from the match's seed; on a 4+ he gains Hatred
of a race keyword of that player, recorded in his gained skills (no
advancement, no value) and in the match's events."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.facade import SeededRoller, roll_getting_even, rules_data
from league.models import Player
from league.rules import LeagueRules
from matches.events import postgame_roll_payload
from matches.postgame.results import CasualtyEntry

Snapshot = Mapping[str, Any]


def _attacker_keywords(
    rules: LeagueRules, snaps: Mapping[int, Snapshot], entry: CasualtyEntry
) -> tuple[str, ...] | None:
    """The keywords of the opposing player who caused the casualty, or
    None when none is identified on the other team's roster.

    Decision: only a player of the other team's roster (its snapshot)
    counts as identified; a casualty caused by nobody (the crowd, a team
    mate) or by a Star Player or a mercenary, whose sheets the league does
    not keep, gives no roll."""
    by = entry["inflicted_by"]
    if by is None:
        return None
    for team_id, snap in snaps.items():
        if team_id == entry["team_id"]:
            continue
        for p in snap["players"]:
            if p["id"] == by:
                data = rules_data(rules.rules_version)
                return data.position_of(snap["roster"], p["position"]).keywords
    return None


def getting_even(
    rules: LeagueRules,
    snaps: Mapping[int, Snapshot],
    entry: CasualtyEntry,
    player: Player,
    result: str,
    roller: SeededRoller,
) -> tuple[str, dict[str, Any]] | None:
    """Roll Getting Even for ``player`` (locked), whose casualty ``entry``
    came out as ``result``; gives him the skill on a success. Returns the
    event, or None when he does not roll."""
    rule = rules.variant.getting_even
    if rule is None or player.status == Player.Status.DEAD:
        return None
    keywords = _attacker_keywords(rules, snaps, entry)
    if keywords is None:
        return None
    own = snaps[entry["team_id"]]
    starting = next((p["skills"] for p in own["players"] if p["id"] == player.pk), ())
    hated = [
        str(param)
        for skill, param in [
            *((s, x) for s, x in starting),
            *((s["skill"], s.get("param")) for s in player.gained_skills),
        ]
        if skill == rule.skill and param
    ]
    roll = roll_getting_even(rule, result, keywords, hated, roller)
    if roll is None:
        return None
    if roll.keyword is not None:
        entry_json = {"skill": rule.skill, "param": roll.keyword, "getting_even": True}
        player.gained_skills = [*player.gained_skills, entry_json]
        player.save(update_fields=["gained_skills"])
    return (
        "postgame_getting_even",
        postgame_roll_payload(
            "injuries",
            entry["team_id"],
            roll.rolls,
            player_id=player.pk,
            inflicted_by=entry["inflicted_by"],
            keyword=roll.keyword,
        ),
    )
