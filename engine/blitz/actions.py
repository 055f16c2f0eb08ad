"""The Player Actions (rulebook "Actions" to "Reserves Action"): Run, Mark,
Sidestep, Stand Up, Reserves and Block, each a procedure on the game's
stack (Throw: :mod:`engine.blitz.throw`). Checks follow "Important Principles": a D6 against a value,
the total modifier capped at -1/+1, an unmodified 1 fails, a 6 succeeds."""

from __future__ import annotations

from typing import Any

from engine.blitz import abilities as ab
from engine.blitz import arenas, balls
from engine.blitz import effects as fx
from engine.blitz.ball import bounce, drop, enter_square
from engine.blitz.events import (
    BlockDice,
    Injured,
    KnockedDown,
    Moved,
    Placed,
    Pushed,
    Roll,
    StoodUp,
)
from engine.blitz.faces import (
    D6_TO_FACE,
    FACE_ORDER,
    KERRUNCH,
    MISS,
    SHOVE,
    SMASH,
    TACKLE,
)
from engine.blitz.rerolls import ARMOUR, BLOCK, open_window
from engine.blitz.state import MARK_SQUARES, TEAM_NAMES, BlitzState
from engine.core.state import Decision


class BProc:
    """A rule procedure on the game's stack (as :class:`engine.core.state.Proc`):
    ``step`` does dice-only work and returns a Decision or None after
    pushing a child or popping itself; ``receive`` takes a coach's choice."""

    def step(self, g: BlitzState) -> Decision | None:
        raise NotImplementedError

    def receive(self, g: BlitzState, choice: tuple[Any, ...]) -> None:
        raise NotImplementedError


def check(
    g: BlitzState,
    purpose: str,
    i: int,
    value: int,
    modifier: int,
    rerolled: bool = False,
) -> bool:
    """A check: D6 + modifier (capped at -1/+1) >= value; 1 fails, 6 passes."""
    modifier = max(-1, min(1, modifier))
    d = g.dice.d6()
    ok = d != 1 and (d == 6 or d + modifier >= value)
    g.events.append(Roll(purpose, g.pid[i], (d,), value, modifier, ok, rerolled))
    return ok


def injure(g: BlitzState, i: int, cause: str) -> None:
    """Player ``i`` is Injured: a ball they hold bounces, they go to the
    Dugout as a Reserves Player."""
    sq = g.pos[i]
    b = g.ball_of(i)
    g.to_dugout(i)
    g.events.append(Injured(g.pid[i], cause))
    if b >= 0:
        bounce(g, b, sq)


def armour_check(g: BlitzState, i: int, modifier: int) -> bool:
    """An Armour Check for Player ``i``; failed, they are Injured. Armour
    '-' fails with no roll (rulebook "Important Principles"). A failed
    check their coach may re-roll (Rookies to Watch) is decided later: the
    Injury then comes with the window's answer, and this returns True.
    Decision: the window opens only after a failed check (re-rolling a
    passed one could only hurt)."""
    av = g.armour[i]
    if av is None:
        injure(g, i, "armour")
        return False
    if check(g, "armour", i, av, modifier):
        return True

    def again(gg: BlitzState) -> None:
        if not check(gg, "armour", i, av, modifier, rerolled=True):
            armour_injury(gg, i)

    if open_window(
        g, g.team[i], ARMOUR, again, lambda gg: armour_injury(gg, i), g.pid[i]
    ):
        return True
    injure(g, i, "armour")
    return False


def armour_injury(g: BlitzState, i: int) -> None:
    """A failed Armour Check's Injury, once its re-roll window has closed;
    the Action's record notes it when ``i`` was the Action's target."""
    injure(g, i, "armour")
    _note_target_injured(g, i)


def _note_target_injured(g: BlitzState, i: int) -> None:
    rec = g.current_record
    if rec is not None and rec.target == i:
        rec.target_injured = True


def knock_down(g: BlitzState, i: int, armour_modifier: int) -> bool:
    """Knocked Down: Prone, the ball bounces, then an Armour Check (rulebook
    "Block Dice Results", Smash: "if they are carrying a ball it immediately
    Bounces. Then, the Knocked Down Player's Coach must make an Armour
    Check"). Returns whether the Player was Injured; with Safe Hands the
    check waits for the coach's choice of square (:class:`ArmourAfterBounce`)
    and this returns False."""
    if safe_hands(g, i):
        g.stack.append(ArmourAfterBounce(i, armour_modifier))
        fall(g, i)
        return False
    fall(g, i)
    return not armour_check(g, i, armour_modifier)


def safe_hands(g: BlitzState, i: int) -> bool:
    """Whether Player ``i``, Knocked Down now, would have their coach pick
    where their ball bounces (Safe Hands)."""
    return g.ball_of(i) >= 0 and "safe_hands" in g.abilities[i]


def fall(g: BlitzState, i: int) -> None:
    """Knocked Down, before the Armour Check: Prone, the ball bounces.
    Safe Hands: the coach picks the adjacent square the ball bounces to (a
    decision, once this step is done; a step that must follow the bounce,
    such as the Armour Check, is pushed before calling this)."""
    g.prone[i] = True
    g.events.append(KnockedDown(g.pid[i]))
    if safe_hands(g, i):
        b = g.ball_of(i)
        g.ball_holder[b] = -1
        g.stack.append(SafeHands(b, g.pos[i], g.team[i], g.pid[i]))
    else:
        drop(g, i)


class SafeHands(BProc):
    """Safe Hands: the ball a Knocked Down Player held bounces to the
    adjacent square their coach picks (then on, as any bounce)."""

    def __init__(self, ball: int, sq: int, team: int, pid: int) -> None:
        self.ball = ball
        self.sq = sq
        self.team = team
        self.pid = pid

    def step(self, g: BlitzState) -> Decision | None:
        opts = tuple(
            ("bounce_to", n)
            for n in g.board.neighbours[self.sq]
            if not g.board.blocked[n]
        )
        return Decision(TEAM_NAMES[self.team], "safe_hands", opts, self.pid)

    def receive(self, g: BlitzState, choice: tuple[Any, ...]) -> None:
        g.stack.pop()
        bounce(g, self.ball, self.sq, first=choice[1])


class ArmourAfterBounce(BProc):
    """The Armour Check of a Knocked Down Player, made once the ball they
    held has bounced where their coach chose (Safe Hands)."""

    def __init__(self, i: int, modifier: int) -> None:
        self.i = i
        self.modifier = modifier

    def step(self, g: BlitzState) -> Decision | None:
        g.stack.pop()
        if not armour_check(g, self.i, self.modifier):
            _note_target_injured(g, self.i)
        return None


def violent(g: BlitzState, i: int, target: int) -> bool:
    """Violent: a D6 rolled with the Block (or Foul) dice; on a 6 the target
    is Injured and the dice are not resolved."""
    if "violent" not in g.abilities[i]:
        return False
    d = g.dice.d6()
    hit = d == 6
    g.events.append(Roll("violent", g.pid[i], (d,), 6, 0, hit, False))
    if hit:
        injure(g, target, "violent")
        rec = g.current_record
        if rec is not None:
            rec.target_injured = True
    return hit


def team_name(g: BlitzState, i: int) -> str:
    return TEAM_NAMES[g.team[i]]


class Move(BProc):
    """Run (up to Move, never next to a standing opponent) or Mark (up to 2
    squares, ending as soon as the Player Marks someone, and it must).

    Leap and Ethereal Runs may pass through squares they may not end on
    (teams.md): ``at`` is where the Run has got to, while the Player stays
    on the last square they could end on until they reach the next one.
    Decision: a pass is logged as one ``Moved`` from that square to the
    square landed on."""

    def __init__(self, i: int, kind: str, allowance: int) -> None:
        self.i = i
        self.kind = kind
        self.left = allowance
        self.steps = 0
        self.at = -1

    def _ok(self, g: BlitzState, sq: int) -> bool:
        if self.kind == "run":
            return passable(g, self.i, sq) and run_step_ok(g, self.i, sq, self.left - 1)
        if g.occ[sq] >= 0 or g.board.blocked[sq]:
            return False
        return _mark_reachable(g, self.i, sq, self.left - 1)

    def step(self, g: BlitzState) -> Decision | None:
        i = self.i
        if self.at < 0:
            self.at = g.pos[i]
        if self.kind == "mark" and self.steps and g.marked(i):
            g.stack.pop()  # a Mark ends as soon as the Player Marks someone
            return None
        opts: list[tuple[Any, ...]] = []
        if self.left > 0:
            opts = [
                ("move", sq) for sq in g.board.neighbours[self.at] if self._ok(g, sq)
            ]
        landed = self.at == g.pos[i]
        if self.kind == "run" and self.steps and landed and run_may_end(g, i, g.pos[i]):
            opts.append(("stop",))
        if landed and (not opts or opts == [("stop",)]):
            g.stack.pop()
            return None
        return Decision(team_name(g, i), self.kind, tuple(opts), g.pid[i])

    def receive(self, g: BlitzState, choice: tuple[Any, ...]) -> None:
        if choice[0] == "stop":
            g.stack.pop()
            return
        i, sq = self.i, choice[1]
        self.at = sq
        self.left -= 1
        self.steps += 1
        if g.board.blocked[sq] or g.occ[sq] not in (-1, i):
            return  # Leap or Ethereal: passing through
        frm = g.pos[i]
        g.place(i, sq)
        g.events.append(Moved(g.pid[i], frm, sq))
        if self.kind == "run" and not _near_ok(g, i):
            if ab.blocking_neighbours(g, i, sq)[1]:
                self.left = 0  # next to a Titchy opponent: the Run ends
            elif fx.defensive(g, i) and g.next_to_standing_opponent(sq, g.team[i]):
                self.left = 0  # Defensive Play: next to an opponent, it ends
        enter_square(g, i, running=self.kind == "run")


def _mark_reachable(g: BlitzState, i: int, sq: int, left: int) -> bool:
    """Whether a Mark that steps into ``sq`` can still end Marking someone."""
    return _marks_within(g, i, [sq], left)


def _marks_within(g: BlitzState, i: int, starts: list[int], left: int) -> bool:
    """Whether, from one of ``starts``, a Mark with ``left`` squares to go
    can end next to a standing opponent: a breadth-first search over empty
    squares, each square looked at once (a Mark that ends on a square ends
    there whichever way it came)."""
    t = g.team[i]
    occ, blocked, neighbours = g.occ, g.board.blocked, g.board.neighbours
    frontier = starts
    seen = set(starts)
    seen.add(g.pos[i])
    for depth in range(left + 1):
        nxt: list[int] = []
        for s in frontier:
            if g.next_to_standing_opponent(s, t):
                return True
            if depth < left:
                for n in neighbours[s]:
                    if n not in seen and occ[n] < 0 and not blocked[n]:
                        seen.add(n)
                        nxt.append(n)
        frontier = nxt
    return False


def can_mark(g: BlitzState, i: int) -> bool:
    occ, blocked = g.occ, g.board.blocked
    starts = [n for n in g.board.neighbours[g.pos[i]] if occ[n] < 0 and not blocked[n]]
    return _marks_within(g, i, starts, MARK_SQUARES - 1)


def run_may_end(g: BlitzState, i: int, sq: int) -> bool:
    """Whether a Run may end on ``sq``: Elusive, Lithe Creature, Leap and
    Ethereal Runs must end Open, and a Run with Dodge."""
    if ab.END_OPEN & g.abilities[i] or fx.dodging(g, i):
        return not g.next_to_standing_opponent(sq, g.team[i])
    return True


def passable(g: BlitzState, i: int, sq: int) -> bool:
    """Whether Player ``i``'s Run may enter ``sq``: an empty, unblocked
    square; Leap, also one with a Player on it (team-mate or opponent,
    standing or Prone); Ethereal, also an obstruction (teams.md)."""
    if g.board.blocked[sq]:
        return ab.passes_obstructions(g, i)
    return g.occ[sq] in (-1, i) or ab.passes_players(g, i)


def _may_stop_on(g: BlitzState, i: int, sq: int) -> bool:
    return not g.board.blocked[sq] and g.occ[sq] in (-1, i) and run_may_end(g, i, sq)


def run_step_ok(g: BlitzState, i: int, sq: int, left: int) -> bool:
    """Whether a Run may step into ``sq`` (passable) with ``left`` squares
    to go after it: never next to a standing opponent (but an Insignificant
    or Titchy one), unless an ability lets the Player, and then only if the
    Run can still end where it must (Leap, Ethereal: on an empty square,
    not on a Player or an obstruction; Dodge as those abilities; Defensive
    Play lets a Run step next to opponents, which ends it)."""
    if not _near_ok(g, i):
        return fx.defensive(g, i) or not ab.blocking_neighbours(g, i, sq)[0]
    if _may_stop_on(g, i, sq) and sq != g.pos[i]:
        return True
    frontier, seen = [sq], {sq, g.pos[i]}
    for _ in range(left):
        nxt = []
        for a in frontier:
            for n in g.board.neighbours[a]:
                if n in seen or not passable(g, i, n):
                    continue
                if _may_stop_on(g, i, n):
                    return True
                seen.add(n)
                nxt.append(n)
        frontier = nxt
    return False


def _near_ok(g: BlitzState, i: int) -> bool:
    return bool(ab.NEAR_OPPONENTS & g.abilities[i]) or fx.dodging(g, i)


def can_run(g: BlitzState, i: int) -> bool:
    """Whether a Run Action has a first step (Move "D6" counts as 1 here:
    the die is rolled once the Run is declared)."""
    left = (g.move[i] or 1) - 1
    return any(
        n != g.pos[i] and passable(g, i, n) and run_step_ok(g, i, n, left)
        for n in g.board.neighbours[g.pos[i]]
    )


def sidestep_squares(g: BlitzState, i: int) -> list[int]:
    """Where a Marked Player may Sidestep: one empty, unblocked square where
    they end Open."""
    t = g.team[i]
    frm = g.pos[i]
    out = []
    g.occ[frm] = -1
    try:
        for n in g.board.neighbours[frm]:
            if g.occ[n] < 0 and not g.board.blocked[n]:
                if not g.next_to_standing_opponent(n, t):
                    out.append(n)
    finally:
        g.occ[frm] = i
    return out


class Sidestep(BProc):
    def __init__(self, i: int) -> None:
        self.i = i

    def step(self, g: BlitzState) -> Decision | None:
        opts = tuple(("move", sq) for sq in sidestep_squares(g, self.i))
        return Decision(team_name(g, self.i), "sidestep", opts, g.pid[self.i])

    def receive(self, g: BlitzState, choice: tuple[Any, ...]) -> None:
        i, sq = self.i, choice[1]
        frm = g.pos[i]
        g.place(i, sq)
        g.events.append(Moved(g.pid[i], frm, sq))
        g.stack.pop()
        enter_square(g, i, running=False)


def reserve_squares(g: BlitzState, i: int) -> list[int]:
    """End Zone squares a Reserves Action may use: empty, not next to a
    standing opponent and without a ball, unless no square is (rulebook
    "Reserves Action"; Decision: the Action text's "standing" is kept over
    the Glossary's wording). Decision: when no square is both, a square
    next to a standing opponent comes before a square holding a ball, the
    last resort ("In the rare situation that a Player who makes a Reserves
    Action must be placed in a square containing a ball")."""
    t = g.team[i]
    empty = [sq for sq in g.board.end_zone[t] if g.occ[sq] < 0]
    good = [
        sq
        for sq in empty
        if not g.next_to_standing_opponent(sq, t) and g.loose_ball_at(sq) < 0
    ]
    if good:
        return good
    no_ball = [sq for sq in empty if g.loose_ball_at(sq) < 0]
    return no_ball or empty


class Reserves(BProc):
    def __init__(self, i: int) -> None:
        self.i = i

    def step(self, g: BlitzState) -> Decision | None:
        squares = reserve_squares(g, self.i) + arenas.trapdoor_reserve_squares(g)
        opts = tuple(("place", sq) for sq in squares)
        return Decision(team_name(g, self.i), "reserves", opts, g.pid[self.i])

    def receive(self, g: BlitzState, choice: tuple[Any, ...]) -> None:
        i, sq = self.i, choice[1]
        if not g.board.in_end_zone(g.team[i], sq):
            arenas.clear_trapdoor(g, sq)  # Sewer Pipe Stadium
        g.place(i, sq)
        g.prone[i] = False
        g.events.append(Placed(g.pid[i], sq, "reserves"))
        g.stack.pop()
        b = g.loose_ball_at(sq)
        if b >= 0:
            bounce(g, b, sq)


def stand_up(g: BlitzState, i: int) -> None:
    g.prone[i] = False
    g.events.append(StoodUp(g.pid[i]))


def block_targets(g: BlitzState, i: int) -> list[int]:
    """Whom Player ``i`` may Block: an opponent they Mark; a Bomber, an
    Open or Marked opponent within 3 squares."""
    if "bomber" in g.abilities[i]:
        t, here = g.team[i], g.pos[i]
        return [
            j
            for j in range(g.n)
            if g.team[j] != t
            and g.standing(j)
            and g.board.distance(here, g.pos[j]) <= 3
        ]
    return g.markers(i)


def assisted(g: BlitzState, i: int, target: int) -> bool:
    """The target is also Marked by another of the blocker's team-mates
    who may Assist (Defensive, Woodland Aid, War Machine, Bomber)."""
    if ab.block_unassisted(g, i, target):
        return False
    if arenas.trapdoor_assist(g, target):  # Overgrown Arena
        return True
    return any(
        j != i and g.team[j] == g.team[i] and ab.may_assist(g, j, target)
        for j in g.markers(target)
    )


class Block(BProc):
    """Block: pick a Marked opponent, roll Block Value (+1 Assisted) dice,
    the blocker picks the face (rulebook "Block Action"). A Dump-off target
    may throw first; an Enforcer resolves every die, one at a time."""

    def __init__(self, i: int) -> None:
        self.i = i
        self.target = -1
        self.faces: tuple[str, ...] = ()
        self.left: list[str] = []  # Enforcer: the faces still to resolve
        self.phase = 0
        self.vacated = -1
        self.assisted = False
        self.rerolled = False
        self.moxy = False  # The Kid's Got Moxy: three Block Dice
        self.tough = False  # Tough Enough: Shove counts as Miss

    def step(self, g: BlitzState) -> Decision | None:
        i = self.i
        opts: tuple[tuple[Any, ...], ...]
        if self.phase == 0:
            # Blitz!: the free Block targets a Player this one Marks.
            blitz = fx.for_action(g, i, "blitz")
            js = g.markers(i) if blitz else block_targets(g, i)
            opts = tuple(("target", g.pid[j]) for j in js)
            return Decision(team_name(g, i), "block_target", opts, g.pid[i])
        if self.phase == 4:  # the dice, once a Dump-off is done
            self._start(g)
            return None
        if self.phase == 1 and ab.enforcer(g, i):
            if not self.left or g.pos[self.target] < 0 or g.pos[i] < 0:
                self.phase = 3
                return None
            opts = tuple(("face", f) for f in FACE_ORDER if f in self.left)
            fresh = len(self.left) == len(self.faces)  # no die resolved yet
            if (
                fresh
                and not self.rerolled
                and MISS in self.faces
                and balls.spikey(g, i)
            ):
                opts += (("reroll_miss",),)  # Extra Spikey Ball
            return Decision(
                team_name(g, i), "block_die", opts, g.pid[i], info=self.faces
            )
        if self.phase == 1:
            opts = tuple(("face", f) for f in FACE_ORDER if f in self.faces)
            if not self.rerolled and "offensive_specialist" in g.abilities[i]:
                opts += (("reroll",),)
            opts += g.links.block_die_options(g, i, self.rerolled)
            if not self.rerolled and MISS in self.faces and balls.spikey(g, i):
                opts += (("reroll_miss",),)  # Extra Spikey Ball
            return Decision(
                team_name(g, i), "block_die", opts, g.pid[i], info=self.faces
            )
        if self.phase == 2:
            opts = (("follow_up", True), ("follow_up", False))
            return Decision(team_name(g, i), "follow_up", opts, g.pid[i])
        g.stack.pop()
        return None

    def receive(self, g: BlitzState, choice: tuple[Any, ...]) -> None:
        i = self.i
        if self.phase == 0:
            self.target = g.idx[choice[1]]
            rec = g.current_record
            if rec is not None:
                rec.target = self.target
            self.phase = 4  # step() rolls the dice once the windows are done
            g.links.block_target_windows(g, self)
            if ab.may_dump_off(g, self.target) and g.links.short_throw_targets(
                g, self.target
            ):
                g.stack.append(g.links.dump_off_offer(self.target, i))
            return
        if self.phase == 1 and choice[0] in ("reroll", "bonus"):
            if choice[0] == "bonus":  # Raw Talent
                g.links.play_on_block_die(g, i, choice[1])
            # Offensive Specialist: the first roll is logged, then re-rolled.
            self._again(g)
            return
        if self.phase == 1 and choice[0] == "reroll_miss":
            g.events.append(
                BlockDice(g.pid[i], g.pid[self.target], self.faces, self.assisted, "")
            )
            self.rerolled = True
            self._roll(g, only_misses=True)
            return
        if self.phase == 1:
            face = choice[1]
            g.events.append(
                BlockDice(g.pid[i], g.pid[self.target], self.faces, self.assisted, face)
            )
            if ab.enforcer(g, i):
                self.left.remove(face)
            self._resolve(g, face)
            return
        if self.phase == 2:
            if choice[1]:
                self._follow_up(g)
            self.phase = 3

    def _start(self, g: BlitzState) -> None:
        """Roll the Block Dice (and Violent's D6); a coach holding Rookies
        to Watch may re-roll the Block Dice (Decision: before choosing the
        face, only when the dice will be resolved, and never after another
        re-roll of them)."""
        i = self.i
        self.assisted = self.is_assisted(g)
        self._roll(g)
        self.phase = 3 if violent(g, i, self.target) else 1
        if self.phase == 1:
            open_window(g, g.team[i], BLOCK, self._again, player=g.pid[i])

    def is_assisted(self, g: BlitzState) -> bool:
        """Assisted: by a team-mate, or by Blocking Play (not where the Block
        can never be Assisted); never after Tough Enough."""
        i, t = self.i, self.target
        if self.tough:
            return False
        return assisted(g, i, t) or (
            fx.blocking_play(g, i) and not ab.block_unassisted(g, i, t)
        )

    def _again(self, g: BlitzState) -> None:
        """Re-roll the Block Dice: the first roll is logged, unchosen."""
        i = self.i
        g.events.append(
            BlockDice(g.pid[i], g.pid[self.target], self.faces, self.assisted, "")
        )
        self.rerolled = True
        self._roll(g)

    def _roll(self, g: BlitzState, *, only_misses: bool = False) -> None:
        i, t = self.i, self.target
        if only_misses:  # the Extra Spikey Ball re-rolls the Misses only
            self.faces = tuple(
                self._face(ab.read_face(g, i, t, D6_TO_FACE[g.dice.d6()]))
                if f == MISS
                else f
                for f in self.faces
            )
        else:
            n = arenas.block_dice(g, g.block[i], self.assisted)
            if self.moxy:
                n = fx.MOXY_DICE
            self.faces = tuple(
                self._face(ab.read_face(g, i, t, D6_TO_FACE[g.dice.d6()]))
                for _ in range(n)
            )
        self.left = list(self.faces)
        rec = g.current_record
        if rec is not None:
            rec.block_faces = self.faces

    def _face(self, face: str) -> str:
        return MISS if self.tough and face == SHOVE else face

    def _down(self, g: BlitzState, modifier: int) -> None:
        t = self.target
        if "crumbling_astrogranite_pitch" in g.lasting:  # a Random Event
            modifier -= 1
        rec = g.current_record
        if rec is not None:
            rec.target_down = True
        if g.links.armour_windows(g, self.i, t, modifier):
            return  # the Armour Check waits for the coach's cards
        injured = knock_down(g, t, modifier)
        if rec is not None:
            rec.target_injured = rec.target_injured or injured

    def _follow_up(self, g: BlitzState) -> None:
        i = self.i
        frm = g.pos[i]
        g.place(i, self.vacated)
        g.events.append(Moved(g.pid[i], frm, self.vacated))
        enter_square(g, i, running=False)

    def _resolve(self, g: BlitzState, face: str) -> None:
        i, t = self.i, self.target
        self.phase = 3
        if face in (SMASH, TACKLE):
            self._down(g, 0)
        elif face == KERRUNCH:
            self._down(g, -1)
        elif face == SHOVE:
            dx = g.board.xs[g.pos[t]] - g.board.xs[g.pos[i]]
            dy = g.board.ys[g.pos[t]] - g.board.ys[g.pos[i]]
            frm = g.pos[t]
            to = g.board.step(frm, dx, dy)
            if to < 0 or g.board.blocked[to] or g.occ[to] >= 0:
                self._down(g, arenas.shove_down_modifier(g))
            else:
                g.place(t, to)
                g.events.append(Pushed(g.pid[t], frm, to))
                enter_square(g, t, running=False)
                self.vacated = frm
                self.phase = 2
                if ab.enforcer(g, i):
                    self._follow_up(g)  # Enforcer: always follows up
                    self.phase = 3
        if face in (TACKLE, MISS):
            g.no_more_actions[i] = True
        if ab.enforcer(g, i) and self.phase == 3:
            # Decision: each die is resolved as the last one was (a Prone
            # target knocked down again makes another Armour Check, a
            # pushed Prone target is moved); the dice stop when the target
            # or the blocker has left the pitch.
            self.phase = 1
