"""The news a league's webhooks carry, built from the database: a result
posted, a round complete, a season scheduled (see
:mod:`matches.webhooks.text` for the bodies)."""

from __future__ import annotations

from collections.abc import Sequence

from django.conf import settings
from django.urls import reverse

from matches.captions.dates import when_words, zone_words
from matches.models import Match, MatchResult, ReportSubmission, Season
from matches.webhooks.text import News


def _url(name: str, pk: int) -> str:
    return settings.SITE_URL + reverse(name, args=[pk])


def _score(m: Match, r: MatchResult) -> str:
    if r.both_lost:
        return f"{m.home.name} v {m.away.name}: unplayed, a loss for both"
    return f"{m.home.name} {r.home_score}–{r.away_score} {m.away.name}"


def _how(m: Match, r: MatchResult) -> str:
    """How the result came about, for a result's news."""
    if r.mode == Match.Mode.RESOLVED:
        return "played by the engine"
    if not r.unplayed:
        return "reported"
    if r.conceded_by_id is None:
        return "not played by the end of its time limit: a loss for both teams"
    conceder = m.home if r.conceded_by_id == m.home_id else m.away
    # one touchdown to none: 4-0 in points in Blitz Bowl
    won = max(r.home_score, r.away_score)
    return f"not played: {conceder.name} conceded it, a {won}–0 win for the other team"


def _round_label(m: Match) -> str:
    stage = "playoff round" if m.stage == Match.Stage.PLAYOFF else "round"
    return f"{stage} {m.round}"


def _third(m: Match) -> str:
    return ", third-place match" if m.third_place else ""


def result_news(
    match: Match,
    result: MatchResult,
    corrected: tuple[Sequence[int], int] | None = None,
) -> News:
    """A result posted; or, with ``corrected`` (the score before and the
    match's how-many-th override), the commissioner's correction of it,
    news of its own."""
    league = match.season.league
    how = _how(match, result)
    key = f"result_posted:{match.pk}"
    extra: dict[str, object] = {}
    if corrected is not None:
        before, nth = corrected
        how = f"corrected by the commissioner (it was {before[0]}–{before[1]})"
        key += f":override:{nth}"
        extra = {"corrected_from": list(before)}
    return News(
        kind="result_posted",
        key=key,
        league_id=league.pk,
        league_name=league.name,
        title=_score(match, result),
        text=f"{match.season.name}, {_round_label(match)}{_third(match)}: {how}.",
        url=_url("web:match", match.pk),
        data={
            **extra,
            "match_id": match.pk,
            "season_id": match.season_id,
            "stage": match.stage,
            "round": match.round,
            "third_place": match.third_place,
            "mode": result.mode,
            "both_lost": result.both_lost,
            "conceded_by": result.conceded_by_id,
            "home": {
                "team_id": match.home_id,
                "name": match.home.name,
                "score": result.home_score,
                "casualties": result.home_casualties,
            },
            "away": {
                "team_id": match.away_id,
                "name": match.away.name,
                "score": result.away_score,
                "casualties": result.away_casualties,
            },
        },
    )


def round_news(match: Match) -> News | None:
    """The round of ``match`` complete, once every match of it has a
    result; None before."""
    siblings = list(
        Match.objects.filter(
            season_id=match.season_id, stage=match.stage, round=match.round
        )
        .select_related("home", "away", "result")
        .order_by("pk")
    )
    if any(getattr(m, "result", None) is None for m in siblings):
        return None
    league = match.season.league
    lines = [_score(m, m.result) for m in siblings]
    return News(
        kind="round_complete",
        key=f"round_complete:{match.season_id}:{match.stage}:{match.round}",
        league_id=league.pk,
        league_name=league.name,
        title=f"{match.season.name}: {_round_label(match)} complete",
        text="\n".join(lines),
        url=_url("web:season", match.season_id),
        data={
            "season_id": match.season_id,
            "stage": match.stage,
            "round": match.round,
            "results": [
                {
                    "match_id": m.pk,
                    "third_place": m.third_place,
                    "home": m.home.name,
                    "away": m.away.name,
                    "score": [m.result.home_score, m.result.away_score],
                }
                for m in siblings
            ],
        },
    )


def season_news(season: Season) -> News:
    league = season.league
    teams = season.teams.count()
    rounds = (
        season.matches.filter(stage=Match.Stage.LEAGUE)
        .order_by("-round")
        .values_list("round", flat=True)
        .first()
        or 0
    )
    return News(
        kind="season_scheduled",
        key=f"season_scheduled:{season.pk}",
        league_id=league.pk,
        league_name=league.name,
        title=f"New season: {season.name}",
        text=f"{teams} teams, {rounds} rounds. The fixtures are out.",
        url=_url("web:season", season.pk),
        data={"season_id": season.pk, "teams": teams, "rounds": rounds},
    )


def submission_news(sub: ReportSubmission, kind: str) -> News:
    """A report waiting for the other coach, disputed, decided or
    withdrawn."""
    match = sub.match
    league = match.season.league
    report = sub.report
    score = f"{match.home.name} {report['home_score']}–{report['away_score']} {match.away.name}"
    if kind == "report_waiting":
        other = match.away if sub.team_id == match.home_id else match.home
        title = f"Report waiting: {score}"
        text = (
            f"Reported by {sub.submitted_by.get_username()}; {other.name}'s coach "
            f"confirms or disputes it by {when_words(sub.deadline)} "
            f"({zone_words(sub.deadline)}), "
            "or it stands."
        )
    elif kind == "report_disputed":
        title = f"Report disputed: {score}"
        text = f"The commissioner decides. What is wrong: {sub.dispute_reason}"
    elif kind == "report_withdrawn":
        title = f"Report withdrawn: {score}"
        by = sub.decided_by.get_username() if sub.decided_by is not None else ""
        why = f" ({sub.decision_reason})" if sub.decision_reason else ""
        text = f"Withdrawn by {by}{why}; the match waits for another report."
    else:
        verdict = (
            "stands"
            if sub.status == ReportSubmission.Status.ACCEPTED
            else "is rejected"
        )
        title = f"Report {verdict}: {score}"
        text = f"The commissioner's reason: {sub.decision_reason}"
    return News(
        kind=kind,
        key=f"{kind}:{sub.pk}",
        league_id=league.pk,
        league_name=league.name,
        title=title,
        text=text,
        url=_url("web:match", match.pk),
        data={
            "match_id": match.pk,
            "submission_id": sub.pk,
            "status": sub.status,
            "home_score": report["home_score"],
            "away_score": report["away_score"],
            "submitted_by": sub.submitted_by.get_username(),
            "deadline": sub.deadline.isoformat(),
        },
    )
