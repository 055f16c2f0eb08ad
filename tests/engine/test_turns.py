"""Turn structure, re-rolls (team, Loner, Pro, Leader) and activation
traits (Bone Head, Really Stupid, Unchannelled Fury, Animal Savagery, Take
Root), Secret Weapon."""

from __future__ import annotations

from engine.core.events import Reroll, Roll, SentOff, TurnEnd
from engine.core.state import (
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
