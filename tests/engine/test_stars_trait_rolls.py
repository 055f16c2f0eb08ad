"""Star Players' special rules after a failed trait roll
(engine/skills/stars/trait_rolls.py): Tasty Morsel (Bloodlust) and Primal
Savagery (Animal Savagery)."""

from __future__ import annotations

from dataclasses import replace

from engine.core.events import Armour, Injury, Turnover
from engine.core.state import KO, PF_NOTZ, PRONE, STUNNED
from engine.tools.scenario import Scenario
from tests.engine.test_stars_stabs_and_secret_weapons import next_turn, used

# -- Tasty Morsel ------------------------------------------------------------

KARINA = {"A": [("bloodlust", "2+"), "tasty-morsel"]}
BITE_LINE = """
    .....
    .Ab..
    .c...
"""


def test_tasty_morsel_bites_an_opponent() -> None:
    # Bloodlust D6 1 fails; she bites b: injury 4+4 = 8 KO'd, no Turnover
    sc = Scenario(BITE_LINE, skills=KARINA, dice=[1, 4, 4])
    sc.act("A", "move")
    opts = sc.match.pending.options
    assert ("bite", sc.id("b")) in opts
    assert ("bite", sc.id("c")) in opts
    sc.choose("bite", sc.id("b"))
    inj = sc.events(Injury)[0]
    assert (inj.player, inj.dice, inj.result) == (sc.id("b"), (4, 4), "ko")
    assert sc.match.state.box[sc.p("b")] == KO
    assert sc.events(Turnover) == []
    assert used(sc, "tasty-morsel") == [sc.id("A")]


def test_tasty_morsel_bite_at_the_end_of_the_activation() -> None:
    sc = Scenario(BITE_LINE, skills=KARINA, dice=[1, 2, 2])
    sc.act("A", "move")
    sc.choose("end")
    d = sc.match.pending
    assert d.kind == "bloodlust_bite"
    assert set(d.options) == {("bite", sc.id("b")), ("bite", sc.id("c")), ("decline",)}
    sc.choose("bite", sc.id("c"))
    assert sc.match.state.status[sc.p("c")] == STUNNED
    assert sc.events(Turnover) == []
    assert not sc.match.state.pflags[sc.p("A")] & PF_NOTZ


def test_tasty_morsel_an_opponent_holding_the_ball_is_no_turnover() -> None:
    # b holds the ball; bitten (4+4 KO'd) he drops it: it bounces (D8 1)
    sc = Scenario(BITE_LINE, skills=KARINA, dice=[1, 4, 4, 1], ball="b")
    sc.act("A", "move")
    sc.choose("bite", sc.id("b"))
    assert sc.events(Turnover) == []
    assert sc.match.state.carrier == -1


def test_tasty_morsel_not_on_strong_opponents_or_stars() -> None:
    sc = Scenario(BITE_LINE, skills=KARINA, stats={"b": {"st": 4}}, dice=[1])
    g = sc.match.state
    away = g.sheets[1]
    star = replace(away.players[1], position="star:some-star")
    g.sheets = (g.sheets[0], replace(away, players=(away.players[0], star)))
    sc.act("A", "move")
    bites = [o for o in sc.match.pending.options if o[0] == "bite"]
    assert bites == []


def test_tasty_morsel_once_per_game() -> None:
    sc = Scenario(BITE_LINE, skills=KARINA, dice=[1, 4, 4, 1])
    sc.act("A", "move")
    sc.choose("bite", sc.id("b"))
    sc.choose("end")
    next_turn(sc)
    sc.act("A", "move")
    assert [o for o in sc.match.pending.options if o[0] == "bite"] == []
    sc.choose("end")
    # hungry, nobody to bite: a Turnover and no Tackle Zone
    assert [t.reason for t in sc.events(Turnover)] == ["bloodlust"]


def test_tasty_morsel_only_for_its_star() -> None:
    sc = Scenario(BITE_LINE, skills={"A": [("bloodlust", "2+")]}, dice=[1])
    sc.act("A", "move")
    assert [o for o in sc.match.pending.options if o[0] == "bite"] == []


# -- Primal Savagery ---------------------------------------------------------

GLOTL = {"A": ["animal-savagery", "primal-savagery"]}
LASH_LINE = """
    .....
    .Ab..
    ..c..
"""


def test_primal_savagery_lashes_out_at_an_opponent() -> None:
    # Animal Savagery D6 1 +2 (Block) = 3 < 4 fails; no team-mate next to
    # him: he lashes out at b, Knocked Down: armour 5+5 = 10 breaks AV 9,
    # injury 3+3 = 6 Stunned.
    sc = Scenario(LASH_LINE, skills=GLOTL, dice=[1, 5, 5, 3, 3])
    sc.act("A", "block")
    d = sc.match.pending
    assert (d.kind, set(d.options)) == (
        "lash_out",
        {("lash_out", sc.id("b")), ("lash_out", sc.id("c"))},
    )
    sc.choose("lash_out", sc.id("b"))
    a = sc.events(Armour)[0]
    assert (a.player, a.broken) == (sc.id("b"), True)
    g = sc.match.state
    assert g.status[sc.p("b")] == STUNNED
    assert used(sc, "primal-savagery") == [sc.id("A")]
    assert not g.pflags[sc.p("A")] & PF_NOTZ
    # the Block goes on against c
    assert sc.match.pending.kind == "block_target"


def test_primal_savagery_team_mates_still_offered() -> None:
    sc = Scenario(
        """
        .B...
        .Ab..
        """,
        skills=GLOTL,
        dice=[1],
    )
    sc.act("A", "block")
    assert set(sc.match.pending.options) == {
        ("lash_out", sc.id("B")),
        ("lash_out", sc.id("b")),
    }


def test_primal_savagery_once_per_game() -> None:
    sc = Scenario(LASH_LINE, skills=GLOTL, dice=[1, 2, 2, 1])
    sc.act("A", "block")
    sc.choose("lash_out", sc.id("b"))  # armour 2+2: not broken
    assert sc.match.state.status[sc.p("b")] == PRONE
    next_turn(sc)
    sc.act("A", "block")
    # failed again: no team-mate, no opponent to lash out at any more
    g = sc.match.state
    assert sc.match.pending.kind == "activate"
    assert g.pflags[sc.p("A")] & PF_NOTZ
    assert used(sc, "primal-savagery") == [sc.id("A")]


def test_primal_savagery_only_for_its_star() -> None:
    sc = Scenario(LASH_LINE, skills={"A": ["animal-savagery"]}, dice=[1])
    sc.act("A", "block")
    assert sc.match.pending.kind == "activate"
    assert sc.match.state.pflags[sc.p("A")] & PF_NOTZ
