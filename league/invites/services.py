"""The ways into a league that need no approval: its shareable invite link
and invitations by e-mail.

Decision: joining through an invite makes the person a member at once,
with no request for the commissioner to approve: the commissioner made the
link and handed it out, and that is their consent. They keep control by
limiting the link's uses and lifetime, by revoking it (which makes a new
one: whoever holds the old address is refused), and by removing a member.
A coach the commissioner removed cannot come back through the shareable
link; an e-mail invitation, addressed by the commissioner to one person,
lets anyone back in.

Each service locks the league row first, as the membership services do,
then the invite, and writes one line of the league's audit log.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import partial

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import F
from django.template.loader import render_to_string
from django.utils import timezone

from engine.facade import Violation
from league.access import AnyUser
from league.accounts.verification import require_email_verified
from league.errors import ServiceError
from league.invites.models import LeagueInvite
from league.invites.tokens import invite_token
from league.mail import mail_send, mail_subject
from league.models import League, LeagueEvent, LeagueMembership
from league.services.audit import league_event_record
from league.services.membership import (
    _commissioner_league_for_update,
    _league_for_update,
    _membership_for_update,
    _move,
)

Status = LeagueMembership.Status
Kind = LeagueInvite.Kind

# A new shareable link: this many joins, for this many days (the
# commissioner may choose others, or none).
LINK_MAX_USES = 20
LINK_DAYS = 30
# An e-mail invitation: one person, for this many days.
EMAIL_DAYS = 30
# E-mail invitations a league may send a day (a commissioner's account
# cannot be made to send mail to the whole world).
EMAILS_PER_DAY = 50


@dataclass(frozen=True)
class InviteState:
    """Whether an invite still lets people in, and if not why."""

    code: str  # "ok", "revoked", "expired" or "used_up"
    message: str

    @property
    def ok(self) -> bool:
        return self.code == "ok"


def invite_state(invite: LeagueInvite, *, now: datetime | None = None) -> InviteState:
    now = now or timezone.now()
    what = "invite link" if invite.kind == Kind.LINK else "invitation"
    if invite.revoked_at is not None:
        return InviteState(
            "revoked",
            f"This {what} was revoked by the commissioner of {invite.league}: "
            "ask them for the new one.",
        )
    if invite.expires_at is not None and invite.expires_at <= now:
        return InviteState(
            "expired",
            f"This {what} to {invite.league} expired on "
            f"{invite.expires_at:%d %B %Y}: ask the commissioner for a new one.",
        )
    if invite.max_uses is not None and invite.uses >= invite.max_uses:
        return InviteState(
            "used_up",
            f"This {what} to {invite.league} has been used "
            f"{invite.uses} time{'s' if invite.uses != 1 else ''}, all it "
            "allowed: ask the commissioner for a new one.",
        )
    return InviteState("ok", "")


def _record(
    league: League, type: LeagueEvent.Type, actor: AnyUser, **payload: object
) -> None:
    league_event_record(
        league_id=league.pk,
        type=type,
        payload=payload,
        actor=actor,  # type: ignore[arg-type]
    )


def _new_invite(
    league: League,
    *,
    kind: str,
    actor: AbstractBaseUser,
    max_uses: int | None,
    days: int | None,
    email: str = "",
) -> LeagueInvite:
    invite = LeagueInvite(
        league=league,
        kind=kind,
        email=email,
        nonce=secrets.token_urlsafe(12),
        max_uses=max_uses,
        expires_at=timezone.now() + timedelta(days=days) if days else None,
        created_by_id=actor.pk,
    )
    invite.full_clean(exclude=["league", "created_by"], validate_constraints=False)
    invite.save()
    return invite


def _check_limits(max_uses: int | None, days: int | None) -> None:
    """Refuse limits out of range, both of them when both are."""
    problems: list[Violation] = []
    if max_uses is not None and not 1 <= max_uses <= 1000:
        problems.append(
            Violation(
                "out_of_range",
                "max_uses",
                "a link takes from 1 to 1,000 joins, or no limit",
            )
        )
    if days is not None and not 1 <= days <= 365:
        problems.append(
            Violation(
                "out_of_range", "days", "a link lasts from 1 to 365 days, or for ever"
            )
        )
    if problems:
        raise ServiceError(problems)


def _revoke_live_link(league: League) -> int:
    return LeagueInvite.objects.filter(
        league=league, kind=Kind.LINK, revoked_at__isnull=True
    ).update(revoked_at=timezone.now())


def invite_link_make(
    league: League,
    *,
    actor: AbstractBaseUser,
    max_uses: int | None = LINK_MAX_USES,
    days: int | None = LINK_DAYS,
) -> LeagueInvite:
    """A new shareable link for ``league`` (locked by the caller), the old
    one revoked."""
    _check_limits(max_uses, days)
    revoked = _revoke_live_link(league)
    invite = _new_invite(
        league, kind=Kind.LINK, actor=actor, max_uses=max_uses, days=days
    )
    _record(
        league,
        LeagueEvent.Type.INVITE_LINK_MADE,
        actor,
        invite_id=invite.pk,
        max_uses=max_uses,
        days=days,
        replaced=bool(revoked),
    )
    return invite


@transaction.atomic
def invite_link_renew(
    *,
    league_id: int,
    actor: AbstractBaseUser,
    max_uses: int | None = LINK_MAX_USES,
    days: int | None = LINK_DAYS,
) -> LeagueInvite:
    """The commissioner revokes the league's invite link, which makes a new
    one (with these limits): the old address is refused from now on."""
    league = _commissioner_league_for_update(actor, league_id)
    return invite_link_make(league, actor=actor, max_uses=max_uses, days=days)


def _invite_mail(invite: LeagueInvite, *, url: str, inviter: str) -> None:
    context = {
        "invite": invite,
        "league": invite.league,
        "url": url,
        "inviter": inviter,
        "days": EMAIL_DAYS,
    }
    mail_send(
        subject=mail_subject(
            f"{inviter} invites you to join the league", league=invite.league.name
        ),
        body=render_to_string("league/invites/invite_email.txt", context),
        to=[invite.email],
    )


@transaction.atomic
def invite_email_send(
    *, league_id: int, email: str, actor: AbstractBaseUser, site: str
) -> LeagueInvite:
    """The commissioner invites someone by e-mail: the mail (sent once the
    transaction has committed) holds a link for one person, valid for
    ``EMAIL_DAYS`` days, that works whether or not they have an account.
    ``site``: the address the link starts with (``https://host``)."""
    league = _commissioner_league_for_update(actor, league_id)
    email = email.strip()
    if not email:
        raise ServiceError.one("required", "email", "give an e-mail address")
    since = timezone.now() - timedelta(days=1)
    sent = LeagueInvite.objects.filter(
        league=league, kind=Kind.EMAIL, created_at__gte=since
    ).count()
    if sent >= EMAILS_PER_DAY:
        raise ServiceError.one(
            "too_many_invitations",
            "email",
            f"{league} has sent {EMAILS_PER_DAY} invitations today: try tomorrow",
        )
    invite = _new_invite(
        league, kind=Kind.EMAIL, actor=actor, max_uses=1, days=EMAIL_DAYS, email=email
    )
    _record(
        league,
        LeagueEvent.Type.INVITE_EMAILED,
        actor,
        invite_id=invite.pk,
        email=email,
    )
    url = site + f"/invite/{invite_token(invite)}/"
    transaction.on_commit(
        partial(_invite_mail, invite, url=url, inviter=actor.get_username())
    )
    return invite


def _membership_refusal(
    league: League,
    membership: LeagueMembership | None,
    invite: LeagueInvite,
    actor: AnyUser,
) -> ServiceError | None:
    if actor.pk == league.commissioner_id or (
        membership is not None and membership.status == Status.MEMBER
    ):
        return ServiceError.one("already_member", None, f"you are a member of {league}")
    if (
        membership is not None
        and membership.status == Status.REMOVED
        and invite.kind == Kind.LINK
    ):
        return ServiceError.one(
            "removed",
            None,
            f"the commissioner of {league} removed you: only they can let you "
            "back in (an invitation by e-mail or by username)",
        )
    return None


@transaction.atomic
def invite_join(*, invite_id: int, actor: AbstractBaseUser) -> LeagueMembership:
    """``actor`` joins the invite's league as a member, if the invite still
    lets people in and their e-mail address is verified. A refusal uses
    none of the invite's joins."""
    league_id = (
        LeagueInvite.objects.filter(pk=invite_id)
        .values_list("league_id", flat=True)
        .first()
    )
    if league_id is None:
        raise ServiceError.one("not_found", None, "there is no such invitation")
    league = _league_for_update(league_id)
    invite = LeagueInvite.objects.select_for_update().get(pk=invite_id)
    invite.league = league
    state = invite_state(invite)
    if not state.ok:
        raise ServiceError.one(f"invite_{state.code}", None, state.message)
    require_email_verified(actor, to="join a league")
    membership = _membership_for_update(league, actor.pk)
    refusal = _membership_refusal(league, membership, invite, actor)
    if refusal is not None:
        raise refusal
    membership = _move(
        league,
        membership,
        coach=actor,
        to=Status.MEMBER,
        type=LeagueEvent.Type.JOINED_BY_INVITE,
        actor=actor,
        how="through its invite link"
        if invite.kind == Kind.LINK
        else f"through your invitation to {invite.email}",
    )
    LeagueInvite.objects.filter(pk=invite.pk).update(uses=F("uses") + 1)
    return membership
