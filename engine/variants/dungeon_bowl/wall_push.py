"""Pushes in a dungeon: pushed into a wall, into the Crypt, into the Fiery
Chasm (DB-rules "Pushed into a wall"; DB-setup "The Crypt", "The Fiery
Chasm").

:func:`dungeon_push_options` stands in for ``Block._push_options`` (the
``Variant.push_options`` hook). The BB2020 order of push squares is kept
(rulebook "Pushed Players", "Chain-pushes"), with the walls where the
crowd was:

1. an empty floor square among the three push squares: the attacker picks
   one, as in BB2020;
2. else a Fiery Chasm square among them: the player is pushed into the
   Chasm, a Casualty at once (:func:`into_the_chasm`); else a Crypt square:
   he is Knocked Down in his own square, +1 to the Armour roll.
   Decision ("would be pushed into", the brief's first reading): the
   feature counts when it is one of the push squares and no push square is
   empty floor; it comes before chain-pushes, as the crowd does in BB2020
   (``Block._push_options``). With both, the Chasm. Decision: a POW! into
   the Crypt is one Knock Down, the block's (Mighty Blow and the like
   apply), with the Crypt's +1;
3. else an occupied square whose player can be moved: a chain-push;
4. else, with a wall (or a closed Chest, or the Idol or Dragon) among the
   push squares, "there are no squares they can be pushed into": he is
   pushed into the wall (:class:`WallPush`): D6, 1-3 he stays, 4+ he Falls
   Over in his square (Armour roll; a ball he holds bounces). After a POW!
   on the block's target there is no D6: the POW! Knocks him Down in his
   square (Decision: that is the text's "automatically Fall Over", one
   Armour roll, the block's, with Mighty Blow).

Decision (Turnovers, rulebook "The Turnover"): a player who Falls Over
against the wall causes a Turnover only when he is the active player ("If
a player on the active team Falls Over during their own activation") or
when he holds the ball and is on the active team. A team-mate of the
blocker chain-pushed into the wall is not being activated, and "When a
player Falls Over it is self-inflicted, and it can only happen during a
player's own activation" ("Falling Over"): his fall is no Turnover. With
the ball it is: the wall stands where the crowd would be, and "if a
player on the active team that is in possession of the ball is pushed
into the crowd, a Turnover is caused" ("Pushed into the Crowd"), as when
he is "Placed Prone during their team turn". The blocker himself is never
among the pushed players (the push squares lie beyond the target, and a
chain never turns back onto him); when he goes down in his own block
(Both Down, Player Down!) he is Knocked Down, a Turnover as ever.

Decision (chain-pushes): a chain-pushed player with nowhere to go is pushed
into the wall the same way (his D6, 4+ Falls Over; never the POW! rule,
which is the target's). As he stays in his square, the squares before him
stay occupied: nobody in the chain moves (as for a chain ending at a
Stand Firm player) and there is no follow-up. The same holds for a
chain-pushed player pushed into the Crypt; a chain ending in the Chasm
moves as a chain into the crowd does.

Decision (Grab): when the attacker may Grab the target into an empty
square, none of this happens; the attacker picks among those squares.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import skillbits as S
from engine.core.events import Note, Roll
from engine.core.pitch import D8_DIRECTIONS
from engine.core.state import PF_ROOTED, Decision, GameState, Proc
from engine.dungeon.pitch import DungeonPitch
from engine.dungeon.sight import push_squares
from engine.rules.ball import Bounce, turnover
from engine.rules.injuries import Harm, KnockDown
from engine.variants.dungeon_bowl.ricochet import ChasmScatter, is_chasm

if TYPE_CHECKING:
    from engine.rules.blocking import Block

WALL_PUSH_FALLS = 4  # D6 4+: Falls Over


def dungeon_push_options(g: GameState, block: Block) -> tuple[list[int], bool]:
    """(squares, into the Chasm) for the player ``block`` pushes now; see
    the module docstring. Pushes into the Crypt or a wall are resolved
    here: procedures go on the stack and ``([], False)`` with an empty
    chain tells the Block that nobody moves."""
    pitch = g.pitch
    assert isinstance(pitch, DungeonPitch)
    cur = block.cur
    cur_sq = g.pos[cur]
    pushed_to = {to for _, to in block.chain}
    cands = pitch.push_squares(block.cur_from, cur_sq)
    empty = [c for c in cands if c >= 0 and g.board[c] < 0 and c not in pushed_to]
    if empty:
        return empty, False
    if block._grab_squares(g):
        return [], False
    marks = push_squares(pitch.dungeon, block.cur_from, cur_sq)
    features = {m.feature for m in marks}
    if "chasm" in features:
        return [], True
    if "crypt" in features:
        into_the_crypt(g, block)
        return [], False
    occupied = [
        c
        for c in cands
        if c >= 0
        and (q := g.board[c]) >= 0
        and q not in (block.att, block.dfn)
        and c not in pushed_to
        and not (g.skills[q] & S.STAND_FIRM and g.has_tz(q))
        and not g.pflags[q] & PF_ROOTED
    ]
    if occupied:
        return occupied, False
    if -1 in cands:
        into_the_wall(g, block)
    return [], False


def into_the_wall(g: GameState, block: Block) -> None:
    """``block.cur`` is pushed into the wall: nobody in the chain moves; a
    D6 for him unless he is the target of a POW!."""
    cur = block.cur
    block.chain = ()
    g.emit(Note("pushed_into_wall", g.tname(g.team[cur]), g.pid[cur], g.pos[cur]))
    if cur == block.dfn and block.pow:
        return  # the POW! Knocks him Down in his square (Block._consequences)
    g.stack.append(WallPush(cur))


def into_the_crypt(g: GameState, block: Block) -> None:
    """``block.cur`` is pushed into the Crypt: Knocked Down in his square,
    +1 to the Armour roll; nobody in the chain moves."""
    cur = block.cur
    block.chain = ()
    g.emit(Note("pushed_into_crypt", g.tname(g.team[cur]), g.pid[cur], g.pos[cur]))
    if cur == block.dfn and block.pow:
        kd = block._knock_down_target(g)
        kd.armour_mod += 1
        block.pow = False  # this is the POW!'s Knock Down
        block.kd = True
        g.stack.append(kd)
        return
    g.stack.append(KnockDown(cur, "knocked_down", armour_mod=1))


def into_the_chasm(g: GameState, p: int, sq: int, had_ball: bool) -> list[Proc]:
    """Player ``p``, pushed from ``sq`` into the Fiery Chasm (already off the
    board, ``Block._execute``): a Casualty roll at once, no Armour or
    Injury roll. A ball he held lands in the Chasm and scatters out of it
    (Decision: from the first Chasm square next to ``sq``, in D8 order; a
    Turnover when he is the active team's, as for the crowd)."""
    g.status[p] = 0
    g.emit(Note("pushed_into_chasm", g.tname(g.team[p]), g.pid[p], sq))
    harm = Harm(p)
    harm.result = "cas"
    harm.phase = 3
    out: list[Proc] = [harm]
    if had_ball:
        if g.team[p] == g.active:
            turnover(g, "pushed_into_chasm")
        pitch = g.pitch
        assert isinstance(pitch, DungeonPitch)
        chasm = next(
            (
                c
                for dx, dy in D8_DIRECTIONS[1:]
                if is_chasm(pitch, c := pitch.dungeon.step(sq, dx, dy))
            ),
            -1,
        )
        out.append(ChasmScatter(chasm) if chasm >= 0 else Bounce(sq))
    return out


class WallPush(Proc):
    """Player ``p`` pushed into the wall: D6, 4+ he Falls Over in his
    square (DB-rules "Pushed into a wall"); a Turnover only for the active
    player or the active team's ball carrier (module docstring)."""

    __slots__ = ("p",)

    def __init__(self, p: int) -> None:
        self.phase = 0
        self.p = p

    def step(self, g: GameState) -> Decision | None:
        p = self.p
        d = g.dice.d6()
        falls = d >= WALL_PUSH_FALLS
        g.emit(Roll("wall_push", g.pid[p], (d,), WALL_PUSH_FALLS, 0, falls, False))
        if falls:
            # a Turnover for the active player; KnockDown adds the active
            # team's carrier (module docstring, Decision on Turnovers)
            g.stack[-1] = KnockDown(p, "fall", causes_turnover=p == g.act_player)
        else:
            g.stack.pop()
        return None


__all__ = [
    "WALL_PUSH_FALLS",
    "WallPush",
    "dungeon_push_options",
    "into_the_chasm",
    "into_the_crypt",
    "into_the_wall",
]
