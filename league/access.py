"""Who may do what, in one place per object type.

Coaches write only their own teams; a league's commissioner may act on any
team in that league; everyone else reads.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import PermissionDenied
from django.http import Http404

from league.models import League, Team

AnyUser = AbstractBaseUser | AnonymousUser


def team_can_write(user: AnyUser, team: Team) -> bool:
    return team_ids_can_write(
        user, coach_id=team.coach_id, commissioner_id=team.league.commissioner_id
    )


def team_ids_can_write(user: AnyUser, *, coach_id: int, commissioner_id: int) -> bool:
    """:func:`team_can_write` from the ids alone (for cached data)."""
    if not user.is_authenticated:
        return False
    return user.pk in (coach_id, commissioner_id) or bool(
        getattr(user, "is_superuser", False)
    )


def team_get_for_write(user: AnyUser, team_id: int) -> Team:
    """The team, if ``user`` may change it; 404 if it does not exist, 403 if
    it is not theirs."""
    try:
        team = Team.objects.select_related("league").get(pk=team_id)
    except Team.DoesNotExist:
        raise Http404("no such team") from None
    if not team_can_write(user, team):
        raise PermissionDenied("only the team's coach or the league's commissioner")
    return team


def league_get_for_commissioner(user: AnyUser, league_id: int) -> League:
    try:
        league = League.objects.get(pk=league_id)
    except League.DoesNotExist:
        raise Http404("no such league") from None
    if not user.is_authenticated or (
        user.pk != league.commissioner_id and not getattr(user, "is_superuser", False)
    ):
        raise PermissionDenied("only the league's commissioner")
    return league
