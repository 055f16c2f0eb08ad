"""Blood Bowl Sevens (Death Zone, and seed 004, the 2024 second season):
20x11, two halves of 6 turns, 7 players a side, its own Injury tables, draft
and inducements."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar

from engine.campaign.inducements import (
    BRIBES,
    KEGS,
    MASTER_CHEF,
    MERCENARIES,
    MORTUARY_ASSISTANT,
    PLAGUE_DOCTOR,
    WANDERING_APOTHECARIES,
    InducementSpec,
)
from engine.core.events import Apothecary, Roll
from engine.core.hooks import Registration
from engine.core.pitch import Pitch
from engine.variants import sevens_desperate
from engine.variants.base import register
from engine.variants.bb2020 import PRAYERS, BloodBowl2020

if TYPE_CHECKING:
    from engine.campaign.inducements import InducementSpec
    from engine.core.model import TeamSheet
    from engine.core.rules_data import RulesData
    from engine.core.state import GameState
    from engine.rules.apothecaries import ApothecaryKind

# Sevens Injury table: 2-7 Stunned, 8-9 KO'd, 10 Badly Hurt, 11 Seriously
# Hurt, 12 Dead.
INJURY_TABLE: tuple[str, ...] = (
    ("", "") + ("stunned",) * 6 + ("ko",) * 2 + ("badly_hurt", "seriously_hurt", "dead")
)
# Sevens Stunty Injury table: 2-6 Stunned, 7-8 KO'd, 9-10 Badly Hurt, 11 SH,
# 12 Dead.
STUNTY_INJURY_TABLE: tuple[str, ...] = (
    ("", "")
    + ("stunned",) * 5
    + ("ko",) * 2
    + ("badly_hurt",) * 2
    + ("seriously_hurt", "dead")
)

# Seed 004 "Random Skills - D2+D6", the Agility column (D2 1, then D2 2).
SEVENS_AGILITY: tuple[str, ...] = (
    "catch",
    "defensive",
    "diving-catch",
    "diving-tackle",
    "dodge",
    "jump-up",
    "leap",
    "safe-pair-of-hands",
    "sidestep",
    "sneaky-git",
    "sprint",
    "sure-feet",
)


class Sevens(BloodBowl2020):
    """Blood Bowl Sevens: what differs from Blood Bowl 2020."""

    name = "sevens"
    label = "Blood Bowl Sevens"
    summary = (
        "A quicker Blood Bowl: seven players a side on a 20 by 11 pitch, "
        "two halves of 6 turns, and squads of 7 to 11 drafted with "
        "600,000 gold."
    )
    # Decision: the Sevens rules place the trapdoors only as "one in each
    # half, both positioned within a Wide Zone"; as on the BB2020 pitch, one
    # in a Wide Zone of each team's third, placed point-symmetrically.
    pitch: ClassVar[Pitch] = Pitch(
        20, 11, wide_zone=2, home_los_x=6, trapdoors=((4, 1), (15, 9))
    )
    turns_per_half = 6
    players_on_pitch = 7
    max_per_wide_zone = 1
    solid_defence_bonus = 1
    quick_snap_bonus = 1
    blitz_bonus = 1
    timeout_back_from = 4
    injury_table = INJURY_TABLE
    stunty_injury_table = STUNTY_INJURY_TABLE
    casualty_table = None  # the Injury table gives the casualty
    # Decision: no Sevens player is ever temporarily retired. Temporary
    # retirement follows "a Lasting Injury result on the Casualty table"
    # (post-game_sequence.md, which the Sevens post-game follows), and the
    # Sevens Injury table has no Casualty table and no Lasting Injury; seed
    # 004's "may retire players" names the step, not another condition. A
    # Sevens player has no characteristic reduction for the time off to heal.
    retirement_results: ClassVar[frozenset[str]] = frozenset()
    prayers = PRAYERS[:9]  # the Sevens table is a D8
    # The Desperate Measures act at the rule points after the skills.
    rules: ClassVar[tuple[Registration, ...]] = BloodBowl2020.rules + (
        sevens_desperate.register,
    )

    # Decision: a Sevens league keeps Blood Bowl's Glittering Prizes (100,000,
    # 60,000, 30,000) and the League Trophy's free re-roll (season_prizes,
    # champion_rerolls: inherited). The Sevens rules change the draft, the
    # skills and the inducements of league play, not its season's end, and
    # seed 004 has no season end of its own; the Trophy's re-roll may pass
    # the Sevens limit of 6, as it passes Blood Bowl's 8 (rollover.py).
    budget = 600_000
    min_players = 7
    max_players = 11
    max_non_linemen = 4
    max_rerolls = 6
    reroll_draft_multiplier = 2
    # Decision: no team re-roll is bought after the draft ("a Blood Bowl
    # Sevens team cannot purchase additional team re-rolls at a later date",
    # blood_bowl_sevens.md), though seed 004's post-game step reads "may
    # hire/fire players/staff, buy re-rolls": that line is the general
    # post-game sequence; the Sevens draft rule is the specific one.
    reroll_later_multiplier = None
    # Decision: seed 004 defines Sevens TV as "the sum of all hirings", so a
    # re-roll counts at the double price the team paid for it.
    reroll_value_multiplier = 2
    max_assistant_coaches = 3
    assistant_coach_cost = 20_000
    max_cheerleaders = 6
    cheerleader_cost = 20_000
    apothecary_cost = 80_000
    dedicated_fan_cost = 20_000
    journeyman_loner = "5+"
    default_squad = 9
    default_per_position = 1
    default_max_positionals = 4

    # Seed 004 prints five numbers per row under four headings (e.g. "3 6 12
    # 18 18"): its last column repeats the one before. Decision: the Sevens
    # SPP table is read as the same four columns as BB2020, which is what
    # the first four numbers of every row say (so spp_costs is inherited).
    skill_first_die = 2  # seed 004: D2 + D6 (the same skills, same odds)
    spp_optional = True  # leagues may use the post-game free skill instead
    # blood_bowl_sevens.md "The Draft" (post-game Step 1). Decision: it is
    # played in every Sevens league, with Star Player Points too (seed 004's
    # alternative changes how players advance, not who is poached), and it
    # counts the skills a player has gained, however he gained them.
    draft_departures = True
    # Decision: Sevens keeps the pre-errata petty cash (seed 004: "Petty Cash
    # = CTV(A) - CTV(B); each Team may use Treasury or Petty Cash").
    petty_cash_includes_spending = False
    star_players = False

    def random_skill_table(
        self, category: str, data: RulesData | None = None
    ) -> tuple[str, ...] | None:
        """Seed 004 "Random Skills - D2+D6": its Agility column lists the
        skills in its own order (D2 1: Catch, Defensive, Diving Catch, Diving
        Tackle, Dodge, Jump Up), not the BB2020 table's (Defensive fifth);
        its other columns are the BB2020 order. Decision: a Sevens league
        rolls on seed 004's table, whose D2 it already rolls."""
        if category == "agility":
            return SEVENS_AGILITY
        return super().random_skill_table(category, data)

    def prayer_lasts(self, name: str) -> str:
        """The Sevens Prayers to Nuffle table: Friends with the Ref lasts
        "Until the end of the next drive" (BB2020: "this drive").

        Decision: "the next drive" is the one after the drive under way, as
        for Star of the Show ("before the next drive is over"): prayed for
        at a kick-off (Cheering Fans), the Friends last the rest of that
        drive and all of the next; prayed for in the pre-game, the first
        drive only. The other results the Sevens table words "next drive"
        (Stiletto, Knuckle Dusters, Bad Habits, Greasy Cleats) still last
        the drive under way."""
        if name == "friends_with_the_ref":
            return "next_drive"
        return super().prayer_lasts(name)

    def check_sheet(self, sheet: TeamSheet) -> None:
        """Sevens plays Desperate Measures: up to five distinct D8 results."""
        sevens_desperate.check_desperate_measures(sheet)

    def in_receiving_area(self, g: GameState, sq: int) -> bool:
        """Sevens touchbacks: the kick must land past the kicking team's
        Line of Scrimmage."""
        if sq < 0:
            return False
        pitch = g.pitch
        x = pitch.xs[sq]
        return x > pitch.home_los_x if g.kicking == 0 else x < pitch.away_los_x

    def apothecary_may_treat(self, g: GameState, p: int, kind: ApothecaryKind) -> bool:
        """blood_bowl_sevens.md "Apothecaries": an apothecary may patch up
        "any player (including Journeymen and Mercenaries)"; the Sevens
        rules say nothing else of the Wandering Apothecaries, who follow the
        same rule (Sevens induces no Star Players and no Josef Bugman)."""
        return True

    def apothecary_casualty(
        self, g: GameState, p: int, injury: str, result: str, roll: int, modifier: int
    ) -> tuple[str, int, bool]:
        """Sevens "Patching-up Casualties": a D6; on 4+ the player is
        patched up and goes to the Reserves, on 1-3 "the original Injury
        table result stands".

        Decision: a patched-up player's casualty is recorded as Badly Hurt
        (no long term effect, as BB2020's patched-up Badly Hurt): the
        Seriously Hurt or DEAD result does not stand, so the league neither
        kills him nor makes him miss the next game. Nor is he kept from the
        post-game skill ("a single player ... that did not suffer an Injury
        table result of 12, DEAD"): once patched up, the 12 is not his
        result."""
        d = g.dice.d6()
        ok = d >= 4
        g.emit(Roll("apothecary", g.pid[p], (d,), 4, 0, ok, False))
        g.emit(Apothecary(g.tname(g.team[p]), g.pid[p], "patched" if ok else "failed"))
        return ("badly_hurt" if ok else result), roll, ok

    def league_casualty_table(self) -> None:
        return None

    def inducement_catalogue(self) -> Mapping[str, InducementSpec]:
        return _catalogue()


@cache
def _catalogue() -> Mapping[str, InducementSpec]:
    """blood_bowl_sevens.md "Inducements". Decision: "0-2 Agency Cheerleaders
    30,000" and "0-1 Part-Time Assistant Coaches 30,000" are per item. Special
    Plays cost 100,000 as the Sevens rules say (seed 004 prints 50K; we follow
    the rules). Star Players, Weather Mage, Wizards, Biased Referees and
    Riotous Rookies are not on the Sevens list and so are not available.
    Not offered until the match plays them: Special Plays (no cards in the
    shared rules). Desperate Measures (0-5, 50,000 each) are rolled when
    bought and act in the match (engine/variants/sevens_desperate.py)."""

    specs = (
        InducementSpec("agency_cheerleaders", "Agency Cheerleaders", 2, 30_000),
        InducementSpec(
            "part_time_assistant_coaches", "Part-time Assistant Coaches", 1, 30_000
        ),
        KEGS,
        InducementSpec("desperate_measures", "Desperate Measures", 5, 50_000),
        InducementSpec("extra_team_training", "Extra Team Training", 8, 150_000),
        BRIBES,
        WANDERING_APOTHECARIES,
        MORTUARY_ASSISTANT,
        PLAGUE_DOCTOR,
        MASTER_CHEF,
        MERCENARIES,
    )
    return MappingProxyType({s.slug: s for s in specs})


SEVENS = register(Sevens())
