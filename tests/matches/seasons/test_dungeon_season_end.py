"""The end of a Dungeon Bowl season (league_and_exhibition_play.md):
Glittering Prizes and the Dungeon Bowl Trophy at closing, then the
re-draft: scouting, the Re-Draft Budget (1,000,000 + 20,000 a game +
20,000 a league win, no draw bonus), the Trophy's free re-roll and the
re-hire price."""

from __future__ import annotations

import pytest
from django.test import Client

from engine.core.dice import ScriptedRoller
from league.errors import ServiceError
from league.models import Player, Team, TreasuryEntry
from league.services.leagues import league_create
from league.services.teams import PlayerRequest, team_draft
from matches.commissioner.actions import (
    redraft_plan_keep_all,
    team_redraft_approve,
)
from matches.models import Match, SeasonTeamArchive
from matches.postgame.sequence import postgame_run
from matches.reports.lines import PlayerLine, Report
from matches.reports.report import match_submit_report
from matches.seasons import rollover
from matches.seasons.rollover import RedraftPlan, season_close, team_redraft
from matches.seasons.services import match_seed, season_create, season_schedule
from tests.factories import make_member
from tests.matches.conftest import db_state, roster

pytestmark = pytest.mark.django_db


def college(league, coach, name):
    make_member(league, coach)
    return team_draft(
        league=league,
        coach=coach,
        name=name,
        roster="college-of-shadows",
        players=[
            PlayerRequest("skaven-clanrat-lineman", f"{name} {i}") for i in range(1, 12)
        ],
    )


def play(match: Match, winner: Team, actor, mvps=()):
    scorer = roster(winner)[0]
    home = 1 if winner.pk == match.home_id else 0
    match_submit_report(
        match_id=match.pk,
        report=Report(
            home,
            1 - home,
            players=[PlayerLine(scorer.pk, touchdowns=1)],
            mvps=list(mvps),
        ),
        actor=actor,
    )
    postgame_run(match_id=match.pk)


@pytest.fixture
def season(alice, bob, charlie, dave, django_capture_on_commit_callbacks):
    """Three college teams: Ash beats Birch and Cedar, Birch beats Cedar.
    Ash's #2 is named MVP in both its games."""
    league = league_create(commissioner=alice, name="Colleges", format="dungeon-bowl")
    ash, birch, cedar = (
        college(league, bob, "Ash"),
        college(league, charlie, "Birch"),
        college(league, dave, "Cedar"),
    )
    season = season_create(
        league=league, name="2026", seed=11, team_ids=[ash.pk, birch.pk, cedar.pk]
    )
    season_schedule(season_id=season.pk)
    mvp = roster(ash)[1]
    with django_capture_on_commit_callbacks():
        for m in Match.objects.filter(season=season).order_by("round", "pk"):
            teams = {m.home_id, m.away_id}
            if ash.pk in teams:
                other = Team.objects.get(pk=(teams - {ash.pk}).pop())
                other_mvp = roster(other)[1]
                play(m, ash, alice, mvps=[mvp.pk, other_mvp.pk])
            else:
                play(m, birch, alice)
    return season, ash, birch, cedar


def prizes(team):
    return list(
        TreasuryEntry.objects.filter(team=team, reason=TreasuryEntry.Reason.PRIZE)
        .order_by("pk")
        .values_list("amount", flat=True)
    )


def test_closing_pays_the_glittering_prizes_and_gives_the_trophy_re_roll(season, alice):
    season_obj, ash, birch, cedar = season
    rerolls = {t.pk: Team.objects.get(pk=t.pk).rerolls for t in (ash, birch, cedar)}
    treasury = {t.pk: Team.objects.get(pk=t.pk).treasury for t in (ash, birch, cedar)}

    season_close(season_id=season_obj.pk, actor=alice)

    # "Glittering Prizes": 1st 100,000, 2nd 60,000, 3rd 30,000
    assert (prizes(ash), prizes(birch), prizes(cedar)) == (
        [100_000],
        [60_000],
        [30_000],
    )
    for team, gold in ((ash, 100_000), (birch, 60_000), (cedar, 30_000)):
        assert Team.objects.get(pk=team.pk).treasury == treasury[team.pk] + gold
    # the Trophy: one team re-roll for the champion, no gold spent
    assert Team.objects.get(pk=ash.pk).rerolls == rerolls[ash.pk] + 1
    assert Team.objects.get(pk=birch.pk).rerolls == rerolls[birch.pk]
    record = SeasonTeamArchive.objects.get(season=season_obj, team=ash).record
    assert (record["prize"], record["place"], record["trophy_rerolls"]) == (
        100_000,
        1,
        1,
    )


def keep_all(team):
    return [p.pk for p in roster(team)]


def scouting_dice(monkeypatch, season_obj, team, values):
    """The scouting D6s of ``team``'s re-draft are ``values``; every other
    roll keeps its seed."""
    seeded = rollover.SeededRoller
    seed = match_seed(season_obj.seed, "scouting", team.pk)

    def roller(s):
        return ScriptedRoller(values) if s == seed else seeded(s)

    monkeypatch.setattr(rollover, "SeededRoller", roller)


def test_the_redraft_budget_counts_games_and_league_wins_without_draws(
    season, alice, bob, monkeypatch
):
    season_obj, ash, _, _ = season
    season_close(season_id=season_obj.pk, actor=alice)
    # Ash's #2 has MVP awards: a 5 keeps him
    scouting_dice(monkeypatch, season_obj, ash, [5])
    treasury = Team.objects.get(pk=ash.pk).treasury

    preview = team_redraft(
        team_id=ash.pk,
        season_id=season_obj.pk,
        plan=RedraftPlan(keep=keep_all(ash)),
        actor=bob,
        commit=False,
    )

    # "3. Raise Funds": 1,000,000 + treasury + 2 games x 20,000 + 2 wins x
    # 20,000
    assert preview.budget["total"] == 1_000_000 + treasury + 40_000 + 40_000
    assert (preview.budget["wins"], preview.budget["draws"]) == (2, 0)
    assert preview.scouted == []
    assert preview.scouting_dice == [
        {"purpose": f"scouting:{roster(ash)[1].pk}", "sides": 6, "result": 5}
    ]
    assert preview.trophy_rerolls == 1


def test_a_scouted_player_cannot_be_kept_and_pays_20_000(
    season, alice, bob, monkeypatch
):
    season_obj, ash, _, _ = season
    season_close(season_id=season_obj.pk, actor=alice)
    scouting_dice(monkeypatch, season_obj, ash, [6, 6])
    treasury = Team.objects.get(pk=ash.pk).treasury
    scouted = roster(ash)[1]
    before = db_state()

    with pytest.raises(ServiceError) as exc:
        team_redraft(
            team_id=ash.pk,
            season_id=season_obj.pk,
            plan=RedraftPlan(keep=keep_all(ash)),
            actor=bob,
            commit=True,
        )

    # the scouted player is refused, and without him the squad is 10
    assert [(v.code, v.field) for v in exc.value.violations] == [
        ("scouted", "keep.1"),
        ("too_few_players", "players"),
    ]
    assert db_state() == before

    scouting_dice(monkeypatch, season_obj, ash, [6, 6])
    kept = [pk for pk in keep_all(ash) if pk != scouted.pk]
    preview = team_redraft(
        team_id=ash.pk,
        season_id=season_obj.pk,
        plan=RedraftPlan(
            keep=kept, new_players=[("skaven-clanrat-lineman", "Rookie")], rerolls=1
        ),
        actor=bob,
        commit=True,
    )

    # + 20,000 for the scouted player
    assert preview.budget["total"] == 1_000_000 + treasury + 80_000 + 20_000
    assert preview.budget["scouted"] == 1
    assert Player.objects.get(pk=scouted.pk).status == Player.Status.FIRED
    # the re-roll bought at 50,000 and the Trophy's free one
    team = Team.objects.get(pk=ash.pk)
    assert team.rerolls == 2
    # 10 Clanrats re-hired at 50,000 + 20,000 x 1 previous season (the one
    # just closed: "the previous season" whose Treasury the budget takes), a
    # new one at 50,000, one re-roll at 50,000
    assert preview.total == 10 * (50_000 + 20_000) + 50_000 + 50_000
    assert team.treasury == preview.budget["total"] - preview.total
    archive = SeasonTeamArchive.objects.get(season=season_obj, team=ash)
    assert archive.redraft["scouted"] == [scouted.pk]
    assert archive.redraft["trophy_rerolls"] == 1


def test_a_season_closed_before_anyone_played_pays_no_prizes(alice, bob, charlie, dave):
    # given a Dungeon Bowl season of three teams, closed unscheduled
    league = league_create(commissioner=alice, name="Unplayed", format="dungeon-bowl")
    teams = [
        college(league, coach, name)
        for coach, name in ((bob, "Ash"), (charlie, "Birch"), (dave, "Cedar"))
    ]
    season = season_create(league=league, name="2026", seed=11)
    treasury = {t.pk: Team.objects.get(pk=t.pk).treasury for t in teams}

    season_close(season_id=season.pk, actor=alice)

    # then no Glittering Prizes nor Trophy: the table nobody played in was
    # a coin flip (it paid 100,000, 60,000 and 30,000)
    for team in teams:
        fresh = Team.objects.get(pk=team.pk)
        assert prizes(fresh) == []
        assert (fresh.treasury, fresh.rerolls) == (treasury[team.pk], team.rerolls)


def test_keeping_everything_does_not_buy_the_trophys_free_re_roll(
    season, alice, bob, monkeypatch
):
    # "Glittering Prizes": the champion adds a team re-roll "without having
    # to spend any gold pieces". Ash bought no re-roll; it holds the Trophy's.
    season_obj, ash, _, _ = season
    season_close(season_id=season_obj.pk, actor=alice)
    assert Team.objects.get(pk=ash.pk).rerolls == 1
    scouting_dice(monkeypatch, season_obj, ash, [5])
    archive = SeasonTeamArchive.objects.get(season=season_obj, team=ash)

    # the coach's re-draft page opens on keeping what Ash has: no re-roll
    # to pay for
    client = Client()
    client.force_login(bob)
    page = client.get(f"/teams/{ash.pk}/redraft/")
    assert page.status_code == 200
    assert page.context["form"].initial["rerolls"] == 0
    assert page.context["preview"].carry_over == 0

    # the commissioner approves the keep-everything re-draft
    scouting_dice(monkeypatch, season_obj, ash, [5])
    preview = team_redraft_approve(archive_id=archive.pk, actor=alice, reason="ok")

    # 11 Clanrats at 50,000 + 20,000 for the season played; the re-roll is
    # the Trophy's, free, and Ash holds it once
    assert preview.carry_over == 0
    assert preview.total == 11 * (50_000 + 20_000)
    assert Team.objects.get(pk=ash.pk).rerolls == 1


def test_a_trophy_held_from_the_season_before_is_not_kept_as_bought(
    season, alice, bob, charlie, dave, monkeypatch
):
    # The Trophy is held "until the end of the next season, when it will be
    # awarded to the new champions": Ash, champion of 2026, holds its re-roll
    # through 2027, which Birch wins.
    season_obj, ash, birch, cedar = season
    season_close(season_id=season_obj.pk, actor=alice)
    scouting_dice(monkeypatch, season_obj, ash, [5])
    team_redraft(
        team_id=ash.pk,
        season_id=season_obj.pk,
        plan=RedraftPlan(keep=keep_all(ash)),
        actor=bob,
        commit=True,
    )
    Team.objects.filter(pk__in=[birch.pk, cedar.pk]).update(status="ready")
    # Birch and Cedar re-draft keeping everyone: no scouting D6 is a 6
    seeded = rollover.SeededRoller
    seeds = {match_seed(season_obj.seed, "scouting", t.pk) for t in (birch, cedar)}
    monkeypatch.setattr(
        rollover,
        "SeededRoller",
        lambda s: ScriptedRoller([1] * 16) if s in seeds else seeded(s),
    )
    for other in (birch, cedar):
        team_redraft(
            team_id=other.pk,
            season_id=season_obj.pk,
            plan=RedraftPlan(keep=keep_all(other)),
            actor=alice,
            commit=True,
        )
    second = season_create(
        league=season_obj.league,
        name="2027",
        seed=12,
        team_ids=[ash.pk, birch.pk, cedar.pk],
    )
    season_schedule(season_id=second.pk)
    monkeypatch.undo()
    for m in Match.objects.filter(season=second).order_by("round", "pk"):
        teams = {m.home_id, m.away_id}
        play(m, birch if birch.pk in teams else cedar, alice)
    season_close(season_id=second.pk, actor=alice)
    # its time is up as 2027 closes: the re-roll goes back
    assert Team.objects.get(pk=ash.pk).rerolls == 0
    archive = SeasonTeamArchive.objects.get(season=second, team=ash)
    assert archive.record["trophy_returned"] == 1
    client = Client()
    client.force_login(bob)

    page = client.get(f"/teams/{ash.pk}/redraft/")

    # Ash bought no re-roll and no longer holds the Trophy: nothing to carry
    # over, on the coach's page as in the commissioner's plan
    assert page.context["form"].initial["rerolls"] == 0
    assert page.context["preview"].carry_over == 0
    plan = redraft_plan_keep_all(Team.objects.get(pk=ash.pk), archive)
    assert plan.rerolls == 0
