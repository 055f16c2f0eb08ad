"""The ``blitz-bowl`` Variant: what the league asks of it.

Points by the rules: a Touchdown scores 4 (rules.md "Touchdown"), a Clean
Sweep 2 more (rules.md "Clean Sweep"), a Challenge Card the points in
cards.md's table (cards 1-2 Break Some Bones! 3, 3-4 Free Up The Ball! 2,
7-8 Get The Ball! 1, 9 Get Together! 1); Generous Coaches adds 1 per
Touchdown and card claimed after it (cards.md "GENEROUS COACHES")."""

from __future__ import annotations

from engine.variants import BB2020, CardSide, get_variant, variants
from engine.variants.blitz_bowl import BlitzBowl

BLITZ = get_variant("blitz-bowl")


def codes(home: CardSide, away: CardSide) -> list[str]:
    return [v.code for v in BLITZ.card_report_violations(home, away)]


def test_registered_as_a_house_format_with_its_league_rules():
    assert isinstance(BLITZ, BlitzBowl)
    assert variants()["blitz-bowl"] is BLITZ
    assert BLITZ.house_format
    assert "house format" in BLITZ.label
    assert BLITZ.drafts_team_card
    assert not BLITZ.tracks_progression
    assert BLITZ.postgame_steps == ("outcome",)
    assert BLITZ.budget == 0
    assert BLITZ.default_tiebreakers[:3] == ("points", "score_diff", "score_for")
    # the BB2020 defaults stay as they were
    assert not BB2020.drafts_team_card
    assert BB2020.tracks_progression
    assert BB2020.team_cards() == {}
    assert BB2020.card_players("human") == ()


def test_the_dwarf_card_gives_its_six_players_in_card_order():
    # teams.md "DWARF TEAM": Lineman x3 (Move 4, Block 1, Throw 5+, Armour
    # 2+), Runner (6, 1, 4+, 3+, Safe Hands), Blitzer (5, 1, 4+, 2+,
    # Offensive Specialist), Troll Slayer (5, 1, 6+, 4+, Frenzied)
    players = BLITZ.card_players("dwarf")
    assert [(p.position, p.ma, p.st, p.pa, p.av) for p in players] == [
        ("Lineman", 4, 1, 5, 2),
        ("Lineman", 4, 1, 5, 2),
        ("Lineman", 4, 1, 5, 2),
        ("Runner", 6, 1, 4, 3),
        ("Blitzer", 5, 1, 4, 2),
        ("Troll Slayer", 5, 1, 6, 4),
    ]
    assert players[5].abilities == ("frenzied",)
    assert len(BLITZ.team_cards()) == 23  # teams.md
    assert BLITZ.card_players("dragons") == ()


def test_a_report_the_rules_can_produce_is_accepted():
    # home: 2 TDs 8 + card 1 (3) + card 7 (1) = 12; away: 1 TD 4 + Free Up
    # The Ball! 2 = 6
    assert (
        codes(
            CardSide(points=12, touchdowns=2, card_numbers=(1, 7)),
            CardSide(points=6, touchdowns=1, challenges=("free_up_the_ball",)),
        )
        == []
    )
    # a Clean Sweep: cards 7, 8, 9 (1 + 1 + 1) + 2 = 5
    assert (
        codes(
            CardSide(points=5, touchdowns=0, card_numbers=(7, 8, 9), clean_sweeps=1),
            CardSide(points=0, touchdowns=0),
        )
        == []
    )


def test_generous_coaches_allows_one_more_point_per_touchdown_and_card():
    # 1 TD (4) + card 7 (1) = 5 at least, 5 + 2 = 7 at most
    for points, ok in ((4, False), (5, True), (7, True), (8, False)):
        found = codes(
            CardSide(points=points, touchdowns=1, card_numbers=(7,)),
            CardSide(points=0, touchdowns=0),
        )
        assert found == ([] if ok else ["points_mismatch"]), points


def test_impossible_reports_each_get_their_code():
    assert codes(
        CardSide(points=3, touchdowns=0, card_numbers=(1,)),
        CardSide(points=3, touchdowns=0, card_numbers=(1,)),
    ) == ["card_claimed_by_both"]
    assert codes(
        CardSide(points=6, touchdowns=0, card_numbers=(1, 1)),
        CardSide(points=0, touchdowns=0),
    ) == ["card_claimed_twice"]
    assert codes(
        CardSide(points=0, touchdowns=0, card_numbers=(27,)),
        CardSide(points=0, touchdowns=0, challenges=("dance",)),
    ) == ["unknown_card", "unknown_challenge"]
    # Get Together! is on one card only (card 9)
    assert codes(
        CardSide(points=2, touchdowns=0, challenges=("get_together",) * 2),
        CardSide(points=0, touchdowns=0),
    ) == ["challenge_claimed_too_often"]
    # 14 + 13 = 27 cards claimed from a deck of 26
    assert "too_many_cards" in codes(
        CardSide(points=14, touchdowns=0, challenges=("get_the_ball",) * 14),
        CardSide(points=13, touchdowns=0, challenges=("get_the_ball",) * 13),
    )
    assert codes(
        CardSide(points=-4, touchdowns=-1),
        CardSide(points=0, touchdowns=0, clean_sweeps=-1),
    ) == ["negative", "negative", "negative"]
    assert codes(
        CardSide(points=8, touchdowns=2, scorers=(0,)),
        CardSide(points=0, touchdowns=0),
    ) == ["scorers_mismatch"]


def test_the_engine_plays_a_match_the_same_way_from_the_same_seed():
    home = ("Grudgebearers", "dwarf", ["Grim"])
    away = ("Gouged Eye", "orc", [])
    first = BLITZ.play_card_game(home, away, 2026)
    again = BLITZ.play_card_game(home, away, 2026)
    assert first.summary == again.summary
    assert first.events == again.events
    s = first.summary
    assert (first.home_points, first.away_points) == (
        s["points"]["home"],
        s["points"]["away"],
    )
    # every point is a touchdown, a card or a Clean Sweep (Generous
    # Coaches: one more per touchdown and card after it)
    for side in ("home", "away"):
        cards = s["cards_claimed"][side]
        least = (
            4 * s["touchdowns"][side]
            + sum(c["points"] for c in cards)
            + 2 * s["clean_sweeps"][side]
        )
        assert least <= s["points"][side] <= least + s["touchdowns"][side] + len(cards)
    assert s["sheets"]["home"] == {
        "name": "Grudgebearers",
        "card": "dwarf",
        "players": ["Grim"],
    }
    assert first.events[0]["type"] == "blitz_start"
    assert first.events[-1]["type"] == "game_end"
    assert sum(first.touchdowns_by_player.values()) == sum(s["touchdowns"].values())
