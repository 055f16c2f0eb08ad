"""Hiring, firing and buying from the team page, with the same permissions
as the API: the coach and the league's commissioner write, nobody else."""

from __future__ import annotations

import pytest

from league.models import Player, Team
from tests.factories import draft_team


@pytest.fixture
def orcs(sevens, bob):
    """7 Orc linemen (350k) and 1 re-roll (120k): 130k in the bank."""
    return draft_team(sevens, bob, roster="orc", name="Gouged Eye", rerolls=1)


def _state(team: Team) -> tuple:
    team.refresh_from_db()
    return (
        team.treasury,
        team.rerolls,
        list(team.players.values_list("pk", "status")),
        team.ledger.count(),
    )


def test_the_coach_sees_the_management_forms(client, orcs, bob):
    client.force_login(bob)
    html = client.get(f"/teams/{orcs.pk}/").content.decode()
    assert "Hire a player" in html
    assert "Buy for the sideline" in html
    assert html.count(">Fire</button>") == 7


def test_the_coach_hires_a_player(client, orcs, bob):
    client.force_login(bob)

    response = client.post(
        f"/teams/{orcs.pk}/hire/", {"position": "goblin", "name": "Snik"}, follow=True
    )

    player = Player.objects.get(team=orcs, name="Snik")
    assert player.number == 8
    orcs.refresh_from_db()
    assert orcs.treasury == 90_000
    assert "Hired #8 Snik." in response.content.decode()


def test_a_hire_the_treasury_cannot_pay_is_refused_with_the_reason(client, orcs, bob):
    # given 40k left after a first Big Un
    client.force_login(bob)
    client.post(f"/teams/{orcs.pk}/hire/", {"position": "big-un", "name": "Big 1"})
    before = _state(orcs)

    # when
    response = client.post(
        f"/teams/{orcs.pk}/hire/", {"position": "big-un", "name": "Big 2"}, follow=True
    )

    # then
    assert "this costs 90,000 but the treasury holds 40,000" in (
        response.content.decode()
    )
    assert _state(orcs) == before


def test_the_coach_fires_a_player(client, orcs, bob):
    client.force_login(bob)
    victim = orcs.players.order_by("number").first()

    response = client.post(f"/teams/{orcs.pk}/players/{victim.pk}/fire/", follow=True)

    victim.refresh_from_db()
    assert victim.status == Player.Status.FIRED
    html = response.content.decode()
    assert f"Fired #{victim.number} {victim.name}." in html
    assert "Former players" in html


def test_the_coach_buys_a_cheerleader(client, orcs, bob):
    client.force_login(bob)

    client.post(f"/teams/{orcs.pk}/buy/", {"item": "cheerleaders", "quantity": 2})

    orcs.refresh_from_db()
    assert orcs.cheerleaders == 2
    assert orcs.treasury == 90_000


def test_sevens_refuses_re_rolls_after_the_draft(client, orcs, bob):
    client.force_login(bob)
    before = _state(orcs)

    response = client.post(
        f"/teams/{orcs.pk}/buy/", {"item": "rerolls", "quantity": 1}, follow=True
    )

    assert response.status_code == 200
    assert 'class="msg msg-error"' in response.content.decode()
    assert _state(orcs) == before


def test_the_commissioner_may_manage_any_team_of_the_league(client, orcs, alice):
    client.force_login(alice)

    client.post(f"/teams/{orcs.pk}/hire/", {"position": "goblin", "name": "Snik"})

    assert Player.objects.filter(team=orcs, name="Snik").exists()


@pytest.mark.parametrize(
    ("path", "data"),
    [
        ("hire/", {"position": "goblin", "name": "Snik"}),
        ("buy/", {"item": "cheerleaders", "quantity": 1}),
        ("players/{pid}/fire/", {}),
    ],
)
def test_other_coaches_may_not_touch_the_team(client, orcs, charlie, path, data):
    client.force_login(charlie)
    before = _state(orcs)
    pid = orcs.players.first().pk

    response = client.post(f"/teams/{orcs.pk}/" + path.format(pid=pid), data)

    assert response.status_code == 403
    assert "You may not do that" in response.content.decode()
    assert _state(orcs) == before
    html = client.get(f"/teams/{orcs.pk}/").content.decode()
    assert "Hire a player" not in html


def test_anonymous_writes_go_to_the_login_page(client, orcs):
    before = _state(orcs)
    response = client.post(
        f"/teams/{orcs.pk}/hire/", {"position": "goblin", "name": "X"}
    )
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")
    assert _state(orcs) == before


def test_team_writes_need_a_post(client, orcs, bob):
    client.force_login(bob)
    assert client.get(f"/teams/{orcs.pk}/hire/").status_code == 405
