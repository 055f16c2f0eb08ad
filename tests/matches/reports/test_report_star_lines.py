"""A Star Player's report line holds what he did, never Star Player Points
or the MVP award: stars earn no SPP and cannot be MVP
(inducements_in_detail.md "0-2 Star Players"; post-game_sequence.md "Most
Valuable Player"), and the report refuses either with nothing written."""

from __future__ import annotations

import pytest

from matches.models import MatchEvent
from tests.matches.prematch.test_star_players import (
    buy,
    report_api,
    world,  # noqa: F401  (fixture)
)
from tests.matches.prematch.test_star_players import snapshot as state


@pytest.mark.parametrize(
    ("extra", "field"),
    [({"spp": 3}, "players.0.spp"), ({"mvp": True}, "players.0.mvp")],
)
def test_a_star_given_spp_or_the_mvp_is_refused(world, extra, field):  # noqa: F811
    # given
    match = world["match"]
    buy(world, match.home_id, "grak-and-crumbleberry")
    before = state()

    # when
    response = report_api(
        world,
        {
            "home_score": 1,
            "away_score": 0,
            "players": [{"star_player": "grak", "touchdowns": 1} | extra],
        },
    )

    # then
    assert response.status_code == 400
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [
        ("unknown_field", field)
    ]
    assert state() == before
    assert not MatchEvent.objects.filter(match=match, type="report").exists()
