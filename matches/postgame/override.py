"""A commissioner's override of a result."""

from __future__ import annotations

from functools import partial
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from league.access import league_get_for_commissioner
from league.errors import ServiceError
from league.models import LeagueEvent
from league.page_cache import league_cache_bump
from league.rules import settings_rules
from league.services.audit import league_event_record
from matches.events import match_events_append
from matches.models import Match, MatchEvent, MatchResult, Season
from matches.notices import result_overridden_notify
from matches.postgame.results import sudden_death_record
from matches.postgame.scores import score_violations
from matches.webhooks.news import result_news
from matches.webhooks.services import webhooks_announce


def _card_game_points(summary: dict[str, Any], home: int, away: int) -> dict[str, Any]:
    """A card game's summary with the overridden points and the winner
    they give (None: level)."""
    winner = "home" if home > away else "away" if away > home else None
    return {**summary, "points": {"home": home, "away": away}, "winner": winner}


@transaction.atomic
def match_override_result(
    *,
    match_id: int,
    home_score: int,
    away_score: int,
    reason: str,
    actor: AbstractBaseUser,
) -> MatchResult:
    """Change the score of a played match, with a reason kept in its log
    and the league's audit log (however it is asked: the site, the API or
    the admin). A score that changes is told to both coaches and announced
    to the league's webhooks as a corrected result.

    Decision: an override corrects the result the standings count; it does
    not re-run a post-game sequence already applied (winnings, SPP and
    injuries stay as they were), since those follow from what happened on
    the pitch. The commissioner adjusts treasuries separately if needed.
    """
    match = Match.objects.select_for_update().select_related("season").get(pk=match_id)
    league_get_for_commissioner(actor, match.season.league_id)
    if not reason.strip():
        raise ServiceError.one("required", "reason", "say why the result is overridden")
    if match.season.status == Season.Status.CLOSED:
        # its champion, archives and prizes are recorded: history
        raise ServiceError.one(
            "season_closed", None, f"{match.season} is closed: its results stand"
        )
    try:
        result = MatchResult.objects.select_for_update().get(match=match)
    except MatchResult.DoesNotExist:
        raise ServiceError.one(
            "not_played", None, "this match has no result yet"
        ) from None
    if result.unplayed:
        # its score is the rule's (0-0 lost by both, or 1-0 conceded), not
        # a game's: there is nothing played to correct
        raise ServiceError.one(
            "unplayed",
            None,
            "this fixture was recorded unplayed: its result is the rule's",
        )
    playoffs = Match.objects.filter(season=match.season, stage=Match.Stage.PLAYOFF)
    if (
        match.stage == Match.Stage.PLAYOFF
        and playoffs.filter(round__gt=match.round).exists()
    ):
        # the next round was drawn from its winner
        raise ServiceError.one(
            "bracket_moved_on",
            None,
            "the next playoff round is drawn from this result: it stands",
        )
    if match.stage == Match.Stage.LEAGUE and playoffs.exists():
        # The bracket was seeded from the league table: a table changed
        # afterwards would hand the byes of the later rounds to other seeds
        # (a team that lost its playoff going through, a bye's owner out).
        raise ServiceError.one(
            "bracket_moved_on",
            None,
            "the playoffs are seeded from the league table: its results stand",
        )
    if match.status == Match.Status.POST_GAME:
        # its steps read the score: one run half on each would disagree
        raise ServiceError.one(
            "postgame_running",
            None,
            "the post-game sequence is under way; override once it is done",
        )
    # A recorded result's score is the touchdowns scored on the pitch (the
    # concession's award comes after it); the engine's includes the award.
    problems = score_violations(
        match,
        home_score,
        away_score,
        conceded=result.conceded_by_id is not None
        and result.mode == Match.Mode.RECORDED,
    )
    if problems:
        raise ServiceError(problems)
    before = [result.home_score, result.away_score]
    text = reason.strip()
    result.home_score, result.away_score = home_score, away_score
    fields = ["home_score", "away_score"]
    rolled: list[tuple[str, dict[str, object]]] = []
    if (
        match.stage == Match.Stage.PLAYOFF
        and home_score == away_score
        and result.conceded_by_id is None
        and not result.sudden_death
    ):
        # A playoff made level still needs a winner: the server rolls the
        # sudden death, stored and logged like any other roll.
        result.sudden_death = sudden_death_record(match, None)
        result.extra_time = True
        fields += ["sudden_death", "extra_time"]
        rolled.append(("sudden_death", result.sudden_death))
    if settings_rules(match.season.settings).variant.drafts_team_card:
        # A card game's record (Blitz Bowl: the result's ``card_game``)
        # shows the points the standings count and the winner they give.
        result.summary = _card_game_points(result.summary or {}, home_score, away_score)
        fields.append("summary")
    result.save(update_fields=fields)
    match_events_append(
        match,
        [
            (
                "result_override",
                {
                    "before": before,
                    "after": [home_score, away_score],
                    "reason": text,
                    "by": actor.get_username(),
                },
            ),
            *rolled,
        ],
    )
    league_event_record(
        league_id=match.season.league_id,
        type=LeagueEvent.Type.RESULT_OVERRIDDEN,
        match_id=match.pk,
        actor=actor,
        payload={
            "before": before,
            "after": [home_score, away_score],
            "postgame_rerun": False,
            "reason": text,
        },
    )
    if before != [home_score, away_score]:
        # Each override is news of its own (its number in the match log).
        nth = MatchEvent.objects.filter(match=match, type="result_override").count()
        result_overridden_notify(match, before, result, text, actor, nth)
        webhooks_announce(
            match.season.league_id,
            partial(result_news, match, result, corrected=(before, nth)),
        )
    league_cache_bump(match.season.league_id)
    return result
