"""A coach removed from a league: their team there is frozen until the
commissioner reinstates them (docs/commissioner.md, "Removing a coach").
Every write path to it, through the API and the site, is refused with the
reason (a 403 ``team_frozen``) and writes nothing; the commissioner still
manages the team and the opponent still reports its matches; once
reinstated the coach manages it again."""

from __future__ import annotations

import pytest
from django.test import Client

from league.models import Team
from league.services.membership import (
    membership_accept,
    membership_invite,
    membership_remove,
)
from matches.models import Match, ReportSubmission
from matches.reports.lines import Report
from matches.reports.report import match_submit_report
from matches.seasons.services import season_create, season_schedule
from tests.api_endpoints import every_row
from tests.factories import draft_team
from tests.world import api_as

FROZEN = (
    "you are no longer a member of Sevens Cup: Gouged Eye is frozen until its "
    "commissioner reinstates you"
)


@pytest.fixture
def world(sevens, alice, bob, charlie):
    """Bob's Orcs (with 130,000 in the bank) and Charlie's Humans, in a
    league that asks the other coach to confirm a report; two fixtures
    between them."""
    sevens.report_confirmation_days = 3
    sevens.save(update_fields=["report_confirmation_days"])
    orcs = draft_team(sevens, bob, roster="orc", name="Gouged Eye", rerolls=1)
    humans = draft_team(sevens, charlie, roster="human", name="Reavers")
    season = season_create(
        league=sevens,
        name="Spring",
        team_ids=[orcs.pk, humans.pk],
        double_round_robin=True,
        seed=3,
    )
    first, second = season_schedule(season_id=season.pk)
    return {
        "league": sevens,
        "team": orcs,
        "player": orcs.players.get(number=1),
        "season": season,
        "first": first,
        "open": second,
    }


def with_submission(world, path: str, charlie) -> None:
    """For a path that answers a report: Charlie's report of the first
    fixture, waiting for Bob (his team is then playing that fixture)."""
    if "{submission}" in path:
        waiting = match_submit_report(
            match_id=world["first"].pk, report=Report(0, 0), actor=charlie
        )
        assert isinstance(waiting, ReportSubmission)
        world["submission"] = waiting


def remove_bob(world, alice, bob) -> None:
    membership_remove(league_id=world["league"].pk, coach_id=bob.pk, actor=alice)


def reinstate_bob(world, alice, bob) -> None:
    membership_invite(league_id=world["league"].pk, username="bob", actor=alice)
    membership_accept(league_id=world["league"].pk, actor=bob)


# Every write a coach makes to a team through the API: (method, path, body).
API_WRITES = [
    ("post", "/api/teams/{team}/players/", {"position": "orc-lineman", "name": "Ug"}),
    ("delete", "/api/teams/{team}/players/{player}/", None),
    ("post", "/api/teams/{team}/purchases/", {"item": "rerolls"}),
    ("post", "/api/teams/{team}/special-rule/", {"special_rule": "favoured-of-khorne"}),
    ("post", "/api/teams/{team}/captain/", {"player": "{player}"}),
    (
        "post",
        "/api/teams/{team}/sevens-advancement/",
        {"match": "{first}", "mode": "random_player_secondary"},
    ),
    ("post", "/api/teams/{team}/redraft/", {"season": "{season}", "keep": []}),
    ("post", "/api/players/{player}/advancements/", {"kind": "random_primary"}),
    ("post", "/api/players/{player}/hire/", None),
    ("post", "/api/players/{player}/retire/", None),
    ("post", "/api/players/{player}/unretire/", None),
    ("post", "/api/matches/{open}/report/", {"home_score": 0, "away_score": 0}),
    (
        "post",
        "/api/matches/{open}/card-report/",
        {"home": {"points": 0}, "away": {"points": 0}},
    ),
    (
        "post",
        "/api/matches/{open}/inducements/",
        {"team": "{team}", "items": [{"item": "bribes"}]},
    ),
    ("post", "/api/matches/{first}/submissions/{submission}/confirm/", None),
    (
        "post",
        "/api/matches/{first}/submissions/{submission}/dispute/",
        {"reason": "it was 1-0"},
    ),
]
# Every write a coach makes to a team through the site: (path, form).
WEB_WRITES = [
    ("/teams/{team}/hire/", {"position": "orc-lineman", "name": "Ug"}),
    ("/teams/{team}/players/{player}/fire/", {}),
    ("/teams/{team}/buy/", {"item": "rerolls", "quantity": "1"}),
    ("/teams/{team}/special-rule/", {"special_rule": "favoured-of-khorne"}),
    ("/teams/{team}/captain/", {"player": "{player}"}),
    ("/teams/{team}/redraft/", {"season": "{season}"}),
    ("/teams/{team}/players/{player}/hire/", {}),
    ("/teams/{team}/players/{player}/retire/", {}),
    ("/teams/{team}/players/{player}/unretire/", {}),
    ("/players/{player}/advance/", {"option": "random_primary:general"}),
    ("/matches/{open}/report/", {"home_score": "0", "away_score": "0"}),
    ("/matches/{open}/inducements/", {"team": "{team}", "bribes": "1"}),
    ("/reports/{submission}/confirm/", {}),
    ("/reports/{submission}/dispute/", {"reason": "it was 1-0"}),
]


def _fill(value, world):
    ids = {k: str(v.pk) for k, v in world.items()}
    if isinstance(value, str):
        filled = value.format(**ids)
        return int(filled) if value.startswith("{") and filled.isdigit() else filled
    if isinstance(value, dict):
        return {k: _fill(v, world) for k, v in value.items()}
    if isinstance(value, list):
        return [_fill(v, world) for v in value]
    return value


def api_write(user, world, method, path, body):
    client = api_as(user)
    url = _fill(path, world)
    if body is None:
        return getattr(client, method)(url)
    return getattr(client, method)(url, _fill(body, world), format="json")


def web_client(user) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


@pytest.mark.parametrize(
    ("method", "path", "body"), API_WRITES, ids=[f"{m} {p}" for m, p, _ in API_WRITES]
)
def test_a_removed_coach_changes_nothing_of_their_team_through_the_api(
    world, alice, bob, charlie, method, path, body
):
    # given Bob removed from the league
    with_submission(world, path, charlie)
    remove_bob(world, alice, bob)
    before = every_row()

    # when he writes to his team
    response = api_write(bob, world, method, path, body)

    # then he is told why, and nothing is written
    assert response.status_code == 403
    assert response.json() == {
        "errors": [{"code": "team_frozen", "field": None, "message": FROZEN}]
    }
    assert every_row() == before


@pytest.mark.parametrize(("path", "form"), WEB_WRITES, ids=[p for p, _ in WEB_WRITES])
def test_a_removed_coach_changes_nothing_of_their_team_through_the_site(
    world, alice, bob, charlie, path, form
):
    with_submission(world, path, charlie)
    remove_bob(world, alice, bob)
    client = web_client(bob)
    before = every_row()

    response = client.post(_fill(path, world), _fill(form, world))

    assert response.status_code == 403
    assert FROZEN in response.content.decode()
    assert every_row() == before


def test_a_removed_coach_drafts_nothing_in_the_league(world, alice, bob):
    remove_bob(world, alice, bob)
    before = every_row()

    response = api_as(bob).post(
        "/api/teams/",
        {
            "league": world["league"].pk,
            "name": "Second Eye",
            "roster": "orc",
            "players": [
                {"position": "orc-lineman", "name": f"Ug {i}"} for i in range(7)
            ],
        },
        format="json",
    )

    assert response.status_code == 400
    assert [e["code"] for e in response.json()["errors"]] == ["not_a_member"]
    assert every_row() == before


@pytest.mark.parametrize(
    ("method", "path", "body"), API_WRITES, ids=[f"{m} {p}" for m, p, _ in API_WRITES]
)
def test_once_reinstated_the_coach_may_write_again(
    world, alice, bob, charlie, method, path, body
):
    # given Bob removed, then invited again and accepting
    with_submission(world, path, charlie)
    remove_bob(world, alice, bob)
    reinstate_bob(world, alice, bob)

    # when he writes to his team
    response = api_write(bob, world, method, path, body)

    # then nothing refuses him for who he is (the rules may still refuse)
    assert response.status_code != 403, response.json()


def test_reinstated_he_hires_and_buys_again(world, alice, bob):
    remove_bob(world, alice, bob)
    api = api_as(bob)
    team = world["team"]
    assert (
        api.post(f"/api/teams/{team.pk}/purchases/", {"item": "rerolls"}).status_code
        == 403
    )

    reinstate_bob(world, alice, bob)
    hired = api.post(
        f"/api/teams/{team.pk}/players/",
        {"position": "orc-lineman", "name": "Ug"},
        format="json",
    )
    bought = web_client(bob).post(
        f"/teams/{team.pk}/buy/", {"item": "cheerleaders", "quantity": "1"}
    )

    assert hired.status_code == 201, hired.json()
    assert bought.status_code == 302
    team.refresh_from_db()
    # Sevens: 130,000 - 50,000 (an Orc Lineman) - 20,000 (a cheerleader,
    # blood_bowl_sevens.md "0-6 Cheerleaders")
    assert (team.treasury, team.cheerleaders, team.players.count()) == (60_000, 1, 8)


def test_the_commissioner_still_manages_a_frozen_team(world, alice, bob):
    remove_bob(world, alice, bob)
    team = world["team"]

    hired = api_as(alice).post(
        f"/api/teams/{team.pk}/players/",
        {"position": "orc-lineman", "name": "Ug"},
        format="json",
    )

    assert hired.status_code == 201, hired.json()
    assert Team.objects.get(pk=team.pk).treasury == 130_000 - 50_000


def test_a_fixture_of_a_frozen_team_is_reported_and_decided_without_him(
    world, alice, bob, charlie, django_capture_on_commit_callbacks
):
    # given Bob removed while a fixture of his team is still to play
    remove_bob(world, alice, bob)
    match = world["open"]

    # when Charlie reports it, Bob may not answer, and the commissioner
    # decides in his place
    reported = api_as(charlie).post(
        f"/api/matches/{match.pk}/report/",
        {"home_score": 0, "away_score": 0},
        format="json",
    )
    submission = ReportSubmission.objects.get(match=match)
    answer = f"/api/matches/{match.pk}/submissions/{submission.pk}/"
    refused = api_as(bob).post(answer + "confirm/")
    with django_capture_on_commit_callbacks(execute=True):
        decided = api_as(alice).post(
            answer + "decide/",
            {"decision": "accept", "reason": "Bob has left the league"},
            format="json",
        )

    # then the result stands: the season is not stuck on him
    assert reported.status_code == 202, reported.json()
    assert refused.status_code == 403
    assert refused.json()["errors"][0]["code"] == "team_frozen"
    assert decided.status_code == 200, decided.json()
    match.refresh_from_db()
    assert (match.status, match.result.home_score, match.result.away_score) == (
        Match.Status.COMPLETE,
        0,
        0,
    )


def test_the_team_page_tells_the_removed_coach_it_is_frozen(world, alice, bob):
    team = world["team"]
    client = web_client(bob)
    assert (
        f'action="/teams/{team.pk}/hire/#hire"'
        in client.get(f"/teams/{team.pk}/").content.decode()
    )

    remove_bob(world, alice, bob)
    page = client.get(f"/teams/{team.pk}/").content.decode()

    assert f"Frozen: {FROZEN}." in page
    assert f'action="/teams/{team.pk}/hire/#hire"' not in page
    reinstate_bob(world, alice, bob)
    page = client.get(f"/teams/{team.pk}/").content.decode()
    assert "Frozen:" not in page
    assert f'action="/teams/{team.pk}/hire/#hire"' in page


def test_the_members_page_shows_the_commissioner_which_teams_are_frozen(
    world, alice, bob
):
    remove_bob(world, alice, bob)

    page = web_client(alice).get(f"/leagues/{world['league'].pk}/members/")

    team = world["team"]
    assert (
        f'bob (removed; frozen: <a href="/teams/{team.pk}/">Gouged Eye</a>)'
        in page.content.decode()
    )
