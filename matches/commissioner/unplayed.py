"""Recording a league fixture that was never played
(league_and_exhibition_play.md "League Fixtures"): "Any league fixtures
that have not been played by the end of the time limit count as a loss for
both teams unless one coach voluntarily concedes due to real life
commitments. In this case, the other team wins 1-0, gains D6x10,000 gold
pieces and may make two MVP awards."

The service writes the result (its one row per match, as a report's) and
queues the post-game once the transaction commits; the post-game of an
unplayed fixture (:mod:`matches.postgame.unplayed`) pays the gold and draws
the MVPs from the match's seed, so a retried task rolls the same dice.

Decision: only the commissioner records it. A coach who concedes tells the
commissioner, as the rules have coaches pass every outcome on to him; the
commissioner is the one who knows the round's time limit has run out.
Decision: only a league fixture: a playoff needs a team to go through, and
"a loss for both" sends nobody (a playoff conceded is reported with the
concession instead).
Decision: the fixture must still be scheduled: one that kicked off is being
played (live, or by the engine), and one with a report waiting for the
other coach has a result coming.
Decision: a fixture of a team that still owes its re-draft after a season
of the league closed (one its matches may not kick off for,
:func:`matches.seasons.offseason.match_require_redrafted`) may be recorded
unplayed: no team takes the field with the old roster, and the time limit
ran out for it as for any fixture. Its post-game pays and awards as ever
(the gold goes into the treasury the re-draft takes into its budget), and
the record does not count as the team's playing the new season: it still
re-drafts before its next fixture
(:func:`matches.seasons.offseason.archive_redraft_lapsed`).
Decision: the same in every format. Dungeon Bowl's league rules point at
this section; Sevens, BB2025 and the classic game have no text of their
own on it; Blitz Bowl (no league rules of its own) records the loss or the
win alone, its post-game having no winnings nor MVP.
Decision: "wins 1-0" is a win by one touchdown to none, scored as the
format scores a touchdown (``touchdown_score``): 1-0 where scores count
touchdowns, 4-0 in Blitz Bowl, whose scores are points and whose Touchdown
"scores 4 points" (rules.md "Touchdown"). A commissioner reads Blood
Bowl's 1-0 as the smallest touchdown win; one point would be less than any
touchdown, and the points difference and points for that rank a Blitz
Bowl table would count the concession below a win on the pitch by one
touchdown.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from league.access import league_get_for_commissioner
from league.errors import ServiceError
from league.models import LeagueEvent, Team
from league.rules import settings_rules
from league.services.audit import league_event_record
from matches.events import match_events_append
from matches.models import (
    Match,
    MatchResult,
    ReportSubmission,
    Season,
)
from matches.notices import result_unplayed_notify
from matches.postgame.end import postgame_end_before_match
from matches.postgame.results import match_result_save
from matches.prematch.kickoff import match_qs_for_update
from matches.prematch.pregame import inducements_refund

# The touchdowns of a fixture conceded: "the other team wins 1-0".
FORFEIT_TOUCHDOWNS = 1


def _refusal(match: Match, conceded_by: int | None) -> ServiceError | None:
    """Why ``match`` cannot be recorded unplayed, or None."""
    if match.season.status == Season.Status.CLOSED:
        return ServiceError.one(
            "season_closed", None, f"{match.season} is closed: its results stand"
        )
    if match.stage == Match.Stage.PLAYOFF:
        return ServiceError.one(
            "playoff_match",
            None,
            "a playoff needs a winner to go through: report it, with the "
            "concession if a team conceded",
        )
    if match.status != Match.Status.SCHEDULED:
        if match.status == Match.Status.IN_PROGRESS:
            return ServiceError.one(
                "in_progress", None, "this match has kicked off: it is being played"
            )
        return ServiceError.one("already_reported", None, "this match has a result")
    if ReportSubmission.objects.filter(
        match=match, status__in=ReportSubmission.OPEN
    ).exists():
        return ServiceError.one(
            "report_waiting",
            None,
            "a report of this match is waiting: decide it first",
        )
    if conceded_by is not None and conceded_by not in (match.home_id, match.away_id):
        return ServiceError.one(
            "not_in_match",
            "conceded_by",
            "the team that concedes must be one of the match's two teams",
        )
    return None


def _refund_inducements(
    match: Match, actor: AbstractBaseUser
) -> list[tuple[str, dict[str, Any]]]:
    """What each team's treasury paid for inducements bought for the match,
    paid back with a ledger row each
    (:func:`matches.prematch.pregame.inducements_refund`). Decision: the
    game they were bought for is never played; petty cash is lost, as
    unused petty cash always is."""
    paid = inducements_refund(
        match, note=f"inducements refunded: {match} was not played", actor=actor
    )
    return [
        ("inducements_refunded", {"team_id": team_id, "amount": amount})
        for team_id, amount in paid.items()
    ]


@transaction.atomic
def match_record_unplayed(
    *,
    match_id: int,
    actor: AbstractBaseUser,
    conceded_by: int | None = None,
    reason: str = "",
) -> MatchResult:
    """Record a league fixture not played by the end of its time limit:
    with ``conceded_by`` (a team id of the match) that team conceded it and
    the other wins 1-0 (by one touchdown: 4-0 in Blitz Bowl, whose scores
    are points); without, it is a loss for both (0-0, no winner).

    Refused (PermissionDenied) for anyone but the league's commissioner;
    refused with a code (nothing written) for a closed season, a playoff,
    a match already kicked off or reported, a report waiting, or a team not
    in the match. The result is the match's one result (the database
    refuses a second)."""
    match = match_qs_for_update().get(pk=match_id)
    league_get_for_commissioner(actor, match.season.league_id)
    refusal = _refusal(match, conceded_by)
    if refusal is not None:
        raise refusal
    # The teams' last post-games end before this fixture's result.
    postgame_end_before_match(match_id=match.pk)
    text = reason.strip()[:300]
    conceding = Team.objects.get(pk=conceded_by) if conceded_by is not None else None
    winner_home = conceding is not None and conceding.pk == match.away_id
    winner_away = conceding is not None and conceding.pk == match.home_id
    refunds = _refund_inducements(match, actor)
    # the season's pinned format scores the touchdown (Decision above)
    won = (
        FORFEIT_TOUCHDOWNS
        * settings_rules(match.season.settings).variant.touchdown_score
    )
    result = match_result_save(
        match=match,
        mode=Match.Mode.UNPLAYED,
        home_score=won if winner_home else 0,
        away_score=won if winner_away else 0,
        fan_factors=(0, 0),
        player_stats={},
        casualties=[],
        conceded_by=conceding,
        summary={"unplayed": True, **({"notes": text} if text else {})},
        submitted_by=actor,
    )
    payload: dict[str, Any] = {
        "home_score": result.home_score,
        "away_score": result.away_score,
        "conceded_by": conceded_by,
        "by": actor.get_username(),
    }
    if text:
        payload["reason"] = text
    match_events_append(match, [("unplayed", payload), *refunds])
    league_event_record(
        league_id=match.season.league_id,
        type=LeagueEvent.Type.MATCH_UNPLAYED,
        match_id=match.pk,
        team=conceding,
        actor=actor,
        payload={k: v for k, v in payload.items() if k != "by"},
    )
    result_unplayed_notify(match, result, actor)
    return result
