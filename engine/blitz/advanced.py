"""The advanced rules' Actions: Foul and Throw Team-mate (rulebook
"Special Actions": "Foul Action", "Throw Team-mate Action")."""

from __future__ import annotations

from typing import Any

from engine.blitz import arenas
from engine.blitz.actions import BProc, armour_check, injure, violent
from engine.blitz.ball import bounce, drop, enter_square
from engine.blitz.board import LONG
from engine.blitz.events import BlockDice, Injured, Moved, Roll
from engine.blitz.faces import D6_TO_FACE, KERRUNCH, MISS, SHOVE, SMASH, TACKLE
from engine.blitz.rerolls import THROW, open_window
from engine.blitz.state import TEAM_NAMES, BlitzState
from engine.core.state import Decision

# Foul results (rulebook "Foul Action"): the Block Die's faces read anew.
SPOTTED = "spotted"
TAKE_THAT = "take_that"
SLIPPED = "slipped"
GOT_THEM = "got_them"
FOUL_RESULT = {
    MISS: SPOTTED,
    TACKLE: TAKE_THAT,
    SHOVE: SLIPPED,
    SMASH: GOT_THEM,
    KERRUNCH: GOT_THEM,
}
# Only these may Throw a Team-mate ("only an Ogre, Troll or Treeman";
# Decision: matched on the position's name on the team card).
THROWERS = frozenset({"Ogre", "Troll", "Treeman"})


def foul_targets(g: BlitzState, i: int) -> list[int]:
    """Prone opponents next to Player ``i`` (Decision: the Glossary's "a
    Prone Player they are Marking" is read as "adjacent to", since a Prone
    Player is never Marked)."""
    t = g.team[i]
    out = []
    for sq in g.board.neighbours[g.pos[i]]:
        j = g.occ[sq]
        if j >= 0 and g.team[j] != t and g.prone[j]:
            out.append(j)
    return out


class Foul(BProc):
    def __init__(self, i: int) -> None:
        self.i = i

    def step(self, g: BlitzState) -> Decision | None:
        opts = tuple(("target", g.pid[j]) for j in foul_targets(g, self.i))
        return Decision(TEAM_NAMES[g.team[self.i]], "foul_target", opts, g.pid[self.i])

    def receive(self, g: BlitzState, choice: tuple[Any, ...]) -> None:
        g.stack.pop()
        i, j = self.i, g.idx[choice[1]]
        face = D6_TO_FACE[g.dice.d6()]
        if violent(g, i, j):
            g.events.append(BlockDice(g.pid[i], g.pid[j], (face,), False, "violent"))
            return
        result = FOUL_RESULT[face]
        if "get_the_ref" in g.lasting:  # the Random Event, for the game
            result = {SPOTTED: SLIPPED, TAKE_THAT: GOT_THEM}.get(result, result)
        g.events.append(BlockDice(g.pid[i], g.pid[j], (face,), False, result))
        rec = g.current_record
        if rec is not None:
            rec.target = j
        if result in (TAKE_THAT, GOT_THEM):
            injure(g, j, "foul")
            if rec is not None:
                rec.target_injured = True
        if result in (SPOTTED, TAKE_THAT):
            injure(g, i, "spotted")
        elif result == SLIPPED:
            g.no_more_actions[i] = True


def can_throw_team_mate(g: BlitzState, i: int) -> bool:
    return (
        g.position[i] in THROWERS
        and g.ball_of(i) < 0
        and bool(throwable(g, i))
        and bool(ttm_squares(g, i))
    )


def throwable(g: BlitzState, i: int) -> list[int]:
    """Standing team-mates next to the thrower, of another position."""
    t = g.team[i]
    out = []
    for sq in g.board.neighbours[g.pos[i]]:
        j = g.occ[sq]
        if (
            j >= 0
            and g.team[j] == t
            and not g.prone[j]
            and g.position[j] != g.position[i]
        ):
            out.append(j)
    return out


def ttm_squares(g: BlitzState, i: int) -> list[int]:
    """Squares the Throw Ruler reaches from the thrower (Decision: not a
    blocked square, nor the thrower's own)."""
    frm = g.pos[i]
    b = g.board
    return [
        sq
        for sq in range(b.size)
        if sq != frm and not b.blocked[sq] and b.throw_range(frm, sq)
    ]


class ThrowTeamMate(BProc):
    """Throw Team-mate: pick the team-mate, then the square; a Throw Check
    for the thrower (Long and Obstructed -1 each, capped at -1)."""

    def __init__(self, i: int) -> None:
        self.i = i
        self.thrown = -1
        self.modifier = 0
        self.to = -1

    def step(self, g: BlitzState) -> Decision | None:
        team = TEAM_NAMES[g.team[self.i]]
        if self.thrown < 0:
            opts = tuple(("throw", g.pid[j]) for j in throwable(g, self.i))
            return Decision(team, "ttm_player", opts, g.pid[self.i])
        opts = tuple(
            ("square", sq) for sq in ttm_squares(g, self.i) if sq != g.pos[self.thrown]
        )
        return Decision(team, "ttm_square", opts, g.pid[self.i])

    def receive(self, g: BlitzState, choice: tuple[Any, ...]) -> None:
        if self.thrown < 0:
            self.thrown = g.idx[choice[1]]
            return
        g.stack.pop()
        i, to = self.i, choice[1]
        frm = g.pos[i]
        modifier = 0
        if g.board.throw_range(frm, to) == LONG:
            modifier += arenas.long_throw_modifier(g)
        t = g.team[i]
        for sq in g.board.under_ruler(frm, to):
            k = g.occ[sq]
            if g.board.blocked[sq] or (k >= 0 and g.team[k] != t and g.open(k)):
                modifier -= 1
                break
        self.modifier = max(-1, modifier)
        self.to = to
        self._check(g, rerolled=False)

    def _check(self, g: BlitzState, *, rerolled: bool) -> None:
        i, modifier = self.i, self.modifier
        value = g.throw[i]
        assert value is not None
        d = g.dice.d6()
        fumble = d == 1 or d + modifier <= 1
        ok = not fumble and (d == 6 or d + modifier >= value)
        g.events.append(
            Roll("throw_team_mate", g.pid[i], (d,), value, modifier, ok, rerolled)
        )
        if ok or rerolled:
            self._land(g, ok, fumble)
            return
        # Rookies to Watch, else Raw Talent, may re-roll the failed check.
        if open_window(
            g,
            g.team[i],
            THROW,
            lambda gg: self._check(gg, rerolled=True),
            lambda gg: self._land(gg, ok, fumble),
            g.pid[i],
        ):
            return

        def then(gg: BlitzState, reroll: bool) -> None:
            if reroll:
                self._check(gg, rerolled=True)
            else:
                self._land(gg, ok, fumble)

        if not g.links.throw_reroll(g, i, then):
            self._land(g, ok, fumble)

    def _land(self, g: BlitzState, ok: bool, fumble: bool) -> None:
        i, j, to = self.i, self.thrown, self.to
        frm = g.pos[i]
        rec = g.current_record
        if ok and rec is not None:  # a Throw Action's success (challenges.py)
            rec.throw_success = True
            rec.throw_negative = self.modifier < 0
        if fumble:
            b = g.ball_of(j)
            g.to_dugout(j)
            g.events.append(Injured(g.pid[j], "throw_team_mate"))
            if b >= 0:
                bounce(g, b, frm)
            return
        occupant = g.occ[to]
        if occupant >= 0:
            g.prone[occupant] = True
            drop(g, occupant)
            armour_check(g, occupant, -1 if ok else 0)
            b = g.ball_of(j)
            g.to_dugout(j)
            g.events.append(Injured(g.pid[j], "throw_team_mate"))
            if b >= 0:
                bounce(g, b, to)
            return
        src = g.pos[j]
        g.place(j, to)
        g.events.append(Moved(g.pid[j], src, to))
        if not ok:
            g.prone[j] = True
            b = g.ball_of(j)
            if b >= 0:
                bounce(g, b, to)
        enter_square(g, j, running=False)
