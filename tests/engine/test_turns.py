"""Turn structure, re-rolls (team, Loner, Pro, Leader) and activation
traits (Bone Head, Really Stupid, Unchannelled Fury, Animal Savagery, Take
Root), Secret Weapon."""

from __future__ import annotations

import pytest

from engine.core.events import Armour, Injury, Reroll, Roll, SentOff, TurnEnd, Turnover
from engine.core.state import (
    KO,
    PF_NOTZ,
    PF_PLAYED,
    PF_ROOTED,
    PRONE,
    SENT_OFF,
    STANDING,
    STUNNED,
)
from engine.match import run
from engine.rules.turns import EndDrive
from engine.tools.scenario import Scenario

DODGE = """
    .....
    Ab...
    .....
"""


def test_stunned_players_roll_over_at_the_end_of_their_turn() -> None:
    sc = Scenario(
        """
        A....
        .....
        ....b
    """,
        stunned="A",
    )
    assert ("activate", sc.id("A"), "move") not in sc.match.pending.options
    sc.choose("end_turn")
    assert sc.match.state.status[sc.p("A")] == PRONE
    assert sc.events(TurnEnd)[0].turnover is False


def test_loner_can_waste_a_team_reroll() -> None:
    sc = Scenario(
        DODGE, skills={"A": [("loner", "4+")]}, rerolls=(1, 0), dice=[1, 3, 2, 2]
    )
    sc.act("A", "move")
    sc.move(0, 0)
    sc.choose("team_reroll")
    g = sc.match.state
    assert g.rerolls[0] == 0
    assert g.status[sc.p("A")] == PRONE
    assert [r.purpose for r in sc.events(Roll)] == ["dodge", "loner"]


def test_pro_rerolls_on_three_plus() -> None:
    sc = Scenario(DODGE, skills={"A": ["pro"]}, dice=[1, 3, 5])
    sc.act("A", "move")
    sc.move(0, 0)
    assert sc.match.pending.kind == "reroll"
    sc.choose("pro")
    assert sc.match.state.status[sc.p("A")] == STANDING
    assert sc.events(Reroll)[0].source == "pro"


def test_leader_reroll_needs_a_leader_on_the_pitch() -> None:
    sc = Scenario(DODGE, skills={"A": ["leader"]}, dice=[1, 6])
    sc.match.state.leader_rr[0] = 1
    sc.act("A", "move")
    sc.move(0, 0)
    sc.choose("team_reroll")
    assert sc.events(Reroll)[0].source == "leader"
    assert sc.match.state.leader_rr[0] == 0


@pytest.mark.parametrize(
    ("diagram", "injury", "left"),
    [
        ("....M\n.Lb..\n.....", (4, 4), 1),  # KO'd, the other Leader M plays on
        (".....\n.Lb..\n.....", (4, 4), 0),  # KO'd, the last Leader: lost
        (".....\n.Lb..\n.....", (5, 5), 0),  # a Casualty: lost
        (".....\n.Lb..\n.....", (3, 4), 1),  # Stunned: still in play
    ],
)
def test_leader_reroll_is_lost_with_the_last_leader_removed_from_play(
    diagram: str, injury: tuple[int, int], left: int
) -> None:
    # skills_and_traits.md "Leader": "If all players with this Skill are
    # removed from play before the Leader re-roll is used, it is lost." b
    # blocks the Leader L in the away turn: POW, L is pushed to (0, 1) and
    # Knocked Down; armour 6 + 6 breaks AV 9+; Injury 2D6: 7 Stunned, 8 KO'd,
    # 10 a Casualty (casualty D16 1: Badly Hurt).
    sc = Scenario(
        diagram,
        skills={"L": ["leader"], "M": ["leader"]},
        active="away",
        dice=["pow", 6, 6, *injury, 1],
    )
    g = sc.match.state
    assert g.leader_rr == [1, 0]
    sc.act("b", "block")
    sc.choose("block", sc.id("L"))
    sc.choose("square", sc.sq(0, 1))
    sc.choose("stay")
    (inj,) = sc.events(Injury)
    assert (inj.player, inj.dice) == (sc.id("L"), injury)
    assert g.leader_rr == [left, 0]


def test_bone_head_ends_activation_and_loses_tackle_zone() -> None:
    sc = Scenario(DODGE, skills={"A": ["bone-head"]}, dice=[1])
    sc.act("A", "move")
    g = sc.match.state
    assert g.pflags[sc.p("A")] & PF_NOTZ
    assert sc.match.pending.kind == "activate"
    assert g.act_player == -1


def test_really_stupid_gets_plus_two_next_to_a_team_mate() -> None:
    sc = Scenario(DODGE, skills={"A": ["really-stupid"]}, dice=[3])
    sc.act("A", "move")
    assert sc.match.pending.kind == "activate"  # failed on 3
    sc = Scenario(
        """
        B....
        Ab...
        .....
    """,
        skills={"A": ["really-stupid"]},
        dice=[3],
    )
    sc.act("A", "move")
    assert sc.match.pending.kind == "move"
    assert sc.events(Roll)[0].modifier == 2


def test_unchannelled_fury_plus_two_for_block() -> None:
    sc = Scenario(DODGE, skills={"A": ["unchannelled-fury"]}, dice=[3])
    sc.act("A", "move")
    assert sc.match.pending.kind == "activate"
    sc = Scenario(DODGE, skills={"A": ["unchannelled-fury"]}, dice=[3])
    sc.act("A", "block")
    assert sc.match.pending.kind == "block_target"


def test_animal_savagery_lashes_out_at_team_mate() -> None:
    sc = Scenario(
        """
        B....
        Ab...
        .....
    """,
        skills={"A": ["animal-savagery"]},
        dice=[2, 2, 2],
    )
    sc.act("A", "move")
    assert sc.match.pending.kind == "lash_out"
    sc.choose("lash_out", sc.id("B"))
    g = sc.match.state
    assert g.status[sc.p("B")] == PRONE
    assert sc.match.pending.kind == "move"  # the activation continues


@pytest.mark.parametrize(
    ("skills", "armour_mod", "broken", "injury_mod", "status"),
    [
        # Mighty Blow (+1) makes 4 + 4 = 8 break AV 9+; injury 4 + 3 = 7 KO
        # would need the +1 too, but it is spent on the armour: Stunned.
        (["mighty-blow"], 1, True, 0, STUNNED),
        # Mighty Blow (+2) on the same armour: the +2 breaks it.
        ([("mighty-blow", "+2")], 2, True, 0, STUNNED),
        # Claws: a natural 8 breaks any armour; Mighty Blow then goes on the
        # injury: 4 + 3 + 1 = 8, KO'd.
        (["claws", "mighty-blow"], 0, True, 1, None),
        ([], 0, False, 0, PRONE),
    ],
)
def test_animal_savagery_lash_out_uses_the_savage_players_skills(
    skills: list[str | tuple[str, str]],
    armour_mod: int,
    broken: bool,
    injury_mod: int,
    status: int | None,
) -> None:
    # skills_and_traits.md "Animal Savagery": "Note that, if this player has
    # any applicable Skills, the coach of the opposing team may use them
    # when making an Armour roll (and possible Injury roll) against the
    # Knocked Down player." Mighty Blow: "modify either the Armour roll or
    # Injury roll"; Claws: "a roll of 8+ before applying any modifiers will
    # break their armour".
    sc = Scenario(
        """
        B....
        Ab...
        .....
    """,
        skills={"A": ["animal-savagery", *skills]},
        dice=[2, 4, 4, 4, 3],
    )
    sc.act("A", "move")
    sc.choose("lash_out", sc.id("B"))
    (armour,) = sc.events(Armour)
    assert (armour.player, armour.dice) == (sc.id("B"), (4, 4))
    assert (armour.modifier, armour.broken) == (armour_mod, broken)
    g = sc.match.state
    injuries = sc.events(Injury)
    if broken:
        (injury,) = injuries
        assert (injury.dice, injury.modifier) == ((4, 3), injury_mod)
    else:
        assert injuries == []
    if status is None:
        assert g.box[sc.p("B")] == KO
    else:
        assert g.status[sc.p("B")] == status
    assert sc.events(Turnover) == []
    assert sc.match.pending.kind == "move"  # the activation continues


@pytest.mark.parametrize("ruleset", ["bb2020", "bb2025"])
@pytest.mark.parametrize(
    ("trait", "purpose"),
    [
        ("unchannelled-fury", "unchannelled_fury"),
        ("animal-savagery", "animal_savagery"),
    ],
)
def test_a_declared_chainsaw_attack_adds_two_to_the_activation_roll(
    ruleset: str, trait: str, purpose: str
) -> None:
    # skills_and_traits.md "Unchannelled Fury" and "Animal Savagery": "roll a
    # D6, applying a +2 modifier to the dice roll if you declared the player
    # would perform a Block or Blitz action (or a Special action granted by
    # a Skill or Trait that can be performed instead of a Block action)";
    # "Chainsaw": "Instead of performing a Block action ... this player may
    # perform a 'Chainsaw Attack' Special action". A 2 + 2 = 4 passes.
    sc = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        ruleset=ruleset,
        skills={"A": [trait, "chainsaw"]},
        dice=[2],
    )
    sc.act("A", "chainsaw")
    (roll,) = sc.events(Roll)
    assert (roll.purpose, roll.dice, roll.target, roll.modifier, roll.success) == (
        purpose,
        (2,),
        4,
        2,
        True,
    )
    assert sc.match.pending.kind == "chainsaw_target"


def test_take_root_stops_movement() -> None:
    sc = Scenario(DODGE, skills={"A": ["take-root"]}, dice=[1])
    sc.act("A", "move")
    g = sc.match.state
    assert g.pflags[sc.p("A")] & PF_ROOTED
    assert sc.match.pending.options == (("end",),)


def test_secret_weapon_sent_off_at_end_of_drive() -> None:
    sc = Scenario(DODGE, skills={"A": ["secret-weapon"]}, start=False, dice=[3])
    g = sc.match.state
    g.pflags[sc.p("A")] |= PF_PLAYED
    g.stack.append(EndDrive())
    run(g)
    assert sc.match.pending.kind == "argue_the_call"
    sc.choose("argue")
    assert g.box[sc.p("A")] == SENT_OFF
    assert sc.events(SentOff)[0].reason == "secret_weapon"


def test_stunned_this_turn_stays_stunned() -> None:
    sc = Scenario(DODGE, dice=[1, 5, 5, 3, 3])  # dodge fails; armour broken; stunned
    sc.act("A", "move")
    sc.move(0, 0)
    g = sc.match.state
    assert g.status[sc.p("A")] == STUNNED  # became stunned in its own turn
