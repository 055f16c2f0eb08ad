"""Recording a match of a card format (the variant's ``drafts_team_card``,
e.g. Blitz Bowl) from a report: each team's points, touchdowns (and who
scored them, if given), the Challenge Cards it claimed and its Clean
Sweeps. Everything is checked before anything is written; the variant says
what the rules cannot produce (``card_report_violations``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from engine.facade import CardSide, Violation
from league.errors import ServiceError
from league.models import Player
from league.rules import settings_rules
from matches.events import match_events_append
from matches.models import Match, MatchResult, ReportSubmission
from matches.notices import result_recorded_notify
from matches.postgame.end import postgame_end_before_match
from matches.postgame.results import card_playoff_sudden_death, match_result_save
from matches.prematch.kickoff import match_kick_off, match_lock_for_report
from matches.reports.submissions import (
    confirmation_needed,
    submission_open,
    submission_supersede,
)

HOW = ("points", "sudden_death")
# Decision: a Sudden Death Victory needs a lead of 10 points (8 in the
# Mountain Summit arena, rules.md arena 7), so a report saying the game
# ended that way must show a lead of at least 8.
SUDDEN_DEATH_MIN_LEAD = 8


@dataclass(frozen=True, slots=True)
class CardReportSide:
    points: int
    touchdowns: int
    cards: tuple[int, ...] = ()  # Challenge Card numbers (1-26)
    challenges: tuple[str, ...] = ()  # or challenge slugs
    clean_sweeps: int = 0
    scorers: tuple[int, ...] = ()  # player ids, one per touchdown
    extra: dict[str, Any] = field(default_factory=dict)


def _scorer_violations(
    side: str, rep: CardReportSide, own: Sequence[int]
) -> tuple[list[Violation], tuple[int, ...]]:
    """Scorers must be players of the reporting side's team; returns the
    violations and the scorers' indexes in card (shirt-number) order."""
    out: list[Violation] = []
    indexes: list[int] = []
    for i, pid in enumerate(rep.scorers):
        if pid not in own:
            out.append(
                Violation(
                    "not_on_team",
                    f"{side}.scorers.{i}",
                    f"player {pid} is not on the {side} team",
                )
            )
        else:
            indexes.append(own.index(pid))
    return out, tuple(indexes)


def card_report_data(
    home: CardReportSide, away: CardReportSide, how: str
) -> dict[str, Any]:
    """A card report as the data a :class:`ReportSubmission` keeps: the
    sides and how the game ended, with the points as the scores that the
    submission's pages, audit and webhooks show."""
    return {
        "card": True,
        "how": how,
        "home": asdict(home),
        "away": asdict(away),
        "home_score": home.points,
        "away_score": away.points,
    }


def card_report_from_data(
    data: dict[str, Any],
) -> tuple[CardReportSide, CardReportSide, str]:
    """The sides and ``how`` of :func:`card_report_data`."""

    def side(d: dict[str, Any]) -> CardReportSide:
        return CardReportSide(
            points=d["points"],
            touchdowns=d["touchdowns"],
            cards=tuple(d.get("cards", ())),
            challenges=tuple(d.get("challenges", ())),
            clean_sweeps=d.get("clean_sweeps", 0),
            scorers=tuple(d.get("scorers", ())),
            extra=dict(d.get("extra", {})),
        )

    return side(data["home"]), side(data["away"]), str(data["how"])


@transaction.atomic
def match_submit_card_report(
    *,
    match_id: int,
    home: CardReportSide,
    away: CardReportSide,
    actor: AbstractBaseUser,
    how: str = "points",
    confirmed: bool = False,
) -> MatchResult | ReportSubmission:
    """Record a card-format match. Either coach or the commissioner may
    submit. Refused (every violation, nothing written) when the match has a
    result, the format plays rosters, or the report is impossible.

    In a league that asks for confirmation, a coach's report is checked in
    full and kept as a :class:`ReportSubmission` for the other coach, as a
    roster format's report is (:mod:`matches.reports.confirmation`, which
    calls this again with ``confirmed`` once it stands); the
    commissioner's stands at once and replaces one still waiting."""
    match, teams = match_lock_for_report(match_id, actor, confirmed=confirmed)
    variant = settings_rules(match.season.settings).variant
    if not variant.drafts_team_card:
        raise ServiceError.one(
            "roster_format",
            None,
            f"{variant.label} matches are reported with "
            "POST /api/matches/{id}/report/",
        )
    rosters = {
        side: list(
            Player.objects.filter(team_id=team_id)
            .order_by("number")
            .values_list("pk", flat=True)
        )
        for side, team_id in (("home", match.home_id), ("away", match.away_id))
    }
    violations: list[Violation] = []
    if how not in HOW:
        violations.append(
            Violation("invalid_choice", "how", f"how must be one of {', '.join(HOW)}")
        )
    sides: dict[str, CardSide] = {}
    for side, rep in (("home", home), ("away", away)):
        bad, indexes = _scorer_violations(side, rep, rosters[side])
        violations += bad
        sides[side] = CardSide(
            points=rep.points,
            touchdowns=rep.touchdowns,
            card_numbers=rep.cards,
            challenges=rep.challenges,
            clean_sweeps=rep.clean_sweeps,
            scorers=indexes if not bad else rep.scorers,
        )
    violations += variant.card_report_violations(sides["home"], sides["away"])
    if how == "sudden_death" and abs(home.points - away.points) < SUDDEN_DEATH_MIN_LEAD:
        violations.append(
            Violation(
                "sudden_death_margin",
                "how",
                f"a Sudden Death Victory needs a lead of {SUDDEN_DEATH_MIN_LEAD} "
                f"points or more, not {abs(home.points - away.points)}",
            )
        )
    if violations:
        raise ServiceError(violations)
    postgame_end_before_match(match_id=match.pk)
    match = match_kick_off(match_id=match.pk)
    told = confirmed  # a kept report's coaches hear of it as it stands
    if not confirmed:
        if confirmation_needed(match, actor):
            return submission_open(
                match=match,
                report=card_report_data(home, away, how),
                actor=actor,
                teams=teams,
            )
        told = submission_supersede(match, actor, (home.points, away.points))
    deck = {int(c["card"]): c for c in _deck(variant)}
    claimed: dict[str, list[dict[str, Any]]] = {}
    for side, rep in (("home", home), ("away", away)):
        claimed[side] = [
            {
                "card": n,
                "challenge": deck[n]["challenge"],
                "points": deck[n]["points"],
            }
            for n in rep.cards
        ] + [
            {"card": None, "challenge": slug, "points": _points(variant, slug)}
            for slug in rep.challenges
        ]
    stats: dict[str, dict[str, int]] = {}
    for rep in (home, away):
        for pid in rep.scorers:
            line = stats.setdefault(str(pid), {"touchdowns": 0})
            line["touchdowns"] += 1
    winner = (
        "home"
        if home.points > away.points
        else "away"
        if away.points > home.points
        else None
    )
    summary: dict[str, Any] = {
        "format": variant.name,
        "cards": {
            "home": teams[match.home_id].roster,
            "away": teams[match.away_id].roster,
        },
        "points": {"home": home.points, "away": away.points},
        "touchdowns": {"home": home.touchdowns, "away": away.touchdowns},
        "cards_claimed": claimed,
        "clean_sweeps": {"home": home.clean_sweeps, "away": away.clean_sweeps},
        "winner": winner,
        "how": how,
    }
    result = match_result_save(
        match=match,
        mode=Match.Mode.RECORDED,
        home_score=home.points,
        away_score=away.points,
        fan_factors=(0, 0),
        player_stats=stats,
        casualties=[],
        conceded_by=None,
        summary=summary,
        submitted_by=actor,
        sudden_death=card_playoff_sudden_death(match, home.points, away.points),
    )
    match_events_append(
        match,
        [
            (
                "report",
                {
                    "home_score": home.points,
                    "away_score": away.points,
                    "submitted_by": actor.get_username(),
                    "notes": "",
                    "blitz": summary,
                },
            )
        ],
    )
    if not told:
        result_recorded_notify(match, result, actor)
    return result


def _deck(variant: Any) -> list[dict[str, Any]]:
    return list(variant.challenge_deck())


def _points(variant: Any, slug: str) -> int:
    return next(int(c["points"]) for c in _deck(variant) if c["challenge"] == slug)
