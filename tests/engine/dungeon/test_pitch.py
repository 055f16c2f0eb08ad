"""The BB2020 pitch over a dungeon: walls as the edge, Chests impassable
until opened, End Zones as sets of squares."""

from __future__ import annotations

from engine.core.pitch import F_ENDZONE_AWAY, F_ENDZONE_HOME, F_HALF_HOME
from engine.dungeon.generate import generate
from engine.dungeon.layout import Dungeon
from engine.dungeon.pitch import F_CHEST, F_PORTAL, F_WALL, DungeonPitch
from engine.tools.dungeon_scenario import DungeonScenario

ROWS = [
    "#######",
    "#<.$.>#",
    "#<.1.>#",
    "#######",
]


def board() -> Dungeon:
    return Dungeon.from_rows(ROWS)


def test_steps_into_walls_and_chests_are_off() -> None:
    p = DungeonPitch(board())
    a = 1 * 7 + 2  # (2, 1), beside the Chest at (3, 1)
    assert p.step(a, 1, 0) == -1  # the closed Chest
    assert p.step(a, 0, -1) == -1  # the wall above
    assert p.step(a, 0, 1) == 2 * 7 + 2
    assert p.steps[5][a] == -1  # D8 direction 5 is (1, 0)
    assert p.sq(3, 1) == -1
    assert p.sq(0, 0) == -1
    assert p.sq(2, 2) == 16
    assert 1 * 7 + 3 not in p.neighbours[a]
    assert p.neighbours[0] == ()
    assert p.flags[1 * 7 + 3] & F_CHEST
    assert p.flags[1 * 7 + 3] & F_WALL
    assert p.flags[2 * 7 + 3] & F_PORTAL
    assert p.portals[1] == 2 * 7 + 3


def test_an_opened_chest_is_a_normal_square_and_pitches_are_shared() -> None:
    p = DungeonPitch(board())
    chest = 1 * 7 + 3
    opened = p.without_chest(chest)
    assert opened.chests == frozenset()
    assert opened.step(chest - 1, 1, 0) == chest
    assert chest in opened.neighbours[chest - 1]
    assert not opened.flags[chest] & F_WALL
    assert p.without_chest(chest) is opened  # built once
    assert opened.with_chests(frozenset({chest})) is p


_TABLES = ("flags", "steps", "neighbours", "chests", "xs", "ys", "end_zones")


def test_a_pitch_derived_for_other_chests_has_the_tables_of_one_built_afresh() -> None:
    # generated dungeons: open the Chests one by one, then close them
    # again in another order; every pitch met equals a fresh build
    for seed in (1, 2, 3):
        d = Dungeon(generate(seed))
        p = DungeonPitch(d, home_zone=1)
        chests = sorted(p.chests)
        assert len(chests) >= 3
        seen = [p]
        for c in chests:
            seen.append(seen[-1].without_chest(c))
        for c in reversed(chests[1:]):
            seen.append(seen[-1].with_chests(seen[-1].chests | {c}))
        seen.append(p.with_chests(frozenset(chests[::2])))
        for q in seen:
            fresh = DungeonPitch(d, 1, q.chests)
            for name in _TABLES:
                assert getattr(q, name) == getattr(fresh, name), (seed, name)
            assert q.memo is not p.memo or q is p


def test_end_zones_follow_the_coin_toss() -> None:
    left, right = (8, 15), (12, 19)
    p = DungeonPitch(board(), home_zone=0)
    assert p.end_zones == (left, right)
    assert p.endzone_squares(0) == right
    assert p.own_endzone_squares(0) == left
    assert all(p.flags[s] & F_ENDZONE_HOME and p.flags[s] & F_HALF_HOME for s in left)
    assert all(p.flags[s] & F_ENDZONE_AWAY for s in right)
    q = DungeonPitch(board(), home_zone=1)
    assert q.end_zones == (right, left)
    assert all(q.flags[s] & F_ENDZONE_HOME for s in right)


def test_a_scenario_moves_through_the_dungeon_and_scores_in_the_end_zone() -> None:
    sc = DungeonScenario(
        """
        #######
        #<.A.>#
        #<...>#
        #######
        """,
        ball="A",
    )
    sc.act("A", "move")
    assert ("move", sc.at(2, 0)) not in sc.match.pending.options  # a wall
    sc.move(4, 1)
    sc.move(5, 1)
    g = sc.match.state
    assert g.score == [1, 0]


def test_the_replay_picture_draws_walls_rooms_portals_and_chests() -> None:
    d = Dungeon.from_rows(ROWS, rooms={"armoury": (2, 2, 2, 2)})
    pic = DungeonPitch(d).picture()
    assert pic["rows"] == ["#######", "#.....#", "#.....#", "#######"]
    assert pic["rooms"][2] == "  a    "
    assert pic["room_codes"] == {"a": "armoury"}
    assert pic["portals"] == {"1": 17}
    assert pic["chests"] == [10]
    assert pic["zones"] == [[8, 15], [12, 19]]
    assert DungeonPitch(d).without_chest(10).picture()["chests"] == []
