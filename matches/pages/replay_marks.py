"""What the replay viewer shows beside the pitch, worked out from the stored
play-by-play alone: the dice drawn for each roll, the team re-rolls each side
has left, and the places worth jumping to (turns, drives, touchdowns,
casualties). Plain functions over event payloads; no queries."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from matches.captions.names import roll_name

SIDES = ("home", "away")


def dice_drawn(kind: str, e: dict[str, Any]) -> dict[str, Any] | None:
    """The dice an event drew, for the dice row under the pitch: a label, the
    faces in the order rolled, and whether the roll succeeded (None when it is
    not a pass/fail test). Blocks are drawn by the viewer from ``faces``."""
    match kind:
        case "roll" if e.get("dice"):
            need = f", needs {e['target']}+" if e.get("target") else ""
            mod = f" ({e['modifier']:+d})" if e.get("modifier") else ""
            again = " (re-roll)" if e.get("rerolled") else ""
            ok = bool(e.get("success")) if e.get("target") else None
            label = f"{roll_name(e['purpose'])}{need}{mod}{again}"
            return {"label": label, "faces": list(e["dice"]), "ok": ok}
        case "armour":
            mod = f" {e['modifier']:+d}" if e.get("modifier") else ""
            return {
                "label": f"Armour 2D6{mod} against AV {e['av']}+",
                "faces": list(e["dice"]),
                "ok": None,
            }
        case "injury":
            mod = f" {e['modifier']:+d}" if e.get("modifier") else ""
            return {"label": f"Injury 2D6{mod}", "faces": list(e["dice"]), "ok": None}
        case "casualty":
            faces = [e["d100"]] if e.get("d100") else [e["d16"]] if e["d16"] else []
            if e.get("lasting_d6"):
                faces.append(e["lasting_d6"])
            if not faces:
                return None
            die = "D100" if e.get("d100") else "D16"
            lasting = " then lasting injury D6" if e.get("lasting_d6") else ""
            return {"label": f"Casualty {die}{lasting}", "faces": faces, "ok": None}
        case "kick":
            # the squares as the ball went: the D6 halved by Kick, or the
            # D3 of BB2025's Kick (the event keeps the distance, not the die)
            return {
                "label": "Kick deviation: D8 direction, squares",
                "faces": [e["direction"], e["distance"]],
                "ok": None,
            }
        case "weather" | "kickoff_event":
            what = "Weather" if kind == "weather" else "Kick-off event"
            return {"label": f"{what} 2D6", "faces": list(e["dice"]), "ok": None}
        case "ko_recovery":
            return {
                "label": "KO recovery",
                "faces": [e["roll"]],
                "ok": bool(e.get("recovered")),
            }
        case "argue_the_call" | "prayer":
            what = "Argue the call" if kind == "argue_the_call" else "Prayer to Nuffle"
            return {"label": what, "faces": [e["roll"]], "ok": None}
    return None


class RerollCount:
    """Team re-rolls each side has left, following the stored events.

    Decision: this counts the ordinary team re-rolls on the re-roll track
    (the team's own, Extra Team Training, Master Chef's and Sports
    Espionage's), the ones a coach moves a marker for. The Leader re-roll and
    Brilliant Coaching's are not on the track and are left out; using one
    does not lower the count. The track is refilled at half-time (the engine
    does the same: ``engine/rules/game.py``) and carried into extra time."""

    def __init__(self, start: Sequence[int]) -> None:
        self.start = (int(start[0]), int(start[1]))
        self.left = list(self.start)

    def step(self, kind: str, e: dict[str, Any]) -> bool:
        """Apply one event; True when a count changed."""
        before = list(self.left)
        if kind == "half_time":
            self.left = list(self.start)
        elif kind == "reroll" and e.get("source") == "team" and e["team"] in SIDES:
            t = SIDES.index(e["team"])
            self.left[t] = max(0, self.left[t] - 1)
        elif kind == "master_chef" and e.get("team") in SIDES:
            # three D6: each 4+ gains one and takes one from the other side
            # (none below zero), as engine/rules/inducements.py plays it
            t = SIDES.index(e["team"])
            hits = sum(1 for d in e.get("dice") or () if d >= 4)
            taken = min(hits, self.left[1 - t])
            self.left[t] += hits
            self.left[1 - t] -= taken
        elif kind == "sports_espionage" and e.get("team") in SIDES:
            self.left[SIDES.index(e["team"])] += 1
        return self.left != before


def jump_points(events: Sequence[dict[str, Any]]) -> dict[str, list[int]]:
    """Indices (into ``events``) of the events a viewer jumps to: the start
    of each drive (its first set-up), each touchdown and each casualty."""
    drives: list[int] = []
    touchdowns: list[int] = []
    casualties: list[int] = []
    new_drive = True
    for i, row in enumerate(events):
        kind = row["type"]
        if kind == "setup" and new_drive:
            drives.append(i)
            new_drive = False
        elif kind == "drive_end":
            new_drive = True
        elif kind == "touchdown":
            touchdowns.append(i)
        elif kind == "casualty":
            casualties.append(i)
    return {"drives": drives, "touchdowns": touchdowns, "casualties": casualties}
