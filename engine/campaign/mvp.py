"""The players an MVP is drawn from (the Most Valuable Player, post-game
step 1): BB2020 draws from every eligible player; BB2025 (tables.md "Star
Player Points", DECIDE 21) has each coach nominate up to
``LeagueFormat.mvp_nominations`` players who played, and one of them is
drawn (:func:`engine.campaign.postgame.select_mvp` over the nominees).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.campaign.player import PlayerId
from engine.core.errors import CampaignError


def default_nominations(
    eligible: Sequence[PlayerId], spp_this_game: Mapping[PlayerId, int], limit: int
) -> tuple[PlayerId, ...]:
    """The nominations of a team whose coach named none (an engine-resolved
    match, or a report without them).

    Decision: the ``limit`` eligible players who earned the most SPP in this
    game (before the MVP), ties in the order given (the roster frozen at
    kick-off, by shirt number), as a coach would nominate the players who
    did the most; with fewer than ``limit`` eligible players, all of them.
    """
    if limit < 1:
        raise CampaignError("invalid_limit", "nominate at least one player", "limit")
    order = {pid: i for i, pid in enumerate(eligible)}
    ranked = sorted(eligible, key=lambda pid: (-spp_this_game.get(pid, 0), order[pid]))
    return tuple(ranked[:limit])


def mvp_nominees(
    eligible: Sequence[PlayerId],
    *,
    limit: int | None,
    nominations: Sequence[PlayerId] | None = None,
    spp_this_game: Mapping[PlayerId, int] | None = None,
) -> tuple[PlayerId, ...]:
    """The players the MVP is drawn from, in draw order.

    ``limit`` None (BB2020): every eligible player, nominations or not.
    Otherwise the coach's ``nominations`` that are still eligible (a
    nominee killed in the game drops out) or, none given, the
    :func:`default_nominations`. Decision: when every nominee has dropped
    out the default nominations stand in, so a team that may have an MVP
    always has one. More than ``limit`` nominations are refused.
    """
    if limit is None:
        return tuple(eligible)
    if nominations and len(nominations) > limit:
        raise CampaignError(
            "too_many_nominations",
            f"a coach nominates at most {limit} players for the MVP",
            "mvp_nominations",
        )
    allowed = set(eligible)
    kept = tuple(dict.fromkeys(pid for pid in nominations or () if pid in allowed))
    if kept:
        return kept
    return default_nominations(eligible, spp_this_game or {}, limit)
