"""Re-drafting a team between seasons ("The Off-season Break and
Re-drafting Teams", league_and_exhibition_play.md).

Three steps: R&R (Miss Next Game is cleared), Raise Funds (the re-draft
budget), Re-draft (players re-hired at their value plus an agent's fee,
staff and re-rolls carried over at their price, recovery rolls for
niggling injuries and for temporarily retired players' reductions).

Decision: Sevens leagues re-draft the same way, with the Sevens draft
budget (600,000) instead of 1,000,000 and Sevens staff and re-roll prices
(the Sevens rules give no re-draft budget of their own).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.campaign.player import check_format
from engine.core.dice import Roll, Roller, RollRecorder
from engine.core.rules_data import Roster
from engine.variants.league_format import LeagueFormat

PER_GAME = 20_000
PER_WIN = 20_000
PER_DRAW = 10_000
AGENT_FEE = 20_000
# The cap a commissioner may place on the Re-Draft Budget ("Raise Funds").
REDRAFT_BUDGET_CAP = 1_300_000


@dataclass(frozen=True, slots=True)
class RedraftBudget:
    """The Re-Draft Budget and where it came from."""

    base: int
    treasury: int
    games: int
    wins: int
    draws: int
    total: int
    capped: bool
    # Players scouted away at a Dungeon Bowl re-draft (each adds its
    # compensation to ``total``).
    scouted: int = 0


def redraft_budget(
    fmt: str | LeagueFormat,
    *,
    treasury: int,
    games: int,
    wins: int,
    draws: int,
    cap: int | None = None,
) -> RedraftBudget:
    """ "2. Raise Funds": the base budget, plus the treasury (which is then
    emptied), plus 20,000 a game played, 20,000 more a win and 10,000 a
    draw; the commissioner may cap it (1,300,000 in the rules)."""
    base = check_format(fmt).budget
    total = base + treasury + PER_GAME * games + PER_WIN * wins + PER_DRAW * draws
    capped = cap is not None and total > cap
    return RedraftBudget(
        base,
        treasury,
        games,
        wins,
        draws,
        min(total, cap) if cap is not None else total,
        capped,
    )


def rehire_cost(current_value: int, seasons_played: int) -> int:
    """A returning player's price: their Current Value plus an agent's fee of
    20,000 for each previous season they took part in."""
    return current_value + AGENT_FEE * seasons_played


def carry_over_cost(
    fmt: str | LeagueFormat,
    roster: Roster,
    *,
    rerolls: int,
    assistant_coaches: int,
    cheerleaders: int,
    apothecary: bool,
) -> int:
    """Re-rolls at the roster cost (Sevens: its draft price), staff at their
    hiring price."""
    f = check_format(fmt)
    return (
        rerolls * (f.reroll_cost(roster, at_draft=True) or 0)
        + assistant_coaches * (f.staff_cost(roster, "assistant_coach") or 0)
        + cheerleaders * (f.staff_cost(roster, "cheerleader") or 0)
        + (f.staff_cost(roster, "apothecary") or 0) * int(apothecary)
    )


@dataclass(frozen=True, slots=True)
class Recovery:
    """Recovery rolls for one re-hired player."""

    niggling_before: int
    niggling_after: int
    restored: tuple[str, ...]  # characteristics whose reduction healed
    rolls: tuple[Roll, ...]


def recover(
    *,
    niggling: int,
    reductions: dict[str, int],
    temporarily_retired: bool,
    apothecary: bool,
    roller: Roller,
) -> Recovery:
    """D6 (+1 with an apothecary) for each Niggling Injury: 4+ removes it.
    A player who sat the season out as temporarily retired also rolls for
    each characteristic reduction: 4+ restores it but leaves a Niggling
    Injury. Decision: the niggling injuries gained by healing are not rolled
    for again this off-season."""
    recorder = RollRecorder(roller)
    bonus = 1 if apothecary else 0
    healed = sum(
        1 for _ in range(niggling) if recorder.d(6, "niggling_recovery") + bonus >= 4
    )
    restored: list[str] = []
    if temporarily_retired:
        for characteristic, count in sorted(reductions.items()):
            for _ in range(count):
                if recorder.d(6, f"reduction_recovery:{characteristic}") + bonus >= 4:
                    restored.append(characteristic)
    after = niggling - healed + len(restored)
    return Recovery(niggling, after, tuple(restored), recorder.taken())
