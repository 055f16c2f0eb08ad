"""Mutations used in blocks and armour rolls: Claws, Foul Appearance,
Horns, Iron Hard Skin (each against the same scenario without it)."""

from __future__ import annotations

from engine.core.events import Armour, Block, Injury, Roll, SkillUsed
from engine.core.state import PRONE, STANDING
from engine.tools.scenario import Scenario

LINE = """
    .....
    .Ab..
    .....
"""


def _used(sc: Scenario, slug: str) -> bool:
    return any(e.skill == slug for e in sc.events(SkillUsed))


def _pow(
    skills: dict[str, list[str | tuple[str, str | None]]],
    dice: list[int | str],
    av: int = 10,
) -> Scenario:
    sc = Scenario(LINE, skills=skills, stats={"b": {"av": av}}, dice=dice)
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))
    sc.choose("stay")
    return sc


# -- Claws -----------------------------------------------------------------


def test_claws_breaks_armour_on_a_natural_eight() -> None:
    sc = _pow({"A": ["claws"]}, ["pow", 4, 4, 3, 3])
    a = sc.events(Armour)[0]
    assert (a.dice, a.av, a.broken) == ((4, 4), 10, True)
    assert sc.events(Injury)[0].result == "stunned"
    assert _used(sc, "claws")
    plain = _pow({}, ["pow", 4, 4, 3, 3])
    assert plain.events(Armour)[0].broken is False
    assert plain.events(Injury) == []


def test_claws_keeps_mighty_blow_for_the_injury() -> None:
    sc = _pow({"A": ["claws", ("mighty-blow", "+1")]}, ["pow", 4, 4, 4, 3])
    assert sc.events(Armour)[0].modifier == 0
    inj = sc.events(Injury)[0]
    assert (inj.modifier, inj.result) == (1, "ko")


def test_claws_only_on_a_block() -> None:
    # A falls while dodging next to c (Claws): no Claws on A's armour.
    sc = Scenario(
        """
        .....
        .Ac..
        .....
    """,
        skills={"c": ["claws"]},
        stats={"A": {"av": 10}},
        dice=[2, 4, 4],
    )
    sc.act("A", "move")
    sc.move(0, 1)
    assert sc.events(Armour)[0].broken is False


# -- Iron Hard Skin --------------------------------------------------------


def test_iron_hard_skin_ignores_claws() -> None:
    sc = _pow({"A": ["claws"], "b": ["iron-hard-skin"]}, ["pow", 4, 4])
    assert sc.events(Armour)[0].broken is False
    assert _used(sc, "iron-hard-skin")


def test_iron_hard_skin_stops_mighty_blow_on_armour() -> None:
    dice: list[int | str] = ["pow", 5, 4, 3, 3]
    sc = _pow({"A": [("mighty-blow", "+1")], "b": ["iron-hard-skin"]}, dice)
    a = sc.events(Armour)[0]
    assert (a.modifier, a.broken) == (0, False)
    plain = _pow({"A": [("mighty-blow", "+1")]}, dice)
    a = plain.events(Armour)[0]
    assert (a.modifier, a.broken) == (1, True)


def test_iron_hard_skin_leaves_mighty_blow_on_the_injury() -> None:
    sc = _pow(
        {"A": [("mighty-blow", "+1")], "b": ["iron-hard-skin"]},
        ["pow", 6, 5, 4, 3],
    )
    inj = sc.events(Injury)[0]
    assert (inj.modifier, inj.result) == (1, "ko")


def test_iron_hard_skin_cancels_offensive_foul_assists() -> None:
    diagram = """
        ..C..
        .Ab..
        .....
    """
    # b is Prone; A fouls with C's assist: armour 4+4 (+1) against AV 9.
    sc = Scenario(diagram, skills={"b": ["iron-hard-skin"]}, prone="b", dice=[4, 4])
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    a = sc.events(Armour)[0]
    assert (a.modifier, a.broken) == (0, False)
    plain = Scenario(diagram, prone="b", dice=[4, 4, 3, 4])
    plain.act("A", "foul", "b")
    plain.choose("foul", plain.id("b"))
    a = plain.events(Armour)[0]
    assert (a.modifier, a.broken) == (1, True)


# -- Foul Appearance -------------------------------------------------------


def test_foul_appearance_one_wastes_the_block() -> None:
    sc = Scenario(LINE, skills={"b": ["foul-appearance"]}, dice=[1, 2, 2, "pow"])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    roll = sc.events(Roll)[0]
    assert (roll.purpose, roll.dice, roll.success) == ("foul_appearance", (1,), False)
    assert sc.events(Block) == []
    assert sc.match.pending.kind == "activate"
    assert ("activate", sc.id("A"), "move") not in sc.match.pending.options
    plain = Scenario(LINE, dice=[1, 2, 2, "pow"])
    plain.act("A", "block")
    plain.choose("block", plain.id("b"))
    assert plain.events(Block)[0].dice == (1,)  # the 1 is the block die
    assert plain.match.state.status[plain.p("A")] == PRONE


def test_foul_appearance_passed_then_block() -> None:
    sc = Scenario(LINE, skills={"b": ["foul-appearance"]}, dice=[2, "push"])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    assert len(sc.events(Block)) == 1
    assert sc.match.pending.kind == "push"


def test_foul_appearance_roll_may_use_a_team_reroll() -> None:
    sc = Scenario(
        LINE, skills={"b": ["foul-appearance"]}, rerolls=(1, 0), dice=[1, 3, "push"]
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    assert sc.match.pending.info == ("foul_appearance",)
    sc.choose("team_reroll")
    assert len(sc.events(Block)) == 1


def test_foul_appearance_in_a_blitz_ends_the_activation_before_paying() -> None:
    sc = Scenario(LINE, skills={"b": ["foul-appearance"]}, dice=[1])
    sc.act("A", "blitz", "b")
    sc.choose("block", sc.id("b"))
    g = sc.match.state
    assert sc.events(Block) == []
    assert g.act_ma_used == 0  # the Block's square was not paid
    assert sc.match.pending.kind == "activate"


# -- Horns -----------------------------------------------------------------


def test_horns_add_one_strength_in_a_blitz() -> None:
    sc = Scenario(LINE, skills={"A": ["horns"]}, dice=["pow", "push", 2, 2])
    sc.act("A", "blitz", "b")
    sc.choose("block", sc.id("b"))
    blk = sc.events(Block)[0]
    assert (blk.st_attacker, len(blk.dice)) == (4, 2)
    assert sc.match.pending.kind == "block_die"
    plain = Scenario(LINE, dice=["pow", "push", 2, 2])
    plain.act("A", "blitz", "b")
    plain.choose("block", plain.id("b"))
    blk = plain.events(Block)[0]
    assert (blk.st_attacker, len(blk.dice)) == (3, 1)
    assert plain.match.pending.kind == "push"


def test_horns_not_on_a_block_action() -> None:
    sc = Scenario(LINE, skills={"A": ["horns"]}, dice=["push"])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    assert sc.events(Block)[0].st_attacker == 3


def test_horns_count_before_dauntless() -> None:
    # ST 3 + Horns = 4 against ST 5: Dauntless needs 2+ (D6 + 4 > 5).
    sc = Scenario(
        LINE,
        skills={"A": ["horns", "dauntless"]},
        stats={"b": {"st": 5}},
        dice=[2, "push"],
    )
    sc.act("A", "blitz", "b")
    sc.choose("block", sc.id("b"))
    assert sc.events(Roll)[0].target == 2
    assert sc.events(Block)[0].st_attacker == 5
    assert sc.match.state.status[sc.p("b")] == STANDING
    assert sc.match.state.status[sc.p("A")] != PRONE


# A's Frenzy gives a second block on b after a push (b has no Dodge); the
# Foul Appearance D6 is rolled when the Block action is declared, not for
# the second block of the same action (Decision at
# engine.skills.after_block.frenzy).
FRENZY_LINE = """
    ......
    .Ab...
    ......
"""


def _foul_appearance_rolls(sc: Scenario) -> list[Roll]:
    return [r for r in sc.events(Roll) if r.purpose == "foul_appearance"]


def test_foul_appearance_is_not_rolled_again_for_a_frenzy_second_block() -> None:
    sc = Scenario(
        FRENZY_LINE,
        skills={"A": ["frenzy"], "b": ["foul-appearance"]},
        dice=[2, "push", "push"],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))
    sc.choose("square", sc.sq(4, 1))
    assert [e.defender for e in sc.events(Block)] == [sc.id("b"), sc.id("b")]
    assert [r.dice for r in _foul_appearance_rolls(sc)] == [(2,)]


def test_foul_appearance_is_not_rolled_again_for_a_frenzy_second_blitz_block() -> None:
    sc = Scenario(
        FRENZY_LINE,
        skills={"A": ["frenzy"], "b": ["foul-appearance"]},
        dice=[2, "push", "push"],
    )
    sc.act("A", "blitz", "b")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))
    sc.choose("square", sc.sq(4, 1))
    assert [e.defender for e in sc.events(Block)] == [sc.id("b"), sc.id("b")]
    assert [r.dice for r in _foul_appearance_rolls(sc)] == [(2,)]
