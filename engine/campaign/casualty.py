"""Casualty tables, lasting injuries, apothecaries and applying the result.

Tables (selectable by name):

* ``"bb2020"`` - the_rules_of_blood_bowl.md "Casualty Rolls": D16 (+1 per
  Niggling Injury) 1-6 Badly Hurt, 7-9 Seriously Hurt (MNG), 10-12 Serious
  Injury (NI + MNG), 13-14 Lasting Injury (D6 characteristic reduction + MNG),
  15-16 DEAD; "Lasting Injury Table" D6 1-2 Head Injury -1 AV, 3 Smashed Knee
  -1 MA, 4 Broken Arm -1 PA, 5 Neck Injury -1 AG, 6 Dislocated Shoulder -1 ST.
* ``"bb2025"`` - shared/rules/bb2025/tables.md: D16 1-8 Badly Hurt, 9-10
  Seriously Hurt, 11-12 Serious Injury, 13-14 Lasting Injury, 15-16 DEAD;
  Lasting Injury 5 is a Dislocated Hip (-1 AG).
* ``"dungeon_bowl"`` - dungeon_bowl/cheat_sheet.md "Casualty Table" and
  "Lasting Injury Table": the same numbers as BB2020 (seed 002 is an OCR of
  the same pages; where it is legible it agrees).
* ``"classic"`` - seed 001 "Table: Casualties": D100, 1-58 Badly Hurt, 59-74
  Miss Next Game, 75-78 Niggling Injury, 79-90 -1 MA/AV/AG/ST, 91-100 DEAD;
  "no characteristic may be reduced by more than 2 points or below a value
  of 1. Any injuries that could reduce it further are ignored."
* ``"sevens"`` - death_zone/blood_bowl_sevens.md has no Casualty table: the
  Sevens Injury table (2D6) yields Badly Hurt / Seriously Hurt / DEAD
  directly; see :func:`injury_result` and :func:`casualty_from_injury`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from types import MappingProxyType
from typing import Final, Literal

from engine.campaign.player import Characteristic, PlayerState, check_format, reduce
from engine.core.dice import Roll, Roller, RollRecorder, ScriptedRoller
from engine.core.errors import CampaignError
from engine.variants.league_format import LeagueFormat
from engine.variants.match_rules import MatchRules

MA, ST, AG, PA, AV = (
    Characteristic.MA,
    Characteristic.ST,
    Characteristic.AG,
    Characteristic.PA,
    Characteristic.AV,
)


class CasualtyResult(StrEnum):
    """The kind of casualty, in increasing order of severity."""

    BADLY_HURT = "badly_hurt"
    SERIOUSLY_HURT = "seriously_hurt"
    SERIOUS_INJURY = "serious_injury"
    LASTING_INJURY = "lasting_injury"
    DEAD = "dead"
    # Sevens apothecary success (blood_bowl_sevens.md "Patching-up Casualties"):
    # the player goes back to the Reserves box with no casualty at all.
    PATCHED_UP = "patched_up"


_SEVERITY: Final[Mapping[CasualtyResult, int]] = MappingProxyType(
    {
        CasualtyResult.PATCHED_UP: 0,
        CasualtyResult.BADLY_HURT: 1,
        CasualtyResult.SERIOUSLY_HURT: 2,
        CasualtyResult.SERIOUS_INJURY: 3,
        CasualtyResult.LASTING_INJURY: 4,
        CasualtyResult.DEAD: 5,
    }
)


class InjuryResult(StrEnum):
    """Result of an Injury roll (2D6)."""

    STUNNED = "stunned"
    KO = "ko"
    BADLY_HURT = "badly_hurt"  # Stunty 9 (core) / Sevens 10 (9-10 Stunty)
    SERIOUSLY_HURT = "seriously_hurt"  # Sevens 11
    DEAD = "dead"  # Sevens 12
    CASUALTY = "casualty"  # roll on the Casualty table


@dataclass(frozen=True, slots=True)
class CasualtyRow:
    low: int
    high: int
    result: CasualtyResult
    injury: str
    mng: bool
    niggling: int = 0
    reduction: Characteristic | None = None


@dataclass(frozen=True, slots=True)
class LastingInjuryRow:
    low: int
    high: int
    injury: str
    reduction: Characteristic


@dataclass(frozen=True, slots=True)
class CasualtyTable:
    """A casualty table as data.

    ``niggling_modifier``: each Niggling Injury adds +1 to the roll on this
    table. ``max_reductions``: how many times one characteristic may be reduced
    (None = only the Characteristic Table minimum applies).
    """

    name: str
    sides: int
    rows: tuple[CasualtyRow, ...]
    lasting_injury: tuple[LastingInjuryRow, ...]
    niggling_modifier: bool
    max_reductions: int | None
    source: str

    def row(self, total: int) -> CasualtyRow:
        for row in self.rows:
            if row.low <= total <= row.high:
                return row
        raise CampaignError(
            "invalid_roll", f"{total} is not on the {self.name} casualty table", "roll"
        )

    def lasting(self, roll: int) -> LastingInjuryRow:
        for row in self.lasting_injury:
            if row.low <= roll <= row.high:
                return row
        raise CampaignError(
            "invalid_roll",
            f"{roll} is not on the {self.name} lasting injury table",
            "roll",
        )


_BH, _SH, _SI, _LI, _DEAD = (
    CasualtyResult.BADLY_HURT,
    CasualtyResult.SERIOUSLY_HURT,
    CasualtyResult.SERIOUS_INJURY,
    CasualtyResult.LASTING_INJURY,
    CasualtyResult.DEAD,
)

_D16_ROWS: Final = (
    CasualtyRow(1, 6, _BH, "Badly Hurt", mng=False),
    CasualtyRow(7, 9, _SH, "Seriously Hurt", mng=True),
    CasualtyRow(10, 12, _SI, "Serious Injury", mng=True, niggling=1),
    CasualtyRow(13, 14, _LI, "Lasting Injury", mng=True),
    CasualtyRow(15, 16, _DEAD, "DEAD", mng=False),
)
_D6_LASTING: Final = (
    LastingInjuryRow(1, 2, "Head Injury", AV),
    LastingInjuryRow(3, 3, "Smashed Knee", MA),
    LastingInjuryRow(4, 4, "Broken Arm", PA),
    LastingInjuryRow(5, 5, "Neck Injury", AG),
    LastingInjuryRow(6, 6, "Dislocated Shoulder", ST),
)

BB2020_TABLE: Final = CasualtyTable(
    name="bb2020",
    sides=16,
    rows=_D16_ROWS,
    lasting_injury=_D6_LASTING,
    niggling_modifier=True,
    max_reductions=None,
    source="the_rules_of_blood_bowl.md: Casualty Table, Lasting Injury Table",
)
DUNGEON_BOWL_TABLE: Final = CasualtyTable(
    name="dungeon_bowl",
    sides=16,
    rows=_D16_ROWS,
    lasting_injury=_D6_LASTING,
    niggling_modifier=True,
    max_reductions=None,
    source="dungeon_bowl/cheat_sheet.md: Casualty Table, Lasting Injury Table (seed 002)",
)
CLASSIC_TABLE: Final = CasualtyTable(
    name="classic",
    sides=100,
    rows=(
        CasualtyRow(1, 58, _BH, "Badly Hurt", mng=False),
        CasualtyRow(59, 60, _SH, "Broken Ribs", mng=True),
        CasualtyRow(61, 62, _SH, "Groin Strain", mng=True),
        CasualtyRow(63, 64, _SH, "Gouged Eye", mng=True),
        CasualtyRow(65, 66, _SH, "Broken Jaw", mng=True),
        CasualtyRow(67, 68, _SH, "Fractured Arm", mng=True),
        CasualtyRow(69, 70, _SH, "Fractured Leg", mng=True),
        CasualtyRow(71, 72, _SH, "Smashed Hand", mng=True),
        CasualtyRow(73, 74, _SH, "Pinched Nerve", mng=True),
        CasualtyRow(75, 76, _SI, "Damaged Back", mng=True, niggling=1),
        CasualtyRow(77, 78, _SI, "Smashed Knee", mng=True, niggling=1),
        CasualtyRow(79, 80, _LI, "Smashed Hip", mng=True, reduction=MA),
        CasualtyRow(81, 82, _LI, "Smashed Ankle", mng=True, reduction=MA),
        CasualtyRow(83, 84, _LI, "Serious Concussion", mng=True, reduction=AV),
        CasualtyRow(85, 86, _LI, "Fractured Skull", mng=True, reduction=AV),
        # Seed 001 spells it "Torned Ligament".
        CasualtyRow(87, 88, _LI, "Torn Ligament", mng=True, reduction=AG),
        CasualtyRow(89, 90, _LI, "Smashed Collar Bone", mng=True, reduction=ST),
        CasualtyRow(91, 100, _DEAD, "DEAD", mng=False),
    ),
    lasting_injury=(),
    # Decision: seed 001 says a Niggling Injury "adds 1 to any subsequent
    # Injury roll" (the 2D6 roll, made by the match engine), not to the D100
    # Casualty roll, so the classic casualty roll is never modified. See
    # niggling_modifiers().
    niggling_modifier=False,
    max_reductions=2,
    source="seed 001: Table: Casualties",
)

# Blood Bowl 2025 (shared/rules/bb2025/tables.md "Casualty", "Lasting
# injury"): Badly Hurt widened to 1-8; Lasting Injury 5 is a Dislocated Hip.
# A result on a characteristic already at its minimum is a Seriously Hurt:
# apply_casualty ignores a reduction the minimum forbids and keeps the Miss
# Next Game, which is the same for the player.
BB2025_TABLE: Final = CasualtyTable(
    name="bb2025",
    sides=16,
    rows=(
        CasualtyRow(1, 8, _BH, "Badly Hurt", mng=False),
        CasualtyRow(9, 10, _SH, "Seriously Hurt", mng=True),
        CasualtyRow(11, 12, _SI, "Serious Injury", mng=True, niggling=1),
        CasualtyRow(13, 14, _LI, "Lasting Injury", mng=True),
        CasualtyRow(15, 16, _DEAD, "DEAD", mng=False),
    ),
    lasting_injury=(
        LastingInjuryRow(1, 2, "Head Injury", AV),
        LastingInjuryRow(3, 3, "Smashed Knee", MA),
        LastingInjuryRow(4, 4, "Broken Arm", PA),
        LastingInjuryRow(5, 5, "Dislocated Hip", AG),
        LastingInjuryRow(6, 6, "Dislocated Shoulder", ST),
    ),
    niggling_modifier=True,
    max_reductions=None,
    source="shared/rules/bb2025/tables.md: Casualty, Lasting injury",
)

CASUALTY_TABLES: Final[Mapping[str, CasualtyTable]] = MappingProxyType(
    {t.name: t for t in (BB2020_TABLE, BB2025_TABLE, CLASSIC_TABLE, DUNGEON_BOWL_TABLE)}
)
# The "table" of a format whose Injury table gives the casualty directly
# (Sevens): the name stored with such casualties.
INJURY_TABLE: Final = "sevens"


def casualty_table(name: str) -> CasualtyTable:
    """The casualty table called ``name`` (``bb2020``/``classic``/``dungeon_bowl``)."""
    try:
        return CASUALTY_TABLES[name]
    except KeyError:
        raise CampaignError(
            "unknown_casualty_table",
            f"unknown casualty table {name!r}; use one of {sorted(CASUALTY_TABLES)}",
            "table",
        ) from None


@dataclass(frozen=True, slots=True)
class CasualtyOutcome:
    """What happened to a casualty.

    ``roll_total`` is the casualty roll after modifiers (0 when no roll was
    made: Stunty Badly Hurt, Sevens). ``reductions`` maps each characteristic
    the result wants reduced to the amount (caps are applied later by
    :func:`apply_casualty`).
    """

    table: str
    rolls: tuple[Roll, ...]
    result: CasualtyResult
    injury: str
    mng: bool
    niggling: int
    reductions: Mapping[Characteristic, int]
    dead: bool
    roll_total: int = 0

    @property
    def severity(self) -> int:
        return _SEVERITY[self.result]


def _outcome(
    table: str,
    rolls: tuple[Roll, ...],
    row: CasualtyRow,
    roll_total: int,
    lasting: LastingInjuryRow | None = None,
) -> CasualtyOutcome:
    reduction = lasting.reduction if lasting else row.reduction
    return CasualtyOutcome(
        table=table,
        rolls=rolls,
        result=row.result,
        injury=lasting.injury if lasting else row.injury,
        mng=row.mng,
        niggling=row.niggling,
        reductions={reduction: 1} if reduction else {},
        dead=row.result is CasualtyResult.DEAD,
        roll_total=roll_total,
    )


def niggling_modifiers(table: str, niggling: int) -> tuple[int, int]:
    """``(injury_roll_modifier, casualty_roll_modifier)`` for a player with
    ``niggling`` Niggling Injuries: BB2020/Dungeon Bowl modify the Casualty
    roll, classic (seed 001) modifies the Injury roll, Sevens has none."""
    if niggling < 0:
        raise CampaignError(
            "invalid_niggling", "niggling cannot be negative", "niggling"
        )
    if table == INJURY_TABLE:
        return (0, 0)
    spec = casualty_table(table)
    return (0, niggling) if spec.niggling_modifier else (niggling, 0)


def roll_casualty(
    table: str,
    roller: Roller,
    *,
    niggling: int = 0,
    modifier: int = 0,
    purpose: str = "casualty",
) -> CasualtyOutcome:
    """Roll on casualty table ``table`` for a player with ``niggling``
    Niggling Injuries; ``modifier`` is what the player's skills add on every
    table (Decay: +1, skills_and_traits.md "Decay"; the match engine adds
    the same).

    BB2020 ("NI"): +1 to the D16 per Niggling Injury. Decision: a modified
    total above 16 counts as 16 (DEAD). A Lasting Injury rolls a D6 on the
    Lasting Injury table (purpose ``"lasting_injury"``).
    """
    spec = casualty_table(table)
    _, niggling_mod = niggling_modifiers(table, niggling)
    recorder = RollRecorder(roller)
    natural = recorder.d(spec.sides, purpose)
    total = min(natural + niggling_mod + modifier, spec.sides)
    row = spec.row(total)
    lasting = None
    if row.result is CasualtyResult.LASTING_INJURY and spec.lasting_injury:
        lasting = spec.lasting(recorder.d(6, "lasting_injury"))
    return _outcome(spec.name, recorder.taken(), row, total, lasting)


def casualty_from_roll(
    table: str,
    casualty_roll: int,
    lasting_roll: int | None = None,
    *,
    niggling: int = 0,
    modifier: int = 0,
) -> CasualtyOutcome:
    """The outcome for dice already rolled (e.g. by the match engine):
    ``casualty_roll`` is the natural roll, ``lasting_roll`` the D6 on the
    Lasting Injury table when one is needed."""
    script = [casualty_roll] if lasting_roll is None else [casualty_roll, lasting_roll]
    roller = ScriptedRoller(script)
    try:
        outcome = roll_casualty(table, roller, niggling=niggling, modifier=modifier)
    except RuntimeError as exc:
        raise CampaignError("invalid_roll", str(exc), "roll") from exc
    if roller.remaining:
        raise CampaignError(
            "invalid_roll",
            "a lasting injury roll was given but not needed",
            "lasting_roll",
        )
    return outcome


def badly_hurt(table: str) -> CasualtyOutcome:
    """A Badly Hurt applied without a Casualty roll (Stunty Injury table 9,
    the_rules_of_blood_bowl.md "Stunty Players"; a frog from Zap!)."""
    if table != INJURY_TABLE:
        casualty_table(table)
    return CasualtyOutcome(
        table=table,
        rolls=(),
        result=CasualtyResult.BADLY_HURT,
        injury="Badly Hurt",
        mng=False,
        niggling=0,
        reductions={},
        dead=False,
    )


_INJURY_NAMES: Final[Mapping[str, InjuryResult]] = MappingProxyType(
    {
        "stunned": InjuryResult.STUNNED,
        "ko": InjuryResult.KO,
        "badly_hurt": InjuryResult.BADLY_HURT,
        "seriously_hurt": InjuryResult.SERIOUSLY_HURT,
        "dead": InjuryResult.DEAD,
        "cas": InjuryResult.CASUALTY,
    }
)


def injury_result(
    total: int, *, stunty: bool = False, ruleset: str | LeagueFormat = "bb2020"
) -> InjuryResult:
    """Read an Injury roll (2D6 total after modifiers) on the format's Injury
    table (or its Stunty Injury table), the same tables the match engine
    reads (``MatchRules.injury_table``). Decision: modifiers cannot push an
    Injury roll below 2, and totals above 12 read as 12."""
    variant = check_format(ruleset)
    if not isinstance(variant, MatchRules):
        raise CampaignError(
            "no_injury_table", f"{variant.name} has no Injury table", "format"
        )
    table = variant.stunty_injury_table if stunty else variant.injury_table
    return _INJURY_NAMES[table[max(2, min(12, total))]]


_SEVENS_OUTCOMES: Final[Mapping[InjuryResult, tuple[CasualtyResult, str, bool]]] = (
    MappingProxyType(
        {
            InjuryResult.BADLY_HURT: (CasualtyResult.BADLY_HURT, "Badly Hurt", False),
            InjuryResult.SERIOUSLY_HURT: (
                CasualtyResult.SERIOUSLY_HURT,
                "Seriously Hurt",
                True,
            ),
            InjuryResult.DEAD: (CasualtyResult.DEAD, "DEAD", False),
        }
    )
)


def casualty_from_injury(
    injury: InjuryResult,
    table: str,
    roller: Roller,
    *,
    niggling: int = 0,
) -> CasualtyOutcome | None:
    """Turn an Injury table result into a casualty outcome.

    Stunned/KO'd -> None. ``CASUALTY`` -> a roll on ``table``. A Badly Hurt
    from the Stunty table -> Badly Hurt with no roll. For ``table="sevens"``
    the Injury table result *is* the casualty (no dice are rolled).
    """
    if injury in (InjuryResult.STUNNED, InjuryResult.KO):
        return None
    if table == INJURY_TABLE:
        if injury is InjuryResult.CASUALTY:
            raise CampaignError(
                "invalid_injury",
                "the Sevens Injury table has no Casualty result",
                "injury",
            )
        result, name, mng = _SEVENS_OUTCOMES[injury]
        return CasualtyOutcome(
            table=INJURY_TABLE,
            rolls=(),
            result=result,
            injury=name,
            mng=mng,
            niggling=0,
            reductions={},
            dead=result is CasualtyResult.DEAD,
        )
    if injury is InjuryResult.BADLY_HURT:
        return badly_hurt(table)
    if injury is InjuryResult.CASUALTY:
        return roll_casualty(table, roller, niggling=niggling)
    raise CampaignError(
        "invalid_injury",
        f"{injury.value} is not a {table} Injury table result",
        "injury",
    )


def apply_casualty(player: PlayerState, outcome: CasualtyOutcome) -> PlayerState:
    """The player's record after ``outcome`` (rules "MNG", "NI",
    "Characteristic Reduction", "DEAD").

    Reductions honour the Characteristic Table minimum (MA 1, ST 1, AG 6+,
    PA 6+, AV 3+) and, for the classic table, at most 2 reductions per
    characteristic; a reduction a cap forbids is ignored (MNG still applies).
    Decision: a -1 PA against a player with PA "-" has no effect.
    """
    if outcome.result is CasualtyResult.PATCHED_UP:
        return player
    max_reductions = (
        CASUALTY_TABLES[outcome.table].max_reductions
        if outcome.table in CASUALTY_TABLES
        else None
    )
    new = player
    for characteristic, amount in outcome.reductions.items():
        for _ in range(amount):
            new = reduce(new, characteristic, max_reductions)
    return replace(
        new,
        mng=new.mng or outcome.mng,
        niggling=new.niggling + outcome.niggling,
        dead=new.dead or outcome.dead,
    )


# --- apothecaries -----------------------------------------------------------


class KoPatch(StrEnum):
    """Where an apothecary puts a Knocked-out player."""

    STUNNED_ON_PITCH = "stunned_on_pitch"
    RESERVES = "reserves"


def apothecary_ko(*, in_crowd: bool) -> KoPatch:
    """Patching-up a Knocked-out player (the_rules_of_blood_bowl.md
    "Apothecaries"; the same in blood_bowl_sevens.md): no roll; the player
    stays on the pitch Stunned, or goes to Reserves if KO'd by the crowd."""
    return KoPatch.RESERVES if in_crowd else KoPatch.STUNNED_ON_PITCH


@dataclass(frozen=True, slots=True)
class ApothecaryResult:
    """An apothecary's work on a casualty.

    ``outcome`` is the result that applies. ``patched`` means the player leaves
    the Casualty box for the Reserves box (BB2020: a Badly Hurt was applied;
    Sevens: the D6 was 4+). ``reroll`` is the second casualty roll (BB2020 and
    classic), None for Sevens.
    """

    original: CasualtyOutcome
    reroll: CasualtyOutcome | None
    outcome: CasualtyOutcome
    patched: bool
    rolls: tuple[Roll, ...]


def apothecary_reroll(
    original: CasualtyOutcome, roller: Roller, *, niggling: int = 0
) -> CasualtyOutcome:
    """First half of "Patching-up Casualties" (BB2020): the opposing coach
    rolls again on the Casualty table. Decision: the classic and Dungeon Bowl
    tables use the same roll-again-and-choose procedure (seed 001 and the
    Dungeon Bowl pages give no apothecary rule of their own)."""
    if original.table == INJURY_TABLE:
        raise CampaignError(
            "apothecary_not_reroll",
            "a Sevens apothecary rolls a D6 to patch up; use injury_table_apothecary()",
            "table",
        )
    if original.result is CasualtyResult.PATCHED_UP:
        raise CampaignError(
            "apothecary_not_needed", "the player has already been patched up", "outcome"
        )
    return roll_casualty(
        original.table, roller, niggling=niggling, purpose="apothecary_casualty"
    )


def apothecary_choose(
    original: CasualtyOutcome,
    reroll: CasualtyOutcome,
    choice: Literal["original", "reroll", "best"] = "best",
) -> ApothecaryResult:
    """Second half: the team's coach chooses which result applies; a Badly
    Hurt chosen means the player is patched up into the Reserves box.

    ``"best"`` picks the less severe result (order: Badly Hurt < Seriously
    Hurt < Serious Injury < Lasting Injury < DEAD). Decision: on equal
    severity "best" keeps the original roll.
    """
    if reroll.table != original.table:
        raise CampaignError(
            "table_mismatch", "both casualty rolls must use the same table", "reroll"
        )
    if choice == "original":
        chosen = original
    elif choice == "reroll":
        chosen = reroll
    elif choice == "best":
        chosen = reroll if reroll.severity < original.severity else original
    else:
        raise CampaignError("invalid_choice", f"unknown choice {choice!r}", "choice")
    return ApothecaryResult(
        original=original,
        reroll=reroll,
        outcome=chosen,
        patched=chosen.result is CasualtyResult.BADLY_HURT,
        rolls=original.rolls + reroll.rolls,
    )


def use_apothecary(
    original: CasualtyOutcome,
    roller: Roller,
    *,
    niggling: int = 0,
    choice: Literal["original", "reroll", "best"] = "best",
) -> ApothecaryResult:
    """Both halves at once: re-roll, then apply ``choice``. Sevens casualties
    are routed to :func:`injury_table_apothecary`."""
    if original.table == INJURY_TABLE:
        return injury_table_apothecary(original, roller)
    reroll = apothecary_reroll(original, roller, niggling=niggling)
    return apothecary_choose(original, reroll, choice)


def injury_table_apothecary(
    original: CasualtyOutcome, roller: Roller
) -> ApothecaryResult:
    """blood_bowl_sevens.md "Patching-up Casualties": after a Badly Hurt,
    Seriously Hurt or DEAD result roll a D6; on 4+ the player is patched up
    and placed in the Reserves box, on 1-3 the result stands."""
    if original.result not in (
        CasualtyResult.BADLY_HURT,
        CasualtyResult.SERIOUSLY_HURT,
        CasualtyResult.DEAD,
    ):
        raise CampaignError(
            "apothecary_not_needed",
            f"a Sevens apothecary cannot treat {original.result.value}",
            "outcome",
        )
    recorder = RollRecorder(roller)
    roll = recorder.d(6, "apothecary")
    patched = roll >= 4
    outcome = original
    if patched:
        outcome = CasualtyOutcome(
            table=original.table,
            rolls=(),
            result=CasualtyResult.PATCHED_UP,
            injury="Patched up",
            mng=False,
            niggling=0,
            reductions={},
            dead=False,
        )
    return ApothecaryResult(
        original=original,
        reroll=None,
        outcome=outcome,
        patched=patched,
        rolls=original.rolls + recorder.taken(),
    )
