"""The player record the league rules work on, characteristics and their caps.

Characteristics follow the BB2020 convention (rules_and_regulations.md,
"Characteristic Table"): MA and ST are plain numbers (higher is better); AG,
PA and AV are stored as their target number (AG3+ is ``3``). For AG and PA a
*lower* number is better; for AV a *higher* number is better (AV10+ is tougher
than AV9+). ``pa`` is ``None`` for a player with PA "-".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from types import MappingProxyType
from typing import Final

from engine.core.errors import CampaignError, RuleError
from engine.core.rules_data import CATEGORY_LETTERS, Position, SkillRef
from engine.variants.base import get_variant
from engine.variants.league_format import LeagueFormat

PlayerId = int | str

SKILL_CATEGORIES: Final = (
    "general",
    "agility",
    "passing",
    "strength",
    "mutation",
    "devious",  # BB2025
)


def check_format(fmt: str | LeagueFormat) -> LeagueFormat:
    """The format ``fmt`` (a format or its name), or ``unknown_format``."""
    try:
        return get_variant(fmt)
    except RuleError as e:
        raise CampaignError("unknown_format", str(e), "format") from None


def fee_in_value(
    fmt: str | LeagueFormat, position: Position, team_rules: Iterable[str]
) -> bool:
    """Whether a permanently hired player of ``position``, on a team with
    the special rules ``team_rules``, counts his hiring fee in his Current
    Value. the_teams.md "Low Cost Linemen" (BB2025 keeps it,
    changes_from_bb2020.md section 16): "In league play ... when calculating
    the Current Value of any permanently hired Lineman players on a team
    with this special rule, the Hiring Fee of that player is not included"
    (which positions are Linemen: ``LeagueFormat.is_lineman``). The fee is
    still paid; only the value leaves it out."""
    f = check_format(fmt)
    rule = f.low_cost_linemen_rule
    return rule is None or rule not in team_rules or not f.is_lineman(position)


def hired_value(
    fmt: str | LeagueFormat, position: Position, team_rules: Iterable[str]
) -> int:
    """A newly hired player's Current Value (a draft, a hire, a re-draft):
    the position's cost, or 0 for a Low Cost Lineman (his value is then his
    value increases only, :func:`fee_in_value`)."""
    return position.cost if fee_in_value(fmt, position, team_rules) else 0


class Characteristic(StrEnum):
    MA = "ma"
    ST = "st"
    AG = "ag"
    PA = "pa"
    AV = "av"


@dataclass(frozen=True, slots=True)
class StatLimits:
    """Best and worst value of a characteristic (in stored form) and which
    way is better."""

    best: int
    worst: int
    higher_is_better: bool

    def improved(self, value: int) -> int:
        return value + 1 if self.higher_is_better else value - 1

    def reduced(self, value: int) -> int:
        return value - 1 if self.higher_is_better else value + 1

    def can_improve(self, value: int) -> bool:
        return value < self.best if self.higher_is_better else value > self.best

    def can_reduce(self, value: int) -> bool:
        return value > self.worst if self.higher_is_better else value < self.worst


# rules_and_regulations.md "Characteristic Table" (same numbers in seed 004's
# "Player Characteristics"): MA 9/1, ST 8/1, AG 1+/6+, PA 1+/6+, AV 11+/3+.
STAT_LIMITS: Final[Mapping[Characteristic, StatLimits]] = MappingProxyType(
    {
        Characteristic.MA: StatLimits(best=9, worst=1, higher_is_better=True),
        Characteristic.ST: StatLimits(best=8, worst=1, higher_is_better=True),
        Characteristic.AG: StatLimits(best=1, worst=6, higher_is_better=False),
        Characteristic.PA: StatLimits(best=1, worst=6, higher_is_better=False),
        Characteristic.AV: StatLimits(best=11, worst=3, higher_is_better=True),
    }
)
# post-game_sequence.md "Characteristic Improvements": "no characteristic can
# ever be improved more than twice".
MAX_IMPROVEMENTS_PER_CHARACTERISTIC: Final = 2
# Decision: a player with PA "-" who improves PA gets PA 6+ (the worst legal
# value); the rulebook does not say, this mirrors how GW's FAQ answers it.
PA_FROM_NONE: Final = 6


def _no_counts() -> Mapping[Characteristic, int]:
    return {}


def category_name(category: str) -> str:
    """``"G"`` or ``"general"`` -> ``"general"``; raises on anything else."""
    if category in CATEGORY_LETTERS:
        return CATEGORY_LETTERS[category]
    if category in SKILL_CATEGORIES:
        return category
    raise CampaignError(
        "unknown_skill_category", f"unknown skill category {category!r}", "category"
    )


@dataclass(frozen=True, slots=True)
class PlayerState:
    """One player as the league rules see them.

    ``primary``/``secondary`` are skill category names (``"general"`` …;
    letters are accepted and normalised). ``improvements``/``reductions``
    count how many times each characteristic was improved by an advancement
    or reduced by a lasting injury. ``value`` is the Current Value in gold.
    """

    player_id: PlayerId
    ma: int
    st: int
    ag: int
    pa: int | None
    av: int
    skills: tuple[SkillRef, ...] = ()
    primary: tuple[str, ...] = ()
    secondary: tuple[str, ...] = ()
    spp: int = 0
    advancements: int = 0
    value: int = 0
    niggling: int = 0
    mng: bool = False
    dead: bool = False
    improvements: Mapping[Characteristic, int] = field(default_factory=_no_counts)
    reductions: Mapping[Characteristic, int] = field(default_factory=_no_counts)

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "primary", tuple(category_name(c) for c in self.primary)
        )
        object.__setattr__(
            self, "secondary", tuple(category_name(c) for c in self.secondary)
        )
        object.__setattr__(self, "improvements", dict(self.improvements))
        object.__setattr__(self, "reductions", dict(self.reductions))
        if self.spp < 0:
            raise CampaignError("invalid_spp", "SPP cannot be negative", "spp")
        if self.advancements < 0:
            raise CampaignError(
                "invalid_advancements",
                "advancements cannot be negative",
                "advancements",
            )
        if self.niggling < 0:
            raise CampaignError(
                "invalid_niggling", "niggling injuries cannot be negative", "niggling"
            )

    @classmethod
    def from_position(cls, player_id: PlayerId, position: Position) -> PlayerState:
        """A rookie of ``position``: its profile, skills, skill access, and a
        Current Value equal to its hiring cost."""
        return cls(
            player_id=player_id,
            ma=position.ma,
            st=position.st,
            ag=position.ag,
            pa=position.pa,
            av=position.av,
            skills=position.skills,
            primary=position.primary,
            secondary=position.secondary,
            value=position.cost,
        )

    def stat(self, characteristic: Characteristic) -> int | None:
        value: int | None = getattr(self, characteristic.value)
        return value

    def has_skill(self, slug: str) -> bool:
        return any(ref.skill == slug for ref in self.skills)

    def improvement_count(self, characteristic: Characteristic) -> int:
        return self.improvements.get(characteristic, 0)

    def reduction_count(self, characteristic: Characteristic) -> int:
        return self.reductions.get(characteristic, 0)


def can_improve(player: PlayerState, characteristic: Characteristic) -> bool:
    """True if an advancement may still raise ``characteristic`` (at most twice,
    never beyond the Characteristic Table maximum)."""
    if player.improvement_count(characteristic) >= MAX_IMPROVEMENTS_PER_CHARACTERISTIC:
        return False
    value = player.stat(characteristic)
    if value is None:
        return True  # PA "-" -> 6+ (see PA_FROM_NONE)
    return STAT_LIMITS[characteristic].can_improve(value)


def improve(player: PlayerState, characteristic: Characteristic) -> PlayerState:
    """Improve ``characteristic`` by one step (raises if not allowed)."""
    if not can_improve(player, characteristic):
        raise CampaignError(
            "characteristic_capped",
            f"{characteristic.name} cannot be improved any further",
            "characteristic",
        )
    value = player.stat(characteristic)
    new = PA_FROM_NONE if value is None else STAT_LIMITS[characteristic].improved(value)
    counts = dict(player.improvements)
    counts[characteristic] = counts.get(characteristic, 0) + 1
    return replace(with_stat(player, characteristic, new), improvements=counts)


def can_reduce(
    player: PlayerState,
    characteristic: Characteristic,
    max_reductions: int | None = None,
) -> bool:
    """True if a lasting injury can still lower ``characteristic``: never past
    the Characteristic Table minimum, and (classic table) never more than
    ``max_reductions`` times."""
    if (
        max_reductions is not None
        and player.reduction_count(characteristic) >= max_reductions
    ):
        return False
    value = player.stat(characteristic)
    if value is None:
        return False
    return STAT_LIMITS[characteristic].can_reduce(value)


def reduce(
    player: PlayerState,
    characteristic: Characteristic,
    max_reductions: int | None = None,
) -> PlayerState:
    """Lower ``characteristic`` by one step, or return ``player`` unchanged if
    a cap forbids it (the rulebooks ignore such reductions)."""
    if not can_reduce(player, characteristic, max_reductions):
        return player
    value = player.stat(characteristic)
    assert value is not None
    counts = dict(player.reductions)
    counts[characteristic] = counts.get(characteristic, 0) + 1
    new = STAT_LIMITS[characteristic].reduced(value)
    return replace(with_stat(player, characteristic, new), reductions=counts)


def restored_value(characteristic: Characteristic | str, value: int) -> int:
    """``characteristic`` at ``value`` with one reduction undone (a
    temporarily retired player's recovery, league_and_exhibition_play.md
    "Re-drafting Temporarily Retired Players": "the characteristic is
    restored"): one step better, which lowers AG and PA (target numbers
    where lower is better) and raises MA, ST and AV."""
    return STAT_LIMITS[Characteristic(characteristic)].improved(value)


def with_stat(
    player: PlayerState, characteristic: Characteristic, value: int
) -> PlayerState:
    """``player`` with one characteristic set to ``value`` (no cap checks)."""
    match characteristic:
        case Characteristic.MA:
            return replace(player, ma=value)
        case Characteristic.ST:
            return replace(player, st=value)
        case Characteristic.AG:
            return replace(player, ag=value)
        case Characteristic.PA:
            return replace(player, pa=value)
        case Characteristic.AV:
            return replace(player, av=value)
