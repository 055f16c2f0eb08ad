"""Every page a visitor reaches from a demo league answers: the league page,
its leaders board, every team, every player and every match of each of the
demo's leagues (one of each format), in the world ``manage.py demo`` builds
(``every_demo_page_answers``); and every player of every Blitz Bowl team card
has a page that shows the card's profile.

Building the demo world plays every demo season with the engine, which takes
a while: the test of the command (tests/config/test_pages.py) builds it once
and walks every page of it with ``every_demo_page_answers``, between the
command's first run and its second."""

from __future__ import annotations

import re

import pytest

from engine.variants import get_variant
from league.models import League, Player, Team
from league.services.card_teams import team_draft_card
from league.services.leagues import league_create
from matches.models import Match
from tests.factories import make_member

FORMATS = ["bb2020", "bb2025", "blitz-bowl", "classic", "dungeon-bowl", "sevens"]


def every_demo_page_answers(client) -> None:
    """Every page of every demo league answers 200 (``client`` on a database
    holding the demo world)."""
    # given: the demo's leagues, one of each format, their seasons played
    leagues = list(League.objects.order_by("format"))
    assert [lg.format for lg in leagues] == FORMATS
    urls = []
    for league in leagues:
        urls += [f"/leagues/{league.pk}/", f"/leagues/{league.pk}/leaders/"]
        urls += [f"/teams/{pk}/" for pk in league.teams.values_list("pk", flat=True)]
        urls += [
            f"/players/{pk}/"
            for pk in Player.objects.filter(team__league=league).values_list(
                "pk", flat=True
            )
        ]
        urls += [
            f"/matches/{pk}/"
            for pk in Match.objects.filter(season__league=league).values_list(
                "pk", flat=True
            )
        ]
    played = Match.objects.filter(status=Match.Status.COMPLETE)
    assert {m.season.league.format for m in played} == set(FORMATS)

    # when
    answers = {url: client.get(url).status_code for url in urls}

    # then
    assert [url for url, status in answers.items() if status != 200] == []
    assert len(answers) == len(urls) > Player.objects.count()


@pytest.fixture
def every_card(db, alice, bob):
    """A Blitz Bowl league with a team of each of the 23 team cards."""
    league = league_create(commissioner=alice, name="Card Cup", format="blitz-bowl")
    make_member(league, bob)
    cards = get_variant("blitz-bowl").team_cards()
    return [
        team_draft_card(league=league, coach=bob, name=f"The {name}", card=slug)
        for slug, name in cards.items()
    ]


def test_every_team_card_player_has_a_page(client, every_card):
    # given
    players = Player.objects.filter(team__in=every_card)
    assert len(every_card) == 23

    # when
    answers = {
        url: client.get(url).status_code
        for url in [f"/teams/{t.pk}/" for t in every_card]
        + [f"/players/{p.pk}/" for p in players]
    }

    # then
    assert [url for url, status in answers.items() if status != 200] == []


def _profile(html: str) -> dict[str, str]:
    return dict(re.findall(r'data-testid="char-(\w+)">([^<]*)<', html))


def test_a_team_card_players_page_shows_the_cards_profile(client, every_card):
    # given: the Shambling Undead card (blitz_bowl/teams.md): Mummy Move 3,
    # Block 2, Throw 6+, Armour 2+, Mighty Blow; Zombie 4, 1, 6+, 3+, none
    team = Team.objects.get(
        roster="shambling_undead", pk__in=[t.pk for t in every_card]
    )
    mummy = team.players.filter(position="Mummy").first()
    zombie = team.players.filter(position="Zombie").first()

    # when
    mummy_html = client.get(f"/players/{mummy.pk}/").content.decode()
    zombie_html = client.get(f"/players/{zombie.pk}/").content.decode()

    # then
    assert _profile(mummy_html) == {
        "move": "3",
        "block": "2",
        "throw": "6+",
        "armour": "2+",
    }
    abilities = re.search(r'data-testid="abilities">(.*?)</span></p>', mummy_html)
    assert abilities is not None
    assert re.sub(r"<[^>]+>", "", abilities[1]) == "Mighty Blow"
    assert _profile(zombie_html) == {
        "move": "4",
        "block": "1",
        "throw": "6+",
        "armour": "3+",
    }
    # a format with no progression: no value, advancements or SPP
    assert 'data-testid="value"' not in mummy_html
    assert "Advancements" not in mummy_html
    assert "no progression" in mummy_html
    # the team page links each player to his page
    team_html = client.get(f"/teams/{team.pk}/").content.decode()
    assert f'href="/players/{mummy.pk}/"' in team_html
