"""A season made and scheduled before another of its league closed: its
fixtures wait for the re-drafts that close calls for
(league_and_exhibition_play.md "The Off-season Break and Re-drafting
Teams": "returning coaches can re-draft an existing team", and each coach
taking part "submits a Team Draft list"). A team that has not re-drafted
kicks off no match of it however the match would be played (a report, the
engine, a live game) and buys no inducements for one (``redraft_required``,
nothing written); the commissioner may still record a fixture unplayed,
which no team plays, and which does not excuse the team its re-draft."""

from __future__ import annotations

import dataclasses

import pytest
from django.test import Client

from league.errors import ServiceError
from league.models import League, Team
from matches.commissioner.unplayed import match_record_unplayed
from matches.live.models import LiveMatch
from matches.live.services import LiveRefused, live_match_accept, live_match_open
from matches.models import Match, MatchEvent, MatchInducements, SeasonTeamArchive
from matches.pages.team_sheet import team_redraft_due
from matches.prematch.inducements import match_buy_inducements
from matches.prematch.kickoff import match_kick_off
from matches.reports.report import match_submit_report
from matches.resolution.progress import match_resolve_start, season_resolve_start
from matches.resolution.resolve import match_resolve
from matches.seasons.rollover import season_close
from matches.seasons.services import season_create, season_schedule
from tests.factories import draft_team, make_member
from tests.matches.conftest import (
    codes,
    db_state,
    play_recorded,
    redraft_waiting,
    score_report,
)
from tests.world import api_as

pytestmark = pytest.mark.django_db

WHY = (
    " has not re-drafted since One closed: its coach re-drafts it (or the "
    "commissioner approves its re-draft) before it plays another season"
)
HUMANS_OWE, ORCS_OWE = "Over Humans" + WHY, "Over Orcs" + WHY
BOTH = [("redraft_required", "teams")] * 2


def _overlap(alice, bob, charlie, capture, *, before_close=None):
    """Season One of Bob's Orcs and Charlie's Humans, and season Two of the
    same teams (home and away) made and scheduled while One was played;
    ``before_close(two's first match)`` runs before One's match is played
    and One closed."""
    league = League.objects.create(name="Overlap", format="bb2020", commissioner=alice)
    make_member(league, bob, charlie)
    orcs = draft_team(league, bob, roster="orc", name="Over Orcs")
    humans = draft_team(league, charlie, roster="human", name="Over Humans")
    one = season_create(league=league, name="One", seed=5)
    (first,) = season_schedule(season_id=one.pk)
    two = season_create(league=league, name="Two", seed=6, double_round_robin=True)
    second, third = sorted(season_schedule(season_id=two.pk), key=lambda m: m.round)
    if before_close is not None:
        before_close(second)
    play_recorded(first, 1, 0, actor=alice, capture=capture)
    season_close(season_id=one.pk, actor=alice)
    return {
        "league": league,
        "one": one,
        "two": two,
        "match": second,
        "later": third,
        "orcs": Team.objects.get(pk=orcs.pk),
        "humans": Team.objects.get(pk=humans.pk),
    }


@pytest.fixture
def overlap(alice, bob, charlie, django_capture_on_commit_callbacks):
    return _overlap(alice, bob, charlie, django_capture_on_commit_callbacks)


def _state():
    """Everything a refusal leaves alone, live games and inducements too."""
    return (
        db_state(),
        list(LiveMatch.objects.order_by("pk").values_list("pk", "match_id", "state")),
        list(MatchInducements.objects.order_by("pk").values_list("pk", "match_id")),
    )


def _archive(world, team):
    return SeasonTeamArchive.objects.get(season=world["one"], team=world[team])


def _messages(exc_info):
    return [v.message for v in exc_info.value.violations]


# --- the report --------------------------------------------------------------


def test_a_report_waits_for_both_redrafts(
    overlap, alice, django_capture_on_commit_callbacks
):
    match = overlap["match"]
    before = _state()

    with pytest.raises(ServiceError) as exc_info:
        match_submit_report(
            match_id=match.pk, report=score_report(match, 1, 0), actor=alice
        )

    assert codes(exc_info) == BOTH
    assert _messages(exc_info) == [HUMANS_OWE, ORCS_OWE]
    assert _state() == before

    # the Orcs re-draft: the Humans alone are named
    redraft_waiting([overlap["orcs"]], alice)
    before = _state()
    with pytest.raises(ServiceError) as exc_info:
        match_submit_report(
            match_id=match.pk, report=score_report(match, 1, 0), actor=alice
        )
    assert codes(exc_info) == [("redraft_required", "teams")]
    assert _messages(exc_info) == [HUMANS_OWE]
    assert _state() == before

    # both re-drafted, the match is played
    redraft_waiting([overlap["humans"]], alice)
    play_recorded(match, 1, 0, actor=alice, capture=django_capture_on_commit_callbacks)


def test_the_api_refuses_the_report(overlap, bob):
    match = overlap["match"]
    before = _state()

    answer = api_as(bob).post(
        f"/api/matches/{match.pk}/report/",
        {"home_score": 0, "away_score": 0, "players": [], "casualties": []},
        format="json",
    )

    assert answer.status_code == 400
    assert [(e["code"], e["field"], e["message"]) for e in answer.json()["errors"]] == [
        ("redraft_required", "teams", HUMANS_OWE),
        ("redraft_required", "teams", ORCS_OWE),
    ]
    assert _state() == before


def test_the_match_does_not_kick_off(overlap):
    before = _state()

    with pytest.raises(ServiceError) as exc_info:
        match_kick_off(match_id=overlap["match"].pk)

    assert codes(exc_info) == BOTH
    assert _state() == before
    # the re-draft is still due: the new season has not kicked off
    assert team_redraft_due(overlap["orcs"]) == _archive(overlap, "orcs")


# --- the engine --------------------------------------------------------------


def test_the_engine_is_not_asked_to_play_it(overlap, alice):
    before = _state()

    with pytest.raises(ServiceError) as exc_info:
        match_resolve_start(match_id=overlap["match"].pk, actor=alice)

    assert codes(exc_info) == BOTH
    assert _messages(exc_info) == [HUMANS_OWE, ORCS_OWE]
    assert _state() == before


@pytest.mark.parametrize("scope", ["round", "season"])
def test_nor_a_round_or_the_season_of_it(overlap, alice, scope):
    redraft_waiting([overlap["orcs"]], alice)
    before = _state()

    with pytest.raises(ServiceError) as exc_info:
        season_resolve_start(season_id=overlap["two"].pk, scope=scope, actor=alice)

    assert codes(exc_info) == [("redraft_required", "teams")]
    assert _messages(exc_info) == [HUMANS_OWE]
    assert _state() == before


def test_the_engine_asked_anyway_leaves_it_scheduled_and_says_why(overlap):
    match = overlap["match"]
    before = db_state()

    assert match_resolve(match_id=match.pk) is False

    after = db_state()
    # nothing but the refusal's event is written: no kick-off, no snapshot
    assert after == dataclasses.replace(before, events=after.events)
    (refused,) = MatchEvent.objects.filter(match=match)
    assert (refused.type, refused.payload) == (
        "resolve_refused",
        {
            "code": "redraft_required",
            "field": "teams",
            "reason": f"{HUMANS_OWE}; {ORCS_OWE}",
        },
    )


# --- live play ---------------------------------------------------------------


@pytest.mark.parametrize("against_bot", [False, True])
def test_it_is_not_opened_live(overlap, bob, against_bot):
    League.objects.filter(pk=overlap["league"].pk).update(live_bot_allowed=True)
    before = _state()

    with pytest.raises(LiveRefused) as exc_info:
        live_match_open(match_id=overlap["match"].pk, user=bob, against_bot=against_bot)

    assert exc_info.value.code == "redraft_required"
    assert _messages(exc_info) == [f"{HUMANS_OWE}; {ORCS_OWE}"]
    assert _state() == before


def test_an_invitation_made_before_the_close_is_not_accepted(
    alice, bob, charlie, django_capture_on_commit_callbacks
):
    def invite(match):
        coach = Team.objects.get(pk=match.home_id).coach
        invite.live = live_match_open(match_id=match.pk, user=coach)

    world = _overlap(
        alice, bob, charlie, django_capture_on_commit_callbacks, before_close=invite
    )
    guest = Team.objects.get(pk=world["match"].away_id).coach
    before = _state()

    with pytest.raises(LiveRefused) as exc_info:
        live_match_accept(live_id=invite.live.pk, user=guest)

    assert exc_info.value.code == "redraft_required"
    assert _state() == before
    assert LiveMatch.objects.get(pk=invite.live.pk).state == LiveMatch.State.INVITED
    # and the guest's live page says why rather than offering it
    client = Client()
    client.force_login(guest)
    page = client.get(f"/matches/{world['match'].pk}/live/").content.decode()
    assert "Accept and play" not in page
    assert HUMANS_OWE in page
    assert ORCS_OWE in page


def test_the_live_endpoint_answers_the_refusal(overlap, bob):
    client = Client()
    client.force_login(bob)
    before = _state()

    page = client.post(
        f"/matches/{overlap['match'].pk}/live/open/", {"against": "coach"}, follow=True
    )

    assert [str(m) for m in page.context["messages"]] == [f"{HUMANS_OWE}; {ORCS_OWE}"]
    assert _state() == before


# --- inducements -------------------------------------------------------------


def test_no_inducements_are_bought_for_it(overlap, bob):
    match = overlap["match"]
    before = _state()

    with pytest.raises(ServiceError) as exc_info:
        match_buy_inducements(
            match_id=match.pk, team_id=overlap["orcs"].pk, items=[], actor=bob
        )

    assert codes(exc_info) == BOTH
    assert _state() == before


# --- recorded unplayed -------------------------------------------------------


@pytest.mark.parametrize("conceding", [None, "humans"])
def test_it_may_be_recorded_unplayed_and_the_redraft_is_still_owed(
    overlap, alice, django_capture_on_commit_callbacks, conceding
):
    match, later = overlap["match"], overlap["later"]
    conceded_by = overlap[conceding].pk if conceding else None

    with django_capture_on_commit_callbacks(execute=True):
        result = match_record_unplayed(
            match_id=match.pk, actor=alice, conceded_by=conceded_by
        )

    # a loss for both, or "the other team wins 1-0"
    orcs_won = int(conceding == "humans")
    home_orcs = match.home_id == overlap["orcs"].pk
    assert (result.home_score, result.away_score) == (
        (orcs_won, 0) if home_orcs else (0, orcs_won)
    )
    assert Match.objects.get(pk=match.pk).status == Match.Status.COMPLETE
    # no game was played: the teams still owe their re-drafts, for the
    # season's next fixture as for a new season
    assert team_redraft_due(overlap["humans"]) == _archive(overlap, "humans")
    before = _state()
    with pytest.raises(ServiceError) as exc_info:
        match_kick_off(match_id=later.pk)
    assert codes(exc_info) == BOTH
    assert _state() == before
    with pytest.raises(ServiceError) as exc_info:
        season_create(league=overlap["league"], name="Three")
    assert codes(exc_info) == BOTH
    assert _state() == before


# --- who is not held back ----------------------------------------------------


def test_a_season_made_before_the_closed_one_plays_on(
    alice, bob, charlie, django_capture_on_commit_callbacks
):
    # given season Early, made before season One, which closes first
    league = League.objects.create(name="Early", format="bb2020", commissioner=alice)
    make_member(league, bob, charlie)
    draft_team(league, bob, roster="orc", name="Early Orcs")
    draft_team(league, charlie, roster="human", name="Early Humans")
    early = season_create(league=league, name="Early", seed=4)
    (early_match,) = season_schedule(season_id=early.pk)
    one = season_create(league=league, name="One", seed=5)
    (first,) = season_schedule(season_id=one.pk)
    play_recorded(first, 1, 0, actor=alice, capture=django_capture_on_commit_callbacks)
    season_close(season_id=one.pk, actor=alice)

    # then Early's match is played, re-drafts or not
    match = match_kick_off(match_id=early_match.pk)

    assert match.status == Match.Status.IN_PROGRESS


# --- the match page ----------------------------------------------------------


def _page(user, match):
    client = Client()
    client.force_login(user)
    return client.get(f"/matches/{match.pk}/").content.decode()


def test_the_match_page_says_why_it_is_not_played(overlap, alice, bob):
    match = overlap["match"]

    for user in (alice, bob):
        page = _page(user, match)
        assert "Let the engine play this match" not in page
        assert "Record the report" not in page
        assert "Inducements</a>" not in page
        assert "Play live</a>" not in page
        assert HUMANS_OWE in page
        assert ORCS_OWE in page
    # the commissioner may still record it unplayed
    assert "Record as unplayed" in _page(alice, match)

    redraft_waiting([overlap["orcs"], overlap["humans"]], alice)
    page = _page(alice, match)
    assert "Let the engine play this match" in page
    assert "Record the report" in page
    assert "Inducements</a>" in page
    assert "Play live</a>" in page
    assert WHY not in page


def test_the_live_page_offers_no_game(overlap, bob):
    client = Client()
    client.force_login(bob)

    page = client.get(f"/matches/{overlap['match'].pk}/live/").content.decode()

    assert "Invite the other coach" not in page
    assert HUMANS_OWE in page
    assert ORCS_OWE in page
