"""When a season's rounds are played: the commissioner sets a date for a
round, and a deadline for its reports."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from engine.facade import Violation
from league.access import league_get_for_commissioner
from league.errors import ServiceError
from league.page_cache import league_cache_bump
from matches.models import Match, RoundSchedule, Season

# The last day a round may be on or due by: a calendar's all-day event ends
# the day after (matches.calendar.ical), and 31 Dec 9999 has none.
LAST_DAY = datetime.date.max - datetime.timedelta(days=1)


@dataclass(frozen=True, slots=True)
class RoundDates:
    """One round's date and report deadline; no date clears the round's."""

    stage: str
    round: int
    date: datetime.date | None
    deadline: datetime.date | None = None


def _violations(
    rounds: Sequence[RoundDates], existing: set[tuple[str, int]]
) -> list[Violation]:
    found: list[Violation] = []
    seen: set[tuple[str, int]] = set()
    for i, line in enumerate(rounds):
        where = f"rounds.{i}"
        key = (line.stage, line.round)
        if line.stage not in Match.Stage.values:
            found.append(
                Violation(
                    "unknown_stage",
                    f"{where}.stage",
                    f"a round is of the league or the playoffs, not {line.stage!r}",
                )
            )
        elif key not in existing:
            stage = "playoff round" if line.stage == Match.Stage.PLAYOFF else "round"
            found.append(
                Violation(
                    "unknown_round",
                    f"{where}.round",
                    f"the season has no {stage} {line.round}",
                )
            )
        elif key in seen:
            found.append(
                Violation(
                    "duplicate_round",
                    f"{where}.round",
                    f"round {line.round} is given twice",
                )
            )
        seen.add(key)
        if line.date is None and line.deadline is not None:
            found.append(
                Violation(
                    "deadline_without_date",
                    f"{where}.date",
                    "a round with a report deadline needs a date",
                )
            )
        for name in ("date", "deadline"):
            day = getattr(line, name)
            if day is not None and day > LAST_DAY:
                found.append(
                    Violation(
                        "date_out_of_range",
                        f"{where}.{name}",
                        f"a day up to {LAST_DAY:%d %b %Y}",
                    )
                )
        if line.date and line.deadline and line.deadline < line.date:
            found.append(
                Violation(
                    "deadline_before_date",
                    f"{where}.deadline",
                    f"the deadline ({line.deadline:%d %b %Y}) is before the "
                    f"round's date ({line.date:%d %b %Y})",
                )
            )
    return found


@transaction.atomic
def season_set_round_dates(
    *, season_id: int, rounds: Sequence[RoundDates], actor: AbstractBaseUser
) -> list[RoundSchedule]:
    """Set (or, with no date, clear) the date and report deadline of each
    round in ``rounds``; rounds not listed keep theirs. Every line is
    checked before anything is written: a round that does not exist, a
    round given twice, a deadline before its date or without one refuses
    the whole request, each violation naming its line. Returns every round
    date of the season.

    Decision: not written to the league's audit log. Dates are the league's
    calendar, not a change to a result, a roster or money, and they can be
    set again at any time; a closed season's calendar is history and is
    refused."""
    season = Season.objects.select_for_update().get(pk=season_id)
    league_get_for_commissioner(actor, season.league_id)
    if season.status == Season.Status.CLOSED:
        raise ServiceError.one("season_closed", None, f"{season} is closed")
    existing = set(
        Match.objects.filter(season=season).values_list("stage", "round").distinct()
    )
    violations = _violations(rounds, existing)
    if violations:
        raise ServiceError(violations)
    rows = {
        (r.stage, r.round): r
        for r in RoundSchedule.objects.select_for_update().filter(season=season)
    }
    for line in rounds:
        row = rows.get((line.stage, line.round))
        if line.date is None:
            if row is not None:
                row.delete()
            continue
        if row is None:
            row = RoundSchedule(
                season=season,
                stage=line.stage,
                round=line.round,
                date=line.date,
                deadline=line.deadline,
            )
            row.full_clean(validate_constraints=False)
            row.save()
        else:
            row.date, row.deadline = line.date, line.deadline
            row.save(update_fields=["date", "deadline"])
    league_cache_bump(season.league_id)
    return list(RoundSchedule.objects.filter(season=season))
