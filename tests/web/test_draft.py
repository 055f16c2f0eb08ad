"""Drafting a team through the web form: the live budget, the service's
refusals next to the fields, and nothing written on a refusal."""

from __future__ import annotations

import pytest

from league.models import League, Team, TreasuryEntry
from league.services.membership import league_set_open
from tests.api_endpoints import every_row


def draft_data(roster: str = "orc", players=(), **fields) -> dict[str, str]:
    """The draft form's data: ``players`` as (position, name) pairs become
    one counter per position (``count-<position>``) and the names of its
    players, in order (``name-<position>-<i>``)."""
    data = {
        "roster": roster,
        "name": "Da Boyz",
        "rerolls": "0",
        "assistant_coaches": "0",
        "cheerleaders": "0",
        "dedicated_fans": "1",
    }
    counts: dict[str, int] = {}
    for position, name in players:
        data[f"name-{position}-{counts.get(position, 0)}"] = name
        counts[position] = counts.get(position, 0) + 1
    for position, count in counts.items():
        data[f"count-{position}"] = str(count)
    data.update({k: str(v) for k, v in fields.items()})
    return data


SEVEN_ORCS = [("orc-lineman", f"Ug {i}") for i in range(5)] + [
    ("blitzer", "Grak"),
    ("goblin", "Snik"),
]


def test_the_draft_page_needs_a_login(client, sevens):
    response = client.get(f"/leagues/{sevens.pk}/draft/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_a_coach_picks_a_roster_then_sees_its_positions(client, sevens, bob):
    client.force_login(bob)

    picker = client.get(f"/leagues/{sevens.pk}/draft/").content.decode()
    page = client.get(f"/leagues/{sevens.pk}/draft/?roster=orc").content.decode()

    assert "Choose a roster" in picker
    assert 'name="count-orc-lineman"' not in picker
    assert 'name="count-untrained-troll"' in page
    # Sevens: up to 11 players, so up to 11 Orc Linemen to name
    assert 'name="name-orc-lineman-10"' in page
    assert 'name="name-orc-lineman-11"' not in page
    assert "Untrained Troll" in page
    assert "0</strong> of 600,000 spent" in page


def test_drafting_a_legal_team_writes_it_and_opens_its_page(client, sevens, bob):
    client.force_login(bob)
    # given names typed past the counters (the page hides those inputs):
    # they are not drafted
    data = draft_data(players=SEVEN_ORCS, rerolls=1, cheerleaders=1)
    data["name-blitzer-1"] = "Not hired"

    response = client.post(f"/leagues/{sevens.pk}/draft/", data)

    team = Team.objects.get(name="Da Boyz")
    assert response.status_code == 302
    assert response["Location"] == f"/teams/{team.pk}/"
    assert team.coach == bob
    # numbered position by position as the page lists them: Linemen, then
    # the others from the cheapest (Goblin 40k before Blitzer 80k)
    assert list(team.players.order_by("number").values_list("name", "position")) == [
        ("Ug 0", "orc-lineman"),
        ("Ug 1", "orc-lineman"),
        ("Ug 2", "orc-lineman"),
        ("Ug 3", "orc-lineman"),
        ("Ug 4", "orc-lineman"),
        ("Snik", "goblin"),
        ("Grak", "blitzer"),
    ]
    # 5×50k + 80k + 40k + re-roll 120k + cheerleader 20k = 510k
    assert team.treasury == 90_000
    page = client.get(response["Location"]).content.decode()
    assert "Da Boyz drafted: 90,000 gold left in the treasury." in page


def test_refusals_are_shown_next_to_their_fields_and_nothing_is_written(
    client, sevens, bob
):
    client.force_login(bob)
    # given: a taken name, a Blitzer without a name, too many non-linemen
    # and too many re-rolls
    from tests.factories import draft_team

    draft_team(sevens, bob, roster="orc", name="Taken")
    before = (Team.objects.count(), TreasuryEntry.objects.count())
    players = [
        ("orc-lineman", "Ug"),
        ("blitzer", ""),
        ("blitzer", "B2"),
        ("blitzer", "B3"),
        ("blitzer", "B4"),
        ("big-un", "Big"),
        ("orc-lineman", "Og"),
    ]

    response = client.post(
        f"/leagues/{sevens.pk}/draft/",
        draft_data(players=players, name="Taken", rerolls=9),
    )

    # then
    assert response.status_code == 400
    ctx = response.context
    assert ctx["form"].errors["name"] == [
        "Sevens Cup already has a team called 'Taken'"
    ]
    assert (
        "Team re-rolls must be between 0 and 6, not 9" in ctx["form"].errors["rerolls"]
    )
    squad = ctx["squad"]
    assert squad.errors == {"name-blitzer-0": ["every player needs a name"]}
    assert ctx["squad_errors"] == [
        "Blood Bowl Sevens teams may have at most 4 players who are not Linemen "
        "(asked for 5)"
    ]
    assert (Team.objects.count(), TreasuryEntry.objects.count()) == before
    html = response.content.decode()
    assert "every player needs a name" in html


def test_the_budget_fragment_prices_the_draft_as_it_stands(client, sevens, bob):
    client.force_login(bob)

    response = client.post(
        f"/leagues/{sevens.pk}/draft/budget/",
        draft_data(players=SEVEN_ORCS, rerolls=1, apothecary="on"),
    )

    html = response.content.decode()
    assert response.status_code == 200
    # 370k players + 120k re-roll + 80k apothecary
    assert 'data-testid="spent">570,000<' in html
    assert 'data-testid="remaining">30,000<' in html


def test_the_budget_fragment_shows_an_overspend_and_the_rules_broken(
    client, sevens, bob
):
    client.force_login(bob)
    players = [("big-un", f"Big {i}") for i in range(5)] + [
        ("untrained-troll", "Troll")
    ]

    html = client.post(
        f"/leagues/{sevens.pk}/draft/budget/", draft_data(players=players, rerolls=2)
    ).content.decode()

    # 5×90k + 115k + 2×120k = 805k
    assert "805,000" in html
    # 805k against the 600k Sevens budget: the overspend reads as a
    # positive amount, not as "-205,000 over"
    assert '<strong class="bad" data-testid="over">205,000 over</strong>' in html
    assert "-205,000" not in html
    assert "at most 4 Big Un" in html
    assert "need at least 7 players" in html


@pytest.mark.parametrize("roster", ["", "no-such-roster"])
def test_the_budget_fragment_refuses_an_unknown_roster(client, sevens, bob, roster):
    client.force_login(bob)
    response = client.post(
        f"/leagues/{sevens.pk}/draft/budget/", draft_data(roster=roster)
    )
    assert response.status_code == 400


@pytest.mark.parametrize("roster", ["", "no-such-roster", "orc"])
def test_the_budget_fragment_refuses_a_stranger_whatever_roster_he_sends(
    client, sevens, dave, roster
):
    # Dave is no member of the league: refused as one who may not draft
    # there, not told the roster is unknown, nor shown a budget.
    client.force_login(dave)
    response = client.post(
        f"/leagues/{sevens.pk}/draft/budget/", draft_data(roster=roster)
    )
    assert response.status_code == 403
    assert b'data-testid="spent"' not in response.content


@pytest.mark.parametrize(
    ("roster", "reason"),
    [
        ("", "choose a roster first"),
        (
            "no-such-roster",
            "Sevens Cup has no roster &#x27;no-such-roster&#x27;: choose one of its rosters",
        ),
    ],
)
def test_a_draft_naming_no_roster_of_the_league_is_refused_and_writes_nothing(
    client, sevens, bob, roster, reason
):
    # it answered 200 with the roster choice, as if nothing had been sent
    client.force_login(bob)
    before = every_row()

    response = client.post(
        f"/leagues/{sevens.pk}/draft/", draft_data(roster=roster, players=SEVEN_ORCS)
    )

    html = response.content.decode()
    assert response.status_code == 400
    assert (
        f'<div class="errors" role="alert" data-testid="roster-error"><p>The draft was refused:</p><ul><li>{reason}</li></ul></div>'
        in html
    )
    assert every_row() == before


# --- who may draft: members and the commissioner -------------------------------


def test_a_stranger_is_told_a_closed_league_takes_coaches_by_invitation(
    client, sevens, dave
):
    client.force_login(dave)

    page = client.get(f"/leagues/{sevens.pk}/draft/?roster=orc")

    html = page.content.decode()
    assert page.status_code == 200
    assert "it is closed: its commissioner invites the coaches" in html
    assert 'name="count-orc-lineman"' not in html
    assert "Ask to join" not in html


def test_a_strangers_draft_is_refused_and_writes_nothing(client, sevens, dave):
    client.force_login(dave)
    before = (Team.objects.count(), TreasuryEntry.objects.count())

    response = client.post(
        f"/leagues/{sevens.pk}/draft/", draft_data(players=SEVEN_ORCS)
    )

    assert response.status_code == 403
    assert "Only members of Sevens Cup draft teams there" in response.content.decode()
    assert (Team.objects.count(), TreasuryEntry.objects.count()) == before


def test_a_stranger_asks_to_join_an_open_league_from_the_draft_page(
    client, sevens, dave
):
    from league.models import LeagueMembership

    League.objects.filter(pk=sevens.pk).update(is_open=True)
    client.force_login(dave)
    page = client.get(f"/leagues/{sevens.pk}/draft/").content.decode()
    assert "Ask to join Sevens Cup" in page
    assert f'action="/leagues/{sevens.pk}/join/"' in page

    response = client.post(f"/leagues/{sevens.pk}/join/", follow=True)

    assert LeagueMembership.objects.get(league=sevens, coach=dave).status == (
        "requested"
    )
    html = response.content.decode()
    assert "You asked to join Sevens Cup" in html
    assert "you can draft once its commissioner approves" in html


def test_an_invited_coach_accepts_on_the_draft_page_then_drafts(
    client, sevens, alice, dave
):
    from league.services.membership import membership_invite

    membership_invite(league_id=sevens.pk, username="dave", actor=alice)
    client.force_login(dave)
    page = client.get(f"/leagues/{sevens.pk}/draft/").content.decode()
    assert "Accept the invitation" in page

    response = client.post(f"/leagues/{sevens.pk}/invitation/accept/", follow=True)

    html = response.content.decode()
    assert "You are a member of Sevens Cup: draft your team." in html
    assert "Choose a roster" in html


def test_the_league_page_offers_what_each_visitor_may_do(
    client, sevens, alice, bob, dave
):
    url = f"/leagues/{sevens.pk}/"
    draft_link = f'href="/leagues/{sevens.pk}/draft/">Draft a team'

    assert draft_link not in client.get(url).content.decode()
    client.force_login(bob)
    assert draft_link in client.get(url).content.decode()
    client.force_login(dave)
    closed = client.get(url).content.decode()
    league_set_open(league_id=sevens.pk, is_open=True, actor=alice)
    opened = client.get(url).content.decode()
    assert draft_link not in closed
    assert "Ask to join" not in closed
    assert draft_link not in opened
    assert "Ask to join" in opened


def test_my_teams_offers_drafting_only_where_the_coach_is_a_member(
    client, sevens, eleven, dave
):
    League.objects.filter(pk=eleven.pk).update(is_open=True)
    client.force_login(dave)

    html = client.get("/me/").content.decode()

    assert "You are not a member of a league yet" in html
    assert f"in {sevens.name}" not in html
    assert "Open to requests to join" in html
    assert eleven.name in html
