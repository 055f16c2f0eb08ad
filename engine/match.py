"""A match: the public API of the engine.

``Match(variant, home, away, dice)`` runs every dice-only step itself and
stops at each :class:`~engine.core.state.Decision`: read ``match.pending``, then
``match.apply(choice)`` with one of its options. ``match.done`` and
``match.result`` report the end. The engine never calls a coach or bot.

The shape of the game (halves and drives, or something else) is the
variant's: ``Match`` runs ``variant.game_procedure()`` and knows no format
by name.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.dice import Dice, RandomDice
from engine.core.errors import IllegalChoice, RuleError, UnimplementedSkill
from engine.core.events import DriveEnd, Event, GameStart, SuddenDeath
from engine.core.model import STAT_FIELDS, MatchResult, PlayerStats, TeamSheet
from engine.core.pitch import Pitch
from engine.core.skillbits import BIT
from engine.core.state import (
    ACTIONS,
    PF_DEAD,
    PITCH,
    RESERVES,
    STANDING,
    Decision,
    GameState,
    Option,
)
from engine.rules.game import leader_rerolls
from engine.rules.inducements import bugman_stays_out
from engine.rules.setup import Setup
from engine.skills.registry import IMPLEMENTED, REFUSED
from engine.variants.base import Variant, match_variant
from engine.variants.league_format import LeagueFormat

_PLAYER_VERBS = (
    "block",
    "vomit",
    "hand_off",
    "foul",
    "throw_tm",
    "touchback",
    "interfere",
    "high_kick",
    "lash_out",
    "prayer",
    "chainsaw",
    "kick_tm",
    "gaze",
    "bite",
    "nominate",
)


def check_skills(sheet: TeamSheet) -> None:
    """Refuse a team sheet with a skill the engine does not implement
    (:class:`~engine.core.errors.UnimplementedSkill`), naming the first such
    player and skill, so that no skill is ever silently ignored."""
    for p in sheet.players:
        for slug, _ in p.skills:
            if slug not in IMPLEMENTED:
                raise UnimplementedSkill(
                    sheet.name, p.id, p.name, slug, REFUSED.get(slug, "")
                )


def _build(
    variant: Variant,
    home: TeamSheet,
    away: TeamSheet,
    dice: Dice,
    extra_time: bool,
    pitch: Pitch | None = None,
) -> GameState:
    check_skills(home)
    check_skills(away)
    variant.check_sheet(home)
    variant.check_sheet(away)
    g = object.__new__(GameState)
    players = list(home.players) + list(away.players)
    ids = [p.id for p in players]
    if len(set(ids)) != len(ids):
        raise RuleError("player ids must be unique across both teams")
    n = len(players)
    g.variant = variant
    g.hooks = variant.hooks
    g.pitch = pitch if pitch is not None else variant.pitch
    g.sheets = (home, away)
    g.n = n
    g.team = tuple([0] * len(home.players) + [1] * len(away.players))
    g.pid = tuple(ids)
    g.idx = {pid: i for i, pid in enumerate(ids)}
    g.names = tuple(p.name for p in players)
    hired_for_the_game = set(home.journeymen) | set(away.journeymen)
    g.journeyman = tuple(p.id in hired_for_the_game for p in players)
    params = []
    for p in players:
        d: dict[int, str] = {}
        for slug, param in p.skills:
            if slug in BIT and param is not None:
                d[BIT[slug]] = param
        params.append(d)
    g.params = tuple(params)
    g.all_skills = tuple(p.skills for p in players)
    g.act_opts = tuple({a: ("activate", pid, a) for a in ACTIONS} for pid in ids)
    g.pl_opts = tuple({v: (v, pid) for v in _PLAYER_VERBS} for pid in ids)
    g.board = [-1] * g.pitch.size
    g.pos = [-1] * n
    g.status = [STANDING] * n
    g.box = [RESERVES] * n
    g.ma = [p.ma for p in players]
    g.st = [p.st for p in players]
    g.ag = [p.ag for p in players]
    g.pa = [p.pa if p.pa is not None else 0 for p in players]
    g.av = [p.av for p in players]
    mask = []
    for p in players:
        m = 0
        for slug, _ in p.skills:
            m |= BIT.get(slug, 0)
        mask.append(m)
    g.skills = mask
    g.pflags = [0] * n
    g.score = [0, 0]
    g.rerolls = [home.rerolls, away.rerolls]
    g.leader_rr = leader_rerolls(g)
    g.extra_rr = [0, 0]
    g.turn = [0, 0]
    g.fan_factor = [0, 0]
    g.ff_d3 = [0, 0]
    g.apo = [int(home.apothecary), int(away.apothecary)]
    g.wandering_apo = [home.wandering_apothecaries, away.wandering_apothecaries]
    g.bribes = [home.bribes, away.bribes]
    g.argue_banned = [0, 0]
    g.stats = [0] * (n * len(STAT_FIELDS))
    g.casualties = []
    g.kos = []
    g.sent_off_ids = []
    g.events = []
    g.decisions = []
    g.ball = -1
    g.carrier = -1
    g.ball_air = False
    g.half = 0
    g.active = -1
    g.kicking = 0
    g.first_kicker = 0
    g.tflags = 0
    g.rr_used_turn = 0
    g.weather = "perfect"
    g.pending = None
    g.done = False
    g.turnover = None
    g.touchdown = False
    g.half_over = False
    g.extra_time = extra_time
    g.shootout = -1
    g.ret = None
    g.conceded = -1
    g.concede_penalty = False
    g.act_player = -1
    g.act_ma_used = 0
    g.act_rushes = 0
    g.act_jumped = False
    g.act_blocked = False
    g.act_over = False
    g.act_action = ""
    g.act_target = -1
    g.last_die = 0
    g.activations = 0
    g.drive = 0
    g.kick_mode = False
    g.result_cache = None
    g.effects = {}
    g.stack = []
    g.dice = dice
    g.dungeon = None
    if home.bugman or away.bugman:
        bugman_stays_out(g)
    return g


def run(g: GameState) -> None:
    """Step until a decision is pending or the game is over."""
    stack = g.stack
    while stack and not g.done:
        d = stack[-1].step(g)
        if d is not None:
            g.pending = d
            return
    g.pending = None
    if not g.done:
        g.done = True


def _tupled(x: Any) -> Any:
    if isinstance(x, list | tuple):
        return tuple(_tupled(v) for v in x)
    return x


class Match:
    """A Blood Bowl match between two :class:`TeamSheet` s."""

    __slots__ = ("g",)

    def __init__(
        self,
        variant: LeagueFormat | str,
        home: TeamSheet,
        away: TeamSheet,
        dice: Dice | None = None,
        *,
        start: bool = True,
        extra_time: bool = False,
        pitch: Pitch | None = None,
    ) -> None:
        """``extra_time``: the match needs a winner (a playoff): if level
        after the second half, play extra time, then sudden death.
        ``pitch``: this match's board when the variant has no single one
        (a Dungeon Bowl dungeon); the variant's pitch otherwise."""
        v = match_variant(variant)
        dice = dice if dice is not None else RandomDice()
        self.g = _build(v, home, away, dice, extra_time, pitch)
        if start:
            self.g.emit(GameStart(v.name, home.name, away.name))
            self.g.stack.append(v.game_procedure())
            run(self.g)

    # -- public API -----------------------------------------------------
    @property
    def pending(self) -> Decision | None:
        """The decision the engine waits for (None when the game is over)."""
        return self.g.pending

    @property
    def done(self) -> bool:
        """Whether the final whistle has blown (or a team conceded)."""
        return self.g.done

    @property
    def events(self) -> list[Event]:
        """Everything that happened so far, in order."""
        return self.g.events

    @property
    def state(self) -> GameState:
        """The game state (treat as read-only)."""
        return self.g

    @property
    def variant(self) -> Variant:
        return self.g.variant

    @property
    def decisions(self) -> list[Option]:
        """The choices applied so far (for :func:`replay`)."""
        return self.g.decisions

    def apply(self, choice: Sequence[Any]) -> None:
        """Apply one choice for the pending decision and run on."""
        g = self.g
        d = g.pending
        if d is None:
            raise IllegalChoice("the game is over; no decision is pending")
        ch = choice if isinstance(choice, tuple) else _tupled(choice)
        if ch not in d.options:
            if d.accepts_arrangement and ch and ch[0] == "arrangement":
                ch = ("arrangement", tuple((int(a), int(b)) for a, b in ch[1]))
                top = g.stack[-1]
                assert isinstance(top, Setup)
                top.check(g, ch[1])
            else:
                raise IllegalChoice(
                    f"{ch!r} is not a legal option for the {d.kind} decision of "
                    f"{d.team}; legal: {list(d.options)[:12]}{'...' if len(d.options) > 12 else ''}"
                )
        g.pending = None
        g.decisions.append(ch)
        g.stack[-1].receive(g, ch)
        run(g)

    def clone(self) -> Match:
        """An independent copy (state, stack, dice)."""
        new = object.__new__(Match)
        new.g = self.g.clone()
        return new

    @property
    def result(self) -> MatchResult:
        """The outcome; available once :attr:`done`."""
        g = self.g
        if not g.done:
            raise RuleError("the match is not over")
        score = (g.score[0], g.score[1])
        if g.conceded >= 0:
            c = g.conceded
            # Conceding: the opposition gets one touchdown plus any the
            # conceding team scored (rulebook "Conceding").
            s = [g.score[0], g.score[1]]
            s[1 - c] += 1 + s[c]
            s[c] = 0
            score = (s[0], s[1])
        winner = (
            "home" if score[0] > score[1] else ("away" if score[1] > score[0] else None)
        )
        if winner is None and g.shootout >= 0:
            winner = g.tname(g.shootout)
        k = len(STAT_FIELDS)
        stats = {
            g.pid[p]: PlayerStats(*g.stats[p * k : (p + 1) * k]) for p in range(g.n)
        }
        return MatchResult(
            ruleset=g.variant.name,
            score=score,
            winner=winner,
            fan_factor=(g.fan_factor[0], g.fan_factor[1]),
            fan_factor_d3=(g.ff_d3[0], g.ff_d3[1]),
            weather=g.weather,
            player_stats=stats,
            casualties=tuple(g.casualties),
            knocked_out=tuple(g.kos),
            sent_off=tuple(g.sent_off_ids),
            conceded=g.tname(g.conceded) if g.conceded >= 0 else None,
            turns_played=(g.turn[0], g.turn[1]),
            event_count=len(g.events),
            extra={
                "concession_penalty": g.concede_penalty,
                "dead": [g.pid[p] for p in range(g.n) if g.pflags[p] & PF_DEAD],
                "extra_time": g.half == 3,
                "sudden_death": _shootout(g),
            }
            | _plague_ridden(g)
            | g.variant.result_extra(g),  # Dungeon Bowl flow
        )


def _plague_ridden(g: GameState) -> dict[str, Any]:
    """Plague Ridden uses for the post-game (:mod:`engine.rules.bloodlust`):
    ``{"plague_ridden": [[team, victim id, by id], ...]}``, or nothing when
    no team used it."""
    used = [list(v) for k, v in sorted(g.effects.items()) if k.startswith("plague_")]
    return {"plague_ridden": used} if used else {}


def _shootout(g: GameState) -> dict[str, Any] | None:
    """The sudden-death event as a dict (None when there was none)."""
    if g.shootout < 0:
        return None
    for e in reversed(g.events):
        if isinstance(e, SuddenDeath):
            return e.to_dict()
    return None


def league_match(
    variant: LeagueFormat | str,
    home: TeamSheet,
    away: TeamSheet,
    dice: Dice,
    *,
    extra_time: bool = False,
    pitch: Pitch | None = None,
    time_limit: bool = False,
) -> Match:
    """A league's match, started as :class:`Match` starts one, with the
    league's options the format applies to it
    (:meth:`~engine.variants.match_rules.MatchRules.league_options`):
    ``time_limit``, the league plays with a time limit."""
    m = Match(variant, home, away, dice, extra_time=extra_time, pitch=pitch)
    m.g.variant.league_options(m.g, time_limit=time_limit)
    return m


def replay(
    variant: LeagueFormat | str,
    home: TeamSheet,
    away: TeamSheet,
    seed: int,
    decisions: Sequence[Sequence[Any]],
    *,
    extra_time: bool = False,
    pitch: Pitch | None = None,
) -> list[Event]:
    """Re-play a match from its seed and decisions; returns its events."""
    m = Match(variant, home, away, RandomDice(seed), extra_time=extra_time, pitch=pitch)
    for ch in decisions:
        m.apply(ch)
    return m.events


__all__ = ["Match", "check_skills", "league_match", "replay", "DriveEnd", "PITCH"]
