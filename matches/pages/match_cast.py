"""Who played a match, and what each of them did: the one read behind the
box score, the leaders boards and the API's box score.

A match's players are its kick-off rosters (``RosterSnapshot``: the
rostered players and the journeymen, by their Player id) and the players
hired for that match alone (Star Players, mercenaries, Josef Bugman: engine
ids from ``MERCENARY_ID_BASE`` up, given by
:func:`matches.prematch.fielded.match_hired_players`). What each did:

- a rostered player or a journeyman: ``MatchResult.player_stats``, the
  lines the post-game pays Star Player Points on;
- a hired player: the engine's own line (``MatchResult.summary
  ["player_stats"]``) in a resolved match, the report's ``report_star``
  line in a recorded one. Hired players earn no SPP
  (post-game_sequence.md "Recording Star Player Points"), which is why
  ``player_stats`` leaves them out; they still score, hurt and pass, and
  every page counts what they did.

Decision: a leaders board counts a Star Player (or Josef Bugman) by his
name and the team that hired him: the Giants' Griff Oberwald is one line
over every match they hired him for, and the Reavers' Griff another, as a
board names each line's team. A mercenary is a different man each time
he is hired (he has no name of his own), so each hire is its own line.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Q

from engine.facade import BORROWED_POSITIONS, BUGMAN, BUGMAN_ID_BASE, rules_data
from league.models import Team
from league.selectors import team_detail_qs
from matches.engine_bridge import team_snapshot
from matches.event_text import PlayerInfo
from matches.models import (
    Match,
    MatchEvent,
    MatchInducements,
    MatchResult,
    RosterSnapshot,
)
from matches.postgame.results import STAT_KEYS
from matches.prematch.fielded import match_hired_players

# Where a star's slug rides on his engine sheet: ``position = "star:<slug>"``.
STAR_POSITION = "star:"


def _rules_version(match: Match) -> str:
    return str(match.season.settings.get("rules_version", "")) or (
        match.season.league.rules_version
    )


def _position_names(version: str, roster_slug: str) -> dict[str, str]:
    data = rules_data(version)
    roster = data.rosters.get(roster_slug)
    # an edition whose source roster names the position otherwise (BB2025's
    # Nurgle Rotter) lends none
    borrowed = {
        slug: position.name
        for slug, source in BORROWED_POSITIONS.items()
        if source in data.rosters
        for position in data.rosters[source].positions
        if position.slug == slug
    }
    return borrowed | {p.slug: p.name for p in roster.positions} if roster else {}


def players_from(
    match: Match, snapshots: Mapping[int, Mapping[str, Any]]
) -> dict[int, PlayerInfo]:
    """The players of both kick-off rosters (team id -> snapshot data)."""
    version = _rules_version(match)
    players: dict[int, PlayerInfo] = {}
    for side, team_id in (("home", match.home_id), ("away", match.away_id)):
        snap = snapshots.get(team_id)
        if snap is None:
            continue
        names = _position_names(version, str(snap["roster"]))
        for p in snap["players"]:
            players[p["id"]] = PlayerInfo(
                id=p["id"],
                side=side,
                number=p["number"],
                name=p["name"],
                position=names.get(p["position"], p["position"]),
                available=bool(p["available"]),
            )
    return players


def hired_from(
    match: Match,
    snapshots: dict[int, dict[str, Any]],
    records: Sequence[MatchInducements],
) -> dict[int, PlayerInfo]:
    """The players hired for ``match`` alone (needs both kick-off rosters
    and the match's inducement records)."""
    if not records or len(snapshots) < 2:
        return {}
    version = _rules_version(match)
    players: dict[int, PlayerInfo] = {}
    for team_id, sheets in match_hired_players(match, snapshots, records).items():
        side = "home" if team_id == match.home_id else "away"
        names = _position_names(version, str(snapshots[team_id]["roster"]))
        for sheet in sheets:
            star = sheet.position.removeprefix(STAR_POSITION)
            if sheet.id >= BUGMAN_ID_BASE:
                star = BUGMAN
            elif not sheet.position.startswith(STAR_POSITION):
                star = ""
            players[sheet.id] = PlayerInfo(
                id=sheet.id,
                side=side,
                number=sheet.number,
                name=sheet.name,
                position="Star Player"
                if sheet.position.startswith(STAR_POSITION)
                else names.get(sheet.position, sheet.position),
                rostered=False,
                star=star,
            )
    return players


def match_players(match: Match) -> dict[int, PlayerInfo]:
    """The players of both teams as they stood at kick-off, and the
    mercenaries and Star Players they hired for the match."""
    snapshots = {s.team_id: s.data for s in RosterSnapshot.objects.filter(match=match)}
    if not snapshots and match.mode == Match.Mode.UNPLAYED:
        # an unplayed fixture froze no roster: its MVPs are named from the
        # rosters as they stand
        return report_players(match)
    players = players_from(match, snapshots)
    records = list(MatchInducements.objects.filter(match=match))
    return players | hired_from(match, snapshots, records)


def report_players(match: Match) -> dict[int, PlayerInfo]:
    """Who may appear in a report: the kick-off rosters if the match has
    started, otherwise the rosters as they stand now (what kick-off would
    freeze)."""
    snapshots = {s.team_id: s.data for s in RosterSnapshot.objects.filter(match=match)}
    if len(snapshots) < 2:
        teams = team_detail_qs().filter(pk__in=[match.home_id, match.away_id])
        snapshots = {t.pk: team_snapshot(t) for t in teams}
    return players_from(match, snapshots)


# --- what each did ---------------------------------------------------------------


def _line(source: Mapping[str, Any]) -> dict[str, int]:
    return {key: int(source.get(key) or 0) for key in STAT_KEYS}


def hired_lines(
    match: Match,
    cast: Mapping[int, PlayerInfo],
    *,
    engine_stats: Mapping[str, Mapping[str, Any]],
    star_reports: Iterable[Mapping[str, Any]],
) -> dict[int, dict[str, int]]:
    """The lines of the players hired for ``match`` (by engine id): the
    engine's (``engine_stats``, the result's ``summary["player_stats"]``)
    or the report's (``star_reports``, the ``report_star`` payloads)."""
    out: dict[int, dict[str, int]] = {}
    by_star: dict[tuple[str, str], int] = {}
    for pid, info in cast.items():
        if info.rostered:
            continue
        if info.star:
            by_star[info.side, info.star] = pid
        if (line := engine_stats.get(str(pid))) is not None:
            out[pid] = _line(line)
    for payload in star_reports:
        side = "home" if payload.get("team_id") == match.home_id else "away"
        star = by_star.get((side, str(payload.get("star_player"))))
        if star is not None:
            out[star] = _line(payload)
    return out


def match_lines(
    match: Match, result: MatchResult | None, cast: Mapping[int, PlayerInfo]
) -> dict[int, dict[str, int]]:
    """What every player of ``cast`` (:func:`match_players`) did in
    ``match``, by player or engine id; nothing before a result. One query
    for a recorded match (its star lines), none for a resolved one."""
    if result is None:
        return {}
    lines = {int(pid): _line(line) for pid, line in result.player_stats.items()}
    hired = [pid for pid, info in cast.items() if not info.rostered]
    if not hired:
        return lines
    reports: Iterable[Mapping[str, Any]] = ()
    if match.mode == Match.Mode.RECORDED:
        reports = MatchEvent.objects.filter(
            match=match, type="report_star"
        ).values_list("payload", flat=True)
    engine_stats = (result.summary or {}).get("player_stats") or {}
    return lines | hired_lines(
        match, cast, engine_stats=engine_stats, star_reports=reports
    )


# --- hired players on the leaders boards -----------------------------------------


@dataclass(frozen=True, slots=True)
class HiredPlayer:
    """A player hired for a match, as a leaders board lists him (he has no
    player page: ``pk`` is None)."""

    key: str
    name: str
    team: Team
    # what he was hired as: "Star Player", or "hired" (a mercenary, Bugman)
    badge: str
    pk: None = None
    journeyman: bool = False

    @property
    def team_id(self) -> int:
        return int(self.team.pk)


def hire_key(match: Match, info: PlayerInfo) -> str:
    """Who a hired player is across matches (see the module's Decision)."""
    team_id = match.home_id if info.side == "home" else match.away_id
    if info.star:
        return f"star:{info.star}:{team_id}"
    return f"hired:{match.pk}:{info.id}"


@dataclass(frozen=True, slots=True)
class HiredTally:
    """What the hired players of some matches did: one mapping per match
    (hire key -> line), and who each key is."""

    lines: list[dict[str, dict[str, int]]]
    players: dict[str, HiredPlayer]

    def line_ups(self) -> list[list[dict[str, Any]]]:
        """Each match's hired players, as the kick-off line-ups list them
        (each of them played: he was hired to)."""
        return [[{"id": key, "available": True} for key in m] for m in self.lines]


def hired_tally(scope: Q) -> HiredTally:
    """The hired players of the matches with a result that ``scope`` (a
    filter on a model with a ``match``) selects, and what each did: three
    queries, however many matches."""
    records: dict[int, list[MatchInducements]] = {}
    for record in MatchInducements.objects.filter(
        scope, match__result__isnull=False
    ).select_related("match__season__league", "match__result", "team"):
        records.setdefault(record.match_id, []).append(record)
    hiring = MatchInducements.objects.filter(scope).values("match_id")
    snapshots: dict[int, dict[int, Any]] = {}
    for match_id, team_id, data in RosterSnapshot.objects.filter(
        scope, match__in=hiring
    ).values_list("match_id", "team_id", "data"):
        snapshots.setdefault(match_id, {})[team_id] = data
    reports: dict[int, list[dict[str, Any]]] = {}
    for match_id, payload in MatchEvent.objects.filter(
        scope, type="report_star"
    ).values_list("match_id", "payload"):
        reports.setdefault(match_id, []).append(payload)
    tally = HiredTally([], {})
    for match_id, match_records in records.items():
        match = match_records[0].match
        teams = {r.team_id: r.team for r in match_records}
        cast = hired_from(match, snapshots.get(match_id, {}), match_records)
        lines = hired_lines(
            match,
            cast,
            engine_stats=(match.result.summary or {}).get("player_stats") or {},
            star_reports=reports.get(match_id, ()),
        )
        keyed: dict[str, dict[str, int]] = {}
        for pid, info in cast.items():
            key = hire_key(match, info)
            team_id = match.home_id if info.side == "home" else match.away_id
            tally.players[key] = HiredPlayer(
                key=key,
                name=info.name,
                team=teams[team_id],
                badge="Star Player" if info.position == "Star Player" else "hired",
            )
            keyed[key] = lines.get(pid, _line({}))
        tally.lines.append(keyed)
    return tally


# --- casualties of a recorded match ------------------------------------------------


def recorded_casualty_rows(
    match: Match,
    casualties: Iterable[Mapping[str, Any]],
    cast: Mapping[int, PlayerInfo],
) -> list[tuple[dict[str, Any], str]]:
    """A recorded match's casualty rows: the result's, each one a Star Player
    caused naming him (the result's entry names no cause: his casualties
    earn no SPP), then the casualties the Star Players suffered (waived after
    the game: not in the result), with the note ``"hired"``. Both are the
    report's ``star_casualty`` events (one query when a star played).

    Decision: the report's order between a star's casualty and the others
    is not kept, so the Star Players' own casualties come last."""
    rows = [(dict(entry), "") for entry in casualties]
    by_slug = {info.star: pid for pid, info in cast.items() if info.star}
    if not by_slug:
        return rows
    named: set[int] = set()
    suffered: list[tuple[dict[str, Any], str]] = []
    for payload in (
        MatchEvent.objects.filter(match=match, type="star_casualty")
        .order_by("seq")
        .values_list("payload", flat=True)
    ):
        cause = by_slug.get(payload.get("inflicted_by_star") or "")
        attacker = cause if cause is not None else payload.get("inflicted_by")
        victim = by_slug.get(payload.get("star_player") or "")
        if victim is not None:
            entry = {
                "player_id": victim,
                "inflicted_by": attacker,
                "result": "casualty",
            }
            suffered.append((entry, "hired"))
            continue
        for i, (entry, _) in enumerate(rows):
            if (
                i not in named
                and entry["player_id"] == payload.get("player_id")
                and entry.get("inflicted_by") is None
            ):
                entry["inflicted_by"] = attacker
                named.add(i)
                break
    return rows + suffered
