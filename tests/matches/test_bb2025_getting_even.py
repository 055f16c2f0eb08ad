"""Getting Even in a BB2025 league's post-game: a Seriously Hurt, Serious
Injury or Lasting Injury caused by an opposing player rolls a D6 from the
match's seed (the ``getting_even`` dice of the Injuries step, audited in
the match's events); a 4+ gives Hatred of the attacker's race keyword, kept
in the player's gained skills at no value and no advancement, and on the
next match's team sheet. A BB2020 league rolls nothing."""

from __future__ import annotations

import pytest

from engine.campaign import SeededRoller
from league.models import League, Player, Team
from league.services.leagues import league_create
from league.services.teams import PlayerRequest, team_draft
from matches.engine_bridge import team_sheet, team_snapshot
from matches.models import MatchEvent
from matches.reports.lines import CasualtyLine, PlayerLine, Report
from matches.reports.report import match_submit_report
from matches.seasons.services import match_seed
from tests.factories import make_member
from tests.matches.conftest import one_match, roster

pytestmark = pytest.mark.django_db


def teams(league: League, bob, charlie) -> tuple[Team, Team]:
    out = []
    for coach, slug, line in (
        (bob, "human", "human-lineman"),
        (charlie, "orc", "orc-lineman"),
    ):
        make_member(league, coach)
        out.append(
            team_draft(
                league=league,
                coach=coach,
                name=f"{coach.username} {slug}",
                roster=slug,
                players=[PlayerRequest(line, f"{slug} {i}") for i in range(11)],
            )
        )
    return out[0], out[1]


def play(league, humans, orcs, alice, capture):
    """Orc #1 hurts four Humans: Seriously Hurt (D16 9), Serious Injury
    (11), Badly Hurt (5); a Lasting Injury (13, D6 3) comes from nobody."""
    match = one_match(league, humans, orcs, seed=6)
    h, o = roster(humans), roster(orcs)
    report = Report(
        home_score=0,
        away_score=0,
        players=[PlayerLine(o[0].pk, casualties_inflicted=3)],
        casualties=[
            CasualtyLine(h[0].pk, casualty_roll=9, inflicted_by=o[0].pk),
            CasualtyLine(h[1].pk, casualty_roll=11, inflicted_by=o[0].pk),
            CasualtyLine(h[2].pk, casualty_roll=5, inflicted_by=o[0].pk),
            CasualtyLine(h[3].pk, casualty_roll=13, lasting_roll=3),
        ],
    )
    with capture(execute=True):
        match_submit_report(match_id=match.pk, report=report, actor=alice)
    match.refresh_from_db()
    assert match.status == "complete"
    return match, h, o


def test_a_four_or_more_hates_the_orc(
    alice, bob, charlie, django_capture_on_commit_callbacks
):
    league = league_create(commissioner=alice, name="Reik League", format="bb2025")
    humans, orcs = teams(league, bob, charlie)
    values = {p.pk: p.value for p in roster(humans)}
    match, h, o = play(league, humans, orcs, alice, django_capture_on_commit_callbacks)
    dice = SeededRoller(match_seed(match.seed, "postgame", "getting_even"))
    first, second = dice.d(6, "getting_even"), dice.d(6, "getting_even")
    assert (first >= 4, second >= 4) == (True, False)  # the seed gives both
    grudges = [
        e.payload
        for e in MatchEvent.objects.filter(
            match=match, type="postgame_getting_even"
        ).order_by("seq")
    ]
    # the two players hurt badly enough by Orc #1 roll, in order; the Badly
    # Hurt one and the one hurt by nobody do not
    assert grudges == [
        {
            "step": "injuries",
            "team_id": humans.pk,
            "dice": [{"purpose": "getting_even", "sides": 6, "result": die}],
            "player_id": victim.pk,
            "inflicted_by": o[0].pk,
            "keyword": "Orc" if die >= 4 else None,
        }
        for victim, die in ((h[0], first), (h[1], second))
    ]
    sheet = team_sheet(team_snapshot(humans))
    for victim, die in ((h[0], first), (h[1], second)):
        victim.refresh_from_db()
        expected = (
            [{"skill": "hatred", "param": "Orc", "getting_even": True}]
            if die >= 4
            else []
        )
        assert victim.gained_skills == expected
        # no advancement, no value
        assert (victim.advancements, victim.value) == (0, values[victim.pk])
        # he misses the next game (Seriously Hurt / Serious Injury): his
        # Hatred is on his sheet once he plays again
        Player.objects.filter(pk=victim.pk).update(miss_next_game=False)
    sheet = team_sheet(team_snapshot(humans))
    skills = {p.id: p.skills for p in sheet.players}
    for victim, die in ((h[0], first), (h[1], second)):
        assert (("hatred", "Orc") in skills[victim.pk]) == (die >= 4)
    for victim in (h[2], h[3]):
        victim.refresh_from_db()
        assert victim.gained_skills == []


def test_bb2020_has_no_getting_even(
    alice, bob, charlie, django_capture_on_commit_callbacks
):
    league = league_create(commissioner=alice, name="Old Reik", format="bb2020")
    humans, orcs = teams(league, bob, charlie)
    match, h, _ = play(league, humans, orcs, alice, django_capture_on_commit_callbacks)
    assert not MatchEvent.objects.filter(
        match=match, type="postgame_getting_even"
    ).exists()
    for victim in h[:4]:
        victim.refresh_from_db()
        assert victim.gained_skills == []
