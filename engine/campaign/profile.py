"""Whether a player's characteristics and lasting injuries are ones the
rules can give him: what a commissioner's correction is checked against.

A format with progression (Blood Bowl 2020 and 2025, Sevens, Dungeon Bowl,
the classic game) holds each characteristic within the Characteristic Table
(rules_and_regulations.md "Characteristic Table": MA 1-9, ST 1-8, AG 1+-6+,
PA 1+-6+, AV 3+-11+; the same in BB2025 tables.md section 14 and seed 004
"Player Characteristics"), never more than two improvements better than the
position's ("No characteristic may ever be improved more than twice"), and
records no more lasting injuries than can have lowered it down to the
table's minimum ("No characteristic may ever be reduced below the minimum")
or, on the classic casualty table, than two ("no characteristic may be
reduced by more than 2 points", seed 001). A format without progression
(Blitz Bowl) plays its team card's players as printed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from engine.campaign.drafting import Violation
from engine.campaign.player import (
    MAX_IMPROVEMENTS_PER_CHARACTERISTIC,
    PA_FROM_NONE,
    STAT_LIMITS,
    Characteristic,
    StatLimits,
)


class Profile(Protocol):
    """MA, ST, AG, PA and AV as stored (AG, PA, AV as target numbers; PA
    None for "-"): a roster position, a team card's player, a player."""

    @property
    def ma(self) -> int: ...
    @property
    def st(self) -> int: ...
    @property
    def ag(self) -> int: ...
    @property
    def pa(self) -> int | None: ...
    @property
    def av(self) -> int: ...


def shown(characteristic: Characteristic, value: int | None) -> str:
    """``value`` as a rulebook prints it: MA 6, AG 3+, PA - ."""
    if value is None:
        return f"{characteristic.name} -"
    if characteristic in (Characteristic.MA, Characteristic.ST):
        return f"{characteristic.name} {value}"
    return f"{characteristic.name} {value}+"


def _merit(limits: StatLimits, value: int | None) -> int:
    """How good ``value`` is, in steps (higher is better whichever way the
    characteristic counts). PA "-" is one step below PA 6+: its first
    improvement gives 6+ (``PA_FROM_NONE``)."""
    if value is None:
        value = PA_FROM_NONE + 1
    return value if limits.higher_is_better else -value


def _characteristic_violations(
    c: Characteristic,
    value: int | None,
    base: int | None,
    improved: int,
    reduced: int,
    max_reductions: int | None,
) -> list[Violation]:
    limits = STAT_LIMITS[c]
    found: list[Violation] = []
    if value is None and (base is not None or improved):
        found.append(
            Violation(
                "out_of_range",
                c.value,
                f"a player who can pass keeps a {c.name}: from "
                f"{shown(c, limits.worst)} to {shown(c, limits.best)}",
            )
        )
    elif value is not None and not (
        min(limits.best, limits.worst) <= value <= max(limits.best, limits.worst)
    ):
        found.append(
            Violation(
                "out_of_range",
                c.value,
                f"from {shown(c, limits.worst)} to {shown(c, limits.best)} "
                "(the Characteristic Table)",
            )
        )
    elif _merit(limits, value) - _merit(limits, base) > (
        MAX_IMPROVEMENTS_PER_CHARACTERISTIC
    ):
        found.append(
            Violation(
                "improved_too_far",
                c.value,
                f"at most two improvements better than the position's "
                f"{shown(c, base)}: no characteristic is improved more than "
                "twice",
            )
        )
    if max_reductions is not None and reduced > max_reductions:
        found.append(
            Violation(
                "too_many_reductions",
                "reductions",
                f"{c.name} is reduced at most {max_reductions} times on this "
                "league's casualty table",
            )
        )
    elif reduced > (room := _room_to_lose(limits, base, improved)):
        found.append(
            Violation(
                "reduced_below_minimum",
                "reductions",
                f"{c.name} loses at most {room} to lasting injuries: from the "
                f"position's {shown(c, base)}"
                + (f" improved {improved} times" if improved else "")
                + f" down to {shown(c, limits.worst)}, its minimum",
            )
        )
    return found


def _room_to_lose(limits: StatLimits, base: int | None, improved: int) -> int:
    """The most reductions a characteristic can have had: each lowers it a
    step and none takes it past the table's minimum, so it has lost at most
    the steps from its position's value, with its improvements, down to
    the minimum (a PA "-" never improved has none to lose)."""
    return max(0, _merit(limits, base) + improved - _merit(limits, limits.worst))


def profile_violations(
    player: Profile,
    *,
    base: Profile,
    progression: bool,
    improvements: Mapping[Characteristic, int] | None = None,
    reductions: Mapping[Characteristic, int] | None = None,
    max_reductions: int | None = None,
) -> tuple[Violation, ...]:
    """Why ``player``'s characteristics and lasting injuries are not ones
    the rules can give a player of ``base`` (his roster position, or his
    team card's player), each on the field it concerns (``ma`` ... ``av``,
    or ``reductions``); empty when they are.

    ``progression``: the format carries improvements and injuries over (a
    format without, Blitz Bowl, keeps the card's characteristics).
    ``improvements`` and ``reductions`` count each characteristic's
    advancements and lasting injuries; ``max_reductions`` is the casualty
    table's cap per characteristic (the classic table's 2), if any.

    >>> from types import SimpleNamespace as P
    >>> lineman = P(ma=6, st=3, ag=3, pa=4, av=9)
    >>> profile_violations(lineman, base=lineman, progression=True)
    ()
    >>> [v.code for v in profile_violations(
    ...     P(ma=9, st=3, ag=3, pa=4, av=9), base=lineman, progression=True)]
    ['improved_too_far']
    """
    improvements = improvements or {}
    reductions = reductions or {}
    found: list[Violation] = []
    for c in Characteristic:
        value: int | None = getattr(player, c.value)
        printed: int | None = getattr(base, c.value)
        if not progression:
            if value != printed:
                found.append(
                    Violation(
                        "not_as_printed",
                        c.value,
                        "as the team card gives it: a player of this format "
                        "never improves nor loses a characteristic",
                    )
                )
            continue
        found += _characteristic_violations(
            c,
            value,
            printed,
            improvements.get(c, 0),
            reductions.get(c, 0),
            max_reductions,
        )
    return tuple(found)
