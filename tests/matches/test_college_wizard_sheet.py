"""A Dungeon Bowl team's College Wizard reaches the engine's team sheet:
named by the team's own college (dungeon_bowl/inducements.md "When a Dungeon
Bowl team hires a College Wizard, they will hire the Wizard of the same type
as their college team")."""

from matches.engine_bridge import team_sheet

SNAPSHOT = {
    "name": "Flamers",
    "roster": "college-of-fire",
    "players": [],
    "rerolls": 2,
    "apothecary": False,
    "dedicated_fans": 1,
    "assistant_coaches": 0,
    "cheerleaders": 0,
}


def test_the_college_wizard_is_the_teams_own_college():
    assert team_sheet(SNAPSHOT, {"college_wizard": 1}).college_wizard == (
        "college-of-fire"
    )


def test_no_college_wizard_bought_none_on_the_sheet():
    assert team_sheet(SNAPSHOT, {}).college_wizard == ""
    assert team_sheet(SNAPSHOT, {"wizard": 1}).college_wizard == ""
