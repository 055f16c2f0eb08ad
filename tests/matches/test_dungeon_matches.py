"""Dungeon Bowl matches in a league: reports (one touchdown at most, 0-0
only with a time limit, each team's Gather Funds count), League points with
the casualty bonus, and the post-game (2D6 winnings, Treasure Room funds,
no Dedicated Fans or Expensive Mistakes, the D16 table), idempotent."""

from __future__ import annotations

import pytest

from engine.core.dice import SeededRoller
from league.errors import ServiceError
from league.models import Player
from league.services.leagues import league_create
from matches.models import Match, MatchEvent, MatchResult, PostgameEnd
from matches.postgame.sequence import postgame_run, postgame_run_current_step
from matches.reports.lines import CasualtyLine, PlayerLine, Report
from matches.reports.report import match_submit_report
from matches.seasons.selectors import season_division_standings, season_standings
from matches.seasons.services import match_seed, season_create, season_schedule
from matches.tasks import postgame_advance_task
from tests.matches.conftest import codes, db_state, one_match, roster
from tests.matches.dungeon_world import (  # noqa: F401 (fixtures)
    college_team,
    dungeon,
    dungeon_league,
    fire,
    ledger,
    match,
    scripted_winnings,
    shadows,
    submit,
)

pytestmark = pytest.mark.django_db


def win_1_0(match, lines=(), **kw) -> Report:
    """Home wins 1-0; ``lines``: the other players' lines."""
    scorer = roster(match.home)[0]
    return Report(1, 0, players=[PlayerLine(scorer.pk, touchdowns=1), *lines], **kw)


def lose_1_0_with_three_casualties(match, actor, capture) -> None:
    """The away team loses 1-0 but its #1 causes three casualties (Badly
    Hurt, each earning SPP): the report submitted."""
    h, a = roster(match.home), roster(match.away)
    report = win_1_0(
        match,
        lines=[PlayerLine(a[0].pk, casualties_inflicted=3)],
        casualties=[
            CasualtyLine(h[i].pk, casualty_roll=1, inflicted_by=a[0].pk)
            for i in (1, 2, 3)
        ],
    )
    with capture():
        match_submit_report(match_id=match.pk, report=report, actor=actor)


# --- reports -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("home", "away", "expected"),
    [
        # the_rules_of_dungeon_bowl.md "Touchdown!": the first touchdown ends
        # the game
        (2, 0, ("one_touchdown", "home_score")),
        (1, 1, ("one_touchdown", "away_score")),
        (0, 2, ("one_touchdown", "away_score")),
        # no time limit in this league: a game ends only with a touchdown
        (0, 0, ("no_time_limit", "home_score")),
    ],
)
def test_a_score_dungeon_bowl_cannot_end_with_is_refused_and_nothing_written(
    match, alice, home, away, expected
):
    players = []
    for team, n in ((match.home, home), (match.away, away)):
        if n:
            players.append(PlayerLine(roster(team)[0].pk, touchdowns=n))
    before = db_state()

    with pytest.raises(ServiceError) as exc:
        match_submit_report(
            match_id=match.pk,
            report=Report(home, away, players=players),
            actor=alice,
        )

    assert codes(exc) == [expected]
    assert db_state() == before


def test_a_level_game_is_a_result_in_a_league_with_a_time_limit(
    alice, bob, charlie, django_capture_on_commit_callbacks
):
    league = dungeon_league(alice, "Timed Dungeon", time_limit=True)
    home = college_team(
        league, bob, "college-of-shadows", "skaven-clanrat-lineman", "Timed A"
    )
    away = college_team(
        league, charlie, "college-of-fire", "bloodborn-marauder-lineman", "Timed B"
    )
    match = one_match(league, home, away)

    with django_capture_on_commit_callbacks():
        result = match_submit_report(
            match_id=match.pk, report=Report(0, 0), actor=alice
        )

    assert (result.home_score, result.away_score) == (0, 0)


def test_a_win_at_the_time_limit_is_reported_1_0_without_a_touchdown(
    alice, bob, charlie, scripted_winnings, django_capture_on_commit_callbacks
):
    # the_rules_of_dungeon_bowl.md "Time Limits and Winning the Game": nobody
    # scored, and the team that got the ball closer to the opposition's End
    # Zone "is the winner" (1-0, as the engine scores it), with no touchdown
    league = dungeon_league(alice, "Timed Dungeon", time_limit=True)
    home = college_team(
        league, bob, "college-of-shadows", "skaven-clanrat-lineman", "Timed A"
    )
    away = college_team(
        league, charlie, "college-of-fire", "bloodborn-marauder-lineman", "Timed B"
    )
    match = one_match(league, home, away)

    with django_capture_on_commit_callbacks():
        result = match_submit_report(
            match_id=match.pk, report=Report(0, 1), actor=alice
        )

    assert (result.home_score, result.away_score) == (0, 1)
    assert result.winner_side(match.home_id) == "away"
    assert result.player_stats == {}
    # the winner's 2D6, 5 and 2: the higher die for the winner (away)
    scripted_winnings += [5, 2]
    postgame_run(match_id=match.pk)
    assert [(r, a) for r, a, _ in ledger(away)] == [("winnings", 50_000)]
    assert [(r, a) for r, a, _ in ledger(home)] == [("winnings", 20_000)]
    # nobody scored: no touchdown SPP (only the MVPs earn)
    assert not MatchEvent.objects.filter(
        match=match, type="postgame_spp", payload__tally__touchdowns__gt=0
    ).exists()


def test_a_win_without_a_touchdown_needs_the_time_limit(match, alice):
    # no time limit in this league: the first touchdown is the only win
    before = db_state()

    with pytest.raises(ServiceError) as exc:
        match_submit_report(match_id=match.pk, report=Report(1, 0), actor=alice)

    assert codes(exc) == [("score_mismatch", "home_score")]
    assert db_state() == before


def test_a_conceded_game_may_end_0_0_without_a_time_limit(
    match, alice, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks():
        result = match_submit_report(
            match_id=match.pk,
            report=Report(0, 0, conceded_by=match.away_id),
            actor=alice,
        )
    assert result.winner_side(match.home_id) == "home"


@pytest.mark.parametrize("counts", [(17, 0), (0, -1)])
def test_a_gather_funds_count_out_of_range_is_refused(match, alice, counts):
    before = db_state()
    with pytest.raises(ServiceError) as exc:
        match_submit_report(
            match_id=match.pk, report=win_1_0(match, gather_funds=counts), actor=alice
        )
    assert codes(exc) == [("invalid_count", "gather_funds")]
    assert db_state() == before


def test_a_blood_bowl_report_takes_no_gather_funds(eleven, humans, orcs, alice):
    match = one_match(eleven, humans, orcs)
    scorer = roster(humans)[0]
    before = db_state()

    with pytest.raises(ServiceError) as exc:
        match_submit_report(
            match_id=match.pk,
            report=Report(
                1, 0, players=[PlayerLine(scorer.pk, touchdowns=1)], gather_funds=(1, 0)
            ),
            actor=alice,
        )

    assert codes(exc) == [("not_in_format", "gather_funds")]
    assert db_state() == before


def test_the_report_api_records_gather_funds_and_refuses_a_second_touchdown(
    match, alice
):
    from tests.world import api_as

    scorer = roster(match.home)[0]
    refused = api_as(alice).post(
        f"/api/matches/{match.pk}/report/",
        {
            "home_score": 2,
            "away_score": 0,
            "players": [{"player_id": scorer.pk, "touchdowns": 2}],
        },
        format="json",
    )
    assert refused.status_code == 400
    assert {"field": "home_score", "code": "one_touchdown"}.items() <= refused.json()[
        "errors"
    ][0].items()
    assert not MatchResult.objects.exists()

    ok = api_as(alice).post(
        f"/api/matches/{match.pk}/report/",
        {
            "home_score": 1,
            "away_score": 0,
            "players": [{"player_id": scorer.pk, "touchdowns": 1}],
            "gather_funds": [3, 0],
        },
        format="json",
    )

    assert ok.status_code == 201, ok.json()
    result = MatchResult.objects.get(match=match)
    assert result.summary["gather_funds"] == {
        str(match.home_id): 3,
        str(match.away_id): 0,
    }


# --- League points -------------------------------------------------------------


def test_the_standings_add_a_point_for_three_casualties_caused(
    match, alice, django_capture_on_commit_callbacks
):
    # Shadows win 1-0; Fire cause three casualties (Badly Hurt, D16 1), and
    # one more Shadows player is hurt with no one named (no SPP): Fire's
    # loss scores 0 + 1 ("League Scoring": three or more SPP casualties)
    h, a = roster(match.home), roster(match.away)
    report = win_1_0(
        match,
        lines=[
            PlayerLine(a[0].pk, casualties_inflicted=2),
            PlayerLine(a[1].pk, casualties_inflicted=1),
        ],
        casualties=[
            CasualtyLine(h[1].pk, casualty_roll=1, inflicted_by=a[0].pk),
            CasualtyLine(h[2].pk, casualty_roll=1, inflicted_by=a[0].pk),
            CasualtyLine(h[3].pk, casualty_roll=1, inflicted_by=a[1].pk),
            CasualtyLine(h[4].pk, casualty_roll=1),
        ],
    )
    with django_capture_on_commit_callbacks():
        match_submit_report(match_id=match.pk, report=report, actor=alice)

    rows = {r.team_id: r for r in season_standings(match.season)}

    assert (rows[match.home_id].points, rows[match.home_id].bonus_points) == (3, 0)
    assert (rows[match.away_id].points, rows[match.away_id].bonus_points) == (1, 1)
    assert rows[match.away_id].cas_for == 4


def test_a_divisions_table_on_the_season_page_counts_the_casualty_bonus(
    dungeon, shadows, fire, alice, charlie, client, django_capture_on_commit_callbacks
):
    # given a season in two divisions; in the first, Fire lose 1-0 but cause
    # three SPP casualties: 0 + 1 point ("League Scoring")
    rats = college_team(
        dungeon, charlie, "college-of-shadows", "skaven-clanrat-lineman", "Rats"
    )
    embers = college_team(
        dungeon, charlie, "college-of-fire", "bloodborn-marauder-lineman", "Embers"
    )
    season = season_create(
        league=dungeon,
        name="Split",
        seed=5,
        divisions={"Upper": [shadows.pk, fire.pk], "Lower": [rats.pk, embers.pk]},
    )
    season_schedule(season_id=season.pk)
    match = Match.objects.get(season=season, home__in=[shadows, fire])
    if match.home_id != shadows.pk:
        Match.objects.filter(pk=match.pk).update(home=shadows, away=fire)
        match.refresh_from_db()
    lose_1_0_with_three_casualties(match, alice, django_capture_on_commit_callbacks)

    # when the season page is drawn
    page = client.get(f"/seasons/{season.pk}/")

    # then the Upper table gives Fire the bonus point, as the API does
    tables = {d.name: d for d in page.context["loop"].divisions}
    upper, lower = tables["Upper"], tables["Lower"]
    rows = {line.team.pk: line.row for line in upper.lines}
    assert (rows[shadows.pk].points, rows[shadows.pk].bonus_points) == (3, 0)
    assert (rows[fire.pk].points, rows[fire.pk].bonus_points) == (1, 1)
    assert [line.row.points for line in lower.lines] == [0, 0]
    api = season_division_standings(season)
    assert [(r.team_id, r.points) for r in api["Upper"]] == [
        (line.team.pk, line.row.points) for line in upper.lines
    ]


def test_two_spp_casualties_earn_no_bonus(
    match, alice, django_capture_on_commit_callbacks
):
    h, a = roster(match.home), roster(match.away)
    report = win_1_0(
        match,
        lines=[PlayerLine(a[0].pk, casualties_inflicted=2)],
        casualties=[
            CasualtyLine(h[1].pk, casualty_roll=1, inflicted_by=a[0].pk),
            CasualtyLine(h[2].pk, casualty_roll=1, inflicted_by=a[0].pk),
            CasualtyLine(h[3].pk, casualty_roll=1),
        ],
    )
    with django_capture_on_commit_callbacks():
        match_submit_report(match_id=match.pk, report=report, actor=alice)

    rows = {r.team_id: r for r in season_standings(match.season)}
    assert rows[match.away_id].points == 0


# --- the post-game -------------------------------------------------------------


def test_the_post_game_pays_2d6_winnings_and_treasure_room_funds(
    match, alice, shadows, fire, scripted_winnings, django_capture_on_commit_callbacks
):
    # the winner's 2D6: 5 and 3. Shadows win: 5 x 10,000; Fire: 3 x 10,000.
    # Gather Funds: Shadows 3 (20,000), Fire 1 (10,000) (set-up.md "The
    # Treasure-Room"). MVPs named, so the SPP step draws none.
    scripted_winnings += [5, 3]
    mvps = [roster(shadows)[1].pk, roster(fire)[1].pk]
    submit(
        match,
        alice,
        win_1_0(match, gather_funds=(3, 1), mvps=mvps),
        django_capture_on_commit_callbacks,
    )

    assert postgame_run(match_id=match.pk) == "done"

    name = str(Match.objects.get(pk=match.pk))
    assert ledger(shadows) == [
        ("winnings", 50_000, f"winnings, {name}: 2D6 5 and 3"),
        ("treasure_room", 20_000, f"Treasure Room: 3 Gather Funds, {name}"),
    ]
    assert ledger(fire) == [
        ("winnings", 30_000, f"winnings, {name}: 2D6 5 and 3"),
        ("treasure_room", 10_000, f"Treasure Room: 1 Gather Funds, {name}"),
    ]
    shadows.refresh_from_db()
    fire.refresh_from_db()
    assert (shadows.treasury, fire.treasury) == (520_000, 490_000)
    types = list(
        MatchEvent.objects.filter(match=match, type__startswith="postgame_")
        .order_by("seq")
        .values_list("type", flat=True)
    )
    # no Dedicated Fans and no Expensive Mistakes steps
    assert "postgame_fans" not in types
    assert "postgame_expensive_mistakes" not in types
    # no post-game left open for a roll to come, and the team value recorded
    # at once (matches.postgame.end is for formats with the step)
    assert not PostgameEnd.objects.exists()
    assert types.count("postgame_team_value") == 2
    winnings = MatchEvent.objects.get(match=match, type="postgame_winnings").payload
    assert winnings["dice"] == [
        {"purpose": "dungeon_winnings", "sides": 6, "result": 5},
        {"purpose": "dungeon_winnings", "sides": 6, "result": 3},
    ]
    assert winnings["treasure_room"] == {
        str(shadows.pk): {"uses": 3, "gold": 20_000},
        str(fire.pk): {"uses": 1, "gold": 10_000},
    }
    # MVP 4 SPP and the touchdown 3 (BB2020 SPP)
    scorer, mvp = roster(shadows)[0], roster(shadows)[1]
    assert (scorer.spp, mvp.spp) == (3, 4)


def test_the_post_game_steps_are_outcome_winnings_spp_injuries_team_value(
    match, alice, scripted_winnings, django_capture_on_commit_callbacks
):
    scripted_winnings += [2, 6]
    submit(match, alice, win_1_0(match), django_capture_on_commit_callbacks)

    steps = [postgame_run_current_step(match_id=match.pk) for _ in range(5)]

    assert steps == ["winnings", "spp", "injuries", "team_value", "done"]


def test_a_loser_without_gather_funds_gets_only_the_low_die(
    match, alice, shadows, fire, scripted_winnings, django_capture_on_commit_callbacks
):
    # Fire win away: dice 2 and 6: Fire 60,000, Shadows 20,000
    scripted_winnings += [2, 6]
    scorer = roster(fire)[0]
    submit(
        match,
        alice,
        Report(0, 1, players=[PlayerLine(scorer.pk, touchdowns=1)]),
        django_capture_on_commit_callbacks,
    )

    postgame_run(match_id=match.pk)

    assert [(r, a) for r, a, _ in ledger(fire)] == [("winnings", 60_000)]
    assert [(r, a) for r, a, _ in ledger(shadows)] == [("winnings", 20_000)]


def test_a_drawn_game_pays_each_team_the_low_die(
    alice, bob, charlie, scripted_winnings, django_capture_on_commit_callbacks
):
    # league.json Decision: a draw pays each team the lower die: 4 and 1
    league = dungeon_league(alice, "Timed Dungeon", time_limit=True)
    home = college_team(
        league, bob, "college-of-shadows", "skaven-clanrat-lineman", "Timed A"
    )
    away = college_team(
        league, charlie, "college-of-fire", "bloodborn-marauder-lineman", "Timed B"
    )
    match = one_match(league, home, away)
    scripted_winnings += [4, 1]
    submit(match, alice, Report(0, 0), django_capture_on_commit_callbacks)

    postgame_run(match_id=match.pk)

    assert [(r, a) for r, a, _ in ledger(home)] == [("winnings", 10_000)]
    assert [(r, a) for r, a, _ in ledger(away)] == [("winnings", 10_000)]


def test_casualties_use_the_dungeon_bowl_d16_table(
    match, alice, shadows, fire, scripted_winnings, django_capture_on_commit_callbacks
):
    # D16 10-12 Serious Injury: Miss Next Game and a Niggling Injury;
    # 13-14 Lasting Injury, D6 3 Smashed Knee: -1 MA (cheat_sheet.md)
    scripted_winnings += [1, 1]
    h, a = roster(shadows), roster(fire)
    report = win_1_0(
        match,
        casualties=[
            CasualtyLine(a[1].pk, casualty_roll=10, inflicted_by=h[2].pk),
            CasualtyLine(a[2].pk, casualty_roll=13, lasting_roll=3),
        ],
    )
    submit(match, alice, report, django_capture_on_commit_callbacks)

    postgame_run(match_id=match.pk)

    result = MatchResult.objects.get(match=match)
    assert {c["table"] for c in result.casualties} == {"dungeon_bowl"}
    a1, a2 = (p for p in roster(fire) if p.pk in (a[1].pk, a[2].pk))
    assert (a1.miss_next_game, a1.niggling_injuries) == (True, 1)
    assert (a2.miss_next_game, a2.ma) == (True, a[2].ma - 1)


def test_the_post_game_task_run_twice_pays_once(
    match, alice, shadows, fire, scripted_winnings, django_capture_on_commit_callbacks
):
    scripted_winnings += [6, 4, 6, 4]
    (task,) = submit(
        match,
        alice,
        win_1_0(match, gather_funds=(5, 0)),
        django_capture_on_commit_callbacks,
    )

    task()
    postgame_advance_task(match_id=match.pk)
    postgame_run(match_id=match.pk)

    # 60,000 winnings and 30,000 from 5 Gather Funds, once
    assert [(r, a) for r, a, _ in ledger(shadows)] == [
        ("winnings", 60_000),
        ("treasure_room", 30_000),
    ]
    assert [(r, a) for r, a, _ in ledger(fire)] == [("winnings", 40_000)]
    assert Match.objects.get(pk=match.pk).status == Match.Status.COMPLETE


def test_a_conceded_game_pays_the_high_die_to_the_team_that_stayed(
    match, alice, shadows, fire, scripted_winnings, django_capture_on_commit_callbacks
):
    # Shadows concede before anyone scores: Fire win, dice 1 and 4
    scripted_winnings += [1, 4]
    submit(
        match,
        alice,
        Report(0, 0, conceded_by=shadows.pk),
        django_capture_on_commit_callbacks,
    )

    postgame_run(match_id=match.pk)

    assert [(r, a) for r, a, _ in ledger(fire)] == [("winnings", 40_000)]
    # the conceding team wins nothing (the_rules_of_blood_bowl.md "Conceding")
    assert [(r, a) for r, a, _ in ledger(shadows)] == []


# --- resolving ---------------------------------------------------------------


def test_a_format_whose_game_the_engine_does_not_play_is_not_resolved(
    match, alice, monkeypatch
):
    # Variant.engine_plays_game: a format whose game is still being written
    # (as Dungeon Bowl's was) records its matches; resolving is refused with
    # a code and nothing is queued
    from engine.variants.dungeon_bowl.variant import DungeonBowl
    from matches.models import TaskProgress

    monkeypatch.setattr(DungeonBowl, "engine_plays_game", False)
    from matches.resolution.progress import match_resolve_start, season_resolve_start
    from tests.world import api_as

    before = db_state()

    with pytest.raises(ServiceError) as exc:
        match_resolve_start(match_id=match.pk, actor=alice)
    assert codes(exc) == [("engine_cannot_play", None)]
    with pytest.raises(ServiceError) as exc:
        season_resolve_start(season_id=match.season_id, scope="season", actor=alice)
    assert codes(exc) == [("engine_cannot_play", None)]
    response = api_as(alice).post(f"/api/matches/{match.pk}/resolve/")

    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "engine_cannot_play"
    assert db_state() == before
    assert not TaskProgress.objects.exists()


def test_the_engine_plays_a_dungeon_bowl_match_in_a_generated_dungeon(
    match, alice, django_capture_on_commit_callbacks
):
    from matches.models import MatchEvent
    from matches.resolution.resolve import match_resolve

    with django_capture_on_commit_callbacks(execute=True):
        assert match_resolve(match_id=match.pk) is True

    match.refresh_from_db()
    assert match.status == "complete"
    result = match.result
    # one touchdown at most: the first ends the game; 0-0 only when the turn
    # cap (the engine's stand-in for the clock) finds the ball level
    assert (result.home_score, result.away_score) in ((1, 0), (0, 1), (0, 0))
    kinds = set(MatchEvent.objects.filter(match=match).values_list("type", flat=True))
    assert {"ball_hidden", "first_turn", "turn_start"} <= kinds
    assert "kickoff" not in kinds
    if result.home_score + result.away_score == 0:
        assert "time_limit" in kinds


def test_a_league_may_switch_the_casualty_bonus_off(
    alice, bob, charlie, django_capture_on_commit_callbacks
):
    league = league_create(
        commissioner=alice,
        name="No Bonus",
        format="dungeon-bowl",
        casualty_bonus=False,
    )
    home = college_team(
        league, bob, "college-of-shadows", "skaven-clanrat-lineman", "NB A"
    )
    away = college_team(
        league, charlie, "college-of-fire", "bloodborn-marauder-lineman", "NB B"
    )
    match = one_match(league, home, away)
    lose_1_0_with_three_casualties(match, alice, django_capture_on_commit_callbacks)

    rows = {r.team_id: r for r in season_standings(match.season)}
    assert match.season.settings["casualty_bonus"] is False
    assert (rows[away.pk].points, rows[away.pk].bonus_points) == (0, 0)


# --- inducements ---------------------------------------------------------------


def test_a_college_team_induces_only_what_dungeon_bowl_offers(match, bob, shadows):
    from matches.prematch.inducements import Purchase, match_buy_inducements

    before = db_state()
    # inducements.md: Extra Team Training and Bribes; no Bloodweiser Kegs
    with pytest.raises(ServiceError) as exc:
        match_buy_inducements(
            match_id=match.pk,
            team_id=shadows.pk,
            actor=bob,
            items=[Purchase("bloodweiser_kegs")],
        )
    assert [v.code for v in exc.value.violations] == ["unknown_inducement"]
    assert db_state() == before

    match_buy_inducements(
        match_id=match.pk,
        team_id=shadows.pk,
        actor=bob,
        items=[Purchase("extra_team_training")],
    )

    # 100,000 from the treasury (equal team values: no petty cash)
    shadows.refresh_from_db()
    assert shadows.treasury == 350_000


def test_a_college_wizard_bought_casts_in_the_match_the_engine_plays(
    match, bob, shadows, django_capture_on_commit_callbacks
):
    from matches.engine_bridge import team_sheet
    from matches.models import MatchEvent
    from matches.prematch.inducements import Purchase, match_buy_inducements
    from matches.prematch.kickoff import match_kick_off
    from matches.resolution.resolve import match_engine_inputs, match_resolve

    # inducements.md "0-1 College Wizard": 100,000, the team's own college
    before = db_state()
    with pytest.raises(ServiceError):
        match_buy_inducements(
            match_id=match.pk,
            team_id=shadows.pk,
            actor=bob,
            items=[Purchase("college_wizard", count=2)],
        )
    assert db_state() == before
    match_buy_inducements(
        match_id=match.pk,
        team_id=shadows.pk,
        actor=bob,
        items=[Purchase("college_wizard")],
    )
    shadows.refresh_from_db()
    assert shadows.treasury == 350_000
    match_kick_off(match_id=match.pk)
    inputs = match_engine_inputs(match)
    home = team_sheet(inputs["home"], inputs["inducements"][0])
    away = team_sheet(inputs["away"], inputs["inducements"][1])
    assert (home.college_wizard, away.college_wizard) == ("college-of-shadows", "")

    with django_capture_on_commit_callbacks(execute=True):
        assert match_resolve(match_id=match.pk) is True
    # the Grey Wizard's Shadowed Step (its event type is the spell): cast
    # once in this seeded game (once per game at most), by the home side;
    # nobody else casts
    steps = list(MatchEvent.objects.filter(match=match, type="shadowed_step"))
    assert len(steps) == 1
    assert all(e.payload["team"] == "home" for e in steps)
    others = ("fireball", "transmutation", "life_drain", "chain_lightning")
    assert not MatchEvent.objects.filter(match=match, type__in=others).exists()


def test_gather_funds_wait_with_a_report_the_other_coach_confirms(
    alice, bob, charlie, django_capture_on_commit_callbacks
):
    from matches.models import ReportSubmission
    from matches.reports.confirmation import report_confirm

    league = league_create(
        commissioner=alice,
        name="Confirmed",
        format="dungeon-bowl",
        report_confirmation_days=3,
    )
    home = college_team(
        league, bob, "college-of-shadows", "skaven-clanrat-lineman", "Conf A"
    )
    away = college_team(
        league, charlie, "college-of-fire", "bloodborn-marauder-lineman", "Conf B"
    )
    match = one_match(league, home, away)
    with django_capture_on_commit_callbacks(execute=True):
        match_submit_report(
            match_id=match.pk, report=win_1_0(match, gather_funds=(3, 1)), actor=bob
        )
    assert not MatchResult.objects.filter(match=match).exists()
    submission = ReportSubmission.objects.get(match=match)

    with django_capture_on_commit_callbacks(execute=True):
        report_confirm(submission_id=submission.pk, actor=charlie)

    result = MatchResult.objects.get(match=match)
    assert result.summary["gather_funds"] == {str(home.pk): 3, str(away.pk): 1}


def test_an_override_keeps_to_one_touchdown(
    match, alice, shadows, django_capture_on_commit_callbacks
):
    # given a played game, 1-0
    submit(
        match,
        alice,
        Report(1, 0, players=[PlayerLine(roster(shadows)[0].pk, touchdowns=1)]),
        django_capture_on_commit_callbacks,
    )
    postgame_run(match_id=match.pk)
    before = db_state()

    # when the commissioner would make it 2-0
    from matches.postgame.override import match_override_result

    with pytest.raises(ServiceError) as exc:
        match_override_result(
            match_id=match.pk, home_score=2, away_score=0, reason="x", actor=alice
        )

    # then the game that ends at the first touchdown refuses it
    assert codes(exc) == [("one_touchdown", "home_score")]
    assert db_state() == before


def test_a_conceding_colleges_veterans_may_quit_in_step_one(
    match, alice, shadows, fire, django_capture_on_commit_callbacks
):
    """the_rules_of_blood_bowl.md "Conceding" (the core rules Dungeon Bowl
    plays): "roll a D6 for each of your players that has gained three or
    more advancements: On a roll of 1-3, the player quits the team". The
    Dungeon Bowl post-game has no Dedicated Fans step, so the D6 is rolled
    in step 1, with the outcome."""
    veteran, second = roster(shadows)[4], roster(shadows)[5]
    Player.objects.filter(pk=veteran.pk).update(advancements=3)
    Player.objects.filter(pk=second.pk).update(advancements=2)
    submit(
        match,
        alice,
        Report(0, 0, conceded_by=shadows.pk),
        django_capture_on_commit_callbacks,
    )

    postgame_run(match_id=match.pk)

    quit_d6 = SeededRoller(match_seed(match.seed, "postgame", "concession")).d(
        6, "concession_quit"
    )
    veteran.refresh_from_db()
    second.refresh_from_db()
    gone = Player.Status.FIRED if quit_d6 <= 3 else Player.Status.ACTIVE
    assert (veteran.status, second.status) == (gone, Player.Status.ACTIVE)
    (event,) = MatchEvent.objects.filter(match=match, type="postgame_concession_quit")
    assert event.payload["step"] == "outcome"
    assert event.payload["team_id"] == shadows.pk
    assert [d["result"] for d in event.payload["dice"]] == [quit_d6]
    assert event.payload["player_ids"] == ([veteran.pk] if quit_d6 <= 3 else [])


def test_the_team_that_stayed_rolls_for_no_veteran(
    match, alice, shadows, fire, django_capture_on_commit_callbacks
):
    Player.objects.filter(pk=roster(fire)[0].pk).update(advancements=4)
    submit(
        match,
        alice,
        Report(0, 0, conceded_by=shadows.pk),
        django_capture_on_commit_callbacks,
    )

    postgame_run(match_id=match.pk)

    assert not MatchEvent.objects.filter(
        match=match, type="postgame_concession_quit"
    ).exists()
    assert Player.objects.get(pk=roster(fire)[0].pk).status == Player.Status.ACTIVE
