"""The Treasure Room's Gather Funds count leaves the match with its result:
set-up.md "The Treasure-Room": "at the end of the game" the team gains gold
for the Gather Funds actions it noted, so the league's post-game must be
told each team's count by a game the engine played, as a report tells it."""

from __future__ import annotations

from engine.tools.dungeon_scenario import DungeonScenario


def test_the_result_gives_each_teams_gather_funds_count() -> None:
    sc = DungeonScenario(
        """
        ########
        #.A.B..#
        ########
        """,
        rooms={"treasure_room": (1, 1, 2, 1)},
    )
    g = sc.match.state
    assert g.variant.result_extra(g)["gather_funds"] == {"home": 0, "away": 0}

    sc.choose("activate", sc.id("A"), "gather_funds")

    # A is the home team's (the diagram's upper-case players): one use
    assert g.variant.result_extra(g)["gather_funds"] == {"home": 1, "away": 0}
