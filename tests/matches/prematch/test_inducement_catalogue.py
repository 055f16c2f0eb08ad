"""The inducements on sale are exactly those the match acts on: each one
offered changes what the engine plays with, and those of the rulebook's
lists left off the catalogue would change nothing (inducements_in_detail.md
"Common Inducements" and the sections after it; blood_bowl_sevens.md
"Inducements")."""

from __future__ import annotations

import dataclasses
from itertools import count
from typing import Any

import pytest

from engine.campaign.inducements import inducement_catalogue
from engine.core.model import TeamSheet
from league.errors import ServiceError
from league.models import Team
from matches.engine_bridge import team_sheet
from matches.prematch.inducements import (
    Purchase,
    inducement_sides,
    match_buy_inducements,
)
from matches.prematch.kickoff import match_kick_off
from matches.resolution.resolve import match_engine_inputs
from tests.factories import LeagueFactory, UserFactory, draft_team
from tests.league.conftest import api_as
from tests.matches.conftest import one_match

# Every inducement the rules list for each format, by our slug.
RULEBOOK = {
    "bb2020": {
        "temp_agency_cheerleaders",
        "part_time_assistant_coaches",
        "weather_mage",
        "bloodweiser_kegs",
        "special_plays",
        "extra_team_training",
        "bribes",
        "wandering_apothecaries",
        "mortuary_assistant",
        "plague_doctor",
        "riotous_rookies",
        "halfling_master_chef",
        "mercenaries",
        "star_players",
        "josef_bugman",
        "wizard",
        "biased_referee",
    },
    "sevens": {
        "agency_cheerleaders",
        "desperate_measures",
        "part_time_assistant_coaches",
        "bloodweiser_kegs",
        "special_plays",
        "extra_team_training",
        "bribes",
        "wandering_apothecaries",
        "mortuary_assistant",
        "plague_doctor",
        "halfling_master_chef",
        "mercenaries",
    },
}
# A roster whose team may buy the inducement (its special rule); Humans
# otherwise.
ROSTER_FOR = {
    "mortuary_assistant": "tomb-kings",  # Sylvanian Spotlight
    "plague_doctor": "nurgle",  # Favoured of Nurgle
    "riotous_rookies": "ogre",  # Low Cost Linemen
}
PURCHASE = {
    "mercenaries": Purchase("mercenaries", 1, position="human-lineman"),
    "star_players": Purchase("star_players", 1, star_player="griff-oberwald"),
}
# What differs from match to match whatever is bought: names and ids, and
# the Prayers to Nuffle, which follow the CTVs after any purchase.
INCIDENTAL = {"name", "players", "hired", "journeymen", "bugman", "prayers"}

_n = count()
# A roster snapshot as kick-off freezes it (matches.engine_bridge).
SNAPSHOT: dict[str, Any] = {
    "name": "Reavers",
    "roster": "human",
    "rerolls": 1,
    "apothecary": True,
    "dedicated_fans": 1,
    "assistant_coaches": 0,
    "cheerleaders": 0,
    "players": [],
}


def shape(sheet: TeamSheet) -> tuple[Any, ...]:
    """What the engine plays with, without names and ids."""
    return (
        sorted(((p.position, p.skills) for p in sheet.players), key=repr),
        {
            f.name: getattr(sheet, f.name)
            for f in dataclasses.fields(sheet)
            if f.name not in INCIDENTAL
        },
        len(sheet.hired),
        len(sheet.journeymen),
        bool(sheet.bugman),
    )


def kicked_off_sheet(fmt: str, roster: str, purchase: Purchase | None) -> TeamSheet:
    """The engine's sheet of a fresh ``roster`` team at home to Humans,
    after buying ``purchase`` (or nothing) and kicking off."""
    n = next(_n)
    coaches = UserFactory(username=f"cat-a{n}"), UserFactory(username=f"cat-b{n}")
    league = LeagueFactory(
        name=f"Catalogue {n}",
        format=fmt,
        commissioner=UserFactory(username=f"cat-c{n}"),
    )
    home = draft_team(league, coaches[0], roster=roster, name=f"Home {n}")
    away = draft_team(league, coaches[1], roster="human", name=f"Away {n}")
    Team.objects.filter(pk__in=[home.pk, away.pk]).update(treasury=5_000_000)
    match = one_match(league, home, away)
    if inducement_sides(match)[0].must_wait:  # the higher-CTV side first
        match_buy_inducements(
            match_id=match.pk, team_id=away.pk, actor=coaches[1], items=[]
        )
    if purchase is not None:
        match_buy_inducements(
            match_id=match.pk, team_id=home.pk, actor=coaches[0], items=[purchase]
        )
    match = match_kick_off(match_id=match.pk)
    inputs = match_engine_inputs(match)
    return team_sheet(
        inputs["home"], inputs["inducements"][0], inputs["mercenaries"][0]
    )


def engine_acts_on(fmt: str, slug: str, baselines: dict[str, Any]) -> bool:
    """Whether having ``slug`` changes what the engine plays with: bought
    through the inducement service where it is sold; where it is not, as
    if a purchase record held it (the engine bridge reads those)."""
    roster = ROSTER_FOR.get(slug, "human")
    if roster not in baselines:
        baselines[roster] = shape(kicked_off_sheet(fmt, roster, None))
    purchase = PURCHASE.get(slug, Purchase(slug, 1))
    if slug not in inducement_catalogue(fmt):
        with pytest.raises(ServiceError) as exc:
            kicked_off_sheet(fmt, roster, purchase)
        assert [v.code for v in exc.value.violations] == ["unknown_inducement"]
        return shape(team_sheet(SNAPSHOT, {slug: 1})) != shape(team_sheet(SNAPSHOT))
    return shape(kicked_off_sheet(fmt, roster, purchase)) != baselines[roster]


@pytest.mark.parametrize("fmt", ["bb2020", "sevens"])
def test_the_offered_catalogue_is_what_the_engine_acts_on(db, fmt):
    # given
    baselines: dict[str, Any] = {}

    # when
    acted_on = {
        slug for slug in sorted(RULEBOOK[fmt]) if engine_acts_on(fmt, slug, baselines)
    }

    # then
    assert set(inducement_catalogue(fmt)) == acted_on
    assert "special_plays" not in acted_on


@pytest.mark.parametrize("fmt", ["bb2020", "sevens"])
def test_the_api_and_the_page_offer_the_catalogue(client, db, fmt):
    # given: a Human team, who may buy all but what needs another rule
    coach = UserFactory(username=f"offer-{fmt}")
    league = LeagueFactory(
        name=f"Offer {fmt}", format=fmt, commissioner=UserFactory(username=f"oc-{fmt}")
    )
    home = draft_team(league, coach, roster="human", name="Reavers")
    away = draft_team(league, UserFactory(username=f"oa-{fmt}"), roster="human")
    match = one_match(league, home, away)
    needs_a_rule = {"mortuary_assistant", "plague_doctor", "riotous_rookies"}
    expected = set(inducement_catalogue(fmt)) - needs_a_rule

    # when
    offer = api_as(coach).get(f"/api/matches/{match.pk}/inducements/").json()
    client.force_login(coach)
    html = client.get(f"/matches/{match.pk}/inducements/").content.decode()

    # then
    assert {item["slug"] for item in offer["home"]["offer"]} == expected
    for slug in sorted(RULEBOOK[fmt]):
        field = "star_player_1" if slug == "star_players" else slug
        on_page = f'name="t{home.pk}-{field}"' in html
        assert on_page == (slug in expected), slug


@pytest.mark.parametrize(
    ("roster", "price"), [("halfling", 100_000), ("gnome", 300_000)]
)
def test_the_halfling_master_chef_is_priced_for_the_teams_roster(db, roster, price):
    # inducements_in_detail.md, errata: "300,000 GOLD PIECES (100,000 GOLD
    # PIECES FOR [Halfling] TEAMS)"; Gnome.md: "[Halfling Master Chef] - 300K".
    coach = UserFactory(username=f"chef-{roster}")
    league = LeagueFactory(
        name=f"Chef {roster}",
        format="bb2020",
        commissioner=UserFactory(username=f"chef-c-{roster}"),
    )
    home = draft_team(league, coach, roster=roster, name="Cooks")
    other = UserFactory(username=f"chef-a-{roster}")
    away = draft_team(league, other, roster="human")
    Team.objects.filter(pk__in=[home.pk, away.pk]).update(treasury=500_000)
    match = one_match(league, home, away)
    if inducement_sides(match)[0].must_wait:
        # The higher-CTV side buys first; its 200,000 of treasury spent joins
        # the lower side's petty cash, enough for a Chef at either price.
        training = [Purchase("extra_team_training", 2)]
        match_buy_inducements(
            match_id=match.pk, team_id=away.pk, actor=other, items=training
        )

    # when
    offer = api_as(coach).get(f"/api/matches/{match.pk}/inducements/").json()
    bought = match_buy_inducements(
        match_id=match.pk,
        team_id=home.pk,
        actor=coach,
        items=[Purchase("halfling_master_chef", 1)],
    )

    # then
    (chef,) = [i for i in offer["home"]["offer"] if i["slug"] == "halfling_master_chef"]
    assert chef["price"] == price
    assert bought.total == price
