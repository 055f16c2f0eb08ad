"""Once inducements are bought for a match, its pre-game sequence has begun
(the_rules_of_blood_bowl.md "Pre-game sequence": journeymen, then
inducements, then the kick-off): neither team's roster or staff changes
until that game is over, so the 16-player limit the Star Players were
checked against (inducements_in_detail.md "0-2 Star Players") and the CTVs
the petty cash came from still hold at kick-off."""

import pytest

from league.errors import ServiceError
from league.models import Player, Team
from league.services.teams import (
    SCHEDULED_MATCH,
    team_buy,
    team_fire_player,
    team_hire_player,
)
from matches.models import Match
from matches.prematch.inducements import Purchase, match_buy_inducements
from matches.prematch.kickoff import match_kick_off
from matches.resolution.resolve import match_engine_inputs
from tests.league.conftest import api_as
from tests.matches.prematch.test_inducements import _snapshot as inducement_snapshot
from tests.matches.prematch.test_inducements import codes
from tests.matches.prematch.test_star_players import world  # noqa: F401


def snapshot():
    return (
        inducement_snapshot(),
        list(Player.objects.order_by("pk").values_list("pk", "status", "team_id")),
        list(Team.objects.order_by("pk").values_list("pk", "rerolls")),
    )


def fourteen_and_a_pair(world):  # noqa: F811
    """The home team hires three players (14), then Grak and Crumbleberry:
    16, the most Star Players may take it to."""
    match = world["match"]
    coach = world["coaches"][match.home_id]
    for n in range(3):
        team_hire_player(
            team_id=match.home_id, position="human-lineman", name=f"Extra {n}"
        )
    match_buy_inducements(
        match_id=match.pk,
        team_id=match.home_id,
        actor=coach,
        items=[Purchase("star_players", star_player="grak-and-crumbleberry")],
    )
    return match


def test_the_league_app_names_the_scheduled_status_as_matches_does():
    assert SCHEDULED_MATCH == Match.Status.SCHEDULED


@pytest.mark.parametrize(
    "change",
    [
        lambda m: team_hire_player(
            team_id=m.home_id, position="human-lineman", name="Late"
        ),
        lambda m: team_fire_player(
            team_id=m.home_id,
            player_id=Player.objects.filter(team_id=m.home_id).first().pk,
        ),
        # the other team too: its petty cash comes from both CTVs
        lambda m: team_buy(team_id=m.away_id, item="rerolls"),
        lambda m: team_hire_player(
            team_id=m.away_id, position="human-lineman", name="Late"
        ),
    ],
    ids=["hire", "fire", "opponent_buys_a_reroll", "opponent_hires"],
)
def test_no_roster_change_once_inducements_are_bought(world, change):  # noqa: F811
    match = fourteen_and_a_pair(world)
    before = snapshot()

    with pytest.raises(ServiceError) as exc_info:
        change(match)

    assert codes(exc_info) == [("pregame_started", None)]
    assert snapshot() == before


def test_the_api_refuses_a_hire_after_the_stars_are_bought(world):  # noqa: F811
    match = fourteen_and_a_pair(world)
    before = snapshot()

    response = api_as(world["coaches"][match.home_id]).post(
        f"/api/teams/{match.home_id}/players/",
        {"position": "human-lineman", "name": "Late"},
        format="json",
    )

    assert response.status_code == 400
    assert [(v["code"], v["field"]) for v in response.json()["errors"]] == [
        ("pregame_started", None)
    ]
    assert snapshot() == before


def test_the_stars_take_the_team_to_sixteen_at_kick_off(world):  # noqa: F811
    match = fourteen_and_a_pair(world)
    with pytest.raises(ServiceError):
        team_hire_player(team_id=match.home_id, position="human-lineman", name="Late")

    match = match_kick_off(match_id=match.pk)
    inputs = match_engine_inputs(match)

    players = [p for p in inputs["home"]["players"] if p["available"]]
    assert len(players) + len(inputs["mercenaries"][0]) == 16


def test_a_team_with_no_inducements_bought_may_still_hire(world):  # noqa: F811
    match = world["match"]

    team_hire_player(team_id=match.away_id, position="human-lineman", name="Early")

    assert Player.objects.filter(team_id=match.away_id).count() == 12


def test_the_roster_opens_again_once_that_match_is_played(world):  # noqa: F811
    match = fourteen_and_a_pair(world)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.COMPLETE)
    # the next fixture, nothing bought for it yet
    Match.objects.create(
        season=match.season,
        round=match.round + 1,
        home_id=match.away_id,
        away_id=match.home_id,
        seed=1,
    )

    team_hire_player(team_id=match.home_id, position="human-lineman", name="Later")

    assert Player.objects.filter(team_id=match.home_id).count() == 15


def test_a_post_game_of_another_match_is_not_held_up(world):  # noqa: F811
    """The away team, in the post-game of a match it played while this one
    waited, hires as that post-game allows."""
    match = fourteen_and_a_pair(world)
    Team.objects.filter(pk=match.away_id).update(status=Team.Status.POST_GAME)

    team_hire_player(team_id=match.away_id, position="human-lineman", name="Rookie")

    assert Player.objects.filter(team_id=match.away_id).count() == 12


@pytest.mark.parametrize("busy", [Team.Status.PLAYING, Team.Status.DRAFT])
def test_no_inducements_while_a_team_is_not_between_games(world, busy):  # noqa: F811
    """The away team is still in another game (or not ready): its CTV for
    this one is not known yet, so neither side buys."""
    match = world["match"]
    Team.objects.filter(pk=match.away_id).update(status=busy)
    before = snapshot()

    with pytest.raises(ServiceError) as exc_info:
        match_buy_inducements(
            match_id=match.pk,
            team_id=match.home_id,
            actor=world["coaches"][match.home_id],
            items=[Purchase("star_players", star_player="mighty-zug")],
        )

    assert codes(exc_info) == [("team_busy", None)]
    assert snapshot() == before


def test_the_api_refuses_inducements_while_the_other_team_plays(world):  # noqa: F811
    match = world["match"]
    Team.objects.filter(pk=match.away_id).update(status=Team.Status.PLAYING)
    before = snapshot()

    response = api_as(world["coaches"][match.home_id]).post(
        f"/api/matches/{match.pk}/inducements/",
        {"team": match.home_id, "items": [{"item": "bribes"}]},
        format="json",
    )

    assert response.status_code == 400
    assert [(v["code"], v["field"]) for v in response.json()["errors"]] == [
        ("team_busy", None)
    ]
    assert snapshot() == before
