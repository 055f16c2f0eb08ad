"""What a result's casualties count for each team: the casualties caused,
and of those the ones that earned SPP (what the standings and a format's
casualty bonus count). Read when a result is saved and when a table is
built."""

from __future__ import annotations

from collections import Counter
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


def _earns_spp(entry: Mapping[str, Any]) -> bool:
    """Whether a casualty may have earned SPP: an opposition player named as
    its cause who earns SPP (not a player hired for the match: Star Players
    and mercenaries earn none, post-game_sequence.md "Recording Star Player
    Points"; a recorded match names a Star Player who caused one apart,
    ``inflicted_by_star``, so its ``inflicted_by`` is None there), and,
    where the entry says so (``spp``, set by the engine), credited with it.

    Only a casualty caused by a Block action, or one a skill credits,
    earns SPP (post-game_sequence.md "Casualty (CAS)": "Casualty rolls
    caused by the crowd or by any other type of action do not earn Star
    Player Points"); the engine names the cause of a Foul's, a Stab's or a
    Bomb's casualty as well, and marks the credited ones ``spp``.

    Decision: an entry without ``spp`` (a result the engine played before
    the flag was stored, or a recorded one) reads as before: a named cause
    earned it. No data migration: those results' stored events do not say
    which casualties a Foul caused. A recorded result is bounded further by
    its players' lines (:func:`casualties_caused`)."""
    by = entry.get("inflicted_by")
    if by is None or is_mercenary(int(by)):
        return False
    return bool(entry.get("spp", True))


def regenerated_casualties(
    summary: Mapping[str, Any], *, home_id: int, away_id: int
) -> list[dict[str, Any]]:
    """The casualties of a match the engine played that their victims
    regenerated from (the engine's list, ``summary["casualties"]``): the
    result keeps no entry for them, having no injury to apply, but each is
    a casualty caused, and earned its cause SPP where the engine credited
    it (:func:`casualties_caused`)."""
    team_ids = {"home": home_id, "away": away_id}
    return [
        {**cas, "team_id": team_ids[cas["team"]]}
        for cas in summary.get("casualties", ())
        if cas.get("regenerated")
    ]


def casualties_caused(
    *,
    home_id: int,
    away_id: int,
    casualties: Iterable[Mapping[str, Any]],
    hired: Iterable[Mapping[str, Any]] = (),
    regenerated: Iterable[Mapping[str, Any]] = (),
    reported_stats: Mapping[str, Mapping[str, int]] | None = None,
) -> CasualtiesCaused:
    """What a result's casualties (:class:`CasualtyEntry`, the rostered
    players' and the journeymen's), its hired players' casualties
    (:class:`HiredCasualty`) and, for a match the engine played, the
    casualties its victims regenerated from (:func:`regenerated_casualties`)
    count for each team: a casualty of an away player, rostered or hired,
    is one the home team caused.

    Decision: a casualty the victim regenerates from is a casualty caused,
    and one that earns SPP when its cause was credited with it
    (post-game_sequence.md "Casualty (CAS)": an opposition player "Knocked
    Down as the result of a Block action and removed from play as a
    Casualty"; skills_and_traits.md "Regeneration": "After a Casualty roll
    has been made against this player" the roll is discarded and he goes
    to the Reserves box; he was removed from play as a Casualty first, and
    the engine awards the SPP). So it counts towards a format's casualty
    bonus, which counts "only those that generate SPP" (Dungeon Bowl,
    league_and_exhibition_play.md "League Scoring").

    ``reported_stats``: a recorded result's player lines (its
    ``player_stats``). A report names the cause of a Foul's casualty as it
    names a Block's (``inflicted_by``), so the casualty list alone cannot
    tell which earned SPP; the lines can: a player's
    ``casualties_inflicted`` are the casualties he earned SPP for, the SPP
    the post-game awards him (``line_spp``).
    Decision: of the casualties a report names one player as the cause of,
    as many earned SPP as his line's ``casualties_inflicted``, at most: a
    team's SPP casualties are the sum over its players of the smaller of
    the two. A line's casualties beyond those named (a victim who
    regenerated, reported once or not at all) are not counted, unlike an
    engine-played match's: a report names no casualty its victim
    regenerated from (there is no injury to apply), and a line alone does
    not say which casualty it was credited with."""
    counts = {home_id: [0, 0], away_id: [0, 0]}
    caused_by = {away_id: home_id, home_id: away_id}
    credited: Counter[int] = Counter()
    for entry in (*casualties, *hired, *regenerated):
        team = caused_by[entry["team_id"]]
        counts[team][0] += 1
        if not _earns_spp(entry):
            continue
        if reported_stats is not None:
            by = int(entry["inflicted_by"])
            line = reported_stats.get(str(by), {})
            if credited[by] >= line.get("casualties_inflicted", 0):
                continue
            credited[by] += 1
        counts[team][1] += 1
    return CasualtiesCaused(
        home=counts[home_id][0],
        away=counts[away_id][0],
        home_spp=counts[home_id][1],
        away_spp=counts[away_id][1],
    )


def result_casualties_caused(
    *,
    home_id: int,
    away_id: int,
    recorded: bool,
    casualties: Iterable[Mapping[str, Any]],
    hired: Iterable[Mapping[str, Any]],
    player_stats: Mapping[str, Mapping[str, int]],
    summary: Mapping[str, Any],
) -> CasualtiesCaused:
    """What one result's casualties count (:func:`casualties_caused`): a
    ``recorded`` one's bounded by its player lines, an engine-played one's
    with the casualties its victims regenerated from
    (:func:`regenerated_casualties`, read from its ``summary``)."""
    return casualties_caused(
        home_id=home_id,
        away_id=away_id,
        casualties=casualties,
        hired=hired,
        regenerated=()
        if recorded
        else regenerated_casualties(summary, home_id=home_id, away_id=away_id),
        reported_stats=player_stats if recorded else None,
    )
