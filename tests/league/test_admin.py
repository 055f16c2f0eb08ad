"""The commissioner admin renders and moves gold only through the ledger."""

import pytest

from league.models import Team, TreasuryEntry
from tests.league.conftest import db_snapshot


@pytest.fixture
def admin_client(client, alice):
    alice.is_staff = alice.is_superuser = True
    alice.save()
    client.force_login(alice)
    return client


@pytest.mark.parametrize(
    "url",
    [
        "/admin/league/league/",
        "/admin/league/team/",
        "/admin/league/player/",
        "/admin/league/treasuryentry/",
        "/admin/league/team/?q=Gouged",
        "/admin/league/player/?status__exact=active",
        "/admin/league/leaguemembership/",
        "/admin/league/leaguemembership/?status__exact=member",
    ],
)
def test_admin_lists_render(admin_client, bob_orcs, url):
    assert admin_client.get(url).status_code == 200


def test_team_change_page_shows_players_and_ledger(admin_client, bob_orcs):
    html = admin_client.get(
        f"/admin/league/team/{bob_orcs.pk}/change/"
    ).content.decode()
    assert "Orc Lineman 7" in html
    assert "Draft budget" in html
    assert "Adjust treasury" in html


def test_treasury_adjustment_needs_a_reason(admin_client, bob_orcs):
    url = f"/admin/league/team/{bob_orcs.pk}/adjust-treasury/"
    before = db_snapshot()

    response = admin_client.post(url, {"amount": 5000, "note": ""})

    assert response.status_code == 200  # form redisplayed with the error
    assert db_snapshot() == before


@pytest.mark.parametrize("amount", [3_000_000_000, 10**20, 10_000_001, -10_000_001])
def test_a_treasury_adjustment_beyond_the_limit_is_refused(
    admin_client, bob_orcs, amount
):
    url = f"/admin/league/team/{bob_orcs.pk}/adjust-treasury/"
    before = db_snapshot()

    response = admin_client.post(url, {"amount": amount, "note": "a fortune"})

    assert response.status_code == 200  # form redisplayed with the error
    assert list(response.context["form"].errors) == ["amount"]
    assert db_snapshot() == before


def test_the_service_refuses_an_adjustment_the_treasury_cannot_hold(bob_orcs, alice):
    from league.errors import ServiceError
    from league.services.treasury import TREASURY_MAX, treasury_adjust

    Team.objects.filter(pk=bob_orcs.pk).update(treasury=TREASURY_MAX - 5_000)
    before = db_snapshot()

    with pytest.raises(ServiceError) as exc:
        treasury_adjust(team=bob_orcs, amount=10_000, note="one more", actor=alice)
    assert [(v.code, v.field) for v in exc.value.violations] == [
        ("max_value", "amount")
    ]
    with pytest.raises(ServiceError) as exc:
        treasury_adjust(team=bob_orcs, amount=10_000_001, note="too much", actor=alice)
    assert [(v.code, v.field) for v in exc.value.violations] == [
        ("max_value", "amount")
    ]
    assert db_snapshot() == before


def test_treasury_adjustment_goes_through_the_ledger(admin_client, bob_orcs, alice):
    url = f"/admin/league/team/{bob_orcs.pk}/adjust-treasury/"

    response = admin_client.post(
        url, {"amount": -10000, "note": "fined for pitch invasion"}
    )

    assert response.status_code == 302
    assert Team.objects.get(pk=bob_orcs.pk).treasury == 120_000
    entry = TreasuryEntry.objects.filter(team=bob_orcs).latest("id")
    assert (entry.amount, entry.note, entry.created_by) == (
        -10_000,
        "fined for pitch invasion",
        alice,
    )


def test_the_treasury_field_is_read_only_in_the_admin(admin_client, bob_orcs):
    html = admin_client.get(
        f"/admin/league/team/{bob_orcs.pk}/change/"
    ).content.decode()
    assert 'name="treasury"' not in html


def test_league_change_page_lists_its_coaches_read_only(admin_client, bob_orcs):
    html = admin_client.get(
        f"/admin/league/league/{bob_orcs.league_id}/change/"
    ).content.decode()
    assert "League memberships" in html
    assert "bob" in html
    # opened and closed only through the service (it writes the audit log)
    assert 'name="is_open"' not in html
