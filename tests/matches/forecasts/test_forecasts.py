"""Forecasts of scheduled fixtures: what the
underdog is given, the forecast stored and kept until a roster changes, the
sweep, the pages that show it."""

from __future__ import annotations

import html

import pytest

from engine.forecast import Outcome, summarise
from engine.variants import get_variant
from league.services.teams import team_buy
from matches.engine_bridge import team_snapshot
from matches.forecasts.services import (
    forecasts_due,
    inputs_from_snapshots,
    match_forecast_refresh,
    underdog_inducements,
)
from matches.models import Match, MatchForecast, TaskProgress
from matches.seasons.services import season_create, season_schedule
from matches.tasks import forecasts_sweep_task
from tests.factories import draft_team
from tests.matches.conftest import one_match


@pytest.fixture(autouse=True)
def few_games(settings):
    settings.FORECAST_GAMES = 4


# --- the engine's summary ---------------------------------------------------------


def test_a_summary_counts_shares_and_means() -> None:
    f = summarise(
        [
            Outcome((2, 1), (1, 0)),
            Outcome((0, 0), (0, 2)),
            Outcome((1, 3), (3, 1)),
            Outcome((1, 0), (0, 0)),
        ],
        seconds=1.5,
    )
    assert (f.games, f.home_win, f.draw, f.away_win) == (4, 0.5, 0.25, 0.25)
    assert (f.home_td, f.away_td) == (1.0, 1.0)
    assert (f.home_cas, f.away_cas) == (1.0, 0.75)


# --- what the underdog gets ---------------------------------------------------------


def test_petty_cash_buys_team_training_then_bribes_then_apothecaries() -> None:
    bb = get_variant("bb2020")  # 100,000 each; at most 8, 3 and 2
    assert underdog_inducements(bb, 99_999) == {}
    assert underdog_inducements(bb, 250_000) == {"extra_team_training": 2}
    assert underdog_inducements(bb, 1_150_000) == {
        "extra_team_training": 8,
        "bribes": 3,
    }
    assert underdog_inducements(bb, 1_399_999) == {
        "extra_team_training": 8,
        "bribes": 3,
        "wandering_apothecaries": 2,
    }
    sevens = get_variant("sevens")  # team training 150,000 there
    assert underdog_inducements(sevens, 400_000) == {
        "extra_team_training": 2,
        "bribes": 1,
    }


def test_the_lower_team_gets_its_petty_cash_and_the_prayers_left(humans, orcs):
    # Orcs buy a re-roll: CTV 550,000 + 60,000 (its value) against 550,000
    team_buy(team_id=orcs.pk, item="rerolls")
    orcs.refresh_from_db()
    home, away = team_snapshot(humans), team_snapshot(orcs)
    assert (home["ctv"], away["ctv"]) == (550_000, 610_000)

    inputs = inputs_from_snapshots(get_variant("bb2020"), home, away)

    # 60,000 buys no 100,000 inducement; the 60,000 gap is one full 50,000:
    # one Prayer to Nuffle
    assert inputs.given == {"home": {"petty_cash": 60_000, "prayers": 1}, "away": {}}
    assert (inputs.home.prayers, inputs.away.prayers) == (1, 0)
    assert (inputs.home.rerolls, inputs.away.rerolls) == (0, 1)


def test_bb2025_gives_the_underdog_no_prayers(humans, orcs):
    # the same 60,000 gap: Prayers to Nuffle are a BB2025 inducement
    team_buy(team_id=orcs.pk, item="rerolls")
    orcs.refresh_from_db()
    inputs = inputs_from_snapshots(
        get_variant("bb2025"), team_snapshot(humans), team_snapshot(orcs)
    )
    assert inputs.given == {"home": {"petty_cash": 60_000}, "away": {}}
    assert (inputs.home.prayers, inputs.away.prayers) == (0, 0)


def test_no_wandering_apothecaries_for_a_team_that_cannot_hire_an_apothecary(
    eleven, charlie, orcs
):
    """BB2020 inducements_in_detail.md: "0-2 Wandering Apothecaries -
    100,000 gold pieces each (not available to teams that cannot hire an
    apothecary)". Shambling Undead cannot: 1,300,000 of petty cash buys the
    8 Extra Team Training and 3 Bribes, and the 200,000 left is lost."""
    bb = get_variant("bb2020")
    undead = draft_team(eleven, charlie, roster="shambling-undead", name="Deadlings")
    home, away = team_snapshot(undead), team_snapshot(orcs)
    away["ctv"] = home["ctv"] + 1_300_000

    inputs = inputs_from_snapshots(bb, home, away)

    assert inputs.given["home"]["petty_cash"] == 1_300_000
    assert "wandering_apothecaries" not in inputs.given["home"]
    assert inputs.given["home"]["extra_team_training"] == 8
    assert inputs.given["home"]["bribes"] == 3
    assert inputs.home.rerolls == undead.rerolls + 8
    # Orcs may hire one: the same gap the other way buys their two
    home, away = team_snapshot(orcs), team_snapshot(undead)
    away["ctv"] = home["ctv"] + 1_300_000
    given = inputs_from_snapshots(bb, home, away).given
    assert given["home"]["wandering_apothecaries"] == 2
    assert underdog_inducements(bb, 1_399_999, apothecary=False) == {
        "extra_team_training": 8,
        "bribes": 3,
    }


def test_a_bigger_gap_buys_team_training_first(humans, orcs):
    for _ in range(3):
        team_buy(team_id=orcs.pk, item="rerolls")  # CTV + 180,000
    orcs.refresh_from_db()
    inputs = inputs_from_snapshots(
        get_variant("bb2020"), team_snapshot(humans), team_snapshot(orcs)
    )
    # 180,000: one Extra Team Training (100,000), then 80,000 apart: 1 prayer
    assert inputs.given["home"] == {
        "petty_cash": 180_000,
        "extra_team_training": 1,
        "prayers": 1,
    }
    assert inputs.home.rerolls == 1


# --- stored, kept, refreshed ----------------------------------------------------------


def test_a_forecast_is_stored_and_kept_while_the_rosters_stay(eleven, humans, orcs):
    match = one_match(eleven, humans, orcs)

    first = match_forecast_refresh(match_id=match.pk)

    assert first is not None
    assert first.games == 4
    assert first.home_win + first.draw + first.away_win == pytest.approx(1.0)
    assert sum(first.percents) == 100
    assert forecasts_due(season_id=match.season_id) == []
    again = match_forecast_refresh(match_id=match.pk)
    assert (again.pk, again.computed_at, again.seconds) == (
        first.pk,
        first.computed_at,
        first.seconds,
    )


def test_a_roster_change_makes_the_forecast_due_again(eleven, humans, orcs):
    match = one_match(eleven, humans, orcs)
    before = match_forecast_refresh(match_id=match.pk)

    team_buy(team_id=orcs.pk, item="rerolls")

    assert forecasts_due(season_id=match.season_id) == [match.pk]
    after = match_forecast_refresh(match_id=match.pk)
    assert after.pk == before.pk
    assert after.rosters_key != before.rosters_key
    assert after.inducements["home"]["petty_cash"] == 60_000
    assert MatchForecast.objects.count() == 1


def test_the_same_rosters_and_seed_give_the_same_forecast(eleven, humans, orcs):
    match = one_match(eleven, humans, orcs)
    first = match_forecast_refresh(match_id=match.pk)
    shares = (first.home_win, first.draw, first.away_win, first.home_td, first.away_cas)
    MatchForecast.objects.all().delete()

    second = match_forecast_refresh(match_id=match.pk)

    assert (
        second.home_win,
        second.draw,
        second.away_win,
        second.home_td,
        second.away_cas,
    ) == shares


def test_no_forecast_for_a_match_no_longer_scheduled(eleven, humans, orcs):
    match = one_match(eleven, humans, orcs)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.COMPLETE)

    assert match_forecast_refresh(match_id=match.pk) is None
    assert not MatchForecast.objects.exists()


def test_the_sweep_leaves_a_season_being_resolved_alone(sevens, four_teams, alice):
    season = season_create(league=sevens, name="Spring", seed=3)
    season_schedule(season_id=season.pk)
    assert len(forecasts_due(season_id=season.pk)) == 6
    assert len(forecasts_due(season_id=season.pk, limit=2)) == 2
    running = TaskProgress.objects.create(kind="resolve_season", season=season)

    assert forecasts_due(season_id=season.pk) == []

    # work running for no season (none is made today) holds back no season
    running.season = None
    running.save()
    assert len(forecasts_due(season_id=season.pk)) == 6

    running.delete()
    forecasts_sweep_task()  # eager: forecasts at most FORECAST_SWEEP_MAX now
    assert MatchForecast.objects.filter(match__season=season).count() == 6
    assert forecasts_due(season_id=season.pk) == []


# --- the pages -------------------------------------------------------------------------


def test_the_fixture_page_shows_its_forecast(client, eleven, humans, orcs):
    match = one_match(eleven, humans, orcs)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert 'data-testid="forecast"' not in page

    f = match_forecast_refresh(match_id=match.pk)
    page = client.get(f"/matches/{match.pk}/").content.decode()

    home, draw, away = f.percents
    assert f'data-testid="forecast-home">{home}%<' in page
    assert f'data-testid="forecast-draw">{draw}%<' in page
    assert f'data-testid="forecast-away">{away}%<' in page
    assert "The engine played this fixture 4 times" in page


@pytest.mark.parametrize(
    ("rerolls", "given"),
    [
        # 60,000 apart: petty cash of 60,000 buys none of the policy's
        # inducements (100,000 each, docs/commissioner.md "Forecasts"), and
        # the 60,000 gap left is one Prayer to Nuffle (one per full 50,000)
        (1, "petty cash of 60,000, too little for any inducement"),
        # 180,000 apart: one Extra Team Training (100,000), then 80,000
        # apart: one Prayer
        (3, "petty cash of 180,000 spent on Extra Team Training ×1"),
    ],
)
def test_the_fixture_page_says_what_the_underdog_was_given(
    client, eleven, humans, orcs, rerolls, given
):
    """The page says what the forecast gave the underdog, as it computed
    it: never "spent on re-rolls and bribes" of petty cash that bought
    nothing, and the Prayers to Nuffle the gap still gave."""
    for _ in range(rerolls):
        team_buy(team_id=orcs.pk, item="rerolls")  # Orcs' CTV + 60,000 each
    match = one_match(eleven, humans, orcs)
    match_forecast_refresh(match_id=match.pk)

    page = html.unescape(client.get(f"/matches/{match.pk}/").content.decode())

    assert (
        f"; {humans.name}'s {given}; Prayers to Nuffle ×1 for {humans.name}. "
        "It is played again when a roster changes."
    ) in page
    assert "re-rolls and bribes" not in page


def test_teams_of_equal_value_are_given_nothing(client, eleven, humans, orcs):
    match = one_match(eleven, humans, orcs)
    forecast = match_forecast_refresh(match_id=match.pk)
    assert forecast.inducements == {"home": {}, "away": {}}

    page = html.unescape(client.get(f"/matches/{match.pk}/").content.decode())

    assert "petty cash" not in page
    assert "Prayers to Nuffle" not in page


def test_the_season_page_predicts_the_table_once_every_fixture_left_is_forecast(
    client, sevens, four_teams
):
    season = season_create(league=sevens, name="Spring", seed=3)
    season_schedule(season_id=season.pk)
    first, *rest = Match.objects.filter(season=season).order_by("round", "pk")
    match_forecast_refresh(match_id=first.pk)

    page = client.get(f"/seasons/{season.pk}/").content.decode()
    assert "1 of 6 fixtures left have their forecast so far" in page
    assert 'data-testid="prediction"' not in page
    assert page.count('data-testid="fixture-forecast"') == 1

    for m in rest:
        match_forecast_refresh(match_id=m.pk)
    page = client.get(f"/seasons/{season.pk}/").content.decode()

    assert 'data-testid="prediction"' in page
    assert page.count('data-testid="fixture-forecast"') == 6
    for team in four_teams:
        assert f'href="/teams/{team.pk}/">{team.name}</a></th>' in page


# --- scoring forecasts against what happened -----------------------------------------


def test_the_brier_score_of_three_outcomes() -> None:
    from matches.forecasts.score import brier

    assert brier((1.0, 0.0, 0.0), 0) == 0.0
    assert brier((1 / 3, 1 / 3, 1 / 3), 1) == pytest.approx(2 / 3)
    # 0.5² + 0.3² + (0.2 - 1)² = 0.25 + 0.09 + 0.64
    assert brier((0.5, 0.3, 0.2), 2) == pytest.approx(0.98)


def test_played_matches_are_forecast_again_from_their_kickoff_rosters_and_scored(
    eleven, humans, orcs, bob, django_capture_on_commit_callbacks
):
    from django.core.management import call_command

    from matches.forecasts.score import (
        brier,
        score_forecasts,
        scoreable_matches,
    )
    from tests.matches.conftest import play_recorded

    match = one_match(eleven, humans, orcs)
    play_recorded(match, 2, 0, actor=bob, capture=django_capture_on_commit_callbacks)
    assert match.season.__class__.objects.get(pk=match.season_id).status == "complete"

    [scored] = scoreable_matches(eleven.pk)
    report = score_forecasts([scored], games=4)

    assert (report.matches, report.games_per_match, report.draw_share) == (1, 4, 0.0)
    assert report.uniform == pytest.approx(2 / 3)
    # equal team values and no draws: the naive forecast says 50% - 50%
    assert report.naive_tv == pytest.approx(brier((0.5, 0.0, 0.5), 0))
    assert 0.0 <= report.engine <= 2.0

    import io

    out = io.StringIO()
    call_command(
        "forecast",
        "--brier",
        "--games",
        "2",
        "--league",
        str(eleven.pk),
        stdout=out,
        stderr=io.StringIO(),
    )
    import json

    printed = json.loads(out.getvalue())
    assert printed["matches"] == 1
    assert printed["brier_uniform"] == pytest.approx(0.6667)


# --- a card format ---------------------------------------------------------------------


def test_a_blitz_bowl_fixture_is_forecast_on_points(client, alice, bob, charlie):
    from league.services.card_teams import team_draft_card
    from league.services.leagues import league_create
    from tests.factories import make_member

    league = league_create(
        commissioner=alice, name="Blitz Forecast", format="blitz-bowl"
    )
    make_member(league, bob, charlie)
    home = team_draft_card(league=league, coach=bob, name="Hammers", card="dwarf")
    away = team_draft_card(league=league, coach=charlie, name="Boyz", card="orc")
    match = one_match(league, home, away)

    f = match_forecast_refresh(match_id=match.pk)

    assert f is not None
    assert f.games == 4
    assert f.home_win + f.draw + f.away_win == pytest.approx(1.0)
    assert (f.home_cas, f.away_cas) == (0.0, 0.0)  # the card game keeps none
    assert f.inducements == {"home": {}, "away": {}}  # no money moves
    assert f.home_td + f.away_td > 0  # points: a Blitz game always scores some
    assert forecasts_due(season_id=match.season_id) == []
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert 'data-testid="forecast"' in page
    assert "Expected points" in page
    assert "casualties caused" not in page
