"""Invitations that need no approval: the league's shareable invite link
(revoke makes a new one, optional joins and days) and invitations by
e-mail, from the members page to the invite page where a person signs up,
logs in, verifies and joins; the refusals (revoked, used up, expired,
unverified) on a clear page, with nothing written."""

from __future__ import annotations

from datetime import timedelta
from urllib.parse import quote

import pytest
from allauth.account.models import EmailAddress
from django.core import mail
from django.utils import timezone

from league.errors import ServiceError
from league.invites.services import (
    invite_email_send,
    invite_join,
    invite_link_renew,
)
from league.invites.tokens import invite_token
from league.models import LeagueEvent, LeagueInvite, LeagueMembership
from league.services.membership import membership_remove
from tests.factories import UserFactory, make_member
from tests.league.accounts_support import (
    everything,
    links_in_mail,
    sign_up,
    verify_by_mail,
)
from tests.league.conftest import api_as

pytestmark = pytest.mark.django_db
Status = LeagueMembership.Status


def verified(username: str):
    user = UserFactory(username=username, email=f"{username}@example.org")
    EmailAddress.objects.create(
        user=user, email=user.email, verified=True, primary=True
    )
    return user


@pytest.fixture
def link(sevens, alice):
    return invite_link_renew(league_id=sevens.pk, actor=alice, max_uses=2, days=30)


def url(invite) -> str:
    return f"/invite/{invite_token(invite)}/"


def codes(exc_info):
    return [(v.code, v.field) for v in exc_info.value.violations]


# --- the members page -------------------------------------------------------------


def test_the_members_page_shows_the_link_with_a_copy_button(
    client, sevens, alice, link, settings
):
    settings.SITE_URL = "https://dugout.example"
    client.force_login(alice)

    html = client.get(f"/leagues/{sevens.pk}/members/").content.decode()

    assert f'value="https://dugout.example{url(link)}"' in html
    assert 'data-copy="invite-link"' in html
    assert "league/copy.js" in html
    assert "Used 0 times of 2" in html


def test_revoking_the_link_makes_a_new_one_and_the_old_is_refused(
    client, sevens, alice, link
):
    client.force_login(alice)

    response = client.post(
        f"/leagues/{sevens.pk}/members/invite-link/", {"max_uses": "", "days": "7"}
    )

    assert response.status_code == 302
    link.refresh_from_db()
    assert link.revoked_at is not None
    new = LeagueInvite.objects.get(league=sevens, revoked_at__isnull=True)
    assert (new.kind, new.max_uses) == ("link", None)
    assert round((new.expires_at - new.created_at).total_seconds()) == 7 * 86400
    assert LeagueEvent.objects.filter(type="invite_link_made").count() == 2


@pytest.mark.parametrize(
    ("data", "field"),
    [({"max_uses": "0", "days": "30"}, "max_uses"), ({"days": "366"}, "days")],
)
def test_a_link_with_limits_out_of_range_is_refused(
    client, sevens, alice, link, data, field
):
    client.force_login(alice)
    before = everything()

    response = client.post(f"/leagues/{sevens.pk}/members/invite-link/", data)

    assert response.status_code == 400
    assert list(response.context["link_form"].errors) == [field]
    assert everything() == before


def test_only_the_commissioner_makes_links_and_sends_invitations(
    client, sevens, bob, link
):
    client.force_login(bob)
    before = everything()

    made = client.post(f"/leagues/{sevens.pk}/members/invite-link/", {"days": "3"})
    sent = client.post(
        f"/leagues/{sevens.pk}/members/invite-email/", {"email": "x@example.org"}
    )

    assert (made.status_code, sent.status_code) == (403, 403)
    assert everything() == before


# --- joining through the link ----------------------------------------------------


def test_a_verified_person_joins_through_the_link_at_once(client, sevens, link):
    nelly = verified("nelly")
    client.force_login(nelly)
    page = client.get(url(link))
    assert f"<h1>Join {sevens.name}</h1>" in page.content.decode()

    response = client.post(url(link))

    assert response.status_code == 302
    assert response["Location"] == f"/leagues/{sevens.pk}/draft/"
    membership = LeagueMembership.objects.get(league=sevens, coach=nelly)
    assert membership.status == Status.MEMBER
    link.refresh_from_db()
    assert link.uses == 1
    event = LeagueEvent.objects.get(type="joined_by_invite")
    assert event.payload["status"] == [None, "member"]


def test_a_used_up_link_is_refused_with_a_clear_page(client, sevens, link):
    for name in ("nelly", "olga"):
        invite_join(invite_id=link.pk, actor=verified(name))
    client.force_login(verified("pete"))
    before = everything()

    page = client.get(url(link))
    joined = client.post(url(link))

    assert page.status_code == 410
    html = page.content.decode()
    assert 'data-reason="used_up"' in html
    assert "has been used 2 times, all it allowed" in html
    assert joined.status_code == 410
    assert everything() == before


def test_a_revoked_link_is_refused_with_a_clear_page(client, sevens, alice, link):
    invite_link_renew(league_id=sevens.pk, actor=alice)
    client.force_login(verified("nelly"))
    before = everything()

    page = client.get(url(link))
    joined = client.post(url(link))

    assert page.status_code == joined.status_code == 410
    assert 'data-reason="revoked"' in page.content.decode()
    assert "was revoked by the commissioner" in page.content.decode()
    assert everything() == before


def test_an_expired_link_is_refused(client, sevens, link):
    LeagueInvite.objects.filter(pk=link.pk).update(
        expires_at=timezone.now() - timedelta(seconds=1)
    )
    nelly = verified("nelly")
    before = everything()

    with pytest.raises(ServiceError) as refused:
        invite_join(invite_id=link.pk, actor=nelly)

    assert codes(refused) == [("invite_expired", None)]
    assert everything() == before


def test_a_forged_token_is_a_404(client, link):
    token = invite_token(link)

    assert client.get(f"/invite/{token[:-2]}xx/").status_code == 404
    assert client.get("/invite/1-abc/").status_code == 404


def test_an_unverified_person_is_told_and_refused(client, sevens, link):
    nelly = UserFactory(username="nelly")
    EmailAddress.objects.create(
        user=nelly, email="n@example.org", verified=False, primary=True
    )
    client.force_login(nelly)
    page = client.get(url(link)).content.decode()
    before = everything()

    response = client.post(url(link))

    assert "Verify your e-mail address first" in page
    assert response.status_code == 400
    assert "Verify your e-mail address before you join a league" in (
        response.content.decode()
    )
    assert everything() == before


def test_a_member_joining_again_uses_nothing(sevens, bob, link):
    before = everything()

    with pytest.raises(ServiceError) as refused:
        invite_join(invite_id=link.pk, actor=bob)

    assert codes(refused) == [("already_member", None)]
    assert everything() == before


def test_a_removed_coach_cannot_come_back_through_the_link(sevens, alice, dave, link):
    make_member(sevens, dave)
    membership_remove(league_id=sevens.pk, coach_id=dave.pk, actor=alice)
    before = everything()

    with pytest.raises(ServiceError) as refused:
        invite_join(invite_id=link.pk, actor=dave)

    assert codes(refused) == [("removed", None)]
    assert everything() == before


def test_an_invited_coach_who_uses_the_link_becomes_a_member(sevens, alice, dave, link):
    LeagueMembership.objects.create(league=sevens, coach=dave, status=Status.INVITED)

    invite_join(invite_id=link.pk, actor=dave)

    assert LeagueMembership.objects.get(league=sevens, coach=dave).status == "member"


# --- a visitor's way in ------------------------------------------------------------


def test_a_visitor_signs_up_through_the_link_verifies_and_joins(client, sevens, link):
    # the invite page, logged out: sign up or log in, and come back
    page = client.get(url(link)).content.decode()
    assert f'href="/accounts/signup/?next={quote(url(link))}"' in page

    signed_up = sign_up(client, "nelly", "nelly@example.org", next=url(link))
    assert signed_up["Location"] == url(link)
    assert "Verify your e-mail address first" in client.get(url(link)).content.decode()
    verified_ = verify_by_mail(client, "nelly@example.org")
    assert verified_["Location"] == url(link)
    joined = client.post(url(link))

    assert joined.status_code == 302
    assert LeagueMembership.objects.get(league=sevens, coach__username="nelly").status
    assert client.get(joined["Location"]).status_code == 200


def test_a_visitor_who_posts_is_sent_to_sign_up(client, link):
    before = everything()

    response = client.post(url(link))

    assert response.status_code == 302
    assert response["Location"] == f"/accounts/signup/?next={url(link)}"
    assert everything() == before


def test_the_link_shown_is_the_sites_own_address_whatever_host_was_asked(
    client, sevens, alice, link, settings
):
    # The commissioner copies the link and sends it on: like the e-mails'
    # links ("Links in the e-mails start with `SITE_URL`", docs/commissioner.md)
    # it starts with SITE_URL, not the host name this request reached the
    # site by (an address only the commissioner reaches).
    settings.SITE_URL = "https://dugout.example"
    settings.ALLOWED_HOSTS = ["dugout.example", "10.0.0.5"]
    client.force_login(alice)

    html = client.get(
        f"/leagues/{sevens.pk}/members/", HTTP_HOST="10.0.0.5"
    ).content.decode()

    assert f'value="https://dugout.example{url(link)}"' in html
    assert "10.0.0.5" not in html


# --- invitations by e-mail ----------------------------------------------------------


def test_an_invitation_by_email_sends_a_link_that_works_once(
    client, sevens, alice, django_capture_on_commit_callbacks, settings
):
    settings.SITE_URL = "http://testserver"
    client.force_login(alice)

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            f"/leagues/{sevens.pk}/members/invite-email/",
            {"email": "olga@example.org"},
        )

    assert response.status_code == 302
    invite = LeagueInvite.objects.get(kind="email")
    assert (invite.email, invite.max_uses, invite.uses) == ("olga@example.org", 1, 0)
    [sent] = mail.outbox
    assert sent.to == ["olga@example.org"]
    assert (
        sent.subject == f"[Dugout] {sevens.name}: alice invites you to join the league"
    )
    [link] = links_in_mail("olga@example.org")
    assert link == f"http://testserver{url(invite)}"
    # olga has no account: signing up with the invited address needs no
    # verification mail (she opened the link sent to it), and she joins
    client.logout()
    client.get(url(invite))
    sign_up(client, "olga", "olga@example.org", next=url(invite))
    assert EmailAddress.objects.get(email="olga@example.org").verified is True
    assert client.post(url(invite)).status_code == 302
    # one use: the next person is refused
    client.logout()
    client.force_login(verified("pete"))
    assert client.get(url(invite)).status_code == 410


# What makes a mailed invitation stop working (league/invites/services.py
# ``invite_state``), as the invitation's row would show it.
NO_LONGER_WORKS = {
    "used": {"uses": 1},
    "revoked": {"revoked_at": timezone.now()},
    "expired": {"expires_at": timezone.now() - timedelta(minutes=1)},
}


@pytest.mark.parametrize("why", sorted(NO_LONGER_WORKS))
def test_an_invitation_that_no_longer_works_vouches_for_no_address(
    client, sevens, alice, why
):
    # given an invitation mailed to olga@ that no longer works (used by
    # the person it reached, revoked or expired)
    invite = invite_email_send(
        league_id=sevens.pk,
        email="olga@example.org",
        actor=alice,
        site="http://testserver",
    )
    LeagueInvite.objects.filter(pk=invite.pk).update(**NO_LONGER_WORKS[why])

    # when someone else opens its link (a forwarded mail, a shared
    # browser's history) and signs up with that address
    assert client.get(url(invite)).status_code == 410
    sign_up(client, "mallory", "olga@example.org")

    # then the address is not taken as verified: it still needs the mail
    # that only its owner reads (the invitation vouched for it only while
    # it could let its reader in)
    address = EmailAddress.objects.get(email="olga@example.org")
    assert (address.user.username, address.verified) == ("mallory", False)


def test_an_invitation_by_email_links_to_the_sites_own_address(
    client, sevens, alice, django_capture_on_commit_callbacks, settings
):
    # Links in the e-mails start with SITE_URL (docs/commissioner.md): the
    # invitation's link named the host the commissioner's request used (an
    # address only they reach, an old name the site still answers to)
    settings.SITE_URL = "https://dugout.example"
    settings.ALLOWED_HOSTS = ["dugout.example", "10.0.0.5"]
    client.force_login(alice)

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            f"/leagues/{sevens.pk}/members/invite-email/",
            {"email": "olga@example.org"},
            HTTP_HOST="10.0.0.5",
        )

    assert response.status_code == 302
    invite = LeagueInvite.objects.get(kind="email")
    assert links_in_mail("olga@example.org") == [f"https://dugout.example{url(invite)}"]


def test_an_invitation_to_a_bad_address_is_refused(client, sevens, alice):
    client.force_login(alice)
    before = everything()

    response = client.post(
        f"/leagues/{sevens.pk}/members/invite-email/", {"email": "not an address"}
    )

    assert response.status_code == 400
    assert list(response.context["email_form"].errors) == ["email"]
    assert everything() == before


def test_the_invited_address_is_the_commissioners_alone_in_the_audit_log(
    sevens, alice, bob, dave
):
    from league.invites.services import invite_email_send

    invite_email_send(
        league_id=sevens.pk, email="olga@example.org", actor=alice, site="http://x"
    )
    events = f"/api/leagues/{sevens.pk}/events/?type=invite_emailed"

    # the log is public, the address the invitation went to is not: the
    # visitor, a member and an outsider read the step without it
    for reader in (None, bob, dave):
        [event] = api_as(reader).get(events).json()["results"]
        assert event["type"] == "invite_emailed"
        assert "email" not in event["payload"]
        assert "olga@example.org" not in str(event)
    [event] = api_as(alice).get(events).json()["results"]
    assert event["payload"]["email"] == "olga@example.org"


def test_a_removed_coach_may_come_back_by_email(sevens, alice, dave):
    make_member(sevens, dave)
    membership_remove(league_id=sevens.pk, coach_id=dave.pk, actor=alice)
    from league.invites.services import invite_email_send

    invite = invite_email_send(
        league_id=sevens.pk, email="dave@example.org", actor=alice, site="http://x"
    )

    invite_join(invite_id=invite.pk, actor=dave)

    assert LeagueMembership.objects.get(league=sevens, coach=dave).status == "member"


def test_join_requests_and_invitations_by_username_keep_working(client, sevens, alice):
    # the members page still invites by username
    client.force_login(alice)
    UserFactory(username="quinn")

    response = client.post(
        f"/leagues/{sevens.pk}/members/invite/", {"username": "quinn"}
    )

    assert response.status_code == 302
    assert LeagueMembership.objects.get(coach__username="quinn").status == "invited"


def test_a_league_sends_at_most_so_many_invitations_a_day(
    client, sevens, alice, monkeypatch
):
    from league.invites import services

    monkeypatch.setattr(services, "EMAILS_PER_DAY", 2)
    client.force_login(alice)
    for n in ("one", "two"):
        client.post(
            f"/leagues/{sevens.pk}/members/invite-email/", {"email": f"{n}@x.org"}
        )
    before = everything()

    response = client.post(
        f"/leagues/{sevens.pk}/members/invite-email/", {"email": "three@x.org"}
    )

    assert response.status_code == 400
    assert response.context["email_form"].errors["email"] == [
        f"{sevens.name} has sent 2 invitations today: try tomorrow"
    ]
    assert everything() == before


def test_the_mail_says_how_long_the_link_works(
    sevens, alice, django_capture_on_commit_callbacks
):
    from league.invites.services import invite_email_send

    with django_capture_on_commit_callbacks(execute=True):
        invite_email_send(
            league_id=sevens.pk, email="olga@example.org", actor=alice, site="http://x"
        )

    [sent] = mail.outbox
    assert "it works for one person, for 30 days" in sent.body
    assert sent.body.startswith(
        f"alice invites you to join {sevens.name}, a Blood Bowl Sevens league"
    )
