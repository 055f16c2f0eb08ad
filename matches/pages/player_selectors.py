"""Reads for the player pages and the leaders boards: a player's career
(his matches, what he did in each, his injuries, advancements and roster
moves) and the league's leaders by statistic.

Where the numbers come from, once for both pages (and for the leaders on
the season page, ``matches.pages.selectors.season_view``):

- touchdowns, casualties inflicted, completions, interceptions and
  deflections: ``MatchResult.player_stats`` (keyed by player id: the
  rostered players and the journeymen, whose lines earn SPP), and the
  lines of the Star Players and mercenaries hired for a match
  (:func:`matches.pages.match_cast.hired_tally`, keyed by who they are);
- MVP awards: the ``postgame_mvp`` events; SPP earned: the ``postgame_spp``
  events (what the post-game added to ``Player.spp_earned``);
- games played: the kick-off rosters (``RosterSnapshot``) of matches with a
  result, and the players hired for them;
- SPP spent: the ``advancement`` entries of the league's audit log.

Star Players and mercenaries earn no SPP and cannot be MVP
(post-game_sequence.md "Recording Star Player Points", "Most Valuable
Player"), so they are never on those two boards; they are on every other
board like any player of the match, with the team that hired them and no
player page (they are not rows of any roster). Journeymen are players of
the roster: they earn SPP (the same section), have a page and are on the
boards, marked as journeymen.

Every function runs a fixed number of queries, however many matches the
player or the league has played.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db import connection
from django.db.models import Q

from league.forms import KIND_LABELS
from league.models import LeagueEvent, Player
from league.rules import league_rules
from league.web_selectors import SheetRow, skill_label, team_sheet_rows
from matches.captions.context import purpose_name
from matches.captions.names import injury_name, sentence
from matches.models import Match, MatchEvent, MatchResult, RosterSnapshot
from matches.pages.match_cast import HiredPlayer, hired_tally

# The match statistics a report or the engine records per player, as
# (key in MatchResult.player_stats, short label, long label).
MATCH_STATS = (
    ("touchdowns", "TD", "Touchdowns"),
    ("casualties_inflicted", "CAS", "Casualties inflicted"),
    ("completions", "CMP", "Completions"),
    ("interceptions", "INT", "Interceptions"),
    ("deflections", "DEF", "Deflections"),
    ("successful_landings", "TTC", "Throwing completions"),
)
SPP_EVENTS = ("postgame_spp", "postgame_mvp")


@dataclass(frozen=True, slots=True)
class LeaderStat:
    key: str
    title: str
    unit: str


# The leaders boards, in the order the page shows them.
LEADER_STATS = (
    LeaderStat("touchdowns", "Touchdowns", "TD"),
    LeaderStat("casualties_inflicted", "Casualties inflicted", "CAS"),
    LeaderStat("completions", "Completions", "CMP"),
    LeaderStat("interceptions", "Interceptions", "INT"),
    LeaderStat("mvps", "MVP awards", "MVP"),
    LeaderStat("spp", "Star Player Points earned", "SPP"),
    LeaderStat("games", "Games played", "GP"),
)
LEADER_KEYS = tuple(s.key for s in LEADER_STATS)


# Who a tally counts: a player's id, or the key of a player hired for a
# match (matches.pages.match_cast.hire_key).
Who = int | str


@dataclass(frozen=True, slots=True)
class Leader:
    """One line of a leaders board. ``rank`` is shared by equal values
    (1, 2, 2, 4): the order among them is only the page's."""

    player: Player | HiredPlayer
    value: int
    rank: int = 1


def _who(key: object) -> Who:
    """A tally's key as stored (a player id, maybe as a JSON object's
    string key) or a hired player's key."""
    text = str(key)
    return int(text) if text.isdigit() else text


# --- tallies ------------------------------------------------------------------


def player_tallies(
    *,
    results: Iterable[Mapping[str, Mapping[str, Any]]],
    spp_events: Iterable[tuple[str, Mapping[str, Any]]] = (),
    line_ups: Iterable[Sequence[Mapping[str, Any]]] = (),
) -> dict[str, Counter[Who]]:
    """Each statistic of :data:`LEADER_KEYS` (and deflections), counted per
    player id from the results' ``player_stats``, the post-game's
    ``postgame_spp``/``postgame_mvp`` payloads and the kick-off rosters'
    player lists of played matches.

    Decision: a game counts as played for each player on the kick-off
    roster who was available (not injured, not retired), the players the
    post-game's MVP may go to; the bench of a Blood Bowl team plays too."""
    tallies: dict[str, Counter[Who]] = {
        key: Counter() for key in (*LEADER_KEYS, "deflections")
    }
    for stats in results:
        for pid, line in stats.items():
            for key in tallies:
                if key in line:
                    tallies[key][_who(pid)] += int(line[key] or 0)
    for kind, payload in spp_events:
        if kind == "postgame_spp" and "earned" in payload:
            tallies["spp"][int(payload["player_id"])] += int(payload["earned"])
        elif kind == "postgame_mvp":
            for pid in payload.get("player_ids", ()):
                tallies["mvps"][int(pid)] += 1
    for players in line_ups:
        for p in players or ():
            if p.get("available"):
                tallies["games"][_who(p["id"])] += 1
    return tallies


def leaders_rank(
    counts: Counter[Who],
    players: Mapping[Who, Player | HiredPlayer],
    *,
    top: int,
) -> list[Leader]:
    """The ``top`` players of ``counts`` with more than nothing.

    Decision: equal values share a rank and are listed by the player's name,
    then by his id (the one who joined first; hired players after the
    rostered, by their key): an order that is the same on every page and
    in every run, which an arbitrary database order is not."""

    def order(item: tuple[int, Who]) -> tuple[int, str, int, int, str]:
        n, pid = item
        name = players[pid].name.casefold()
        if isinstance(pid, int):
            return (-n, name, 0, pid, "")
        return (-n, name, 1, 0, pid)

    ranked = sorted(
        ((n, pid) for pid, n in counts.items() if n > 0 and pid in players),
        key=order,
    )
    leaders: list[Leader] = []
    for i, (n, pid) in enumerate(ranked[:top]):
        rank = leaders[-1].rank if leaders and leaders[-1].value == n else i + 1
        leaders.append(Leader(players[pid], n, rank))
    return leaders


def spp_events_of(match_filter: Q) -> Iterable[tuple[str, dict[str, Any]]]:
    """The ``postgame_spp`` and ``postgame_mvp`` payloads of the matches
    ``match_filter`` (a filter on ``MatchEvent``) selects: one query."""
    return (
        MatchEvent.objects.filter(match_filter, type__in=SPP_EVENTS)
        .filter(Q(type="postgame_mvp") | Q(payload__has_key="earned"))
        .values_list("type", "payload")
    )


def players_by_id(ids: Iterable[Who]) -> dict[Who, Player | HiredPlayer]:
    """The players with these ids (a hired player's key is skipped)."""
    wanted = {pid for pid in ids if isinstance(pid, int)}
    return {
        p.pk: p for p in Player.objects.filter(pk__in=wanted).select_related("team")
    }


def scope_leaders(
    scope: Q, results: Iterable[Mapping[str, Mapping[str, Any]]], *, games: bool
) -> tuple[dict[str, Counter[Who]], dict[Who, Player | HiredPlayer]]:
    """The tallies of the matches ``scope`` (a filter on a model with a
    ``match``) selects, with the players they name: ``results`` are those
    matches' ``player_stats``; the SPP events, the hired players' lines and
    (``games``) the kick-off rosters are read here (six or seven queries)."""
    hired = hired_tally(scope)
    line_ups = (
        RosterSnapshot.objects.filter(scope, match__result__isnull=False).values_list(
            "data__players", flat=True
        )
        if games
        else []
    )
    tallies = player_tallies(
        results=[*results, *hired.lines],
        spp_events=spp_events_of(scope),
        line_ups=[*line_ups, *hired.line_ups()] if games else (),
    )
    players = players_by_id(pid for key in LEADER_KEYS for pid in tallies[key])
    return tallies, players | hired.players


def league_leaders_board(
    league_id: int, *, season_id: int | None = None, top: int = 10
) -> dict[str, list[Leader]]:
    """The leaders of each statistic of :data:`LEADER_STATS` in a league,
    over all its seasons or over one (``season_id``): eight queries."""
    scope = Q(match__season__league_id=league_id)
    if season_id is not None:
        scope &= Q(match__season_id=season_id)
    results = MatchResult.objects.filter(scope).values_list("player_stats", flat=True)
    tallies, players = scope_leaders(scope, results, games=True)
    return {key: leaders_rank(tallies[key], players, top=top) for key in LEADER_KEYS}


def league_leaders(
    league_id: int, *, stat: str, season_id: int | None = None, top: int = 5
) -> list[Leader]:
    """The ``top`` players of a league (or of one of its seasons) by one
    statistic of :data:`LEADER_KEYS` (for a summary such as the league
    page's): :func:`league_leaders_board`, cut down."""
    if stat not in LEADER_KEYS:
        raise ValueError(f"no leaders board for {stat!r}")
    return league_leaders_board(league_id, season_id=season_id, top=top)[stat]


# --- one player's career -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Injury:
    """A casualty the player suffered, with the dice that decided it."""

    match: Match
    inflicted_by: str
    casualty_roll: int | None
    lasting_roll: int | None
    table: str
    result: str  # the casualty table's result, in words
    outcome: str  # what the post-game made of it, if more ("Head Injury")
    dead: bool


@dataclass(frozen=True, slots=True)
class MatchLine:
    """One match on the kick-off roster: what he did in it."""

    match: Match
    opponent_id: int
    opponent: str
    home: bool
    score_for: int | None
    score_against: int | None
    outcome: str  # "Win", "Draw", "Loss" or "" (no result yet)
    played: bool
    stats: dict[str, int]
    mvp: bool
    spp: int
    injuries: tuple[Injury, ...]

    @property
    def did(self) -> str:
        """What he did, in short ("2 TD, 1 CAS, MVP")."""
        parts = [
            f"{self.stats[key]} {short}"
            for key, short, _ in MATCH_STATS
            if self.stats.get(key)
        ]
        if self.mvp:
            parts.append("MVP")
        parts += [f"suffered {i.outcome or i.result}" for i in self.injuries]
        return ", ".join(parts)


@dataclass(frozen=True, slots=True)
class AdvancementLine:
    when: datetime
    kind: str
    gained: str  # the skill or the characteristic
    spp_spent: int | None  # None: the Sevens post-game skill (no SPP)
    value_increase: int
    dice: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RosterEvent:
    when: datetime | None  # None: the date is not recorded
    text: str


@dataclass(slots=True)
class PlayerCareer:
    player: Player
    row: SheetRow
    improvements: dict[str, int]
    totals: dict[str, int]
    spp_earned: int
    spp_spent: int
    # Whether his league tracks SPP (a Sevens league may not: its players
    # take the post-game skill instead).
    spp_tracked: bool
    # Whether anything a match does carries over (SPP, injuries, value):
    # not in a format with no progression (Blitz Bowl).
    progression: bool = True
    # The statistics his format's matches record of a player (the variant's
    # ``player_stats``): the page shows these and no others.
    records: frozenset[str] = frozenset(key for key, _, _ in MATCH_STATS)
    matches: list[MatchLine] = field(default_factory=list)
    injuries: list[Injury] = field(default_factory=list)
    advancements: list[AdvancementLine] = field(default_factory=list)
    roster_events: list[RosterEvent] = field(default_factory=list)

    @property
    def spp_unspent(self) -> int:
        return self.player.spp


def player_page_qs() -> Any:
    return Player.objects.select_related("team__league", "team__coach")


def player_league_id(player_id: int) -> int | None:
    return (
        Player.objects.filter(pk=player_id)
        .values_list("team__league_id", flat=True)
        .first()
    )


def _outcome(result: MatchResult | None, match: Match, home: bool) -> str:
    if result is None:
        return ""
    side = result.winner_side(match.home_id)
    if result.both_lost:
        return "Loss"
    if side is None:
        return "Draw"
    return "Win" if (side == "home") == home else "Loss"


def _dice_words(payload: Mapping[str, Any]) -> tuple[str, ...]:
    return tuple(
        f"D{d['sides']} {d['result']} ({purpose_name(d['purpose'])})"
        for d in payload.get("dice", ())
    )


def _advancement(event: LeagueEvent, version: str) -> AdvancementLine:
    e = event.payload
    skill = e.get("skill")
    characteristic = e.get("characteristic")
    if skill:
        gained = skill_label(version, skill["skill"], skill.get("param"))
    elif characteristic:
        gained = f"+1 {str(characteristic).upper()}"
    else:
        gained = "–"
    kind = KIND_LABELS.get(str(e.get("kind", "")), sentence(e.get("kind", "")))
    if event.type == LeagueEvent.Type.SEVENS_ADVANCEMENT:
        kind = f"Post-game skill: {kind}"
    return AdvancementLine(
        when=event.created_at,
        kind=kind,
        gained=gained,
        spp_spent=e.get("spp_spent")
        if event.type == LeagueEvent.Type.ADVANCEMENT
        else None,
        value_increase=int(e.get("value_increase", 0)),
        dice=_dice_words(e),
    )


def _roster_event(event: LeagueEvent) -> RosterEvent:
    e = event.payload
    text = {
        LeagueEvent.Type.JOURNEYMEN_TAKEN: "Joined for a match as a journeyman",
        LeagueEvent.Type.JOURNEYMEN_RELEASED: "Left as a journeyman not hired",
        LeagueEvent.Type.JOURNEYMAN_HIRED: "Hired permanently"
        + (f" for {int(e['cost']):,}" if e.get("cost") else ""),
        LeagueEvent.Type.PLAYER_RETIRED: "Temporarily retired",
        LeagueEvent.Type.PLAYER_UNRETIRED: "Back from retirement",
    }.get(LeagueEvent.Type(event.type), event.get_type_display())
    if event.type == LeagueEvent.Type.JOURNEYMEN_TAKEN and e.get("plague_ridden"):
        text = "Rose as a Rotter (Plague Ridden), a journeyman"
    return RosterEvent(when=event.created_at, text=text)


ROSTER_TYPES = (
    LeagueEvent.Type.JOURNEYMEN_TAKEN,
    LeagueEvent.Type.JOURNEYMEN_RELEASED,
    LeagueEvent.Type.JOURNEYMAN_HIRED,
    LeagueEvent.Type.PLAYER_RETIRED,
    LeagueEvent.Type.PLAYER_UNRETIRED,
)
ADVANCEMENT_TYPES = (
    LeagueEvent.Type.ADVANCEMENT,
    LeagueEvent.Type.SEVENS_ADVANCEMENT,
)


def player_career(player_id: int) -> PlayerCareer:
    """Everything the player page shows, in four queries whatever the
    length of his career: the player, the kick-off rosters of his matches
    (with the matches and their results), his post-game events and his
    entries in the league's audit log. Raises ``Player.DoesNotExist``."""
    player = player_page_qs().get(pk=player_id)
    team, pid = player.team, player.pk
    version = team.league.rules_version
    rules = league_rules(team.league)
    # Decision: JSON containment where the database has it (PostgreSQL); on
    # SQLite (the embedded default), which has none, the same rows are picked
    # in Python from a wider query: still one query each, whatever the size.
    contains = connection.features.supports_json_field_contains
    his: Any
    if contains:
        his = RosterSnapshot.objects.filter(
            team_id=team.pk, data__players__contains=[{"id": pid}]
        ).values("match_id")
    else:
        his = [
            match_id
            for match_id, data in RosterSnapshot.objects.filter(
                team_id=team.pk
            ).values_list("match_id", "data")
            if any(p["id"] == pid for p in data["players"])
        ]
    # Both teams' kick-off rosters of his matches: his line-up, and the
    # names of those who hurt him as they stood at kick-off.
    line_ups = list(
        RosterSnapshot.objects.filter(match_id__in=his)
        .select_related("match__season", "match__home", "match__away", "match__result")
        .defer("match__result__summary")
        .order_by(
            "match__season__created_at", "match__stage", "match__round", "match_id"
        )
    )
    snapshots = [s for s in line_ups if s.team_id == team.pk]
    names = {
        p["id"]: f"#{p['number']} {p['name']} ({s.data.get('name', '')})"
        for s in line_ups
        for p in s.data["players"]
    }
    events_qs = MatchEvent.objects.filter(
        match_id__in=his,
        type__in=(*SPP_EVENTS, "postgame_injury"),
    )
    if contains:
        events_qs = events_qs.filter(
            Q(payload__player_id=pid) | Q(payload__player_ids__contains=[pid])
        )
    events = [
        (match_id, kind, payload)
        for match_id, kind, payload in events_qs.order_by(
            "match_id", "seq"
        ).values_list("match_id", "type", "payload")
        if payload.get("player_id") == pid or pid in payload.get("player_ids", ())
    ]
    mvps: Counter[int] = Counter()
    spp: Counter[int] = Counter()
    injury_outcomes: dict[int, list[dict[str, Any]]] = {}
    for match_id, kind, payload in events:
        if kind == "postgame_mvp":
            mvps[match_id] += 1
        elif kind == "postgame_spp" and "earned" in payload:
            spp[match_id] += int(payload["earned"])
        elif kind == "postgame_injury":
            injury_outcomes.setdefault(match_id, []).append(payload)
    suffered: dict[int, list[dict[str, Any]]] = {}
    for snap in snapshots:
        result = getattr(snap.match, "result", None)
        for cas in result.casualties if result is not None else ():
            if int(cas["player_id"]) == pid:
                suffered.setdefault(snap.match_id, []).append(cas)
    lines: list[MatchLine] = []
    all_injuries: list[Injury] = []
    for snap in snapshots:
        match = snap.match
        result = getattr(match, "result", None)
        home = match.home_id == team.pk
        entry: dict[str, Any] = next(
            (p for p in snap.data["players"] if p["id"] == pid), {}
        )
        line = (result.player_stats if result is not None else {}).get(str(pid), {})
        outcomes = injury_outcomes.get(match.pk, [])
        injuries = []
        for i, cas in enumerate(suffered.get(match.pk, [])):
            outcome = outcomes[i] if i < len(outcomes) else {}
            by = cas.get("inflicted_by")
            result_words = injury_name(cas.get("result", ""))
            injury = str(outcome.get("injury") or "")
            if injury.casefold() == result_words.casefold():
                # The post-game's name for it ("Seriously Hurt"), once.
                result_words, injury = injury, ""
            injuries.append(
                Injury(
                    match=match,
                    inflicted_by=names.get(int(by), "") if by else "",
                    casualty_roll=cas.get("casualty_roll"),
                    lasting_roll=cas.get("lasting_roll"),
                    table=str(cas.get("table", "")),
                    result=result_words,
                    outcome=injury,
                    dead=bool(outcome.get("dead")) or cas.get("result") == "dead",
                )
            )
        all_injuries += injuries
        lines.append(
            MatchLine(
                match=match,
                opponent_id=match.away_id if home else match.home_id,
                opponent=match.away.name if home else match.home.name,
                home=home,
                score_for=None
                if result is None
                else (result.home_score if home else result.away_score),
                score_against=None
                if result is None
                else (result.away_score if home else result.home_score),
                outcome=_outcome(result, match, home),
                played=result is not None and bool(entry.get("available")),
                stats={key: int(line.get(key, 0)) for key, _, _ in MATCH_STATS},
                mvp=mvps[match.pk] > 0,
                spp=spp[match.pk],
                injuries=tuple(injuries),
            )
        )
    tallies = player_tallies(
        results=[
            r.player_stats
            for s in snapshots
            if (r := getattr(s.match, "result", None)) is not None
        ],
        spp_events=[(kind, payload) for _, kind, payload in events],
        line_ups=[
            [p for p in s.data["players"] if p["id"] == pid]
            for s in snapshots
            if getattr(s.match, "result", None) is not None
        ],
    )
    totals = {key: tallies[key][pid] for key in tallies}
    roster_q = Q(type__in=ROSTER_TYPES)
    if contains:
        roster_q &= Q(payload__player_ids__contains=[pid])
    league_events = [
        e
        for e in LeagueEvent.objects.filter(league_id=team.league_id)
        .filter(
            Q(player_id=pid, type__in=(*ADVANCEMENT_TYPES, *ROSTER_TYPES)) | roster_q
        )
        .order_by("id")
        if e.player_id == pid or pid in (e.payload or {}).get("player_ids", ())
    ]
    advancements = [
        _advancement(e, version) for e in league_events if e.type in ADVANCEMENT_TYPES
    ]
    roster_events = [_roster_event(e) for e in league_events if e.type in ROSTER_TYPES]
    if not any(e.type == LeagueEvent.Type.JOURNEYMEN_TAKEN for e in league_events):
        roster_events.insert(0, RosterEvent(player.created_at, "Joined the team"))
    if player.status in (Player.Status.FIRED, Player.Status.DEAD):
        # Neither writes an audit entry: the date is not known.
        roster_events.append(RosterEvent(None, player.get_status_display()))
    return PlayerCareer(
        player=player,
        row=team_sheet_rows(team, [player])[0],
        improvements={k: int(v) for k, v in (player.improvements or {}).items() if v},
        totals=totals,
        spp_earned=player.spp_earned,
        spp_tracked=rules.tracks_spp,
        progression=rules.variant.tracks_progression,
        records=rules.variant.player_stats,
        spp_spent=sum(a.spp_spent or 0 for a in advancements),
        matches=lines,
        injuries=all_injuries,
        advancements=advancements,
        roster_events=roster_events,
    )
