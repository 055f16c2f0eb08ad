"""The lines the league adds to a match's history, as sentences: the
inducements bought (by the catalogue's names, with the team's name), a
report's Star Players and casualties, a refusal to play, the post-game
steps; and a label for every type the log shows."""

from __future__ import annotations

import pytest

from matches.event_text import CAPTIONS, LABELS, describe, type_label
from tests.web.caption_words import developer_words
from tests.web.test_captions_exact import names


def test_inducements_are_listed_by_name_with_the_teams_name():
    payload = {
        "team_id": 1,
        "lines": [
            {"slug": "bloodweiser_kegs", "count": 2, "star_player": None},
            {"slug": "star_players", "count": 1, "star_player": "morg-n-thorg"},
            {
                "slug": "mercenaries",
                "count": 1,
                "star_player": None,
                "position": "blitzer",  # the Orc roster's Blitzer
                "skill": "block",
            },
        ],
        "total": 590_000,
        "petty_cash": 50_000,
        "petty_cash_used": 50_000,
        "treasury_used": 540_000,
        "petty_cash_lost": 0,
    }

    assert describe(names("bb2020"), "inducements", payload) == (
        "Inducements for Gouged Eye: Bloodweiser Kegs ×2, Morg 'n' Thorg (Star "
        "Player), a Mercenary Blitzer with Block; 590,000 in all, 50,000 from "
        "petty cash and 540,000 from the treasury"
    )


def test_sevens_desperate_measures_bought_name_what_the_d8_gave():
    # blood_bowl_sevens.md "Desperate Measures" D8: 4 Grudge Match, 8 Magic Scroll
    payload = {
        "team_id": 2,
        "lines": [{"slug": "desperate_measures", "count": 2, "results": [4, 8]}],
        "total": 60_000,
        "petty_cash_used": 60_000,
        "treasury_used": 0,
        "petty_cash_lost": 10_000,
    }

    assert describe(names("sevens"), "inducements", payload) == (
        "Inducements for Reikland Reavers: Desperate Measures ×2 (rolled: Grudge "
        "Match and Magic Scroll); 60,000 in all, 60,000 from petty cash; 10,000 of "
        "petty cash left unspent is lost"
    )


@pytest.mark.parametrize(
    ("payload", "sentence"),
    [
        (
            {"team_id": 1, "total": 150_000, "petty_cash_used": 0, "refunded": 150_000},
            "The match is postponed before kick-off: the inducements Gouged Eye "
            "bought (150,000) are dropped and the 150,000 their treasury paid is "
            "paid back",
        ),
        (
            {"team_id": 1, "total": 100_000, "petty_cash_used": 100_000, "refunded": 0},
            "The match is postponed before kick-off: the inducements Gouged Eye "
            "bought (100,000) are dropped and their treasury paid nothing; the "
            "100,000 of petty cash is lost",
        ),
    ],
)
def test_a_pre_game_undone_says_what_was_dropped_and_paid_back(payload, sentence):
    assert describe(names("bb2020"), "pregame_undone", payload) == sentence


def test_a_reports_star_player_and_star_casualty_are_named():
    star = {"star_player": "grak", "team_id": 1, "touchdowns": 1}
    hurt = {
        "star_player": "grak",
        "player_id": None,
        "inflicted_by": 104,
        "inflicted_by_star": None,
        "plague_ridden": False,
    }
    by_star = {
        "star_player": None,
        "player_id": 104,
        "inflicted_by": None,
        "inflicted_by_star": "crumbleberry",
        "plague_ridden": False,
    }

    assert describe(names("bb2020"), "report_star", star) == (
        "Grak (Star Player for Gouged Eye): 1 TD"
    )
    assert describe(names("bb2020"), "star_casualty", hurt) == (
        "Grak (Star Player) is a casualty caused by #2 Bob; a Star Player's "
        "casualty is waived after the game"
    )
    assert describe(names("bb2020"), "star_casualty", by_star) == (
        "#2 Bob is a casualty caused by Crumbleberry (Star Player)"
    )


def test_plague_ridden_by_a_star_names_him_not_his_code():
    payload = {
        "team_id": 1,
        "player_id": 104,
        "inflicted_by": None,
        "inflicted_by_star": "bilerot-vomitflesh",
        "rotter_id": 77,
    }

    assert describe(names("bb2020"), "plague_ridden", payload) == (
        "Plague Ridden: Bilerot Vomitflesh infects #2 Bob; Gouged Eye gain a Rotter "
        "Lineman"
    )


def test_a_refused_match_names_the_player_and_the_skill():
    payload = {
        "reason": "…",
        "team": "Gouged Eye",
        "player_id": 3,
        "player": "Ug",
        "skill": "monstrous-mouth",
    }

    assert describe(names("bb2020"), "resolve_refused", payload) == (
        "The engine cannot play this match: #7 Ug of Gouged Eye has Monstrous "
        "Mouth, which it does not play yet; the coaches report the result"
    )


def test_a_match_the_engine_broke_on_gives_the_code_and_reason():
    payload = {"code": "engine_error", "field": None, "reason": "it failed"}

    assert describe(names("bb2020"), "resolve_refused", payload) == (
        "The engine cannot play this match (engine_error): it failed; the coaches "
        "report the result"
    )


def test_a_reports_fan_factor_names_both_teams():
    payload = {"d3": [2, 3], "fan_factor": [4, 6]}

    assert describe(names("bb2020"), "fan_factor", payload) == (
        "Fan Factor: Gouged Eye 4 (D3 roll of 2), Reikland Reavers 6 (D3 roll of 3)"
    )


@pytest.mark.parametrize(
    ("home", "away", "conceded", "sentence"),
    [
        ("win", "loss", None, "Outcome: Gouged Eye win, Reikland Reavers lose"),
        ("draw", "draw", None, "Outcome: Gouged Eye and Reikland Reavers draw"),
        (
            "loss",
            "win",
            1,
            "Outcome: Gouged Eye lose, Reikland Reavers win (Gouged Eye conceded)",
        ),
    ],
)
def test_the_post_game_outcome_reads_as_a_result(home, away, conceded, sentence):
    payload = {
        "home": {"team_id": 1, "outcome": home},
        "away": {"team_id": 2, "outcome": away},
        "conceded_by": conceded,
    }

    assert describe(names("bb2020"), "postgame_outcome", payload) == sentence


def test_an_expensive_mistake_names_the_incident():
    # post-game_sequence.md "Expensive Mistakes": a Minor Incident loses D3 x 10,000
    payload = {
        "team_id": 2,
        "dice": [
            {"purpose": "expensive_mistakes", "sides": 6, "result": 2},
            {"purpose": "expensive_mistakes_minor", "sides": 3, "result": 2},
        ],
        "incident": "minor_incident",
        "lost": 20_000,
    }

    assert describe(names("bb2020"), "postgame_expensive_mistakes", payload) == (
        "Reikland Reavers Expensive Mistakes: Minor Incident, lost 20,000 (a D6 "
        "roll of 2 for the Expensive Mistakes, a D3 roll of 2 for the Minor "
        "Incident)"
    )


def test_a_post_game_die_rolled_for_a_player_leaves_his_id_out():
    payload = {
        "team_id": 1,
        "dice": [{"purpose": "concession_quit:3", "sides": 6, "result": 1}],
        "before": 3,
        "after": 2,
    }

    text = describe(names("bb2020"), "postgame_fans", payload)

    assert text == (
        "Gouged Eye Dedicated Fans 3 → 2 (a D6 roll of 1 for the veteran who may "
        "quit after the concession)"
    )


def test_every_type_of_the_log_has_a_label_in_words():
    assert set(LABELS) == set(CAPTIONS)
    for kind in CAPTIONS:
        assert not developer_words(type_label(kind)), kind
    assert type_label("kickoff_event") == "Kick-off event"
    assert type_label("postgame_winnings") == "Post-game: winnings"


@pytest.mark.parametrize(
    ("die", "keyword", "text"),
    [
        (5, "Orc", "#2 Bob gets even with #7 Ug: Hatred (Orc)"),
        (2, None, "#2 Bob does not get even with #7 Ug"),
    ],
)
def test_getting_even_names_the_hatred_gained(die, keyword, text):
    payload = {
        "step": "injuries",
        "team_id": 2,
        "dice": [{"purpose": "getting_even", "sides": 6, "result": die}],
        "player_id": 104,
        "inflicted_by": 3,
        "keyword": keyword,
    }
    assert describe(names("bb2025"), "postgame_getting_even", payload) == (
        f"{text} (a D6 roll of {die} for the Getting Even)"
    )
    assert type_label("postgame_getting_even") == "Post-game: Getting Even"


def test_the_sevens_draft_names_the_players_poached():
    payload = {
        "step": "injuries",
        "team_id": 2,
        "dice": [
            {"purpose": "sevens_draft:104", "sides": 6, "result": 1},
            {"purpose": "sevens_draft:105", "sides": 6, "result": 5},
        ],
        "player_ids": [104],
    }
    assert describe(names("sevens"), "postgame_draft", payload) == (
        "Reikland Reavers at the draft: #2 Bob poached (a D6 roll of 1 for the "
        "player who may leave at the draft, a D6 roll of 5 for the player who "
        "may leave at the draft)"
    )
    assert type_label("postgame_draft") == "Post-game: the draft"
