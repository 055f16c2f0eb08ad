"""Two commissioners' leagues for the commissioner admin and its audited
services: each with a coach's team, the commissioner's own team and a
finished season."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model

from league.models import League, Team
from league.services.treasury import treasury_adjust
from matches.models import Match, Season
from matches.postgame.sequence import postgame_run_current_step
from matches.reports.lines import PlayerLine, Report
from matches.reports.report import match_submit_report
from matches.seasons.services import season_create, season_schedule
from tests.factories import LeagueFactory, UserFactory, draft_team


@dataclass
class World:
    """One commissioner's league: two teams (the coach's and the
    commissioner's own) and a finished season whose one match the home team
    won 1-0, its post-game run."""

    commissioner: object
    coach: object
    league: League
    teams: list[Team]
    season: Season
    match: Match

    def ids(self) -> dict[str, object]:
        return {
            "commissioner": self.commissioner.pk,
            "coach": self.coach.pk,
            "league": self.league.pk,
            "teams": [team.pk for team in self.teams],
            "season": self.season.pk,
            "match": self.match.pk,
        }

    @classmethod
    def fetch(cls, ids: dict) -> World:
        """The world of ``ids()``, read afresh (a world saved once per
        session and loaded into a test: see ``shared_league``)."""
        users = get_user_model().objects
        return cls(
            commissioner=users.get(pk=ids["commissioner"]),
            coach=users.get(pk=ids["coach"]),
            league=League.objects.get(pk=ids["league"]),
            teams=[Team.objects.get(pk=pk) for pk in ids["teams"]],
            season=Season.objects.get(pk=ids["season"]),
            match=Match.objects.get(pk=ids["match"]),
        )


def build_league(commissioner: str, coach: str, name: str, rosters) -> World:
    boss, player = UserFactory(username=commissioner), UserFactory(username=coach)
    league = LeagueFactory(name=name, format="sevens", commissioner=boss)
    teams = [
        draft_team(league, player, roster=rosters[0], name=f"{name} {rosters[0]}"),
        draft_team(league, boss, roster=rosters[1], name=f"{name} {rosters[1]}"),
    ]
    season = season_create(league=league, name="2026", seed=5)
    season_schedule(season_id=season.pk)
    match = Match.objects.get(season=season)
    scorer = Team.objects.get(pk=match.home_id).players.get(number=1)
    match_submit_report(
        match_id=match.pk,
        actor=boss,
        report=Report(
            home_score=1,
            away_score=0,
            players=[PlayerLine(scorer.pk, touchdowns=1)],
            fan_factor_rolls=(1, 1),
        ),
    )
    while postgame_run_current_step(match_id=match.pk) != "done":
        pass
    treasury_adjust(team=teams[0], amount=1000, note="opening gift", actor=boss)
    return World(boss, player, league, teams, season, Match.objects.get(pk=match.pk))


def shared_league(name: str, *args, after=()):
    """``build_league(*args)`` as a world saved once per session and loaded
    into each test that asks for the fixture ``name`` (a ``World``): returns
    the session fixture and the test fixture, for a test module to assign."""
    from tests.conftest import shared_world

    return shared_world(
        name,
        lambda capture: build_league(*args).ids(),
        fetch=World.fetch,
        after=after,
    )
