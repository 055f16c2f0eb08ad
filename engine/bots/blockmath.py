"""Block odds for the scripted bot: the chance that a Block knocks the
defender down and that it knocks the attacker down, given the dice, who
chooses and the skills that change the faces (Block, Dodge, Tackle).

Faces: 1 Player Down, 2 Both Down, 3-4 Push, 5 Stumble, 6 POW (rulebook
"Block Dice"). Odds are enumerated once per combination and cached.
"""

from __future__ import annotations

from functools import cache
from itertools import product

from engine.core import skillbits as S
from engine.core.dice import BOTH_DOWN, PLAYER_DOWN, POW, PUSH, STUMBLE
from engine.core.state import PF_NOTZ, STANDING, GameState

_BIT = S.BIT
BLOCK = _BIT["block"]
DODGE = _BIT["dodge"]
TACKLE = _BIT["tackle"]
GUARD = _BIT["guard"]
HORNS = _BIT.get("horns", 0)

_FACES = (PLAYER_DOWN, BOTH_DOWN, PUSH, PUSH, STUMBLE, POW)
# Value of one outcome to the attacker: defender down, attacker down.
DEF_DOWN_VALUE = 1.0
ATT_DOWN_VALUE = 1.5
PUSH_VALUE = 0.1


def face_outcome(
    face: int, att_block: bool, def_block: bool, def_dodge: bool
) -> tuple[float, float, float]:
    """(defender down, attacker down, pushed) for one face."""
    if face == POW:
        return 1.0, 0.0, 1.0
    if face == STUMBLE:
        return (0.0, 0.0, 1.0) if def_dodge else (1.0, 0.0, 1.0)
    if face == PUSH:
        return 0.0, 0.0, 1.0
    if face == BOTH_DOWN:
        return (0.0 if def_block else 1.0), (0.0 if att_block else 1.0), 0.0
    return 0.0, 1.0, 0.0


def face_value(face: int, att_block: bool, def_block: bool, def_dodge: bool) -> float:
    """How good a face is for the attacker: POW > Stumble > Push > Both
    Down > Player Down, refined by skills: a Stumble against Dodge is only
    a Push; Both Down is worth taking only with Block (then, against a
    defender without Block, it knocks them down like a POW; against Block
    nothing happens; without Block it is a Turnover)."""
    dd, ad, pu = face_outcome(face, att_block, def_block, def_dodge)
    v = dd * DEF_DOWN_VALUE - ad * ATT_DOWN_VALUE + pu * PUSH_VALUE
    if face == POW:
        v += 0.01
    return v


@cache
def odds(
    n: int, att_chooses: bool, att_block: bool, def_block: bool, def_dodge: bool
) -> tuple[float, float]:
    """(P defender down, P attacker down) for ``n`` dice."""
    pdd = pad = 0.0
    w = 1.0 / (6**n)
    vals = {f: (face_value(f, att_block, def_block, def_dodge), f) for f in set(_FACES)}
    for roll in product(_FACES, repeat=n):
        pick = (
            max(roll, key=vals.__getitem__)
            if att_chooses
            else min(roll, key=vals.__getitem__)
        )
        dd, ad, _ = face_outcome(pick, att_block, def_block, def_dodge)
        pdd += dd * w
        pad += ad * w
    return pdd, pad


def dice_for(sa: int, sd: int) -> tuple[int, bool]:
    """(number of block dice, attacker chooses)."""
    if sa == sd:
        return 1, True
    if sa > sd:
        return (3 if sa > 2 * sd else 2), True
    return (3 if sd > 2 * sa else 2), False


def _marked_by_other(g: GameState, sq: int, team: int, main: int, ignore: int) -> bool:
    """Whether an opponent of ``team`` other than ``main`` Marks ``sq``
    (``ignore``: a player treated as absent)."""
    board = g.board
    gt = g.team
    st = g.status
    pf = g.pflags
    for s in g.pitch.neighbours[sq]:
        q = board[s]
        if (
            q >= 0
            and q != main
            and q != ignore
            and gt[q] != team
            and st[q] == STANDING
            and not pf[q] & PF_NOTZ
        ):
            return True
    return False


def strengths_at(g: GameState, att: int, att_sq: int, dfn: int) -> tuple[int, int]:
    """Block strengths if ``att`` blocked ``dfn`` from ``att_sq`` (assists
    counted as in :func:`engine.rules.blocking.count_assists`)."""
    ta = g.team[att]
    td = g.team[dfn]
    board = g.board
    gt = g.team
    st = g.status
    pf = g.pflags
    sk = g.skills
    nb = g.pitch.neighbours
    sa = g.st[att]
    may_assist = g.variant.may_assist_block  # Dungeon Bowl's Blinding Light
    for s in nb[g.pos[dfn]] if may_assist(g, ta) else ():
        h = board[s]
        if h < 0 or h == att or gt[h] != ta or st[h] != STANDING or pf[h] & PF_NOTZ:
            continue
        if sk[h] & GUARD or not _marked_by_other(g, s, ta, dfn, -1):
            sa += 1
    sd = g.st[dfn]
    for s in nb[att_sq] if may_assist(g, td) else ():
        h = board[s]
        if h < 0 or h == dfn or gt[h] != td or st[h] != STANDING or pf[h] & PF_NOTZ:
            continue
        if sk[h] & GUARD or not _marked_by_other(g, s, td, att, att):
            sd += 1
    return sa, sd


def block_odds(
    g: GameState, att: int, dfn: int, att_sq: int = -1, blitz: bool = False
) -> tuple[float, float, int, bool]:
    """(P defender down, P attacker down, dice, attacker chooses) for
    ``att`` blocking ``dfn`` (from ``att_sq`` when given; ``blitz`` for
    Horns)."""
    if att_sq < 0:
        att_sq = g.pos[att]
    sa, sd = strengths_at(g, att, att_sq, dfn)
    if blitz and g.skills[att] & HORNS:
        sa += 1
    n, mine = g.variant.block_dice(g, att, sa, sd)  # Bestial Fury
    ska, skd = g.skills[att], g.skills[dfn]
    has_tz = g.status[dfn] == STANDING and not g.pflags[dfn] & PF_NOTZ
    dodge = bool(skd & DODGE) and has_tz and not ska & TACKLE
    pdd, pad = odds(n, mine, bool(ska & BLOCK), bool(skd & BLOCK) and has_tz, dodge)
    return pdd, pad, n, mine
