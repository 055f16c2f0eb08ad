"""Star Players' special rules on team-mates, team re-rolls and catches:
Wisdom of the White Dwarf, Quick Bite, Star of the Show, Lord of Chaos and
Two for One (engine.skills.stars.activation, passing, team_rerolls;
scripted dice)."""

from __future__ import annotations

from dataclasses import replace

from engine.campaign.stars import STAR_ID_BASE, star_sheets
from engine.core.dice import RandomDice
from engine.core.events import Armour, BallCaught, Roll, SkillUsed, Turnover
from engine.core.model import TeamSheet
from engine.core.rules_data import rules_data
from engine.core.skillbits import BIT
from engine.core.state import CAS, KO, PF_USED, PRONE, RESERVES, STANDING
from engine.match import Match, run
from engine.rules.game import Drive, GameProc
from engine.rules.turns import EndDrive
from engine.skills.registry import IMPLEMENTED
from engine.skills.stars.activation import WISDOM_SKILLS
from engine.skills.stars.team_rerolls import (
    lord_of_chaos_carry,
    lord_of_chaos_start,
    pair_partner,
    star_left_play,
)
from engine.tools.scenario import Scenario
from engine.tools.teams import default_team_sheet

WISDOM = "wisdom-of-the-white-dwarf"


def _with_star(sheet: TeamSheet, slug: str, first_id: int) -> TeamSheet:
    star = rules_data("bb2020").star_players[slug]
    extra = star_sheets(star, first_id=first_id, first_number=90)
    return replace(sheet, players=sheet.players[: 11 - len(extra)] + extra)


# -- Wisdom of the White Dwarf -----------------------------------------------

WISE = """
    GA..
    ..b.
"""


def test_wisdom_gives_mighty_blow_for_the_activation() -> None:
    # Armour 4+4 = 8, +1 from the granted Mighty Blow breaks AV 9+.
    sc = Scenario(WISE, skills={"G": [WISDOM]}, dice=["pow", 4, 4, 2, 2])
    sc.act("A", "block")
    d = sc.match.pending
    assert d.kind == "wisdom_of_the_white_dwarf"
    assert d.player == sc.id("A")
    assert d.options == (
        ("use", WISDOM, "break-tackle"),
        ("use", WISDOM, "dauntless"),
        ("use", WISDOM, "mighty-blow"),
        ("use", WISDOM, "sure-feet"),
        ("decline",),
    )
    sc.choose("use", WISDOM, "mighty-blow")
    sc.choose("block", sc.id("b"))
    sc.choose(*sc.match.pending.options[0])  # push
    sc.choose("stay")
    a = sc.events(Armour)[0]
    assert (a.modifier, a.broken) == (1, True)
    g = sc.match.state
    assert sc.match.pending.kind == "activate"
    assert not g.skills[sc.p("A")] & BIT["mighty-blow"]  # gone again
    used = [(e.player, e.skill) for e in sc.events(SkillUsed)]
    assert (sc.id("G"), WISDOM) in used


def test_wisdom_declined_leaves_the_block_plain() -> None:
    sc = Scenario(WISE, skills={"G": [WISDOM]}, dice=["pow", 4, 4])
    sc.act("A", "block")
    sc.choose("decline")
    sc.choose("block", sc.id("b"))
    sc.choose(*sc.match.pending.options[0])  # push
    sc.choose("stay")
    a = sc.events(Armour)[0]
    assert (a.modifier, a.broken) == (0, False)


def test_wisdom_once_per_team_turn_and_only_next_to_grombrindal() -> None:
    sc = Scenario(
        """
        GA..
        ..bC
        """,
        skills={"G": [WISDOM]},
    )
    sc.act("A", "move")
    sc.choose("use", WISDOM, "sure-feet")
    sc.choose("end")
    g = sc.match.state
    sc.match.state.pflags[sc.p("A")] &= ~PF_USED
    run(g)
    sc.act("A", "move")  # used this team turn: not again
    assert sc.match.pending.kind == "move"
    sc.choose("end")
    g.turn[0] += 1  # a new team turn
    g.pflags[sc.p("A")] &= ~PF_USED
    run(g)
    sc.act("A", "move")
    assert sc.match.pending.kind == "wisdom_of_the_white_dwarf"
    sc.choose("decline")
    sc.choose("end")
    sc.act("C", "move")  # C is not next to Grombrindal
    assert sc.match.pending.kind == "move"


def test_wisdom_is_not_for_grombrindal_himself_nor_without_him() -> None:
    sc = Scenario(WISE, skills={"G": [WISDOM]})
    sc.act("G", "move")
    assert sc.match.pending.kind == "move"
    plain = Scenario(WISE)
    plain.act("A", "move")
    assert plain.match.pending.kind == "move"


def test_wisdom_offers_only_skills_the_engine_plays() -> None:
    # The four skills of the rule (star_players.md) are all implemented, so
    # the offer never names a skill a match would refuse.
    assert set(WISDOM_SKILLS) == {
        "break-tackle",
        "dauntless",
        "mighty-blow",
        "sure-feet",
    }
    assert set(WISDOM_SKILLS) <= set(IMPLEMENTED)


# -- Quick Bite ----------------------------------------------------------------

BITE = """
    A.B..
    ...g.
"""


def _hand_off(dice: list[int | str], skills: dict[str, list[str]]) -> Scenario:
    sc = Scenario(BITE, skills=skills, ball="A", dice=dice)
    sc.act("A", "hand_off")
    sc.move(1, 0)
    sc.choose("hand_off", sc.id("B"))
    return sc


def test_quick_bite_broken_armour_takes_the_ball_without_turnover() -> None:
    # Catch 4 (AG 3+, -1 Marked = 3 needed); bite armour 5+4 = 9 breaks
    # AV 9+; injury 3+3 Stunned.
    sc = _hand_off([4, 5, 4, 3, 3], {"g": ["quick-bite"]})
    d = sc.match.pending
    assert (d.kind, d.team) == ("quick_bite", "away")
    assert d.options == (("use", "quick-bite", sc.id("B")), ("decline",))
    sc.choose("use", "quick-bite", sc.id("B"))
    g = sc.match.state
    assert g.carrier == sc.p("g")
    a = sc.events(Armour)[0]
    assert (a.player, a.modifier, a.broken) == (sc.id("B"), 0, True)
    assert g.status[sc.p("B")] == 2  # Stunned
    assert sc.events(BallCaught)[-1].how == "quick-bite"
    assert sc.events(Turnover) == []
    assert sc.match.pending.kind == "activate"


def test_quick_bite_unbroken_armour_changes_nothing() -> None:
    sc = _hand_off([4, 4, 4], {"g": ["quick-bite"]})
    sc.choose("use", "quick-bite", sc.id("B"))
    g = sc.match.state
    assert g.carrier == sc.p("B")
    assert g.status[sc.p("B")] == STANDING
    assert sc.events(Turnover) == []


def test_quick_bite_once_per_game_and_only_for_the_star() -> None:
    sc = _hand_off([4, 4, 4], {"g": ["quick-bite"]})
    sc.choose("use", "quick-bite", sc.id("B"))
    from engine.skills.stars.limits import ready

    g = sc.match.state
    g.half = 2
    assert not ready(g, sc.p("g"), "quick-bite")
    plain = _hand_off([4], {})
    assert plain.match.pending.kind == "activate"
    assert plain.match.state.carrier == plain.p("B")


# -- Star of the Show ----------------------------------------------------------


def test_star_of_the_show_gives_a_re_roll_for_the_next_drive() -> None:
    sc = Scenario(".A.", skills={"A": ["star-of-the-show"]}, ball="A", origin=(23, 7))
    sc.act("A", "move")
    sc.move(2, 0)  # into the End Zone: touchdown
    g = sc.match.state
    assert g.score[0] == 1
    assert (sc.id("A"), "star-of-the-show") in [
        (e.player, e.skill) for e in sc.events(SkillUsed)
    ]
    before = g.extra_rr[0]
    drive = Drive()
    g.stack.append(drive)
    drive.step(g)  # the next drive starts
    assert g.extra_rr[0] == before + 1
    assert g.extra_rr[1] == 0
    end = EndDrive()  # unused by the end of that drive: gone
    g.stack.append(end)
    while g.stack[-1] is end:
        end.step(g)
    assert g.extra_rr[0] == 0


def test_classic_star_of_the_show_re_roll_is_still_for_that_drive_only() -> None:
    # star_players.md: the re-roll "vanishes unless used before the next
    # drive is over", even where the classic Kick-Off table's re-rolls last
    # the half (seed 003 "a bonus Re-Roll this half").
    sc = Scenario(
        ".A.",
        ruleset="classic",
        skills={"A": ["star-of-the-show"]},
        ball="A",
        origin=(23, 7),
    )
    sc.act("A", "move")
    sc.move(2, 0)
    g = sc.match.state
    assert g.score[0] == 1
    g.extra_rr[0] = 1  # Cheering Fans at this drive's kick-off: the half
    drive = Drive()
    g.stack.append(drive)
    drive.step(g)
    assert g.extra_rr[0] == 2
    end = EndDrive()
    g.stack.append(end)
    while g.stack[-1] is end:
        end.step(g)
    assert g.extra_rr[0] == 1


def test_star_of_the_show_once_per_game_and_only_for_the_star() -> None:
    from engine.skills.stars.team_rerolls import star_scored

    sc = Scenario(".A.", skills={"A": ["star-of-the-show"]}, ball="A", origin=(23, 7))
    sc.act("A", "move")
    sc.move(2, 0)
    g = sc.match.state
    g.effects.pop("star_of_the_show")
    g.half = 2
    star_scored(g, sc.p("A"))  # a second touchdown: nothing more
    assert "star_of_the_show" not in g.effects
    plain = Scenario(".A.", ball="A", origin=(23, 7))
    plain.act("A", "move")
    plain.move(2, 0)
    assert "star_of_the_show" not in plain.match.state.effects


# -- Lord of Chaos -------------------------------------------------------------


def _borak_match() -> Match:
    home = _with_star(
        default_team_sheet("chaos-chosen", "bb2020", first_id=1),
        "lord-borak-the-despoiler",
        STAR_ID_BASE,
    )
    away = default_team_sheet("human", "bb2020", first_id=101)
    return Match("bb2020", home, away, RandomDice(3))


def test_lord_of_chaos_adds_a_first_half_re_roll() -> None:
    m = _borak_match()
    g = m.state
    while g.half < 1 or g.pending is None or g.pending.kind != "setup":
        from engine.bots import RandomBot

        m.apply(RandomBot(1).choose(m.pending, g))
    assert g.rerolls == [m.state.sheets[0].rerolls + 1, m.state.sheets[1].rerolls]


def test_lord_of_chaos_carries_an_unused_re_roll_into_the_second_half() -> None:
    sc = Scenario("A.b", skills={"A": ["lord-of-chaos"]}, rerolls=(2, 2))
    g = sc.match.state
    lord_of_chaos_start(g)
    assert g.rerolls == [3, 2]
    g.rerolls[0] = 1  # two used, one (the Lord's) left
    game = GameProc()
    game.phase = 2
    g.stack.append(game)
    game.step(g)  # half time
    assert g.rerolls == [3, 2]


def test_lord_of_chaos_is_the_last_re_roll_spent_even_with_a_leader() -> None:
    # Decision (team_rerolls): the Lord's re-roll is the last the team
    # spends. Three team re-rolls used and the Leader's left: the unused one
    # is the Lord's, so it carries into the second half.
    sc = Scenario("A.b", skills={"A": ["lord-of-chaos"]}, rerolls=(2, 2))
    g = sc.match.state
    lord_of_chaos_start(g)
    g.rerolls[0] = 0
    g.leader_rr[0] = 1
    game = GameProc()
    game.phase = 2
    g.stack.append(game)
    game.step(g)  # half time
    assert g.rerolls == [3, 2]


def test_lord_of_chaos_forfeited_with_a_leader_re_roll_left() -> None:
    # The same team, Borak KO'd: the re-roll left (the Lord's) goes.
    from engine.rules.injuries import to_box

    sc = Scenario("A.b", skills={"A": ["lord-of-chaos"]}, rerolls=(2, 2))
    g = sc.match.state
    lord_of_chaos_start(g)
    g.rerolls[0] = 0
    g.leader_rr[0] = 1
    to_box(g, sc.p("A"), KO, "ko")
    assert (g.rerolls[0], g.leader_rr[0]) == (0, 0)
    assert lord_of_chaos_carry(g) == ()


def test_lord_of_chaos_used_re_roll_is_not_carried() -> None:
    sc = Scenario("A.b", skills={"A": ["lord-of-chaos"]}, rerolls=(2, 2))
    g = sc.match.state
    lord_of_chaos_start(g)
    g.rerolls[0] = 0
    game = GameProc()
    game.phase = 2
    g.stack.append(game)
    game.step(g)  # half time
    assert g.rerolls == [2, 2]


def test_lord_of_chaos_forfeited_when_borak_leaves_play() -> None:
    from engine.rules.injuries import to_box

    sc = Scenario("A.b", skills={"A": ["lord-of-chaos"]}, rerolls=(2, 2))
    g = sc.match.state
    lord_of_chaos_start(g)
    to_box(g, sc.p("A"), KO, "ko")
    assert g.rerolls == [2, 2]
    star_left_play(g, sc.p("A"), CAS)  # gone already: no second loss
    assert g.rerolls == [2, 2]
    assert lord_of_chaos_carry(g) == ()


def test_lord_of_chaos_kept_when_borak_only_leaves_at_the_end_of_a_drive() -> None:
    from engine.rules.injuries import to_box

    sc = Scenario("A.b", skills={"A": ["lord-of-chaos"]}, rerolls=(2, 2))
    g = sc.match.state
    lord_of_chaos_start(g)
    to_box(g, sc.p("A"), RESERVES, "patched")  # Decision: not leaving play
    assert g.rerolls == [3, 2]


def test_lord_of_chaos_only_for_the_team_with_borak() -> None:
    sc = Scenario("A.b", rerolls=(2, 2))
    g = sc.match.state
    lord_of_chaos_start(g)
    assert g.rerolls == [2, 2]
    from engine.rules.injuries import to_box

    to_box(g, sc.p("A"), RESERVES, "x")
    assert g.rerolls == [2, 2]


# -- Two for One -----------------------------------------------------------------

PAIR = """
    .Ab.
    ....
    ....
    ...B
"""


def _dodge(partner_box: int, dice: list[int | str]) -> Scenario:
    sc = Scenario(
        PAIR,
        skills={"A": ["two-for-one", ("loner", "4+")], "B": ["two-for-one"]},
        rerolls=(1, 0),
        dice=dice,
    )
    g = sc.match.state
    if partner_box != -1:
        q = sc.p("B")
        g.lift(q)
        g.box[q] = partner_box
    sc.act("A", "move")
    sc.move(0, 1)  # Dodge out of b's Tackle Zone: a 1 fails
    sc.choose("team_reroll")
    return sc


def test_two_for_one_loner_is_two_plus_while_the_partner_is_out() -> None:
    sc = _dodge(KO, [1, 2, 4])
    loner = [e for e in sc.events(Roll) if e.purpose == "loner"][0]
    assert (loner.dice, loner.target, loner.success) == ((2,), 2, True)
    assert sc.match.state.status[sc.p("A")] == STANDING
    cas = _dodge(CAS, [1, 2, 4])
    assert [e for e in cas.events(Roll) if e.purpose == "loner"][0].success


def test_two_for_one_loner_stays_four_plus_with_the_partner_on_the_pitch() -> None:
    sc = _dodge(-1, [1, 2, 2, 2])
    loner = [e for e in sc.events(Roll) if e.purpose == "loner"][0]
    assert (loner.target, loner.success) == (4, False)
    assert sc.match.state.status[sc.p("A")] == PRONE
    reserves = _dodge(RESERVES, [1, 2, 2, 2])
    assert not [e for e in reserves.events(Roll) if e.purpose == "loner"][0].success


def test_two_for_one_pairs_only_the_hired_pair() -> None:
    base = default_team_sheet("wood-elf", "bb2020", first_id=1)
    home = replace(
        base,
        players=base.players[:7]
        + star_sheets(
            rules_data("bb2020").star_players["grak-and-crumbleberry"],
            first_id=STAR_ID_BASE,
            first_number=90,
        )
        + star_sheets(
            rules_data("bb2020").star_players["the-swift-twins"],
            first_id=STAR_ID_BASE + 2,
            first_number=92,
        ),
    )
    m = Match("bb2020", home, default_team_sheet("human", "bb2020", first_id=101))
    g = m.state
    grak, crumble = g.idx[STAR_ID_BASE], g.idx[STAR_ID_BASE + 1]
    lucien, valen = g.idx[STAR_ID_BASE + 2], g.idx[STAR_ID_BASE + 3]
    assert pair_partner(g, grak) == crumble
    assert pair_partner(g, crumble) == grak
    assert pair_partner(g, valen) == lucien
    assert pair_partner(g, lucien) == valen


def test_two_for_one_is_only_for_a_member_of_the_pair() -> None:
    sc = Scenario(
        PAIR,
        skills={"A": [("loner", "4+")], "B": ["two-for-one"]},
        rerolls=(1, 0),
        dice=[1, 2, 2, 2],
    )
    g = sc.match.state
    q = sc.p("B")
    g.lift(q)
    g.box[q] = KO
    sc.act("A", "move")
    sc.move(0, 1)
    sc.choose("team_reroll")
    loner = [e for e in sc.events(Roll) if e.purpose == "loner"][0]
    assert (loner.target, loner.success) == (4, False)


def test_quick_bite_after_a_pass_is_no_turnover_either() -> None:
    # Pass 6 (accurate), catch 6; bite 5+4 = 9 breaks AV 9+; injury 3+3.
    sc = Scenario(
        """
        .....
        .A.B.
        ....g
        """,
        skills={"g": ["quick-bite"]},
        ball="A",
        dice=[6, 6, 5, 4, 3, 3],
    )
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.sq(3, 1))
    assert sc.match.pending.kind == "quick_bite"
    sc.choose("use", "quick-bite", sc.id("B"))
    assert sc.match.state.carrier == sc.p("g")
    assert sc.events(Turnover) == []
    assert sc.match.pending.kind == "activate"


def test_quick_bite_mark_does_not_outlive_its_activation() -> None:
    from engine.skills.stars.passing import _BITTEN, bitten

    sc = Scenario("A.b", skills={"b": ["quick-bite"]})
    g = sc.match.state
    g.effects[_BITTEN] = (g.half, g.active, g.turn[g.active], g.activations - 1)
    assert not bitten(g)
    assert _BITTEN not in g.effects
