"""A BB2025 report waiting for the other coach, shown in full: the SPP at
the edition's values and the team's own (Brawlin' Brutes: a touchdown 2, a
casualty 3), each team's MVP nominations, the teams that stalled, a legal
concession, and an illegal one's lost SPP."""

from __future__ import annotations

import pytest

from league.models import League
from matches.models import ReportSubmission
from matches.pages.confirm_facts import spp_note, submission_facts
from matches.reports.lines import PlayerLine, Report
from matches.reports.report import match_submit_report
from tests.matches.conftest import one_match, roster
from tests.matches.postgame.test_bb2025_postgame import _league, _teams

pytestmark = pytest.mark.django_db


@pytest.fixture
def sides(alice, bob, charlie):
    league = _league(alice, "bb2025")
    League.objects.filter(pk=league.pk).update(report_confirmation_days=3)
    humans, orcs = _teams(league, bob, charlie)
    return one_match(humans.league, humans, orcs), humans, orcs


def _facts(match, coach, report):
    sub = match_submit_report(match_id=match.pk, report=report, actor=coach)
    assert isinstance(sub, ReportSubmission)
    facts = submission_facts(sub)
    assert facts is not None
    return facts


def test_the_editions_and_the_brutes_spp_the_nominees_and_the_stall(sides, bob):
    match, humans, orcs = sides
    h, o = roster(humans), roster(orcs)
    facts = _facts(
        match,
        bob,
        Report(
            1,
            1,
            players=[
                PlayerLine(h[0].pk, touchdowns=1),
                PlayerLine(o[0].pk, touchdowns=1),
            ],
            mvp_nominations=[h[3].pk, h[1].pk],
            stalled=[orcs.pk],
        ),
    )
    spp = {line.label: line.spp for line in facts.lines}
    # Humans: a touchdown 3; Orcs (Brawlin' Brutes): 2
    assert spp[f"#{h[0].number} {h[0].name}"] == 3
    assert spp[f"#{o[0].number} {o[0].name}"] == 2
    assert facts.mvp_nominations == (
        ("home", (f"#{h[3].number} {h[3].name}", f"#{h[1].number} {h[1].name}")),
    )
    assert facts.stalled == (orcs.name,)
    # changes_from_bb2020.md section 15: Completion 1; Superb TTM with safe
    # landing 1 (thrower); safe landing 1 (thrown player); Interception 2;
    # no Deflection; Casualty 2; Touchdown 3; MVP 4
    assert facts.spp_note == (
        "3 a touchdown, 2 a casualty caused, 2 an interception, 1 a completion, "
        "1 a superb Throw Team-mate landed safely (to the thrower), "
        "1 a safe landing after any throw (to the thrown player), 4 the MVP"
    )


def test_the_report_lists_only_the_stats_the_edition_records(sides, bob):
    """BB2025 records no Deflections (no Deflection SPP): the report in
    full has no Deflections column, and its lines no Deflections figure."""
    match, humans, orcs = sides
    h = roster(humans)
    facts = _facts(
        match, bob, Report(1, 0, players=[PlayerLine(h[0].pk, touchdowns=1)])
    )
    assert [key for key, _, _ in facts.stats] == [
        "touchdowns",
        "completions",
        "interceptions",
        "casualties_inflicted",
        "successful_landings",
    ]
    assert [list(line.stats) for line in facts.lines] == [
        [key for key, _, _ in facts.stats]
    ]


def test_an_illegal_concession_shows_its_spp_lost_a_legal_one_not(sides, bob):
    match, humans, orcs = sides
    h, o = roster(humans), roster(orcs)
    lines = [PlayerLine(h[0].pk, touchdowns=1), PlayerLine(o[1].pk, completions=1)]
    facts = _facts(match, bob, Report(1, 0, players=lines, conceded_by=orcs.pk))
    spp = {line.label: line.spp for line in facts.lines}
    assert spp[f"#{o[1].number} {o[1].name}"] == 0
    assert facts.mvp_drawn == ("home",)
    assert facts.concession_legal is False


def test_a_legal_concession_keeps_the_spp_and_the_mvp(sides, bob):
    match, humans, orcs = sides
    h, o = roster(humans), roster(orcs)
    lines = [PlayerLine(h[0].pk, touchdowns=1), PlayerLine(o[1].pk, completions=1)]
    facts = _facts(
        match,
        bob,
        Report(1, 0, players=lines, conceded_by=orcs.pk, concession_legal=True),
    )
    spp = {line.label: line.spp for line in facts.lines}
    assert spp[f"#{o[1].number} {o[1].name}"] == 1
    assert facts.mvp_drawn == ("home", "away")
    assert facts.concession_legal is True


def test_bb2020_spp_words():
    from engine.variants import BB2020

    assert spp_note(BB2020) == (
        "3 a touchdown, 2 a casualty caused, 2 an interception, 1 a completion, "
        "1 a throwing completion, 1 a deflection, 4 the MVP"
    )
