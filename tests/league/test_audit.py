"""The league audit log: treasury adjustments are logged with their reason,
the API lists and filters a league's events, and the admin shows them read
only."""

import pytest

from league.errors import ServiceError
from league.models import LeagueEvent, Player, TreasuryEntry
from league.services.audit import league_event_record
from league.services.treasury import treasury_adjust, treasury_credit
from tests.league.conftest import api_as, db_snapshot


def events_url(league, query=""):
    return f"/api/leagues/{league.pk}/events/{query}"


# --- treasury adjustments ------------------------------------------------------------


def test_a_treasury_adjustment_is_logged_with_its_reason(alice, bob_orcs):
    entry = treasury_adjust(
        team=bob_orcs, amount=-30_000, note="  late fee  ", actor=alice
    )

    event = LeagueEvent.objects.get()
    assert (event.league, event.team, event.player, event.created_by) == (
        bob_orcs.league,
        bob_orcs,
        None,
        alice,
    )
    assert (event.type, event.match_id) == ("treasury_adjustment", None)
    assert event.payload == {
        "amount": -30_000,
        "reason": "late fee",
        "ledger_entry_id": entry.pk,
        "balance_after": 100_000,
    }
    assert (entry.amount, entry.reason) == (-30_000, "adjustment")


def test_other_treasury_moves_are_not_adjustments(bob_orcs):
    treasury_credit(team=bob_orcs, amount=10_000, reason=TreasuryEntry.Reason.WINNINGS)

    assert LeagueEvent.objects.count() == 0


@pytest.mark.parametrize(
    ("amount", "note", "code"),
    [
        (10_000, "  ", "required"),
        (0, "nothing", "min_value"),
        (-500_000, "fine", "over_budget"),
    ],
)
def test_a_refused_adjustment_logs_nothing(alice, bob_orcs, amount, note, code):
    before = db_snapshot()

    with pytest.raises(ServiceError) as exc:
        treasury_adjust(team=bob_orcs, amount=amount, note=note, actor=alice)

    assert exc.value.violations[0].code == code
    assert LeagueEvent.objects.count() == 0
    assert db_snapshot() == before


# --- the API -------------------------------------------------------------------------


@pytest.fixture
def logged(alice, bob, bob_orcs, charlie_humans):
    """Three events in Bob's league (two adjustments, a retirement) and one
    in Charlie's. The retirement's row is written as its service writes it
    (a Sevens player retires by no rule: that needs a Lasting Injury)."""
    treasury_adjust(team=bob_orcs, amount=5_000, note="sponsor", actor=alice)
    league_event_record(
        league_id=bob_orcs.league_id,
        type=LeagueEvent.Type.PLAYER_RETIRED,
        team=bob_orcs,
        player=Player.objects.get(team=bob_orcs, number=2),
        actor=bob,
        payload={"value": 50_000, "miss_next_game": False},
    )
    treasury_adjust(team=bob_orcs, amount=-5_000, note="fine", actor=alice)
    treasury_adjust(team=charlie_humans, amount=1_000, note="other", actor=alice)


def test_the_events_of_a_league_newest_first(client, logged, bob_orcs):
    body = client.get(events_url(bob_orcs.league)).json()

    assert body["count"] == 3
    rows = [
        (e["type"], e["team_name"], e["player_name"], e["created_by"])
        for e in body["results"]
    ]
    assert rows == [
        ("treasury_adjustment", "Gouged Eye", None, "alice"),
        ("player_retired", "Gouged Eye", "Orc Lineman 2", "bob"),
        ("treasury_adjustment", "Gouged Eye", None, "alice"),
    ]
    assert body["results"][0]["payload"]["reason"] == "fine"
    assert body["results"][0]["team"] == bob_orcs.pk
    assert body["results"][0]["match_id"] is None


def test_events_filter_by_type(client, logged, bob_orcs):
    body = client.get(events_url(bob_orcs.league, "?type=treasury_adjustment")).json()

    assert [e["payload"]["reason"] for e in body["results"]] == ["fine", "sponsor"]


def test_events_are_paginated(client, logged, bob_orcs):
    body = client.get(events_url(bob_orcs.league, "?limit=2")).json()

    assert (body["count"], len(body["results"])) == (3, 2)
    assert body["next"].endswith("limit=2&offset=2")


def test_an_unknown_type_is_refused_and_an_unknown_league_is_404(
    client, logged, bob_orcs
):
    refused = client.get(events_url(bob_orcs.league, "?type=bribery"))
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["field"] == "type"
    assert client.get("/api/leagues/999999/events/").status_code == 404


def test_the_events_list_is_read_only(bob, logged, bob_orcs):
    response = api_as(bob).post(events_url(bob_orcs.league), {}, format="json")

    assert response.status_code == 405


# --- the admin -----------------------------------------------------------------------


@pytest.fixture
def admin_client(client, alice):
    alice.is_staff = alice.is_superuser = True
    alice.save()
    client.force_login(alice)
    return client


@pytest.mark.parametrize(
    "url",
    [
        "/admin/league/leagueevent/",
        "/admin/league/leagueevent/?type__exact=treasury_adjustment",
        "/admin/league/sevensadvancement/",
        "/admin/league/player/?journeyman__exact=1",
    ],
)
def test_admin_lists_render(admin_client, logged, url):
    assert admin_client.get(url).status_code == 200


def test_league_events_are_read_only_in_the_admin(admin_client, logged):
    event = LeagueEvent.objects.filter(type="player_retired").get()

    page = admin_client.get(f"/admin/league/leagueevent/{event.pk}/change/")

    assert page.status_code == 200
    assert "Orc Lineman 2" in page.content.decode()
    assert admin_client.get("/admin/league/leagueevent/add/").status_code == 403
    response = admin_client.post(f"/admin/league/leagueevent/{event.pk}/delete/")
    assert response.status_code == 403
    assert LeagueEvent.objects.filter(pk=event.pk).exists()


def test_the_player_admin_shows_journeymen_and_gained_skills(admin_client, bob_orcs):
    Player.objects.filter(team=bob_orcs, number=1).update(
        gained_skills=[{"skill": "mighty-blow", "param": "+1"}], journeyman=True
    )

    html = admin_client.get("/admin/league/player/?q=Orc+Lineman+1").content.decode()

    assert "mighty-blow (+1)" in html
    assert "Journeyman" in html
    page = admin_client.get(
        f"/admin/league/player/{Player.objects.get(team=bob_orcs, number=1).pk}/change/"
    ).content.decode()
    assert "mighty-blow (+1)" in page


def test_an_admin_treasury_adjustment_is_logged(admin_client, alice, bob_orcs):
    response = admin_client.post(
        f"/admin/league/team/{bob_orcs.pk}/adjust-treasury/",
        {"amount": "20000", "note": "prize money"},
    )

    assert response.status_code == 302
    event = LeagueEvent.objects.get()
    assert (event.type, event.created_by, event.payload["reason"]) == (
        "treasury_adjustment",
        alice,
        "prize money",
    )
