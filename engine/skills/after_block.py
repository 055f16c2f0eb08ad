"""Skills that act when a player's block is over (rulebook "Skills and
Traits"): Frenzy's second block and Pile Driver's free Foul. They register
on the rule point ``block_over`` of :class:`engine.rules.blocking.Block`.
"""

from __future__ import annotations

from engine.core import skillbits as S
from engine.core.events import SkillUsed
from engine.core.hooks import Hooks
from engine.core.state import PITCH, STANDING, GameState, Proc
from engine.rules.block_actions import BlitzBlock, PileDriver
from engine.rules.blocking import PILE_DRIVER, Block
from engine.rules.movement import rush_limit


def frenzy(g: GameState, b: Block, frenzy_ok: bool) -> tuple[Proc, ...] | None:
    """Frenzy: after a block that pushed the target back (``frenzy_ok``),
    a second block against the same player when both still stand next to
    each other; in a Blitz it costs a square of movement (none left: no
    second block, and nothing else follows). A target pushed back into a
    square of the pitch must have been followed up: when the attacker
    could not (Fend), there is no second block even if the target is still
    next to him (Sidestep), skills_and_traits.md "Frenzy": "and if this
    player was able to follow-up". (Stand Firm, no push at all, still
    allows it: "Stand Firm".)

    Decision: the second block is part of the Block action declared for
    the first, so a Foul Appearance target is not rolled for again
    (skills_and_traits.md "Foul Appearance": "When an opposition player
    declares a Block action targeting this player ... their coach must
    first roll a D6").
    """
    att, dfn = b.att, b.dfn
    if not (
        frenzy_ok
        and (not b.target_pushed() or g.pos[att] == b.dfn_from)
        and not b.second
        and g.skills[att] & S.FRENZY
        and g.turnover is None
        and not g.touchdown
        and g.box[att] == PITCH
        and g.status[att] == STANDING
        and g.box[dfn] == PITCH
        and g.status[dfn] == STANDING
        and g.pos[dfn] in g.pitch.neighbours[g.pos[att]]
    ):
        return None
    g.emit(SkillUsed(g.pid[att], "frenzy"))
    if b.blitz:
        if g.act_ma_used >= g.ma[att] and g.act_rushes >= rush_limit(g, att):
            return ()
        return (BlitzBlock(att, dfn, second=True),)
    return (Block(att, dfn, False, True, fa_done=True),)


def pile_driver(g: GameState, b: Block, frenzy_ok: bool) -> tuple[Proc, ...] | None:
    """Pile Driver: after a block that Knocked the target Down, a free Foul
    on it may follow (:class:`engine.rules.block_actions.PileDriver`)."""
    if b.kd and g.skills[b.att] & PILE_DRIVER:
        return (PileDriver(b.att, (b.dfn,)),)
    return None


def register(h: Hooks) -> None:
    h.block_over += (frenzy, pile_driver)
