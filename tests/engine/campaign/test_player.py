"""PlayerState and the Characteristic Table caps."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.campaign import (
    STAT_LIMITS,
    CampaignError,
    Characteristic,
    PlayerState,
    can_improve,
    can_reduce,
    check_format,
    improve,
    reduce,
)
from engine.core.rules_data import SkillRef, rules_data

from .conftest import human_lineman

MA, ST, AG, PA, AV = (
    Characteristic.MA,
    Characteristic.ST,
    Characteristic.AG,
    Characteristic.PA,
    Characteristic.AV,
)


def test_from_position_copies_profile_skills_access_and_cost() -> None:
    position = rules_data().rosters["dwarf"].position("dwarf-blocker-lineman")
    player = PlayerState.from_position(7, position)
    assert (player.ma, player.st, player.ag, player.pa, player.av) == (4, 3, 4, 5, 10)
    assert player.skills == (
        SkillRef("block"),
        SkillRef("tackle"),
        SkillRef("thick-skull"),
    )
    assert player.primary == ("general", "strength")
    assert player.secondary == ("agility",)
    assert player.value == 70_000
    assert player.spp == 0
    assert player.advancements == 0


def test_category_letters_and_names_are_normalised() -> None:
    player = PlayerState(1, 6, 3, 3, 4, 9, primary=("G", "strength"), secondary=("M",))
    assert player.primary == ("general", "strength")
    assert player.secondary == ("mutation",)


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"primary": ("X",)}, "unknown_skill_category"),
        ({"spp": -1}, "invalid_spp"),
        ({"advancements": -1}, "invalid_advancements"),
        ({"niggling": -1}, "invalid_niggling"),
    ],
)
def test_player_state_validation(changes: dict[str, object], code: str) -> None:
    with pytest.raises(CampaignError) as exc:
        replace(human_lineman(), **changes)  # type: ignore[arg-type]
    assert exc.value.code == code


def test_campaign_error_is_a_value_error_with_code_and_field() -> None:
    with pytest.raises(ValueError, match="unknown format") as exc:
        check_format("blitz")
    assert isinstance(exc.value, CampaignError)
    assert (exc.value.code, exc.value.field) == ("unknown_format", "format")


@pytest.mark.parametrize(
    ("characteristic", "best", "worst"),
    [(MA, 9, 1), (ST, 8, 1), (AG, 1, 6), (PA, 1, 6), (AV, 11, 3)],
)
def test_stat_limits_match_the_characteristic_table(
    characteristic: Characteristic, best: int, worst: int
) -> None:
    limits = STAT_LIMITS[characteristic]
    assert (limits.best, limits.worst) == (best, worst)


@pytest.mark.parametrize(
    ("characteristic", "attr", "before", "after"),
    [
        (MA, "ma", 6, 7),
        (ST, "st", 3, 4),
        (AG, "ag", 3, 2),  # AG3+ -> AG2+
        (PA, "pa", 4, 3),  # PA4+ -> PA3+
        (AV, "av", 9, 10),  # AV9+ -> AV10+
    ],
)
def test_improve_moves_one_step_the_right_way(
    characteristic: Characteristic, attr: str, before: int, after: int
) -> None:
    player = human_lineman()
    assert getattr(player, attr) == before
    improved = improve(player, characteristic)
    assert getattr(improved, attr) == after
    assert improved.improvements == {characteristic: 1}


def test_at_most_two_improvements_per_characteristic() -> None:
    player = improve(improve(human_lineman(), MA), MA)
    assert player.ma == 8
    assert not can_improve(player, MA)
    with pytest.raises(CampaignError) as exc:
        improve(player, MA)
    assert exc.value.code == "characteristic_capped"


@pytest.mark.parametrize(
    ("changes", "characteristic"),
    [
        ({"ma": 9}, MA),
        ({"st": 8}, ST),
        ({"ag": 1}, AG),
        ({"pa": 1}, PA),
        ({"av": 11}, AV),
    ],
)
def test_no_improvement_beyond_the_maximum(
    changes: dict[str, int], characteristic: Characteristic
) -> None:
    assert not can_improve(human_lineman(**changes), characteristic)


def test_pa_dash_improves_to_six_plus() -> None:
    player = human_lineman(pa=None)
    assert can_improve(player, PA)
    assert improve(player, PA).pa == 6


@pytest.mark.parametrize(
    ("characteristic", "attr", "before", "after"),
    [
        (MA, "ma", 6, 5),
        (ST, "st", 3, 2),
        (AG, "ag", 3, 4),
        (PA, "pa", 4, 5),
        (AV, "av", 9, 8),
    ],
)
def test_reduce_moves_one_step_the_wrong_way(
    characteristic: Characteristic, attr: str, before: int, after: int
) -> None:
    reduced = reduce(human_lineman(), characteristic)
    assert getattr(reduced, attr) == after
    assert reduced.reductions == {characteristic: 1}


@pytest.mark.parametrize(
    ("changes", "characteristic"),
    [
        ({"ma": 1}, MA),
        ({"st": 1}, ST),
        ({"ag": 6}, AG),
        ({"pa": 6}, PA),
        ({"av": 3}, AV),
    ],
)
def test_no_reduction_below_the_minimum(
    changes: dict[str, int], characteristic: Characteristic
) -> None:
    player = human_lineman(**changes)
    assert not can_reduce(player, characteristic)
    assert reduce(player, characteristic) == player


def test_reduction_count_cap() -> None:
    player = reduce(reduce(human_lineman(), MA, 2), MA, 2)
    assert player.ma == 4
    assert not can_reduce(player, MA, 2)
    assert reduce(player, MA, 2).ma == 4
    assert reduce(player, MA).ma == 3  # no count cap without max_reductions


def test_pa_dash_cannot_be_reduced() -> None:
    player = human_lineman(pa=None)
    assert reduce(player, PA) == player


@given(st.lists(st.sampled_from(list(Characteristic)), max_size=40))
def test_reductions_never_break_the_minimum(sequence: list[Characteristic]) -> None:
    player = human_lineman()
    for characteristic in sequence:
        player = reduce(player, characteristic)
    assert player.ma >= 1
    assert player.st >= 1
    assert player.ag <= 6
    assert player.pa is not None
    assert player.pa <= 6
    assert player.av >= 3


@given(st.lists(st.sampled_from(list(Characteristic)), max_size=40))
def test_improvements_never_break_the_maximum_or_twice_rule(
    sequence: list[Characteristic],
) -> None:
    player = human_lineman()
    for characteristic in sequence:
        if can_improve(player, characteristic):
            player = improve(player, characteristic)
    assert all(count <= 2 for count in player.improvements.values())
    assert player.ma <= 8
    assert player.st <= 5
    assert player.ag >= 1
    assert player.av <= 11
