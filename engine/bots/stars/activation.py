"""The scripted bot's policy for the Star Players' rules used as an
activation begins and of a team-mate's activation
(:mod:`engine.skills.stars.activation`; Quick Bite of
:mod:`engine.skills.stars.passing`): :data:`HANDLERS` answer their
decisions.

* Look Into My Eyes, Catch of the Day: always (the ball is worth it).
* Baleful Hex, Then I Started Blastin'!: the opposing ball carrier first,
  else an opponent Marking our carrier, else the strongest opponent.
* Black Ink: the opponent Marking our carrier, else the strongest.
* Beer Barrel Bash!: only at the opposing carrier or an opponent Marking
  our carrier (a 1 Knocks Thorsson Down: a Turnover).
* Blastin' on a 2 (we pick the player hit): one of Zzharg's team with the
  weakest armour, else ours with the best armour.
* Treacherous: when the carrier is Marked and Hakflem is not (he is the
  better runner); never otherwise.
* Raiding Party: a step that Marks the opposing ball carrier, else none.
* Wisdom of the White Dwarf: Mighty Blow for a Block or Blitz, Sure Feet
  for a Move while holding the ball, Dauntless against a stronger
  neighbour, else decline (keep it for a team-mate who needs it).
* Quick Bite: always.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.state import PITCH, STANDING, Decision, GameState, Option

DECLINE: Option = ("decline",)


def _team(d: Decision) -> int:
    return 0 if d.team == "home" else 1


def _marks(g: GameState, q: int, r: int) -> bool:
    """Whether ``q`` is Marking ``r`` (next to it with a Tackle Zone)."""
    return g.has_tz(q) and g.pitch.distance(g.pos[q], g.pos[r]) == 1


def _target_value(g: GameState, t: int, q: int) -> float:
    c = g.carrier
    if q == c:
        return 100.0
    v = float(g.st[q])
    if c >= 0 and g.team[c] == t and _marks(g, q, c):
        v += 50.0
    if g.status[q] != STANDING:
        v -= 10.0
    return v


def _best_target(d: Decision, g: GameState) -> Option:
    t = _team(d)
    uses = [o for o in d.options if o[0] == "use"]
    if not uses:
        return DECLINE
    return max(uses, key=lambda o: _target_value(g, t, g.idx[o[2]]))


def _always(d: Decision, g: GameState) -> Option:
    for o in d.options:
        if o[0] == "use":
            return o
    return DECLINE


def _keg(d: Decision, g: GameState) -> Option:
    o = _best_target(d, g)
    if o == DECLINE or _target_value(g, _team(d), g.idx[o[2]]) < 50.0:
        return DECLINE
    return o


def _blast_pick(d: Decision, g: GameState) -> Option:
    t = _team(d)

    def key(o: Option) -> tuple[int, int]:
        r = g.idx[o[1]]
        theirs = g.team[r] != t
        return (1 if theirs else 0, -g.av[r] if theirs else g.av[r])

    return max(d.options, key=key)


def _treacherous(d: Decision, g: GameState) -> Option:
    p = g.idx.get(d.player if d.player is not None else -1, -1)
    c = g.carrier
    if p < 0 or c < 0:
        return DECLINE
    t = g.team[p]
    if g.markers(g.pos[c], t) and not g.markers(g.pos[p], t):
        return _always(d, g)
    return DECLINE


def _raid(d: Decision, g: GameState) -> Option:
    t = _team(d)
    c = g.carrier
    if c < 0 or g.team[c] == t or g.box[c] != PITCH:
        return DECLINE
    for o in d.options:
        if o[0] == "use" and g.pitch.distance(o[3], g.pos[c]) == 1:
            return o
    return DECLINE


def _wisdom(d: Decision, g: GameState) -> Option:
    p = g.idx.get(d.player if d.player is not None else -1, -1)
    offered = {o[2]: o for o in d.options if o[0] == "use"}
    if p < 0:
        return DECLINE
    action = g.act_action
    if action in ("block", "blitz") and "mighty-blow" in offered:
        stronger = any(
            (q := g.board[s]) >= 0
            and g.team[q] != g.team[p]
            and g.status[q] == STANDING
            and g.st[q] > g.st[p]
            for s in g.pitch.neighbours[g.pos[p]]
        )
        if stronger and "dauntless" in offered:
            return offered["dauntless"]
        return offered["mighty-blow"]
    if g.carrier == p and "sure-feet" in offered:
        return offered["sure-feet"]
    return DECLINE


HANDLERS: dict[str, Callable[[Any, Decision, GameState], Option]] = {
    "look_into_my_eyes": lambda bot, d, g: _always(d, g),
    "catch_of_the_day": lambda bot, d, g: _always(d, g),
    "baleful_hex": lambda bot, d, g: _best_target(d, g),
    "black_ink": lambda bot, d, g: _best_target(d, g),
    "then_i_started_blastin": lambda bot, d, g: _best_target(d, g),
    "beer_barrel_bash": lambda bot, d, g: _keg(d, g),
    "blastin_target": lambda bot, d, g: _blast_pick(d, g),
    "treacherous": lambda bot, d, g: _treacherous(d, g),
    "raiding_party": lambda bot, d, g: _raid(d, g),
    "wisdom_of_the_white_dwarf": lambda bot, d, g: _wisdom(d, g),
    "quick_bite": lambda bot, d, g: _always(d, g),
}

__all__ = ["HANDLERS"]
