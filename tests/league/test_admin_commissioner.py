"""The admin for commissioners: each one sees and acts on the leagues they
run and nothing else; every action needs a reason and is logged."""

from __future__ import annotations

import re

import pytest
from django.contrib.admin import helpers

from league.models import League, LeagueEvent, Player, Team, TreasuryEntry
from matches.models import Match, MatchEvent, Season, SeasonTeamArchive, TaskProgress
from matches.resolution.progress import season_resolve_start
from matches.seasons.rollover import season_close
from matches.seasons.services import season_create, season_schedule
from tests.commissioner_world import World, build_league, shared_league
from tests.conftest import shared_world
from tests.factories import UserFactory
from tests.world import db_snapshot

PASSWORD = "password"  # UserFactory's


NORTH = ("nora", "bob", "Northern Cup", ("orc", "necromantic-horror"))
SOUTH = ("sam", "carl", "Southern Cup", ("human", "dwarf"))
# The two leagues, saved once per session (south's ids follow north's, so a
# test may load both), and both again with ``every_kind``'s rows.
saved_admin_north, admin_north = shared_league("admin_north", *NORTH)
saved_admin_south, admin_south = shared_league(
    "admin_south", *SOUTH, after=["admin_north"]
)


def build_every_kind(capture) -> tuple[dict, dict]:
    north, south = build_league(*NORTH), build_league(*SOUTH)
    add_every_kind(north, south)
    return north.ids(), south.ids()


saved_admin_every_kind, admin_every_kind = shared_world(
    "admin_every_kind",
    build_every_kind,
    fetch=lambda ids: tuple(World.fetch(one) for one in ids),
)


@pytest.fixture
def north(request, db) -> World:
    if "every_kind" in request.fixturenames:
        return request.getfixturevalue("admin_every_kind")[0]
    return request.getfixturevalue("admin_north")


@pytest.fixture
def south(request, db) -> World:
    if "every_kind" in request.fixturenames:
        return request.getfixturevalue("admin_every_kind")[1]
    return request.getfixturevalue("admin_south")


@pytest.fixture
def as_nora(client, north, south):
    client.force_login(north.commissioner)
    return client


def league_id_of(obj) -> int:
    """The league of any admin row, whichever model it is."""
    for path in ("league_id", "team.league_id", "season.league_id"):
        target = obj
        for part in path.split("."):
            target = getattr(target, part, None)
        if target is not None:
            return target
    assert isinstance(obj, League)
    return obj.pk


CHANGELISTS = [
    "/admin/league/league/",
    "/admin/league/team/",
    "/admin/league/player/",
    "/admin/league/treasuryentry/",
    "/admin/league/leagueevent/",
    "/admin/league/leaguemembership/",
    "/admin/matches/season/",
    "/admin/matches/match/",
    "/admin/matches/taskprogress/",
    "/admin/matches/seasonteamarchive/",
]


def add_every_kind(north: World, south: World) -> None:
    """At least one row of each listed model in both leagues (progress
    records and archives are not made by the post-game)."""
    for world in (north, south):
        season = season_create(league=world.league, name="Spring", seed=1)
        season_schedule(season_id=season.pk)
        season_resolve_start(season_id=season.pk, scope="round")
        season_close(season_id=world.season.pk, actor=world.commissioner)


@pytest.fixture
def every_kind(admin_every_kind):
    """``north`` and ``south`` with ``add_every_kind``'s rows (saved once
    per session)."""


@pytest.mark.parametrize("url", CHANGELISTS)
def test_each_changelist_shows_only_the_commissioners_leagues(
    client, north, south, every_kind, url
):
    for world in (north, south):
        client.force_login(world.commissioner)
        response = client.get(url)
        assert response.status_code == 200
        rows = list(response.context["cl"].result_list)
        assert rows, "the commissioner's own rows are listed"
        assert {league_id_of(row) for row in rows} == {world.league.pk}


@pytest.mark.parametrize("url", CHANGELISTS)
def test_the_superuser_still_sees_every_league(client, north, south, every_kind, url):
    root = UserFactory(username="root", is_superuser=True, is_staff=True)
    client.force_login(root)
    rows = list(client.get(url).context["cl"].result_list)
    assert {league_id_of(row) for row in rows} == {north.league.pk, south.league.pk}


def test_list_filters_do_not_name_other_leagues(as_nora):
    for url in ("/admin/league/team/", "/admin/league/player/"):
        html = as_nora.get(url).content.decode()
        assert "Northern Cup" in html
        assert "Southern Cup" not in html


def other_league_urls(south: World) -> list[str]:
    team, player = south.teams[0], south.teams[0].players.first()
    entry = TreasuryEntry.objects.filter(team=team).first()
    event = LeagueEvent.objects.filter(league=south.league).first()
    urls = []
    for model, pk in [
        ("league/league", south.league.pk),
        ("league/team", team.pk),
        ("league/player", player.pk),
        ("league/treasuryentry", entry.pk),
        ("league/leagueevent", event.pk),
        ("matches/season", south.season.pk),
        ("matches/match", south.match.pk),
    ]:
        for page in ("change", "history", "delete"):
            urls.append(f"/admin/{model}/{pk}/{page}/")
    urls.append(f"/admin/league/team/{team.pk}/adjust-treasury/")
    return urls


def test_another_leagues_objects_are_not_found(as_nora, south):
    for url in other_league_urls(south):
        assert as_nora.get(url).status_code == 404, url


def test_own_objects_open(as_nora, north):
    team = north.teams[0]
    for url in (
        f"/admin/league/team/{team.pk}/change/",
        f"/admin/league/team/{team.pk}/history/",
        f"/admin/matches/match/{north.match.pk}/change/",
        f"/admin/league/league/{north.league.pk}/change/",
    ):
        assert as_nora.get(url).status_code == 200, url


def test_commissioners_add_and_delete_nothing(as_nora, north):
    assert as_nora.get("/admin/league/team/add/").status_code == 403
    assert (
        as_nora.get(f"/admin/league/team/{north.teams[0].pk}/delete/").status_code
        == 403
    )


def test_raw_id_popups_and_autocomplete_stay_in_the_league(as_nora, north, south):
    popup = as_nora.get("/admin/league/team/?_to_field=id&_popup=1")
    assert {t.pk for t in popup.context["cl"].result_list} == {
        t.pk for t in north.teams
    }
    autocomplete = as_nora.get(
        "/admin/autocomplete/",
        {"app_label": "league", "model_name": "team", "field_name": "league"},
    )
    # Answered from the scoped league list: only the commissioner's own.
    assert [r["id"] for r in autocomplete.json()["results"]] == [str(north.league.pk)]
    matches = as_nora.get(
        "/admin/autocomplete/",
        {"app_label": "matches", "model_name": "match", "field_name": "home"},
    )
    assert {r["id"] for r in matches.json()["results"]} == {
        str(t.pk) for t in north.teams
    }
    # The user list is not a commissioner's to search.
    coaches = as_nora.get(
        "/admin/autocomplete/",
        {"app_label": "league", "model_name": "team", "field_name": "coach"},
    )
    assert coaches.status_code == 403


def test_the_user_admin_is_not_a_commissioners(as_nora):
    assert as_nora.get("/admin/auth/user/").status_code == 403


def test_a_commissioner_cannot_move_a_team_to_another_league(as_nora, north, south):
    team = north.teams[0]
    html = as_nora.get(f"/admin/league/team/{team.pk}/change/").content.decode()
    assert 'name="league"' not in html
    assert 'name="coach"' not in html
    assert 'name="name"' in html  # the team's own fields stay editable


def test_a_season_names_no_other_leagues_team_and_keeps_its_shape(
    as_nora, north, south
):
    # given a scheduled season of the north league
    spring = season_create(league=north.league, name="Spring", seed=1)
    season_schedule(season_id=spring.pk)
    url = f"/admin/matches/season/{spring.pk}/change/"

    # then its page offers no champion to pick (the choice listed every
    # league's teams) and not the shape season_create checked
    html = as_nora.get(url).content.decode()
    for name in ("champion", "playoff_teams", "divisions", "double_round_robin"):
        assert f'name="{name}"' not in html, name
    for team in south.teams:
        assert team.name not in html
    assert 'name="name"' in html  # its name stays editable

    # and a posted change of them is ignored
    response = as_nora.post(
        url,
        {
            "name": "Spring Cup",
            "playoff_teams": "1",
            "divisions": '{"A": [999999]}',
            "champion": str(south.teams[0].pk),
        },
    )
    assert response.status_code == 302
    spring.refresh_from_db()
    assert (
        spring.name,
        spring.playoff_teams,
        spring.divisions,
        spring.champion_id,
    ) == ("Spring Cup", 0, {}, None)


def test_statuses_and_results_move_only_through_the_services(as_nora, client, north):
    team = north.teams[0]
    player = team.players.first()
    pages = {
        f"/admin/league/team/{team.pk}/change/": [
            'name="status"',
            'name="players-0-status"',
        ],
        f"/admin/league/player/{player.pk}/change/": ['name="status"'],
        f"/admin/matches/season/{north.season.pk}/change/": ['name="status"'],
        f"/admin/matches/match/{north.match.pk}/change/": [
            'name="stage"',
            'name="result-0-home_casualties"',
        ],
    }
    for url, inputs in pages.items():
        html = as_nora.get(url).content.decode()
        assert not [i for i in inputs if i in html], url
    root = UserFactory(username="root", is_superuser=True, is_staff=True)
    client.force_login(root)
    for url, inputs in pages.items():
        html = client.get(url).content.decode()
        assert all(i in html for i in inputs), url


# --- who gets in ----------------------------------------------------------


def test_a_commissioner_logs_in_with_a_password(client, north):
    response = client.post(
        "/admin/login/?next=/admin/",
        {"username": "nora", "password": PASSWORD},
    )
    assert response.status_code == 302
    index = client.get("/admin/")
    assert index.status_code == 200
    assert north.commissioner.is_staff is False  # no flag set by hand


def test_a_coach_is_refused(client, north):
    response = client.post("/admin/login/", {"username": "bob", "password": PASSWORD})
    assert response.status_code == 200
    assert "runs no league" in response.content.decode()
    client.force_login(north.coach)
    assert client.get("/admin/").status_code == 302
    assert client.get("/admin/league/team/").status_code == 302


def test_a_staff_flag_alone_does_not_let_in(client, north):
    # Decision: is_staff plays no part; only superusers and commissioners.
    staff = UserFactory(username="staffer", is_staff=True)
    client.force_login(staff)
    assert client.get("/admin/").status_code == 302


def test_anonymous_is_sent_to_the_login(client, north):
    response = client.get("/admin/league/team/")
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")


# --- display ----------------------------------------------------------------


def cell(column: str, text: str) -> str:
    return f'<td class="field-{column}"> <p>{text}</p> </td>'


def page(client, url: str) -> str:
    """The page with its whitespace runs squashed to one space."""
    return re.sub(r"\s+", " ", client.get(url).content.decode())


def test_characteristics_and_money_as_the_rules_print_them(as_nora, north):
    orcs, zombies = north.teams
    html = page(as_nora, f"/admin/league/team/{orcs.pk}/change/")
    # Orc Lineman: MA 5, ST 3, AG 3+, PA 4+, AV 10+ (roster table).
    assert cell("ma_shown", "5") in html
    assert cell("ag_shown", "3+") in html
    assert cell("pa_shown", "4+") in html
    assert cell("av_shown", "10+") in html
    # A Zombie Lineman has no PA: "-".
    html = page(as_nora, f"/admin/league/team/{zombies.pk}/change/")
    assert cell("pa_shown", "-") in html
    listing = as_nora.get("/admin/league/team/").content.decode()
    treasury = Team.objects.get(pk=orcs.pk).treasury
    assert treasury >= 1000
    assert f"{treasury:,}" in listing


def test_the_roster_is_a_choice(as_nora, north):
    html = as_nora.get(
        f"/admin/league/team/{north.teams[0].pk}/change/"
    ).content.decode()
    assert '<select name="roster"' in html
    assert '<option value="orc" selected>Orc</option>' in html


# --- actions ------------------------------------------------------------------


def action(client, url: str, name: str, objects, **data):
    return client.post(
        url,
        {
            "action": name,
            helpers.ACTION_CHECKBOX_NAME: [o.pk for o in objects],
            **data,
        },
    )


def audit(world: World, kind: LeagueEvent.Type):
    return LeagueEvent.objects.filter(league=world.league, type=kind)


def state():
    """What a refused action must leave as it was."""
    return (
        db_snapshot(),
        list(Season.objects.order_by("pk").values_list("pk", "status")),
        list(
            Match.objects.order_by("pk").values_list(
                "pk", "round", "postponed", "status"
            )
        ),
        list(MatchEvent.objects.values_list("pk")),
        list(LeagueEvent.objects.values_list("pk")),
        list(TaskProgress.objects.values_list("pk")),
        list(SeasonTeamArchive.objects.values_list("pk", "redraft")),
    )


def confirm(client, url, name, objects, **data):
    """The confirmation page, then the confirmed post."""
    page = action(client, url, name, objects)
    assert page.status_code == 200
    assert 'name="reason"' in page.content.decode()
    return action(client, url, name, objects, apply="Confirm", **data)


def test_an_action_without_a_reason_writes_nothing(as_nora, north):
    spring = season_create(league=north.league, name="Spring", seed=1)
    before = state()
    response = action(
        as_nora, "/admin/matches/season/", "schedule", [spring], apply="Confirm"
    )
    assert response.status_code == 200
    assert "This field is required" in response.content.decode()
    response = action(
        as_nora,
        "/admin/matches/season/",
        "schedule",
        [spring],
        apply="Confirm",
        reason="   ",
    )
    assert response.status_code == 200
    assert state() == before


def test_schedule_a_season(as_nora, north):
    spring = season_create(league=north.league, name="Spring", seed=1)
    response = confirm(
        as_nora,
        "/admin/matches/season/",
        "schedule",
        [spring],
        reason="start of spring",
    )
    assert response.status_code == 302
    assert Match.objects.filter(season=spring).count() == 1  # two teams
    (event,) = audit(north, LeagueEvent.Type.SEASON_SCHEDULED)
    assert event.payload == {
        "season_id": spring.pk,
        "matches": 1,
        "reason": "start of spring",
    }
    assert event.created_by == north.commissioner


@pytest.mark.parametrize("scope", ["round", "season"])
def test_resolve_starts_a_progress(as_nora, north, scope):
    spring = season_create(league=north.league, name="Spring", seed=1)
    season_schedule(season_id=spring.pk)
    response = confirm(
        as_nora,
        "/admin/matches/season/",
        f"resolve_{scope}",
        [spring],
        reason="deadline passed",
    )
    assert response.status_code == 302
    progress = TaskProgress.objects.get(season=spring)
    assert progress.kind == f"resolve_{scope}"
    (event,) = audit(north, LeagueEvent.Type.SEASON_RESOLVE_STARTED)
    assert event.payload["progress_id"] == str(progress.pk)
    assert event.payload["reason"] == "deadline passed"
    followed = as_nora.get(response["Location"]).content.decode()
    assert "0 of 1 matches resolved" in followed
    page = as_nora.get(f"/admin/matches/taskprogress/{progress.pk}/change/")
    assert page.status_code == 200


def test_postpone_a_match(as_nora, north):
    spring = season_create(league=north.league, name="Spring", seed=1)
    (match,) = season_schedule(season_id=spring.pk)
    response = confirm(
        as_nora,
        "/admin/matches/match/",
        "postpone",
        [match],
        reason="pitch flooded",
        round="",
    )
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.round, match.postponed) == (2, True)  # a new round after 1
    (event,) = audit(north, LeagueEvent.Type.MATCH_POSTPONED)
    assert (event.match_id, event.payload) == (
        match.pk,
        {"from_round": 1, "to_round": 2, "reason": "pitch flooded"},
    )


def test_postponing_past_the_last_round_a_season_may_have_is_refused(as_nora, north):
    # the admin's round has no upper bound: a round the database cannot
    # hold gave a 500
    spring = season_create(league=north.league, name="Spring", seed=1)
    (match,) = season_schedule(season_id=spring.pk)
    before = state()

    response = confirm(
        as_nora,
        "/admin/matches/match/",
        "postpone",
        [match],
        reason="pitch flooded",
        round="40000",
    )

    assert response.status_code == 302
    shown = as_nora.get(response["Location"]).content.decode()
    assert "refused (out_of_range)" in shown
    assert state() == before


def test_override_a_result_explains_the_post_game(as_nora, north):
    page = action(as_nora, "/admin/matches/match/", "override_result", [north.match])
    assert "is not run again" in page.content.decode()
    response = confirm(
        as_nora,
        "/admin/matches/match/",
        "override_result",
        [north.match],
        reason="illegal procedure",
        home_score=0,
        away_score=2,
    )
    assert response.status_code == 302
    result = north.match.result
    result.refresh_from_db()
    assert (result.home_score, result.away_score) == (0, 2)
    (event,) = audit(north, LeagueEvent.Type.RESULT_OVERRIDDEN)
    assert event.payload == {
        "before": [1, 0],
        "after": [0, 2],
        "postgame_rerun": False,
        "reason": "illegal procedure",
    }
    assert MatchEvent.objects.filter(match=north.match, type="result_override").exists()


def test_override_takes_one_match_at_a_time(as_nora, north):
    spring = season_create(league=north.league, name="Spring", seed=1)
    (other,) = season_schedule(season_id=spring.pk)
    before = state()
    response = action(
        as_nora,
        "/admin/matches/match/",
        "override_result",
        [north.match, other],
        apply="Confirm",
        reason="x",
        home_score=1,
        away_score=1,
    )
    assert response.status_code == 302
    assert state() == before


def test_a_refused_service_call_writes_nothing(as_nora, north):
    # The match is complete: it cannot be postponed (code not_scheduled).
    before = state()
    response = confirm(
        as_nora,
        "/admin/matches/match/",
        "postpone",
        [north.match],
        reason="late",
        round="",
    )
    assert response.status_code == 302
    assert state() == before
    shown = as_nora.get(response["Location"]).content.decode()
    assert "refused (not_scheduled)" in shown


def test_close_a_season(as_nora, north):
    response = confirm(
        as_nora,
        "/admin/matches/season/",
        "close",
        [north.season],
        reason="all played",
    )
    assert response.status_code == 302
    north.season.refresh_from_db()
    assert north.season.status == Season.Status.CLOSED
    assert SeasonTeamArchive.objects.filter(season=north.season).count() == 2
    (event,) = audit(north, LeagueEvent.Type.SEASON_CLOSED)
    assert event.payload == {
        "season_id": north.season.pk,
        "teams": 2,
        "reason": "all played",
    }


def test_approve_a_redraft(as_nora, north):
    season_close(season_id=north.season.pk, actor=north.commissioner)
    archive = SeasonTeamArchive.objects.get(season=north.season, team=north.teams[0])
    page = action(
        as_nora, "/admin/matches/seasonteamarchive/", "approve_redraft", [archive]
    )
    assert "7 players kept" in page.content.decode()
    response = confirm(
        as_nora,
        "/admin/matches/seasonteamarchive/",
        "approve_redraft",
        [archive],
        reason="coach away, roster unchanged",
    )
    assert response.status_code == 302
    archive.refresh_from_db()
    assert archive.redraft is not None
    assert len(archive.redraft["players"]) == 7
    (event,) = audit(north, LeagueEvent.Type.REDRAFT_APPROVED)
    assert (event.team_id, event.payload["reason"]) == (
        north.teams[0].pk,
        "coach away, roster unchanged",
    )
    assert Team.objects.get(pk=north.teams[0].pk).status == Team.Status.READY


def test_adjust_a_treasury_is_logged(as_nora, north):
    team = north.teams[0]
    before = Team.objects.get(pk=team.pk).treasury
    url = f"/admin/league/team/{team.pk}/adjust-treasury/"
    refused = as_nora.post(url, {"amount": 5000, "note": ""})
    assert refused.status_code == 200
    assert Team.objects.get(pk=team.pk).treasury == before
    assert as_nora.post(url, {"amount": -5000, "note": "fined"}).status_code == 302
    assert Team.objects.get(pk=team.pk).treasury == before - 5000
    event = audit(north, LeagueEvent.Type.TREASURY_ADJUSTMENT).first()
    assert (event.payload["amount"], event.payload["reason"]) == (-5000, "fined")


def test_actions_never_reach_another_league(as_nora, south):
    """Ids of the other league posted to an action are not in the scoped
    queryset: nothing is done to them."""
    spring = season_create(league=south.league, name="Spring", seed=1)
    before = state()
    for url, name, objects, data in [
        ("/admin/matches/season/", "schedule", [spring], {}),
        ("/admin/matches/season/", "close", [south.season], {}),
        (
            "/admin/matches/match/",
            "override_result",
            [south.match],
            {"home_score": 3, "away_score": 3},
        ),
    ]:
        action(as_nora, url, name, objects, apply="Confirm", reason="x", **data)
    assert state() == before


def test_player_pages_show_targets(as_nora, north):
    player = Player.objects.filter(team=north.teams[0]).first()
    listing = as_nora.get("/admin/league/player/").content.decode()
    assert f"{player.value:,}" in listing
    assert '<td class="field-ag_shown">3+</td>' in listing
