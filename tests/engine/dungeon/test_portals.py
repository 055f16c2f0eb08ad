"""Dungeon Bowl Portals (DB-setup "Teleporting", "Chain Reactions", "Magical
Mishap"; DB-skills "Portal Navigator", "Portal Passer"): players stepping
or pushed onto a Portal, loose balls landing on one; scripted dice."""

from __future__ import annotations

from typing import Any

from engine.core.events import (
    Armour,
    BallTeleport,
    MagicalMishap,
    Teleport,
    Turnover,
)
from engine.core.state import KO, PRONE, SENT_OFF, STANDING, STUNNED, TF_PASS
from engine.match import run
from engine.rules.ball import Scatter
from engine.rules.movement import moves_left
from engine.rules.turns import Turn
from engine.tools.dungeon_scenario import DungeonScenario
from engine.variants import DUNGEON_BOWL
from engine.variants.dungeon_bowl.portals import BallTeleport as BallTeleportProc
from engine.variants.dungeon_bowl.ricochet import come_to_rest

# Portal 1 at (4, 1), Portal 2 at (8, 1), Portal 3 at (4, 3).
CORRIDOR = """
    ###########
    #<.A1...2.#
    #<........#
    #<..3....>#
    ###########
"""


def _scenario(
    diagram: str, placed: dict[str, tuple[int, int]], **kwargs: Any
) -> DungeonScenario:
    """A scenario whose players ``placed`` stand on squares the diagram
    cannot hold them on (Portals); the home team's turn then starts."""
    sc = DungeonScenario(diagram, start=False, **kwargs)
    g = sc.match.state
    for letter, (x, y) in placed.items():
        g.move(sc.p(letter), sc.at(x, y))
    g.stack.append(Turn(0))
    run(g)
    return sc


def test_stepping_onto_a_portal_teleports_and_costs_a_square() -> None:
    sc = DungeonScenario(CORRIDOR, dice=[2])
    sc.act("A", "move")
    sc.move(4, 1)
    g = sc.match.state
    p = sc.p("A")
    assert sc.pos("A") == sc.at(8, 1)
    assert g.board[sc.at(4, 1)] == -1
    # one square walked, one to gather his wits
    assert g.act_ma_used == 2
    assert sc.events(Teleport) == [Teleport(sc.id("A"), 1, 2, sc.at(8, 1), False)]
    assert g.dungeon is not None
    assert g.dungeon.teleports[p] == 1
    d = sc.match.pending
    assert d is not None
    assert d.kind == "move"
    assert ("move", sc.at(7, 1)) in d.options
    assert sc.dice.remaining == 0


def test_the_teleport_square_is_a_rush_when_no_movement_is_left() -> None:
    # MA 1: the step uses it; the teleport takes one of the two Rushes,
    # without a Rush roll (no die beyond the Portal's D6).
    sc = DungeonScenario(CORRIDOR, dice=[3], stats={"A": {"ma": 1}})
    sc.act("A", "move")
    sc.move(4, 1)
    g = sc.match.state
    assert sc.pos("A") == sc.at(4, 3)
    assert (g.act_ma_used, g.act_rushes) == (1, 1)
    assert moves_left(g, sc.p("A")) == 1
    assert sc.dice.remaining == 0


def test_a_number_without_a_portal_is_rolled_again() -> None:
    sc = DungeonScenario(CORRIDOR, dice=[5, 6, 3])
    sc.act("A", "move")
    sc.move(4, 1)
    assert sc.pos("A") == sc.at(4, 3)
    assert sc.dice.remaining == 0


def test_magical_mishap_removes_the_player_without_a_turnover() -> None:
    sc = DungeonScenario(CORRIDOR, dice=[1])
    sc.act("A", "move")
    sc.move(4, 1)
    g = sc.match.state
    p = sc.p("A")
    assert g.box[p] == SENT_OFF
    assert g.pos[p] == -1
    assert g.board[sc.at(4, 1)] == -1
    assert g.dungeon is not None
    assert g.dungeon.mishaps == [p]
    assert sc.events(MagicalMishap) == [MagicalMishap(sc.id("A"), 1)]
    assert DUNGEON_BOWL.result_extra(g)["magical_mishaps"] == [sc.id("A")]
    assert sc.events(Turnover) == []
    d = sc.match.pending
    assert d is not None
    assert (d.team, d.kind) == ("home", "activate")


def test_a_mishap_scatters_the_ball_one_square_from_the_portal() -> None:
    # D6 1 on Portal 1: Mishap; D8 5 is to the right: (5, 1).
    sc = DungeonScenario(CORRIDOR, dice=[1, 5], ball="A")
    sc.act("A", "move")
    sc.move(4, 1)
    g = sc.match.state
    assert g.carrier == -1
    assert g.ball == sc.at(5, 1)
    assert sc.events(Turnover) == []


def test_chain_reaction_teleports_the_occupant_first() -> None:
    sc = _scenario(CORRIDOR.replace("2.#", "2b#"), {"b": (8, 1)}, dice=[2, 3])
    sc.act("A", "move")
    sc.move(4, 1)
    g = sc.match.state
    assert sc.pos("A") == sc.at(8, 1)
    assert sc.pos("b") == sc.at(4, 3)
    assert sc.events(Teleport) == [
        Teleport(sc.id("b"), 2, 3, sc.at(4, 3), True),
        Teleport(sc.id("A"), 1, 2, sc.at(8, 1), False),
    ]
    assert g.dungeon is not None
    assert g.dungeon.teleports[sc.p("b")] == 1


def test_chain_reaction_can_end_in_a_mishap() -> None:
    sc = _scenario(CORRIDOR.replace("2.#", "2b#"), {"b": (8, 1)}, dice=[2, 2])
    sc.act("A", "move")
    sc.move(4, 1)
    g = sc.match.state
    assert sc.pos("A") == sc.at(8, 1)
    assert g.box[sc.p("b")] == SENT_OFF


def test_a_second_teleport_in_the_team_turn_means_an_injury_roll() -> None:
    # 1 -> 2, step off and back on Portal 2, 2 -> 1, then Injury 4+4 = 8: KO
    # (no Armour roll).
    sc = DungeonScenario(CORRIDOR, dice=[2, 1, 4, 4])
    sc.act("A", "move")
    sc.move(4, 1)
    sc.move(7, 1)
    sc.move(8, 1)
    g = sc.match.state
    p = sc.p("A")
    assert g.box[p] == KO
    assert sc.events(Armour) == []
    assert sc.dice.remaining == 0


def test_a_stunned_second_teleport_ends_the_activation_and_drops_the_ball() -> None:
    # Injury 2+2 = 4: Stunned on Portal 1; the ball bounces (D8 7: down).
    sc = DungeonScenario(CORRIDOR, dice=[2, 1, 2, 2, 7], ball="A")
    sc.act("A", "move")
    sc.move(4, 1)
    sc.move(7, 1)
    sc.move(8, 1)
    g = sc.match.state
    p = sc.p("A")
    assert g.status[p] == STUNNED
    assert g.pos[p] == sc.at(4, 1)
    assert g.carrier == -1
    assert g.ball == sc.at(4, 2)
    d = sc.match.pending
    assert d is not None
    assert d.kind == "activate"


# Portal 1 at (7, 1), Portal 4 at (5, 2).
PUSH = """
    #########
    #<.....1#
    #<.Ab4..#
    #<......#
    #########
"""


def test_pushed_onto_a_portal_teleports() -> None:
    sc = DungeonScenario(PUSH, dice=["push", 1])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.at(5, 2))
    sc.choose("stay")
    g = sc.match.state
    assert sc.pos("b") == sc.at(7, 1)
    assert g.status[sc.p("b")] == STANDING
    assert sc.events(Teleport) == [Teleport(sc.id("b"), 4, 1, sc.at(7, 1), False)]
    assert sc.dice.remaining == 0


def test_knocked_down_onto_a_portal_armour_first_then_teleport() -> None:
    # POW: b is Knocked Down on Portal 4, Armour 1+1 holds, then D6 1.
    sc = DungeonScenario(PUSH, dice=["pow", 1, 1, 1])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.at(5, 2))
    sc.choose("stay")
    g = sc.match.state
    assert sc.pos("b") == sc.at(7, 1)
    assert g.status[sc.p("b")] == PRONE
    kinds = [type(e) for e in sc.events() if type(e) in (Armour, Teleport)]
    assert kinds == [Armour, Teleport]


def test_following_up_onto_a_portal_teleports_the_attacker() -> None:
    # b stands on Portal 4 and is pushed to (6, 2); A follows up onto it.
    sc = _scenario(
        """
        #########
        #<.....1#
        #<.Ab4..#
        #<......#
        #########
        """,
        {"b": (5, 2), "A": (4, 2)},
        dice=["push", 1],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.at(6, 2))
    sc.choose("follow")
    assert sc.pos("b") == sc.at(6, 2)
    assert sc.pos("A") == sc.at(7, 1)


BALL = """
    ##########
    #<.A*1..2#
    #<.......#
    ##########
"""


def test_a_loose_ball_on_a_portal_teleports_and_scatters() -> None:
    # Pick-up 1 fails; bounce D8 5 (right) onto Portal 1; its own number 1
    # is rolled again, 2: Portal 2 (8, 1), empty: it scatters, D8 7 (down).
    sc = DungeonScenario(BALL, dice=[1, 5, 1, 2, 7])
    sc.act("A", "move")
    sc.move(4, 1)
    g = sc.match.state
    assert g.ball == sc.at(8, 2)
    assert g.carrier == -1
    assert sc.events(BallTeleport) == [BallTeleport(1, 2, sc.at(8, 1))]
    assert sc.dice.remaining == 0


def test_a_teleported_ball_must_be_caught_by_a_standing_player() -> None:
    # C stands on Portal 2: catch AG 3+ at -1, so a 4 catches.
    sc = _scenario(
        BALL.replace("#<.......#", "#<.....C.#"), {"C": (8, 1)}, dice=[1, 5, 2, 4]
    )
    sc.act("A", "move")
    sc.move(4, 1)
    g = sc.match.state
    assert g.carrier == sc.p("C")


def test_a_teleported_ball_caught_at_minus_one() -> None:
    # a 3 is not enough at -1: it bounces from C's square (D8 6: down-left)
    sc = _scenario(
        BALL.replace("#<.......#", "#<.....C.#"), {"C": (8, 1)}, dice=[1, 5, 2, 3, 6]
    )
    sc.act("A", "move")
    sc.move(4, 1)
    g = sc.match.state
    assert g.carrier == -1
    assert g.ball == sc.at(7, 2)


def test_a_shadowing_player_following_onto_a_portal_teleports() -> None:
    # DB-setup "Teleporting": "When a player steps on ... a Portal roll a
    # D6". A stands on Portal 1 (where a teleport left him) and Dodges
    # away from b (4); b Shadows him (6 + 6 - 6 = 6) into the Portal's
    # square, a step onto it: D6 2, b teleports to Portal 2.
    sc = _scenario(
        """
        ###########
        #<..1b..2.#
        #<.A......#
        #<..3....>#
        ###########
        """,
        {"A": (4, 1)},
        skills={"b": ["shadowing"]},
        dice=[4, 6, 2],
    )
    g = sc.match.state
    sc.act("A", "move")
    sc.move(3, 2)
    sc.choose("use", "shadowing", sc.id("b"))
    assert sc.pos("b") == sc.at(8, 1)
    assert [(e.player, e.src, e.dst) for e in sc.events(Teleport)] == [
        (sc.id("b"), 1, 2)
    ]
    assert g.dice.remaining == 0


def test_hit_and_run_onto_a_portal_teleports() -> None:
    # DB-setup "Teleporting": "When a player steps on ... a Portal roll a
    # D6". Hit and Run's free square is such a step: A pushes b to (6, 2),
    # stays, and moves his free square onto Portal 1 at (3, 2) (next to no
    # opponent): D6 2, A teleports to Portal 2.
    sc = DungeonScenario(
        """
        #########
        #<.....2#
        #<.1Ab..#
        #<......#
        #########
        """,
        skills={"A": ["hit-and-run"]},
        dice=["push", 2],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.at(6, 2))
    sc.choose("stay")
    pending = sc.match.pending
    assert pending is not None
    assert pending.kind == "hit_and_run"
    assert ("square", sc.at(3, 2)) in pending.options
    sc.choose("square", sc.at(3, 2))
    assert sc.pos("A") == sc.at(7, 1)
    assert [(e.player, e.src, e.dst) for e in sc.events(Teleport)] == [
        (sc.id("A"), 1, 2)
    ]
    assert sc.match.state.dice.remaining == 0


def test_portal_navigator_rerolls_the_portal() -> None:
    sc = DungeonScenario(CORRIDOR, dice=[1, 2], skills={"A": ["portal-navigator"]})
    sc.act("A", "move")
    sc.move(4, 1)
    d = sc.match.pending
    assert d is not None
    assert d.kind == "use_skill"
    assert d.info == ("portal-navigator", 1)
    sc.choose("use", "portal-navigator", sc.id("A"))
    assert sc.pos("A") == sc.at(8, 1)
    assert sc.match.state.box[sc.p("A")] != SENT_OFF


def test_portal_navigator_declined_keeps_the_roll() -> None:
    sc = DungeonScenario(CORRIDOR, dice=[3], skills={"A": ["portal-navigator"]})
    sc.act("A", "move")
    sc.move(4, 1)
    sc.choose("decline")
    assert sc.pos("A") == sc.at(4, 3)


def test_no_portal_navigator_in_the_cursed_room() -> None:
    # DB-setup "The Cursed Room": a player in it may not use "a Skill or
    # Trait that allows them to re-roll any number of dice". Portal 1 lies
    # in the Cursed Room: A steps onto it and rolls a 1, his own Portal's
    # number, a Magical Mishap, with no Portal Navigator re-roll offered.
    sc = DungeonScenario(
        CORRIDOR,
        dice=[1],
        skills={"A": ["portal-navigator"]},
        rooms={"cursed_room": (4, 1, 4, 1)},
    )
    sc.act("A", "move")
    sc.move(4, 1)
    assert sc.match.state.box[sc.p("A")] == SENT_OFF
    assert [e.player for e in sc.events(MagicalMishap)] == [sc.id("A")]
    assert sc.match.state.dice.remaining == 0


def test_a_prone_player_cannot_use_portal_navigator() -> None:
    # DB-skills "Skill Use": a Prone player uses no Skill unless it says so.
    # POW: b is Knocked Down on Portal 4 (Armour 1 + 1 holds) and teleports
    # Prone: D6 4, his own Portal, a Magical Mishap; Portal Navigator is not
    # offered.
    sc = DungeonScenario(
        PUSH, dice=["pow", 1, 1, 4], skills={"b": ["portal-navigator"]}
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.at(5, 2))
    sc.choose("stay")
    g = sc.match.state
    assert g.box[sc.p("b")] == SENT_OFF
    assert [e.player for e in sc.events(MagicalMishap)] == [sc.id("b")]
    assert g.dice.remaining == 0


def test_portal_passer_turns_the_move_into_a_pass() -> None:
    sc = DungeonScenario(CORRIDOR, dice=[2], skills={"A": ["portal-passer"]}, ball="A")
    sc.act("A", "move")
    sc.move(4, 1)
    d = sc.match.pending
    assert d is not None
    assert d.kind == "use_skill"
    assert d.info == ("portal-passer",)
    sc.choose("use", "portal-passer", sc.id("A"))
    g = sc.match.state
    assert g.tflags & TF_PASS
    assert g.act_action == "pass"
    d = sc.match.pending
    assert d is not None
    assert ("throw",) in d.options


def test_portal_passer_not_offered_once_the_pass_is_used() -> None:
    sc = DungeonScenario(CORRIDOR, dice=[2], skills={"A": ["portal-passer"]}, ball="A")
    sc.match.state.tflags |= TF_PASS
    sc.act("A", "move")
    sc.move(4, 1)
    d = sc.match.pending
    assert d is not None
    assert d.kind == "move"


def test_a_ball_scattering_onto_a_portal_teleports() -> None:
    # A ball in the air over (4, 1) scatters once, D8 5 (right), onto Portal
    # 1 at (5, 1): D6 2 sends it to Portal 2 (8, 1), empty; D8 7: (8, 2).
    sc = DungeonScenario(BALL.replace("*", "."), start=False, dice=[5, 2, 7])
    g = sc.match.state
    g.ball = sc.at(4, 1)
    g.ball_air = True
    g.stack.append(Turn(0))
    g.stack.append(Scatter(sc.at(4, 1), times=1))
    run(g)
    assert g.ball == sc.at(8, 2)
    assert not g.ball_air
    assert sc.events(BallTeleport) == [BallTeleport(1, 2, sc.at(8, 1))]
    assert sc.dice.remaining == 0


def test_a_ball_ricocheting_onto_a_portal_teleports() -> None:
    # The wall rules place a ricocheting ball; on an empty Portal it
    # teleports (D6 2: Portal 2, then it scatters, D8 7: down).
    sc = DungeonScenario(BALL.replace("*", "."), start=False, dice=[2, 7])
    g = sc.match.state
    g.stack.append(Turn(0))
    after = come_to_rest(g, sc.at(5, 1))
    assert isinstance(after, BallTeleportProc)
    g.stack.append(after)
    run(g)
    assert g.ball == sc.at(8, 2)
    assert sc.events(BallTeleport) == [BallTeleport(1, 2, sc.at(8, 1))]


def test_a_diving_tackler_placed_on_a_portal_does_not_teleport() -> None:
    """DB-setup "Teleporting" names a player who "steps on or is pushed
    onto" a Portal; Decision (portals): one Placed there by Diving Tackle
    stays. A, on Portal 1, Dodges away from b (6, passed; Diving Tackle
    takes 2 and 4 still passes): b is Placed Prone on Portal 1 and the D6 of
    a teleport is never rolled."""
    sc = _scenario(
        """
        ###########
        #<..1b..2.#
        #<.A......#
        #<..3....>#
        ###########
        """,
        {"A": (4, 1)},
        skills={"b": ["diving-tackle"]},
        dice=[6, 2],
    )
    g = sc.match.state
    sc.act("A", "move")
    sc.move(3, 2)
    sc.choose("use", "diving-tackle", sc.id("b"))
    assert sc.pos("A") == sc.at(3, 2)
    assert sc.pos("b") == sc.at(4, 1)
    assert g.status[sc.p("b")] == PRONE
    assert sc.events(Teleport) == []
    assert g.dice.remaining == 1
