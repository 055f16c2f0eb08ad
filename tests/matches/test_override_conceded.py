"""Overriding a conceded match: the form takes the touchdowns scored on the
pitch and says so, with the final score the concession makes of them."""

from __future__ import annotations

import pytest

from matches.postgame.override import match_override_result
from matches.reports.report import match_submit_report
from matches.seasons.selectors import season_standings
from tests.matches.conftest import one_match, score_report

pytestmark = pytest.mark.django_db


def test_the_override_form_of_a_conceded_match_shows_the_final_it_counts(
    client, eleven, humans, orcs, alice, django_capture_on_commit_callbacks
):
    # given the Orcs (away) conceding at 1-1 on the pitch: the Humans are
    # awarded one touchdown and the Orcs' (the_rules_of_blood_bowl.md
    # "Conceding"), a final of 3-0
    match = one_match(eleven, humans, orcs)
    with django_capture_on_commit_callbacks(execute=True):
        match_submit_report(
            match_id=match.pk,
            report=score_report(match, 1, 1, conceded_by=orcs.pk),
            actor=alice,
        )
    client.force_login(alice)

    page = client.get(f"/matches/{match.pk}/override/").content.decode()

    assert "Gouged Eye conceded: the scores here are the touchdowns" in page
    assert "Now 3–0." in page
    assert 'name="home_score" value="1"' in page
    assert 'name="away_score" value="1"' in page

    # when the commissioner corrects the pitch to 2-0, the final is 3-0 again
    match_override_result(
        match_id=match.pk, home_score=2, away_score=0, reason="typo", actor=alice
    )
    rows = {r.team_id: r for r in season_standings(match.season)}
    assert (rows[humans.pk].td_for, rows[humans.pk].td_against) == (3, 0)
    page = client.get(f"/matches/{match.pk}/override/").content.decode()
    assert "Now 3–0." in page


def test_the_override_form_of_a_match_played_out_has_no_concession_note(
    client, eleven, humans, orcs, alice, django_capture_on_commit_callbacks
):
    match = one_match(eleven, humans, orcs)
    with django_capture_on_commit_callbacks(execute=True):
        match_submit_report(
            match_id=match.pk, report=score_report(match, 2, 1), actor=alice
        )
    client.force_login(alice)

    page = client.get(f"/matches/{match.pk}/override/").content.decode()

    assert 'data-testid="override-concession"' not in page
