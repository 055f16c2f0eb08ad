"""Blood Bowl Sevens Desperate Measures in the match (blood_bowl_sevens.md
"Desperate Measures Table"; seed 004 "Desperate Measures - D8"), scripted
dice: each of the eight results, played once per game."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.bots import desperate as bot_choices
from engine.bots import make_bot
from engine.bots.driver import play
from engine.core.dice import RandomDice
from engine.core.errors import RuleError
from engine.core.events import BallCaught, Induced, Pass, Roll, Turnover
from engine.core.state import (
    PF_PLAYED,
    PRONE,
    RESERVES,
    SENT_OFF,
    STANDING,
    Decision,
)
from engine.match import Match, run
from engine.rules.game import Drive
from engine.rules.setup import available_players
from engine.rules.turns import EndDrive, Turn
from engine.rules.wizard import TURN_ENDED, wizard_proc
from engine.tools.scenario import Scenario
from engine.tools.teams import default_team_sheet
from engine.variants.sevens_desperate import (
    DOPED,
    LEFT,
    FirstDriveMeasures,
    desperate_pregame,
    second_action_allowed,
)


def _holding(
    diagram: str,
    home: tuple[int, ...] = (),
    away: tuple[int, ...] = (),
    *,
    start: bool = True,
    **kw: object,
) -> Scenario:
    """A Sevens scenario whose teams hold these Desperate Measures (the
    pre-game notes them), at the home team's turn when ``start``."""
    sc = Scenario(diagram, ruleset="sevens", start=False, **kw)  # type: ignore[arg-type]
    g = sc.match.state
    g.sheets = (
        replace(g.sheets[0], desperate_measures=home),
        replace(g.sheets[1], desperate_measures=away),
    )
    desperate_pregame(g)
    if start:
        g.stack.append(Turn(0))
        run(g)
    return sc


def _induced(sc: Scenario) -> list[tuple[str, str, int, tuple[int, ...], str]]:
    return [(e.what, e.team, e.player, e.dice, e.result) for e in sc.events(Induced)]


def _to_reserves(sc: Scenario) -> None:
    g = sc.match.state
    for p in range(g.n):
        g.lift(p)
        g.box[p] = RESERVES


# --- 1 You Dope -----------------------------------------------------------------

TWO = """
    .....
    .AB..
    ..c..
"""


def _dope(choice: tuple[object, ...], dice: list[int] | None = None) -> Scenario:
    sc = _holding(TWO, home=(1,), start=False, dice=dice or [])
    _to_reserves(sc)
    g = sc.match.state
    g.stack.append(FirstDriveMeasures())
    run(g)
    assert sc.match.pending.kind == "desperate_you_dope"
    sc.choose(*choice)
    return sc


def test_you_dope_offers_each_player_st_or_ag_or_holding_it() -> None:
    sc = _holding(TWO, home=(1,), start=False)
    _to_reserves(sc)
    g = sc.match.state
    g.stack.append(FirstDriveMeasures())
    run(g)
    a, b = sc.id("A"), sc.id("B")
    assert sc.match.pending.options == (
        ("you_dope", a, "st"),
        ("you_dope", a, "ag"),
        ("you_dope", b, "st"),
        ("you_dope", b, "ag"),
        ("done",),
    )


def test_you_dope_improves_strength_by_one_for_the_game() -> None:
    sc = _dope(("you_dope", Scenario(TWO, start=False).id("B"), "st"))
    g = sc.match.state
    assert (g.st[sc.p("B")], g.st[sc.p("A")]) == (4, 3)
    assert g.effects[DOPED[0]] == sc.p("B")
    assert LEFT[0] not in g.effects  # played: once per game
    assert _induced(sc) == [("you_dope", "home", sc.id("B"), (), "+1 ST")]


def test_you_dope_improves_agility_by_one() -> None:
    # AG is a target number: 3+ becomes 2+.
    sc = _dope(("you_dope", Scenario(TWO, start=False).id("A"), "ag"))
    assert sc.match.state.ag[sc.p("A")] == 2


def test_you_dope_not_offered_beyond_the_characteristic_limits() -> None:
    sc = _holding(TWO, home=(1,), start=False, stats={"A": {"st": 8}, "B": {"ag": 1}})
    _to_reserves(sc)
    g = sc.match.state
    g.stack.append(FirstDriveMeasures())
    run(g)
    assert sc.match.pending.options == (
        ("you_dope", sc.id("A"), "ag"),
        ("you_dope", sc.id("B"), "st"),
        ("done",),
    )


def test_you_dope_is_asked_before_the_first_set_up_only() -> None:
    sc = _holding(TWO, home=(1,), start=False)
    _to_reserves(sc)
    g = sc.match.state
    g.drive = 0
    g.stack.append(Drive())
    run(g)
    assert sc.match.pending.kind == "desperate_you_dope"
    sc.choose("done")
    assert sc.match.pending.kind == "setup"
    # A second drive asks nothing (the held measure is not offered again).
    sc2 = _holding(TWO, home=(1,), start=False)
    _to_reserves(sc2)
    g2 = sc2.match.state
    g2.drive = 1
    g2.stack.append(Drive())
    run(g2)
    assert sc2.match.pending.kind == "setup"


def _end_drive_with_dope(die: int, played: bool = True) -> Scenario:
    sc = _dope(("you_dope", Scenario(TWO, start=False).id("A"), "st"), [die])
    g = sc.match.state
    a = sc.p("A")
    g.place(a, sc.sq(1, 1))
    if played:
        g.pflags[a] |= PF_PLAYED
    g.done = False  # (the scenario's stack had run out)
    g.stack.append(EndDrive())
    run(g)
    return sc


def test_you_dope_one_or_two_after_a_drive_and_the_player_misses_the_match() -> None:
    sc = _end_drive_with_dope(2)
    g = sc.match.state
    a = sc.p("A")
    assert g.box[a] == SENT_OFF
    assert g.pos[a] == -1
    assert g.sent_off_ids == []  # out of the match, not Sent-off
    assert DOPED[0] not in g.effects
    assert _induced(sc)[-1] == (
        "you_dope",
        "home",
        sc.id("A"),
        (2,),
        "misses_rest_of_match",
    )
    assert a not in available_players(g, 0)


def test_you_dope_three_after_a_drive_and_the_player_feels_amazing() -> None:
    sc = _end_drive_with_dope(3)
    g = sc.match.state
    a = sc.p("A")
    assert g.box[a] == RESERVES
    assert g.st[a] == 4
    assert g.effects[DOPED[0]] == a  # rolls again after the next drive
    assert _induced(sc)[-1] == ("you_dope", "home", sc.id("A"), (3,), "feels_amazing")


def test_you_dope_no_roll_after_a_drive_the_player_took_no_part_in() -> None:
    # No die is scripted: a roll would raise DiceExhausted.
    sc = _end_drive_with_dope(1, played=False)
    assert sc.match.state.box[sc.p("A")] == RESERVES
    assert _induced(sc)[-1][4] == "+1 ST"


# --- 2 Razzle-dazzle ----------------------------------------------------------------

RAZZLE = """
    ......
    .A..b.
    ......
"""


def _move_then(sc: Scenario, declare: str) -> None:
    sc.act("A", "move")
    assert sc.match.pending.kind == "desperate_declare"
    assert sc.match.pending.options == (("razzle_dazzle",), ("done",))
    sc.choose(declare)
    sc.move(2, 1)
    sc.move(3, 1)
    sc.choose("end")


def test_razzle_dazzle_a_move_then_a_block() -> None:
    sc = _holding(RAZZLE, home=(2,), dice=["pow", 4, 4])
    _move_then(sc, "razzle_dazzle")
    d = sc.match.pending
    a = sc.id("A")
    # After a Move action only an action with no Move in it may follow.
    assert (d.kind, d.options) == (
        "desperate_second_action",
        (("activate", a, "block"), ("done",)),
    )
    sc.choose("activate", a, "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(5, 1))
    sc.choose("stay")
    g = sc.match.state
    assert g.status[sc.p("b")] == PRONE
    assert LEFT[0] not in g.effects
    assert [r[4] for r in _induced(sc)] == ["declared with move", "second action block"]


def test_without_razzle_dazzle_the_activation_ends_after_one_action() -> None:
    sc = _holding(RAZZLE, home=(2,), dice=[])
    _move_then(sc, "done")
    assert sc.match.pending.kind == "activate"
    assert LEFT[0] in sc.match.state.effects  # still held


def test_razzle_dazzle_a_block_then_a_move_with_full_movement() -> None:
    sc = _holding(
        """
        .....
        .Ab..
        .....
    """,
        home=(2,),
        dice=["push"],
    )
    sc.act("A", "block")
    sc.choose("razzle_dazzle")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))
    sc.choose("stay")
    d = sc.match.pending
    a = sc.id("A")
    assert d.kind == "desperate_second_action"
    assert ("activate", a, "move") in d.options
    assert ("activate", a, "blitz") in d.options
    assert ("activate", a, "block") not in d.options
    sc.choose("activate", a, "move")
    g = sc.match.state
    assert g.act_ma_used == 0
    # six squares of MA 6 then two Rushes: the seventh square asks a Rush
    assert sc.match.pending.kind == "move"


def test_second_action_rules() -> None:
    assert second_action_allowed("move", "block")
    assert second_action_allowed("block", "blitz")
    assert second_action_allowed("throw_bomb", "chainsaw")
    assert not second_action_allowed("block", "block")
    assert not second_action_allowed("block", "projectile_vomit")
    assert not second_action_allowed("move", "blitz")
    assert not second_action_allowed("pass", "hand_off")


# --- 3 Hangover ------------------------------------------------------------------

HANG = """
    .....
    .Ab..
    ..c..
"""


def test_hangover_keeps_a_random_opponent_out_of_the_first_drive() -> None:
    # D16 against the away list (b = 1st, c = 2nd): 2 picks c.
    sc = _holding(HANG, home=(3,), start=False, dice=[2])
    _to_reserves(sc)
    g = sc.match.state
    g.stack.append(FirstDriveMeasures())
    run(g)
    assert available_players(g, 1) == [sc.p("b")]
    assert _induced(sc) == [("hangover", "home", sc.id("c"), (), "misses_first_drive")]
    assert LEFT[0] not in g.effects


def test_without_hangover_both_opponents_set_up() -> None:
    sc = _holding(HANG, home=(4,), start=False, dice=[])
    _to_reserves(sc)
    g = sc.match.state
    g.stack.append(FirstDriveMeasures())
    run(g)
    assert available_players(g, 1) == [sc.p("b"), sc.p("c")]


# --- 4 Grudge Match ----------------------------------------------------------------

GRUDGE = """
    .....
    .Ab..
    .Bc..
"""


def _grudge(choice: str) -> Scenario:
    # Foul armour rolls 2+3 (+1 assist) = 6: not broken, no double.
    sc = _holding(GRUDGE, home=(4,), prone="bc", dice=[2, 3, 2, 3])
    assert sc.match.pending.kind == "desperate_grudge_match"
    assert sc.match.pending.options == (("grudge_match",), ("done",))
    sc.choose(choice)
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    return sc


def test_grudge_match_allows_a_second_foul_this_turn() -> None:
    sc = _grudge("grudge_match")
    assert ("activate", sc.id("B"), "foul") in sc.match.pending.options
    sc.act("B", "foul", "c")
    sc.choose("foul", sc.id("c"))
    assert _induced(sc) == [("grudge_match", "home", -1, (), "any_number_of_fouls")]


def test_without_grudge_match_one_foul_per_turn() -> None:
    sc = _grudge("done")
    assert ("activate", sc.id("B"), "foul") not in sc.match.pending.options
    assert LEFT[0] in sc.match.state.effects


def test_grudge_match_lasts_one_team_turn() -> None:
    sc = _grudge("grudge_match")
    g = sc.match.state
    sc.choose("end_turn")
    g.done = False
    g.stack.append(Turn(0))  # the team's next turn: one Foul again
    run(g)
    assert sc.match.pending.kind == "activate"  # not offered again
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    assert ("activate", sc.id("B"), "foul") not in sc.match.pending.options


# --- 5 Set Piece --------------------------------------------------------------------

PASS = """
    A....B
    ......
    .....c
"""


def test_set_piece_pass_is_accurate_and_caught_without_a_roll() -> None:
    # No dice are scripted: a Passing or Catch test would raise.
    sc = _holding(PASS, home=(5,), ball="A", dice=[])
    sc.act("A", "pass")
    assert sc.match.pending.options == (("set_piece",), ("done",))
    sc.choose("set_piece")
    sc.choose("throw")
    sc.choose("square", sc.sq(5, 0))
    g = sc.match.state
    assert g.carrier == sc.p("B")
    assert [(p.range, p.result) for p in sc.events(Pass)] == [("short", "accurate")]
    assert [c.player for c in sc.events(BallCaught)] == [sc.id("B")]
    assert not [r for r in sc.events(Roll) if r.purpose in ("pass", "catch")]
    assert sc.events(Turnover) == []
    assert _induced(sc) == [
        ("set_piece", "home", sc.id("A"), (), "declared"),
        ("set_piece", "home", sc.id("A"), (), "accurate_without_a_roll"),
        ("set_piece", "home", sc.id("B"), (), "caught_without_a_roll"),
    ]


def test_without_set_piece_the_same_pass_is_rolled_and_fumbled() -> None:
    sc = _holding(PASS, home=(5,), ball="A", dice=[1, 4])
    sc.act("A", "pass")
    sc.choose("done")
    sc.choose("throw")
    sc.choose("square", sc.sq(5, 0))
    assert [p.result for p in sc.events(Pass)] == ["fumble"]
    assert sc.events(Turnover)


def test_set_piece_is_only_offered_for_a_pass_action() -> None:
    sc = _holding(PASS, home=(5,), ball="A", dice=[])
    sc.act("A", "move")
    assert sc.match.pending.kind == "move"


# --- 6 Sports Espionage ----------------------------------------------------------------

MARKED = """
    .....
    .Ab..
    .....
"""


def _fall_once(sc: Scenario) -> None:
    # Dodge away from b: 1 fails; armour 2+2 holds.
    sc.act("A", "move")
    sc.move(0, 1)


def test_sports_espionage_gives_a_team_reroll_at_the_first_turnover() -> None:
    sc = _holding(MARKED, home=(6,), dice=[1, 2, 2])
    _fall_once(sc)
    g = sc.match.state
    assert g.rerolls[0] == 1
    assert _induced(sc) == [("sports_espionage", "home", -1, (), "free_team_reroll")]
    assert LEFT[0] not in g.effects


def test_without_sports_espionage_a_turnover_gives_nothing() -> None:
    sc = _holding(MARKED, home=(5,), dice=[1, 2, 2])
    _fall_once(sc)
    assert sc.match.state.rerolls[0] == 0


def test_sports_espionage_is_not_played_when_the_turn_ends_without_turnover() -> None:
    sc = _holding(MARKED, home=(6,), dice=[])
    sc.choose("end_turn")
    assert sc.match.state.rerolls[0] == 0
    assert LEFT[0] in sc.match.state.effects


# --- 7 Discarded Banana Skin -----------------------------------------------------------

BANANA = """
    A....
    .....
    ...b.
"""


def test_banana_skin_makes_the_mover_fall_over() -> None:
    # A steps next to b: the away coach plays it; armour 2+2 holds.
    sc = _holding(BANANA, away=(7,), dice=[2, 2])
    sc.act("A", "move")
    sc.move(1, 1)  # not next to b: nothing offered
    assert sc.match.pending.kind == "move"
    sc.move(2, 1)
    d = sc.match.pending
    assert (d.team, d.kind, d.options) == (
        "away",
        "desperate_banana_skin",
        (("banana_skin", sc.id("A")), ("done",)),
    )
    sc.choose("banana_skin", sc.id("A"))
    g = sc.match.state
    assert g.status[sc.p("A")] == PRONE
    assert [(t.team, t.reason) for t in sc.events(Turnover)] == [("home", "fall")]
    assert _induced(sc) == [("banana_skin", "away", sc.id("A"), (), "falls_over")]
    assert LEFT[1] not in g.effects


def test_banana_skin_held_and_the_mover_goes_on() -> None:
    sc = _holding(BANANA, away=(7,), dice=[])
    sc.act("A", "move")
    sc.move(1, 1)
    sc.move(2, 1)
    sc.choose("done")
    g = sc.match.state
    assert g.status[sc.p("A")] == STANDING
    assert sc.match.pending.kind == "move"
    assert LEFT[1] in g.effects


def test_no_banana_skin_without_the_measure() -> None:
    sc = _holding(BANANA, away=(6,), dice=[])
    sc.act("A", "move")
    sc.move(1, 1)
    sc.move(2, 1)
    assert sc.match.pending.kind == "move"


# --- 8 Magic Scroll ------------------------------------------------------------------


def test_magic_scroll_gives_the_team_a_hireling_sports_wizard() -> None:
    sc = _holding(MARKED, away=(8,), start=False)
    g = sc.match.state
    assert g.sheets[1].wizard
    assert not g.sheets[0].wizard
    g.effects[TURN_ENDED] = True
    assert wizard_proc(g, 0) is not None  # cast before the home turn
    assert _induced(sc) == [("magic_scroll", "away", -1, (), "hireling_sports_wizard")]


def test_without_magic_scroll_no_wizard() -> None:
    sc = _holding(MARKED, away=(7,), start=False)
    g = sc.match.state
    g.effects[TURN_ENDED] = True
    assert wizard_proc(g, 0) is None


# --- the bots and whole games -----------------------------------------------------------


def test_scripted_bot_choices() -> None:
    sc = _holding(TWO, home=(1,), start=False, stats={"B": {"st": 4}})
    g = sc.match.state
    b = sc.id("B")
    dope = Decision(
        "home",
        "desperate_you_dope",
        (("you_dope", sc.id("A"), "st"), ("you_dope", b, "st"), ("done",)),
    )
    assert bot_choices.you_dope(None, dope, g) == ("you_dope", b, "st")
    blitz = Decision(
        "home", "desperate_declare", (("razzle_dazzle",), ("done",)), info=("blitz",)
    )
    move = Decision(
        "home", "desperate_declare", (("razzle_dazzle",), ("done",)), info=("move",)
    )
    assert bot_choices.declare(None, blitz, g) == ("razzle_dazzle",)
    assert bot_choices.declare(None, move, g) == ("done",)
    grudge = Decision("home", "desperate_grudge_match", (("grudge_match",), ("done",)))
    assert bot_choices.grudge_match(None, grudge, g) == ("done",)
    c = sc.p("c")
    banana = Decision(
        "away", "desperate_banana_skin", (("banana_skin", sc.id("c")), ("done",))
    )
    assert bot_choices.banana_skin(None, banana, g) == ("done",)
    g.carrier = c
    assert bot_choices.banana_skin(None, banana, g) == ("banana_skin", sc.id("c"))


@pytest.mark.parametrize("bot", ["random", "scripted"])
def test_whole_games_play_every_measure_legally(bot: str) -> None:
    seen: set[str] = set()
    for seed in range(4):
        home = replace(
            default_team_sheet("human", "sevens", first_id=1),
            desperate_measures=(1, 2, 3, 4, 5),
        )
        away = replace(
            default_team_sheet("orc", "sevens", first_id=101),
            desperate_measures=(6, 7, 8, 2, 5),
        )
        m = Match("sevens", home, away, RandomDice(seed))
        play(m, make_bot(bot, seed), make_bot(bot, seed + 1))
        assert m.done
        seen |= {e.what for e in m.events if isinstance(e, Induced)}
    # played by the engine in every game, whatever the bots
    assert {"hangover", "magic_scroll", "you_dope"} <= seen


def test_a_measure_cannot_be_played_twice() -> None:
    # Banana Skin played on A; in the next home turn B steps next to b too.
    sc = _holding(
        """
    A....
    .....
    ...b.
    B....
    """,
        away=(7,),
        dice=[2, 2],
    )
    sc.act("A", "move")
    sc.move(1, 1)
    sc.move(2, 1)
    sc.choose("banana_skin", sc.id("A"))
    g = sc.match.state
    assert LEFT[1] not in g.effects
    g.done = False
    g.stack.append(Turn(0))
    run(g)
    sc.act("B", "move")
    sc.move(1, 3)
    sc.move(2, 3)
    assert sc.match.pending.kind == "move"


@pytest.mark.parametrize("results", [(1, 1), (0,), (9,), (1, 2, 3, 4, 5, 6)])
def test_a_sheet_with_impossible_results_is_refused(results: tuple[int, ...]) -> None:
    home = replace(
        default_team_sheet("human", "sevens", first_id=1), desperate_measures=results
    )
    away = default_team_sheet("orc", "sevens", first_id=101)
    with pytest.raises(RuleError):
        Match("sevens", home, away, RandomDice(1))


@pytest.mark.parametrize("fmt", ["bb2020", "classic"])
def test_a_format_without_desperate_measures_refuses_a_sheet_with_them(
    fmt: str,
) -> None:
    # Desperate Measures are a Sevens inducement: another format refuses
    # the sheet rather than play the match without them.
    home = replace(
        default_team_sheet("human", fmt, first_id=1), desperate_measures=(4,)
    )
    away = default_team_sheet("orc", fmt, first_id=101)
    with pytest.raises(RuleError, match="Desperate Measures are not played in"):
        Match(fmt, home, away, RandomDice(1))


def test_a_set_piece_pass_can_still_be_intercepted() -> None:
    # c stands under the ruler: interference 6 (AG 3+, -3 accurate: 3+ wins
    # on a 6), then the interception catch 6.
    sc = _holding(
        """
    A.c.B
    """,
        home=(5,),
        ball="A",
        dice=[6, 6],
    )
    sc.act("A", "pass")
    sc.choose("set_piece")
    sc.choose("throw")
    sc.choose("square", sc.sq(4, 0))
    d = sc.match.pending
    assert (d.team, d.kind) == ("away", "interfere")
    sc.choose("interfere", sc.id("c"))
    g = sc.match.state
    assert g.carrier == sc.p("c")
    assert [t.reason for t in sc.events(Turnover)] == ["interception"]
    assert not sc.events(BallCaught)
