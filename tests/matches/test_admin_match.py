"""A match's admin page fits a commissioner: the result, the report and the
post-game in words, links to the replay and the event log on the site, and
the events themselves not inlined, so that an engine-played Blood Bowl
match's page stays small and cheap whatever its length. The lists show the
scores, the rounds and what has been played."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.models import Team
from matches.models import Match, MatchEvent
from matches.postgame.sequence import postgame_run_current_step
from matches.reports.lines import PlayerLine, Report
from matches.reports.report import match_submit_report
from matches.resolution.resolve import match_resolve
from tests.conftest import shared_world
from tests.factories import LeagueFactory, UserFactory, draft_team
from tests.matches.conftest import one_match

SIZE_LIMIT = 200_000  # bytes
QUERY_LIMIT = 25


def build_engine_match(capture) -> int:
    """Alice's Blood Bowl league: two eleven-a-side teams (with big guys and
    a thrower), their match played by the engine, every post-game step run."""
    alice, bob, charlie = (UserFactory(username=n) for n in ("alice", "bob", "charlie"))
    league = LeagueFactory(name="Admin Classic", format="bb2020", commissioner=alice)
    orcs = draft_team(
        league,
        bob,
        roster="orc",
        name="Gouged Eye",
        extra=[("blitzer", "Grak"), ("big-un", "Ugg"), ("thrower", "Lobba")],
    )
    humans = draft_team(
        league,
        charlie,
        roster="human",
        name="Reikland Reavers",
        extra=[("blitzer", "Hans"), ("catcher", "Kurt"), ("ogre", "Ogg")],
    )
    match = one_match(league, orcs, humans, seed=20)
    with capture(execute=True):
        match_resolve(match_id=match.pk)
    while postgame_run_current_step(match_id=match.pk) != "done":
        pass
    return match.pk


saved_engine_match, engine_match = shared_world(
    "engine_match", build_engine_match, fetch=lambda pk: Match.objects.get(pk=pk)
)


def admin_page(client, match):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(f"/admin/matches/match/{match.pk}/change/")
    assert response.status_code == 200
    return response.content.decode(), len(queries.captured_queries)


def test_a_long_engine_match_has_a_small_admin_page(client, engine_match, alice):
    # given: an engine-played match with over a thousand events
    events = MatchEvent.objects.filter(match=engine_match).count()
    assert events > 1000
    client.force_login(alice)

    # when
    html, queries = admin_page(client, engine_match)

    # then: small, a bounded number of queries, no event row inlined
    assert len(html.encode()) < SIZE_LIMIT
    assert queries <= QUERY_LIMIT
    assert "events-0-" not in html
    assert 'name="events-TOTAL_FORMS"' not in html
    assert html.count('"type":') == 0  # no event payload as JSON
    # the log and the replay are one click away, on the site
    assert f'href="/matches/{engine_match.pk}/?type=all#log"' in html
    assert f'href="/matches/{engine_match.pk}/#replay"' in html
    assert f"the event log ({events} events)" in html


def test_the_admin_page_shows_the_result_report_and_post_game(
    client, engine_match, alice
):
    client.force_login(alice)
    result = engine_match.result

    html, _ = admin_page(client, engine_match)

    facts = html[html.index('data-testid="match-facts"') :]
    assert (
        f"Gouged Eye {result.home_score}–{result.away_score} Reikland Reavers" in facts
    )
    assert "<h3>Post-game</h3>" in facts
    assert "Winnings" in facts
    # every MVP of the post-game is in the box, with his 4 SPP at least
    mvps = list(
        MatchEvent.objects.filter(match=engine_match, type="postgame_mvp").values_list(
            "payload", flat=True
        )
    )
    assert len(mvps) == 2
    assert facts.count("<td>MVP</td>") == 2


def test_a_short_recorded_match_costs_as_many_queries(client, engine_match, alice, bob):
    # given: a short recorded match in another league of alice's
    league = LeagueFactory(name="Admin Sevens", format="sevens", commissioner=alice)
    home = draft_team(league, bob, roster="orc", name="Small Orcs")
    away = draft_team(league, alice, roster="human", name="Small Humans")
    match = one_match(league, home, away)
    scorer = Team.objects.get(pk=home.pk).players.order_by("number")[0]
    match_submit_report(
        match_id=match.pk,
        actor=alice,
        report=Report(1, 0, players=[PlayerLine(scorer.pk, touchdowns=1)]),
    )
    while postgame_run_current_step(match_id=match.pk) != "done":
        pass
    client.force_login(alice)
    _, long_queries = admin_page(client, engine_match)

    html, queries = admin_page(client, match)

    assert queries == long_queries
    assert "Small Orcs 1–0 Small Humans" in html
    assert re.search(rf"#{scorer.number} {re.escape(scorer.name)}</th><td>1</td>", html)


@pytest.mark.parametrize("who", ["alice", "root"])
def test_the_match_list_shows_scores(client, engine_match, alice, who):
    if who == "root":
        user = UserFactory(username="root", is_superuser=True, is_staff=True)
    else:
        user = alice
    client.force_login(user)
    result = engine_match.result

    html = client.get("/admin/matches/match/").content.decode()

    assert (
        f'<td class="field-score">{result.home_score}–{result.away_score}</td>' in html
    )


def test_the_season_list_shows_rounds_and_matches_played(client, engine_match, alice):
    client.force_login(alice)

    html = client.get("/admin/matches/season/").content.decode()

    assert '<td class="field-rounds">1</td>' in html
    assert '<td class="field-played">1 of 1</td>' in html
