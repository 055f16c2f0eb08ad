"""The league API's lists read a fixed number of queries whatever their
length: the same bound for a page of 2 rows as for one of 20 (no query per
team, player, coach or ledger line)."""

from __future__ import annotations

import pytest

from league.models import League, Team, TreasuryEntry
from league.services.membership import membership_invite
from league.services.treasury import treasury_credit
from tests.factories import LeagueFactory, UserFactory, draft_team
from tests.league.conftest import api_as

# count, page, and the players prefetched (teams) or invite links (leagues)
LIST_QUERIES = 3


@pytest.fixture(params=[2, 20], ids=["2-rows", "20-rows"])
def rows(request, alice, settings):
    """``n`` BB2025 Human teams (Team Captain and MVP nominations: the
    fields with their own reads), each of its own coach and league, and
    ``n`` coaches invited to the first league; ``n`` ledger lines on its
    first team."""
    settings.PAGE_CACHE = False
    n = request.param
    leagues = [
        LeagueFactory(name=f"League {i}", format="bb2025", commissioner=alice)
        for i in range(n)
    ]
    teams = [
        draft_team(
            leagues[i], UserFactory(username=f"coach{i}"), roster="human", rerolls=1
        )
        for i in range(n)
    ]
    for i in range(n):
        UserFactory(username=f"guest{i}")
        membership_invite(league_id=leagues[0].pk, username=f"guest{i}", actor=alice)
    for _ in range(n - 2):  # the draft wrote two lines
        treasury_credit(
            team=teams[0],
            amount=10_000,
            reason=TreasuryEntry.Reason.ADJUSTMENT,
            note="a correction",
            actor=alice,
        )
    return {"n": n, "league": leagues[0], "team": teams[0]}


def _listed(client, url: str, n: int) -> None:
    response = client.get(url)
    assert response.status_code == 200, response.json()
    assert len(response.json()["results"]) >= n


@pytest.mark.parametrize("reader", ["anonymous", "commissioner"])
@pytest.mark.parametrize(
    "url",
    [
        "/api/teams/",
        "/api/leagues/",
        "/api/leagues/{league}/members/",
        "/api/leagues/{league}/events/",
        "/api/teams/{team}/ledger/",
    ],
)
def test_a_list_reads_as_many_queries_for_20_rows_as_for_2(
    rows, alice, reader, url, django_assert_max_num_queries
):
    client = api_as(alice if reader == "commissioner" else None)
    url = url.format(league=rows["league"].pk, team=rows["team"].pk)

    with django_assert_max_num_queries(LIST_QUERIES):
        _listed(client, url, rows["n"])


def test_the_lists_hold_what_they_count(rows):
    # the bound above is met by full pages, not by empty ones
    assert Team.objects.count() == League.objects.count() == rows["n"]
    assert rows["league"].memberships.count() == rows["n"] + 1
    assert rows["team"].ledger.count() == rows["n"]
