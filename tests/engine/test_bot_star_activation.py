"""The scripted bot's use of the Star Players' rules used as an activation
begins, and of the team-mates' rules (engine.bots.stars.activation)."""

from __future__ import annotations

from engine.bots import ScriptedBot
from engine.tools.scenario import Scenario


def _choice(sc: Scenario) -> tuple[object, ...]:
    d = sc.match.pending
    assert d is not None
    return ScriptedBot(1).choose(d, sc.match.state)


def test_bot_hexes_the_ball_carrier_first() -> None:
    sc = Scenario(
        "A.c.b.", skills={"A": ["baleful-hex"]}, ball="b", stats={"c": {"st": 5}}
    )
    sc.act("A", "move")
    assert _choice(sc) == ("use", "baleful-hex", sc.id("b"))


def test_bot_throws_the_keg_only_at_the_carrier() -> None:
    sc = Scenario("A.b.", skills={"A": ["beer-barrel-bash"]})
    sc.act("A", "move")
    assert _choice(sc) == ("decline",)
    carrier = Scenario("A.b.", skills={"A": ["beer-barrel-bash"]}, ball="b")
    carrier.act("A", "move")
    assert _choice(carrier) == ("use", "beer-barrel-bash", carrier.id("b"))


def test_bot_picks_zzharg_s_team_mate_when_the_blast_is_its_choice() -> None:
    sc = Scenario(
        "A.bC.c",
        skills={"A": ["then-i-started-blastin"]},
        dice=[2],
    )
    sc.act("A", "move")
    sc.choose("use", "then-i-started-blastin", sc.id("b"))
    d = sc.match.pending
    assert d.kind == "blastin_target"
    assert _choice(sc) == ("hit", sc.id("C"))


def test_bot_takes_the_ball_with_look_into_my_eyes_and_catch_of_the_day() -> None:
    sc = Scenario(".Ab.", skills={"A": ["look-into-my-eyes"]}, ball="b")
    sc.act("A", "move")
    assert _choice(sc) == ("use", "look-into-my-eyes")
    rod = Scenario("A.*", skills={"A": ["catch-of-the-day"]})
    rod.act("A", "move")
    assert _choice(rod) == ("use", "catch-of-the-day")


def test_bot_is_treacherous_only_to_free_a_marked_carrier() -> None:
    free = Scenario("AB..", skills={"A": ["treacherous"]}, ball="B")
    free.act("A", "move")
    assert _choice(free) == ("decline",)
    marked = Scenario(".AB.\n...c", skills={"A": ["treacherous"]}, ball="B")
    marked.act("A", "move")
    # c Marks B (and A, diagonally two away, not)
    assert _choice(marked) == ("use", "treacherous", marked.id("B"))


def test_bot_raids_next_to_the_opposing_carrier_only() -> None:
    pos = """
        A.d...
        ....B.
        ......
        .....c
    """
    sc = Scenario(pos, skills={"A": ["raiding-party"]}, ball="c")
    sc.act("A", "move")
    choice = _choice(sc)
    # B could also step next to d; the bot steps next to the carrier c
    assert choice[0] == "use"
    assert choice[2] == sc.id("B")
    pitch = sc.match.state.pitch
    assert pitch.distance(choice[3], sc.pos("c")) == 1
    plain = Scenario(pos, skills={"A": ["raiding-party"]})
    plain.act("A", "move")
    assert _choice(plain) == ("decline",)


def test_bot_gives_mighty_blow_for_a_block() -> None:
    sc = Scenario("GA..\n..b.", skills={"G": ["wisdom-of-the-white-dwarf"]})
    sc.act("A", "block")
    assert _choice(sc) == ("use", "wisdom-of-the-white-dwarf", "mighty-blow")
    mover = Scenario("GA..\n..b.", skills={"G": ["wisdom-of-the-white-dwarf"]})
    mover.act("A", "move")
    assert _choice(mover) == ("decline",)
