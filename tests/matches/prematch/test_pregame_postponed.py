"""A match postponed in its pre-game has that pre-game undone: the
inducements were bought "for the game ahead" (inducements_in_detail.md)
during its pre-game sequence (the_rules_of_blood_bowl.md "Pre-game
sequence", step 4), with petty cash worked out from the two CTVs of that
day, and the game is no longer ahead. Every gold piece a treasury paid comes
back (a ledger row of its own), what was bought is dropped, and both
rosters open again; petty cash was never a treasury's gold, and "any gold
pieces not spent are lost" (the_rules_of_blood_bowl.md "Petty Cash")."""

from __future__ import annotations

import pytest
from django.contrib.contenttypes.models import ContentType

from league.errors import ServiceError
from league.models import LeagueEvent, Player, Team, TreasuryEntry
from league.services.teams import team_hire_player
from matches.commissioner.actions import match_postpone_audited
from matches.commissioner.unplayed import match_record_unplayed
from matches.models import Match, MatchEvent, MatchInducements
from matches.prematch.inducements import Purchase, match_buy_inducements
from matches.seasons.services import match_postpone
from tests.league.conftest import api_as
from tests.matches.prematch.test_inducements import codes, world  # noqa: F401

REFUND = "inducements_refund"

# blood_bowl_sevens.md "Inducements": Bloodweiser Kegs 50,000 each, Bribes
# 100,000 each; inducements_in_detail.md (BB2020): the same two prices.
KEG, BRIBE = 50_000, 100_000
# The world's two Orc teams: each bank holds 300,000, and the home team's
# two Blitzers against the away team's Goblin put it 120,000 ahead on CTV
# (tests/matches/prematch/test_inducements.py).
BANK, GAP = 300_000, 120_000
# Orc Lineman, 50,000 (teams/Orc.md)
LINEMAN = 50_000


def snapshot():
    """Everything a refused postponement must leave as it was."""
    return (
        list(
            MatchInducements.objects.order_by("pk").values_list(
                "pk", "team_id", "total", "treasury_used"
            )
        ),
        list(Team.objects.order_by("pk").values_list("pk", "treasury")),
        list(TreasuryEntry.objects.order_by("pk").values_list("pk", "amount")),
        MatchEvent.objects.count(),
        LeagueEvent.objects.count(),
        list(Match.objects.order_by("pk").values_list("pk", "round", "postponed")),
    )


def buy(world, match, team_id, *items):  # noqa: F811
    coach = world["home_coach"] if team_id == match.home_id else world["away_coach"]
    return match_buy_inducements(
        match_id=match.pk, team_id=team_id, actor=coach, items=list(items)
    )


def bought_sevens(world):  # noqa: F811
    """Sevens (both sides may add treasury): the richer home side pays two
    kegs from its treasury; the away side, with 120,000 of petty cash,
    buys three Bribes, the 180,000 the petty cash does not cover from its
    treasury."""
    match = world["sevens"]
    buy(world, match, match.home_id, Purchase("bloodweiser_kegs", count=2))
    buy(world, match, match.away_id, Purchase("bribes", count=3))
    return match


def postpone(world, match, **kwargs):  # noqa: F811
    return match_postpone_audited(
        match_id=match.pk,
        to_round=kwargs.get("to_round"),
        actor=world["commish"],
        reason="the pitch is flooded",
    )


def treasuries(match):
    return (
        Team.objects.get(pk=match.home_id).treasury,
        Team.objects.get(pk=match.away_id).treasury,
    )


def test_postponing_pays_back_every_gold_piece_each_treasury_paid(world):  # noqa: F811
    match = bought_sevens(world)
    assert treasuries(match) == (BANK - 2 * KEG, BANK - (3 * BRIBE - GAP))

    moved = postpone(world, match)

    assert treasuries(match) == (BANK, BANK)
    rows = TreasuryEntry.objects.filter(reason=REFUND).order_by("pk")
    assert [(r.team_id, r.amount, r.balance_after) for r in rows] == [
        (match.home_id, 2 * KEG, BANK),
        (match.away_id, 3 * BRIBE - GAP, BANK),
    ]
    assert {(r.cause_type, r.cause_id) for r in rows} == {
        (ContentType.objects.get_for_model(Match), match.pk)
    }
    assert all(r.created_by == world["commish"] for r in rows)
    assert (moved.round, moved.postponed) == (2, True)


def test_what_was_bought_is_dropped_and_the_log_says_so(world):  # noqa: F811
    match = bought_sevens(world)

    postpone(world, match)

    assert not MatchInducements.objects.filter(match=match).exists()
    undone = MatchEvent.objects.filter(match=match, type="pregame_undone")
    assert [e.payload for e in undone.order_by("seq")] == [
        {
            "team_id": match.home_id,
            "total": 2 * KEG,
            "petty_cash_used": 0,
            "refunded": 2 * KEG,
        },
        {
            "team_id": match.away_id,
            "total": 3 * BRIBE,
            "petty_cash_used": GAP,
            "refunded": 3 * BRIBE - GAP,
        },
    ]


def test_the_underdogs_petty_cash_is_not_paid_into_its_treasury(world):  # noqa: F811
    """BB2020: the richer side buys first, from its treasury; the other
    side's petty cash (the CTV gap plus that spending) pays for its Bribe,
    and it may not add treasury: nothing of it comes back."""
    match = world["bb2020"]
    buy(world, match, match.home_id, Purchase("bloodweiser_kegs"))
    record = buy(world, match, match.away_id, Purchase("bribes"))
    assert (record.petty_cash, record.treasury_used) == (GAP + KEG, 0)

    postpone(world, match)

    assert treasuries(match) == (BANK, BANK)
    assert [
        (r.team_id, r.amount) for r in TreasuryEntry.objects.filter(reason=REFUND)
    ] == [(match.home_id, KEG)]
    assert not MatchInducements.objects.filter(match=match).exists()


def test_the_audit_log_names_what_each_team_got_back(world):  # noqa: F811
    match = bought_sevens(world)

    postpone(world, match)

    row = LeagueEvent.objects.get(type=LeagueEvent.Type.MATCH_POSTPONED)
    assert row.payload == {
        "from_round": 1,
        "to_round": 2,
        "reason": "the pitch is flooded",
        "inducements_refunded": {
            str(match.home_id): 2 * KEG,
            str(match.away_id): 3 * BRIBE - GAP,
        },
    }


def test_both_rosters_open_again(world):  # noqa: F811
    match = bought_sevens(world)
    with pytest.raises(ServiceError) as exc_info:
        team_hire_player(team_id=match.home_id, position="orc-lineman", name="Early")
    assert codes(exc_info) == [("pregame_started", None)]

    postpone(world, match)
    team_hire_player(team_id=match.home_id, position="orc-lineman", name="Late")
    team_hire_player(team_id=match.away_id, position="orc-lineman", name="Late")

    assert Player.objects.filter(team_id=match.home_id, name="Late").count() == 1
    assert Player.objects.filter(team_id=match.away_id, name="Late").count() == 1
    assert treasuries(match) == (BANK - LINEMAN, BANK - LINEMAN)


def test_the_pre_game_starts_again_in_the_new_round(world):  # noqa: F811
    """Nothing of the first pre-game stands: the richer side buys first
    again (BB2020), from the treasury it got back."""
    match = world["bb2020"]
    buy(world, match, match.home_id, Purchase("bloodweiser_kegs"))
    buy(world, match, match.away_id, Purchase("bribes"))
    postpone(world, match)

    with pytest.raises(ServiceError) as exc_info:
        buy(world, match, match.away_id, Purchase("bribes"))
    assert codes(exc_info) == [("opponent_first", None)]
    again = buy(world, match, match.home_id, Purchase("bribes", count=3))

    assert (again.total, again.treasury_used) == (3 * BRIBE, 3 * BRIBE)
    assert treasuries(match) == (BANK - 3 * BRIBE, BANK)


def test_a_match_postponed_before_any_purchase_moves_as_before(world):  # noqa: F811
    match = world["sevens"]
    ledger = TreasuryEntry.objects.count()

    moved = postpone(world, match)

    assert (moved.round, moved.postponed) == (2, True)
    assert TreasuryEntry.objects.count() == ledger
    assert not MatchEvent.objects.filter(match=match, type="pregame_undone").exists()
    row = LeagueEvent.objects.get(type=LeagueEvent.Type.MATCH_POSTPONED)
    assert row.payload == {
        "from_round": 1,
        "to_round": 2,
        "reason": "the pitch is flooded",
    }


def test_a_refused_postponement_leaves_the_pre_game_as_it_was(world):  # noqa: F811
    match = bought_sevens(world)
    before = snapshot()

    with pytest.raises(ServiceError) as exc_info:
        postpone(world, match, to_round=1)

    assert codes(exc_info) == [("not_later", "round")]
    assert snapshot() == before


def test_the_schedule_alone_does_not_move_a_match_in_its_pre_game(world):  # noqa: F811
    """The bare move (``match_postpone``) knows nothing of money: it refuses
    a match whose pre-game has started rather than strand its purchases."""
    match = bought_sevens(world)
    before = snapshot()

    with pytest.raises(ServiceError) as exc_info:
        match_postpone(match_id=match.pk)

    assert codes(exc_info) == [("pregame_started", None)]
    assert snapshot() == before


def test_the_api_postpones_and_pays_back(world):  # noqa: F811
    match = bought_sevens(world)

    response = api_as(world["commish"]).post(
        f"/api/matches/{match.pk}/postpone/", {}, format="json"
    )

    assert response.status_code == 200
    assert (response.json()["round"], response.json()["postponed"]) == (2, True)
    assert treasuries(match) == (BANK, BANK)
    assert not MatchInducements.objects.filter(match=match).exists()


def test_the_api_refuses_an_earlier_round_and_writes_nothing(world):  # noqa: F811
    match = bought_sevens(world)
    before = snapshot()

    response = api_as(world["commish"]).post(
        f"/api/matches/{match.pk}/postpone/", {"round": 1}, format="json"
    )

    assert response.status_code == 400
    assert [(v["code"], v["field"]) for v in response.json()["errors"]] == [
        ("not_later", "round")
    ]
    assert snapshot() == before


def test_a_fixture_recorded_unplayed_pays_back_under_the_same_reason(world):  # noqa: F811
    """The other way a match's pre-game ends without its game: recorded
    unplayed, its treasury gold comes back as a refund too (its purchases
    stay on the match, what was bought for the game never played)."""
    match = bought_sevens(world)

    match_record_unplayed(match_id=match.pk, actor=world["commish"])

    assert treasuries(match) == (BANK, BANK)
    rows = TreasuryEntry.objects.filter(reason=REFUND).order_by("pk")
    assert [(r.team_id, r.amount, r.note) for r in rows] == [
        (match.home_id, 2 * KEG, f"inducements refunded: {match} was not played"),
        (
            match.away_id,
            3 * BRIBE - GAP,
            f"inducements refunded: {match} was not played",
        ),
    ]
    assert MatchInducements.objects.filter(match=match).count() == 2


def test_the_postpone_page_says_what_it_will_undo(client, world):  # noqa: F811
    match = bought_sevens(world)
    client.force_login(world["commish"])

    page = client.get(f"/matches/{match.pk}/postpone/").content.decode()
    response = client.post(
        f"/matches/{match.pk}/postpone/",
        {"to_round": "", "reason": "snow"},
        follow=True,
    )

    assert (
        "each treasury gets back what it paid (Rich sevens 100,000, Poor sevens "
        "180,000; petty cash is lost)" in page
    )
    assert "Its inducements were dropped and their treasury gold paid back." in (
        response.content.decode()
    )
    assert treasuries(match) == (BANK, BANK)


def test_the_postpone_page_of_a_match_with_nothing_bought_says_nothing_of_it(
    client,
    world,  # noqa: F811
):
    client.force_login(world["commish"])

    page = client.get(f"/matches/{world['sevens'].pk}/postpone/").content.decode()

    assert 'data-testid="pregame"' not in page
