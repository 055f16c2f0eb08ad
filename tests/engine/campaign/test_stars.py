"""Hiring Star Players (inducements_in_detail.md "0-2 Star Players")."""

import pytest

from engine.campaign.mercenaries import is_mercenary
from engine.campaign.stars import (
    STAR_ID_BASE,
    contested_stars,
    find_star,
    is_star,
    star_hire_violations,
    star_places,
    star_sheets,
)
from engine.core.rules_data import rules_data
from engine.variants import get_variant

DATA = rules_data("bb2020")
BB2020 = get_variant("bb2020")
SEVENS = get_variant("sevens")
OWC = ("old-world-classic",)  # a Human team's rules


def codes(violations):
    return [(v.code, v.field) for v in violations]


def check(hires, *, rules=OWC, squad=11, mercenaries=0, fmt=BB2020):
    return codes(
        star_hire_violations(
            fmt, DATA, rules, squad, list(enumerate(hires)), mercenaries=mercenaries
        )
    )


def test_two_stars_who_play_for_the_team_are_fine():
    assert check(["morg-n-thorg", "Griff Oberwald"]) == []


def test_a_third_star_is_refused():
    assert check(["morg-n-thorg", "griff-oberwald", "mighty-zug"]) == [
        ("star_player_limit", "items")
    ]


def test_a_pair_is_one_of_the_two_choices():
    assert check(["grak-and-crumbleberry", "morg-n-thorg"]) == []


def test_a_star_who_does_not_play_for_the_team_is_refused():
    # Sylvanian Spotlight only: not for a Human (Old World Classic) team
    assert check(["count-luthor-von-drakenborg"]) == [
        ("star_not_eligible", "items.0.star_player")
    ]


def test_morg_plays_for_no_sylvanian_spotlight_team():
    assert check(["morg-n-thorg"], rules=("sylvanian-spotlight",)) == [
        ("star_not_eligible", "items.0.star_player")
    ]


def test_the_same_star_twice_is_refused():
    assert check(["mighty-zug", "Mighty Zug"]) == [
        ("duplicate_star_player", "items.1.star_player")
    ]


def test_an_unknown_star_is_refused():
    assert check(["nobody"]) == [("unknown_star_player", "items.0.star_player")]


@pytest.mark.parametrize(
    ("squad", "hires", "mercenaries", "refused"),
    [
        (15, ["morg-n-thorg"], 0, False),  # 16
        (16, ["morg-n-thorg"], 0, True),  # 17
        (14, ["grak-and-crumbleberry"], 0, False),  # a pair takes two places: 16
        (15, ["grak-and-crumbleberry"], 0, True),  # 17
        (13, ["morg-n-thorg", "mighty-zug"], 1, False),  # 13 + 1 mercenary + 2
        (13, ["morg-n-thorg", "mighty-zug"], 2, True),  # 17
        (5, ["morg-n-thorg"], 0, False),  # journeymen fill to 11: 12
    ],
)
def test_stars_may_not_take_the_team_over_sixteen(squad, hires, mercenaries, refused):
    result = check(hires, squad=squad, mercenaries=mercenaries)

    assert result == ([("too_many_players", "items")] if refused else [])


def test_a_format_without_star_players_leaves_the_refusal_to_the_catalogue():
    assert check(["morg-n-thorg"], fmt=SEVENS) == []


def test_a_star_both_teams_hired_is_fielded_by_neither():
    assert contested_stars(["morg-n-thorg", "mighty-zug"], ["morg-n-thorg"]) == {
        "morg-n-thorg"
    }
    assert contested_stars(["mighty-zug"], ["griff-oberwald"]) == frozenset()


def test_star_places_count_every_member():
    stars = [find_star(DATA, "grak-and-crumbleberry"), find_star(DATA, "mighty-zug")]

    assert star_places(stars) == 3


def test_a_pair_takes_the_field_as_two_players():
    grak, crumbleberry = star_sheets(
        find_star(DATA, "grak-and-crumbleberry"),
        first_id=STAR_ID_BASE + 4,
        first_number=13,
    )

    assert (grak.id, grak.number, grak.name) == (STAR_ID_BASE + 4, 13, "Grak")
    assert (crumbleberry.id, crumbleberry.number) == (STAR_ID_BASE + 5, 14)
    assert (grak.ma, grak.st, grak.ag, grak.pa, grak.av) == (5, 5, 4, 4, 10)
    assert ("loner", "4+") in grak.skills
    assert ("kick-team-mate", None) in grak.skills
    assert crumbleberry.has("right-stuff")


def test_star_ids_are_above_every_player_and_mercenary_id():
    assert is_star(STAR_ID_BASE)
    assert is_mercenary(STAR_ID_BASE)
    assert not is_star(STAR_ID_BASE - 1)
    with pytest.raises(ValueError):
        star_sheets(find_star(DATA, "mighty-zug"), first_id=1, first_number=1)
