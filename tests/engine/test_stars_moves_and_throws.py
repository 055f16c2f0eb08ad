"""Star Players' special rules on movement, passing, throwing and armour
(engine/skills/stars/moving.py, passing.py, secret_weapons.py,
armour_and_injury.py; scripted dice; the stars' real profiles from the
rules data): Burst of Speed, Bounding Leap, Shot to Nothing, Blast It!,
Yoink!, Reliable, Whirling Dervish, Old Pro."""

from __future__ import annotations

from typing import Any

from engine.core.events import (
    Armour,
    BallMove,
    Injury,
    Interference,
    Landing,
    Move,
    Reroll,
    Roll,
    Turnover,
)
from engine.core.state import PRONE, STANDING
from engine.skills.stars import limits as SR
from engine.skills.stars.passing import has_hail_mary
from engine.tools.scenario import Scenario
from tests.engine.test_stars_rerolls import rolls, scenario, star, used

# -- Burst of Speed (Roxanna) ------------------------------------------------

RUN = "A............"


def _run(sc: Scenario, squares: int) -> None:
    sc.act("A", "move")
    for x in range(1, squares + 1):
        sc.move(x, 0)


def test_burst_of_speed_a_third_rush() -> None:
    # MA 8: squares 9 and 10 are Rushes, square 11 a third one (2+ each).
    sc = scenario(RUN, "roxanna-darknail", dice=[3, 3, 3])
    _run(sc, 10)
    assert ("move", sc.sq(11, 0)) in sc.match.pending.options
    assert used(sc, "burst-of-speed") == 0
    sc.move(11, 0)
    assert used(sc, "burst-of-speed") == 1
    assert len(rolls(sc, "rush")) == 3
    assert sc.xy("A") == (11, 0)
    assert sc.match.pending.options == (("end",),)


def test_burst_of_speed_once_per_game() -> None:
    sc = scenario(RUN, "roxanna-darknail", dice=[3, 3])
    SR.spend(sc.match.state, sc.p("A"), "burst-of-speed")
    _run(sc, 10)
    assert sc.match.pending.options == (("end",),)


def test_two_rushes_without_burst_of_speed() -> None:
    sc = scenario(RUN, "roxanna-darknail", rule=False, dice=[3, 3])
    _run(sc, 10)
    assert sc.match.pending.options == (("end",),)


# -- Bounding Leap (Rowana) ----------------------------------------------------

LEAP = """
    .b...
    .A..c
    .....
"""


def _leap(sc: Scenario) -> None:
    sc.act("A", "move")
    sc.choose("leap", sc.sq(3, 1))


def test_bounding_leap_ignores_negative_modifiers_and_rerolls() -> None:
    # AG 3+, Marked in both squares: -1. Declared: no modifier; 2 fails,
    # the free re-roll 3 passes (3 - 1 would have failed).
    sc = scenario(LEAP, "rowana-forestfoot", dice=[2, 3])
    _leap(sc)
    d = sc.match.pending
    assert (d.kind, d.options) == (
        "use_skill",
        (("use", "bounding-leap"), ("decline",)),
    )
    sc.choose("use", "bounding-leap")
    assert rolls(sc, "leap") == [((2,), 3, 0, False, False), ((3,), 3, 0, True, True)]
    assert any(e.source == "bounding-leap" for e in sc.events(Reroll))
    assert sc.xy("A") == (3, 1)
    assert sc.match.state.status[sc.p("A")] == STANDING


def test_bounding_leap_declined_the_leap_is_as_usual() -> None:
    sc = scenario(LEAP, "rowana-forestfoot", dice=[3, 2, 2])
    _leap(sc)
    sc.choose("decline")
    assert rolls(sc, "leap") == [((3,), 3, -1, False, False)]
    assert sc.match.state.status[sc.p("A")] == PRONE
    assert SR.ready(sc.match.state, sc.p("A"), "bounding-leap")


def test_bounding_leap_once_per_game_and_only_hers() -> None:
    for rule in (True, False):
        sc = scenario(LEAP, "rowana-forestfoot", rule=rule, dice=[3, 2, 2])
        if rule:
            SR.spend(sc.match.state, sc.p("A"), "bounding-leap")
        _leap(sc)
        assert rolls(sc, "leap") == [((3,), 3, -1, False, False)]
        assert sc.match.state.status[sc.p("A")] == PRONE


# -- Shot to Nothing (Gloriel) -------------------------------------------------

THROWER = """
    A..B..
    ......
"""


def _hail(sc: Scenario) -> list[Any]:
    return [o for o in sc.match.pending.options if o[0] == "hail_mary"]


def test_shot_to_nothing_gives_hail_mary_pass_for_the_action() -> None:
    sc = scenario(THROWER, "gloriel-summerbloom", ball="A")
    sc.act("A", "pass")
    d = sc.match.pending
    assert (d.kind, d.options) == (
        "use_skill",
        (("use", "shot-to-nothing"), ("decline",)),
    )
    sc.choose("use", "shot-to-nothing")
    assert used(sc, "shot-to-nothing") == 1
    sc.choose("throw")
    far = sc.sq(0, 0) + 20  # 20 squares away: out of any range
    assert ("hail_mary", far) in _hail(sc)


def test_shot_to_nothing_declined_no_hail_mary() -> None:
    sc = scenario(THROWER, "gloriel-summerbloom", ball="A")
    sc.act("A", "pass")
    sc.choose("decline")
    sc.choose("throw")
    assert _hail(sc) == []
    assert SR.ready(sc.match.state, sc.p("A"), "shot-to-nothing")


def test_shot_to_nothing_once_per_game_and_only_hers() -> None:
    for rule in (True, False):
        sc = scenario(THROWER, "gloriel-summerbloom", rule=rule, ball="A")
        if rule:
            SR.spend(sc.match.state, sc.p("A"), "shot-to-nothing")
        sc.act("A", "pass")
        assert sc.match.pending.kind == "move"
        sc.choose("throw")
        assert _hail(sc) == []


def test_shot_to_nothing_lasts_one_activation() -> None:
    sc = scenario(THROWER, "gloriel-summerbloom", ball="A")
    sc.act("A", "pass")
    sc.choose("use", "shot-to-nothing")
    g = sc.match.state
    assert SR.ready(g, sc.p("A"), "shot-to-nothing") is False
    assert has_hail_mary(g, sc.p("A"))
    g.activations += 1  # a later activation
    assert not has_hail_mary(g, sc.p("A"))


# -- Blast It! (Barik) -----------------------------------------------------------

HAIL = """
    A.....B
    .......
"""


def _blast(sc: Scenario) -> None:
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("hail_mary", sc.sq(6, 0))


def _catch(sc: Scenario) -> list[Any]:
    return [
        (e.dice, e.modifier, e.success) for e in sc.events(Roll) if e.purpose == "catch"
    ]


def test_blast_it_rerolls_the_scatter_and_helps_the_catch() -> None:
    # Hail Mary (2+): 4. Scatter left x3 to (3, 0); Blast It! re-rolls it:
    # right, down-left, up: back on B at (6, 0). B catches on a 3: -1 for an
    # inaccurate pass, +1 Blast It!.
    sc = scenario(HAIL, "barik-farblast", ball="A", dice=[4, 4, 4, 4, 5, 6, 2, 3])
    _blast(sc)
    d = sc.match.pending
    assert d.options == (
        ("use", "blast-it", "reroll"),
        ("use", "blast-it", "keep"),
        ("decline",),
    )
    sc.choose("use", "blast-it", "reroll")
    scatter = [e.dst for e in sc.events(BallMove) if e.how == "scatter"]
    assert scatter[2] == sc.sq(3, 0)
    assert scatter[-1] == sc.sq(6, 0)
    assert _catch(sc) == [((3,), 0, True)]
    assert sc.match.state.carrier == sc.p("B")


def test_blast_it_kept_scatter_still_helps_the_catch() -> None:
    sc = scenario(HAIL, "barik-farblast", ball="A", dice=[4, 5, 6, 2, 3])
    _blast(sc)
    sc.choose("use", "blast-it", "keep")
    assert _catch(sc) == [((3,), 0, True)]
    assert used(sc, "blast-it") == 1


def test_blast_it_once_per_game_and_only_his() -> None:
    for rule in (True, False):
        sc = scenario(
            HAIL, "barik-farblast", rule=rule, ball="A", dice=[4, 5, 6, 2, 3, 5]
        )
        if rule:
            SR.spend(sc.match.state, sc.p("A"), "blast-it")
        _blast(sc)
        assert _catch(sc) == [((3,), -1, False)]


# -- Yoink! (Scrappa) ------------------------------------------------------------

INTERFERE = """
    A.a.B
    .....
"""


def _yoink(dice: list[int], *, rule: bool = True, spent: bool = False) -> Scenario:
    """Scrappa (``a``) stands under the ruler of a Short pass from A to B."""
    st, sk = star("scrappa-sorehead", rule)
    sc = Scenario(INTERFERE, stats={"a": st}, skills={"a": sk}, ball="A", dice=dice)
    if spent:
        SR.spend(sc.match.state, sc.p("a"), "yoink")
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.sq(4, 0))
    return sc


def test_yoink_intercepts_on_two() -> None:
    # Short pass (-1), PA 4+: 5 accurate. Yoink! 2: intercepted, no test.
    sc = _yoink([5, 2])
    a = sc.id("a")
    assert sc.match.pending.options == (
        ("interfere", a),
        ("interfere_yoink", a),
        ("none",),
    )
    sc.choose("interfere_yoink", a)
    assert rolls(sc, "yoink") == [((2,), 2, 0, True, False)]
    assert rolls(sc, "interference") == []
    assert sc.events(Interference)[-1].result == "interception"
    assert sc.match.state.carrier == sc.p("a")
    assert sc.events(Turnover)[0].reason == "interception"


def test_yoink_on_one_the_interference_test_is_made() -> None:
    # Yoink! 1; the test (AG 3+, -3 for an accurate pass) 1 fails; B
    # catches on a 4.
    sc = _yoink([5, 1, 1, 4])
    sc.choose("interfere_yoink", sc.id("a"))
    assert rolls(sc, "interference") == [((1,), 3, -3, False, False)]
    assert sc.match.state.carrier == sc.p("B")
    assert not SR.ready(sc.match.state, sc.p("a"), "yoink")


def test_yoink_once_per_game_and_only_his() -> None:
    for sc in (_yoink([5], spent=True), _yoink([5], rule=False)):
        assert sc.match.pending.options == (("interfere", sc.id("a")), ("none",))


# -- Reliable (Deeproot) ---------------------------------------------------------

TTM = """
    AB....
    ......
"""


def _fumble(rule: bool, dice: list[int]) -> Scenario:
    sc = scenario(
        TTM,
        "deeproot-strongbranch",
        rule=rule,
        skills={"B": ["right-stuff"]},
        stats={"B": {"st": 2}},
        dice=dice,
    )
    sc.act("A", "throw_team_mate")
    sc.choose("throw_tm", sc.id("B"))
    sc.choose("square", sc.sq(3, 0))
    return sc


def test_reliable_a_fumbled_team_mate_lands_safely() -> None:
    # 1: fumbled. B bounces down (D8 7) from Deeproot's square to (0, 1)
    # and lands with no Landing test.
    sc = _fumble(True, [1, 7])
    assert [(e.dst, e.how) for e in sc.events(Move)] == [(sc.sq(0, 1), "dropped")]
    assert rolls(sc, "landing") == []
    assert sc.events(Landing)[0].ok
    assert sc.match.state.status[sc.p("B")] == STANDING
    assert used(sc, "reliable") == 1


def test_reliable_has_no_limit() -> None:
    sc = scenario(TTM, "deeproot-strongbranch", dice=[])
    for _ in range(2):
        SR.spend(sc.match.state, sc.p("A"), "reliable")
    assert SR.ready(sc.match.state, sc.p("A"), "reliable")


def test_fumble_without_reliable_needs_a_landing_test() -> None:
    # The Landing test: AG 3+, -1 (fumbled): 3 - 1 fails; B falls.
    sc = _fumble(False, [1, 7, 3, 2, 2])
    assert rolls(sc, "landing") == [((3,), 3, -1, False, False)]
    assert sc.match.state.status[sc.p("B")] == PRONE


# -- Whirling Dervish (Fungus) ---------------------------------------------------

CHAIN = """
    A....
    .....
    .....
"""


def test_whirling_dervish_rerolls_the_direction_once_per_activation() -> None:
    # Facing right: 3 would go straight on; re-rolled 5 goes down-right.
    # The next square: 3 straight on, no second re-roll.
    sc = scenario(CHAIN, "fungus-the-loon", dice=[3, 5, 3])
    sc.act("A", "ball_and_chain")
    sc.choose("facing", 1, 0)
    d = sc.match.pending
    assert (d.kind, d.options, d.info) == (
        "use_skill",
        (("use", "whirling-dervish"), ("decline",)),
        ("whirling-dervish", 3),
    )
    sc.choose("use", "whirling-dervish")
    assert sc.xy("A") == (1, 1)
    sc.choose("facing", 1, 0)
    assert sc.match.pending.kind == "ball_and_chain"
    assert sc.xy("A") == (2, 1)
    assert used(sc, "whirling-dervish") == 1


def test_whirling_dervish_declined_keeps_the_die() -> None:
    sc = scenario(CHAIN, "fungus-the-loon", dice=[3])
    sc.act("A", "ball_and_chain")
    sc.choose("facing", 1, 0)
    sc.choose("decline")
    assert sc.xy("A") == (1, 0)


def test_whirling_dervish_back_in_the_next_activation() -> None:
    sc = scenario(CHAIN, "fungus-the-loon", dice=[3])
    g = sc.match.state
    SR.spend(g, sc.p("A"), "whirling-dervish")  # in an earlier activation
    sc.act("A", "ball_and_chain")
    sc.choose("facing", 1, 0)
    assert sc.match.pending.kind == "use_skill"


def test_ball_and_chain_without_whirling_dervish() -> None:
    sc = scenario(CHAIN, "fungus-the-loon", rule=False, dice=[3])
    sc.act("A", "ball_and_chain")
    sc.choose("facing", 1, 0)
    assert sc.match.pending.kind == "ball_and_chain"
    assert sc.xy("A") == (1, 0)


# -- Old Pro (Helmut) ------------------------------------------------------------


def _pow(rule: bool, dice: list[Any]) -> Scenario:
    sc = scenario(".Ab.", "helmut-wulf", rule=rule, dice=["pow", *dice])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("no_reroll")
    sc.choose("square", sc.sq(3, 0))
    sc.choose("stay")
    return sc


def _armour(sc: Scenario) -> list[Any]:
    return [(e.dice, e.broken) for e in sc.events(Armour)]


def test_old_pro_rerolls_one_armour_die() -> None:
    # 3 + 4 = 7 against AV 9+: not broken. Old Pro on the 3: Pro 3+ (3),
    # re-rolled 6: 6 + 4 = 10, broken; injury 3 + 3: Stunned.
    sc = _pow(True, [3, 4, 3, 6, 3, 3])
    d = sc.match.pending
    assert (d.kind, d.options) == (
        "use_skill",
        (("use", "old-pro", 0), ("use", "old-pro", 1), ("decline",)),
    )
    sc.choose("use", "old-pro", 0)
    assert _armour(sc) == [((3, 4), False), ((6, 4), True)]
    assert rolls(sc, "pro") == [((3,), 3, 0, True, False)]
    assert used(sc, "old-pro") == 1


def test_old_pro_failed_pro_roll_keeps_the_armour() -> None:
    sc = _pow(True, [3, 4, 2])
    sc.choose("use", "old-pro", 0)
    assert _armour(sc) == [((3, 4), False)]
    assert not SR.ready(sc.match.state, sc.p("A"), "old-pro")


def test_old_pro_not_when_the_armour_broke_or_once_used() -> None:
    broke = _pow(True, [5, 4, 3, 3])
    assert _armour(broke) == [((5, 4), True)]
    assert broke.match.pending.kind != "use_skill"
    spent = scenario(".Ab.", "helmut-wulf", dice=["pow", 3, 4])
    SR.spend(spent.match.state, spent.p("A"), "old-pro")
    spent.act("A", "block")
    spent.choose("block", spent.id("b"))
    spent.choose("no_reroll")
    spent.choose("square", spent.sq(3, 0))
    spent.choose("stay")
    assert spent.match.pending.kind != "use_skill"


def test_pro_alone_does_not_reroll_armour() -> None:
    sc = _pow(False, [3, 4])
    assert _armour(sc) == [((3, 4), False)]
    assert sc.match.pending.kind != "use_skill"


def test_old_pro_on_his_chainsaw_attack_armour_roll() -> None:
    # star_players.md, Old Pro: "Helmut can apply his Pro skill to a single
    # die of an Armour roll": his Chainsaw Attack's Armour roll is one.
    # D6 3 hits b; armour 2 + 3 + 3 = 8 against AV 9+: not broken. Old Pro
    # on the 2: Pro 3+ (4), re-rolled 5: 5 + 3 + 3 = 11, broken; injury
    # 4 + 3 = 7, unmodified: Stunned.
    sc = scenario(".Ab.", "helmut-wulf", dice=[3, 2, 3, 4, 5, 4, 3])
    sc.act("A", "chainsaw")
    sc.choose("chainsaw", sc.id("b"))
    d = sc.match.pending
    assert (d.kind, d.options) == (
        "use_skill",
        (("use", "old-pro", 0), ("use", "old-pro", 1), ("decline",)),
    )
    sc.choose("use", "old-pro", 0)
    assert [(e.dice, e.modifier, e.broken) for e in sc.events(Armour)] == [
        ((2, 3), 3, False),
        ((5, 3), 3, True),
    ]
    assert rolls(sc, "pro") == [((4,), 3, 0, True, False)]
    assert [(e.modifier, e.result) for e in sc.events(Injury)] == [(0, "stunned")]
    assert sc.match.state.status[sc.p("b")] != STANDING
    assert used(sc, "old-pro") == 1


def test_old_pro_on_his_chainsaw_kick_back() -> None:
    # A 1 kicks back: his own armour, 5 + 4 + 3 = 12, breaks AV 9+. Old Pro
    # on the 5: Pro 3+ (3), re-rolled 1: 1 + 4 + 3 = 8, not broken.
    sc = scenario(".Ab.", "helmut-wulf", dice=[1, 5, 4, 3, 1])
    sc.act("A", "chainsaw")
    sc.choose("chainsaw", sc.id("b"))
    sc.choose("no_reroll")
    d = sc.match.pending
    assert (d.kind, d.options[-1], d.info[0]) == ("use_skill", ("decline",), "old-pro")
    sc.choose("use", "old-pro", 0)
    assert [(e.dice, e.modifier, e.broken) for e in sc.events(Armour)] == [
        ((5, 4), 3, True),
        ((1, 4), 3, False),
    ]
    assert sc.events(Injury) == []
    assert used(sc, "old-pro") == 1


def test_old_pro_declined_on_a_chainsaw_attack() -> None:
    # Declined: the Armour roll 2 + 3 + 3 = 8 stands, b is untouched.
    sc = scenario(".Ab.", "helmut-wulf", dice=[3, 2, 3])
    sc.act("A", "chainsaw")
    sc.choose("chainsaw", sc.id("b"))
    sc.choose("decline")
    assert [(e.dice, e.broken) for e in sc.events(Armour)] == [((2, 3), False)]
    assert sc.match.state.status[sc.p("b")] == STANDING
    assert SR.ready(sc.match.state, sc.p("A"), "old-pro")
