"""Hiring, firing and buying from the team page (players and Sideline
Staff), with the same permissions as the API: the coach and the league's
commissioner write, nobody else. A refused form brings the team page back
(400) with what the coach typed and the reason by its field, nothing
written; a success goes back to the page with a message."""

from __future__ import annotations

import re

import pytest

from league.models import LeagueEvent, Player, Team
from league.services.leagues import league_create
from league.services.teams import PlayerRequest, team_draft
from tests.factories import draft_team, make_member
from tests.web.field_groups import field_group, form_errors, form_html
from tests.world import db_snapshot


@pytest.fixture
def orcs(sevens, bob):
    """7 Orc linemen (350k) and 1 re-roll (120k): 130k in the bank."""
    return draft_team(sevens, bob, roster="orc", name="Gouged Eye", rerolls=1)


def _text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


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
    # a refused form's page opens on that form
    assert f'<form id="hire" method="post" action="/teams/{orcs.pk}/hire/#hire"' in html
    assert f'<form id="buy" method="post" action="/teams/{orcs.pk}/buy/#buy"' in html
    assert html.count(">Fire</button>") == 7


def test_the_coach_hires_a_player(client, orcs, bob):
    client.force_login(bob)

    response = client.post(
        f"/teams/{orcs.pk}/hire/", {"position": "goblin", "name": "Snik"}, follow=True
    )

    assert response.redirect_chain == [(f"/teams/{orcs.pk}/#content", 302)]
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
        f"/teams/{orcs.pk}/hire/", {"position": "big-un", "name": "Big 2"}
    )

    # then: the page again, the reason on the hire form, what he typed kept
    assert response.status_code == 400
    html = response.content.decode()
    assert "this costs 90,000 but the treasury holds 40,000" in form_errors(
        html, "hire"
    )
    assert '<option value="big-un" selected>' in field_group(html, "id_position")
    assert 'value="Big 2"' in field_group(html, "id_name")
    assert 'class="msg msg-error"' not in html
    assert _state(orcs) == before


def test_a_hire_the_form_refuses_names_the_field_and_keeps_the_input(client, orcs, bob):
    # given
    client.force_login(bob)
    before = db_snapshot()

    # when: a position Orc teams do not have
    response = client.post(
        f"/teams/{orcs.pk}/hire/", {"position": "troll-slayer", "name": "Snik"}
    )

    # then
    assert response.status_code == 400
    html = response.content.decode()
    position = field_group(html, "id_position")
    assert '<label for="id_position">Position</label>' in position
    assert "Select a valid choice. troll-slayer is not one of the" in position
    assert 'value="Snik"' in field_group(html, "id_name")
    assert "position:" not in html
    assert db_snapshot() == before


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

    response = client.post(
        f"/teams/{orcs.pk}/buy/", {"item": "cheerleaders", "quantity": 2}
    )

    assert (response.status_code, response["Location"]) == (
        302,
        f"/teams/{orcs.pk}/#content",
    )
    orcs.refresh_from_db()
    assert orcs.cheerleaders == 2
    assert orcs.treasury == 90_000


def test_sevens_offers_no_re_rolls_after_the_draft(client, orcs, bob):
    """Blood Bowl Sevens "Purchasing Team Re-rolls": "a Blood Bowl Sevens
    team cannot purchase additional team re-rolls at a later date", so the
    buy form does not offer them; posted anyway, the form refuses the item
    by its field and keeps the quantity (the service's own refusal,
    ``rerolls_after_draft``, answers the API), nothing written."""
    client.force_login(bob)
    page = client.get(f"/teams/{orcs.pk}/").content.decode()
    before = _state(orcs)

    response = client.post(f"/teams/{orcs.pk}/buy/", {"item": "rerolls", "quantity": 1})

    assert 'value="rerolls"' not in field_group(page, "id_item")
    assert "Team re-roll" not in form_html(page, "buy")
    assert response.status_code == 400
    html = response.content.decode()
    item = field_group(html, "id_item")
    assert "Select a valid choice. rerolls is not one of the available choices." in (
        item
    )
    assert 'value="1"' in field_group(html, "id_quantity")
    assert _state(orcs) == before


# What each format's team buys after its draft, from the rules: Blood Bowl
# (2020 and 2025) and the classic game, re-rolls at double price, assistant
# coaches, cheerleaders and an apothecary where the roster has one
# (rules_and_regulations.md "Hiring, Firing and Temporarily Retiring");
# Sevens, no re-rolls ("cannot purchase additional team re-rolls at a later
# date") but its staff and an apothecary "during the Hire and Fire step";
# Dungeon Bowl, re-rolls alone (its colleges have no apothecary, assistant
# coaches or cheerleaders: colleges.json).
STAFF = ["assistant_coaches", "cheerleaders", "apothecary"]
BUYS = {
    ("bb2020", "human"): ["rerolls", *STAFF],
    ("bb2025", "human"): ["rerolls", *STAFF],
    ("classic", "human"): ["rerolls", *STAFF],
    ("sevens", "orc"): STAFF,
    # "Apothecary: No" on the roster
    ("bb2020", "shambling-undead"): ["rerolls", "assistant_coaches", "cheerleaders"],
    ("sevens", "nurgle"): ["assistant_coaches", "cheerleaders"],
    ("dungeon-bowl", "college-of-shadows"): ["rerolls"],
}


@pytest.mark.parametrize(("fmt", "roster"), list(BUYS))
def test_each_formats_buy_form_offers_only_what_it_sells_after_the_draft(
    client, alice, bob, fmt, roster
):
    league = league_create(commissioner=alice, name=f"{fmt} {roster}", format=fmt)
    if fmt == "dungeon-bowl":
        make_member(league, bob)
        team = team_draft(
            league=league,
            coach=bob,
            name="Shadows",
            roster=roster,
            players=[
                PlayerRequest("skaven-clanrat-lineman", f"Clanrat {i}")
                for i in range(11)
            ],
        )
    else:
        team = draft_team(league, bob, roster=roster, name="Firsts")
    client.force_login(bob)

    html = client.get(f"/teams/{team.pk}/").content.decode()

    offered = re.findall(r'<option value="(\w+)"', field_group(html, "id_item"))
    assert offered == BUYS[(fmt, roster)]
    prices = _text_of(form_html(html, "buy").split("Prices now:", 1)[1])
    assert "not available" not in prices
    assert prices.count("·") == len(BUYS[(fmt, roster)]) - 1


def test_a_purchase_of_none_is_refused_by_the_quantity(client, orcs, bob):
    client.force_login(bob)
    before = db_snapshot()

    response = client.post(
        f"/teams/{orcs.pk}/buy/", {"item": "cheerleaders", "quantity": 0}
    )

    assert response.status_code == 400
    html = response.content.decode()
    quantity = field_group(html, "id_quantity")
    assert "Ensure this value is greater than or equal to 1." in quantity
    assert 'value="0"' in quantity
    assert '<option value="cheerleaders" selected>' in field_group(html, "id_item")
    assert "Choose what and how many." not in html
    assert db_snapshot() == before


@pytest.fixture
def staffed_orcs(sevens, bob):
    """Sevens Orcs with 2 assistant coaches and 2 cheerleaders (20k each)
    and an apothecary (80k): 7 linemen (350k), TV 510k, 90k in the bank."""
    return draft_team(
        sevens,
        bob,
        roster="orc",
        name="Da Staff",
        assistant_coaches=2,
        cheerleaders=2,
        apothecary=True,
    )


def _everything() -> tuple:
    return db_snapshot(), list(LeagueEvent.objects.values_list("pk", "type"))


def test_the_fire_staff_form_offers_the_staff_the_team_has(
    client, orcs, staffed_orcs, bob
):
    client.force_login(bob)
    Team.objects.filter(pk=staffed_orcs.pk).update(cheerleaders=0)

    html = client.get(f"/teams/{staffed_orcs.pk}/").content.decode()
    bare = client.get(f"/teams/{orcs.pk}/").content.decode()

    assert "Fire sideline staff" in html
    assert '<option value="assistant_coaches">Assistant coach</option>' in html
    assert '<option value="apothecary">Apothecary</option>' in html
    assert 'value="cheerleaders"' not in html.split('id="fire-staff"')[1]
    # its fields' ids are not the buy form's
    assert '<label for="id_fire_item">' in html
    assert html.count('id="id_item"') == html.count('id="id_fire_item"') == 1
    # a team with no staff gets no form
    assert "Fire sideline staff" not in bare


def test_the_coach_fires_sideline_staff_with_no_refund(client, staffed_orcs, bob):
    client.force_login(bob)
    html = client.get(f"/teams/{staffed_orcs.pk}/").content.decode()
    assert '<dd data-testid="tv">510,000</dd>' in html

    response = client.post(
        f"/teams/{staffed_orcs.pk}/staff/fire/",
        {"item": "cheerleaders", "quantity": 2},
        follow=True,
    )

    assert response.redirect_chain == [(f"/teams/{staffed_orcs.pk}/#content", 302)]
    staffed_orcs.refresh_from_db()
    assert (staffed_orcs.cheerleaders, staffed_orcs.treasury) == (0, 90_000)
    html = response.content.decode()
    assert "Fired 2 × cheerleader (no refund)." in html
    assert '<dd data-testid="tv">470,000</dd>' in html


def test_firing_staff_the_team_lacks_is_refused_with_the_reason(
    client, staffed_orcs, bob
):
    client.force_login(bob)
    before = _everything()

    response = client.post(
        f"/teams/{staffed_orcs.pk}/staff/fire/",
        {"item": "assistant_coaches", "quantity": 3},
    )

    assert response.status_code == 400
    html = response.content.decode()
    quantity = field_group(html, "id_fire_quantity")
    assert "the team has 2 assistant coaches: it cannot fire 3" in quantity
    assert 'value="3"' in quantity
    assert '<option value="assistant_coaches" selected>' in field_group(
        html, "id_fire_item"
    )
    assert 'class="msg msg-error"' not in html
    assert _everything() == before


@pytest.mark.parametrize(
    ("data", "field", "reason", "typed"),
    [
        (
            {"item": "rerolls", "quantity": 1},
            "id_fire_item",
            "Select a valid choice. rerolls is not one of the available choices.",
            'value="1"',
        ),
        (
            {"item": "cheerleaders", "quantity": 0},
            "id_fire_quantity",
            "Ensure this value is greater than or equal to 1.",
            'value="0"',
        ),
    ],
)
def test_a_fire_staff_form_that_is_not_valid_names_the_field_and_writes_nothing(
    client, staffed_orcs, bob, data, field, reason, typed
):
    client.force_login(bob)
    before = _everything()

    response = client.post(f"/teams/{staffed_orcs.pk}/staff/fire/", data)

    assert response.status_code == 400
    html = response.content.decode()
    assert reason in field_group(html, field)
    assert typed in field_group(html, "id_fire_quantity")
    assert "Choose what and how many." not in html
    assert _everything() == before


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
        ("staff/fire/", {"item": "cheerleaders", "quantity": 1}),
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
    assert client.get(f"/teams/{orcs.pk}/staff/fire/").status_code == 405
