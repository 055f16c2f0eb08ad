"""Accounts through django-allauth: sign-up with an e-mail address and a
password, verification by the mailed link, log in by username or e-mail,
password reset and change, every page in the site's layout, and the
throttles on sign-up and password reset (429)."""

from __future__ import annotations

import re

import pytest
from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import override_settings

from league.accounts.verification import email_verified
from league.errors import ServiceError
from league.services.leagues import league_create
from league.services.membership import (
    league_set_open,
    membership_accept,
    membership_invite,
    membership_request,
)
from tests.factories import UserFactory
from tests.league.accounts_support import (
    PASSWORD,
    everything,
    links_in_mail,
    sign_up,
    verify_by_mail,
)

pytestmark = pytest.mark.django_db
User = get_user_model()


def rates(**changes: str) -> dict[str, str | None]:
    return {**settings.ACCOUNT_RATE_LIMITS, **changes}


# --- sign-up and verification ------------------------------------------------


def test_a_visitor_signs_up_and_is_logged_in_with_an_unverified_address(client):
    response = sign_up(client, "nelly", "nelly@example.org")

    assert response.status_code == 302
    user = User.objects.get(username="nelly")
    assert user.email == "nelly@example.org"
    assert client.session["_auth_user_id"] == str(user.pk)
    address = EmailAddress.objects.get(user=user)
    assert (address.email, address.verified, address.primary) == (
        "nelly@example.org",
        False,
        True,
    )
    assert email_verified(user) is False


def test_the_mailed_link_verifies_the_address(client):
    sign_up(client, "nelly", "nelly@example.org")
    [sent] = mail.outbox
    assert sent.subject.startswith("[Dugout] ")

    response = verify_by_mail(client, "nelly@example.org")

    assert response.status_code == 302
    user = User.objects.get(username="nelly")
    assert EmailAddress.objects.get(user=user).verified is True
    assert email_verified(user) is True


def test_an_unverified_person_cannot_remove_their_only_address(client):
    # given an account whose one address is not verified (an account with
    # none counts as one an administrator made, and may create leagues)
    sign_up(client, "nelly", "nelly@example.org")
    user = User.objects.get(username="nelly")
    before = everything()

    # when they remove it, then try to create a league
    removed = client.post(
        "/accounts/email/", {"action_remove": "", "email": "nelly@example.org"}
    )
    with pytest.raises(ServiceError) as refused:
        league_create(commissioner=user, name="Sneaky Cup", format="bb2025")

    # then the address stays, unverified, and nothing is created
    assert removed.status_code in (200, 302)
    assert list(
        EmailAddress.objects.filter(user=user).values_list("email", "verified")
    ) == [("nelly@example.org", False)]
    assert email_verified(user) is False
    assert [v.code for v in refused.value.violations] == ["email_unverified"]
    assert everything() == before


def test_a_second_address_may_still_be_removed(client):
    sign_up(client, "nelly", "nelly@example.org")
    user = User.objects.get(username="nelly")
    EmailAddress.objects.create(user=user, email="old@example.org", primary=False)

    client.post("/accounts/email/", {"action_remove": "", "email": "old@example.org"})

    assert list(
        EmailAddress.objects.filter(user=user).values_list("email", flat=True)
    ) == ["nelly@example.org"]


def test_opening_the_link_alone_verifies_nothing(client):
    # a mail scanner that follows links must not verify on someone's behalf
    sign_up(client, "nelly", "nelly@example.org")
    [link] = [u for u in links_in_mail("nelly@example.org") if "confirm-email" in u]

    client.get("/" + link.split("://", 1)[1].split("/", 1)[1])

    assert EmailAddress.objects.get(email="nelly@example.org").verified is False


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("email", "not an address"),
        ("email", "taken@example.org"),
        ("username", "bob"),
        ("password2", "another password"),
    ],
)
def test_a_refused_sign_up_names_the_field_and_writes_nothing(client, field, value):
    UserFactory(username="bob", email="taken@example.org")
    EmailAddress.objects.create(
        user=User.objects.get(username="bob"),
        email="taken@example.org",
        verified=True,
        primary=True,
    )
    before = everything()
    data = {
        "email": "nelly@example.org",
        "username": "nelly",
        "password1": PASSWORD,
        "password2": PASSWORD,
        field: value,
    }

    response = client.post("/accounts/signup/", data)

    assert response.status_code == 200
    errors = response.context["form"].errors.as_data()
    assert list(errors) == [field]
    assert everything() == before
    assert "_auth_user_id" not in client.session


@override_settings(ACCOUNT_SIGNUP_OPEN=False)
def test_sign_up_can_be_closed(client):
    response = sign_up(client, "nelly", "nelly@example.org")

    assert response.status_code == 200
    assert "Sign-ups are closed" in response.content.decode()
    assert not User.objects.filter(username="nelly").exists()


# --- logging in ----------------------------------------------------------------


@pytest.mark.parametrize("login", ["carla", "Carla", "carla@example.org"])
def test_a_person_logs_in_by_username_or_email(client, login):
    carla = UserFactory(username="carla", email="carla@example.org")
    EmailAddress.objects.create(
        user=carla, email="carla@example.org", verified=True, primary=True
    )

    response = client.post("/accounts/login/", {"login": login, "password": "password"})

    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(carla.pk)


def test_an_account_without_an_address_logs_in_by_username(client):
    # the demo's accounts (admin, commish, bob, carla) have none
    bob = UserFactory(username="bob")

    response = client.post("/accounts/login/", {"login": "bob", "password": "password"})

    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(bob.pk)


def test_a_wrong_password_is_refused_on_the_page(client):
    UserFactory(username="bob")

    response = client.post("/accounts/login/", {"login": "bob", "password": "no"})

    assert response.status_code == 200
    assert "_auth_user_id" not in client.session
    assert response.context["form"].non_field_errors()


def test_logging_out_takes_a_post(client):
    bob = UserFactory(username="bob")
    client.force_login(bob)

    response = client.post("/accounts/logout/")

    assert response.status_code == 302
    assert "_auth_user_id" not in client.session


# --- passwords -----------------------------------------------------------------


def test_a_forgotten_password_is_reset_through_the_mailed_link(client):
    carla = UserFactory(username="carla", email="carla@example.org")
    EmailAddress.objects.create(
        user=carla, email="carla@example.org", verified=True, primary=True
    )

    asked = client.post("/accounts/password/reset/", {"email": "carla@example.org"})
    assert asked.status_code == 302
    [link] = [u for u in links_in_mail("carla@example.org") if "/password/reset/" in u]
    path = "/" + link.split("://", 1)[1].split("/", 1)[1]
    form_page = client.get(path, follow=True)
    assert form_page.status_code == 200
    action = form_page.redirect_chain[-1][0] if form_page.redirect_chain else path
    done = client.post(
        action,
        {"password1": "a brand new password", "password2": "a brand new password"},
    )

    assert done.status_code == 302
    carla.refresh_from_db()
    assert carla.check_password("a brand new password")


def test_a_logged_in_person_changes_their_password(client):
    bob = UserFactory(username="bob")
    client.force_login(bob)

    response = client.post(
        "/accounts/password/change/",
        {
            "oldpassword": "password",
            "password1": "a brand new password",
            "password2": "a brand new password",
        },
    )

    assert response.status_code == 302
    bob.refresh_from_db()
    assert bob.check_password("a brand new password")


# --- the pages look like the site ----------------------------------------------

ANONYMOUS_PAGES = ["/accounts/login/", "/accounts/signup/", "/accounts/password/reset/"]
PERSONAL_PAGES = ["/accounts/email/", "/accounts/password/change/", "/accounts/tokens/"]


@pytest.mark.parametrize("url", ANONYMOUS_PAGES + PERSONAL_PAGES)
def test_the_account_pages_are_the_sites(client, url):
    if url in PERSONAL_PAGES:
        client.force_login(UserFactory(username="bob"))

    html = client.get(url).content.decode()

    # base.html's header and skip link, the site's stylesheet, one <h1>
    assert 'class="skip" href="#content"' in html
    assert "league/dugout.css" in html
    assert "league/accounts.css" in html
    assert len(re.findall(r"<h1[ >]", html)) == 1
    assert "Menu:" not in html  # allauth's own unstyled layout


def test_the_login_page_labels_its_inputs(client):
    html = client.get("/accounts/login/").content.decode()

    assert '<label for="id_login">Username or e-mail</label>' in html
    assert '<label for="id_password">Password</label>' in html
    assert "placeholder=" not in html
    assert 'href="/accounts/password/reset/"' in html


# --- throttles -------------------------------------------------------------------


@override_settings(ACCOUNT_RATE_LIMITS=rates(signup="3/h/ip"))
def test_sign_ups_beyond_the_rate_get_a_429_and_write_nothing(client):
    statuses = [
        sign_up(client, f"coach{i}", f"coach{i}@example.org").status_code
        for i in range(3)
    ]
    client.logout()
    before = everything()

    refused = sign_up(client, "coach3", "coach3@example.org")

    assert statuses == [302, 302, 302]
    assert refused.status_code == 429
    assert "Too many attempts" in refused.content.decode()
    assert everything() == before


@override_settings(ACCOUNT_RATE_LIMITS=rates(signup="3/h/ip"))
def test_the_sign_up_rate_counts_each_address_apart(client):
    for i in range(3):
        sign_up(client, f"coach{i}", f"coach{i}@example.org", REMOTE_ADDR="10.0.0.1")
        client.logout()

    other = sign_up(client, "coach3", "coach3@example.org", REMOTE_ADDR="10.0.0.2")

    assert other.status_code == 302


@override_settings(ACCOUNT_RATE_LIMITS=rates(reset_password="2/h/ip"))
def test_reset_mails_beyond_the_rate_get_a_429_and_send_nothing(client):
    for name in ("carla", "dave", "erin"):
        UserFactory(username=name, email=f"{name}@example.org")
    first = [
        client.post("/accounts/password/reset/", {"email": f"{n}@example.org"})
        for n in ("carla", "dave")
    ]
    sent = len(mail.outbox)

    refused = client.post("/accounts/password/reset/", {"email": "erin@example.org"})

    assert [r.status_code for r in first] == [302, 302]
    assert refused.status_code == 429
    assert len(mail.outbox) == sent == 2


def test_the_production_rates_are_the_documented_ones():
    # settings.py: SIGNUP_RATE 10/hour, PASSWORD_RESET_RATE 10/hour, and
    # three reset mails an hour to one address
    from config import settings as production

    assert production.ACCOUNT_RATE_LIMITS["signup"] == "10/h/ip"
    assert production.ACCOUNT_RATE_LIMITS["reset_password"] == "10/h/ip,3/h/key"
    assert production.ACCOUNT_RATE_LIMITS["login_failed"] is None


@override_settings(LOGIN_FAILURES_MAX=3, LOGIN_FAILURES_WINDOW=900)
def test_failed_logins_by_email_address_are_counted_too(client):
    carla = UserFactory(username="carla", email="carla@example.org")
    EmailAddress.objects.create(
        user=carla, email="carla@example.org", verified=True, primary=True
    )
    for i in range(3):
        client.post("/accounts/login/", {"login": "Carla@example.org", "password": i})

    locked = client.post(
        "/accounts/login/", {"login": "carla@example.org", "password": "password"}
    )

    assert locked.status_code == 429
    assert "_auth_user_id" not in client.session


# --- joining needs a verified address ------------------------------------------


def test_an_unverified_person_neither_asks_to_join_nor_accepts(sevens, alice):
    league_set_open(league_id=sevens.pk, is_open=True, actor=alice)
    nelly, olga = UserFactory(username="nelly"), UserFactory(username="olga")
    for user in (nelly, olga):
        EmailAddress.objects.create(
            user=user, email=f"{user}@x.org", verified=False, primary=True
        )
    membership_invite(league_id=sevens.pk, username="olga", actor=alice)
    before = everything()

    with pytest.raises(ServiceError) as asked:
        membership_request(league_id=sevens.pk, actor=nelly)
    with pytest.raises(ServiceError) as accepted:
        membership_accept(league_id=sevens.pk, actor=olga)

    for refused in (asked, accepted):
        assert [(v.code, v.field) for v in refused.value.violations] == [
            ("email_unverified", None)
        ]
    assert everything() == before


def test_a_verified_person_asks_to_join_as_before(sevens, alice):
    league_set_open(league_id=sevens.pk, is_open=True, actor=alice)
    nelly = UserFactory(username="nelly")
    EmailAddress.objects.create(
        user=nelly, email="nelly@x.org", verified=True, primary=True
    )

    membership = membership_request(league_id=sevens.pk, actor=nelly)

    assert membership.status == "requested"
