"""Rulesets: the numbers and tables that differ between game formats.

A :class:`Ruleset` is a frozen value passed to a match; nothing in the
engine switches on a global. ``BB2020`` is the core game (rulebook "A Game of
Two Halves", "The Start of a Drive", "Armour and Injuries"); ``SEVENS`` is
Blood Bowl Sevens (Death Zone). Blitz Bowl (3 actions per turn, cards) and
Dungeon Bowl (walls, teleporters) slot in later through ``actions_per_turn``
and the pitch's per-square flags.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.errors import RuleError
from engine.pitch import Pitch

# Kick-off Event table (2D6), same headings in both formats; the numbers of
# players affected differ (see Ruleset.solid_defence_bonus etc.).
KICKOFF_TABLE: tuple[str, ...] = (
    "",
    "",
    "get_the_ref",  # 2
    "time_out",  # 3
    "solid_defence",  # 4
    "high_kick",  # 5
    "cheering_fans",  # 6
    "brilliant_coaching",  # 7
    "changing_weather",  # 8
    "quick_snap",  # 9
    "blitz",  # 10
    "officious_ref",  # 11
    "pitch_invasion",  # 12
)

# Weather table (2D6), rulebook "The Weather"; identical in Sevens.
WEATHER_TABLE: tuple[str, ...] = (
    "",
    "",
    "sweltering_heat",
    "very_sunny",
    "perfect",
    "perfect",
    "perfect",
    "perfect",
    "perfect",
    "perfect",
    "perfect",
    "pouring_rain",
    "blizzard",
)

# Injury tables (2D6 -> result). Core: 2-7 Stunned, 8-9 KO'd, 10+ Casualty.
INJURY_BB2020: tuple[str, ...] = (
    ("", "") + ("stunned",) * 6 + ("ko",) * 2 + ("cas",) * 3
)
# Stunty: 2-6 Stunned, 7-8 KO'd, 9 Badly Hurt, 10+ Casualty.
STUNTY_BB2020: tuple[str, ...] = (
    ("", "") + ("stunned",) * 5 + ("ko",) * 2 + ("badly_hurt",) + ("cas",) * 3
)
# Sevens: 2-7 Stunned, 8-9 KO'd, 10 Badly Hurt, 11 Seriously Hurt, 12 Dead.
INJURY_SEVENS: tuple[str, ...] = (
    ("", "") + ("stunned",) * 6 + ("ko",) * 2 + ("badly_hurt", "seriously_hurt", "dead")
)
# Sevens Stunty: 2-6 Stunned, 7-8 KO'd, 9-10 Badly Hurt, 11 SH, 12 Dead.
STUNTY_SEVENS: tuple[str, ...] = (
    ("", "")
    + ("stunned",) * 5
    + ("ko",) * 2
    + ("badly_hurt",) * 2
    + ("seriously_hurt", "dead")
)

# Casualty table (D16), rulebook "Casualty Rolls".
CASUALTY_TABLE: tuple[str, ...] = (
    ("",)
    + ("badly_hurt",) * 6
    + ("seriously_hurt",) * 3
    + ("serious_injury",) * 3
    + ("lasting_injury",) * 2
    + ("dead",) * 2
)
# Lasting Injury table (D6) -> (name, characteristic reduced).
LASTING_INJURY: tuple[tuple[str, str], ...] = (
    ("", ""),
    ("head_injury", "av"),
    ("head_injury", "av"),
    ("smashed_knee", "ma"),
    ("broken_arm", "pa"),
    ("neck_injury", "ag"),
    ("dislocated_shoulder", "st"),
)

# Prayers to Nuffle. Core table is a D16, the Sevens table a D8.
PRAYERS_BB2020: tuple[str, ...] = (
    "",
    "treacherous_trapdoor",
    "friends_with_the_ref",
    "stiletto",
    "iron_man",
    "knuckle_dusters",
    "bad_habits",
    "greasy_cleats",
    "blessed_statue_of_nuffle",
    "moles_under_the_pitch",
    "perfect_passing",
    "fan_interaction",
    "necessary_violence",
    "fouling_frenzy",
    "throw_a_rock",
    "under_scrutiny",
    "intensive_training",
)
PRAYERS_SEVENS: tuple[str, ...] = PRAYERS_BB2020[:9]


@dataclass(frozen=True, eq=False)
class Ruleset:
    """One game format. See module docstring."""

    name: str
    pitch: Pitch
    turns_per_half: int
    players_on_pitch: int
    max_per_wide_zone: int
    min_on_los: int
    kickoff_table: tuple[str, ...] = KICKOFF_TABLE
    solid_defence_bonus: int = 3  # Solid Defence: D3 + this many players
    quick_snap_bonus: int = 3
    blitz_bonus: int = 3
    timeout_back_from: int = 6  # Time-out: kicking turn marker >= this moves back
    weather_table: tuple[str, ...] = WEATHER_TABLE
    injury_table: tuple[str, ...] = INJURY_BB2020
    stunty_injury_table: tuple[str, ...] = STUNTY_BB2020
    casualty_table: tuple[str, ...] | None = CASUALTY_TABLE
    apothecary_mode: str = "casualty_reroll"  # or "d6_4plus" (Sevens)
    prayers: tuple[str, ...] = PRAYERS_BB2020
    # Touchback: "half" (ball must land in the receiving half) or "third"
    # (Sevens: anywhere past the kicking team's Line of Scrimmage).
    touchback: str = "half"
    # Turn-structure limits; None means every player may be activated
    # (Blitz Bowl would set 3).
    actions_per_turn: int | None = None
    # Decision: the BB2020 text (rules_and_regulations "Team Re-rolls") has no
    # one-per-turn limit, so None; a format that has one sets 1.
    team_rerolls_per_turn: int | None = None
    min_team_size: int = 11
    max_team_size: int = 16
    max_non_linemen: int | None = None
    extras: dict[str, int] = field(default_factory=dict)

    def __repr__(self) -> str:
        return f"Ruleset({self.name!r})"


# Decision: trapdoor squares are not given numerically by the rules; the
# pitches have one trapdoor in a Wide Zone of each half, placed here
# point-symmetrically.
BB2020 = Ruleset(
    name="bb2020",
    pitch=Pitch(26, 15, wide_zone=4, home_los_x=12, trapdoors=((6, 1), (19, 13))),
    turns_per_half=8,
    players_on_pitch=11,
    max_per_wide_zone=2,
    min_on_los=3,
)

SEVENS = Ruleset(
    name="sevens",
    pitch=Pitch(20, 11, wide_zone=2, home_los_x=6, trapdoors=((4, 1), (15, 9))),
    turns_per_half=6,
    players_on_pitch=7,
    max_per_wide_zone=1,
    min_on_los=3,
    solid_defence_bonus=1,
    quick_snap_bonus=1,
    blitz_bonus=1,
    timeout_back_from=4,
    injury_table=INJURY_SEVENS,
    stunty_injury_table=STUNTY_SEVENS,
    casualty_table=None,
    apothecary_mode="d6_4plus",
    prayers=PRAYERS_SEVENS,
    touchback="third",
    min_team_size=7,
    max_team_size=11,
    max_non_linemen=4,
)

RULESETS = {"bb2020": BB2020, "sevens": SEVENS}


def get_ruleset(name: str) -> Ruleset:
    """The ruleset called ``name`` ("bb2020" or "sevens")."""
    try:
        return RULESETS[name]
    except KeyError:
        raise RuleError(
            f"unknown ruleset {name!r}; known: {sorted(RULESETS)}"
        ) from None
