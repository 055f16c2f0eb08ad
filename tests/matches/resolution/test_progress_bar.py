"""The command line's resolution with a progress bar (eager tasks): one match
at a time, with a pause after each when asked, so that another process
(the demo's server) can write in between on SQLite."""

import io

import pytest

from matches.models import Match
from matches.resolution import progress_bar
from matches.resolution.progress import season_resolve_start
from tests.factories import LeagueFactory, UserFactory
from tests.world import scheduled_season, sevens_teams


@pytest.fixture
def season():
    """Four Sevens teams: six matches in three rounds."""
    alice = UserFactory(username="alice")
    coaches = [UserFactory(username=u) for u in ("bob", "charlie")]
    league = LeagueFactory(name="Bar League", format="sevens", commissioner=alice)
    return scheduled_season(league, sevens_teams(league, coaches, 4))


def _complete(season) -> int:
    return Match.objects.filter(season=season, status="complete").count()


@pytest.mark.django_db(transaction=True)  # post-game starts on commit
@pytest.mark.parametrize(("pause", "pauses"), [(0.2, [0.2] * 6), (0, [])])
def test_a_resolution_pauses_after_each_match_when_asked(
    season, monkeypatch, pause, pauses
):
    # given a season's resolution
    progress, _ = season_resolve_start(season_id=season.pk, scope="season")
    slept: list[tuple[float, int]] = []
    monkeypatch.setattr(
        progress_bar.time, "sleep", lambda s: slept.append((s, _complete(season)))
    )
    out = io.StringIO()

    # when it is driven here, with or without a pause
    progress_bar.resolve_with_progress(progress, out, pause=pause)

    # then every match is played, and each pause came after one more match
    # had finished its post-game, never two at once
    assert _complete(season) == 6
    assert [s for s, _ in slept] == pauses
    assert [done for _, done in slept] == list(range(1, 7))[: len(pauses)]
    # the bar moved on with each match
    assert [f"{n}/6 matches" in out.getvalue() for n in range(7)] == [True] * 7
