"""A playoff needs a winner: a level one is decided by extra time and sudden
death, rolled by the engine when resolved, entered or server-rolled when
recorded, and the post-game and the bracket follow the winner."""

from __future__ import annotations

import pytest

from engine import RandomDice
from engine.rules.extra_time import sudden_death
from league.errors import ServiceError
from matches.engine_bridge import engine_play
from matches.models import Match, MatchEvent, MatchResult
from matches.postgame.override import match_override_result
from matches.prematch.kickoff import match_kick_off, match_snapshots
from matches.reports.report import match_submit_report
from matches.resolution.resolve import match_resolve
from matches.seasons.services import match_seed, playoff_winner
from tests.matches.conftest import (
    codes,
    db_state,
    one_match,
    play_recorded,
    score_report,
)


@pytest.fixture
def playoff(sevens, bob_orcs, charlie, alice):
    """A Sevens playoff match: Bob's Orcs at home to Charlie's Humans."""
    from tests.factories import draft_team

    humans = draft_team(sevens, charlie, roster="human", name="Reavers", rerolls=1)
    match = one_match(sevens, bob_orcs, humans, seed=77)
    Match.objects.filter(pk=match.pk).update(stage=Match.Stage.PLAYOFF)
    match.refresh_from_db()
    return match


def outcome(match: Match) -> tuple[str, str]:
    payload = MatchEvent.objects.get(match=match, type="postgame_outcome").payload
    return payload["home"]["outcome"], payload["away"]["outcome"]


def test_a_level_playoff_report_stores_the_throws_rolled_at_the_table(
    playoff, alice, django_capture_on_commit_callbacks
):
    throws = [[2, 2], [1, 6], [6, 1], [2, 5], [5, 5], [1, 3], [4, 2]]
    play_recorded(
        playoff,
        1,
        1,
        actor=alice,
        capture=django_capture_on_commit_callbacks,
        sudden_death=throws,
    )

    result = MatchResult.objects.get(match=playoff)
    assert result.sudden_death == {
        "rolls": throws,
        "home_wins": 2,
        "away_wins": 3,
        "winner": "away",
    }
    assert result.extra_time is True
    assert result.winner_side(playoff.home_id) == "away"
    assert playoff_winner(playoff) == playoff.away_id
    assert outcome(playoff) == ("loss", "win")
    (row,) = MatchEvent.objects.filter(match=playoff, type="sudden_death")
    assert row.payload == result.sudden_death


def test_without_throws_the_server_rolls_the_sudden_death_from_the_seed(
    playoff, alice, django_capture_on_commit_callbacks
):
    play_recorded(
        playoff, 0, 0, actor=alice, capture=django_capture_on_commit_callbacks
    )

    result = MatchResult.objects.get(match=playoff)
    expected = sudden_death(RandomDice(match_seed(playoff.seed, "sudden_death")))
    assert result.sudden_death["rolls"] == [list(r) for r in expected.rolls]
    assert result.sudden_death["winner"] == expected.winner_side
    winner = expected.winner_side
    assert outcome(playoff) == (
        ("win", "loss") if winner == "home" else ("loss", "win")
    )


def test_a_decided_playoff_and_a_league_draw_need_no_sudden_death(
    sevens, playoff, bob_orcs, alice, django_capture_on_commit_callbacks
):
    play_recorded(
        playoff, 2, 1, actor=alice, capture=django_capture_on_commit_callbacks
    )
    assert MatchResult.objects.get(match=playoff).sudden_death == {}
    assert outcome(playoff) == ("win", "loss")

    league_match = one_match(sevens, bob_orcs, playoff.away, seed=5)
    play_recorded(
        league_match, 1, 1, actor=alice, capture=django_capture_on_commit_callbacks
    )
    result = MatchResult.objects.get(match=league_match)
    assert (result.sudden_death, result.extra_time) == ({}, False)
    assert result.winner_side(league_match.home_id) is None
    assert outcome(league_match) == ("draw", "draw")


@pytest.mark.parametrize(
    ("stage", "score", "throws", "expected"),
    [
        ("league", (1, 1), [[6, 1]] * 5, [("not_needed", "sudden_death")]),
        ("playoff", (2, 1), [[6, 1]] * 5, [("not_needed", "sudden_death")]),
        (
            "playoff",
            (1, 1),
            [[6, 1]] * 4 + [[3, 3]],
            [("invalid_dice", "sudden_death")],
        ),
        ("playoff", (1, 1), [[6, 1]] * 6, [("invalid_dice", "sudden_death")]),
    ],
)
def test_sudden_death_throws_that_do_not_fit_are_refused_and_nothing_is_written(
    playoff, alice, stage, score, throws, expected
):
    Match.objects.filter(pk=playoff.pk).update(stage=stage)
    playoff.refresh_from_db()
    before = db_state()

    with pytest.raises(ServiceError) as exc:
        match_submit_report(
            match_id=playoff.pk,
            report=score_report(playoff, *score, sudden_death=throws),
            actor=alice,
        )

    assert codes(exc) == expected
    assert db_state() == before


def test_a_resolved_playoff_level_after_normal_time_plays_extra_time(
    playoff, django_capture_on_commit_callbacks
):
    # find a seed whose match is level at the final whistle of normal time
    # (searched with the same snapshots the resolution will use)
    match_kick_off(match_id=playoff.pk)
    home, away = match_snapshots(playoff)
    for seed in range(1, 400):
        result, _ = engine_play(format_slug="sevens", home=home, away=away, seed=seed)
        if result.winner is None:
            break
    else:
        pytest.fail("no level match in 400 seeds")
    Match.objects.filter(pk=playoff.pk).update(seed=seed)

    with django_capture_on_commit_callbacks(execute=True):
        assert match_resolve(match_id=playoff.pk) is True

    stored = MatchResult.objects.get(match=playoff)
    assert stored.extra_time is True
    types = list(
        MatchEvent.objects.filter(match=playoff).values_list("type", flat=True)
    )
    assert types.count("extra_time") == 1
    winner = stored.winner_side(playoff.home_id)
    assert winner in ("home", "away")
    if stored.home_score == stored.away_score:
        assert stored.sudden_death["winner"] == winner
        assert types.count("sudden_death") == 1
    else:
        assert stored.sudden_death == {}
    assert outcome(playoff) == (
        ("win", "loss") if winner == "home" else ("loss", "win")
    )
    # a league match with the same seed and teams stays a draw
    league_result, _ = engine_play(
        format_slug="sevens", home=home, away=away, seed=seed
    )
    assert league_result.winner is None


def test_an_override_that_levels_a_playoff_rolls_its_sudden_death(
    playoff, alice, django_capture_on_commit_callbacks
):
    play_recorded(
        playoff, 2, 1, actor=alice, capture=django_capture_on_commit_callbacks
    )

    result = match_override_result(
        match_id=playoff.pk,
        home_score=1,
        away_score=1,
        reason="a touchdown was scored after the final whistle",
        actor=alice,
    )

    expected = sudden_death(RandomDice(match_seed(playoff.seed, "sudden_death")))
    assert result.sudden_death["winner"] == expected.winner_side
    assert result.extra_time is True
    playoff.refresh_from_db()
    assert playoff_winner(playoff) == (
        playoff.home_id if expected.winner_side == "home" else playoff.away_id
    )
    logged = list(
        MatchEvent.objects.filter(
            match=playoff, type__in=["result_override", "sudden_death"]
        ).values_list("type", flat=True)
    )
    assert logged == ["result_override", "sudden_death"]


def test_the_report_api_takes_the_throws_and_shows_the_winner(playoff, bob):
    from tests.league.conftest import api_as

    url = f"/api/matches/{playoff.pk}/report/"
    before = db_state()
    refused = api_as(bob).post(
        url,
        {"home_score": 0, "away_score": 0, "sudden_death": [[6, 1], [7, 1]] * 3},
        format="json",
    )
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["field"].startswith("sudden_death")
    assert db_state() == before

    response = api_as(bob).post(
        url,
        {
            "home_score": 0,
            "away_score": 0,
            "sudden_death": [[6, 1], [6, 1], [1, 6], [3, 3], [6, 2], [1, 2]],
        },
        format="json",
    )

    assert response.status_code == 201, response.json()
    result = response.json()["result"]
    assert result["winner"] == playoff.home_id
    assert result["extra_time"] is True
    assert result["sudden_death"] == {
        "rolls": [[6, 1], [6, 1], [1, 6], [3, 3], [6, 2], [1, 2]],
        "home_wins": 3,
        "away_wins": 2,
        "winner": "home",
    }


def test_a_playoff_result_the_next_round_was_drawn_from_stands(
    playoff, alice, django_capture_on_commit_callbacks
):
    # given a played playoff whose winner is in the next round's draw
    play_recorded(
        playoff, 2, 1, actor=alice, capture=django_capture_on_commit_callbacks
    )
    Match.objects.create(
        season=playoff.season,
        round=playoff.round + 1,
        stage=Match.Stage.PLAYOFF,
        home_id=playoff.home_id,
        away_id=playoff.away_id,
        seed=1,
    )
    before = db_state()

    # when the commissioner would turn the result round
    with pytest.raises(ServiceError) as exc:
        match_override_result(
            match_id=playoff.pk,
            home_score=0,
            away_score=1,
            reason="typo",
            actor=alice,
        )

    # then it stands: the bracket went on with its winner
    assert codes(exc) == [("bracket_moved_on", None)]
    assert db_state() == before
