"""Star Players' special rules that change an Armour or Injury roll or a
Sending-off (engine/skills/stars/stabs.py, secret_weapons.py): Toxin
Connoisseur, Master Assassin, A Sneaky Pair, Ghostly Flames, I'll Be
Back!. Expected values come from star_players.md and the BB2020 Injury
table (2-7 Stunned, 8-9 KO'd, 10+ Casualty)."""

from __future__ import annotations

from engine.core.events import Armour, Injury, Roll, SentOff, SkillUsed
from engine.core.state import KO, PF_PLAYED, PITCH, RESERVES, SENT_OFF, STUNNED
from engine.match import run
from engine.rules.turns import EndDrive, Turn
from engine.tools.scenario import Scenario


def used(sc: Scenario, slug: str) -> list[int]:
    """Ids of the players reported using ``slug``."""
    return [e.player for e in sc.events(SkillUsed) if e.skill == slug]


def next_turn(sc: Scenario, team: int = 0) -> None:
    """End the pending turn (if any) and start another turn of ``team``."""
    g = sc.match.state
    if sc.match.pending is not None and sc.match.pending.kind == "activate":
        sc.choose("end_turn")
    g.done = False
    g.stack.append(Turn(team))
    run(g)


# -- Toxin Connoisseur and Master Assassin (after a Stab) ------------------

STAB_LINE = """
    .b...
    .Ac..
    .....
"""


def _stab(sc: Scenario, target: str = "b") -> None:
    sc.act("A", "block")
    sc.choose("stab", sc.id(target))


def test_toxin_connoisseur_adds_one_after_rolling() -> None:
    # Stab: armour 5+4 = 9 breaks AV 9; injury 4+3 = 7 Stunned, +1 = 8 KO'd.
    sc = Scenario(
        STAB_LINE, skills={"A": ["stab", "toxin-connoisseur"]}, dice=[5, 4, 4, 3]
    )
    _stab(sc)
    d = sc.match.pending
    assert (d.kind, d.options, d.info) == (
        "use_skill",
        (("use", "toxin-connoisseur"), ("decline",)),
        ("toxin-connoisseur", (4, 3), "stunned"),
    )
    assert d.player == sc.id("A")
    sc.choose("use", "toxin-connoisseur")
    inj = sc.events(Injury)[0]
    assert (inj.dice, inj.modifier, inj.result) == ((4, 3), 1, "ko")
    assert sc.match.state.box[sc.p("b")] == KO
    assert used(sc, "toxin-connoisseur") == [sc.id("A")]


def test_toxin_connoisseur_declined_keeps_the_roll_and_the_use() -> None:
    sc = Scenario(
        STAB_LINE, skills={"A": ["stab", "toxin-connoisseur"]}, dice=[5, 4, 4, 3]
    )
    _stab(sc)
    sc.choose("decline")
    inj = sc.events(Injury)[0]
    assert (inj.modifier, inj.result) == (0, "stunned")
    assert used(sc, "toxin-connoisseur") == []
    # not spent: offered again next turn (injury 3+4 = 7 against c)
    sc.dice.extend([5, 4, 3, 4])
    next_turn(sc)
    _stab(sc, "c")
    assert sc.match.pending.info[0] == "toxin-connoisseur"


def test_toxin_connoisseur_is_not_offered_when_plus_one_changes_nothing() -> None:
    # injury 2+2 = 4: Stunned with or without the +1
    sc = Scenario(
        STAB_LINE, skills={"A": ["stab", "toxin-connoisseur"]}, dice=[5, 4, 2, 2]
    )
    _stab(sc)
    assert sc.match.pending.kind == "activate"
    assert sc.events(Injury)[0].result == "stunned"
    assert used(sc, "toxin-connoisseur") == []


def test_toxin_connoisseur_once_per_game() -> None:
    sc = Scenario(
        STAB_LINE,
        skills={"A": ["stab", "toxin-connoisseur"]},
        dice=[5, 4, 4, 3, 5, 4, 4, 3],
    )
    _stab(sc)
    sc.choose("use", "toxin-connoisseur")
    next_turn(sc)
    _stab(sc, "c")
    assert sc.match.pending.kind == "activate"  # no second offer
    assert [i.result for i in sc.events(Injury)] == ["ko", "stunned"]
    assert sc.match.state.status[sc.p("c")] == STUNNED


def test_toxin_connoisseur_only_for_its_star() -> None:
    sc = Scenario(STAB_LINE, skills={"A": ["stab"]}, dice=[5, 4, 4, 3])
    _stab(sc)
    assert sc.match.pending.kind == "activate"
    assert sc.events(Injury)[0].result == "stunned"


def test_master_assassin_rerolls_the_injury() -> None:
    # injury 4+3 = 7 Stunned, re-rolled 4+4 = 8 KO'd
    sc = Scenario(
        STAB_LINE, skills={"A": ["stab", "master-assassin"]}, dice=[5, 4, 4, 3, 4, 4]
    )
    _stab(sc)
    d = sc.match.pending
    assert (d.kind, d.options) == (
        "use_skill",
        (("use", "master-assassin"), ("decline",)),
    )
    sc.choose("use", "master-assassin")
    inj = sc.events(Injury)
    assert [(i.dice, i.result) for i in inj] == [((4, 4), "ko")]
    gone = [r for r in sc.events(Roll) if r.purpose == "injury_discarded"]
    assert [r.dice for r in gone] == [(4, 3)]
    assert used(sc, "master-assassin") == [sc.id("A")]


def test_master_assassin_not_offered_on_a_casualty() -> None:
    # injury 5+5 = 10: a Casualty already (D16 1: Badly Hurt)
    sc = Scenario(
        STAB_LINE, skills={"A": ["stab", "master-assassin"]}, dice=[5, 4, 5, 5, 1]
    )
    _stab(sc)
    assert sc.match.pending.kind == "activate"
    assert sc.events(Injury)[0].result == "cas"
    assert used(sc, "master-assassin") == []


def test_master_assassin_once_per_game() -> None:
    sc = Scenario(
        STAB_LINE,
        skills={"A": ["stab", "master-assassin"]},
        dice=[5, 4, 4, 3, 4, 4, 5, 4, 4, 3],
    )
    _stab(sc)
    sc.choose("use", "master-assassin")
    next_turn(sc)
    _stab(sc, "c")
    assert sc.match.pending.kind == "activate"
    assert [i.result for i in sc.events(Injury)] == ["ko", "stunned"]


def test_master_assassin_only_for_its_star() -> None:
    sc = Scenario(
        STAB_LINE, skills={"A": ["stab", "toxin-connoisseur"]}, dice=[5, 4, 2, 2]
    )
    _stab(sc)
    assert sc.match.pending.kind == "activate"
    assert used(sc, "master-assassin") == []


def test_master_assassin_then_toxin_connoisseur() -> None:
    # both rules: re-roll 2+2 -> 4+3 = 7, then +1 = 8 KO'd
    sc = Scenario(
        STAB_LINE,
        skills={"A": ["stab", "master-assassin", "toxin-connoisseur"]},
        dice=[5, 4, 2, 2, 4, 3],
    )
    _stab(sc)
    sc.choose("use", "master-assassin")
    assert sc.match.pending.info == ("toxin-connoisseur", (4, 3), "stunned")
    sc.choose("use", "toxin-connoisseur")
    inj = sc.events(Injury)[0]
    assert (inj.dice, inj.modifier, inj.result) == ((4, 3), 1, "ko")


# -- A Sneaky Pair ---------------------------------------------------------

PAIR_LINE = """
    .A.
    .bB
    ...
"""


def test_sneaky_pair_stab_gets_plus_one_when_both_mark() -> None:
    # A (Drull) Stabs b, Marked by A and B (Dribl): injury 4+3 = 7, +1 = 8 KO
    sc = Scenario(
        PAIR_LINE,
        skills={"A": ["stab", "a-sneaky-pair"], "B": ["a-sneaky-pair"]},
        dice=[5, 4, 4, 3],
    )
    _stab(sc)
    inj = sc.events(Injury)[0]
    assert (inj.modifier, inj.result) == (1, "ko")
    assert used(sc, "a-sneaky-pair") == [sc.id("A")]


def test_sneaky_pair_needs_the_twin_marking() -> None:
    # B is Prone: it does not Mark b, so no +1
    sc = Scenario(
        PAIR_LINE,
        skills={"A": ["stab", "a-sneaky-pair"], "B": ["a-sneaky-pair"]},
        prone="B",
        dice=[5, 4, 4, 3],
    )
    _stab(sc)
    inj = sc.events(Injury)[0]
    assert (inj.modifier, inj.result) == (0, "stunned")
    # a team-mate without the rule marking b does not make a pair either
    sc = Scenario(PAIR_LINE, skills={"A": ["stab", "a-sneaky-pair"]}, dice=[5, 4, 4, 3])
    _stab(sc)
    assert sc.events(Injury)[0].modifier == 0
    assert used(sc, "a-sneaky-pair") == []


def test_sneaky_pair_foul_gets_plus_one() -> None:
    # B (Dribl, Dirty Player +1, Sneaky Git) fouls the Prone b, A assists:
    # armour 3+4 +1 assist = 8, +1 Dirty Player = 9 breaks AV 9; injury
    # 3+4 = 7 +1 (the pair) = 8 KO'd.
    skills = {
        "A": ["stab", "a-sneaky-pair"],
        "B": [("dirty-player", "+1"), "sneaky-git", "a-sneaky-pair"],
    }
    sc = Scenario(PAIR_LINE, skills=skills, prone="b", dice=[3, 4, 3, 4])
    sc.act("B", "foul", "b")
    sc.choose("foul", sc.id("b"))
    a = sc.events(Armour)[0]
    assert (a.modifier, a.broken) == (2, True)
    inj = sc.events(Injury)[0]
    assert (inj.modifier, inj.result) == (1, "ko")
    assert used(sc, "a-sneaky-pair") == [sc.id("B")]
    # the same foul with A not one of the pair: Stunned
    skills["A"] = ["stab"]
    sc = Scenario(PAIR_LINE, skills=skills, prone="b", dice=[3, 4, 3, 4])
    sc.act("B", "foul", "b")
    sc.choose("foul", sc.id("b"))
    inj = sc.events(Injury)[0]
    assert (inj.modifier, inj.result) == (0, "stunned")


# -- Ghostly Flames ----------------------------------------------------------

BLITZ_LINE = """
    .......
    .A..b..
    ....c..
"""


def _saw_blitz(sc: Scenario, target: str = "b") -> None:
    sc.act("A", "blitz", target)
    sc.move(2, 1)
    sc.move(3, 1)
    sc.choose("chainsaw", sc.id(target))


def test_ghostly_flames_plus_four_in_a_blitz() -> None:
    # D6 4 hits; armour 3+2 = 5: +3 = 8 misses AV 9, +4 = 9 breaks it;
    # injury 2+2 = 4 Stunned.
    sc = Scenario(
        BLITZ_LINE, skills={"A": ["chainsaw", "ghostly-flames"]}, dice=[4, 3, 2, 2, 2]
    )
    _saw_blitz(sc)
    a = sc.events(Armour)[0]
    assert (a.modifier, a.broken) == (4, True)
    assert sc.match.state.status[sc.p("b")] == STUNNED
    assert used(sc, "ghostly-flames") == [sc.id("A")]


def test_ghostly_flames_not_spent_when_plus_three_is_enough() -> None:
    sc = Scenario(
        BLITZ_LINE, skills={"A": ["chainsaw", "ghostly-flames"]}, dice=[4, 4, 2, 2, 2]
    )
    _saw_blitz(sc)
    a = sc.events(Armour)[0]
    assert (a.modifier, a.broken) == (3, True)
    assert used(sc, "ghostly-flames") == []


def test_ghostly_flames_not_outside_a_blitz() -> None:
    sc = Scenario(
        """
        .Ab.
        """,
        skills={"A": ["chainsaw", "ghostly-flames"]},
        dice=[4, 3, 2],
    )
    sc.act("A", "chainsaw")
    sc.choose("chainsaw", sc.id("b"))
    a = sc.events(Armour)[0]
    assert (a.modifier, a.broken) == (3, False)
    assert used(sc, "ghostly-flames") == []


def test_ghostly_flames_once_per_half() -> None:
    sc = Scenario(
        BLITZ_LINE,
        skills={"A": ["chainsaw", "ghostly-flames"]},
        dice=[4, 3, 2, 2, 2, 4, 3, 2, 4, 3, 2, 2, 2],
    )
    _saw_blitz(sc)
    g = sc.match.state
    # next turn, same half: A (moved back) blitzes c; +3 only
    g.move(sc.p("A"), sc.sq(1, 2))
    next_turn(sc)
    sc.act("A", "blitz", "c")
    sc.move(2, 2)
    sc.move(3, 2)
    sc.choose("chainsaw", sc.id("c"))
    assert [(a.modifier, a.broken) for a in sc.events(Armour)] == [
        (4, True),
        (3, False),
    ]
    # the second half: Ghostly Flames again
    g.half = 2
    g.move(sc.p("A"), sc.sq(1, 2))
    next_turn(sc)
    sc.act("A", "blitz", "c")
    sc.move(2, 2)
    sc.move(3, 2)
    sc.choose("chainsaw", sc.id("c"))
    assert sc.events(Armour)[-1].modifier == 4
    assert used(sc, "ghostly-flames") == [sc.id("A")] * 2


def test_ghostly_flames_only_for_its_star() -> None:
    sc = Scenario(BLITZ_LINE, skills={"A": ["chainsaw"]}, dice=[4, 3, 2])
    _saw_blitz(sc)
    assert sc.events(Armour)[0].modifier == 3
    assert sc.events(Armour)[0].broken is False


# -- I'll Be Back! -----------------------------------------------------------


def _end_drive(sc: Scenario, *letters: str) -> None:
    g = sc.match.state
    for ch in letters:
        g.pflags[sc.p(ch)] |= PF_PLAYED
    g.done = False
    g.stack.append(EndDrive())
    run(g)


def test_ill_be_back_stays_the_first_time() -> None:
    sc = Scenario(".A.b.", skills={"A": ["secret-weapon", "ill-be-back"]}, start=False)
    _end_drive(sc, "A")
    g = sc.match.state
    assert g.box[sc.p("A")] == RESERVES
    assert sc.events(SentOff) == []
    assert used(sc, "ill-be-back") == [sc.id("A")]
    # the next drive he is Sent-off as usual (argue the call declined)
    g.place(sc.p("A"), sc.sq(1, 0))
    g.box[sc.p("A")] = PITCH
    _end_drive(sc, "A")
    assert sc.match.pending.kind == "argue_the_call"
    sc.choose("accept")
    assert g.box[sc.p("A")] == SENT_OFF
    assert [e.player for e in sc.events(SentOff)] == [sc.id("A")]


def test_ill_be_back_only_for_its_star() -> None:
    sc = Scenario(".A.b.", skills={"A": ["secret-weapon"]}, start=False)
    _end_drive(sc, "A")
    assert sc.match.pending.kind == "argue_the_call"
    sc.choose("accept")
    assert sc.match.state.box[sc.p("A")] == SENT_OFF
