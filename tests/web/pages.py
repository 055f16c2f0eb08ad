"""Every page of the site, in one list: the accessibility check
(``test_accessibility.py``) opens each in Chromium and runs axe-core on it,
and the query-count check (``test_query_counts.py``) renders each on a small
and a large world and wants the same number of queries.

Adding a page is one entry in ``PAGES``: its route's name, who looks at
it, and its address in a ``World`` (a new admin model's pages are taken from
the admin's registry by ``admin_pages``). A route that is in the URL conf
but neither here nor in ``EXCLUDED`` (with the reason) fails
``test_every_page_route_is_checked``.

The worlds are built once per session through the real services (drafts,
a season scheduled, rounds resolved by the engine with every post-game
step, a match recorded from a report, an advancement bought) and loaded
into each test that asks for them (``tests/saved_world.py``).
"""

from __future__ import annotations

import fnmatch
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import Any

import pytest
from django.contrib import admin
from django.db import transaction
from django.db.models import Model, Q
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from engine.campaign.advancement import CHOSEN_PRIMARY
from league.invites.services import invite_link_renew
from league.models import LeagueEvent, Player, Team
from league.services.advancement import player_advance
from league.services.card_teams import team_draft_card
from league.services.leagues import league_create
from league.services.teams import team_fire_player, team_hire_player
from matches.commissioner.deductions import season_dock_points
from matches.forecasts.services import match_forecast_refresh
from matches.models import Match, Season, WebhookDelivery
from matches.postgame.sequence import postgame_run_current_step
from matches.postgame.skill import team_sevens_advance, team_sevens_pending
from matches.reports.cards import CardReportSide, match_submit_card_report
from matches.reports.lines import PlayerLine, Report
from matches.reports.report import match_submit_report
from matches.resolution.progress import season_resolve_next, season_resolve_start
from matches.resolution.resolve import match_resolve
from matches.seasons.rollover import season_close
from matches.webhooks.services import webhook_create
from tests.factories import LeagueFactory, UserFactory, draft_team, make_member
from tests.saved_world import SavedWorld, save_world
from tests.web.pages_accounts import ACCOUNT_EXCLUDED, account_pages
from tests.world import scheduled_season

# Who looks at a page: nobody logged in, or one of the world's people.
ANON = None
COMMISSIONER = "alice"
COACH = "bob"
OTHER_COACH = "charlie"
OUTSIDER = "dave"


SEVENS_TEAMS = (
    ("orc", "Gouged Eye"),
    ("human", "Reikland Reavers"),
    ("dwarf", "Grudgebearers"),
    ("skaven", "Skavenblight Scramblers"),
    ("wood-elf", "Athelorn Avengers"),
    ("lizardmen", "Lustria Croakers"),
    ("amazon", "Lustrian Lions"),
    ("high-elf", "Caledor Dragons"),
)


@dataclass(frozen=True)
class Size:
    """How big a world is: the small one and the large one differ in every
    count a page could loop over."""

    name: str
    teams: int  # Sevens teams in the league
    rounds: int  # rounds the engine resolves
    hires: int  # extra players hired onto the coach's team (and one fired)
    eleven_teams: int  # Blood Bowl 2020 teams
    advancements: int  # advancements the veteran has bought


SMALL = Size("Small", teams=4, rounds=1, hires=0, eleven_teams=2, advancements=1)
LARGE = Size("Large", teams=8, rounds=3, hires=4, eleven_teams=4, advancements=3)


@dataclass(frozen=True)
class World:
    """The ids a page's address is made of."""

    league: int  # the Sevens league Alice runs
    season: int
    team: int  # Bob's Sevens team (the biggest, with the longest ledger)
    resolved: int  # a match the engine played
    recorded: int  # a match recorded from a tabletop report
    scheduled: int  # a match still to play
    eleven: int  # the Blood Bowl 2020 league
    rookie: int  # Charlie's player with SPP to spend
    veteran: int  # the player who bought advancements
    advancement: int  # the veteran's last advancement (a LeagueEvent)
    sevens_player: int  # a player of Charlie's whose team has a Sevens skill due
    redraft: int  # Charlie's Blood Bowl 2020 team, due a re-draft (season closed)
    # Alice's Blitz Bowl league: team cards, rounds the engine
    # played, a match recorded from a report, Bob's team's next match
    blitz: int = 0
    blitz_season: int = 0
    blitz_team: int = 0
    blitz_resolved: int = 0
    blitz_recorded: int = 0
    blitz_scheduled: int = 0


def _resolve_rounds(season: Season, rounds: int, capture: Callable) -> None:
    for _ in range(rounds):
        progress, _ = season_resolve_start(season_id=season.pk, scope="round")
        while match_ids := season_resolve_next(progress_id=str(progress.pk)):
            for match_id in match_ids:
                with capture(execute=True):
                    match_resolve(match_id=match_id)
        season_resolve_next(progress_id=str(progress.pk))


def build_world(size: Size, capture: Callable) -> World:
    """Alice's Sevens league (``size.teams`` teams, ``size.rounds`` rounds
    resolved, the next round's first match recorded from a report) and her
    Blood Bowl 2020 league (a rookie with SPP, a veteran with advancements).
    Bob and Charlie coach in both; Dave is in neither."""
    alice, bob, charlie, _ = (
        UserFactory(username=name)
        for name in (COMMISSIONER, COACH, OTHER_COACH, OUTSIDER)
    )
    league = LeagueFactory(
        name=f"{size.name} Sevens", format="sevens", commissioner=alice
    )
    teams = [
        draft_team(league, (bob, charlie)[i % 2], roster=roster, name=f"{name} {i}")
        for i, (roster, name) in enumerate(SEVENS_TEAMS[: size.teams])
    ]
    team = teams[0]
    for i in range(size.hires):
        team_hire_player(team_id=team.pk, position="orc-lineman", name=f"Extra {i}")
    if size.hires:
        team_fire_player(team_id=team.pk, player_id=team.players.order_by("-pk")[0].pk)
    season = scheduled_season(league, teams)
    _resolve_rounds(season, size.rounds, capture)
    # the small world's quietest match, the large world's busiest
    resolved = (min if size is SMALL else max)(
        season.matches.filter(status=Match.Status.COMPLETE),
        key=lambda m: m.events.count(),
    )
    to_play = season.matches.filter(status=Match.Status.SCHEDULED).order_by(
        "round", "pk"
    )
    ours = Q(home=team) | Q(away=team)
    scheduled = to_play.filter(ours).first()  # Bob's team's next match
    recorded = to_play.exclude(ours).first()
    # a touchdown for each of the first players: more in the large world
    scorers = Player.objects.filter(
        team_id=recorded.home_id, status=Player.Status.ACTIVE, miss_next_game=False
    ).order_by("number")[: size.rounds + 1]
    with capture(execute=True):
        match_submit_report(
            match_id=recorded.pk,
            actor=alice,
            report=Report(
                home_score=len(scorers),
                away_score=0,
                players=[PlayerLine(p.pk, touchdowns=1) for p in scorers],
                fan_factor_rolls=(1, 1),
            ),
        )
    while postgame_run_current_step(match_id=recorded.pk) != "done":
        pass
    # Bob's team takes its post-game skill (a Sevens league without SPP);
    # the other teams' stay pending
    pending = team_sevens_pending(team)
    assert pending is not None
    team_sevens_advance(
        team_id=team.pk,
        match_id=pending.match_id,
        mode="chosen_player_primary",
        player_id=pending.candidates[0].player.pk,
        actor=bob,
    )
    other = Team.objects.get(pk=teams[1].pk)
    assert team_sevens_pending(other) is not None

    eleven = LeagueFactory(
        name=f"{size.name} Classic", format="bb2020", commissioner=alice
    )
    make_member(eleven, bob, charlie)
    rosters = ("human", "orc", "dwarf", "wood-elf")
    eleven_teams = [
        draft_team(
            eleven,
            (charlie, bob)[i % 2],
            roster=roster,
            name=f"{size.name} {roster.title()}s",
        )
        for i, roster in enumerate(rosters[: size.eleven_teams])
    ]
    # a one-match season, recorded and closed: the rosters are archived
    closed = scheduled_season(eleven, eleven_teams[:2])
    with capture(execute=True):
        match_submit_report(
            match_id=closed.matches.get().pk, actor=alice, report=Report(0, 0)
        )
    for match in closed.matches.all():
        while postgame_run_current_step(match_id=match.pk) != "done":
            pass
    season_close(season_id=closed.pk, actor=alice)
    rookie, veteran = Player.objects.filter(team=eleven_teams[0]).order_by("number")[:2]
    Player.objects.filter(pk=rookie.pk).update(spp=6, spp_earned=6)
    Player.objects.filter(pk=veteran.pk).update(spp=200, spp_earned=200)
    for skill in ("block", "sure-hands", "tackle")[: size.advancements]:
        player_advance(
            player_id=veteran.pk, kind=CHOSEN_PRIMARY, category="general", skill=skill
        )
    advancement = (
        LeagueEvent.objects.filter(player=veteran, type=LeagueEvent.Type.ADVANCEMENT)
        .order_by("-pk")
        .values_list("pk", flat=True)[0]
    )
    blitz = _blitz_world(size, alice, bob, charlie, capture)
    # the next fixture's forecast: its page and the season show it
    match_forecast_refresh(match_id=scheduled.pk, games=2)
    # a webhook of the Sevens league with one delivery in its log
    hook = webhook_create(
        league_id=league.pk, url="https://example.com/dugout-hook", kind="generic"
    )
    WebhookDelivery.objects.create(
        webhook=hook,
        kind="result_posted",
        key=f"result_posted:{resolved.pk}",
        body={"event": "result_posted"},
        status=WebhookDelivery.Status.DELIVERED,
        attempts=1,
        last_status_code=204,
    )
    # League points docked from the other team: the standings say so, the
    # admin lists the deduction
    season_dock_points(
        season_id=season.pk, team_id=other.pk, reason="no-show", actor=alice
    )
    # the invite page's link (tests/web/pages_accounts.py)
    invite_link_renew(league_id=league.pk, actor=alice)
    return World(
        **blitz,
        league=league.pk,
        season=season.pk,
        team=team.pk,
        resolved=resolved.pk,
        recorded=recorded.pk,
        scheduled=scheduled.pk,
        eleven=eleven.pk,
        rookie=rookie.pk,
        veteran=veteran.pk,
        advancement=advancement,
        sevens_player=other.players.order_by("number")[0].pk,
        redraft=eleven_teams[0].pk,
    )


BLITZ_CARDS = (
    "dwarf",
    "orc",
    "human",
    "skaven",
    "wood_elf",
    "lizardmen",
    "ogre",
    "gnome",
)


def _blitz_world(size: Size, alice, bob, charlie, capture: Callable) -> dict[str, int]:
    """Alice's Blitz Bowl league: ``size.teams`` team cards, ``size.rounds``
    rounds played by the engine, then one match recorded from a report."""
    league = league_create(
        commissioner=alice, name=f"{size.name} Blitz", format="blitz-bowl"
    )
    make_member(league, bob, charlie)
    teams = [
        team_draft_card(
            league=league,
            coach=(bob, charlie)[i % 2],
            name=f"{size.name} {card.replace('_', ' ').title()} Blitzers",
            card=card,
        )
        for i, card in enumerate(BLITZ_CARDS[: size.teams])
    ]
    season = scheduled_season(league, teams, seed=14)
    _resolve_rounds(season, size.rounds, capture)
    resolved = season.matches.filter(status=Match.Status.COMPLETE).order_by("pk")[0]
    to_play = season.matches.filter(status=Match.Status.SCHEDULED).order_by(
        "round", "pk"
    )
    ours = Q(home=teams[0]) | Q(away=teams[0])
    scheduled = to_play.filter(ours).first()
    recorded = to_play.exclude(ours).first()
    # 1 touchdown (4) + card 1, Break Some Bones! (3) = 7 against nothing
    with capture(execute=True):
        match_submit_card_report(
            match_id=recorded.pk,
            home=CardReportSide(points=7, touchdowns=1, cards=(1,)),
            away=CardReportSide(points=0, touchdowns=0),
            actor=alice,
        )
    return {
        "blitz": league.pk,
        "blitz_season": season.pk,
        "blitz_team": teams[0].pk,
        "blitz_resolved": resolved.pk,
        "blitz_recorded": recorded.pk,
        "blitz_scheduled": scheduled.pk,
    }


@pytest.fixture(scope="session")
def saved_small_world(django_db_setup, django_db_blocker) -> SavedWorld:
    with django_db_blocker.unblock():
        return save_world(partial(build_world, SMALL))


@pytest.fixture(scope="session")
def saved_large_world(saved_small_world, django_db_blocker) -> SavedWorld:
    """The large world, built on top of the small one (same people; its ids
    follow the small world's, so both load into one test)."""
    with django_db_blocker.unblock():
        with transaction.atomic():
            saved_small_world.load()
            large = save_world(partial(build_world, LARGE))
            transaction.set_rollback(True)
    return large


# --- the pages ---------------------------------------------------------------


@dataclass(frozen=True)
class Page:
    """One page to check.

    ``route`` names the URL route it exercises (``None`` for the error
    pages, which any route can give); ``path(world)`` is its address;
    ``user`` who looks at it; ``post`` the fields of a form posted to
    ``path`` (the page checked is the answer); ``ready(page)`` waits, in
    the browser, for what scripts draw after the load (and may click through
    it); ``axe=False`` for what is not a page (JSON, an htmx fragment),
    counted for queries only."""

    name: str
    route: str | None
    path: Callable[[World], str]
    user: str | None = ANON
    status: int = 200
    post: Callable[[World], dict[str, Any]] | None = None
    ready: Callable[[Any], None] | None = None
    axe: bool = True


def _replay_stepped(page: Any) -> None:
    """The viewer part-way through the match: players on the pitch, dice
    and a caption shown."""
    page.wait_for_selector("#replay[data-ready=true]")
    touchdown = page.get_by_role("button", name="Next touchdown")
    if touchdown.is_enabled():  # a 0-0 game has none to jump to
        touchdown.click()
    action = page.get_by_role("button", name="Next action")
    if action.is_enabled():  # a Dungeon Bowl game ends at its touchdown
        action.click()
    page.wait_for_function("() => +document.getElementById('replay').dataset.at > 0")


def _draft_ready(page: Any) -> None:
    page.wait_for_selector("[data-counter]")


def _admin_url(model: type[Model], view: str, *args: Any) -> str:
    opts = model._meta
    return reverse(f"admin:{opts.app_label}_{opts.model_name}_{view}", args=args)


# The admin page of a match is checked on the busiest engine-played match of
# the world: its events are linked to, not inlined (matches/admin_facts.py),
# so the page stays the same size whatever the match's length.
ADMIN_ROWS: dict[type[Model], Callable[[World], int]] = {Match: lambda w: w.resolved}


def _admin_change(model: type[Model], world: World) -> str:
    """The change page of ``model``'s first row in the world's leagues."""
    if model in ADMIN_ROWS:
        return _admin_url(model, "change", ADMIN_ROWS[model](world))
    league_path = admin.site._registry[model].league_path
    pk = (
        model._default_manager.filter(
            **{f"{league_path}__in": [world.league, world.eleven]}
        )
        .order_by("pk")
        .values_list("pk", flat=True)
        .first()
    )
    assert pk is not None, f"the world has no {model.__name__} to show"
    return _admin_url(model, "change", pk)


# The admin's models a commissioner works with: those of Dugout's apps.
ADMIN_APPS = ("league", "matches")


def admin_pages() -> list[Page]:
    """The commissioner's admin: the index, each app, and every model's list
    and change page (from the admin's registry, so a new model admin is
    checked without a line here), with Dugout's own admin views."""
    pages = [
        Page("admin index", "admin:index", lambda w: "/admin/", COMMISSIONER),
        *(
            Page(
                f"admin {app}",
                "admin:app_list",
                partial(lambda app, w: f"/admin/{app}/", app),
                COMMISSIONER,
            )
            for app in ADMIN_APPS
        ),
        Page(
            "admin treasury adjustment",
            "admin:league_team_adjust_treasury",
            lambda w: _admin_url(Team, "adjust_treasury", w.team),
            COMMISSIONER,
        ),
        Page(
            "admin action with a reason",
            "admin:matches_match_changelist",
            lambda w: _admin_url(Match, "changelist"),
            COMMISSIONER,
            post=lambda w: {
                "action": "override_result",
                "_selected_action": w.resolved,
            },
        ),
    ]
    for model in admin.site._registry:
        opts = model._meta
        if opts.app_label not in ADMIN_APPS:
            continue
        label = f"{opts.app_label}_{opts.model_name}"
        pages.append(
            Page(
                f"admin {opts.verbose_name_plural}",
                f"admin:{label}_changelist",
                partial(lambda m, w: _admin_url(m, "changelist"), model),
                COMMISSIONER,
            )
        )
        pages.append(
            Page(
                f"admin {opts.verbose_name}",
                f"admin:{label}_change",
                partial(_admin_change, model),
                COMMISSIONER,
            )
        )
    return pages


PAGES: list[Page] = [
    # Blitz Bowl: the card draft, a card team, a card match played
    # by the engine and one recorded, the report form, the season (PF/PA)
    Page(
        "draft (blitz team cards)",
        "web:team-draft",
        lambda w: f"/leagues/{w.blitz}/draft/",
        COACH,
    ),
    Page("team (blitz)", "web:team", lambda w: f"/teams/{w.blitz_team}/", COACH),
    Page(
        "match (blitz, resolved)",
        "web:match",
        lambda w: f"/matches/{w.blitz_resolved}/",
    ),
    Page(
        "match (blitz, recorded)",
        "web:match",
        lambda w: f"/matches/{w.blitz_recorded}/",
    ),
    Page(
        "match (blitz, scheduled, commissioner)",
        "web:match",
        lambda w: f"/matches/{w.blitz_scheduled}/",
        COMMISSIONER,
    ),
    Page(
        "report form (blitz)",
        "web:match-report",
        lambda w: f"/matches/{w.blitz_scheduled}/report/",
        COACH,
    ),
    Page(
        "replay data (blitz)",
        "web:match-replay",
        lambda w: f"/matches/{w.blitz_resolved}/replay.json",
        axe=False,
    ),
    Page("season (blitz)", "web:season", lambda w: f"/seasons/{w.blitz_season}/"),
    Page("home", "web:home", lambda w: "/"),
    Page("leagues", "web:leagues", lambda w: "/leagues/"),
    Page("my teams", "web:my-teams", lambda w: "/me/", COACH),
    Page("notifications", "web:notifications", lambda w: "/me/notifications/", COACH),
    Page("preferences", "web:preferences", lambda w: "/me/preferences/", COACH),
    # Decision: where a visitor's page is another's minus their controls,
    # axe checks the fuller one (the time goes to axe); both are counted.
    Page("league", "web:league", lambda w: f"/leagues/{w.league}/", axe=False),
    Page(
        "league (commissioner)",
        "web:league",
        lambda w: f"/leagues/{w.league}/",
        COMMISSIONER,
    ),
    Page("season", "web:season", lambda w: f"/seasons/{w.season}/", axe=False),
    Page(
        "season (commissioner)",
        "web:season",
        lambda w: f"/seasons/{w.season}/",
        COMMISSIONER,
    ),
    Page(
        "new season",
        "web:season-new",
        lambda w: f"/leagues/{w.league}/seasons/new/",
        COMMISSIONER,
    ),
    Page("team (visitor)", "web:team", lambda w: f"/teams/{w.team}/"),
    Page("team (coach)", "web:team", lambda w: f"/teams/{w.team}/", COACH),
    Page(
        "team (commissioner)",
        "web:team",
        lambda w: f"/teams/{w.team}/",
        COMMISSIONER,
        axe=False,  # the coach's page: the same forms
    ),
    Page(
        "draft (outsider)",
        "web:team-draft",
        lambda w: f"/leagues/{w.league}/draft/",
        OUTSIDER,
    ),
    Page(
        "draft",
        "web:team-draft",
        lambda w: f"/leagues/{w.league}/draft/?roster=orc",
        COACH,
        ready=_draft_ready,
    ),
    # The replay viewer is checked part-way through the match (players on
    # the pitch, dice and a caption drawn), which is the page as loaded and
    # then some.
    Page(
        "match (resolved) and its replay",
        "web:match",
        lambda w: f"/matches/{w.resolved}/",
        ready=_replay_stepped,
    ),
    Page(
        "match (resolved, commissioner)",
        "web:match",
        lambda w: f"/matches/{w.resolved}/",
        COMMISSIONER,
        axe=False,  # the page above with one more link (override the result)
    ),
    # Decision: the full log is counted, not run through axe: it is the page
    # above with every event listed in the same markup as the key events
    # (hundreds more <li>), and axe would take ten seconds over it.
    Page(
        "match (full log)",
        "web:match",
        lambda w: f"/matches/{w.resolved}/?type=all",
        axe=False,
    ),
    Page("match (recorded)", "web:match", lambda w: f"/matches/{w.recorded}/"),
    Page(
        "match (scheduled, coach)",
        "web:match",
        lambda w: f"/matches/{w.scheduled}/",
        COACH,
    ),
    Page(
        "log fragment",
        "web:match-events",
        lambda w: f"/matches/{w.resolved}/events/?type=block",
        axe=False,
    ),
    Page(
        "replay data",
        "web:match-replay",
        lambda w: f"/matches/{w.resolved}/replay.json",
        axe=False,
    ),
    Page(
        "report form",
        "web:match-report",
        lambda w: f"/matches/{w.scheduled}/report/",
        COACH,
    ),
    Page(
        "override form",
        "web:match-override",
        lambda w: f"/matches/{w.resolved}/override/",
        COMMISSIONER,
    ),
    Page(
        "postpone form",
        "web:match-postpone",
        lambda w: f"/matches/{w.scheduled}/postpone/",
        COMMISSIONER,
    ),
    Page(
        "record as unplayed form",
        "web:match-unplayed",
        lambda w: f"/matches/{w.scheduled}/unplayed/",
        COMMISSIONER,
    ),
    Page(
        "close the season (confirmation)",
        "web:season-close",
        lambda w: f"/seasons/{w.season}/close/",
        COMMISSIONER,
    ),
    Page(
        "round dates",
        "web:season-round-dates",
        lambda w: f"/seasons/{w.season}/round-dates/",
        COMMISSIONER,
    ),
    Page(
        "league members",
        "web:league-members",
        lambda w: f"/leagues/{w.league}/members/",
        COMMISSIONER,
    ),
    Page(
        "inducements (visitor)",
        "web:match-inducements",
        lambda w: f"/matches/{w.scheduled}/inducements/",
        axe=False,
    ),
    Page(
        "inducements (coach)",
        "web:match-inducements",
        lambda w: f"/matches/{w.scheduled}/inducements/",
        COACH,
    ),
    Page(
        "advancement menu",
        "web:player-advance",
        lambda w: f"/players/{w.rookie}/advance/",
        OTHER_COACH,
    ),
    Page(
        "post-game skill (Sevens)",
        "web:player-advance",
        lambda w: f"/players/{w.sevens_player}/advance/",
        OTHER_COACH,
    ),
    Page(
        "advancement taken",
        "web:player-advancement",
        lambda w: f"/players/{w.veteran}/advancements/{w.advancement}/",
        OTHER_COACH,
    ),
    Page("player", "web:player", lambda w: f"/players/{w.veteran}/"),
    Page("leaders", "web:league-leaders", lambda w: f"/leagues/{w.league}/leaders/"),
    Page(
        "pre-match",
        "web:match-preview",
        lambda w: f"/matches/{w.scheduled}/preview/",
        COACH,
    ),
    Page(
        "play live (the offer)",
        "web:live:page",
        lambda w: f"/matches/{w.scheduled}/live/",
        COACH,
    ),
    Page(
        "re-draft",
        "web:team-redraft",
        lambda w: f"/teams/{w.redraft}/redraft/",
        OTHER_COACH,
    ),
    Page("login", "login", lambda w: "/accounts/login/"),
    Page("admin login", "admin:login", lambda w: "/admin/login/"),
    Page(
        "not allowed (403)",
        None,
        lambda w: f"/players/{w.rookie}/advance/",
        OUTSIDER,
        403,
    ),
    Page("not found (404)", None, lambda w: "/leagues/999999/", status=404),
    Page(
        "too many logins (429)",
        None,
        lambda w: "/accounts/login/",
        status=429,
        # with LOGIN_FAILURES_MAX = 0: the first failure is refused
        post=lambda w: {"username": OUTSIDER, "password": "wrong"},
    ),
]


PAGES += account_pages(Page)


def all_pages() -> list[Page]:
    return PAGES + admin_pages()


# --- the routes that are not checked, and why ----------------------------------
# Keys are fnmatch patterns over a route's name ("web:team-hire") or, for a
# route without one, its path ("admin/league/team/<path:object_id>/").
EXCLUDED: dict[str, str] = {
    "healthz": "JSON for the load balancer, not a page",
    "api-docs": "Swagger UI's own page (drf-spectacular-sidecar), not Dugout's markup",
    "api/*": "the REST API answers JSON",
    "api-no-slash": "the REST API's address without its slash: a JSON 404",
    "web:team-draft-budget": "an htmx fragment of the draft page, checked inside it",
    "web:progress": "an htmx fragment of the season page (the progress bar)",
    "web:match-events": "an htmx fragment of the match page (its event log)",
    "web:match-replay": "the replay's JSON; the viewer is checked on the match page",
    "web:*-calendar": "an iCalendar feed (text/calendar), tests/matches/calendar/test_ical.py",
    "web:submission-*": "POST only: redirects to the match page (checked)",
    "web:notification-open": "POST only: marks a notification read and redirects to its page",
    "web:notifications-read": "POST only: redirects to the notifications (checked)",
    "web:league-join": "POST only: redirects to the league page",
    "web:league-invitation-*": "POST only: redirects to the league page",
    "web:season-schedule": "POST only: redirects to the season page",
    "web:season-playoffs": "POST only: redirects to the season page",
    "web:season-resolve": "POST only: the progress bar fragment or a redirect",
    "web:team-hire": "POST only: redirects to the team page (a refusal shows it, checked)",
    "web:team-fire": "POST only: redirects to the team page",
    "web:team-buy": "POST only: redirects to the team page (a refusal shows it, checked)",
    "web:team-staff-fire": "POST only: redirects to the team page (a refusal shows it, checked)",
    "web:team-journeyman-hire": "POST only: redirects to the team page",
    "web:team-retire": "POST only: redirects to the team page",
    "web:team-unretire": "POST only: redirects to the team page",
    "web:team-postgame-end": "POST only: redirects to the team page",
    "web:team-special-rule": "POST only: redirects to the team page (a refusal shows it, checked)",
    "web:team-captain": "POST only: redirects to the team page (a refusal shows it, checked)",
    "web:team-mvp-nominations": "POST only: redirects to the team page (a refusal shows it, checked)",
    "web:match-resolve": "POST only: redirects to the match or the season page",
    "web:live:state": "a live match's JSON; the board is checked in tests/web/test_browser_live.py",
    "web:live:open": "POST only: redirects to the live page",
    "web:live:accept": "POST only: redirects to the live page",
    "web:live:withdraw": "POST only: redirects to the live page",
    "web:live:decide": "POST only: a live match's JSON (tests/matches/live/test_views.py)",
    "web:live:clock": "POST only: a live match's JSON",
    "web:live:setup": "POST only: a live match's JSON (tests/matches/live/test_setup.py)",
    "web:league-invite": "POST only: redirects to the members page (checked)",
    "web:league-open": "POST only: redirects to the members page",
    "web:league-member-remove": "POST only: redirects to the members page",
    "web:league-request-*": "POST only: redirects to the members page",
    "admin:logout": "POST only: redirects",
    "admin:password_change*": "Django's stock password pages",
    "admin:autocomplete": "JSON for the admin's select boxes",
    "admin:jsi18n": "JavaScript",
    "admin:view_on_site": "a redirect",
    "admin:auth_*": "users and groups: the superuser's only (a commissioner gets 403)",
    "admin:authtoken_*": "API tokens: the superuser's only (a commissioner gets 403)",
    # a league is the one thing a commissioner adds (checked)
    "admin:matches_*_add": "commissioners never add (league/admin_scope.py)",
    "admin:league_[!l]*_add": "commissioners never add (league/admin_scope.py)",
    "admin:league_league?*_add": "commissioners never add (league/admin_scope.py)",
    "admin:*_delete": "commissioners never delete (league/admin_scope.py)",
    "admin:*_history": "Django's stock object history, one template for every model",
    "admin/*/<path:object_id>/": "redirects to the change page",
    "admin/(?P<url>.*)$": "the admin's catch-all: redirects or 404",
    **ACCOUNT_EXCLUDED,
}


@dataclass(frozen=True)
class Route:
    name: str | None  # "namespace:name"
    path: str


def _walk(
    patterns: list[Any], prefix: str = "", namespace: str = ""
) -> Iterator[Route]:
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            inner = (
                f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            )
            yield from _walk(pattern.url_patterns, prefix + str(pattern.pattern), inner)
        elif isinstance(pattern, URLPattern):
            name = f"{namespace}{pattern.name}" if pattern.name else None
            yield Route(name, prefix + str(pattern.pattern))


def all_routes() -> list[Route]:
    return list(_walk(get_resolver().url_patterns))


def excluded_by(route: Route) -> str | None:
    """The exclusion pattern ``route`` falls under, if any."""
    for pattern in EXCLUDED:
        if fnmatch.fnmatchcase(route.name or route.path, pattern):
            return pattern
        if route.name and fnmatch.fnmatchcase(route.path, pattern):
            return pattern
    return None
