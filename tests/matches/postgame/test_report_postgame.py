"""What a report gives the post-game: the touchdowns a concession awards,
allocated to players, and a Sevens casualty read on the Sevens Injury
table (no Casualty table)."""

import pytest
from django.test import Client
from django.urls import reverse

from league.errors import ServiceError
from matches.reports.lines import CasualtyLine, PlayerLine, Report
from matches.reports.report import match_submit_report
from tests.factories import LeagueFactory, draft_team
from tests.matches.conftest import db_state, one_match, roster
from tests.matches.postgame.test_postgame import events, player_rows


def test_the_touchdowns_a_concession_awards_may_be_allocated_to_players(
    eleven, humans, orcs, bob, django_capture_on_commit_callbacks
):
    # given 1-1 on the pitch when the Orcs concede: the Humans win 3-0
    # (their own, the Orcs' voided one and one more)
    match = one_match(eleven, humans, orcs)
    h, o = roster(humans), roster(orcs)

    # when the Humans' coach gives the two awarded touchdowns to his #2
    # (post-game_sequence.md "Touchdown (TD)": "you may allocate each
    # touchdown to a player of your choice and give them SPP accordingly")
    with django_capture_on_commit_callbacks(execute=True):
        match_submit_report(
            match_id=match.pk,
            report=Report(
                1,
                1,
                players=[
                    PlayerLine(h[0].pk, touchdowns=1),
                    PlayerLine(h[1].pk, touchdowns=2),
                    PlayerLine(o[0].pk, touchdowns=1),
                ],
                conceded_by=orcs.pk,
                mvps=[h[2].pk],
            ),
            actor=bob,
        )

    # then the report stands and #2 earns 3 SPP for each
    (outcome,) = events(match, "postgame_outcome")
    assert (
        outcome.payload["home"]["touchdowns"],
        outcome.payload["away"]["touchdowns"],
    ) == (3, 0)
    spp = {
        e.payload["player_id"]: e.payload["earned"]
        for e in events(match, "postgame_spp")
    }
    assert (spp[h[0].pk], spp[h[1].pk], spp[h[2].pk]) == (3, 6, 4)


@pytest.mark.parametrize(
    ("injury_roll", "result", "mng", "dead"),
    [
        (10, "badly_hurt", False, False),
        (11, "seriously_hurt", True, False),
        (12, "dead", False, True),
        (None, None, None, None),
    ],
)
def test_a_sevens_report_reads_its_casualties_on_the_sevens_injury_table(
    alice,
    bob,
    charlie,
    django_capture_on_commit_callbacks,
    injury_roll,
    result,
    mng,
    dead,
):
    # given a Sevens league, whose Injury table gives the casualty
    # (blood_bowl_sevens.md "The Injury Table": 10 Badly Hurt, 11 Seriously
    # Hurt, 12 DEAD; there is no Casualty table, so no Serious or Lasting
    # Injury)
    league = LeagueFactory(format="sevens", commissioner=alice)
    home = draft_team(league, charlie, roster="human", name="H")
    away = draft_team(league, bob, roster="orc", name="O")
    match = one_match(league, home, away)
    h, o = roster(home), roster(away)
    before = player_rows(o[0])

    # when a casualty is reported with the Injury roll made at the table
    # (or none: the server rolls one)
    with django_capture_on_commit_callbacks(execute=True):
        match_submit_report(
            match_id=match.pk,
            report=Report(
                0,
                0,
                casualties=[CasualtyLine(o[0].pk, injury_roll, inflicted_by=h[0].pk)],
            ),
            actor=alice,
        )

    # then it is a Sevens casualty, and nothing else changes the player
    (injury,) = events(match, "postgame_injury")
    assert injury.payload["table"] == "sevens"
    assert injury.payload["niggling"] == 0
    assert injury.payload["reductions"] == {}
    if injury_roll is None:
        assert injury.payload["result"] in ("badly_hurt", "seriously_hurt", "dead")
        return
    assert (
        injury.payload["casualty_roll"],
        injury.payload["result"],
        injury.payload["mng"],
        injury.payload["dead"],
    ) == (injury_roll, result, mng, dead)
    (after,) = player_rows(o[0])
    assert {k: after[k] for k in ("ma", "st", "ag", "pa", "av")} == {
        k: before[0][k] for k in ("ma", "st", "ag", "pa", "av")
    }
    # and his page names the die the table was read with
    page = Client().get(reverse("web:player", args=[o[0].pk])).content.decode()
    assert f"Injury 2D6 {injury_roll}" in page
    assert "D16" not in page


@pytest.mark.parametrize("injury_roll", [9, 13, 16])
def test_a_sevens_report_refuses_an_injury_roll_that_is_no_casualty(
    alice, bob, charlie, injury_roll
):
    league = LeagueFactory(format="sevens", commissioner=alice)
    home = draft_team(league, charlie, roster="human", name="H")
    away = draft_team(league, bob, roster="orc", name="O")
    match = one_match(league, home, away)
    o = roster(away)
    before = db_state()

    with pytest.raises(ServiceError) as exc:
        match_submit_report(
            match_id=match.pk,
            report=Report(0, 0, casualties=[CasualtyLine(o[0].pk, injury_roll)]),
            actor=alice,
        )

    assert [(v.code, v.field) for v in exc.value.violations] == [
        ("invalid_dice", "casualties.0")
    ]
    assert db_state() == before
