"""Whether a person has verified their e-mail address, which they must have
done before they create a league or join one.

Decision: the rule binds the accounts that have an address on file (every
account made by signing up has one: the sign-up form and the Discord login
both require it), and at least one of their addresses must be verified.
Accounts made by an administrator (``createsuperuser``, the admin, the
demo's) carry no address to verify and were vetted by whoever made them:
they keep creating and joining leagues as before."""

from __future__ import annotations

from allauth.account.models import EmailAddress

from league.access import AnyUser
from league.errors import ServiceError

UNVERIFIED = "email_unverified"


def email_verified(user: AnyUser) -> bool:
    """True unless ``user`` has addresses on file and none is verified."""
    if not user.is_authenticated:
        return False
    verified = list(
        EmailAddress.objects.filter(user_id=user.pk).values_list("verified", flat=True)
    )
    return not verified or any(verified)


def require_email_verified(user: AnyUser, *, to: str) -> None:
    """Refuse (``email_unverified``) unless ``user`` may ``to`` ("create a
    league"), as far as their e-mail address goes."""
    if not email_verified(user):
        raise ServiceError.one(
            UNVERIFIED,
            None,
            f"verify your e-mail address before you {to}: open the link in "
            "the mail Dugout sent you (your account's e-mail page sends another)",
        )
