"""Whole classic matches: 200 seeded bot-v-bot games play to the end with
the invariants holding at every decision, and the simulate CLI."""

from __future__ import annotations

import json

import pytest

from engine import Match, RandomDice
from engine.bots import make_bot
from engine.bots.driver import play
from engine.tools.invariants import check
from engine.tools.simulate import main
from engine.tools.teams import default_team_sheet
from engine.variants import CLASSIC, variants
from tests.engine.rosters import PLAYABLE_ROSTERS

ROSTERS = PLAYABLE_ROSTERS


def test_classic_is_registered() -> None:
    assert variants()["classic"] is CLASSIC
    assert (CLASSIC.name, CLASSIC.label) == ("classic", "Classic Blood Bowl")


@pytest.mark.slow
@pytest.mark.parametrize("first", range(0, 200, 25))
def test_seeded_matches_play_out_with_invariants(first: int) -> None:
    for seed in range(first, first + 25):
        # random bots on odd seeds, scripted on even; every fifth needs a
        # winner (extra time, sudden death)
        bot = "random" if seed % 2 else "scripted"
        home, away = (
            ROSTERS[seed % len(ROSTERS)],
            ROSTERS[(7 * seed + 3) % len(ROSTERS)],
        )
        m = Match(
            CLASSIC,
            default_team_sheet(home, CLASSIC, first_id=1),
            default_team_sheet(away, CLASSIC, first_id=101),
            RandomDice(seed),
            extra_time=seed % 5 == 0,
        )
        bots = (make_bot(bot, seed), make_bot(bot, seed + 1))
        steps = 0
        while m.pending is not None:
            errs = check(m.state)
            assert errs == [], (seed, errs)
            d = m.pending
            m.apply(bots[0 if d.team == "home" else 1].choose(d, m.state))
            steps += 1
            assert steps < 20_000, seed
        assert m.done, seed
        assert check(m.state) == [], seed
        r = m.result
        assert r.ruleset == "classic"
        if seed % 5 == 0:
            assert r.winner is not None, seed
        for cas in r.casualties:
            assert cas.d16 is None
            # a Thrall bitten by a Vampire (Bloodlust) is Badly Hurt
            # without a roll on the table
            bitten = cas.result == "badly_hurt" and "vampire" in (home, away)
            assert cas.d100 is not None or cas.regenerated or bitten


def test_driver_plays_a_classic_match() -> None:
    m = Match(
        CLASSIC,
        default_team_sheet("orc", CLASSIC, first_id=1),
        default_team_sheet("human", CLASSIC, first_id=101),
        RandomDice(3),
    )
    assert play(m, make_bot("scripted", 3), make_bot("scripted", 4)) > 0
    assert m.done


def test_simulate_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--ruleset", "classic", "--seed", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ruleset"] == "classic"
    assert out["seed"] == 3
