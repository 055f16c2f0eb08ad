"""How django-allauth fits Dugout: the client's address is the one the
throttles use (DRF's rule with ``NUM_PROXIES``), sign-up can be closed from
the environment, and a person on their way into a league through an invite
link comes back to it after signing up, logging in or verifying their
e-mail address (``league/invites``). Its mails' subjects are built as every
mail's (``league/mail.py``)."""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from allauth.account.models import EmailAddress
from allauth.socialaccount.adapter import DefaultSocialAccountAdapter
from django.conf import settings
from django.http import HttpRequest
from rest_framework.request import Request
from rest_framework.throttling import BaseThrottle

from league.mail import mail_subject

# The session key of the invite link a visitor opened before they could
# join: where sign-up, login and verification send them back to.
PENDING_INVITE = "dugout_pending_invite"


def remember_invite(request: HttpRequest, url: str) -> None:
    request.session[PENDING_INVITE] = url


def forget_invite(request: HttpRequest) -> None:
    request.session.pop(PENDING_INVITE, None)


def _pending_invite(request: HttpRequest | None) -> str | None:
    """The invite page to go back to, forgotten once used (the page
    remembers itself again while its visitor still cannot join)."""
    if request is None or not hasattr(request, "session"):
        return None
    url = request.session.pop(PENDING_INVITE, None)
    return url if isinstance(url, str) and url.startswith("/invite/") else None


class AccountAdapter(DefaultAccountAdapter):
    def is_open_for_signup(self, request: HttpRequest) -> bool:
        return bool(settings.ACCOUNT_SIGNUP_OPEN)

    def format_email_subject(self, subject: str) -> str:
        """allauth's account mails (verification, password reset, ...):
        ``[Dugout] <what>``, as every mail's subject (``league/mail.py``)."""
        return mail_subject(subject)

    def can_delete_email(self, email_address: EmailAddress) -> bool:
        """Never an account's last address: an account with none counts as
        one an administrator made and vetted (``email_verified``), so a
        person who removed their unverified address would create and join
        leagues without ever verifying it."""
        if email_address.pk is not None:
            others = EmailAddress.objects.filter(user_id=email_address.user_id).exclude(
                pk=email_address.pk
            )
            if not others.exists():
                return False
        return bool(super().can_delete_email(email_address))

    def get_client_ip(self, request: HttpRequest) -> str:
        return BaseThrottle().get_ident(Request(request)) or "unknown"

    def get_login_redirect_url(self, request: HttpRequest) -> str:
        return _pending_invite(request) or super().get_login_redirect_url(request)

    def get_signup_redirect_url(self, request: HttpRequest) -> str:
        return _pending_invite(request) or super().get_signup_redirect_url(request)

    def get_email_verification_redirect_url(self, email_address: EmailAddress) -> str:
        request = getattr(self, "request", None)
        return _pending_invite(request) or str(
            super().get_email_verification_redirect_url(email_address)
        )


class SocialAccountAdapter(DefaultSocialAccountAdapter):
    def is_open_for_signup(self, request: HttpRequest, sociallogin: Any) -> bool:
        return bool(settings.ACCOUNT_SIGNUP_OPEN)
