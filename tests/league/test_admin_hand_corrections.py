"""What a commissioner changes by hand on a league's or a team's admin page
is held to what the site, the API and the services allow: an option the
league's format does not play, and re-rolls, staff or fans beyond what a
team of its format may have, are refused on their field, and nothing is
written.

The world is a Blood Bowl Sevens league (death_zone/blood_bowl_sevens.md):
"0-6 team re-rolls", "0-3 assistant coaches", "0-6 cheerleaders", "0-1
apothecary" where the roster allows one (an Orc team may hire one, a
Necromantic Horror team may not: teams/Orc.md lists an Apothecary,
teams/Necromantic_Horror.md none)."""

from __future__ import annotations

import pytest

from league.models import League, Team
from tests.api_endpoints import every_row
from tests.commissioner_world import World, shared_league
from tests.league.test_admin_team_fields import _form_data

saved_hand_north, hand_north = shared_league(
    "hand_north", "nora", "bob", "Northern Cup", ("orc", "necromantic-horror")
)


@pytest.fixture
def north(hand_north) -> World:
    return hand_north


@pytest.fixture
def as_nora(client, north):
    client.force_login(north.commissioner)
    return client


def refused(response, field: str) -> list[str]:
    """The codes of the admin form's errors on ``field``."""
    assert response.status_code == 200, "the form is shown again"
    form = response.context["adminform"].form
    return [e.code for e in form.errors.as_data().get(field, [])]


# --- a league's options --------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "field"),
    [
        # Sevens is played in halves: no time limit to choose (Dungeon Bowl's)
        ({"time_limit": "on"}, "time_limit"),
        # Sevens rolls no Casualty table (an Injury roll of 10-12 is one)
        ({"casualty_table": "dungeon_bowl"}, "casualty_table"),
        ({"casualty_table": "bb2025"}, "casualty_table"),
    ],
    ids=["time limit", "dungeon bowl table", "bb2025 table"],
)
def test_an_option_the_format_does_not_play_is_refused(as_nora, north, change, field):
    # given
    url = f"/admin/league/league/{north.league.pk}/change/"
    data = _form_data(as_nora, url)
    before = every_row()

    # when
    response = as_nora.post(url, data | change)

    # then: as a new league with it is refused (league_option_violations)
    assert refused(response, field) == ["not_for_format"]
    assert every_row() == before


def test_an_option_the_format_plays_is_saved(as_nora, north):
    # given: Sevens plays the rulebook's optional bonus League points
    url = f"/admin/league/league/{north.league.pk}/change/"
    data = _form_data(as_nora, url)

    # when
    response = as_nora.post(url, data | {"bonus_points": "on"})

    # then
    assert response.status_code == 302
    assert League.objects.get(pk=north.league.pk).bonus_points is True


# --- a team's re-rolls, staff and fans -----------------------------------------


def staff(team: Team) -> tuple:
    return tuple(
        Team.objects.filter(pk=team.pk)
        .values_list(
            "rerolls",
            "assistant_coaches",
            "cheerleaders",
            "apothecary",
            "dedicated_fans",
            "treasury",
        )
        .get()
    )


@pytest.mark.parametrize(
    ("team_index", "change", "field", "code"),
    [
        (0, {"rerolls": "7"}, "rerolls", "reroll_limit"),
        (0, {"rerolls": "30000"}, "rerolls", "reroll_limit"),
        (0, {"assistant_coaches": "4"}, "assistant_coaches", "staff_limit"),
        (0, {"cheerleaders": "7"}, "cheerleaders", "staff_limit"),
        (0, {"cheerleaders": "500"}, "cheerleaders", "staff_limit"),
        # a winner gains a Dedicated Fan only on a D6 at least its fans: 7
        # is as far as the post-game takes them
        (0, {"dedicated_fans": "8"}, "dedicated_fans", "fans_limit"),
        (0, {"dedicated_fans": "30000"}, "dedicated_fans", "fans_limit"),
        (1, {"apothecary": "on"}, "apothecary", "apothecary_not_allowed"),
    ],
    ids=[
        "7 re-rolls",
        "30000 re-rolls",
        "4 assistant coaches",
        "7 cheerleaders",
        "500 cheerleaders",
        "8 fans",
        "30000 fans",
        "an apothecary for Necromantic Horror",
    ],
)
def test_staff_beyond_what_the_format_allows_is_refused(
    as_nora, north, team_index, change, field, code
):
    # given
    team = north.teams[team_index]
    url = f"/admin/league/team/{team.pk}/change/"
    data = _form_data(as_nora, url)
    before = every_row()

    # when
    response = as_nora.post(url, data | change)

    # then
    assert refused(response, field) == [code]
    assert every_row() == before


def test_staff_up_to_the_limits_is_saved(as_nora, north):
    # given the Orcs (an Apothecary on their roster)
    team = north.teams[0]
    url = f"/admin/league/team/{team.pk}/change/"
    data = _form_data(as_nora, url)
    treasury = Team.objects.get(pk=team.pk).treasury

    # when: every limit reached at once
    response = as_nora.post(
        url,
        data
        | {
            "rerolls": "6",
            "assistant_coaches": "3",
            "cheerleaders": "6",
            "apothecary": "on",
            "dedicated_fans": "7",
        },
    )

    # then: saved, and no gold moved (a correction is not a purchase)
    assert response.status_code == 302
    assert staff(team) == (6, 3, 6, True, 7, treasury)
