"""The name book (league/names/names.json) and the draft's "Suggest names":
every roster and team card of every format has a list of names that suits
it, a team's suggestions never repeat nor repeat a name typed, and a draft
filled with them is a legal team; with or without JavaScript the button
fills the players counted and drafts nothing."""

from __future__ import annotations

import json
import random
import re

import pytest

from engine.campaign.drafting import suggest_draft
from engine.core.rules_data import rules_data
from engine.variants import get_variant, variants
from league.draft_forms import DraftSquadForm
from league.models import Player, Team, TreasuryEntry
from league.names.suggestions import (
    NAMES_FILE,
    name_book,
    name_family,
    names_suggest,
    roster_family,
)
from league.services.teams import PlayerRequest, team_draft
from tests.factories import LeagueFactory, make_member
from tests.web.test_draft import draft_data

ROSTER_FORMATS = [v for v in variants().values() if not v.drafts_team_card]
CARD_FORMATS = [v for v in variants().values() if v.drafts_team_card]


def every_roster() -> list[tuple[str, str]]:
    """(format, roster) for every roster a format drafts from."""
    return [
        (fmt.name, slug)
        for fmt in ROSTER_FORMATS
        for slug in rules_data(fmt.rules_data_version).rosters
    ]


def every_card() -> list[tuple[str, str]]:
    return [(fmt.name, card) for fmt in CARD_FORMATS for card in fmt.team_cards()]


def test_the_book_is_plain_data_with_no_list_repeating_a_name():
    raw = json.loads(NAMES_FILE.read_text(encoding="utf-8"))
    for family, names in raw["families"].items():
        assert len(names) == len({n.casefold() for n in names}), family
        assert all(n == n.strip() and n for n in names), family


@pytest.mark.parametrize(("fmt", "roster"), every_roster() + every_card())
def test_every_roster_and_card_has_forty_names_or_more(fmt, roster):
    family = roster_family(roster)

    assert family is not None, f"{fmt}: no name list for {roster}"
    assert len(name_book().families[family]) >= 40


def test_every_position_list_is_a_list_of_the_book():
    book = name_book()
    for _, family in book.positions:
        assert len(book.families[family]) >= 40, family


@pytest.mark.parametrize(
    ("roster", "position", "family"),
    [
        ("orc", "orc-lineman", "orc"),
        ("orc", "untrained-troll", "troll"),
        ("orc", "goblin", "goblin"),
        ("dwarf", "troll-slayer", "dwarf"),
        ("dwarf", "blitzer", "dwarf"),
        ("human", "ogre", "ogre"),
        ("human", "halfling-hopeful", "halfling"),
        ("skaven", "rat-ogre", "beast"),
        ("chaos-dwarf", "hobgoblin-lineman", "goblin"),
        ("wood-elf", "loren-forest-treeman", "treeman"),
        ("vampire", "thrall-lineman", "human"),
        ("college-of-shadows", "witch-elf", "dark_elf"),
        ("black_orc", "Goblin", "goblin"),  # a Blitz Bowl card's position
        ("black_orc", "Black Orc", "orc"),
    ],
)
def test_a_position_draws_from_the_list_that_suits_it(roster, position, family):
    assert name_family(roster, position) == family


@pytest.mark.parametrize(("fmt", "roster"), every_roster())
def test_a_whole_squad_of_suggestions_never_repeats(fmt, roster):
    # given: the draft page's name inputs, every position to its limit
    variant = get_variant(fmt)
    squad = DraftSquadForm(
        fmt=variant, roster=rules_data(variant.rules_data_version).rosters[roster]
    )

    # when
    names = list(squad.name_suggestions(random.Random(7)).values())

    # then
    assert len(names) == sum(squad.limits.values())
    assert all(names)
    assert len({n.casefold() for n in names}) == len(names)


@pytest.mark.parametrize(("fmt", "card"), every_card())
def test_a_team_cards_suggestions_never_repeat(fmt, card):
    positions = [p.position for p in get_variant(fmt).card_players(card)]

    names = names_suggest(card, positions, rng=random.Random(3))

    assert len(names) == len(positions) == len(set(names))


def test_a_name_typed_is_never_suggested_again():
    book = name_book()
    orcs = list(book.families["orc"])
    typed = [n.upper() for n in orcs[:-1]]  # every Orc name but the last

    names = names_suggest(
        "orc", ["orc-lineman", "orc-lineman"], rng=random.Random(1), taken=typed
    )

    # the one name left, then the list again with numbers
    assert names[0] == orcs[-1]
    assert names[1] not in orcs
    assert re.fullmatch(r".+ II", names[1])
    assert names[1].removesuffix(" II").upper() in typed


def test_a_list_drawn_dry_goes_on_numbered_and_never_repeats():
    orcs = name_book().families["orc"]

    names = names_suggest("orc", ["orc-lineman"] * 100, rng=random.Random(2))

    assert len(set(names)) == 100
    assert set(names[: len(orcs)]) == set(orcs)
    assert all(re.fullmatch(r".+ (II|III)", n) for n in names[len(orcs) :])


def test_the_same_seed_suggests_the_same_names():
    positions = ["orc-lineman"] * 5 + ["blitzer"]
    first = names_suggest("orc", positions, rng=random.Random(11))
    again = names_suggest("orc", positions, rng=random.Random(11))
    assert first == again


def test_a_draft_named_by_suggestions_is_a_legal_team_for_every_roster(db, alice, bob):
    # given: a Blood Bowl league; bob a member
    league = LeagueFactory(name="Names League", format="bb2020", commissioner=alice)
    make_member(league, bob)
    fmt = get_variant("bb2020")
    for roster in sorted(rules_data().rosters.values(), key=lambda r: r.slug):
        plan = suggest_draft(fmt, roster)
        positions = [position for position, _ in plan.players]
        names = names_suggest(roster.slug, positions, rng=random.Random(5))

        # when
        team = team_draft(
            league=league,
            coach=bob,
            name=f"The {roster.name}",
            roster=roster.slug,
            players=[
                PlayerRequest(p, n) for p, n in zip(positions, names, strict=True)
            ],
            rerolls=plan.rerolls,
            special_rule=plan.special_rule or "",
        )

        # then: drafted, every player with his suggested name, none twice
        drafted = list(team.players.values_list("name", flat=True))
        assert sorted(drafted) == sorted(names), roster.slug
        assert len(set(drafted)) == len(drafted), roster.slug


# --- the draft page ----------------------------------------------------------


def counts() -> tuple[int, int, int]:
    return Team.objects.count(), Player.objects.count(), TreasuryEntry.objects.count()


def test_each_name_input_carries_its_suggestion(client, eleven, bob):
    client.force_login(bob)

    html = client.get(f"/leagues/{eleven.pk}/draft/?roster=orc").content.decode()

    suggested = re.findall(r'data-suggestion="([^"]+)"', html)
    squad = DraftSquadForm(
        fmt=get_variant("bb2020"), roster=rules_data().rosters["orc"]
    )
    assert len(suggested) == sum(squad.limits.values())
    assert len(set(suggested)) == len(suggested)
    assert "data-suggest-names" in html


def test_suggest_names_without_javascript_fills_the_players_counted(
    client, eleven, bob
):
    # given: seven linemen and a thrower counted, one lineman named by hand
    client.force_login(bob)
    before = counts()
    data = draft_data("orc", [("orc-lineman", "Grimbo")] + [("orc-lineman", "")] * 6)
    data |= {"count-thrower": "1", "suggest": "1"}

    # when
    response = client.post(f"/leagues/{eleven.pk}/draft/", data)

    # then: the page again, nothing drafted, every player counted named
    assert response.status_code == 200
    assert counts() == before
    squad = response.context["squad"]
    names = [squad.data[f"name-orc-lineman-{i}"] for i in range(7)]
    names.append(squad.data["name-thrower-0"])
    assert names[0] == "Grimbo"
    assert all(n.strip() for n in names)
    assert len(set(names)) == 8
    orcs = set(name_book().families["orc"])
    assert set(names[1:]) <= orcs
    # the players not counted stay unnamed
    assert not squad.data.get("name-orc-lineman-7")
    assert not squad.data.get("name-blitzer-0")


def test_the_suggested_names_draft_the_team(client, eleven, bob):
    # given: names suggested for eleven linemen
    client.force_login(bob)
    data = draft_data("orc", [("orc-lineman", "")] * 11)
    filled = (
        client.post(f"/leagues/{eleven.pk}/draft/", data | {"suggest": "1"})
        .context["squad"]
        .data
    )

    # when: the page is submitted as it came back
    response = client.post(
        f"/leagues/{eleven.pk}/draft/",
        {k: v for k, v in filled.items() if k != "suggest"},
    )

    # then
    assert response.status_code == 302
    team = Team.objects.get(name="Da Boyz")
    names = list(team.players.values_list("name", flat=True))
    assert len(names) == len(set(names)) == 11
    assert set(names) <= set(name_book().families["orc"])


def test_suggest_names_on_a_team_card_fills_the_cards_players(client, alice, bob):
    from league.services.leagues import league_create

    league = league_create(commissioner=alice, name="Blitz", format="blitz-bowl")
    make_member(league, bob)
    client.force_login(bob)
    before = counts()
    players = get_variant("blitz-bowl").card_players("orc")

    response = client.post(
        f"/leagues/{league.pk}/draft/",
        {"name": "", "card": "orc", "player_names": "Grimbo\n\n", "suggest": "1"},
    )

    assert response.status_code == 200
    assert counts() == before
    lines = response.context["form"].initial["player_names"].split("\n")
    assert len(lines) == len(players)
    assert lines[0] == "Grimbo"
    assert all(lines)
    assert len(set(lines)) == len(lines)
    # the name asked for is not marked missing: the form is shown, not sent
    assert "This field is required" not in response.content.decode()


def test_suggest_names_on_a_team_card_needs_a_card(client, alice, bob):
    from league.services.leagues import league_create

    league = league_create(commissioner=alice, name="Blitz", format="blitz-bowl")
    make_member(league, bob)
    client.force_login(bob)
    before = counts()

    response = client.post(
        f"/leagues/{league.pk}/draft/",
        {"name": "Boyz", "player_names": "", "suggest": "1"},
        follow=True,
    )

    assert response.status_code == 200
    assert counts() == before
    assert "Choose a team card first" in response.content.decode()
