"""Temporarily retiring players and bringing them back between matches."""

import pytest

from league.models import LeagueEvent, Player, Team
from league.selectors import team_detail_qs, team_value_get
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


def values(team):
    value = team_value_get(team_detail_qs().get(pk=team.pk))
    return value.tv, value.ctv


def retire_url(player):
    return f"/api/players/{player.pk}/retire/"


def unretire_url(player):
    return f"/api/players/{player.pk}/unretire/"


def test_a_retired_player_stays_in_tv_but_leaves_ctv(bob, bob_orcs):
    # given Sevens Orcs worth 470k (7 Orcs and a re-roll)
    assert values(bob_orcs) == (470_000, 470_000)
    three = orc(bob_orcs, 3)

    # when the coach retires #3
    response = api_as(bob).post(retire_url(three))

    # then he is retired, still on the roster, and out of CTV
    assert response.status_code == 200
    assert (response.json()["status"], response.json()["number"]) == ("retired", 3)
    assert orc(bob_orcs, 3).status == "retired"
    assert values(bob_orcs) == (470_000, 420_000)
    event = LeagueEvent.objects.get()
    assert (event.type, event.team, event.player, event.created_by) == (
        "player_retired",
        bob_orcs,
        three,
        bob,
    )
    assert event.payload == {"value": 50_000, "miss_next_game": False}


def test_a_retired_player_comes_back(bob, bob_orcs):
    three = orc(bob_orcs, 3)
    assert api_as(bob).post(retire_url(three)).status_code == 200

    response = api_as(bob).post(unretire_url(three))

    assert response.status_code == 200
    assert orc(bob_orcs, 3).status == "active"
    assert values(bob_orcs) == (470_000, 470_000)
    assert list(
        LeagueEvent.objects.order_by("pk").values_list("type", "player_id")
    ) == [("player_retired", three.pk), ("player_unretired", three.pk)]


def test_players_may_retire_during_the_post_game(bob, bob_orcs):
    Team.objects.filter(pk=bob_orcs.pk).update(status=Team.Status.POST_GAME)

    assert api_as(bob).post(retire_url(orc(bob_orcs, 1))).status_code == 200


@pytest.mark.parametrize(
    ("setup", "url", "code"),
    [
        ("journeyman", retire_url, "journeyman"),
        ("retired", retire_url, "already_retired"),
        (None, unretire_url, "not_retired"),
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


@pytest.mark.parametrize(
    ("who", "status"),
    [("bob", 200), ("alice", 200), ("charlie", 403), ("dave", 403)],
)
def test_only_the_coach_or_the_commissioner_may_retire(request, bob_orcs, who, status):
    before = everything()

    response = api_as(request.getfixturevalue(who)).post(retire_url(orc(bob_orcs, 4)))

    assert response.status_code == status
    if status == 403:
        assert everything() == before
    else:
        assert LeagueEvent.objects.get().created_by.username == who


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
