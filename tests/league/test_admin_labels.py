"""The commissioner's admin names the inputs of its tabular inlines: Django
puts them under column headings, which label nothing."""

from __future__ import annotations

import re

from league.models import Player
from tests.commissioner_world import build_league


def test_each_input_of_the_roster_inline_names_its_column_and_player(client, db):
    north = build_league("nora", "bob", "Northern Cup", ("orc", "human"))
    team = north.teams[0]
    first = Player.objects.filter(team=team).order_by("number").first()
    client.force_login(north.commissioner)

    html = client.get(f"/admin/league/team/{team.pk}/change/").content.decode()

    assert f'aria-label="Name, {first}"' in html
    assert f'aria-label="Number, {first}"' in html
    # every visible input of the players' rows has a name
    inputs = re.findall(r'<input type="(?!hidden)[^"]*" name="players-\d+-[^>]*>', html)
    assert inputs
    assert all("aria-label=" in tag for tag in inputs), inputs
