"""Recording a tabletop match: the report, its checks and its refusals."""

import pytest
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction

from engine.campaign import SeededRoller
from league.errors import ServiceError
from league.models import Player, Team
from league.page_cache import is_cache_bump
from matches.models import Match, MatchEvent, MatchResult, RosterSnapshot
from matches.prematch.kickoff import match_kick_off
from matches.reports.lines import CasualtyLine, PlayerLine, Report
from matches.reports.report import match_submit_report
from matches.seasons.services import match_seed
from tests.factories import draft_team
from tests.league.conftest import api_as
from tests.matches.conftest import codes, db_state, one_match, roster

# the D16 casualty table: natural roll -> result
D16 = {
    **dict.fromkeys(range(1, 7), "badly_hurt"),
    **dict.fromkeys(range(7, 10), "seriously_hurt"),
    **dict.fromkeys(range(10, 13), "serious_injury"),
    **dict.fromkeys(range(13, 15), "lasting_injury"),
    **dict.fromkeys(range(15, 17), "dead"),
}
ZERO_STATS = {
    "touchdowns": 0,
    "completions": 0,
    "casualties_inflicted": 0,
    "interceptions": 0,
    "deflections": 0,
    "successful_landings": 0,
}


@pytest.fixture
def match(eleven, humans, orcs):
    """Humans (Charlie) at home to Orcs (Bob), nobody kicked off yet."""
    return one_match(eleven, humans, orcs, seed=555)


@pytest.fixture
def h(humans):
    return roster(humans)


@pytest.fixture
def o(orcs):
    return roster(orcs)


def server_casualty_dice(match, index):
    """What the server rolls for casualty ``index`` entered without dice."""
    roller = SeededRoller(match_seed(match.seed, "casualty", index))
    roll = roller.d(16, "casualty")
    lasting = roller.d(6, "lasting_injury") if D16[roll] == "lasting_injury" else None
    return roll, lasting


def test_a_report_writes_one_result_snapshots_and_events_then_the_postgame_runs(
    match, h, o, bob, humans, orcs, django_capture_on_commit_callbacks
):
    # given Bob reports a 2-1 home win with two casualties, one without dice
    report = Report(
        home_score=2,
        away_score=1,
        players=[
            PlayerLine(h[0].pk, touchdowns=2),
            PlayerLine(h[1].pk, completions=1, casualties_inflicted=1),
            PlayerLine(o[0].pk, touchdowns=1, deflections=1),
        ],
        casualties=[
            CasualtyLine(
                o[1].pk, casualty_roll=13, lasting_roll=4, inflicted_by=h[1].pk
            ),
            CasualtyLine(h[2].pk),
        ],
        fan_factor_rolls=(2, 3),
        notes="muddy pitch",
    )

    # when
    with django_capture_on_commit_callbacks() as callbacks:
        result = match_submit_report(match_id=match.pk, report=report, actor=bob)

    # then exactly one result, as reported
    assert MatchResult.objects.filter(match=match).count() == 1
    result.refresh_from_db()
    rolled, lasting = server_casualty_dice(match, 1)
    assert (
        result.mode,
        result.home_score,
        result.away_score,
        result.home_fan_factor,
        result.away_fan_factor,
        result.conceded_by_id,
        result.home_casualties,
        result.away_casualties,
        result.submitted_by_id,
        result.summary,
    ) == (
        "recorded",
        2,
        1,
        3,
        4,
        None,
        1,
        1,
        bob.pk,
        {"notes": "muddy pitch", "fan_factor_d3": [2, 3]},
    )
    assert result.player_stats == {
        str(h[0].pk): {**ZERO_STATS, "touchdowns": 2},
        str(h[1].pk): {**ZERO_STATS, "completions": 1, "casualties_inflicted": 1},
        str(o[0].pk): {**ZERO_STATS, "touchdowns": 1, "deflections": 1},
    }
    # the entered dice are stored, and the missing ones rolled and stored
    assert result.casualties == [
        {
            "player_id": o[1].pk,
            "team_id": orcs.pk,
            "inflicted_by": h[1].pk,
            "table": "bb2020",
            "casualty_roll": 13,
            "lasting_roll": 4,
            "result": "lasting_injury",
            "regenerated": False,
            "apothecary_used": False,
        },
        {
            "player_id": h[2].pk,
            "team_id": humans.pk,
            "inflicted_by": None,
            "table": "bb2020",
            "casualty_roll": rolled,
            "lasting_roll": lasting,
            "result": D16[rolled],
            "regenerated": False,
            "apothecary_used": False,
        },
    ]
    # both rosters frozen at kick-off
    snaps = {s.team_id: s.data for s in RosterSnapshot.objects.filter(match=match)}
    assert sorted(snaps) == sorted([humans.pk, orcs.pk])
    assert [p["id"] for p in snaps[humans.pk]["players"]] == [p.pk for p in h]
    assert [p["id"] for p in snaps[orcs.pk]["players"]] == [p.pk for p in o]
    assert all(p["available"] for s in snaps.values() for p in s["players"])
    assert (snaps[humans.pk]["treasury"], snaps[humans.pk]["dedicated_fans"]) == (
        450_000,
        1,
    )
    # the report's history
    events = list(MatchEvent.objects.filter(match=match).order_by("seq"))
    assert [(e.seq, e.type) for e in events] == [
        (0, "report"),
        (1, "fan_factor"),
        (2, "report_player"),
        (3, "report_player"),
        (4, "report_player"),
        (5, "casualty_roll"),
        (6, "casualty_roll"),
    ]
    assert events[0].payload == {
        "home_score": 2,
        "away_score": 1,
        "submitted_by": "bob",
        "notes": "muddy pitch",
    }
    assert events[1].payload == {"d3": [2, 3], "fan_factor": [3, 4]}
    assert events[2].payload == {"player_id": h[0].pk, **ZERO_STATS, "touchdowns": 2}
    assert [e.payload for e in events[5:]] == result.casualties
    # played, the teams in the game, the post-game waiting for the commit
    match.refresh_from_db()
    assert (match.status, match.mode, match.postgame_step) == (
        "played",
        "recorded",
        "outcome",
    )
    assert set(
        Team.objects.filter(pk__in=[humans.pk, orcs.pk]).values_list(
            "status", flat=True
        )
    ) == {"playing"}
    # the post-game task and the e-mail telling the other coach the result
    # (the page cache's own bumps aside)
    tasks = {c.func.__self__.name: c for c in callbacks if not is_cache_bump(c)}
    assert sorted(tasks) == [
        "league.notifications.tasks.notification_mail_task",
        "matches.tasks.postgame_advance_task",
    ]

    # when the transaction commits, the post-game runs to the end
    tasks["matches.tasks.postgame_advance_task"]()

    # then
    match.refresh_from_db()
    assert (match.status, match.postgame_step) == ("complete", "done")
    assert set(
        Team.objects.filter(pk__in=[humans.pk, orcs.pk]).values_list(
            "status", flat=True
        )
    ) == {"ready"}
    assert MatchResult.objects.filter(match=match).count() == 1


def test_the_fan_factor_dice_are_rolled_from_the_match_seed_when_not_entered(
    match, h, alice
):
    # when the commissioner reports a 0-0 draw without dice
    result = match_submit_report(match_id=match.pk, report=Report(0, 0), actor=alice)

    # then
    roller = SeededRoller(match_seed(match.seed, "fan_factor"))
    d3 = [roller.d(3, "fan_factor_home"), roller.d(3, "fan_factor_away")]
    assert result.summary == {"notes": "", "fan_factor_d3": d3}
    assert (result.home_fan_factor, result.away_fan_factor) == (1 + d3[0], 1 + d3[1])
    assert result.submitted_by_id == alice.pk


def test_the_home_coach_may_report(match, charlie):
    result = match_submit_report(match_id=match.pk, report=Report(0, 0), actor=charlie)

    assert result.submitted_by_id == charlie.pk


def test_a_match_kicked_off_is_checked_against_the_rosters_frozen_then(
    match, h, charlie
):
    # given the match kicked off with everybody fit, and a player was then
    # marked as missing the next game
    match_kick_off(match_id=match.pk)
    Player.objects.filter(pk=h[4].pk).update(miss_next_game=True)

    # when the report names him
    result = match_submit_report(
        match_id=match.pk,
        report=Report(0, 0, players=[PlayerLine(h[4].pk, completions=1)]),
        actor=charlie,
    )

    # then he played: the report is taken
    assert result.player_stats == {str(h[4].pk): {**ZERO_STATS, "completions": 1}}
    assert RosterSnapshot.objects.filter(match=match).count() == 2


REFUSALS = {
    "score does not add up": (
        lambda h, o, x: Report(2, 0, players=[PlayerLine(h[0].pk, touchdowns=1)]),
        [("score_mismatch", "home_score")],
    ),
    "away score does not add up": (
        lambda h, o, x: Report(0, 1),
        [("score_mismatch", "away_score")],
    ),
    "player of another team": (
        lambda h, o, x: Report(0, 0, players=[PlayerLine(x[0].pk, completions=1)]),
        [("unknown_player", "players.0.player_id")],
    ),
    "casualty of another team": (
        lambda h, o, x: Report(0, 0, casualties=[CasualtyLine(x[0].pk, 7)]),
        [("unknown_player", "casualties.0.player_id")],
    ),
    "casualty inflicted by a stranger": (
        lambda h, o, x: Report(
            0, 0, casualties=[CasualtyLine(o[0].pk, 7, inflicted_by=x[1].pk)]
        ),
        [("unknown_player", "casualties.0.inflicted_by")],
    ),
    "player missing the game": (
        lambda h, o, x: Report(0, 0, players=[PlayerLine(h[10].pk, deflections=1)]),
        [("player_unavailable", "players.0.player_id")],
    ),
    "casualty of a player missing the game": (
        lambda h, o, x: Report(0, 0, casualties=[CasualtyLine(h[10].pk, 7)]),
        [("unknown_player", "casualties.0.player_id")],
    ),
    "two lines for one player": (
        lambda h, o, x: Report(
            2,
            0,
            players=[
                PlayerLine(h[0].pk, touchdowns=1),
                PlayerLine(h[0].pk, touchdowns=1),
            ],
        ),
        [("duplicate", "players.1.player_id")],
    ),
    "conceded by a team not in the match": (
        lambda h, o, x: Report(0, 0, conceded_by=x[0].team_id),
        [("unknown_team", "conceded_by")],
    ),
    "casualty roll 17 on a D16": (
        lambda h, o, x: Report(0, 0, casualties=[CasualtyLine(o[0].pk, 17)]),
        [("invalid_dice", "casualties.0")],
    ),
    "casualty roll 0": (
        lambda h, o, x: Report(0, 0, casualties=[CasualtyLine(o[0].pk, 0)]),
        [("invalid_dice", "casualties.0")],
    ),
    "lasting roll 7 on a D6": (
        lambda h, o, x: Report(0, 0, casualties=[CasualtyLine(o[0].pk, 13, 7)]),
        [("invalid_dice", "casualties.0")],
    ),
    "lasting roll without a lasting injury": (
        lambda h, o, x: Report(0, 0, casualties=[CasualtyLine(o[0].pk, 7, 3)]),
        [("invalid_dice", "casualties.0")],
    ),
    "lasting roll without the casualty roll": (
        lambda h, o, x: Report(
            0, 0, casualties=[CasualtyLine(o[0].pk, None, 6, inflicted_by=h[1].pk)]
        ),
        [("invalid_dice", "casualties.0")],
    ),
    "fan factor 4 on a D3": (
        lambda h, o, x: Report(0, 0, fan_factor_rolls=(4, 1)),
        [("invalid_dice", "fan_factor_rolls")],
    ),
    "fan factor 0 on a D3": (
        lambda h, o, x: Report(0, 0, fan_factor_rolls=(2, 0)),
        [("invalid_dice", "fan_factor_rolls")],
    ),
    "casualty inflicted by a team-mate, with SPP for it": (
        lambda h, o, x: Report(
            0,
            0,
            players=[PlayerLine(o[1].pk, casualties_inflicted=1)],
            casualties=[CasualtyLine(o[0].pk, 7, inflicted_by=o[1].pk)],
        ),
        [("own_team_casualty", "casualties.0.inflicted_by")],
    ),
    "the same player a casualty twice": (
        lambda h, o, x: Report(
            0,
            0,
            casualties=[
                CasualtyLine(o[0].pk, 7),
                CasualtyLine(o[1].pk, 8),
                CasualtyLine(o[0].pk, 9),
            ],
        ),
        [("duplicate_casualty", "casualties.2.player_id")],
    ),
    "50 completions and 20 interceptions in a 0-0 game": (
        lambda h, o, x: Report(
            0, 0, players=[PlayerLine(h[0].pk, completions=50, interceptions=20)]
        ),
        [
            ("implausible_stat", "players.0.completions"),
            ("implausible_stat", "players.0.interceptions"),
        ],
    ),
    "more touchdowns than the score": (
        lambda h, o, x: Report(1, 0, players=[PlayerLine(h[0].pk, touchdowns=2)]),
        [("touchdowns_exceed_score", "home_score")],
    ),
    "touchdowns beyond the score of a conceded game": (
        lambda h, o, x: Report(
            2,
            0,
            conceded_by=o[0].team_id,
            players=[
                PlayerLine(h[0].pk, touchdowns=2),
                PlayerLine(o[0].pk, touchdowns=1),
            ],
        ),
        [("touchdowns_exceed_score", "away_score")],
    ),
    "more touchdowns than a team has team turns": (
        lambda h, o, x: Report(17, 0, players=[PlayerLine(h[0].pk, touchdowns=17)]),
        [("implausible_stat", "home_score")],
    ),
    "touchdowns beyond the final score of a conceded game": (
        lambda h, o, x: Report(
            1,
            1,
            conceded_by=o[0].team_id,
            players=[
                PlayerLine(h[0].pk, touchdowns=1),
                PlayerLine(h[1].pk, touchdowns=3),
                PlayerLine(o[0].pk, touchdowns=1),
            ],
        ),
        [("touchdowns_exceed_score", "home_score")],
    ),
    "every violation at once": (
        lambda h, o, x: Report(
            1,
            0,
            players=[PlayerLine(x[0].pk), PlayerLine(h[10].pk)],
            fan_factor_rolls=(4, 4),
        ),
        [
            ("unknown_player", "players.0.player_id"),
            ("player_unavailable", "players.1.player_id"),
            ("score_mismatch", "home_score"),
            ("invalid_dice", "fan_factor_rolls"),
        ],
    ),
}


@pytest.mark.parametrize("case", REFUSALS, ids=list(REFUSALS))
def test_refused_reports_write_nothing(match, h, o, eleven, alice, bob, case):
    # given a third team, and the home #11 missing this game
    stranger = roster(draft_team(eleven, alice, roster="dwarf", name="Strangers"))
    Player.objects.filter(pk=h[10].pk).update(miss_next_game=True)
    make_report, expected = REFUSALS[case]
    before = db_state()

    # when
    with pytest.raises(ServiceError) as exc:
        match_submit_report(
            match_id=match.pk, report=make_report(h, o, stranger), actor=bob
        )

    # then
    assert codes(exc) == expected
    assert db_state() == before


def test_an_outsider_cannot_report(match, dave):
    before = db_state()

    with pytest.raises(PermissionDenied):
        match_submit_report(match_id=match.pk, report=Report(0, 0), actor=dave)

    assert db_state() == before


def test_a_team_still_in_another_game_cannot_kick_off(match, bob, orcs):
    # given the Orcs are playing another match
    Team.objects.filter(pk=orcs.pk).update(status=Team.Status.PLAYING)
    before = db_state()

    with pytest.raises(ServiceError) as exc:
        match_submit_report(match_id=match.pk, report=Report(0, 0), actor=bob)

    assert codes(exc) == [("team_busy", None)]
    assert db_state() == before


def test_a_match_is_reported_once(
    match, h, bob, charlie, django_capture_on_commit_callbacks
):
    # given a reported match
    match_submit_report(
        match_id=match.pk,
        report=Report(1, 0, players=[PlayerLine(h[0].pk, touchdowns=1)]),
        actor=bob,
    )
    before = db_state()

    # when the other coach reports it again
    with pytest.raises(ServiceError) as exc:
        match_submit_report(match_id=match.pk, report=Report(0, 0), actor=charlie)

    # then
    assert codes(exc) == [("already_reported", None)]
    assert db_state() == before


def test_a_completed_match_is_reported_once(
    match, bob, charlie, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        match_submit_report(match_id=match.pk, report=Report(0, 0), actor=bob)
    match.refresh_from_db()
    assert match.status == Match.Status.COMPLETE
    before = db_state()

    with pytest.raises(ServiceError) as exc:
        match_submit_report(match_id=match.pk, report=Report(0, 0), actor=charlie)

    assert codes(exc) == [("already_reported", None)]
    assert db_state() == before


def test_the_database_refuses_a_second_result(match, bob):
    match_submit_report(match_id=match.pk, report=Report(0, 0), actor=bob)

    with pytest.raises(IntegrityError), transaction.atomic():
        MatchResult.objects.create(
            match=match, mode="recorded", home_score=3, away_score=0
        )

    assert list(
        MatchResult.objects.filter(match=match).values_list("home_score", "away_score")
    ) == [(0, 0)]


def test_a_negative_count_in_a_report_is_refused(match, h, bob):
    # given a line with -1 completions (the score still adds up)
    report = Report(
        1,
        0,
        players=[
            PlayerLine(h[0].pk, touchdowns=1),
            PlayerLine(h[1].pk, completions=-1),
        ],
    )
    before = db_state()

    # when
    with pytest.raises(ServiceError) as exc:
        match_submit_report(match_id=match.pk, report=report, actor=bob)

    # then it is refused on that field, before anything is written (the
    # post-game could never award -1 completions: its SPP step would fail)
    assert [v.field for v in exc.value.violations] == ["players.1.completions"]
    assert db_state() == before


def test_a_negative_score_is_refused_as_such(match, bob, orcs):
    # given a conceded match (no touchdown check) with a score of -1
    report = Report(-1, 0, conceded_by=orcs.pk)
    before = db_state()

    # when
    with pytest.raises(ServiceError) as exc:
        match_submit_report(match_id=match.pk, report=report, actor=bob)

    # then the refusal names the score, not an earlier result
    assert [v.field for v in exc.value.violations] == ["home_score"]
    assert "already_reported" not in [v.code for v in exc.value.violations]
    assert db_state() == before


# --- what one game can produce ------------------------------------------------
# Decision (matches/reports/report.py): a team has 8 turns a half in Blood
# Bowl, 6 in Sevens, and a playoff may add extra time of as many again.


@pytest.mark.parametrize(
    ("stat", "limit"),
    [
        ("completions", 16),
        ("successful_landings", 16),
        ("interceptions", 16),
        ("deflections", 16),
    ],
)
def test_a_players_passing_stats_are_bounded_by_the_team_turns(
    match, h, bob, stat, limit
):
    before = db_state()
    with pytest.raises(ServiceError) as exc:
        match_submit_report(
            match_id=match.pk,
            report=Report(0, 0, players=[PlayerLine(h[0].pk, **{stat: limit + 1})]),
            actor=bob,
        )
    assert codes(exc) == [("implausible_stat", f"players.0.{stat}")]
    assert str(limit) in exc.value.violations[0].message
    assert db_state() == before

    result = match_submit_report(
        match_id=match.pk,
        report=Report(0, 0, players=[PlayerLine(h[0].pk, **{stat: limit})]),
        actor=bob,
    )
    assert result.player_stats[str(h[0].pk)][stat] == limit


def test_a_team_passes_or_throws_a_team_mate_once_per_team_turn(match, h, o, bob):
    # given 9 completions and 8 successful landings by two Humans: 17 Pass
    # or Throw Team-mate actions in 16 team turns; the Orcs' 16 are fine
    report = Report(
        0,
        0,
        players=[
            PlayerLine(h[0].pk, completions=9),
            PlayerLine(o[0].pk, completions=16),
            PlayerLine(h[1].pk, successful_landings=8),
        ],
    )
    before = db_state()

    with pytest.raises(ServiceError) as exc:
        match_submit_report(match_id=match.pk, report=report, actor=bob)

    assert codes(exc) == [("implausible_stat", "players.2.successful_landings")]
    assert db_state() == before


def test_a_team_interferes_with_at_most_one_pass_per_opposing_turn(match, h, o, bob):
    # an interception is a deflection caught: one per opposing Pass action
    report = Report(
        0,
        0,
        players=[
            PlayerLine(o[0].pk, interceptions=10),
            PlayerLine(o[1].pk, deflections=6),
            PlayerLine(o[2].pk, deflections=1),
        ],
    )
    before = db_state()

    with pytest.raises(ServiceError) as exc:
        match_submit_report(match_id=match.pk, report=report, actor=bob)

    assert codes(exc) == [("implausible_stat", "players.2.deflections")]
    assert db_state() == before


def test_sevens_has_twelve_team_turns(sevens, bob, charlie, alice):
    home = draft_team(sevens, bob, roster="orc", name="Sevens Orcs")
    away = draft_team(sevens, charlie, roster="human", name="Sevens Humans")
    match = one_match(sevens, home, away)
    thrower = roster(home)[0]
    before = db_state()

    with pytest.raises(ServiceError) as exc:
        match_submit_report(
            match_id=match.pk,
            report=Report(0, 0, players=[PlayerLine(thrower.pk, completions=13)]),
            actor=alice,
        )

    assert codes(exc) == [("implausible_stat", "players.0.completions")]
    assert db_state() == before
    match_submit_report(
        match_id=match.pk,
        report=Report(0, 0, players=[PlayerLine(thrower.pk, completions=12)]),
        actor=alice,
    )


def test_a_playoff_allows_for_extra_time(match, h, bob):
    # given the match is a playoff: 8 more turns of extra time may be played
    Match.objects.filter(pk=match.pk).update(stage=Match.Stage.PLAYOFF)
    report = Report(1, 0, players=[PlayerLine(h[0].pk, touchdowns=1, completions=24)])

    result = match_submit_report(match_id=match.pk, report=report, actor=bob)

    assert result.player_stats[str(h[0].pk)]["completions"] == 24


def test_the_api_refuses_an_impossible_report_with_every_problem(match, h, o, bob):
    body = {
        "home_score": 0,
        "away_score": 0,
        "players": [
            {"player_id": h[0].pk, "completions": 50, "interceptions": 20},
            {"player_id": o[1].pk, "casualties_inflicted": 1},
        ],
        "casualties": [
            {"player_id": o[0].pk, "casualty_roll": 7, "inflicted_by": o[1].pk},
            {"player_id": o[0].pk, "casualty_roll": 8},
        ],
    }
    before = db_state()

    response = api_as(bob).post(f"/api/matches/{match.pk}/report/", body, format="json")

    assert response.status_code == 400
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [
        ("implausible_stat", "players.0.completions"),
        ("implausible_stat", "players.0.interceptions"),
        ("own_team_casualty", "casualties.0.inflicted_by"),
        ("duplicate_casualty", "casualties.1.player_id"),
    ]
    assert all(e["message"] for e in response.json()["errors"])
    assert db_state() == before
