"""The demo names its players from the name book the draft page suggests
from, the same way every run."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from league.models import League, Player
from league.names.suggestions import name_book, name_family
from league.services.demo import demo_build, demo_player_names

pytestmark = pytest.mark.django_db


def test_every_demo_player_has_a_name_from_the_book_that_suits_him():
    demo_build()

    players = list(Player.objects.select_related("team"))
    assert len(players) > 200
    book = name_book()
    for player in players:
        family = name_family(player.team.roster, player.position)
        assert player.name in book.families[family], (player.team.name, player.name)
    for team in {p.team for p in players}:
        names = [p.name for p in players if p.team == team]
        assert len(set(names)) == len(names), team.name


def test_the_demo_names_are_the_same_in_every_run():
    args = ("Badlands Sevens", "Gouged Eye", "orc", ["orc-blitzer", "orc-lineman"])
    here = demo_player_names(*args)
    script = (
        "import django; django.setup();"
        "from league.services.demo import demo_player_names;"
        f"print('|'.join(demo_player_names(*{args!r})))"
    )
    # another process, with another hash seed
    env = {
        **os.environ,
        "PYTHONHASHSEED": "12345",
        "DJANGO_SETTINGS_MODULE": "config.settings_test",
    }
    there = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    ).stdout.strip()

    assert there.split("|") == here
    assert demo_player_names("Badlands Sevens", "Other Orcs", "orc", args[3]) != here


def test_the_demo_dungeon_league_plays_with_the_time_limit():
    # Without the option a Dungeon Bowl game is played to its first
    # touchdown; the demo's round robin is meant to end in its rounds.
    demo_build()

    dungeon = League.objects.get(name="Magisterium Dungeon Bowl")
    assert dungeon.time_limit is True
    assert League.objects.filter(time_limit=True).count() == 1
