"""A Dungeon Bowl match the engine plays pays the Treasure Room's funds in
its post-game as a reported one does (set-up.md "The Treasure-Room",
Gather Funds: "1 or more = +10,000 gp; 3 or more = instead +20,000; 5 or
more = instead +30,000", gained "at the end of the game")."""

from __future__ import annotations

import pytest

from league.models import Player, TreasuryEntry
from matches.models import MatchEvent
from matches.resolution.resolve import match_resolve
from tests.matches.conftest import one_match
from tests.matches.dungeon_world import (  # noqa: F401 (fixtures)
    dungeon,
    fire,
    shadows,
)

pytestmark = pytest.mark.django_db


# a seed whose bots take Gather Funds actions in a Treasure Room
SEED = 12


def rules_gold(uses: int) -> int:
    """set-up.md "The Treasure-Room"."""
    if uses >= 5:
        return 30_000
    if uses >= 3:
        return 20_000
    return 10_000 if uses >= 1 else 0


def test_gather_funds_in_a_played_match_are_paid_after_it(
    dungeon, shadows, fire, django_capture_on_commit_callbacks
):
    match = one_match(dungeon, shadows, fire, seed=SEED)

    with django_capture_on_commit_callbacks(execute=True):
        assert match_resolve(match_id=match.pk) is True

    # each team's uses, as the match log noted them
    team_of = dict(Player.objects.values_list("pk", "team_id"))
    uses = {shadows.pk: 0, fire.pk: 0}
    for payload in MatchEvent.objects.filter(match=match, type="room_rule").values_list(
        "payload", flat=True
    ):
        if payload["effect"] == "gather_funds":
            uses[team_of[payload["player"]]] += 1
    assert sum(uses.values()) > 0, "the seed's game should gather funds"
    match.refresh_from_db()
    assert match.result.summary["gather_funds"] == {
        str(team): n for team, n in uses.items()
    }
    paid = dict(
        TreasuryEntry.objects.filter(
            reason=TreasuryEntry.Reason.TREASURE_ROOM
        ).values_list("team_id", "amount")
    )
    assert paid == {team: rules_gold(n) for team, n in uses.items() if n}
