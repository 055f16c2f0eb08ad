"""BB2025 skills whose text changed (skills.md, changes_from_bb2020.md §6),
each against BB2020 with the same scripted dice where the editions differ:
Tentacles ends the activation, Diving Tackle after the test's re-rolls
(and the order of Tentacles, Diving Tackle, Arm Bar and Shadowing on one
escape), Frenzy not combined with Grab, Hit and Run or Multiple Block
(Grim Ironjaw excepted)."""

from __future__ import annotations

import pytest

from engine.core.events import Armour, Roll, SkillUsed
from engine.core.state import PRONE, STANDING, STUNNED
from engine.skills.chomp import chomped_by
from engine.tools.scenario import Scenario


def _rolls(sc: Scenario) -> list[tuple[str, tuple[int, ...], int, bool]]:
    return [(r.purpose, r.dice, r.modifier, r.success) for r in sc.events(Roll)]


def _used(sc: Scenario) -> list[str]:
    return [e.skill for e in sc.events(SkillUsed)]


# -- Tentacles ------------------------------------------------------------------


@pytest.mark.parametrize(("ruleset", "over"), [("bb2025", True), ("bb2020", False)])
def test_tentacles_hold_ends_the_activation(ruleset: str, over: bool) -> None:
    # A (ST 3) dodges away from b (ST 4, Tentacles): D6 2 + 4 - 3 = 3, not
    # 6; a natural 6 holds whatever the Strengths. BB2025: the activation
    # ends; BB2020: only the movement (A may still end it himself).
    sc = Scenario(
        """
        .....
        .Ab..
        .....
        """,
        ruleset=ruleset,
        stats={"b": {"st": 4}},
        skills={"b": ["tentacles"]},
        dice=[6],
    )
    sc.act("A", "move")
    sc.move(0, 1)
    sc.choose("use", "tentacles", sc.id("b"))
    assert _rolls(sc) == [("tentacles", (6,), 1, True)]
    assert sc.xy("A") == (1, 1)
    d = sc.match.pending
    if over:
        assert d is None or d.kind != "move"
    else:
        assert (d.kind, d.options) == ("move", (("end",),))


def test_tentacles_st_difference_needs_six() -> None:
    # D6 3 + 4 - 2 = 5: not held; A (ST 2) dodges on (4 passes AG 3+).
    sc = Scenario(
        """
        .....
        .Ab..
        .....
        """,
        ruleset="bb2025",
        stats={"A": {"st": 2}, "b": {"st": 4}},
        skills={"b": ["tentacles"]},
        dice=[3, 4],
    )
    sc.act("A", "move")
    sc.move(0, 1)
    sc.choose("use", "tentacles", sc.id("b"))
    assert _rolls(sc) == [("tentacles", (3,), 2, False), ("dodge", (4,), 0, True)]
    assert sc.xy("A") == (0, 1)
    assert sc.match.pending.kind == "move"


# -- Diving Tackle ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset", "status", "dodges"),
    [("bb2025", PRONE, 1), ("bb2020", STANDING, 2)],
)
def test_diving_tackle_comes_after_the_rerolls(
    ruleset: str, status: int, dodges: int
) -> None:
    # A (Dodge, AG 3+) dodges away from b (Diving Tackle): a 4 passes;
    # Diving Tackle: 4 - 2 = 2 fails. BB2025: no re-roll is left, A Falls
    # Over (Armour 5 + 2 = 7 holds AV 9+); BB2020: the Dodge re-roll 5 - 2
    # = 3 passes.
    sc = Scenario(
        """
        .....
        .Ab..
        .....
        """,
        ruleset=ruleset,
        skills={"A": ["dodge"], "b": ["diving-tackle"]},
        dice=[4, 5, 2],
    )
    sc.act("A", "move")
    sc.move(0, 1)
    sc.choose("use", "diving-tackle", sc.id("b"))
    g = sc.match.state
    assert g.status[sc.p("A")] == status
    assert [r.purpose for r in sc.events(Roll)].count("dodge") == dodges
    assert sc.xy("b") == (1, 1)  # in the square left, Placed Prone
    assert g.status[sc.p("b")] == PRONE
    if ruleset == "bb2025":
        assert [(a.dice, a.broken) for a in sc.events(Armour)] == [((5, 2), False)]


_ESCAPE = """
    ..b..
    .Ac..
    .ed..
    """


def test_one_escape_tentacles_then_diving_tackle_then_arm_bar() -> None:
    # A at (1, 1) dodges to (0, 0), away from b (Tentacles), c (Diving
    # Tackle), d (Shadowing) and e (Arm Bar), none of them next to (0, 0).
    # Tentacles first: 5 + 3 - 3 = 5 lets go; the Dodge 4 passes; Diving
    # Tackle: 4 - 2 = 2 fails; A Falls Over: Arm Bar +1, Armour 4 + 4 + 1
    # = 9 breaks AV 9+, Injury 3 + 3 = 6 Stunned; c lies Prone in (1, 1);
    # nobody Shadows a fallen player.
    sc = Scenario(
        _ESCAPE,
        ruleset="bb2025",
        skills={
            "b": ["tentacles"],
            "c": ["diving-tackle"],
            "d": ["shadowing"],
            "e": ["arm-bar"],
        },
        dice=[5, 4, 4, 4, 3, 3],
    )
    sc.act("A", "move")
    sc.move(0, 0)
    assert sc.match.pending.info == ("tentacles",)
    sc.choose("use", "tentacles", sc.id("b"))
    assert sc.match.pending.info == ("diving-tackle",)
    sc.choose("use", "diving-tackle", sc.id("c"))
    g = sc.match.state
    assert _rolls(sc)[:2] == [("tentacles", (5,), 0, False), ("dodge", (4,), 0, True)]
    assert _used(sc) == ["tentacles", "diving-tackle", "arm-bar"]
    assert [(a.dice, a.modifier, a.broken) for a in sc.events(Armour)] == [
        ((4, 4), 1, True)
    ]
    assert g.status[sc.p("A")] == STUNNED
    assert (sc.xy("A"), sc.xy("c"), g.status[sc.p("c")]) == ((0, 0), (1, 1), PRONE)
    assert sc.xy("d") == (2, 2)


def test_one_escape_diving_tackle_declined_then_shadowing() -> None:
    # As above, Diving Tackle declined: the Dodge stands, then d Shadows
    # A into (1, 1) on a 4 (a flat 4+).
    sc = Scenario(
        _ESCAPE,
        ruleset="bb2025",
        skills={
            "b": ["tentacles"],
            "c": ["diving-tackle"],
            "d": ["shadowing"],
            "e": ["arm-bar"],
        },
        dice=[5, 4, 4],
    )
    sc.act("A", "move")
    sc.move(0, 0)
    sc.choose("use", "tentacles", sc.id("b"))
    sc.choose("decline")
    assert sc.match.pending.info == ("shadowing",)
    sc.choose("use", "shadowing", sc.id("d"))
    assert _used(sc) == ["tentacles", "shadowing"]
    assert _rolls(sc)[2] == ("shadowing", (4,), 0, True)
    assert (sc.xy("A"), sc.xy("d")) == ((0, 0), (1, 1))


@pytest.mark.parametrize("ruleset", ["bb2025", "bb2020"])
def test_a_diving_tacklers_own_arm_bar_counts(ruleset: str) -> None:
    # c (Diving Tackle, Arm Bar) alone Marks A: the Dodge 4 passes, Diving
    # Tackle makes it 2 and A Falls Over; c, now in the square A left, still
    # Marked it: Arm Bar +1, Armour 4 + 4 + 1 = 9 breaks AV 9+.
    sc = Scenario(
        """
        .....
        .Ac..
        .....
        """,
        ruleset=ruleset,
        skills={"c": ["diving-tackle", "arm-bar"]},
        dice=[4, 4, 4, 3, 3],
    )
    sc.act("A", "move")
    sc.move(0, 1)
    sc.choose("use", "diving-tackle", sc.id("c"))
    assert _used(sc) == ["diving-tackle", "arm-bar"]
    assert [(a.modifier, a.broken) for a in sc.events(Armour)] == [(1, True)]


# -- Frenzy's exclusions ------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset", "sidestep", "team", "squares"),
    [
        ("bb2025", False, "home", 3),  # the three push squares only
        ("bb2020", False, "home", 7),  # Grab: every empty square next to b
        ("bb2025", True, "away", 7),  # b Sidesteps: any empty square
        ("bb2020", True, "home", 7),  # Grab stops Sidestep
    ],
)
def test_a_frenzy_players_block_does_not_grab(
    ruleset: str, sidestep: bool, team: str, squares: int
) -> None:
    # A (Frenzy, Grab) blocks b with a Block action: BB2025 plays it as
    # without Grab.
    sc = Scenario(
        """
        ......
        .Ab...
        ......
        """,
        ruleset=ruleset,
        skills={"A": ["frenzy", "grab"], "b": ["sidestep"] if sidestep else []},
        dice=["push"],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    d = sc.match.pending
    assert (d.kind, d.team, len(d.options)) == ("push", team, squares)


@pytest.mark.parametrize(("ruleset", "runs"), [("bb2025", False), ("bb2020", True)])
def test_a_frenzy_player_has_no_hit_and_run(ruleset: str, runs: bool) -> None:
    # A (Frenzy, Hit and Run) knocks b down (Pow!, Armour 1 + 1 holds): no
    # second block; BB2020 then offers Hit and Run's free square.
    sc = Scenario(
        """
        ......
        .Ab...
        ......
        """,
        ruleset=ruleset,
        skills={"A": ["frenzy", "hit-and-run"]},
        dice=["pow", 1, 1],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))  # Frenzy: the follow-up is compulsory
    d = sc.match.pending
    assert sc.xy("A") == (2, 1)
    assert (d is not None and d.kind == "hit_and_run") is runs


@pytest.mark.parametrize(
    ("ruleset", "skills", "offered"),
    [
        ("bb2025", ["frenzy", "multiple-block"], False),
        ("bb2020", ["frenzy", "multiple-block"], True),
        # Grim Ironjaw (Slayer) keeps Multiple Block with Frenzy.
        ("bb2025", ["frenzy", "multiple-block", "slayer"], True),
        ("bb2025", ["multiple-block"], True),
    ],
)
def test_a_frenzy_player_is_offered_no_multiple_block(
    ruleset: str, skills: list[str], offered: bool
) -> None:
    sc = Scenario(
        """
        .....
        .Ab..
        ..c..
        """,
        ruleset=ruleset,
        skills={"A": skills},
    )
    sc.act("A", "block")
    d = sc.match.pending
    assert d.kind == "block_target"
    pair = ("multiple_block", sc.id("b"), sc.id("c"))
    assert (pair in d.options) is offered


# -- Monstrous Mouth: Chomp --------------------------------------------------------


def _chomp(sc: Scenario, chomper: str, target: str) -> None:
    """``target`` Chomped by ``chomper`` where they stand (as a passed
    Chomp leaves them)."""
    g = sc.match.state
    p, q = sc.p(chomper), sc.p(target)
    g.effects[f"chomped_{q}_drive"] = (p, g.pos[p], g.pos[q])


@pytest.mark.parametrize(("ruleset", "offered"), [("bb2025", True), ("bb2020", False)])
def test_chomp_is_a_special_action_of_monstrous_mouth(
    ruleset: str, offered: bool
) -> None:
    sc = Scenario(
        """
        .....
        .Ab..
        .....
        """,
        ruleset=ruleset,
        skills={"A": ["monstrous-mouth"]},
    )
    d = sc.match.pending
    assert (("activate", sc.id("A"), "chomp") in d.options) is offered


@pytest.mark.parametrize(("die", "chomped"), [(3, True), (2, False)])
def test_chomp_holds_the_target_on_three_plus(die: int, chomped: bool) -> None:
    # A moves a square (next to b and c), then Chomps b: D6 3+. The Chomp
    # ends A's activation.
    sc = Scenario(
        """
        ......
        A.b...
        ..c...
        """,
        ruleset="bb2025",
        skills={"A": ["monstrous-mouth"]},
        dice=[die],
    )
    sc.act("A", "chomp")
    assert ("chomp", sc.id("b")) not in sc.match.pending.options  # not adjacent
    sc.move(1, 1)
    d = sc.match.pending
    assert d.kind == "move"
    assert d.options[-3:] == (("chomp", sc.id("b")), ("chomp", sc.id("c")), ("end",))
    sc.choose("chomp", sc.id("b"))
    assert _rolls(sc) == [("chomp", (die,), 0, chomped)]
    assert _used(sc) == ["monstrous-mouth"]
    g = sc.match.state
    assert chomped_by(g, sc.p("b")) == (sc.p("A") if chomped else -1)
    assert chomped_by(g, sc.p("c")) == -1
    d = sc.match.pending
    assert d is None or d.kind != "move"  # the activation is over


def test_chomp_may_replace_a_blitz_block() -> None:
    sc = Scenario(
        """
        ......
        A.b...
        ......
        """,
        ruleset="bb2025",
        skills={"A": ["monstrous-mouth"]},
        dice=[5],
    )
    sc.act("A", "blitz", "b")
    sc.move(1, 1)
    opts = sc.match.pending.options
    i = opts.index(("block", sc.id("b")))
    assert opts[i + 1] == ("chomp", sc.id("b"))
    sc.choose("chomp", sc.id("b"))
    assert _rolls(sc) == [("chomp", (5,), 0, True)]
    assert not [e for e in sc.events() if type(e).__name__ == "Block"]
    assert chomped_by(sc.match.state, sc.p("b")) == sc.p("A")


def test_a_chomped_player_cannot_leave_his_square() -> None:
    # b (away, active) is Chomped by A: no step, Jump or Leap; he may still
    # block A. Once A is Prone the Chomp is over, for good.
    sc = Scenario(
        """
        .....
        .Ab..
        .....
        """,
        ruleset="bb2025",
        skills={"A": ["monstrous-mouth"], "b": ["leap"]},
        active="away",
    )
    _chomp(sc, "A", "b")
    sc.act("b", "move")
    assert sc.match.pending.options == (("end",),)
    g = sc.match.state
    g.status[sc.p("A")] = PRONE
    assert chomped_by(g, sc.p("b")) == -1
    g.status[sc.p("A")] = STANDING
    assert chomped_by(g, sc.p("b")) == -1  # standing up again holds nobody


def test_a_chomped_player_may_block_and_moves_once_the_chomper_is_pushed() -> None:
    # b Blitzes A (Chomped, he cannot move first); A is pushed back: no
    # longer Marked from where he was, b may move on.
    sc = Scenario(
        """
        ......
        .Ab...
        ......
        """,
        ruleset="bb2025",
        skills={"A": ["monstrous-mouth"]},
        active="away",
        dice=["push"],
    )
    _chomp(sc, "A", "b")
    sc.act("b", "blitz", "A")
    opts = sc.match.pending.options
    assert opts == (("block", sc.id("A")), ("end",))
    sc.choose("block", sc.id("A"))
    sc.choose("square", sc.sq(0, 1))
    sc.choose("stay")  # no follow-up
    g = sc.match.state
    assert chomped_by(g, sc.p("b")) == -1
    assert ("move", sc.sq(3, 1)) in sc.match.pending.options


def test_a_chomped_player_neither_shadows_nor_diving_tackles() -> None:
    # c is Chomped by B; A dodges away from c (Shadowing, Diving Tackle):
    # neither is offered, the Dodge 4 passes.
    sc = Scenario(
        """
        .....
        .Ac..
        ...B.
        """,
        ruleset="bb2025",
        skills={"B": ["monstrous-mouth"], "c": ["shadowing", "diving-tackle"]},
        dice=[4],
    )
    _chomp(sc, "B", "c")
    sc.act("A", "move")
    sc.move(0, 1)
    assert sc.match.pending.kind == "move"
    assert sc.xy("c") == (2, 1)
    assert _used(sc) == []


@pytest.mark.parametrize(("ruleset", "caught"), [("bb2025", False), ("bb2020", True)])
def test_monstrous_mouth_no_longer_rerolls_a_catch(ruleset: str, caught: bool) -> None:
    # A hands off to B (Monstrous Mouth): the catch 1 fails; BB2020 re-rolls
    # it (4 passes AG 3+), BB2025 not (the ball bounces).
    sc = Scenario(
        """
        ......
        .AB...
        ......
        """,
        ruleset=ruleset,
        ball="A",
        skills={"B": ["monstrous-mouth"]},
        dice=[1, 4, 2, 2, 2, 2],
    )
    sc.act("A", "hand_off")
    sc.choose("hand_off", sc.id("B"))
    assert (sc.match.state.carrier == sc.p("B")) is caught
    catches = [r.dice for r in sc.events(Roll) if r.purpose == "hand_off"]
    assert catches == ([(1,), (4,)] if caught else [(1,)])


def test_monstrous_mouth_keeps_the_ball_against_strip_ball() -> None:
    # A (Strip Ball) pushes b (Monstrous Mouth, the ball): b keeps it.
    sc = Scenario(
        """
        ......
        .Ab...
        ......
        """,
        ruleset="bb2025",
        ball="b",
        skills={"A": ["strip-ball"], "b": ["monstrous-mouth"]},
        dice=["push"],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))
    sc.choose("stay")
    assert sc.match.state.carrier == sc.p("b")


# -- Pile Driver --------------------------------------------------------------------


def test_pile_drivers_each_foul_without_the_teams_foul() -> None:
    # A and B (Pile Driver) each knock their man down (Pow!, follow up;
    # Armour 1 + 1 holds), then each makes a free Foul (Armour 2 + 3 and
    # 3 + 4, no double, hold AV 9+) and is Placed Prone, his activation
    # over; the team's Foul action is still there for C.
    sc = Scenario(
        """
        .Ab....
        .......
        .Bc....
        .......
        .C.....
        """,
        ruleset="bb2025",
        skills={"A": ["pile-driver"], "B": ["pile-driver"]},
        dice=["pow", 1, 1, 2, 3, "pow", 1, 1, 3, 4],
    )
    g = sc.match.state
    for att, dfn, y in (("A", "b", 0), ("B", "c", 2)):
        sc.act(att, "block")
        sc.choose("block", sc.id(dfn))
        sc.choose("square", sc.sq(3, y))
        sc.choose("follow")
        d = sc.match.pending
        assert (d.kind, d.options) == (
            "pile_driver",
            (("foul", sc.id(dfn)), ("decline",)),
        )
        sc.choose("foul", sc.id(dfn))
        assert (sc.xy(att), g.status[sc.p(att)]) == ((2, y), PRONE)
    armour = [(a.player, a.dice, a.broken) for a in sc.events(Armour)]
    assert armour == [
        (sc.id("b"), (1, 1), False),
        (sc.id("b"), (2, 3), False),
        (sc.id("c"), (1, 1), False),
        (sc.id("c"), (3, 4), False),
    ]
    assert _used(sc).count("pile-driver") == 2
    d = sc.match.pending
    assert d.kind == "activate"
    assert ("activate", sc.id("C"), "foul") in d.options


# -- Defensive ------------------------------------------------------------------------


@pytest.mark.parametrize(("defensive", "dice"), [(True, 1), (False, 2)])
def test_defensive_stops_guard(defensive: bool, dice: int) -> None:
    # H (Guard) would assist A's block on b though Marked by d; d's
    # Defensive stops it in the home team's turn (3 against 3: one die).
    sc = Scenario(
        """
        .d.
        .H.
        Ab.
        """,
        ruleset="bb2025",
        skills={"H": ["guard"], "d": ["defensive"] if defensive else []},
        dice=["push", "push"],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    blocks = [e for e in sc.events() if type(e).__name__ == "Block"]
    assert [(e.st_attacker, len(e.dice)) for e in blocks] == [(2 + dice, dice)]


# -- Mighty Blow ------------------------------------------------------------------------


def test_mighty_blow_not_with_a_stab_a_chainsaw_or_a_foul() -> None:
    # A has Mighty Blow; each Armour roll 4 + 4 = 8 against AV 9+ would
    # break with its +1. Stab: unmodified; Chainsaw: +3 only (D6 3 hits);
    # Foul (no assists): unmodified.
    skills = ["mighty-blow"]
    stab = Scenario(
        ".Ab.", ruleset="bb2025", skills={"A": [*skills, "stab"]}, dice=[4, 4]
    )
    stab.act("A", "block")
    stab.choose("stab", stab.id("b"))
    saw = Scenario(
        ".Ab.",
        ruleset="bb2025",
        skills={"A": [*skills, "chainsaw"]},
        dice=[3, 4, 1, 3, 3],
    )
    saw.act("A", "chainsaw")
    saw.choose("chainsaw", saw.id("b"))
    foul = Scenario(
        ".Ab.", ruleset="bb2025", skills={"A": skills}, prone="b", dice=[4, 4]
    )
    foul.act("A", "foul", "b")
    foul.choose("foul", foul.id("b"))
    got = [
        [(a.dice, a.modifier, a.broken) for a in sc.events(Armour)]
        for sc in (stab, saw, foul)
    ]
    assert got == [
        [((4, 4), 0, False)],
        [((4, 1), 3, False)],
        [((4, 4), 0, False)],
    ]


# -- Animal Savagery ----------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", ["bb2025", "bb2020"])
def test_animal_savagery_lashes_out_with_mighty_blow_then_goes_on(
    ruleset: str,
) -> None:
    # A (Animal Savagery, Mighty Blow) declares a Block: 1 + 2 = 3 fails
    # the 4+; he lashes out at B, Knocked Down (no Turnover): Armour 4 + 4
    # = 8, +1 with Mighty Blow breaks AV 9+ (Injury 1 + 1: Stunned); BB2020
    # too ("if this player has any applicable Skills, the coach of the
    # opposing team may use them when making an Armour roll"). DECIDE 13:
    # A then goes on with his Block.
    modifier, broken = 1, True
    sc = Scenario(
        """
        .B...
        .Ab..
        .....
        """,
        ruleset=ruleset,
        skills={"A": ["animal-savagery", "mighty-blow"]},
        dice=[1, 4, 4, 1, 1],
    )
    sc.act("A", "block")
    assert _rolls(sc)[0] == ("animal_savagery", (1,), 2, False)
    d = sc.match.pending
    assert (d.kind, d.options) == ("lash_out", (("lash_out", sc.id("B")),))
    sc.choose("lash_out", sc.id("B"))
    armour = [(a.player, a.dice, a.modifier, a.broken) for a in sc.events(Armour)]
    assert armour == [(sc.id("B"), (4, 4), modifier, broken)]
    g = sc.match.state
    assert g.status[sc.p("B")] == (STUNNED if broken else PRONE)
    assert g.turnover is None
    d = sc.match.pending
    assert (d.kind, d.options) == ("block_target", (("block", sc.id("b")),))


@pytest.mark.parametrize(("action", "modifier"), [("chomp", 2), ("move", 0)])
def test_animal_savagery_plus_two_for_a_chomp(action: str, modifier: int) -> None:
    # A Chomp may replace a block: +2, so a 2 passes the 4+.
    sc = Scenario(
        """
        .B...
        .Ab..
        .....
        """,
        ruleset="bb2025",
        skills={"A": ["animal-savagery", "monstrous-mouth"]},
        dice=[2, 4, 4],
    )
    sc.act("A", action)
    assert _rolls(sc)[0] == ("animal_savagery", (2,), modifier, modifier == 2)


# -- Shadowing ----------------------------------------------------------------------


@pytest.mark.parametrize(("ma", "again"), [(2, True), (1, False)])
def test_shadowing_up_to_its_ma_per_turn(ma: int, again: bool) -> None:
    # A dodges away from b twice (4s pass); b Shadows him the first time
    # (4: a flat 4+); with MA 1 that is all his Shadowing this turn.
    sc = Scenario(
        """
        .....
        ..Ab.
        .....
        """,
        ruleset="bb2025",
        stats={"b": {"ma": ma}},
        skills={"b": ["shadowing"]},
        dice=[4, 4, 4],
    )
    sc.act("A", "move")
    sc.move(1, 1)
    sc.choose("use", "shadowing", sc.id("b"))
    assert sc.xy("b") == (2, 1)
    sc.move(0, 1)
    d = sc.match.pending
    assert (d.kind == "use_skill" and d.info == ("shadowing",)) is again
