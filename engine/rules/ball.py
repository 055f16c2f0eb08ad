"""The ball: catching, bouncing, scattering, deviating, throw-ins and
touchdowns (rulebook "Deviate, Scatter or Bounce", "Catching the Ball",
"Throw-ins", "Touchdown!", "Touchbacks").

The ball is in exactly one place: carried (``g.carrier``), on the ground or
in the air at ``g.ball``, or out of play (both -1) between drives.
"""

from __future__ import annotations

from engine.core import skillbits as S
from engine.core.events import (
    BallCaught,
    BallMove,
    Roll,
    SkillUsed,
    Touchback,
    Touchdown,
    Turnover,
)
from engine.core.pitch import D8_DIRECTIONS
from engine.core.state import (
    PF_HUNGRY,
    PF_NO_SCORE,
    PITCH,
    STANDING,
    Decision,
    GameState,
    Option,
    Proc,
)
from engine.rules.rolls import Test

DIVING_CATCH = S.BIT["diving-catch"]
EXTRA_ARMS = S.BIT["extra-arms"]
NERVES_OF_STEEL = S.BIT["nerves-of-steel"]
MONSTROUS_MOUTH = S.BIT["monstrous-mouth"]
DISTURBING_PRESENCE = S.BIT["disturbing-presence"]
SAFE_PAIR_OF_HANDS = S.BIT["safe-pair-of-hands"]
CATCH_RR = S.CATCH | MONSTROUS_MOUTH  # skills re-rolling a failed catch
OPT_USE_DC: Option = ("use", "diving-catch")
OPT_DECLINE: Option = ("decline",)

(
    STAT_TD,
    STAT_COMP,
    STAT_CAS,
    STAT_INT,
    STAT_DEFL,
    STAT_LAND,  # successful_landings: Throwing Completions (landed_safely)
    STAT_BLOCKS,
    STAT_PASSES,
) = range(8)
N_STATS = 8


def stat(g: GameState, p: int, k: int) -> None:
    g.stats[p * N_STATS + k] += 1


def in_receiving_area(g: GameState, sq: int) -> bool:
    """Where a kick-off must land (the variant decides; rulebook
    "Touchbacks")."""
    return g.variant.in_receiving_area(g, sq)


def check_touchdown(g: GameState, p: int) -> bool:
    """Score if ``p`` is Standing with the ball in the End Zone they score in
    (rulebook "Scoring a Touchdown"). The scoring team kicks next."""
    if g.carrier != p or g.status[p] != STANDING or not g.in_endzone_to_score(p):
        return False
    if g.pflags[p] & (PF_HUNGRY | PF_NO_SCORE):  # Bloodlust: must bite a
        return False  # Thrall first; BB2025: a ball secured this team turn
    if g.touchdown:
        return True
    t = g.team[p]
    g.score[t] += 1
    stat(g, p, STAT_TD)
    g.emit(Touchdown(g.tname(t), g.pid[p], (g.score[0], g.score[1])))
    for rule in g.hooks.touchdown:
        rule(g, p)
    g.touchdown = True
    if g.active not in (-1, t):
        # Scoring during the opponent's turn: their turn ends and the
        # scoring team's turn (marker advanced) ends at once with the score.
        if g.turn[t] < g.variant.turns_per_half:
            g.turn[t] += 1
    g.kicking = t
    return True


def turnover(g: GameState, reason: str) -> None:
    """Flag a Turnover for the active team (rulebook "The Turnover")."""
    if g.turnover is None and g.active >= 0:
        g.turnover = reason
        g.emit(Turnover(g.tname(g.active), reason))


def can_catch(g: GameState, q: int) -> bool:
    """Standing with a Tackle Zone (No Hands players fail automatically)."""
    return g.status[q] == STANDING and g.has_tz(q)


def disturbing_presence(g: GameState, p: int) -> int:
    """Disturbing Presence: -1 for each opposition player with the skill on
    the pitch within three squares of ``p`` (whatever their status)."""
    t = g.team[p]
    sq = g.pos[p]
    dist = g.pitch.distance
    c = 0
    for q, sk in enumerate(g.skills):
        if (
            sk & DISTURBING_PRESENCE
            and g.team[q] != t
            and g.box[q] == PITCH
            and dist(g.pos[q], sq) <= 3
        ):
            c += 1
    return c


def catch_modifier(g: GameState, p: int) -> int:
    """Modifiers to any catch by ``p`` besides the kind of throw: -1 per
    Marking opponent (not with Nerves of Steel), -1 in Pouring Rain, +1
    Extra Arms, -1 per Disturbing Presence."""
    sk = g.skills[p]
    mod = 0
    if not sk & NERVES_OF_STEEL:
        mod -= g.markers(g.pos[p], g.team[p])
    if g.weather == "pouring_rain":
        mod -= 1
    if sk & EXTRA_ARMS:
        mod += 1
    return mod - disturbing_presence(g, p)


def land_ball(g: GameState, sq: int, mod: int, dive: bool = False) -> Proc:
    """Ball arriving at ``sq``: a Standing player there must try to catch;
    otherwise it bounces. ``dive``: it arrives after a scatter, deviation,
    throw-in or kick-off, so a Diving Catch player Marking ``sq`` may try
    to catch it instead."""
    q = g.board[sq]
    if q >= 0 and can_catch(g, q):
        return Catch(q, mod)
    if dive:
        diver = -1
        for s in g.pitch.neighbours[sq]:
            d = g.board[s]
            if (
                d >= 0
                and g.skills[d] & DIVING_CATCH
                and can_catch(g, d)
                and not g.skills[d] & S.NO_HANDS
            ):
                if diver >= 0:
                    # Decision: two or more Diving Catch players get in each
                    # other's way and none may dive (the BB2016 wording;
                    # BB2020 is silent).
                    return Bounce(sq)
                diver = d
        if diver >= 0:
            return DivingCatch(diver, sq, mod)
    landed = None if q >= 0 else g.variant.ball_landed(g, sq)  # Dungeon Bowl
    return landed if landed is not None else Bounce(sq)


class DivingCatch(Proc):
    """Diving Catch: player ``p`` may try to catch the ball landing in
    ``sq`` (in their Tackle Zone) as if it had landed in their own square;
    a failure bounces from their square. Declined: it bounces from ``sq``."""

    __slots__ = ("p", "sq", "mod")

    def __init__(self, p: int, sq: int, mod: int) -> None:
        self.phase = 0
        self.p = p
        self.sq = sq
        self.mod = mod

    def step(self, g: GameState) -> Decision | None:
        p = self.p
        return Decision(
            g.tname(g.team[p]),
            "use_skill",
            (OPT_USE_DC, OPT_DECLINE),
            g.pid[p],
            info=("diving-catch",),
        )

    def receive(self, g: GameState, choice: Option) -> None:
        if choice == OPT_USE_DC:
            g.emit(SkillUsed(g.pid[self.p], "diving-catch"))
            g.stack[-1] = Catch(self.p, self.mod)
        else:
            g.stack[-1] = Bounce(self.sq)


class SafePairOfHands(Proc):
    """Safe Pair of Hands: player ``p`` Knocked Down or Placed Prone with
    the ball in ``sq``; instead of bouncing, their coach may place it in an
    unoccupied adjacent square.

    Decision: usable whatever the Armour and Injury rolls did to the player
    (the skill acts as they become Prone); with no unoccupied adjacent
    square, or when declined, the ball bounces as normal.
    """

    __slots__ = ("p", "sq")

    def __init__(self, p: int, sq: int) -> None:
        self.phase = 0
        self.p = p
        self.sq = sq

    def step(self, g: GameState) -> Decision | None:
        opts = tuple(
            g.pitch.square_opts[s]
            for s in g.pitch.neighbours[self.sq]
            if g.board[s] < 0
        )
        if not opts:
            g.stack[-1] = Bounce(self.sq)
            return None
        return Decision(
            g.tname(g.team[self.p]),
            "safe_pair_of_hands",
            opts + (OPT_DECLINE,),
            g.pid[self.p],
        )

    def receive(self, g: GameState, choice: Option) -> None:
        if choice == OPT_DECLINE:
            g.stack[-1] = Bounce(self.sq)
            return
        dst = choice[1]
        g.emit(SkillUsed(g.pid[self.p], "safe-pair-of-hands"))
        g.emit(BallMove("placed", self.sq, dst))
        g.ball = dst
        g.carrier = -1
        g.ball_air = False
        g.stack.pop()


def ball_drop(g: GameState, p: int, sq: int, how: str) -> Proc:
    """What happens to the ball ``p`` held when they went Prone in ``sq``:
    it bounces, unless Safe Pair of Hands applies (Knocked Down or Placed
    Prone, not Falling Over)."""
    if (
        how != "fall"
        and g.skills[p] & SAFE_PAIR_OF_HANDS
        and g.variant.active_skill_usable(g, p)
    ):
        return SafePairOfHands(p, sq)
    return Bounce(sq)


class Catch(Proc):
    """A player must try to catch the ball: Agility test with ``mod`` and
    :func:`catch_modifier`; Catch and Monstrous Mouth re-roll."""

    __slots__ = ("p", "mod", "how")

    def __init__(self, p: int, mod: int, how: str = "catch") -> None:
        self.phase = 0
        self.p = p
        self.mod = mod
        self.how = how

    def step(self, g: GameState) -> Decision | None:
        p = self.p
        sq = g.pos[p]
        if self.phase == 0:
            g.ball = sq
            g.ball_air = True  # in the air over the catcher until resolved
            g.carrier = -1
            if g.skills[p] & S.NO_HANDS:
                g.emit(Roll(self.how, g.pid[p], (), 0, 0, False, False))
                g.stack[-1] = Bounce(sq)
                return None
            mod = self.mod + catch_modifier(g, p)
            mod += g.variant.catch_modifier(g, p, self.how)  # a room (Dungeon Bowl)
            self.phase = 1
            g.stack.append(
                Test(self.how, p, g.ag[p], mod, skill_rr=g.variant.catch_reroll_skills)
            )
            return None
        if g.ret:
            g.ball = -1
            g.ball_air = False
            g.carrier = p
            g.emit(BallCaught(g.pid[p], sq, self.how))
            if g.kick_mode:
                g.kick_mode = False
            for rule in g.hooks.ball_caught:
                after = rule(g, p)
                if after is not None:
                    g.stack[-1] = after
                    return None
            g.stack.pop()
            check_touchdown(g, p)
        else:
            g.stack[-1] = Bounce(sq)
        return None


class Bounce(Proc):
    """The ball bounces one square (D8) from ``src``."""

    __slots__ = ("src",)

    def __init__(self, src: int) -> None:
        self.phase = 0
        self.src = src

    def step(self, g: GameState) -> Decision | None:
        d = g.dice.d8()
        src = self.src
        dst = g.pitch.steps[d][src]
        g.emit(BallMove("bounce", src, dst))
        g.carrier = -1
        g.ball_air = False
        if g.kick_mode and not in_receiving_area(g, dst):
            g.stack[-1] = TouchbackProc()
            return None
        if dst < 0:
            g.stack[-1] = g.variant.ball_off_pitch(g, src, _dir(d))
            return None
        q = g.board[dst]
        if q >= 0:
            if can_catch(g, q):
                g.stack[-1] = Catch(q, -1)
            else:
                self.src = dst
            return None
        g.ball = dst
        g.stack.pop()
        if g.kick_mode:
            g.kick_mode = False
        landed = g.variant.ball_landed(g, dst)  # Dungeon Bowl flow: a Portal
        if landed is not None:
            g.stack.append(landed)
        return None


def _travel(g: GameState, src: int, dx: int, dy: int, dist: int) -> tuple[int, int]:
    """Move ``dist`` squares; returns (landing or -1, last on-pitch square)."""
    sq = src
    for _ in range(dist):
        nxt = g.pitch.step(sq, dx, dy)
        if nxt < 0:
            return -1, sq
        sq = nxt
    return sq, sq


class Scatter(Proc):
    """The ball (in the air) scatters ``times`` times one square (D8) each,
    then lands at ``mod`` to catch (rulebook "Scatter")."""

    __slots__ = ("src", "times", "mod")

    def __init__(self, src: int, times: int = 3, mod: int = -1) -> None:
        self.phase = 0
        self.src = src
        self.times = times
        self.mod = mod

    def step(self, g: GameState) -> Decision | None:
        sq = self.src
        for _ in range(self.times):
            d = g.dice.d8()
            nxt = g.pitch.steps[d][sq]
            g.emit(BallMove("scatter", sq, nxt))
            if nxt < 0:
                if g.kick_mode:
                    g.stack[-1] = TouchbackProc()
                else:
                    g.stack[-1] = g.variant.ball_off_pitch(g, sq, _dir(d))
                return None
            sq = nxt
        g.ball = sq
        g.ball_air = False
        if g.kick_mode and not in_receiving_area(g, sq):
            g.stack[-1] = TouchbackProc()
            return None
        g.stack[-1] = land_ball(g, sq, self.mod, True)
        return None


class Deviate(Proc):
    """The ball deviates D6 squares in a D8 direction from ``src``, then
    lands (rulebook "Deviate")."""

    __slots__ = ("src", "mod")

    def __init__(self, src: int, mod: int = -1) -> None:
        self.phase = 0
        self.src = src
        self.mod = mod

    def step(self, g: GameState) -> Decision | None:
        d8 = g.dice.d8()
        d6 = g.dice.d6()
        dx, dy = _dir(d8)
        dst, last = _travel(g, self.src, dx, dy, d6)
        g.emit(BallMove("deviate", self.src, dst))
        g.ball_air = False
        if dst < 0:
            g.stack[-1] = g.variant.ball_off_pitch(g, last, (dx, dy))
            return None
        g.ball = dst
        g.stack[-1] = land_ball(g, dst, self.mod, True)
        return None


def _dir(d8: int) -> tuple[int, int]:
    return D8_DIRECTIONS[d8]


class ThrowIn(Proc):
    """The crowd throws the ball back in from ``src`` (the last square it
    occupied): D6 on the Throw-in template, 2D6 squares, caught at -1
    (rulebook "Throw-ins"; corners use a D3, "Corner Throw-ins").

    Decision: the thrown-in ball flies over players in its path; only the
    landing square matters.
    """

    __slots__ = ("src",)

    def __init__(self, src: int) -> None:
        self.phase = 0
        self.src = src

    def step(self, g: GameState) -> Decision | None:
        pitch = g.pitch
        src = self.src
        x, y = pitch.xy(src)
        ix = 1 if x == 0 else (-1 if x == pitch.width - 1 else 0)
        iy = 1 if y == 0 else (-1 if y == pitch.height - 1 else 0)
        g.carrier = -1
        g.ball = -1
        g.ball_air = True
        if ix and iy:
            choices = ((ix, 0), (ix, iy), (0, iy))
            dx, dy = choices[g.dice.d3() - 1]
        else:
            r = g.dice.d6()
            k = 0 if r <= 2 else (1 if r <= 4 else 2)
            if ix:
                dx, dy = ix, (-1, 0, 1)[k]
            elif iy:
                dx, dy = (-1, 0, 1)[k], iy
            else:  # not at an edge (defensive): straight back towards the middle
                dx, dy = 0, (1 if y < pitch.height // 2 else -1)
        dist = g.variant.throw_in_squares(g.dice.d6() + g.dice.d6())
        dst, last = _travel(g, src, dx, dy, dist)
        g.emit(BallMove("throw_in", src, dst))
        if dst < 0:
            self.src = last
            return None
        g.ball = dst
        g.ball_air = False
        g.stack[-1] = land_ball(g, dst, -1, True)
        return None


class TouchbackProc(Proc):
    """Touchback: the receiving coach gives the ball to one of their
    players (a Standing one if possible; otherwise it bounces from a Prone
    or Stunned player)."""

    __slots__ = ()

    def __init__(self) -> None:
        self.phase = 0

    def _candidates(self, g: GameState) -> tuple[list[int], bool]:
        rec = 1 - g.kicking
        players = [
            p
            for p in range(g.n)
            if g.team[p] == rec and g.box[p] == 0 and not g.skills[p] & S.NO_HANDS
        ]
        standing = [p for p in players if g.status[p] == STANDING]
        return (standing, True) if standing else (players, False)

    def step(self, g: GameState) -> Decision | None:
        g.ball = -1
        g.ball_air = False
        g.carrier = -1
        cands, _ = self._candidates(g)
        if not cands:
            # Nobody at all can hold it: Decision: the ball is placed in the
            # centre of the receiving half and bounces.
            rec = 1 - g.kicking
            x = (
                g.pitch.width // 4
                if rec == 0
                else g.pitch.width - 1 - g.pitch.width // 4
            )
            g.kick_mode = False
            g.stack[-1] = Bounce(g.pitch.sq(x, g.pitch.height // 2))
            return None
        opts = tuple(g.pl_opts[p]["touchback"] for p in cands)
        return Decision(g.tname(1 - g.kicking), "touchback", opts)

    def receive(self, g: GameState, choice: Option) -> None:
        p = g.idx[choice[1]]
        g.kick_mode = False
        g.emit(Touchback(g.tname(g.team[p]), g.pid[p]))
        if g.status[p] == STANDING:
            g.carrier = p
            g.emit(BallCaught(g.pid[p], g.pos[p], "touchback"))
            g.stack.pop()
        else:
            g.stack[-1] = Bounce(g.pos[p])


def loose_ball_at(g: GameState, sq: int) -> bool:
    """Whether the ball lies on the ground (not carried, not in the air) in
    square ``sq``."""
    return sq >= 0 and g.ball == sq and g.carrier < 0 and not g.ball_air


class SettleBall(Proc):
    """A loose ball still lying in ``sq`` bounces from it (rulebook
    "Occupied Squares": the ball can never come to rest on the ground in an
    occupied square; "Pushed Players": a player pushed into the ball's
    square makes it bounce). Nothing happens when the ball has already
    left ``sq`` (a player Knocked Down there bounced it first)."""

    __slots__ = ("sq",)

    def __init__(self, sq: int) -> None:
        self.phase = 0
        self.sq = sq

    def step(self, g: GameState) -> Decision | None:
        if loose_ball_at(g, self.sq):
            g.stack[-1] = Bounce(self.sq)
        else:
            g.stack.pop()
        return None


def drop_ball_if_carrier(g: GameState, p: int) -> int:
    """If ``p`` holds the ball, it drops to their square; returns that square
    (to bounce from) or -1."""
    if g.carrier == p:
        g.carrier = -1
        g.ball = g.pos[p]
        return g.pos[p]
    return -1
