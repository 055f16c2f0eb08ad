"""Strength, assists and the number of block dice (rulebook "Blocking":
Strength, Assisting a Block, Block Dice; skills Guard, Defensive). Used by
:mod:`engine.rules.blocking` (which re-exports these) and :mod:`engine.rules.fouls`.
"""

from __future__ import annotations

from engine.core import skillbits as S
from engine.core.state import GameState

DEFENSIVE = S.BIT["defensive"]  # agility (movement/passing work)


def count_assists(
    g: GameState,
    helper_team: int,
    target: int,
    main: int,
    exclude: int,
    guard_ok: bool,
) -> int:
    """Assists for a block or foul on ``target`` (rulebook "Assisting a
    Block"): players of ``helper_team`` Marking ``target``, other than
    ``exclude``, that are not Marked by any opponent other than ``main``
    (Guard ignores that when ``guard_ok``). ``guard_ok`` is False for a
    foul's assists. Rule points ``assist_barred`` (a player who may not
    assist) and ``marked_assist`` (a Marked player who may)."""
    c = 0
    board = g.board
    tsq = g.pos[target]
    foul = not guard_ok
    hooks = g.hooks
    for s in g.pitch.neighbours[tsq]:
        h = board[s]
        if h < 0 or h == exclude or g.team[h] != helper_team or not g.has_tz(h):
            continue
        if not g.variant.assists_from(g, s, tsq):  # Dungeon Bowl: walls
            continue
        if any(barred(g, h, foul) for barred in hooks.assist_barred):
            continue
        if guard_ok and g.skills[h] & S.GUARD and not defensive(g, s, helper_team):
            c += 1
            continue
        ok = True
        for m in g.marking_players(s, helper_team):
            if m != main:
                ok = False
                break
        if ok or any(rule(g, h, foul) for rule in hooks.marked_assist):
            c += 1
    return c


def defensive(g: GameState, sq: int, team: int) -> bool:
    """Defensive (skills.agility): during the turn of ``team``, its players
    Marked (in ``sq``) by an opponent with Defensive cannot use Guard."""
    if g.active != team:
        return False
    for m in g.marking_players(sq, team):
        if g.skills[m] & DEFENSIVE:
            return True
    return False


def block_strengths(
    g: GameState, att: int, dfn: int, st_att: int | None = None
) -> tuple[int, int]:
    """Strength of attacker and defender after assists (``st_att``: the
    attacker's Strength before assists when skills changed it)."""
    ta, td = g.team[att], g.team[dfn]
    sa = g.st[att] if st_att is None else st_att
    sd = g.st[dfn]
    may_assist = g.variant.may_assist_block  # hook: Dungeon Bowl spells
    if may_assist(g, ta):
        sa += count_assists(g, ta, dfn, dfn, att, True)
        sa += g.variant.offensive_assists(g, att)  # hook: BB2025 Cheering Fans
    if may_assist(g, td):
        sd += count_assists(g, td, att, att, dfn, True)
    return sa, sd


def dice_count(sa: int, sd: int) -> tuple[int, bool]:
    """(number of block dice, attacker chooses)."""
    if sa == sd:
        return 1, True
    if sa > sd:
        return (3 if sa > 2 * sd else 2), True
    return (3 if sd > 2 * sa else 2), False


__all__ = ["block_strengths", "count_assists", "defensive", "dice_count"]
