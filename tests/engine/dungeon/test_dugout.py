"""Dugout Portals (DB-setup "Dugout Portals") and the Magic Sponge
(DB-rules "Magic Sponge"): once per team turn, between activations, one or
the other; scripted dice."""

from __future__ import annotations

from typing import Any

from engine.core.events import DugoutPortal, MagicSponge, Teleport
from engine.core.state import CAS, KO, PF_NOTZ, PF_USED, PITCH, RESERVES, STANDING
from engine.match import run
from engine.rules.turns import Turn
from engine.tools.dungeon_scenario import DungeonScenario

# Portal 1 at (4, 1), Portal 2 at (8, 1), Portal 3 at (4, 3). C and D start
# in the dugout (C in the Reserves, D Knocked-out).
BOARD = """
    ###########
    #<.A1...2.#
    #<.C.D....#
    #<..3....>#
    ###########
"""


def _scenario(
    *,
    turn: int = 2,
    first: int = 1,
    placed: dict[str, tuple[int, int]] | None = None,
    **kwargs: Any,
) -> DungeonScenario:
    sc = DungeonScenario(BOARD, start=False, **kwargs)
    g = sc.match.state
    for letter, box in (("C", RESERVES), ("D", KO)):
        p = sc.p(letter)
        g.lift(p)
        g.box[p] = box
    for letter, (x, y) in (placed or {}).items():
        g.move(sc.p(letter), sc.at(x, y))
    assert g.dungeon is not None
    g.dungeon.first_team = first
    g.turn[0] = g.turn[1] = turn - 1
    g.stack.append(Turn(0))
    run(g)
    return sc


def _dugout_options(sc: DungeonScenario) -> list[tuple[Any, ...]]:
    d = sc.match.pending
    assert d is not None
    assert d.kind == "activate"
    return [o for o in d.options if o[0] in ("dugout_portal", "magic_sponge")]


def test_the_dugout_portal_and_the_sponge_are_offered_between_activations() -> None:
    sc = _scenario()
    assert _dugout_options(sc) == [
        ("dugout_portal", sc.id("C")),
        ("magic_sponge", sc.id("D")),
    ]
    d = sc.match.pending
    assert d is not None
    assert d.options[-1] == ("end_turn",)


def test_not_in_the_first_team_turn_of_the_team_that_has_the_first_turn() -> None:
    assert _dugout_options(_scenario(turn=1, first=0)) == []
    # the other team may, in its first turn
    assert _dugout_options(_scenario(turn=1, first=1)) != []
    # and the first team from its second turn on
    assert _dugout_options(_scenario(turn=2, first=0)) != []


def test_a_player_teleported_in_from_the_dugout_may_not_move() -> None:
    sc = _scenario(dice=[2])
    sc.choose("dugout_portal", sc.id("C"))
    g = sc.match.state
    c = sc.p("C")
    assert (g.box[c], g.pos[c], g.status[c]) == (PITCH, sc.at(8, 1), STANDING)
    assert g.pflags[c] & PF_USED
    assert sc.events(DugoutPortal) == [DugoutPortal("home", sc.id("C"))]
    assert sc.events(Teleport) == [Teleport(sc.id("C"), 0, 2, sc.at(8, 1), False)]
    d = sc.match.pending
    assert d is not None
    assert d.kind == "activate"
    assert not [o for o in d.options if o[0] == "activate" and o[1] == sc.id("C")]
    # once per team turn: neither again nor the Sponge
    assert _dugout_options(sc) == []
    assert sc.dice.remaining == 0


def test_the_dugout_portal_has_no_number_so_no_mishap() -> None:
    # a 1 takes him to Portal 1 (a player on a Portal rolling 1 would vanish)
    sc = _scenario(dice=[1])
    sc.choose("dugout_portal", sc.id("C"))
    assert sc.pos("C") == sc.at(4, 1)


def test_portal_navigator_from_the_dugout() -> None:
    # Coming in through the Dugout Portal he is in no room and not Prone:
    # Portal Navigator re-rolls the D6 (2, then 3), even with a lost Tackle
    # Zone left over from the pitch (a Tackle Zone is a thing of the pitch).
    sc = _scenario(dice=[2, 3], skills={"C": ["portal-navigator"]})
    g = sc.match.state
    g.pflags[sc.p("C")] |= PF_NOTZ
    sc.choose("dugout_portal", sc.id("C"))
    d = sc.match.pending
    assert d is not None
    assert (d.kind, d.info) == ("use_skill", ("portal-navigator", 2))
    sc.choose("use", "portal-navigator", sc.id("C"))
    assert sc.pos("C") == sc.at(4, 3)


def test_the_dugout_portal_can_cause_a_chain_reaction() -> None:
    # A stands on Portal 2: C arrives there, A goes on to Portal 3.
    sc = _scenario(dice=[2, 3], placed={"A": (8, 1)})
    sc.choose("dugout_portal", sc.id("C"))
    assert sc.pos("C") == sc.at(8, 1)
    assert sc.pos("A") == sc.at(4, 3)
    g = sc.match.state
    assert not g.pflags[sc.p("A")] & PF_USED  # A may still act this turn


def test_between_activations_after_a_player_has_acted() -> None:
    sc = _scenario(dice=[3])
    sc.act("A", "move")
    sc.move(2, 1)
    sc.choose("end")
    assert ("dugout_portal", sc.id("C")) in _dugout_options(sc)
    sc.choose("dugout_portal", sc.id("C"))
    assert sc.pos("C") == sc.at(4, 3)


def test_the_magic_sponge_moves_a_kod_player_to_the_reserves() -> None:
    sc = _scenario()
    sc.choose("magic_sponge", sc.id("D"))
    g = sc.match.state
    assert g.box[sc.p("D")] == RESERVES
    assert g.pos[sc.p("D")] == -1
    assert sc.events(MagicSponge) == [MagicSponge("home", sc.id("D"))]
    assert _dugout_options(sc) == []  # instead of the Dugout Portal


def test_the_sponge_and_the_dugout_are_not_offered_for_casualties() -> None:
    sc = DungeonScenario(BOARD, start=False)
    g = sc.match.state
    for letter in "CD":
        p = sc.p(letter)
        g.lift(p)
        g.box[p] = CAS
    g.stack.append(Turn(0))
    run(g)
    assert _dugout_options(sc) == []
