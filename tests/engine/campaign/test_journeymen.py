"""Journeymen: numbers, position, Loner, permanent hiring."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.campaign import (
    CampaignError,
    PlayerState,
    hire_journeyman,
    journeyman_loner,
    journeyman_position,
    journeymen_needed,
    make_journeyman,
)
from engine.core.rules_data import Roster, RulesData, SkillRef


@pytest.mark.parametrize(
    ("fmt", "available", "needed"),
    [
        ("bb2020", 11, 0),
        ("bb2020", 14, 0),
        ("bb2020", 10, 1),
        ("bb2020", 7, 4),
        ("bb2020", 0, 11),
        ("sevens", 7, 0),
        ("sevens", 9, 0),
        ("sevens", 5, 2),
        ("sevens", 0, 7),
    ],
)
def test_journeymen_needed(fmt: str, available: int, needed: int) -> None:
    assert journeymen_needed(fmt, available) == needed


def test_journeymen_needed_errors() -> None:
    with pytest.raises(CampaignError) as exc:
        journeymen_needed("bb2020", -1)
    assert exc.value.code == "invalid_count"
    with pytest.raises(CampaignError) as exc:
        journeymen_needed("dungeon", 3)
    assert exc.value.code == "unknown_format"


@pytest.mark.parametrize(
    ("roster", "position"),
    [
        ("human", "human-lineman"),
        ("orc", "orc-lineman"),
        ("ogre", "gnoblar-lineman"),
        (
            "shambling-undead",
            "skeleton-lineman",
        ),  # Decision: cheaper, then first listed
        ("necromantic-horror", "zombie-lineman"),
    ],
)
def test_journeyman_position(roster: str, position: str, data: RulesData) -> None:
    assert journeyman_position(data.rosters[roster]).slug == position


def test_two_lineman_positions_pick_the_cheaper(data: RulesData) -> None:
    undead = data.rosters["shambling-undead"]
    skeleton, zombie = undead.lineman_positions
    cheaper_zombie = replace(undead, positions=(replace(skeleton, cost=45_000), zombie))
    assert journeyman_position(cheaper_zombie).slug == "zombie-lineman"


def test_roster_without_lineman(data: RulesData) -> None:
    human = data.rosters["human"]
    no_lineman = replace(
        human, positions=tuple(p for p in human.positions if not p.lineman)
    )
    with pytest.raises(CampaignError) as exc:
        journeyman_position(no_lineman)
    assert exc.value.code == "no_lineman_position"


@pytest.mark.parametrize(("fmt", "param"), [("bb2020", "4+"), ("sevens", "5+")])
def test_journeyman_loner(fmt: str, param: str) -> None:
    assert journeyman_loner(fmt) == SkillRef("loner", param)


@pytest.mark.parametrize(("fmt", "param"), [("bb2020", "4+"), ("sevens", "5+")])
def test_make_journeyman(fmt: str, param: str, data: RulesData) -> None:
    player = make_journeyman(data.rosters["norse"], fmt, "j1")
    assert player.player_id == "j1"
    assert player.skills == (
        SkillRef("block"),
        SkillRef("drunkard"),
        SkillRef("thick-skull"),
        SkillRef("loner", param),
    )
    assert player.value == 50_000
    assert (player.ma, player.st, player.ag, player.pa, player.av) == (6, 3, 3, 4, 8)


def test_journeyman_of_a_position_that_already_has_loner(data: RulesData) -> None:
    human = data.rosters["human"]
    lineman = human.position("human-lineman")
    loner_lineman = replace(lineman, skills=(SkillRef("loner", "3+"),))
    roster = replace(
        human,
        positions=tuple(loner_lineman if p is lineman else p for p in human.positions),
    )
    player = make_journeyman(roster, "bb2020", 1)
    assert player.skills == (SkillRef("loner", "3+"),)
    hired = hire_journeyman(player, roster, "bb2020", team_size=10, position_count=0)
    assert hired.player.skills == (SkillRef("loner", "3+"),)


def _human(data: RulesData) -> Roster:
    return data.rosters["human"]


def test_hire_journeyman_drops_loner_and_keeps_spp_and_advancements(
    data: RulesData,
) -> None:
    jm = make_journeyman(_human(data), "bb2020", 99)
    jm = replace(
        jm, spp=2, advancements=1, value=60_000, skills=jm.skills + (SkillRef("block"),)
    )
    hire = hire_journeyman(
        jm, _human(data), "bb2020", team_size=11, position_count=6, treasury=120_000
    )
    assert hire.cost == 50_000
    assert hire.treasury_after == 70_000
    assert hire.player.skills == (SkillRef("block"),)
    assert (hire.player.spp, hire.player.advancements, hire.player.value) == (
        2,
        1,
        60_000,
    )


def test_hire_sevens_journeyman(data: RulesData) -> None:
    jm = make_journeyman(data.rosters["goblin"], "sevens", 5)
    hire = hire_journeyman(
        jm, data.rosters["goblin"], "sevens", team_size=10, position_count=3
    )
    assert hire.cost == 40_000
    assert hire.treasury_after is None
    assert not hire.player.has_skill("loner")


@pytest.mark.parametrize(
    ("fmt", "team_size", "position_count", "treasury", "code"),
    [
        ("bb2020", 16, 0, None, "roster_full"),
        ("bb2020", 15, 16, None, "position_limit"),
        ("sevens", 11, 0, None, "roster_full"),
        ("bb2020", 12, 0, 45_000, "over_budget"),
    ],
)
def test_hire_journeyman_errors(
    fmt: str,
    team_size: int,
    position_count: int,
    treasury: int | None,
    code: str,
    data: RulesData,
) -> None:
    jm = make_journeyman(_human(data), fmt, 1)
    with pytest.raises(CampaignError) as exc:
        hire_journeyman(
            jm,
            _human(data),
            fmt,
            team_size=team_size,
            position_count=position_count,
            treasury=treasury,
        )
    assert exc.value.code == code


def test_sevens_hire_at_ten_players_is_allowed(data: RulesData) -> None:
    jm = make_journeyman(_human(data), "sevens", 1)
    assert (
        hire_journeyman(jm, _human(data), "sevens", team_size=10, position_count=0).cost
        == 50_000
    )


def test_dead_journeyman_cannot_be_hired(data: RulesData) -> None:
    jm: PlayerState = replace(make_journeyman(_human(data), "bb2020", 1), dead=True)
    with pytest.raises(CampaignError) as exc:
        hire_journeyman(jm, _human(data), "bb2020", team_size=10, position_count=0)
    assert exc.value.code == "player_dead"
