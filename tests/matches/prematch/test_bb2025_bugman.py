"""BB2025 Josef Bugman (tables.md 9, "Infamous Coaching Staff: Josef
Bugman", 0-1 at 100,000): a team that induces him as coaching staff cannot
also hire Josef Bugman the Star Player for the same game; the refusal
writes nothing."""

import pytest

from league.errors import ServiceError
from league.models import Team
from league.services.leagues import league_create
from league.services.teams import PlayerRequest, team_draft
from matches.models import Match
from matches.prematch.inducements import Purchase, match_buy_inducements
from matches.seasons.services import season_create, season_schedule
from tests.factories import UserFactory, make_member
from tests.matches.prematch.test_inducements import _snapshot as snapshot
from tests.matches.prematch.test_inducements import codes


@pytest.fixture
def world(db):
    """Two BB2025 Human teams of equal value, 1,000,000 in each bank."""
    commish = UserFactory(username="bugman-commish")
    coaches = UserFactory(username="bhc"), UserFactory(username="bac")
    league = league_create(commissioner=commish, name="Bugman Cup", format="bb2025")
    teams = []
    for coach, name in zip(coaches, ("Reavers", "Marauders"), strict=True):
        make_member(league, coach)
        teams.append(
            team_draft(
                league=league,
                coach=coach,
                name=name,
                roster="human",
                players=[
                    PlayerRequest("human-lineman", f"{name} {i}") for i in range(11)
                ],
            )
        )
    Team.objects.filter(pk__in=[t.pk for t in teams]).update(treasury=1_000_000)
    season = season_create(league=league, name="S", seed=5)
    season_schedule(season_id=season.pk)
    match = Match.objects.get(season=season)
    by_team = {t.pk: c for t, c in zip(teams, coaches, strict=True)}
    return {"match": match, "coaches": by_team}


def _buy(world, *items):
    match = world["match"]
    return match_buy_inducements(
        match_id=match.pk,
        team_id=match.home_id,
        actor=world["coaches"][match.home_id],
        items=list(items),
    )


def test_it_refuses_bugman_the_coach_with_bugman_the_star(world):
    # given
    before = snapshot()
    # when
    with pytest.raises(ServiceError) as refused:
        _buy(
            world,
            Purchase("star_players", star_player="josef-bugman"),
            Purchase("josef_bugman"),
        )
    # then
    assert codes(refused) == [("star_excluded", "items.1")]
    assert snapshot() == before


def test_bugman_the_coach_comes_with_another_star(world):
    record = _buy(
        world,
        Purchase("star_players", star_player="grombrindal"),
        Purchase("josef_bugman"),
    )
    # Grombrindal 170,000 + Josef Bugman 100,000, from the treasury
    assert record.total == 270_000
    assert Team.objects.get(pk=world["match"].home_id).treasury == 730_000
