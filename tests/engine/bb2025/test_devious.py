"""BB2025's new Devious skills (skills.md "Devious"), with scripted dice:
Eye Gouge, Put the Boot In, Lone Fouler, Quick Foul, Violent Innovator,
Fumblerooski."""

from __future__ import annotations

import pytest

from engine.core.events import Armour, BallMove, Block, Reroll, SentOff, SkillUsed
from engine.core.state import CAS, PRONE
from engine.rules.ball import N_STATS, STAT_CAS
from engine.tools.scenario import Scenario

# A blocks b and pushes it to (3, 1), where b Marks D; D then blocks e.
GOUGE = """
    ......
    .Ab...
    ....De
    ......
"""


@pytest.mark.parametrize(("skills", "defence"), [(["eye-gouge"], 3), ([], 4)])
def test_an_eye_gouged_player_gives_no_assist(skills: list[str], defence: int) -> None:
    sc = Scenario(
        GOUGE, ruleset="bb2025", skills={"A": skills}, dice=["push", "push", "push"]
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))
    sc.choose("stay")
    assert sc.xy("b") == (3, 1)
    sc.act("D", "block")
    sc.choose("block", sc.id("e"))
    second = sc.events(Block)[1]
    # ST 3 against ST 3 + b's defensive assist (b Marks D, nobody Marks b).
    assert (second.st_attacker, second.st_defender) == (3, defence)


def test_the_gouge_ends_when_the_gouged_player_is_activated() -> None:
    sc = Scenario(GOUGE, ruleset="bb2025", skills={"A": ["eye-gouge"]}, dice=["push"])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))
    sc.choose("stay")
    g = sc.match.state
    key = f"eye_gouged_{sc.id('b')}_drive"
    assert key in g.effects
    for rule in g.hooks.action_declared:
        rule(g, sc.p("b"), "move")
    assert key not in g.effects


# A fouls the Prone b; C Marks b but is Marked by d (so gives no assist
# without Put the Boot In).
BOOT = """
    .....
    .Ab..
    ..Cd.
    .....
"""


@pytest.mark.parametrize(
    ("ruleset", "skills", "modifier"),
    [
        ("bb2025", ["put-the-boot-in"], 1),
        ("bb2025", [], 0),
    ],
)
def test_put_the_boot_in_assists_a_foul_while_marked(
    ruleset: str, skills: list[str], modifier: int
) -> None:
    # Armour 4 + 4 = 8 (+1 with C's assist) against AV 9+.
    sc = Scenario(
        BOOT,
        ruleset=ruleset,
        skills={"C": skills},
        prone="b",
        dice=[4, 4, 2, 1],
    )
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    a = sc.events(Armour)[0]
    assert (a.dice, a.modifier, a.broken) == ((4, 4), modifier, modifier == 1)


def test_defensive_switches_put_the_boot_in_off() -> None:
    sc = Scenario(
        BOOT,
        ruleset="bb2025",
        skills={"C": ["put-the-boot-in"], "d": ["defensive"]},
        prone="b",
        dice=[4, 4],
    )
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    a = sc.events(Armour)[0]
    assert (a.modifier, a.broken) == (0, False)


def test_lone_fouler_rerolls_an_unassisted_armour_roll() -> None:
    # 3 + 3 = 6 fails AV 9+ and is a double; the re-roll 5 + 4 = 9 breaks
    # it and is no double: no Sending-off. Injury 2 + 3 = 5: Stunned.
    sc = Scenario(
        ".Ab.",
        ruleset="bb2025",
        skills={"A": ["lone-fouler"]},
        prone="b",
        dice=[3, 3, 5, 4, 2, 3],
    )
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    d = sc.match.pending
    assert (d.kind, d.options) == ("use_skill", (("use", "lone-fouler"), ("decline",)))
    sc.choose("use", "lone-fouler")
    armour = [(a.dice, a.broken) for a in sc.events(Armour)]
    assert armour == [((3, 3), False), ((5, 4), True)]
    assert [r.source for r in sc.events(Reroll)] == ["lone-fouler"]
    assert sc.events(SentOff) == []


def test_lone_fouler_needs_a_foul_without_assists() -> None:
    # C assists A's foul: no re-roll is offered.
    sc = Scenario(
        """
        .Ab.
        ..C.
        """,
        ruleset="bb2025",
        skills={"A": ["lone-fouler"]},
        prone="b",
        dice=[3, 3],
    )
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    assert sc.events(Armour)[0].modifier == 1
    d = sc.match.pending
    assert d is None or d.kind != "use_skill"


@pytest.mark.parametrize(("skills", "goes_on"), [(["quick-foul"], True), ([], False)])
def test_quick_foul_keeps_the_activation_going(
    skills: list[str], goes_on: bool
) -> None:
    # Armour 2 + 1 = 3 fails: no double, A stays on the pitch.
    sc = Scenario(
        ".Ab..", ruleset="bb2025", skills={"A": skills}, prone="b", dice=[2, 1]
    )
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    d = sc.match.pending
    assert d is not None
    moves = [o for o in d.options if o[0] == "move"]
    assert bool(moves) is goes_on
    if goes_on:
        sc.move(1, 1)
        assert sc.xy("A") == (1, 1)


@pytest.mark.parametrize(("skills", "credited"), [(["violent-innovator"], 1), ([], 0)])
def test_violent_innovator_earns_the_casualty_of_a_stab(
    skills: list[str], credited: int
) -> None:
    # Stab: Armour 6 + 5 = 11 breaks AV 9+; Injury 6 + 4 = 10: a Casualty
    # (D16 1: Badly Hurt).
    sc = Scenario(
        ".Ab.",
        ruleset="bb2025",
        skills={"A": ["stab", *skills]},
        dice=[6, 5, 6, 4, 1],
    )
    sc.act("A", "block")
    sc.choose("stab", sc.id("b"))
    g = sc.match.state
    assert g.box[sc.p("b")] == CAS
    assert g.stats[sc.p("A") * N_STATS + STAT_CAS] == credited


@pytest.mark.parametrize(
    ("skill", "action", "offered"),
    [
        ("fumblerooski", "move", True),
        ("fumblerooski", "blitz", False),
        ("fumblerooskie", "blitz", True),
    ],
)
def test_fumblerooski_leaves_the_ball_in_a_move_only(
    skill: str, action: str, offered: bool
) -> None:
    sc = Scenario(
        """
        ......
        .A....
        ......
        ....z.
        """,
        ruleset="bb2025",
        skills={"A": [skill]},
        ball="A",
    )
    sc.act("A", action, "z" if action == "blitz" else None)
    opts = sc.match.pending.options
    drop = [o for o in opts if o[0] == "fumblerooskie"]
    assert bool(drop) is offered
    if offered:
        sc.choose(*drop[0])
        g = sc.match.state
        assert (g.carrier, g.ball) == (-1, sc.sq(1, 1))
        assert [e.skill for e in sc.events(SkillUsed)] == [skill]
        assert sc.events(BallMove)[0].how == "dropped"
        assert g.status[sc.p("A")] != PRONE
