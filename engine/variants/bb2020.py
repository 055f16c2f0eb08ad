"""Blood Bowl 2020 (the core game): rulebook "A Game of Two Halves", "The
Start of a Drive", "Armour and Injuries", "Rules and Regulations" (the team
draft) and the league rules (SPP, inducements, casualties)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar

from engine.campaign.casualty import BB2020_TABLE
from engine.campaign.inducements import (
    BRIBERY,
    BRIBES,
    HALFLING_TEAMS_MASTER_CHEF,
    JOSEF_BUGMAN,
    KEGS,
    MERCENARIES,
    MORTUARY_ASSISTANT,
    PLAGUE_DOCTOR,
    WANDERING_APOTHECARIES,
    InducementSpec,
)
from engine.campaign.postgame import (
    GLITTERING_PRIZES,
    LEAGUE_SCORING_BONUSES,
    winnings,
)
from engine.core.pitch import Pitch
from engine.variants.base import Variant, register

if TYPE_CHECKING:
    from engine.campaign.casualty import CasualtyTable
    from engine.campaign.inducements import InducementSpec
    from engine.campaign.postgame import PostgameInput, WinningsResult
    from engine.core.state import GameState
    from engine.variants.league_format import LeagueBonus

# Kick-off Event table (2D6); Sevens uses the same headings with smaller
# numbers of players affected (see the *_bonus facts).
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
    ("", "", "sweltering_heat", "very_sunny")
    + ("perfect",) * 7
    + ("pouring_rain", "blizzard")
)

# Injury table (2D6): 2-7 Stunned, 8-9 KO'd, 10+ Casualty.
INJURY_TABLE: tuple[str, ...] = ("", "") + ("stunned",) * 6 + ("ko",) * 2 + ("cas",) * 3
# Stunty Injury table: 2-6 Stunned, 7-8 KO'd, 9 Badly Hurt, 10+ Casualty.
STUNTY_INJURY_TABLE: tuple[str, ...] = (
    ("", "") + ("stunned",) * 5 + ("ko",) * 2 + ("badly_hurt",) + ("cas",) * 3
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

# Prayers to Nuffle (D16).
PRAYERS: tuple[str, ...] = (
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

# The League Trophy: its holder "adds an additional team re-roll to its Team
# Draft list ... without having to spend any gold pieces".
LEAGUE_TROPHY_REROLLS = 1

# The Advancements table: random primary, chosen primary OR random
# secondary, chosen secondary, random characteristic improvement.
SPP_COSTS: tuple[tuple[int, int, int, int], ...] = (
    (3, 6, 12, 18),  # Experienced (first advancement)
    (4, 8, 14, 20),  # Veteran
    (6, 12, 18, 24),  # Emerging Star
    (8, 16, 22, 28),  # Star
    (10, 20, 26, 32),  # Super Star
    (15, 30, 40, 50),  # Legend (sixth advancement)
)


class BloodBowl2020(Variant):
    """Blood Bowl 2020: 26x15, two halves of 8 turns, 11 players a side."""

    name = "bb2020"
    label = "Blood Bowl"
    summary = (
        "The full game (2020 rules): eleven players a side on a 26 by 15 "
        "pitch, two halves of 8 turns, a 1,000,000 gold draft, and players "
        "who earn Star Player Points and improve from match to match."
    )
    # Decision: trapdoor squares are not given numerically by the rules; the
    # pitch has one trapdoor in a Wide Zone of each half, placed
    # point-symmetrically.
    pitch: ClassVar[Pitch] = Pitch(
        26, 15, wide_zone=4, home_los_x=12, trapdoors=((6, 1), (19, 13))
    )
    kickoff_table = KICKOFF_TABLE
    weather_table = WEATHER_TABLE
    injury_table = INJURY_TABLE
    stunty_injury_table = STUNTY_INJURY_TABLE
    casualty_table: ClassVar[tuple[str, ...] | None] = CASUALTY_TABLE
    lasting_injury = LASTING_INJURY
    prayers = PRAYERS
    spp_costs = SPP_COSTS
    # the_rules_of_blood_bowl.md "Set-up": "should a team find itself
    # reduced to only three players or fewer, it may concede without penalty
    # before setting-up" (blood_bowl_sevens.md "Set-up" says the same).
    free_concession_players: ClassVar[int | None] = 3
    # the_rules_of_blood_bowl.md "Conceding": players with three or more
    # advancements may quit (Sevens too, whose rules refer to it).
    concession_player_loss = True
    # the_teams.md "Low Cost Linemen" (Ogre, Snotling): in league play a
    # permanently hired Lineman's Current Value leaves out his hiring fee.
    # Decision: Sevens keeps the rule (its teams are the BB2020 rosters with
    # their special rules, and its leagues are league play).
    low_cost_linemen_rule: ClassVar[str | None] = "low-cost-linemen"

    def casualty_modifier(self, g: GameState, p: int) -> int:
        """the_rules_of_blood_bowl.md "NI (Niggling Injury)": +1 to every
        Casualty roll made against the player per Niggling Injury he carries
        into the match (``PlayerSheet.niggling``; the same rule as
        ``BB2020_TABLE.niggling_modifier``, so the post-game agrees)."""
        return g.sheet(p).niggling

    def league_casualty_table(self) -> CasualtyTable | None:
        return BB2020_TABLE

    def inducement_catalogue(self) -> Mapping[str, InducementSpec]:
        return _catalogue()

    def winnings(self, game: PostgameInput) -> WinningsResult:
        """post-game_sequence.md "Winnings": 10,000 x (Fan Attendance / 2 +
        own touchdowns); Sevens and the classic game pay the same."""
        return winnings(game)

    def season_prizes(self) -> Mapping[int, int]:
        """league_and_exhibition_play.md "Glittering Prizes": 1st 100,000,
        2nd 60,000, 3rd 30,000 (:data:`GLITTERING_PRIZES`). The formats
        built on BB2020 say whether they keep them (sevens.py, classic.py,
        bb2025/variant.py; Dungeon Bowl pays its own)."""
        return GLITTERING_PRIZES

    def league_bonuses(self) -> tuple[LeagueBonus, ...]:
        """league_and_exhibition_play.md "League Scoring": the three bonus
        League points a commissioner may award (:data:`LEAGUE_SCORING_BONUSES`).
        Decision: Sevens, the classic game and BB2025 keep them (Sevens and
        the classic game play BB2020's league rules where they give none of
        their own; the BB2025 digest names no change to League Scoring);
        Dungeon Bowl offers only its casualty bonus (league_hooks.py)."""
        return LEAGUE_SCORING_BONUSES

    def champion_rerolls(self) -> int:
        """The League Trophy: its holder adds one free team re-roll until
        the end of the next season (:data:`LEAGUE_TROPHY_REROLLS`)."""
        return LEAGUE_TROPHY_REROLLS


@cache
def _catalogue() -> Mapping[str, InducementSpec]:
    """inducements_in_detail.md "Common Inducements": only what the match
    plays (engine/rules/inducements.py, engine/rules/wizard.py). Not offered: Special Plays
    (the shared rules give the deck rules but not the cards). (In)Famous
    Coaching Staff: Josef Bugman (0-1, 100,000), the one the rules text
    describes. The Wizard is the Hireling
    Sports-Wizard (150,000), the one Wizard the rules text describes."""

    specs = (
        InducementSpec(
            "temp_agency_cheerleaders", "Temp Agency Cheerleaders", 4, 20_000
        ),
        InducementSpec(
            "part_time_assistant_coaches", "Part-time Assistant Coaches", 3, 20_000
        ),
        InducementSpec("weather_mage", "Weather Mage", 1, 30_000),
        KEGS,
        InducementSpec("extra_team_training", "Extra Team Training", 8, 100_000),
        BRIBES,
        WANDERING_APOTHECARIES,
        MORTUARY_ASSISTANT,
        PLAGUE_DOCTOR,
        InducementSpec(
            "riotous_rookies",
            "Riotous Rookies",
            1,
            100_000,
            requires_rule="low-cost-linemen",
        ),
        HALFLING_TEAMS_MASTER_CHEF,
        MERCENARIES,
        InducementSpec("star_players", "Star Players", 2, None),
        JOSEF_BUGMAN,
        InducementSpec("wizard", "Wizard: Hireling Sports-Wizard", 1, 150_000),
        InducementSpec("biased_referee", "Biased Referee", 1, 120_000, 80_000, BRIBERY),
    )
    return MappingProxyType({s.slug: s for s in specs})


BB2020 = register(BloodBowl2020())
