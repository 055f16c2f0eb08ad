"""Whole Blitz Bowl games with the Random Events, a rolled Arena and the
special Balls on, played by both bots: the invariants of test_invariants
hold after every decision, and the simulate CLI takes the options."""

from __future__ import annotations

import json

import pytest

from engine.blitz.bots import RandomBot
from engine.blitz.events import ArenaRolled, RandomEventDrawn
from engine.blitz.game import BlitzGame
from engine.blitz.scripted import ScriptedBot
from engine.blitz.simulate import main
from engine.blitz.state import BlitzTeamSheet
from tests.engine.blitz.test_invariants import SLUGS, check


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("bot", [RandomBot, ScriptedBot])
def test_games_with_every_option_keep_the_invariants(seed, bot):
    g = BlitzGame(
        BlitzTeamSheet("H", SLUGS[seed * 3 % len(SLUGS)]),
        BlitzTeamSheet("A", SLUGS[(seed * 5 + 1) % len(SLUGS)]),
        seed=seed,
        side="multiple" if seed % 2 else "single",
        arena="roll",
        special_balls=True,
    )
    bots = (bot(seed), bot(seed + 7))
    while not g.done:
        d = g.pending
        assert d is not None
        assert d.options
        g.apply(bots[0 if d.team == "home" else 1].choose(g, d))
        check(g.state)
    s = g.state
    assert len([e for e in g.events if isinstance(e, ArenaRolled)]) == 1
    drawn = [e.card for e in g.events if isinstance(e, RandomEventDrawn)]
    assert drawn == s.event_discards
    assert len(drawn) <= 6
    if s.how == "points":  # the whole deck was dealt: all six were drawn
        assert len(drawn) == 6


def test_simulate_takes_the_variant_options(capsys):
    argv = ["--games", "2", "--bot", "scripted", "--json", "--arena", "roll"]
    assert main([*argv, "--special-balls"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2
    assert main(["--seed", "4", "--arena", "7", "--no-random-events", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["arena"] == "mountain_summit_stadium"
    assert out["random_events"] == []
    assert main(["--seed", "4", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["arena"] is None
    if out["how"] == "points":  # the deck was dealt out: six were drawn
        assert len(out["random_events"]) == 6
