"""BB2025: Special actions need a Standing player (README DECIDE 24), Pro
once per activation (DECIDE 11), the Hand-off (My Ball, No Ball) and the
Touchback (changes_from_bb2020.md sections 4 and 11, skills.md)."""

from __future__ import annotations

import pytest

from engine.core.events import Reroll, Roll
from engine.core.state import PF_PRO_USED, PRONE, STANDING
from engine.match import run
from engine.rules.ball import TouchbackProc
from engine.rules.turns import Turn
from engine.tools.scenario import Scenario

LINE = """
    .....
    .Ab..
    .....
"""


def _offered(sc: Scenario, action: str) -> bool:
    return ("activate", sc.id("A"), action) in sc.match.pending.options


# -- DECIDE 24: Special actions from Prone --------------------------------------


@pytest.mark.parametrize(("ruleset", "offered"), [("bb2025", False), ("bb2020", True)])
@pytest.mark.parametrize("action", ["chainsaw", "projectile_vomit"])
def test_a_prone_player_declares_no_special_action(
    ruleset: str, offered: bool, action: str
) -> None:
    # A is Prone with Jump Up, next to the Standing b: he may still declare a
    # Block (standing up with Jump Up), but in BB2025 not the Special action.
    slug = action.replace("_", "-")
    sc = Scenario(LINE, ruleset=ruleset, skills={"A": [slug, "jump-up"]}, prone="A")
    assert _offered(sc, "block")
    assert _offered(sc, action) is offered
    standing = Scenario(LINE, ruleset=ruleset, skills={"A": [slug]})
    assert _offered(standing, action)


@pytest.mark.parametrize(("ruleset", "offered"), [("bb2025", False), ("bb2020", True)])
def test_a_prone_player_declares_no_hypnotic_gaze(ruleset: str, offered: bool) -> None:
    sc = Scenario(LINE, ruleset=ruleset, skills={"A": ["hypnotic-gaze"]}, prone="A")
    assert _offered(sc, "move")
    assert _offered(sc, "hypnotic_gaze") is offered
    standing = Scenario(LINE, ruleset=ruleset, skills={"A": ["hypnotic-gaze"]})
    assert _offered(standing, "hypnotic_gaze")


@pytest.mark.parametrize(("ruleset", "offered"), [("bb2025", False), ("bb2020", True)])
@pytest.mark.parametrize("skill", ["stab", "breathe-fire"])
def test_a_block_declared_prone_is_not_replaced(
    ruleset: str, offered: bool, skill: str
) -> None:
    # Jump Up to Block: an Agility test at +1, a 3 passes AG 3+. BB2025: the
    # Block declared Prone may not become a Stab or Breathe Fire.
    sc = Scenario(
        LINE, ruleset=ruleset, skills={"A": [skill, "jump-up"]}, prone="A", dice=[3]
    )
    sc.act("A", "block")
    assert sc.match.state.status[sc.p("A")] == STANDING
    d = sc.match.pending
    assert d.kind == "block_target"
    verb = skill.replace("-", "_")
    assert ("block", sc.id("b")) in d.options
    assert ((verb, sc.id("b")) in d.options) is offered


def test_a_blitz_declared_prone_may_still_stab() -> None:
    # Decision (DECIDE 24): the Blitz is the action declared; A stands up (3
    # of his MA 6) and may Stab b instead of the Blitz's Block.
    sc = Scenario(LINE, ruleset="bb2025", skills={"A": ["stab"]}, prone="A")
    sc.act("A", "blitz", "b")
    d = sc.match.pending
    assert d.kind == "move"
    assert ("stab", sc.id("b")) in d.options


# -- DECIDE 11: Pro once per activation -------------------------------------------

DODGE = """
    .....
    .A...
    ..b..
"""


def test_pro_once_per_activation() -> None:
    # Out of b's Tackle Zone to (0, 0): a 1 fails AG 3+; Pro 3 (3+) and the
    # re-roll 5. Back to (1, 1) (no dodge: (0, 0) is not Marked), then to
    # (2, 1), Marked by b: a 1 fails and Pro is not offered again (no team
    # re-roll either): A Falls Over, armour 2 + 2 holds.
    sc = Scenario(
        DODGE, ruleset="bb2025", skills={"A": ["pro"]}, dice=[1, 3, 5, 1, 2, 2]
    )
    sc.act("A", "move")
    sc.move(0, 0)
    assert sc.match.pending.kind == "reroll"
    assert ("pro",) in sc.match.pending.options
    sc.choose("pro")
    sc.move(1, 1)
    sc.move(2, 1)
    rolls = [(r.purpose, r.dice, r.success) for r in sc.events(Roll)]
    assert rolls == [
        ("dodge", (1,), False),
        ("pro", (3,), True),
        ("dodge", (5,), True),
        ("dodge", (1,), False),
    ]
    assert [r.source for r in sc.events(Reroll)] == ["pro"]
    assert sc.match.state.status[sc.p("A")] == PRONE


def test_pro_comes_back_as_the_team_turn_starts() -> None:
    # Pro used before: the team turn's start clears it (a player is activated
    # once in a team turn, a Charge! turn too), so the next activation may
    # use it again.
    sc = Scenario(DODGE, ruleset="bb2025", skills={"A": ["pro"]}, dice=[1], start=False)
    g = sc.match.state
    g.pflags[sc.p("A")] |= PF_PRO_USED
    g.stack.append(Turn(0))
    run(g)
    sc.act("A", "move")
    sc.move(0, 0)
    assert ("pro",) in sc.match.pending.options


# -- Hand-off and Touchback -------------------------------------------------------

HAND = """
    .....
    .AB..
    .....
"""


@pytest.mark.parametrize("ruleset", ["bb2025", "bb2020"])
def test_my_ball_cannot_hand_off(ruleset: str) -> None:
    sc = Scenario(HAND, ruleset=ruleset, skills={"A": ["my-ball"]}, ball="A")
    assert _offered(sc, "move")
    assert not _offered(sc, "hand_off")
    assert not _offered(sc, "pass")


@pytest.mark.parametrize(("ruleset", "offered"), [("bb2025", False), ("bb2020", True)])
def test_no_ball_cannot_receive_a_hand_off(ruleset: str, offered: bool) -> None:
    # BB2025: a No Ball team-mate is no Hand-off target (BB2020: a No Hands
    # one was, and dropped it).
    slug = "no-ball" if ruleset == "bb2025" else "no-hands"
    sc = Scenario(HAND, ruleset=ruleset, skills={"B": [slug]}, ball="A")
    sc.act("A", "hand_off")
    assert (("hand_off", sc.id("B")) in sc.match.pending.options) is offered
    plain = Scenario(HAND, ruleset=ruleset, ball="A")
    plain.act("A", "hand_off")
    assert ("hand_off", plain.id("B")) in plain.match.pending.options


def test_a_touchback_is_not_given_to_a_no_ball_player() -> None:
    sc = Scenario(HAND, ruleset="bb2025", skills={"A": ["no-ball"]}, start=False)
    g = sc.match.state
    g.stack.append(TouchbackProc())
    run(g)
    d = sc.match.pending
    assert d.kind == "touchback"
    assert d.options == (("touchback", sc.id("B")),)
