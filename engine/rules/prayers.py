"""Prayers to Nuffle (rulebook "The Prayers to Nuffle Table" (D16); Death
Zone Sevens table (D8)). Effects keyed ``..._drive`` end with the drive,
``..._half`` with the half; ``..._drives`` hold the number of the last
drive they cover and end with it (:func:`expire_drives`). How long each
result lasts is the format's (``Variant.prayer_lasts``; the BB2020 table's
in :data:`PRAYER_LASTS`).

Decision: results that only change Star Player Points (Perfect Passing,
Fan Interaction, Necessary Violence, Fouling Frenzy), Throw a Rock
(stalling is not tracked) and Intensive Training (a skill choice made
outside the match) are recorded as events and have no in-match effect.
Stiletto grants the Stab trait (:class:`engine.rules.special_actions.Stab`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine.core import skillbits as S
from engine.core.events import Note, Prayer
from engine.core.state import PITCH, RESERVES, Decision, GameState, Option, Proc
from engine.rules.rolls import random_pick

# How long each BB2020 result lasts: "drive" (this drive), "half", "game";
# a format may also say "next_drive" (until the end of the next drive).
PRAYER_LASTS: Final[Mapping[str, str]] = {
    "treacherous_trapdoor": "half",
    "friends_with_the_ref": "drive",
    "stiletto": "drive",
    "iron_man": "game",
    "knuckle_dusters": "drive",
    "bad_habits": "drive",
    "greasy_cleats": "drive",
    "blessed_statue_of_nuffle": "game",
    "moles_under_the_pitch": "half",
    "perfect_passing": "game",
    "fan_interaction": "drive",
    "necessary_violence": "drive",
    "fouling_frenzy": "drive",
    "throw_a_rock": "drive",
    "under_scrutiny": "half",
    "intensive_training": "game",
}


def trapdoors_live(g: GameState) -> bool:
    """Whether a Treacherous Trapdoor prayer made the trapdoors live (for
    the half, BB2020; for the game, BB2025)."""
    return bool(
        g.effects.get("treacherous_trapdoor_half")
        or g.effects.get("treacherous_trapdoor_game")
    )


def friends_with_the_ref(g: GameState, t: int) -> bool:
    """Whether team ``t``'s Argue the Call rolls of 5 count as 6 (Friends
    with the Ref: for the drive, BB2020; to the end of the next drive,
    Sevens; for the game, BB2025)."""
    key = f"friends_with_the_ref_{t}"
    return any(g.effects.get(f"{key}_{s}") for s in ("drive", "drives", "game"))


def _mark(g: GameState, key: str, lasts: str) -> None:
    """Record the effect ``key`` for as long as ``lasts`` says: "next_drive"
    to the end of the drive after the one under way (before the first
    drive, the first: ``g.drive`` counts the drives begun)."""
    if lasts == "next_drive":
        g.effects[f"{key}_drives"] = g.drive + 1
    else:
        g.effects[f"{key}_{lasts}"] = True


def _in_effect(g: GameState, key: str) -> bool:
    return any(f"{key}_{s}" in g.effects for s in ("drive", "drives", "half", "game"))


def expire_drives(g: GameState) -> None:
    """The drive ``g.drive`` ends: the ``..._drives`` effects that cover no
    later drive end with it."""
    for key in [k for k in g.effects if k.endswith("_drives")]:
        if g.effects[key] <= g.drive:
            del g.effects[key]


def moles(g: GameState, p: int) -> int:
    """Moles under the Pitch: what they take off player ``p``'s Rush rolls
    (-1: any player; BB2020's hit every player, BB2025's the praying
    team's opponents, ``moles_{team}_game``)."""
    m = int(g.effects.get("moles", 0))
    if p >= 0:
        m += int(g.effects.get(f"moles_{g.team[p]}_game", 0))
    return m


def _available(g: GameState, t: int, no_loner: bool) -> list[int]:
    return [
        p
        for p in range(g.n)
        if g.team[p] == t
        and g.box[p] in (PITCH, RESERVES)
        and not (no_loner and g.skills[p] & S.LONER)
    ]


class PrayerProc(Proc):
    """Team ``t`` rolls once on the Prayers to Nuffle table."""

    __slots__ = ("t", "result")

    def __init__(self, t: int) -> None:
        self.phase = 0
        self.t = t
        self.result = ""

    def step(self, g: GameState) -> Decision | None:
        t = self.t
        table = g.variant.prayers
        # Decision: a prayer made while every result of the table is in
        # effect for the team (a ninth underdog prayer on the Sevens D8
        # table, 450,000 of difference; a seventeenth on the D16) has no
        # result left to roll: it is lost, with no die rolled ("re-rolling
        # any duplicate results" could never end).
        if all(_in_effect(g, f"prayer_{name}_{t}") for name in table[1:]):
            g.emit(Note("prayer_nothing_left", g.tname(t), -1, len(table) - 1))
            g.stack.pop()
            return None
        while True:
            r = g.dice.d16() if len(table) > 9 else g.dice.d8()
            name = table[r]
            key = f"prayer_{name}_{t}"
            if not _in_effect(g, key):
                break
        lasts = g.variant.prayer_lasts(name)
        _mark(g, key, lasts)
        self.result = name
        if name == "treacherous_trapdoor":
            g.effects["treacherous_trapdoor_half"] = True
        elif name == "friends_with_the_ref":
            _mark(g, f"friends_with_the_ref_{t}", lasts)
        elif name == "moles_under_the_pitch":
            g.effects["moles"] = g.effects.get("moles", 0) + 1
        elif name == "under_scrutiny":
            g.effects[f"under_scrutiny_{1 - t}_half"] = True
        elif name in ("iron_man", "knuckle_dusters", "blessed_statue_of_nuffle"):
            cands = _available(g, t, True)
            if cands:
                g.emit(Prayer(g.tname(t), r, name, -1))
                return Decision(
                    g.tname(t),
                    "prayer_player",
                    tuple(g.pl_opts[p]["prayer"] for p in cands),
                    info=(name,),
                )
        elif name in ("stiletto",):
            cands = _available(g, t, True)
            if cands:
                p = cands[random_pick(g, cands)]
                if not g.skills[p] & S.STAB:
                    g.skills[p] |= S.STAB
                    _revert(g, p, "skill", S.STAB)
                g.emit(Prayer(g.tname(t), r, name, g.pid[p]))
                g.stack.pop()
                return None
        elif name in ("bad_habits", "greasy_cleats"):
            cands = _available(g, 1 - t, name == "bad_habits")
            k = g.dice.d3() if name == "bad_habits" else 1
            for _ in range(min(k, len(cands))):
                i = random_pick(g, cands)
                p = cands.pop(i)
                if name == "bad_habits":
                    if not g.skills[p] & S.LONER:
                        g.skills[p] |= S.LONER
                        _revert(g, p, "skill", S.LONER)
                    g.effects[f"loner2_{p}_drive"] = 2
                else:
                    g.ma[p] -= 1
                    _revert(g, p, "ma", 1)
                g.emit(Prayer(g.tname(t), r, name, g.pid[p]))
            g.stack.pop()
            return None
        g.emit(Prayer(g.tname(t), r, name, -1))
        g.stack.pop()
        return None

    def receive(self, g: GameState, choice: Option) -> None:
        p = g.idx[choice[1]]
        name = self.result
        if name == "iron_man":
            g.av[p] = min(11, g.av[p] + 1)
        elif name == "knuckle_dusters":
            if not g.skills[p] & S.MIGHTY_BLOW:
                g.skills[p] |= S.MIGHTY_BLOW
                _revert(g, p, "skill", S.MIGHTY_BLOW)
        else:
            g.skills[p] |= S.PRO
        g.emit(Prayer(g.tname(self.t), 0, name, g.pid[p]))
        g.stack.pop()


def _revert(g: GameState, p: int, what: str, value: int) -> None:
    """Remember a drive-long change to undo at the end of the drive."""
    g.effects["revert_drive"] = g.effects.get("revert_drive", ()) + ((p, what, value),)


def undo_drive_changes(g: GameState) -> None:
    """Undo drive-long characteristic and skill changes."""
    for p, what, value in g.effects.get("revert_drive", ()):
        if what == "skill":
            g.skills[p] &= ~value
        elif what == "ma":
            g.ma[p] += value
