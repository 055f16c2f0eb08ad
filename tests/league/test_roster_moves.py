"""The checks a temporary retirement (and a refused return from one) makes
before the rule's own (tests/matches/postgame/test_retirement.py): the
team, the player, who asks."""

import pytest

from league.models import LeagueEvent, Player, Team
from league.services.card_teams import team_draft_card
from league.services.journeymen import team_take_journeymen
from league.services.leagues import league_create
from tests.factories import make_member
from tests.league.conftest import api_as, db_snapshot


def everything():
    return (
        db_snapshot(),
        list(LeagueEvent.objects.order_by("pk").values_list("pk", "type")),
    )


def orc(team, number):
    return Player.objects.get(team=team, number=number)


def retire_url(player):
    return f"/api/players/{player.pk}/retire/"


def unretire_url(player):
    return f"/api/players/{player.pk}/unretire/"


@pytest.mark.parametrize(
    ("setup", "url", "code"),
    [
        ("journeyman", retire_url, "journeyman"),
        ("retired", retire_url, "already_retired"),
        # blood_bowl_sevens.md: no Casualty table, so no Lasting Injury
        (None, retire_url, "not_in_format"),
        (None, unretire_url, "not_retired"),
        # post-game_sequence.md: "They cannot take part in any further
        # games this season"
        ("retired", unretire_url, "retired_for_season"),
        ("fired", retire_url, "player_not_on_roster"),
        ("dead", unretire_url, "player_not_on_roster"),
        ("playing", retire_url, "team_busy"),
        ("playing+retired", unretire_url, "team_busy"),
    ],
)
def test_refused_roster_moves_write_nothing(bob, bob_orcs, setup, url, code):
    target = orc(bob_orcs, 2)
    if setup == "journeyman":
        Player.objects.filter(team=bob_orcs, number=1).update(miss_next_game=True)
        (target,) = team_take_journeymen(
            Team.objects.select_related("league").get(pk=bob_orcs.pk), minimum=7
        )
    elif setup in ("retired", "fired", "dead"):
        Player.objects.filter(pk=target.pk).update(status=setup)
    elif setup == "playing":
        Team.objects.filter(pk=bob_orcs.pk).update(status="playing")
    elif setup == "playing+retired":
        Team.objects.filter(pk=bob_orcs.pk).update(status="playing")
        Player.objects.filter(pk=target.pk).update(status="retired")
    before = everything()

    response = api_as(bob).post(url(target))

    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == code
    assert everything() == before


def test_anonymous_users_cannot_retire_or_unretire(bob_orcs):
    before = everything()
    four = orc(bob_orcs, 4)

    assert api_as(None).post(retire_url(four)).status_code in (401, 403)
    assert api_as(None).post(unretire_url(four)).status_code in (401, 403)
    assert everything() == before


def test_an_unknown_player_is_404(bob, db):
    assert api_as(bob).post("/api/players/999999/retire/").status_code == 404


def test_a_team_cards_player_is_not_retired(alice, bob):
    """A Blitz Bowl team card's players are the card's: the team page offers
    no Retire…, and the API refuses it as it refuses a hire or a fire."""
    league = league_create(commissioner=alice, name="Blitz Cup", format="blitz-bowl")
    make_member(league, bob)
    team = team_draft_card(league=league, coach=bob, name="Naggaroth", card="dark_elf")
    player = team.players.order_by("number").first()
    before = db_snapshot()

    response = api_as(bob).post(f"/api/players/{player.pk}/retire/")

    assert response.status_code == 400
    assert [e["code"] for e in response.json()["errors"]] == ["team_card_fixed"]
    assert db_snapshot() == before
