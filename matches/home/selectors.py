"""Reads for the home page, in a fixed number of queries however many
teams, leagues, seasons and matches the person has (the page tests hold it
to that). Built on the existing reads: the teams with their rosters
(``league.selectors.team_list``), the advancement menu
(``league.services.advancement``), the Sevens post-game skill, the
re-draft archives and the standings (``matches.seasons.selectors``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING

from django.contrib.auth import get_user_model
from django.db.models import F, IntegerField, Max, Q, QuerySet, Subquery
from django.urls import reverse
from django.utils import timezone

from league.access import AnyUser
from league.models import League, LeagueMembership, SevensAdvancement, Team
from league.notifications.models import Notification
from league.rules import league_rules
from league.selectors import (
    league_list,
    league_list_for_drafting,
    team_list,
    team_roster_players,
    team_value_get,
)
from league.services.advancement import league_tracks_spp, player_advancements_get
from matches.models import (
    Match,
    MatchResult,
    PostgameEnd,
    ReportSubmission,
    RosterSnapshot,
    RoundSchedule,
    Season,
    SeasonTeamArchive,
)
from matches.pages.team_sheet import ordinal
from matches.seasons.offseason import archive_redraft_lapsed
from matches.seasons.selectors import seasons_places

if TYPE_CHECKING:
    from engine.facade import TeamValue

OPEN = (Match.Status.SCHEDULED, Match.Status.IN_PROGRESS)
# How close a round's report deadline must be to be listed as near.
DEADLINE_NEAR_DAYS = 2
FIXTURES_SHOWN = 8
RESULTS_SHOWN = 6


@dataclass(frozen=True, slots=True)
class Item:
    """One thing on the home page to act on: its sentence, where to act,
    the button's words, and a deadline (a moment or a day) if it has one."""

    kind: str
    text: str
    url: str
    action: str
    due_at: datetime | None = None
    due_day: date | None = None


@dataclass(frozen=True, slots=True)
class Fixture:
    match: Match
    team: Team  # the person's
    opponent: Team
    home: bool
    day: date | None
    deadline: date | None
    report_waiting: bool


@dataclass(frozen=True, slots=True)
class ResultLine:
    match: Match
    team: Team
    opponent: Team
    scored: int
    conceded: int
    outcome: str  # "won", "drew", "lost"


@dataclass(frozen=True, slots=True)
class TeamLine:
    team: Team
    value: TeamValue
    status: str
    # the team fields its format has ("team_value", "treasury" ...)
    fields: frozenset[str] = frozenset()


@dataclass(slots=True)
class Home:
    waiting: list[Item]
    ready: list[Item]
    fixtures: list[Fixture]
    results: list[ResultLine]
    teams: list[TeamLine]
    drafting: list[League] = field(default_factory=list)
    open_leagues: list[League] = field(default_factory=list)


# --- waiting for an answer -------------------------------------------------------


def _answer_queries(user_id: int) -> dict[str, Q]:
    """What waits for the person's answer, as filters: the reports of their
    matches sent by the other coach, the disputed reports of the leagues
    they run, their invitations and the requests to join their leagues."""
    return {
        "reports": Q(status=ReportSubmission.Status.AWAITING)
        & (
            Q(match__home__coach_id=user_id, team_id=F("match__away_id"))
            | Q(match__away__coach_id=user_id, team_id=F("match__home_id"))
        ),
        "disputes": Q(
            status=ReportSubmission.Status.DISPUTED,
            match__season__league__commissioner_id=user_id,
        ),
        "invitations": Q(coach_id=user_id, status=LeagueMembership.Status.INVITED),
        "requests": Q(
            league__commissioner_id=user_id, status=LeagueMembership.Status.REQUESTED
        ),
    }


def _waiting(user_id: int) -> list[Item]:
    q = _answer_queries(user_id)
    items = []
    subs = (
        ReportSubmission.objects.filter(q["reports"] | q["disputes"])
        .select_related("match__home", "match__away", "submitted_by")
        .order_by("deadline", "pk")
    )
    for sub in subs:
        m = sub.match
        score = f"{m.home.name} {sub.report['home_score']}–{sub.report['away_score']} {m.away.name}"
        url = reverse("web:match", args=[m.pk]) + "#submissions"
        if sub.status == ReportSubmission.Status.AWAITING:
            items.append(
                Item(
                    "report",
                    f"{sub.submitted_by.get_username()} reported {score}",
                    url,
                    # once its deadline has passed it stands (beat's sweep):
                    # it may still be confirmed, no longer disputed
                    "Read it, then confirm or dispute"
                    if sub.deadline > timezone.now()
                    else "Its deadline has passed: read it, it stands",
                    due_at=sub.deadline,
                )
            )
        else:
            items.append(
                Item("dispute", f"The report of {score} is disputed", url, "Decide")
            )
    memberships = (
        LeagueMembership.objects.filter(q["invitations"] | q["requests"])
        .select_related("league", "coach")
        .order_by("updated_at", "pk")
    )
    for row in memberships:
        if row.status == LeagueMembership.Status.INVITED:
            items.append(
                Item(
                    "invitation",
                    f"You are invited to {row.league.name}",
                    reverse("web:team-draft", args=[row.league_id]),
                    "Accept or decline",
                )
            )
        else:
            items.append(
                Item(
                    "request",
                    f"{row.coach.get_username()} asks to join {row.league.name}",
                    reverse("web:league-members", args=[row.league_id]),
                    "Approve or decline",
                )
            )
    return items


# --- fixtures, results, places --------------------------------------------------------


def _fixtures(team_ids: list[int]) -> list[Match]:
    return list(
        Match.objects.filter(Q(home_id__in=team_ids) | Q(away_id__in=team_ids))
        .filter(status__in=OPEN, season__status=Season.Status.SCHEDULED)
        .select_related("season__league", "home", "away")
        .annotate(
            waiting=Max(
                "submissions__pk",
                filter=Q(submissions__status__in=ReportSubmission.OPEN),
            )
        )
        .order_by("season__created_at", "stage", "round", "pk")
    )


def _round_dates(matches: Iterable[Match]) -> dict[tuple[int, str, int], RoundSchedule]:
    keys = {(m.season_id, m.stage, m.round) for m in matches}
    if not keys:
        return {}
    rounds = Q()
    for season_id, stage, number in keys:
        rounds |= Q(season_id=season_id, stage=stage, round=number)
    return {
        (r.season_id, r.stage, r.round): r for r in RoundSchedule.objects.filter(rounds)
    }


def _results(team_ids: list[int], teams: dict[int, Team]) -> list[ResultLine]:
    played = (
        MatchResult.objects.filter(
            Q(match__home_id__in=team_ids) | Q(match__away_id__in=team_ids)
        )
        .select_related("match__home", "match__away", "match__season")
        .defer("summary", "player_stats", "casualties")
        .order_by("-created_at", "-pk")[:RESULTS_SHOWN]
    )
    lines = []
    for r in played:
        m = r.match
        home = m.home_id in teams
        scored, conceded = (
            (r.home_score, r.away_score) if home else (r.away_score, r.home_score)
        )
        side = r.winner_side(m.home_id)
        outcome = (
            "lost"
            if r.both_lost
            else "drew"
            if side is None
            else "won"
            if (side == "home") == home
            else "lost"
        )
        lines.append(
            ResultLine(
                m,
                m.home if home else m.away,
                m.away if home else m.home,
                scored,
                conceded,
                outcome,
            )
        )
    return lines


def _current_seasons(team_ids: list[int]) -> dict[int, Season]:
    """Each team's latest season that is scheduled or played out."""
    rows = Season.teams.through.objects.filter(
        team_id__in=team_ids,
        season__status__in=(Season.Status.SCHEDULED, Season.Status.COMPLETE),
    ).select_related("season")
    latest: dict[int, Season] = {}
    for row in rows:
        season = row.season
        held = latest.get(row.team_id)
        if held is None or (season.created_at, season.pk) > (held.created_at, held.pk):
            latest[row.team_id] = season
    return latest


# --- ready when you are ---------------------------------------------------------------


def _spp_items(teams: Sequence[Team]) -> list[Item]:
    """Players whose advancement dice wait for the coach's choice, and
    those who can afford an advancement (the advancement menu has an
    option), those who must spend first."""
    items = []
    for team in teams:
        if team.status == Team.Status.RETIRED or not league_tracks_spp(team.league):
            continue
        for player in team_roster_players(team):
            menu = player_advancements_get(player)
            if menu.pending is not None:
                items.append(
                    Item(
                        "spp",
                        f"#{player.number} {player.name} of {team.name} rolled "
                        f"an advancement: {menu.pending.message}",
                        reverse("web:player-advance", args=[player.pk]),
                        "Choose",
                    )
                )
                continue
            if not menu.options:
                continue
            must = " (they must spend before the next match)" if menu.must_spend else ""
            items.append(
                Item(
                    "spp",
                    f"#{player.number} {player.name} of {team.name} has "
                    f"{player.spp} SPP to spend{must}",
                    reverse("web:player-advance", args=[player.pk]),
                    "Choose an advancement",
                )
            )
    return items


def _skill_items(teams: Sequence[Team]) -> list[Item]:
    """Sevens teams of leagues without SPP that may still take the
    post-game skill for their latest match (the rule of
    ``matches.postgame.skill.team_sevens_pending``, for all the
    teams at once)."""
    asked = {
        t.pk: t
        for t in teams
        if league_rules(t.league).variant.spp_optional
        and not league_tracks_spp(t.league)
    }
    if not asked:
        return []
    latest = (
        RosterSnapshot.objects.filter(team_id__in=asked)
        .values("team_id")
        .annotate(last=Max("pk"))
        .values("last")
    )
    snaps = [
        s
        for s in RosterSnapshot.objects.filter(pk__in=Subquery(latest)).select_related(
            "match__season"
        )
        if s.match.status == Match.Status.COMPLETE
        and not s.match.season.settings.get("spp", True)
    ]
    taken = set(
        SevensAdvancement.objects.filter(
            team_id__in=asked, match_id__in=[s.match_id for s in snaps]
        ).values_list("team_id", "match_id")
    )
    items = []
    for snap in snaps:
        if (snap.team_id, snap.match_id) in taken:
            continue
        team = asked[snap.team_id]
        first = next(iter(team_roster_players(team)), None)
        items.append(
            Item(
                "skill",
                f"{team.name} may take its post-game skill",
                reverse("web:player-advance", args=[first.pk])
                if first is not None
                else reverse("web:team", args=[team.pk]),
                "Pick the skill",
            )
        )
    return items


def _redrafts(team_ids: list[int]) -> dict[int, SeasonTeamArchive]:
    """Each team's closed season it may re-draft after (the rule of
    ``matches.pages.team_sheet.team_redraft_due``: none for a retired team)."""
    due: dict[int, SeasonTeamArchive] = {}
    for archive in (
        SeasonTeamArchive.objects.filter(
            team_id__in=team_ids,
            redraft__isnull=True,
            season__status=Season.Status.CLOSED,
        )
        .exclude(team__status=Team.Status.RETIRED)
        .exclude(archive_redraft_lapsed())
        .select_related("season")
        .order_by("-season__created_at", "-pk")
    ):
        due.setdefault(archive.team_id, archive)
    return due


# --- the teams' status --------------------------------------------------------------------


def _when(day: date | None, round_number: int) -> str:
    return f"{day:%a} {day.day} {day:%b}" if day else f"round {round_number}"


def team_status(
    team: Team,
    *,
    season: Season | None,
    place: tuple[int, int, str] | None,
    fixture: Fixture | None,
    redraft: SeasonTeamArchive | None,
) -> str:
    """Where a team stands, in a few words: "3rd in Season 2 · next: v
    Gouged Eye, Sun 3 Mar"; before the season's first result, "in Season 2,
    no match played yet" (``place`` is None)."""
    if team.status == Team.Status.RETIRED:
        return "Retired"
    parts = []
    if season is not None and place is not None:
        where = f" ({place[2]})" if place[2] else ""
        parts.append(f"{ordinal(place[0])} of {place[1]} in {season.name}{where}")
    elif season is not None:
        parts.append(f"in {season.name}, no match played yet")
    if fixture is not None:
        side = "v" if fixture.home else "at"
        parts.append(
            f"next: {side} {fixture.opponent.name}, "
            f"{_when(fixture.day, fixture.match.round)}"
        )
    elif season is not None and season.status == Season.Status.COMPLETE:
        parts.append("season played")
    if redraft is not None:
        parts.append(f"{redraft.season.name} closed: re-draft due")
    if team.status == Team.Status.POST_GAME:
        parts.append("post-game under way")
    return " · ".join(parts) or "Drafted: not in a season yet"


# --- the page ---------------------------------------------------------------------------------


def home_get(user: AnyUser) -> Home:
    """Everything the home page shows ``user``."""
    teams = list(team_list(coach_id=user.pk))
    by_id = {t.pk: t for t in teams}
    ids = list(by_id)
    matches = _fixtures(ids)
    dates = _round_dates(matches)
    fixtures: list[Fixture] = []
    for m in matches:
        for team_id in (m.home_id, m.away_id):
            if team_id not in by_id:
                continue
            opponent_id = m.away_id if team_id == m.home_id else m.home_id
            day = dates.get((m.season_id, m.stage, m.round))
            fixtures.append(
                Fixture(
                    match=m,
                    team=by_id[team_id],
                    # both teams come with the match: no query per fixture
                    opponent=m.home if opponent_id == m.home_id else m.away,
                    home=team_id == m.home_id,
                    day=day.date if day else None,
                    deadline=day.deadline if day else None,
                    report_waiting=m.waiting is not None,  # type: ignore[attr-defined]
                )
            )
    seasons = _current_seasons(ids)
    places = seasons_places(list({s.pk: s for s in seasons.values()}.values()))
    redrafts = _redrafts(ids)
    nexts: dict[int, Fixture] = {}
    for f in fixtures:
        nexts.setdefault(f.team.pk, f)
    lines = [
        TeamLine(
            team=t,
            value=team_value_get(t),
            status=team_status(
                t,
                season=seasons.get(t.pk),
                place=places.get((seasons[t.pk].pk, t.pk)) if t.pk in seasons else None,
                fixture=nexts.get(t.pk),
                redraft=redrafts.get(t.pk),
            ),
            fields=frozenset(league_rules(t.league).variant.team_fields),
        )
        for t in teams
    ]
    drafting = list(league_list_for_drafting(user))
    return Home(
        waiting=_waiting(user.pk),
        ready=_ready(teams, fixtures, redrafts),
        fixtures=fixtures[:FIXTURES_SHOWN],
        results=_results(ids, by_id),
        teams=lines,
        drafting=drafting,
        open_leagues=list(
            league_list()
            .filter(is_open=True)
            .exclude(pk__in=[lg.pk for lg in drafting])
        ),
    )


def _postgame_items(team_ids: list[int]) -> list[Item]:
    """The post-games still open (post-game_sequence.md step 5, Expensive
    Mistakes, waits for the coach's hiring): one query."""
    rows = (
        PostgameEnd.objects.filter(team_id__in=team_ids, ended_at__isnull=True)
        .select_related("team", "match__home", "match__away")
        .order_by("match_id", "team_id")
    )
    return [
        Item(
            "postgame",
            f"{row.team.name}: the post-game of {row.match.home.name} v "
            f"{row.match.away.name} is open: hire and fire, then roll "
            "Expensive Mistakes (or it is rolled before the next match)",
            reverse("web:team", args=[row.team_id]) + "#postgame",
            "Finish the post-game",
        )
        for row in rows
    ]


def _ready(
    teams: Sequence[Team],
    fixtures: Sequence[Fixture],
    redrafts: dict[int, SeasonTeamArchive],
) -> list[Item]:
    soon = timezone.localdate() + timedelta(days=DEADLINE_NEAR_DAYS)
    by_id = {t.pk: t for t in teams}  # the archives' teams: no query each
    due: dict[int, Item] = {}  # a match of two of the person's teams, once
    for f in fixtures:
        if f.deadline is not None and f.deadline <= soon and not f.report_waiting:
            due.setdefault(
                f.match.pk,
                Item(
                    "report_due",
                    f"Report {f.match.home.name} v {f.match.away.name}",
                    reverse("web:match-report", args=[f.match.pk]),
                    "Record the report",
                    due_day=f.deadline,
                ),
            )
    redraft = [
        Item(
            "redraft",
            f"{by_id[a.team_id].name} may re-draft after {a.season.name}",
            reverse("web:team-redraft", args=[a.team_id]),
            "Re-draft",
        )
        for a in redrafts.values()
    ]
    return [
        *due.values(),
        *_postgame_items(list(by_id)),
        *_spp_items(teams),
        *_skill_items(teams),
        *redraft,
    ]


# --- the navigation's counts ----------------------------------------------------------------


class _Count(Subquery):
    template = "(SELECT COUNT(*) FROM (%(subquery)s) _counted)"
    output_field = IntegerField()


@dataclass(frozen=True, slots=True)
class NavCounts:
    waiting: int  # answers the person owes (the home page's "Waiting for you")
    unread: int  # notifications not yet read


def nav_counts(user_id: int) -> NavCounts:
    """The counts the navigation shows, in one query.

    Decision: "waiting" counts what someone else waits for the person to
    answer (a report to confirm or dispute, a dispute to decide, an
    invitation, a request to join), the home page's "Waiting for you". What
    they may do when ready (SPP to spend, a skill, a re-draft, a report due
    soon) blocks nobody; it is listed on the home page but not counted, so
    that the number drops to nothing once every answer is given."""
    q = _answer_queries(user_id)
    counts: QuerySet = (
        get_user_model()
        .objects.filter(pk=user_id)
        .annotate(
            reports=_Count(
                ReportSubmission.objects.filter(q["reports"] | q["disputes"]).values(
                    "pk"
                )
            ),
            members=_Count(
                LeagueMembership.objects.filter(
                    q["invitations"] | q["requests"]
                ).values("pk")
            ),
            unread=_Count(
                Notification.objects.filter(
                    recipient_id=user_id, on_site=True, read_at=None
                ).values("pk")
            ),
        )
    )
    row = counts.values("reports", "members", "unread").first() or {}
    return NavCounts(
        waiting=int(row.get("reports") or 0) + int(row.get("members") or 0),
        unread=int(row.get("unread") or 0),
    )
