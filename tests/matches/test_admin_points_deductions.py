"""The admin's list of League points docked ("No-shows"): the commissioner
sees the deductions of the leagues he runs, withdrawn or not, and no other
league's; he changes, adds and deletes nothing there (a deduction is docked
and withdrawn through the API, each in the audit log)."""

from __future__ import annotations

import pytest

from matches.commissioner.deductions import (
    season_dock_points,
    season_withdraw_points_deduction,
)
from matches.models import PointsDeduction
from tests.factories import LeagueFactory, draft_team, make_member
from tests.matches.conftest import one_match

pytestmark = pytest.mark.django_db

LIST = "/admin/matches/pointsdeduction/"


@pytest.fixture
def deductions(eleven, alice, bob, charlie, dave, humans, orcs):
    """In Alice's league the Humans docked twice (the first withdrawn); in
    Dave's league his Dwarfs' opponents, Bob's Orcs, docked once."""
    mine = one_match(eleven, humans, orcs)
    first, second = (
        season_dock_points(
            season_id=mine.season_id, team_id=humans.pk, reason=why, actor=alice
        )
        for why in ("no-show", "no-show again")
    )
    season_withdraw_points_deduction(
        season_id=mine.season_id, deduction_id=first.pk, actor=alice
    )
    theirs = LeagueFactory(name="Karak Cup", format="bb2020", commissioner=dave)
    make_member(theirs, bob)
    dwarfs = draft_team(theirs, dave, roster="dwarf", name="Grudgebearers")
    other_orcs = draft_team(theirs, bob, roster="orc", name="Gouged Eye II")
    match = one_match(theirs, dwarfs, other_orcs)
    elsewhere = season_dock_points(
        season_id=match.season_id, team_id=other_orcs.pk, reason="no-show", actor=dave
    )
    return first, second, elsewhere


def test_the_commissioner_sees_his_leagues_deductions_only(client, alice, deductions):
    first, second, _ = deductions
    client.force_login(alice)

    response = client.get(LIST)

    assert response.status_code == 200
    shown = list(response.context["cl"].result_list)
    assert [(d.pk, d.withdrawn_at is None) for d in shown] == [
        (first.pk, False),
        (second.pk, True),
    ]


def test_another_leagues_deduction_is_a_404(client, alice, deductions):
    client.force_login(alice)
    elsewhere = deductions[2]

    response = client.get(f"{LIST}{elsewhere.pk}/change/")

    assert response.status_code == 404


def test_a_deduction_is_not_changed_added_nor_deleted_in_the_admin(
    client, alice, deductions
):
    second = deductions[1]
    url = f"{LIST}{second.pk}/change/"
    client.force_login(alice)
    before = list(PointsDeduction.objects.order_by("pk").values())

    page = client.get(url)
    posted = client.post(url, {"points": "0", "reason": "edited"})
    deleted = client.post(f"{LIST}{second.pk}/delete/", {"post": "yes"})

    assert page.status_code == 200
    assert b'name="_save"' not in page.content
    assert posted.status_code == 403
    assert deleted.status_code == 403
    assert client.get(f"{LIST}add/").status_code == 403
    assert list(PointsDeduction.objects.order_by("pk").values()) == before
