"""An unplayed league fixture through the API and the commissioner's page:
the choice of who conceded, the refusals (code and field, nothing written),
and what the match page, the season page, the calendar and the webhooks say
of it (league_and_exhibition_play.md "League Fixtures")."""

from __future__ import annotations

import pytest

from league.models import LeagueEvent
from matches.commissioner.unplayed import match_record_unplayed
from matches.models import Match, MatchResult
from matches.webhooks.news import result_news
from tests.league.conftest import api_as
from tests.matches.conftest import db_state, one_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def match(eleven, humans, orcs):
    """Humans (charlie) at home to Orcs (bob); Alice commissions."""
    return one_match(eleven, humans, orcs)


def unchanged():
    return (db_state(), list(LeagueEvent.objects.values_list("pk")))


# --- the API ---------------------------------------------------------------------


def test_the_api_records_a_fixture_conceded(
    match, alice, orcs, humans, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = api_as(alice).post(
            f"/api/matches/{match.pk}/unplayed/",
            {"conceded_by": orcs.pk, "reason": "Bob moved house"},
            format="json",
        )

    assert response.status_code == 201, response.json()
    result = response.json()["result"]
    assert (result["mode"], result["home_score"], result["away_score"]) == (
        "unplayed",
        1,
        0,
    )
    assert (result["winner"], result["conceded_by"], result["both_lost"]) == (
        humans.pk,
        orcs.pk,
        False,
    )
    assert Match.objects.get(pk=match.pk).status == Match.Status.COMPLETE


def test_the_api_records_a_loss_for_both(match, alice):
    response = api_as(alice).post(
        f"/api/matches/{match.pk}/unplayed/", {}, format="json"
    )

    assert response.status_code == 201
    result = response.json()["result"]
    assert (result["winner"], result["both_lost"], result["conceded_by"]) == (
        None,
        True,
        None,
    )


def test_the_api_refuses_a_team_not_in_the_match_with_nothing_written(
    match, alice, eleven, dave
):
    from tests.factories import draft_team

    outsider = draft_team(eleven, dave, roster="dwarf", name="Grudgebearers")
    before = unchanged()

    response = api_as(alice).post(
        f"/api/matches/{match.pk}/unplayed/",
        {"conceded_by": outsider.pk},
        format="json",
    )

    assert response.status_code == 400
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [
        ("not_in_match", "conceded_by")
    ]
    assert unchanged() == before


def test_the_api_refuses_a_match_with_a_result(match, alice):
    api_as(alice).post(f"/api/matches/{match.pk}/unplayed/", {}, format="json")
    before = unchanged()

    response = api_as(alice).post(
        f"/api/matches/{match.pk}/unplayed/", {}, format="json"
    )

    assert response.status_code == 400
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [
        ("already_reported", None)
    ]
    assert unchanged() == before


def test_the_api_is_the_commissioners_alone(match, bob, orcs):
    before = unchanged()

    response = api_as(bob).post(
        f"/api/matches/{match.pk}/unplayed/", {"conceded_by": orcs.pk}, format="json"
    )

    assert response.status_code == 403
    assert unchanged() == before


def test_the_standings_api_counts_the_unplayed_fixtures(match, alice, humans):
    api_as(alice).post(f"/api/matches/{match.pk}/unplayed/", {}, format="json")

    rows = (
        api_as(alice).get(f"/api/seasons/{match.season_id}/standings/").json()["rows"]
    )

    assert sorted((r["team"], r["lost"], r["points"], r["unplayed"]) for r in rows) == [
        (match.home_id, 1, 0, 1),
        (match.away_id, 1, 0, 1),
    ]


# --- the pages -------------------------------------------------------------------


def test_the_commissioner_records_a_fixture_unplayed_on_its_page(
    client, match, alice, orcs, django_capture_on_commit_callbacks
):
    client.force_login(alice)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert f'href="/matches/{match.pk}/unplayed/"' in page
    form = client.get(f"/matches/{match.pk}/unplayed/").content.decode()
    assert "Nobody conceded: a loss for both teams" in form
    assert "Gouged Eye conceded: Reikland Reavers win 1–0" in form

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            f"/matches/{match.pk}/unplayed/",
            {"conceded_by": orcs.pk, "reason": "real life"},
        )

    assert response.status_code == 302
    assert MatchResult.objects.get(match=match).conceded_by_id == orcs.pk
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert (
        "Not played: Gouged Eye conceded the fixture, and Reikland Reavers win "
        "1–0, with D6 × 10,000 gold pieces and two MVP awards."
    ) in page
    assert "Winnings: Reikland Reavers gain" in page
    assert "Override the result" not in page
    season = client.get(f"/seasons/{match.season_id}/").content.decode()
    assert "unplayed: Gouged Eye conceded" in season


def test_the_page_shows_a_loss_for_both(client, match, alice):
    client.force_login(alice)

    response = client.post(
        f"/matches/{match.pk}/unplayed/", {"conceded_by": "", "reason": "time up"}
    )

    assert response.status_code == 302
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert "Not played by the end of its time limit: a loss for both teams." in page
    season = client.get(f"/seasons/{match.season_id}/").content.decode()
    assert "unplayed: a loss for both" in season
    assert "(1 unplayed)" in season


def test_the_page_needs_a_reason_and_writes_nothing_without(client, match, alice):
    client.force_login(alice)
    before = unchanged()

    response = client.post(f"/matches/{match.pk}/unplayed/", {"conceded_by": ""})

    assert response.status_code == 400
    assert unchanged() == before


def test_the_page_shows_a_refusal_next_to_its_field(client, match, alice):
    client.force_login(alice)
    match_record_unplayed(match_id=match.pk, actor=alice)
    before = unchanged()

    response = client.post(
        f"/matches/{match.pk}/unplayed/", {"conceded_by": "", "reason": "again"}
    )

    assert response.status_code == 400
    assert "this match has a result" in response.content.decode()
    assert unchanged() == before


def test_the_page_is_the_commissioners_alone(client, match, bob):
    client.force_login(bob)

    assert client.get(f"/matches/{match.pk}/unplayed/").status_code == 403
    assert (
        "Record as unplayed" not in client.get(f"/matches/{match.pk}/").content.decode()
    )


# --- calendar and webhooks -------------------------------------------------------


def test_the_news_and_calendar_say_unplayed(match, alice, orcs, settings):
    settings.SITE_URL = "https://dugout.test"
    result = match_record_unplayed(match_id=match.pk, actor=alice, conceded_by=orcs.pk)
    match.refresh_from_db()

    news = result_news(match, result)

    assert news.title == "Reikland Reavers 1–0 Gouged Eye"
    assert news.text.endswith(
        "not played: Gouged Eye conceded it, a 1–0 win for the other team."
    )
    assert (news.data["mode"], news.data["conceded_by"]) == ("unplayed", orcs.pk)


def test_the_news_of_a_loss_for_both_has_no_score(match, alice, settings):
    settings.SITE_URL = "https://dugout.test"
    result = match_record_unplayed(match_id=match.pk, actor=alice)
    match.refresh_from_db()

    news = result_news(match, result)

    assert news.title == "Reikland Reavers v Gouged Eye: unplayed, a loss for both"
    assert news.data["both_lost"] is True
