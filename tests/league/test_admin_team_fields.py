"""The team admin shows only what a team of its format has (the variant's
``team_fields``) and refuses a change to the rest: a Blood Bowl team has
re-rolls, staff, Dedicated Fans, a treasury and a Team Value; a Dungeon Bowl
team a treasury, a Team Value and re-rolls (dungeon_bowl/league_hooks.py);
a Blitz Bowl team none of them (a team card, no money)."""

from __future__ import annotations

import pytest

from engine.campaign.drafting import suggest_draft
from engine.core.rules_data import rules_data
from engine.variants import get_variant
from league.errors import ServiceError
from league.models import League, Team
from league.services.card_teams import team_draft_card
from league.services.leagues import league_create
from league.services.teams import PlayerRequest, team_draft
from league.services.treasury import treasury_adjust
from tests.factories import UserFactory, make_member
from tests.world import db_snapshot

STAFF = ("rerolls", "assistant_coaches", "cheerleaders", "apothecary", "dedicated_fans")
ROSTER = {"bb2020": "orc", "dungeon-bowl": "college-of-fire", "blitz-bowl": "orc"}


def _team(fmt: str, commissioner, coach) -> Team:
    league = league_create(commissioner=commissioner, name=f"{fmt} league", format=fmt)
    make_member(league, coach)
    variant = get_variant(fmt)
    if variant.drafts_team_card:
        return team_draft_card(
            league=league, coach=coach, name="Card", card=ROSTER[fmt]
        )
    draft = suggest_draft(
        variant, rules_data(variant.rules_data_version).rosters[ROSTER[fmt]]
    )
    return team_draft(
        league=league,
        coach=coach,
        name=f"{fmt} team",
        roster=ROSTER[fmt],
        players=[PlayerRequest(p, n) for p, n in draft.players],
        rerolls=draft.rerolls,
        apothecary=draft.apothecary,
    )


@pytest.fixture
def root(db, client):
    user = UserFactory(username="root", is_staff=True, is_superuser=True)
    client.force_login(user)
    return user


def _form_data(client, url: str) -> dict[str, object]:
    """What the admin page at ``url`` posts back unchanged: its form's
    values and its inlines' management forms and rows."""
    context = client.get(url).context
    forms = [context["adminform"].form]
    for inline in context["inline_admin_formsets"]:
        forms += [inline.formset.management_form, *inline.formset.forms]
    return {
        f.html_name: f.value()
        for form in forms
        for f in form
        if f.value() is not None and f.value() is not False
    }


@pytest.mark.parametrize(
    ("fmt", "inputs", "money"),
    [
        ("bb2020", STAFF, True),
        ("dungeon-bowl", ("rerolls",), True),
        ("blitz-bowl", (), False),
    ],
)
def test_a_teams_page_shows_the_fields_of_its_format(
    client, root, bob, fmt, inputs, money
):
    # given
    team = _team(fmt, root, bob)

    # when
    html = client.get(f"/admin/league/team/{team.pk}/change/").content.decode()

    # then
    assert [name for name in STAFF if f'name="{name}"' in html] == list(inputs)
    shown = [
        name
        for name in ("treasury_shown", "team_value", "adjust_treasury_link")
        if f"field-{name}" in html
    ]
    assert shown == (["treasury_shown", "team_value", "adjust_treasury_link"] * money)


def test_a_dungeon_bowl_teams_staff_and_fans_are_refused(client, root, bob):
    # given
    team = _team("dungeon-bowl", root, bob)
    url = f"/admin/league/team/{team.pk}/change/"
    data = _form_data(client, url) | {"dedicated_fans": "5", "apothecary": "on"}
    before = db_snapshot()

    # when
    response = client.post(url, data)

    # then
    assert response.status_code == 200
    errors = response.context["adminform"].form.non_field_errors()
    assert errors == [
        "apothecary: a Dungeon Bowl team has no apothecary",
        "dedicated_fans: a Dungeon Bowl team has no dedicated fans",
    ]
    assert db_snapshot() == before


def test_a_dungeon_bowl_teams_re_rolls_are_changed(client, root, bob):
    # given
    team = _team("dungeon-bowl", root, bob)
    url = f"/admin/league/team/{team.pk}/change/"
    data = _form_data(client, url) | {"rerolls": "3"}

    # when
    response = client.post(url, data)

    # then
    assert response.status_code == 302, response.context["adminform"].form.errors
    team.refresh_from_db()
    assert (team.rerolls, team.dedicated_fans, team.apothecary) == (3, 1, False)


@pytest.mark.parametrize(
    ("change", "errors"),
    [
        (
            {"cheerleaders": "2"},
            {"cheerleaders": ["a Dungeon Bowl team has no cheerleaders"]},
        ),
        ({"roster": "orc"}, {"roster": ["not a roster of Dungeon Bowl"]}),
    ],
    ids=["cheerleaders", "a Blood Bowl roster"],
)
def test_a_new_team_in_a_dungeon_bowl_league_is_refused_what_it_lacks(
    client, root, bob, change, errors
):
    # given the add page, which shows every field and every format's
    # rosters until a league is chosen
    team = _team("dungeon-bowl", root, bob)
    data = _form_data(client, "/admin/league/team/add/") | {
        "league": team.league_id,
        "coach": bob.pk,
        "roster": "college-of-fire",
        "name": "Added",
        **change,
    }
    before = db_snapshot()

    # when
    response = client.post("/admin/league/team/add/", data)

    # then
    assert response.status_code == 200
    assert response.context["adminform"].form.errors == errors
    assert db_snapshot() == before


def test_a_dungeon_bowl_team_is_offered_the_colleges(client, root, bob):
    # given
    team = _team("dungeon-bowl", root, bob)

    # when
    form = client.get(f"/admin/league/team/{team.pk}/change/").context["adminform"]

    # then: the eight Colleges of Magic (dungeon_bowl/the_teams.md)
    choices = [slug for slug, _ in form.form.fields["roster"].choices]
    assert choices == [
        "college-of-beasts",
        "college-of-death",
        "college-of-fire",
        "college-of-heavens",
        "college-of-life",
        "college-of-light",
        "college-of-metal",
        "college-of-shadows",
    ]


def test_a_blitz_bowl_teams_treasury_is_not_adjusted(client, root, bob):
    # given
    team = _team("blitz-bowl", root, bob)
    before = db_snapshot()

    # when
    with pytest.raises(ServiceError) as refused:
        treasury_adjust(team=team, amount=10_000, note="prize", actor=root)
    response = client.post(
        f"/admin/league/team/{team.pk}/adjust-treasury/",
        {"amount": 10_000, "note": "prize"},
    )

    # then
    label = get_variant("blitz-bowl").label
    assert [(v.code, v.field, v.message) for v in refused.value.violations] == [
        ("not_in_format", "amount", f"a {label} team has no treasury")
    ]
    assert response.status_code == 200
    assert response.context["form"].non_field_errors() == [
        f"a {label} team has no treasury"
    ]
    assert db_snapshot() == before
    assert League.objects.get(pk=team.league_id).format == "blitz-bowl"
