"""Who may do what, in one place per object type.

Coaches write only their own teams, and only while they are members of the
team's league; a league's commissioner may act on any team in that league;
everyone else reads.

Decision (a coach removed from a league, docs/commissioner.md "Removing a
coach"): their teams there are frozen until the commissioner reinstates
them (invites them again and they accept, or approves their request to
join). They change nothing of those teams — no hire, fire, purchase,
special rule, advancement, post-game skill, journeyman, retirement,
re-draft, inducement, report, confirmation or kick-off — and draft none
(``not_a_member``). The commissioner still manages the teams, and their
matches of a season under way are reported by the other coach or the
commissioner, or played by the engine. A write whose check passed while the
coach was still a member is ordered before the removal (it reads nothing
the removal writes); every request made after the removal is refused.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import PermissionDenied
from django.http import Http404

from league.models import League, LeagueMembership, Team

AnyUser = AbstractBaseUser | AnonymousUser


class TeamFrozen(PermissionDenied):
    """The team's coach is no longer a member of its league (a 403 whose
    code is ``team_frozen``)."""

    code = "team_frozen"


def team_can_write(user: AnyUser, team: Team) -> bool:
    return team_write_refusal(user, team) is None


def team_ids_can_write(
    user: AnyUser, *, coach_id: int, commissioner_id: int, league_id: int | None = None
) -> bool:
    """:func:`team_can_write` from the ids alone (for cached data); without
    ``league_id`` the coach's membership is not checked."""
    if not user.is_authenticated:
        return False
    if user.pk == commissioner_id or getattr(user, "is_superuser", False):
        return True
    if user.pk != coach_id:
        return False
    return league_id is None or coach_is_member(user, league_id)


def league_team_writer(
    user: AnyUser, *, league_id: int, commissioner_id: int
) -> Callable[[int], bool]:
    """:func:`team_ids_can_write` for the teams of one league, by their
    coach's id, with at most one query however many teams are asked about
    (a page listing many fixtures)."""
    member: list[bool] = []

    def may(coach_id: int) -> bool:
        if not team_ids_can_write(
            user, coach_id=coach_id, commissioner_id=commissioner_id
        ):
            return False
        if user.pk == commissioner_id or getattr(user, "is_superuser", False):
            return True
        if not member:
            member.append(coach_is_member(user, league_id))
        return member[0]

    return may


def coach_is_member(user: AnyUser, league_id: int) -> bool:
    """Whether ``user`` is (still) a member of the league."""
    return LeagueMembership.objects.filter(
        league_id=league_id, coach_id=user.pk, status=LeagueMembership.Status.MEMBER
    ).exists()


def team_frozen_message(team: Team) -> str:
    return (
        f"you are no longer a member of {team.league.name}: {team.name} is "
        "frozen until its commissioner reinstates you"
    )


def team_write_refusal(user: AnyUser, team: Team) -> PermissionDenied | None:
    """Why ``user`` may not change ``team``, or None when they may: not
    theirs (nor their league's), or theirs in a league they were removed
    from (:class:`TeamFrozen`)."""
    ids = {"coach_id": team.coach_id, "commissioner_id": team.league.commissioner_id}
    if not team_ids_can_write(user, **ids):
        return PermissionDenied("only the team's coach or the league's commissioner")
    if not team_ids_can_write(user, **ids, league_id=team.league_id):
        return TeamFrozen(team_frozen_message(team))
    return None


def teams_write_refusal(
    user: AnyUser, teams: list[Team], refusal: str
) -> PermissionDenied | None:
    """Why ``user`` may change none of ``teams`` (a match's two), or None
    when they may change one: a frozen team of theirs says so, anything
    else is ``refusal``."""
    refusals = [team_write_refusal(user, t) for t in teams]
    if any(r is None for r in refusals):
        return None
    frozen = [r for r in refusals if isinstance(r, TeamFrozen)]
    return frozen[0] if frozen else PermissionDenied(refusal)


def team_require_write(user: AnyUser, team: Team) -> None:
    """Raise :func:`team_write_refusal`'s refusal, if any."""
    refusal = team_write_refusal(user, team)
    if refusal is not None:
        raise refusal


def teams_require_write(user: AnyUser, teams: list[Team], refusal: str) -> None:
    """Raise :func:`teams_write_refusal`'s refusal, if any."""
    refused = teams_write_refusal(user, teams, refusal)
    if refused is not None:
        raise refused


def team_get_for_write(user: AnyUser, team_id: int) -> Team:
    """The team, if ``user`` may change it; 404 if it does not exist, 403 if
    it is not theirs, or if they were removed from its league."""
    try:
        team = Team.objects.select_related("league").get(pk=team_id)
    except Team.DoesNotExist:
        raise Http404("no such team") from None
    team_require_write(user, team)
    return team


def league_is_commissioned_by(user: AnyUser, league: League) -> bool:
    """Whether ``user`` runs ``league``: its commissioner, or a superuser
    (who may do whatever a commissioner does)."""
    return user.is_authenticated and (
        user.pk == league.commissioner_id or getattr(user, "is_superuser", False)
    )


def league_get_for_commissioner(user: AnyUser, league_id: int) -> League:
    try:
        league = League.objects.get(pk=league_id)
    except League.DoesNotExist:
        raise Http404("no such league") from None
    if not league_is_commissioned_by(user, league):
        raise PermissionDenied("only the league's commissioner")
    return league
