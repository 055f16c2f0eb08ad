"""Advancement: SPP costs, levels, options, skills, characteristics, value."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.campaign import (
    AdvancementKind,
    AdvancementOption,
    CampaignError,
    Characteristic,
    CharacteristicRoll,
    ScriptedRoller,
    advance,
    advancement_options,
    characteristic_offer,
    characteristic_value_increase,
    level_name,
    must_spend_spp,
    postgame_skill_options,
    roll_characteristic_improvement,
    roll_random_skill,
    skill_value_increase,
    spp_cost,
    validate_chosen_skill,
)
from engine.core.rules_data import RulesData, SkillRef

from .conftest import human_lineman

RP, CP, RS, CS, CH = (
    AdvancementKind.RANDOM_PRIMARY,
    AdvancementKind.CHOSEN_PRIMARY,
    AdvancementKind.RANDOM_SECONDARY,
    AdvancementKind.CHOSEN_SECONDARY,
    AdvancementKind.CHARACTERISTIC,
)
MA, ST, AG, PA, AV = (
    Characteristic.MA,
    Characteristic.ST,
    Characteristic.AG,
    Characteristic.PA,
    Characteristic.AV,
)

COSTS = [
    (0, 3, 6, 12, 18),
    (1, 4, 8, 14, 20),
    (2, 6, 12, 18, 24),
    (3, 8, 16, 22, 28),
    (4, 10, 20, 26, 32),
    (5, 15, 30, 40, 50),
]


@pytest.mark.parametrize("fmt", ["bb2020", "sevens"])
@pytest.mark.parametrize(("previous", "rp", "cp_rs", "cs", "ch"), COSTS)
def test_spp_costs(
    fmt: str, previous: int, rp: int, cp_rs: int, cs: int, ch: int
) -> None:
    assert spp_cost(fmt, previous, RP) == rp
    assert spp_cost(fmt, previous, CP) == cp_rs
    assert spp_cost(fmt, previous, RS) == cp_rs
    assert spp_cost(fmt, previous, CS) == cs
    assert spp_cost(fmt, previous, CH) == ch


@pytest.mark.parametrize("previous", [-1, 6, 7])
def test_spp_cost_outside_the_table(previous: int) -> None:
    with pytest.raises(CampaignError) as exc:
        spp_cost("bb2020", previous, RP)
    assert exc.value.code == "max_advancements"


def test_spp_cost_unknown_format() -> None:
    with pytest.raises(CampaignError) as exc:
        spp_cost("dungeon", 0, RP)
    assert exc.value.code == "unknown_format"


@pytest.mark.parametrize(
    ("advancements", "name"),
    [
        (0, "Rookie"),
        (1, "Experienced"),
        (2, "Veteran"),
        (3, "Emerging Star"),
        (4, "Star"),
        (5, "Super Star"),
        (6, "Legend"),
        (9, "Legend"),
    ],
)
def test_level_names(advancements: int, name: str) -> None:
    assert level_name(advancements) == name


def test_level_name_rejects_negative() -> None:
    with pytest.raises(CampaignError):
        level_name(-1)


@pytest.mark.parametrize(
    ("kind", "value"), [(RP, 10_000), (CP, 20_000), (RS, 20_000), (CS, 40_000)]
)
def test_skill_value_increase(kind: AdvancementKind, value: int) -> None:
    assert skill_value_increase(kind) == value


@pytest.mark.parametrize(
    ("kind", "previous", "value"),
    [
        (RP, 0, 10_000),
        (RP, 1, 20_000),
        (RP, 4, 20_000),
        (RS, 0, 20_000),
        (RS, 2, 30_000),
    ],
)
def test_postgame_skill_value_increase(
    kind: AdvancementKind, previous: int, value: int
) -> None:
    assert (
        skill_value_increase(kind, postgame_skill=True, previous_skills=previous)
        == value
    )


@pytest.mark.parametrize("kind", [CP, CS, CH])
def test_postgame_skill_skills_are_always_random(kind: AdvancementKind) -> None:
    with pytest.raises(CampaignError) as exc:
        skill_value_increase(kind, postgame_skill=True)
    assert exc.value.code == "invalid_kind"


@pytest.mark.parametrize(
    ("characteristic", "value"),
    [(AV, 10_000), (MA, 20_000), (PA, 20_000), (AG, 40_000), (ST, 80_000)],
)
def test_characteristic_value_increase(
    characteristic: Characteristic, value: int
) -> None:
    assert characteristic_value_increase(characteristic) == value


@pytest.mark.parametrize(
    ("roll", "offered"),
    [
        (1, (MA, AV)),
        (7, (MA, AV)),
        (8, (MA, PA, AV)),
        (13, (MA, PA, AV)),
        (14, (AG, PA)),
        (15, (ST, AG)),
        (16, (MA, ST, AG, PA, AV)),
    ],
)
def test_characteristic_improvement_table(
    roll: int, offered: tuple[Characteristic, ...]
) -> None:
    assert characteristic_offer(roll) == offered


def test_characteristic_offer_rejects_off_table() -> None:
    with pytest.raises(CampaignError):
        characteristic_offer(17)


# --- options --------------------------------------------------------------------


def test_options_a_rookie_lineman_with_six_spp_can_afford() -> None:
    options = advancement_options(human_lineman(spp=6), "bb2020")
    assert [(o.kind, o.category, o.spp_cost, o.value_increase) for o in options] == [
        (RP, "general", 3, 10_000),
        (CP, "general", 6, 20_000),
        (RS, "agility", 6, 20_000),
        (RS, "strength", 6, 20_000),
    ]


def test_all_options_with_costs_for_a_veteran() -> None:
    options = advancement_options(
        human_lineman(advancements=2), "bb2020", affordable_only=False
    )
    assert [(o.kind, o.category, o.spp_cost) for o in options] == [
        (RP, "general", 6),
        (CP, "general", 12),
        (RS, "agility", 12),
        (CS, "agility", 18),
        (RS, "strength", 12),
        (CS, "strength", 18),
        (CH, None, 24),
    ]
    assert all(o.format == "bb2020" and not o.postgame_skill for o in options)


def test_no_options_for_legends_or_the_dead() -> None:
    assert advancement_options(human_lineman(spp=99, advancements=6), "bb2020") == []
    assert advancement_options(human_lineman(spp=99, dead=True), "bb2020") == []


@pytest.mark.parametrize(
    ("spp", "advancements", "must"),
    [
        (17, 0, False),
        (18, 0, True),
        (19, 1, False),
        (20, 1, True),
        (50, 5, True),
        (80, 6, False),
    ],
)
def test_must_spend_once_a_characteristic_is_affordable(
    spp: int, advancements: int, must: bool
) -> None:
    assert (
        must_spend_spp(human_lineman(spp=spp, advancements=advancements), "bb2020")
        is must
    )


def test_dead_players_never_must_spend() -> None:
    assert must_spend_spp(human_lineman(spp=50, dead=True), "bb2020") is False


def test_postgame_skill_options() -> None:
    options = postgame_skill_options(human_lineman(), "sevens")
    assert [
        (o.kind, o.category, o.spp_cost, o.value_increase, o.postgame_skill)
        for o in options
    ] == [
        (RP, "general", 0, 10_000, True),
        (RS, "agility", 0, 20_000, True),
        (RS, "strength", 0, 20_000, True),
    ]
    later = postgame_skill_options(human_lineman(advancements=1), "sevens")
    assert [o.value_increase for o in later] == [20_000, 30_000, 30_000]
    assert postgame_skill_options(human_lineman(dead=True), "sevens") == []


# --- random skills -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "skill"),
    [
        ([1, 1], "block"),
        ([3, 3], "dirty-player"),
        ([2, 6], "kick"),
        ([4, 1], "pro"),
        ([6, 5], "tackle"),
        ([5, 6], "wrestle"),
    ],
)
def test_bb2020_random_general_skill(
    dice: list[int], skill: str, data: RulesData
) -> None:
    rolled = roll_random_skill(
        human_lineman(), "general", ScriptedRoller(dice), data=data
    )
    assert rolled.skill.skill == skill
    assert rolled.category == "general"
    assert rolled.rolls == (("skill_first", 6, dice[0]), ("skill_second", 6, dice[1]))


@pytest.mark.parametrize(
    ("dice", "skill"),
    [
        # seed 004 "Random Skills - D2+D6", Agility: 1 Catch, 2 Defensive,
        # 3 Diving Catch, 4 Diving Tackle, 5 Dodge, 6 Jump up; then Leap ...
        ([1, 1], "catch"),
        ([1, 2], "defensive"),
        ([1, 3], "diving-catch"),
        ([1, 4], "diving-tackle"),
        ([1, 5], "dodge"),
        ([1, 6], "jump-up"),
        ([2, 1], "leap"),
        ([2, 6], "sure-feet"),
    ],
)
def test_sevens_random_skill_uses_d2_plus_d6(
    dice: list[int], skill: str, data: RulesData
) -> None:
    rolled = roll_random_skill(
        human_lineman(), "agility", ScriptedRoller(dice), fmt="sevens", data=data
    )
    assert rolled.skill.skill == skill
    assert rolled.rolls == (("skill_first", 2, dice[0]), ("skill_second", 6, dice[1]))


@pytest.mark.parametrize(
    ("dice", "skill"),
    [([3, 2], "diving-catch"), ([3, 5], "defensive")],  # skills_and_traits.md
)
def test_bb2020_agility_keeps_the_rulebook_order(
    dice: list[int], skill: str, data: RulesData
) -> None:
    rolled = roll_random_skill(
        human_lineman(), "agility", ScriptedRoller(dice), fmt="bb2020", data=data
    )
    assert rolled.skill.skill == skill


def test_random_skill_rerolls_skills_the_player_has(data: RulesData) -> None:
    player = human_lineman(skills=(SkillRef("block"), SkillRef("tackle")))
    rolled = roll_random_skill(
        player, "G", ScriptedRoller([2, 1, 5, 5, 6, 6]), data=data
    )
    assert rolled.skill == SkillRef("wrestle")
    assert len(rolled.rolls) == 6


def test_random_skill_rerolls_excluded_skills(data: RulesData) -> None:
    rolled = roll_random_skill(
        human_lineman(),
        "general",
        ScriptedRoller([1, 5, 1, 6]),
        data=data,
        excluded=frozenset({"frenzy"}),
    )
    assert rolled.skill == SkillRef("kick")


def test_random_plus_x_skill_is_gained_at_plus_one(data: RulesData) -> None:
    rolled = roll_random_skill(
        human_lineman(), "strength", ScriptedRoller([4, 1]), data=data
    )
    assert rolled.skill == SkillRef("mighty-blow", "+1")


def test_a_player_with_mighty_blow_two_rerolls_mighty_blow(data: RulesData) -> None:
    player = human_lineman(skills=(SkillRef("mighty-blow", "+2"),))
    rolled = roll_random_skill(
        player, "strength", ScriptedRoller([4, 1, 4, 2]), data=data
    )
    assert rolled.skill == SkillRef("multiple-block")


def test_random_skill_when_every_skill_is_known(data: RulesData) -> None:
    everything = tuple(SkillRef(s) for s in data.random_skill_table["general"])
    with pytest.raises(CampaignError) as exc:
        roll_random_skill(
            human_lineman(skills=everything), "general", ScriptedRoller([]), data=data
        )
    assert (exc.value.code, exc.value.field) == ("no_skill_available", "category")


def test_random_skill_unknown_category(data: RulesData) -> None:
    with pytest.raises(CampaignError) as exc:
        roll_random_skill(human_lineman(), "trait", ScriptedRoller([]), data=data)
    assert exc.value.code == "unknown_skill_category"


# --- chosen skills --------------------------------------------------------------------


def test_validate_chosen_skill_accepts_and_returns_a_ref(data: RulesData) -> None:
    assert validate_chosen_skill(
        human_lineman(), "block", ["G"], data=data
    ) == SkillRef("block")
    assert validate_chosen_skill(
        human_lineman(), "dirty-player", ["general"], data=data
    ) == SkillRef("dirty-player", "+1")


@pytest.mark.parametrize(
    ("skills", "slug", "categories", "code"),
    [
        ((), "teleport", ["general"], "unknown_skill"),
        ((), "dodge", ["general"], "skill_category_not_allowed"),
        ((), "loner", ["general"], "skill_category_not_allowed"),
        ((SkillRef("block"),), "block", ["general"], "skill_already_known"),
        (
            (SkillRef("dirty-player", "+2"),),
            "dirty-player",
            ["general"],
            "skill_already_known",
        ),
    ],
)
def test_validate_chosen_skill_errors(
    skills: tuple[SkillRef, ...],
    slug: str,
    categories: list[str],
    code: str,
    data: RulesData,
) -> None:
    with pytest.raises(CampaignError) as exc:
        validate_chosen_skill(human_lineman(skills=skills), slug, categories, data=data)
    assert (exc.value.code, exc.value.field) == (code, "chosen_skill")


def test_validate_chosen_skill_excluded(data: RulesData) -> None:
    with pytest.raises(CampaignError) as exc:
        validate_chosen_skill(
            human_lineman(),
            "kick",
            ["general"],
            data=data,
            excluded=frozenset({"kick"}),
        )
    assert exc.value.code == "skill_not_allowed"


# --- advance: skills -----------------------------------------------------------------


def _option(
    player_spp: int, kind: AdvancementKind, category: str | None, advancements: int = 0
) -> AdvancementOption:
    player = human_lineman(spp=player_spp, advancements=advancements)
    return next(
        o
        for o in advancement_options(player, "bb2020")
        if o.kind is kind and o.category == category
    )


def test_advance_random_primary(data: RulesData) -> None:
    player = human_lineman(spp=7)
    option = _option(7, RP, "general")
    result = advance(player, option, ScriptedRoller([2, 5]), data=data)
    assert result.skill == SkillRef("frenzy")
    assert result.player.skills == (SkillRef("frenzy"),)
    assert (result.player.spp, result.spp_spent) == (4, 3)
    assert (result.player.value, result.value_increase) == (60_000, 10_000)
    assert result.player.advancements == 1
    assert result.level == "Experienced"
    assert result.rolls == (("skill_first", 6, 2), ("skill_second", 6, 5))
    assert result.characteristic is None


def test_advance_chosen_primary(data: RulesData) -> None:
    player = human_lineman(spp=8, advancements=1, value=60_000)
    option = _option(8, CP, "general", advancements=1)
    result = advance(player, option, ScriptedRoller([]), "block", data=data)
    assert result.skill == SkillRef("block")
    assert (result.player.spp, result.player.value, result.level) == (
        0,
        80_000,
        "Veteran",
    )
    assert result.rolls == ()


def test_advance_random_secondary(data: RulesData) -> None:
    player = human_lineman(spp=6)
    option = _option(6, RS, "strength")
    result = advance(player, option, ScriptedRoller([1, 5]), data=data)
    assert result.skill == SkillRef("guard")
    assert (result.player.spp, result.player.value) == (0, 70_000)


def test_advance_chosen_secondary(data: RulesData) -> None:
    player = human_lineman(spp=12)
    option = _option(12, CS, "agility")
    result = advance(player, option, ScriptedRoller([]), "dodge", data=data)
    assert result.skill == SkillRef("dodge")
    assert (result.player.spp, result.player.value, result.value_increase) == (
        0,
        90_000,
        40_000,
    )


def test_advance_to_legend(data: RulesData) -> None:
    player = human_lineman(spp=15, advancements=5)
    option = _option(15, RP, "general", advancements=5)
    result = advance(player, option, ScriptedRoller([1, 1]), data=data)
    assert result.level == "Legend"
    assert advancement_options(result.player, "bb2020", affordable_only=False) == []
    with pytest.raises(CampaignError) as exc:
        advance(
            replace(result.player, spp=99), option, ScriptedRoller([1, 2]), data=data
        )
    assert exc.value.code == "max_advancements"


@pytest.mark.parametrize(
    ("kind", "category", "chosen", "code"),
    [
        (CP, "general", None, "skill_required"),
        (RP, "general", "block", "unexpected_choice"),
        (CP, "general", "dodge", "skill_category_not_allowed"),
    ],
)
def test_advance_skill_choice_errors(
    kind: AdvancementKind, category: str, chosen: str | None, code: str, data: RulesData
) -> None:
    player = human_lineman(spp=20)
    option = _option(20, kind, category)
    with pytest.raises(CampaignError) as exc:
        advance(player, option, ScriptedRoller([1, 1]), chosen, data=data)
    assert exc.value.code == code


def test_advance_rejects_unaffordable_or_foreign_options(data: RulesData) -> None:
    option = _option(6, CP, "general")
    with pytest.raises(CampaignError) as exc:
        advance(human_lineman(spp=5), option, ScriptedRoller([]), "block", data=data)
    assert (exc.value.code, exc.value.field) == ("not_enough_spp", "option")

    cheap = replace(option, spp_cost=1)
    with pytest.raises(CampaignError) as exc:
        advance(human_lineman(spp=6), cheap, ScriptedRoller([]), "block", data=data)
    assert exc.value.code == "invalid_option"

    passing = replace(option, category="passing")
    with pytest.raises(CampaignError) as exc:
        advance(human_lineman(spp=6), passing, ScriptedRoller([]), "pass", data=data)
    assert exc.value.code == "invalid_option"

    stale = _option(6, RP, "general")  # cost 3 at 0 advancements, 4 at 1
    with pytest.raises(CampaignError) as exc:
        advance(
            human_lineman(spp=6, advancements=1),
            stale,
            ScriptedRoller([1, 1]),
            data=data,
        )
    assert exc.value.code == "invalid_option"


def test_advance_rejects_dead_players(data: RulesData) -> None:
    option = _option(6, RP, "general")
    with pytest.raises(CampaignError) as exc:
        advance(
            human_lineman(spp=6, dead=True), option, ScriptedRoller([1, 1]), data=data
        )
    assert exc.value.code == "player_dead"


# --- advance: characteristics -------------------------------------------------------


def test_characteristic_improvement_one_shot(data: RulesData) -> None:
    player = human_lineman(spp=20)
    option = _option(20, CH, None)
    result = advance(player, option, ScriptedRoller([16]), characteristic=ST, data=data)
    assert result.characteristic is ST
    assert result.player.st == 4
    assert result.player.improvements == {ST: 1}
    assert (result.player.spp, result.player.value, result.value_increase) == (
        2,
        130_000,
        80_000,
    )
    assert result.rolls == (("characteristic_improvement", 16, 16),)
    assert result.improvement is not None
    assert result.improvement.roll == 16


@pytest.mark.parametrize(
    ("d16", "prefs", "characteristic", "attr", "value", "increase"),
    [
        (3, (AV,), AV, "av", 10, 10_000),
        (7, (ST, AG, MA), MA, "ma", 7, 20_000),
        (10, (PA,), PA, "pa", 3, 20_000),
        (14, (AG,), AG, "ag", 2, 40_000),
        (15, (AG, ST), AG, "ag", 2, 40_000),
        (16, (AV,), AV, "av", 10, 10_000),
    ],
)
def test_characteristic_improvement_preferences(
    d16: int,
    prefs: tuple[Characteristic, ...],
    characteristic: Characteristic,
    attr: str,
    value: int,
    increase: int,
    data: RulesData,
) -> None:
    option = _option(18, CH, None)
    result = advance(
        human_lineman(spp=18),
        option,
        ScriptedRoller([d16]),
        characteristic=prefs,
        data=data,
    )
    assert result.characteristic is characteristic
    assert getattr(result.player, attr) == value
    assert result.value_increase == increase
    assert result.player.spp == 0


def test_two_step_characteristic_improvement(data: RulesData) -> None:
    player = human_lineman(spp=18)
    roll = roll_characteristic_improvement(player, ScriptedRoller([9]))
    assert roll == CharacteristicRoll(
        9, (MA, PA, AV), (MA, PA, AV), (("characteristic_improvement", 16, 9),)
    )
    result = advance(
        player,
        _option(18, CH, None),
        ScriptedRoller([]),
        characteristic=PA,
        improvement=roll,
        data=data,
    )
    assert result.player.pa == 3
    assert result.rolls == roll.rolls


def test_improvement_roll_lists_only_improvable_characteristics() -> None:
    player = human_lineman(ma=9, av=11)
    roll = roll_characteristic_improvement(player, ScriptedRoller([5]))
    assert roll.offered == (MA, AV)
    assert roll.improvable == ()
    twice = human_lineman(improvements={AV: 2})
    assert roll_characteristic_improvement(twice, ScriptedRoller([12])).improvable == (
        MA,
        PA,
    )


def test_unimprovable_roll_falls_back_to_a_chosen_secondary_skill(
    data: RulesData,
) -> None:
    player = human_lineman(spp=18, ma=9, av=11)
    result = advance(
        player, _option(18, CH, None), ScriptedRoller([4]), "dodge", data=data
    )
    assert result.skill == SkillRef("dodge")
    assert result.characteristic is None
    assert (result.value_increase, result.spp_spent, result.player.value) == (
        40_000,
        18,
        90_000,
    )
    assert result.player.improvements == {}


def test_coach_may_take_a_secondary_skill_instead_of_an_offered_characteristic(
    data: RulesData,
) -> None:
    result = advance(
        human_lineman(spp=18),
        _option(18, CH, None),
        ScriptedRoller([2]),
        "guard",
        data=data,
    )
    assert result.skill == SkillRef("guard")
    assert result.player.ma == 6


def test_preference_falls_through_to_the_skill(data: RulesData) -> None:
    result = advance(
        human_lineman(spp=18),
        _option(18, CH, None),
        ScriptedRoller([2]),
        "guard",
        characteristic=ST,
        data=data,
    )
    assert result.skill == SkillRef("guard")


def test_fallback_skill_must_be_secondary(data: RulesData) -> None:
    with pytest.raises(CampaignError) as exc:
        advance(
            human_lineman(spp=18),
            _option(18, CH, None),
            ScriptedRoller([2]),
            "block",
            data=data,
        )
    assert exc.value.code == "skill_category_not_allowed"


def test_a_fallback_skill_is_checked_before_the_d16(data: RulesData) -> None:
    # a D16 of 2 allows MA, but Block is no Secondary skill of a Human
    # Lineman: refused before the die is rolled, whatever it would show
    roller = ScriptedRoller([2])
    with pytest.raises(CampaignError) as exc:
        advance(
            human_lineman(spp=18),
            _option(18, CH, None),
            roller,
            "block",
            characteristic=MA,
            data=data,
        )
    assert exc.value.code == "skill_category_not_allowed"
    assert roller.rolls == []


@pytest.mark.parametrize(
    ("d16", "characteristic", "skill", "code"),
    [
        (2, ST, None, "characteristic_not_allowed"),
        (2, None, None, "choice_required"),
    ],
)
def test_characteristic_choice_errors(
    d16: int,
    characteristic: Characteristic | None,
    skill: str | None,
    code: str,
    data: RulesData,
) -> None:
    with pytest.raises(CampaignError) as exc:
        advance(
            human_lineman(spp=18),
            _option(18, CH, None),
            ScriptedRoller([d16]),
            skill,
            characteristic=characteristic,
            data=data,
        )
    assert exc.value.code == code


def test_no_secondary_access_for_the_fallback(data: RulesData) -> None:
    player = human_lineman(spp=18, secondary=(), ma=9, av=11)
    option = next(o for o in advancement_options(player, "bb2020") if o.kind is CH)
    with pytest.raises(CampaignError) as exc:
        advance(player, option, ScriptedRoller([1]), "dodge", data=data)
    assert exc.value.code == "no_secondary_access"


def test_tampered_improvement_roll_is_rejected(data: RulesData) -> None:
    player = human_lineman(spp=18)
    fake = CharacteristicRoll(3, (MA, ST, AV), (MA, ST, AV), ())
    with pytest.raises(CampaignError) as exc:
        advance(
            player,
            _option(18, CH, None),
            ScriptedRoller([]),
            characteristic=ST,
            improvement=fake,
            data=data,
        )
    assert exc.value.code == "invalid_improvement"


def test_a_characteristic_can_only_be_improved_twice(data: RulesData) -> None:
    player = human_lineman(spp=18 + 20 + 24)
    for _ in range(2):
        option = next(o for o in advancement_options(player, "bb2020") if o.kind is CH)
        player = advance(
            player, option, ScriptedRoller([16]), characteristic=ST, data=data
        ).player
    assert (player.st, player.spp, player.value) == (5, 24, 210_000)
    option = next(o for o in advancement_options(player, "bb2020") if o.kind is CH)
    with pytest.raises(CampaignError) as exc:
        advance(player, option, ScriptedRoller([16]), characteristic=ST, data=data)
    assert exc.value.code == "characteristic_not_allowed"


# --- Sevens ------------------------------------------------------------------------


def test_sevens_spp_advancement_uses_d2(data: RulesData) -> None:
    player = human_lineman(spp=3)
    option = advancement_options(player, "sevens")[0]
    assert (option.kind, option.format, option.spp_cost) == (RP, "sevens", 3)
    result = advance(player, option, ScriptedRoller([2, 4]), data=data)
    assert result.skill == SkillRef("sure-hands")
    assert result.rolls == (("skill_first", 2, 2), ("skill_second", 6, 4))
    assert result.value_increase == 10_000


def test_postgame_skill_free_skill(data: RulesData) -> None:
    player = human_lineman()
    option = postgame_skill_options(player, "sevens")[1]  # random agility secondary
    # seed 004's Agility column: D2 1, D6 5 is Dodge
    result = advance(player, option, ScriptedRoller([1, 5]), data=data)
    assert result.skill == SkillRef("dodge")
    assert (
        result.spp_spent,
        result.player.spp,
        result.value_increase,
        result.player.value,
    ) == (0, 0, 20_000, 70_000)
    second = postgame_skill_options(result.player, "sevens")[0]
    again = advance(result.player, second, ScriptedRoller([1, 1]), data=data)
    assert (again.value_increase, again.player.value, again.player.advancements) == (
        20_000,
        90_000,
        2,
    )


def test_postgame_skill_option_with_stale_value_is_rejected(data: RulesData) -> None:
    player = human_lineman(advancements=1)
    stale = postgame_skill_options(human_lineman(), "sevens")[0]
    with pytest.raises(CampaignError) as exc:
        advance(player, stale, ScriptedRoller([1, 1]), data=data)
    assert exc.value.code == "invalid_option"
