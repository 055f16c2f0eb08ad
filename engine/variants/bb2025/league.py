"""Blood Bowl 2025 as a league plays it: the edition's Star Player Points,
advancement costs, the D8 characteristic roll, value increases, winnings with
the no-stalling bonus and the inducement catalogue (``shared/rules/bb2025/``
``tables.md`` sections 9-13 and 15; the same numbers are in
``engine/data/bb2025/tables/``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cache
from types import MappingProxyType

from engine.campaign.getting_even import GettingEvenRule
from engine.campaign.inducements import (
    BRIBERY,
    HALFLING_TEAMS_MASTER_CHEF,
    JOSEF_BUGMAN,
    PLAGUE_DOCTOR,
    WANDERING_APOTHECARIES,
    InducementSpec,
)
from engine.campaign.postgame import (
    PostgameInput,
    WinningsResult,
    fan_attendance,
    record_outcome,
)

# tables.md "Advancement costs": random Primary, chosen Primary, chosen
# Secondary, characteristic. Decision (DECIDE 20): the second column buys
# a chosen Primary only (no random Secondary; ``random_secondary``).
SPP_COSTS_2025: tuple[tuple[int, int, int, int], ...] = (
    (3, 6, 10, 14),  # Experienced
    (4, 8, 12, 16),  # Veteran
    (6, 12, 16, 20),  # Emerging Star
    (8, 16, 20, 24),  # Star
    (10, 20, 24, 28),  # Super Star
    (15, 30, 34, 38),  # Legend
)

# tables.md "Characteristic improvement (D8)".
CHARACTERISTIC_TABLE_2025: tuple[tuple[int, int, tuple[str, ...]], ...] = (
    (1, 1, ("av",)),
    (2, 2, ("av", "pa")),
    (3, 4, ("av", "ma", "pa")),
    (5, 5, ("ma", "pa")),
    (6, 6, ("ag", "ma")),
    (7, 7, ("ag", "st")),
    (8, 8, ("ma", "st", "ag", "pa", "av")),
)

# tables.md "Current Value increases": a Primary skill +20,000 and a
# Secondary +40,000, random or chosen; an Elite skill (Block, Dodge, Guard,
# Mighty Blow: ``Skill.elite`` in skills.json) +10,000 on top. The random
# Secondary rate is never charged (no such advancement).
SKILL_VALUE_2025: Mapping[str, int] = MappingProxyType(
    {
        "random_primary": 20_000,
        "chosen_primary": 20_000,
        "random_secondary": 40_000,
        "chosen_secondary": 40_000,
    }
)
ELITE_SKILL_BONUS = 10_000
CHARACTERISTIC_VALUE_2025: Mapping[str, int] = MappingProxyType(
    {"av": 10_000, "ma": 20_000, "pa": 20_000, "ag": 30_000, "st": 60_000}
)

# tables.md "Star Player Points": no Deflection SPP; a Throw Team-mate's
# thrower (superb throw landed) and the thrown player (a safe landing) earn
# 1 each, both counted in the engine's ``successful_landings``.
SPP_VALUES_2025: Mapping[str, int] = MappingProxyType(
    {
        "passing_completions": 1,
        "throwing_completions": 1,
        "deflections": 0,
        "interceptions": 2,
        "casualties": 2,
        "touchdowns": 3,
        "mvps": 4,
    }
)
# Decision (DECIDE 16): Brawlin' Brutes, as FFB (the one description): a
# touchdown earns 2 SPP and a casualty 3.
SPP_TEAM_RULES_2025: Mapping[str, Mapping[str, int]] = MappingProxyType(
    {"brawlin-brutes": MappingProxyType({"touchdowns": 2, "casualties": 3})}
)

# Getting Even (changes_from_bb2020.md section 7; ``getting_even`` in
# tables/league.json): a Seriously Hurt, Serious Injury or Lasting Injury
# caused by an opposing player, a D6 4+ for Hatred (X). Decision: Hatred
# gained so is not an advancement (the rule says so) and adds nothing to
# the player's value (the value table prices advancements only).
GETTING_EVEN_2025 = GettingEvenRule(
    frozenset({"seriously_hurt", "serious_injury", "lasting_injury"}), 4
)

# Team Captain (Humans and Orcs, changes_from_bb2020.md section 16): the
# coach names one player captain; he gains Pro. Decision: Pro comes with
# the captaincy, not as an advancement: it is not one of the player's six,
# adds nothing to his value, and goes to the next captain named (the team
# may name another when the captain dies, is fired or retires).
TEAM_CAPTAIN_RULE = "team-captain"

# tables.md "Winnings": +1 (x 10,000) for a team that did not stall.
NO_STALLING_BONUS = 10_000
# tables.md "Star Player Points", MVP (DECIDE 21, league.json
# ``mvp.nominations``): each coach nominates up to 6 players who played.
MVP_NOMINATIONS = 6


def winnings_2025(game: PostgameInput) -> WinningsResult:
    """tables.md "Winnings": 10,000 x (Fan Attendance / 2 + own touchdowns +
    1 for a team that did not stall). A conceding team wins nothing; the
    other takes the whole attendance instead of half.

    Decision: the winner of a concession keeps its no-stalling bonus (it
    is paid for the team's own play); the touchdowns are the score after
    the concession award, as in BB2020."""
    outcome = record_outcome(game)
    attendance = fan_attendance(game)

    def paid(side: str) -> int:
        team = game.team("home" if side == "home" else "away")
        if game.penalised(team):
            return 0
        other = game.away if side == "home" else game.home
        crowd = 10_000 * attendance if game.penalised(other) else 5_000 * attendance
        tds = outcome.home.touchdowns if side == "home" else outcome.away.touchdowns
        return crowd + 10_000 * tds + (0 if team.stalled else NO_STALLING_BONUS)

    return WinningsResult(attendance, paid("home"), paid("away"))


@cache
def catalogue_2025() -> Mapping[str, InducementSpec]:
    """tables.md "Inducements" (prices: DECIDE 15, bloodbowl-rl's), each
    sold only where the match plays it: the slugs the match reads
    (``TeamSheet``) are BB2020's, bar the renamed kegs, Prayers to Nuffle
    (``prayers_to_nuffle``, the edition's table: ``prayers.py``) and the
    Team Mascot (``team_mascot``: ``mascot.py``). Decision: the Weather Mage, Halfling Master Chef,
    Biased Referee (Dodgy League Rep), Josef Bugman and the Sports-Wizard
    play as the engine plays them in BB2020 (the digest gives the same
    effects); Bugman's once-a-game re-set-up, new in the edition, is
    :mod:`.bugman`."""
    specs = (
        InducementSpec("prayers_to_nuffle", "Prayers to Nuffle", 3, 10_000),
        InducementSpec(
            "part_time_assistant_coaches", "Part-time Assistant Coaches", 5, 20_000
        ),
        InducementSpec(
            "temp_agency_cheerleaders", "Temp Agency Cheerleaders", 5, 5_000
        ),
        InducementSpec("team_mascot", "Team Mascot", 1, 25_000),
        InducementSpec("weather_mage", "Weather Mage", 1, 25_000),
        InducementSpec("blitzers_best_kegs", "Blitzer's Best Kegs", 2, 50_000),
        InducementSpec("bribes", "Bribes", 3, 100_000, 50_000, BRIBERY, reduced_max=6),
        InducementSpec("extra_team_training", "Extra Team Training", 8, 100_000),
        InducementSpec(
            "mortuary_assistant",
            "Mortuary Assistant",
            1,
            100_000,
            requires_rule="masters-of-undeath",
        ),
        PLAGUE_DOCTOR,
        InducementSpec(
            "riotous_rookies",
            "Riotous Rookies",
            1,
            150_000,
            requires_rule="low-cost-linemen",
        ),
        WANDERING_APOTHECARIES,
        HALFLING_TEAMS_MASTER_CHEF,
        InducementSpec(
            "biased_referee",
            "Biased Referee: Dodgy League Rep",
            1,
            120_000,
            80_000,
            BRIBERY,
        ),
        # tables.md "Inducements": Josef Bugman the coaching staff cannot
        # be hired with Josef Bugman the Star Player.
        replace(JOSEF_BUGMAN, excludes_star="josef-bugman"),
        InducementSpec("mercenaries", "Mercenary Players", 3, None),
        InducementSpec("star_players", "Star Players", 2, None),
        InducementSpec("wizard", "Wizard: Sports-Wizard", 1, 150_000),
    )
    return MappingProxyType({s.slug: s for s in specs})
