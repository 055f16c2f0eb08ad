"""A Blitz Bowl match's box score in the API: of its players a game records
only who scored each Touchdown (the variant's ``player_stats``), and nobody
earns Star Player Points or an MVP award (no progression). What the format
does not have is null, not 0 (docs/formats/blitz-bowl.md "In a league"), as
the result's Fan Factors are: a 0 would say that no one completed a Throw."""

from __future__ import annotations

import pytest

from league.services.card_teams import team_draft_card
from league.services.leagues import league_create
from matches.reports.cards import CardReportSide, match_submit_card_report
from matches.reports.report import match_submit_report
from tests.factories import draft_team, make_member
from tests.matches.conftest import one_match, score_report
from tests.world import api_as

pytestmark = pytest.mark.django_db

NOT_RECORDED = (
    "completions",
    "interceptions",
    "deflections",
    "casualties_inflicted",
    "successful_landings",
    "mvp",
    "spp",
)


def test_a_blitz_bowl_box_score_gives_only_the_touchdowns(
    alice, bob, charlie, django_capture_on_commit_callbacks
):
    league = league_create(commissioner=alice, name="Blitz Cup", format="blitz-bowl")
    make_member(league, bob, charlie)
    dwarfs = team_draft_card(league=league, coach=bob, name="Grudge", card="dwarf")
    orcs = team_draft_card(league=league, coach=charlie, name="Gouged", card="orc")
    match = one_match(league, dwarfs, orcs)
    scorer = dwarfs.players.get(number=1).pk
    # two Touchdowns of 4 points each by the Dwarfs' #1 (rules.md)
    with django_capture_on_commit_callbacks(execute=True):
        match_submit_card_report(
            match_id=match.pk,
            home=CardReportSide(points=8, touchdowns=2, scorers=(scorer, scorer)),
            away=CardReportSide(points=0, touchdowns=0),
            actor=alice,
        )

    box = api_as(alice).get(f"/api/matches/{match.pk}/").json()["box_score"]

    # the Dwarf and Orc cards give six Players each (teams.md)
    assert len(box) == 12
    lines = {line["player_id"]: line for line in box}
    assert lines[scorer]["touchdowns"] == 2
    assert sum(line["touchdowns"] for line in box) == 2
    for line in box:
        assert {key: line[key] for key in NOT_RECORDED} == dict.fromkeys(NOT_RECORDED)


def test_a_blood_bowl_box_score_keeps_every_count(
    alice, bob, charlie, django_capture_on_commit_callbacks
):
    league = league_create(commissioner=alice, name="Old Cup", format="sevens")
    home = draft_team(league, charlie, roster="human", name="H")
    away = draft_team(league, bob, roster="orc", name="O")
    match = one_match(league, home, away)
    with django_capture_on_commit_callbacks(execute=True):
        match_submit_report(
            match_id=match.pk, report=score_report(match, 1, 0), actor=alice
        )

    box = api_as(alice).get(f"/api/matches/{match.pk}/").json()["box_score"]

    for line in box:
        for key in NOT_RECORDED[:5]:
            assert line[key] == 0
        assert line["mvp"] in (True, False)
        assert isinstance(line["spp"], int)
