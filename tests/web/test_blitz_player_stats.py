"""A Blitz Bowl player's page and the league's leaders boards show only the
statistics a Blitz Bowl match records of a player (its variant's
``player_stats``): his touchdowns and the games he played. Of its players a
game tells only who scored; a Touchdown is worth 4 points (blitz_bowl/
rules.md "Scoring Touchdowns")."""

from __future__ import annotations

import re

import pytest

from league.models import League, Team
from league.services.card_teams import team_draft_card
from league.services.leagues import league_create
from matches.reports.cards import CardReportSide, match_submit_card_report
from tests.factories import make_member
from tests.matches.conftest import one_match

TOUCHDOWN_POINTS = 4


@pytest.fixture
def scored(alice, bob, charlie) -> tuple[League, Team, int]:
    """The Dwarfs beat the Orcs 8-0 on two touchdowns by their #1."""
    league = league_create(commissioner=alice, name="Blitz Cup", format="blitz-bowl")
    make_member(league, bob, charlie)
    dwarfs = team_draft_card(league=league, coach=bob, name="Grudge", card="dwarf")
    orcs = team_draft_card(league=league, coach=charlie, name="Gouged", card="orc")
    match = one_match(league, dwarfs, orcs)
    scorer = dwarfs.players.get(number=1).pk
    match_submit_card_report(
        match_id=match.pk,
        home=CardReportSide(
            points=2 * TOUCHDOWN_POINTS, touchdowns=2, scorers=(scorer, scorer)
        ),
        away=CardReportSide(points=0, touchdowns=0),
        actor=alice,
    )
    return league, dwarfs, scorer


def _career(html: str) -> dict[str, str]:
    """The career figures, by their test ids."""
    block = re.search(r'data-testid="career">(.*?)</dl>', html, re.S)
    assert block is not None
    return dict(re.findall(r'<dd data-testid="([^"]+)">([^<]*)</dd>', block[1]))


def test_a_blitz_bowl_players_career_shows_his_touchdowns_and_games(client, scored):
    # given
    _, _, scorer = scored

    # when
    html = client.get(f"/players/{scorer}/").content.decode()

    # then
    assert _career(html) == {"games": "1", "touchdowns": "2"}


def test_a_blitz_bowl_leaders_page_has_the_touchdowns_and_games_boards(client, scored):
    # given
    league, dwarfs, scorer = scored

    # when
    response = client.get(f"/leagues/{league.pk}/leaders/")

    # then
    boards = {stat.key: leaders for stat, leaders in response.context["boards"]}
    assert list(boards) == ["touchdowns", "games"]
    assert [(w.player.pk, w.value) for w in boards["touchdowns"]] == [(scorer, 2)]
    assert "plays a format with no progression" in response.content.decode()
