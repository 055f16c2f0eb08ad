"""Every operation of the API, with a league, team, player, season and
matches of every format (tests/format_world.py: Blood Bowl 2020, Sevens,
the classic game, Dungeon Bowl, Blitz Bowl team cards), answers without a
server error: what does not apply to a format is refused with a coded 4xx
in the error shape. Each operation is called as the league's commissioner
(who may do everything), each write also as the team's coach, with a body
that gets past the input checks, each call rolled back.

The operations come from the OpenAPI schema: a new endpoint is called here
the day it is added (it needs a body below to reach its service). Every
page of the site (its ``web:`` routes) is opened the same way, by the
commissioner."""

from __future__ import annotations

import functools
import re
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import transaction
from django.test import Client
from drf_spectacular.generators import SchemaGenerator

from league.models import Player
from tests.conftest import shared_world
from tests.contract.checks import INPUT_FORM_CODES
from tests.format_world import FORMAT_TEAMS, FORMATS, build_format_world
from tests.web.pages import all_routes
from tests.world import api_as

# One saved world a format (tests/format_world.py), by fixture name.
WORLDS = {fmt: f"format_world_{fmt.replace('-', '_')}" for fmt in FORMATS}
for _fmt, _name in WORLDS.items():
    globals()[f"saved_{_name}"], globals()[_name] = shared_world(
        _name, functools.partial(build_format_world, _fmt)
    )


def load(request: pytest.FixtureRequest, fmt: str) -> tuple[Ids, Any, Any]:
    """``fmt``'s world loaded, and its commissioner and coach."""
    ids = request.getfixturevalue(WORLDS[fmt])
    users = get_user_model().objects
    return ids, users.get(username="alice"), users.get(username="bob")


Ids = dict[str, int]
METHODS = ("get", "post", "delete")


@functools.cache
def operations() -> list[tuple[str, str]]:
    """(method, path) of every operation the schema documents."""
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return [
        (method, path)
        for path, item in schema["paths"].items()
        for method in METHODS
        if method in item
    ]


def _draft_body(ids: Ids, fmt: str) -> dict[str, Any]:
    position = Player.objects.get(pk=ids["player"]).position
    return {
        "league": ids["league"],
        "name": "Late Entry",
        "roster": FORMAT_TEAMS[fmt][0],
        "players": [{"position": position, "name": f"Rookie {i}"} for i in range(7)],
    }


BODIES: dict[tuple[str, str], Callable[[Ids, str], dict[str, Any]]] = {
    ("post", "/api/leagues/"): lambda ids, fmt: {"name": "Another", "format": fmt},
    ("post", "/api/teams/"): _draft_body,
    ("post", "/api/teams/card/"): lambda ids, fmt: {
        "league": ids["league"],
        "name": "Card Team",
        "card": "orc",
    },
    ("post", "/api/teams/{team_id}/players/"): lambda ids, fmt: {
        "position": Player.objects.get(pk=ids["player"]).position,
        "name": "Rookie",
    },
    ("post", "/api/teams/{team_id}/special-rule/"): lambda ids, fmt: {
        "special_rule": "favoured-of-khorne"
    },
    ("post", "/api/teams/{team_id}/captain/"): lambda ids, fmt: {
        "player": ids["player"]
    },
    ("post", "/api/teams/{team_id}/mvp-nominations/"): lambda ids, fmt: {
        "players": [ids["player"]]
    },
    ("post", "/api/teams/{team_id}/purchases/"): lambda ids, fmt: {"item": "rerolls"},
    ("post", "/api/teams/{team_id}/staff/fire/"): lambda ids, fmt: {
        "item": "cheerleaders"
    },
    ("post", "/api/teams/{team_id}/sevens-advancement/"): lambda ids, fmt: {
        "match": ids["played"],
        "mode": "chosen_player_primary",
        "player": ids["player"],
        "category": "general",
    },
    ("post", "/api/teams/{team_id}/postgame/end/"): lambda ids, fmt: {
        "match": ids["played"]
    },
    ("post", "/api/teams/{team_id}/redraft/"): lambda ids, fmt: {
        "season": ids["season"],
        "keep": [ids["player"]],
        "commit": False,
    },
    ("post", "/api/players/{player_id}/advancements/"): lambda ids, fmt: {
        "kind": "random_primary",
        "category": "general",
    },
    ("post", "/api/players/{player_id}/advancements/pending/"): lambda ids, fmt: {
        "skill": "block"
    },
    ("post", "/api/seasons/"): lambda ids, fmt: {
        "league": ids["league"],
        "name": "Autumn",
    },
    ("post", "/api/seasons/{season_id}/resolve/"): lambda ids, fmt: {"scope": "round"},
    ("post", "/api/seasons/{season_id}/points-deductions/"): lambda ids, fmt: {
        "team": ids["team"],
        "reason": "avoided the fixture to rest his players",
    },
    (
        "post",
        "/api/seasons/{season_id}/points-deductions/{deduction_id}/withdraw/",
    ): lambda ids, fmt: {"reason": "docked by mistake"},
    ("post", "/api/seasons/{season_id}/round-dates/"): lambda ids, fmt: {
        "rounds": [
            {"stage": "league", "round": 1, "date": "2026-12-01"},
            {"stage": "league", "round": 3, "date": "2026-12-08", "deadline": None},
        ]
    },
    ("post", "/api/matches/{id}/report/"): lambda ids, fmt: {
        "home_score": 1,
        "away_score": 0,
        "players": [{"player_id": ids["player"], "touchdowns": 1}],
    },
    ("post", "/api/matches/{id}/card-report/"): lambda ids, fmt: {
        "home": {"points": 4, "touchdowns": 1},
        "away": {"points": 0},
    },
    ("post", "/api/matches/{id}/override/"): lambda ids, fmt: {
        "home_score": 2,
        "away_score": 1,
        "reason": "a typo in the report",
    },
    ("post", "/api/matches/{id}/inducements/"): lambda ids, fmt: {
        "team": ids["team"],
        "items": [{"item": "bribes", "count": 1}],
    },
    ("post", "/api/matches/{id}/postpone/"): lambda ids, fmt: {"round": 9},
    ("post", "/api/matches/{id}/unplayed/"): lambda ids, fmt: {
        "conceded_by": None,
        "reason": "the round's time ran out",
    },
    ("post", "/api/leagues/{league_id}/members/"): lambda ids, fmt: {
        "username": "dave"
    },
    ("post", "/api/leagues/{league_id}/open/"): lambda ids, fmt: {"open": False},
    ("post", "/api/leagues/{league_id}/invite-link/"): lambda ids, fmt: {
        "max_uses": 5,
        "days": 7,
    },
    ("post", "/api/leagues/{league_id}/webhooks/"): lambda ids, fmt: {
        "url": "https://example.com/other",
        "kind": "discord",
    },
    ("post", "/api/matches/{id}/submissions/{submission_id}/dispute/"): (
        lambda ids, fmt: {"reason": "the score was 1-0"}
    ),
    ("post", "/api/matches/{id}/submissions/{submission_id}/decide/"): (
        lambda ids, fmt: {"decision": "accept", "reason": "seen at the table"}
    ),
    ("post", "/api/matches/{id}/submissions/{submission_id}/withdraw/"): (
        lambda ids, fmt: {"reason": "the wrong score was sent"}
    ),
}


def urls(path: str, ids: Ids, fmt: str) -> list[str]:
    """The path with the world's ids; a match path once per match (played,
    waiting for confirmation, open)."""
    coach = ids["dave"] if "/requests/" in path else ids["coach"]
    values = {
        "format_slug": fmt,
        "roster_slug": FORMAT_TEAMS[fmt][0],
        "league_id": ids["league"],
        "coach_id": coach,
        "team_id": ids["team"],
        "player_id": ids["player"],
        "season_id": ids["season"],
        "webhook_id": ids["webhook"],
        "submission_id": ids["submission"],
        "deduction_id": ids["deduction"],
        "task_id": str(uuid.uuid4()),
    }
    if path.startswith("/api/matches/{id}/submissions/{submission_id}"):
        return [path.format(id=ids["waiting"], **values)]
    if path.startswith("/api/matches/{id}/"):
        return [path.format(id=ids[m], **values) for m in ("played", "waiting", "open")]
    owner = {"leagues": "league", "seasons": "season"}.get(path.split("/")[2])
    return [path.format(id=ids[owner] if owner else 0, **values)]


def call(user: Any, method: str, url: str, body: dict[str, Any] | None) -> Any:
    """One request, rolled back with everything it wrote (and the cache it
    filled, which names rows that are gone)."""
    client = api_as(user)
    client.raise_request_exception = False  # a crash is a 500 to count
    with transaction.atomic():
        if method == "get":
            response = client.get(url)
        else:
            response = getattr(client, method)(url, body or {}, format="json")
        transaction.set_rollback(True)
    cache.clear()
    return response


@pytest.mark.parametrize("fmt", FORMATS)
def test_no_operation_answers_a_server_error_for_any_format(request, db, fmt):
    ids, alice, bob = load(request, fmt)
    failures: list[str] = []
    called = 0
    for method, path in operations():
        body = BODIES.get((method, path), lambda ids, fmt: {})(ids, fmt)
        users = (alice,) if method == "get" else (alice, bob)
        for url in urls(path, ids, fmt):
            for user in users:
                response = call(user, method, url, body)
                called += 1
                who = user.username
                if response.status_code >= 500:
                    failures.append(f"{method.upper()} {url} as {who}: 5xx")
                    continue
                if response.status_code >= 400:
                    errors = response.json().get("errors")
                    codes = {e.get("code") for e in errors or []}
                    # a refusal is coded, and by the rules: the body got past
                    # the input checks
                    if not errors or None in codes or codes & INPUT_FORM_CODES:
                        failures.append(f"{method.upper()} {url} as {who}: {errors}")

    assert failures == []
    assert called >= 100


def invite_token(league_id: int) -> str:
    """The token of the league's live invite link (made if it has none)."""
    from league.invites.selectors import invite_link_live
    from league.invites.services import invite_link_make
    from league.invites.tokens import invite_token as token_of
    from league.models import League

    league = League.objects.get(pk=league_id)
    invite = invite_link_live(league) or invite_link_make(
        league, actor=league.commissioner
    )
    return token_of(invite)


def page_urls(ids: Ids) -> list[str]:
    """Every page of the site (``web:`` routes) with the world's ids; a
    match's pages once per match."""
    values = {
        "league_id": ids["league"],
        "season_id": ids["season"],
        "team_id": ids["team"],
        "player_id": ids["player"],
        "coach_id": ids["coach"],
        "submission_id": ids["submission"],
        "event_id": 0,
        "progress_id": str(uuid.uuid4()),
        # the league's own invite link (a page of its own), and ids of things
        # nobody made in this world: the pages answer 404, never 5xx
        "token": invite_token(ids["league"]),
        "token_id": 0,
        "notification_id": 0,
        "live_id": 0,
    }
    out = []
    for route in all_routes():
        if not (route.name or "").startswith("web:"):
            continue
        path = "/" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", route.path)
        matches = ("played", "waiting", "open") if "{match_id}" in path else ("",)
        out += [path.format(match_id=ids.get(m, 0), **values) for m in matches]
    return out


@pytest.mark.parametrize("fmt", FORMATS)
def test_no_page_answers_a_server_error_for_any_format(request, db, fmt):
    # as the commissioner, who sees every control of every team
    ids, alice, _ = load(request, fmt)
    client = Client(raise_request_exception=False)
    client.force_login(alice)
    failures = []
    pages = page_urls(ids)
    for url in pages:
        response = client.get(url)
        cache.clear()
        if response.status_code >= 500:
            failures.append(f"GET {url}")

    assert failures == []
    assert len(pages) >= 40


def test_every_write_has_a_body_here_that_reaches_its_service():
    # A write with a body gets past the input checks to the rules; one
    # without (an action on the path alone) takes {}.
    no_body = {(m, p) for m, p in operations() if m == "post" and (m, p) not in BODIES}

    assert no_body == {
        ("post", "/api/leagues/{league_id}/invitation/accept/"),
        ("post", "/api/leagues/{league_id}/invitation/decline/"),
        ("post", "/api/leagues/{league_id}/join/"),
        ("post", "/api/leagues/{league_id}/requests/{coach_id}/approve/"),
        ("post", "/api/leagues/{league_id}/requests/{coach_id}/decline/"),
        ("post", "/api/matches/{id}/resolve/"),
        ("post", "/api/matches/{id}/submissions/{submission_id}/confirm/"),
        ("post", "/api/players/{player_id}/hire/"),
        ("post", "/api/players/{player_id}/retire/"),
        ("post", "/api/players/{player_id}/unretire/"),
        ("post", "/api/seasons/{season_id}/close/"),
        ("post", "/api/seasons/{season_id}/playoffs/"),
        ("post", "/api/seasons/{season_id}/schedule/"),
    }
