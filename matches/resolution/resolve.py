"""Resolving a match with the engine: two bot coaches play it out."""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Iterable, Iterator
from typing import Any

from django.db import DatabaseError, transaction

from engine.facade import MatchResult as EngineResult
from engine.facade import UnimplementedSkill, is_mercenary
from league.rules import settings_rules
from league.services.journeymen import team_take_plague_rotter
from league.services.teams import team_qs_for_update
from league.services.undeath import team_raise_the_dead
from matches.engine_bridge import engine_play
from matches.events import engine_event_rows, match_events_append, match_last_event
from matches.models import Match, MatchInducements
from matches.postgame.end import postgame_end_before_match
from matches.postgame.results import (
    STAT_KEYS,
    HiredCasualty,
    casualty_entry,
    casualty_roll_modifier,
    match_result_save,
)
from matches.prematch.fielded import inducements_for_engine, match_hired_players
from matches.prematch.kickoff import (
    TeamNotReady,
    match_kick_off,
    match_live_in_play,
    match_qs_for_update,
    match_report_waiting,
    match_snapshots,
)
from matches.resolution.refusal import REFUSED, refusal_payload
from matches.resolution.resolve_cards import card_match_play
from matches.seasons.offseason import RedraftRequired

logger = logging.getLogger(__name__)


def _sudden_death(event: dict[str, object] | None) -> dict[str, object]:
    """The engine's sudden-death event as the result stores it."""
    if not event:
        return {}
    return {k: v for k, v in event.items() if k != "type"}


def match_engine_inputs(match: Match) -> dict[str, Any]:
    """What the engine plays ``match`` from, once it has kicked off: the
    frozen rosters, the seed, the inducements and mercenaries (the keyword
    arguments of :func:`matches.engine_bridge.engine_play`)."""
    home, away = match_snapshots(match)
    snapshots = {match.home_id: home, match.away_id: away}
    records = list(MatchInducements.objects.filter(match=match))
    # Hired for this game only: mercenaries and Star Players.
    mercenaries = match_hired_players(match, snapshots, records)
    return {
        "format_slug": str(match.season.settings["format"]),
        "home": home,
        "away": away,
        "seed": match.seed,
        "inducements": inducements_for_engine(match, home, away),
        "mercenaries": (mercenaries[match.home_id], mercenaries[match.away_id]),
        # A playoff needs a winner: extra time, then sudden death.
        "extra_time": match.stage == Match.Stage.PLAYOFF,
        # The league's time limit option (the format reads it: a Dungeon
        # Bowl game without it is played to the first touchdown).
        "time_limit": settings_rules(match.season.settings).time_limit,
    }


def _with_league_results(
    rows: Iterable[tuple[str, dict[str, Any]]],
    kept: dict[int, list[str | None]],
    table: str,
) -> Iterator[tuple[str, dict[str, Any]]]:
    """The engine's events, each ``casualty`` event carrying the result the
    league's own Casualty table gave it (``league_result``, with
    ``league_table``) where that differs from what the match rolled, so the
    log and the replay tell the outcome the casualty table shows and the
    post-game applies.

    The engine records each casualty once, in the order of its ``casualty``
    events, so a player's n-th event is his n-th record. (A player eaten by
    an Always Hungry team-mate has a record without an event: dead, and so
    always his last.)"""
    left = {pid: list(results) for pid, results in kept.items()}
    for kind, payload in rows:
        if kind == "casualty" and left.get(payload.get("player", -1)):
            league = left[payload["player"]].pop(0)
            if league is not None and league != payload.get("result"):
                payload = {**payload, "league_result": league, "league_table": table}
        yield kind, payload


@transaction.atomic
def match_resolve(*, match_id: int) -> bool:
    """Play ``match`` with the scripted bots from its stored seed and the
    rosters frozen at kick-off, then save the result and every event.

    Idempotent: a match that already has a result is left alone (returns
    False), and a rerun after a crash replays the same seed to the same
    result, since nothing of a failed attempt was committed.

    A match the engine will not play is refused (returns False): a team
    fielding a player with a skill the engine does not implement, a team
    owing its re-draft (``redraft_required``: kick-off refuses it), or any
    error the engine raises while it plays or its result is saved. The
    kick-off and everything else of the attempt is undone, the match stays
    scheduled for its coaches to report, and a ``resolve_refused`` event
    records the reason (:func:`matches.resolution.refusal.refusal_payload`);
    the resolution driver then goes on without it. A team still busy
    (``TeamNotReady``) and a database error are not refusals: they
    propagate, for the task to try again.
    """
    try:
        with transaction.atomic():
            return _match_play(match_id)
    except (TeamNotReady, DatabaseError):
        raise
    # A team owing its re-draft (kick-off refuses it) is a refusal too: the
    # match stays scheduled until the re-draft, and the event says why.
    except (UnimplementedSkill, RedraftRequired) as exc:
        logger.warning("match %s not resolved: %s", match_id, exc)
        refused = exc
    # Decision: any other exception while the engine plays a match (its
    # rule errors, and a bug: a KeyError) refuses the match as well, with
    # its code (engine_error for a bug) and the traceback logged, so a
    # season never stalls on one match (matches/resolution/refusal.py).
    except Exception as exc:
        logger.exception("match %s not resolved: the engine raised", match_id)
        refused = exc
    # The savepoint's rollback undid the kick-off and lost its lock.
    match = match_qs_for_update().get(pk=match_id)
    payload = refusal_payload(refused)
    # A second delivery of the same task (or a retry) refused for the same
    # reason adds nothing: the refusal already on record is the last event.
    if match_last_event(match) != (REFUSED, payload):
        match_events_append(match, [(REFUSED, payload)])
    return False


def _match_play(match_id: int) -> bool:
    """Kick off, play and save ``match`` (see :func:`match_resolve`), in
    the caller's transaction; False when it is not for the engine to play."""
    # The teams' last post-games end before this one's pre-game; kick-off
    # locks the match, and leaves one already under way as it is.
    postgame_end_before_match(match_id=match_id)
    match = match_kick_off(match_id=match_id)
    if match.status != Match.Status.IN_PROGRESS:
        return False
    if match_live_in_play(match):
        return False  # the coaches are playing it in the browser
    if match_report_waiting(match):
        return False  # a coach's report waits to stand: it gives the result
    variant = settings_rules(match.season.settings).variant
    if variant.drafts_team_card:
        card_match_play(match, variant)
        return True
    inputs = match_engine_inputs(match)
    result, events = engine_play(**inputs)
    match_engine_result_save(match, inputs, result, events)
    return True


def _summary(match: Match, result: EngineResult) -> dict[str, Any]:
    """The engine's result as the match keeps it. Each team's Gather Funds
    count (Dungeon Bowl's Treasure Room), which the engine gives by side,
    is kept by team id, as a report's is (what the post-game pays)."""
    summary = result.to_dict()
    funds = summary.get("gather_funds")
    if isinstance(funds, dict):
        summary["gather_funds"] = {
            str(match.home_id): int(funds.get("home", 0)),
            str(match.away_id): int(funds.get("away", 0)),
        }
    return summary


def match_engine_result_save(
    match: Match,
    inputs: dict[str, Any],
    result: EngineResult,
    events: list[dict[str, Any]],
) -> None:
    """Save the result and every event of a match the engine played from
    ``inputs`` (:func:`match_engine_inputs`), whoever made its decisions (the
    bots, or coaches playing live), in the caller's transaction; the
    post-game follows once it commits."""
    home, away = inputs["home"], inputs["away"]
    settings = match.season.settings
    rules = settings_rules(settings)
    table = rules.casualty_table
    # The engine's own Casualty roll counts when the league rolls on the
    # table the variant rolls in the match (not a house table).
    own = rules.variant.league_casualty_table()
    same_table = own is not None and own.name == table
    niggling = {p["id"]: p["niggling"] for s in (home, away) for p in s["players"]}
    modifier = {
        p["id"]: casualty_roll_modifier(p) for s in (home, away) for p in s["players"]
    }
    team_ids = {"home": match.home_id, "away": match.away_id}
    casualties = []
    hired: list[HiredCasualty] = []
    # What the league's table made of each engine casualty, per player and
    # in order (None: a casualty the result does not keep).
    kept: dict[int, list[str | None]] = defaultdict(list)
    for i, cas in enumerate(result.casualties):
        if cas.regenerated:
            kept[cas.player_id].append(None)
            continue
        # Decision: a mercenary's casualty is his own affair (he leaves after
        # the game); the player who caused it keeps its SPP. A Star Player's
        # is waived after the game (inducements_in_detail.md "0-2 Star
        # Players"): is_mercenary() is true for star ids too. Neither is
        # rolled on the league's table, but both count as casualties caused.
        if is_mercenary(cas.player_id):
            kept[cas.player_id].append(None)
            hired.append(
                HiredCasualty(
                    team_id=team_ids[cas.team],
                    player_id=cas.player_id,
                    star_player=None,
                    inflicted_by=cas.inflicted_by,
                    spp=cas.spp,
                )
            )
            continue
        roll = cas.d16 if cas.d16 is not None else cas.d100
        casualties.append(
            casualty_entry(
                match=match,
                index=i,
                player_id=cas.player_id,
                team_id=team_ids[cas.team],
                table=table,
                niggling=niggling.get(cas.player_id, 0),
                modifier=modifier.get(cas.player_id, 0),
                inflicted_by=cas.inflicted_by,
                # The engine's D16 counts only when the league plays that
                # table; a result without a roll (Sevens, Stunty) stands.
                casualty_roll=roll if same_table else None,
                lasting_roll=cas.lasting_d6 if same_table else None,
                result=cas.result if roll is None else None,
                apothecary_used=cas.apothecary_used,
                spp=cas.spp,
            )
        )
        # On the variant's own table the league rolled the match's own dice,
        # so the outcome is the match's (the classic game names its D100
        # row, "broken_jaw", where the league keeps its kind): nothing to add.
        kept[cas.player_id].append(None if same_table else casualties[-1]["result"])
    stats = {
        str(pid): {k: getattr(s, k) for k in STAT_KEYS}
        for pid, s in result.player_stats.items()
        # mercenaries earn no Star Player Points
        if any(getattr(s, k) for k in STAT_KEYS) and not is_mercenary(pid)
    }
    side = result.conceded or ""
    conceded = getattr(match, side) if side in ("home", "away") else None
    match_result_save(
        match=match,
        mode=Match.Mode.RESOLVED,
        home_score=result.score[0],
        away_score=result.score[1],
        fan_factors=result.fan_factor,
        player_stats=stats,
        casualties=casualties,
        conceded_by=conceded,
        summary=_summary(match, result),
        submitted_by=None,
        extra_time=bool(result.extra.get("extra_time")),
        sudden_death=_sudden_death(result.extra.get("sudden_death")),
        hired_casualties=hired,
    )
    # One insert for the engine's events and the casualty rolls after them.
    match_events_append(
        match,
        [
            *_with_league_results(engine_event_rows(events), kept, table),
            *(("casualty_roll", dict(c)) for c in casualties),
        ],
    )
    for side, _victim, _by in result.extra.get("plague_ridden", ()):
        team_id = match.home_id if side == "home" else match.away_id
        team_take_plague_rotter(team_qs_for_update().get(pk=team_id), match_id=match.pk)
    for side, victim in result.extra.get("raised_dead", ()):
        team_id = match.home_id if side == "home" else match.away_id
        team_raise_the_dead(
            team_qs_for_update().get(pk=team_id), match_id=match.pk, victim_id=victim
        )
