"""The live page and its JSON endpoints: who may open, accept and decide,
and the refusals as machine-readable errors."""

from __future__ import annotations

import json

import pytest
from django.conf import settings
from django.shortcuts import resolve_url
from django.test import override_settings
from django.urls import reverse

from league.models import Team
from matches.live.models import LiveMatch
from matches.live.selectors import live_engine, side_coach_id
from tests.matches.conftest import db_state
from tests.matches.live.conftest import refused_code


def decide(client, live, option, at=None):
    return client.post(
        reverse("web:live:decide", args=[live.pk]),
        json.dumps({"option": option, "at": at}),
        content_type="application/json",
    )


def test_a_coach_opens_the_other_accepts_and_the_decider_plays(
    client, fixture_match, bob, charlie, dave
):
    page = reverse("web:live:page", args=[fixture_match.pk])
    client.force_login(bob)
    assert b"Invite the other coach" in client.get(page).content
    assert b"Play the bot" not in client.get(page).content  # the league's option

    client.post(reverse("web:live:open", args=[fixture_match.pk]), {"against": "coach"})

    live = LiveMatch.objects.get(match=fixture_match)
    client.force_login(charlie)
    assert b"Accept and play" in client.get(page).content
    client.post(reverse("web:live:accept", args=[live.pk]))
    live.refresh_from_db()
    assert live.state == LiveMatch.State.ACCEPTED

    side = live_engine(live).pending.team
    users = {bob.pk: bob, charlie.pk: charlie}
    decider = users[side_coach_id(live, side)]
    other = charlie if decider == bob else bob
    before = db_state()
    client.force_login(other)
    response = decide(client, live, 0, at=0)
    assert response.status_code == 403
    assert refused_code(response) == "not_your_turn"
    client.force_login(decider)
    assert refused_code(decide(client, live, 0, at=5)) == "stale"
    assert refused_code(decide(client, live, "0", at=0)) == "bad_request"
    # none of the refusals wrote anything
    assert db_state() == before
    assert LiveMatch.objects.get(pk=live.pk).decisions == []

    response = decide(client, live, 1, at=0)

    assert response.status_code == 200
    assert response.json()["at"] >= 1
    # a spectator reads the same state, and may not decide
    client.force_login(dave)
    state = client.get(reverse("web:live:state", args=[live.pk])).json()
    assert state == response.json()
    assert decide(client, live, 0, at=state["at"]).status_code == 403


def test_the_match_page_offers_live_play_while_the_match_is_scheduled(
    client, fixture_match, bob
):
    client.force_login(bob)
    content = client.get(reverse("web:match", args=[fixture_match.pk])).content
    assert reverse("web:live:page", args=[fixture_match.pk]).encode() in content


def test_json_nested_too_deep_is_a_bad_request(client, fixture_match, bob, charlie):
    client.force_login(bob)
    client.post(reverse("web:live:open", args=[fixture_match.pk]), {"against": "coach"})
    live = LiveMatch.objects.get(match=fixture_match)
    client.force_login(charlie)
    client.post(reverse("web:live:accept", args=[live.pk]))
    deep = '{"option": ' + "[" * 100_000 + "]" * 100_000 + "}"
    before = db_state()

    for name in ("web:live:decide", "web:live:setup"):
        response = client.post(
            reverse(name, args=[live.pk]), deep, content_type="application/json"
        )
        assert response.status_code == 400
        assert refused_code(response) == "bad_request"
    assert db_state() == before


def test_a_decision_without_the_board_it_was_made_on_is_a_bad_request(
    client, fixture_match, bob, charlie
):
    """A click names the board it was made on (``at``, a whole number): a
    body without it would be played again if sent twice, and ``true`` is
    no number of decisions; each is refused and nothing is written."""
    client.force_login(bob)
    client.post(reverse("web:live:open", args=[fixture_match.pk]), {"against": "coach"})
    live = LiveMatch.objects.get(match=fixture_match)
    client.force_login(charlie)
    client.post(reverse("web:live:accept", args=[live.pk]))
    users = {bob.pk: bob, charlie.pk: charlie}
    client.force_login(users[side_coach_id(live, live_engine(live).pending.team)])
    assert decide(client, live, 1, at=0).status_code == 200  # receive
    live.refresh_from_db()
    assert len(live.decisions) == 1
    client.force_login(users[side_coach_id(live, live_engine(live).pending.team)])
    before = db_state()

    setup = [[1, 1]]
    bodies = {
        "web:live:decide": [
            {"option": 0},
            {"option": 0, "at": None},
            {"option": 0, "at": True},
            {"option": True, "at": 1},
            [0, 1],
        ],
        "web:live:setup": [
            {"placement": setup},
            {"placement": setup, "at": None},
            {"placement": setup, "at": True},
        ],
    }
    for name, sent in bodies.items():
        for body in sent:
            response = client.post(
                reverse(name, args=[live.pk]),
                json.dumps(body),
                content_type="application/json",
            )
            assert response.status_code == 400, (name, body)
            assert refused_code(response) == "bad_request"
    assert db_state() == before
    assert LiveMatch.objects.get(pk=live.pk).decisions == [["receive"]]


def test_a_team_still_in_its_post_game_cannot_start_a_live_match(
    client, fixture_match, bob, charlie
):
    # given the invited coach's team still in another match's post-game
    client.force_login(bob)
    client.post(reverse("web:live:open", args=[fixture_match.pk]), {"against": "coach"})
    live = LiveMatch.objects.get(match=fixture_match)
    Team.objects.filter(pk=fixture_match.away_id).update(status=Team.Status.POST_GAME)
    before = db_state()

    client.force_login(charlie)
    response = client.post(reverse("web:live:accept", args=[live.pk]), follow=True)

    # then the page says why, and nothing is written
    assert response.status_code == 200
    assert "not ready to play" in response.content.decode()
    assert LiveMatch.objects.get(pk=live.pk).state == LiveMatch.State.INVITED
    assert db_state() == before


def test_a_match_played_live_takes_no_report_while_the_game_is_on(
    fixture_match, bob, charlie
):
    # given a live game under way
    from league.errors import ServiceError
    from matches.live.services import live_match_accept, live_match_open
    from matches.reports.report import match_submit_report
    from tests.matches.conftest import codes, score_report

    live = live_match_open(match_id=fixture_match.pk, user=bob, against_bot=False)
    live_match_accept(live_id=live.pk, user=charlie)
    before = db_state()

    # when the losing coach reports a score by hand
    with pytest.raises(ServiceError) as exc:
        match_submit_report(
            match_id=fixture_match.pk,
            report=score_report(fixture_match, 0, 1),
            actor=charlie,
        )

    # then it is refused: the game gives the result
    assert codes(exc) == [("live_match", None)]
    assert db_state() == before


def test_a_live_match_that_does_not_exist_is_a_404(client, bob):
    client.force_login(bob)
    before = db_state()

    bodies = {
        "web:live:decide": {"option": 0, "at": 0},
        "web:live:setup": {"placement": [], "at": 0},
        "web:live:clock": {},
    }
    for name, body in bodies.items():
        response = client.post(
            reverse(name, args=[999_999]),
            json.dumps(body),
            content_type="application/json",
        )
        assert response.status_code == 404, name
        assert refused_code(response) == "not_found"
    assert db_state() == before


def test_an_invitation_to_a_match_no_longer_to_play_is_not_offered(
    client, fixture_match, alice, bob, charlie
):
    # given Bob's invitation, then the commissioner's report of the match
    from matches.reports.report import match_submit_report
    from tests.matches.conftest import score_report

    page = reverse("web:live:page", args=[fixture_match.pk])
    live = live_match_open_as(client, bob, fixture_match)
    match_submit_report(
        match_id=fixture_match.pk,
        report=score_report(fixture_match, 1, 0),
        actor=alice,
    )

    # then Charlie's page does not offer him to accept what the server
    # would refuse (not_scheduled)
    client.force_login(charlie)
    assert b"Accept and play" not in client.get(page).content
    before = db_state()
    client.post(reverse("web:live:accept", args=[live.pk]))
    assert db_state() == before
    assert LiveMatch.objects.get(pk=live.pk).state == LiveMatch.State.INVITED


def test_an_invitation_to_a_postponed_match_is_still_offered_and_accepted(
    client, fixture_match, charlie, bob
):
    # given Bob's invitation, then the match postponed to a later round
    from matches.seasons.services import match_postpone

    page = reverse("web:live:page", args=[fixture_match.pk])
    live = live_match_open_as(client, bob, fixture_match)
    match_postpone(match_id=fixture_match.pk)

    # then Charlie is offered to accept, and accepting starts the match
    client.force_login(charlie)
    content = client.get(page).content.decode()
    assert "Accept and play" in content
    assert "has lapsed" not in content
    client.post(reverse("web:live:accept", args=[live.pk]))
    assert LiveMatch.objects.get(pk=live.pk).state == LiveMatch.State.ACCEPTED


def test_a_postponed_match_is_offered_live_where_the_match_page_links_it(
    client, fixture_match, bob
):
    # given the match postponed: it is still to be played, in a later round
    from matches.seasons.services import match_postpone

    match_postpone(match_id=fixture_match.pk)
    live_page = reverse("web:live:page", args=[fixture_match.pk])
    client.force_login(bob)

    # when Bob follows the match page's link
    match_page = client.get(reverse("web:match", args=[fixture_match.pk]))
    assert f'href="{live_page}">Play live</a>' in match_page.content.decode()
    content = client.get(live_page).content.decode()

    # then the live page offers what the link promised, and the server
    # opens it
    assert "Invite the other coach" in content
    assert "not being played live" not in content
    response = client.post(
        reverse("web:live:open", args=[fixture_match.pk]),
        {"against": "coach"},
        follow=True,
    )
    assert "not waiting to be played" not in response.content.decode()
    live = LiveMatch.objects.get(match=fixture_match)
    assert (live.state, live.opened_by_id) == (LiveMatch.State.INVITED, bob.pk)


def test_the_inviting_coach_withdraws_from_the_page_and_may_open_it_again(
    client, fixture_match, sevens, bob, charlie
):
    # given a league that lets coaches play the bot, and Bob's invitation
    sevens.live_bot_allowed = True
    sevens.save()
    page = reverse("web:live:page", args=[fixture_match.pk])
    live = live_match_open_as(client, bob, fixture_match)
    withdraw = reverse("web:live:withdraw", args=[live.pk])

    # then only Bob's page offers to withdraw it
    assert f'action="{withdraw}"' in client.get(page).content.decode()
    client.force_login(charlie)
    assert f'action="{withdraw}"' not in client.get(page).content.decode()

    # and Charlie's withdrawal is refused, writing nothing
    before = db_state()
    response = client.post(withdraw, follow=True)
    assert (
        "Only the coach of the team that invited can withdraw"
        in response.content.decode()
    )
    assert db_state() == before
    assert LiveMatch.objects.get(pk=live.pk).state == LiveMatch.State.INVITED

    # when Bob withdraws it
    client.force_login(bob)
    response = client.post(withdraw)

    # then he is back on the live page, which offers the match again, the
    # bot included
    assert response.status_code == 302
    assert response["Location"] == page
    assert not LiveMatch.objects.exists()
    content = client.get(page).content.decode()
    assert "Invite the other coach" in content
    assert "Play the bot" in content
    client.post(reverse("web:live:open", args=[fixture_match.pk]), {"against": "bot"})
    assert LiveMatch.objects.get(match=fixture_match).away_bot


def test_withdrawing_needs_a_signed_in_post(client, fixture_match, bob):
    live = live_match_open_as(client, bob, fixture_match)
    withdraw = reverse("web:live:withdraw", args=[live.pk])

    assert client.get(withdraw).status_code == 405
    client.logout()
    response = client.post(withdraw)
    assert response.status_code == 302
    assert response["Location"] == f"{resolve_url(settings.LOGIN_URL)}?next={withdraw}"
    assert LiveMatch.objects.get(pk=live.pk).state == LiveMatch.State.INVITED


def test_an_invitation_to_a_match_no_longer_to_play_shows_no_board_waiting(
    client, fixture_match, alice, bob, charlie
):
    # given Bob's invitation, then the match reported by the commissioner
    # before Charlie accepted
    from matches.reports.report import match_submit_report
    from tests.matches.conftest import score_report

    page = reverse("web:live:page", args=[fixture_match.pk])
    live = live_match_open_as(client, bob, fixture_match)
    match_submit_report(
        match_id=fixture_match.pk,
        report=score_report(fixture_match, 1, 0),
        actor=alice,
    )
    before = db_state()

    # when either coach opens the live page
    for coach in (bob, charlie):
        client.force_login(coach)
        content = client.get(page).content.decode()

        # then it says the invitation lapsed, and draws no board waiting
        # for an answer that the server would refuse (not_scheduled)
        assert "The invitation to play this match live has lapsed" in content
        assert 'id="live"' not in content
        assert 'id="live-state"' not in content
        assert "Accept and play" not in content
        assert "Invite the other coach" not in content
    assert db_state() == before
    assert LiveMatch.objects.get(pk=live.pk).state == LiveMatch.State.INVITED


def live_match_open_as(client, user, match) -> LiveMatch:
    client.force_login(user)
    client.post(reverse("web:live:open", args=[match.pk]), {"against": "coach"})
    return LiveMatch.objects.get(match=match)


def test_the_json_endpoints_refuse_a_visitor_not_signed_in_as_json(
    client, fixture_match, bob
):
    live = live_match_open_as(client, bob, fixture_match)
    client.logout()
    before = db_state()

    bodies = {
        "web:live:decide": {"option": 0, "at": 0},
        "web:live:setup": {"placement": [], "at": 0},
    }
    for name, body in bodies.items():
        response = client.post(
            reverse(name, args=[live.pk]),
            json.dumps(body),
            content_type="application/json",
        )
        # the page's script reads a refusal, not the sign-in page's HTML
        assert response.status_code == 401, name
        assert refused_code(response) == "not_signed_in", name
    assert db_state() == before
    assert LiveMatch.objects.get(pk=live.pk).decisions == []


def test_the_state_of_a_live_match_that_does_not_exist_is_a_json_404(client, db):
    response = client.get(reverse("web:live:state", args=[999_999]))

    assert response.status_code == 404
    assert refused_code(response) == "not_found"


def test_a_stale_button_after_a_withdrawal_says_the_invitation_was_withdrawn(
    client, fixture_match, bob, charlie
):
    # given Bob's invitation, on Charlie's page, then withdrawn by Bob
    page = reverse("web:live:page", args=[fixture_match.pk])
    live = live_match_open_as(client, bob, fixture_match)
    client.force_login(charlie)
    content = client.get(page).content.decode()
    assert f'<input type="hidden" name="match" value="{fixture_match.pk}">' in content
    client.force_login(bob)
    client.post(reverse("web:live:withdraw", args=[live.pk]))
    before = db_state()

    # when Charlie presses the Accept button his page still shows
    client.force_login(charlie)
    accept = reverse("web:live:accept", args=[live.pk])
    response = client.post(accept, {"match": str(fixture_match.pk)})

    # then he is back on the live page, told why, and nothing is written
    assert response.status_code == 302
    assert response["Location"] == page
    assert "The invitation was withdrawn." in client.get(page).content.decode()
    assert db_state() == before

    # and a form naming no match (or nonsense) is still a 404
    for sent in ({}, {"match": "x"}, {"match": "99999999999999999999"}, {"match": "٣"}):
        assert client.post(accept, sent).status_code == 404
    assert db_state() == before


def test_a_match_played_live_is_linked_from_its_page_to_watch(
    client, fixture_match, bob, charlie, dave
):
    # given Bob's invitation, accepted by Charlie: the game is under way
    live = live_match_open_as(client, bob, fixture_match)
    client.force_login(charlie)
    client.post(reverse("web:live:accept", args=[live.pk]))

    # then anyone opening the match page is offered to watch it
    client.force_login(dave)
    page = client.get(reverse("web:match", args=[fixture_match.pk])).content.decode()
    live_page = reverse("web:live:page", args=[fixture_match.pk])
    assert f'href="{live_page}">Watch live</a>' in page


def test_a_stranger_is_refused_before_the_body_is_read(
    client, fixture_match, bob, charlie, dave
):
    """Dave coaches neither team: whatever he sends (a body the endpoint
    cannot read, a stale board, a match not started yet) he is told the
    match is not his to play, never what his body lacks; nothing is
    written."""
    live = live_match_open_as(client, bob, fixture_match)
    client.force_login(dave)
    before = db_state()
    bodies = {
        "web:live:decide": ["{not json", {"option": "0"}, {"option": 0, "at": 0}],
        "web:live:setup": ["{not json", {"at": True}, {"placement": [], "at": 0}],
    }

    def refused() -> None:
        for name, sent in bodies.items():
            for body in sent:
                response = client.post(
                    reverse(name, args=[live.pk]),
                    body if isinstance(body, str) else json.dumps(body),
                    content_type="application/json",
                )
                assert response.status_code == 403, (name, body)
                assert refused_code(response) == "not_a_coach", (name, body)

    refused()  # invited, not yet accepted
    assert db_state() == before
    client.force_login(charlie)
    client.post(reverse("web:live:accept", args=[live.pk]))
    client.force_login(dave)
    before = db_state()
    refused()  # under way
    assert db_state() == before
    assert LiveMatch.objects.get(pk=live.pk).decisions == []


def test_a_body_over_the_size_limit_is_a_json_413(client, fixture_match, bob, charlie):
    """A click's body larger than the server reads is refused as JSON the
    page's script reads (the API's ``request_too_large``), not as the
    site's HTML error page; nothing is written."""
    live = live_match_open_as(client, bob, fixture_match)
    client.force_login(charlie)
    client.post(reverse("web:live:accept", args=[live.pk]))
    users = {bob.pk: bob, charlie.pk: charlie}
    client.force_login(users[side_coach_id(live, live_engine(live).pending.team)])
    before = db_state()
    bodies = {
        "web:live:decide": {"option": 1, "at": 0, "pad": "x" * 2000},
        "web:live:setup": {"placement": [[1, 1]] * 400, "at": 0},
    }

    with override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1000):
        for name, body in bodies.items():
            response = client.post(
                reverse(name, args=[live.pk]),
                json.dumps(body),
                content_type="application/json",
            )
            assert response.status_code == 413, name
            assert refused_code(response) == "request_too_large", name

    assert db_state() == before
    assert LiveMatch.objects.get(pk=live.pk).decisions == []
