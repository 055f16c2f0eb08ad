"""A skill's description is its format's: the classic game plays Stunty and
Thick Skull on its one Injury table (docs/formats/classic.md "Armour and
injury": "Stunty players roll on the same table with +1"; seed 001 "Table:
Injuries": 2-7 Stunned, 8-9 KO'd, 10-12 Casualty; Thick Skull turns the
lowest KO'd result into Stunned) and has no Swarming kick-off step, so its
pages do not show BB2020's wording ("uses the Stunty Injury table", "with
Stunty, KO'd only on 8"). A BB2020 league's pages keep BB2020's."""

from __future__ import annotations

import pytest
from django.utils.html import escape

from engine.core.rules_data import rules_data
from engine.facade import get_variant
from league.models import Player
from league.services.leagues import league_create
from league.templatetags.skills import rule_texts
from tests.factories import draft_team

pytestmark = pytest.mark.django_db

BB2020 = rules_data("bb2020").skills
CLASSIC_STUNTY = (
    "Ignores Marking penalties in the destination square when dodging, but "
    "passes it throws are easier to interfere with, and every Injury roll "
    "against it gets +1 (there is no Stunty Injury table)."
)
CLASSIC_THICK_SKULL = (
    "Only KO'd on an Injury roll of 9 (8 becomes Stunned). A Stunty player's "
    "+1 counts first: a natural 7 is Stunned, only a natural 8 KO'd, 9 or "
    "more a Casualty."
)


def _goblins(league, coach):
    """A Goblin team whose #1 (Stunty) gained Thick Skull and has 20 SPP."""
    team = draft_team(league, coach, roster="goblin", name="Gobbos")
    player = team.players.order_by("number").first()
    Player.objects.filter(pk=player.pk).update(
        gained_skills=[{"skill": "thick-skull", "param": None}],
        spp=20,
        spp_earned=20,
    )
    return team, player


def _pages(client, league, team, player) -> dict[str, str]:
    return {
        "team": client.get(f"/teams/{team.pk}/").content.decode(),
        "player": client.get(f"/players/{player.pk}/").content.decode(),
        "draft": client.get(
            f"/leagues/{league.pk}/draft/?roster=goblin"
        ).content.decode(),
        "advance": client.get(f"/players/{player.pk}/advance/").content.decode(),
    }


@pytest.fixture
def classic(alice):
    return league_create(commissioner=alice, name="Lustria Cup", format="classic")


def test_the_classic_pages_describe_stunty_and_thick_skull_as_it_plays_them(
    client, classic, bob
):
    team, player = _goblins(classic, bob)
    client.force_login(bob)

    pages = _pages(client, classic, team, player)

    for name, html in pages.items():
        assert escape(BB2020["stunty"].description) not in html, name
        assert escape(BB2020["thick-skull"].description) not in html, name
    # the sheets and the draft show Stunty's tooltip in the classic words
    for name in ("team", "player", "draft"):
        assert (
            f'<span class="skill-kind">Trait.</span> {escape(CLASSIC_STUNTY)}'
            in (pages[name])
        ), name
    # the sheets show the gained Thick Skull's, the advancement guide lists it
    for name in ("team", "player"):
        assert (
            f'<span class="skill-kind">Strength skill.</span> '
            f"{escape(CLASSIC_THICK_SKULL)}"
        ) in pages[name], name
    guide = pages["advance"].split('data-testid="skill-guide">')[1]
    assert f"<dt>Thick Skull</dt><dd>{escape(CLASSIC_THICK_SKULL)}</dd>" in guide


def test_a_bb2020_league_keeps_the_rules_datas_words(client, eleven, bob):
    team, player = _goblins(eleven, bob)
    client.force_login(bob)

    pages = _pages(client, eleven, team, player)

    for name in ("team", "player", "draft"):
        assert escape(BB2020["stunty"].description) in pages[name], name
        assert escape(CLASSIC_STUNTY) not in pages[name], name
    assert escape(BB2020["thick-skull"].description) in pages["team"]


def test_the_classic_game_rewords_only_skills_of_its_rules_data():
    own = get_variant("classic").skill_descriptions
    assert set(own) == {"stunty", "thick-skull", "swarming"}
    assert set(own) <= set(BB2020)
    texts = rule_texts("bb2020", "classic")
    assert texts["swarming"].description == (
        "No effect: the classic kick-off has no step for setting up extra players."
    )
    # every other text is the rules data's
    assert {slug: t for slug, t in texts.items() if slug not in own} == {
        slug: t for slug, t in rule_texts("bb2020").items() if slug not in own
    }
