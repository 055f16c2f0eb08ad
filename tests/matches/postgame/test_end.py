"""A team's post-game ends after its coach's hiring: Expensive Mistakes is
rolled then, on the treasury as it stands.

post-game_sequence.md: "3. PLAYER ADVANCEMENT", "4. HIRING, FIRING AND
TEMPORARILY RETIRING", then "5. EXPENSIVE MISTAKES: ... If you have 100,000
gold pieces or more stored in your Treasury during this step of the
post-game sequence, roll a D6 on the following table, applying the result
from the column that corresponds to the number of gold pieces in your
Treasury."

| D6 | Up to 195,000 | 200,000 to 295,000 | 300,000 to 395,000 | 400,000 to 495,000 | 500,000 to 595,000 | 600,000+ |
| 1  | Minor Incident | Minor Incident | Major Incident | Major Incident | Catastrophe | Catastrophe |
| 2  | Crisis Averted | Minor Incident | Minor Incident | Major Incident | Major Incident | Catastrophe |
| 3  | Crisis Averted | Crisis Averted | Minor Incident | Minor Incident | Major Incident | Major Incident |
| 4  | Crisis Averted | Crisis Averted | Crisis Averted | Minor Incident | Minor Incident | Major Incident |
| 5  | Crisis Averted | Crisis Averted | Crisis Averted | Crisis Averted | Minor Incident | Minor Incident |
| 6  | Crisis Averted | Crisis Averted | Crisis Averted | Crisis Averted | Crisis Averted | Minor Incident |

"MINOR INCIDENT: ... you lose D3 x 10,000 gold pieces"; "MAJOR INCIDENT:
Half the gold in your Treasury (rounding down to the nearest 5,000 gold
pieces) is lost"; "CATASTROPHE: Your Treasury is emptied, except for 2D6 x
10,000 gold pieces".
"""

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from rest_framework.test import APIClient

from engine.campaign import ScriptedRoller, SeededRoller
from league.errors import ServiceError
from league.models import Team, TreasuryEntry
from league.services.leagues import league_create
from league.services.teams import team_hire_player
from league.services.treasury import treasury_adjust
from matches.commissioner.actions import season_close_logged
from matches.commissioner.unplayed import match_record_unplayed
from matches.models import Match, MatchEvent, PostgameEnd, SeasonTeamArchive
from matches.postgame import end as end_module
from matches.postgame.end import (
    match_buy_inducements_after_postgames,
    postgame_end_before_match,
    team_postgame_end,
)
from matches.reports.lines import Report
from matches.reports.report import match_submit_report
from matches.seasons.services import match_seed, season_create, season_schedule
from tests.factories import draft_team, make_member
from tests.matches.conftest import codes, db_state, roster

# 11 linemen of 50,000 from 1,000,000 (tests.matches.conftest): 450,000.
DRAFTED = 450_000
# A 0-0 with Fan Factor rolls 1 and 1 (1 Dedicated Fan + D3 each): Fan
# Attendance 4, "Divide the Fan Attendance ... by two ... Multiply the total
# by 10,000": 20,000 each.
WINNINGS = 20_000


def _season(eleven, humans, orcs, *, double=False):
    season = season_create(
        league=eleven,
        name="Spring",
        team_ids=[humans.pk, orcs.pk],
        seed=4242,
        double_round_robin=double,
    )
    return season, list(season_schedule(season_id=season.pk))


def _report(match, actor, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        match_submit_report(
            match_id=match.pk,
            report=Report(0, 0, fan_factor_rolls=(1, 1)),
            actor=actor,
        )


@pytest.fixture
def played(eleven, humans, orcs, alice, django_capture_on_commit_callbacks):
    """One match played (0-0, 20,000 winnings each) and its automated
    post-game done; the Humans hold 150,000 and the Orcs 50,000."""
    treasury_adjust(
        team=humans, amount=150_000 - WINNINGS - DRAFTED, note="spent", actor=alice
    )
    treasury_adjust(
        team=orcs, amount=50_000 - WINNINGS - DRAFTED, note="spent", actor=alice
    )
    _, (match,) = _season(eleven, humans, orcs)
    _report(match, alice, django_capture_on_commit_callbacks)
    match.refresh_from_db()
    assert match.status == Match.Status.COMPLETE
    return match


@pytest.fixture
def scripted(monkeypatch):
    """Each team's Expensive Mistakes dice, scripted: {team id: [values]}."""
    script: dict[int, list[int]] = {}

    def roller(match, team_id):
        return ScriptedRoller(script[team_id])

    monkeypatch.setattr(end_module, "postgame_roller", roller)
    return script


def treasury(team):
    return Team.objects.values_list("treasury", flat=True).get(pk=team.pk)


def mistakes(match, team):
    return [
        e.payload
        for e in MatchEvent.objects.filter(
            match=match, type="postgame_expensive_mistakes"
        ).order_by("seq")
        if e.payload["team_id"] == team.pk
    ]


def ledger(team):
    return list(
        TreasuryEntry.objects.filter(team=team, reason="expensive_mistake")
        .order_by("pk")
        .values_list("amount", "balance_after")
    )


def test_the_automated_postgame_rolls_nothing_and_leaves_each_post_game_open(
    played, humans, orcs
):
    # then 150,000 is still in the Humans' treasury: no roll before the
    # coach had his hiring step
    assert (treasury(humans), treasury(orcs)) == (150_000, 50_000)
    assert ledger(humans) == []
    assert mistakes(played, humans) == []
    assert set(
        PostgameEnd.objects.filter(match=played, ended_at__isnull=True).values_list(
            "team_id", flat=True
        )
    ) == {humans.pk, orcs.pk}


@pytest.mark.parametrize(
    ("position", "cost", "dice", "lost"),
    [
        # 150,000 - 65,000 = 85,000: under 100,000, no roll
        ("catcher", 65_000, [], 0),
        # 150,000 - 50,000 = 100,000: "Up to 195,000", D6 1 Minor Incident,
        # D3 2: lose 20,000
        ("human-lineman", 50_000, [1, 2], 20_000),
        # the same column, D6 2: Crisis Averted
        ("human-lineman", 50_000, [2], 0),
    ],
)
def test_a_player_hired_before_the_end_is_not_lost_to_expensive_mistakes(
    played, humans, charlie, scripted, position, cost, dice, lost
):
    # given the coach hires a player with the winnings in the bank
    scripted[humans.pk] = list(dice)
    team_hire_player(team_id=humans.pk, position=position, name="Late Signing")
    left = 150_000 - cost

    # when he ends the post-game
    row = team_postgame_end(team_id=humans.pk, actor=charlie)

    # then the roll is on what the hiring left
    assert treasury(humans) == left - lost
    assert ledger(humans) == ([(-lost, left - lost)] if lost else [])
    (event,) = mistakes(played, humans)
    assert [d["result"] for d in event["dice"]] == dice
    assert (event["lost"], event["treasury_after"]) == (lost, left - lost)
    assert (row.how, row.treasury_before, row.lost, row.ended_by_id) == (
        "coach",
        left,
        lost,
        charlie.pk,
    )
    # "6. Prepare for next fixture": the team value after the roll, with the
    # new player: 11 linemen + him
    (value,) = MatchEvent.objects.filter(
        match=played, type="postgame_team_value", payload__team_id=humans.pk
    )
    assert value.payload == {
        "step": "team_value",
        "team_id": humans.pk,
        "tv": 550_000 + cost,
        "ctv": 550_000 + cost,
        "treasury": left - lost,
    }


@pytest.mark.parametrize(
    ("held", "dice", "incident", "lost"),
    [
        # "200,000 to 295,000", D6 2: Minor Incident, D3 3
        (250_000, [2, 3], "minor_incident", 30_000),
        # "300,000 to 395,000", D6 1: Major Incident, half of 315,000
        # (157,500) rounded down to the nearest 5,000
        (315_000, [1], "major_incident", 155_000),
        # "400,000 to 495,000", D6 5: Crisis Averted
        (450_000, [5], "crisis_averted", 0),
        # "500,000 to 595,000", D6 3: Major Incident
        (500_000, [3], "major_incident", 250_000),
        # "600,000+", D6 2: Catastrophe, keep 2D6 (3 + 4) x 10,000
        (650_000, [2, 3, 4], "catastrophe", 580_000),
        # "600,000+", D6 6: Minor Incident, D3 1
        (600_000, [6, 1], "minor_incident", 10_000),
    ],
)
def test_the_table_is_read_on_the_treasury_at_the_end(
    played, humans, alice, scripted, held, dice, incident, lost
):
    # given the treasury holds ``held`` when the post-game ends
    treasury_adjust(team=humans, amount=held - 150_000, note="sponsor", actor=alice)
    scripted[humans.pk] = list(dice)

    # when the commissioner ends it
    row = team_postgame_end(team_id=humans.pk, actor=alice)

    # then
    assert treasury(humans) == held - lost
    assert (row.how, row.incident, row.lost) == ("commissioner", incident, lost)
    (event,) = mistakes(played, humans)
    assert (event["incident"], event["lost"]) == (incident, lost)


def test_the_dice_are_the_match_and_teams_own_seeded_dice(played, humans, charlie):
    # when the Humans end their post-game with 150,000 ("Up to 195,000")
    team_postgame_end(team_id=humans.pk, actor=charlie)

    # then the D6 comes from the match's seed and the team: 1 is a Minor
    # Incident (D3 x 10,000), anything else Crisis Averted
    side = "home" if played.home_id == humans.pk else "away"
    dice = SeededRoller(match_seed(played.seed, "postgame", "expensive_mistakes", side))
    roll = dice.d(6, "expensive_mistakes")
    lost = 10_000 * dice.d(3, "minor") if roll == 1 else 0
    assert treasury(humans) == 150_000 - lost
    (event,) = mistakes(played, humans)
    assert [d["result"] for d in event["dice"]] == [r for _, _, r in dice.rolls]


def test_an_ended_post_game_is_refused_and_nothing_written(
    played, humans, charlie, alice
):
    # given the coach ended it
    team_postgame_end(team_id=humans.pk, actor=charlie)
    before = db_state()
    rows = list(PostgameEnd.objects.order_by("pk").values())

    # when he (or the commissioner) asks again, by match or not
    for kwargs in ({}, {"match_id": played.pk}):
        with pytest.raises(ServiceError) as refused:
            team_postgame_end(team_id=humans.pk, actor=alice, **kwargs)

        # then it is refused, and nothing rolled again
        assert codes(refused) == [("already_ended", "match")]
    assert db_state() == before
    assert list(PostgameEnd.objects.order_by("pk").values()) == rows


def test_no_open_post_game_is_refused(played, eleven, humans, orcs, alice, bob):
    # given a team that never played, and a match that is not the Orcs'
    newcomers = Team.objects.create(
        league=eleven, coach=bob, roster="orc", name="Newcomers", status="ready"
    )
    before = db_state()

    for team, kwargs in (
        (newcomers, {}),
        (orcs, {"match_id": played.pk + 1000}),
    ):
        with pytest.raises(ServiceError) as refused:
            team_postgame_end(team_id=team.pk, actor=alice, **kwargs)
        assert codes(refused) == [("no_postgame", "match")]
    assert db_state() == before


def test_the_next_match_ends_the_post_game_first(
    eleven, humans, orcs, alice, django_capture_on_commit_callbacks, scripted
):
    # given two fixtures; the first played, its post-games left open with
    # the Humans on 250,000
    treasury_adjust(team=humans, amount=230_000 - DRAFTED, note="x", actor=alice)
    treasury_adjust(team=orcs, amount=-DRAFTED, note="x", actor=alice)
    _, (first, second) = _season(eleven, humans, orcs, double=True)
    _report(first, alice, django_capture_on_commit_callbacks)
    scripted[humans.pk] = [2, 1]  # "200,000 to 295,000", 2: Minor, D3 1
    scripted[orcs.pk] = []  # 20,000: no roll

    # when the second is reported
    _report(second, alice, django_capture_on_commit_callbacks)

    # then the first's post-games ended before its kick-off: the Humans
    # rolled on 250,000, before the second's winnings
    ends = {
        e.team_id: e for e in PostgameEnd.objects.filter(match=first).order_by("pk")
    }
    assert {t: (e.how, e.treasury_before, e.lost) for t, e in ends.items()} == {
        humans.pk: ("next_match", 250_000, 10_000),
        orcs.pk: ("next_match", 20_000, 0),
    }
    assert ledger(humans) == [(-10_000, 240_000)]
    assert treasury(humans) == 240_000 + WINNINGS
    # the second's own post-games are open
    assert set(
        PostgameEnd.objects.filter(match=second, ended_at__isnull=True).values_list(
            "team_id", flat=True
        )
    ) == {humans.pk, orcs.pk}

    # and asking again before the match rolls nothing more
    assert postgame_end_before_match(match_id=second.pk) == []
    assert ledger(humans) == [(-10_000, 240_000)]


def test_closing_the_season_ends_the_post_games_before_the_archive(
    played, humans, orcs, alice, scripted
):
    # given the Humans' post-game still open with 150,000: D6 1, Minor, D3 3
    scripted[humans.pk] = [1, 3]
    scripted[orcs.pk] = []

    # when the commissioner closes the season
    season_close_logged(season_id=played.season_id, actor=alice, reason="done")

    # then the roll came first, and the re-draft sees what it left
    assert set(PostgameEnd.objects.filter(match=played).values_list("how", "lost")) == {
        ("season_closed", 30_000),
        ("season_closed", 0),
    }
    records = dict(
        SeasonTeamArchive.objects.filter(season_id=played.season_id).values_list(
            "team_id", "record__treasury"
        )
    )
    assert records == {humans.pk: 120_000, orcs.pk: 50_000}


def test_the_api_ends_the_post_game(played, humans, charlie, scripted):
    scripted[humans.pk] = [1, 2]
    client = APIClient()
    client.force_authenticate(charlie)

    response = client.post(
        f"/api/teams/{humans.pk}/postgame/end/", {"match": played.pk}, format="json"
    )

    assert response.status_code == 200, response.json()
    body = response.json()
    del body["ended_at"]
    assert body == {
        "match": played.pk,
        "team": humans.pk,
        "how": "coach",
        "treasury_before": 150_000,
        "incident": "minor_incident",
        "lost": 20_000,
        "treasury_after": 130_000,
    }

    # a second call is refused with its field and reason
    again = client.post(f"/api/teams/{humans.pk}/postgame/end/", {}, format="json")
    assert again.status_code == 400
    assert [(e["code"], e["field"]) for e in again.json()["errors"]] == [
        ("already_ended", "match")
    ]


def test_the_api_refuses_another_coach_and_writes_nothing(played, humans, bob):
    before = db_state()
    client = APIClient()
    client.force_authenticate(bob)

    response = client.post(f"/api/teams/{humans.pk}/postgame/end/", {}, format="json")

    assert response.status_code == 403
    assert [e["code"] for e in response.json()["errors"]] == ["permission_denied"]
    assert db_state() == before


def test_the_team_page_ends_the_post_game(played, humans, charlie, client, scripted):
    scripted[humans.pk] = [2]  # Crisis Averted
    client.force_login(charlie)
    page = client.get(f"/teams/{humans.pk}/")
    assert b"Done: roll Expensive Mistakes" in page.content

    response = client.post(f"/teams/{humans.pk}/postgame/end/")

    assert response.status_code == 302
    row = PostgameEnd.objects.get(match=played, team=humans)
    assert (row.how, row.lost) == ("coach", 0)
    assert (
        b"Done: roll Expensive Mistakes"
        not in client.get(f"/teams/{humans.pk}/").content
    )


def test_an_outsider_cannot_end_it_from_the_page(played, humans, client):
    before = db_state()
    outsider = get_user_model().objects.create_user("outsider", password="x")
    client.force_login(outsider)

    response = client.post(f"/teams/{humans.pk}/postgame/end/")

    assert response.status_code == 403
    assert db_state() == before
    assert len(roster(humans)) == 11


def test_a_fixture_recorded_unplayed_ends_the_post_games_first(
    eleven, humans, orcs, alice, django_capture_on_commit_callbacks, scripted
):
    # given the first fixture played, the Humans on 250,000
    treasury_adjust(team=humans, amount=230_000 - DRAFTED, note="x", actor=alice)
    treasury_adjust(team=orcs, amount=-DRAFTED, note="x", actor=alice)
    _, (first, second) = _season(eleven, humans, orcs, double=True)
    _report(first, alice, django_capture_on_commit_callbacks)
    scripted[humans.pk] = [1, 2]  # "200,000 to 295,000", 1: Minor, D3 2
    scripted[orcs.pk] = []

    # when the commissioner records the second unplayed, lost by both
    with django_capture_on_commit_callbacks(execute=True):
        match_record_unplayed(match_id=second.pk, actor=alice)

    # then the first's post-games ended before it, on 250,000
    assert set(
        PostgameEnd.objects.filter(match=first).values_list("team_id", "how", "lost")
    ) == {(humans.pk, "next_match", 20_000), (orcs.pk, "next_match", 0)}
    assert ledger(humans) == [(-20_000, 230_000)]
    # an unplayed fixture has no Expensive Mistakes step: nothing opened
    assert not PostgameEnd.objects.filter(match=second).exists()


def test_a_bb2025_league_rolls_after_the_hiring_too(
    alice, bob, charlie, django_capture_on_commit_callbacks, scripted
):
    # changes_from_bb2020.md: "then the league steps (advancement, hiring/
    # firing, expensive mistakes, TV update) as in BB2020"
    league = league_create(commissioner=alice, name="Couronne", format="bb2025")
    make_member(league, bob, charlie)
    home = draft_team(league, charlie, roster="human", name="Couronne Reavers")
    away = draft_team(league, bob, roster="orc", name="Couronne Eye")
    _, (match,) = _season(league, home, away)
    _report(match, alice, django_capture_on_commit_callbacks)
    assert set(
        PostgameEnd.objects.filter(match=match, ended_at__isnull=True).values_list(
            "team_id", flat=True
        )
    ) == {home.pk, away.pk}
    assert not TreasuryEntry.objects.filter(reason="expensive_mistake").exists()

    # when the coach spends down to 95,000 and ends it
    held = treasury(home)
    treasury_adjust(team=home, amount=95_000 - held, note="spent", actor=alice)
    scripted[home.pk] = []
    row = team_postgame_end(team_id=home.pk, actor=charlie)

    # then no roll under 100,000
    assert (row.treasury_before, row.lost, row.incident) == (95_000, 0, "")
    (event,) = mistakes(match, home)
    assert (event["dice"], event["incident"]) == ([], None)


def test_buying_inducements_ends_both_post_games_first(
    eleven, humans, orcs, alice, charlie, django_capture_on_commit_callbacks, scripted
):
    # given the first fixture played, both post-games open, the Humans on
    # 250,000 and the Orcs on 20,000
    treasury_adjust(team=humans, amount=230_000 - DRAFTED, note="x", actor=alice)
    treasury_adjust(team=orcs, amount=-DRAFTED, note="x", actor=alice)
    _, (first, second) = _season(eleven, humans, orcs, double=True)
    _report(first, alice, django_capture_on_commit_callbacks)
    scripted[humans.pk] = [1, 3]  # "200,000 to 295,000", 1: Minor, D3 3
    scripted[orcs.pk] = []

    # when another coach's purchase is refused, nothing ends
    before = db_state()
    with pytest.raises(PermissionDenied):
        match_buy_inducements_after_postgames(
            match_id=second.pk, team_id=orcs.pk, items=[], actor=charlie
        )
    assert db_state() == before

    # when the Humans' coach buys the next game's inducements (the pre-game)
    match_buy_inducements_after_postgames(
        match_id=second.pk, team_id=humans.pk, items=[], actor=charlie
    )

    # then both post-games ended first, the roll on 250,000
    assert set(
        PostgameEnd.objects.filter(match=first).values_list("team_id", "how", "lost")
    ) == {(humans.pk, "next_match", 30_000), (orcs.pk, "next_match", 0)}
    assert treasury(humans) == 220_000


def test_the_database_keeps_one_post_game_per_match_and_team(played, humans):
    # a rerun of the sequence's step adds nothing
    end_module.postgame_open(played, [humans])
    assert PostgameEnd.objects.filter(match=played, team=humans).count() == 1

    # and the database refuses a second row
    with pytest.raises(IntegrityError), transaction.atomic():
        PostgameEnd.objects.create(match=played, team=humans)
