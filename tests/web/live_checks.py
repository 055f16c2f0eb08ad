"""What every browser test of a live match checks once it is over: the
league follows (result, post-game, standings) and the replay is what was
played."""

from __future__ import annotations

from matches.live.games import game_inputs
from matches.live.models import LiveMatch
from matches.live.referee import replay_events
from matches.models import Match, MatchEvent, MatchResult


def league_follows(page, match: Match, team_name: str) -> MatchResult:
    """The page's score is the result's; the standings count the match and
    the post-game has run."""
    result = MatchResult.objects.get(match=match)
    score = f"{result.home_score}–{result.away_score}"
    assert page.get_by_test_id("live-score").inner_text() == score
    match.refresh_from_db()
    assert match.status in (Match.Status.POST_GAME, Match.Status.COMPLETE)
    assert MatchEvent.objects.filter(match=match, type__startswith="postgame").exists()
    page.goto(f"/seasons/{match.season_id}/")
    row = page.locator("table.standings tr", has_text=team_name)
    assert row.locator("td").nth(1).inner_text() == "1"  # played
    return result


def pitch_replay_is_what_was_played(match: Match) -> None:
    """The events stored are those of the decisions played, replayed: each
    event whole (a casualty as the engine rolled it; the league's own table
    adds its result and the rolls of that table beside it)."""
    live = LiveMatch.objects.get(match=match)
    replayed = replay_events(game_inputs(live), live.decisions)
    added = ("league_result", "league_table")
    stored = [
        {"type": kind, **{k: v for k, v in payload.items() if k not in added}}
        for kind, payload in MatchEvent.objects.filter(match=match)
        .exclude(type="casualty_roll")
        .exclude(type__startswith="postgame")
        .order_by("seq")
        .values_list("type", "payload")
    ]
    assert stored == replayed
