"""What a coach reports after a tabletop match: the score, one line per
player who did something, the casualties, and the rest the post-game needs.
Read by the checks (:mod:`matches.reports.checks`) and recorded by
:mod:`matches.reports.report`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """What one player did: touchdowns, completions, interceptions,
    deflections, casualties inflicted, and Throwing Completions (a superb
    Throw Team-mate landed safely, the thrower's) in ``successful_landings``,
    the field's name kept for API clients. The player is a
    rostered player (``player_id``) or an induced Star Player the team
    fielded (``star_player``: the player's slug, e.g. "grak")."""

    player_id: int | None = None
    touchdowns: int = 0
    completions: int = 0
    interceptions: int = 0
    deflections: int = 0
    casualties_inflicted: int = 0
    successful_landings: int = 0
    star_player: str | None = None


@dataclass(frozen=True, slots=True)
class CasualtyLine:
    """A casualty suffered, with the dice rolled at the table if entered.
    A Star Player may be the victim (``star_player``; the result is waived
    after the game) or the one who caused it (``inflicted_by_star``).
    ``plague_ridden``: the killer's Plague Ridden took the victim, and his
    team gains a Rotter (:mod:`matches.reports.plague`). ``raised_dead``:
    the victim's opponents' Masters of Undeath raised him, and he joins
    them as a rookie (:mod:`matches.reports.undeath`)."""

    player_id: int | None = None
    casualty_roll: int | None = None
    lasting_roll: int | None = None
    inflicted_by: int | None = None
    star_player: str | None = None
    inflicted_by_star: str | None = None
    plague_ridden: bool = False
    raised_dead: bool = False


@dataclass(frozen=True, slots=True)
class Report:
    home_score: int
    away_score: int
    players: Sequence[PlayerLine] = ()
    casualties: Sequence[CasualtyLine] = ()
    conceded_by: int | None = None
    # The concession was legal: before a set-up, with fewer than three
    # players able to play; the score is awarded, no penalty follows.
    concession_legal: bool = False
    fan_factor_rolls: tuple[int, int] | None = None  # the two D3s, if entered
    # A level playoff's sudden-death throws [home, away], if rolled at the
    # table; the server rolls them when a level playoff comes without.
    sudden_death: Sequence[Sequence[int]] | None = None
    notes: str = ""
    extra: dict[str, object] = field(default_factory=dict)
    # Player ids (matches/reports/roles.py): the MVP the table
    # picked for a team (none named: the server draws), and the players
    # knocked out or sent off during the game.
    mvps: Sequence[int] = ()
    knocked_out: Sequence[int] = ()
    sent_off: Sequence[int] = ()
    # A format with MVP nominations (matches/reports/nominations.py): the
    # players each coach nominated (player ids of both teams, up to the
    # format's count a team), and the teams that stalled (team ids; a
    # format with the no-stalling bonus).
    mvp_nominations: Sequence[int] = ()
    stalled: Sequence[int] = ()
    # (home, away): how many Gather Funds actions each team took in the
    # Treasure Room (a format whose variant ``gathers_funds``: Dungeon Bowl).
    gather_funds: tuple[int, int] | None = None
