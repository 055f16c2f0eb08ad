"""The post-game MVP: one player of each team that did not concede, named
in a tabletop report or drawn by the server from the match's seed among
the team's nominees (``engine.campaign.mvp``: BB2020 every eligible player;
BB2025 the coach's nominations from the report, else his team's standing
nominations who played, else the six players with most SPP this game).
Each draw is a ``postgame_mvp`` event with its die and, where the format
has nominations, the nominees it was drawn from."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from engine.facade import (
    LeagueFormat,
    PostgameInput,
    SeededRoller,
    mvp_nominees,
    select_mvp,
)
from league.models import Team
from matches.events import postgame_roll_payload
from matches.models import MatchResult


def standing_nominations(
    team: Team, eligible: Sequence[int | str], fmt: LeagueFormat
) -> list[int | str]:
    """The team's standing nominations (``league.services.mvp``) who played
    in this game: one who was not eligible to play, or died in it, drops
    out; none left, the default nominations stand in."""
    if fmt.mvp_nominations is None:
        return []
    played = set(eligible)
    return [pid for pid in team.mvp_nominations if pid in played]


def postgame_mvps(
    result: MatchResult,
    game: PostgameInput,
    teams: tuple[Team, Team],
    fmt: LeagueFormat,
    roller: SeededRoller,
    spp_this_game: Mapping[int | str, int],
) -> tuple[dict[int, int], list[Any]]:
    """Each MVP's awards (player id -> count) and the events."""
    summary = result.summary or {}
    # The MVPs a tabletop report named (matches/reports/roles.py);
    # a team without one gets its MVP drawn here.
    named = {int(t): int(p) for t, p in summary.get("mvps", {}).items()}
    nominated = {
        int(t): [int(p) for p in ids]
        for t, ids in summary.get("mvp_nominations", {}).items()
    }
    events: list[Any] = []
    mvps: dict[int, int] = {}
    for team, side in zip(teams, (game.home, game.away), strict=True):
        if game.penalised(side) or not side.eligible_mvp_player_ids:
            continue
        if team.pk in named:
            chosen = named[team.pk]
            mvps[chosen] = mvps.get(chosen, 0) + 1
            events.append(
                (
                    "postgame_mvp",
                    postgame_roll_payload(
                        "mvp", team.pk, (), player_ids=[chosen], named_in_report=True
                    ),
                )
            )
            continue
        nominations = nominated.get(team.pk)
        standing = standing_nominations(team, side.eligible_mvp_player_ids, fmt)
        pool = mvp_nominees(
            side.eligible_mvp_player_ids,
            limit=fmt.mvp_nominations,
            nominations=nominations if nominations is not None else standing,
            spp_this_game=spp_this_game,
        )
        mvp = select_mvp(
            replace(side, eligible_mvp_player_ids=pool),
            roller,
            concession_penalty=game.concession_penalty,
        )
        for drawn in mvp.player_ids:
            pid = int(drawn)
            mvps[pid] = mvps.get(pid, 0) + 1
        extra: dict[str, Any] = {}
        if fmt.mvp_nominations is not None:
            extra["nominees"] = list(pool)
            extra["nominated_in_report"] = team.pk in nominated
            extra["standing_nominations"] = nominations is None and bool(standing)
        events.append(
            (
                "postgame_mvp",
                postgame_roll_payload(
                    "mvp", team.pk, mvp.rolls, player_ids=list(mvp.player_ids), **extra
                ),
            )
        )
    return mvps, events
