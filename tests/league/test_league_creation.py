"""A new league in a few clicks: the new-league page (every registered
format with its sentence, the league's options explained, the creator its
commissioner, a first invite link), the e-mail verification it needs, and
creating a league in the admin as a commissioner or an allowed staff
account."""

from __future__ import annotations

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth.models import Permission

from engine.variants import variants
from league.errors import ServiceError
from league.models import League, LeagueEvent, LeagueInvite
from league.services.leagues import league_create
from tests.factories import LeagueFactory, UserFactory, draft_team
from tests.league.accounts_support import everything

pytestmark = pytest.mark.django_db


def verified(username: str, **extra):
    user = UserFactory(username=username, email=f"{username}@example.org", **extra)
    EmailAddress.objects.create(
        user=user, email=user.email, verified=True, primary=True
    )
    return user


def unverified(username: str):
    user = UserFactory(username=username, email=f"{username}@example.org")
    EmailAddress.objects.create(
        user=user, email=user.email, verified=False, primary=True
    )
    return user


FORM = {
    "name": "Badlands Open",
    "format": "sevens",
    "points_win": "3",
    "points_draw": "1",
    "points_loss": "0",
    "casualty_table": "",
    "casualty_bonus": "on",
    "report_confirmation_days": "0",
}


# --- the page --------------------------------------------------------------------


def test_the_page_names_the_order_an_empty_standings_order_takes(client):
    # the commissioner's guide: a Dungeon Bowl league's own order is points,
    # wins (its touchdowns: one a game at most), casualties caused,
    # head-to-head
    client.force_login(verified("nelly"))

    html = client.get("/leagues/new/").content.decode()

    assert (
        "Dungeon Bowl: league points, then wins, then casualties caused, "
        "then head-to-head results"
    ) in html
    assert "Blitz Bowl: league points, then score difference" in html
    # Blood Bowl's: "total touchdowns as the first tiebreaker and total
    # casualties as the second"
    assert "touchdowns scored, then casualties caused" in html


def test_the_page_offers_every_registered_format_with_its_sentence(client):
    client.force_login(verified("nelly"))

    html = client.get("/leagues/new/").content.decode()

    for variant in variants().values():
        assert f'value="{variant.name}"' in html
        assert variant.summary
        assert variant.summary in html
    assert html.count('name="format"') == len(variants())


def test_each_option_says_which_formats_it_concerns(client):
    client.force_login(verified("nelly"))

    form = client.get("/leagues/new/").context["form"]

    # Sevens alone makes SPP optional; Dungeon Bowl alone ends at the first
    # touchdown and has the casualty bonus; BB2020 and classic roll on a
    # casualty table after the game
    assert "Concerns Blood Bowl Sevens (" in form.fields["sevens_spp"].help_text
    assert "Concerns Dungeon Bowl." in form.fields["time_limit"].help_text
    assert "Concerns Dungeon Bowl." in form.fields["casualty_bonus"].help_text
    # the rulebook's optional bonus points: both Blood Bowl editions, the
    # classic game and Sevens; not Dungeon Bowl (its own bonus) nor Blitz
    assert form.fields["bonus_points"].help_text.endswith(
        "Concerns Blood Bowl, Classic Blood Bowl, Blood Bowl Sevens."
    )
    assert (
        "Concerns Blood Bowl, Classic Blood Bowl, Dungeon Bowl;"
        in form.fields["casualty_table"].help_text
    )


def test_the_page_is_linked_from_the_navigation_and_the_leagues_page(client):
    client.force_login(verified("nelly"))

    leagues = client.get("/leagues/").content.decode()

    assert leagues.count('href="/leagues/new/"') == 2  # header and page


def test_a_visitor_is_sent_to_log_in(client):
    response = client.get("/leagues/new/")

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=/leagues/new/")


def test_a_league_made_on_the_page_is_run_by_its_creator(client):
    nelly = verified("nelly")
    client.force_login(nelly)

    response = client.post(
        "/leagues/new/", {**FORM, "report_confirmation_days": "3", "is_open": "on"}
    )

    league = League.objects.get(name="Badlands Open")
    assert response.status_code == 302
    assert response["Location"] == f"/leagues/{league.pk}/members/"
    assert league.commissioner == nelly
    assert (league.format, league.report_confirmation_days, league.is_open) == (
        "sevens",
        3,
        True,
    )
    # the format's own order and table, as POST /api/leagues/ gives them
    assert league.tiebreakers == ["points", "td_for", "cas_for", "head_to_head"]
    link = LeagueInvite.objects.get(league=league)
    assert (link.kind, link.max_uses, link.uses, link.revoked_at) == (
        "link",
        20,
        0,
        None,
    )
    assert list(
        LeagueEvent.objects.filter(league=league).values_list("type", flat=True)
    ) == ["invite_link_made", "league_opened"]


def test_the_new_league_lands_on_its_invite_link_and_a_way_to_draft(client):
    client.force_login(verified("nelly"))

    landed = client.post("/leagues/new/", FORM, follow=True)

    league = League.objects.get(name="Badlands Open")
    html = landed.content.decode()
    assert "Share its invite link with the coaches you want, then draft a team" in html
    # the link the message speaks of comes first, and the draft is a click away
    assert html.index('id="link-title"') < html.index('id="access-title"')
    assert f'<a href="/leagues/{league.pk}/draft/" data-testid="members-draft">' in html
    draft_team(league, league.commissioner, roster="orc")
    again = client.get(f"/leagues/{league.pk}/members/").content.decode()
    assert 'data-testid="members-draft"' not in again


def test_the_page_takes_the_formats_defaults_where_left_empty(client):
    client.force_login(verified("nelly"))

    client.post("/leagues/new/", {**FORM, "format": "dungeon-bowl"})

    league = League.objects.get(name="Badlands Open")
    assert league.rules_version == "dungeon_bowl"
    assert league.casualty_table == "dungeon_bowl"
    assert league.tiebreakers == ["points", "wins", "cas_for", "head_to_head"]
    assert league.is_open is False


def test_the_standings_order_chosen_is_kept(client):
    client.force_login(verified("nelly"))

    client.post(
        "/leagues/new/",
        {**FORM, "tiebreaker_1": "points", "tiebreaker_2": "wins", "tiebreaker_3": ""},
    )

    assert League.objects.get().tiebreakers == ["points", "wins"]


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"name": ""}, "name"),
        ({"name": "x" * 101}, "name"),
        ({"name": "Taken"}, "name"),
        ({"format": "rugby"}, "format"),
        ({"format": ""}, "format"),
        ({"points_win": "11"}, "points_win"),
        ({"points_draw": "-1"}, "points_draw"),
        # win >= draw >= loss, else the table ranks the teams upside down
        ({"points_draw": "4"}, "points_draw"),
        ({"points_loss": "2"}, "points_loss"),
        ({"report_confirmation_days": "61"}, "report_confirmation_days"),
        ({"casualty_table": "d100"}, "casualty_table"),
        ({"tiebreaker_1": "wins", "tiebreaker_2": "wins"}, "tiebreaker_1"),
    ],
)
def test_invalid_input_is_refused_by_field_and_writes_nothing(client, changes, field):
    LeagueFactory(name="Taken")
    client.force_login(verified("nelly"))
    before = everything()

    response = client.post("/leagues/new/", {**FORM, **changes})

    assert response.status_code == 400
    assert list(response.context["form"].errors) == [field]
    assert everything() == before


# An option a format does not play (Decision in league/services/leagues.py):
# Sevens and Blitz Bowl roll no casualty table after the game (their Injury
# tables give the casualty: Sevens "Injuries", Blitz Bowl's card game has no
# casualties at all); only Sevens makes Star Player Points optional; only
# Dungeon Bowl, which ends at the first touchdown, has a time limit ("A game
# that ends at the first touchdown then has a turn limit"); Blitz Bowl's
# standings count no casualties, so casualty difference separates nobody.
NOT_FOR_FORMAT = [
    (
        "sevens",
        {"casualty_table": "classic"},
        "casualty_table",
        "Blood Bowl Sevens rolls no casualty table after the game",
    ),
    (
        "blitz-bowl",
        {"casualty_table": "bb2020"},
        "casualty_table",
        "Blitz Bowl rolls no casualty table after the game",
    ),
    (
        "bb2020",
        {"time_limit": "on"},
        "time_limit",
        "Blood Bowl is played in halves: it has no time limit",
    ),
    (
        "dungeon-bowl",
        {"sevens_spp": "on"},
        "sevens_spp",
        "Dungeon Bowl does not make Star Player Points optional",
    ),
    (
        "blitz-bowl",
        {"tiebreaker_1": "points", "tiebreaker_2": "", "tiebreaker_3": "cas_diff"},
        "tiebreaker_3",
        "Blitz Bowl standings count no casualties",
    ),
    (
        "dungeon-bowl",
        {"bonus_points": "on"},
        "bonus_points",
        "Dungeon Bowl league rules offer no optional bonus League points",
    ),
]


@pytest.mark.parametrize(("fmt", "changes", "field", "reason"), NOT_FOR_FORMAT)
def test_an_option_the_format_does_not_play_is_refused_by_its_field(
    client, fmt, changes, field, reason
):
    client.force_login(verified("nelly"))
    before = everything()

    response = client.post("/leagues/new/", {**FORM, "format": fmt, **changes})

    assert response.status_code == 400
    form = response.context["form"]
    assert list(form.errors) == [field]
    assert reason in form.errors[field][0]
    # what the commissioner chose stays chosen
    assert form[field].value() == (changes[field] == "on" or changes[field])
    assert f'value="{fmt}" id="format-{fmt}" checked' in response.content.decode()
    assert everything() == before


@pytest.mark.parametrize(
    ("fmt", "options", "stored"),
    [
        ("bb2020", {"casualty_table": "classic"}, {"casualty_table": "classic"}),
        ("sevens", {"sevens_spp": True}, {"sevens_spp": True}),
        ("dungeon-bowl", {"time_limit": True}, {"time_limit": True}),
        (
            "dungeon-bowl",
            {"tiebreakers": ["points", "cas_diff"]},
            {"tiebreakers": ["points", "cas_diff"]},
        ),
        # the casualty bonus is on by default; a format without it stores
        # the default whatever it is given
        ("bb2020", {"casualty_bonus": False}, {"casualty_bonus": True}),
        ("dungeon-bowl", {"casualty_bonus": False}, {"casualty_bonus": False}),
        ("bb2025", {"bonus_points": True}, {"bonus_points": True}),
        ("classic", {}, {"bonus_points": False}),
    ],
)
def test_the_options_a_format_plays_are_stored(bob, fmt, options, stored):
    league = league_create(commissioner=bob, name="Kept", format=fmt, **options)

    league.refresh_from_db()
    assert {key: getattr(league, key) for key in stored} == stored


def test_the_api_refuses_every_option_the_format_does_not_play(bob):
    before = everything()

    with pytest.raises(ServiceError) as refused:
        league_create(
            commissioner=bob,
            name="Blitz Night",
            format="blitz-bowl",
            casualty_table="classic",
            sevens_spp=True,
            time_limit=True,
            tiebreakers=["points", "cas_diff"],
        )

    assert [(v.code, v.field) for v in refused.value.violations] == [
        ("not_for_format", "tiebreakers.1"),
        ("not_for_format", "casualty_table"),
        ("not_for_format", "sevens_spp"),
        ("not_for_format", "time_limit"),
    ]
    assert everything() == before


def test_an_unverified_address_is_told_and_refused(client):
    client.force_login(unverified("nelly"))
    page = client.get("/leagues/new/").content.decode()
    before = everything()

    response = client.post("/leagues/new/", FORM)

    assert 'data-testid="verify-first"' in page
    assert response.status_code == 400
    assert "verify your e-mail address before you create a league" in str(
        response.context["form"].non_field_errors()
    )
    assert everything() == before


def test_the_api_refuses_an_unverified_creator_too(bob):
    nelly = unverified("nelly")
    before = everything()

    with pytest.raises(ServiceError) as refused:
        league_create(commissioner=nelly, name="Nope", format="sevens")

    assert [(v.code, v.field) for v in refused.value.violations] == [
        ("email_unverified", None)
    ]
    assert everything() == before


def test_an_account_made_by_an_administrator_needs_no_address(bob):
    # bob (UserFactory) has no address on file, as the demo's accounts
    league = league_create(commissioner=bob, name="Old Guard", format="bb2020")

    assert league.commissioner == bob


# --- the admin -------------------------------------------------------------------

ADMIN_FORM = {
    "name": "Admin Made",
    "format": "bb2020",
    "points_win": "3",
    "points_draw": "1",
    "points_loss": "0",
    "casualty_table": "",
    "casualty_bonus": "on",
    "report_confirmation_days": "0",
}


def test_a_commissioner_creates_a_league_in_the_admin_and_runs_it(
    client, sevens, alice
):
    client.force_login(alice)
    page = client.get("/admin/league/league/add/")
    assert page.status_code == 200
    assert 'name="commissioner"' not in page.content.decode()

    response = client.post("/admin/league/league/add/", ADMIN_FORM)

    assert response.status_code == 302
    league = League.objects.get(name="Admin Made")
    assert league.commissioner == alice
    assert (league.rules_version, league.casualty_table) == ("bb2020", "bb2020")
    # and it is in their admin now
    assert client.get(f"/admin/league/league/{league.pk}/change/").status_code == 200


def test_a_staff_account_with_the_permission_may_create_a_league(client):
    staff = UserFactory(username="stella", is_staff=True)
    staff.user_permissions.add(Permission.objects.get(codename="add_league"))
    client.force_login(staff)

    response = client.post("/admin/league/league/add/", ADMIN_FORM)

    assert response.status_code == 302
    assert League.objects.get(name="Admin Made").commissioner == staff


@pytest.mark.parametrize("who", ["coach", "bare staff"])
def test_others_cannot_create_a_league_in_the_admin(client, who):
    user = UserFactory(username="x", is_staff=who == "bare staff")
    client.force_login(user)
    before = everything()

    response = client.post("/admin/league/league/add/", ADMIN_FORM)

    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")
    assert everything() == before


def test_the_admin_refuses_an_unverified_creator(client, sevens, alice):
    EmailAddress.objects.create(
        user=alice, email="alice@example.org", verified=False, primary=True
    )
    client.force_login(alice)
    before = everything()

    response = client.post("/admin/league/league/add/", ADMIN_FORM)

    assert response.status_code == 200
    assert "Verify your e-mail address" in response.content.decode()
    assert everything() == before


def test_a_commissioner_still_adds_no_team_in_the_admin(client, sevens, alice):
    client.force_login(alice)

    assert client.get("/admin/league/team/add/").status_code == 403


def test_the_api_refuses_points_that_rank_a_loss_above_a_win(bob):
    before = everything()

    with pytest.raises(ServiceError) as refused:
        league_create(
            commissioner=bob,
            name="Upside Down",
            format="bb2020",
            points_win=0,
            points_draw=1,
            points_loss=3,
        )

    assert [(v.code, v.field) for v in refused.value.violations] == [
        ("points_order", "points_draw")
    ]
    assert everything() == before


def test_a_league_edited_in_the_admin_keeps_its_points_in_order():
    """The admin's change form validates the model (League.clean)."""
    from django.core.exceptions import ValidationError

    league = League(points_win=3, points_draw=1, points_loss=2)

    with pytest.raises(ValidationError) as refused:
        league.clean()

    assert refused.value.message_dict == {
        "points_loss": ["a loss cannot be worth more points than a draw"]
    }


def test_the_admin_refuses_an_option_the_format_does_not_play(client, sevens, alice):
    client.force_login(alice)
    before = everything()

    response = client.post(
        "/admin/league/league/add/", {**ADMIN_FORM, "time_limit": "on"}
    )

    assert response.status_code == 200
    assert response.context["adminform"].form.errors == {
        "time_limit": ["Blood Bowl is played in halves: it has no time limit to choose"]
    }
    assert everything() == before


def test_the_admin_refuses_bonus_points_a_format_does_not_offer(client, sevens, alice):
    client.force_login(alice)
    before = everything()

    response = client.post(
        "/admin/league/league/add/",
        {**ADMIN_FORM, "format": "blitz-bowl", "bonus_points": "on"},
    )

    assert response.status_code == 200
    assert response.context["adminform"].form.errors == {
        "bonus_points": [
            "Blitz Bowl league rules offer no optional bonus League points"
        ]
    }
    assert everything() == before
