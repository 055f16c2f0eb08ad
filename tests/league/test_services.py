"""Team services: drafting, hiring, firing, buying and the treasury ledger."""

import pytest

from engine.campaign.drafting import TeamValue
from league.errors import ServiceError
from league.models import Player, Team, TreasuryEntry
from league.selectors import team_detail_qs, team_value_get
from league.services.teams import (
    PlayerRequest,
    team_buy,
    team_draft,
    team_fire_player,
    team_hire_player,
)
from league.services.treasury import treasury_adjust, treasury_debit
from tests.factories import lineman_requests
from tests.league.conftest import db_snapshot


def codes(exc_info):
    return [(v.code, v.field) for v in exc_info.value.violations]


def test_draft_writes_team_players_and_ledger(sevens, bob):
    # when
    team = team_draft(
        league=sevens,
        coach=bob,
        name="Gouged Eye",
        roster="orc",
        players=[
            *lineman_requests("orc", 5),
            PlayerRequest("blitzer", "Grak"),
            PlayerRequest("goblin", "Snik"),
        ],
        rerolls=1,
        cheerleaders=1,
        dedicated_fans=2,
    )
    # then: 5x50k + 80k + 40k = 370k; re-roll 120k; cheerleader 20k; fan 20k = 530k
    team = Team.objects.get(pk=team.pk)
    assert (team.status, team.treasury, team.rerolls, team.dedicated_fans) == (
        "ready",
        70_000,
        1,
        2,
    )
    players = list(team.players.order_by("number"))
    assert [(p.number, p.position) for p in players] == [
        (1, "orc-lineman"),
        (2, "orc-lineman"),
        (3, "orc-lineman"),
        (4, "orc-lineman"),
        (5, "orc-lineman"),
        (6, "blitzer"),
        (7, "goblin"),
    ]
    assert (
        players[5].ma,
        players[5].st,
        players[5].ag,
        players[5].pa,
        players[5].av,
        players[5].value,
    ) == (6, 3, 3, 4, 10, 80_000)
    ledger = list(
        team.ledger.order_by("id").values_list("reason", "amount", "balance_after")
    )
    assert ledger == [("draft_budget", 600_000, 600_000), ("draft", -530_000, 70_000)]
    assert team_value_get(team_detail_qs().get(pk=team.pk)) == TeamValue(
        tv=510_000, ctv=510_000
    )  # fans are not part of team value


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"players": 6}, [("too_few_players", "players")]),
        ({"rerolls": 5}, [("over_budget", None)]),
        (
            {"apothecary": True, "roster": "shambling-undead"},
            [("apothecary_not_allowed", "apothecary")],
        ),
        ({"roster": "gnoblars"}, [("unknown_roster", "roster")]),
        ({"name": "  "}, [("blank", "name")]),
        (
            {
                "players": 2,
                "extra": [
                    ("blitzer", "a"),
                    ("blitzer", "b"),
                    ("goblin", "c"),
                    ("goblin", "d"),
                    ("thrower", "e"),
                ],
            },
            [("too_many_non_linemen", "players")],
        ),
        (
            {"extra": [("thrower", "a"), ("thrower", "b"), ("thrower", "c")]},
            [("position_limit", "players")],
        ),
    ],
)
def test_refused_drafts_write_nothing(sevens, bob, bob_orcs, changes, expected):
    before = db_snapshot()
    roster = changes.get("roster", "orc")
    players = lineman_requests(
        roster if roster != "gnoblars" else "orc", changes.get("players", 7)
    )
    players += [PlayerRequest(*p) for p in changes.get("extra", [])]
    kwargs = {
        "league": sevens,
        "coach": bob,
        "name": changes.get("name", "New Team"),
        "roster": roster,
        "players": players,
        "rerolls": changes.get("rerolls", 0),
        "apothecary": changes.get("apothecary", False),
    }

    with pytest.raises(ServiceError) as exc_info:
        team_draft(**kwargs)

    assert codes(exc_info) == expected
    assert db_snapshot() == before


@pytest.mark.parametrize("name", ["Gouged Eye", " gouged EYE "])
def test_team_names_are_unique_in_a_league(sevens, bob, bob_orcs, name):
    before = db_snapshot()
    with pytest.raises(ServiceError) as exc_info:
        team_draft(
            league=sevens,
            coach=bob,
            name=name,
            roster="orc",
            players=lineman_requests("orc", 7),
        )
    assert codes(exc_info) == [("name_taken", "name")]
    assert db_snapshot() == before


def test_hire_debits_the_treasury_and_takes_the_next_free_number(bob_orcs, bob):
    player = team_hire_player(
        team_id=bob_orcs.pk, position="goblin", name="Snik", actor=bob
    )

    team = Team.objects.get(pk=bob_orcs.pk)
    assert (player.number, player.value, team.treasury) == (8, 40_000, 90_000)
    entry = TreasuryEntry.objects.filter(team=team).latest("id")
    assert (entry.reason, entry.amount, entry.balance_after, entry.cause) == (
        "hire",
        -40_000,
        90_000,
        player,
    )
    assert entry.created_by == bob


def test_hire_refusals_write_nothing(bob_orcs):
    before = db_snapshot()
    for position, name, expected in [
        ("wizard", "Zap", [("unknown_position", "position")]),
        ("goblin", " ", [("blank", "name")]),
    ]:
        with pytest.raises(ServiceError) as exc_info:
            team_hire_player(team_id=bob_orcs.pk, position=position, name=name)
        assert codes(exc_info) == expected
    assert db_snapshot() == before

    Team.objects.filter(pk=bob_orcs.pk).update(treasury=30_000)
    before = db_snapshot()
    with pytest.raises(ServiceError) as exc_info:
        team_hire_player(team_id=bob_orcs.pk, position="goblin", name="Snik")
    assert codes(exc_info) == [("over_budget", "treasury")]
    assert db_snapshot() == before


def test_fire_frees_the_number_without_refund(bob_orcs):
    player = bob_orcs.players.get(number=3)

    team_fire_player(team_id=bob_orcs.pk, player_id=player.pk)

    player.refresh_from_db()
    assert player.status == Player.Status.FIRED
    assert Team.objects.get(pk=bob_orcs.pk).treasury == 130_000
    hired = team_hire_player(team_id=bob_orcs.pk, position="goblin", name="Snik")
    assert hired.number == 3


def test_firing_a_player_of_another_team_is_refused(bob_orcs, charlie_humans):
    before = db_snapshot()
    stranger = charlie_humans.players.first()
    with pytest.raises(ServiceError) as exc_info:
        team_fire_player(team_id=bob_orcs.pk, player_id=stranger.pk)
    assert codes(exc_info) == [("unknown_player", "player")]
    assert db_snapshot() == before


def test_bb2020_rerolls_after_the_draft_cost_double(charlie_humans):
    team = team_buy(team_id=charlie_humans.pk, item="rerolls", quantity=2)

    assert (team.rerolls, team.treasury) == (2, 450_000 - 200_000)
    # TV counts them at roster cost: 11 x 50k + 2 x 50k
    assert team_value_get(team).tv == 650_000


def test_sevens_purchase_refusals_write_nothing(bob_orcs):
    before = db_snapshot()
    for item, quantity, expected in [
        ("rerolls", 1, [("rerolls_after_draft", "item")]),
        ("dedicated_fans", 1, [("fans_after_draft", "item")]),
        ("assistant_coaches", 4, [("staff_limit", "quantity")]),
    ]:
        with pytest.raises(ServiceError) as exc_info:
            team_buy(team_id=bob_orcs.pk, item=item, quantity=quantity)
        assert codes(exc_info) == expected
    assert db_snapshot() == before


def test_sevens_apothecary_costs_80k_and_only_one(bob_orcs):
    team = team_buy(team_id=bob_orcs.pk, item="apothecary")
    assert (team.apothecary, team.treasury) == (True, 50_000)
    before = db_snapshot()
    with pytest.raises(ServiceError) as exc_info:
        team_buy(team_id=bob_orcs.pk, item="apothecary")
    assert codes(exc_info) == [("staff_limit", "quantity"), ("over_budget", "treasury")]
    assert db_snapshot() == before


def test_a_team_in_a_game_cannot_hire_or_buy(bob_orcs):
    Team.objects.filter(pk=bob_orcs.pk).update(status=Team.Status.PLAYING)
    before = db_snapshot()
    with pytest.raises(ServiceError) as exc_info:
        team_hire_player(team_id=bob_orcs.pk, position="goblin", name="Snik")
    assert codes(exc_info) == [("team_busy", None)]
    assert db_snapshot() == before


def test_ctv_leaves_out_players_who_miss_the_next_game_or_are_retired(bob_orcs):
    bob_orcs.players.filter(number=1).update(miss_next_game=True)
    bob_orcs.players.filter(number=2).update(status=Player.Status.RETIRED)
    bob_orcs.players.filter(number=3).update(status=Player.Status.DEAD)

    value = team_value_get(team_detail_qs().get(pk=bob_orcs.pk))

    # 6 on the roster x 50k + re-roll at 120k; two of them out for CTV
    assert (value.tv, value.ctv) == (420_000, 320_000)


def test_debit_refuses_to_overdraw_and_writes_nothing(bob_orcs):
    before = db_snapshot()
    with pytest.raises(ServiceError) as exc_info:
        treasury_debit(team=bob_orcs, amount=130_001, reason="purchase")
    assert codes(exc_info) == [("over_budget", "treasury")]
    assert db_snapshot() == before


def test_manual_adjustment_needs_a_reason_and_is_ledgered(bob_orcs, alice):
    before = db_snapshot()
    with pytest.raises(ServiceError) as exc_info:
        treasury_adjust(team=bob_orcs, amount=10_000, note=" ", actor=alice)
    assert codes(exc_info) == [("required", "note")]
    assert db_snapshot() == before

    entry = treasury_adjust(
        team=bob_orcs, amount=-30_000, note="fine for brawling", actor=alice
    )

    assert (entry.amount, entry.balance_after, entry.reason, entry.created_by) == (
        -30_000,
        100_000,
        "adjustment",
        alice,
    )
    assert Team.objects.get(pk=bob_orcs.pk).treasury == 100_000


def test_the_database_refuses_a_negative_treasury(bob_orcs):
    from django.db import IntegrityError, transaction

    with pytest.raises(IntegrityError), transaction.atomic():
        Team.objects.filter(pk=bob_orcs.pk).update(treasury=-1)


def test_the_database_refuses_duplicate_shirt_numbers(bob_orcs):
    from django.db import IntegrityError, transaction

    with pytest.raises(IntegrityError), transaction.atomic():
        bob_orcs.players.filter(number=2).update(number=1)
