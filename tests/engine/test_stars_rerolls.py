"""Star Players' special rules that act on a roll
(engine/skills/stars/rerolls.py; scripted dice; the stars' real profiles
from the rules data): Blind Rage, Mesmerising
Dance, The Ballista, Consummate Professional, Halfling Luck, Thinking
Man's Troll, Incorporeal, Strong Passing Game, Swift as the Breeze."""

from __future__ import annotations

from typing import Any

from engine.campaign.stars import STAR_ID_BASE, star_sheets
from engine.core.dice import BOTH_DOWN, PLAYER_DOWN, POW, PUSH
from engine.core.events import Block, Pass, Reroll, Roll, SkillUsed
from engine.core.rules_data import rules_data
from engine.core.state import PRONE, STANDING
from engine.skills.stars import limits as SR
from engine.tools.scenario import Scenario


def star(slug: str, rule: bool = True) -> tuple[dict[str, int], list[Any]]:
    """(stats, skills) of a star's real profile; ``rule=False`` leaves his
    special rule out (the same player without it)."""
    sp = rules_data("bb2020").star_players[slug]
    m = sp.members[0]
    stats = {"ma": m.ma, "st": m.st, "ag": m.ag, "pa": m.pa, "av": m.av}
    skills: list[Any] = [(s.skill, s.param) for s in m.skills]
    if rule:
        skills.append(sp.rule_slug)
    return stats, skills


def scenario(diagram: str, slug: str, *, rule: bool = True, **kw: Any) -> Scenario:
    """A Scenario where player ``A`` is the star ``slug``."""
    stats, skills = star(slug, rule)
    kw_stats = dict(kw.pop("stats", {}))
    kw_skills = dict(kw.pop("skills", {}))
    kw_stats["A"] = stats
    kw_skills["A"] = skills
    return Scenario(diagram, stats=kw_stats, skills=kw_skills, **kw)


def rolls(sc: Scenario, purpose: str) -> list[tuple[Any, ...]]:
    return [
        (e.dice, e.target, e.modifier, e.success, e.rerolled)
        for e in sc.events(Roll)
        if e.purpose == purpose
    ]


def used(sc: Scenario, slug: str) -> int:
    return sum(1 for e in sc.events(SkillUsed) if e.skill == slug)


def test_star_sheets_carry_the_registered_rules() -> None:
    sp = rules_data("bb2020").star_players["griff-oberwald"]
    (sheet,) = star_sheets(sp, first_id=STAR_ID_BASE, first_number=20)
    assert ("consummate-professional", None) in sheet.skills


# -- Blind Rage (Akhorne) ----------------------------------------------------


def test_blind_rage_rerolls_a_failed_dauntless_roll() -> None:
    # ST 1 against ST 3: Dauntless needs 3+ (D6 + 1 > 3). 2 fails, the
    # re-roll 5 passes: one die (3 against 3).
    sc = scenario(".Ab.", "akhorne-the-squirrel", dice=[2, 5, "push"])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    assert sc.match.pending.options == (("star", "blind-rage"), ("no_reroll",))
    sc.choose("star", "blind-rage")
    assert rolls(sc, "dauntless") == [
        ((2,), 3, 0, False, False),
        ((5,), 3, 0, True, True),
    ]
    blk = sc.events(Block)[0]
    assert (blk.st_attacker, blk.st_defender, blk.dice) == (3, 3, (3,))
    assert any(e.source == "blind-rage" for e in sc.events(Reroll))


def test_blind_rage_has_no_limit() -> None:
    sc = scenario(".Ab.", "akhorne-the-squirrel", dice=[2])
    g = sc.match.state
    for _ in range(3):
        SR.spend(g, sc.p("A"), "blind-rage")
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    assert ("star", "blind-rage") in sc.match.pending.options


def test_dauntless_without_blind_rage_is_not_rerolled() -> None:
    sc = scenario(
        ".Ab.", "akhorne-the-squirrel", rule=False, dice=[2, "push", "push", "push"]
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    assert rolls(sc, "dauntless") == [((2,), 3, 0, False, False)]
    blk = sc.events(Block)[0]
    # ST 1 against 3: three dice, the defender chooses.
    assert (blk.st_attacker, len(blk.dice), blk.chooser) == (1, 3, "away")


# -- Mesmerising Dance (Eldril) ----------------------------------------------

GAZE = """
    .Ab.
"""


def test_mesmerising_dance_rerolls_a_failed_gaze() -> None:
    # AG 2+, no other opponent Marking: 1 fails, the re-roll 2 passes.
    sc = scenario(GAZE, "eldril-sidewinder", dice=[1, 2])
    sc.act("A", "hypnotic_gaze")
    sc.choose("gaze", sc.id("b"))
    assert sc.match.pending.options == (("star", "mesmerising-dance"), ("no_reroll",))
    sc.choose("star", "mesmerising-dance")
    assert rolls(sc, "hypnotic_gaze") == [
        ((1,), 2, 0, False, False),
        ((2,), 2, 0, True, True),
    ]
    assert used(sc, "mesmerising-dance") == 1


def test_mesmerising_dance_once_per_game() -> None:
    sc = scenario(GAZE, "eldril-sidewinder", dice=[1])
    SR.spend(sc.match.state, sc.p("A"), "mesmerising-dance")
    sc.act("A", "hypnotic_gaze")
    sc.choose("gaze", sc.id("b"))
    assert rolls(sc, "hypnotic_gaze") == [((1,), 2, 0, False, False)]
    assert sc.match.pending.kind == "activate"


def test_gaze_without_mesmerising_dance_is_not_rerolled() -> None:
    sc = scenario(GAZE, "eldril-sidewinder", rule=False, dice=[1])
    sc.act("A", "hypnotic_gaze")
    sc.choose("gaze", sc.id("b"))
    assert sc.match.pending.kind == "activate"


# -- The Ballista (Morg) -----------------------------------------------------

QUICK_PASS = """
    A..B..
    ......
"""


def _pass(sc: Scenario) -> None:
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.sq(3, 0))


def test_the_ballista_rerolls_a_failed_pass() -> None:
    # PA 4+, a Quick pass (no modifier): 2 fails, the re-roll 5 is accurate;
    # B catches on a 4 (AG 3+).
    sc = scenario(QUICK_PASS, "morg-n-thorg", ball="A", dice=[2, 5, 4])
    _pass(sc)
    assert sc.match.pending.options == (("star", "the-ballista"), ("no_reroll",))
    sc.choose("star", "the-ballista")
    assert rolls(sc, "pass") == [((2,), 4, 0, False, False), ((5,), 4, 0, True, True)]
    assert sc.events(Pass)[0].result == "accurate"
    assert sc.match.state.carrier == sc.p("B")


def test_the_ballista_rerolls_a_failed_throw_team_mate() -> None:
    # Throwing a Right Stuff team-mate (ST 2) 3 squares away: a Quick throw,
    # PA 4+: 3 fails, the re-roll 4 is superb.
    sc = scenario(
        "AB.....",
        "morg-n-thorg",
        skills={"B": ["right-stuff"]},
        stats={"B": {"st": 2}},
        dice=[3, 4, 4, 5, 4, 4],
    )
    sc.act("A", "throw_team_mate")
    sc.choose("throw_tm", sc.id("B"))
    sc.choose("square", sc.sq(3, 0))
    assert ("star", "the-ballista") in sc.match.pending.options
    sc.choose("star", "the-ballista")
    assert rolls(sc, "throw_team_mate")[-1] == ((4,), 4, 0, True, True)


def test_the_ballista_once_per_game() -> None:
    sc = scenario(QUICK_PASS, "morg-n-thorg", ball="A", dice=[2, 5, 5, 5, 5])
    SR.spend(sc.match.state, sc.p("A"), "the-ballista")
    _pass(sc)
    assert rolls(sc, "pass") == [((2,), 4, 0, False, False)]
    assert sc.events(Pass)[0].result == "inaccurate"
    assert sc.events(Reroll) == []


def test_a_pass_without_the_ballista_is_not_rerolled() -> None:
    sc = scenario(
        QUICK_PASS, "morg-n-thorg", rule=False, ball="A", dice=[2, 5, 5, 5, 5]
    )
    _pass(sc)
    assert sc.events(Pass)[0].result == "inaccurate"
    assert sc.events(Reroll) == []


# -- Consummate Professional, Halfling Luck, Thinking Man's Troll -------------

PICKUP = """
    A*..
"""


def test_consummate_professional_rerolls_a_pick_up() -> None:
    # AG 2+: 1 fails, the re-roll 4 picks the ball up.
    sc = scenario(PICKUP, "griff-oberwald", dice=[1, 4])
    sc.act("A", "move")
    sc.move(1, 0)
    assert sc.match.pending.options == (
        ("star", "consummate-professional"),
        ("no_reroll",),
    )
    sc.choose("star", "consummate-professional")
    assert rolls(sc, "pick_up") == [
        ((1,), 2, 0, False, False),
        ((4,), 2, 0, True, True),
    ]
    assert sc.match.state.carrier == sc.p("A")


def test_consummate_professional_rerolls_one_block_die() -> None:
    # ST 4 against 3: two dice, Griff chooses; he re-rolls the Player Down.
    sc = scenario(".Ab.", "griff-oberwald", dice=["player_down", "push", "pow"])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    opts = sc.match.pending.options
    assert ("star", "consummate-professional", 0) in opts
    assert ("star", "consummate-professional", 1) in opts
    sc.choose("star", "consummate-professional", 0)
    assert [e.dice for e in sc.events(Block)] == [
        (PLAYER_DOWN, PUSH),
        (POW, PUSH),
    ]
    assert used(sc, "consummate-professional") == 1


def test_consummate_professional_once_per_game() -> None:
    sc = scenario(PICKUP, "griff-oberwald", dice=[1, 5])
    SR.spend(sc.match.state, sc.p("A"), "consummate-professional")
    sc.act("A", "move")
    sc.move(1, 0)
    assert rolls(sc, "pick_up") == [((1,), 2, 0, False, False)]
    assert sc.match.state.carrier != sc.p("A")


def test_halfling_luck_rerolls_a_rush() -> None:
    # MA 5: the sixth square is a Rush (2+): 1 fails, the re-roll 2 passes.
    sc = scenario("A......", "puggy-baconbreath", dice=[1, 2])
    sc.act("A", "move")
    for x in range(1, 7):
        sc.move(x, 0)
    sc.choose("star", "halfling-luck")
    assert rolls(sc, "rush") == [((1,), 2, 0, False, False), ((2,), 2, 0, True, True)]
    assert sc.xy("A") == (6, 0)
    assert sc.match.state.status[sc.p("A")] == STANDING


def test_a_rush_without_halfling_luck_falls() -> None:
    sc = scenario("A......", "puggy-baconbreath", rule=False, dice=[1, 2, 2])
    sc.act("A", "move")
    for x in range(1, 7):
        sc.move(x, 0)
    assert sc.match.state.status[sc.p("A")] == PRONE


def test_halfling_luck_once_per_game() -> None:
    sc = scenario("A......", "puggy-baconbreath", dice=[1, 2, 2])
    SR.spend(sc.match.state, sc.p("A"), "halfling-luck")
    sc.act("A", "move")
    for x in range(1, 7):
        sc.move(x, 0)
    assert sc.match.state.status[sc.p("A")] == PRONE


def _ripper_block(sc: Scenario) -> tuple[Any, ...]:
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    return sc.match.pending.options


def test_thinking_mans_troll_once_per_half() -> None:
    # ST 6 against 3: two dice, Ripper chooses.
    dice = ["player_down", "both_down", "pow"]
    sc = scenario(".Ab.", "ripper-bolgrot", dice=dice)
    opts = _ripper_block(sc)
    assert [o for o in opts if o[0] == "star"] == [
        ("star", "thinking-mans-troll", i) for i in range(2)
    ]
    sc.choose("star", "thinking-mans-troll", 1)
    assert [e.dice for e in sc.events(Block)] == [
        (PLAYER_DOWN, BOTH_DOWN),
        (PLAYER_DOWN, POW),
    ]
    # Used in this half: not again; in the second half it is back.
    again = scenario(".Ab.", "ripper-bolgrot", dice=dice)
    SR.spend(again.match.state, again.p("A"), "thinking-mans-troll")
    assert again.match.state.half == 1
    _ripper_block(again)
    assert again.match.pending.kind == "block_die"
    later = scenario(".Ab.", "ripper-bolgrot", dice=dice)
    SR.spend(later.match.state, later.p("A"), "thinking-mans-troll")
    later.match.state.half = 2
    assert ("star", "thinking-mans-troll", 0) in _ripper_block(later)


def test_block_dice_without_an_any_die_rule_are_not_offered() -> None:
    sc = scenario(".Ab.", "ripper-bolgrot", rule=False, dice=["player_down", "push"])
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    assert sc.match.pending.kind == "block_die"


# -- Incorporeal (Gretchen) --------------------------------------------------

DODGE_ONE = """
    .b.
    .A.
    ...
"""


def _dodge_right(sc: Scenario) -> None:
    sc.act("A", "move")
    sc.move(2, 1)  # next to b: one Marking player, -1


def test_incorporeal_adds_her_strength_to_a_failed_dodge() -> None:
    # AG 2+, -1: 1 fails, her Dodge re-roll 2 fails (2 - 1 = 1); with ST 3
    # added: 2 + 3 - 1 = 4, passed.
    sc = scenario(DODGE_ONE, "gretchen-wachter-the-blood-bowl-widow", dice=[1, 2])
    _dodge_right(sc)
    d = sc.match.pending
    assert (d.kind, d.options) == (
        "use_skill",
        (("use", "incorporeal"), ("decline",)),
    )
    sc.choose("use", "incorporeal")
    assert rolls(sc, "dodge") == [
        ((1,), 2, -1, False, False),
        ((2,), 2, -1, False, True),
        ((2,), 2, 2, True, False),
    ]
    assert sc.xy("A") == (2, 1)
    assert sc.match.state.status[sc.p("A")] == STANDING
    assert used(sc, "incorporeal") == 1


def test_incorporeal_declined_she_falls() -> None:
    sc = scenario(DODGE_ONE, "gretchen-wachter-the-blood-bowl-widow", dice=[1, 2, 2, 2])
    _dodge_right(sc)
    sc.choose("decline")
    assert sc.match.state.status[sc.p("A")] == PRONE
    assert SR.ready(sc.match.state, sc.p("A"), "incorporeal")


def test_incorporeal_cannot_save_a_natural_one() -> None:
    sc = scenario(DODGE_ONE, "gretchen-wachter-the-blood-bowl-widow", dice=[1, 1, 2, 2])
    _dodge_right(sc)
    assert sc.match.state.status[sc.p("A")] == PRONE
    assert used(sc, "incorporeal") == 0


def test_incorporeal_once_per_game() -> None:
    sc = scenario(DODGE_ONE, "gretchen-wachter-the-blood-bowl-widow", dice=[1, 2, 2, 2])
    SR.spend(sc.match.state, sc.p("A"), "incorporeal")
    _dodge_right(sc)
    assert sc.match.state.status[sc.p("A")] == PRONE


def test_a_dodge_without_incorporeal_falls() -> None:
    sc = scenario(
        DODGE_ONE,
        "gretchen-wachter-the-blood-bowl-widow",
        rule=False,
        dice=[1, 2, 2, 2],
    )
    _dodge_right(sc)
    assert sc.match.state.status[sc.p("A")] == PRONE


# -- Strong Passing Game (Skrull) --------------------------------------------


def test_strong_passing_game_adds_his_strength_to_a_pass() -> None:
    # PA 4+, Quick pass +1 (Accurate): 2 fails, his Pass re-roll 2 fails;
    # with ST 3 added: 2 + 3 + 1 = 6, accurate. B catches on a 4.
    sc = scenario(QUICK_PASS, "skrull-halfheight", ball="A", dice=[2, 2, 4])
    _pass(sc)
    assert sc.match.pending.options == (
        ("use", "strong-passing-game"),
        ("decline",),
    )
    sc.choose("use", "strong-passing-game")
    assert rolls(sc, "pass") == [
        ((2,), 4, 1, False, False),
        ((2,), 4, 1, False, True),
        ((2,), 4, 4, True, False),
    ]
    assert sc.events(Pass)[0].result == "accurate"
    assert sc.match.state.carrier == sc.p("B")


def test_strong_passing_game_once_per_game_and_only_his() -> None:
    for rule, spent in ((True, True), (False, False)):
        sc = scenario(
            QUICK_PASS,
            "skrull-halfheight",
            rule=rule,
            ball="A",
            dice=[2, 2, 5, 5, 5, 5],
        )
        if spent:
            SR.spend(sc.match.state, sc.p("A"), "strong-passing-game")
        _pass(sc)
        assert sc.events(Pass)[0].result == "inaccurate"


# -- Swift as the Breeze (Jordell) -------------------------------------------

DODGE_TWO = """
    b.c
    .A.
    ...
"""


def test_swift_as_the_breeze_passes_a_dodge_on_two() -> None:
    # AG 1+, two Marking players at the square: -2. 2 fails (2 - 2 = 0),
    # the Dodge re-roll 2 fails; Swift as the Breeze: 2+ with no modifier.
    sc = scenario(DODGE_TWO, "jordell-freshbreeze", dice=[2, 2])
    sc.act("A", "move")
    sc.move(1, 0)
    assert sc.match.pending.options == (("use", "swift-as-the-breeze"), ("decline",))
    sc.choose("use", "swift-as-the-breeze")
    assert rolls(sc, "dodge") == [
        ((2,), 1, -2, False, False),
        ((2,), 1, -2, False, True),
        ((2,), 2, 0, True, False),
    ]
    assert sc.xy("A") == (1, 0)
    assert sc.match.state.status[sc.p("A")] == STANDING


def test_swift_as_the_breeze_on_a_rush() -> None:
    # Blizzard: Rush -1. 2 - 1 = 1 fails; with Swift as the Breeze 2 passes.
    sc = scenario("A.........", "jordell-freshbreeze", dice=[2], weather="blizzard")
    sc.act("A", "move")
    for x in range(1, 10):
        sc.move(x, 0)
    sc.choose("use", "swift-as-the-breeze")
    assert rolls(sc, "rush")[-1] == ((2,), 2, 0, True, False)
    assert sc.xy("A") == (9, 0)


def test_swift_as_the_breeze_once_per_game_and_not_on_a_one() -> None:
    sc = scenario(DODGE_TWO, "jordell-freshbreeze", dice=[2, 2, 2, 2])
    SR.spend(sc.match.state, sc.p("A"), "swift-as-the-breeze")
    sc.act("A", "move")
    sc.move(1, 0)
    assert sc.match.state.status[sc.p("A")] == PRONE
    one = scenario(DODGE_TWO, "jordell-freshbreeze", dice=[1, 1, 2, 2])
    one.act("A", "move")
    one.move(1, 0)
    assert one.match.state.status[one.p("A")] == PRONE
    assert used(one, "swift-as-the-breeze") == 0


def test_a_dodge_without_swift_as_the_breeze_falls() -> None:
    sc = scenario(DODGE_TWO, "jordell-freshbreeze", rule=False, dice=[2, 2, 2, 2])
    sc.act("A", "move")
    sc.move(1, 0)
    assert sc.match.state.status[sc.p("A")] == PRONE
