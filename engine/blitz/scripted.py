"""A scripted Blitz Bowl bot that plays to score: carriers run for the End
Zone (or throw forward), free Players go for loose balls and opposing
carriers, blocks take the result that knocks the target down, and the
Claim step takes the card worth most. It reads the game, never changes it.
"""

from __future__ import annotations

import random
from collections import deque
from typing import Any

from engine.blitz import scripted_bonus
from engine.blitz.actions import block_targets
from engine.blitz.data import cards
from engine.blitz.faces import FACE_ORDER, KERRUNCH, SHOVE, SMASH
from engine.blitz.game import BlitzGame
from engine.blitz.state import BlitzState
from engine.core.state import Decision

# How the bot ranks Block Dice faces: a knock-down first (Kerrunch! before
# Smash, for its -1 on the Armour Check), then Shove, Tackle, Miss.
_FACE_RANK = {KERRUNCH: 0, SMASH: 1, SHOVE: 2}


def run_reach(g: BlitzState, i: int, allowance: int) -> dict[int, int]:
    """Squares a Run can reach (the Run rules: empty, unblocked, never next
    to a standing opponent), each with its first step from the Player."""
    t = g.team[i]
    start = g.pos[i]
    first: dict[int, int] = {}
    seen = {start}
    q: deque[tuple[int, int]] = deque([(start, 0)])
    while q:
        sq, d = q.popleft()
        if d >= allowance:
            continue
        for n in g.board.neighbours[sq]:
            if n in seen or g.occ[n] >= 0 or g.board.blocked[n]:
                continue
            if g.next_to_standing_opponent(n, t):
                continue
            seen.add(n)
            first[n] = first.get(sq, n)
            q.append((n, d + 1))
    return first


class ScriptedBot:
    """Greedy: each Action decision is scored by a few plain rules."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.plan: list[int] = []  # squares the current Run or Mark aims at

    def choose(self, game: BlitzGame, d: Decision) -> tuple[Any, ...]:
        g = game.state
        kind = d.kind
        if kind == "action":
            return self._action(g, d)
        if kind in ("run", "mark"):
            return self._step(g, d)
        if kind == "block_die":
            faces = [o for o in d.options if o[0] == "face"]
            best = min(
                faces,
                key=lambda o: _FACE_RANK.get(o[1], 3 + FACE_ORDER.index(o[1])),
            )
            if best[1] not in _FACE_RANK and ("reroll",) in d.options:
                return ("reroll",)  # Offensive Specialist: only Tackle or Miss
            if best[1] == "miss" and ("reroll_miss",) in d.options:
                return ("reroll_miss",)  # Extra Spikey Ball: all Misses
            return best
        if kind == "reroll":
            return ("reroll", True)
        if kind == "bonus_window":
            return scripted_bonus.window(g, d)
        if kind == "hand_discard":
            return scripted_bonus.hand_discard(d)
        if kind == "reroll_window":
            return self._reroll_window(g, d)
        if kind == "dump_off":
            t = 0 if d.team == "home" else 1
            targets = [o for o in d.options if o[0] == "dump_off"]
            return max(targets, key=lambda o: g.board.advance(t, g.pos[g.idx[o[1]]]))
        if kind == "free_action":
            return d.options[0]  # a free Action is always taken
        if kind == "minion":
            return d.options[0]  # the Thrall goes, the Vampire stays
        if kind == "safe_hands":
            t = 0 if d.team == "home" else 1
            return max(d.options, key=lambda o: _friends_near(g, t, o[1]))
        if kind == "follow_up":
            return ("follow_up", False)
        if kind in ("block_target", "foul_target", "banana_skins"):
            return max(d.options, key=lambda o: self._victim_value(g, g.idx[o[1]]))
        if kind == "throw_target":
            t = g.team[g.idx[d.player]] if d.player is not None else 0
            return max(d.options, key=lambda o: g.board.advance(t, g.pos[g.idx[o[1]]]))
        if kind == "claim":
            return max(d.options, key=lambda o: _points(g, o[1]))
        if kind == "discard_challenge":
            return min(d.options, key=lambda o: _points(g, o[1]))
        if kind in ("emergency_reserves", "empty_the_bench"):
            return d.options[0]
        if kind == "choose_ball":  # Blitz Bowl Balls: a Dwarf's rune ball
            t = 0 if d.team == "home" else 1
            want = (
                "dwarf_rune_ball"
                if g.sheets[t].card == "dwarf"
                else "extra_spikey_ball"
            )
            return ("ball", want)
        if kind in ("reserves", "setup"):
            mid = g.board.width // 2
            t = 0 if d.team == "home" else 1
            # Sewer Pipe Stadium: never through a Trapdoor on a team-mate.
            opts = [o for o in d.options if g.occ[o[1]] < 0 or g.team[g.occ[o[1]]] != t]
            return min(
                opts or d.options,
                key=lambda o: abs(g.board.ys[o[1]] - mid) + self.rng.random(),
            )
        if kind == "sidestep":
            i = g.idx[d.player] if d.player is not None else 0
            t = g.team[i]
            return max(d.options, key=lambda o: g.board.advance(t, o[1]))
        return self.rng.choice(d.options)

    @staticmethod
    def _reroll_window(g: BlitzState, d: Decision) -> tuple[Any, ...]:
        """A failed Armour or Throw Check is always re-rolled; Block Dice
        only when no face knocks the target down."""
        what = d.info[1] if len(d.info) > 1 else ""
        if what == "block":
            i = g.idx[d.player] if d.player is not None else 0
            rolled = [o[1] for o in _block_faces(g, i)]
            if any(f in _FACE_RANK and f != SHOVE for f in rolled):
                return ("keep",)
        return d.options[0]

    # --- the Action decision ----------------------------------------------

    def _action(self, g: BlitzState, d: Decision) -> tuple[Any, ...]:
        best: tuple[float, tuple[Any, ...]] = (0.5, ("end_turn",))
        for o in d.options:
            if o[0] != "act":
                continue
            score, plan = self._value(g, g.idx[o[1]], o[2])
            score += self.rng.random() * 0.1
            if score > best[0]:
                best = (score, o)
                self.plan = plan
        if ("end_turn",) not in d.options:  # a played card waits for its Action
            return d.options[0]
        card = scripted_bonus.action(g, d, best, run_reach)
        if card is not None:
            self.plan = card[1] or self.plan
            return card[0]
        return best[1]

    def _value(self, g: BlitzState, i: int, action: str) -> tuple[float, list[int]]:
        t = g.team[i]
        board = g.board
        carrier = g.ball_of(i) >= 0
        if action == "run":
            reach = run_reach(g, i, g.move[i] or 3)
            if not reach:
                return 0.0, []
            if carrier:
                ez = [sq for sq in reach if board.in_end_zone(1 - t, sq)]
                if ez:
                    return 100.0, [ez[0]]
                far = max(reach, key=lambda sq: board.advance(t, sq))
                gain = board.advance(t, far) - board.advance(t, g.pos[i])
                return 30.0 + gain, [far]
            loose = [sq for sq in reach if g.loose_ball_at(sq) >= 0]
            if loose and g.throw[i] is not None:
                return 60.0, [loose[0]]
            goal = self._goal(g, i)
            if goal < 0:
                return 1.0, []
            near = min(reach, key=lambda sq: board.distance(sq, goal))
            gain = board.distance(g.pos[i], goal) - board.distance(near, goal)
            return (5.0 + gain if gain > 0 else 0.0), [near]
        if action == "mark":
            value = 12.0
            for j in range(g.n):
                if (
                    g.team[j] != t
                    and g.ball_of(j) >= 0
                    and board.distance(g.pos[i], g.pos[j]) <= 3
                ):
                    value = 40.0
            return value, []
        if action == "block":
            best = max(self._victim_value(g, j) for j in block_targets(g, i))
            return 15.0 + 8.0 * g.block[i] + best, []
        if action == "throw":
            ahead = [
                j
                for j in range(g.n)
                if g.team[j] == t
                and j != i
                and g.open(j)
                and g.throw[j] is not None
                and g.ball_of(j) < 0
                and board.advance(t, g.pos[j]) > board.advance(t, g.pos[i]) + 2
            ]
            return (45.0 if ahead else 0.0), []
        if action == "sidestep":
            return (50.0 if carrier else 8.0), []
        if action == "stand_up":
            return 25.0, []
        if action == "reserves":
            return 20.0, []
        if action == "foul":
            return 6.0, []
        return 2.0, []

    @staticmethod
    def _victim_value(g: BlitzState, j: int) -> float:
        return 30.0 if g.ball_of(j) >= 0 else 5.0 - (g.armour[j] or 7) * 0.5

    @staticmethod
    def _goal(g: BlitzState, i: int) -> int:
        """Where a free Player heads: the nearest loose ball, else the
        nearest opposing carrier, else the opponents' End Zone's middle."""
        t = g.team[i]
        here = g.pos[i]
        targets = [
            p for b, p in enumerate(g.ball_pos) if p >= 0 and g.ball_holder[b] < 0
        ]
        if not targets:
            targets = [
                g.pos[h]
                for h in g.ball_holder
                if h >= 0 and g.team[h] != t and g.pos[h] >= 0
            ]
        if targets:
            return min(targets, key=lambda sq: g.board.distance(here, sq))
        ez = g.board.end_zone[1 - t]
        return ez[len(ez) // 2]

    # --- Run and Mark steps -------------------------------------------------

    def _step(self, g: BlitzState, d: Decision) -> tuple[Any, ...]:
        i = g.idx[d.player] if d.player is not None else 0
        moves = [o for o in d.options if o[0] == "move"]
        if not moves:
            return ("stop",)
        if d.kind == "mark":
            targets = [
                g.pos[j] for j in range(g.n) if g.team[j] != g.team[i] and g.standing(j)
            ]
            return min(
                moves,
                key=lambda o: min(g.board.distance(o[1], sq) for sq in targets),
            )
        if not self.plan or g.pos[i] == self.plan[0]:
            return ("stop",) if ("stop",) in d.options else moves[0]
        goal = self.plan[0]
        reach = run_reach(g, i, g.board.size)
        step = reach.get(goal)
        for o in moves:
            if o[1] == step:
                return o
        best = min(moves, key=lambda o: g.board.distance(o[1], goal))
        if g.board.distance(best[1], goal) >= g.board.distance(g.pos[i], goal):
            return ("stop",) if ("stop",) in d.options else best
        return best


def _block_faces(g: BlitzState, i: int) -> list[tuple[str, str]]:
    """The faces of the Block the blocker ``i`` is making (from its
    record)."""
    rec = g.current_record
    faces = rec.block_faces if rec is not None and rec.player == i else ()
    return [("face", f) for f in faces]


def _friends_near(g: BlitzState, t: int, sq: int) -> int:
    """Own Open Players next to ``sq`` minus opponents next to it."""
    n = 0
    for x in g.board.neighbours[sq]:
        j = g.occ[x]
        if j >= 0 and g.standing(j):
            n += 1 if g.team[j] == t else -1
    return n


def _points(g: BlitzState, slot: int) -> int:
    card = g.active_cards[slot - 1]
    return cards().deck[card - 1].challenge.points if card else 0
