"""Low Cost Linemen in a league (Ogre and Snotling, BB2020 and BB2025): a
permanently hired Lineman's Current Value leaves out his hiring fee, which
is still paid from the treasury; his value increases count. Team Value,
CTV, the CTV a match's inducements and forecasts read, and the team API
follow; other teams and other positions are unaffected. Values are stored,
so existing teams' Linemen lose the fee in a migration."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.db.models import F

from league.models import League, Player, Team
from league.selectors import team_detail_qs, team_value_get
from league.services.advancement import player_advance
from league.services.journeymen import journeyman_hire, team_take_journeymen
from league.services.leagues import league_create
from league.services.teams import PlayerRequest, team_draft, team_hire_player
from matches.engine_bridge import team_snapshot
from matches.prematch.inducements import ctv_for_match
from tests.factories import make_member
from tests.world import api_as

pytestmark = pytest.mark.django_db

BUDGET = 1_000_000
GNOBLAR = {"bb2020": "gnoblar-lineman", "bb2025": "ogre-gnoblar-lineman"}
SNOTLING = {
    # (position, how many) of each edition's Snotling team
    "bb2020": [
        ("snotling-lineman", 5),
        ("fun-hoppa", 2),
        ("stilty-runna", 2),
        ("pump-wagon", 2),
    ],
    "bb2025": [
        ("snotling-lineman", 5),
        ("snotling-fun-hoppa", 2),
        ("snotling-stilty-runna", 2),
        ("snotling-pump-wagon", 2),
    ],
}


def make_league(coach, fmt: str) -> League:
    return league_create(commissioner=coach, name=f"{fmt} league", format=fmt)


def draft(league, coach, roster, lines, name, rerolls=1) -> Team:
    make_member(league, coach)
    players = [
        PlayerRequest(slug, f"{name} {slug} {i}")
        for slug, count in lines
        for i in range(count)
    ]
    return team_draft(
        league=league,
        coach=coach,
        name=name,
        roster=roster,
        players=players,
        rerolls=rerolls,
    )


def ogres(league, coach, fmt) -> Team:
    # 1 Ogre Blocker (140,000) and 10 Gnoblars (15,000 each), 1 re-roll
    # (70,000)
    return draft(
        league, coach, "ogre", [("ogre-blocker", 1), (GNOBLAR[fmt], 10)], "Ogres"
    )


def value(team: Team) -> tuple[int, int]:
    v = team_value_get(team_detail_qs().get(pk=team.pk))
    return v.tv, v.ctv


def gnoblars(team: Team, fmt: str):
    return Player.objects.filter(
        team=team, position=GNOBLAR[fmt], journeyman=False
    ).order_by("number")


@pytest.mark.parametrize("fmt", ["bb2020", "bb2025"])
def test_an_ogre_teams_gnoblars_add_nothing_to_its_value(alice, bob, fmt):
    team = ogres(make_league(alice, fmt), bob, fmt)

    # the fees are paid: 140,000 + 10 x 15,000 + 70,000
    team.refresh_from_db()
    assert team.treasury == BUDGET - 360_000
    # the Gnoblars' Current Value is 0, the Ogre's his fee
    assert sorted(set(gnoblars(team, fmt).values_list("value", flat=True))) == [0]
    assert Player.objects.get(team=team, position="ogre-blocker").value == 140_000
    # TV and CTV: the Ogre and the re-roll
    assert value(team) == (210_000, 210_000)
    assert team_snapshot(team_detail_qs().get(pk=team.pk))["ctv"] == 210_000
    assert ctv_for_match(team_detail_qs().get(pk=team.pk)) == 210_000
    body = api_as(bob).get(f"/api/teams/{team.pk}/").json()
    assert (body["tv"], body["ctv"]) == (210_000, 210_000)


@pytest.mark.parametrize(
    ("fmt", "paid", "tv"),
    [
        # BB2020: 2 x 20,000 + 2 x 20,000 + 2 x 105,000 (+ 5 x 15,000 paid),
        # re-roll 60,000
        ("bb2020", 75_000 + 290_000 + 60_000, 290_000 + 60_000),
        # BB2025: 2 x 20,000 + 2 x 20,000 + 2 x 100,000 (+ 5 x 15,000 paid),
        # re-roll 70,000
        ("bb2025", 75_000 + 280_000 + 70_000, 280_000 + 70_000),
    ],
)
def test_a_snotling_teams_linemen_add_nothing_to_its_value(alice, bob, fmt, paid, tv):
    team = draft(make_league(alice, fmt), bob, "snotling", SNOTLING[fmt], "Snots")

    team.refresh_from_db()
    assert team.treasury == BUDGET - paid
    linemen = Player.objects.filter(team=team, position="snotling-lineman")
    assert list(linemen.values_list("value", flat=True)) == [0] * 5
    assert value(team) == (tv, tv)


@pytest.mark.parametrize("fmt", ["bb2020", "bb2025"])
def test_another_team_keeps_its_linemens_fees(alice, bob, fmt):
    league = make_league(alice, fmt)
    ogres(league, bob, fmt)
    humans = draft(league, alice, "human", [("human-lineman", 11)], "Reikland", 0)

    assert value(humans) == (11 * 50_000, 11 * 50_000)


@pytest.mark.parametrize("fmt", ["bb2020", "bb2025"])
def test_a_hired_gnoblar_is_paid_for_and_adds_nothing(alice, bob, fmt):
    team = ogres(make_league(alice, fmt), bob, fmt)

    hired = team_hire_player(team_id=team.pk, position=GNOBLAR[fmt], name="Snik")

    team.refresh_from_db()
    assert team.treasury == BUDGET - 360_000 - 15_000
    assert hired.value == 0
    assert value(team) == (210_000, 210_000)


@pytest.mark.parametrize("fmt", ["bb2020", "bb2025"])
def test_a_gnoblars_value_increase_counts(alice, bob, fmt):
    team = ogres(make_league(alice, fmt), bob, fmt)
    gnoblar = gnoblars(team, fmt).first()
    Player.objects.filter(pk=gnoblar.pk).update(spp=20)

    # a chosen Primary skill: +20,000 (both editions)
    player_advance(
        player_id=gnoblar.pk, kind="chosen_primary", category="agility", skill="catch"
    )

    gnoblar.refresh_from_db()
    assert gnoblar.value == 20_000
    assert value(team) == (230_000, 230_000)


@pytest.mark.parametrize("fmt", ["bb2020", "bb2025"])
def test_a_journeyman_gnoblar_counts_his_fee_until_hired_for_good(alice, bob, fmt):
    team = ogres(make_league(alice, fmt), bob, fmt)
    # a Gnoblar misses the next game: he takes nothing out of CTV, and the
    # journeyman who stands in adds his fee
    Player.objects.filter(pk=gnoblars(team, fmt).first().pk).update(miss_next_game=True)
    assert value(team) == (210_000, 210_000)
    assert ctv_for_match(team_detail_qs().get(pk=team.pk)) == 225_000

    (journeyman,) = team_take_journeymen(
        Team.objects.select_related("league").get(pk=team.pk), minimum=11
    )
    assert journeyman.value == 15_000
    assert value(team) == (210_000, 225_000)

    # he gained a skill (+20,000) and is hired for good: the fee is paid,
    # his value keeps the increase only
    Player.objects.filter(pk=journeyman.pk).update(value=35_000)
    hired = journeyman_hire(team_id=team.pk, player_id=journeyman.pk, actor=bob)

    team.refresh_from_db()
    assert team.treasury == BUDGET - 360_000 - 15_000
    assert (hired.journeyman, hired.value) == (False, 20_000)
    assert Player.objects.get(pk=journeyman.pk).value == 20_000
    assert value(team) == (230_000, 230_000)


def test_the_classic_game_counts_the_fee(alice, bob):
    # Decision: the classic game has no Low Cost Linemen
    team = ogres(make_league(alice, "classic"), bob, "bb2020")

    assert sorted(set(gnoblars(team, "bb2020").values_list("value", flat=True))) == [
        15_000
    ]
    assert value(team)[0] == 140_000 + 150_000 + 70_000


def test_the_migration_takes_the_fee_out_of_existing_linemen(alice, bob):
    migration = importlib.import_module("league.migrations.0017_low_cost_linemen_value")
    league = make_league(alice, "bb2025")
    team = ogres(league, bob, "bb2025")
    humans = draft(league, alice, "human", [("human-lineman", 11)], "Reikland", 0)
    (journeyman,) = team_take_journeymen(
        Team.objects.select_related("league").get(pk=team.pk), minimum=12
    )
    # values as they were stored before: every Gnoblar with his fee, one
    # advanced (+20,000)
    first = gnoblars(team, "bb2025").first()
    gnoblars(team, "bb2025").update(value=F("value") + 15_000)
    Player.objects.filter(pk=first.pk).update(value=35_000)
    before = dict(Player.objects.values_list("pk", "value"))

    migration.leave_fee_out(apps, None)

    after = dict(Player.objects.values_list("pk", "value"))
    changed = {pk for pk in after if after[pk] != before[pk]}
    assert changed == set(gnoblars(team, "bb2025").values_list("pk", flat=True))
    assert after[first.pk] == 20_000
    assert {after[pk] for pk in changed - {first.pk}} == {0}
    assert after[journeyman.pk] == 15_000
    assert value(humans) == (550_000, 550_000)

    migration.put_fee_back(apps, None)

    assert dict(Player.objects.values_list("pk", "value")) == before
