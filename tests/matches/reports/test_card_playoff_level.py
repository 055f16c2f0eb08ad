"""A Blitz Bowl playoff level on points: Blitz Bowl's "If the game ends with
both teams having the same number of points, the game is a draw!" leaves a
playoff without a winner, so it goes to Blood Bowl's sudden death ("both
coaches roll-off five times, each rolling a D6 and re-rolling ties. The
coach who wins the most roll-offs wins the game")."""

from __future__ import annotations

import pytest

from matches.models import Match, MatchResult
from matches.seasons.services import playoff_winner
from tests.factories import UserFactory
from tests.world import api_as, invite_members

LEVEL = {"points": 4, "touchdowns": 1}  # a touchdown each: 4 points


@pytest.fixture
def blitz(db):
    """A scheduled Blitz Bowl match and its commissioner."""
    commish = UserFactory(username="card-commish")
    coaches = [UserFactory(username=n) for n in ("card-a", "card-b")]
    league = api_as(commish).post(
        "/api/leagues/", {"name": "Card Cup", "format": "blitz-bowl"}, format="json"
    )
    lid = league.json()["id"]
    invite_members(commish, lid, coaches)
    for coach, card in zip(coaches, ("dwarf", "human"), strict=True):
        api_as(coach).post(
            "/api/teams/card/",
            {"league": lid, "name": f"{card} team", "card": card},
            format="json",
        )
    sid = (
        api_as(commish)
        .post("/api/seasons/", {"league": lid, "name": "S", "seed": 3}, format="json")
        .json()["id"]
    )
    api_as(commish).post(f"/api/seasons/{sid}/schedule/")
    return Match.objects.get(season_id=sid), commish


def report(user, match, home, away):
    return api_as(user).post(
        f"/api/matches/{match.pk}/card-report/",
        {"home": home, "away": away},
        format="json",
    )


def test_a_level_blitz_bowl_playoff_is_won_in_sudden_death(blitz):
    # given the match is a playoff (a final of two)
    match, commish = blitz
    Match.objects.filter(pk=match.pk).update(stage=Match.Stage.PLAYOFF)
    match.refresh_from_db()

    # when the commissioner reports it level on points
    assert report(commish, match, LEVEL, LEVEL).status_code == 201

    # then the sudden death is rolled and stored: five roll-offs, a tie
    # rolled again (kept in the rolls)
    result = MatchResult.objects.get(match=match)
    sd = result.sudden_death
    settled = [(home, away) for home, away in sd["rolls"] if home != away]
    assert len(settled) == 5
    home_wins = sum(home > away for home, away in settled)
    assert (sd["home_wins"], sd["away_wins"]) == (home_wins, 5 - home_wins)
    assert sd["winner"] == ("home" if home_wins >= 3 else "away")
    # and its winner, not the home team by default, goes through
    match.refresh_from_db()
    expected = match.home_id if sd["winner"] == "home" else match.away_id
    assert playoff_winner(match) == expected
    assert result.winner_side(match.home_id) == sd["winner"]


def test_a_level_blitz_bowl_league_match_stays_a_draw(blitz):
    match, commish = blitz

    assert report(commish, match, LEVEL, LEVEL).status_code == 201

    result = MatchResult.objects.get(match=match)
    assert result.sudden_death == {}
    assert result.winner_side(match.home_id) is None
