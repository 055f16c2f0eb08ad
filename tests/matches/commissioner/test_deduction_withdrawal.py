"""League points docked by mistake, withdrawn by the commissioner
(league_and_exhibition_play.md "League Fixtures", "NO-SHOWS: ... the league
commissioner should dock that coach 3 League points"; the commissioner who
docks them may take the mistake back). The service, the standings before
and after, the audit log, the API, and every refusal with nothing written."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied

from league.models import LeagueEvent
from league.page_cache import is_cache_bump
from matches.commissioner.deductions import (
    season_dock_points,
    season_withdraw_points_deduction,
)
from matches.models import Match, PointsDeduction, Season
from matches.seasons.selectors import season_standings
from tests.matches.conftest import codes, one_match, play_recorded
from tests.world import api_as

pytestmark = pytest.mark.django_db


@pytest.fixture
def match(eleven, humans, orcs):
    """Humans (charlie) at home to Orcs (bob) in Alice's BB2020 league."""
    return one_match(eleven, humans, orcs)


@pytest.fixture
def docked(match, alice, humans, orcs, django_capture_on_commit_callbacks):
    """The Humans beat the Orcs 1-0 (3 points to 0), then are docked 3
    League points by mistake: the deduction."""
    play_recorded(match, 1, 0, actor=alice, capture=django_capture_on_commit_callbacks)
    return season_dock_points(
        season_id=match.season_id,
        team_id=humans.pk,
        reason="thought he avoided the rematch",
        actor=alice,
    )


def table(match) -> list[tuple[int, int, int]]:
    return [
        (r.team_id, r.points, r.docked)
        for r in season_standings(Season.objects.get(pk=match.season_id))
    ]


def written() -> tuple:
    return (
        list(PointsDeduction.objects.order_by("pk").values()),
        list(LeagueEvent.objects.values_list("pk")),
    )


def withdraw(match, deduction_id, actor, **kw):
    return season_withdraw_points_deduction(
        season_id=match.season_id, deduction_id=deduction_id, actor=actor, **kw
    )


def test_the_commissioner_withdraws_a_deduction_and_the_table_gets_its_points_back(
    match, docked, alice, humans, orcs, django_capture_on_commit_callbacks
):
    # given the Humans' 3 points less the 3 docked: 0, level with the Orcs
    before = table(match)
    assert sorted(before) == sorted([(humans.pk, 0, 3), (orcs.pk, 0, 0)])

    # when the commissioner withdraws the deduction
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        withdrawn = withdraw(match, docked.pk, alice, reason="he had told me")

    # then the Humans have their 3 points back, nothing docked, top again
    assert table(match) == [(humans.pk, 3, 0), (orcs.pk, 0, 0)]
    # and the deduction is kept, marked withdrawn, by whom and why
    row = PointsDeduction.objects.get(pk=docked.pk)
    assert row.withdrawn_at is not None
    assert withdrawn.withdrawn_at == row.withdrawn_at
    assert (row.withdrawn_by_id, row.withdrawal_reason) == (alice.pk, "he had told me")
    assert (row.points, row.reason) == (3, "thought he avoided the rematch")
    # and the league's audit log has a line for it, as for the docking
    event = LeagueEvent.objects.get(type=LeagueEvent.Type.POINTS_WITHDRAWN)
    assert (event.team_id, event.created_by_id) == (humans.pk, alice.pk)
    assert event.payload == {
        "season_id": match.season_id,
        "deduction_id": docked.pk,
        "points": 3,
        "reason": "he had told me",
    }
    # and the league's pages are built afresh once it commits
    assert [c for c in callbacks if is_cache_bump(c)] != []


def test_the_docking_names_its_deduction_in_the_audit_log(match, docked):
    event = LeagueEvent.objects.get(type=LeagueEvent.Type.POINTS_DOCKED)
    assert event.payload["deduction_id"] == docked.pk


def test_one_of_two_deductions_withdrawn_leaves_the_other(
    match, docked, alice, humans, orcs
):
    season_dock_points(
        season_id=match.season_id, team_id=humans.pk, reason="no-show", actor=alice
    )
    assert table(match) == [(orcs.pk, 0, 0), (humans.pk, -3, 6)]

    withdraw(match, docked.pk, alice)

    assert sorted(table(match)) == sorted([(humans.pk, 0, 3), (orcs.pk, 0, 0)])


# --- refusals: nothing written, the table as it was --------------------------


def refused(match, deduction_id, actor, **kw):
    before, standings = written(), table(match)
    with pytest.raises(Exception) as exc_info:
        withdraw(match, deduction_id, actor, **kw)
    assert written() == before
    assert table(match) == standings
    return exc_info


def test_only_the_commissioner_withdraws_a_deduction(match, docked, charlie):
    # Charlie coaches the docked Humans
    assert refused(match, docked.pk, charlie).type is PermissionDenied


def test_a_closed_season_keeps_its_deductions(match, docked, alice):
    Season.objects.filter(pk=match.season_id).update(status=Season.Status.CLOSED)
    assert codes(refused(match, docked.pk, alice)) == [("season_closed", None)]


def test_a_table_the_playoffs_were_seeded_from_stands(match, docked, alice):
    Match.objects.filter(pk=match.pk).update(stage=Match.Stage.PLAYOFF)
    assert codes(refused(match, docked.pk, alice)) == [("bracket_moved_on", None)]


def test_an_unknown_deduction_is_refused(match, docked, alice):
    assert codes(refused(match, docked.pk + 1000, alice)) == [
        ("not_found", "deduction")
    ]


def test_another_seasons_deduction_is_refused(
    match, docked, alice, eleven, humans, orcs
):
    other = one_match(eleven, humans, orcs, seed=99)
    assert other.season_id != match.season_id
    exc_info = refused(other, docked.pk, alice)
    assert codes(exc_info) == [("not_found", "deduction")]


def test_a_deduction_is_withdrawn_once(match, docked, alice):
    withdraw(match, docked.pk, alice)
    assert codes(refused(match, docked.pk, alice)) == [
        ("already_withdrawn", "deduction")
    ]


# --- the API ------------------------------------------------------------------


def url(match, deduction_id) -> str:
    return f"/api/seasons/{match.season_id}/points-deductions/{deduction_id}/withdraw/"


def test_the_api_withdraws_and_the_standings_follow(match, docked, alice, humans):
    response = api_as(alice).post(
        url(match, docked.pk), {"reason": "my mistake"}, format="json"
    )

    assert response.status_code == 200, response.json()
    body = response.json()
    assert (body["id"], body["points"], body["withdrawal_reason"]) == (
        docked.pk,
        3,
        "my mistake",
    )
    assert body["withdrawn_at"] is not None
    standings = api_as(None).get(f"/api/seasons/{match.season_id}/standings/").json()
    assert {r["team"]: (r["points"], r["docked"]) for r in standings["rows"]}[
        humans.pk
    ] == (3, 0)


def test_the_api_lists_the_seasons_deductions_withdrawn_or_not(
    match, docked, alice, orcs
):
    later = season_dock_points(
        season_id=match.season_id, team_id=orcs.pk, reason="no-show", actor=alice
    )
    withdraw(match, docked.pk, alice)

    body = api_as(None).get(f"/api/seasons/{match.season_id}/points-deductions/")

    assert body.status_code == 200
    assert [(d["id"], d["withdrawn_at"] is None) for d in body.json()] == [
        (docked.pk, False),
        (later.pk, True),
    ]


def test_the_api_refuses_a_stranger_before_reading_the_body(match, docked, charlie):
    before = written()

    # a body the input checks would refuse: the caller is refused first
    response = api_as(charlie).post(
        url(match, docked.pk), {"reason": 7, "extra": True}, format="json"
    )

    assert response.status_code == 403
    assert response.json()["errors"][0]["code"] == "permission_denied"
    assert written() == before


def test_the_api_answers_404_for_another_seasons_deduction(
    match, docked, alice, eleven, humans, orcs
):
    other = one_match(eleven, humans, orcs, seed=99)
    before = written()

    response = api_as(alice).post(url(other, docked.pk), {}, format="json")

    assert response.status_code == 404
    assert response.json()["errors"][0]["code"] == "not_found"
    assert written() == before


def test_the_api_refuses_a_second_withdrawal_with_the_field(match, docked, alice):
    withdraw(match, docked.pk, alice)
    before = written()

    response = api_as(alice).post(url(match, docked.pk), {}, format="json")

    assert response.status_code == 400
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [
        ("already_withdrawn", "deduction")
    ]
    assert written() == before


def test_the_season_page_drops_the_points_withdrawn(client, match, docked, alice):
    assert (
        "(3 pts docked)" in client.get(f"/seasons/{match.season_id}/").content.decode()
    )

    withdraw(match, docked.pk, alice)

    html = client.get(f"/seasons/{match.season_id}/").content.decode()
    assert 'data-testid="docked-points"' not in html
