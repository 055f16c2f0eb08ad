"""What nobody reads but its owner: every GET route of the site and the API,
opened by everyone with every id of the world, answers none of the secrets
of another person or of a game under way; and a commissioner's admin, asked
about another league's rows (by address, filter, pop-up, autocomplete or
"view on site"), shows nothing of it.

The secrets: people's e-mail addresses (and the one a league's invitation
was mailed to), API tokens (personal and the admin's), a webhook's signing
secret, the invite link's and the mailed invitation's nonces, the seeds of
a season still open and of a match whose post-game is not done (the dice to
come), a league's own seed (the dice between matches), a live match's seed,
the bot's hand of a Blitz Bowl game under way, and password hashes. What
each may see instead is docs/api.md's: the commissioner reads the league's
invite link, the address an invitation went to, its webhooks' secrets and
the season's seed; whoever holds an invitation's address reads it."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib import admin
from django.contrib.contenttypes.models import ContentType
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.authtoken.models import Token

from league.invites.services import invite_email_send, invite_link_renew
from league.invites.tokens import invite_token
from league.models import League, Notification
from league.services.card_teams import team_draft_card
from league.services.leagues import league_create
from league.services.treasury import treasury_adjust
from league.tokens.services import api_token_create
from matches.live import services as live_services
from matches.live.models import LiveMatch
from matches.live.selectors import live_engine
from matches.live.services import live_match_decide, live_match_open
from matches.models import Match, Season
from matches.resolution.progress import season_resolve_start
from tests.api_endpoints import api_world
from tests.factories import make_member
from tests.world import scheduled_season

SEASON_SEED = 987_654_321_987
MATCH_SEED = 876_543_219_876
# Secrets only their owner (or nobody) reads, and who else may read each.
COMMISSIONER_READS = {"invite email", "link nonce", "webhook secret", "season seed"}
# The invitation's own page shows its address and its token to whoever
# opens it (the address the commissioner sent it to).
INVITE_ROUTE = "invite/<str:token>/"


def _routes() -> Iterator[str]:
    def walk(patterns: list[Any], prefix: str) -> Iterator[str]:
        for p in patterns:
            if isinstance(p, URLResolver):
                yield from walk(p.url_patterns, prefix + str(p.pattern))
            elif isinstance(p, URLPattern):
                yield prefix + str(p.pattern)

    for route in walk(get_resolver().url_patterns, ""):
        # the admin below; the accounts' pages are one's own
        if not route.startswith(("admin/", "accounts/")):
            yield route


def _addresses(route: str, ids: dict[str, list[Any]]) -> Iterator[str]:
    """``route`` with every combination of the world's ids in its slots."""
    keys = re.findall(r"<(?:\w+:)?(\w+)>", route)
    if "(?P" in route or any(k not in ids for k in keys):
        return
    for combo in itertools.product(*(ids[k] for k in keys)):
        url = route
        for key, value in zip(keys, combo, strict=True):
            url = re.sub(rf"<(?:\w+:)?{key}>", str(value), url, count=1)
        yield "/" + url.replace("^", "").replace("$", "")


def _bot_hand_dealt(live: LiveMatch, coach: Any) -> tuple[LiveMatch, list[int]]:
    """Play the coach's side (his last option each time) until the bot
    holds a card."""
    bot = 1 if live.away_bot else 0
    for _ in range(400):
        game = live_engine(live)
        if game.state.hands[bot] or game.pending is None:
            break
        live = live_match_decide(
            live_id=live.pk,
            user=coach,
            option_index=len(game.pending.options) - 1,
            at=len(live.decisions),
        )
    game = live_engine(live)
    assert game.state.hands[bot], "the bot holds a card"
    return live, list(game.state.hands[bot])


# The live game's secret seed, fixed so that the bot holds a card within
# the decisions played (a seed the server draws would make it chance).
LIVE_SEED = 4_242_424_242


@pytest.fixture
def world(sevens, alice, bob, charlie, dave, monkeypatch) -> dict[str, Any]:
    monkeypatch.setattr(live_services, "_secret_seed", lambda: LIVE_SEED)
    for user in (alice, bob, charlie, dave):
        user.email = f"{user.username}-mail@example.org"
        user.save()
    w = api_world(sevens, bob, charlie)
    Season.objects.filter(pk=w.season.pk).update(seed=SEASON_SEED)
    Match.objects.filter(pk=w.match.pk).update(seed=MATCH_SEED)
    invited = invite_email_send(
        league_id=w.league.pk,
        email="invitee-mail@example.org",
        actor=alice,
        site="http://testserver",
    )
    link = invite_link_renew(league_id=w.league.pk, actor=alice)
    token, key = api_token_create(user=bob, name="laptop")
    admin_token = Token.objects.create(user=charlie)
    progress, _ = season_resolve_start(season_id=w.season.pk, scope="round")
    # Bob plays his Blitz Bowl fixture live against the bot (which plays
    # Charlie's team): the bot's hand is the bot's alone.
    blitz = league_create(commissioner=alice, name="Blitz Cup", format="blitz-bowl")
    League.objects.filter(pk=blitz.pk).update(live_bot_allowed=True)
    make_member(blitz, bob, charlie)
    cards = [
        team_draft_card(league=blitz, coach=coach, name=name, card=card)
        for coach, name, card in ((bob, "Bob's Orcs", "orc"), (charlie, "Men", "human"))
    ]
    blitz_match = scheduled_season(blitz, cards, seed=14).matches.get()
    live = live_match_open(
        match_id=blitz_match.pk, user=blitz_match.home.coach, against_bot=True
    )
    live, hand = _bot_hand_dealt(live, blitz_match.home.coach)
    secrets = {
        **{f"{u.username}-mail@example.org": "e-mail" for u in (alice, charlie, dave)},
        "bob-mail@example.org": "e-mail",
        "invitee-mail@example.org": "invite email",
        w.webhook.secret: "webhook secret",
        link.nonce: "link nonce",
        invited.nonce: "invitation nonce",
        key: "api token",
        admin_token.key: "admin token",
        str(SEASON_SEED): "season seed",
        str(MATCH_SEED): "match seed",
        str(live.seed): "live seed",
        str(w.league.seed): "league seed",
        "pbkdf2_sha256$": "password hash",
        **{f'"card-{card}"': "bot hand" for card in hand},
    }
    ids = {
        "league_id": [w.league.pk, blitz.pk],
        "pk": [w.league.pk, w.season.pk, w.match.pk, w.submission.match_id],
        "team_id": [w.team.pk, cards[1].pk],
        "player_id": [w.player.pk],
        "season_id": [w.season.pk, blitz_match.season_id],
        "match_id": [w.match.pk, blitz_match.pk, w.submission.match_id],
        "coach_id": [bob.pk],
        "webhook_id": [w.webhook.pk],
        "submission_id": [w.submission.pk],
        "task_id": [progress.pk],
        "progress_id": [progress.pk],
        "live_id": [live.pk],
        "token": [invite_token(link), invite_token(invited)],
        "notification_id": list(Notification.objects.values_list("pk", flat=True)),
        "token_id": [token.pk],
        "event_id": [1],
        "format_slug": ["sevens", "blitz-bowl"],
        "roster_slug": ["orc"],
        "rest": ["nothing"],
    }
    return {"secrets": secrets, "ids": ids, "api": w}


@pytest.mark.parametrize("viewer", [None, "dave", "charlie", "bob", "alice"])
def test_no_get_answers_another_persons_secrets(
    client, world, viewer, django_user_model
):
    # given a viewer: nobody, an outsider, the coaches, the commissioner
    if viewer is not None:
        client.force_login(django_user_model.objects.get(username=viewer))
    own = {f"{viewer}-mail@example.org"}
    may_read = COMMISSIONER_READS if viewer == "alice" else set()

    # when they open every GET route with every id
    leaks = []
    for route in _routes():
        for url in _addresses(route, world["ids"]):
            body = client.get(url).content.decode(errors="replace")
            for secret, what in world["secrets"].items():
                if secret in own or what in may_read or secret not in body:
                    continue
                if route == INVITE_ROUTE and what in (
                    "invite email",
                    "link nonce",
                    "invitation nonce",
                ):
                    continue  # the invitation's own page and address
                leaks.append((url, what))

    # then nothing of another's is answered
    assert leaks == []


def _admin_addresses(api: Any) -> Iterator[str]:
    """Every registered model's changelist (filtered by the other league's
    ids, as a pop-up, searched), its rows' pages, their "view on site"
    redirects, and an autocomplete of each of its relations."""
    foreign = (api.league.pk, api.team.pk, api.season.pk, api.match.pk)
    filters = (
        "league__id__exact",
        "team__league__id__exact",
        "season__league__id__exact",
        "webhook__league__id__exact",
        "team__id__exact",
        "season__id__exact",
        "id__exact",
    )
    for model in admin.site._registry:
        opts = model._meta
        base = f"/admin/{opts.app_label}/{opts.model_name}/"
        yield from (base, base + "?_popup=1&_to_field=id", base + "?q=e")
        for name, value in itertools.product(filters, foreign):
            yield f"{base}?{name}={value}"
        kind = ContentType.objects.get_for_model(model)
        for pk in model._default_manager.values_list("pk", flat=True)[:50]:
            for page in ("change", "history", "delete"):
                yield f"{base}{pk}/{page}/"
            yield f"/admin/r/{kind.pk}/{pk}/"
        for field in opts.get_fields():
            if (
                field.is_relation
                and not field.auto_created
                and field.related_model in admin.site._registry
            ):
                yield (
                    f"/admin/autocomplete/?app_label={opts.app_label}"
                    f"&model_name={opts.model_name}&field_name={field.name}&term="
                )
    yield f"/admin/league/team/{api.team.pk}/adjust-treasury/"


def test_a_commissioner_admin_shows_nothing_of_another_league(
    client, world, alice, dave
):
    # given Dave runs a league of his own, and Alice's has a ledger line
    api = world["api"]
    treasury_adjust(
        team=api.team, amount=1000, note="Alice's private note", actor=alice
    )
    league_create(commissioner=dave, name="Dave's Cup", format="sevens")
    client.force_login(dave)
    theirs = [
        api.league.name,
        "Confirmed Sevens",
        api.team.name,
        "Reavers",
        "Blitz Cup",
        "Alice's private note",
        *world["secrets"],
    ]

    # when he opens every admin page about Alice's leagues' rows
    leaks = []
    answered = set()
    for url in _admin_addresses(api):
        response = client.get(url)
        answered.add(response.status_code)
        body = response.content.decode(errors="replace")
        location = response.get("Location", "")
        leaks += [
            (url, s)
            for s in theirs
            if (s in body or s in location) and s not in url  # not the address
        ]

    # then none shows anything of theirs (his own pages open)
    assert 200 in answered
    assert leaks == []
