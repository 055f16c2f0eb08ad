"""The College Wizards' spells (dungeon_bowl/inducements.md "0-1 College
Wizard"), with scripted dice: when each is offered, once a game, and what it
does. Injury table (BB2020, the variant's): 2-7 Stunned, 8-9 KO'd, 10+
Casualty; every player here is MA 6, ST 3, AG 3+, AV 9+ unless given."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.core.events import Armour, Block, Induced, Injury, Roll
from engine.core.skillbits import BIT
from engine.core.state import KO, PITCH, PRONE, STANDING, STUNNED, TF_PASS, Proc
from engine.match import run
from engine.rules.block_strength import block_strengths
from engine.rules.passing import DumpOff, with_dump_off
from engine.rules.turns import Turn
from engine.rules.wizard import TURN_ENDED
from engine.tools.dungeon_scenario import DungeonScenario
from engine.variants.dungeon_bowl.spells import castable_before_turn

HOME, AWAY = 0, 1

PAIR = """
#########
#.......#
#..Ab...#
#.....c.#
#########
"""


def wizard(
    diagram: str,
    college: str,
    *,
    caster: int = HOME,
    active: int = HOME,
    turn_ended: bool = False,
    other: str = "",
    **kwargs: object,
) -> DungeonScenario:
    """A dungeon where team ``caster`` hired ``college``'s Wizard (and the
    other team ``other``'s, if given), run to the first decision of team
    ``active``'s turn."""
    sc = DungeonScenario(
        diagram, start=False, active=("home", "away")[active], **kwargs
    )
    g = sc.match.state
    sheets = list(g.sheets)
    sheets[caster] = replace(sheets[caster], college_wizard=college)
    if other:
        sheets[1 - caster] = replace(sheets[1 - caster], college_wizard=other)
    g.sheets = (sheets[0], sheets[1])
    if turn_ended:
        g.effects[TURN_ENDED] = True
    g.stack.append(Turn(active))
    run(g)
    return sc


def next_turn(sc: DungeonScenario, t: int) -> None:
    """End the turn under way (and the activation under way) and start team
    ``t``'s."""
    if kind(sc) == "move":
        sc.choose("end")
    sc.choose("end_turn")
    g = sc.match.state
    g.done = False  # the scenario's match ends with its turn
    g.stack.append(Turn(t))
    run(g)


def kind(sc: DungeonScenario) -> str:
    pending = sc.match.pending
    assert pending is not None
    return pending.kind


def options(sc: DungeonScenario) -> tuple[tuple[object, ...], ...]:
    pending = sc.match.pending
    assert pending is not None
    return pending.options


def spell_events(
    sc: DungeonScenario,
) -> list[tuple[str, str, int, tuple[int, ...], str]]:
    return [(e.what, e.team, e.player, e.dice, e.result) for e in sc.events(Induced)]


# -- when each spell is offered -------------------------------------------------

# own: before the caster's own turn (no team turn has ended yet); opp: before
# the opposition's turn; own_after: before the caster's own turn, once a team
# turn has ended (Fireball's "immediately after any of the opposition's team
# turns has ended").
TIMING = [
    # "at the start of any of your team turns"
    ("college-of-death", (True, False, True)),
    ("college-of-heavens", (True, False, True)),
    ("college-of-metal", (True, False, True)),
    ("college-of-shadows", (True, False, True)),
    # "at the start of any of the opposition's team turns"
    ("college-of-life", (False, True, False)),
    ("college-of-light", (False, True, False)),
    # "at the start of any of the opposition's team turns ... or immediately
    # after any of the opposition's team turns has ended"
    ("college-of-fire", (False, True, True)),
    # "at the start of any of your players' activations": never between turns
    ("college-of-beasts", (False, False, False)),
]


@pytest.mark.parametrize(("college", "expected"), TIMING)
def test_each_spell_is_offered_only_at_its_time(
    college: str, expected: tuple[bool, bool, bool]
) -> None:
    own = wizard(PAIR, college, active=HOME)
    opp = wizard(PAIR, college, active=AWAY)
    own_after = wizard(PAIR, college, active=HOME, turn_ended=True)
    offered = tuple(kind(sc) == "college_spell" for sc in (own, opp, own_after))
    assert offered == expected
    for sc, yes in zip((own, opp, own_after), expected, strict=True):
        if yes:
            assert sc.match.pending is not None
            assert sc.match.pending.team == "home"
            assert ("done",) in options(sc)


def test_no_wizard_no_spell_and_a_held_spell_waits() -> None:
    sc = wizard(PAIR, "")
    assert kind(sc) == "activate"
    sc = wizard(PAIR, "college-of-metal")
    sc.choose("done")
    assert kind(sc) == "activate"
    g = sc.match.state
    assert g.dungeon is not None
    assert g.dungeon.spell_used == (False, False)
    assert castable_before_turn(g, HOME, HOME) == "transmutation"


def test_the_opposition_wizard_is_asked_first_then_the_team_whose_turn_starts() -> None:
    # Before home's turn: away's Bright Wizard (start of the opposition's
    # turn), then home's Amethyst Wizard (start of its own turn).
    sc = wizard(PAIR, "college-of-death", other="college-of-fire")
    assert sc.match.pending is not None
    assert sc.match.pending.team == "away"
    assert options(sc)[0][0] == "fireball"
    sc.choose("done")
    assert sc.match.pending is not None
    assert sc.match.pending.team == "home"
    assert options(sc) == (("life-drain", sc.id("b")), ("done",))


def test_a_wizard_with_no_target_is_not_asked() -> None:
    # Life Drain needs an opposition player Marked by a friendly player.
    sc = wizard(
        """
        #########
        #.A.....#
        #.....b.#
        #########
        """,
        "college-of-death",
    )
    assert kind(sc) == "activate"


def test_the_spell_is_cast_once_per_game() -> None:
    # "A College Wizard may only use their spell once per game."
    sc = wizard(PAIR, "college-of-light", active=AWAY)
    sc.choose("blinding-light")
    g = sc.match.state
    assert g.dungeon is not None
    assert g.dungeon.spell_used == (True, False)
    for t in (HOME, AWAY, HOME, AWAY):
        next_turn(sc, t)
        assert kind(sc) == "activate"
    assert castable_before_turn(g, HOME, AWAY) is None


# -- Life Drain (Amethyst) -------------------------------------------------------


def test_life_drain_is_an_injury_roll_against_a_marked_opponent() -> None:
    # A Marks b, not c: only b may be chosen. Injury 4 + 4 = 8: KO'd, and no
    # Armour roll is made (only two dice are used).
    sc = wizard(PAIR, "college-of-death", dice=[4, 4])
    assert options(sc) == (("life-drain", sc.id("b")), ("done",))
    sc.choose("life-drain", sc.id("b"))
    g = sc.match.state
    assert g.box[sc.p("b")] == KO
    assert [(e.dice, e.result) for e in sc.events(Injury)] == [((4, 4), "ko")]
    assert spell_events(sc) == [("life_drain", "home", sc.id("b"), (), "injury_roll")]
    assert kind(sc) == "activate"
    assert g.dice.remaining == 0


def test_life_drain_stuns_a_ball_carrier_who_drops_the_ball() -> None:
    # Injury 3 + 4 = 7: Stunned; the ball bounces (D8) from b's square.
    sc = wizard(PAIR, "college-of-death", dice=[3, 4, 5], ball="b")
    b_sq = sc.pos("b")
    sc.choose("life-drain", sc.id("b"))
    g = sc.match.state
    assert g.status[sc.p("b")] == STUNNED
    assert g.box[sc.p("b")] == PITCH
    assert g.carrier == -1
    assert g.pitch.distance(b_sq, g.ball) == 1
    assert g.turnover is None


# -- Transmutation (Gold) --------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "av", "knocked_out"),
    [
        ((4, 5), 9, True),  # 9 is "equal to" AV 9+
        ((5, 5), 9, False),  # 10 is more
        ((1, 1), 9, True),
        ((4, 5), 8, False),  # 9 against AV 8+
        ((4, 4), 8, True),
    ],
)
def test_transmutation_knocks_out_on_2d6_no_more_than_armour(
    dice: tuple[int, int], av: int, knocked_out: bool
) -> None:
    sc = wizard(PAIR, "college-of-metal", dice=list(dice), stats={"c": {"av": av}})
    # any opposition player, Marked or not
    assert options(sc) == (
        ("transmutation", sc.id("b")),
        ("transmutation", sc.id("c")),
        ("done",),
    )
    sc.choose("transmutation", sc.id("c"))
    g = sc.match.state
    assert g.box[sc.p("c")] == (KO if knocked_out else PITCH)
    assert spell_events(sc) == [
        ("transmutation", "home", sc.id("c"), dice, "ko" if knocked_out else "resisted")
    ]
    assert sc.events(Injury) == []  # no Injury roll


def test_transmutation_of_the_ball_carrier_bounces_the_ball() -> None:
    sc = wizard(PAIR, "college-of-metal", dice=[2, 3, 1], ball="c")
    c_sq = sc.pos("c")
    sc.choose("transmutation", sc.id("c"))
    g = sc.match.state
    assert g.box[sc.p("c")] == KO
    assert g.carrier == -1
    assert g.pitch.distance(c_sq, g.ball) == 1


# -- Chain Lightning (Celestial) -------------------------------------------------

CHAIN = """
##########
#........#
#.AbC.f..#
#...#....#
#..d#e...#
##########
"""


def test_chain_lightning_jumps_within_two_squares_in_sight_until_a_one_or_two() -> None:
    # b: Armour 1 + 1 = 2, not broken. D6 3: it chains. In reach of b: A and
    # C (next to it) and d (two squares down, in sight); not e (the wall at
    # (4, 3) is between them), not f (three squares away). d: Armour 5 + 5
    # = 10 breaks AV 9+, Injury 3 + 4 = 7 Stunned. D6 3 again: from d only
    # A is in reach and sight (C and e are behind the wall). The caster
    # chains to A: Armour 1 + 2 = 3. D6 2: the spell ends.
    sc = wizard(CHAIN, "college-of-heavens", dice=[1, 1, 3, 5, 5, 3, 4, 3, 1, 2, 2])
    sc.choose("chain-lightning", sc.id("b"))
    assert kind(sc) == "chain_lightning"
    assert options(sc) == (
        ("strike", sc.id("A")),
        ("strike", sc.id("C")),
        ("strike", sc.id("d")),
    )
    sc.choose("strike", sc.id("d"))
    assert options(sc) == (("strike", sc.id("A")),)
    sc.choose("strike", sc.id("A"))
    g = sc.match.state
    assert kind(sc) == "activate"
    assert g.status[sc.p("b")] == STANDING
    assert g.status[sc.p("d")] == STUNNED
    assert g.status[sc.p("A")] == STANDING
    assert [
        (e.dice, e.success) for e in sc.events(Roll) if e.purpose == "chain_lightning"
    ] == [
        ((3,), True),
        ((3,), True),
        ((2,), False),
    ]
    assert [e.player for e in sc.events(Induced)] == [
        sc.id("b"),
        sc.id("d"),
        sc.id("A"),
    ]
    assert g.dice.remaining == 0


def test_chain_lightning_ends_on_a_two() -> None:
    sc = wizard(CHAIN, "college-of-heavens", dice=[1, 1, 2])
    sc.choose("chain-lightning", sc.id("b"))
    assert kind(sc) == "activate"
    assert sc.match.state.dice.remaining == 0


def test_chain_lightning_rolls_no_d6_when_nobody_is_in_reach() -> None:
    # Only the two Armour dice are scripted: a D6 would exhaust them.
    sc = wizard(
        """
        ##########
        #.A......#
        #......b.#
        ##########
        """,
        "college-of-heavens",
        dice=[6, 6, 1, 1],
    )
    # b, five squares from A: Armour 6 + 6 = 12 breaks, Injury 2 Stunned
    sc.choose("chain-lightning", sc.id("b"))
    assert kind(sc) == "activate"
    assert sc.match.state.status[sc.p("b")] == STUNNED


# -- Shadowed Step (Grey) ---------------------------------------------------------

SHADOW = """
############
#....#.....#
#.A..#..b..#
#....#1....#
#...*......#
############
"""


def test_shadowed_step_places_within_five_squares_even_beyond_a_wall() -> None:
    sc = wizard(SHADOW, "college-of-shadows", prone="A")
    assert options(sc) == (("shadowed-step", sc.id("A")), ("done",))
    sc.choose("shadowed-step", sc.id("A"))
    assert kind(sc) == "shadowed_step"
    squares = {o[1] for o in options(sc)}
    at = sc.at
    assert at(7, 2) in squares  # five squares away, beyond the wall
    assert at(7, 4) in squares
    assert at(8, 1) not in squares  # six squares away
    assert at(6, 3) not in squares  # Portal 1
    assert at(4, 4) not in squares  # the loose ball
    assert at(5, 2) not in squares  # the wall
    assert at(2, 2) not in squares  # where A is
    assert at(1, 1) in squares
    sc.choose("square", at(7, 2))
    g = sc.match.state
    assert sc.pos("A") == at(7, 2)
    assert g.status[sc.p("A")] == PRONE  # placed as it was
    assert kind(sc) == "activate"
    assert spell_events(sc)[-1][:3] == ("shadowed_step", "home", sc.id("A"))


def test_shadowed_step_is_not_for_the_ball_carrier() -> None:
    sc = wizard(
        """
        ##########
        #.A.B..c.#
        ##########
        """,
        "college-of-shadows",
        ball="A",
    )
    assert options(sc) == (("shadowed-step", sc.id("B")), ("done",))


# -- Grasping Vines (Jade) --------------------------------------------------------


def test_grasping_vines_bars_activation_and_the_tackle_zone_until_activated() -> None:
    # Cast at the start of away's turn on b: b cannot be activated that
    # turn and has no Tackle Zone, so in home's next turn A leaves b without
    # a Dodge (no die is scripted). In away's next turn b is activated again,
    # which gives its Tackle Zone back.
    sc = wizard(PAIR, "college-of-life", active=AWAY, stunned="c")
    # c is Stunned: not offered
    assert options(sc) == (("grasping-vines", sc.id("b")), ("done",))
    sc.choose("grasping-vines", sc.id("b"))
    g = sc.match.state
    b = sc.p("b")
    assert all(o[1] != sc.id("b") for o in options(sc) if o[0] == "activate")
    assert not g.has_tz(b)
    next_turn(sc, HOME)
    assert not g.has_tz(b)
    sc.act("A", "move")
    sc.move(2, 1)
    assert sc.pos("A") == sc.at(2, 1)
    assert g.dice.remaining == 0
    next_turn(sc, AWAY)
    assert ("activate", sc.id("b"), "move") in options(sc)
    sc.act("b", "move")
    assert g.has_tz(b)


# -- Blinding Light (Light) -------------------------------------------------------

BLIND = """
#########
#.......#
#..Ab...#
#..cd...#
#########
"""


def test_blinding_light_stops_passes_hand_offs_and_assists_until_their_next_turn() -> (
    None
):
    sc = wizard(BLIND, "college-of-light", active=AWAY, ball="d", dice=["push"])
    assert options(sc) == (("blinding-light",), ("done",))
    sc.choose("blinding-light")
    g = sc.match.state
    acts = {(o[1], o[2]) for o in options(sc) if o[0] == "activate"}
    assert (sc.id("d"), "move") in acts
    assert (sc.id("d"), "pass") not in acts
    assert (sc.id("d"), "hand_off") not in acts
    # c blocks A; b and d would assist (they Mark A, Marked by nobody
    # else): 3 against 3, one die.
    sc.act("c", "block")
    sc.choose("block", sc.id("A"))
    assert [(e.st_attacker, e.st_defender, len(e.dice)) for e in sc.events(Block)] == [
        (3, 3, 1)
    ]
    assert spell_events(sc) == [("blinding_light", "home", -1, (), "away")]
    # In home's turn the blinded team gives no defensive assist either, and
    # a blinded carrier cannot Dump-off (a Quick Pass action).
    g.stack.clear()
    g.stack.append(Turn(HOME))
    run(g)
    a, c, d = sc.p("A"), sc.p("c"), sc.p("d")
    assert block_strengths(g, a, c) == (3, 3)
    block: Proc = Turn(HOME)
    g.skills[d] |= BIT["dump-off"]
    assert with_dump_off(g, d, block) is block
    # From the start of away's next turn, it is over.
    next_turn(sc, AWAY)
    assert ("activate", sc.id("d"), "pass") in options(sc)
    assert block_strengths(g, c, a) == (5, 3)  # b and d assist c again
    assert block_strengths(g, a, c) == (3, 5)  # and defend c
    assert isinstance(with_dump_off(g, d, block), DumpOff)


# -- Fireball (Bright): the Hireling Sports-Wizard's spell -------------------------


def test_fireball_knocks_down_on_four_plus_with_plus_one_against_opponents() -> None:
    # Cast before away's turn on b's square: A 3 (avoids), b 4 (hit). b's
    # Armour 4 + 4 = 8, +1 = 9 breaks AV 9+; Injury 2 + 2 = 4 Stunned. c is
    # not next to the square.
    sc = wizard(PAIR, "college-of-fire", active=AWAY, dice=[3, 4, 4, 4, 2, 2])
    sc.choose("fireball", sc.pos("b"))
    g = sc.match.state
    assert g.status[sc.p("b")] == STUNNED
    assert g.status[sc.p("A")] == STANDING
    assert g.turnover is None
    assert kind(sc) == "activate"
    assert g.dungeon is not None
    assert g.dungeon.spell_used == (True, False)


# -- Bestial Fury (Amber) ----------------------------------------------------------


def test_bestial_fury_rolls_three_dice_the_caster_picks_whatever_the_strength() -> None:
    # b is ST 5: A (ST 3) would roll two dice and b's coach would pick.
    sc = wizard(
        PAIR,
        "college-of-beasts",
        stats={"b": {"st": 5}},
        dice=["push", "pow", "both_down"],
    )
    assert kind(sc) == "activate"
    sc.act("A", "block")
    assert kind(sc) == "college_spell"
    assert options(sc) == (("bestial-fury", sc.id("A")), ("done",))
    sc.choose("bestial-fury", sc.id("A"))
    sc.choose("block", sc.id("b"))
    pending = sc.match.pending
    assert pending is not None
    assert (pending.kind, pending.team, len(pending.options)) == (
        "block_die",
        "home",
        3,
    )
    assert [
        (e.st_attacker, e.st_defender, len(e.dice), e.chooser) for e in sc.events(Block)
    ] == [(3, 5, 3, "home")]


def test_without_bestial_fury_the_strengths_decide() -> None:
    sc = wizard(PAIR, "college-of-beasts", stats={"b": {"st": 5}}, dice=["push", "pow"])
    sc.act("A", "block")
    sc.choose("done")
    sc.choose("block", sc.id("b"))
    assert [(len(e.dice), e.chooser) for e in sc.events(Block)] == [(2, "away")]
    g = sc.match.state
    assert castable_before_turn(g, HOME, HOME) is None  # never between turns
    assert g.dungeon is not None
    assert g.dungeon.spell_used == (False, False)


def test_bestial_fury_is_offered_only_for_a_block_or_blitz_and_lasts_the_turn() -> None:
    sc = wizard(PAIR, "college-of-beasts")
    sc.act("A", "move")
    assert kind(sc) == "move"
    g = sc.match.state
    assert g.dungeon is not None
    g.dungeon.fury = sc.p("A")
    # the next team turn starting ends it
    next_turn(sc, AWAY)
    assert g.dungeon.fury == -1


def test_blinding_light_leaves_throw_team_mate_alone() -> None:
    # Throw Team-mate is not a Pass action: the blinded Troll (ST 5) may
    # still throw its Right Stuff team-mate (ST 2).
    sc = wizard(
        BLIND,
        "college-of-light",
        active=AWAY,
        skills={"c": ["throw-team-mate"], "d": ["right-stuff"]},
        stats={"c": {"st": 5}, "d": {"st": 2}},
    )
    sc.choose("blinding-light")
    assert ("activate", sc.id("c"), "throw_team_mate") in options(sc)


def test_bestial_fury_is_offered_for_a_blitz_after_its_target_is_named() -> None:
    sc = wizard(PAIR, "college-of-beasts")
    sc.act("A", "blitz", target="b")
    assert kind(sc) == "college_spell"
    assert sc.match.state.act_target == sc.p("b")


def test_blinding_light_leaves_foul_assists_alone() -> None:
    # Decision: Foul assists are not Block assists. c fouls the Prone A with
    # b and d assisting: Armour 2 + 3 = 5, +2.
    sc = wizard(BLIND, "college-of-light", active=AWAY, prone="A", dice=[2, 3])
    sc.choose("blinding-light")
    sc.act("c", "foul", target="A")
    sc.choose("foul", sc.id("A"))
    assert [(e.dice, e.modifier) for e in sc.events(Armour)] == [((2, 3), 2)]


def test_an_unknown_college_is_refused() -> None:
    from engine.core.errors import RuleError

    with pytest.raises(RuleError, match="college-of-nonsense"):
        wizard(PAIR, "college-of-nonsense")


# Portal 1 at (3, 1), Portal 2 at (7, 1).
PORTALS = """
###########
#.b1...2..#
#........A#
###########
"""


def test_blinding_light_bars_portal_passers_pass() -> None:
    # DB-ind "Blinding Light": until the start of their next turn,
    # "opposition players may not perform Pass actions". b (Portal Passer,
    # with the ball) steps onto Portal 1 in a Move action: D6 2, Portal 2.
    # Portal Passer would declare a Pass action there; blinded, it is not
    # offered and the Move goes on.
    sc = wizard(
        PORTALS,
        "college-of-light",
        active=AWAY,
        skills={"b": ["portal-passer"]},
        ball="b",
        dice=[2],
    )
    sc.choose("blinding-light")
    sc.act("b", "move")
    sc.move(3, 1)
    assert sc.pos("b") == sc.at(7, 1)
    assert kind(sc) == "move"
    g = sc.match.state
    assert g.act_action == "move"
    assert not g.tflags & TF_PASS


def test_unblinded_portal_passer_may_declare_the_pass() -> None:
    # The same step without the spell: Portal Passer is offered.
    sc = wizard(
        PORTALS,
        "college-of-light",
        active=AWAY,
        skills={"b": ["portal-passer"]},
        ball="b",
        dice=[2],
    )
    sc.choose("done")
    sc.act("b", "move")
    sc.move(3, 1)
    assert kind(sc) == "use_skill"
    assert options(sc)[0] == ("use", "portal-passer", sc.id("b"))
