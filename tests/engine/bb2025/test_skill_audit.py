"""BB2025 skills checked against the words of skills.md where no other test
asserted the exact effect, with scripted dice: Pogo against a Prehensile
Tail and a Diving Tackle, Give and Go after a Hand-off, Saboteur against a
ball carrier, Taunt and a Rooted blocker, Punt (My Ball, Kick's re-roll of
the direction), Eye Gouge on a Foul's assists and against Stand Firm,
Steady Footing on a Both Down and with a team re-roll."""

from __future__ import annotations

import pytest

from engine.core.events import Armour, BallMove, Roll, SkillUsed, Turnover
from engine.core.state import KO, PF_ROOTED, PRONE, STANDING
from engine.tools.scenario import Scenario

# -- Pogo: "Leap over any adjacent square ignoring all negative modifiers
# to the test" (BB2020's Pogo Stick: the Marking modifiers only).

POGO = """
    .....
    .Az..
    .....
"""


@pytest.mark.parametrize(
    ("ruleset", "skill", "modifier"),
    [("bb2025", "pogo", 0), ("bb2020", "pogo-stick", -1)],
)
def test_pogo_ignores_a_prehensile_tail(
    ruleset: str, skill: str, modifier: int
) -> None:
    # A leaps from (1, 1) over z (Prehensile Tail) to (3, 1): the Marking
    # is ignored either way; the Tail's extra -1 only by BB2025's Pogo.
    sc = Scenario(
        POGO,
        ruleset=ruleset,
        skills={"A": [skill], "z": ["prehensile-tail"]},
        dice=[4],
    )
    sc.act("A", "move")
    sc.choose("leap", sc.sq(3, 1))
    r = [x for x in sc.events(Roll) if x.purpose == "leap"][0]
    assert (r.dice, r.target, r.modifier, r.success) == ((4,), 3, modifier, True)
    assert sc.xy("A") == (3, 1)


@pytest.mark.parametrize(
    ("ruleset", "skill", "offered"),
    [("bb2025", "pogo", False), ("bb2020", "pogo-stick", True)],
)
def test_no_diving_tackle_against_a_pogo_leap(
    ruleset: str, skill: str, offered: bool
) -> None:
    # Diving Tackle's -2 is a negative modifier to the Leap's test, which
    # BB2025's Pogo ignores: the tackle is not offered (it could only put
    # the tackler down).
    sc = Scenario(
        POGO,
        ruleset=ruleset,
        skills={"A": [skill], "z": ["diving-tackle"]},
        dice=[4],
    )
    sc.act("A", "move")
    sc.choose("leap", sc.sq(3, 1))
    d = sc.match.pending
    assert (d.info == ("diving-tackle",)) is offered
    if not offered:
        assert (d.kind, d.player, sc.xy("A")) == ("move", sc.id("A"), (3, 1))
        assert sc.match.state.status[sc.p("z")] == STANDING


# -- Give and Go: "After a Quick Pass or Hand-off that causes no Turnover,
# may continue the Move with remaining MA."


@pytest.mark.parametrize("skills", [["give-and-go"], []])
def test_give_and_go_after_a_hand_off(skills: list[str]) -> None:
    # A hands off to B (catch 3+ with a 4): no Turnover; with Give and Go
    # A moves on.
    sc = Scenario(
        """
        .....
        .AB..
        .....
        """,
        ruleset="bb2025",
        ball="A",
        skills={"A": skills},
        dice=[4],
    )
    sc.act("A", "hand_off")
    sc.choose("hand_off", sc.id("B"))
    g = sc.match.state
    assert g.carrier == sc.p("B")
    d = sc.match.pending
    goes_on = bool(skills)
    assert (d is not None and d.kind == "move" and d.player == sc.id("A")) is goes_on
    if goes_on:
        sc.move(1, 2)
        assert sc.xy("A") == (1, 2)
        assert [e.skill for e in sc.events(SkillUsed)] == ["give-and-go"]


# -- Saboteur: "4+ the blocker is Knocked Down too (no Turnover unless it
# held the ball)".


def test_saboteur_knocks_down_a_blocker_holding_the_ball_a_turnover() -> None:
    # POW on b; Saboteur 4: A, holding the ball, is Knocked Down (Armour
    # 2 + 2 holds AV 9+), the ball bounces (D8 2) and it is a Turnover.
    sc = Scenario(
        """
        .....
        .Ab..
        .....
        """,
        ruleset="bb2025",
        ball="A",
        skills={"b": ["saboteur", "secret-weapon"]},
        dice=["pow", 4, 2, 2, 2],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))
    sc.choose("stay")
    g = sc.match.state
    assert g.box[sc.p("b")] == KO
    assert g.status[sc.p("A")] == PRONE
    assert [a.player for a in sc.events(Armour)] == [sc.id("A")]
    assert g.carrier != sc.p("A")
    assert sc.events(BallMove)[0].src == sc.sq(1, 1)
    assert len(sc.events(Turnover)) == 1


# -- Taunt: "its coach may force the blocker to follow up (not a Rooted
# Take Root player)".


def test_taunt_cannot_move_a_rooted_blocker() -> None:
    sc = Scenario(
        """
        .....
        .Ab..
        .....
        """,
        ruleset="bb2025",
        skills={"A": ["take-root"], "b": ["taunt"]},
        dice=[2, "push"],  # Take Root 2: not Rooted on activation
    )
    sc.act("A", "block")
    g = sc.match.state
    g.pflags[sc.p("A")] |= PF_ROOTED  # Rooted earlier in the drive
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))
    assert sc.xy("A") == (1, 1)
    assert "taunt" not in [e.skill for e in sc.events(SkillUsed)]
    d = sc.match.pending
    assert d is None or d.info != ("taunt",)


# -- Punt: My Ball "Cannot voluntarily give up the ball (no Pass, Hand-off,
# Punt or similar)"; Kick "May also re-roll Punt direction or distance".

PUNT = """
    ...........
    .A.........
    ...........
"""


@pytest.mark.parametrize(("skills", "offered"), [(["my-ball"], False), ([], True)])
def test_my_ball_may_not_punt(skills: list[str], offered: bool) -> None:
    sc = Scenario(PUNT, ruleset="bb2025", skills={"A": ["punt", *skills]}, ball="A")
    opts = sc.match.pending.options
    assert (("activate", sc.id("A"), "punt") in opts) is offered


def test_kick_rerolls_the_punts_direction() -> None:
    # Facing +x: D6 1 (the first diagonal), 3 squares; Kick re-rolls the
    # direction: 3, straight on, to (4, 1); the ball bounces (D8 2) to (4, 0).
    sc = Scenario(
        PUNT,
        ruleset="bb2025",
        skills={"A": ["punt", "kick"]},
        ball="A",
        dice=[1, 3, 3, 2],
    )
    sc.act("A", "punt")
    sc.choose("punt")
    sc.choose("facing", 1, 0)
    sc.choose("reroll", "direction")
    rolls = [x.dice for x in sc.events(Roll) if x.purpose == "punt"]
    assert rolls == [(1, 3), (3, 3)]
    assert sc.events(BallMove)[0].dst == sc.sq(4, 1)


# -- Eye Gouge: "cannot give offensive or defensive assists (blocks or
# fouls) ... Stand Firm (not pushed) prevents it".


@pytest.mark.parametrize(("skills", "modifier"), [(["eye-gouge"], 0), ([], -1)])
def test_an_eye_gouged_player_gives_no_foul_assist(
    skills: list[str], modifier: int
) -> None:
    # A pushes b to (3, 1); then C fouls the Prone d. b Marks C and nobody
    # else Marks b, so b assists d against the Foul (-1 to its Armour roll)
    # unless A's Eye Gouge took his assists away.
    sc = Scenario(
        """
        .......
        .Ab....
        ....Cd.
        .......
        """,
        ruleset="bb2025",
        skills={"A": skills},
        prone="d",
        dice=["push", 3, 3],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))
    sc.choose("stay")
    assert sc.xy("b") == (3, 1)
    sc.act("C", "foul", "d")
    sc.choose("foul", sc.id("d"))
    a = sc.events(Armour)[0]
    assert (a.player, a.dice, a.modifier) == (sc.id("d"), (3, 3), modifier)


@pytest.mark.parametrize(("answer", "gouged"), [("use", False), ("decline", True)])
def test_stand_firm_is_not_gouged(answer: str, gouged: bool) -> None:
    # b Stands Firm against A's push: not pushed, so not gouged.
    sc = Scenario(
        """
        .....
        .Ab..
        .....
        """,
        ruleset="bb2025",
        skills={"A": ["eye-gouge"], "b": ["stand-firm"]},
        dice=["push"],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    d = sc.match.pending
    assert (d.team, d.info) == ("away", ("stand-firm",))
    if answer == "use":
        sc.choose("use", "stand-firm")
    else:
        sc.choose("decline")
        sc.choose("square", sc.sq(3, 1))
    assert (sc.xy("b") == (2, 1)) is not gouged
    key = f"eye_gouged_{sc.id('b')}_drive"
    assert (key in sc.match.state.effects) is gouged
    assert ("eye-gouge" in [e.skill for e in sc.events(SkillUsed)]) is gouged


# -- Steady Footing: "Whenever it would be Knocked Down or Fall Over, roll
# D6: on 6 it stays Standing, no armour roll, no Turnover, may continue its
# activation. ... team re-rolls allowed on the roll."


def test_steady_footing_on_the_blockers_both_down() -> None:
    # Both Down, neither has Block: b is Knocked Down first (Armour 2 + 2
    # holds), then A rolls a 6 and stays Standing: no Armour roll for A, no
    # Turnover, and his Blitz goes on.
    sc = Scenario(
        """
        .....
        .Ab..
        .....
        """,
        ruleset="bb2025",
        skills={"A": ["steady-footing"]},
        dice=["both_down", 2, 2, 6],
    )
    sc.act("A", "blitz", "b")
    sc.choose("block", sc.id("b"))
    g = sc.match.state
    r = [x for x in sc.events(Roll) if x.purpose == "steady_footing"][0]
    assert (r.dice, r.target, r.success) == ((6,), 6, True)
    assert g.status[sc.p("A")] == STANDING
    assert g.status[sc.p("b")] == PRONE
    assert [a.player for a in sc.events(Armour)] == [sc.id("b")]
    assert sc.events(Turnover) == []
    assert sc.match.pending.kind == "move"


def test_steady_footing_may_use_a_team_reroll() -> None:
    # A fails a Dodge (1); Steady Footing 3 fails; the team re-roll: 6.
    sc = Scenario(
        """
        .....
        .Az..
        .....
        """,
        ruleset="bb2025",
        skills={"A": ["steady-footing"]},
        rerolls=(1, 0),
        dice=[1, 3, 6],
    )
    sc.act("A", "move")
    sc.move(0, 1)
    d = sc.match.pending
    assert (d.kind, d.info) == ("reroll", ("dodge",))
    sc.choose("no_reroll")  # the team re-roll is kept for Steady Footing
    d = sc.match.pending
    assert (d.kind, d.info, d.options) == (
        "reroll",
        ("steady_footing",),
        (("team_reroll",), ("no_reroll",)),
    )
    sc.choose("team_reroll")
    rolls = [(x.dice, x.success) for x in sc.events(Roll)]
    assert rolls[1:] == [((3,), False), ((6,), True)]
    g = sc.match.state
    assert g.status[sc.p("A")] == STANDING
    assert sc.events(Turnover) == []
    assert sc.match.pending.kind == "move"
