"""A casualty suffered by a player hired for the match (a Star Player, a
mercenary) is a casualty caused like any other: the result's counts, the
standings' CAS columns and tiebreaker, the team record and the league
points that count casualties all hold it, for a recorded match (through a
report that stands at once or once confirmed, and after a commissioner's
override) and for one the engine played.

The rules behind the figures: the player who causes a casualty earns 2 SPP,
Star Players and mercenaries earn none (core_rules/post-game_sequence.md
"Earning Star Player Points", "Recording Star Player Points"); Dungeon
Bowl's bonus League point counts "only those [Casualties] that generate
SPP" (dungeon_bowl/league_and_exhibition_play.md "League Scoring")."""

from __future__ import annotations

from importlib import import_module

import pytest
from django.apps import apps as django_apps

from engine.campaign.stars import STAR_ID_BASE
from engine.core.model import CasualtyRecord, PlayerStats
from engine.core.model import MatchResult as EngineResult
from engine.variants import get_variant
from league.models import League, Team
from matches.models import Match, MatchResult
from matches.postgame.override import match_override_result
from matches.prematch.inducements import Purchase, match_buy_inducements
from matches.reports.confirmation import report_confirm
from matches.reports.lines import CasualtyLine, PlayerLine, Report
from matches.reports.report import match_submit_report
from matches.resolution.resolve import match_resolve
from matches.seasons.casualties import casualties_caused
from matches.seasons.selectors import season_standings
from tests.factories import draft_team
from tests.matches.conftest import one_match

GRIFF, MORG = "griff-oberwald", "morg-n-thorg"
# The engine ids of the Humans' hires, in the order hired.
GRIFF_ID, MORG_ID = STAR_ID_BASE, STAR_ID_BASE + 1
BADLY_HURT = 1  # D16 1-6 (the_rules_of_blood_bowl.md "Casualty Table")
CAS_SPP = 2


@pytest.fixture
def hired(eleven, bob, charlie):
    """Bob's Humans at home to Charlie's Orcs (Blood Bowl 2020); the Humans
    hire Griff Oberwald, then Morg 'n' Thorg."""
    home = draft_team(eleven, bob, roster="human", name="Reavers")
    away = draft_team(eleven, charlie, roster="orc", name="Orcs")
    Team.objects.filter(pk=home.pk).update(treasury=1_000_000)
    match = one_match(eleven, home, away)
    match_buy_inducements(
        match_id=match.pk,
        team_id=home.pk,
        actor=bob,
        items=[Purchase("star_players", star_player=s) for s in (GRIFF, MORG)],
    )
    return match, home, away


def _level_report(home: Team, away: Team) -> Report:
    """1-1. Human #4 hurts Orc #2 (Badly Hurt); Orc #3 hurts Griff and Orc
    #4 hurts Morg: the Humans cause 1 casualty, the Orcs 2."""
    human, orc = home.players.get, away.players.get
    return Report(
        home_score=1,
        away_score=1,
        players=[
            PlayerLine(human(number=1).pk, touchdowns=1),
            PlayerLine(orc(number=1).pk, touchdowns=1),
            PlayerLine(human(number=4).pk, casualties_inflicted=1),
            PlayerLine(orc(number=3).pk, casualties_inflicted=1),
            PlayerLine(orc(number=4).pk, casualties_inflicted=1),
        ],
        casualties=[
            CasualtyLine(
                player_id=orc(number=2).pk,
                inflicted_by=human(number=4).pk,
                casualty_roll=BADLY_HURT,
            ),
            CasualtyLine(star_player=GRIFF, inflicted_by=orc(number=3).pk),
            CasualtyLine(star_player=MORG, inflicted_by=orc(number=4).pk),
        ],
        fan_factor_rolls=(1, 1),
    )


def _table(match: Match) -> list[tuple[int, int, int, int, list[str]]]:
    return [
        (r.team_id, r.cas_for, r.cas_against, r.cas_diff, r.tiebreak_notes)
        for r in season_standings(match.season)
    ]


# --- a recorded match ---------------------------------------------------------


def test_a_recorded_matchs_counts_hold_the_stars_casualties(hired, alice):
    # given
    match, home, away = hired

    # when
    result = match_submit_report(
        match_id=match.pk, actor=alice, report=_level_report(home, away)
    )

    # then: Orc #2's casualty is the Humans', Griff's and Morg's the Orcs'
    result.refresh_from_db()
    assert (result.home_casualties, result.away_casualties) == (1, 2)
    assert len(result.casualties) == 1
    assert result.hired_casualties == [
        {
            "team_id": home.pk,
            "player_id": None,
            "star_player": GRIFF,
            "inflicted_by": away.players.get(number=3).pk,
        },
        {
            "team_id": home.pk,
            "player_id": None,
            "star_player": MORG,
            "inflicted_by": away.players.get(number=4).pk,
        },
    ]


def test_the_standings_order_level_teams_by_the_stars_casualties(client, hired, alice):
    # given a draw: level on points and touchdowns
    match, home, away = hired

    # when
    match_submit_report(
        match_id=match.pk, actor=alice, report=_level_report(home, away)
    )

    # then the Orcs, 2 caused and 1 suffered, go above the Humans on the
    # casualties caused (the rulebook's "total casualties")
    assert _table(match) == [
        (away.pk, 2, 1, 1, ["td_for", "cas_for"]),
        (home.pk, 1, 2, -1, ["td_for", "cas_for"]),
    ]
    html = client.get(f"/teams/{home.pk}/").content.decode()
    assert "casualties 1 caused, 2 suffered" in html
    body = client.get(f"/api/seasons/{match.season_id}/standings/").json()
    assert [(r["team"], r["cas_for"], r["cas_against"]) for r in body["rows"]] == [
        (away.pk, 2, 1),
        (home.pk, 1, 2),
    ]


def test_a_confirmed_report_counts_the_stars_casualties(hired, bob, charlie):
    # given a league where the other coach confirms a coach's report
    match, home, away = hired
    League.objects.filter(pk=match.season.league_id).update(report_confirmation_days=3)
    submission = match_submit_report(
        match_id=match.pk, actor=bob, report=_level_report(home, away)
    )
    assert not MatchResult.objects.filter(match=match).exists()

    # when
    result = report_confirm(submission_id=submission.pk, actor=charlie)

    # then
    result.refresh_from_db()
    assert (result.home_casualties, result.away_casualties) == (1, 2)


def test_an_override_keeps_the_stars_casualties(hired, alice):
    # given
    match, home, away = hired
    match_submit_report(
        match_id=match.pk, actor=alice, report=_level_report(home, away)
    )

    # when the commissioner makes it a home win
    match_override_result(
        match_id=match.pk, home_score=2, away_score=1, reason="miscount", actor=alice
    )

    # then the casualties caused are those of the game
    result = MatchResult.objects.get(match=match)
    assert (result.home_score, result.home_casualties, result.away_casualties) == (
        2,
        1,
        2,
    )
    assert [(r[0], r[1], r[2]) for r in _table(match)] == [
        (home.pk, 1, 2),
        (away.pk, 2, 1),
    ]


# --- a match the engine played ---------------------------------------------------


@pytest.fixture
def resolved(hired, monkeypatch):
    """The engine's result: 1-1; Morg hurts Orc #2 (Badly Hurt), Orc #3
    hurts Griff and Orc #4 hurts Morg (both Badly Hurt)."""
    match, home, away = hired
    orc = away.players.get
    result = EngineResult(
        ruleset="bb2020",
        score=(1, 1),
        winner=None,
        fan_factor=(2, 2),
        fan_factor_d3=(1, 1),
        weather="perfect",
        player_stats={
            home.players.get(number=1).pk: PlayerStats(touchdowns=1),
            orc(number=1).pk: PlayerStats(touchdowns=1),
            MORG_ID: PlayerStats(casualties_inflicted=1),
            orc(number=3).pk: PlayerStats(casualties_inflicted=1),
            orc(number=4).pk: PlayerStats(casualties_inflicted=1),
        },
        # each a Block's casualty, credited to the player who caused it
        casualties=(
            CasualtyRecord(
                orc(number=2).pk,
                "away",
                "badly_hurt",
                d16=1,
                inflicted_by=MORG_ID,
                spp=True,
            ),
            CasualtyRecord(
                GRIFF_ID,
                "home",
                "badly_hurt",
                d16=1,
                inflicted_by=orc(number=3).pk,
                spp=True,
            ),
            CasualtyRecord(
                MORG_ID,
                "home",
                "badly_hurt",
                d16=1,
                inflicted_by=orc(number=4).pk,
                spp=True,
            ),
        ),
        knocked_out=(),
        sent_off=(),
        conceded=None,
        turns_played=(8, 8),
    )
    monkeypatch.setattr(
        "matches.resolution.resolve.engine_play", lambda **_: (result, [])
    )
    assert match_resolve(match_id=match.pk)
    return match, home, away


def test_a_resolved_matchs_counts_hold_the_stars_casualties(resolved):
    # given
    match, home, away = resolved

    # when
    result = MatchResult.objects.get(match=match)

    # then
    assert (result.home_casualties, result.away_casualties) == (1, 2)
    assert [c["player_id"] for c in result.casualties] == [
        away.players.get(number=2).pk
    ]
    assert result.hired_casualties == [
        {
            "team_id": home.pk,
            "player_id": pid,
            "star_player": None,
            "inflicted_by": away.players.get(number=number).pk,
            "spp": True,
        }
        for pid, number in ((GRIFF_ID, 3), (MORG_ID, 4))
    ]
    assert _table(match) == [
        (away.pk, 2, 1, 1, ["td_for", "cas_for"]),
        (home.pk, 1, 2, -1, ["td_for", "cas_for"]),
    ]


def test_league_points_for_spp_casualties_count_a_stars_and_not_his_own(
    resolved, monkeypatch
):
    # given a format whose League points reward SPP casualties, as Dungeon
    # Bowl's do: 1 point for at least 1
    match, home, away = resolved
    monkeypatch.setattr(
        type(get_variant("bb2020")), "casualty_bonus", lambda self: (1, 1)
    )

    # when
    rows = {r.team_id: r for r in season_standings(match.season)}

    # then the Orcs' two casualties of Griff and Morg earned SPP; Morg's
    # casualty of Orc #2 earned none (a Star Player earns no SPP)
    assert (rows[away.pk].bonus_points, rows[away.pk].points) == (1, 1 + 1)
    assert (rows[home.pk].bonus_points, rows[home.pk].points) == (0, 1)


@pytest.mark.parametrize(
    ("inflicted_by", "spp"),
    [(7, 1), (None, 0), (GRIFF_ID, 0)],
    ids=["a rostered player", "no one named", "a Star Player"],
)
def test_a_hired_players_casualty_earns_spp_when_a_rostered_player_caused_it(
    inflicted_by, spp
):
    # given a casualty of the home team's Star Player
    hired = [
        {
            "team_id": 1,
            "player_id": MORG_ID,
            "star_player": None,
            "inflicted_by": inflicted_by,
        }
    ]

    # when
    caused = casualties_caused(home_id=1, away_id=2, casualties=[], hired=hired)

    # then the away team caused it
    assert (caused.home, caused.away, caused.home_spp, caused.away_spp) == (
        0,
        1,
        0,
        spp,
    )


# --- results saved before the hired players' casualties counted ------------------

recount_casualties = import_module(
    "matches.migrations.0012_result_hired_casualties"
).recount_casualties


def _stored(match: Match) -> tuple[int, int, list[dict[str, object]]]:
    result = MatchResult.objects.get(match=match)
    return result.home_casualties, result.away_casualties, result.hired_casualties


@pytest.mark.parametrize("mode", ["recorded", "resolved"])
def test_the_migration_counts_the_hired_casualties_of_earlier_results(
    request, mode, alice
):
    # given a result as it was saved before: the Star Players' casualties
    # neither listed nor counted (the Humans' 1 caused, the Orcs' 0)
    if mode == "recorded":
        match, home, away = request.getfixturevalue("hired")
        match_submit_report(
            match_id=match.pk, actor=alice, report=_level_report(home, away)
        )
    else:
        match, home, away = request.getfixturevalue("resolved")
    now = _stored(match)
    # (saved before the engine's casualties carried their ``spp`` flag too)
    now = (*now[:2], [{k: v for k, v in c.items() if k != "spp"} for c in now[2]])
    MatchResult.objects.filter(match=match).update(
        hired_casualties=[], home_casualties=1, away_casualties=0
    )

    # when
    recount_casualties(django_apps, None)

    # then it holds what a result saved now holds; once more changes nothing
    assert _stored(match) == now
    assert now[:2] == (1, 2)
    assert [c["inflicted_by"] for c in now[2]] == [
        away.players.get(number=3).pk,
        away.players.get(number=4).pk,
    ]
    recount_casualties(django_apps, None)
    assert _stored(match) == now


def test_the_migration_leaves_a_result_without_hired_players_as_it_is(
    eleven, bob, charlie, alice
):
    # given a match with no one hired: Orc #2 hurt by Human #4
    home = draft_team(eleven, bob, roster="human", name="Reavers")
    away = draft_team(eleven, charlie, roster="orc", name="Orcs")
    match = one_match(eleven, home, away)
    match_submit_report(
        match_id=match.pk,
        actor=alice,
        report=Report(
            home_score=0,
            away_score=0,
            players=[PlayerLine(home.players.get(number=4).pk, casualties_inflicted=1)],
            casualties=[
                CasualtyLine(
                    player_id=away.players.get(number=2).pk,
                    inflicted_by=home.players.get(number=4).pk,
                    casualty_roll=BADLY_HURT,
                )
            ],
        ),
    )

    # when
    recount_casualties(django_apps, None)

    # then
    assert _stored(match) == (1, 0, [])
