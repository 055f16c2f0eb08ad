"""Star Players' special rules for bomb throwers
(engine/skills/stars/secret_weapons.py): Kaboom! and All You Can Eat."""

from __future__ import annotations

from engine.core.events import ArgueTheCall, Note, Roll, SentOff
from engine.core.state import PITCH, PRONE, SENT_OFF, STANDING
from engine.tools.scenario import Scenario
from tests.engine.test_stars_stabs_and_secret_weapons import next_turn, used

BOMB_STATS = {"B": {"pa": 4}}
THROW = ("activate", 1, "throw_bomb")


def _notes(sc: Scenario, what: str) -> list[Note]:
    return [e for e in sc.events(Note) if e.what == what]


def _rolls(sc: Scenario) -> list[str]:
    return [r.purpose for r in sc.events(Roll)]


# -- Kaboom! -----------------------------------------------------------------

BOMBER = {"B": ["bombardier", "kaboom"]}
KABOOM_LINE = """
    B...c
    .....
    ....d
"""


def _throw_at(sc: Scenario, x: int, y: int) -> None:
    sc.choose(*THROW)
    sc.choose("square", sc.sq(x, y))


def test_kaboom_explodes_a_caught_bomb_at_once() -> None:
    # PA 5 -1 (Short) = 4 passes: accurate; c catches (4); Kaboom!: it
    # explodes in c's hands with no D6 for it; c Placed Prone, armour 2+2.
    sc = Scenario(KABOOM_LINE, skills=BOMBER, stats=BOMB_STATS, dice=[5, 4, 2, 2])
    _throw_at(sc, 4, 0)
    d = sc.match.pending
    assert (d.kind, d.team, d.options) == (
        "use_skill",
        "home",
        (("use", "kaboom"), ("decline",)),
    )
    sc.choose("use", "kaboom")
    assert _notes(sc, "bomb_explodes_caught")[0].value == sc.sq(4, 0)
    assert "bomb_caught" not in _rolls(sc)
    assert sc.match.state.status[sc.p("c")] == PRONE
    assert used(sc, "kaboom") == [sc.id("B")]


def test_kaboom_declined_the_catcher_rolls_then_once_per_game() -> None:
    # declined: c rolls 3 and must throw it on (fumbles: 1, on c)
    sc = Scenario(
        KABOOM_LINE,
        skills=BOMBER,
        stats=BOMB_STATS,
        dice=[5, 4, 3, 1, 2, 2, 5, 4, 2, 2, 5, 4, 4, 2, 2],
    )
    _throw_at(sc, 4, 0)
    sc.choose("decline")
    assert _rolls(sc)[-1] == "bomb_caught"
    sc.choose("square", sc.sq(1, 0))  # c's throw on: fumbled
    assert used(sc, "kaboom") == []
    next_turn(sc)
    _throw_at(sc, 4, 2)
    sc.choose("use", "kaboom")
    next_turn(sc)
    sc.match.state.status[sc.p("d")] = STANDING
    _throw_at(sc, 4, 2)
    # no second Kaboom!: d rolls 4 and it explodes in his hands anyway
    assert _rolls(sc)[-1] == "bomb_caught"
    assert used(sc, "kaboom") == [sc.id("B")]


def test_kaboom_not_for_a_team_mate_catch_nor_without_the_rule() -> None:
    sc = Scenario("B...C", skills=BOMBER, stats=BOMB_STATS, dice=[5, 4, 4, 2, 2])
    _throw_at(sc, 4, 0)
    assert "bomb_caught" in _rolls(sc)
    sc = Scenario(
        KABOOM_LINE,
        skills={"B": ["bombardier"]},
        stats=BOMB_STATS,
        dice=[5, 4, 4, 2, 2],
    )
    _throw_at(sc, 4, 0)
    assert "bomb_caught" in _rolls(sc)
    assert used(sc, "kaboom") == []


# -- All You Can Eat -----------------------------------------------------------

CINDY = {"B": ["bombardier", "all-you-can-eat"]}


def test_all_you_can_eat_two_bombs_then_sent_off_on_a_three() -> None:
    """All You Can Eat: "Cindy makes two Throw Bomb Special actions instead
    of one. Right after the second, roll a D6; 1-3 means she is Sent-off"
    (star_players.md). Not "Sent-off by the referee for committing a Foul"
    (Argue the Call) nor "for committing a Foul or using a Secret Weapon"
    (a Bribe): neither is offered, though her coach has a Bribe, and she
    is Sent-off at once, with no Turnover (the Decision in
    engine/skills/stars/secret_weapons.py)."""
    # bomb 1: PA 5 accurate on c, c fails the catch (2), armour 2+2;
    # bomb 2: the same on d; then the D6 3: Sent-off
    dice = [5, 2, 2, 2, 5, 2, 2, 2, 3]
    sc = Scenario(KABOOM_LINE, skills=CINDY, stats=BOMB_STATS, dice=dice)
    g = sc.match.state
    g.bribes[0] = 1
    sc.choose(*THROW)
    d = sc.match.pending
    assert (d.kind, d.options) == (
        "use_skill",
        (("use", "all-you-can-eat"), ("decline",)),
    )
    sc.choose("use", "all-you-can-eat")
    sc.choose("square", sc.sq(4, 0))
    assert sc.match.pending.kind == "bomb_target"  # the second bomb
    sc.choose("square", sc.sq(4, 2))
    assert g.status[sc.p("c")] == PRONE
    assert g.status[sc.p("d")] == PRONE
    roll = sc.events(Roll)[-1]
    assert (roll.purpose, roll.dice, roll.success) == ("all_you_can_eat", (3,), False)
    assert [(e.player, e.reason) for e in sc.events(SentOff)] == [
        (sc.id("B"), "all-you-can-eat")
    ]
    assert g.box[sc.p("B")] == SENT_OFF
    assert sc.events(ArgueTheCall) == []
    assert g.bribes[0] == 1
    assert g.turnover is None
    assert sc.match.pending.kind == "activate"
    assert used(sc, "all-you-can-eat") == [sc.id("B")]


def test_all_you_can_eat_stays_on_a_four_and_once_per_game() -> None:
    dice = [5, 2, 2, 2, 5, 2, 2, 2, 4, 5, 2, 2, 2]
    sc = Scenario(KABOOM_LINE, skills=CINDY, stats=BOMB_STATS, dice=dice)
    sc.choose(*THROW)
    sc.choose("use", "all-you-can-eat")
    sc.choose("square", sc.sq(4, 0))
    sc.choose("square", sc.sq(4, 2))
    assert sc.match.state.box[sc.p("B")] == PITCH
    assert sc.match.pending.kind == "activate"
    next_turn(sc)
    sc.choose(*THROW)
    assert sc.match.pending.kind == "bomb_target"  # no second offer


def test_all_you_can_eat_declined_one_bomb() -> None:
    sc = Scenario(KABOOM_LINE, skills=CINDY, stats=BOMB_STATS, dice=[5, 2, 2, 2])
    sc.choose(*THROW)
    sc.choose("decline")
    sc.choose("square", sc.sq(4, 0))
    assert sc.match.pending.kind == "activate"
    assert "all_you_can_eat" not in _rolls(sc)
    assert used(sc, "all-you-can-eat") == []


def test_all_you_can_eat_no_second_bomb_after_a_fumble() -> None:
    # the first bomb is fumbled (1): it explodes on Cindy (armour 2+2), a
    # Turnover: no second bomb, no D6
    sc = Scenario(KABOOM_LINE, skills=CINDY, stats=BOMB_STATS, dice=[1, 2, 2])
    sc.choose(*THROW)
    sc.choose("use", "all-you-can-eat")
    sc.choose("square", sc.sq(4, 0))
    assert "all_you_can_eat" not in _rolls(sc)
    assert sc.match.state.status[sc.p("B")] == PRONE


def test_all_you_can_eat_only_for_its_star() -> None:
    sc = Scenario(KABOOM_LINE, skills={"B": ["bombardier"]}, stats=BOMB_STATS)
    sc.choose(*THROW)
    assert sc.match.pending.kind == "bomb_target"
