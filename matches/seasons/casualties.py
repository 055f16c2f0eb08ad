"""What a result's casualties count for each team: the casualties caused,
and of those the ones that earned SPP (what the standings and a format's
casualty bonus count). Read when a result is saved and when a table is
built."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.facade import is_mercenary


@dataclass(frozen=True, slots=True)
class CasualtiesCaused:
    """Each team's casualties caused in a match (every casualty an
    opposition player suffered), and of those, the ones that earned SPP."""

    home: int
    away: int
    home_spp: int
    away_spp: int


def _earns_spp(inflicted_by: int | None) -> bool:
    """A casualty earns SPP when an opposition player named as its cause
    earns SPP: not a player hired for the match (Star Players and
    mercenaries earn none, post-game_sequence.md "Recording Star Player
    Points"). A recorded match names a Star Player who caused one apart
    (``inflicted_by_star``), so its ``inflicted_by`` is None there."""
    return inflicted_by is not None and not is_mercenary(int(inflicted_by))


def casualties_caused(
    *,
    home_id: int,
    away_id: int,
    casualties: Iterable[Mapping[str, Any]],
    hired: Iterable[Mapping[str, Any]] = (),
) -> CasualtiesCaused:
    """What a result's casualties (:class:`CasualtyEntry`, the rostered
    players' and the journeymen's) and its hired players' casualties
    (:class:`HiredCasualty`) count for each team: a casualty of an away
    player, rostered or hired, is one the home team caused."""
    counts = {home_id: [0, 0], away_id: [0, 0]}
    caused_by = {away_id: home_id, home_id: away_id}
    for entry in (*casualties, *hired):
        team = caused_by[entry["team_id"]]
        counts[team][0] += 1
        counts[team][1] += int(_earns_spp(entry.get("inflicted_by")))
    return CasualtiesCaused(
        home=counts[home_id][0],
        away=counts[away_id][0],
        home_spp=counts[home_id][1],
        away_spp=counts[away_id][1],
    )
