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


@pytest.mark.django_db(transaction=True)
def test_a_draft_and_a_removal_at_once_never_leave_a_removed_coach_drafting():
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL (make test sets DATABASE_URL)")
    from league.models import LeagueMembership
    from league.services.membership import membership_invite, membership_remove
    from league.services.teams import team_draft
    from tests.factories import lineman_requests

    # given a member about to draft while the commissioner removes him, and
    # two invitations of the same coach sent at once
    commish, coach = UserFactory(username="boss"), UserFactory(username="racer")
    UserFactory(username="guest")
    league = LeagueFactory(name="Race Two", format="sevens", commissioner=commish)
    LeagueMembership.objects.create(league=league, coach=coach, status="member")
    barrier = threading.Barrier(4)
    outcomes: dict[str, str] = {}

    def run(name, step) -> None:
        try:
            barrier.wait(timeout=10)
            step()
            outcomes[name] = "done"
        except ServiceError as exc:
            outcomes[name] = exc.violations[0].code
        finally:
            connections.close_all()

    steps = {
        "draft": lambda: team_draft(
            league=league,
            coach=coach,
            name="Late Entry",
            roster="orc",
            players=lineman_requests("orc", 7),
        ),
        "remove": lambda: membership_remove(
            league_id=league.pk, coach_id=coach.pk, actor=commish
        ),
        "invite 1": lambda: membership_invite(
            league_id=league.pk, username="guest", actor=commish
        ),
        "invite 2": lambda: membership_invite(
            league_id=league.pk, username="guest", actor=commish
        ),
    }

    # when all four run at once
    threads = [threading.Thread(target=run, args=item) for item in steps.items()]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)

    # then the removal happened, and the draft either came first or was
    # refused; the coach was invited once, never with a database error
    assert outcomes["remove"] == "done"
    drafted = Team.objects.filter(league=league, name="Late Entry").exists()
    assert outcomes["draft"] == ("done" if drafted else "not_a_member")
    assert sorted([outcomes["invite 1"], outcomes["invite 2"]]) == [
        "already_invited",
        "done",
    ]
    assert LeagueMembership.objects.get(league=league, coach=coach).status == "removed"
