"""A team in the pre-game of one match (its inducements bought) starts no
other: the pre-game sequence runs straight into that match's kick-off
(the_rules_of_blood_bowl.md "Pre-game sequence"), and the CTVs its petty
cash came from hold only until then. So another match of that team neither
buys inducements nor kicks off (reported, resolved or played live) until
that one is played or postponed (``team_busy``); the match in its pre-game
itself kicks off as ever."""

from __future__ import annotations

import pytest

from league.errors import ServiceError
from league.models import Team, TreasuryEntry
from matches.commissioner.actions import match_postpone_audited
from matches.live.services import LiveRefused, live_match_accept, live_match_open
from matches.models import (
    Match,
    MatchEvent,
    MatchInducements,
    RosterSnapshot,
    TaskProgress,
)
from matches.prematch.inducements import Purchase, match_buy_inducements
from matches.prematch.kickoff import match_kick_off
from matches.resolution.progress import match_resolve_start, season_resolve_start
from matches.resolution.resolve import match_resolve
from tests.factories import UserFactory, draft_team
from tests.league.conftest import api_as
from tests.matches.prematch.test_inducements import codes, world  # noqa: F401


@pytest.fixture
def two(world):  # noqa: F811
    """The Sevens match A (Rich at home to Poor) with Rich's kegs bought,
    and a later match B of Rich's against a third team, nothing bought."""
    a = world["sevens"]
    third_coach = UserFactory(username="third")
    third = draft_team(a.season.league, third_coach, roster="orc", name="Third")
    Team.objects.filter(pk=third.pk).update(treasury=300_000)
    b = Match.objects.create(
        season=a.season, round=a.round + 1, home=third, away=a.home, seed=9
    )
    match_buy_inducements(
        match_id=a.pk,
        team_id=a.home_id,
        actor=world["home_coach"],
        items=[Purchase("bloodweiser_kegs")],
    )
    return {"a": a, "b": b, "third_coach": third_coach, **world}


def snapshot():
    return (
        list(MatchInducements.objects.order_by("pk").values_list("pk", "match_id")),
        list(Team.objects.order_by("pk").values_list("pk", "treasury", "status")),
        TreasuryEntry.objects.count(),
        list(Match.objects.order_by("pk").values_list("pk", "status", "round")),
        RosterSnapshot.objects.count(),
        MatchEvent.objects.count(),
        TaskProgress.objects.count(),
    )


def test_no_inducements_for_another_match(two):
    before = snapshot()

    with pytest.raises(ServiceError) as exc_info:
        match_buy_inducements(
            match_id=two["b"].pk,
            team_id=two["b"].home_id,
            actor=two["third_coach"],
            items=[Purchase("bribes")],
        )

    assert codes(exc_info) == [("team_busy", None)]
    assert snapshot() == before


def test_the_api_refuses_them_too(two):
    before = snapshot()

    response = api_as(two["third_coach"]).post(
        f"/api/matches/{two['b'].pk}/inducements/",
        {"team": two["b"].home_id, "items": [{"item": "bribes"}]},
        format="json",
    )

    assert response.status_code == 400
    assert [(v["code"], v["field"]) for v in response.json()["errors"]] == [
        ("team_busy", None)
    ]
    assert snapshot() == before


def test_another_match_does_not_kick_off(two):
    before = snapshot()

    with pytest.raises(ServiceError) as exc_info:
        match_kick_off(match_id=two["b"].pk)

    assert codes(exc_info) == [("team_busy", None)]
    assert snapshot() == before


def test_the_engine_is_not_asked_to_play_it(two):
    before = snapshot()

    with pytest.raises(ServiceError) as exc_info:
        match_resolve_start(match_id=two["b"].pk, actor=two["commish"])

    assert codes(exc_info) == [("team_busy", None)]
    assert snapshot() == before


def test_a_round_of_it_is_not_resolved_either(two):
    """The round B is in (A's round played first, B's comes up) waits for
    A: resolving it is refused up front, nothing started."""
    Match.objects.filter(pk=two["a"].pk).update(round=5)  # A now after B
    before = snapshot()

    with pytest.raises(ServiceError) as exc_info:
        season_resolve_start(
            season_id=two["b"].season_id, scope="round", actor=two["commish"]
        )

    assert codes(exc_info) == [("team_busy", None)]
    assert snapshot() == before


def test_the_engine_asked_anyway_leaves_it_scheduled_and_says_why(two):
    assert match_resolve(match_id=two["b"].pk) is False

    b = Match.objects.get(pk=two["b"].pk)
    assert b.status == Match.Status.SCHEDULED
    assert not RosterSnapshot.objects.filter(match=b).exists()
    (refused,) = MatchEvent.objects.filter(match=b, type="resolve_refused")
    assert refused.payload["code"] == "team_busy"


def test_it_is_not_played_live(two):
    live = live_match_open(match_id=two["b"].pk, user=two["third_coach"])
    before = snapshot()

    with pytest.raises(LiveRefused) as exc_info:
        live_match_accept(live_id=live.pk, user=two["home_coach"])

    assert exc_info.value.code == "team_busy"
    assert snapshot() == before


def test_the_match_in_its_pre_game_kicks_off(two):
    a = match_kick_off(match_id=two["a"].pk)

    assert a.status == Match.Status.IN_PROGRESS


def test_once_that_match_is_postponed_the_other_goes_ahead(two):
    match_postpone_audited(
        match_id=two["a"].pk, to_round=None, actor=two["commish"], reason="rain"
    )

    match_buy_inducements(
        match_id=two["b"].pk,
        team_id=two["b"].away_id,  # Rich, 120,000 ahead: it buys first
        actor=two["home_coach"],
        items=[],
    )
    b = match_kick_off(match_id=two["b"].pk)

    assert b.status == Match.Status.IN_PROGRESS
