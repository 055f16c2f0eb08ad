"""Reads of live matches: who decides, and what a page is sent."""

from __future__ import annotations

import threading
from collections import OrderedDict
from datetime import datetime, timedelta
from typing import Any

from django.db.models import DateTimeField, ExpressionWrapper, F

from matches.live.games import game_new, game_view, is_card_game, viewer_side
from matches.live.models import LiveMatch
from matches.models import Match


def side_coach_id(live: LiveMatch, side: str) -> int | None:
    """The user who decides for ``side`` ("home" or "away"); None for the bot."""
    if getattr(live, f"{side}_bot"):
        return None
    team = live.match.home if side == "home" else live.match.away
    return team.coach_id


def invitation_coach_id(live: LiveMatch, *, invited: bool) -> int:
    """Who coaches, now, the invited team (``invited``) or the one that
    invited: the one who may accept the invitation, or withdraw it."""
    side = live.invited_side if invited else live.opened_from
    team = live.match.home if side == "home" else live.match.away
    return team.coach_id


def match_awaits_play(match: Match) -> bool:
    """Whether ``match`` may still be opened or accepted for live play (what
    :mod:`matches.live.services` checks, and what the pages offer): still
    scheduled.

    Decision: a postponed match may be played live. Postponing moves a
    match to a later round (:func:`matches.seasons.services.match_postpone`)
    where it is still to be played, as it may still be reported or resolved
    there; refusing it live would leave it playable every way but one."""
    return match.status == Match.Status.SCHEDULED


def live_for_match(match_id: int) -> LiveMatch | None:
    return (
        LiveMatch.objects.select_related(
            "match__season__league", "match__home__coach", "match__away__coach"
        )
        .filter(match_id=match_id)
        .first()
    )


def live_get(live_id: int) -> LiveMatch | None:
    return (
        LiveMatch.objects.select_related(
            "match__season__league", "match__home__coach", "match__away__coach"
        )
        .filter(pk=live_id)
        .first()
    )


def _side(live: LiveMatch, side: str) -> dict[str, Any]:
    team = live.match.home if side == "home" else live.match.away
    bot = getattr(live, f"{side}_bot")
    return {
        "team": team.name,
        "coach": "the bot" if bot else team.coach.get_username(),
        "coach_id": None if bot else team.coach_id,
    }


def live_payload(
    live: LiveMatch, m: Any | None, user_id: int | None = None
) -> dict[str, Any]:
    """Everything a live page draws: the state, the sides and who decides
    for them, the board with the pending decision (``m``: the engine's
    game; None before play starts), the clock of the side deciding
    (``started``: when it would have started had it never waited, so it
    runs out ``seconds`` after; ``LiveMatch.clock_started_at``). A match
    on a pitch is the same for every viewer; a card game is as user
    ``user_id`` may see it (:func:`matches.live.games.game_view`)."""
    d = None if m is None else m.pending
    side = viewer_side(live, user_id, d.team if d is not None else None)
    board = None if m is None else game_view(live, m, side)
    pending = board["pending"] if board else None
    waiting = pending["team"] if pending else None
    return {
        "id": live.pk,
        "match": live.match_id,
        "state": live.state,
        "at": len(live.decisions),
        "sides": {s: _side(live, s) for s in ("home", "away")},
        "waiting_for": waiting,
        "waiting_coach_id": side_coach_id(live, waiting) if waiting else None,
        "board": board,
        "clock": {
            "started": live.clock_started_at.isoformat()
            if live.clock_started_at
            else None,
            "seconds": live.turn_seconds,
        },
    }


# The engine's matches this process last saw, by live match: (decisions
# applied, the match). A live match's decisions only ever grow, so a match
# with as many decisions as the stored ones is that match; anything else is
# rebuilt from the database. Bounded: the least recently used goes first.
_SEEN: OrderedDict[tuple[int, str], tuple[int, Any]] = OrderedDict()
SEEN_MAX = 64
# A server's threads (gunicorn's gthread workers) decide side by side.
_SEEN_LOCK = threading.Lock()


def live_engine(live: LiveMatch, *, copy: bool = True) -> Any:
    """The engine's game as it stands: a copy of the one this process last
    saw at the same decision, else rebuilt from the fixture's frozen rosters,
    its seed and every stored decision. ``copy=False``: that game itself,
    for a caller that only reads it."""
    with _SEEN_LOCK:
        seen = _SEEN.get(_key(live))
    if seen is not None and seen[0] == len(live.decisions):
        return seen[1].clone() if copy else seen[1]
    m = game_new(live)
    for choice in live.decisions:
        m.apply(choice)
    live_engine_seen(live, m)
    return m.clone() if copy else m


def _key(live: LiveMatch) -> tuple[int, str]:
    # with the creation time: a database that gives a deleted row's id again
    return (live.pk, live.created_at.isoformat())


def live_engine_seen(live: LiveMatch, m: Any) -> None:
    """Keep ``m`` (no longer changed by its caller) as the live match's."""
    key = _key(live)
    with _SEEN_LOCK:
        _SEEN[key] = (len(m.decisions), m)
        _SEEN.move_to_end(key)
        while len(_SEEN) > SEEN_MAX:
            _SEEN.popitem(last=False)


def live_state_now(live_id: int, user_id: int | None = None) -> dict[str, Any] | None:
    """The payload of :func:`live_payload` as the match stands now, for user
    ``user_id`` (None: a spectator)."""
    live = live_get(live_id)
    if live is None:
        return None
    in_play = live.state != LiveMatch.State.INVITED
    game = live_engine(live, copy=False) if in_play else None
    return live_payload(live, game, user_id)


def live_per_viewer(live: LiveMatch) -> bool:
    """Whether each viewer of ``live`` is sent a state of his own (a card
    game's hands are secret), rather than one state for all."""
    return is_card_game(live.match)


def live_clocks_due(now: datetime) -> list[int]:
    """The live matches in play whose coach's turn clock has run out at
    ``now`` (the oldest first): what beat's sweep hands to the clock."""
    deadline = ExpressionWrapper(
        F("clock_started_at") + F("turn_seconds") * timedelta(seconds=1),
        output_field=DateTimeField(),
    )
    return list(
        LiveMatch.objects.filter(
            state__in=(LiveMatch.State.ACCEPTED, LiveMatch.State.PLAYING),
            clock_started_at__isnull=False,
        )
        .alias(deadline=deadline)
        .filter(deadline__lte=now)
        .order_by("clock_started_at", "pk")
        .values_list("pk", flat=True)
    )
