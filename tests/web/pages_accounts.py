"""The pages of the way in (accounts, a new league, invitations, API
tokens) for ``tests/web/pages.py``'s list, and the routes of that way in
that are not checked there, with the reason. ``account_pages(Page)`` takes
the list's ``Page`` class, so this module imports nothing from that one."""

from __future__ import annotations

import itertools
from typing import Any

from league.invites.selectors import invite_link_live
from league.invites.tokens import invite_token
from league.models import League

VISITOR, COACH, COMMISSIONER = None, "bob", "alice"
_TOKEN_NAMES = itertools.count()


def _invite(world: Any) -> str:
    """The world's Sevens league's invite link (``build_world`` makes it)."""
    invite = invite_link_live(League.objects.get(pk=world.league))
    assert invite is not None
    return f"/invite/{invite_token(invite)}/"


def account_pages(page: type) -> list[Any]:
    return [
        page("sign up", "account_signup", lambda w: "/accounts/signup/"),
        page(
            "sign up refused",
            "account_signup",
            lambda w: "/accounts/signup/",
            status=200,
            post=lambda w: {"email": "bad", "username": "", "password1": "x"},
        ),
        page(
            "password reset",
            "account_reset_password",
            lambda w: "/accounts/password/reset/",
        ),
        page(
            "password reset sent",
            "account_reset_password_done",
            lambda w: "/accounts/password/reset/done/",
        ),
        page("log out", "account_logout", lambda w: "/accounts/logout/", COACH),
        page("e-mail addresses", "account_email", lambda w: "/accounts/email/", COACH),
        page(
            "change password",
            "account_change_password",
            lambda w: "/accounts/password/change/",
            COACH,
        ),
        page(
            "Discord connection",
            "socialaccount_connections",
            lambda w: "/accounts/3rdparty/",
            COACH,
        ),
        page(
            "Discord login cancelled",
            "socialaccount_login_cancelled",
            lambda w: "/accounts/3rdparty/login/cancelled/",
        ),
        page(
            "Discord login failed",
            "socialaccount_login_error",
            lambda w: "/accounts/3rdparty/login/error/",
            status=401,
        ),
        page("API tokens", "web:api-tokens", lambda w: "/accounts/tokens/", COACH),
        page(
            "API token made",
            "web:api-tokens",
            lambda w: "/accounts/tokens/",
            COACH,
            # a name of its own each time the page is asked for
            post=lambda w: {"name": f"a script {next(_TOKEN_NAMES)}"},
        ),
        page("new league", "web:league-new", lambda w: "/leagues/new/", COACH),
        page(
            "new league refused",
            "web:league-new",
            lambda w: "/leagues/new/",
            COACH,
            status=400,
            post=lambda w: {"name": "", "format": "none"},
        ),
        page("invite (visitor)", "web:invite", _invite),
        page("invite (coach)", "web:invite", _invite, "dave"),
        page(
            "admin new league",
            "admin:league_league_add",
            lambda w: "/admin/league/league/add/",
            COMMISSIONER,
        ),
    ]


ACCOUNT_EXCLUDED: dict[str, str] = {
    "web:api-token-revoke": "POST only: redirects to the tokens page (checked)",
    "web:league-invite-link": "POST only: redirects to the members page (checked)",
    "web:league-invite-email": "POST only: redirects to the members page (checked)",
    "account_confirm_email": "needs a mailed key: checked in "
    "tests/web/test_browser_first_league.py",
    "account_reset_password_from_key*": "needs a mailed key; the same "
    "form as the change-password page (checked)",
    "account_set_password": "for accounts made by Discord, with no password; "
    "the change-password page's form (checked)",
    "account_email_verification_sent": "shown only where verification is "
    "mandatory at login (Dugout's is not)",
    "account_inactive": "shown only to a deactivated account",
    "account_*reauthentic*": "reauthentication is off (no page asks for it)",
    "account_confirm_login_code": "login by a mailed code is off",
    "socialaccount_signup": "only inside a Discord login that lacks an "
    "address or a free username",
    "accounts/social/*": "allauth's older addresses of the Discord pages",
    "discord_*": "the two ends of the OAuth2 round trip (redirects): "
    "tests/league/test_discord_login.py",
    "admin:account_*": "allauth's e-mail addresses: the superuser's only",
    "admin:socialaccount_*": "allauth's Discord links: the superuser's only",
}
