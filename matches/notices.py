"""What the match services tell people (league/notifications): a report
waiting for the other coach and what became of it, the results a
resolution by the engine gave, a season scheduled, a
player who can now afford an advancement, a Sevens post-game skill to
pick, and deadlines that are near. Each is called by the service that makes
the event happen, inside its transaction."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.db.models import Q
from django.urls import reverse
from django.utils import dateformat, timezone

from engine.facade import MAX_ADVANCEMENTS
from league.models import Player, Team
from league.notifications.kinds import Kind
from league.notifications.services import TEXT_MAX, notify
from matches.models import (
    Match,
    MatchResult,
    ReportSubmission,
    RoundSchedule,
    Season,
    TaskProgress,
)

# How long before a deadline people are reminded of it.
REPORT_DEADLINE_NOTICE = timedelta(hours=24)
ROUND_DEADLINE_NOTICE_DAYS = 2
SCORE_KEYS = ("home_score", "away_score")


def _score(match: Match, report: Mapping[str, object]) -> str:
    return (
        f"{match.home.name} {report['home_score']}–{report['away_score']} "
        f"{match.away.name}"
    )


def _match_url(match: Match, anchor: str = "") -> str:
    return reverse("web:match", args=[match.pk]) + anchor


def _other_team(sub: ReportSubmission) -> Team:
    match = sub.match
    return match.away if sub.team_id == match.home_id else match.home


def submission_notify(
    sub: ReportSubmission,
    step: str,
    actor: AbstractBaseUser | None,
    reason: str = "",
    result: tuple[int, int] | None = None,
) -> None:
    """A report was sent (``waiting``), confirmed, disputed, decided
    (``accepted``, ``rejected``, ``superseded`` by the commissioner's report
    of ``result``), stood after its deadline (``stood``) or was withdrawn
    by its sender or the commissioner (``withdrawn``)."""
    match = sub.match
    score = _score(match, sub.report)
    by = actor.get_username() if actor is not None else ""
    submitter = sub.submitted_by_id
    opponent = _other_team(sub).coach_id
    commissioner = match.season.league.commissioner_id
    url = _match_url(match, "#submissions")
    said = f": “{reason}”" if reason else ""
    stands = (
        f": the result is {_score(match, dict(zip(SCORE_KEYS, result, strict=True)))}"
        if result is not None
        else ""
    )
    notes: dict[str, tuple[Kind, list[int], str]] = {
        "waiting": (
            Kind.REPORT_WAITING,
            [opponent],
            f"{by} reported {score}: confirm or dispute it",
        ),
        "confirmed": (
            Kind.REPORT_CONFIRMED,
            [submitter],
            f"{by} confirmed your report of {score}: the result stands",
        ),
        "disputed": (
            Kind.REPORT_DISPUTED,
            [commissioner, submitter],
            f"{by} disputed the report of {score}{said}",
        ),
        "accepted": (
            Kind.REPORT_DECIDED,
            [submitter, opponent],
            f"The commissioner let the report of {score} stand{said}",
        ),
        "rejected": (
            Kind.REPORT_DECIDED,
            [submitter, opponent],
            f"The commissioner rejected the report of {score}{said}",
        ),
        "superseded": (
            Kind.REPORT_DECIDED,
            [submitter, opponent],
            f"The commissioner's own report replaced the report of {score}{stands}",
        ),
        "stood": (
            Kind.REPORT_DECIDED,
            [submitter, opponent],
            f"The report of {score} stands: nobody answered by its deadline",
        ),
        "withdrawn": (
            Kind.REPORT_WITHDRAWN,
            [opponent, submitter],
            f"{by} withdrew the report of {score}{said}: the match waits for "
            "another report",
        ),
    }
    kind, recipients, text = notes[step]
    notify(
        recipients=[r for r in recipients if actor is None or r != actor.pk],
        kind=kind,
        text=text,
        url=url,
        key=f"report:{sub.pk}:{step}",
        league_id=match.season.league_id,
        due_at=sub.deadline if step == "waiting" else None,
    )


def result_recorded_notify(
    match: Match, result: MatchResult, actor: AbstractBaseUser
) -> None:
    """A report that stood at once (no confirmation asked, or the
    commissioner's own with none waiting): the match's coaches other than
    ``actor`` are told its result."""
    home, away = match.home, match.away
    notify(
        recipients=[r for r in (home.coach_id, away.coach_id) if r != actor.pk],
        kind=Kind.RESULT_RECORDED,
        text=f"{actor.get_username()} recorded {home.name} {result.home_score}–"
        f"{result.away_score} {away.name}: the result stands",
        url=_match_url(match),
        key=f"result:{match.pk}",
        league_id=match.season.league_id,
    )


def result_unplayed_notify(
    match: Match, result: MatchResult, actor: AbstractBaseUser
) -> None:
    """An unplayed fixture recorded by the commissioner: the match's
    coaches other than ``actor`` are told what it counts as (the key is a
    result's: a match has one)."""
    home, away = match.home, match.away
    if result.conceded_by_id is None:
        what = "a loss for both teams"
    else:
        conceder = home if result.conceded_by_id == home.pk else away
        what = (
            f"{conceder.name} conceded, {home.name} {result.home_score}–"
            f"{result.away_score} {away.name}"
        )
    notify(
        recipients=[r for r in (home.coach_id, away.coach_id) if r != actor.pk],
        kind=Kind.RESULT_RECORDED,
        text=f"{actor.get_username()} recorded {home.name} v {away.name} as "
        f"unplayed: {what}",
        url=_match_url(match),
        key=f"result:{match.pk}",
        league_id=match.season.league_id,
    )


def result_overridden_notify(
    match: Match,
    before: Sequence[int],
    result: MatchResult,
    reason: str,
    actor: AbstractBaseUser,
    nth: int,
) -> None:
    """Both coaches of ``match`` (not the commissioner who did it): its
    score was changed from ``before`` to the result's, and why (``nth``: the
    match's how-many-th override, so each is told once)."""
    home, away = match.home, match.away
    notify(
        recipients=[r for r in (home.coach_id, away.coach_id) if r != actor.pk],
        kind=Kind.RESULT_OVERRIDDEN,
        text=f"The commissioner changed the result of {home.name} "
        f"{before[0]}–{before[1]} {away.name} to {result.home_score}–"
        f"{result.away_score}: “{reason}”",
        url=_match_url(match),
        key=f"override:{match.pk}:{nth}",
        league_id=match.season.league_id,
    )


# A live game's result is the engine's too (Match.Mode.RESOLVED), but its
# coaches played it: they are not told it as the engine's.
LIVE_PLAYED = ("finished", "conceded")


def resolution_notify(progress: TaskProgress, refused: Collection[int]) -> None:
    """A resolution by the engine (``progress``: one match, a round or a
    whole season) has finished: each coach of a team it played is told the
    results of their matches, and how many it left for them to report
    (``refused``: the matches the engine would not play).

    Decision: one notice per coach per resolution, sent when the whole
    resolution has finished (every post-game done), listing that coach's
    results, never one per match: a season resolved at once would otherwise
    bring each coach a notice (and an e-mail) per match. A notice lists as
    many results as fit in a notification, then says how many more there
    are; the season page has them all. The commissioner who started it is
    told only as a coach."""
    matches = list(
        Match.objects.filter(
            pk__in=progress.match_ids,
            status=Match.Status.COMPLETE,
            mode=Match.Mode.RESOLVED,
        )
        .exclude(live__state__in=LIVE_PLAYED)
        .select_related("home", "away", "result", "season")
        .order_by("stage", "round", "pk")
    )
    left = list(
        Match.objects.filter(
            pk__in=refused,
            status__in=(Match.Status.SCHEDULED, Match.Status.IN_PROGRESS),
        ).select_related("home", "away", "season")
    )
    played: dict[int, list[Match]] = defaultdict(list)
    to_report: dict[int, int] = defaultdict(int)
    for match in matches:
        for coach in {match.home.coach_id, match.away.coach_id} - {None}:
            played[coach].append(match)
    for match in left:
        for coach in {match.home.coach_id, match.away.coach_id} - {None}:
            to_report[coach] += 1
    if not matches and not left:
        return
    season = (matches or left)[0].season
    for coach in sorted(set(played) | set(to_report)):
        mine = played.get(coach, [])
        only = mine[0] if len(mine) == 1 and not to_report.get(coach) else None
        notify(
            recipients=[coach],
            kind=Kind.RESULT_RECORDED,
            text=_resolution_text(season.name, mine, to_report.get(coach, 0)),
            url=_match_url(only)
            if only is not None
            else reverse("web:season", args=[season.pk]),
            key=f"resolved:{progress.pk}",
            league_id=season.league_id,
        )


def _result_words(match: Match) -> str:
    result = match.result
    return (
        f"{match.home.name} {result.home_score}–{result.away_score} {match.away.name}"
    )


def _resolution_text(season: str, played: Sequence[Match], to_report: int) -> str:
    """What :func:`resolution_notify` tells one coach, at most
    ``TEXT_MAX`` characters: as many of the results as fit, then how many
    more."""
    left = ""
    if to_report:
        them = "it" if to_report == 1 else "them"
        matches = "match" if to_report == 1 else "matches"
        left = (
            f"the engine did not play {to_report} {matches} of your teams: "
            f"report {them}"
        )
    if not played:
        return f"{season}: {left}"
    if left:
        left = f". {left[0].upper()}{left[1:]}"
    if len(played) == 1:
        played_one = _result_words(played[0])
        return f"{season}: the engine played {played_one}: the result stands{left}"
    head = (
        f"{season}: the engine played {len(played)} matches of your teams, "
        "the results stand: "
    )
    # Each result listed leaves room for "; and N more" after it.
    room = TEXT_MAX - len(head) - len(left)
    listed: list[str] = []
    for i, match in enumerate(played):
        words = _result_words(match)
        rest = len(played) - i - 1
        tail = f"; and {rest} more" if rest else ""
        if listed and len("; ".join([*listed, words]) + tail) > room:
            break
        listed.append(words)
    shown = "; ".join(listed)
    if len(listed) < len(played):
        shown += f"; and {len(played) - len(listed)} more"
    return f"{head}{shown}{left}"[:TEXT_MAX]


def season_scheduled_notify(season: Season, matches: Sequence[Match]) -> None:
    """Each coach with a team in the season: it is scheduled, and their
    first match."""
    rounds = len({m.round for m in matches})
    teams = {t.pk: t for t in Team.objects.filter(pk__in=_team_ids(matches))}
    first: dict[int, Match] = {}
    for match in sorted(matches, key=lambda m: (m.round, m.pk)):
        for team_id in (match.home_id, match.away_id):
            first.setdefault(teams[team_id].coach_id, match)
    league = season.league
    for coach, match in first.items():
        mine = (
            teams[match.home_id]
            if teams[match.home_id].coach_id == coach
            else (teams[match.away_id])
        )
        other = (
            teams[match.away_id] if mine.pk == match.home_id else teams[match.home_id]
        )
        notify(
            recipients=[coach],
            kind=Kind.SEASON_SCHEDULED,
            text=f"{league.name}: {season.name} is scheduled, {rounds} "
            f"round{'s' if rounds != 1 else ''}. {mine.name} open against "
            f"{other.name} in round {match.round}",
            url=reverse("web:season", args=[season.pk]),
            key=f"season:{season.pk}:scheduled",
            league_id=league.pk,
        )


def _team_ids(matches: Iterable[Match]) -> set[int]:
    return {t for m in matches for t in (m.home_id, m.away_id)}


def spp_notify(
    match: Match,
    before: Mapping[int, tuple[int, int]],
    earned: Mapping[int, int],
    cheapest: Mapping[int, int],
) -> None:
    """The coach of each player whose SPP from this match first buy him an
    advancement (``before``: his SPP and advancements before the match,
    ``cheapest``: the SPP his next advancement costs at the least)."""
    crossed = [
        pid
        for pid, gained in earned.items()
        if pid in before
        and pid in cheapest
        and before[pid][0] < cheapest[pid] <= before[pid][0] + gained
    ]
    if not crossed:
        return
    for player in Player.objects.filter(pk__in=crossed).select_related("team"):
        total = before[player.pk][0] + earned[player.pk]
        notify(
            recipients=[player.team.coach_id],
            kind=Kind.SPP_TO_SPEND,
            text=f"#{player.number} {player.name} of {player.team.name} has "
            f"{total} SPP: enough for an advancement",
            url=reverse("web:player-advance", args=[player.pk]),
            key=f"spp:{player.pk}:{match.pk}",
            league_id=player.team.league_id,
        )


def spp_gained_notify(match: Match, gained: Mapping[int, int], fmt: Any) -> None:
    """Tell the coaches whose players this match's SPP (``gained``, already
    added) first buy an advancement (their SPP before it: now less what it
    gave them); ``fmt``: the format, whose costs say what is enough."""
    rows = Player.objects.filter(pk__in=gained).values_list("pk", "spp", "advancements")
    before = {pk: (spp - gained[pk], adv) for pk, spp, adv in rows}
    cheapest = {
        pk: min(fmt.spp_costs[adv])
        for pk, (_, adv) in before.items()
        if adv < min(MAX_ADVANCEMENTS, len(fmt.spp_costs))
    }
    spp_notify(match, before, gained, cheapest)


def postgame_skill_notify(match: Match) -> None:
    """Both coaches of a Sevens match played without SPP: each team may
    take its post-game skill now."""
    for team in (match.home, match.away):
        notify(
            recipients=[team.coach_id],
            kind=Kind.SPP_TO_SPEND,
            text=f"{team.name} may take a post-game skill for the match "
            f"{match.home.name} v {match.away.name}",
            url=reverse("web:team", args=[team.pk]),
            key=f"skill:{team.pk}:{match.pk}",
            league_id=team.league_id,
        )


def deadlines_remind(now: datetime | None = None) -> int:
    """Remind people of deadlines that are near (beat, every quarter of an
    hour; each reminder goes once): the other coach of a report that stands
    within a day unless they answer it, and both coaches of a match whose
    round's reports are due within two days and that has none yet. Returns
    how many reminders were made or kept."""
    now = now or timezone.now()
    subs = ReportSubmission.objects.filter(
        status=ReportSubmission.Status.AWAITING,
        deadline__gt=now,
        deadline__lte=now + REPORT_DEADLINE_NOTICE,
    ).select_related("match__home", "match__away", "match__season", "submitted_by")
    count = 0
    for sub in subs:
        match = sub.match
        notify(
            recipients=[_other_team(sub).coach_id],
            kind=Kind.DEADLINE_NEAR,
            text=f"The report of {_score(match, sub.report)} stands unless you "
            "confirm or dispute it before its deadline",
            url=_match_url(match, "#submissions"),
            key=f"deadline:report:{sub.pk}",
            league_id=match.season.league_id,
            due_at=sub.deadline,
        )
        count += 1
    today = timezone.localdate(now)
    last = today + timedelta(days=ROUND_DEADLINE_NOTICE_DAYS)
    due = {
        (r.season_id, r.stage, r.round): r.deadline
        for r in RoundSchedule.objects.filter(
            deadline__gte=today,
            deadline__lte=last,
            season__status=Season.Status.SCHEDULED,
        )
    }
    if not due:
        return count
    rounds = Q()
    for season_id, stage, number in due:
        rounds |= Q(season_id=season_id, stage=stage, round=number)
    matches = (
        Match.objects.filter(rounds)
        .filter(status__in=(Match.Status.SCHEDULED, Match.Status.IN_PROGRESS))
        .exclude(submissions__status__in=ReportSubmission.OPEN)
        .select_related("home", "away", "season")
    )
    for match in matches:
        deadline = due[(match.season_id, match.stage, match.round)]
        notify(
            recipients=[match.home.coach_id, match.away.coach_id],
            kind=Kind.DEADLINE_NEAR,
            text=f"Reports of {match.home.name} v {match.away.name} are due on "
            f"{dateformat.format(deadline, 'D j M Y')}",
            url=_match_url(match),
            key=f"deadline:match:{match.pk}:{deadline.isoformat()}",
            league_id=match.season.league_id,
        )
        count += 1
    return count
