"""Star Players' special rules on the Armour and Injury rolls of a
knock-down (engine.skills.stars.armour_and_injury): Brutal Block, Slayer,
Dwarfen Scourge, Crushing Blow, Ram, Savage Mauling, Pump Up the Crowd;
and the stars of the block and knock-down rules take the field with their
rule.

BB2020 Injury table: 2-7 Stunned, 8-9 KO'd, 10-12 Casualty; Casualty D16
1-6 Badly Hurt. Default players: ST 3, AV 9+."""

from __future__ import annotations

import dataclasses

import pytest

from engine.campaign.stars import STAR_ID_BASE, star_sheets
from engine.core.events import Armour, Injury, Reroll, SkillUsed
from engine.core.rules_data import rules_data
from engine.core.state import CAS, KO, PRONE, RESERVES, STUNNED, GameState
from engine.match import run
from engine.rules.turns import Turn
from engine.skills.stars.limits import ready, spend
from engine.tools.scenario import Scenario

LINE = """
    .....
    .Ab..
    .....
"""
# A's Block on b: Pow, b pushed to (3, 1), A stays, then b's rolls.
PUSH_TO = (3, 1)


def _used(sc: Scenario, slug: str) -> int:
    return sum(1 for e in sc.events(SkillUsed) if e.skill == slug)


def _pow(
    skills: list[str],
    rolls: list[int],
    *,
    stats: dict[str, dict[str, int]] | None = None,
    dfn_skills: list[str] | None = None,
    roster: str | None = None,
    spent: bool = False,
    ruleset: str = "bb2020",
) -> Scenario:
    """A (with ``skills``) blocks b: Pow, push, stay; ``rolls`` are b's
    armour / injury dice. ``roster``: the away team's roster."""
    sc = Scenario(
        LINE,
        ruleset=ruleset,
        skills={"A": skills, "b": dfn_skills or []},
        stats=stats,
        dice=["pow", *rolls],
        start=False,
    )
    g = sc.match.state
    if roster is not None:
        g.sheets = (g.sheets[0], dataclasses.replace(g.sheets[1], roster=roster))
    if spent:
        for s in skills:
            spend(g, sc.p("A"), s)
        g.events.clear()
    g.stack.append(Turn(0))
    run(g)
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(*PUSH_TO))
    sc.choose("stay")
    return sc


def _pending_star(sc: Scenario) -> str | None:
    d = sc.match.pending
    if d is not None and d.kind == "use_skill":
        return str(d.info[0])
    return None


# -- Ram (armour or injury) -------------------------------------------------


def test_ram_breaks_the_armour_after_seeing_the_dice() -> None:
    # Armour 4+4 = 8 against AV 9: not broken; Ram's +1 makes it 9.
    sc = _pow(["ram"], [4, 4, 3, 5])
    d = sc.match.pending
    assert d.kind == "use_skill"
    assert d.info == ("ram", "armour", (4, 4), 0, 9)
    assert sc.events(Armour) == []  # reported once decided
    sc.choose("use", "ram")
    a = sc.events(Armour)
    assert [(e.dice, e.modifier, e.broken) for e in a] == [((4, 4), 1, True)]
    # Injury 3+5 = 8: KO'd (Ram spent, no second bonus).
    assert [(e.dice, e.modifier, e.result) for e in sc.events(Injury)] == [
        ((3, 5), 0, "ko")
    ]
    g = sc.match.state
    assert g.box[sc.p("b")] == KO
    assert _used(sc, "ram") == 1
    assert not ready(g, sc.p("A"), "ram")


def test_ram_declined_leaves_the_armour_unbroken() -> None:
    sc = _pow(["ram"], [4, 4])
    sc.choose("decline")
    assert [(e.modifier, e.broken) for e in sc.events(Armour)] == [(0, False)]
    g = sc.match.state
    assert g.status[sc.p("b")] == PRONE
    assert ready(g, sc.p("A"), "ram")
    assert _used(sc, "ram") == 0


def test_ram_adds_to_the_injury_roll_when_armour_breaks_anyway() -> None:
    # Armour 5+5 = 10 breaks; injury 3+4 = 7 Stunned, +1 = 8 KO'd.
    sc = _pow(["ram"], [5, 5, 3, 4])
    d = sc.match.pending
    assert d.info == ("ram", "injury", (3, 4), 0, "stunned")
    assert sc.events(Injury) == []
    sc.choose("use", "ram")
    assert [(e.dice, e.modifier, e.result) for e in sc.events(Injury)] == [
        ((3, 4), 1, "ko")
    ]
    assert sc.match.state.box[sc.p("b")] == KO


def test_ram_not_offered_when_one_more_changes_nothing() -> None:
    # Armour 2+2 = 4 (+1 = 5 < 9): nothing to gain, no decision.
    sc = _pow(["ram"], [2, 2])
    assert _pending_star(sc) is None
    assert [(e.modifier, e.broken) for e in sc.events(Armour)] == [(0, False)]
    assert ready(sc.match.state, sc.p("A"), "ram")


def test_ram_once_per_game() -> None:
    sc = _pow(["ram"], [4, 4], spent=True)
    assert _pending_star(sc) is None
    assert [(e.modifier, e.broken) for e in sc.events(Armour)] == [(0, False)]


def test_without_ram_no_bonus() -> None:
    sc = _pow([], [4, 4])
    assert _pending_star(sc) is None
    assert sc.match.state.status[sc.p("b")] == PRONE


def test_ram_and_mighty_blow_together_break_the_armour() -> None:
    # 3+4 = 7: Mighty Blow alone (8) does not break AV 9, both (9) do; the
    # injury roll then gets no Mighty Blow (it went on the armour).
    sc = _pow(["ram", "mighty-blow"], [3, 4, 3, 4])
    assert sc.match.pending.info[:2] == ("ram", "armour")
    sc.choose("use", "ram")
    assert [(e.modifier, e.broken) for e in sc.events(Armour)] == [(2, True)]
    assert [(e.modifier, e.result) for e in sc.events(Injury)] == [(0, "stunned")]


def test_no_armour_bonus_against_iron_hard_skin() -> None:
    sc = _pow(["ram"], [4, 4], dfn_skills=["iron-hard-skin"])
    assert _pending_star(sc) is None
    assert [(e.modifier, e.broken) for e in sc.events(Armour)] == [(0, False)]


def test_ram_not_on_a_foul() -> None:
    # A fouls the Prone b (no block): armour 4+4 = 8 against AV 9.
    sc = Scenario(LINE, skills={"A": ["ram"]}, dice=[4, 4], prone="b")
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    assert _pending_star(sc) is None
    assert [(e.modifier, e.broken) for e in sc.events(Armour)] == [(0, False)]


# -- Crushing Blow (armour only) --------------------------------------------


def test_crushing_blow_adds_to_the_armour_roll() -> None:
    sc = _pow(["crushing-blow"], [4, 4, 2, 2])
    assert sc.match.pending.info[:2] == ("crushing-blow", "armour")
    sc.choose("use", "crushing-blow")
    assert [(e.modifier, e.broken) for e in sc.events(Armour)] == [(1, True)]
    assert sc.match.state.status[sc.p("b")] == STUNNED
    assert not ready(sc.match.state, sc.p("A"), "crushing-blow")


def test_crushing_blow_never_on_the_injury_roll() -> None:
    # Armour breaks (10); injury 3+4 = 7 would become KO'd with +1: not offered.
    sc = _pow(["crushing-blow"], [5, 5, 3, 4])
    assert _pending_star(sc) is None
    assert [(e.modifier, e.result) for e in sc.events(Injury)] == [(0, "stunned")]


# -- Brutal Block (injury only) ---------------------------------------------


def test_brutal_block_adds_to_the_injury_roll() -> None:
    sc = _pow(["brutal-block"], [5, 5, 4, 5, 1])  # injury 9: KO'd, +1 = Casualty
    assert sc.match.pending.info == ("brutal-block", "injury", (4, 5), 0, "ko")
    sc.choose("use", "brutal-block")
    assert [(e.modifier, e.result) for e in sc.events(Injury)] == [(1, "cas")]
    assert not ready(sc.match.state, sc.p("A"), "brutal-block")


def test_brutal_block_never_on_the_armour_roll() -> None:
    sc = _pow(["brutal-block"], [4, 4])
    assert _pending_star(sc) is None
    assert [(e.modifier, e.broken) for e in sc.events(Armour)] == [(0, False)]


def test_brutal_block_once_per_game() -> None:
    sc = _pow(["brutal-block"], [5, 5, 4, 5, 1], spent=True)
    assert _pending_star(sc) is None
    assert [(e.modifier, e.result) for e in sc.events(Injury)] == [(0, "ko")]


# -- Slayer (target ST 5+) --------------------------------------------------


def test_slayer_against_strength_five() -> None:
    sc = _pow(["slayer"], [4, 4, 2, 2], stats={"A": {"st": 5}, "b": {"st": 5}})
    assert sc.match.pending.info[:2] == ("slayer", "armour")
    sc.choose("use", "slayer")
    assert [(e.modifier, e.broken) for e in sc.events(Armour)] == [(1, True)]


def test_slayer_not_against_strength_four() -> None:
    sc = _pow(["slayer"], [4, 4], stats={"A": {"st": 4}, "b": {"st": 4}})
    assert _pending_star(sc) is None
    assert [(e.modifier, e.broken) for e in sc.events(Armour)] == [(0, False)]


def test_slayer_once_per_game() -> None:
    sc = _pow(["slayer"], [4, 4], stats={"A": {"st": 5}, "b": {"st": 5}}, spent=True)
    assert _pending_star(sc) is None


# -- Dwarfen Scourge (+2 against a Dwarf) -----------------------------------


def test_dwarfen_scourge_adds_two_against_a_dwarf() -> None:
    # 3+4 = 7: +1 (8) would not break AV 9, +2 (9) does.
    sc = _pow(["dwarfen-scourge"], [3, 4, 2, 2], roster="dwarf")
    assert sc.match.pending.info[:2] == ("dwarfen-scourge", "armour")
    sc.choose("use", "dwarfen-scourge")
    assert [(e.modifier, e.broken) for e in sc.events(Armour)] == [(2, True)]
    assert not ready(sc.match.state, sc.p("A"), "dwarfen-scourge")


def test_dwarfen_scourge_adds_one_against_others() -> None:
    sc = _pow(["dwarfen-scourge"], [3, 4])
    assert _pending_star(sc) is None  # +1 cannot break it
    sc = _pow(["dwarfen-scourge"], [4, 4, 2, 2])
    sc.choose("use", "dwarfen-scourge")
    assert [(e.modifier, e.broken) for e in sc.events(Armour)] == [(1, True)]


def test_dwarfen_scourge_once_per_game() -> None:
    sc = _pow(["dwarfen-scourge"], [4, 4], roster="dwarf", spent=True)
    assert _pending_star(sc) is None


def test_who_is_a_dwarf() -> None:
    from engine.skills.stars.armour_and_injury import is_dwarf

    sc = Scenario(LINE, start=False)
    g = sc.match.state
    b = sc.p("b")
    assert not is_dwarf(g, b)  # an Orc lineman
    g.sheets = (g.sheets[0], dataclasses.replace(g.sheets[1], roster="dwarf"))
    assert is_dwarf(g, b)
    cd = dataclasses.replace(g.sheets[1], roster="chaos-dwarf")
    g.sheets = (g.sheets[0], cd)
    assert not is_dwarf(g, b)  # "lineman" of Chaos Dwarfs: a Hobgoblin
    grim = star_sheets(
        rules_data("bb2020").star_players["grim-ironjaw"],
        first_id=STAR_ID_BASE,
        first_number=90,
    )[0]
    g.sheets = (g.sheets[0], dataclasses.replace(cd, players=(grim,)))
    assert is_dwarf(g, b)


def _away_position(sc: Scenario, name: str, roster: str, position: str) -> None:
    """Player ``name`` of the away team plays ``position`` of ``roster``."""
    g = sc.match.state
    away = g.sheets[1]
    i = sc.p(name) - len(g.sheets[0].players)
    players = list(away.players)
    players[i] = dataclasses.replace(players[i], position=position)
    g.sheets = (
        g.sheets[0],
        dataclasses.replace(away, roster=roster, players=tuple(players)),
    )


@pytest.mark.parametrize(
    ("roster", "position", "dwarf"),
    [
        ("old-world-alliance", "old-world-dwarf-blocker", True),
        ("old-world-alliance", "old-world-dwarf-troll-slayer", True),
        ("old-world-alliance", "old-world-human-lineman", False),
        ("chaos-dwarf", "chaos-dwarf-flamesmith", True),
        ("chaos-dwarf", "bull-centaur-blitzer", False),
        ("chaos-dwarf", "hobgoblin-lineman", False),
    ],
)
def test_a_dwarf_of_any_team(roster: str, position: str, dwarf: bool) -> None:
    # star_players.md, Dwarfen Scourge: "if the victim is a Dwarf (any
    # team) it may be +2": the Old World Alliance's Dwarfs are Dwarfs.
    from engine.skills.stars.armour_and_injury import is_dwarf

    sc = Scenario(LINE, start=False)
    _away_position(sc, "b", roster, position)
    assert is_dwarf(sc.match.state, sc.p("b")) is dwarf


def test_every_dwarf_position_is_a_dwarf() -> None:
    # Outside the Dwarf roster, the positions named "... Dwarf ..." are the
    # Dwarfs, and no other.
    from engine.skills.stars.armour_and_injury import is_dwarf

    sc = Scenario(LINE, start=False)
    data = rules_data("bb2020")
    for slug, roster in data.rosters.items():
        if slug == "dwarf":
            continue
        for pos in roster.positions:
            _away_position(sc, "b", slug, pos.slug)
            dwarf = "Dwarf" in pos.name.split()
            assert is_dwarf(sc.match.state, sc.p("b")) is dwarf, pos.name


def test_dwarfen_scourge_adds_two_against_an_old_world_dwarf() -> None:
    # 3+4 = 7 against AV 9: +1 (8) holds, +2 (9) breaks: a Dwarf of the
    # Old World Alliance gets Ivan's +2.
    sc = Scenario(
        LINE,
        skills={"A": ["dwarfen-scourge"]},
        dice=["pow", 3, 4, 2, 2],
        start=False,
    )
    _away_position(sc, "b", "old-world-alliance", "old-world-dwarf-runner")
    g = sc.match.state
    g.stack.append(Turn(0))
    run(g)
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(*PUSH_TO))
    sc.choose("stay")
    assert sc.match.pending.info[:2] == ("dwarfen-scourge", "armour")
    sc.choose("use", "dwarfen-scourge")
    assert [(e.modifier, e.broken) for e in sc.events(Armour)] == [(2, True)]


# -- Savage Mauling (re-roll the Injury roll) -------------------------------


def test_savage_mauling_rerolls_the_injury_roll() -> None:
    # Injury 2+3 = 5 Stunned; re-rolled 4+4 = 8 KO'd.
    sc = _pow(["savage-mauling"], [5, 5, 2, 3, 4, 4])
    assert sc.match.pending.info == ("savage-mauling", "injury", (2, 3), 0, "stunned")
    sc.choose("use", "savage-mauling")
    assert [(e.dice, e.result) for e in sc.events(Injury)] == [
        ((2, 3), "stunned"),
        ((4, 4), "ko"),
    ]
    assert [(e.source, e.purpose) for e in sc.events(Reroll)] == [
        ("savage-mauling", "injury")
    ]
    assert sc.match.state.box[sc.p("b")] == KO
    assert not ready(sc.match.state, sc.p("A"), "savage-mauling")


def test_savage_mauling_declined() -> None:
    sc = _pow(["savage-mauling"], [5, 5, 2, 3])
    sc.choose("decline")
    assert [(e.dice, e.result) for e in sc.events(Injury)] == [((2, 3), "stunned")]
    assert sc.events(Reroll) == []
    assert ready(sc.match.state, sc.p("A"), "savage-mauling")


def test_savage_mauling_once_per_game() -> None:
    sc = _pow(["savage-mauling"], [5, 5, 2, 3], spent=True)
    assert _pending_star(sc) is None
    assert sc.match.state.status[sc.p("b")] == STUNNED


def test_savage_mauling_on_a_foul_doubles_still_count() -> None:
    # Foul: armour 4+6 breaks; injury 2+2 (doubles) Stunned, re-rolled 4+5
    # KO'd; the first roll's doubles still call the referee.
    sc = Scenario(
        LINE, skills={"A": ["savage-mauling"]}, dice=[4, 6, 2, 2, 4, 5], prone="b"
    )
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    sc.choose("use", "savage-mauling")
    assert [(e.dice, e.result) for e in sc.events(Injury)] == [
        ((2, 2), "stunned"),
        ((4, 5), "ko"),
    ]
    assert sc.match.pending.kind == "argue_the_call"


def test_savage_mauling_not_on_his_own_injury() -> None:
    # A blocks b: Player Down, A's own armour 5+5 breaks, injury 2+3.
    sc = Scenario(
        LINE, skills={"A": ["savage-mauling"]}, dice=["player_down", 5, 5, 2, 3]
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    assert _pending_star(sc) is None
    assert sc.match.state.status[sc.p("A")] == STUNNED


# -- Pump Up the Crowd -------------------------------------------------------


def test_pump_up_the_crowd_gains_a_team_reroll_for_a_casualty() -> None:
    # Armour 5+5 breaks, injury 5+5 = 10 Casualty, D16 1 Badly Hurt.
    sc = _pow(["pump-up-the-crowd"], [5, 5, 5, 5, 1])
    g = sc.match.state
    assert g.box[sc.p("b")] == CAS
    assert g.extra_rr[0] == 1
    assert g.rerolls[0] == 0
    assert _used(sc, "pump-up-the-crowd") == 1
    assert not ready(g, sc.p("A"), "pump-up-the-crowd")


def test_pump_up_the_crowd_needs_a_casualty() -> None:
    sc = _pow(["pump-up-the-crowd"], [5, 5, 4, 4])  # KO'd only
    g = sc.match.state
    assert g.box[sc.p("b")] == KO
    assert g.extra_rr[0] == 0


def test_pump_up_the_crowd_not_when_regenerated() -> None:
    # Casualty, D16 1, Regeneration 4: back to the Reserves.
    sc = _pow(["pump-up-the-crowd"], [5, 5, 5, 5, 1, 4], dfn_skills=["regeneration"])
    g = sc.match.state
    assert g.box[sc.p("b")] == RESERVES
    assert g.extra_rr[0] == 0


def test_pump_up_the_crowd_once_per_game() -> None:
    sc = _pow(["pump-up-the-crowd"], [5, 5, 5, 5, 1], spent=True)
    assert sc.match.state.extra_rr[0] == 0


def test_pump_up_the_crowd_reroll_gone_at_the_end_of_the_drive() -> None:
    from engine.rules.turns import EndDrive

    sc = _pow(["pump-up-the-crowd"], [5, 5, 5, 5, 1])
    g = sc.match.state
    assert g.extra_rr[0] == 1
    g.stack = [EndDrive()]
    while g.stack:
        g.stack[-1].step(g)
    assert g.extra_rr[0] == 0


def _end_drive(g: GameState) -> None:
    from engine.rules.turns import EndDrive

    g.stack = [EndDrive()]
    while g.stack:
        g.stack[-1].step(g)


def test_classic_pump_up_the_crowd_reroll_still_gone_at_the_end_of_the_drive() -> None:
    # The classic game keeps its kick-off re-rolls for the half (seed 003
    # "a bonus Re-Roll this half"); Skrorg's "disappears at the end of that
    # drive if unused" (star_players.md). Classic: armour 5+5 beats AV 8,
    # injury 5+5 = 10 Casualty, D100 1 Badly Hurt.
    sc = _pow(["pump-up-the-crowd"], [5, 5, 5, 5, 1], ruleset="classic")
    g = sc.match.state
    assert g.box[sc.p("b")] == CAS
    assert g.extra_rr[0] == 1
    _end_drive(g)
    assert g.extra_rr[0] == 0


def test_classic_half_long_reroll_outlives_the_drive_beside_the_stars() -> None:
    # A Cheering Fans re-roll (this half) and Skrorg's (this drive): after
    # the drive, the half's one is left.
    sc = _pow(["pump-up-the-crowd"], [5, 5, 5, 5, 1], ruleset="classic")
    g = sc.match.state
    g.extra_rr[0] += 1
    assert g.extra_rr[0] == 2
    _end_drive(g)
    assert g.extra_rr[0] == 1


def test_classic_the_drives_reroll_is_spent_first() -> None:
    # Decision: with a re-roll for the half and one for the drive, a team
    # re-roll spends the drive's; the half's is left after the drive.
    from engine.rules.rolls import spend_team_reroll

    sc = _pow(["pump-up-the-crowd"], [5, 5, 5, 5, 1], ruleset="classic")
    g = sc.match.state
    g.extra_rr[0] += 1
    assert spend_team_reroll(g, 0, -1, "dodge")
    assert g.extra_rr[0] == 1
    _end_drive(g)
    assert g.extra_rr[0] == 1


# -- the stars take the field with their rule --------------------------------

GROUP_B = {
    "anqi-panqi": "savage-blow",
    "hthark-the-unstoppable": "unstoppable-momentum",
    "grashnak-blackhoof": "gored-by-the-bull",
    "glart-smashrip": "frenzied-rush",
    "karla-von-kill": "indomitable",
    "willow-rosebark": "indomitable",
    "frank-n-stein": "brutal-block",
    "grim-ironjaw": "slayer",
    "ivan-the-animal-deathshroud": "dwarfen-scourge",
    "mighty-zug": "crushing-blow",
    "varag-ghoul-chewer": "crushing-blow",
    "rumbelow-sheepskin": "ram",
    "wilhelm-chaney": "savage-mauling",
    "skrorg-snowpelt": "pump-up-the-crowd",
    "withergrasp-doubledrool": "watch-out",
    "scyla-anfingrimm": "fury-of-the-blood-god",
    "maple-highgrove": "vicious-vines",
}


@pytest.mark.parametrize(("star", "rule"), sorted(GROUP_B.items()))
def test_star_takes_the_field_with_the_rule(star: str, rule: str) -> None:
    data = rules_data("bb2020").star_players[star]
    assert data.rule_slug == rule
    (sheet,) = star_sheets(data, first_id=STAR_ID_BASE, first_number=90)
    assert sheet.has(rule)


def test_real_mighty_zug_crushing_blow() -> None:
    """Mighty Zug's own profile (ST 5, Block, Mighty Blow (+1)) against an
    ST 3 lineman: two dice, Pow. Armour 3+4 = 7, +1 Mighty Blow = 8 against
    AV 9; with Crushing Blow both go on the armour (9: broken)."""
    zug = star_sheets(
        rules_data("bb2020").star_players["mighty-zug"],
        first_id=STAR_ID_BASE,
        first_number=90,
    )[0]
    assert zug.has("crushing-blow")
    sc = Scenario(
        LINE,
        skills={"A": list(zug.skills)},
        stats={"A": {"st": zug.st, "ma": zug.ma, "av": zug.av}},
        dice=["pow", "push", 3, 4, 2, 2],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("die", "pow")
    sc.choose("square", sc.sq(*PUSH_TO))
    sc.choose("stay")
    assert sc.match.pending.info == ("crushing-blow", "armour", (3, 4), 0, 9)
    sc.choose("use", "crushing-blow")
    assert [(e.modifier, e.broken) for e in sc.events(Armour)] == [(2, True)]
    assert [(e.modifier, e.result) for e in sc.events(Injury)] == [(0, "stunned")]


def test_no_pump_up_the_crowd_or_savage_mauling_without_the_rule() -> None:
    sc = _pow([], [5, 5, 5, 5, 1])
    assert sc.match.state.extra_rr[0] == 0
    sc = _pow([], [5, 5, 2, 3])
    assert _pending_star(sc) is None
    assert sc.events(Reroll) == []
