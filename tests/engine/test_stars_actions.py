"""Star Players' special rules that add or change actions
(engine/skills/stars/actions.py, secret_weapons.py, stabs.py): Putrid
Regurgitation, Excuse Me, Are You a Zoat?, Kick 'em While They're Down!,
Maximum Carnage, Sneakiest of the Lot, The Flashing Blade."""

from __future__ import annotations

from engine.core.events import Armour, Injury, Roll, SentOff, Turnover
from engine.core.state import PF_NOTZ, PRONE, STUNNED
from engine.tools.scenario import Scenario
from tests.engine.test_stars_stabs_and_secret_weapons import next_turn, used


def _acts(sc: Scenario, letter: str) -> set[str]:
    """The actions offered to a player in the pending activate decision."""
    pid = sc.id(letter)
    return {o[2] for o in sc.match.pending.options if len(o) == 3 and o[1] == pid}


# -- Putrid Regurgitation -------------------------------------------------------

BILEROT = {"A": ["putrid-regurgitation"]}


def test_putrid_regurgitation_projectile_vomit_once_per_game() -> None:
    # D6 4 hits b; armour 5+5 = 10 breaks AV 9; injury 3+3 = 6 Stunned
    sc = Scenario(".Ab.\n..c.", skills=BILEROT, dice=[4, 5, 5, 3, 3])
    assert "projectile_vomit" in _acts(sc, "A")
    sc.act("A", "projectile_vomit")
    sc.choose("vomit", sc.id("b"))
    assert sc.match.state.status[sc.p("b")] == STUNNED
    assert used(sc, "putrid-regurgitation") == [sc.id("A")]
    next_turn(sc)
    assert "projectile_vomit" not in _acts(sc, "A")
    sc.act("A", "blitz", "c")  # nor instead of a Blitz's Block
    assert not any(o[0] == "vomit" for o in sc.match.pending.options)


def test_putrid_regurgitation_after_the_block_of_a_blitz() -> None:
    sc = Scenario(
        """
        .......
        A.b....
        ..c....
        """,
        skills=BILEROT,
        dice=["push", "push", 4, 5, 5, 3, 3],
    )
    sc.act("A", "blitz", "b")
    sc.move(1, 1)
    opts = sc.match.pending.options
    assert ("vomit", sc.id("b")) in opts
    # instead of the Blitz's Block: only at its nominated target
    assert ("vomit", sc.id("c")) not in opts
    sc.choose("block", sc.id("b"))
    # c assists b: two dice (both Push), b's coach picks the same
    sc.choose("square", sc.sq(3, 1))
    sc.choose("stay")
    opts = sc.match.pending.options
    assert ("vomit", sc.id("c")) in opts  # the Block is made: vomit still
    assert not any(o[0] == "block" for o in opts)
    sc.choose("vomit", sc.id("c"))
    assert sc.match.state.status[sc.p("c")] == STUNNED
    assert sc.match.state.act_ma_used == 3  # the vomit cost a square too
    assert used(sc, "putrid-regurgitation") == [sc.id("A")]


def test_putrid_regurgitation_only_for_its_star() -> None:
    sc = Scenario(".Ab.", dice=["push"])
    assert "projectile_vomit" not in _acts(sc, "A")
    sc.act("A", "blitz", "b")
    assert not any(o[0] == "vomit" for o in sc.match.pending.options)


# -- Excuse Me, Are You a Zoat? ----------------------------------------------------

ZOLCATH = {"A": ["excuse-me-are-you-a-zoat"]}


def test_zoat_gains_hypnotic_gaze_once_per_game() -> None:
    # Agility test 4 against AG 3+: b loses its Tackle Zone
    sc = Scenario(".Ab.", skills=ZOLCATH, dice=[4])
    assert "hypnotic_gaze" in _acts(sc, "A")
    sc.act("A", "hypnotic_gaze")
    assert used(sc, "excuse-me-are-you-a-zoat") == [sc.id("A")]
    sc.choose("gaze", sc.id("b"))
    assert sc.match.state.pflags[sc.p("b")] & PF_NOTZ
    assert [r.purpose for r in sc.events(Roll)] == ["hypnotic_gaze"]
    next_turn(sc)
    assert "hypnotic_gaze" not in _acts(sc, "A")


def test_zoat_only_for_its_star() -> None:
    sc = Scenario(".Ab.")
    assert "hypnotic_gaze" not in _acts(sc, "A")


# -- Kick 'em While They're Down! --------------------------------------------------

NOBBLA = {"A": ["chainsaw", "kick-em-while-theyre-down"]}


def test_kick_em_chainsaws_a_prone_opponent_without_a_send_off() -> None:
    # D6 4 hits; armour 3+3 = 6 +3 = 9 breaks AV 9 (doubles: no referee);
    # injury 2+2 = 4 Stunned.
    sc = Scenario(".Ab.", skills=NOBBLA, prone="b", dice=[4, 3, 3, 2, 2])
    assert "chainsaw" in _acts(sc, "A")
    sc.act("A", "chainsaw")
    assert sc.match.pending.options == (("chainsaw", sc.id("b")),)
    sc.choose("chainsaw", sc.id("b"))
    a = sc.events(Armour)[0]
    assert (a.dice, a.modifier, a.broken) == ((3, 3), 3, True)
    assert sc.match.state.status[sc.p("b")] == STUNNED
    assert sc.events(SentOff) == []
    assert sc.match.pending.kind == "activate"
    assert used(sc, "kick-em-while-theyre-down") == [sc.id("A")]


def test_kick_em_once_per_game() -> None:
    sc = Scenario(".Ab.\n..c.", skills=NOBBLA, prone="bc", dice=[4, 1, 1])
    sc.act("A", "chainsaw")
    sc.choose("chainsaw", sc.id("b"))
    next_turn(sc)
    assert "chainsaw" not in _acts(sc, "A")


def test_kick_em_standing_and_downed_targets_together() -> None:
    sc = Scenario(".Ab.\n..c.", skills=NOBBLA, prone="c", dice=[4, 1, 1])
    sc.act("A", "chainsaw")
    assert set(sc.match.pending.options) == {
        ("chainsaw", sc.id("b")),
        ("chainsaw", sc.id("c")),
    }
    sc.choose("chainsaw", sc.id("b"))  # on a Standing player: not spent
    assert used(sc, "kick-em-while-theyre-down") == []


def test_kick_em_not_in_a_blitz() -> None:
    # Decision: a Blitz names a Standing target (engine.rules.declaring) and its
    # Chainsaw Attack replaces the Block against that target, so Kick 'em
    # is made with the Chainsaw Special action, never on the way in a Blitz.
    sc = Scenario("A.b.c", skills=NOBBLA, prone="b")
    sc.act("A", "blitz", "c")
    sc.move(1, 0)
    assert ("chainsaw", sc.id("b")) not in sc.match.pending.options
    assert used(sc, "kick-em-while-theyre-down") == []


def test_kick_em_only_for_its_star() -> None:
    sc = Scenario(".Ab.", skills={"A": ["chainsaw"]}, prone="b")
    assert "chainsaw" not in _acts(sc, "A")


# -- Maximum Carnage ----------------------------------------------------------------

MAX = {"A": ["chainsaw", "maximum-carnage"]}
CARNAGE_LINE = """
    .Ab.
    ..c.
"""


def test_maximum_carnage_second_chainsaw_attack() -> None:
    # b: D6 4, armour 1+1 +3 = 5 holds; c: D6 5, armour 4+2 +3 = 9 breaks,
    # injury 2+2 = 4 Stunned
    sc = Scenario(CARNAGE_LINE, skills=MAX, dice=[4, 1, 1, 5, 4, 2, 2, 2])
    sc.act("A", "chainsaw")
    sc.choose("chainsaw", sc.id("b"))
    d = sc.match.pending
    assert (d.kind, d.options) == (
        "use_skill",
        (("use", "maximum-carnage"), ("decline",)),
    )
    sc.choose("use", "maximum-carnage")
    assert sc.match.pending.options == (("chainsaw", sc.id("c")),)
    sc.choose("chainsaw", sc.id("c"))
    assert [a.player for a in sc.events(Armour)] == [sc.id("b"), sc.id("c")]
    assert sc.match.state.status[sc.p("c")] == STUNNED
    assert used(sc, "maximum-carnage") == [sc.id("A")]
    assert sc.match.pending.kind == "activate"


def test_maximum_carnage_not_after_a_kick_back() -> None:
    sc = Scenario(CARNAGE_LINE, skills=MAX, dice=[1, 1, 1])
    sc.act("A", "chainsaw")
    sc.choose("chainsaw", sc.id("b"))
    assert [t.reason for t in sc.events(Turnover)] == ["chainsaw"]
    assert used(sc, "maximum-carnage") == []


def test_maximum_carnage_declined_stays_ready_then_once_per_game() -> None:
    sc = Scenario(CARNAGE_LINE, skills=MAX, dice=[4, 1, 1, 4, 1, 1, 4, 1, 1, 4, 1, 1])
    sc.act("A", "chainsaw")
    sc.choose("chainsaw", sc.id("b"))
    sc.choose("decline")
    assert sc.match.pending.kind == "activate"
    next_turn(sc)
    sc.act("A", "chainsaw")
    sc.choose("chainsaw", sc.id("b"))
    sc.choose("use", "maximum-carnage")
    sc.choose("chainsaw", sc.id("c"))
    next_turn(sc)
    sc.act("A", "chainsaw")
    sc.choose("chainsaw", sc.id("b"))
    assert sc.match.pending.kind == "activate"  # no third attack
    assert used(sc, "maximum-carnage") == [sc.id("A")]


def test_maximum_carnage_only_for_its_star() -> None:
    sc = Scenario(CARNAGE_LINE, skills={"A": ["chainsaw"]}, dice=[4, 1, 1])
    sc.act("A", "chainsaw")
    sc.choose("chainsaw", sc.id("b"))
    assert sc.match.pending.kind == "activate"


# -- Sneakiest of the Lot ------------------------------------------------------------

FOUL_LINE = """
    Gb.
    Ac.
    B..
"""
GOBBO = {"G": ["sneakiest-of-the-lot"]}


def _foul(sc: Scenario, who: str, victim: str) -> None:
    sc.act(who, "foul", victim)
    sc.choose("foul", sc.id(victim))


def test_sneakiest_second_foul_must_be_his() -> None:
    # armour rolls 1+2 (+ assists) never break AV 9, no doubles
    sc = Scenario(FOUL_LINE, skills=GOBBO, prone="bc", dice=[1, 2, 1, 2])
    _foul(sc, "A", "b")
    assert "foul" in _acts(sc, "G")
    assert "foul" not in _acts(sc, "B")
    _foul(sc, "G", "c")
    assert used(sc, "sneakiest-of-the-lot") == [sc.id("G")]
    assert "foul" not in _acts(sc, "B")


def test_sneakiest_after_his_foul_anyone_may_foul_once() -> None:
    sc = Scenario(FOUL_LINE, skills=GOBBO, prone="bc", dice=[1, 2, 1, 2])
    _foul(sc, "G", "b")
    assert "foul" in _acts(sc, "A")
    assert "foul" in _acts(sc, "B")
    _foul(sc, "A", "c")
    assert "foul" not in _acts(sc, "B")
    # a new team turn: one Foul again
    next_turn(sc)
    assert "foul" in _acts(sc, "B")


def test_sneakiest_only_with_the_black_gobbo() -> None:
    sc = Scenario(FOUL_LINE, prone="bc", dice=[1, 2])
    _foul(sc, "A", "b")
    assert "foul" not in _acts(sc, "G")
    assert "foul" not in _acts(sc, "B")


# -- The Flashing Blade ----------------------------------------------------------------

JEREMIAH = {"A": ["the-flashing-blade"]}


def test_flashing_blade_stab_then_move() -> None:
    # Stab: armour 5+4 = 9 breaks AV 9, injury 3+3 = 6 Stunned
    sc = Scenario(".Ab..\n.....", skills=JEREMIAH, dice=[5, 4, 3, 3])
    sc.act("A", "move")
    d = sc.match.pending
    assert (d.kind, d.options) == (
        "flashing_blade",
        (("stab", sc.id("b")), ("decline",)),
    )
    sc.choose("stab", sc.id("b"))
    assert sc.match.state.status[sc.p("b")] == STUNNED
    assert sc.events(Injury)[0].modifier == 0
    assert used(sc, "the-flashing-blade") == [sc.id("A")]
    assert sc.match.pending.kind == "move"
    sc.move(2, 1)  # b Stunned: no Dodge needed
    sc.move(3, 1)
    assert sc.xy("A") == (3, 1)


def test_flashing_blade_declined_then_once_per_game() -> None:
    sc = Scenario(".Ab..\n.....", skills=JEREMIAH, dice=[5, 4, 3, 3])
    sc.act("A", "move")
    sc.choose("decline")
    assert sc.match.pending.kind == "move"
    assert used(sc, "the-flashing-blade") == []
    next_turn(sc)
    sc.act("A", "move")
    sc.choose("stab", sc.id("b"))
    next_turn(sc)
    sc.act("A", "move")
    assert sc.match.pending.kind == "move"


def test_flashing_blade_only_with_a_move_action_and_its_star() -> None:
    sc = Scenario(".Ab..", skills=JEREMIAH)
    sc.act("A", "blitz", "b")
    assert sc.match.pending.kind == "move"
    sc = Scenario(".Ab..")
    sc.act("A", "move")
    assert sc.match.pending.kind == "move"
    assert sc.match.state.status[sc.p("b")] != PRONE
