"""Helpers of the account, invitation and token tests: signing up through
the real pages, following the links of the mails in the outbox, and a
snapshot of every row a refused request must leave untouched."""

from __future__ import annotations

import re

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core import mail

from league.models import ApiToken, League, LeagueEvent, LeagueInvite, LeagueMembership

PASSWORD = "a long enough password"
LINK = re.compile(r"https?://[^\s]+")


def sign_up(client, username: str, email: str, *, next: str = "", **extra):
    """Post the sign-up form as a visitor would."""
    url = "/accounts/signup/" + (f"?next={next}" if next else "")
    return client.post(
        url,
        {
            "email": email,
            "username": username,
            "password1": PASSWORD,
            "password2": PASSWORD,
            **({"next": next} if next else {}),
        },
        **extra,
    )


def links_in_mail(to: str) -> list[str]:
    """The links of the last mail sent to ``to``."""
    sent = [m for m in mail.outbox if to in m.to]
    assert sent, f"no mail to {to}"
    return LINK.findall(sent[-1].body)


def verify_by_mail(client, email: str):
    """Open the verification link of the last mail to ``email`` and confirm
    on the page it leads to (a GET changes nothing)."""
    [link] = [u for u in links_in_mail(email) if "/confirm-email/" in u]
    path = link.split("://", 1)[1].split("/", 1)[1]
    page = client.get("/" + path)
    assert page.status_code == 200
    return client.post("/" + path)


def everything() -> dict[str, list]:
    """Every row the account and league pages may write."""
    users = get_user_model().objects.order_by("pk")
    return {
        "users": list(users.values_list("pk", "username", "email")),
        "addresses": list(
            EmailAddress.objects.order_by("pk").values_list("pk", "email", "verified")
        ),
        "leagues": list(
            League.objects.order_by("pk").values_list("pk", "name", "commissioner_id")
        ),
        "memberships": list(
            LeagueMembership.objects.order_by("pk").values_list(
                "pk", "league_id", "coach_id", "status"
            )
        ),
        "invites": list(
            LeagueInvite.objects.order_by("pk").values_list("pk", "uses", "revoked_at")
        ),
        "events": list(LeagueEvent.objects.order_by("pk").values_list("pk", "type")),
        "tokens": list(ApiToken.objects.order_by("pk").values_list("pk", "revoked_at")),
        "mails": [(m.subject, tuple(m.to)) for m in mail.outbox],
    }
