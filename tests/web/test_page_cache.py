"""The page cache never serves what a write has changed, nor one user's
controls to another.

Each staleness test reads every cached view of the league (team API, team
page, league page, standings), so the cache holds them; writes through a
service or the API; then reads again. The oracle is the same view built
with the page cache off: the cached read must equal it (an entry that a
write failed to retire shows the old value), and the view the write is
about must have changed.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from django.contrib import admin
from django.test import Client, RequestFactory, override_settings

from league.models import Player, Team
from league.services.membership import league_set_open
from league.services.treasury import treasury_adjust
from matches.models import Match, Season
from matches.reports.lines import CasualtyLine
from matches.resolution.progress import season_resolve_start
from matches.seasons.rollover import season_close
from matches.seasons.services import match_postpone, season_create, season_schedule
from tests.factories import draft_team
from tests.matches.retirement_support import play_reported
from tests.web.conftest import resolve_all, scheduled_season
from tests.world import api_as

CSRF = re.compile(r'("X-CSRFToken": "|name="csrfmiddlewaretoken" value=")[^"]+')


def read(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    # Anonymous pages carry a CSRF token for htmx, masked anew each time.
    return CSRF.sub(r"\1…", response.content.decode())


@pytest.fixture
def world(sevens, alice, bob, charlie):
    """Bob's Orcs and Charlie's Humans in the Sevens league, with a
    scheduled season between them."""
    orcs = draft_team(sevens, bob, roster="orc", name="Gouged Eye", rerolls=1)
    humans = draft_team(sevens, charlie, roster="human", name="Reikland Reavers")
    season = scheduled_season(sevens, [orcs, humans])
    return sevens, orcs, humans, season


def views(world) -> dict[str, str]:
    league, orcs, _, season = world
    return {
        "team_api": f"/api/teams/{orcs.pk}/",
        "team_page": f"/teams/{orcs.pk}/",
        "league_page": f"/leagues/{league.pk}/",
        "season_page": f"/seasons/{season.pk}/",
        "standings": f"/api/seasons/{season.pk}/standings/",
    }


def read_all(world) -> dict[str, str]:
    client = Client()
    return {name: read(client, url) for name, url in views(world).items()}


def assert_fresh_after(
    world, write: Callable[[], object], *, changed: set[str]
) -> dict[str, str]:
    """Warm the cache, ``write``, and check every view against the uncached
    build; the views in ``changed`` must differ from before the write."""
    before = read_all(world)
    assert read_all(world) == before  # served from the cache: the same
    write()
    after = read_all(world)
    with override_settings(PAGE_CACHE=False):
        fresh = read_all(world)
    for name in views(world):
        assert after[name] == fresh[name], f"{name} is stale"
    assert {name for name in changed if after[name] == before[name]} == set()
    return after


# --- every write path that changes a cached view ----------------------------


def test_a_hire_through_the_api_shows_everywhere(world, bob):
    _, orcs, _, _ = world

    def hire():
        response = api_as(bob).post(
            f"/api/teams/{orcs.pk}/players/",
            {"position": "orc-lineman", "name": "Late Signing"},
            format="json",
        )
        assert response.status_code == 201

    after = assert_fresh_after(
        world, hire, changed={"team_api", "team_page", "league_page"}
    )
    assert "Late Signing" in after["team_page"]


def test_firing_a_player_through_the_api_shows_everywhere(world, bob):
    _, orcs, _, _ = world
    player = Player.objects.filter(team=orcs).order_by("number").last()

    def fire():
        response = api_as(bob).delete(f"/api/teams/{orcs.pk}/players/{player.pk}/")
        assert response.status_code == 204

    after = assert_fresh_after(
        world, fire, changed={"team_api", "team_page", "league_page"}
    )
    assert f"#{player.number} {player.name}" in after["team_page"]  # former


def test_a_purchase_through_the_api_shows_everywhere(world, bob):
    _, orcs, _, _ = world

    def buy():
        response = api_as(bob).post(
            f"/api/teams/{orcs.pk}/purchases/",
            {"item": "cheerleaders", "quantity": 1},
            format="json",
        )
        assert response.status_code == 201

    assert_fresh_after(world, buy, changed={"team_api", "team_page", "league_page"})


def test_a_purchase_through_the_team_page_shows_everywhere(world, bob):
    _, orcs, _, _ = world
    coach = Client()
    coach.force_login(bob)

    def buy():
        response = coach.post(
            f"/teams/{orcs.pk}/buy/", {"item": "assistant_coaches", "quantity": 1}
        )
        assert response.status_code == 302

    assert_fresh_after(world, buy, changed={"team_api", "team_page", "league_page"})


def test_a_treasury_adjustment_shows_everywhere(world, alice):
    _, orcs, _, _ = world

    def adjust():
        treasury_adjust(team=orcs, amount=25_000, note="sponsor", actor=alice)

    after = assert_fresh_after(
        world, adjust, changed={"team_api", "team_page", "league_page"}
    )
    assert "sponsor" in after["team_page"]


def test_a_temporary_retirement_shows_on_the_team(
    eleven, alice, bob, charlie, django_capture_on_commit_callbacks
):
    # given BB2020 Orcs whose #1 suffered a Lasting Injury (the_rules_of_
    # blood_bowl.md "Casualty Table" D16 13; D6 1 Head Injury) in their game
    orcs = draft_team(eleven, bob, roster="orc", name="Gouged Eye")
    humans = draft_team(eleven, charlie, roster="human", name="Reikland Reavers")
    player = Player.objects.filter(team=orcs).order_by("number").first()
    match = play_reported(
        eleven,
        orcs,
        humans,
        alice,
        django_capture_on_commit_callbacks,
        casualties=[CasualtyLine(player.pk, casualty_roll=13, lasting_roll=1)],
    )
    world = (eleven, orcs, humans, match.season)

    def retire():
        response = api_as(bob).post(f"/api/players/{player.pk}/retire/")
        assert response.status_code == 200

    after = assert_fresh_after(world, retire, changed={"team_api", "team_page"})
    assert "temporarily retired" in after["team_page"]


def test_results_and_post_games_show_everywhere(
    world, django_capture_on_commit_callbacks
):
    _, _, _, season = world

    def play():
        resolve_all(season, django_capture_on_commit_callbacks)

    after = assert_fresh_after(
        world,
        play,
        changed={"team_api", "team_page", "league_page", "season_page", "standings"},
    )
    # two teams, single round robin: one match
    assert Match.objects.filter(season=season, status="complete").count() == 1
    assert "1 of 1 matches complete." in after["league_page"]


def test_a_resolution_under_way_shows_and_then_goes(
    world, django_capture_on_commit_callbacks
):
    _, _, _, season = world

    def start():
        season_resolve_start(season_id=season.pk, scope="season")

    after = assert_fresh_after(world, start, changed={"league_page", "season_page"})
    assert "Resolving the season" in after["league_page"]

    def finish():
        resolve_all(season, django_capture_on_commit_callbacks)

    after = assert_fresh_after(world, finish, changed={"league_page", "season_page"})
    assert "Resolving the season" not in after["league_page"]


def test_a_result_override_shows_in_the_standings(
    world, alice, django_capture_on_commit_callbacks
):
    _, _, _, season = world
    resolve_all(season, django_capture_on_commit_callbacks)
    match = Match.objects.filter(season=season).order_by("round").first()

    def override():
        response = api_as(alice).post(
            f"/api/matches/{match.pk}/override/",
            {"home_score": 7, "away_score": 0, "reason": "forfeit"},
            format="json",
        )
        assert response.status_code == 200

    after = assert_fresh_after(
        world, override, changed={"league_page", "season_page", "standings"}
    )
    assert '<span class="score">7–0</span>' in after["season_page"]


def test_a_new_season_and_its_schedule_show_on_the_league_page(
    world, sevens, django_capture_on_commit_callbacks
):
    _, orcs, humans, season = world
    resolve_all(season, django_capture_on_commit_callbacks)
    created: list[Season] = []

    def new_season():
        created.append(
            season_create(
                league=sevens, name="Second", team_ids=[orcs.pk, humans.pk], seed=2
            )
        )

    after = assert_fresh_after(world, new_season, changed={"league_page"})
    assert "Second" in after["league_page"]

    def schedule():
        season_schedule(season_id=created[0].pk)

    after = assert_fresh_after(world, schedule, changed={"league_page"})
    assert "0 of 1 matches complete." in after["league_page"]


def test_a_postponed_match_moves_on_the_league_page(world):
    _, _, _, season = world
    match = Match.objects.filter(season=season).order_by("round").first()

    def postpone():
        match_postpone(match_id=match.pk)

    after = assert_fresh_after(world, postpone, changed={"league_page"})
    assert "postponed" in after["league_page"]


def test_closing_a_season_shows_on_the_league_page(
    world, alice, django_capture_on_commit_callbacks
):
    _, _, _, season = world
    resolve_all(season, django_capture_on_commit_callbacks)

    def close():
        season_close(season_id=season.pk, actor=alice)

    assert_fresh_after(world, close, changed={"league_page", "season_page"})


def test_a_new_team_shows_on_the_league_page(world, sevens, charlie):
    def draft():
        draft_team(sevens, charlie, roster="dwarf", name="Grudgebearers")

    after = assert_fresh_after(world, draft, changed={"league_page"})
    assert "Grudgebearers" in after["league_page"]


def test_an_admin_edit_shows_everywhere(world, alice):
    _, orcs, _, _ = world
    alice.is_staff = alice.is_superuser = True
    alice.save()

    def rename():
        team = Team.objects.get(pk=orcs.pk)
        team.name = "Da Renamed Boyz"
        request = RequestFactory().post("/admin/")
        request.user = alice
        admin.site._registry[Team].save_model(request, team, form=None, change=True)

    after = assert_fresh_after(
        world,
        rename,
        changed={"team_api", "team_page", "league_page", "season_page", "standings"},
    )
    assert "Da Renamed Boyz" in after["standings"]


def test_a_team_moved_by_the_admin_shows_in_its_new_league(world, eleven, alice):
    _, orcs, _, _ = world
    alice.is_staff = alice.is_superuser = True
    alice.save()
    new_home = f"/leagues/{eleven.pk}/"
    assert "Gouged Eye" not in read(Client(), new_home)

    def move():
        team = Team.objects.get(pk=orcs.pk)
        team.league = eleven
        request = RequestFactory().post("/admin/")
        request.user = alice
        admin.site._registry[Team].save_model(request, team, form=None, change=True)

    after = assert_fresh_after(world, move, changed={"team_api", "team_page"})
    assert '"league_name":"Old World Classic"' in after["team_api"]
    assert "Gouged Eye" in read(Client(), new_home)


def test_opening_the_league_shows_its_invitation_to_outsiders(world, alice, dave):
    league = world[0]
    outsider = Client()
    outsider.force_login(dave)
    assert "Ask to join" not in read(outsider, f"/leagues/{league.pk}/")

    league_set_open(league_id=league.pk, is_open=True, actor=alice)

    assert "Ask to join" in read(outsider, f"/leagues/{league.pk}/")


# --- no user's controls from the cache ----------------------------------------


FIRE = "Fire #1 "


def test_a_coach_sees_his_controls_after_a_visitor_warmed_the_cache(
    world, alice, bob, charlie
):
    _, orcs, _, _ = world
    url = f"/teams/{orcs.pk}/"
    anonymous = read(Client(), url)
    coach, other, commissioner = Client(), Client(), Client()
    coach.force_login(bob)
    other.force_login(charlie)
    commissioner.force_login(alice)

    mine = read(coach, url)
    theirs = read(other, url)
    again = read(Client(), url)
    commish = read(commissioner, url)

    for page in (mine, commish):
        assert FIRE in page
        assert "Manage the team" in page
    for page in (anonymous, theirs, again):
        assert FIRE not in page
        assert "Manage the team" not in page
    # forms with a token: the log-out form only, and none for visitors
    assert [page.count("csrfmiddlewaretoken") for page in (anonymous, again)] == [
        0,
        0,
    ]
    assert theirs.count("csrfmiddlewaretoken") == 1
    assert "Log out bob" in mine
    assert "Log out bob" not in theirs + again + commish
    assert "Log out charlie" in theirs


def test_a_commissioner_form_is_usable_and_not_anyone_elses(world, alice, bob):
    """The CSRF token on a coach's page is theirs: it is accepted for them."""
    _, orcs, _, _ = world
    read(Client(), f"/teams/{orcs.pk}/")  # warm the cache anonymously
    commissioner = Client(enforce_csrf_checks=True)
    commissioner.force_login(alice)
    page = commissioner.get(f"/teams/{orcs.pk}/").content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert token is not None
    player = Player.objects.filter(team=orcs).order_by("number").last()

    response = commissioner.post(
        f"/teams/{orcs.pk}/players/{player.pk}/fire/",
        {"csrfmiddlewaretoken": token.group(1)},
    )

    assert response.status_code == 302
    player.refresh_from_db()
    assert player.status == Player.Status.FIRED


def test_only_those_who_may_report_see_the_report_buttons(
    world, alice, bob, charlie, dave
):
    league, _, _, _ = world
    url = f"/leagues/{league.pk}/"
    report = "Record report"
    pages = {}
    pages["anonymous"] = read(Client(), url)
    for user in (bob, dave, alice, charlie):
        client = Client()
        client.force_login(user)
        pages[user.username] = read(client, url)
    pages["anonymous again"] = read(Client(), url)

    # the season's one match is Bob's Orcs v Charlie's Humans
    assert {name for name, page in pages.items() if report in page} == {
        "bob",
        "charlie",
        "alice",
    }
    commissioner_only = "Resolve the whole season"
    assert {name for name, page in pages.items() if commissioner_only in page} == {
        "alice"
    }
