"""A conceded Dungeon Bowl game: the first touchdown ends the game
(the_rules_of_dungeon_bowl.md "Touchdown!") and a coach concedes at the start
of one of his team turns (the_rules_of_blood_bowl.md "Conceding"), so a game
that was conceded had no touchdown. Its report is 0-0 (the touchdowns scored
on the pitch); the winner is awarded the 1-0. A report, or an override of a
recorded result, that would give a conceded game a touchdown scored and then
the awarded one (2-0) is refused and writes nothing. A team that concedes
"do[es] not generate any winnings", the Treasure Room's gold included."""

from __future__ import annotations

import pytest

from league.errors import ServiceError
from matches.models import Match, MatchEvent, MatchResult
from matches.postgame.override import match_override_result
from matches.postgame.sequence import postgame_run
from matches.reports.lines import PlayerLine, Report
from matches.reports.report import match_submit_report
from matches.seasons.selectors import season_standings
from tests.matches.conftest import codes, db_state, roster
from tests.matches.dungeon_world import (  # noqa: F401 (fixtures)
    dungeon,
    fire,
    ledger,
    match,
    scripted_winnings,
    shadows,
    submit,
)

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("home", "away", "conceder", "field"),
    [
        # the home team scored, then the away team "conceded"
        (1, 0, "away", "home_score"),
        # the home team scored, then conceded itself
        (1, 0, "home", "home_score"),
        # the away team scored, then the home team "conceded"
        (0, 1, "home", "away_score"),
    ],
)
def test_a_conceded_game_reported_with_a_touchdown_is_refused(
    match, alice, home, away, conceder, field
):
    scorer_team = match.home if home else match.away
    report = Report(
        home,
        away,
        players=[PlayerLine(roster(scorer_team)[0].pk, touchdowns=1)],
        conceded_by=match.home_id if conceder == "home" else match.away_id,
    )
    before = db_state()

    with pytest.raises(ServiceError) as exc:
        match_submit_report(match_id=match.pk, report=report, actor=alice)

    assert codes(exc) == [("conceded_after_touchdown", field)]
    assert db_state() == before


def test_a_conceded_game_reported_0_0_is_a_1_0_win_in_the_table(
    match, alice, django_capture_on_commit_callbacks
):
    # the away team concedes before anyone scores: 1-0 to the home team, one
    # touchdown awarded ("The opposition is awarded one touchdown")
    with django_capture_on_commit_callbacks():
        match_submit_report(
            match_id=match.pk,
            report=Report(0, 0, conceded_by=match.away_id),
            actor=alice,
        )

    rows = {r.team_id: r for r in season_standings(match.season)}
    assert (rows[match.home_id].td_for, rows[match.home_id].points) == (1, 3)
    assert (rows[match.away_id].td_for, rows[match.away_id].points) == (0, 0)


def test_an_override_cannot_give_a_recorded_concession_a_touchdown(
    match, alice, django_capture_on_commit_callbacks
):
    # given a game the away team conceded at 0-0, its post-game run
    with django_capture_on_commit_callbacks():
        match_submit_report(
            match_id=match.pk,
            report=Report(0, 0, conceded_by=match.away_id),
            actor=alice,
        )
    postgame_run(match_id=match.pk)
    before = db_state()

    # when the commissioner would record a touchdown on the pitch as well
    with pytest.raises(ServiceError) as exc:
        match_override_result(
            match_id=match.pk, home_score=1, away_score=0, reason="x", actor=alice
        )

    # then it is refused: the game would stand 2-0
    assert codes(exc) == [("conceded_after_touchdown", "home_score")]
    assert db_state() == before
    result = MatchResult.objects.get(match=match)
    assert (result.home_score, result.away_score) == (0, 0)


# --- the Treasure Room's gold -------------------------------------------------


def test_a_conceding_team_gathers_no_treasure_room_gold(
    match, alice, shadows, fire, scripted_winnings, django_capture_on_commit_callbacks
):
    # Shadows (home) gathered funds 3 times, Fire once, then Shadows
    # conceded before anyone scored: Fire win, the winner's dice 1 and 4.
    # the_rules_of_blood_bowl.md "Conceding": "You do not generate any
    # winnings"; the Treasure Room's gold comes with the winnings (step 1,
    # league.json Decision): Shadows gain neither, and nothing of theirs
    # passes to Fire (the rule awards touchdowns, not gold). Fire: the high
    # die, 40,000, and 1 Gather Funds, 10,000 (set-up.md "The
    # Treasure-Room").
    scripted_winnings += [1, 4]
    submit(
        match,
        alice,
        Report(0, 0, conceded_by=shadows.pk, gather_funds=(3, 1)),
        django_capture_on_commit_callbacks,
    )

    postgame_run(match_id=match.pk)

    name = str(Match.objects.get(pk=match.pk))
    assert ledger(shadows) == []
    assert ledger(fire) == [
        ("winnings", 40_000, f"winnings, {name}: 2D6 1 and 4"),
        ("treasure_room", 10_000, f"Treasure Room: 1 Gather Funds, {name}"),
    ]
    shadows.refresh_from_db()
    fire.refresh_from_db()
    assert (shadows.treasury, fire.treasury) == (450_000, 500_000)
    winnings = MatchEvent.objects.get(match=match, type="postgame_winnings").payload
    assert (winnings["home"], winnings["away"]) == (0, 40_000)
    assert winnings["treasure_room"] == {str(fire.pk): {"uses": 1, "gold": 10_000}}


def test_a_concession_without_penalty_keeps_its_treasure_room_gold(
    match, alice, shadows, fire, scripted_winnings, django_capture_on_commit_callbacks
):
    # a concession the rules allow without penalty (the_rules_of_blood_bowl.md
    # "Setting Up": three players or fewer) keeps the low die, 10,000, and
    # 3 Gather Funds, 20,000
    scripted_winnings += [1, 4]
    submit(
        match,
        alice,
        Report(
            0, 0, conceded_by=shadows.pk, concession_legal=True, gather_funds=(3, 1)
        ),
        django_capture_on_commit_callbacks,
    )

    postgame_run(match_id=match.pk)

    name = str(Match.objects.get(pk=match.pk))
    assert ledger(shadows) == [
        ("winnings", 10_000, f"winnings, {name}: 2D6 1 and 4"),
        ("treasure_room", 20_000, f"Treasure Room: 3 Gather Funds, {name}"),
    ]
    assert ledger(fire) == [
        ("winnings", 40_000, f"winnings, {name}: 2D6 1 and 4"),
        ("treasure_room", 10_000, f"Treasure Room: 1 Gather Funds, {name}"),
    ]
