"""Reads for the web pages over seasons, teams and matches.

Every function here runs a fixed number of queries whatever the size of the
season, roster or event log; the page tests hold them to it. Event lines are
described in :mod:`matches.event_text`, once, for the log and the replay.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Count, Q, QuerySet

from engine.facade import get_variant, rules_data
from league.access import league_team_writer
from league.models import League, Team
from league.rules import season_variant
from matches.captions.names import WEATHER, injury_name, named
from matches.event_text import (
    BLOCK_FACES,
    STATS,
    Describer,
    PlayerInfo,
    describe,
    period,
    recorded_stats,
    type_label,
)
from matches.forecasts.selectors import season_predicted_table
from matches.forecasts.table import Predicted
from matches.models import (
    Match,
    MatchEvent,
    MatchInducements,
    MatchResult,
    RosterSnapshot,
    Season,
    TaskProgress,
)
from matches.pages.match_cast import match_lines, match_players, recorded_casualty_rows
from matches.pages.player_selectors import Leader, leaders_rank, scope_leaders
from matches.pages.replay_marks import RerollCount, dice_drawn, jump_points
from matches.prematch.fielded import match_fielded_stars
from matches.resolution.progress import progress_counts
from matches.seasons.selectors import season_standings
from matches.seasons.standings import Row

AnyUser = AbstractBaseUser | AnonymousUser

TIEBREAK_LABELS = {
    "points": "Points",
    "td_diff": "TD difference",
    "cas_diff": "Casualty difference",
    "head_to_head": "Head-to-head",
    "td_for": "Touchdowns scored",
    "wins": "Wins",
    "score_diff": "Score difference (points for − against)",
    "score_for": "Score for (points for)",
    "cas_for": "Casualties caused",
    "coin_flip": "Coin flip",
}
# Rows written by the report, the post-game and the commissioner rather than
# by the engine during play.
# The post-game steps, as the badge before each of their lines names them.
STEP_LABELS = {
    "outcome": "Outcome",
    "winnings": "Winnings",
    "fans": "Dedicated Fans",
    "mvp": "MVP",
    "spp": "SPP",
    "injuries": "Injuries",
    "expensive_mistakes": "Expensive Mistakes",
    "team_value": "Team value",
}
# A casualty the result does not keep, in the box score.
# The casualty tables by the names the league options give them.
TABLE_NAMES = dict(League.CasualtyTable.choices)
NOTE_WORDS = {"regenerated": "Regenerated", "hired": "Hired for this match"}


def weather_name(code: str) -> str:
    """The weather as the Weather table names it ("" for none)."""
    return named(WEATHER, code) if code else ""


NOT_PLAY = ("report", "report_player", "casualty_roll", "result_override")
MOVEMENT = ("move", "activation", "activation_end")


def is_play_event(kind: str) -> bool:
    return not kind.startswith("postgame_") and kind not in NOT_PLAY


# --- seasons -----------------------------------------------------------------


def league_seasons(league: League) -> list[Season]:
    return list(Season.objects.filter(league=league).order_by("-created_at"))


@dataclass(frozen=True, slots=True)
class StandingLine:
    position: int
    team: Team
    row: Row
    decided_by: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Round:
    stage: str
    number: int
    matches: list[Match]

    @property
    def title(self) -> str:
        prefix = "Playoff round" if self.stage == Match.Stage.PLAYOFF else "Round"
        return f"{prefix} {self.number}"


@dataclass(frozen=True, slots=True)
class PredictedLine:
    team: Team
    line: Predicted

    @property
    def first_percent(self) -> int:
        return round(100 * self.line.first)


def season_prediction(
    season: Season,
    teams: dict[int, Team],
    standings: list[StandingLine],
    matches: list[Match],
) -> tuple[list[PredictedLine], int, int]:
    """The predicted final table from the forecasts of the league fixtures
    left (:func:`matches.forecasts.selectors.season_predicted_table`), once
    each has one; and how many of them do."""
    table, ready, wanted = season_predicted_table(
        season, {line.team.pk: line.row.points for line in standings}, matches
    )
    return [PredictedLine(teams[r.team_id], r) for r in table], ready, wanted


@dataclass(slots=True)
class SeasonView:
    season: Season
    teams: dict[int, Team]
    standings: list[StandingLine]
    tiebreakers: list[str]
    rounds: list[Round]
    touchdowns: list[Leader]
    casualties: list[Leader]
    spp: list[Leader]
    spp_tracked: bool
    played: int
    open: int
    total: int
    reportable: set[int] = field(default_factory=set)
    # What the scores count (the variant's score_name): the standings show
    # PF / PA (points for and against) where they count points.
    scores_points: bool = False
    shows_casualties: bool = True
    # The predicted final table (every league fixture left has a forecast),
    # else how many of them have one so far.
    prediction: list[PredictedLine] = field(default_factory=list)
    forecasts_ready: int = 0
    forecasts_wanted: int = 0

    @property
    def playoffs_due(self) -> bool:
        """The league stage is over and the playoffs are not scheduled."""
        stages = {r.stage for r in self.rounds}
        return (
            bool(self.season.playoff_teams)
            and self.total > 0
            and self.played == self.total
            and Match.Stage.PLAYOFF not in stages
        )


def season_matches(season: Season) -> QuerySet[Match]:
    return (
        Match.objects.filter(season=season)
        .select_related("home__league", "away__league", "result", "forecast")
        # the engine's summary (kilobytes of JSON a match) is not shown here
        .defer("result__summary")
        .order_by("stage", "round", "id")
    )


def _has_result(match: Match) -> bool:
    return getattr(match, "result", None) is not None


# How many players each leaders box of the season page lists.
SEASON_LEADERS = 5


def season_view(season: Season, user: AnyUser) -> SeasonView:
    """Standings, fixtures by round and leaders."""
    variant = get_variant(str(season.settings.get("format", "bb2020")))
    teams = {t.pk: t for t in season.teams.select_related("coach").order_by("name")}
    standings = [
        StandingLine(
            position=i,
            team=teams[row.team_id],
            row=row,
            decided_by=tuple(TIEBREAK_LABELS.get(n, n) for n in row.tiebreak_notes),
        )
        for i, row in enumerate(season_standings(season), start=1)
        if row.team_id in teams
    ]
    matches = list(season_matches(season))
    rounds: list[Round] = []
    for match in matches:
        if not rounds or (rounds[-1].stage, rounds[-1].number) != (
            match.stage,
            match.round,
        ):
            rounds.append(Round(match.stage, match.round, []))
        rounds[-1].matches.append(match)
    # The leaders as the leaders board counts them (matches/player_selectors),
    # from the results already read for the fixtures.
    tallies, players = scope_leaders(
        Q(match__season=season),
        [m.result.player_stats for m in matches if _has_result(m)],
        games=False,
    )
    touchdowns = tallies["touchdowns"]
    casualties = tallies["casualties_inflicted"]
    spp = tallies["spp"]
    open_statuses = (Match.Status.SCHEDULED, Match.Status.IN_PROGRESS)
    prediction, ready, wanted = season_prediction(season, teams, standings, matches)
    may_write = league_team_writer(
        user, league_id=season.league_id, commissioner_id=season.league.commissioner_id
    )
    return SeasonView(
        prediction=prediction,
        forecasts_ready=ready,
        forecasts_wanted=wanted,
        season=season,
        teams=teams,
        standings=standings,
        tiebreakers=[
            TIEBREAK_LABELS.get(t, t)
            for t in season.settings.get("tiebreakers", ["points"])
        ],
        rounds=rounds,
        touchdowns=leaders_rank(touchdowns, players, top=SEASON_LEADERS),
        casualties=leaders_rank(casualties, players, top=SEASON_LEADERS),
        spp=leaders_rank(spp, players, top=SEASON_LEADERS),
        spp_tracked=bool(season.settings.get("spp", True)),
        played=sum(1 for m in matches if m.status == Match.Status.COMPLETE),
        open=sum(1 for m in matches if m.status in open_statuses),
        total=len(matches),
        reportable={
            m.pk
            for m in matches
            if m.status in open_statuses
            and (may_write(m.home.coach_id) or may_write(m.away.coach_id))
        },
        scores_points=variant.score_name == "points",
        shows_casualties=variant.standings_shows_casualties,
    )


@dataclass(frozen=True, slots=True)
class ProgressView:
    progress: TaskProgress
    done: int
    total: int

    @property
    def finished(self) -> bool:
        return self.progress.finished_at is not None or self.done >= self.total

    @property
    def percent(self) -> int:
        return round(100 * self.done / self.total) if self.total else 100

    @property
    def label(self) -> str:
        return {
            "resolve_round": "Resolving the round",
            "resolve_season": "Resolving the season",
            "resolve_match": "Resolving the match",
        }.get(self.progress.kind, "Resolving")


def season_running_progress(season: Season) -> ProgressView | None:
    """The resolution under way in ``season``, if any (never cached: it moves
    with every match the workers finish)."""
    running = (
        TaskProgress.objects.filter(season=season, finished_at=None)
        .order_by("-created_at")
        .first()
    )
    return progress_view(running) if running is not None else None


def progress_view(progress: TaskProgress) -> ProgressView:
    done, total = progress_counts(progress)
    return ProgressView(progress, done, total)


def season_open_matches(season_id: int) -> int:
    return Match.objects.filter(
        season_id=season_id,
        status__in=(Match.Status.SCHEDULED, Match.Status.IN_PROGRESS),
    ).count()


# --- teams -------------------------------------------------------------------


def team_matches(team: Team) -> list[Match]:
    """Every match of ``team``, newest season first, by round."""
    return list(
        Match.objects.filter(Q(home=team) | Q(away=team))
        .select_related("season", "home", "away", "result")
        .defer("result__summary", "result__player_stats", "result__casualties")
        .order_by("-season__created_at", "stage", "round", "id")
    )


# --- matches -----------------------------------------------------------------


def match_page_qs() -> QuerySet[Match]:
    return Match.objects.select_related(
        "season__league", "home__league", "away__league", "result", "forecast"
    )


@dataclass(frozen=True, slots=True)
class StarInfo:
    """A Star Player a team fielded, as the report form names him: his
    player slug (one of a pair has his own) and his side."""

    slug: str
    side: str  # "home" or "away"
    name: str

    @property
    def label(self) -> str:
        return f"{self.name} (Star Player)"

    @property
    def choice(self) -> str:
        """His value in the casualty rows' player choices."""
        return f"star:{self.slug}"


def report_stars(match: Match) -> list[StarInfo]:
    """The Star Players who take the field in ``match`` (those a report may
    name: a star both teams hired plays for neither), home side first."""
    fielded = match_fielded_stars(match)
    data = rules_data(str(match.season.settings["rules_version"]))
    names = {m.slug: m.name for s in data.star_players.values() for m in s.members}
    stars = [
        StarInfo(
            slug=slug,
            side="home" if team_id == match.home_id else "away",
            name=names.get(slug, slug),
        )
        for slug, team_id in fielded.items()
    ]
    return sorted(stars, key=lambda s: (s.side != "home", s.name))


def match_event_types(match: Match) -> list[tuple[str, int]]:
    return [
        (row["type"], row["n"])
        for row in MatchEvent.objects.filter(match=match)
        .values("type")
        .annotate(n=Count("id"))
        .order_by("type")
    ]


def match_log(match: Match, *, kind: str) -> QuerySet[MatchEvent]:
    """The event log: ``all``, ``key`` (everything but movement) or one type."""
    qs = MatchEvent.objects.filter(match=match).order_by("seq")
    if kind == "key":
        return qs.exclude(type__in=MOVEMENT)
    if kind != "all":
        return qs.filter(type=kind)
    return qs


@dataclass(slots=True)
class BoxLine:
    player: PlayerInfo
    stats: dict[str, int]
    blocks: int
    mvp: bool
    spp: int
    casualty: str
    # The columns of the box score: the stats the match's format records.
    columns: tuple[tuple[str, str, str], ...] = STATS

    @property
    def cells(self) -> list[tuple[str, int]]:
        """The box score's figures in column order: (short name, value)."""
        return [(short, self.stats.get(key, 0)) for key, short, _ in self.columns]


@dataclass(slots=True)
class MatchView:
    match: Match
    players: dict[int, PlayerInfo]
    box: dict[str, list[BoxLine]]
    casualties: list[dict[str, Any]]
    postgame: list[tuple[str, str]]
    overrides: list[str]
    decided: str = ""  # how a level playoff was won: extra time, sudden death
    # The box score's stat columns: those the match's format records (the
    # season's pinned format: BB2025 records no Deflections).
    stats: tuple[tuple[str, str, str], ...] = STATS


def _postgame_events(match: Match) -> list[MatchEvent]:
    return list(
        MatchEvent.objects.filter(match=match)
        .filter(
            Q(type__startswith="postgame_")
            | Q(type__in=("casualty_roll", "result_override"))
        )
        .order_by("seq")
    )


def match_casualty_rows(
    match: Match,
    result: MatchResult | None,
    players: dict[int, PlayerInfo] | None = None,
) -> list[tuple[dict[str, Any], str]]:
    """The casualty table's rows, in the order they happened: the result's
    casualties (what the post-game applies), and, for a resolved match, the
    casualties the engine recorded that the result leaves out (a player who
    regenerated, a hired mercenary or Star Player: see
    matches/resolution/resolve.py), so the table names every victim the event
    log and the replay name.

    Decision: the two lists are walked together in the engine's order; an
    engine casualty that is not the result's next entry is one the result
    left out. A recorded match has no engine list: its rows are the
    result's and the Star Players' (:func:`recorded_casualty_rows`, given
    the match's ``players``)."""
    if result is None:
        return []
    if match.mode == Match.Mode.RECORDED:
        return recorded_casualty_rows(match, result.casualties, players or {})
    kept = list(result.casualties)
    engine = (
        (result.summary or {}).get("casualties", [])
        if match.mode == Match.Mode.RESOLVED
        else []
    )
    rows: list[tuple[dict[str, Any], str]] = []
    for cas in engine:
        if kept and int(kept[0]["player_id"]) == int(cas["player_id"]):
            if not cas.get("regenerated"):
                rows.append((kept.pop(0), ""))
                continue
        note = "regenerated" if cas.get("regenerated") else "hired"
        rows.append(
            (
                {
                    **cas,
                    "casualty_roll": cas.get("d16") or cas.get("d100"),
                    "lasting_roll": cas.get("lasting_d6"),
                },
                note,
            )
        )
    return rows + [(entry, "") for entry in kept]


def match_view(match: Match) -> MatchView:
    """Box score, casualties with their dice and outcomes, SPP and the
    post-game rolls of one match."""
    players = match_players(match)
    result: MatchResult | None = getattr(match, "result", None)
    events = _postgame_events(match) if result is not None else []
    describer = Describer(match, players)
    spp: Counter[int] = Counter()
    mvps: set[int] = set()
    injuries: dict[int, dict[str, Any]] = {}
    postgame: list[tuple[str, str]] = []
    overrides: list[str] = []
    for event in events:
        e = event.payload
        if event.type == "postgame_spp" and "earned" in e:
            spp[int(e["player_id"])] += int(e["earned"])
        elif event.type == "postgame_mvp":
            mvps.update(int(i) for i in e.get("player_ids", []))
        elif event.type == "postgame_injury":
            injuries[int(e["player_id"])] = e
        if event.type == "result_override":
            overrides.append(describe(describer, event.type, e))
        elif event.type.startswith("postgame_"):
            step = str(e.get("step", event.type.removeprefix("postgame_")))
            postgame.append(
                (STEP_LABELS.get(step, step), describe(describer, event.type, e))
            )
    # every player's line, the hired players' included (matches/pages/match_cast.py)
    stats = match_lines(match, result, players)
    engine_stats: dict[str, dict[str, int]] = (
        (result.summary or {}).get("player_stats", {}) if result else {}
    )
    suffered: dict[int, str] = {}
    casualties: list[dict[str, Any]] = []
    for cas, note in match_casualty_rows(match, result, players):
        pid = int(cas["player_id"])
        outcome = injuries.get(pid) if not note else None
        # a hired player's casualty is named as any other's (none is kept)
        suffered[pid] = (
            NOTE_WORDS["regenerated"]
            if note == "regenerated"
            else (outcome or {}).get("injury") or injury_name(cas.get("result", ""))
        )
        casualties.append(
            {
                "player": players.get(pid),
                "inflicted_by": players.get(int(cas["inflicted_by"]))
                if cas.get("inflicted_by")
                else None,
                "entry": cas,
                "outcome": outcome,
                "result": injury_name(cas.get("result", "")),
                # the table by its name ("Blood Bowl 2020 (D16)"), not its code
                "table": TABLE_NAMES.get(str(cas.get("table", "")), ""),
                # "regenerated" or "hired": a casualty of the match that the
                # result does not keep (no injury to apply after the game)
                "note": note,
            }
        )
    columns = recorded_stats(season_variant(match.season.settings, match.season.league))
    box: dict[str, list[BoxLine]] = {"home": [], "away": []}
    for info in sorted(players.values(), key=lambda i: i.number):
        line = stats.get(info.id, {})
        box[info.side].append(
            BoxLine(
                player=info,
                stats={key: int(line.get(key, 0)) for key, _, _ in STATS},
                blocks=int(engine_stats.get(str(info.id), {}).get("blocks", 0)),
                mvp=info.id in mvps,
                spp=spp.get(info.id, 0),
                casualty=suffered.get(info.id, ""),
                columns=columns,
            )
        )
    decided = ""
    if result is not None and result.sudden_death:
        decided = describe(describer, "sudden_death", dict(result.sudden_death))
    elif result is not None and result.extra_time:
        side = result.winner_side(match.home_id)
        if side is not None:
            decided = f"{describer.t(side)} win in extra time"
    return MatchView(
        match=match,
        players=players,
        box=box,
        casualties=casualties,
        postgame=postgame,
        overrides=overrides,
        decided=decided,
        stats=columns,
    )


def match_rerolls_at_kickoff(match: Match) -> tuple[int, int]:
    """Each side's team re-rolls at kick-off: the roster's, plus Extra Team
    Training bought for the match (as matches/engine_bridge.py builds the
    engine's team sheet)."""
    rerolls = dict(
        RosterSnapshot.objects.filter(match=match).values_list(
            "team_id", "data__rerolls"
        )
    )
    for record in MatchInducements.objects.filter(match=match):
        for line in record.lines:
            if line.get("slug") == "extra_team_training":
                rerolls[record.team_id] = int(rerolls.get(record.team_id) or 0) + int(
                    line["count"]
                )
    return int(rerolls.get(match.home_id) or 0), int(rerolls.get(match.away_id) or 0)


def replay_data(match: Match) -> dict[str, Any]:
    """Everything the replay viewer draws, from the stored events only: the
    pitch of the match's ruleset, who is who, and the play-by-play, with the
    dice each event drew and the team re-rolls left after it (``rr``, only
    on the events that change them)."""
    players = match_players(match)
    describer = Describer(match, players)
    variant = get_variant(match.season.league.format)
    pitch = variant.match_pitch(match.seed) or variant.pitch
    per_half = variant.turns_per_half
    rerolls = RerollCount(match_rerolls_at_kickoff(match))
    events: list[dict[str, Any]] = []
    turns: list[dict[str, Any]] = []
    for event in MatchEvent.objects.filter(match=match).order_by("seq"):
        if not is_play_event(event.type):
            continue
        row: dict[str, Any] = {
            "seq": event.seq,
            "type": event.type,
            "p": event.payload,
            "text": describe(describer, event.type, event.payload),
        }
        if event.type == "block":
            row["faces"] = [BLOCK_FACES.get(d, str(d)) for d in event.payload["dice"]]
        elif event.type == "weather":
            # the turn line under the pitch names it as the Weather table does
            row["weather"] = weather_name(str(event.payload.get("result", "")))
        elif drawn := dice_drawn(event.type, event.payload):
            row["roll"] = drawn
        if rerolls.step(event.type, event.payload):
            row["rr"] = list(rerolls.left)
        if event.type == "turn_start":
            e = event.payload
            label = (
                f"{period(e['half'])} · {describer.t(e['team'])} turn {e['turn']} of {per_half}"
                if variant.has_halves
                else f"{describer.t(e['team'])} turn {e['turn']} (time limit {per_half})"
            )
            turns.append({"index": len(events), "label": label})
        events.append(row)
    return {
        "match": match.pk,
        "pitch": {
            "width": pitch.width,
            "height": pitch.height,
            "wide_zone": pitch.wide_zone,
            "home_los_x": pitch.home_los_x,
            "away_los_x": pitch.away_los_x,
        },
        # A dungeon's walls, rooms, Portals and Chests (None on a pitch).
        "dungeon": pitch.picture(),
        "turns_per_half": per_half,
        "rerolls": list(rerolls.start),
        "home": {"id": match.home_id, "name": match.home.name},
        "away": {"id": match.away_id, "name": match.away.name},
        "players": {
            str(i.id): {
                "side": i.side,
                "number": i.number,
                "name": i.name,
                "position": i.position,
            }
            for i in players.values()
        },
        "turns": turns,
        **jump_points(events),
        "events": events,
    }


def distinct_types(
    rows: Iterable[tuple[str, int]],
) -> dict[str, list[tuple[str, str, int]]]:
    """Event types grouped for the filter, play first, as (type, label, n)."""
    groups: dict[str, list[tuple[str, str, int]]] = defaultdict(list)
    for kind, n in rows:
        group = "Play" if is_play_event(kind) else "Report and post-game"
        groups[group].append((kind, type_label(kind), n))
    return dict(groups)
