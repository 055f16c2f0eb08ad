"""What the live board is sent beside each option (matches.live.annotate):
the numbers come from the BB2020 rulebook. A Dodge is an Agility test with
-1 for each player Marking the square entered; a Rush needs 2+ and is
rolled first; a Block rolls one die at equal Strength, two for the stronger
side (the stronger picks), three at more than twice; a pass's band is read
off the Passing Range chart."""

from __future__ import annotations

from engine.tools.scenario import Scenario
from matches.live.referee import decision_view


def view(sc: Scenario) -> dict:
    return decision_view(sc.match.state, sc.match.pending)


def by_square(d: dict, verb: str = "move") -> dict[int, dict]:
    return {o["square"]: o for o in d["options"] if o["label"].startswith(verb)}


def test_a_dodge_out_of_one_marker_into_one_is_four_plus():
    sc = Scenario(
        """
        ......
        .Ab...
        ..c...
        ......
    """
    )
    sc.act("A", "move")
    moves = by_square(view(sc))
    # AG 3+, b Marks the square above-right: 3+ with -1
    assert moves[sc.sq(1, 0)]["dice"] == "4+"
    assert moves[sc.sq(1, 0)]["hint"] == "dodge 4+"
    assert moves[sc.sq(1, 0)]["mark"] == "4+"
    # nobody Marks the square up-left: 3+
    assert moves[sc.sq(0, 0)]["dice"] == "3+"
    # b and c Mark the square below-right: 3+ with -2
    assert moves[sc.sq(1, 2)]["dice"] == "5+"


def test_squares_beyond_one_step_come_with_their_route_and_rolls():
    sc = Scenario("A.....", stats={"A": {"ma": 1}})
    sc.act("A", "move")
    d = view(sc)
    routes = {r["square"]: r for r in d["routes"]}
    # the first step is an option, with no roll
    assert by_square(d)[sc.sq(1, 0)]["dice"] == ""
    # MA 1: the second and third squares are Rushes, 2+ each
    two, three = routes[sc.sq(2, 0)], routes[sc.sq(3, 0)]
    assert (two["dice"], two["hint"]) == ("2+", "2 squares, rush 2+")
    assert three["dice"] == "2+ 2+"
    assert len(three["path"]) == 3
    assert three["path"][-1] == sc.sq(3, 0)
    # the route starts with one of the options: the page sends that one
    first = d["options"][three["via"]]
    assert first["square"] == three["path"][0]
    assert sc.sq(4, 0) not in routes  # no third Rush


def test_a_square_a_jump_reaches_keeps_the_jumps_mark():
    # A (AG 3+) may Jump over the Prone b into (2, 1): an Agility test, no
    # player Marking either square, 3+. A walk round b reaches that square
    # too, with no roll; the board shows one mark there, the Jump's.
    sc = Scenario(
        """
        .....
        Ab...
        .....
    """,
        prone="b",
    )
    sc.act("A", "move")
    d = view(sc)
    jumps = {o["square"]: o for o in d["options"] if o["verb"] == "jump"}
    assert jumps[sc.sq(2, 1)]["mark"] == "3+"
    routes = {r["square"] for r in d["routes"]}
    assert sc.sq(2, 1) not in routes
    assert sc.sq(3, 1) in routes  # the square past it, walked round b


def block_hints(st_a: int, st_b: int) -> tuple[str, str]:
    sc = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        stats={"A": {"st": st_a}, "b": {"st": st_b}},
    )
    sc.act("A", "block")
    d = view(sc)
    assert d["kind"] == "block_target"
    (option,) = d["options"]
    return option["dice"], option["mark"]


def test_the_block_dice_and_who_picks():
    assert block_hints(3, 3) == ("1 die", "1D")
    assert block_hints(4, 3) == ("2 dice", "2D")
    assert block_hints(3, 4) == ("2 dice, opponent picks", "-2D")
    assert block_hints(7, 3) == ("3 dice", "3D")
    assert block_hints(3, 7) == ("3 dice, opponent picks", "-3D")


def test_a_blitz_shows_its_dice_with_horns_on_the_target_and_the_block():
    sc = Scenario(
        """
        .....
        A.b..
        .....
    """,
        stats={"b": {"st": 4}},
        skills={"A": ["horns"]},
    )
    sc.act("A", "blitz")
    (target,) = [o for o in view(sc)["options"] if o["label"].startswith("nominate")]
    # Horns: ST 3 + 1 in a Blitz against 4: one die
    assert target["dice"] == "1 die"
    sc.choose("nominate", sc.id("b"))
    sc.move(1, 0)
    (block,) = [o for o in view(sc)["options"] if o["label"].startswith("block")]
    assert block["dice"] == "1 die"


def test_a_pass_shows_the_band_of_each_square():
    sc = Scenario("A............b", ball="A")
    sc.act("A", "pass")
    sc.choose("throw")
    d = view(sc)
    assert d["kind"] == "pass_target"
    squares = {o["square"]: o for o in d["options"]}
    # the Passing Range chart, along the row: quick to 3, short to 6, long
    # to 10, long bomb to 13
    assert [squares[sc.sq(dx, 0)]["dice"] for dx in (3, 4, 7, 11)] == [
        "quick",
        "short",
        "long",
        "long bomb",
    ]
    assert squares[sc.sq(4, 0)]["hint"] == "short pass"
    assert squares[sc.sq(4, 0)]["mark"] == "S"
