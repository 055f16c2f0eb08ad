"""What the members page shows of a league's invitations."""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.db.models import Q
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


def invite_url(invite: LeagueInvite) -> str:
    """The invite's full address on the site's own host
    (``SITE_URL/invite/<token>/``), as the e-mails give it: a link the
    commissioner copies and sends on, so never the host name the request
    reached the site by."""
    return f"{settings.SITE_URL}/invite/{invite_token(invite)}/"


def invite_link_shown(league: League) -> LinkShown | None:
    """The league's live link and its full address, if it has one."""
    invite = invite_link_live(league)
    if invite is None:
        return None
    return LinkShown(invite, invite_url(invite))


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
