"""A coach who declines an invitation: the commissioner is told, on the site
and by e-mail once the answer is saved; an invitation answered already
cannot be answered again, and the refusal writes and tells nothing."""

from __future__ import annotations

import pytest
from django.core import mail

from league.errors import ServiceError
from league.models import LeagueEvent, LeagueMembership, Notification
from league.services.membership import (
    membership_accept,
    membership_decline,
    membership_invite,
)
from tests.league.accounts_support import everything
from tests.league.conftest import api_as

pytestmark = pytest.mark.django_db


@pytest.fixture
def invited(sevens, alice, dave):
    """alice (the commissioner of Sevens Cup) invites dave; both have an
    address."""
    for user in (alice, dave):
        user.email = f"{user.username}@example.org"
        user.save(update_fields=["email"])
    membership_invite(league_id=sevens.pk, username="dave", actor=alice)
    mail.outbox.clear()
    return sevens


def notices() -> list[tuple[str, str, str, str]]:
    return list(
        Notification.objects.order_by("pk").values_list(
            "recipient__username", "kind", "text", "url"
        )
    )


def codes(exc_info) -> list[tuple[str, str | None]]:
    return [(v.code, v.field) for v in exc_info.value.violations]


def test_a_declined_invitation_tells_the_commissioner(
    invited, alice, dave, django_capture_on_commit_callbacks
):
    Notification.objects.all().delete()  # dave's invitation

    with django_capture_on_commit_callbacks(execute=True):
        membership_decline(league_id=invited.pk, actor=dave)

    assert notices() == [
        (
            "alice",
            "invitation_declined",
            "dave declined your invitation to Sevens Cup",
            f"/leagues/{invited.pk}/members/",
        )
    ]
    assert [(m.to, m.subject) for m in mail.outbox] == [
        (
            ["alice@example.org"],
            "[Dugout] Sevens Cup: dave declined your invitation to Sevens Cup",
        )
    ]
    assert "dave declined your invitation to Sevens Cup" in mail.outbox[0].body
    assert LeagueMembership.objects.get(league=invited, coach=dave).status == (
        "declined"
    )


def test_the_mail_waits_for_the_commit(
    invited, dave, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False) as queued:
        membership_decline(league_id=invited.pk, actor=dave)

    assert mail.outbox == []  # nothing before the commit
    for callback in queued:
        callback()
    assert [m.to for m in mail.outbox] == [["alice@example.org"]]


def test_declining_through_the_api_tells_the_commissioner(invited, dave):
    response = api_as(dave).post(f"/api/leagues/{invited.pk}/invitation/decline/")

    assert response.status_code == 200
    assert (
        Notification.objects.filter(
            recipient=invited.commissioner, kind="invitation_declined"
        ).count()
        == 1
    )


def test_an_accepted_invitation_still_tells_the_commissioner_it_was_accepted(
    invited, alice, dave, django_capture_on_commit_callbacks
):
    Notification.objects.all().delete()

    with django_capture_on_commit_callbacks(execute=True):
        membership_accept(league_id=invited.pk, actor=dave)

    assert notices() == [
        (
            "alice",
            "member_joined",
            "dave accepted your invitation and joined Sevens Cup",
            f"/leagues/{invited.pk}/members/",
        )
    ]
    assert len(mail.outbox) == 1


@pytest.mark.parametrize(
    ("first", "code"),
    [(membership_decline, "already_declined"), (membership_accept, "already_member")],
)
@pytest.mark.parametrize("again", [membership_decline, membership_accept])
def test_an_answered_invitation_cannot_be_answered_again(
    invited, dave, first, code, again, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        first(league_id=invited.pk, actor=dave)
    before = everything()
    told = notices()
    events = LeagueEvent.objects.count()

    with django_capture_on_commit_callbacks(execute=True):
        with pytest.raises(ServiceError) as exc_info:
            again(league_id=invited.pk, actor=dave)

    assert codes(exc_info) == [(code, None)]
    assert everything() == before
    assert notices() == told
    assert LeagueEvent.objects.count() == events


def test_the_api_refuses_a_second_decline_with_its_reason(invited, dave):
    client = api_as(dave)
    client.post(f"/api/leagues/{invited.pk}/invitation/decline/")
    before = everything()

    response = client.post(f"/api/leagues/{invited.pk}/invitation/decline/")

    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert (error["code"], error["field"]) == ("already_declined", None)
    assert "declined the invitation to Sevens Cup" in error["message"]
    assert everything() == before


def test_a_new_invitation_may_be_declined_again_and_tells_again(invited, alice, dave):
    membership_decline(league_id=invited.pk, actor=dave)
    membership_invite(league_id=invited.pk, username="dave", actor=alice)

    membership_decline(league_id=invited.pk, actor=dave)

    assert (
        Notification.objects.filter(recipient=alice, kind="invitation_declined").count()
        == 2
    )
