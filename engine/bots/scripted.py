"""A heuristic coach: secure the ball, protect the carrier, blitz the
opposing carrier, take favourable blocks, use re-rolls on important rolls,
and score when it can. It looks only at ``match.pending`` and the state
(read-only), and is deterministic.

A team turn is played in this order (re-evaluated at every activation
decision; see :mod:`engine.bots.tactics`):

* our ball: score (the carrier, or a team-mate after a hand-off) when the
  path is likely enough; block the players Marking the carrier; move the
  carrier to the best square it reaches without dice;
* a loose ball: the most likely player picks it up (in a Pass action when
  a team-mate waits open downfield: he throws if the pass beats keeping
  the ball), then carries on as the carrier;
* their ball: blitz the carrier when it can be knocked down, once the
  others' dice-free moves are made, or first when the blitzer gets there
  without dice and the block all but never fails (the others can then
  take the loose ball); a Blitz names, when declared, the player its
  plan blocks;
* then everyone who can move without dice: cage corners and a screen
  round our carrier, or markers and a screen in front of theirs;
* then blocks with the dice in our favour, a favourable blitz, a risky
  carrier move if still worth it, and prone players stand up.

Block dice: POW > Stumble > Push > Both Down (only with Block) > Player
Down, refined by skills (see :func:`engine.bots.blockmath.face_value`);
as the defender choosing, the reverse. Team re-rolls go to ball handling,
the carrier and the blitz on their carrier; Dodges, Rushes and other
blocks get one only while re-rolls are plentiful and team-mates are still
to act. Follow-ups keep the cage and keep their carrier Marked.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.bots import (
    blockchoice,
    bugman,
    college_wizard,
    desperate,
    dungeon_rooms,
    special,
)
from engine.bots import tactics as T
from engine.bots.blockchoice import block_context, face_values
from engine.bots.blockmath import block_odds
from engine.bots.context import zones_key
from engine.bots.dungeon import dungeon_choice, dungeon_refine
from engine.bots.passplay import best_relay
from engine.bots.pathing import Reach, SafeReach, Zones
from engine.bots.skill_policy import SKILL_HANDLERS, special_activation
from engine.bots.stars import actions as star_actions
from engine.bots.stars import activation as star_activation
from engine.bots.stars import blocks as star_blocks
from engine.bots.stars import rolls as star_rolls
from engine.bots.tactics import Ctx, Intent, ReachKey, cheb, signature
from engine.bots.wizard import wizard_choice
from engine.core import skillbits as S
from engine.core.dice import BOTH_DOWN
from engine.core.state import PF_USED, PITCH, STANDING, Decision, GameState, Option

_BIT = S.BIT
BLOCK = _BIT["block"]
DODGE = _BIT["dodge"]
TACKLE = _BIT["tackle"]
NO_HANDS = _BIT["no-hands"] | _BIT["no-ball"]

END_TURN: Option = ("end_turn",)
END: Option = ("end",)
# Rolls whose failure loses the ball (BB2025's Secure the Ball is a
# pick-up too: a failed one is re-rolled like any other).
_BALL_ROLLS = frozenset(
    {
        "pick_up",
        "secure_the_ball",
        "catch",
        "pass",
        "hand_off",
        "landing",
        "interception",
    }
)
# Rolls whose failure is a Turnover.
_MOVE_ROLLS = frozenset({"dodge", "rush", "jump", "leap"})


class ScriptedBot:
    """Sensible, cheap heuristics (see the module docstring)."""

    __slots__ = (
        "_plan",
        "_plan_p",
        "_after",
        "_goal",
        "_target",
        "_orders",
        "_key",
        "_reaches",
        "_memo",
        "_carrier_at",
        "_safe",
        "_sig_memo",
        "_turn",
        "_turn_memo",
        "_zone_memos",
    )

    def __init__(self, seed: int | None = None) -> None:
        self._plan: list[int] = []
        self._plan_p = -1
        self._after: tuple[Any, ...] = ()
        self._goal = ""
        self._target = -1
        self._orders: list[Intent] | None = None
        self._key: tuple[int, ...] = ()
        self._reaches: dict[ReachKey, Reach] = {}
        self._memo: dict[str, Any] = {}
        self._carrier_at = -1
        self._safe: dict[int, SafeReach] = {}
        self._sig_memo: dict[str, Any] = {}
        self._turn: tuple[int, ...] = ()
        self._turn_memo: dict[str, Any] = {}
        # Tackle Zones and ways round them by :func:`zones_key` (this turn)
        self._zone_memos: dict[tuple[int, ...], dict[str, Any]] = {}

    # -- entry point ----------------------------------------------------------
    def choose(self, d: Decision, g: GameState) -> Option:
        opts = d.options
        if len(opts) == 1:
            return opts[0]
        if g.dungeon is not None:  # Dungeon Bowl's own decisions (bots.dungeon)
            own = dungeon_choice(d, g)
            if own is not None and own in opts:
                return own
        handler = _HANDLERS.get(d.kind)
        if handler is not None:
            choice = handler(self, d, g)
            if choice is not None and choice in opts:
                choice = star_actions.refine(d, g, special.refine(d, g, choice))
                choice = dungeon_rooms.refine(d, g, choice)  # Dungeon Bowl
                return dungeon_refine(d, g, choice) if g.dungeon else choice
        if d.kind == "activate" and END_TURN in opts:
            return END_TURN
        if d.kind == "move" and END in opts:
            return END
        if ("no_reroll",) in opts:
            return ("no_reroll",)
        return opts[0]

    @staticmethod
    def _team(d: Decision) -> int:
        return 0 if d.team == "home" else 1

    # -- pre-game, set-up and kick-off -----------------------------------------
    def _kick_or_receive(self, d: Decision, g: GameState) -> Option:
        return ("receive",)

    def _setup(self, d: Decision, g: GameState) -> Option:
        t = self._team(d)
        return ("formation", "defence" if g.kicking == t else "offence")

    def _solid_defence(self, d: Decision, g: GameState) -> Option:
        return ("keep",)

    def _kick_target(self, d: Decision, g: GameState) -> Option:
        pitch = g.pitch
        rec = 1 - self._team(d)
        depth = 3 if pitch.home_los_x <= 7 else 5
        deep_x = depth if rec == 0 else pitch.width - 1 - depth
        mid = pitch.height // 2
        return min(
            d.options,
            key=lambda o: abs(pitch.xs[o[1]] - deep_x) + abs(pitch.ys[o[1]] - mid),
        )

    def _touchback(self, d: Decision, g: GameState) -> Option:
        t = 1 - g.kicking
        z = Zones(g, t)

        def key(o: Option) -> tuple[int, int, int]:
            p = g.idx[o[1]]
            standing = 0 if g.status[p] == STANDING else 1
            return (standing, z.tz[g.pos[p]], g.ag[p])

        return min(d.options, key=key)

    def _high_kick(self, d: Decision, g: GameState) -> Option:
        best = None
        for o in d.options:
            if o[0] != "high_kick":
                continue
            p = g.idx[o[1]]
            if g.skills[p] & NO_HANDS:
                continue
            if best is None or g.ag[p] < g.ag[g.idx[best[1]]]:
                best = o
        return best if best is not None else ("decline",)

    def _quick_snap(self, d: Decision, g: GameState) -> Option:
        return ("done",)

    # -- rolls ------------------------------------------------------------------
    def _reroll(self, d: Decision, g: GameState) -> Option:
        purpose = d.info[0] if d.info else ""
        if purpose == "block":
            return self._reroll_block(d, g)
        p = g.idx.get(d.player if d.player is not None else -1, -1)
        if p < 0:
            return ("no_reroll",)
        if purpose in _BALL_ROLLS or g.carrier == p:
            level = 3
        elif purpose in _MOVE_ROLLS:
            level = 3 if self._goal in ("fetch", "blitz", "score") else 2
        else:
            level = 1
        return self._use_reroll(d, g, g.team[p], level, ("pro",))

    def _use_reroll(
        self, d: Decision, g: GameState, t: int, level: int, pro: Option
    ) -> Option:
        """Team re-roll for critical rolls (the ball, the carrier, the
        blitz on their carrier); for merely important ones (a Turnover
        with team-mates still to act) only while re-rolls are plentiful;
        Pro whenever it is offered."""
        star = star_rolls.reroll(d, g, level, pro)  # Star Players' re-rolls
        if star is not None:
            return star
        if pro in d.options and level < 3:
            return pro
        if ("team_reroll",) in d.options:
            if level >= 3:
                return ("team_reroll",)
            if level == 2:
                left = g.rerolls[t] + g.extra_rr[t]
                turns_left = g.variant.turns_per_half - g.turn[t]
                waiting = sum(
                    1
                    for q in range(g.n)
                    if g.team[q] == t
                    and g.box[q] == PITCH
                    and not g.pflags[q] & PF_USED
                    and g.status[q] == STANDING
                )
                if waiting >= 2 and (left >= 2 or left > turns_left // 2):
                    return ("team_reroll",)
        return pro if pro in d.options else ("no_reroll",)

    def _reroll_block(self, d: Decision, g: GameState) -> Option:
        dice = d.info[1] if len(d.info) > 1 else ()
        att, dfn, chooses = block_context(g)
        if att < 0 or not dice:
            return ("no_reroll",)
        vals = face_values(g, att, dfn)
        faces = [int(f) for f in dice]
        pick = (
            max(faces, key=vals.__getitem__)
            if chooses
            else min(faces, key=vals.__getitem__)
        )
        v = vals[pick]
        if v >= 0.0:
            return ("no_reroll",)
        if dfn >= 0 and dfn == g.carrier or self._goal in ("free", "blitz", "blitzed"):
            level = 3 if dfn == g.carrier else 2
        else:
            level = 1
        star = star_blocks.block_reroll(d, faces, vals)  # Savage Blow, Momentum
        if star is not None:
            return star
        if ("brawler",) in d.options and BOTH_DOWN in faces:
            return ("brawler",)
        worst = min(range(len(faces)), key=lambda i: vals[faces[i]])
        return self._use_reroll(d, g, g.team[att], level, ("pro", worst))

    def _use_skill(self, d: Decision, g: GameState) -> Option:
        """Optional skills are used, except: Wrestle by a player with Block
        (Both Down already keeps them up), Dump-off (a risky quick pass:
        the carrier keeps the ball), Diving Tackle unless the player
        dodging away holds the ball (ours ends up Prone)."""
        star = star_rolls.use_skill(d, g)  # Star Players' special rules
        if star is not None:
            return star
        what = d.info[0] if d.info else ""
        p = g.idx.get(d.player if d.player is not None else -1, -1)
        decline = ("decline",) in d.options
        star = star_blocks.use_skill(d, g)  # Star Players' special rules
        if star is not None:
            return star
        if what == "wrestle" and p >= 0 and g.skills[p] & BLOCK and decline:
            return ("decline",)
        if what == "dump-off" and decline:
            return ("decline",)
        if what == "diving-tackle" and decline:
            if g.act_player < 0 or g.act_player != g.carrier:
                return ("decline",)
        for o in d.options:
            if o[0] == "use":
                return o
        return d.options[0]

    def _on_the_ball(self, d: Decision, g: GameState) -> Option:
        return ("decline",)

    def _safe_pair_of_hands(self, d: Decision, g: GameState) -> Option:
        """Put the ball where team-mates are and opponents are not."""
        t = self._team(d)

        def key(o: Option) -> int:
            if o[0] != "square":
                return -99
            v = 0
            for s in g.pitch.neighbours[o[1]]:
                q = g.board[s]
                if q >= 0 and g.status[q] == STANDING:
                    v += 1 if g.team[q] == t else -2
            return v

        return max(d.options, key=key)

    def _apothecary(self, d: Decision, g: GameState) -> Option:
        what = d.info[0] if d.info else "casualty"
        return ("apothecary",) if what != "ko" else ("decline",)

    def _argue_the_call(self, d: Decision, g: GameState) -> Option:
        if ("bribe",) in d.options:
            return ("bribe",)
        return ("argue",) if ("argue",) in d.options else d.options[0]

    def _interfere(self, d: Decision, g: GameState) -> Option:
        star = star_rolls.interfere(d)  # Yoink!
        if star is not None:
            return star
        best = None
        for o in d.options:
            if o[0] == "none":
                continue
            p = g.idx[o[1]]
            if best is None or g.ag[p] < g.ag[g.idx[best[1]]]:
                best = o
        return best if best is not None else d.options[-1]

    def _pass_target(self, d: Decision, g: GameState) -> Option:
        if self._goal == "pass" and self._target >= 0:
            o = g.pitch.square_opts[self._target]
            if o in d.options:
                return o
        t = self._team(d)
        best: Option | None = None
        best_x = -1
        for o in d.options:
            q = g.board[o[1]]
            if q >= 0 and g.team[q] == t and g.status[q] == STANDING:
                x = g.pitch.xs[o[1]] if t == 0 else g.pitch.width - 1 - g.pitch.xs[o[1]]
                x -= 3 * g.markers(o[1], t)
                if x > best_x:
                    best, best_x = o, x
        return best or d.options[0]

    def _throw_target(self, d: Decision, g: GameState) -> Option:
        t = self._team(d)
        ez = g.pitch.width - 1 if t == 0 else 0
        return min(
            d.options,
            key=lambda o: abs(g.pitch.xs[o[1]] - ez) + 2 * g.markers(o[1], t),
        )

    def _prayer_player(self, d: Decision, g: GameState) -> Option:
        return max(d.options, key=lambda o: (g.st[g.idx[o[1]]], -g.ag[g.idx[o[1]]]))

    def _prayer_skill(self, d: Decision, g: GameState) -> Option:
        """Intensive Training (BB2025): the first of the skills a coach
        takes most, else the first offered."""
        for slug in PRAYER_SKILLS:
            if ("skill", slug) in d.options:
                return ("skill", slug)
        return d.options[0]

    def _lash_out(self, d: Decision, g: GameState) -> Option:
        return min(d.options, key=lambda o: g.st[g.idx[o[1]]])

    # -- the team turn ---------------------------------------------------------
    def _activate(self, d: Decision, g: GameState) -> Option:
        t = self._team(d)
        self._plan_p = -1
        self._plan = []
        self._after = ()
        self._goal = ""
        self._target = -1
        secret = special_activation(d, g)  # secret weapons (skill_policy)
        if secret is not None:
            return secret
        vines = star_blocks.vines_activation(d, g)  # Vicious Vines
        if vines is not None:
            return vines
        turn = (g.drive, g.half, g.turn[t], t)
        if turn != self._turn:
            self._turn = turn
            self._turn_memo = {}
            self._zone_memos = {}
        key = signature(g, t)
        if key != self._key:
            self._key = key
            self._reaches = {}
            self._safe = {}
            self._sig_memo = self._zone_memo(g, t)
            self._memo = {}
            self._orders = None
        cpos = g.pos[g.carrier] if g.carrier >= 0 else -1
        if cpos != self._carrier_at:
            # the carrier moved: plans round it are stale, paths are not
            self._carrier_at = cpos
            self._memo = {}
            self._orders = None
        c = Ctx(
            g,
            t,
            d.options,
            self._reaches,
            self._memo,
            self._safe,
            self._sig_memo,
            self._turn_memo,
        )
        if not c.avail:
            return END_TURN
        it = self._next_intent(c)
        if it is None:
            return END_TURN
        o = g.act_opts[it.p].get(it.action)
        if o is None or o not in d.options:
            return END_TURN
        self._plan_p = it.p
        self._plan = list(it.path)
        self._goal = it.goal
        self._after = it.after
        self._target = it.target
        return o

    def _zone_memo(self, g: GameState, t: int) -> dict[str, Any]:
        """The memo of results that depend only on :func:`zones_key`."""
        zk = zones_key(g, t)
        memo = self._zone_memos.get(zk)
        if memo is None:
            memo = self._zone_memos[zk] = {}
        return memo

    def _next_intent(self, c: Ctx) -> Intent | None:
        g = c.g
        carrier = g.carrier
        if carrier >= 0 and g.team[carrier] == c.t:
            first: tuple[T.Step, ...] = T.OFFENCE
            last: tuple[T.Step, ...] = (T.try_carrier_late, T.try_stand_up)
        elif carrier < 0 and g.ball >= 0 and not g.ball_air:
            first = T.LOOSE
            last = (T.try_stand_up,)
        elif carrier >= 0:
            first = T.DEFENCE
            last = (T.try_stand_up,)
        else:
            first = ()
            last = (T.try_stand_up,)
        for step in first:
            it = step(c)
            if it is not None:
                if T.defer(c, it):
                    # the dice-free moves of the others first: a failed
                    # roll would end the turn before they are made
                    sup = self._support(c)
                    if sup is not None:
                        return sup
                return it
        it = self._support(c)
        if it is not None:
            return it
        if carrier >= 0 and g.team[carrier] != c.t and "late_blitz" not in c.memo:
            c.memo["late_blitz"] = True
            c.memo.pop("blitz_carrier", None)
            it = T.try_blitz_carrier(c)
            if it is not None:
                return it
        for step in T.LATE + last:
            it = step(c)
            if it is not None:
                return it
        return None

    def _support(self, c: Ctx) -> Intent | None:
        if self._orders is None:
            self._orders = T.support_orders(c)
        while self._orders:
            it = self._orders.pop(0)
            if not c.can(it.p, "move"):
                continue
            path = it.path
            if not c.path_ok(it.p, path, True):
                path = c.path(it.p, it.target, "safe") if it.target >= 0 else []
                if not path or not c.path_ok(it.p, path, True):
                    continue
            return it._replace(path=path)
        return None

    # -- inside an activation --------------------------------------------------
    def _blitz_target(self, d: Decision, g: GameState) -> Option:
        """Nominate the player the planned Blitz is to block (its ``after``
        step); for a Blitz we did not plan, the nearest opponent."""
        after = self._after
        if after and after[0] == "block":
            o: Option = g.pl_opts[after[1]]["nominate"]
            if o in d.options:
                return o
        return _nearest_option(d, g)

    def _foul_target(self, d: Decision, g: GameState) -> Option:
        """The victim of the planned Foul (its ``after`` step); for a Foul
        we did not plan, the nearest downed opponent."""
        after = self._after
        if after and after[0] == "foul":
            o: Option = g.pl_opts[after[1]]["nominate"]
            if o in d.options:
                return o
        return _nearest_option(d, g)

    def _block_target(self, d: Decision, g: GameState) -> Option:
        vines = star_blocks.vines_target(d, g)
        if vines is not None:
            return vines
        if self._target >= 0:
            o = g.pl_opts[self._target]["block"]
            if o in d.options:
                return o
        p = g.idx[d.player] if d.player is not None else -1

        def key(o: Option) -> float:
            q = g.idx[o[1]]
            pdd, pad, _, _ = block_odds(g, p, q)
            return pdd - 1.3 * pad

        return max(d.options, key=key)

    def _move(self, d: Decision, g: GameState) -> Option:
        p = g.idx[d.player] if d.player is not None else -1
        opts = d.options
        if p < 0:
            return END
        t = g.team[p]
        if p != self._plan_p:
            # an activation we did not plan: stop safely
            self._plan_p = p
            self._plan = []
            self._after = ()
            self._goal = ""
        if g.carrier == p and self._goal not in ("score", "carry", "hand_off", "pass"):
            # just picked the ball up: now carry it
            self._replan_carrier(g, p, t, ("throw",) in opts)
        if self._plan:
            o = g.pitch.move_opts[self._plan[0]]
            if o in opts:
                self._plan.pop(0)
                return o
            self._plan = []
        after = self._after
        if after:
            self._after = ()
            q: int = after[1] if len(after) > 1 else -1
            if after[0] == "block":
                o = g.pl_opts[q]["block"]
                if o in opts:
                    self._target = q
                    self._goal = "blitzed"
                    return o
            elif after[0] == "hand_off":
                o = g.pl_opts[q]["hand_off"]
                if o in opts:
                    return o
            elif after[0] == "foul":
                o = g.pl_opts[q]["foul"]
                if o in opts:
                    return o
            elif after[0] == "throw" and ("throw",) in opts:
                self._target = q
                return ("throw",)
        if self._goal == "blitzed" and g.carrier < 0 and g.ball >= 0 and not g.ball_air:
            # the blitz knocked the ball loose: grab it if likely
            c = Ctx(g, t, sig_memo=self._zone_memo(g, t))
            r = c.reach(p, "pickup")
            if r.prob.get(g.ball, 0.0) >= 0.5:
                self._goal = "fetch"
                self._plan = r.path(g.ball)
                if self._plan:
                    o = g.pitch.move_opts[self._plan.pop(0)]
                    if o in opts:
                        return o
        return END

    def _replan_carrier(self, g: GameState, p: int, t: int, throws: bool) -> None:
        """The plan of a player who has just picked the ball up: run in,
        throw (in a Pass action, :func:`engine.bots.passplay.best_relay`
        from where he stands) or carry it on."""
        free = tuple(
            g.act_opts[q]["move"]
            for q in range(g.n)
            if g.team[q] == t and g.box[q] == PITCH and not g.pflags[q] & PF_USED
        )
        c = Ctx(g, t, free, safe=self._safe, sig_memo=self._zone_memo(g, t))
        best, bp = c.best_ez(c.reach(p, "full"))
        if best >= 0 and T.score_threshold(c, bp):
            self._plan = c.path(p, best, "full")
            self._goal = "score"
            return
        relay = best_relay(c, p, [g.pos[p]]) if throws else None
        if relay is not None:
            self._plan = []
            self._goal = "pass"
            self._target = g.pos[relay[0]]
            self._after = ("throw", self._target)
            return
        gain, sq = T.carrier_choice(c, p, 0.8)
        self._goal = "carry"
        self._plan = c.path(p, sq) if sq != g.pos[p] and gain > 0.0 else []


# Intensive Training's Primary skill, the scripted coach's order.
PRAYER_SKILLS = (
    "block",
    "dodge",
    "guard",
    "sure-hands",
    "mighty-blow",
    "tackle",
    "sidestep",
    "catch",
    "accurate",
)


def _nearest_option(d: Decision, g: GameState) -> Option:
    """Of ``("nominate", id)`` options, the player nearest the one deciding
    (the first such in the options on a tie)."""
    p = g.idx[d.player] if d.player is not None else -1
    if p < 0:
        return d.options[0]
    w = g.pitch.width
    here = g.pos[p]
    return min(d.options, key=lambda o: cheb(w, here, g.pos[g.idx[o[1]]]))


_HANDLERS: dict[str, Callable[[ScriptedBot, Decision, GameState], Option | None]] = {
    name: getattr(ScriptedBot, "_" + name)
    for name in (
        "kick_or_receive",
        "setup",
        "solid_defence",
        "kick_target",
        "touchback",
        "high_kick",
        "quick_snap",
        "reroll",
        "use_skill",
        "apothecary",
        "argue_the_call",
        "interfere",
        "pass_target",
        "throw_target",
        "prayer_player",
        "prayer_skill",
        "lash_out",
        "activate",
        "block_target",
        "blitz_target",
        "foul_target",
        "move",
        "on_the_ball",
        "safe_pair_of_hands",
    )
}
_HANDLERS.update(blockchoice.HANDLERS)  # block dice, pushes, follow-ups
_HANDLERS.update(SKILL_HANDLERS)

# The Hireling Sports-Wizard's spell (engine/bots/wizard.py).
_HANDLERS["wizard"] = wizard_choice
# The Sevens Desperate Measures (engine/bots/desperate.py).
_HANDLERS.update(desperate.HANDLERS)
_HANDLERS.update(special.HANDLERS)
_HANDLERS.update(bugman.HANDLERS)  # BB2025 Josef Bugman's re-set-up
_HANDLERS.update(star_actions.HANDLERS)
_HANDLERS.update(star_activation.HANDLERS)  # rules as an activation begins
# Dungeon Bowl spells: the College Wizards (engine/bots/college_wizard.py).
_HANDLERS.update(college_wizard.HANDLERS)
_HANDLERS.update(dungeon_rooms.HANDLERS)  # Dungeon Bowl's rooms
