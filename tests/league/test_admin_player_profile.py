"""A player's characteristics and lasting injuries corrected in the admin
stay within what the rules can give him, and a refused correction says why
on its field and writes nothing: the database refuses what no format allows
(``league.models.PROFILE_RANGES``, improvements and lasting injuries
counted), the page what the player's own format, position and casualty
table do not (``engine.campaign.profile``)."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from league.models import League, Player
from league.services.leagues import league_create
from league.services.teams import team_draft
from tests.commissioner_world import World, shared_league
from tests.factories import UserFactory, lineman_requests, make_member
from tests.league.test_admin_team_fields import _form_data, _team

saved_profile_north, profile_north = shared_league(
    "profile_north",
    "nora",
    "bob",
    "Northern Cup",
    ("orc", "necromantic-horror"),
)


@pytest.fixture
def north(profile_north) -> World:
    return profile_north


@pytest.fixture(params=["commissioner", "superuser"])
def admin_client(request, client, north):
    if request.param == "commissioner":
        client.force_login(north.commissioner)
    else:
        client.force_login(UserFactory(username="root", is_superuser=True))
    return client


def player_rows() -> list[tuple]:
    return list(Player.objects.order_by("pk").values_list())


def lineman(world: World) -> Player:
    """An Orc Lineman: MA 5, ST 3, AG 3+, PA 4+, AV 10+ (teams/Orc.md)."""
    player = world.teams[0].players.get(number=1)
    assert player.position == "orc-lineman"
    assert (player.ma, player.st, player.ag, player.pa, player.av) == (5, 3, 3, 4, 10)
    return player


def post(client, player: Player, change: dict):
    url = f"/admin/league/player/{player.pk}/change/"
    return client.post(url, _form_data(client, url) | change)


def errors(response) -> dict[str, list[tuple[str, str]]]:
    assert response.status_code == 200
    form = response.context["adminform"].form
    return {
        field: [(e.code, e.message) for e in found]
        for field, found in form.errors.as_data().items()
    }


@pytest.mark.parametrize(
    ("change", "field", "code", "message"),
    [
        (
            {"ma": "10"},
            "ma",
            "out_of_range",
            "from MA 1 to MA 9 (the Characteristic Table)",
        ),
        (
            {"ma": "8"},
            "ma",
            "improved_too_far",
            "at most two improvements better than the position's MA 5: no "
            "characteristic is improved more than twice",
        ),
        (
            {"st": "0"},
            "st",
            "out_of_range",
            "from ST 1 to ST 8 (the Characteristic Table)",
        ),
        (
            {"ag": "7"},
            "ag",
            "out_of_range",
            "from AG 6+ to AG 1+ (the Characteristic Table)",
        ),
        (
            {"ag": "0"},
            "ag",
            "out_of_range",
            "from AG 6+ to AG 1+ (the Characteristic Table)",
        ),
        (
            {"pa": ""},
            "pa",
            "out_of_range",
            "a player who can pass keeps a PA: from PA 6+ to PA 1+",
        ),
        (
            {"av": "2"},
            "av",
            "out_of_range",
            "from AV 3+ to AV 11+ (the Characteristic Table)",
        ),
        (
            {"av": "12"},
            "av",
            "out_of_range",
            "from AV 3+ to AV 11+ (the Characteristic Table)",
        ),
        (
            {"ma": "1", "reductions": '{"ma": 5}'},
            "reductions",
            "reduced_below_minimum",
            "MA loses at most 4 to lasting injuries: from the position's MA 5 "
            "down to MA 1, its minimum",
        ),
        (
            {"reductions": '{"av": 11}'},
            "reductions",
            "reduced_below_minimum",
            "AV loses at most 7 to lasting injuries: from the position's AV 10+ "
            "down to AV 3+, its minimum",
        ),
    ],
    ids=[
        "MA over 9",
        "MA three better",
        "ST 0",
        "AG 7+",
        "AG 0 (a Blitz Bowl card's)",
        "PA - for a passer",
        "AV 2+",
        "AV 12+",
        "MA lost past 1",
        "AV lost past the database's bound",
    ],
)
def test_a_characteristic_the_rules_cannot_give_is_refused_on_its_field(
    admin_client, north, change, field, code, message
):
    """rules_and_regulations.md "Characteristic Table" (MA 9/1, ST 8/1, AG
    1+/6+, PA 1+/6+, AV 11+/3+): "No characteristic may ever be improved
    more than twice ... No characteristic may ever be reduced below the
    minimum"."""
    # given an Orc Lineman's page
    player = lineman(north)
    before = player_rows()

    # when
    response = post(admin_client, player, change)

    # then
    assert errors(response) == {field: [(code, message)]}
    assert player_rows() == before


def test_corrections_within_the_rules_are_saved(admin_client, north):
    # given an Orc Lineman
    player = lineman(north)

    # when he is given two improvements' worth of MA and AV 3+ after seven
    # lasting injuries
    response = post(
        admin_client, player, {"ma": "7", "av": "3", "reductions": '{"av": 7}'}
    )

    # then
    assert response.status_code == 302
    saved = Player.objects.get(pk=player.pk)
    assert (saved.ma, saved.av, saved.reductions) == (7, 3, {"av": 7})


def test_the_classic_casualty_table_reduces_a_characteristic_at_most_twice(client, bob):
    """Seed 001, Table: Casualties: "no characteristic may be reduced by
    more than 2 points or below a value of 1"."""
    # given a classic league (casualties on the classic table), its
    # commissioner on an Orc Lineman's page
    nora = UserFactory(username="nora")
    league = league_create(commissioner=nora, name="Old Cup", format="classic")
    assert league.casualty_table == League.CasualtyTable.CLASSIC
    make_member(league, bob)
    orcs = team_draft(
        league=league,
        coach=bob,
        name="Old Orcs",
        roster="orc",
        players=lineman_requests("orc", 11),
    )
    player = orcs.players.get(number=1)
    assert (player.position, player.ma) == ("orc-lineman", 5)
    client.force_login(nora)
    admin_client = client
    before = player_rows()

    # when a third reduction of MA is recorded
    response = post(admin_client, player, {"ma": "2", "reductions": '{"ma": 3}'})

    # then
    assert errors(response) == {
        "reductions": [
            (
                "too_many_reductions",
                "MA is reduced at most 2 times on this league's casualty table",
            )
        ]
    }
    assert player_rows() == before
    # and two are saved
    response = post(admin_client, player, {"ma": "3", "reductions": '{"ma": 2}'})
    assert response.status_code == 302


def test_a_blitz_bowl_player_keeps_his_team_cards_characteristics(client, bob):
    # given a Blitz Bowl Orc team card's Lineman (blitz_bowl/teams.md: Move
    # 5, Block 1, Throw 4+, Armour 3+; no AG on a card), on the superuser's
    # page
    root = UserFactory(username="root", is_superuser=True)
    team = _team("blitz-bowl", root, bob)
    player = team.players.get(number=1)
    assert (player.ma, player.st, player.ag, player.pa, player.av) == (5, 1, 0, 4, 3)
    client.force_login(root)
    before = player_rows()

    # when his Block is raised to 2
    response = post(client, player, {"st": "2"})

    # then (a card format has no progression: tracks_progression)
    assert errors(response) == {
        "st": [
            (
                "not_as_printed",
                "as the team card gives it: a player of this format never "
                "improves nor loses a characteristic",
            )
        ]
    }
    assert player_rows() == before
    # and his other fields are still corrected
    assert post(client, player, {"name": "Gorbag"}).status_code == 302


@pytest.mark.parametrize(
    "change",
    [
        {"ma": 10},
        {"st": 0},
        {"st": 9},
        {"ag": 7},
        {"pa": 0},
        {"pa": 7},
        {"av": 12},
        {"improvements": {"ma": 3}},
        {"improvements": {"ag": -1}},
        {"reductions": {"ma": 11}},
        {"reductions": {"st": 10}},
        {"reductions": {"ag": 8}},
        {"reductions": {"av": "x"}},
        {"reductions": {"av": True}},
        {"reductions": {"av": None}},
    ],
    ids=str,
)
def test_the_database_refuses_what_no_format_allows(north, change):
    # given
    player = lineman(north)
    before = player_rows()

    # when a write goes around the admin's checks, then it is refused
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.filter(pk=player.pk).update(**change)
    assert player_rows() == before


@pytest.mark.parametrize(
    "change",
    [
        {"ma": 0, "ag": 0, "av": 0, "pa": None},  # a Blitz Bowl card's "D6", "-"
        {"ma": 9, "st": 8, "ag": 1, "pa": 1, "av": 11},
        {"improvements": {"ma": 2, "av": 1}},
        {"reductions": {"ma": 10, "st": 9, "ag": 7, "pa": 7, "av": 10}},
    ],
    ids=["a card's", "the table's best", "two improvements", "the most injuries"],
)
def test_the_database_admits_every_formats_range(north, change):
    player = lineman(north)

    Player.objects.filter(pk=player.pk).update(**change)

    assert Player.objects.filter(pk=player.pk, **change).exists()
