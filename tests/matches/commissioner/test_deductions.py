"""League points docked from a team (league_and_exhibition_play.md "League
Fixtures"): "NO-SHOWS: If a coach is thought to be gaming the system ...
the league commissioner should dock that coach 3 League points." The
service, the standings, the playoff seeding, the API, and every refusal
with nothing written."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied

from league.models import LeagueEvent
from matches.commissioner.deductions import season_dock_points
from matches.models import Match, PointsDeduction, Season
from matches.seasons.selectors import season_standings
from tests.factories import draft_team
from tests.matches.conftest import codes, one_match, play_recorded
from tests.world import api_as

pytestmark = pytest.mark.django_db


@pytest.fixture
def match(eleven, humans, orcs):
    """Humans (charlie) at home to Orcs (bob) in Alice's BB2020 league."""
    return one_match(eleven, humans, orcs)


def written() -> tuple:
    return (
        list(PointsDeduction.objects.values_list("pk")),
        list(LeagueEvent.objects.values_list("pk")),
    )


def test_three_points_are_docked_and_the_table_follows(
    match, alice, humans, orcs, django_capture_on_commit_callbacks
):
    # given the Humans beat the Orcs 1-0: 3 points to 0
    play_recorded(match, 1, 0, actor=alice, capture=django_capture_on_commit_callbacks)
    assert [(r.team_id, r.points) for r in season_standings(match.season)] == [
        (humans.pk, 3),
        (orcs.pk, 0),
    ]

    # when the commissioner docks the Humans twice ("dock that coach 3
    # League points", each time)
    for _ in range(2):
        season_dock_points(
            season_id=match.season_id,
            team_id=humans.pk,
            reason="avoided the Orcs' rematch",
            actor=alice,
        )

    # then the Humans have 3 - 6 = -3 and fall below the Orcs
    rows = season_standings(match.season)
    assert [(r.team_id, r.points, r.docked) for r in rows] == [
        (orcs.pk, 0, 0),
        (humans.pk, -3, 6),
    ]
    # and each is in the league's audit log with its reason
    events = LeagueEvent.objects.filter(type=LeagueEvent.Type.POINTS_DOCKED)
    deductions = PointsDeduction.objects.order_by("pk").values_list("pk", flat=True)
    assert [(e.team_id, e.payload) for e in events.order_by("pk")] == [
        (
            humans.pk,
            {
                "season_id": match.season_id,
                "deduction_id": pk,
                "points": 3,
                "reason": "avoided the Orcs' rematch",
            },
        )
        for pk in deductions
    ]


def test_the_api_docks_and_the_standings_show_it(match, alice, orcs):
    response = api_as(alice).post(
        f"/api/seasons/{match.season_id}/points-deductions/",
        {"team": orcs.pk, "reason": "no-show"},
        format="json",
    )

    assert response.status_code == 201, response.json()
    assert response.json()["points"] == 3
    body = api_as(None).get(f"/api/seasons/{match.season_id}/standings/").json()
    assert {r["team"]: (r["points"], r["docked"]) for r in body["rows"]}[orcs.pk] == (
        -3,
        3,
    )


def refused(match, actor, team_id, reason="no-show"):
    before = written()
    with pytest.raises(Exception) as exc_info:
        season_dock_points(
            season_id=match.season_id, team_id=team_id, reason=reason, actor=actor
        )
    assert written() == before
    return exc_info


def test_only_the_commissioner_docks_points(match, bob, humans):
    assert refused(match, bob, humans.pk).type is PermissionDenied


def test_a_reason_is_required(match, alice, humans):
    assert codes(refused(match, alice, humans.pk, reason="  ")) == [
        ("required", "reason")
    ]


def test_a_team_not_in_the_season_is_refused(match, alice, eleven, dave):
    outsider = draft_team(eleven, dave, roster="dwarf", name="Grudgebearers")
    assert codes(refused(match, alice, outsider.pk)) == [("not_in_season", "team")]


def test_a_closed_season_is_not_changed(match, alice, humans):
    Season.objects.filter(pk=match.season_id).update(status=Season.Status.CLOSED)
    assert codes(refused(match, alice, humans.pk)) == [("season_closed", None)]


def test_a_table_the_playoffs_were_seeded_from_stands(match, alice, humans):
    Match.objects.filter(pk=match.pk).update(stage=Match.Stage.PLAYOFF)
    assert codes(refused(match, alice, humans.pk)) == [("bracket_moved_on", None)]


def test_the_api_refuses_with_the_field_and_writes_nothing(match, alice, eleven, dave):
    outsider = draft_team(eleven, dave, roster="dwarf", name="Grudgebearers")
    before = written()

    response = api_as(alice).post(
        f"/api/seasons/{match.season_id}/points-deductions/",
        {"team": outsider.pk, "reason": "no-show"},
        format="json",
    )

    assert response.status_code == 400
    assert written() == before
    assert "not_in_season" in str(response.json())


def test_the_season_page_shows_the_points_docked(client, match, alice, orcs):
    season_dock_points(
        season_id=match.season_id, team_id=orcs.pk, reason="no-show", actor=alice
    )

    html = client.get(f"/seasons/{match.season_id}/").content.decode()

    assert '<span class="small muted" data-testid="docked-points"' in html
    assert "(3 pts docked)" in html
