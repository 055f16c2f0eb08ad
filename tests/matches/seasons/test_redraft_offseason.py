"""The off-season between a season's close and a team's re-draft
(league_and_exhibition_play.md "The Off-season Break and Re-drafting
Teams"): what a team hires or buys in it is paid once, and a team plays a
new season only once it has re-drafted.

The figures are the rules': "2. Raise Funds" gives a Re-Draft Budget of
1,000,000, plus the Treasury, plus 20,000 a game played and 20,000 more a
league fixture won; "3. Re-draft" re-hires a player at his Current Value
plus an agent's fee of 20,000 a previous season, and carries team re-rolls
over "at the cost shown on your team roster". The Orc roster: Lineman
50,000, Blitzer 80,000, re-roll 60,000 (doubled to 120,000 once the team
is drafted)."""

from __future__ import annotations

import pytest
from django.test import Client

from league.errors import ServiceError
from league.models import League, LeagueEvent, Player, Team, TreasuryEntry
from matches.commissioner.actions import team_redraft_approve
from matches.models import Match, Season, SeasonTeamArchive
from matches.seasons.rollover import RedraftPlan, season_close, team_redraft
from matches.seasons.services import season_create, season_schedule
from tests.factories import draft_team, make_member
from tests.matches.conftest import play_recorded
from tests.world import api_as

pytestmark = pytest.mark.django_db

BASE, PER_GAME, PER_WIN, CAP = 1_000_000, 20_000, 20_000, 1_300_000
LINEMAN, BLITZER, REROLL = 50_000, 80_000, 60_000
AGENT = 20_000


@pytest.fixture
def closed(alice, bob, charlie, django_capture_on_commit_callbacks):
    """A Blood Bowl league's first season closed: Bob's 11 Orc Linemen won
    its one match 1-0 against Charlie's Humans."""
    league = League.objects.create(
        name="Off-season", format="bb2020", commissioner=alice
    )
    return _close_first_season(
        league, alice, bob, charlie, django_capture_on_commit_callbacks
    )


def _close_first_season(league, alice, bob, charlie, capture):
    make_member(league, bob, charlie)
    orcs = draft_team(league, bob, roster="orc", name="Off Orcs")
    humans = draft_team(league, charlie, roster="human", name="Off Humans")
    season = season_create(
        league=league, name="One", seed=5, team_ids=[orcs.pk, humans.pk]
    )
    (match,) = season_schedule(season_id=season.pk)
    home_won = match.home_id == orcs.pk
    play_recorded(match, int(home_won), int(not home_won), actor=alice, capture=capture)
    season_close(season_id=season.pk, actor=alice)
    return {
        "league": league,
        "season": season,
        "orcs": Team.objects.get(pk=orcs.pk),
        "humans": Team.objects.get(pk=humans.pk),
    }


def _linemen(team):
    return list(
        Player.objects.filter(team=team, position="orc-lineman", status="active")
        .order_by("number")
        .values_list("pk", flat=True)
    )


def _hire_blitzer(coach, team):
    hired = api_as(coach).post(
        f"/api/teams/{team.pk}/players/",
        {"position": "blitzer", "name": "Late Signing"},
        format="json",
    )
    assert hired.status_code == 201, hired.json()
    return hired.json()["id"]


def _ledger_since(team, pk):
    return list(
        TreasuryEntry.objects.filter(team=team, pk__gt=pk)
        .order_by("pk")
        .values_list("amount", "reason")
    )


def _last_row(team):
    return TreasuryEntry.objects.filter(team=team).order_by("-pk").first().pk


def _ledger_adds_up(team):
    team.refresh_from_db()
    total = sum(
        TreasuryEntry.objects.filter(team=team).values_list("amount", flat=True)
    )
    return total == team.treasury


def test_a_player_hired_after_the_close_and_kept_is_paid_once(closed, bob):
    # given the champions' treasury as the season left it (the close's prize
    # paid), and a Blitzer hired from the team sheet after the close
    orcs, season = closed["orcs"], closed["season"]
    left = orcs.treasury
    mark = _last_row(orcs)
    blitzer = _hire_blitzer(bob, orcs)
    assert Team.objects.get(pk=orcs.pk).treasury == left - BLITZER

    # when the coach re-drafts the 11 Linemen and the Blitzer
    preview = team_redraft(
        team_id=orcs.pk,
        season_id=season.pk,
        plan=RedraftPlan(keep=[*_linemen(orcs), blitzer]),
        actor=bob,
        commit=True,
    )

    # then the Blitzer's 80,000 goes back into the treasury the budget
    # takes, and the re-draft prices him once: as a new player, no fee
    budget = BASE + left + PER_GAME + PER_WIN
    assert preview.budget["treasury"] == left
    assert preview.budget["refunded"] == BLITZER
    assert (preview.budget["total"], preview.budget["capped"]) == (budget, False)
    costs = {p["id"]: p["cost"] for p in preview.players}
    assert costs.pop(blitzer) == BLITZER
    assert sorted(costs.values()) == [LINEMAN + AGENT] * 11
    assert preview.total == 11 * (LINEMAN + AGENT) + BLITZER
    assert preview.violations == []
    assert Team.objects.get(pk=orcs.pk).treasury == budget - preview.total
    # and the ledger reads: the hire, its refund, the treasury into the
    # budget, the budget, the re-draft; every row adds up to the treasury
    assert _ledger_since(orcs, mark) == [
        (-BLITZER, "hire"),
        (BLITZER, "draft"),
        (-left, "draft"),
        (budget, "draft_budget"),
        (-preview.total, "draft"),
    ]
    assert _ledger_adds_up(orcs)
    assert Player.objects.get(pk=blitzer).status == "active"


def test_a_player_hired_after_the_close_and_let_go_costs_nothing(closed, bob):
    orcs, season = closed["orcs"], closed["season"]
    left = orcs.treasury
    blitzer = _hire_blitzer(bob, orcs)

    preview = team_redraft(
        team_id=orcs.pk,
        season_id=season.pk,
        plan=RedraftPlan(keep=_linemen(orcs)),
        actor=bob,
        commit=True,
    )

    budget = BASE + left + PER_GAME + PER_WIN
    assert preview.budget["total"] == budget
    assert preview.total == 11 * (LINEMAN + AGENT)
    assert Team.objects.get(pk=orcs.pk).treasury == budget - 11 * (LINEMAN + AGENT)
    assert Player.objects.get(pk=blitzer).status == "fired"
    assert _ledger_adds_up(orcs)


def test_a_reroll_bought_after_the_close_is_carried_over_at_the_roster_cost(
    closed, alice, bob
):
    # given a re-roll bought after the close, at the doubled price
    orcs, season = closed["orcs"], closed["season"]
    left = orcs.treasury
    bought = api_as(bob).post(
        f"/api/teams/{orcs.pk}/purchases/",
        {"item": "rerolls", "quantity": 1},
        format="json",
    )
    assert bought.status_code == 201, bought.json()
    assert Team.objects.get(pk=orcs.pk).treasury == left - 2 * REROLL
    archive = SeasonTeamArchive.objects.get(team=orcs, season=season)

    # when the commissioner approves the re-draft that keeps everything
    preview = team_redraft_approve(
        archive_id=archive.pk, actor=alice, reason="Bob is away"
    )

    # then the purchase is given back and the re-roll carried over at the
    # roster's 60,000; the League Trophy's free re-roll stays beside it
    budget = BASE + left + PER_GAME + PER_WIN
    assert (preview.budget["total"], preview.budget["refunded"]) == (
        budget,
        2 * REROLL,
    )
    assert preview.carry_over == REROLL
    assert preview.total == 11 * (LINEMAN + AGENT) + REROLL
    orcs.refresh_from_db()
    assert (orcs.treasury, orcs.rerolls) == (budget - preview.total, 1 + 1)
    assert _ledger_adds_up(orcs)


def test_the_cap_bounds_a_hire_made_after_the_close(
    alice, bob, charlie, django_capture_on_commit_callbacks
):
    league = League.objects.create(
        name="Capped off-season", format="bb2020", commissioner=alice, redraft_cap=True
    )
    closed = _close_first_season(
        league, alice, bob, charlie, django_capture_on_commit_callbacks
    )
    orcs = closed["orcs"]
    assert BASE + orcs.treasury + PER_GAME + PER_WIN > CAP
    blitzer = _hire_blitzer(bob, orcs)

    preview = team_redraft(
        team_id=orcs.pk,
        season_id=closed["season"].pk,
        plan=RedraftPlan(keep=[*_linemen(orcs), blitzer]),
        actor=bob,
        commit=True,
    )

    # the hire is one of the cap's purchases: the new team (the Blitzer
    # included) and its treasury come to the cap, no more
    assert (preview.budget["total"], preview.budget["capped"]) == (CAP, True)
    assert preview.total == 11 * (LINEMAN + AGENT) + BLITZER
    assert Team.objects.get(pk=orcs.pk).treasury == CAP - preview.total
    assert _ledger_adds_up(orcs)


def test_the_api_preview_shows_what_the_offseason_gives_back(closed, bob):
    orcs, season = closed["orcs"], closed["season"]
    left = orcs.treasury
    blitzer = _hire_blitzer(bob, orcs)

    answer = api_as(bob).post(
        f"/api/teams/{orcs.pk}/redraft/",
        {"season": season.pk, "keep": [*_linemen(orcs), blitzer]},
        format="json",
    )

    assert answer.status_code == 200, answer.json()
    body = answer.json()
    assert (body["budget"]["treasury"], body["budget"]["refunded"]) == (left, BLITZER)
    assert body["total"] == 11 * (LINEMAN + AGENT) + BLITZER
    assert body["remaining"] == BASE + left + PER_GAME + PER_WIN - body["total"]


# --- a new season needs the re-draft first ----------------------------------


def _state():
    return (
        list(Season.objects.order_by("pk").values_list("pk", "status")),
        list(Season.teams.through.objects.order_by("pk").values_list("pk")),
        list(Match.objects.order_by("pk").values_list("pk", "status")),
        list(Team.objects.order_by("pk").values_list("pk", "treasury", "status")),
        list(LeagueEvent.objects.order_by("pk").values_list("pk")),
        TreasuryEntry.objects.count(),
    )


def _keep_all(team, season, coach):
    return team_redraft(
        team_id=team.pk,
        season_id=season.pk,
        plan=RedraftPlan(
            keep=list(
                Player.objects.filter(team=team, status="active").values_list(
                    "pk", flat=True
                )
            )
        ),
        actor=coach,
        commit=True,
    )


def _codes(exc_info):
    return [(v.code, v.field) for v in exc_info.value.violations]


def test_a_team_that_has_not_redrafted_does_not_enter_a_new_season(
    closed, bob, charlie
):
    orcs, humans, league = closed["orcs"], closed["humans"], closed["league"]
    before = _state()

    # neither has re-drafted: both are named, chosen or by default
    for team_ids in ([orcs.pk, humans.pk], None):
        with pytest.raises(ServiceError) as exc_info:
            season_create(league=league, name="Two", team_ids=team_ids)
        assert _codes(exc_info) == [("redraft_required", "teams")] * 2
        assert _state() == before

    # the Orcs re-draft; the Humans still owe theirs
    _keep_all(orcs, closed["season"], bob)
    before = _state()
    with pytest.raises(ServiceError) as exc_info:
        season_create(league=league, name="Two", team_ids=[orcs.pk, humans.pk])
    assert [v.message for v in exc_info.value.violations] == [
        "Off Humans has not re-drafted since One closed: its coach re-drafts it "
        "(or the commissioner approves its re-draft) before it plays another season"
    ]
    assert _state() == before

    # once both have, the season is made
    _keep_all(humans, closed["season"], charlie)
    two = season_create(league=league, name="Two", team_ids=[orcs.pk, humans.pk])
    assert set(two.teams.values_list("pk", flat=True)) == {orcs.pk, humans.pk}


def test_the_api_refuses_a_season_of_teams_owing_their_redraft(closed, alice):
    orcs, humans = closed["orcs"], closed["humans"]
    before = _state()

    answer = api_as(alice).post(
        "/api/seasons/",
        {"league": closed["league"].pk, "name": "Two", "teams": [orcs.pk, humans.pk]},
        format="json",
    )

    assert answer.status_code == 400
    errors = answer.json()["errors"]
    assert [(e["code"], e["field"]) for e in errors] == [
        ("redraft_required", "teams")
    ] * 2
    assert [e["message"].split(" has ")[0] for e in errors] == [
        "Off Humans",
        "Off Orcs",
    ]
    assert _state() == before


def test_a_season_made_before_the_close_is_scheduled_after_the_redrafts(
    alice, bob, charlie, django_capture_on_commit_callbacks
):
    # given a second season made while the first was still being played
    league = League.objects.create(name="Overlap", format="bb2020", commissioner=alice)
    make_member(league, bob, charlie)
    orcs = draft_team(league, bob, roster="orc", name="Over Orcs")
    humans = draft_team(league, charlie, roster="human", name="Over Humans")
    one = season_create(league=league, name="One", seed=5)
    (match,) = season_schedule(season_id=one.pk)
    two = season_create(league=league, name="Two", seed=6)
    play_recorded(match, 1, 0, actor=alice, capture=django_capture_on_commit_callbacks)
    season_close(season_id=one.pk, actor=alice)
    before = _state()

    # then it is not scheduled (nor played) before its teams re-draft
    answer = api_as(alice).post(f"/api/seasons/{two.pk}/schedule/")
    assert answer.status_code == 400
    assert [(e["code"], e["field"]) for e in answer.json()["errors"]] == [
        ("redraft_required", "teams")
    ] * 2
    assert _state() == before

    _keep_all(Team.objects.get(pk=orcs.pk), one, bob)
    _keep_all(Team.objects.get(pk=humans.pk), one, charlie)
    assert len(season_schedule(season_id=two.pk)) == 1


def test_the_redraft_page_says_what_the_offseason_gives_back(closed, bob):
    orcs = closed["orcs"]
    _hire_blitzer(bob, orcs)
    client = Client()
    client.force_login(bob)

    page = client.get(f"/teams/{orcs.pk}/redraft/")

    # the page opens on keeping everyone, the Blitzer hired since included
    assert page.context["preview"].budget["refunded"] == BLITZER
    assert "with 80,000 given back for the hires and purchases since the close" in (
        page.content.decode()
    )
