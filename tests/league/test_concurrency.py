"""Two coaches' requests racing for the same treasury (real PostgreSQL)."""

import threading

import pytest
from django.db import connection, connections

from league.errors import ServiceError
from league.models import Team, TreasuryEntry
from league.services.teams import team_hire_player
from tests.factories import LeagueFactory, UserFactory, draft_team


@pytest.mark.django_db(transaction=True)
def test_two_concurrent_hires_never_overdraw_the_treasury():
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL (make test sets DATABASE_URL)")
    # given a team that can afford exactly one 80k blitzer
    coach = UserFactory(username="racer")
    league = LeagueFactory(name="Race", format="sevens", commissioner=coach)
    team = draft_team(league, coach, roster="orc")  # 7 linemen: 250k left
    Team.objects.filter(pk=team.pk).update(treasury=100_000)
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def hire(name: str) -> None:
        try:
            barrier.wait(timeout=10)
            team_hire_player(team_id=team.pk, position="blitzer", name=name)
            outcomes.append("hired")
        except ServiceError as exc:
            outcomes.append(exc.violations[0].code)
        finally:
            connections.close_all()

    # when both hire at once
    threads = [threading.Thread(target=hire, args=(n,)) for n in ("Grak", "Snaga")]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)

    # then exactly one wins and the other is refused for money
    assert sorted(outcomes) == ["hired", "over_budget"]
    team.refresh_from_db()
    assert team.treasury == 20_000
    assert team.players.filter(position="blitzer").count() == 1
    assert TreasuryEntry.objects.filter(team=team, reason="hire").count() == 1
