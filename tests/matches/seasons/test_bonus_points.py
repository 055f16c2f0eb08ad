"""The rulebook's optional bonus League points (league_and_exhibition_play.md
"League Scoring": "league commissioners may wish to award bonus League
points" +1 for scoring 3 or more touchdowns, +1 for conceding 0, +1 for
causing 3 or more Casualties that earn SPP): a league takes them or not, its
seasons pin the choice, the table counts them, and a format whose league
rules offer none refuses them with nothing written."""

from __future__ import annotations

import pytest

from engine.facade import get_variant
from league.errors import ServiceError
from league.services.leagues import league_create
from matches.reports.lines import CasualtyLine, PlayerLine, Report
from matches.seasons.selectors import season_standings
from matches.seasons.services import season_create, season_schedule
from matches.seasons.standings import Game, table
from tests.factories import draft_team, make_member
from tests.league.accounts_support import everything
from tests.matches.conftest import roster

BONUSES = get_variant("bb2020").league_bonuses()


def rows_by_team(rows):
    return {r.team_id: (r.points, r.bonus_points) for r in rows}


def test_a_3_0_win_with_three_spp_casualties_earns_all_three_bonus_points():
    # 3 for the win, +1 three touchdowns, +1 none conceded, +1 three casualties
    game = Game(1, 2, 3, 0, 3, 0, home_spp_casualties=3)

    rows = table([1, 2], [game], bonuses=BONUSES)

    assert rows_by_team(rows) == {1: (6, 3), 2: (0, 0)}


def test_each_bonus_counts_on_its_own_threshold():
    games = [
        # 2 touchdowns and 2 casualties: short of both thresholds; the
        # loser conceded 2
        Game(1, 2, 2, 0, 2, 0, home_spp_casualties=2),
        # a 0-0 draw: a clean sheet each
        Game(3, 4, 0, 0, 0, 0),
        # a 3-4 loss with 3 SPP casualties: +1 touchdowns, +1 casualties
        Game(5, 6, 3, 4, 3, 0, home_spp_casualties=3),
    ]

    rows = table([1, 2, 3, 4, 5, 6], games, bonuses=BONUSES)

    assert rows_by_team(rows) == {
        1: (4, 1),
        2: (0, 0),
        3: (2, 1),
        4: (2, 1),
        5: (2, 2),
        # four touchdowns: +1; conceded 3
        6: (4, 1),
    }


def test_casualties_that_earn_no_spp_earn_no_bonus():
    # 3 casualties inflicted, only 2 of them the SPP ones
    game = Game(1, 2, 1, 1, 3, 0, home_spp_casualties=2)

    rows = table([1, 2], [game], bonuses=BONUSES)

    assert rows_by_team(rows) == {1: (1, 0), 2: (1, 0)}


def test_an_unplayed_fixture_earns_no_bonus():
    """Decision (standings.py): no game was played, so the 1-0 of a
    conceded fixture is no clean sheet, nor the 0-0 of one nobody played."""
    conceded = Game(1, 2, 0, 1, 0, 0, unplayed=True)
    lost_both = Game(3, 4, 0, 0, 0, 0, unplayed=True, both_lost=True)

    rows = table([1, 2, 3, 4], [conceded, lost_both], bonuses=BONUSES)

    assert rows_by_team(rows) == {1: (0, 0), 2: (3, 0), 3: (0, 0), 4: (0, 0)}


def test_which_formats_offer_the_bonus_points():
    offered = {
        v: bool(get_variant(v).league_bonuses())
        for v in ("bb2020", "sevens", "classic", "bb2025", "dungeon-bowl", "blitz-bowl")
    }

    assert offered == {
        "bb2020": True,
        "sevens": True,
        "classic": True,
        "bb2025": True,
        # Dungeon Bowl's League Scoring has its casualty bonus alone
        "dungeon-bowl": False,
        "blitz-bowl": False,
    }
    assert [(b.kind, b.threshold, b.points) for b in BONUSES] == [
        ("touchdowns", 3, 1),
        ("conceded", 0, 1),
        ("casualties", 3, 1),
    ]


@pytest.mark.django_db
@pytest.mark.parametrize("fmt", ["dungeon-bowl", "blitz-bowl"])
def test_a_format_without_them_refuses_them_and_writes_nothing(alice, fmt):
    before = everything()

    with pytest.raises(ServiceError) as refused:
        league_create(commissioner=alice, name="Greedy", format=fmt, bonus_points=True)

    assert [(v.code, v.field) for v in refused.value.violations] == [
        ("not_for_format", "bonus_points")
    ]
    assert everything() == before


@pytest.mark.django_db
def test_the_api_takes_them_and_refuses_them_by_field(client, alice):
    client.force_login(alice)
    before = everything()

    refused = client.post(
        "/api/leagues/",
        {"name": "Deep", "format": "dungeon-bowl", "bonus_points": True},
        content_type="application/json",
    )

    assert refused.status_code == 400
    assert [(e["code"], e["field"]) for e in refused.json()["errors"]] == [
        ("not_for_format", "bonus_points")
    ]
    assert everything() == before

    made = client.post(
        "/api/leagues/",
        {"name": "Bonus Bowl", "format": "bb2020", "bonus_points": True},
        content_type="application/json",
    )
    assert made.status_code == 201
    assert made.json()["bonus_points"] is True
    # off unless taken
    plain = client.post(
        "/api/leagues/",
        {"name": "Plain Bowl", "format": "bb2020"},
        content_type="application/json",
    )
    assert plain.json()["bonus_points"] is False


@pytest.mark.django_db
def test_a_season_counts_them_from_its_reports(
    client, alice, bob, charlie, django_capture_on_commit_callbacks
):
    from matches.reports.report import match_submit_report

    league = league_create(
        commissioner=alice, name="Bonus League", format="bb2020", bonus_points=True
    )
    make_member(league, bob, charlie)
    humans = draft_team(league, bob, roster="human", name="Bonus Humans")
    orcs = draft_team(league, charlie, roster="orc", name="Bonus Orcs")
    season = season_create(league=league, name="One", seed=5)
    (match,) = season_schedule(season_id=season.pk)
    assert season.settings["bonus_points"] is True
    winner, loser = roster(humans), roster(orcs)
    # the Humans win 3-0, their #1 scoring all three and their #2 causing
    # three Badly Hurt casualties (each earns SPP)
    report = Report(
        *((3, 0) if match.home_id == humans.pk else (0, 3)),
        players=[
            PlayerLine(winner[0].pk, touchdowns=3),
            PlayerLine(winner[1].pk, casualties_inflicted=3),
        ],
        casualties=[
            CasualtyLine(loser[i].pk, casualty_roll=1, inflicted_by=winner[1].pk)
            for i in (1, 2, 3)
        ],
    )
    with django_capture_on_commit_callbacks(execute=True):
        match_submit_report(match_id=match.pk, report=report, actor=alice)

    rows = {r.team_id: r for r in season_standings(season)}

    assert (rows[humans.pk].points, rows[humans.pk].bonus_points) == (6, 3)
    assert (rows[orcs.pk].points, rows[orcs.pk].bonus_points) == (0, 0)
    # the season page shows them beside the team, counted in its points
    page = client.get(f"/seasons/{season.pk}/").content.decode()
    assert page.count('data-testid="bonus-points"') == 1
    assert "(+3 bonus)" in page
    # and the API's standings
    standings = client.get(f"/api/seasons/{season.pk}/standings/").json()["rows"]
    got = {r["team"]: (r["points"], r["bonus_points"]) for r in standings}
    assert got == {humans.pk: (6, 3), orcs.pk: (0, 0)}


@pytest.mark.django_db
def test_a_season_keeps_the_choice_it_was_created_with(
    eleven, alice, bob, charlie, django_capture_on_commit_callbacks
):
    from tests.matches.conftest import play_recorded

    # a league without the bonus; a season; then the league takes them
    humans = draft_team(eleven, bob, roster="human", name="Keep Humans")
    orcs = draft_team(eleven, charlie, roster="orc", name="Keep Orcs")
    season = season_create(league=eleven, name="Before", seed=5)
    eleven.bonus_points = True
    eleven.save(update_fields=["bonus_points"])
    (match,) = season_schedule(season_id=season.pk)
    assert "bonus_points" not in season.settings

    # a 0-0 draw: with the bonus it would be 2 points each
    play_recorded(match, 0, 0, actor=alice, capture=django_capture_on_commit_callbacks)

    rows = {r.team_id: (r.points, r.bonus_points) for r in season_standings(season)}
    assert rows == {humans.pk: (1, 0), orcs.pk: (1, 0)}
