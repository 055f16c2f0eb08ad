"""Player advancement: SPP costs, levels, skills, characteristic improvements
and value increases.

Sources: post-game_sequence.md "Spending Star Player Points" (Advancements
table), "New Skills", "Characteristic Improvements", "Value Increase";
skills_and_traits.md "Skill Categories" (random skill table); seed 004 "Star
Player Points - SPP Tracking and Player Advancement" (Sevens), and
blood_bowl_sevens.md "Player Advancement" (the Sevens post-game free skill).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from types import MappingProxyType
from typing import Final

from engine.campaign.new_skills import (
    keep_rolled_skill,
    roll_random_skill,
    skill_available,
    validate_chosen_skill,
)
from engine.campaign.player import (
    Characteristic,
    PlayerState,
    can_improve,
    category_name,
    check_format,
    improve,
)
from engine.core.dice import Roll, Roller, RollRecorder
from engine.core.errors import CampaignError
from engine.core.rules_data import RulesData, SkillRef, rules_data
from engine.variants.league_format import LeagueFormat


class AdvancementKind(StrEnum):
    RANDOM_PRIMARY = "random_primary"
    CHOSEN_PRIMARY = "chosen_primary"
    RANDOM_SECONDARY = "random_secondary"
    CHOSEN_SECONDARY = "chosen_secondary"
    CHARACTERISTIC = "characteristic"


RANDOM_PRIMARY = AdvancementKind.RANDOM_PRIMARY
CHOSEN_PRIMARY = AdvancementKind.CHOSEN_PRIMARY
RANDOM_SECONDARY = AdvancementKind.RANDOM_SECONDARY
CHOSEN_SECONDARY = AdvancementKind.CHOSEN_SECONDARY
CHARACTERISTIC = AdvancementKind.CHARACTERISTIC

# Columns of the Advancements table: random primary, chosen primary OR random
# secondary, chosen secondary, random characteristic improvement.
_COST_COLUMN: Final[Mapping[AdvancementKind, int]] = MappingProxyType(
    {
        RANDOM_PRIMARY: 0,
        CHOSEN_PRIMARY: 1,
        RANDOM_SECONDARY: 1,
        CHOSEN_SECONDARY: 2,
        CHARACTERISTIC: 3,
    }
)
MAX_ADVANCEMENTS: Final = 6
LEVEL_NAMES: Final = (
    "Rookie",  # Decision: the table has no name for 0 advancements.
    "Experienced",
    "Veteran",
    "Emerging Star",
    "Star",
    "Super Star",
    "Legend",
)

# "Current Value Increase Table" (BB2020; seed 004 lists the same numbers).
SKILL_VALUE_INCREASE: Final[Mapping[AdvancementKind, int]] = MappingProxyType(
    {
        RANDOM_PRIMARY: 10_000,
        CHOSEN_PRIMARY: 20_000,
        RANDOM_SECONDARY: 20_000,
        CHOSEN_SECONDARY: 40_000,
    }
)
CHARACTERISTIC_VALUE_INCREASE: Final[Mapping[Characteristic, int]] = MappingProxyType(
    {
        Characteristic.AV: 10_000,
        Characteristic.MA: 20_000,
        Characteristic.PA: 20_000,
        Characteristic.AG: 40_000,
        Characteristic.ST: 80_000,
    }
)
# blood_bowl_sevens.md "Value Increase": (first new skill, each one after).
POSTGAME_SKILL_VALUE_INCREASE: Final[Mapping[AdvancementKind, tuple[int, int]]] = (
    MappingProxyType(
        {RANDOM_PRIMARY: (10_000, 20_000), RANDOM_SECONDARY: (20_000, 30_000)}
    )
)

# "Characteristic Improvement Table" (D16). Each entry: low, high, offered.
_MA, _ST, _AG, _PA, _AV = (
    Characteristic.MA,
    Characteristic.ST,
    Characteristic.AG,
    Characteristic.PA,
    Characteristic.AV,
)
CHARACTERISTIC_TABLE: Final = (
    (1, 7, (_MA, _AV)),
    (8, 13, (_MA, _PA, _AV)),
    (14, 14, (_AG, _PA)),
    (15, 15, (_ST, _AG)),
    (16, 16, (_MA, _ST, _AG, _PA, _AV)),
)


def level_name(advancements: int) -> str:
    """ "Experienced" after one advancement ... "Legend" after six."""
    if advancements < 0:
        raise CampaignError(
            "invalid_advancements", "advancements cannot be negative", "advancements"
        )
    return LEVEL_NAMES[min(advancements, MAX_ADVANCEMENTS)]


def spp_cost(
    fmt: str | LeagueFormat, previous_advancements: int, kind: AdvancementKind
) -> int:
    """SPP price of the next advancement of ``kind`` for a player who already
    has ``previous_advancements``."""
    table = check_format(fmt).spp_costs
    if not 0 <= previous_advancements < MAX_ADVANCEMENTS:
        raise CampaignError(
            "max_advancements",
            f"a player with {previous_advancements} advancements cannot advance",
            "advancements",
        )
    return table[previous_advancements][_COST_COLUMN[kind]]


def skill_value_increase(
    kind: AdvancementKind, *, postgame_skill: bool = False, previous_skills: int = 0
) -> int:
    """Current Value increase for a new skill. ``postgame_skill`` uses the
    Sevens table (first skill / each later skill)."""
    if kind is CHARACTERISTIC:
        raise CampaignError(
            "invalid_kind",
            "use characteristic_value_increase for characteristics",
            "kind",
        )
    if postgame_skill:
        try:
            first, later = POSTGAME_SKILL_VALUE_INCREASE[kind]
        except KeyError:
            raise CampaignError(
                "invalid_kind",
                f"Sevens post-game skills are always random, not {kind.value}",
                "kind",
            ) from None
        return first if previous_skills == 0 else later
    return SKILL_VALUE_INCREASE[kind]


def characteristic_value_increase(characteristic: Characteristic) -> int:
    return CHARACTERISTIC_VALUE_INCREASE[characteristic]


@dataclass(frozen=True, slots=True)
class AdvancementOption:
    """One advancement a player may take.

    ``category`` is a skill category name for skill kinds, None for a
    characteristic improvement. ``value_increase`` is None when it depends on
    the result (characteristic improvements). ``postgame_skill`` marks the
    free Sevens post-game skill (no SPP).
    """

    kind: AdvancementKind
    category: str | None
    spp_cost: int
    value_increase: int | None
    format: str  # the variant's name
    postgame_skill: bool = False


def advancement_options(
    player: PlayerState, fmt: str | LeagueFormat, *, affordable_only: bool = True
) -> list[AdvancementOption]:
    """Every SPP advancement ``player`` can take next (only those they can
    afford unless ``affordable_only`` is False). Empty for dead players and
    Legends (Decision: the table stops at the sixth advancement)."""
    f = check_format(fmt)
    if player.dead or player.advancements >= MAX_ADVANCEMENTS:
        return []
    row = f.spp_costs[player.advancements]
    options: list[AdvancementOption] = []
    value = f.skill_value_increases
    for category in player.primary:
        for kind, spp in ((RANDOM_PRIMARY, row[0]), (CHOSEN_PRIMARY, row[1])):
            options.append(AdvancementOption(kind, category, spp, value[kind], f.name))
    for category in player.secondary:
        if f.random_secondary:
            options.append(
                AdvancementOption(
                    RANDOM_SECONDARY, category, row[1], value[RANDOM_SECONDARY], f.name
                )
            )
        options.append(
            AdvancementOption(
                CHOSEN_SECONDARY, category, row[2], value[CHOSEN_SECONDARY], f.name
            )
        )
    options.append(AdvancementOption(CHARACTERISTIC, None, row[3], None, f.name))
    if affordable_only:
        options = [o for o in options if o.spp_cost <= player.spp]
    return options


def must_spend_spp(player: PlayerState, fmt: str | LeagueFormat) -> bool:
    """post-game_sequence.md: "A player is not obliged to spend their SPP until
    they have enough to randomly select a characteristic improvement"."""
    if player.dead or player.advancements >= MAX_ADVANCEMENTS:
        return False
    return player.spp >= spp_cost(fmt, player.advancements, CHARACTERISTIC)


def postgame_skill_options(
    player: PlayerState, fmt: str | LeagueFormat
) -> list[AdvancementOption]:
    """blood_bowl_sevens.md "Player Advancement": the free post-game skill is
    a random Primary (player of the coach's choice) or a random Secondary
    (random player); always random, never chosen, no SPP."""
    if player.dead:
        return []
    options = [
        AdvancementOption(
            RANDOM_PRIMARY,
            c,
            0,
            skill_value_increase(
                RANDOM_PRIMARY,
                postgame_skill=True,
                previous_skills=player.advancements,
            ),
            check_format(fmt).name,
            postgame_skill=True,
        )
        for c in player.primary
    ]
    options += [
        AdvancementOption(
            RANDOM_SECONDARY,
            c,
            0,
            skill_value_increase(
                RANDOM_SECONDARY,
                postgame_skill=True,
                previous_skills=player.advancements,
            ),
            check_format(fmt).name,
            postgame_skill=True,
        )
        for c in player.secondary
    ]
    return options


# --- characteristic improvements ---------------------------------------------


@dataclass(frozen=True, slots=True)
class CharacteristicRoll:
    """A D16 on the Characteristic Improvement table: what it offers, and
    which of those the player can actually improve. If ``improvable`` is empty
    the player must take a chosen Secondary skill instead."""

    roll: int
    offered: tuple[Characteristic, ...]
    improvable: tuple[Characteristic, ...]
    rolls: tuple[Roll, ...]


def characteristic_offer(
    roll: int, fmt: str | LeagueFormat = "bb2020"
) -> tuple[Characteristic, ...]:
    """What a roll on the format's Characteristic Improvement table offers
    (BB2020: the D16 table; BB2025: a D8)."""
    f = check_format(fmt)
    for low, high, offered in f.characteristic_table:
        if low <= roll <= high:
            return tuple(Characteristic(c) for c in offered)
    raise CampaignError(
        "invalid_roll", f"{roll} is not on the D{f.characteristic_die} table", "roll"
    )


def roll_characteristic_improvement(
    player: PlayerState, roller: Roller, fmt: str | LeagueFormat = "bb2020"
) -> CharacteristicRoll:
    """Roll the die of "Characteristic Improvements" (step one of two: the
    coach then picks a characteristic or a Secondary skill)."""
    f = check_format(fmt)
    recorder = RollRecorder(roller)
    roll = recorder.d(f.characteristic_die, "characteristic_improvement")
    offered = characteristic_offer(roll, f)
    improvable = tuple(c for c in offered if can_improve(player, c))
    return CharacteristicRoll(roll, offered, improvable, recorder.taken())


# --- advance ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AdvancementResult:
    """The player after the advancement and what it cost and gave."""

    player: PlayerState
    option: AdvancementOption
    skill: SkillRef | None
    characteristic: Characteristic | None
    spp_spent: int
    value_increase: int
    level: str
    rolls: tuple[Roll, ...]
    improvement: CharacteristicRoll | None = None
    # The skills a random skill advancement rolled, the kept one among
    # them, where the format rolls more than one (BB2025).
    skill_choices: tuple[SkillRef, ...] = ()


def _valid_options(
    player: PlayerState, option: AdvancementOption
) -> list[AdvancementOption]:
    if option.postgame_skill:
        return postgame_skill_options(player, option.format)
    return advancement_options(player, option.format, affordable_only=False)


def _check_option(player: PlayerState, option: AdvancementOption) -> None:
    if player.dead:
        raise CampaignError("player_dead", "dead players cannot advance", "player")
    if not option.postgame_skill and player.advancements >= MAX_ADVANCEMENTS:
        raise CampaignError(
            "max_advancements", "the player is already a Legend", "option"
        )
    if option not in _valid_options(player, option):
        raise CampaignError(
            "invalid_option",
            "this advancement is not available to the player",
            "option",
        )
    if option.spp_cost > player.spp:
        raise CampaignError(
            "not_enough_spp",
            f"needs {option.spp_cost} SPP, the player has {player.spp}",
            "option",
        )


def _fallback_skill(
    player: PlayerState,
    chosen_skill: str,
    f: LeagueFormat,
    data: RulesData,
    excluded: frozenset[str],
) -> tuple[SkillRef, int]:
    """The skill a characteristic roll is taken as instead, and its value
    increase: a chosen Secondary skill (BB2020 "or choose a Secondary
    skill"), or also a chosen Primary one where the format allows it
    (BB2025 tables.md: "the player may take a Primary or Secondary skill")."""
    primary = player.primary if f.characteristic_fallback_primary else ()
    if not player.secondary and not primary:
        raise CampaignError(
            "no_secondary_access",
            "the player has no Secondary skill categories",
            "chosen_skill",
        )
    skill = validate_chosen_skill(
        player,
        chosen_skill,
        (*primary, *player.secondary),
        data=data,
        excluded=excluded,
    )
    in_primary = data.skills[skill.skill].category in {
        category_name(c) for c in primary
    }
    kind = CHOSEN_PRIMARY if in_primary else CHOSEN_SECONDARY
    return skill, f.skill_value_increases[kind]


def _random_skill(
    player: PlayerState,
    option: AdvancementOption,
    roller: Roller,
    chosen_skill: str | None,
    rolled_skills: Sequence[SkillRef] | None,
    f: LeagueFormat,
    data: RulesData,
    excluded: frozenset[str],
) -> tuple[SkillRef, tuple[SkillRef, ...], tuple[Roll, ...]]:
    """The skill a random skill advancement gives, the skills rolled (where
    the format rolls more than one) and the dice. ``rolled_skills`` are
    skills rolled earlier for it (a roll the coach chooses from later):
    they are kept, not rolled again."""
    if chosen_skill is not None and f.random_skill_rolls == 1:
        raise CampaignError(
            "unexpected_choice", "a random skill cannot be chosen", "chosen_skill"
        )
    assert option.category is not None
    rolls: tuple[Roll, ...] = ()
    if rolled_skills is None:
        rolled = [
            roll_random_skill(
                player,
                option.category,
                roller,
                fmt=option.format,
                data=data,
                excluded=excluded,
            )
            for _ in range(f.random_skill_rolls)
        ]
        rolls = tuple(r for one in rolled for r in one.rolls)
        refs = [r.skill for r in rolled]
    else:
        refs = list(rolled_skills)
        if len(refs) != f.random_skill_rolls or not all(
            skill_available(player, r.skill, excluded, data) for r in refs
        ):
            raise CampaignError(
                "invalid_roll",
                "the skills rolled do not match this player",
                "rolled_skills",
            )
    skill = keep_rolled_skill(refs, chosen_skill, data)
    choices = tuple(refs) if f.random_skill_rolls > 1 else ()
    return skill, choices, rolls


def advance(
    player: PlayerState,
    option: AdvancementOption,
    roller: Roller,
    chosen_skill: str | None = None,
    *,
    characteristic: Characteristic | Sequence[Characteristic] | None = None,
    improvement: CharacteristicRoll | None = None,
    rolled_skills: Sequence[SkillRef] | None = None,
    data: RulesData | None = None,
    excluded: frozenset[str] = frozenset(),
) -> AdvancementResult:
    """Spend SPP (or take the Sevens free skill) on ``option``.

    * Random skills roll on the category table (``chosen_skill`` must be
      None), as many times as the format's ``random_skill_rolls``; with
      more than one, the coach keeps one of the skills rolled
      (``chosen_skill``; refused as :class:`SkillChoiceRequired` until it
      names one of them). ``rolled_skills`` are the skills an earlier roll
      gave (the coach choosing after the roll): nothing is rolled again.
    * Chosen skills need ``chosen_skill`` (a slug in ``option.category``).
    * Characteristic improvements use ``improvement`` (from
      :func:`roll_characteristic_improvement`, the two-step flow) or roll the
      D16 here. ``characteristic`` is the coach's pick, or a preference order:
      the first improvable one offered is taken. Otherwise ``chosen_skill``
      is taken as a chosen Secondary skill (or Primary, where the format's
      ``characteristic_fallback_primary`` allows it); it is checked before
      the die is rolled, so a refused skill tells nothing of the roll.
      Decision: that fallback skill increases Current Value as a chosen
      skill of its kind (BB2020 Secondary +40,000) and the SPP cost stays
      that of the characteristic improvement.
    """
    _check_option(player, option)
    f = check_format(option.format)
    data = data or rules_data(f.rules_data_version)
    rolls: tuple[Roll, ...] = ()
    skill: SkillRef | None = None
    gained_characteristic: Characteristic | None = None
    new = player

    skill_choices: tuple[SkillRef, ...] = ()
    if option.kind in (RANDOM_PRIMARY, RANDOM_SECONDARY):
        skill, skill_choices, rolls = _random_skill(
            player, option, roller, chosen_skill, rolled_skills, f, data, excluded
        )
        value = option.value_increase or 0
    elif option.kind in (CHOSEN_PRIMARY, CHOSEN_SECONDARY):
        if chosen_skill is None:
            raise CampaignError("skill_required", "choose a skill", "chosen_skill")
        assert option.category is not None
        skill = validate_chosen_skill(
            player, chosen_skill, (option.category,), data=data, excluded=excluded
        )
        value = option.value_increase or 0
    else:
        fallback = (
            None
            if chosen_skill is None
            else _fallback_skill(player, chosen_skill, f, data, excluded)
        )
        if improvement is None:
            improvement = roll_characteristic_improvement(player, roller, f)
        elif improvement.improvable != tuple(
            c for c in improvement.offered if can_improve(player, c)
        ) or improvement.offered != characteristic_offer(improvement.roll, f):
            raise CampaignError(
                "invalid_improvement",
                "the improvement roll does not match this player",
                "improvement",
            )
        rolls = improvement.rolls
        prefs: tuple[Characteristic, ...]
        if characteristic is None:
            prefs = ()
        elif isinstance(characteristic, Characteristic):
            prefs = (characteristic,)
        else:
            prefs = tuple(characteristic)
        picked = next((c for c in prefs if c in improvement.improvable), None)
        if prefs and picked is None and fallback is None:
            raise CampaignError(
                "characteristic_not_allowed",
                f"the D{f.characteristic_die} roll of {improvement.roll} allows {[c.name for c in improvement.improvable]}",
                "characteristic",
            )
        if picked is not None:
            gained_characteristic = picked
            new = improve(new, picked)
            value = f.characteristic_value_increases[picked]
        elif fallback is not None:
            skill, value = fallback
        else:
            raise CampaignError(
                "choice_required",
                "choose a characteristic from the roll or a Secondary skill",
                "characteristic",
            )

    if skill is not None:
        new = replace(new, skills=new.skills + (skill,))
        if data.skills[skill.skill].elite:
            value += f.elite_skill_bonus
    new = replace(
        new,
        spp=new.spp - option.spp_cost,
        advancements=new.advancements + 1,
        value=new.value + value,
    )
    return AdvancementResult(
        player=new,
        option=option,
        skill=skill,
        characteristic=gained_characteristic,
        spp_spent=option.spp_cost,
        value_increase=value,
        level=level_name(new.advancements),
        rolls=rolls,
        improvement=improvement,
        skill_choices=skill_choices,
    )
