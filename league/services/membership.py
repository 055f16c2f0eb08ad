"""Who belongs to a league: the commissioner opens or closes it, invites
coaches, approves or declines their requests and removes them; a coach asks
to join an open league and accepts or declines an invitation.

Every service locks the league row first (``select_for_update``), then reads
and changes the coach's membership, so two membership requests about one
league never interleave; each change writes one line of the league's audit log in the
same transaction. A refusal raises ``ServiceError`` and writes nothing.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.urls import reverse

from engine.facade import Violation
from league.access import AnyUser, league_get_for_commissioner
from league.accounts.verification import require_email_verified
from league.errors import ServiceError
from league.models import League, LeagueEvent, LeagueMembership
from league.notifications.kinds import Kind
from league.notifications.services import notify
from league.services.audit import league_event_record

Status = LeagueMembership.Status


def _league_for_update(league_id: int) -> League:
    # FOR NO KEY UPDATE: the league row's key never changes here, and a
    # plain FOR UPDATE would block the foreign-key checks of a draft or a
    # season being created in the league, which hold a membership row: a
    # deadlock.
    return League.objects.select_for_update(no_key=True).get(pk=league_id)


def _commissioner_league_for_update(actor: AnyUser, league_id: int) -> League:
    """The league, locked, if ``actor`` is its commissioner (403 otherwise,
    404 if there is no such league)."""
    league_get_for_commissioner(actor, league_id)
    return _league_for_update(league_id)


def _membership_for_update(league: League, coach_id: int) -> LeagueMembership | None:
    return (
        LeagueMembership.objects.select_for_update(of=("self",))
        .select_related("coach")
        .filter(league=league, coach_id=coach_id)
        .first()
    )


def _record(
    league: League,
    membership: LeagueMembership,
    type: LeagueEvent.Type,
    actor: AbstractBaseUser,
    before: str | None,
) -> LeagueEvent:
    return league_event_record(
        league_id=league.pk,
        type=type,
        payload={
            "coach_id": membership.coach_id,
            "coach": membership.coach.get_username(),
            "status": [before, membership.status],
        },
        actor=actor,
    )


def _move(
    league: League,
    membership: LeagueMembership | None,
    *,
    coach: AbstractBaseUser,
    to: str,
    type: LeagueEvent.Type,
    actor: AbstractBaseUser,
    how: str = "",
) -> LeagueMembership:
    """Give ``coach`` the status ``to`` in ``league`` (creating the row the
    first time), record the step and tell whom it concerns (``how``: the way
    the coach came in, for the commissioner's notification of a join)."""
    before = membership.status if membership is not None else None
    if membership is None:
        membership = LeagueMembership(league=league, coach_id=coach.pk, status=to)
        membership.full_clean(exclude=["league", "coach"], validate_constraints=False)
        membership.save()
    else:
        membership.status = to
        membership.save(update_fields=["status", "updated_at"])
    event = _record(league, membership, type, actor, before)
    _notify(league, membership, type, actor, event, how=how)
    return membership


def _notify(
    league: League,
    membership: LeagueMembership,
    type: LeagueEvent.Type,
    actor: AbstractBaseUser,
    event: LeagueEvent,
    *,
    how: str = "",
) -> None:
    """The invited coach, the commissioner asked or joined, the coach
    answered."""
    who, by = membership.coach.get_username(), actor.get_username()
    draft = reverse("web:team-draft", args=[league.pk])
    members = reverse("web:league-members", args=[league.pk])
    notes: dict[str, tuple[Kind, int, str, str]] = {
        LeagueEvent.Type.MEMBER_INVITED: (
            Kind.INVITATION,
            membership.coach_id,
            f"{by} invites you to {league.name}: accept or decline the invitation",
            draft,
        ),
        LeagueEvent.Type.JOIN_REQUESTED: (
            Kind.JOIN_REQUEST,
            league.commissioner_id,
            f"{who} asks to join {league.name}",
            members,
        ),
        LeagueEvent.Type.INVITATION_ACCEPTED: (
            Kind.MEMBER_JOINED,
            league.commissioner_id,
            f"{who} accepted your invitation and joined {league.name}",
            members,
        ),
        LeagueEvent.Type.INVITATION_DECLINED: (
            Kind.INVITATION_DECLINED,
            league.commissioner_id,
            f"{who} declined your invitation to {league.name}",
            members,
        ),
        LeagueEvent.Type.JOINED_BY_INVITE: (
            Kind.MEMBER_JOINED,
            league.commissioner_id,
            f"{who} joined {league.name} {how or 'through an invitation'}",
            members,
        ),
        LeagueEvent.Type.REQUEST_APPROVED: (
            Kind.JOIN_ANSWERED,
            membership.coach_id,
            f"{by} approved your request to join {league.name}: draft your team",
            draft,
        ),
        LeagueEvent.Type.REQUEST_DECLINED: (
            Kind.JOIN_ANSWERED,
            membership.coach_id,
            f"{by} declined your request to join {league.name}",
            reverse("web:league", args=[league.pk]),
        ),
    }
    if type not in notes:
        return
    kind, recipient, text, url = notes[type]
    notify(
        recipients=[recipient],
        kind=kind,
        text=text,
        url=url,
        key=f"membership:{event.pk}",
        league_id=league.pk,
    )


def _is_commissioner(league: League, user: AnyUser) -> bool:
    return user.pk == league.commissioner_id


@transaction.atomic
def league_set_open(
    *, league_id: int, is_open: bool, actor: AbstractBaseUser
) -> League:
    """Open the league to requests to join, or close it again (then coaches
    join only by invitation). Asking for what already is changes nothing."""
    league = _commissioner_league_for_update(actor, league_id)
    if league.is_open == is_open:
        return league
    league.is_open = is_open
    league.save(update_fields=["is_open"])
    league_event_record(
        league_id=league.pk,
        type=LeagueEvent.Type.LEAGUE_OPENED
        if is_open
        else LeagueEvent.Type.LEAGUE_CLOSED,
        payload={"is_open": is_open},
        actor=actor,
    )
    return league


@transaction.atomic
def membership_invite(
    *, league_id: int, username: str, actor: AbstractBaseUser
) -> LeagueMembership:
    """The commissioner invites a coach, by username; the coach becomes a
    member by accepting. A coach who declined or was removed may be invited
    again; one who asked to join is approved, not invited."""
    league = _commissioner_league_for_update(actor, league_id)
    users = get_user_model()
    coach = users.objects.filter(**{users.USERNAME_FIELD: username.strip()}).first()
    if coach is None or not coach.is_active:
        raise ServiceError.one(
            "unknown_user", "username", f"there is no coach called {username!r}"
        )
    membership = _membership_for_update(league, coach.pk)
    status = membership.status if membership is not None else None
    if _is_commissioner(league, coach) or status == Status.MEMBER:
        raise ServiceError.one(
            "already_member", "username", f"{coach} is a member of {league}"
        )
    if status == Status.INVITED:
        raise ServiceError.one(
            "already_invited", "username", f"{coach} is already invited to {league}"
        )
    if status == Status.REQUESTED:
        raise ServiceError.one(
            "request_pending",
            "username",
            f"{coach} has asked to join {league}: approve the request instead",
        )
    return _move(
        league,
        membership,
        coach=coach,
        to=Status.INVITED,
        type=LeagueEvent.Type.MEMBER_INVITED,
        actor=actor,
    )


@transaction.atomic
def membership_request(*, league_id: int, actor: AbstractBaseUser) -> LeagueMembership:
    """A coach asks to join an open league; the commissioner approves or
    declines. A closed league takes coaches only by invitation. The coach
    must have verified their e-mail address."""
    require_email_verified(actor, to="join a league")
    league = _league_for_update(league_id)
    membership = _membership_for_update(league, actor.pk)
    status = membership.status if membership is not None else None
    if _is_commissioner(league, actor) or status == Status.MEMBER:
        raise ServiceError.one("already_member", None, f"you are a member of {league}")
    if status == Status.INVITED:
        raise ServiceError.one(
            "invitation_pending",
            None,
            f"you are invited to {league}: accept the invitation instead",
        )
    if status == Status.REQUESTED:
        raise ServiceError.one(
            "already_requested", None, f"you have already asked to join {league}"
        )
    if not league.is_open:
        raise ServiceError.one(
            "league_closed",
            None,
            f"{league} is closed: its commissioner invites the coaches",
        )
    return _move(
        league,
        membership,
        coach=actor,
        to=Status.REQUESTED,
        type=LeagueEvent.Type.JOIN_REQUESTED,
        actor=actor,
    )


def _answered_refusal(
    league: League, membership: LeagueMembership | None
) -> ServiceError | None:
    """Why the coach cannot answer an invitation to ``league``: they
    answered it already (declined it, or accepted it and are a member), or
    have none."""
    status = membership.status if membership is not None else None
    if status == Status.INVITED:
        return None
    if status == Status.DECLINED:
        return ServiceError.one(
            "already_declined",
            None,
            f"you declined the invitation to {league}: only a new invitation "
            "from its commissioner lets you answer again",
        )
    if status == Status.MEMBER:
        return ServiceError.one("already_member", None, f"you are a member of {league}")
    return ServiceError.one(
        "no_invitation", None, f"you have no invitation to {league}"
    )


def _answer_invitation(
    league_id: int, actor: AbstractBaseUser, *, accept: bool
) -> LeagueMembership:
    if accept:
        require_email_verified(actor, to="join a league")
    league = _league_for_update(league_id)
    membership = _membership_for_update(league, actor.pk)
    refusal = _answered_refusal(league, membership)
    if refusal is not None:
        raise refusal
    assert membership is not None
    return _move(
        league,
        membership,
        coach=actor,
        to=Status.MEMBER if accept else Status.DECLINED,
        type=LeagueEvent.Type.INVITATION_ACCEPTED
        if accept
        else LeagueEvent.Type.INVITATION_DECLINED,
        actor=actor,
    )


@transaction.atomic
def membership_accept(*, league_id: int, actor: AbstractBaseUser) -> LeagueMembership:
    """The invited coach accepts, and is a member (open or closed league)."""
    return _answer_invitation(league_id, actor, accept=True)


@transaction.atomic
def membership_decline(*, league_id: int, actor: AbstractBaseUser) -> LeagueMembership:
    """The invited coach declines; the commissioner is told, and may invite
    them again."""
    return _answer_invitation(league_id, actor, accept=False)


def _answer_request(
    league_id: int, coach_id: int, actor: AbstractBaseUser, *, approve: bool
) -> LeagueMembership:
    league = _commissioner_league_for_update(actor, league_id)
    membership = _membership_for_update(league, coach_id)
    if membership is None or membership.status != Status.REQUESTED:
        raise ServiceError.one(
            "no_request", "coach", f"coach {coach_id} has not asked to join {league}"
        )
    return _move(
        league,
        membership,
        coach=membership.coach,
        to=Status.MEMBER if approve else Status.DECLINED,
        type=LeagueEvent.Type.REQUEST_APPROVED
        if approve
        else LeagueEvent.Type.REQUEST_DECLINED,
        actor=actor,
    )


@transaction.atomic
def membership_approve(
    *, league_id: int, coach_id: int, actor: AbstractBaseUser
) -> LeagueMembership:
    """The commissioner approves a coach's request: a member."""
    return _answer_request(league_id, coach_id, actor, approve=True)


@transaction.atomic
def membership_reject(
    *, league_id: int, coach_id: int, actor: AbstractBaseUser
) -> LeagueMembership:
    """The commissioner declines a coach's request to join."""
    return _answer_request(league_id, coach_id, actor, approve=False)


@transaction.atomic
def membership_remove(
    *, league_id: int, coach_id: int, actor: AbstractBaseUser
) -> LeagueMembership:
    """The commissioner removes a member. The history stays: the coach's
    teams, their matches and results are untouched, and a season already
    under way plays on; the coach can no longer draft in the league, and
    their teams are not taken into new seasons."""
    league = _commissioner_league_for_update(actor, league_id)
    if coach_id == league.commissioner_id:
        raise ServiceError.one(
            "commissioner", "coach", "the commissioner cannot leave their own league"
        )
    membership = _membership_for_update(league, coach_id)
    if membership is None or membership.status != Status.MEMBER:
        raise ServiceError.one(
            "not_a_member", "coach", f"coach {coach_id} is not a member of {league}"
        )
    return _move(
        league,
        membership,
        coach=membership.coach,
        to=Status.REMOVED,
        type=LeagueEvent.Type.MEMBER_REMOVED,
        actor=actor,
    )


# --- what membership allows --------------------------------------------------


def membership_draft_violation(*, league: League, coach: AnyUser) -> Violation | None:
    """Why ``coach`` may not draft a team into ``league``, or None if they
    may (a member, or the commissioner). The coach's membership row stays
    locked until the transaction ends, so a removal cannot slip in between
    this check and the draft."""
    if coach.is_authenticated and _is_commissioner(league, coach):
        return None
    membership = (
        _membership_for_update(league, coach.pk) if coach.is_authenticated else None
    )
    if membership is not None and membership.status == Status.MEMBER:
        return None
    how = (
        "accept your invitation first"
        if membership is not None and membership.status == Status.INVITED
        else "ask to join it first"
        if league.is_open
        else "it is closed: its commissioner invites the coaches"
    )
    return Violation(
        "not_a_member",
        "league",
        f"only members of {league} may draft a team there: {how}",
    )


def league_member_ids_for_update(league: League) -> set[int]:
    """The coaches whose teams may play in ``league``: its members and its
    commissioner. The member rows stay locked until the transaction ends, so
    a coach removed meanwhile waits for (or precedes) what is built on this."""
    members = (
        LeagueMembership.objects.select_for_update()
        .filter(league=league, status=Status.MEMBER)
        .values_list("coach_id", flat=True)
    )
    return {league.commissioner_id, *members}
