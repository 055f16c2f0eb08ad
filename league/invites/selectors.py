"""What the members page shows of a league's invitations."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q
from django.http import HttpRequest
from django.utils import timezone

from league.invites.models import LeagueInvite
from league.invites.tokens import invite_token
from league.models import League


@dataclass(frozen=True)
class LinkShown:
    invite: LeagueInvite
    url: str


def invite_link_live(league: League) -> LeagueInvite | None:
    return LeagueInvite.objects.filter(
        league=league, kind=LeagueInvite.Kind.LINK, revoked_at__isnull=True
    ).first()


def invite_url(request: HttpRequest, invite: LeagueInvite) -> str:
    """The invite's full address (``https://host/invite/<token>/``)."""
    return request.build_absolute_uri(f"/invite/{invite_token(invite)}/")


def invite_link_shown(request: HttpRequest, league: League) -> LinkShown | None:
    """The league's live link and its full address, if it has one."""
    invite = invite_link_live(league)
    if invite is None:
        return None
    return LinkShown(invite, invite_url(request, invite))


def invite_emails_pending(league: League) -> list[LeagueInvite]:
    """E-mail invitations not yet used, revoked or expired."""
    return list(
        LeagueInvite.objects.filter(
            league=league,
            kind=LeagueInvite.Kind.EMAIL,
            revoked_at__isnull=True,
            uses=0,
        ).filter(Q(expires_at__isnull=True) | Q(expires_at__gt=timezone.now()))
    )
