"""A commissioner's override of a Blitz Bowl result. Its scores are points
(rules.md "Scoring Points": a Touchdown scores 4, each Challenge Card its
own, a Clean Sweep 2 more), not one touchdown a team turn: the rulebook's
own Points Victory ends 25 to 26 ("Winning the Game")."""

from __future__ import annotations

import pytest

from matches.models import MatchEvent, MatchResult
from matches.reports.report import match_submit_report
from tests.factories import LeagueFactory, draft_team
from tests.matches.conftest import one_match, score_report
from tests.matches.reports.test_card_playoff_level import blitz, report  # noqa: F401
from tests.world import api_as

pytestmark = pytest.mark.django_db

# Five touchdowns (20 points) against one (4): a Sudden Death Victory.
WON = ({"points": 20, "touchdowns": 5}, {"points": 4, "touchdowns": 1})


def override(user, match, home, away):
    return api_as(user).post(
        f"/api/matches/{match.pk}/override/",
        {"home_score": home, "away_score": away, "reason": "miscounted the cards"},
        format="json",
    )


def test_a_blitz_bowl_score_of_the_rulebooks_points_is_overridden(
    blitz,  # noqa: F811
    django_capture_on_commit_callbacks,
):
    match, commish = blitz
    home, away = WON
    with django_capture_on_commit_callbacks(execute=True):
        assert report(commish, match, home, away).status_code == 201

    # the rulebook's example score, the other way round: 25 to 26
    answer = override(commish, match, 25, 26)

    assert answer.status_code == 200, answer.json()
    result = MatchResult.objects.get(match=match)
    assert (result.home_score, result.away_score) == (25, 26)
    # the card game's record says what the standings count
    card_game = answer.json()["result"]["card_game"]
    assert card_game["points"] == {"home": 25, "away": 26}
    assert card_game["winner"] == "away"
    # what the report claimed stays as it was reported
    assert card_game["touchdowns"] == {"home": 5, "away": 1}


def test_a_blitz_bowl_override_past_the_points_a_report_takes_is_refused(
    blitz,  # noqa: F811
    django_capture_on_commit_callbacks,
):
    match, commish = blitz
    home, away = WON
    with django_capture_on_commit_callbacks(execute=True):
        assert report(commish, match, home, away).status_code == 201
    before = MatchResult.objects.filter(match=match).values().get()
    events = MatchEvent.objects.filter(match=match).count()

    answer = override(commish, match, 201, 4)

    assert answer.status_code == 400
    assert [(e["code"], e["field"]) for e in answer.json()["errors"]] == [
        ("max_value", "home_score")
    ]
    assert MatchResult.objects.filter(match=match).values().get() == before
    assert MatchEvent.objects.filter(match=match).count() == events


def test_a_blood_bowl_score_still_counts_one_touchdown_a_team_turn(
    alice, bob, charlie, django_capture_on_commit_callbacks
):
    # the_rules_of_blood_bowl.md: two halves of 8 team turns; a touchdown
    # ends the scorer's turn, so 17 touchdowns cannot be scored
    league = LeagueFactory(format="bb2020", commissioner=alice)
    home = draft_team(league, charlie, roster="human", name="H")
    away = draft_team(league, bob, roster="orc", name="O")
    match = one_match(league, home, away)
    with django_capture_on_commit_callbacks(execute=True):
        match_submit_report(
            match_id=match.pk, report=score_report(match, 1, 0), actor=alice
        )
    before = MatchResult.objects.filter(match=match).values().get()

    answer = override(alice, match, 17, 0)

    assert answer.status_code == 400
    assert [(e["code"], e["field"]) for e in answer.json()["errors"]] == [
        ("implausible_stat", "home_score")
    ]
    assert MatchResult.objects.filter(match=match).values().get() == before
