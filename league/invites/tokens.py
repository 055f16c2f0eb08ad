"""The token in an invite's address: the invite's id and random nonce,
signed with the site's secret key, so an address can be neither guessed
nor altered to name another league's invite."""

from __future__ import annotations

from django.core import signing

from league.invites.models import LeagueInvite

_SIGNER = signing.Signer(salt="dugout.league-invite")


def invite_token(invite: LeagueInvite) -> str:
    return _SIGNER.sign(f"{invite.pk}-{invite.nonce}")


def invite_from_token(token: str) -> LeagueInvite | None:
    """The invite ``token`` names, or None if it is forged or unknown."""
    try:
        value = _SIGNER.unsign(token)
    except signing.BadSignature:
        return None
    pk, _, nonce = value.partition("-")
    if not pk.isdigit() or not nonce:
        return None
    return (
        LeagueInvite.objects.select_related("league", "league__commissioner")
        .filter(pk=int(pk), nonce=nonce)
        .first()
    )
