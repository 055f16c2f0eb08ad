"""Getting Even, a post-game rule of Blood Bowl 2025 (changes_from_bb2020.md
section 7; ``getting_even`` in ``engine/data/bb2025/tables/league.json``): a
player who suffered a Seriously Hurt, a Serious Injury or a Lasting Injury
caused by an identifiable opposing player rolls a D6; on the target he
gains Hatred (X), X a race keyword of the player who hurt him.

The format gives the facts (:class:`GettingEvenRule`, on
``LeagueFormat.getting_even``); the league's post-game rolls with its seeded
dice and records the roll and the skill."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core.dice import Roll, Roller, RollRecorder

# changes_from_bb2020.md section 1: the role keywords, never hated this way.
ROLE_KEYWORDS: frozenset[str] = frozenset(
    {
        "big guy",
        "blitzer",
        "blocker",
        "bugman",
        "catcher",
        "lineman",
        "runner",
        "special",
        "thrower",
    }
)


@dataclass(frozen=True, slots=True)
class GettingEvenRule:
    """The facts of a format's Getting Even: the casualty results that
    trigger it, the D6 target and the skill gained."""

    results: frozenset[str]
    target: int
    skill: str = "hatred"


@dataclass(frozen=True, slots=True)
class GettingEven:
    """One Getting Even roll: the die and the keyword hated (None: no)."""

    rolls: tuple[Roll, ...]
    keyword: str | None


def hateable_keywords(
    attacker_keywords: Sequence[str], hated: Sequence[str]
) -> tuple[str, ...]:
    """The attacker's keywords the victim may come to hate: his race
    keywords (no role keyword), not one the victim hates already (case
    aside)."""
    already = {h.strip().lower() for h in hated}
    return tuple(
        k
        for k in attacker_keywords
        if k.strip().lower() not in ROLE_KEYWORDS and k.strip().lower() not in already
    )


def roll_getting_even(
    rule: GettingEvenRule,
    result: str,
    attacker_keywords: Sequence[str],
    hated: Sequence[str],
    roller: Roller,
) -> GettingEven | None:
    """The Getting Even roll of a player whose casualty came out as
    ``result``, hurt by a player with ``attacker_keywords``; ``hated``: the
    keywords he hates already. None when he does not roll.

    Decision: no roll when the attacker has no keyword left to hate (only
    role keywords, or every race keyword already hated). With several,
    he hates the first in the order the attacker's position lists them
    (the league has no choice to offer). No team re-roll: the team's
    re-rolls are a match's, and the post-game has none to spend."""
    if result not in rule.results:
        return None
    keywords = hateable_keywords(attacker_keywords, hated)
    if not keywords:
        return None
    recorder = RollRecorder(roller)
    die = recorder.d(6, "getting_even")
    return GettingEven(recorder.taken(), keywords[0] if die >= rule.target else None)
