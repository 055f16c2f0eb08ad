"""The BB2025 league post-game (changes_from_bb2020.md section 15,
tables.md 10 and 15): the MVP drawn among each coach's nominations (a
tabletop report's, or the six players with most SPP this game), a
report's Stalling line costing the team its no-stalling bonus, an illegal
concession losing the conceding team's SPP of the game and its veterans
quitting on a D6, and the casualties that Arm Bar, Lethal Flight and
Violent Innovator credit earning their player the league's Casualty SPP.
Every refusal leaves the database as it was. The server's dice are
replayed from the match's seed as the post-game rolls them."""

from __future__ import annotations

import pytest

from engine.core.dice import SeededRoller
from engine.core.model import STAT_FIELDS
from engine.rules.ball import N_STATS
from engine.tools.scenario import Scenario
from league.errors import ServiceError
from league.models import League, Player, Team, TreasuryEntry
from league.services.leagues import league_create
from league.services.teams import PlayerRequest, team_draft
from matches.models import Match, MatchEvent
from matches.postgame.results import STAT_KEYS, match_result_save
from matches.postgame.sequence import postgame_run
from matches.prematch.kickoff import match_kick_off
from matches.reports.lines import PlayerLine, Report
from matches.reports.report import match_submit_report
from matches.seasons.services import match_seed
from tests.factories import draft_team, make_member
from tests.matches.conftest import codes, db_state, one_match, roster
from tests.world import api_as

pytestmark = pytest.mark.django_db

FAN_D3 = (2, 3)


def _league(alice, fmt: str) -> League:
    return league_create(commissioner=alice, name=f"{fmt} Cup", format=fmt)


def _teams(league: League, bob, charlie) -> tuple[Team, Team]:
    """Humans (home) and Orcs (away, Brawlin' Brutes in BB2025)."""
    if league.format == "bb2020":
        make_member(league, bob, charlie)
        return draft_team(league, bob, roster="human"), draft_team(
            league, charlie, roster="orc"
        )
    teams = []
    for coach, slug in ((bob, "human"), (charlie, "orc")):
        make_member(league, coach)
        teams.append(
            team_draft(
                league=league,
                coach=coach,
                name=f"{coach.username} {slug}",
                roster=slug,
                players=[
                    PlayerRequest(f"{slug}-lineman", f"{slug} {i}") for i in range(12)
                ],
            )
        )
    return teams[0], teams[1]


@pytest.fixture
def bb2025(alice, bob, charlie) -> tuple[Match, Team, Team]:
    humans, orcs = _teams(_league(alice, "bb2025"), bob, charlie)
    return one_match(humans.league, humans, orcs, seed=77), humans, orcs


def _attendance(home: Team, away: Team) -> int:
    return home.dedicated_fans + FAN_D3[0] + away.dedicated_fans + FAN_D3[1]


def _submit(match: Match, actor, capture, **report) -> None:
    with capture(execute=True):
        match_submit_report(
            match_id=match.pk,
            report=Report(fan_factor_rolls=FAN_D3, **report),
            actor=actor,
        )
    match.refresh_from_db()
    assert match.status == Match.Status.COMPLETE


def _mvp_events(match: Match) -> dict[int, dict]:
    return {
        e.payload["team_id"]: e.payload
        for e in MatchEvent.objects.filter(match=match, type="postgame_mvp")
    }


def _winnings(team: Team) -> int:
    return TreasuryEntry.objects.get(
        team=team, reason=TreasuryEntry.Reason.WINNINGS
    ).amount


# --- MVP nominations -------------------------------------------------------------


def test_the_mvp_is_drawn_among_the_nominees(
    bb2025, alice, django_capture_on_commit_callbacks
):
    match, humans, orcs = bb2025
    h, o = roster(humans), roster(orcs)
    nominated = [h[4].pk, h[0].pk, h[7].pk]
    _submit(
        match,
        alice,
        django_capture_on_commit_callbacks,
        home_score=1,
        away_score=1,
        players=[
            PlayerLine(h[0].pk, touchdowns=1),
            PlayerLine(o[3].pk, touchdowns=1),
            PlayerLine(o[9].pk, completions=1),
        ],
        mvp_nominations=nominated,
    )
    # the post-game's dice: home's D3 over its three nominees, then away's
    # D6 over its default six: o[3] (a touchdown, 2 SPP for Brutes), o[9]
    # (a completion, 1), then the others by shirt number
    roller = SeededRoller(match_seed(match.seed, "postgame", "spp"))
    home_roll, away_roll = roller.d(3, "mvp"), roller.d(6, "mvp")
    away_six = [o[3].pk, o[9].pk, o[0].pk, o[1].pk, o[2].pk, o[4].pk]
    events = _mvp_events(match)
    assert events[humans.pk]["nominees"] == nominated
    assert events[humans.pk]["nominated_in_report"] is True
    assert events[humans.pk]["player_ids"] == [nominated[home_roll - 1]]
    assert [d["sides"] for d in events[humans.pk]["dice"]] == [3]
    assert events[orcs.pk]["nominees"] == away_six
    assert events[orcs.pk]["nominated_in_report"] is False
    assert events[orcs.pk]["player_ids"] == [away_six[away_roll - 1]]
    home_mvp = Player.objects.get(pk=nominated[home_roll - 1])
    # MVP 4, plus 3 for the touchdown if it went to h[0]
    assert home_mvp.spp == 4 + (3 if home_mvp.pk == h[0].pk else 0)


def test_a_named_mvp_must_be_a_nominee(bb2025, alice):
    match, humans, _ = bb2025
    h = roster(humans)
    before = db_state()
    with pytest.raises(ServiceError) as refused:
        match_submit_report(
            match_id=match.pk,
            report=Report(0, 0, mvp_nominations=[h[1].pk], mvps=[h[2].pk]),
            actor=alice,
        )
    assert codes(refused) == [("mvp_not_nominated", "mvps.0")]
    assert db_state() == before


def test_nominations_refused_with_the_reason_and_nothing_written(bb2025, alice):
    match, humans, orcs = bb2025
    h, o = roster(humans), roster(orcs)
    Player.objects.filter(pk=h[11].pk).update(miss_next_game=True)
    report = Report(
        0,
        1,
        players=[PlayerLine(o[0].pk, touchdowns=1)],
        conceded_by=orcs.pk,
        # seven of one team, one missing the game, one unknown, one twice,
        # one of the team that conceded
        mvp_nominations=[
            *(p.pk for p in h[:7]),
            h[11].pk,
            999_999,
            h[0].pk,
            o[2].pk,
        ],
    )
    before = db_state()
    with pytest.raises(ServiceError) as refused:
        match_submit_report(match_id=match.pk, report=report, actor=alice)
    assert codes(refused) == [
        ("not_available", "mvp_nominations.7"),
        ("unknown_player", "mvp_nominations.8"),
        ("duplicate_player", "mvp_nominations.9"),
        ("conceded_no_mvp", "mvp_nominations.10"),
        ("too_many_nominations", "mvp_nominations"),
    ]
    assert db_state() == before


def test_the_api_takes_nominations_and_the_stalling_line(bb2025, alice):
    match, humans, orcs = bb2025
    h = roster(humans)
    before = db_state()
    refused = api_as(alice).post(
        f"/api/matches/{match.pk}/report/",
        {
            "home_score": 0,
            "away_score": 0,
            "mvp_nominations": [p.pk for p in h[:7]],
            "stalled": [orcs.pk, 123_456],
        },
        format="json",
    )
    assert refused.status_code == 400
    body = refused.json()
    fields = {(e["code"], e["field"]) for e in body["errors"]}
    assert fields == {
        ("too_many_nominations", "mvp_nominations"),
        ("unknown_team", "stalled.1"),
    }
    assert db_state() == before
    saved = api_as(alice).post(
        f"/api/matches/{match.pk}/report/",
        {
            "home_score": 0,
            "away_score": 0,
            "mvp_nominations": [h[2].pk],
            "stalled": [orcs.pk],
        },
        format="json",
    )
    assert saved.status_code == 201
    match.refresh_from_db()
    assert match.result.summary["mvp_nominations"] == {str(humans.pk): [h[2].pk]}
    assert match.result.summary["stalled"] == ["away"]


def test_bb2020_refuses_nominations_and_the_stalling_line(alice, bob, charlie):
    humans, orcs = _teams(_league(alice, "bb2020"), bob, charlie)
    match = one_match(humans.league, humans, orcs)
    before = db_state()
    with pytest.raises(ServiceError) as refused:
        match_submit_report(
            match_id=match.pk,
            report=Report(
                0, 0, mvp_nominations=[roster(humans)[0].pk], stalled=[humans.pk]
            ),
            actor=alice,
        )
    assert codes(refused) == [
        ("not_in_format", "mvp_nominations"),
        ("not_in_format", "stalled"),
    ]
    assert db_state() == before


# --- Stalling -------------------------------------------------------------------


def test_a_team_that_stalled_loses_its_bonus(
    bb2025, alice, django_capture_on_commit_callbacks
):
    match, humans, orcs = bb2025
    h = roster(humans)
    _submit(
        match,
        alice,
        django_capture_on_commit_callbacks,
        home_score=2,
        away_score=0,
        players=[PlayerLine(h[0].pk, touchdowns=2)],
        stalled=[humans.pk],
    )
    attendance = _attendance(humans, orcs)
    # tables.md 15: 10,000 x (attendance / 2 + touchdowns + 1 if no stall)
    assert _winnings(humans) == 5_000 * attendance + 20_000
    assert _winnings(orcs) == 5_000 * attendance + 10_000


# --- Concession -------------------------------------------------------------------


@pytest.mark.parametrize(("fmt", "loses_spp"), [("bb2025", True), ("bb2020", False)])
def test_an_illegal_concession(
    fmt, loses_spp, alice, bob, charlie, django_capture_on_commit_callbacks
):
    humans, orcs = _teams(_league(alice, fmt), bob, charlie)
    match = one_match(humans.league, humans, orcs, seed=5)
    h, o = roster(humans), roster(orcs)
    veteran, second = o[5], o[6]
    Player.objects.filter(pk=veteran.pk).update(advancements=3)
    Player.objects.filter(pk=second.pk).update(advancements=2)
    fans_before = (humans.dedicated_fans, orcs.dedicated_fans)
    _submit(
        match,
        alice,
        django_capture_on_commit_callbacks,
        home_score=1,
        away_score=0,
        players=[PlayerLine(h[0].pk, touchdowns=1), PlayerLine(o[1].pk, completions=1)],
        conceded_by=orcs.pk,
    )
    # the score after the concession: 1 + 0 + 1 = 2 - 0; the winner takes
    # the whole attendance and, in BB2025, its no-stalling bonus
    attendance = _attendance(humans, orcs)
    bonus = 10_000 if fmt == "bb2025" else 0
    assert _winnings(humans) == 10_000 * (attendance + 2) + bonus
    assert not TreasuryEntry.objects.filter(
        team=orcs, reason=TreasuryEntry.Reason.WINNINGS
    ).exists()
    # no MVP for the conceding team
    assert set(_mvp_events(match)) == {humans.pk}
    # the completion's SPP: lost in BB2025, kept in BB2020
    o1 = Player.objects.get(pk=o[1].pk)
    assert o1.spp == (0 if loses_spp else 1)
    if loses_spp:
        (lost,) = MatchEvent.objects.filter(
            match=match, type="postgame_spp", payload__player_id=o[1].pk
        )
        assert (lost.payload["earned"], lost.payload["forfeited"]) == (0, 1)
    # the fans step's dice: the winner's D6, the loser's D3 (concession)
    # and D6, then a D6 for the one player with three advancements
    roller = SeededRoller(match_seed(match.seed, "postgame", "fans"))
    won = roller.d(6, "dedicated_fans")
    lost_d3 = roller.d(3, "concession_dedicated_fans")
    loss_d6 = roller.d(6, "dedicated_fans")
    quit_d6 = roller.d(6, "concession_quit")
    humans.refresh_from_db()
    orcs.refresh_from_db()
    assert humans.dedicated_fans == fans_before[0] + (won >= fans_before[0])
    reduced = max(1, fans_before[1] - lost_d3)
    assert orcs.dedicated_fans == (
        max(1, reduced - 1) if loss_d6 < reduced else reduced
    )
    gone = Player.Status.FIRED if quit_d6 <= 3 else Player.Status.ACTIVE
    veteran.refresh_from_db()
    second.refresh_from_db()
    assert (veteran.status, second.status) == (gone, Player.Status.ACTIVE)
    (quit_event,) = MatchEvent.objects.filter(
        match=match, type="postgame_concession_quit"
    )
    assert quit_event.payload["player_ids"] == ([veteran.pk] if quit_d6 <= 3 else [])
    assert [d["result"] for d in quit_event.payload["dice"]] == [quit_d6]


def test_a_legal_concession_has_no_penalty(
    bb2025, alice, django_capture_on_commit_callbacks
):
    match, humans, orcs = bb2025
    h, o = roster(humans), roster(orcs)
    Player.objects.filter(pk=o[5].pk).update(advancements=3)
    fans_before = orcs.dedicated_fans
    _submit(
        match,
        alice,
        django_capture_on_commit_callbacks,
        home_score=1,
        away_score=0,
        players=[PlayerLine(h[0].pk, touchdowns=1), PlayerLine(o[1].pk, completions=1)],
        conceded_by=orcs.pk,
        concession_legal=True,
    )
    # the score is awarded (2 - 0), the attendance halved for both: the
    # Orcs earn 0 touchdowns + their no-stalling bonus
    attendance = _attendance(humans, orcs)
    assert _winnings(humans) == 5_000 * attendance + 20_000 + 10_000
    assert _winnings(orcs) == 5_000 * attendance + 10_000
    # the Orcs draw an MVP (after the Humans' draw, from the same dice),
    # keep the completion's SPP, nobody quits
    mvps = _mvp_events(match)
    assert set(mvps) == {humans.pk, orcs.pk}
    spp_dice = SeededRoller(match_seed(match.seed, "postgame", "spp"))
    spp_dice.d(len(mvps[humans.pk]["nominees"]), "mvp")
    nominees = mvps[orcs.pk]["nominees"]
    drawn = nominees[spp_dice.d(len(nominees), "mvp") - 1]
    assert mvps[orcs.pk]["player_ids"] == [drawn]
    assert Player.objects.get(pk=drawn).spp >= 4
    o1_mvp = drawn == o[1].pk
    assert Player.objects.get(pk=o[1].pk).spp == 1 + (4 if o1_mvp else 0)
    assert Player.objects.get(pk=o[5].pk).status == Player.Status.ACTIVE
    assert not MatchEvent.objects.filter(
        match=match, type="postgame_concession_quit"
    ).exists()
    # the fans step rolls the winner's D6 and the loser's D6, no D3
    roller = SeededRoller(match_seed(match.seed, "postgame", "fans"))
    roller.d(6, "dedicated_fans")
    loss_d6 = roller.d(6, "dedicated_fans")
    orcs.refresh_from_db()
    assert orcs.dedicated_fans == fans_before - (loss_d6 < fans_before)
    away_fans = MatchEvent.objects.get(
        match=match, type="postgame_fans", payload__team_id=orcs.pk
    )
    assert [d["sides"] for d in away_fans.payload["dice"]] == [6]


def test_a_resolved_concession_keeps_the_engines_score(bb2025):
    match, humans, orcs = bb2025
    match_kick_off(match_id=match.pk)
    # the engine's result: the Orcs conceded at 1 - 1, so 3 - 0 (its score
    # already holds the award)
    match_result_save(
        match=match,
        mode=Match.Mode.RESOLVED,
        home_score=3,
        away_score=0,
        fan_factors=(4, 3),
        player_stats={},
        casualties=[],
        conceded_by=orcs,
        summary={"concession_penalty": True},
        submitted_by=None,
    )
    postgame_run(match_id=match.pk)
    (outcome,) = MatchEvent.objects.filter(match=match, type="postgame_outcome")
    assert (
        outcome.payload["home"]["touchdowns"],
        outcome.payload["away"]["touchdowns"],
    ) == (3, 0)
    # 10,000 x (the whole attendance 7 + 3 touchdowns + 1, no stalling)
    assert _winnings(humans) == 110_000
    assert not TreasuryEntry.objects.filter(
        team=orcs, reason=TreasuryEntry.Reason.WINNINGS
    ).exists()


def test_a_legal_concession_needs_a_concession(bb2025, alice):
    match, _, _ = bb2025
    before = db_state()
    with pytest.raises(ServiceError) as refused:
        match_submit_report(
            match_id=match.pk, report=Report(0, 0, concession_legal=True), actor=alice
        )
    assert codes(refused) == [("not_needed", "concession_legal")]
    assert db_state() == before


# --- skill-credited casualties ------------------------------------------------------


def _arm_bar_line(ruleset: str) -> dict[str, int]:
    """The Arm Bar player's line of a match the engine played:
    test_changed_skills.py's failed dodge away from him, a Casualty."""
    sc = Scenario(
        """
        .....
        .Ab..
        .....
        """,
        ruleset=ruleset,
        skills={"b": ["arm-bar"]},
        dice=[2, 4, 4, 6, 4, 1],
    )
    sc.act("A", "move")
    sc.move(0, 1)
    g, b = sc.match.state, sc.p("b")
    own = g.stats[b * N_STATS : (b + 1) * N_STATS]
    stats = dict(zip(STAT_FIELDS, own, strict=True))
    return {k: stats[k] for k in STAT_KEYS}


@pytest.mark.parametrize(
    ("fmt", "side", "spp"),
    [
        ("bb2025", "home", 2),  # Casualty 2
        ("bb2025", "away", 3),  # Brawlin' Brutes: Casualty 3
        ("bb2020", "home", 0),  # BB2020: only a Block's casualty earns SPP
    ],
)
def test_an_arm_bar_casualty_earns_the_casualty_spp(
    fmt, side, spp, alice, bob, charlie
):
    humans, orcs = _teams(_league(alice, fmt), bob, charlie)
    match = one_match(humans.league, humans, orcs)
    match_kick_off(match_id=match.pk)
    player = roster(humans if side == "home" else orcs)[2]
    line = _arm_bar_line(fmt)
    assert line["casualties_inflicted"] == (1 if fmt == "bb2025" else 0)
    match_result_save(
        match=match,
        mode=Match.Mode.RESOLVED,
        home_score=0,
        away_score=0,
        fan_factors=(3, 3),
        player_stats={str(player.pk): line},
        casualties=[],
        conceded_by=None,
        summary={},
        submitted_by=None,
    )
    postgame_run(match_id=match.pk)
    player.refresh_from_db()
    mvp = sum(
        1
        for e in MatchEvent.objects.filter(match=match, type="postgame_mvp")
        if player.pk in e.payload["player_ids"]
    )
    assert player.spp == spp + 4 * mvp
