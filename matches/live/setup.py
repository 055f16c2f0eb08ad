"""A set-up arranged on the live board (each player tapped onto his square)
instead of one of the engine's formations: the engine checks it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.db import transaction

from engine.facade import RuleError
from matches.live.models import LiveMatch
from matches.live.services import (
    LiveRefused,
    live_coach_turn,
    live_mark,
    live_record,
)

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
    live, m, d = live_coach_turn(live_id=live_id, user=user, at=at)
    if not d.accepts_arrangement:
        raise LiveRefused("not_setup", "The pending decision is not a set-up.")
    pairs = _placement(placement)
    g = m.state
    own = sum(1 for i in range(g.n) if g.tname(g.team[i]) == d.team)
    if len(pairs) > own:
        # each player goes on one square: the engine is never handed more
        # pairs than the team has players (nor the page as many reasons)
        raise LiveRefused(
            "bad_setup", f"A set-up places at most the team's {own} players."
        )
    choice = ["arrangement", pairs]
    before = live_mark(m)
    try:
        m.apply(choice)
    except RuleError as exc:
        raise LiveRefused("bad_setup", str(exc)) from None
    live_record(live, m, choice, before)
    return live
