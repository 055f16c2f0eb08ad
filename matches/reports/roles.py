"""MVP, knocked-out and sent-off players in a tabletop report.

The MVP (post-game_sequence.md "Most Valuable Player"): each coach picks
one of his team's players at random at the end of the game; a report may
name the player the table picked, and the post-game then awards him the
MVP instead of drawing one (``matches.postgame.sequence``). Only a player
the rules allow:

- a player of the team's roster frozen at kick-off (journeymen count; Star
  Players and Mercenaries are never on it);
- eligible to play in this game (not missing it);
- not killed in this game (the casualties of the same report);
- one per team, and none for a team that conceded (the_rules_of_blood_bowl.md
  "Conceding").

Decision: a team the report names no MVP for gets one drawn by the server,
as dice left blank in a report are rolled by the server.

Knocked-out and sent-off players are a record of the game (kept in the
result's summary and the report's event); nothing in the post-game depends
on them. Each must be a player of this match who was eligible to play.
Decision: a player may be both (knocked out, back on the pitch, then sent
off), and either may also be a casualty of the report.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.facade import Violation

ROLE_FIELDS = ("mvps", "knocked_out", "sent_off")


def roster_index(
    snapshots: Mapping[int, Mapping[str, Any]],
) -> tuple[dict[int, int], set[int], dict[int, str]]:
    """(team of each player, the players eligible to play, their names)."""
    team_of: dict[int, int] = {}
    available: set[int] = set()
    names: dict[int, str] = {}
    for team_id, snap in snapshots.items():
        for p in snap["players"]:
            team_of[p["id"]] = team_id
            names[p["id"]] = f"#{p['number']} {p['name']}"
            if p["available"]:
                available.add(p["id"])
    return team_of, available, names


def role_violations(
    *,
    mvps: Sequence[int],
    knocked_out: Sequence[int],
    sent_off: Sequence[int],
    snapshots: Mapping[int, Mapping[str, Any]],
    conceded_by: int | None,
) -> list[Violation]:
    """What the rules refuse in the report's MVP, knocked-out and sent-off
    lists, before any casualty is rolled (see ``mvp_dead_violations``)."""
    team_of, available, names = roster_index(snapshots)
    errors: list[Violation] = []
    lists = {"mvps": mvps, "knocked_out": knocked_out, "sent_off": sent_off}
    for kind, ids in lists.items():
        seen: set[int] = set()
        for i, pid in enumerate(ids):
            where = f"{kind}.{i}"
            if pid not in team_of:
                errors.append(
                    Violation(
                        "unknown_player", where, "not a player of either team's roster"
                    )
                )
            elif pid in seen:
                errors.append(
                    Violation(
                        "duplicate_player", where, f"{names[pid]} is listed twice"
                    )
                )
            elif pid not in available:
                errors.append(
                    Violation(
                        "not_available",
                        where,
                        f"{names[pid]} was not eligible to play in this match",
                    )
                )
            seen.add(pid)
    teams_seen: set[int] = set()
    for i, pid in enumerate(mvps):
        team_id = team_of.get(pid)
        if team_id is None:
            continue
        if team_id == conceded_by:
            errors.append(
                Violation(
                    "conceded_no_mvp",
                    f"mvps.{i}",
                    "a team that concedes awards no MVP",
                )
            )
        elif team_id in teams_seen:
            errors.append(Violation("mvp_count", f"mvps.{i}", "one MVP for each team"))
        teams_seen.add(team_id)
    return errors


def mvp_dead_violations(
    mvps: Sequence[int],
    casualties: Sequence[Mapping[str, Any]],
    snapshots: Mapping[int, Mapping[str, Any]],
) -> list[Violation]:
    """An MVP killed in this game (his casualty as the report's dice, or
    the server's, decided) is refused."""
    dead = {c["player_id"] for c in casualties if c["result"] == "dead"}
    _, _, names = roster_index(snapshots)
    return [
        Violation(
            "mvp_dead", f"mvps.{i}", f"{names[pid]} was killed: he cannot be the MVP"
        )
        for i, pid in enumerate(mvps)
        if pid in dead
    ]


def role_summary(
    mvps: Sequence[int],
    knocked_out: Sequence[int],
    sent_off: Sequence[int],
    snapshots: Mapping[int, Mapping[str, Any]],
) -> dict[str, Any]:
    """What the result keeps: the MVP named for each team (team id as a
    string, as JSON keeps it), and the knocked-out and sent-off players;
    only what the report names (a report without them keeps none)."""
    team_of, _, _ = roster_index(snapshots)
    kept: dict[str, Any] = {
        "mvps": {str(team_of[pid]): pid for pid in mvps},
        "knocked_out": list(knocked_out),
        "sent_off": list(sent_off),
    }
    return {key: value for key, value in kept.items() if value}
