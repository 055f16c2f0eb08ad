"""A league of every format with teams that have played: Blood Bowl 2020,
Sevens, the classic game, Dungeon Bowl and Blitz Bowl (team cards).

In each, Alice commissions; Bob, Charlie and Erin coach a team each; Dave
has asked to join. A round robin of the three teams: the first round's match
played by the engine (its post-game run), the second's waiting for the
other coach to confirm a report (the league asks for confirmation after
the first round), the third's still open; a webhook of the league; League
points docked from the first match's away team."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.campaign.drafting import suggest_draft
from engine.core.rules_data import rules_data
from engine.variants import get_variant
from league.models import League, Team
from league.services.card_teams import team_draft_card
from league.services.leagues import league_create
from league.services.membership import league_set_open, membership_request
from league.services.teams import PlayerRequest, team_draft
from matches.commissioner.deductions import season_dock_points
from matches.engine_bridge import team_snapshot
from matches.models import Match, ReportSubmission
from matches.reports.cards import CardReportSide, match_submit_card_report
from matches.reports.lines import PlayerLine, Report
from matches.reports.report import match_submit_report
from matches.resolution.resolve import match_resolve
from matches.seasons.services import season_create, season_schedule
from matches.webhooks.services import webhook_create
from tests.factories import UserFactory, make_member

# format -> the three teams' rosters (team cards in a card format)
FORMAT_TEAMS: dict[str, tuple[str, str, str]] = {
    "bb2020": ("orc", "human", "dwarf"),
    "sevens": ("orc", "human", "skaven"),
    "classic": ("orc", "human", "wood-elf"),
    "dungeon-bowl": ("college-of-fire", "college-of-shadows", "college-of-metal"),
    "blitz-bowl": ("human", "orc", "dwarf"),
}
FORMATS = tuple(FORMAT_TEAMS)


def _draft(league: League, coach: Any, roster: str, name: str) -> Team:
    fmt = get_variant(league.format)
    if fmt.drafts_team_card:
        return team_draft_card(league=league, coach=coach, name=name, card=roster)
    request = suggest_draft(fmt, rules_data(fmt.rules_data_version).rosters[roster])
    return team_draft(
        league=league,
        coach=coach,
        name=name,
        roster=roster,
        players=[PlayerRequest(p, n) for p, n in request.players],
        rerolls=request.rerolls,
        apothecary=request.apothecary,
        special_rule=request.special_rule or "",
    )


def _submit(match: Match, actor: Any) -> ReportSubmission:
    """A coach's report of a 1-0 (0-0 on points in a card format), waiting
    for the other coach."""
    if get_variant(match.season.settings["format"]).drafts_team_card:
        nil = CardReportSide(points=0, touchdowns=0)
        waiting = match_submit_card_report(
            match_id=match.pk, home=nil, away=nil, actor=actor
        )
    else:
        # the first home player able to play it (the rounds resolved before
        # may have left others injured)
        scorer = next(
            p["id"] for p in team_snapshot(match.home)["players"] if p["available"]
        )
        report = Report(1, 0, players=[PlayerLine(scorer, touchdowns=1)])
        waiting = match_submit_report(match_id=match.pk, report=report, actor=actor)
    assert isinstance(waiting, ReportSubmission)
    return waiting


def format_league(
    fmt: str, users: dict[str, Any], capture: Callable[..., Any]
) -> dict[str, int]:
    """One format's league as the module docstring says: the ids a test
    needs (``team`` played the first match, at home)."""
    alice, dave = users["alice"], users["dave"]
    coaches = (users["bob"], users["charlie"], users["erin"])
    league = league_create(commissioner=alice, name=f"{fmt} league", format=fmt)
    make_member(league, *coaches)
    teams = [
        _draft(league, coach, roster, f"{fmt} {roster} {i}")
        for i, (coach, roster) in enumerate(
            zip(coaches, FORMAT_TEAMS[fmt], strict=True)
        )
    ]
    season = season_create(
        league=league, name="Spring", team_ids=[t.pk for t in teams], seed=11
    )
    played, waiting, open_ = season_schedule(season_id=season.pk)
    with capture(execute=True):
        match_resolve(match_id=played.pk)
    played.refresh_from_db()
    assert played.status == Match.Status.COMPLETE, (fmt, played.status)
    League.objects.filter(pk=league.pk).update(report_confirmation_days=3)
    waiting.refresh_from_db()
    submission = _submit(waiting, waiting.home.coach)
    league_set_open(league_id=league.pk, is_open=True, actor=alice)
    membership_request(league_id=league.pk, actor=dave)
    hook = webhook_create(
        league_id=league.pk, url="https://example.com/hook", kind="generic"
    )
    team = played.home
    other = played.away
    deduction = season_dock_points(
        season_id=season.pk, team_id=other.pk, reason="no-show", actor=alice
    )
    return {
        "league": league.pk,
        "team": team.pk,
        "other_team": other.pk,
        "player": team.players.order_by("number").first().pk,
        "other_player": other.players.order_by("number").first().pk,
        "season": season.pk,
        "played": played.pk,
        "waiting": waiting.pk,
        "open": open_.pk,
        "submission": submission.pk,
        "webhook": hook.pk,
        "deduction": deduction.pk,
        "coach": team.coach_id,
        "dave": dave.pk,
    }


def build_format_world(fmt: str, capture: Callable[..., Any]) -> dict[str, int]:
    """The people and ``fmt``'s league (one saved world a format: a test
    loads only the format it calls)."""
    names = ("alice", "bob", "charlie", "dave", "erin")
    users = {n: UserFactory(username=n) for n in names}
    return format_league(fmt, users, capture)
