"""The BB2025 Team Captain in a league (Humans and Orcs): the coach names
one player through the service, the API or the team page; the match's team
sheet names him and he plays with Pro, at no value; every refusal is coded
on its field and writes nothing."""

from __future__ import annotations

import pytest

from league.errors import ServiceError
from league.models import League, LeagueEvent, Player, Team
from league.services.captain import team_name_captain
from league.services.leagues import league_create
from league.services.teams import PlayerRequest, team_draft
from matches.engine_bridge import team_sheet, team_snapshot
from tests.factories import make_member
from tests.matches.conftest import db_state
from tests.web.field_groups import field_group, form_errors
from tests.world import api_as

pytestmark = pytest.mark.django_db


@pytest.fixture
def league(alice) -> League:
    return league_create(commissioner=alice, name="Altdorf Cup", format="bb2025")


def draft(league: League, coach, roster: str, line: str, name: str) -> Team:
    make_member(league, coach)
    return team_draft(
        league=league,
        coach=coach,
        name=name,
        roster=roster,
        players=[PlayerRequest(line, f"{name} {i}") for i in range(11)],
    )


@pytest.fixture
def humans(league, bob) -> Team:
    return draft(league, bob, "human", "human-lineman", "Reikland")


def first(team: Team) -> Player:
    return team.players.order_by("number").first()  # type: ignore[return-value]


def refused(code: str, field: str, **kwargs) -> None:
    before = db_state()
    events = LeagueEvent.objects.count()
    with pytest.raises(ServiceError) as exc:
        team_name_captain(**kwargs)
    assert [(v.code, v.field) for v in exc.value.violations] == [(code, field)]
    assert db_state() == before
    assert LeagueEvent.objects.count() == events
    assert not Team.objects.filter(captain__isnull=False).exists()


def test_the_named_captain_plays_with_pro_at_no_value(humans, bob):
    captain = first(humans)
    value = captain.value
    team_name_captain(team_id=humans.pk, player_id=captain.pk, actor=bob)
    humans.refresh_from_db()
    assert humans.captain_id == captain.pk
    event = LeagueEvent.objects.get(type=LeagueEvent.Type.CAPTAIN_NAMED)
    assert (event.team_id, event.player_id) == (humans.pk, captain.pk)
    snap = team_snapshot(humans)
    assert snap["captain"] == captain.pk
    line = {p["id"]: p for p in snap["players"]}
    # human-lineman has no skills: Pro is the captaincy's
    assert line[captain.pk]["skills"] == [("pro", None)]
    assert all(p["skills"] == [] for pid, p in line.items() if pid != captain.pk)
    sheet = team_sheet(snap)
    assert sheet.captain == captain.pk
    captain.refresh_from_db()
    assert (captain.value, captain.advancements, captain.gained_skills) == (
        value,
        0,
        [],
    )


def test_a_captain_who_misses_the_game_is_not_on_the_sheet(humans, bob):
    captain = first(humans)
    team_name_captain(team_id=humans.pk, player_id=captain.pk)
    Player.objects.filter(pk=captain.pk).update(miss_next_game=True)
    assert team_sheet(team_snapshot(humans)).captain == 0


def test_a_player_of_another_team_is_refused(league, humans, charlie):
    orcs = draft(league, charlie, "orc", "orc-lineman", "Gutrippers")
    refused("unknown_player", "player", team_id=humans.pk, player_id=first(orcs).pk)


@pytest.mark.parametrize(
    "status", [Player.Status.DEAD, Player.Status.RETIRED, Player.Status.FIRED]
)
def test_a_dead_retired_or_fired_player_is_refused(humans, status):
    player = first(humans)
    Player.objects.filter(pk=player.pk).update(status=status)
    refused("player_unavailable", "player", team_id=humans.pk, player_id=player.pk)


def test_a_team_without_the_rule_is_refused(league, charlie):
    nurgle = draft(league, charlie, "nurgle", "nurgle-rotter", "Plaguebearers")
    refused(
        "no_team_captain_rule", "team", team_id=nurgle.pk, player_id=first(nurgle).pk
    )


def test_a_bb2020_league_has_no_team_captain(alice, bob):
    old = league_create(commissioner=alice, name="Old World", format="bb2020")
    humans = draft(old, bob, "human", "human-lineman", "Middenheim")
    refused(
        "captain_not_in_format", "team", team_id=humans.pk, player_id=first(humans).pk
    )
    assert team_snapshot(humans)["captain"] == 0


def test_another_captain_only_once_he_is_gone(humans):
    one, two = list(humans.players.order_by("number"))[:2]
    team_name_captain(team_id=humans.pk, player_id=one.pk)
    before = db_state()
    with pytest.raises(ServiceError) as exc:
        team_name_captain(team_id=humans.pk, player_id=two.pk)
    assert [(v.code, v.field) for v in exc.value.violations] == [
        ("captain_named", "team")
    ]
    assert db_state() == before
    humans.refresh_from_db()
    assert humans.captain_id == one.pk
    # he dies: the team names another, who gets Pro; the dead one has none
    Player.objects.filter(pk=one.pk).update(status=Player.Status.DEAD)
    assert team_snapshot(humans)["captain"] == 0
    team_name_captain(team_id=humans.pk, player_id=two.pk)
    humans.refresh_from_db()
    assert humans.captain_id == two.pk
    assert team_sheet(team_snapshot(humans)).captain == two.pk


def test_the_api_names_him_and_refuses_with_codes(humans, bob):
    client = api_as(bob)
    player = first(humans)
    url = f"/api/teams/{humans.pk}/captain/"
    bad = client.post(url, {"player": 999_999}, format="json")
    assert bad.status_code == 400
    assert [(e["code"], e["field"]) for e in bad.json()["errors"]] == [
        ("unknown_player", "player")
    ]
    ok = client.post(url, {"player": player.pk}, format="json")
    assert ok.status_code == 200
    assert ok.json()["captain"] == player.pk
    assert client.get(f"/api/teams/{humans.pk}/").json()["captain"] == player.pk


def test_the_team_page_names_him(client, humans, bob):
    player = first(humans)
    client.force_login(bob)
    page = client.get(f"/teams/{humans.pk}/").content.decode()
    assert "Name the Team Captain" in page
    response = client.post(
        f"/teams/{humans.pk}/captain/", {"player": player.pk}, follow=True
    )
    assert response.redirect_chain == [(f"/teams/{humans.pk}/#content", 302)]
    text = response.content.decode()
    assert f"#{player.number} {player.name} is Reikland&#x27;s captain." in text
    assert "Name the Team Captain" not in text
    humans.refresh_from_db()
    assert humans.captain_id == player.pk


def _untouched() -> tuple:
    return (
        db_state(),
        list(Team.objects.order_by("pk").values_list("pk", "captain_id")),
        LeagueEvent.objects.count(),
    )


def test_the_team_page_refuses_a_player_not_offered_by_the_field(client, humans, bob):
    # given: a player the form does not offer (another team's)
    other = draft(humans.league, bob, "human", "human-lineman", "Other")
    client.force_login(bob)
    before = _untouched()

    # when
    response = client.post(f"/teams/{humans.pk}/captain/", {"player": first(other).pk})

    # then: the page again, the reason by the field, nothing written
    assert response.status_code == 400
    group = field_group(response.content.decode(), "id_player")
    assert '<label for="id_player">Team Captain</label>' in group
    assert "Select a valid choice." in group
    assert _untouched() == before


def test_the_team_page_shows_the_service_refusal_on_the_form(client, humans, bob):
    # given: a captain named since the page was opened
    one, two = humans.players.order_by("number")[:2]
    team_name_captain(team_id=humans.pk, player_id=one.pk)
    client.force_login(bob)
    before = _untouched()

    # when
    response = client.post(f"/teams/{humans.pk}/captain/", {"player": two.pk})

    # then: the reason on the form, the player he chose still chosen
    assert response.status_code == 400
    html = response.content.decode()
    assert f"#{one.number} {one.name} is Reikland&#x27;s captain" in form_errors(
        html, "captain"
    )
    assert f'<option value="{two.pk}" selected>' in field_group(html, "id_player")
    assert _untouched() == before
