"""New skills for an advancement: the skills a player may gain, the random
skill tables and the choice among skills rolled.

Sources: post-game_sequence.md "New Skills"; skills_and_traits.md "Skill
Categories" (random skill table); seed 004 (Sevens: D2 + D6); BB2025
tables.md "Advancement costs" (a random skill rolled twice).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.campaign.player import PlayerState, category_name, check_format
from engine.core.dice import Roll, Roller, RollRecorder
from engine.core.errors import CampaignError
from engine.core.rules_data import RulesData, SkillRef, rules_data
from engine.variants.league_format import LeagueFormat


def _gained_ref(slug: str, data: RulesData) -> SkillRef:
    param = data.skills[slug].param
    # "+X" skills are gained at +1 (skills_and_traits.md table: Dirty Player
    # (+1), Mighty Blow (+1)).
    return SkillRef(slug, "+1" if param == "+X" else None)


def skill_available(
    player: PlayerState,
    slug: str,
    excluded: frozenset[str] = frozenset(),
    data: RulesData | None = None,
) -> bool:
    """A player may never gain a skill they already have (whatever its +X
    value), nor one in ``excluded`` (skills the league rules out for them),
    nor one the skill's own terms bar (:func:`skill_barred`)."""
    if player.has_skill(slug) or slug in excluded:
        return False
    return data is None or skill_barred(player, slug, data) is None


def skill_barred(player: PlayerState, slug: str, data: RulesData) -> str | None:
    """Why ``player`` cannot take ``slug`` under the skill's own terms
    (BB2025 skills.md: Bullseye and Strong Arm need Throw Team-mate, ...;
    a skill is never combined with one it excludes), or None."""
    skill = data.skills[slug]
    if skill.requires_any and not any(player.has_skill(s) for s in skill.requires_any):
        needs = " or ".join(data.skills[s].name for s in skill.requires_any)
        return f"{skill.name} needs {needs}"
    clash = next((s for s in skill.excludes if player.has_skill(s)), None)
    if clash is not None:
        return f"{skill.name} cannot be combined with {data.skills[clash].name}"
    return None


def validate_chosen_skill(
    player: PlayerState,
    slug: str,
    categories: Sequence[str],
    *,
    data: RulesData | None = None,
    excluded: frozenset[str] = frozenset(),
) -> SkillRef:
    """Check a chosen skill: it exists, belongs to one of ``categories`` (skill
    categories the advancement allows) and the player does not have it."""
    data = data or rules_data()
    skill = data.skills.get(slug)
    if skill is None:
        raise CampaignError("unknown_skill", f"unknown skill {slug!r}", "chosen_skill")
    allowed = tuple(category_name(c) for c in categories)
    if skill.category not in allowed:
        raise CampaignError(
            "skill_category_not_allowed",
            f"{skill.name} ({skill.category}) is not in {allowed}",
            "chosen_skill",
        )
    if player.has_skill(slug):
        raise CampaignError(
            "skill_already_known",
            f"the player already has {skill.name}",
            "chosen_skill",
        )
    if slug in excluded:
        raise CampaignError(
            "skill_not_allowed",
            f"{skill.name} cannot be taken by this player",
            "chosen_skill",
        )
    barred = skill_barred(player, slug, data)
    if barred is not None:
        raise CampaignError("skill_not_allowed", barred, "chosen_skill")
    return _gained_ref(slug, data)


class SkillChoiceRequired(CampaignError):
    """A random skill advancement rolled several skills: its coach keeps one
    of ``choices`` (skill slugs, in the order rolled); ``rolled`` is every
    skill rolled, one per roll, with its parameter."""

    def __init__(
        self,
        code: str,
        message: str,
        field: str,
        choices: tuple[str, ...],
        rolled: tuple[SkillRef, ...] = (),
    ) -> None:
        super().__init__(code, message, field)
        self.choices = choices
        self.rolled = rolled


@dataclass(frozen=True, slots=True)
class RandomSkillRoll:
    skill: SkillRef
    category: str
    rolls: tuple[Roll, ...]


def roll_random_skill(
    player: PlayerState,
    category: str,
    roller: Roller,
    *,
    fmt: str | LeagueFormat = "bb2020",
    data: RulesData | None = None,
    excluded: frozenset[str] = frozenset(),
) -> RandomSkillRoll:
    """Randomly select a skill from ``category`` ("New Skills": roll two dice
    one after the other on the Skill table, re-rolling skills the player
    already has or cannot have).

    BB2020 reads the first D6 as 1-3 / 4-6 (skills_and_traits.md). Sevens
    uses seed 004's D2 + D6 (same table, same odds). Raises
    ``no_skill_available`` before rolling if every skill is unavailable.
    """
    f = check_format(fmt)
    data = data or rules_data(f.rules_data_version)
    name = category_name(category)
    table = f.random_skill_table(name, data)  # hook: the format's own table
    if not table or len(table) != 12:
        raise CampaignError(
            "unknown_skill_category", f"no random table for {name!r}", "category"
        )
    if not any(skill_available(player, s, excluded, data) for s in table):
        raise CampaignError(
            "no_skill_available",
            f"the player already has every {name} skill",
            "category",
        )
    recorder = RollRecorder(roller)
    while True:
        if f.skill_first_die == 2:
            half = recorder.d(2, "skill_first") - 1
        else:
            half = 0 if recorder.d(6, "skill_first") <= 3 else 1
        slug = table[half * 6 + recorder.d(6, "skill_second") - 1]
        if skill_available(player, slug, excluded, data):
            return RandomSkillRoll(_gained_ref(slug, data), name, recorder.taken())


def keep_rolled_skill(
    rolled: Sequence[SkillRef], chosen_skill: str | None, data: RulesData
) -> SkillRef:
    """The skill kept of those a random skill advancement rolled: the one
    rolled (every roll the same skill), else the coach's ``chosen_skill``,
    which must be one of them."""
    choices = tuple(dict.fromkeys(rolled))
    slugs = tuple(ref.skill for ref in choices)
    if len(choices) == 1 and chosen_skill in (None, slugs[0]):
        return choices[0]
    for ref in choices:
        if ref.skill == chosen_skill:
            return ref
    names = " and ".join(f"{data.skills[s].name} ({s})" for s in slugs)
    if chosen_skill is None:
        raise SkillChoiceRequired(
            "skill_choice_required",
            f"the dice rolled {names}: keep one of them as the skill",
            "chosen_skill",
            slugs,
            tuple(rolled),
        )
    raise SkillChoiceRequired(
        "skill_not_rolled",
        f"{chosen_skill!r} was not rolled; the dice rolled {names}",
        "chosen_skill",
        slugs,
        tuple(rolled),
    )
