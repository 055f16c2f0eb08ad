"""Bombardier, Pogo Stick, Swoop, Kick Team-mate, Swarming and Secret
Weapon (rulebook "Skills and Traits" - Traits)."""

from __future__ import annotations

import pytest

from engine.core.dice import FixedDice
from engine.core.events import (
    Armour,
    Injury,
    KnockedDown,
    Landing,
    Note,
    Roll,
    SentOff,
    SkillUsed,
    ThrowTeamMate,
    Turnover,
)
from engine.core.state import (
    KO,
    PF_HEAT,
    PF_PLAYED,
    PITCH,
    PRONE,
    RESERVES,
    SENT_OFF,
    STANDING,
    STUNNED,
    TF_BOMB,
    TF_KTM,
    TF_PASS,
    TF_TTM,
)
from engine.match import Match, run
from engine.rules.setup import formation
from engine.rules.swarming import Swarm, swarm_squares
from engine.rules.turns import EndDrive
from engine.skills.__main__ import coverage
from engine.tools.scenario import Scenario
from engine.tools.teams import default_team_sheet
from engine.variants import BB2020

BOMBER = {"B": ["bombardier"]}
BOMB_STATS = {"B": {"pa": 4}}
THROW = ("activate", 1, "throw_bomb")


def _notes(sc: Scenario, what: str) -> list[Note]:
    return [e for e in sc.events(Note) if e.what == what]


# -- Bombardier ------------------------------------------------------------


def test_throw_bomb_is_offered_to_a_standing_bombardier_without_moving() -> None:
    sc = Scenario("B....c", skills=BOMBER, stats=BOMB_STATS)
    assert THROW in sc.match.pending.options
    sc.choose(*THROW)
    # no movement first: straight to the target square
    assert sc.match.pending.kind == "bomb_target"
    prone = Scenario("B....c", skills=BOMBER, stats=BOMB_STATS, prone="B")
    assert THROW not in prone.match.pending.options
    plain = Scenario("B....c", stats=BOMB_STATS)
    assert THROW not in plain.match.pending.options


def test_a_bomb_that_is_not_caught_explodes_in_the_catchers_square() -> None:
    # c is 4 squares away (Short: -1); PA test 5 - 1 = 4 passes: accurate.
    # c fails the catch (2 < AG 3+): the bomb explodes on c, who is Placed
    # Prone; armour 5+5 breaks AV 9, injury 3+3 Stunned. Nobody else near.
    sc = Scenario("B...c", skills=BOMBER, stats=BOMB_STATS, dice=[5, 2, 5, 5, 3, 3])
    sc.choose(*THROW)
    sc.choose("square", sc.sq(4, 0))
    roll = [r for r in sc.events(Roll) if r.purpose == "throw_bomb"][0]
    assert (roll.target, roll.modifier, roll.success) == (4, -1, True)
    assert [r.purpose for r in sc.events(Roll)][-1] == "catch_bomb"
    kd = sc.events(KnockedDown)[0]
    assert (kd.player, kd.how) == (sc.id("c"), "bomb")
    assert sc.events(Armour)[0].player == sc.id("c")
    g = sc.match.state
    assert g.status[sc.p("c")] == STUNNED
    assert sc.events(Turnover) == []
    assert g.tflags & TF_BOMB
    assert not g.tflags & TF_PASS  # not a Pass action
    assert sc.match.pending.kind == "activate"
    assert THROW not in sc.match.pending.options  # one bomb per team turn


def test_a_bomb_on_an_empty_square_hits_adjacent_players_on_a_four() -> None:
    # accurate to the empty square (4, 1); c (above it) rolls 4: hit, d
    # (below it) rolls 3: not hit. c's armour 2+3 holds.
    sc = Scenario(
        """
        ....c
        B....
        ....d
        """,
        skills=BOMBER,
        stats=BOMB_STATS,
        dice=[6, 4, 3, 2, 3],
    )
    sc.choose(*THROW)
    sc.choose("square", sc.sq(4, 1))
    hits = [n.player for n in _notes(sc, "bomb_hit")]
    assert hits == [sc.id("c")]
    g = sc.match.state
    assert g.status[sc.p("c")] == PRONE
    assert g.status[sc.p("d")] == STANDING
    assert sc.events(Armour)[0].broken is False


def test_a_fumbled_bomb_explodes_on_the_thrower_a_turnover() -> None:
    # natural 1: the bomb explodes in B's square; B Placed Prone (armour
    # 2+2 holds); the adjacent c rolls 5 (hit, armour 1+2 holds).
    sc = Scenario("Bc...", skills=BOMBER, stats=BOMB_STATS, dice=[1, 5, 2, 2, 1, 2])
    sc.choose(*THROW)
    sc.choose("square", sc.sq(4, 0))
    g = sc.match.state
    assert g.status[sc.p("B")] == PRONE
    assert g.status[sc.p("c")] == PRONE
    assert [t.reason for t in sc.events(Turnover)] == ["bomb"]
    assert _notes(sc, "bomb_explodes_fumble")[0].value == sc.sq(0, 0)


def test_a_caught_bomb_explodes_on_a_four() -> None:
    # accurate; c catches (4); D6 4: explodes in c's hands.
    sc = Scenario("B...c", skills=BOMBER, stats=BOMB_STATS, dice=[5, 4, 4, 2, 2])
    sc.choose(*THROW)
    sc.choose("square", sc.sq(4, 0))
    assert _notes(sc, "bomb_explodes_caught")[0].value == sc.sq(4, 0)
    assert sc.match.state.status[sc.p("c")] == PRONE
    assert sc.events(Turnover) == []


def test_a_caught_bomb_on_one_to_three_is_thrown_again_at_once() -> None:
    # c catches (4), rolls 3: c must throw it again (the away coach picks
    # the square), then fumbles (1): it explodes on c, no Turnover for home.
    sc = Scenario("B...c", skills=BOMBER, stats=BOMB_STATS, dice=[5, 4, 3, 1, 2, 2])
    sc.choose(*THROW)
    sc.choose("square", sc.sq(4, 0))
    d = sc.match.pending
    assert (d.kind, d.team, d.player) == ("bomb_target", "away", sc.id("c"))
    sc.choose("square", sc.sq(1, 0))
    boom = _notes(sc, "bomb_explodes_fumble")[0]
    assert (boom.player, boom.value) == (sc.id("c"), sc.sq(4, 0))
    assert sc.match.state.status[sc.p("c")] == PRONE
    assert sc.events(Turnover) == []


def test_a_bomb_off_the_pitch_explodes_harmlessly() -> None:
    # inaccurate (3 - 1 = 2 < 4, not 1): scatters from (3, 0) three times
    # up (D8 2), off the pitch at once.
    sc = Scenario(
        "B..c", skills=BOMBER, stats=BOMB_STATS, origin=(5, 0), dice=[3, 2, 2, 2]
    )
    sc.choose(*THROW)
    sc.choose("square", sc.sq(3, 0))
    assert len(_notes(sc, "bomb_crowd")) == 1
    assert sc.events(KnockedDown) == []
    assert sc.match.state.status[sc.p("c")] == STANDING


@pytest.mark.parametrize(("action", "modifier"), [("throw_bomb", -3), ("pass", -2)])
def test_a_stunty_bombers_bomb_gives_no_interference_bonus(
    action: str, modifier: int
) -> None:
    # skills_and_traits.md "Stunty": "when an opposition player attempts to
    # interfere with a Pass action performed by this player, that player
    # may apply a +1 modifier"; "Bombardier": the Throw Bomb Special action
    # "is neither a Pass action nor a Throw Team-mate action". An accurate
    # throw (a 6) from (0, 0) to the empty (4, 0) over c: c interferes at
    # -3 (accurate), +1 only against a Pass; c rolls 2 and fails.
    sc = Scenario(
        "B.c...",
        skills={"B": ["bombardier", "stunty"]},
        stats=BOMB_STATS,
        ball="B" if action == "pass" else None,
        dice=[6, 2, 7],  # the throw, the interference, the ball's bounce
    )
    sc.act("B", action)
    if action == "pass":
        sc.choose("throw")
    sc.choose("square", sc.sq(4, 0))
    sc.choose("interfere", sc.id("c"))
    (r,) = [x for x in sc.events(Roll) if x.purpose == "interference"]
    assert (r.player, r.dice, r.target, r.modifier, r.success) == (
        sc.id("c"),
        (2,),
        3,
        modifier,
        False,
    )


# -- Pogo Stick -------------------------------------------------------------

POGO = """
    .b...
    .Pc..
    .....
"""


def test_pogo_stick_leaps_over_any_square() -> None:
    sc = Scenario(POGO, skills={"P": ["pogo-stick"]})
    sc.act("P", "move")
    assert ("leap", sc.sq(3, 1)) in sc.match.pending.options  # over c
    plain = Scenario(POGO)
    plain.act("P", "move")
    assert not [o for o in plain.match.pending.options if o[0] == "leap"]


def test_pogo_stick_ignores_marking_on_the_leap() -> None:
    # P is Marked by b and c, the landing square (3, 1) by c: no modifier.
    sc = Scenario(POGO, skills={"P": ["pogo-stick"]}, dice=[3])
    sc.act("P", "move")
    sc.choose("leap", sc.sq(3, 1))
    roll = sc.events(Roll)[0]
    assert (roll.purpose, roll.modifier, roll.success) == ("leap", 0, True)
    assert sc.xy("P") == (3, 1)
    leap = Scenario(POGO, skills={"P": ["leap"]}, dice=[4])
    leap.act("P", "move")
    leap.choose("leap", leap.sq(3, 1))
    assert leap.events(Roll)[0].modifier == -1  # Leap: -2 reduced to -1


# -- Swoop and Kick Team-mate ------------------------------------------------

DIAGRAM = """
    TG.......
    .........
    .........
"""
TTM = {"T": ["throw-team-mate"], "G": ["right-stuff", "stunty", "swoop"]}
TTM_STATS = {"T": {"st": 5, "pa": 3}, "G": {"st": 2}}


def test_swoop_lands_d3_squares_from_the_target_by_the_template() -> None:
    # superb throw (4 - 1 = 3); Swoop: face +x, D6 5 is the +y diagonal,
    # D3 2: from (5, 0) to (7, 2); landing 3 passes (superb: no modifier).
    sc = Scenario(DIAGRAM, skills=TTM, stats=TTM_STATS, dice=[4, 5, 2, 3])
    sc.act("T", "throw_team_mate")
    sc.choose("throw_tm", sc.id("G"))
    sc.choose("square", sc.sq(5, 0))
    d = sc.match.pending
    assert (d.kind, d.team, d.player) == ("swoop", "home", sc.id("G"))
    sc.choose("facing", 1, 0)
    assert sc.xy("G") == (7, 2)
    assert sc.events(Landing)[0].ok is True
    assert any(e.skill == "swoop" for e in sc.events(SkillUsed))


def test_without_swoop_the_thrown_player_scatters() -> None:
    plain = {**TTM, "G": ["right-stuff", "stunty"]}
    sc = Scenario(DIAGRAM, skills=plain, stats=TTM_STATS, dice=[4, 5, 4, 7, 3])
    sc.act("T", "throw_team_mate")
    sc.choose("throw_tm", sc.id("G"))
    sc.choose("square", sc.sq(5, 0))
    assert sc.xy("G") == (5, 1)


KTM = {"K": ["kick-team-mate", ("mighty-blow", "+1")], "G": ["right-stuff", "stunty"]}
KTM_STATS = {"K": {"st": 5, "pa": 4}, "G": {"st": 2}}
KICK = """
    KG.......
    .........
"""


def test_kick_team_mate_kicks_like_a_throw() -> None:
    # Short kick: 5 - 1 = 4 passes (superb); scatter 5, 4, 7: (5, 1).
    sc = Scenario(KICK, skills=KTM, stats=KTM_STATS, dice=[5, 5, 4, 7, 3])
    sc.act("K", "kick_team_mate")
    sc.choose("kick_tm", sc.id("G"))
    sc.choose("square", sc.sq(5, 0))
    assert sc.events(ThrowTeamMate)[0].quality == "superb"
    assert sc.xy("G") == (5, 1)
    g = sc.match.state
    assert g.tflags & TF_KTM
    assert not g.tflags & (TF_TTM | TF_PASS)  # besides a Pass or a Throw


def test_kick_team_mate_needs_a_standing_right_stuff_team_mate() -> None:
    opt = ("activate", 1, "kick_team_mate")
    assert opt in Scenario(KICK, skills=KTM, stats=KTM_STATS).match.pending.options
    prone = Scenario(KICK, skills=KTM, stats=KTM_STATS, prone="G")
    assert opt not in prone.match.pending.options


def test_fumbled_kick_removes_the_player_with_an_injury_roll() -> None:
    # natural 1: G is removed from play; Injury 3+3 +1 (K's Mighty Blow,
    # for the opposing coach) = 7 Stunned, which counts as KO'd.
    sc = Scenario(KICK, skills=KTM, stats=KTM_STATS, dice=[1, 3, 3])
    sc.act("K", "kick_team_mate")
    sc.choose("kick_tm", sc.id("G"))
    sc.choose("square", sc.sq(5, 0))
    inj = sc.events(Injury)[0]
    assert (inj.player, inj.modifier, inj.result) == (sc.id("G"), 1, "ko")
    assert sc.events(Armour) == []
    assert sc.match.state.box[sc.p("G")] == KO
    assert sc.events(Turnover) == []  # without the ball, no Turnover


def test_fumbled_kick_of_the_ball_carrier_bounces_the_ball() -> None:
    # injury 2+2 +1 = 5 Stunned -> KO'd; the ball bounces (D8 7: +y).
    sc = Scenario(KICK, skills=KTM, stats=KTM_STATS, ball="G", dice=[1, 2, 2, 7])
    sc.act("K", "kick_team_mate")
    sc.choose("kick_tm", sc.id("G"))
    sc.choose("square", sc.sq(5, 0))
    g = sc.match.state
    assert g.box[sc.p("G")] == KO
    assert (g.carrier, g.ball) == (-1, sc.sq(1, 1))
    assert [t.reason for t in sc.events(Turnover)] == ["fumble"]


# -- Swarming -----------------------------------------------------------------


def _swarm(on: int, reserves: int, d3: int) -> Scenario:
    letters = "ABCDEFG"[: on + reserves]
    sc = Scenario(
        letters,
        skills={ch: ["swarming"] for ch in letters},
        origin=(2, 7),
        start=False,
        dice=[d3],
    )
    g = sc.match.state
    for ch in letters[on:]:
        p = sc.p(ch)
        g.lift(p)
        g.box[p] = RESERVES
    g.stack.append(Swarm(0))
    run(g)
    return sc


def test_swarming_sets_up_d3_more_players_but_no_more_than_set_up() -> None:
    # D3 3, but only 2 Swarming players set up: 2 more may come on.
    sc = _swarm(2, 3, 3)
    g = sc.match.state
    d = sc.match.pending
    assert d.kind == "swarming"
    squares = set(swarm_squares(g, 0))
    pitch = g.pitch
    for sq in squares:
        assert pitch.flags[sq] & pitch.half_flag(0)
        assert not pitch.flags[sq] & pitch.los_flag(0)
        assert 4 <= pitch.ys[sq] <= 10  # no Wide Zone
    assert {o[2] for o in d.options if o[0] == "swarm"} == squares
    sq1, sq2 = sorted(squares)[:2]
    sc.choose("swarm", sc.id("C"), sq1)
    sc.choose("swarm", sc.id("D"), sq2)
    assert sc.match.pending is None
    assert g.box[sc.p("C")] == PITCH
    assert g.pos[sc.p("C")] == sq1
    assert g.pflags[sc.p("D")] & PF_PLAYED
    assert g.box[sc.p("E")] == RESERVES


def test_swarming_d3_limits_and_done_stops() -> None:
    sc = _swarm(3, 3, 1)
    sq = swarm_squares(sc.match.state, 0)[0]
    sc.choose("swarm", sc.id("D"), sq)
    assert sc.match.pending is None  # D3 1: one only
    sc = _swarm(3, 3, 2)
    sc.choose("done")
    assert sc.match.pending is None
    assert sc.match.state.box[sc.p("D")] == RESERVES


def test_a_player_out_with_sweltering_heat_does_not_swarm() -> None:
    """Weather "Sweltering Heat": fainted players "must miss the next
    drive", Swarming's step of it too. Home's Snotlings set up ids 1-11
    (Linemen 7-11 Swarm); in the Reserves the Swarming Linemen 12 and 13,
    13 fainted at the end of the drive before. Home kicks (D8 5, D6 1);
    the Swarming D3 2."""
    home = default_team_sheet("snotling", BB2020, first_id=1)
    m = Match(
        BB2020,
        home,
        default_team_sheet("human", BB2020, first_id=101),
        FixedDice([2, 3, 3, 4, 6, 1, 5, 1, 2, *[4] * 20]),
    )
    g = m.state
    g.pflags[g.idx[13]] |= PF_HEAT
    m.apply(("kick",))
    first = [g.idx[pid] for pid in range(1, 12)]
    m.apply(("arrangement", [list(x) for x in formation(g, 0, "defence", first)]))
    m.apply(("formation", "offence"))
    m.apply(("square", BB2020.pitch.sq(16, 5)))
    assert (m.pending.kind, m.pending.team) == ("swarming", "home")
    assert {o[1] for o in m.pending.options if o[0] == "swarm"} == {12}


def test_solid_defence_sets_up_the_swarmed_players_again() -> None:
    """Solid Defence after Swarming ("allowing you to set up more than the
    usual 11 players"): the thirteen kicking players on the pitch are the
    set-up the D3+3 Open players are "removed and set up again" in. As
    above, but 13 is fit: D3 2, both swarm; event 1+3, D3 1: four."""
    home = default_team_sheet("snotling", BB2020, first_id=1)
    m = Match(
        BB2020,
        home,
        default_team_sheet("human", BB2020, first_id=101),
        FixedDice([2, 3, 3, 4, 6, 1, 5, 1, 2, 1, 3, 1, *[4] * 20]),
    )
    g = m.state
    m.apply(("kick",))
    first = [g.idx[pid] for pid in range(1, 12)]
    m.apply(("arrangement", [list(x) for x in formation(g, 0, "defence", first)]))
    m.apply(("formation", "offence"))
    m.apply(("square", BB2020.pitch.sq(16, 5)))
    squares = swarm_squares(g, 0)
    m.apply(("swarm", 12, squares[0]))
    m.apply(("swarm", 13, squares[1]))
    assert (m.pending.kind, m.pending.info) == ("solid_defence", (4,))
    placement = [[g.pid[p], g.pos[p]] for p in g.on_pitch(0)]
    assert len(placement) == 13
    moved = next(i for i, (pid, _) in enumerate(placement) if pid == 12)
    placement[moved][1] = squares[2]  # a swarmed player, Open behind the line
    m.apply(("arrangement", placement))
    assert m.pending.kind == "activate"
    assert g.pos[g.idx[12]] == squares[2]


# -- Secret Weapon -----------------------------------------------------------


def test_secret_weapons_that_played_are_sent_off_wherever_they_are() -> None:
    sc = Scenario(
        "AB.C",
        skills={ch: ["secret-weapon"] for ch in "ABC"},
        start=False,
        dice=[],
    )
    g = sc.match.state
    a, b, c = sc.p("A"), sc.p("B"), sc.p("C")
    g.pflags[a] |= PF_PLAYED  # on the pitch
    g.pflags[b] |= PF_PLAYED  # Knocked-out during the drive
    g.lift(b)
    g.box[b] = KO
    g.lift(c)  # in the Reserves, never took part: stays
    g.box[c] = RESERVES
    g.argue_banned[0] = 1  # no arguing: sent off at once
    g.stack.append(EndDrive())
    run(g)
    assert [e.player for e in sc.events(SentOff)] == [sc.id("A"), sc.id("B")]
    assert g.box[a] == SENT_OFF
    assert g.box[b] == SENT_OFF
    assert g.box[c] == RESERVES


def test_in_a_blizzard_bombs_reach_short_range_only() -> None:
    sc = Scenario("B....", skills=BOMBER, stats=BOMB_STATS, weather="blizzard")
    sc.choose(*THROW)
    targets = {o[1] for o in sc.match.pending.options}
    assert sc.sq(4, 0) in targets  # Short
    assert sc.sq(8, 0) not in targets  # Long
    clear = Scenario("B....", skills=BOMBER, stats=BOMB_STATS)
    clear.choose(*THROW)
    assert clear.sq(8, 0) in {o[1] for o in clear.match.pending.options}


def test_a_wildly_inaccurate_bomb_deviates_from_the_thrower() -> None:
    # 2 - 1 = 1: wildly inaccurate; D8 5 (+x), D6 2: (2, 0), empty: boom.
    sc = Scenario("B...c", skills=BOMBER, stats=BOMB_STATS, dice=[2, 5, 2])
    sc.choose(*THROW)
    sc.choose("square", sc.sq(4, 0))
    assert _notes(sc, "bomb_wildly_inaccurate")[0].value == sc.sq(2, 0)
    assert _notes(sc, "bomb_explodes_lands")[0].value == sc.sq(2, 0)
    assert _notes(sc, "bomb_hit") == []


def test_goblin_snotling_and_ogre_rosters_are_fully_covered() -> None:
    report = coverage()
    covered = report["rosters_fully_covered"]
    assert isinstance(covered, list)
    assert {"goblin", "snotling", "ogre"} <= set(covered)
