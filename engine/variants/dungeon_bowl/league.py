"""Dungeon Bowl league rules between matches, as pure functions.

Numbers come from ``engine/data/dungeon_bowl/league.json`` (sources and
``Decision:`` notes there): League points (league_and_exhibition_play.md
"League Scoring"), winnings and the post-game steps (post-game_sequence.md),
Treasure Room funds (set-up.md "The Treasure-Room"), Glittering Prizes and
re-drafting (league_and_exhibition_play.md "Re-drafting").

Outcomes are given from the home team's point of view; dice come from an
injected :class:`engine.core.dice.Roller`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

from engine.campaign.player import PlayerId
from engine.campaign.postgame import Outcome
from engine.core.dice import Roll, Roller, RollRecorder
from engine.core.errors import CampaignError
from engine.core.rules_data import DATA_DIR, RulesDataError


@dataclass(frozen=True, slots=True)
class LeagueRules:
    """The Dungeon Bowl league numbers (league.json)."""

    points: Mapping[Outcome, int]
    casualty_bonus: int
    casualty_bonus_threshold: int
    friendly_points: int
    winnings_per_pip: int
    postgame_steps: tuple[str, ...]
    omitted_bb2020_steps: tuple[str, ...]
    treasure_room_bands: tuple[tuple[int, int], ...]  # (at_least, gold), high first
    prizes: Mapping[int, int]
    trophy_rerolls: int
    redraft_budget: int
    redraft_per_game: int
    redraft_per_league_win: int
    redraft_cap: int
    scouting_on: int
    scouting_compensation: int
    rehire_fee_per_season: int
    niggling_removed_on: int


def _load() -> Any:
    path = DATA_DIR / "dungeon_bowl" / "league.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise RulesDataError(f"cannot read {path}: {exc}") from exc


@cache
def league_rules() -> LeagueRules:
    raw = _load()
    lp = raw["league_points"]
    pg = raw["postgame"]
    rd = raw["redraft"]
    bands = tuple(
        sorted(
            (
                (int(b["at_least"]), int(b["gold"]))
                for b in raw["treasure_room"]["bands"]
            ),
            reverse=True,
        )
    )
    return LeagueRules(
        points=MappingProxyType(
            {
                Outcome.WIN: int(lp["win"]),
                Outcome.DRAW: int(lp["draw"]),
                Outcome.LOSS: int(lp["loss"]),
            }
        ),
        casualty_bonus=int(lp["casualty_bonus"]),
        casualty_bonus_threshold=int(lp["casualty_bonus_threshold"]),
        friendly_points=int(lp["friendly"]),
        winnings_per_pip=int(raw["winnings"]["per_pip"]),
        postgame_steps=tuple(str(s) for s in pg["steps"]),
        omitted_bb2020_steps=tuple(str(s) for s in pg["omitted_bb2020_steps"]),
        treasure_room_bands=bands,
        prizes=MappingProxyType(
            {int(k): int(v) for k, v in raw["prizes"]["gold"].items()}
        ),
        trophy_rerolls=int(raw["prizes"]["trophy_rerolls"]),
        redraft_budget=int(rd["budget"]),
        redraft_per_game=int(rd["per_game"]),
        redraft_per_league_win=int(rd["per_league_win"]),
        redraft_cap=int(rd["cap"]),
        scouting_on=int(rd["scouting_on"]),
        scouting_compensation=int(rd["scouting_compensation"]),
        rehire_fee_per_season=int(rd["rehire_fee_per_season"]),
        niggling_removed_on=int(rd["niggling_removed_on"]),
    )


def _non_negative(value: int, field: str) -> None:
    if value < 0:
        raise CampaignError(f"invalid_{field}", f"{field} cannot be negative", field)


def _outcome(own: int, opp: int) -> Outcome:
    if own > opp:
        return Outcome.WIN
    if own < opp:
        return Outcome.LOSS
    return Outcome.DRAW


# --- step 1: League points, winnings, Treasure Room ----------------------------


def league_points(
    own_td: int,
    opp_td: int,
    cas_inflicted: int,
    *,
    casualty_bonus: bool = True,
    friendly: bool = False,
) -> int:
    """ "League Scoring": win 3, draw 1, loss 0, plus 1 for causing 3 or more
    SPP-earning Casualties (``cas_inflicted``). Decision (league.json): the
    bonus is on unless the commissioner switches it off, stacks with any
    result, and friendlies score nothing."""
    _non_negative(own_td, "own_td")
    _non_negative(opp_td, "opp_td")
    _non_negative(cas_inflicted, "cas_inflicted")
    rules = league_rules()
    if friendly:
        return rules.friendly_points
    points = rules.points[_outcome(own_td, opp_td)]
    if casualty_bonus and cas_inflicted >= rules.casualty_bonus_threshold:
        points += rules.casualty_bonus
    return points


def winnings(dice: tuple[int, int], outcome: Outcome) -> tuple[int, int]:
    """ "Winnings": (home, away) gold from the winning coach's 2D6 — the
    higher die x 10,000 to the winner, the lower die x 10,000 to the loser.
    ``outcome`` is the home team's. Decision (league.json): on a draw each
    team receives the lower die; equal dice pay both teams the same."""
    if len(dice) != 2 or any(not 1 <= d <= 6 for d in dice):
        raise CampaignError("invalid_dice", "winnings need two D6 results", "dice")
    per_pip = league_rules().winnings_per_pip
    high, low = max(dice) * per_pip, min(dice) * per_pip
    if outcome is Outcome.WIN:
        return high, low
    if outcome is Outcome.LOSS:
        return low, high
    return low, low


@dataclass(frozen=True, slots=True)
class WinningsRoll:
    home: int
    away: int
    rolls: tuple[Roll, ...]


def roll_winnings(outcome: Outcome, roller: Roller) -> WinningsRoll:
    """Roll the 2D6 for :func:`winnings` (the winning coach's roll; on a
    draw, Decision: the home coach rolls) and pay them out."""
    recorder = RollRecorder(roller)
    first = recorder.d(6, "dungeon_winnings")
    second = recorder.d(6, "dungeon_winnings")
    home, away = winnings((first, second), outcome)
    return WinningsRoll(home, away, recorder.taken())


def treasure_room_funds(gather_funds_uses: int) -> int:
    """set-up.md "Gather Funds": 1+ uses 10,000 gp, 3+ instead 20,000,
    5+ instead 30,000; none, nothing. Decision (league.json): every noted
    use counts, even several by one player."""
    _non_negative(gather_funds_uses, "gather_funds_uses")
    for at_least, gold in league_rules().treasure_room_bands:
        if gather_funds_uses >= at_least:
            return gold
    return 0


def postgame_steps(*, exhibition: bool = False) -> tuple[str, ...]:
    """The ordered Dungeon Bowl post-game steps (four; no Update Dedicated
    Fans, no Expensive Mistakes). Decision: an exhibition game runs none."""
    if exhibition:
        return ()
    return league_rules().postgame_steps


# --- the end of the season: prizes and re-drafting ------------------------------


def trophy_rerolls(holds_trophy: bool) -> int:
    """The Dungeon Bowl Trophy holder's free extra team re-roll."""
    return league_rules().trophy_rerolls if holds_trophy else 0


@dataclass(frozen=True, slots=True)
class ScoutingResult:
    scouted: tuple[PlayerId, ...]
    compensation: int
    rolls: tuple[Roll, ...]


def scouting(mvp_player_ids: Sequence[PlayerId], roller: Roller) -> ScoutingResult:
    """ "1. Scouting": a D6 for each player with any MVP award (one each,
    in the order given); on a 6 the player leaves and the team gets 20,000
    more when it raises funds."""
    if len(set(mvp_player_ids)) != len(mvp_player_ids):
        raise CampaignError(
            "duplicate_player", "each player rolls once", "mvp_player_ids"
        )
    rules = league_rules()
    recorder = RollRecorder(roller)
    scouted = tuple(
        pid
        for pid in mvp_player_ids
        if recorder.d(6, f"scouting:{pid}") >= rules.scouting_on
    )
    return ScoutingResult(
        scouted, rules.scouting_compensation * len(scouted), recorder.taken()
    )


@dataclass(frozen=True, slots=True)
class DungeonRedraftBudget:
    base: int
    treasury: int
    games: int
    league_wins: int
    scouted: int
    total: int
    capped: bool


def redraft_budget(
    *,
    treasury: int,
    games: int,
    league_wins: int,
    scouted: int = 0,
    cap: bool = False,
) -> DungeonRedraftBudget:
    """ "3. Raise Funds": 1,000,000 + the Treasury (then emptied) + 20,000 a
    game played (friendlies too) + 20,000 a league fixture won + 20,000 a
    scouted player; the commissioner may cap it at 1,300,000."""
    for value, field in (
        (treasury, "treasury"),
        (games, "games"),
        (league_wins, "league_wins"),
        (scouted, "scouted"),
    ):
        _non_negative(value, field)
    if league_wins > games:
        raise CampaignError(
            "invalid_league_wins", "more wins than games played", "league_wins"
        )
    r = league_rules()
    total = (
        r.redraft_budget
        + treasury
        + r.redraft_per_game * games
        + r.redraft_per_league_win * league_wins
        + r.scouting_compensation * scouted
    )
    capped = cap and total > r.redraft_cap
    return DungeonRedraftBudget(
        r.redraft_budget,
        treasury,
        games,
        league_wins,
        scouted,
        r.redraft_cap if capped else total,
        capped,
    )


def rehire_cost(current_value: int, previous_seasons: int) -> int:
    """A returning player: Current Value + 20,000 a previous season."""
    _non_negative(current_value, "current_value")
    _non_negative(previous_seasons, "previous_seasons")
    return current_value + league_rules().rehire_fee_per_season * previous_seasons


@dataclass(frozen=True, slots=True)
class NigglingRecovery:
    before: int
    after: int
    rolls: tuple[Roll, ...]


def niggling_recovery(niggling: int, roller: Roller) -> NigglingRecovery:
    """A D6 for each Niggling Injury of a re-hired player: 4+ removes it."""
    _non_negative(niggling, "niggling")
    recorder = RollRecorder(roller)
    on = league_rules().niggling_removed_on
    healed = sum(1 for _ in range(niggling) if recorder.d(6, "niggling_recovery") >= on)
    return NigglingRecovery(niggling, niggling - healed, recorder.taken())
