"""An invitation to play live when a team changes coach before it is
answered: the invitation is between the teams (``LiveMatch.opened_from``),
so whoever coaches the invited team now answers it, and whoever coaches the
inviting team now may withdraw it. The coach moved off a team does neither,
and the inviting team's new coach does not accept his own team's
invitation. Each refusal writes nothing."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.models import Team
from matches.live.models import LiveMatch
from matches.live.selectors import side_coach_id
from matches.live.services import (
    LiveRefused,
    live_match_accept,
    live_match_open,
    live_match_withdraw,
)
from matches.models import Match
from tests.matches.conftest import db_state


def hand_over(team_id: int, coach) -> None:
    """The team given to another coach (the superuser's correction in the
    admin, the one place a team's coach changes)."""
    Team.objects.filter(pk=team_id).update(coach=coach)


def live_rows() -> list[tuple]:
    return list(
        LiveMatch.objects.order_by("pk").values_list(
            "pk", "state", "opened_by", "opened_from", "decisions", "updated_at"
        )
    )


def refused(code: str, call, **kwargs) -> None:
    before = (db_state(), live_rows())
    with pytest.raises(LiveRefused) as exc:
        call(**kwargs)
    assert exc.value.code == code
    assert (db_state(), live_rows()) == before


def page(client, user, match) -> str:
    client.force_login(user)
    return client.get(reverse("web:live:page", args=[match.pk])).content.decode()


def test_the_invited_teams_new_coach_answers_the_invitation(
    client, fixture_match, bob, charlie, dave
):
    # given Bob's invitation (home), then Charlie's Humans (away) given to Dave
    live = live_match_open(match_id=fixture_match.pk, user=bob)
    hand_over(fixture_match.away_id, dave)
    accept = reverse("web:live:accept", args=[live.pk])

    # then Charlie's page offers no answer, and his is refused
    content = page(client, charlie, fixture_match)
    assert f'action="{accept}"' not in content
    refused("not_invited", live_match_accept, live_id=live.pk, user=charlie)

    # and Dave's page offers it, naming who invited
    content = page(client, dave, fixture_match)
    assert f'action="{accept}"' in content
    assert "bob (Gouged Eye) invites you to play this match live." in content

    # when Dave accepts
    live = live_match_accept(live_id=live.pk, user=dave)

    # then the match is under way, Dave deciding for the Humans
    assert live.state == LiveMatch.State.ACCEPTED
    assert Match.objects.get(pk=fixture_match.pk).status == Match.Status.IN_PROGRESS
    assert (side_coach_id(live, "home"), side_coach_id(live, "away")) == (
        bob.pk,
        dave.pk,
    )


def test_the_inviting_teams_new_coach_withdraws_the_invitation(
    client, fixture_match, bob, dave
):
    # given Bob's invitation (home), then Bob's Orcs given to Dave
    live = live_match_open(match_id=fixture_match.pk, user=bob)
    hand_over(fixture_match.home_id, dave)
    withdraw = reverse("web:live:withdraw", args=[live.pk])
    accept = reverse("web:live:accept", args=[live.pk])

    # then Bob, no longer a coach of the fixture, may not withdraw it
    assert f'action="{withdraw}"' not in page(client, bob, fixture_match)
    refused("not_a_coach", live_match_withdraw, live_id=live.pk, user=bob)

    # and Dave's page offers to withdraw it, not to accept his own team's
    # invitation, which is refused
    content = page(client, dave, fixture_match)
    assert f'action="{withdraw}"' in content
    assert f'action="{accept}"' not in content
    refused("not_invited", live_match_accept, live_id=live.pk, user=dave)

    # when Dave withdraws it
    assert live_match_withdraw(live_id=live.pk, user=dave) == fixture_match.pk

    # then it is gone, and the fixture may be opened again
    assert not LiveMatch.objects.exists()
    assert "Invite the other coach" in page(client, dave, fixture_match)


def test_the_invited_coach_still_accepts_once_the_inviting_team_changed_coach(
    client, fixture_match, bob, charlie, dave
):
    # given Bob's invitation, then Bob's Orcs given to Dave
    live = live_match_open(match_id=fixture_match.pk, user=bob)
    hand_over(fixture_match.home_id, dave)

    # when Charlie accepts, from his page
    assert "dave (Gouged Eye) invites you" in page(client, charlie, fixture_match)
    live = live_match_accept(live_id=live.pk, user=charlie)

    # then Dave plays the Orcs, and the invitation is no longer withdrawn
    assert live.state == LiveMatch.State.ACCEPTED
    assert side_coach_id(live, "home") == dave.pk
    refused("not_invited", live_match_withdraw, live_id=live.pk, user=dave)


def test_a_coach_of_both_teams_accepts_what_he_opened(fixture_match, bob):
    # given both teams coached by Bob, who opens the match from the home side
    hand_over(fixture_match.away_id, bob)
    live = live_match_open(match_id=fixture_match.pk, user=bob)
    assert live.opened_from == LiveMatch.Side.HOME

    # when he accepts, as the away team's coach, then play starts
    assert live_match_accept(live_id=live.pk, user=bob).state == "accepted"
