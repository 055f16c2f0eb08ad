"""Insignificant (skills.md: "Roster may not hold more Insignificant players
than others") limits the roster, not the line-up: a Snotling team whose
other players miss the game takes Insignificant journeymen and is played by
the engine (it once crashed the season's resolution)."""

from __future__ import annotations

import pytest

from league.models import Player
from league.services.leagues import league_create
from league.services.teams import PlayerRequest, team_draft
from matches.models import Match, RosterSnapshot
from matches.resolution.resolve import match_resolve
from tests.factories import make_member
from tests.matches.conftest import one_match

pytestmark = pytest.mark.django_db

OTHERS = (
    ["snotling-fun-hoppa"] * 2
    + ["snotling-stilty-runna"] * 2
    + ["snotling-fungus-flinga"] * 2
)


def test_a_snotling_line_up_short_of_others_is_resolved(
    alice, bob, charlie, django_capture_on_commit_callbacks
):
    league = league_create(commissioner=alice, name="Snot Cup", format="bb2025")
    make_member(league, bob, charlie)
    # 6 others and 5 Snotling Linemen (Insignificant): a legal roster
    snotlings = team_draft(
        league=league,
        coach=bob,
        name="Snots",
        roster="snotling",
        players=[PlayerRequest(p, f"S{i}") for i, p in enumerate(OTHERS)]
        + [PlayerRequest("snotling-lineman", f"L{i}") for i in range(5)],
    )
    humans = team_draft(
        league=league,
        coach=charlie,
        name="Reavers",
        roster="human",
        players=[PlayerRequest("human-lineman", f"H{i}") for i in range(11)],
    )
    # three of the six others miss the game: 3 others and 5 Insignificant
    # players left, and 3 Snotling journeymen (Insignificant) make eleven
    missing = snotlings.players.exclude(position="snotling-lineman").order_by("pk")
    Player.objects.filter(pk__in=[p.pk for p in missing[:3]]).update(
        miss_next_game=True
    )
    match = one_match(league, snotlings, humans, seed=2025)
    with django_capture_on_commit_callbacks(execute=True):
        assert match_resolve(match_id=match.pk) is True
    match.refresh_from_db()
    assert (match.status, match.postgame_step) == (Match.Status.COMPLETE, "done")
    snapshot = RosterSnapshot.objects.get(match=match, team=snotlings)
    playing = [p for p in snapshot.data["players"] if p["available"]]
    small = [p for p in playing if p["position"] == "snotling-lineman"]
    assert (len(playing), len(small)) == (11, 8)
