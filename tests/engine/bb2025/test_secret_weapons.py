"""BB2025 secret weapons, bombs and Hail Mary Pass (changes_from_bb2020.md
sections 9 and 13, skills.md "Hail Mary Pass", "Bombardier", "Chainsaw",
"Ball & Chain"): each against BB2020 where the editions differ."""

from __future__ import annotations

import pytest

from engine.campaign import PlayerState
from engine.campaign.new_skills import skill_barred
from engine.core.events import (
    Armour,
    BallMove,
    Block,
    Foul,
    Injury,
    Interference,
    KnockedDown,
    Move,
    Note,
    Pass,
    Roll,
    Turnover,
)
from engine.core.rules_data import rules_data
from engine.core.state import KO, PRONE, RESERVES, STANDING
from engine.skills.chomp import chomped_by
from engine.tools.scenario import Scenario


def _roll(sc: Scenario, purpose: str) -> Roll:
    (r,) = [e for e in sc.events(Roll) if e.purpose == purpose]
    return r


def _notes(sc: Scenario, what: str) -> list[Note]:
    return [e for e in sc.events(Note) if e.what == what]


# -- Hail Mary Pass -----------------------------------------------------------

HAIL = """
    .....
    A.c..
    .....
"""


def _hail(ruleset: str, dice: list[int], skills: list[str] | None = None) -> Scenario:
    sc = Scenario(
        HAIL,
        ruleset=ruleset,
        ball="A",
        skills={"A": ["hail-mary-pass", *(skills or [])]},
        stats={"A": {"pa": 3}},
        dice=dice,
    )
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("hail_mary", sc.match.state.pitch.sq(25, 6))
    return sc


@pytest.mark.parametrize(
    ("ruleset", "target", "modifier", "result"),
    [("bb2025", 3, -3, "fumble"), ("bb2020", 2, 0, "inaccurate")],
)
def test_hail_mary_is_a_long_bomb(
    ruleset: str, target: int, modifier: int, result: str
) -> None:
    # A natural 4. BB2025: a Passing Ability test (PA 3+) at the Long Bomb
    # band, 4 - 3 = 1: a fumble. BB2020: 2+ with no range modifier, passed.
    sc = _hail(ruleset, [4, *[4] * 6])
    r = _roll(sc, "pass")
    assert (r.dice, r.target, r.modifier) == ((4,), target, modifier)
    assert (sc.events(Pass)[0].range, sc.events(Pass)[0].result) == (
        "hail_mary",
        result,
    )
    # Either way the ball ends on the ground: a Turnover (BB2025 the fumble).
    reason = "fumble" if result == "fumble" else "pass"
    assert [t.reason for t in sc.events(Turnover)] == [reason]


def test_a_natural_six_counts_as_inaccurate() -> None:
    # 6 is a success (PA 3+ at -3), but the best result is inaccurate: the
    # ball scatters three times from the target, then bounces.
    sc = _hail("bb2025", [6, 4, 4, 4, 4])
    assert _roll(sc, "pass").success is True
    assert (sc.events(Pass)[0].range, sc.events(Pass)[0].result) == (
        "hail_mary",
        "inaccurate",
    )
    # c stood under the path: a Hail Mary Pass cannot be intercepted.
    assert sc.events(Interference) == []
    assert [b.how for b in sc.events(BallMove)] == ["scatter"] * 3 + ["bounce"]


def test_a_failed_test_that_is_no_fumble_is_inaccurate() -> None:
    # 5 - 3 = 2: fails PA 3+, above 1: inaccurate, no Turnover from the test.
    sc = _hail("bb2025", [5, 4, 4, 4, 4])
    r = _roll(sc, "pass")
    assert (r.success, r.modifier) == (False, -3)
    assert sc.events(Pass)[0].result == "inaccurate"


def test_cannoneer_counts_at_the_long_bomb_band() -> None:
    # 4 - 3 + 1 (Cannoneer, Long Bomb) = 2: inaccurate, not a fumble.
    sc = _hail("bb2025", [4, 4, 4, 4, 4], ["cannoneer"])
    assert _roll(sc, "pass").modifier == -2
    assert sc.events(Pass)[0].result == "inaccurate"


# -- Bombardier ---------------------------------------------------------------

BOMBER = {"B": ["bombardier"]}
THROW = ("activate", 1, "throw_bomb")


@pytest.mark.parametrize(("ruleset", "offered"), [("bb2025", True), ("bb2020", False)])
def test_hail_mary_bomb(ruleset: str, offered: bool) -> None:
    # skills.md "Hail Mary Pass": a pass or a bomb to any square (BB2020:
    # passes only). Thrown at (25, 2), far from everybody: a natural 6
    # counts as inaccurate, three scatters (D8 2: straight up, from y 2 to
    # y -1: off the pitch after the third).
    sc = Scenario(
        "B....c",
        ruleset=ruleset,
        skills={"B": ["bombardier", "hail-mary-pass"]},
        stats={"B": {"pa": 4}},
        dice=[6, 2, 2, 2],
    )
    sc.choose(*THROW)
    far = sc.match.state.pitch.sq(25, 2)
    assert (("hail_mary", far) in sc.match.pending.options) is offered
    if not offered:
        return
    sc.choose("hail_mary", far)
    r = _roll(sc, "throw_bomb")
    assert (r.target, r.modifier, r.success) == (4, -3, True)
    assert [n.what for n in sc.events(Note)][1] == "bomb_inaccurate"
    assert _notes(sc, "bomb_crowd")[0].value == sc.match.state.pitch.sq(25, 0)


@pytest.mark.parametrize("ruleset", ["bb2025", "bb2020"])
def test_a_caught_bomb_is_thrown_on_at_once(ruleset: str) -> None:
    # c is 4 squares away (Short, -1): 5 - 1 = 4 passes PA 4+, accurate; c
    # catches with a 3 (AG 3+). BB2025: c must throw it on at once, no
    # roll. BB2020: a D6, 3: he throws it on too, after the roll.
    sc = Scenario(
        "B...c",
        ruleset=ruleset,
        skills=BOMBER,
        stats={"B": {"pa": 4}},
        dice=[5, 3, 3],
    )
    sc.choose(*THROW)
    sc.choose("square", sc.sq(4, 0))
    caught = [r for r in sc.events(Roll) if r.purpose == "bomb_caught"]
    assert (caught == []) is (ruleset == "bb2025")
    assert (_notes(sc, "bomb_thrown_on") != []) is (ruleset == "bb2025")
    assert sc.match.pending.kind == "bomb_target"
    assert sc.match.pending.team == "away"


def test_an_intercepted_bomb_is_one_test_then_thrown_on() -> None:
    # B throws at D (Short, -1: 5 - 1 = 4, accurate); c under the ruler
    # interferes: AG 3+ at -3 (accurate), a natural 6. BB2025: intercepted
    # at once (no deflection, no catch), then c throws it on at once.
    sc = Scenario(
        "B.c.D",
        ruleset="bb2025",
        skills=BOMBER,
        stats={"B": {"pa": 4}},
        dice=[5, 6],
    )
    sc.choose(*THROW)
    sc.choose("square", sc.sq(4, 0))
    sc.choose("interfere", sc.id("c"))
    r = _roll(sc, "interference")
    assert (r.target, r.modifier, r.success) == (3, -3, True)
    assert [i.result for i in sc.events(Interference)] == ["interception"]
    assert [e.purpose for e in sc.events(Roll)] == ["throw_bomb", "interference"]
    assert _notes(sc, "bomb_thrown_on")[0].player == sc.id("c")
    assert sc.match.pending.kind == "bomb_target"


def test_a_bomb_hit_has_no_armour_bonus() -> None:
    # Accurate on c (5 - 1 = 4), c drops it (2 < 3): it explodes on c, who
    # is Knocked Down; his Armour roll 5 + 4 is unmodified: 9 breaks AV 9+.
    sc = Scenario(
        "B...c",
        ruleset="bb2025",
        skills=BOMBER,
        stats={"B": {"pa": 4}},
        dice=[5, 2, 5, 4, 2, 2],
    )
    sc.choose(*THROW)
    sc.choose("square", sc.sq(4, 0))
    assert [(k.player, k.how) for k in sc.events(KnockedDown)] == [
        (sc.id("c"), "knocked_down")
    ]
    a = sc.events(Armour)[0]
    assert (a.player, a.dice, a.modifier, a.broken) == (sc.id("c"), (5, 4), 0, True)
    assert sc.events(Injury)[0].modifier == 0


# -- Chainsaw in a Foul -------------------------------------------------------

FOUL = """
    .....
    .Ab..
    .....
"""


def test_a_chainsaw_foul_adds_three_to_the_armour_roll() -> None:
    # D6 4: no kick-back; armour 3 + 4 + 3 = 10 breaks AV 9+; injury 2 + 4
    # = 6 Stunned.
    sc = Scenario(
        FOUL,
        ruleset="bb2025",
        skills={"A": ["chainsaw"]},
        prone="b",
        dice=[4, 3, 4, 2, 4],
    )
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    assert (sc.match.pending.kind, sc.match.pending.info) == (
        "use_skill",
        ("chainsaw",),
    )
    sc.choose("use", "chainsaw")
    a = sc.events(Armour)[0]
    assert (a.player, a.dice, a.modifier, a.broken) == (sc.id("b"), (3, 4), 3, True)


@pytest.mark.parametrize(
    ("ruleset", "status"), [("bb2025", PRONE), ("bb2020", STANDING)]
)
def test_a_chainsaw_foul_kicks_back_on_a_one(ruleset: str, status: int) -> None:
    # D6 1: the kick-back, a Turnover, no foul made. BB2025 (as a Chainsaw
    # Attack's): the fouler is Knocked Down, his Armour roll 2 + 3 + 3 = 8
    # holds AV 9+. BB2020: only the Armour roll +3 against him, he stands.
    sc = Scenario(
        FOUL, ruleset=ruleset, skills={"A": ["chainsaw"]}, prone="b", dice=[1, 2, 3]
    )
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    sc.choose("use", "chainsaw")
    a = sc.events(Armour)[0]
    assert (a.player, a.dice, a.modifier, a.broken) == (sc.id("A"), (2, 3), 3, False)
    assert [t.reason for t in sc.events(Turnover)] == ["chainsaw"]
    g = sc.match.state
    assert g.status[sc.p("A")] == status
    assert g.status[sc.p("b")] == PRONE
    assert [f.victim for f in sc.events(Foul)] == [sc.id("b")]


# -- Ball & Chain -------------------------------------------------------------

CHAIN = {"F": ["ball-and-chain", "no-ball"]}
BC = ("activate", 1, "ball_and_chain")
FIELD = """
    .......
    .F.....
    .......
"""


@pytest.mark.parametrize(
    ("ruleset", "chooser"), [("bb2025", "home"), ("bb2020", "away")]
)
def test_ball_and_chain_picks_its_own_block_die(ruleset: str, chooser: str) -> None:
    # F (ST 3) moves into b (ST 4) straight on (D6 3): two block dice. BB2025:
    # its own coach picks (skills.md "Ball & Chain"); BB2020: the stronger
    # target's coach.
    sc = Scenario(
        """
        .......
        .Fb....
        .......
        """,
        ruleset=ruleset,
        skills=CHAIN,
        stats={"b": {"st": 4}},
        dice=[3, "pow", "player_down"],
    )
    sc.choose(*BC)
    sc.choose("facing", 1, 0)
    b = sc.events(Block)[0]
    assert (b.attacker, b.defender, b.st_attacker, b.st_defender) == (
        sc.id("F"),
        sc.id("b"),
        3,
        4,
    )
    assert len(b.dice) == 2
    assert b.chooser == chooser
    assert (sc.match.pending.kind, sc.match.pending.team) == ("block_die", chooser)


def test_ball_and_chain_ignores_shadowing_and_tentacles() -> None:
    # F leaves c's Tackle Zone (D6 3, straight on): no dodge, and c's
    # Shadowing and Tentacles are not asked.
    sc = Scenario(
        """
        .c.....
        .F.....
        .......
        """,
        ruleset="bb2025",
        skills={**CHAIN, "c": ["shadowing", "tentacles"]},
        dice=[3],
    )
    sc.choose(*BC)
    sc.choose("facing", 1, 0)
    assert sc.xy("F") == (2, 1)
    assert sc.xy("c") == (1, 0)
    assert [e.purpose for e in sc.events(Roll)] == ["ball_and_chain"]
    assert sc.match.pending.kind == "ball_and_chain"


def test_ball_and_chain_ignores_a_chomp() -> None:
    # F is Chomped by c (Monstrous Mouth): the Chomp holds a player in his
    # square, but Ball & Chain ignores it (skills.md "Ball & Chain"): D6 3,
    # straight on, F moves away.
    sc = Scenario(
        """
        .c.....
        .F.....
        .......
        """,
        ruleset="bb2025",
        skills={**CHAIN, "c": ["monstrous-mouth"]},
        dice=[3],
    )
    g = sc.match.state
    f, c = sc.p("F"), sc.p("c")
    g.effects[f"chomped_{f}_drive"] = (c, g.pos[c], g.pos[f])
    assert chomped_by(g, f) == c
    sc.choose(*BC)
    sc.choose("facing", 1, 0)
    assert sc.xy("F") == (2, 1)


def test_ball_and_chain_going_down_is_an_injury_roll_stunned_is_ko() -> None:
    # MA 1: one square (3), then a Rush fails on a 1 (the square first: 3);
    # no Armour roll, injury 3 + 3 = 6 Stunned counts as KO'd.
    sc = Scenario(
        FIELD,
        ruleset="bb2025",
        skills=CHAIN,
        stats={"F": {"ma": 1}},
        dice=[3, 3, 1, 3, 3],
    )
    sc.choose(*BC)
    sc.choose("facing", 1, 0)
    sc.choose("facing", 1, 0)
    assert sc.events(Armour) == []
    i = sc.events(Injury)[0]
    assert (i.player, i.dice, i.result) == (sc.id("F"), (3, 3), "ko")
    assert sc.match.state.box[sc.p("F")] == KO


def test_ball_and_chain_off_the_pitch_is_pushed_into_the_crowd() -> None:
    # From the sideline column, facing -x, a 3 goes straight off: Injury by
    # the Crowd, 2 + 2 = 4 Stunned: the Reserves.
    sc = Scenario("F..", ruleset="bb2025", skills=CHAIN, origin=(0, 3), dice=[3, 2, 2])
    sc.choose(*BC)
    sc.choose("facing", -1, 0)
    assert sc.events(Move)[-1].dst == -1
    assert sc.match.state.box[sc.p("F")] == RESERVES


@pytest.mark.parametrize(
    "slug",
    [
        "diving-tackle",
        "eye-gouge",
        "frenzy",
        "grab",
        "hit-and-run",
        "leap",
        "multiple-block",
        "on-the-ball",
        "shadowing",
        "steady-footing",
    ],
)
def test_a_ball_and_chain_player_cannot_take_the_skills_it_excludes(slug: str) -> None:
    # skills.md "Ball & Chain": the ten skills it cannot have.
    data = rules_data("bb2025")
    player = PlayerState.from_position(
        1, data.rosters["goblin"].position("goblin-fanatic")
    )
    assert player.has_skill("ball-and-chain")
    name = data.skills[slug].name
    assert skill_barred(player, slug, data) == (
        f"{name} cannot be combined with Ball & Chain"
    )
    plain = PlayerState.from_position(
        2, data.rosters["goblin"].position("goblin-lineman")
    )
    assert skill_barred(plain, slug, data) is None
    assert not plain.has_skill("ball-and-chain")
