"""BB2025 rules that changes_from_bb2020.md lists as unchanged from BB2020,
each checked in BB2025 itself: the Fan Factor and the Weather table (section
2), set-up and the touchback (3), Rush and standing up (5), the Injury
tables and Regeneration (7), Argue the Call, Bribes and the Secret Weapon's
sending-off (8, 13), the range bands (9), the Throw Team-mate ranges and
Always Hungry (12)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import Match
from engine.core.dice import FixedDice
from engine.core.events import (
    ArgueTheCall,
    FanFactor,
    Injury,
    KnockedDown,
    Pass,
    Roll,
    SentOff,
    ThrowTeamMate,
    Touchback,
    Turnover,
    Weather,
)
from engine.core.state import (
    CAS,
    KO,
    PF_PLAYED,
    PITCH,
    PRONE,
    RESERVES,
    SENT_OFF,
    STANDING,
    STUNNED,
)
from engine.match import run
from engine.rules.setup import formation, validate_setup
from engine.rules.turns import EndDrive
from engine.tools.scenario import Scenario
from engine.tools.teams import default_team_sheet
from engine.variants import BB2025

# -- Pre-game: Fans and Weather (section 2) -----------------------------------


def pregame(dice: list[int], home_df: int = 1, away_df: int = 4) -> Match:
    home = replace(
        default_team_sheet("human", BB2025, first_id=1), dedicated_fans=home_df
    )
    away = replace(
        default_team_sheet("orc", BB2025, first_id=101), dedicated_fans=away_df
    )
    return Match(BB2025, home, away, FixedDice([*dice, 6, 1, *[4] * 10]))


def test_fan_factor_is_a_d3_plus_dedicated_fans() -> None:
    # D3 2 + 1 Dedicated Fan = 3; D3 3 + 4 = 7.
    m = pregame([2, 3, 3, 4])
    ff = [e for e in m.events if type(e) is FanFactor]
    assert [(e.dedicated_fans, e.d3, e.fan_factor) for e in ff] == [
        (1, 2, 3),
        (4, 3, 7),
    ]


@pytest.mark.parametrize(
    ("dice", "weather"),
    [
        ((1, 1), "sweltering_heat"),
        ((1, 2), "very_sunny"),
        ((2, 2), "perfect"),
        ((4, 6), "perfect"),
        ((5, 6), "pouring_rain"),
        ((6, 6), "blizzard"),
    ],
)
def test_the_weather_table(dice: tuple[int, int], weather: str) -> None:
    # tables.md "Weather": 2 Sweltering Heat, 3 Very Sunny, 4-10 Perfect
    # Conditions, 11 Pouring Rain, 12 Blizzard.
    m = pregame([2, 3, *dice])
    assert [(e.dice, e.result) for e in m.events if type(e) is Weather] == [
        (dice, weather)
    ]


# -- Set-up and the touchback (section 3) -------------------------------------


def setup_match() -> Match:
    m = Match(
        BB2025,
        default_team_sheet("human", BB2025, first_id=1),
        default_team_sheet("orc", BB2025, first_id=101),
        FixedDice([2, 3, 3, 4, 6, 1]),
    )
    m.apply(("kick",))
    return m


def test_set_up_limits() -> None:
    """At most 11 on the pitch, at most 2 in each wide zone, at least 3 on
    the Line of Scrimmage (the home team's at x 12)."""
    m = setup_match()
    g = m.state
    players = [p for p in range(g.n) if g.team[p] == 0]
    legal = formation(g, 0, "defence", players)
    assert len(legal) == 11
    assert validate_setup(g, 0, legal) == []
    assert validate_setup(g, 0, legal[:10]) == ["10 players set up, 11 required"]
    # three in the low wide zone (y 0-3) and only two on the Line
    bad = [(g.pid[players[i]], g.pitch.sq(5 + i, 1)) for i in range(3)]
    bad += [(g.pid[players[3 + i]], g.pitch.sq(12, 6 + i)) for i in range(2)]
    bad += [(g.pid[players[5 + i]], g.pitch.sq(8, 5 + i)) for i in range(6)]
    assert validate_setup(g, 0, bad) == [
        "more than 2 players in a wide zone",
        "only 2 players on the Line of Scrimmage in the centre, 3 required",
    ]
    twelve = [*legal, (g.pid[players[11]], g.pitch.sq(3, 7))]
    assert "12 players set up, 11 required" in validate_setup(g, 0, twelve)


def test_touchback_gives_the_ball_to_a_standing_receiver() -> None:
    # The kick at (22, 7) deviates D8 5 (east) D6 6 off the pitch; event 1+1
    # Get the Ref; the receiving coach gives the ball to any Standing player.
    m = setup_match()
    m.apply(("formation", "defence"))
    m.apply(("formation", "offence"))
    m.state.dice.extend([5, 6, 1, 1, *[4] * 10])  # type: ignore[attr-defined]
    m.apply(("square", BB2025.pitch.sq(22, 7)))
    g = m.state
    assert m.pending.kind == "touchback"
    assert m.pending.team == "away"
    standing = {
        g.pid[p]
        for p in range(g.n)
        if g.team[p] == 1 and g.box[p] == PITCH and g.status[p] == STANDING
    }
    assert {o[1] for o in m.pending.options} == standing
    choice = m.pending.options[-1]
    m.apply(choice)
    assert [e.player for e in m.events if type(e) is Touchback] == [choice[1]]
    assert m.state.carrier == m.state.idx[choice[1]]


# -- Movement: Rush and standing up (section 5) -------------------------------

OPEN = """
    A.....
    ......
    .....b
"""


def test_two_rushes_on_two_plus_and_a_natural_one_falls() -> None:
    sc = Scenario(OPEN, ruleset="bb2025", stats={"A": {"ma": 1}}, dice=[2, 1, 4, 4])
    sc.act("A", "move")
    sc.move(1, 0)
    sc.move(2, 0)  # rush 1: 2 passes
    sc.move(3, 0)  # rush 2: 1 fails
    rushes = [(r.purpose, r.dice, r.target, r.success) for r in sc.events(Roll)]
    assert rushes == [("rush", (2,), 2, True), ("rush", (1,), 2, False)]
    assert sc.match.state.status[sc.p("A")] == PRONE
    assert sc.events(KnockedDown)[0].how == "fall"


@pytest.mark.parametrize(("skills", "rushes"), [([], 2), (["sprint"], 3)])
def test_two_rushes_three_with_sprint(skills: list[str], rushes: int) -> None:
    sc = Scenario(
        OPEN,
        ruleset="bb2025",
        stats={"A": {"ma": 0}},
        skills={"A": skills},
        dice=[6] * 3,
    )
    sc.act("A", "move")
    for x in range(1, rushes + 1):
        sc.move(x, 0)
    assert sc.xy("A") == (rushes, 0)
    assert ("move", sc.sq(rushes + 1, 0)) not in sc.match.pending.options


@pytest.mark.parametrize(
    ("weather", "skills", "die", "modifier", "ok"),
    [
        ("blizzard", [], 2, -1, False),
        ("blizzard", [], 3, -1, True),
        ("perfect", ["drunkard"], 2, -1, False),
        ("blizzard", ["drunkard"], 3, -2, False),
        ("blizzard", ["drunkard"], 4, -2, True),
    ],
)
def test_blizzard_and_drunkard_make_a_rush_harder(
    weather: str, skills: list[str], die: int, modifier: int, ok: bool
) -> None:
    """-1 in a Blizzard, -1 for Drunkard: the 2+ needs a 3, or a 4 with
    both."""
    sc = Scenario(
        OPEN,
        ruleset="bb2025",
        weather=weather,
        stats={"A": {"ma": 0}},
        skills={"A": skills},
        dice=[die, 4, 4, 4],
    )
    sc.act("A", "move")
    sc.move(1, 0)
    rush = sc.events(Roll)[0]
    assert (rush.purpose, rush.dice, rush.modifier, rush.success) == (
        "rush",
        (die,),
        modifier,
        ok,
    )


def test_standing_up_costs_three_squares() -> None:
    sc = Scenario(OPEN, ruleset="bb2025", prone="A", stats={"A": {"ma": 4}})
    sc.act("A", "move")
    sc.move(1, 0)
    g = sc.match.state
    assert (g.status[sc.p("A")], g.act_ma_used) == (STANDING, 4)
    assert sc.events(Roll) == []


@pytest.mark.parametrize(("die", "status"), [(3, PRONE), (4, STANDING)])
def test_standing_up_with_ma_two_needs_four_plus(die: int, status: int) -> None:
    sc = Scenario(OPEN, ruleset="bb2025", prone="A", stats={"A": {"ma": 2}}, dice=[die])
    sc.act("A", "move")
    roll = sc.events(Roll)[0]
    assert (roll.purpose, roll.dice, roll.target) == ("stand_up", (die,), 4)
    assert sc.match.state.status[sc.p("A")] == status


@pytest.mark.parametrize(
    ("skills", "modifier", "status"), [([], 0, PRONE), (["timmm-ber"], 1, STANDING)]
)
def test_timmm_ber_helps_a_slow_player_stand_up(
    skills: list[str], modifier: int, status: int
) -> None:
    """Timmm-ber!: +1 for each Open, Standing team-mate next to him (B; C is
    Marked by d): a 3 stands him up."""
    sc = Scenario(
        """
        .B...
        A....
        C....
        d....
    """,
        ruleset="bb2025",
        prone="A",
        stats={"A": {"ma": 2}},
        skills={"A": skills},
        dice=[3],
    )
    sc.act("A", "move")
    roll = sc.events(Roll)[0]
    assert (roll.purpose, roll.dice, roll.modifier) == ("stand_up", (3,), modifier)
    assert sc.match.state.status[sc.p("A")] == status


# -- Injury table, Stunty's, Regeneration (section 7) -------------------------

DODGE = """
    .....
    Ab...
    .....
"""


def fall(dice: list[int], **kw: object) -> Scenario:
    """A dodges out of b's Tackle Zone and fails (first die 1): Armour,
    then Injury."""
    sc = Scenario(DODGE, ruleset="bb2025", dice=[1, *dice], **kw)  # type: ignore[arg-type]
    sc.act("A", "move")
    sc.move(0, 0)
    return sc


@pytest.mark.parametrize(
    ("injury", "result", "box"),
    [
        ((1, 1), "stunned", PITCH),
        ((4, 3), "stunned", PITCH),
        ((4, 4), "ko", KO),
        ((5, 4), "ko", KO),
        ((5, 5), "cas", CAS),
        ((6, 6), "cas", CAS),
    ],
)
def test_injury_table(injury: tuple[int, int], result: str, box: int) -> None:
    """2-7 Stunned, 8-9 KO'd, 10-12 a Casualty (D16 1: Badly Hurt)."""
    sc = fall([5, 5, *injury, 1])
    assert sc.events(Injury)[0].result == result
    assert sc.match.state.box[sc.p("A")] == box
    if box == PITCH:
        assert sc.match.state.status[sc.p("A")] == STUNNED


@pytest.mark.parametrize(
    ("injury", "result", "box"),
    [
        ((3, 3), "stunned", PITCH),
        ((4, 3), "ko", KO),
        ((4, 4), "ko", KO),
        ((5, 4), "badly_hurt", CAS),
        ((5, 5), "cas", CAS),
    ],
)
def test_stunty_injury_table(injury: tuple[int, int], result: str, box: int) -> None:
    """Stunty: 2-6 Stunned, 7-8 KO'd, 9 Badly Hurt (no Casualty roll), 10-12
    a Casualty (D16 1)."""
    sc = fall([5, 5, *injury, 1], skills={"A": ["stunty"]})
    assert sc.events(Injury)[0].result == result
    assert sc.match.state.box[sc.p("A")] == box


@pytest.mark.parametrize(("die", "box"), [(4, RESERVES), (3, CAS)])
def test_regeneration_on_four_plus(die: int, box: int) -> None:
    # Armour 5+5, Injury 6+5 a Casualty, D16 1 Badly Hurt, Regeneration D6.
    sc = fall([5, 5, 6, 5, 1, die], skills={"A": ["regeneration"]})
    regen = [r for r in sc.events(Roll) if r.purpose == "regeneration"]
    assert [(r.dice, r.target, r.success) for r in regen] == [((die,), 4, die >= 4)]
    assert sc.match.state.box[sc.p("A")] == box


# -- Fouls: Argue the Call and Bribes (section 8) -----------------------------

FOUL = """
    .....
    .Ab..
    .....
"""


def doubles(dice: list[int], bribes: int = 0) -> Scenario:
    """A fouls the Prone b: Armour 3 + 3, a double, and the referee sees it."""
    sc = Scenario(FOUL, ruleset="bb2025", prone="b", dice=[3, 3, *dice])
    sc.match.state.bribes[0] = bribes
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    assert sc.match.pending.kind == "argue_the_call"
    return sc


@pytest.mark.parametrize(
    ("die", "result", "box", "banned"),
    [
        (1, "youre_outta_here", SENT_OFF, 1),
        (2, "i_dont_care", SENT_OFF, 0),
        (5, "i_dont_care", SENT_OFF, 0),
        (6, "well_when_you_put_it_like_that", PITCH, 0),
    ],
)
def test_argue_the_call(die: int, result: str, box: int, banned: int) -> None:
    """1: sent off and the coach ejected; 2-5: sent off; 6: not sent off.
    A Turnover in every case."""
    sc = doubles([die])
    sc.choose("argue")
    assert [e.result for e in sc.events(ArgueTheCall)] == [result]
    g = sc.match.state
    assert g.box[sc.p("A")] == box
    assert g.argue_banned[0] == banned
    assert sc.events(Turnover)


@pytest.mark.parametrize(("die", "box"), [(2, PITCH), (1, SENT_OFF)])
def test_a_bribe_works_on_two_plus(die: int, box: int) -> None:
    sc = doubles([die], bribes=1)
    sc.choose("bribe")
    assert [e.result for e in sc.events(ArgueTheCall)][0] == (
        "bribed" if die >= 2 else "bribe_failed"
    )
    g = sc.match.state
    assert g.bribes[0] == 0
    assert g.box[sc.p("A")] == box


def test_a_bribe_may_follow_a_failed_argue_the_call() -> None:
    """tables.md "Argue the Call": Bribes may still be used after failing to
    argue (BB2020 inducements_in_detail.md "Bribes": a single Bribe may be
    used after an attempt to Argue the Call). Argue 3: "I don't care!";
    then the Bribe, 2+: A stays on the pitch."""
    sc = doubles([3, 2], bribes=1)
    sc.choose("argue")
    assert sc.match.pending.kind == "argue_the_call"
    assert ("bribe",) in sc.match.pending.options
    assert ("argue",) not in sc.match.pending.options
    sc.choose("bribe")
    assert [e.result for e in sc.events(ArgueTheCall)] == ["i_dont_care", "bribed"]
    g = sc.match.state
    assert g.bribes[0] == 0
    assert g.box[sc.p("A")] == PITCH
    assert not sc.events(SentOff)


@pytest.mark.parametrize(("die", "box"), [(2, PITCH), (1, SENT_OFF)])
def test_a_bribe_may_follow_the_coachs_ejection(die: int, box: int) -> None:
    """tables.md "Argue the Call": "Bribes may still be used after failing
    or being unable to argue"; changes_from_bb2020.md "Argue the Call":
    "FAQ: a coach who can no longer argue may still use Bribes" (BB2020
    inducements_in_detail.md "Bribes" refused one after a 1). Argue 1:
    "You're outta here!", the coach is ejected; then the Bribe, 2+ works."""
    sc = doubles([1, die], bribes=1)
    sc.choose("argue")
    g = sc.match.state
    assert g.argue_banned[0] == 1
    assert sc.match.pending.kind == "argue_the_call"
    assert ("bribe",) in sc.match.pending.options
    assert ("argue",) not in sc.match.pending.options
    sc.choose("bribe")
    assert [e.result for e in sc.events(ArgueTheCall)] == [
        "youre_outta_here",
        "bribed" if die >= 2 else "bribe_failed",
    ]
    assert g.bribes[0] == 0
    assert g.box[sc.p("A")] == box


def test_bb2020_no_bribe_after_the_coach_is_ejected() -> None:
    """BB2020 inducements_in_detail.md "Bribes": "if a 1 was rolled when
    attempting to Argue the Call and the head coach ejected ... no Bribe
    may be used this time"."""
    sc = Scenario(FOUL, ruleset="bb2020", prone="b", dice=[3, 3, 1])
    sc.match.state.bribes[0] = 1
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    sc.choose("argue")
    g = sc.match.state
    assert g.box[sc.p("A")] == SENT_OFF
    assert g.bribes[0] == 1


def test_a_natural_one_ejects_the_coach_despite_the_dodgy_league_rep() -> None:
    """tables.md "Argue the Call": the Biased Referee (Dodgy League Rep)
    gives +1, a natural 1 still ejects the coach."""
    sc = doubles([1])
    g = sc.match.state
    g.sheets = (replace(g.sheets[0], biased_referee=True), g.sheets[1])
    sc.choose("argue")
    assert [e.result for e in sc.events(ArgueTheCall)] == ["youre_outta_here"]
    assert g.box[sc.p("A")] == SENT_OFF
    assert g.argue_banned[0] == 1


def test_a_secret_weapon_is_sent_off_at_the_end_of_the_drive() -> None:
    sc = Scenario(
        DODGE, ruleset="bb2025", skills={"A": ["secret-weapon"]}, start=False, dice=[3]
    )
    g = sc.match.state
    g.pflags[sc.p("A")] |= PF_PLAYED
    g.stack.append(EndDrive())
    run(g)
    assert sc.match.pending.kind == "argue_the_call"
    sc.choose("argue")
    assert g.box[sc.p("A")] == SENT_OFF
    assert sc.events(SentOff)[0].reason == "secret_weapon"


# -- Passing: the range bands (section 9) -------------------------------------

PASSER = """
    bA...............
    .................
    .................
"""


@pytest.mark.parametrize(
    ("x", "band", "modifier"),
    [(4, "quick", 0), (7, "short", -1), (11, "long", -2), (14, "long_bomb", -3)],
)
@pytest.mark.parametrize("marked", [False, True])
def test_the_range_bands(x: int, band: str, modifier: int, marked: bool) -> None:
    """Quick 0, Short -1, Long -2, Long Bomb -3, and -1 for each player
    Marking the thrower (b, behind him, when Standing)."""
    sc = Scenario(
        PASSER,
        ruleset="bb2025",
        origin=(4, 5),
        ball="A",
        prone="" if marked else "b",
        dice=[6, *[1] * 10],
    )
    sc.act("A", "pass")
    sc.choose("throw")
    sc.choose("square", sc.sq(x, 0))
    assert sc.events(Pass)[0].range == band
    roll = [r for r in sc.events(Roll) if r.purpose == "pass"][0]
    assert roll.modifier == modifier - marked


# -- Throw Team-mate: ranges and Always Hungry (section 12) -------------------

TTM = """
    TG.........
    ...........
    ..........c
"""
TTM_SKILLS = {"T": ["throw-team-mate"], "G": ["right-stuff"]}


def ttm(dice: list[int], hungry: bool = False) -> Scenario:
    skills = dict(TTM_SKILLS)
    if hungry:
        skills["T"] = [*skills["T"], "always-hungry"]
    sc = Scenario(
        TTM, ruleset="bb2025", skills=skills, stats={"T": {"pa": 3}}, dice=dice
    )
    sc.act("T", "throw_team_mate")
    sc.choose("throw_tm", sc.id("G"))
    return sc


def test_a_team_mate_is_thrown_quick_or_short_only() -> None:
    sc = ttm([])
    targets = {o[1] for o in sc.match.pending.options if o[0] == "square"}
    assert {sc.sq(3, 0), sc.sq(6, 0)} <= targets  # Quick, Short
    assert sc.sq(7, 0) not in targets  # Long
    assert sc.sq(10, 0) not in targets


@pytest.mark.parametrize(("x", "modifier"), [(3, 0), (6, -1)])
def test_quick_zero_short_minus_one(x: int, modifier: int) -> None:
    sc = ttm([6, *[4] * 10])
    sc.choose("square", sc.sq(x, 0))
    roll = sc.events(Roll)[0]
    assert (roll.dice, roll.modifier) == ((6,), modifier)


def test_always_hungry_a_one_then_a_one_eats_the_team_mate() -> None:
    sc = ttm([1, 1], hungry=True)
    sc.choose("square", sc.sq(3, 0))
    g = sc.match.state
    assert g.box[sc.p("G")] == CAS
    assert g.casualties[0].result == "dead"


def test_always_hungry_a_one_then_two_plus_is_a_fumble() -> None:
    sc = ttm([1, 2, 7, 4], hungry=True)
    sc.choose("square", sc.sq(3, 0))
    assert sc.events(ThrowTeamMate)[0].quality == "fumble"
    assert sc.match.state.box[sc.p("G")] == PITCH
