"""The fixtures of a league's or a team's iCalendar feed (see
:mod:`matches.calendar.ical`): every match of the league's scheduled, complete and
closed seasons whose round has a date, in date order. A match whose round
has no date yet is left out (a calendar event needs a day); it appears once
the commissioner sets the round's date.

A postponed match whose new round has no date yet stays on the date it
last had (``Match.postponed_from_date``), marked tentative: leaving it out
would make every subscribed calendar delete the event of a match that is
still to be played."""

from __future__ import annotations

from collections.abc import Callable

from django.db.models import Q

from league.models import League, Team
from matches.calendar.ical import Fixture
from matches.captions.dates import day_words
from matches.models import Match, RoundSchedule, Season

UrlOf = Callable[[int], str]


def _fixtures(matches: Q, url_of: UrlOf, host: str) -> list[Fixture]:
    rows = list(
        Match.objects.filter(matches)
        .exclude(season__status=Season.Status.DRAFT)
        .select_related("season__league", "home", "away", "result")
    )
    seasons = {m.season_id for m in rows}
    dates = {
        (r.season_id, r.stage, r.round): r
        for r in RoundSchedule.objects.filter(season_id__in=seasons)
    }
    out: list[tuple[tuple[object, ...], Fixture]] = []
    for m in rows:
        when = dates.get((m.season_id, m.stage, m.round))
        if when is None and m.postponed_from_date is None:
            continue
        fixture = _fixture(m, when, url_of, host)
        out.append(((fixture.day, m.season_id, m.round, m.pk), fixture))
    out.sort(key=lambda pair: pair[0])
    return [f for _, f in out]


def _fixture(m: Match, when: RoundSchedule | None, url_of: UrlOf, host: str) -> Fixture:
    """``when``: the match's round's dates; None for a postponed match whose
    new round has none yet, shown on the date it had before."""
    result = getattr(m, "result", None)
    if result is not None and result.both_lost:
        summary = f"{m.home.name} v {m.away.name} (unplayed: a loss for both)"
    elif result is not None:
        summary = f"{m.home.name} {result.home_score}–{result.away_score} {m.away.name}"
        if result.unplayed:
            conceder = m.home if result.conceded_by_id == m.home_id else m.away
            summary += f" (unplayed: {conceder.name} conceded)"
    else:
        summary = f"{m.home.name} v {m.away.name}"
    if m.postponed and result is None:
        summary += " (postponed)"
    stage = "playoff round" if m.stage == Match.Stage.PLAYOFF else "round"
    third = ", third-place match" if m.third_place else ""
    lines = [f"{m.season.league.name} · {m.season.name} · {stage} {m.round}{third}"]
    if when is None:
        assert m.postponed_from_date is not None
        day = m.postponed_from_date
        if result is None:
            lines.append("Postponed: its new date is not set yet")
    else:
        day = when.date
        if when.deadline is not None and result is None:
            lines.append(f"Reports due by {day_words(when.deadline)}")
    lines.append(url_of(m.pk))
    return Fixture(
        uid=f"match-{m.pk}@{host}",
        day=day,
        summary=summary,
        description="\n".join(lines),
        url=url_of(m.pk),
        status="TENTATIVE" if m.postponed and result is None else "CONFIRMED",
    )


def league_fixtures(
    league_id: int, url_of: UrlOf, host: str
) -> tuple[str, list[Fixture]] | None:
    """The league's name and fixtures, or None when there is no such league."""
    name = League.objects.filter(pk=league_id).values_list("name", flat=True).first()
    if name is None:
        return None
    return name, _fixtures(Q(season__league_id=league_id), url_of, host)


def team_fixtures(
    team_id: int, url_of: UrlOf, host: str
) -> tuple[str, list[Fixture]] | None:
    """The team's name and fixtures, home and away, or None when there is
    no such team."""
    name = Team.objects.filter(pk=team_id).values_list("name", flat=True).first()
    if name is None:
        return None
    return name, _fixtures(Q(home_id=team_id) | Q(away_id=team_id), url_of, host)
