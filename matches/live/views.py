"""The live match's pages and JSON endpoints: thin, the services decide."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import RequestDataTooBig
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST, require_safe

from matches.live.models import LiveMatch
from matches.live.referee import live_format_problem
from matches.live.selectors import (
    invitation_coach_id,
    live_for_match,
    live_state_now,
    match_awaits_play,
)
from matches.live.services import (
    LiveRefused,
    live_match_accept,
    live_match_clock,
    live_match_decide,
    live_match_open,
    live_match_withdraw,
    live_require_player,
)
from matches.live.setup import live_match_arrange
from matches.models import Match
from matches.seasons.offseason import match_redraft_owed


def _error(code: str, message: str, *, status: int) -> JsonResponse:
    """A refusal in the API's error shape: ``{"errors": [{"code", "field",
    "message"}]}`` (the live endpoints read a whole body, so no field)."""
    error = {"code": code, "field": None, "message": message}
    return JsonResponse({"errors": [error]}, status=status)


def _refusal(exc: LiveRefused) -> JsonResponse:
    if exc.code == "not_found":
        status = 404
    elif exc.code in ("not_your_turn", "not_a_coach", "not_yours"):
        status = 403
    else:
        status = 409
    return JsonResponse({"errors": exc.as_dicts()}, status=status)


def _json_sign_in_required(
    view: Callable[..., JsonResponse],
) -> Callable[..., JsonResponse]:
    """The JSON endpoints' sign-in: a refusal the page's script can read
    (401, ``not_signed_in``), not a redirect to the sign-in page."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
        if not request.user.is_authenticated:
            return _error("not_signed_in", "Sign in to play this match.", status=401)
        return view(request, *args, **kwargs)

    return wrapped


@require_safe
def live_page(request: HttpRequest, match_id: int) -> HttpResponse:
    """The fixture's live page: the board for everyone (only the coach whose
    decision is pending can act), or the offer to play it live."""
    match = get_object_or_404(
        Match.objects.select_related("season__league", "home", "away"), pk=match_id
    )
    live = live_for_match(match_id)
    # An invitation nobody accepted before the match was reported or
    # resolved: nothing is played live, so no board waits for a coach.
    lapsed = (
        live is not None
        and live.state == LiveMatch.State.INVITED
        and not match_awaits_play(match)
    )
    if lapsed:
        live = None
    user_id = request.user.pk if request.user.is_authenticated else None
    coaches = {match.home.coach_id, match.away.coach_id}
    invitation = live if live and live.state == LiveMatch.State.INVITED else None
    context: dict[str, Any] = {
        "match": match,
        "league": match.season.league,
        "live": live,
        "lapsed": lapsed,
        "is_coach": user_id in coaches,
        "format_problem": live_format_problem(str(match.season.settings["format"])),
        "can_open": live is None and user_id in coaches and match_awaits_play(match),
        "can_accept": invitation is not None
        and match_awaits_play(match)
        and user_id == invitation_coach_id(invitation, invited=True),
        "can_withdraw": invitation is not None
        and user_id == invitation_coach_id(invitation, invited=False),
        "inviting_team": invitation
        and getattr(invitation.match, invitation.opened_from),
        "state": live_state_now(live.pk, user_id) if live is not None else None,
        "viewer": {"id": user_id},
    }
    # a team owing its re-draft kicks the match off no way: said, not offered
    redraft = match_redraft_owed(match) if match_awaits_play(match) else []
    context["redraft_owed"] = redraft
    context["can_open"] = (
        context["can_open"] and not context["format_problem"] and not redraft
    )
    context["can_accept"] = context["can_accept"] and not redraft
    return render(request, "matches/live/live_page.html", context)


@require_POST
@login_required
def live_open(request: HttpRequest, match_id: int) -> HttpResponse:
    try:
        live_match_open(
            match_id=match_id,
            user=request.user,
            against_bot=request.POST.get("against") == "bot",
        )
    except LiveRefused as exc:
        messages.error(request, str(exc))
    return redirect("web:live:page", match_id=match_id)


def _answer_invitation(
    request: HttpRequest, live_id: int, service: Callable[..., Any]
) -> HttpResponse:
    """Accept or withdraw an invitation, then back to the live page (a
    refusal as a message there). An invitation already withdrawn (a page
    still showing its button) sends the coach back to the match's live page
    the form names, saying so."""
    live = LiveMatch.objects.filter(pk=live_id).first()
    if live is None:
        match = Match.objects.filter(pk=_int_or_none(request.POST.get("match"))).first()
        if match is None:
            raise Http404("There is no such live match.")
        messages.error(request, "The invitation was withdrawn.")
        return redirect("web:live:page", match_id=match.pk)
    try:
        service(live_id=live_id, user=request.user)
    except LiveRefused as exc:
        messages.error(request, str(exc))
    return redirect("web:live:page", match_id=live.match_id)


def _int_or_none(value: str | None) -> int | None:
    """A match id a form sent, None for anything else (an id past the
    database's integer would be an error, not a miss)."""
    if value is None or not (value.isascii() and value.isdigit() and len(value) < 10):
        return None
    return int(value)


@require_POST
@login_required
def live_accept(request: HttpRequest, live_id: int) -> HttpResponse:
    return _answer_invitation(request, live_id, live_match_accept)


@require_POST
@login_required
def live_withdraw(request: HttpRequest, live_id: int) -> HttpResponse:
    return _answer_invitation(request, live_id, live_match_withdraw)


def _whole(value: Any) -> bool:
    """Whether a JSON value is a whole number (not true or false, which
    Python counts as 1 and 0)."""
    return isinstance(value, int) and not isinstance(value, bool)


class _TooBig(Exception):
    """A body larger than the server reads (DATA_UPLOAD_MAX_MEMORY_SIZE)."""


def _json_body(request: HttpRequest) -> Any:
    """The request's JSON body (an empty one reads as ``{}``); raises
    :class:`_TooBig` for a body over the size limit, ValueError for one
    that is not JSON."""
    try:
        raw = request.body
    except RequestDataTooBig:
        raise _TooBig from None
    return json.loads(raw or b"{}")


def _too_big() -> JsonResponse:
    """The refusal of a body over the size limit, as the API words it."""
    return _error(
        "request_too_large",
        "The request is larger than the server accepts.",
        status=413,
    )


@require_safe
def live_state(request: HttpRequest, live_id: int) -> JsonResponse:
    """The state as it stands (what the page polls when its socket drops)."""
    state = live_state_now(live_id, request.user.pk)
    if state is None:
        return _refusal(LiveRefused("not_found", "No such live match."))
    return JsonResponse(state)


@require_POST
@_json_sign_in_required
def live_decide(request: HttpRequest, live_id: int) -> JsonResponse:
    """One decision: ``{"option": index, "at": decisions seen}``, both
    whole numbers and both required (a click sent twice, or from a second
    tab, is then refused as stale, never played twice); answers the new
    state (the one the service sent the pages), or a refusal in the API's
    shape, ``{"errors": [{"code", "field", "message"}]}``."""
    try:
        live_require_player(live_id=live_id, user=request.user)
    except LiveRefused as exc:
        return _refusal(exc)
    try:
        body = _json_body(request)
        option, at = body["option"], body["at"]
        if not (_whole(option) and _whole(at)):
            raise ValueError
    except _TooBig:
        return _too_big()
    except (ValueError, KeyError, TypeError, RecursionError):  # JSON nested too deep
        return _error("bad_request", 'Send {"option": n, "at": n}.', status=400)
    try:
        live = live_match_decide(
            live_id=live_id, user=request.user, option_index=option, at=at
        )
    except LiveRefused as exc:
        return _refusal(exc)
    return JsonResponse(live.sent or live_state_now(live_id, request.user.pk))


@require_POST
@_json_sign_in_required
def live_setup(request: HttpRequest, live_id: int) -> JsonResponse:
    """A set-up placed by hand: ``{"placement": [[player, square], ...],
    "at": decisions seen}``, both required; answers the new state, or a refusal."""
    try:
        live_require_player(live_id=live_id, user=request.user)
    except LiveRefused as exc:
        return _refusal(exc)
    try:
        body = _json_body(request)
        placement, at = body["placement"], body["at"]
        if not _whole(at):
            raise ValueError
    except _TooBig:
        return _too_big()
    except (ValueError, KeyError, TypeError, RecursionError):  # JSON nested too deep
        return _error("bad_request", 'Send {"placement": [...], "at": n}.', status=400)
    try:
        live = live_match_arrange(
            live_id=live_id, user=request.user, placement=placement, at=at
        )
    except LiveRefused as exc:
        return _refusal(exc)
    return JsonResponse(live.sent or live_state_now(live_id, request.user.pk))


@require_POST
def live_clock(request: HttpRequest, live_id: int) -> JsonResponse:
    """Ask the server to end a turn whose clock ran out (it checks)."""
    try:
        live_match_clock(live_id=live_id)
    except LiveRefused as exc:
        return _refusal(exc)
    return JsonResponse(live_state_now(live_id, request.user.pk))
