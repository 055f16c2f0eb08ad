"""BB2025 Throw Team-mate and Kick Team-mate details (changes_from_bb2020.md
section 12; skills.md "Right Stuff", "Kick Team-mate"): the Subpar throw,
the fumble's bounce, the landing's modifiers, a thrown player who cannot
land, landing on a player, landing in the crowd, and the kick.

D8 directions (engine.core.pitch): 2 up, 5 right, 7 down."""

from __future__ import annotations

import pytest

from engine.core.events import (
    Armour,
    Injury,
    KnockedDown,
    Landing,
    Move,
    Roll,
    ThrowTeamMate,
    Turnover,
)
from engine.core.state import KO, PF_NOTZ, PRONE, RESERVES, STUNNED, TF_KTM, TF_TTM
from engine.tools.scenario import Scenario

DIAGRAM = """
    TG.......
    .........
    .........
    .........
"""
SKILLS = {"T": ["throw-team-mate"], "G": ["right-stuff"]}
STATS = {"T": {"st": 5, "pa": 3}, "G": {"st": 2}}


def throw(
    dice: list[int | str],
    ruleset: str = "bb2025",
    diagram: str = DIAGRAM,
    **kw: object,
) -> Scenario:
    """T throws G at (5, 0), a Short throw (-1 to the PA 3+ test)."""
    sc = Scenario(
        diagram,
        ruleset=ruleset,
        skills=SKILLS,
        stats=STATS,
        dice=dice,
        **kw,  # type: ignore[arg-type]
    )
    sc.act("T", "throw_team_mate")
    sc.choose("throw_tm", sc.id("G"))
    sc.choose("square", sc.sq(5, 0))
    return sc


def landing_roll(sc: Scenario) -> Roll:
    (r,) = [e for e in sc.events(Roll) if e.purpose == "landing"]
    return r


def test_a_subpar_throw_scatters_from_the_target_and_lands_at_minus_one() -> None:
    # 3 - 1 = 2 fails PA 3+ and is above 1: Subpar. Scatter 7, 7, 5 from
    # (5, 0): (6, 2). Landing AG 3+ at -1: a 4 lands.
    sc = throw([3, 7, 7, 5, 4])
    assert [e.quality for e in sc.events(ThrowTeamMate)] == ["subpar"]
    r = landing_roll(sc)
    assert (r.target, r.modifier, r.success) == (3, -1, True)
    assert sc.xy("G") == (6, 2)


def test_each_marker_on_the_landing_square_is_minus_one() -> None:
    # Superb (4 - 1 = 3), scatter 7, 7, 5 to (6, 2), which c at (7, 3) and
    # d at (5, 3) Mark: 0 - 2 = -2; a 4 fails AG 3+: G Falls Over there,
    # armour 2 + 2 holds.
    sc = throw(
        [4, 7, 7, 5, 4, 2, 2],
        diagram="""
        TG.......
        .........
        .........
        .....d.c.
        """,
    )
    r = landing_roll(sc)
    assert (r.target, r.modifier, r.success) == (3, -2, False)
    assert [(k.player, k.how) for k in sc.events(KnockedDown)] == [(sc.id("G"), "fall")]
    assert sc.xy("G") == (6, 2)
    assert sc.events(Turnover) == []  # without the ball


def test_a_fumble_bounces_from_the_throwers_square_and_lands_at_minus_one() -> None:
    # A natural 1: G is dropped and bounces from T's square (D8 7: (0, 1));
    # landing at -1, a 4 lands (4 - 1 = 3).
    sc = throw([1, 7, 4])
    assert [e.quality for e in sc.events(ThrowTeamMate)] == ["fumble"]
    moves = [(m.dst, m.how) for m in sc.events(Move) if m.player == sc.id("G")]
    assert moves == [(sc.sq(0, 1), "dropped")]
    r = landing_roll(sc)
    assert (r.modifier, r.success) == (-1, True)


@pytest.mark.parametrize(
    ("ruleset", "down", "square"),
    [
        ("bb2025", "prone", (6, 2)),
        ("bb2025", "stunned", (6, 2)),
        ("bb2020", "prone", (7, 2)),
    ],
)
def test_a_thrown_player_who_was_down_fails_his_landing_at_once(
    ruleset: str, down: str, square: tuple[int, int]
) -> None:
    # Superb (a 6), scatter 7, 7, 5 to (6, 2). BB2025: a player thrown Prone
    # or Stunned fails the landing at once and Falls Over there (no AG test).
    # BB2020's Crash Landing bounces him first (D8 5: (7, 2)). Armour 2 + 2.
    bounce = [5] if ruleset == "bb2020" else []
    kw = {down: "G"}
    sc = throw([6, 7, 7, 5, *bounce, 2, 2], ruleset=ruleset, **kw)
    assert [e.purpose for e in sc.events(Roll)] == ["throw_team_mate"]
    assert sc.xy("G") == square
    assert [(k.player, k.how) for k in sc.events(KnockedDown)] == [(sc.id("G"), "fall")]
    assert sc.match.state.status[sc.p("G")] == PRONE
    if ruleset == "bb2025":
        assert [(e.square, e.ok) for e in sc.events(Landing)] == [(sc.sq(6, 2), False)]


def test_a_distracted_thrown_player_fails_his_landing_at_once() -> None:
    # Distracted (no Tackle Zone) as he is thrown: the same as Prone.
    sc = Scenario(
        DIAGRAM, ruleset="bb2025", skills=SKILLS, stats=STATS, dice=[6, 7, 7, 5, 2, 2]
    )
    g = sc.match.state
    g.pflags[sc.p("G")] |= PF_NOTZ
    sc.act("T", "throw_team_mate")
    sc.choose("throw_tm", sc.id("G"))
    sc.choose("square", sc.sq(5, 0))
    assert [e.purpose for e in sc.events(Roll)] == ["throw_team_mate"]
    assert sc.xy("G") == (6, 2)
    assert g.status[sc.p("G")] == PRONE


@pytest.mark.parametrize(
    ("ruleset", "how"), [("bb2025", "fall"), ("bb2020", "knocked_down")]
)
def test_landing_on_a_player_knocks_him_down_and_the_thrown_player_falls_over(
    ruleset: str, how: str
) -> None:
    # Superb (a 6), scatter 7, 7, 5 onto d in (6, 2): d is Knocked Down
    # (armour 2 + 2), G bounces (D8 5: (7, 2)) and Falls Over there (the
    # BB2020 errata: Knocked Down), armour 2 + 2. No Turnover: d is an
    # opponent and G had no ball.
    sc = throw(
        [6, 7, 7, 5, 5, 2, 2, 2, 2],
        ruleset=ruleset,
        diagram="""
        TG.......
        .........
        ......d..
        .........
        """,
    )
    assert [(k.player, k.how) for k in sc.events(KnockedDown)] == [
        (sc.id("d"), "knocked_down"),
        (sc.id("G"), how),
    ]
    assert sc.xy("G") == (7, 2)
    assert [a.player for a in sc.events(Armour)] == [sc.id("d"), sc.id("G")]
    assert sc.events(Turnover) == []


@pytest.mark.parametrize(("ruleset", "turnover"), [("bb2025", True), ("bb2020", False)])
def test_landing_in_the_crowd_is_a_turnover(ruleset: str, turnover: bool) -> None:
    # On the top edge: superb (a 6), the first scatter (D8 2, up) leaves the
    # pitch: Injury by the Crowd 2 + 2, Stunned: the Reserves. BB2025: a
    # Turnover without the ball too; BB2020: only with it.
    sc = throw([6, 2, 2, 2], ruleset=ruleset, origin=(10, 0))
    assert [(e.square, e.ok) for e in sc.events(Landing)] == [(-1, False)]
    inj = sc.events(Injury)[0]
    assert (inj.player, inj.dice) == (sc.id("G"), (2, 2))
    assert sc.match.state.box[sc.p("G")] == RESERVES
    reasons = [t.reason for t in sc.events(Turnover)]
    assert reasons == (["thrown_into_crowd"] if turnover else [])


# -- Kick Team-mate -------------------------------------------------------------

KTM = {"K": ["kick-team-mate"], "T": ["throw-team-mate"], "G": ["right-stuff"]}
KICK = """
    KG.......
    .........
    TH.......
"""
KTM_STATS = {"K": {"st": 5, "pa": 4}, "T": {"st": 5, "pa": 3}, "G": {"st": 2}}
KICK_OPT = ("activate", 1, "kick_team_mate")


def kick(ruleset: str = "bb2025", **kw: object) -> Scenario:
    return Scenario(
        KICK,
        ruleset=ruleset,
        skills={**KTM, "H": ["right-stuff"]},
        stats={**KTM_STATS, "H": {"st": 2}},
        **kw,  # type: ignore[arg-type]
    )


def test_kick_team_mate_is_its_own_once_per_turn_action() -> None:
    # T throws H first (superb 6, scatter 7, 7, 7, landing 3): the kick is
    # still offered (BB2020 too: a Special action besides the throw).
    sc = kick(dice=[6, 7, 7, 7, 3])
    sc.act("T", "throw_team_mate")
    sc.choose("throw_tm", sc.id("H"))
    sc.choose("square", sc.sq(3, 2))
    g = sc.match.state
    assert g.tflags & TF_TTM
    assert KICK_OPT in sc.match.pending.options
    assert not g.tflags & TF_KTM


@pytest.mark.parametrize(("ruleset", "offered"), [("bb2025", True), ("bb2020", False)])
@pytest.mark.parametrize("what", ["prone", "strong"])
def test_any_right_stuff_team_mate_may_be_kicked(
    ruleset: str, offered: bool, what: str
) -> None:
    # skills.md "Right Stuff": kicked even while Prone, no Strength limit
    # (BB2020: Standing, ST 3 or less). H is far from K: only G counts.
    stats = {**KTM_STATS, "G": {"st": 4 if what == "strong" else 2}, "H": {"st": 9}}
    sc = Scenario(
        KICK,
        ruleset=ruleset,
        skills=KTM,
        stats=stats,
        prone="G" if what == "prone" else "",
    )
    assert (KICK_OPT in sc.match.pending.options) is offered


def test_a_fumbled_kick_is_an_injury_roll_with_stunned_as_ko() -> None:
    # A natural 1: G is removed from play with an Injury roll (no Armour
    # roll), 3 + 3 = 6 Stunned counts as KO'd; no Turnover without the ball.
    sc = kick(dice=[1, 3, 3])
    sc.act("K", "kick_team_mate")
    sc.choose("kick_tm", sc.id("G"))
    sc.choose("square", sc.sq(5, 0))
    assert [e.quality for e in sc.events(ThrowTeamMate)] == ["fumble"]
    inj = sc.events(Injury)[0]
    assert (inj.player, inj.dice, inj.modifier, inj.result) == (
        sc.id("G"),
        (3, 3),
        0,
        "ko",
    )
    assert sc.events(Armour) == []
    assert sc.match.state.box[sc.p("G")] == KO
    assert sc.events(Turnover) == []


def test_a_kicked_prone_player_cannot_land() -> None:
    # Kicked Prone (superb 6, scatter 7, 7, 5 to (6, 2)): he Falls Over
    # there at once, armour 2 + 2.
    sc = kick(dice=[6, 7, 7, 5, 2, 2], prone="G")
    sc.act("K", "kick_team_mate")
    sc.choose("kick_tm", sc.id("G"))
    sc.choose("square", sc.sq(5, 0))
    assert sc.xy("G") == (6, 2)
    assert sc.match.state.status[sc.p("G")] in (PRONE, STUNNED)
    assert [e.purpose for e in sc.events(Roll)] == ["throw_team_mate"]
