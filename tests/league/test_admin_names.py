"""A name typed on an admin page (a league's, a team's, a player's, a
season's) is held to the rules the API and the site's forms hold it to
(``league.names.rules``): a name not shown as written is refused on its
field and nothing is written; a name in compatibility letters is stored as
they store it."""

from __future__ import annotations

import pytest

from league.models import League, Player, Team
from matches.models import Season
from tests.commissioner_world import World, shared_league
from tests.factories import UserFactory
from tests.league.test_admin_constraints import field_error
from tests.league.test_admin_team_fields import _form_data
from tests.world import db_snapshot

saved_admin_names_north, admin_names_north = shared_league(
    "admin_names_north",
    "nora",
    "bob",
    "Northern Cup",
    ("orc", "necromantic-horror"),
)

CYRILLIC_A = "\u0430"  # looks like the Latin "a"


@pytest.fixture
def north(admin_names_north) -> World:
    return admin_names_north


@pytest.fixture(params=["commissioner", "superuser"])
def admin_client(request, client, north):
    if request.param == "commissioner":
        client.force_login(north.commissioner)
    else:
        client.force_login(UserFactory(username="root", is_superuser=True))
    return client


def _pages(north: World) -> dict[str, tuple[str, str]]:
    """Each page that edits a name: its address and what the name names."""
    team = north.teams[0]
    player = team.players.get(number=1)
    return {
        "league": (f"/admin/league/league/{north.league.pk}/change/", "league name"),
        "team": (f"/admin/league/team/{team.pk}/change/", "team name"),
        "player": (f"/admin/league/player/{player.pk}/change/", "player's name"),
        "season": (f"/admin/matches/season/{north.season.pk}/change/", "season name"),
    }


PAGES = ["league", "team", "player", "season"]


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize(
    ("name", "code", "message"),
    [
        (
            f"Gr{CYRILLIC_A}ss Cutters",
            "mixed_script",
            "a {what} cannot mix Cyrillic and Latin letters, which look alike",
        ),
        (
            "Grass\u202eCutters",
            "invalid_character",
            "a {what} cannot hold U+202E: RIGHT-TO-LEFT OVERRIDE, "
            "which is not shown as written",
        ),
        ("\u0301\u0301", "blank", "the {what} has nothing to read"),
    ],
    ids=["look-alike letters", "right-to-left override", "accents alone"],
)
def test_a_name_not_shown_as_written_is_refused_on_its_field(
    admin_client, north, page, name, code, message
):
    # given
    url, what = _pages(north)[page]
    data = _form_data(admin_client, url)
    before = db_snapshot()

    # when
    response = admin_client.post(url, data | {"name": name})

    # then
    assert field_error(response, "name") == message.format(what=what)
    (error,) = response.context["adminform"].form.errors.as_data()["name"]
    assert error.code == code
    assert db_snapshot() == before


@pytest.mark.parametrize("page", PAGES)
def test_a_name_in_compatibility_letters_is_stored_as_the_api_stores_it(
    admin_client, north, page
):
    url, _ = _pages(north)[page]
    data = _form_data(admin_client, url)

    # full-width letters and a run of spaces of other widths
    response = admin_client.post(url, data | {"name": "\uff27rass\u3000\u00a0 Cutters"})

    assert response.status_code == 302
    model = {"league": League, "team": Team, "player": Player, "season": Season}[page]
    names = set(model.objects.values_list("name", flat=True))
    assert "Grass Cutters" in names


def test_a_name_saved_before_the_rules_does_not_stop_another_correction(
    admin_client, north
):
    # given a team whose name was saved before the rules (no form checks a
    # direct write)
    team = north.teams[0]
    Team.objects.filter(pk=team.pk).update(name=f"Gr{CYRILLIC_A}ss Cutters")
    url = f"/admin/league/team/{team.pk}/change/"
    data = _form_data(admin_client, url)

    # when another field is corrected, the name posted back as it was
    response = admin_client.post(url, data | {"dedicated_fans": "3"})

    # then
    assert response.status_code == 302
    saved = Team.objects.get(pk=team.pk)
    assert (saved.name, saved.dedicated_fans) == (f"Gr{CYRILLIC_A}ss Cutters", 3)
