"""A thrown team-mate hitting the wall (DB-rules "Hitting the Wall"): a
Crash Landing from the last square before the wall (the bounce, landing on
players, the Fall Over), +1 to the Armour roll; and the throw's targets in
a dungeon (Quick or Short, floor, Line of Sight)."""

from __future__ import annotations

from engine.core.events import (
    Armour,
    BallMove,
    KnockedDown,
    Landing,
    Move,
    Note,
    Roll,
    Turnover,
)
from engine.core.state import PF_NOTZ, PRONE, STUNNED
from engine.tools.dungeon_scenario import DungeonScenario

ROOM = """
    #########
    #TG.....#
    #.......#
    #########
"""
SKILLS = {"T": ["throw-team-mate"], "G": ["right-stuff", "stunty"]}
STATS = {"T": {"st": 5, "pa": 3}, "G": {"st": 2}}


def _throw(
    dice: list[int | str],
    x: int,
    y: int,
    room: str = ROOM,
    no_tz: str = "",
    **kw: object,
) -> DungeonScenario:
    """T throws G at diagram square (x, y); ``no_tz``: G has lost his
    Tackle Zone (he cannot land safely)."""
    sc = DungeonScenario(room, skills=SKILLS, stats=STATS, dice=dice, **kw)  # type: ignore[arg-type]
    if no_tz:
        sc.match.state.pflags[sc.p(no_tz)] |= PF_NOTZ
    sc.act("T", "throw_team_mate")
    sc.choose("throw_tm", sc.id("G"))
    sc.choose("square", sc.at(x, y))
    return sc


def _armours(sc: DungeonScenario) -> list[tuple[int, tuple[int, int], int]]:
    return [(a.player, a.dice, a.modifier) for a in sc.events(Armour)]


def _wall_hits(sc: DungeonScenario) -> list[int]:
    return [n.value for n in sc.events(Note) if n.what == "hit_the_wall"]


def test_scattering_into_the_wall_is_a_crash_landing_with_plus_one_armour() -> None:
    # Target (4, 1), 3 squares: Quick, no modifier; PA 3+, a 4 is superb.
    # Scatter D8 5 = (+1, 0) to (5, 1), D8 2 = (0, -1) into the top wall:
    # the scatter ends, he lands in (5, 1), the last square before the wall.
    # Crash Landing: no Landing roll; he bounces D8 7 = (0, +1) to (5, 2)
    # and Falls Over there; Armour 4 + 4 + 1 = 9 breaks AV 9+ (only with
    # the +1); Injury 2 + 2 Stunned.
    sc = _throw([4, 5, 2, 7, 4, 4, 2, 2], 4, 1)
    g = sc.match.state
    assert sc.pos("G") == sc.at(5, 2)
    assert g.status[sc.p("G")] == STUNNED
    assert _wall_hits(sc) == [sc.at(5, 1)]
    assert [(m.src, m.dst) for m in sc.events(Move) if m.how == "bounce"] == [
        (sc.at(5, 1), sc.at(5, 2))
    ]
    assert [k.how for k in sc.events(KnockedDown)] == ["fall"]
    (armour,) = sc.events(Armour)
    assert armour.dice == (4, 4)
    assert armour.modifier == 1
    assert armour.broken
    assert [(ln.square, ln.ok) for ln in sc.events(Landing)] == [(sc.at(5, 2), False)]
    assert [r for r in sc.events(Roll) if r.purpose == "landing"] == []
    assert sc.events(Turnover) == []  # no ball, no Turnover
    assert sc.dice.remaining == 0  # the third scatter is never rolled


def test_a_bounce_into_the_wall_is_rolled_again_from_the_same_square() -> None:
    # As above, landing in (5, 1); the bounce D8 2 = (0, -1) hits the wall
    # again: he bounces again from (5, 1), D8 4 = (-1, 0) to (4, 1). One
    # Armour roll, +1 once: 1 + 1 + 1 = 3 holds.
    sc = _throw([4, 5, 2, 2, 4, 1, 1], 4, 1)
    g = sc.match.state
    assert sc.pos("G") == sc.at(4, 1)
    assert g.status[sc.p("G")] == PRONE
    assert _wall_hits(sc) == [sc.at(5, 1), sc.at(5, 1)]
    assert _armours(sc) == [(sc.id("G"), (1, 1), 1)]
    assert sc.dice.remaining == 0


def test_the_carrier_hitting_the_wall_is_a_turnover_and_the_ball_bounces() -> None:
    # As the first case with G holding the ball: he comes down in (5, 2),
    # Armour 2 + 2 + 1 holds; the ball bounces from (5, 2), D8 5 = (+1, 0)
    # to (6, 2). He failed to land safely with the ball: a Turnover.
    sc = _throw([4, 5, 2, 7, 2, 2, 5], 4, 1, ball="G")
    g = sc.match.state
    assert sc.pos("G") == sc.at(5, 2)
    assert g.status[sc.p("G")] == PRONE
    assert _armours(sc) == [(sc.id("G"), (2, 2), 1)]
    assert [(m.how, m.src, m.dst) for m in sc.events(BallMove)] == [
        ("bounce", sc.at(5, 2), sc.at(6, 2))
    ]
    assert g.ball == sc.at(6, 2)
    assert g.carrier == -1
    assert [t.reason for t in sc.events(Turnover)] == ["fall"]
    assert sc.dice.remaining == 0


def test_landing_before_the_wall_on_a_player_knocks_him_down() -> None:
    # x stands in (5, 1): the scatter goes over him into the wall, so G
    # lands on him ("Landing in an Occupied Square"): x is Knocked Down
    # (Armour 3 + 3, no modifier, holds); G bounces D8 7 to (5, 2) and is
    # Knocked Down there: Armour 4 + 4 + 1 breaks, Injury 2 + 2 Stunned.
    # x is an opponent: no Turnover.
    sc = _throw(
        [4, 5, 2, 7, 3, 3, 4, 4, 2, 2],
        4,
        1,
        room="""
        #########
        #TG..x..#
        #.......#
        #########
        """,
    )
    g = sc.match.state
    assert [(k.player, k.how) for k in sc.events(KnockedDown)] == [
        (sc.id("x"), "knocked_down"),
        (sc.id("G"), "knocked_down"),
    ]
    assert _armours(sc) == [(sc.id("x"), (3, 3), 0), (sc.id("G"), (4, 4), 1)]
    assert sc.pos("x") == sc.at(5, 1)
    assert g.status[sc.p("x")] == PRONE
    assert sc.pos("G") == sc.at(5, 2)
    assert g.status[sc.p("G")] == STUNNED
    assert sc.events(Turnover) == []
    assert sc.dice.remaining == 0


def test_bouncing_onto_a_team_mate_knocks_him_down_a_turnover() -> None:
    # G lands in (5, 1) and bounces D8 7 onto his team-mate B in (5, 2): B
    # is Knocked Down (a team-mate: a Turnover); G bounces on, D8 8 =
    # (+1, +1) into the bottom wall, again from (5, 2): D8 5 = (+1, 0) to
    # (6, 2), Knocked Down there. Armour B 1 + 1, G 1 + 1 + 1.
    sc = _throw(
        [4, 5, 2, 7, 8, 5, 1, 1, 1, 1],
        4,
        1,
        room="""
        #########
        #TG.....#
        #....B..#
        #########
        """,
    )
    g = sc.match.state
    assert sc.pos("B") == sc.at(5, 2)
    assert sc.pos("G") == sc.at(6, 2)
    assert g.status[sc.p("B")] == PRONE
    assert g.status[sc.p("G")] == PRONE
    assert _wall_hits(sc) == [sc.at(5, 1), sc.at(5, 2)]
    assert _armours(sc) == [(sc.id("B"), (1, 1), 0), (sc.id("G"), (1, 1), 1)]
    assert [t.reason for t in sc.events(Turnover)] == ["knocked_down"]
    assert sc.dice.remaining == 0


def test_bouncing_off_a_player_into_the_wall_does_not_land_on_him_twice() -> None:
    # Superb throw at (4, 1), scatters D8 5, 5, 5 to (7, 1) where x stands:
    # G lands on x and bounces D8 5 = (+1, 0) into the right wall: he hit
    # the wall, so a Crash Landing from x's square, where he has already
    # landed: D8 7 = (0, +1) to (7, 2). x is Knocked Down once (1 + 1), G
    # with the +1 (1 + 1 + 1).
    sc = _throw(
        [4, 5, 5, 5, 5, 7, 1, 1, 1, 1],
        4,
        1,
        room="""
        #########
        #TG....x#
        #.......#
        #########
        """,
    )
    assert sc.pos("G") == sc.at(7, 2)
    assert _wall_hits(sc) == [sc.at(7, 1)]
    assert [k.player for k in sc.events(KnockedDown)] == [sc.id("x"), sc.id("G")]
    assert _armours(sc) == [(sc.id("x"), (1, 1), 0), (sc.id("G"), (1, 1), 1)]
    assert sc.dice.remaining == 0


def test_a_crash_landing_bouncing_into_the_wall_hits_it() -> None:
    # G has lost his Tackle Zone: he cannot land safely. Scatters D8 5, 5, 5
    # to (7, 1), empty: the Crash Landing's bounce D8 5 = (+1, 0) goes into
    # the wall: he hit it, so he bounces again from (7, 1), D8 7 to (7, 2),
    # and the Armour roll gets the +1: 4 + 4 + 1 breaks, Injury 2 + 2.
    sc = _throw([4, 5, 5, 5, 5, 7, 4, 4, 2, 2], 4, 1, no_tz="G")
    g = sc.match.state
    assert sc.pos("G") == sc.at(7, 2)
    assert g.status[sc.p("G")] == STUNNED
    assert _wall_hits(sc) == [sc.at(7, 1)]
    assert _armours(sc) == [(sc.id("G"), (4, 4), 1)]
    assert sc.dice.remaining == 0


def test_a_fumbled_throw_dropped_into_the_wall_lands_on_the_thrower() -> None:
    # A natural 1: G is dropped from T's square, D8 1 = (-1, -1) into the
    # corner. Decision (wall_landing): the last square before the wall is
    # T's own, so G lands on T, who is Knocked Down (Armour 3 + 4 holds): a
    # team-mate, a Turnover. G bounces D8 5 = (+1, 0) to (2, 1), the square
    # he was thrown from, now empty: Armour 3 + 4 + 1 = 8 holds.
    sc = _throw([1, 1, 5, 3, 4, 3, 4], 4, 1)
    g = sc.match.state
    assert sc.pos("G") == sc.at(2, 1)
    assert sc.pos("T") == sc.at(1, 1)
    assert g.status[sc.p("G")] == PRONE
    assert g.status[sc.p("T")] == PRONE
    assert _armours(sc) == [(sc.id("T"), (3, 4), 0), (sc.id("G"), (3, 4), 1)]
    assert [t.reason for t in sc.events(Turnover)] == ["knocked_down"]
    assert sc.dice.remaining == 0


def test_throw_team_mate_targets_are_quick_or_short_floor_squares_in_sight() -> None:
    sc = DungeonScenario(
        """
        ############
        #TG........#
        #....#.....#
        #....#.....#
        ############
        """,
        skills=SKILLS,
        stats=STATS,
    )
    sc.act("T", "throw_team_mate")
    sc.choose("throw_tm", sc.id("G"))
    opts = set(sc.match.pending.options)
    assert ("square", sc.at(4, 1)) in opts
    assert ("square", sc.at(5, 2)) not in opts  # a wall square
    # (7, 1): 6 squares, Short, in sight over the top of the pillar.
    assert ("square", sc.at(7, 1)) in opts
    # (6, 3): Short but the pillar at (5, 2)-(5, 3) hides it.
    assert ("square", sc.at(6, 3)) not in opts
    # (8, 1): 7 squares, a Long throw in BB2020 terms: out of range anyway.
    assert ("square", sc.at(8, 1)) not in opts
