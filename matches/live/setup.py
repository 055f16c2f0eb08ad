"""A set-up arranged on the live board (each player tapped onto his square)
instead of one of the engine's formations: the engine checks it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.db import transaction

from engine.facade import RuleError
from matches.live.models import LiveMatch
from matches.live.selectors import live_engine, side_coach_id
from matches.live.services import LiveRefused, _bots, _locked, _save

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser, AnonymousUser


def _placement(raw: Any) -> list[list[int]]:
    """``[[player id, square], ...]`` of plain integers, or LiveRefused."""
    ok = isinstance(raw, list) and all(
        isinstance(pair, list)
        and len(pair) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in pair)
        for pair in raw
    )
    if not ok or not raw:
        raise LiveRefused("bad_setup", "Send the set-up as [[player, square], ...].")
    return [[int(a), int(b)] for a, b in raw]


@transaction.atomic
def live_match_arrange(
    *,
    live_id: int,
    user: AbstractBaseUser | AnonymousUser,
    placement: Any,
    at: int | None = None,
) -> LiveMatch:
    """The coach whose set-up is pending places his players himself; the
    engine refuses a set-up that breaks its rules (``bad_setup``, with the
    engine's reasons), and nothing is written."""
    live = _locked(live_id)
    if live.over:
        raise LiveRefused("finished", "The match is over.")
    if live.state == LiveMatch.State.INVITED:
        raise LiveRefused("not_started", "The invited coach has not accepted yet.")
    if at is not None and at != len(live.decisions):
        raise LiveRefused("stale", "The board has changed since; look again.")
    m = live_engine(live)
    d = m.pending
    assert d is not None  # a live match not over has a pending decision
    if user.pk is None or side_coach_id(live, d.team) != user.pk:
        raise LiveRefused("not_your_turn", "The pending decision is not yours.")
    if not d.accepts_arrangement:
        raise LiveRefused("not_setup", "The pending decision is not a set-up.")
    choice = ["arrangement", _placement(placement)]
    try:
        m.apply(choice)
    except RuleError as exc:
        raise LiveRefused("bad_setup", str(exc)) from None
    live.decisions.append(choice)
    _bots(live, m)
    _save(live, m, d.team)
    return live
