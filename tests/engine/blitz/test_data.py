"""Blitz Bowl's data files against the rules text (teams.md, cards.md,
the rulebook) and Dugout's recorded decisions (boards.json)."""

from __future__ import annotations

from engine.blitz.board import LONG, SHORT, board
from engine.blitz.data import abilities, board_spec, cards, teams


def test_twenty_three_team_cards_with_their_sizes():
    t = teams()
    assert len(t) == 23
    sizes = {k: v.players for k, v in t.items()}
    assert sizes["snotling"] == 10
    assert sizes["gnome"] == 8
    assert sizes["ogre"] == 8
    assert sizes["goblin"] == sizes["halfling"] == sizes["vampire"] == 7
    assert sum(sizes.values()) == 6 * 14 + 7 * 6 + 8 * 2 + 10
    for card in t.values():
        assert sum(p.count for p in card.positions) == card.players


def test_counts_given_by_the_text():
    chaos = {p.name: p.count for p in teams()["chaos_chosen"].positions}
    assert chaos == {"Beastman": 4, "Chosen Blocker": 2}
    orc = {p.name: p.count for p in teams()["orc"].positions}
    assert orc == {"Lineman": 3, "Thrower": 1, "Blitzer": 1, "Big Un Blocker": 1}
    dwarf = {p.name: p.count for p in teams()["dwarf"].positions}
    assert dwarf == {"Lineman": 3, "Runner": 1, "Blitzer": 1, "Troll Slayer": 1}
    given = {k for k, v in teams().items() if v.counts_source == "text"}
    assert given == {"chaos_chosen", "orc", "dwarf"}


def test_some_profiles_as_printed():
    pump = teams()["snotling"].positions[-1]
    assert (pump.name, pump.move, pump.block, pump.throw, pump.armour) == (
        "Pump Wagon",
        None,
        3,
        None,
        3,
    )
    assert pump.abilities == ("war_machine",)
    wraith = teams()["necromantic"].positions[2]
    assert (wraith.throw, wraith.armour, wraith.abilities) == (None, 3, ("ethereal",))
    assert teams()["halfling"].emergency_reserves == 2
    assert teams()["lizardmen"].emergency_reserves == 5


def test_thirty_abilities_all_used():
    assert len(abilities()) == 30
    used = {a for t in teams().values() for p in t.positions for a in p.abilities}
    assert used == set(abilities())


def test_the_deck_26_cards_45_points():
    c = cards()
    assert len(c.deck) == 26
    assert sum(card.challenge.points for card in c.deck) == 45
    assert len(c.challenges) == 15
    assert len(c.bonus_plays) == 20
    assert [k for k, b in c.bonus_plays.items() if b.interrupt] == [
        "intervention",
        "shadowing",
        "step_aside",
        "tough_enough",
    ]
    assert c.challenges["break_some_bones"].points == 3


def test_random_events_arenas_balls():
    c = cards()
    assert sum(e.copies for e in c.random_events.values()) == 12
    assert len(c.random_events) == 10
    assert c.random_events_in_deck == 6
    assert [a.d8 for a in c.arenas] == list(range(1, 9))
    assert c.arenas[6].slug == "mountain_summit_stadium"
    assert set(c.balls) == {"dwarf_rune_ball", "extra_spikey_ball", "squig_ball"}


def test_board_decisions():
    spec = board_spec()
    assert (spec.length, spec.width) == (17, 11)
    for side in ("single", "multiple"):
        b = board(side)
        assert len(b.end_zone[0]) == len(b.end_zone[1]) == 11 >= 10  # Snotlings
        # Symmetric under a half turn.
        turn = {
            b.square(16 - b.xs[s], 10 - b.ys[s]) for s in range(b.size) if b.blocked[s]
        }
        assert turn == {s for s in range(b.size) if b.blocked[s]}
        traps = {b.square(16 - b.xs[s], 10 - b.ys[s]) for s in b.trapdoor_squares}
        assert traps == set(b.trapdoor_squares)
    assert board("single").trapdoor_squares == (board("single").square(8, 5),)
    assert len(board("multiple").trapdoor_squares) == 3


def test_ruler_ranges():
    b = board("single")
    a = b.square(2, 5)
    assert b.throw_range(a, b.square(7, 5)) == SHORT  # 5 squares
    assert b.throw_range(a, b.square(8, 5)) == LONG
    assert b.throw_range(a, b.square(10, 5)) == LONG  # 8 squares
    assert b.throw_range(a, b.square(11, 5)) == 0
    # Diagonal: (6, 9) is 4 across and 4 down: 5.66 - 0.5 = 5.16 > 5.
    assert b.throw_range(a, b.square(6, 9)) == LONG
    assert b.throw_range(a, b.square(5, 9)) == SHORT  # 5.0 - 0.5


def test_under_the_ruler():
    b = board("single")
    sq = b.square
    assert set(b.under_ruler(sq(0, 0), sq(3, 3))) == {sq(1, 1), sq(2, 2)}
    assert set(b.under_ruler(sq(0, 0), sq(4, 2))) == {
        sq(1, 0),
        sq(1, 1),
        sq(2, 1),
        sq(3, 1),
        sq(3, 2),
    }
    assert b.under_ruler(sq(2, 5), sq(3, 5)) == ()
