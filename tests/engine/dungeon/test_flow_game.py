"""The Dungeon Bowl game (DB-setup "Pre-Game Sequence"; DB-rules "Team
Turns", "Touchdown!", "Time Limits and Winning the Game"): the ball hidden
in a Chest, one coin toss, deployment in the End Zones, alternating team
turns, the game over at the first touchdown or at the turn cap."""

from __future__ import annotations

import pytest

from engine.core.dice import FixedDice
from engine.core.errors import IllegalSetup
from engine.core.events import (
    BallHidden,
    FirstTurn,
    GameEnd,
    SetUp,
    SuddenDeath,
    TimeLimit,
    TurnStart,
)
from engine.core.model import PlayerSheet, TeamSheet
from engine.core.state import KO, PITCH, RESERVES, SENT_OFF
from engine.dungeon.layout import Dungeon
from engine.match import Match
from engine.variants import DUNGEON_BOWL, get_variant
from engine.variants.dungeon_bowl.game import (
    DEFAULT_TURN_CAP,
    EXTRA_TIME_TURNS,
    time_limit_winner,
)
from engine.variants.dungeon_bowl.match import new_match

# End Zone 0: x 1-3, End Zone 1: x 9-11 (nine squares each). Chests at
# (4, 1) (square 17) and (8, 3) (square 47); Portal 1 at (6, 1).
ROWS = [
    "#############",
    "#<<<$.1..>>>#",
    "#<<<.....>>>#",
    "#<<<....$>>>#",
    "#############",
]
WIDTH = 13


def at(x: int, y: int) -> int:
    return y * WIDTH + x


ZONE0 = {at(x, y) for x in (1, 2, 3) for y in (1, 2, 3)}
ZONE1 = {at(x, y) for x in (9, 10, 11) for y in (1, 2, 3)}


def team(
    t: int, n: int = 7, skills: dict[int, tuple[str, ...]] | None = None
) -> TeamSheet:
    first = 1 + 100 * t
    players = tuple(
        PlayerSheet(
            first + i,
            f"P{first + i}",
            i + 1,
            "lineman",
            6,
            3,
            3,
            4,
            9,
            tuple((s, None) for s in (skills or {}).get(first + i, ())),
        )
        for i in range(n)
    )
    return TeamSheet(("Home", "Away")[t], "college-of-fire", players, 1, False, 0)


def game(dice: list[int | str], *, turn_cap: int = 0, **kw: object) -> Match:
    home = team(0, **kw)  # type: ignore[arg-type]
    return new_match(
        home, team(1), Dungeon.from_rows(ROWS), FixedDice(dice), turn_cap=turn_cap
    )


def test_dungeon_bowl_is_registered() -> None:
    assert get_variant("dungeon-bowl") is DUNGEON_BOWL
    assert DUNGEON_BOWL.turns_per_half == DEFAULT_TURN_CAP


def test_the_ball_is_hidden_and_the_toss_winner_chooses_his_end_zone() -> None:
    # Chest D6 2: the second Chest; toss 2 v 5: away wins.
    m = game([2, 2, 5])
    g = m.state
    assert g.dungeon is not None
    assert g.dungeon.ball_chest == at(8, 3)
    assert g.ball == -1
    assert g.carrier == -1
    assert BallHidden(2) in m.events
    d = m.pending
    assert d is not None
    assert (d.team, d.kind) == ("away", "end_zone")
    m.apply(("end_zone", 0))  # away takes End Zone 0: home gets End Zone 1
    assert g.pitch.home_zone == 1  # type: ignore[attr-defined]
    assert set(g.pitch.own_endzone_squares(0)) == ZONE1  # type: ignore[attr-defined]
    assert g.dungeon.first_team == 1
    assert FirstTurn("away", 0) in m.events
    d = m.pending
    assert d is not None
    assert (d.team, d.kind) == ("away", "setup")


def test_a_chest_roll_above_the_number_of_chests_is_rolled_again() -> None:
    m = game([6, 3, 1, 3, 5])
    assert m.state.dungeon is not None
    assert m.state.dungeon.ball_chest == at(4, 1)


def test_deployment_six_players_in_the_own_end_zone_first_team_first() -> None:
    m = game([1, 5, 2])  # home wins the toss
    m.apply(("end_zone", 0))
    d = m.pending
    assert d is not None
    assert (d.team, d.kind) == ("home", "setup")
    m.apply(("formation", "front"))
    d = m.pending
    assert d is not None
    assert (d.team, d.kind) == ("away", "setup")
    m.apply(("formation", "back"))
    g = m.state
    home_sq = {g.pos[p] for p in range(g.n) if g.team[p] == 0 and g.box[p] == PITCH}
    away_sq = {g.pos[p] for p in range(g.n) if g.team[p] == 1 and g.box[p] == PITCH}
    assert len(home_sq) == 6
    assert home_sq <= ZONE0
    assert len(away_sq) == 6
    assert away_sq <= ZONE1
    # "front": the squares nearest the opposition End Zone first (x 3)
    assert {at(3, y) for y in (1, 2, 3)} <= home_sq
    # "back": the farthest first (x 11), so x 9 stays empty
    assert {at(11, y) for y in (1, 2, 3)} <= away_sq
    assert not away_sq & {at(9, y) for y in (1, 2, 3)}
    # the seventh player of each team waits in the Reserves
    assert [g.box[p] for p in range(g.n)].count(RESERVES) == 2
    assert [type(e) for e in m.events if isinstance(e, SetUp)] == [SetUp, SetUp]
    d = m.pending
    assert d is not None
    assert (d.team, d.kind) == ("home", "activate")
    # the first team's first turn: no Dugout Portal yet
    assert not [o for o in d.options if o[0] == "dugout_portal"]


def test_an_illegal_deployment_is_refused() -> None:
    m = game([1, 5, 2])
    m.apply(("end_zone", 0))
    bad = [(1 + i, at(4 + i % 2, 1 + i // 2)) for i in range(6)]  # outside
    with pytest.raises(IllegalSetup, match="outside their own half"):
        m.apply(("arrangement", bad))
    ok = [(1 + i, sq) for i, sq in enumerate(sorted(ZONE0)[:6])]
    m.apply(("arrangement", ok))
    assert m.pending is not None
    assert m.pending.team == "away"


def _deploy(m: Match, home: str = "front", away: str = "back") -> None:
    for _ in range(2):
        d = m.pending
        assert d is not None
        assert d.kind == "setup"
        m.apply(("formation", home if d.team == "home" else away))


def test_turns_alternate_from_the_toss_winner_and_the_second_team_may_use_the_dugout() -> (
    None
):
    m = game([1, 2, 5], turn_cap=2)  # away wins
    m.apply(("end_zone", 1))
    _deploy(m)
    order = []
    for _ in range(4):
        d = m.pending
        assert d is not None
        assert d.kind == "activate"
        order.append(d.team)
        dugout = [o for o in d.options if o[0] == "dugout_portal"]
        g = m.state
        first_turn_of_first_team = d.team == "away" and g.turn[1] == 1
        assert bool(dugout) == (not first_turn_of_first_team)
        m.apply(("end_turn",))
    assert order == ["away", "home", "away", "home"]
    assert m.done
    starts = [(e.team, e.turn) for e in m.events if isinstance(e, TurnStart)]
    assert starts == [("away", 1), ("home", 1), ("away", 2), ("home", 2)]


def test_time_limit_the_team_whose_end_zone_is_nearer_the_ball_wins() -> None:
    # The ball is in the Chest at (4, 1): 1 square from End Zone 0 (where
    # away scores when home takes End Zone 0), 5 from End Zone 1.
    m = game([1, 5, 2], turn_cap=1)
    m.apply(("end_zone", 0))
    _deploy(m)
    m.apply(("end_turn",))
    m.apply(("end_turn",))
    assert m.done
    assert TimeLimit(at(4, 1), (5, 1), "away") in m.events
    assert m.events[-1] == GameEnd((0, 1), "away")
    r = m.result
    assert (r.score, r.winner, r.turns_played) == ((0, 1), "away", (1, 1))


def test_time_limit_follows_the_end_zone_choice() -> None:
    # Same Chest, home took End Zone 1 and scores in End Zone 0: home wins.
    m = game([1, 5, 2], turn_cap=1)
    m.apply(("end_zone", 1))
    _deploy(m)
    m.apply(("end_turn",))
    m.apply(("end_turn",))
    assert TimeLimit(at(4, 1), (1, 5), "home") in m.events
    assert m.result.score == (1, 0)


def test_time_limit_equal_distances_is_a_draw() -> None:
    m = game([1, 5, 2], turn_cap=1)
    m.apply(("end_zone", 0))
    _deploy(m)
    g = m.state
    g.ball = at(6, 2)  # found and dropped half way: 3 squares from each
    m.apply(("end_turn",))
    m.apply(("end_turn",))
    assert TimeLimit(at(6, 2), (3, 3), "draw") in m.events
    r = m.result
    assert (r.score, r.winner) == ((0, 0), None)


def _level_play_off(dice: list[int | str]) -> Match:
    """Turn cap 1, a play-off (the match needs a winner), the ball found and
    dropped half way: 3 squares from each End Zone."""
    m = game([1, 5, 2, *dice], turn_cap=1)
    m.state.extra_time = True
    m.apply(("end_zone", 0))
    _deploy(m)
    m.state.ball = at(6, 2)
    return m


def _to_the_end_of_extra_time(m: Match) -> None:
    """The time limit's two team turns, then extra time: EXTRA_TIME_TURNS
    more each, with no check between (only a touchdown ends it early)."""
    m.apply(("end_turn",))
    m.apply(("end_turn",))
    assert TimeLimit(at(6, 2), (3, 3), "extra time") in m.events
    for _ in range(2 * EXTRA_TIME_TURNS):
        assert not m.done
        assert m.pending is not None
        assert m.pending.kind == "activate"
        m.apply(("end_turn",))
    assert m.done


def test_a_play_off_level_at_the_time_limit_plays_eight_turns_of_extra_time() -> None:
    # the_rules_of_blood_bowl.md "Extra Time": "an eight turn period of extra
    # time" for a play-off level at the end; in Dungeon Bowl it ends as the
    # time limit does, the ball's distances deciding.
    m = _level_play_off([])
    m.apply(("end_turn",))
    m.apply(("end_turn",))
    m.state.ball = at(7, 2)  # 2 squares from End Zone 1 (home's), 4 from 0
    m.apply(("end_turn",))
    m.apply(("end_turn",))
    assert not m.done  # no check after the first pair: extra time runs on
    for _ in range(2 * EXTRA_TIME_TURNS - 2):
        m.apply(("end_turn",))
    assert m.done
    limits = [e for e in m.events if isinstance(e, TimeLimit)]
    assert limits == [
        TimeLimit(at(6, 2), (3, 3), "extra time"),
        TimeLimit(at(7, 2), (2, 4), "home"),
    ]
    r = m.result
    assert (r.score, r.winner, r.turns_played) == ((1, 0), "home", (9, 9))
    assert r.extra["extra_time"] is True
    assert r.extra["sudden_death"] is None


def test_a_play_off_still_level_after_extra_time_goes_to_sudden_death() -> None:
    # the_rules_of_blood_bowl.md "Sudden Death": "both coaches roll-off five
    # times, each rolling a D6 and re-rolling ties. The coach who wins the
    # most roll-offs wins the game": 3-3 (again), 2-6, 5-1, 4-2, 1-6, 6-5:
    # home 3, away 2. The score stays 0-0, as a report's does.
    m = _level_play_off([3, 3, 2, 6, 5, 1, 4, 2, 1, 6, 6, 5])
    _to_the_end_of_extra_time(m)
    rolls = ((3, 3), (2, 6), (5, 1), (4, 2), (1, 6), (6, 5))
    assert m.events[-3:] == [
        TimeLimit(at(6, 2), (3, 3), "sudden death"),
        SuddenDeath(rolls, 3, 2, "home"),
        GameEnd((0, 0), "home"),
    ]
    r = m.result
    assert (r.score, r.winner, r.turns_played) == ((0, 0), "home", (9, 9))
    assert r.extra["extra_time"] is True
    assert r.extra["sudden_death"] == {
        "type": "sudden_death",
        "rolls": [list(x) for x in rolls],
        "home_wins": 3,
        "away_wins": 2,
        "winner": "home",
    }


def test_a_league_game_level_at_the_time_limit_is_a_draw_with_no_roll_off() -> None:
    m = game([1, 5, 2], turn_cap=1)  # no extra dice: a roll would run out
    m.apply(("end_zone", 0))
    _deploy(m)
    m.state.ball = at(6, 2)
    m.apply(("end_turn",))
    m.apply(("end_turn",))
    assert m.done
    assert [e.winner for e in m.events if isinstance(e, TimeLimit)] == ["draw"]


def test_time_limit_winner() -> None:
    assert time_limit_winner((4, 7)) == 0
    assert time_limit_winner((7, 4)) == 1
    assert time_limit_winner((5, 5)) == -1
    assert time_limit_winner((-1, 9)) == 1  # no walk reaches End Zone
    assert time_limit_winner((-1, -1)) == -1


def test_no_time_limit_without_a_cap() -> None:
    m = game([1, 5, 2], turn_cap=0)
    m.apply(("end_zone", 0))
    _deploy(m)
    for _ in range(60):
        m.apply(("end_turn",))
    assert not m.done
    assert m.state.turn == [31, 30]  # home's 31st turn has begun


def test_a_touchdown_ends_the_game_at_once_one_nil() -> None:
    m = game([1, 5, 2])  # home wins, takes End Zone 0, scores in End Zone 1
    m.apply(("end_zone", 0))
    _deploy(m)
    g = m.state
    h = g.idx[1]
    g.move(h, at(8, 2))  # found the ball, ran up to the End Zone
    g.carrier = h
    m.apply(("activate", 1, "move"))
    m.apply(("move", at(9, 2)))
    assert m.done
    assert m.events[-1] == GameEnd((1, 0), "home")
    r = m.result
    assert (r.score, r.winner, r.turns_played) == ((1, 0), "home", (1, 0))


def test_secret_weapons_are_sent_off_at_the_end_of_the_game() -> None:
    m = game([1, 5, 2], turn_cap=1, skills={1: ("secret-weapon",)})
    m.apply(("end_zone", 0))
    _deploy(m)
    m.apply(("end_turn",))
    m.apply(("end_turn",))
    d = m.pending
    assert d is not None
    assert (d.team, d.kind) == ("home", "argue_the_call")
    m.apply(("accept",))
    g = m.state
    assert m.done
    assert g.box[g.idx[1]] == SENT_OFF
    assert m.result.sent_off == (1,)


def test_a_match_built_without_new_match_hides_the_ball_itself() -> None:
    m = Match(
        "dungeon-bowl",
        team(0),
        team(1),
        FixedDice([2, 5, 2]),
        pitch=DUNGEON_BOWL.pitch.__class__(Dungeon.from_rows(ROWS)),  # type: ignore[call-arg]
    )
    g = m.state
    assert g.dungeon is not None
    assert g.dungeon.ball_chest == at(8, 3)
    assert g.dungeon.turn_cap == 20
    assert m.pending is not None
    assert m.pending.kind == "end_zone"


def test_a_touchdown_in_the_opponents_turn_ends_the_game() -> None:
    # Away has the first turn; its Blitzer pushes the home ball carrier into
    # End Zone 1, where home scores: home wins 1-0 in away's turn.
    m = game([1, 2, 5, "push"])
    m.apply(("end_zone", 1))
    _deploy(m)
    g = m.state
    h, a = g.idx[1], g.idx[101]
    g.move(h, at(8, 2))
    g.carrier = h
    g.move(a, at(7, 2))
    m.apply(("activate", 101, "blitz"))
    m.apply(("nominate", 1))
    m.apply(("block", 1))
    m.apply(("no_reroll",))
    m.apply(("square", at(9, 2)))
    m.apply(("stay",))
    assert m.done
    assert m.events[-1] == GameEnd((1, 0), "home")
    assert m.result.winner == "home"


def test_with_fewer_than_six_every_player_is_deployed() -> None:
    m = new_match(
        team(0, n=4), team(1), Dungeon.from_rows(ROWS), FixedDice([1, 5, 2]), turn_cap=0
    )
    m.apply(("end_zone", 0))
    d = m.pending
    assert d is not None
    assert d.team == "home"
    m.apply(("formation", "back"))
    g = m.state
    assert [g.box[g.idx[pid]] for pid in (1, 2, 3, 4)] == [PITCH] * 4


def test_no_ko_recovery_and_no_reroll_reset_between_turns() -> None:
    m = game([1, 5, 2], turn_cap=0)
    m.apply(("end_zone", 0))
    _deploy(m)
    g = m.state
    h = g.idx[1]
    g.lift(h)
    g.box[h] = KO
    g.rerolls[0] = 0
    for _ in range(6):
        m.apply(("end_turn",))
    assert g.box[h] == KO  # only the Magic Sponge brings him back
    assert g.rerolls == [0, 1]
    d = m.pending
    assert d is not None
    assert ("magic_sponge", 1) in d.options
