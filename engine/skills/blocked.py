"""Blood Bowl 2025 rules of a block's dice and its follow-up
(shared/rules/bb2025/skills.md):

* Hatred (X) (``block_rerolls``): blocking a player with the keyword X, the
  player may re-roll one Player Down die (a trait, passive).
* Taunt (``follow_up``): pushed back by a Block, the player's coach may
  force the blocker to follow up (a Rooted blocker cannot: the follow-up
  is not offered to him at all).

Decision (Hatred): the re-roll is one of the block's re-rolls (as Brawler's:
one per block, chosen with the team re-roll and Pro); the keyword matches
regardless of case and a plural (Hatred (Big Guys) names Big Guy), read
from the player's position on his BB2025 roster or his Star Player profile
(:mod:`engine.rules.keywords`).

Decision (Taunt): asked when the target was pushed into a square of the
pitch (not into the crowd) and the attacker may follow up but need not;
Fend, asked before, stops the follow-up first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import skillbits as S
from engine.core.dice import PLAYER_DOWN
from engine.core.events import Reroll, SkillUsed
from engine.core.hooks import BlockReroll, FollowAsk, Hooks
from engine.core.state import Decision, GameState, Option
from engine.rules.keywords import has_keyword

if TYPE_CHECKING:
    from engine.rules.blocking import Block

HATRED = S.BIT["hatred"]
TAUNT = S.BIT["taunt"]
OPT_HATRED: Option = ("hatred",)
_USE_TAUNT: Option = ("use", "taunt")
_DECLINE: Option = ("decline",)


def hatred_options(g: GameState, b: Block) -> list[Option]:
    """Hatred's re-roll of a Player Down die, against a hated keyword."""
    att = b.att
    if not g.skills[att] & HATRED or PLAYER_DOWN not in b.dice:
        return []
    # Decision: a player may hate more than one keyword (a second Hatred
    # gained by Getting Even); any of them gives the re-roll.
    hated = [x for slug, x in g.all_skills[att] if slug == "hatred" and x]
    if not any(has_keyword(g, b.dfn, x) for x in hated):
        return []
    return [OPT_HATRED]


def use_hatred(g: GameState, b: Block, choice: Option) -> bool:
    """Re-roll one Player Down die."""
    if choice != OPT_HATRED:
        return False
    att = b.att
    dice = list(b.dice)
    dice[dice.index(PLAYER_DOWN)] = g.dice.block()
    b.dice = tuple(dice)
    g.emit(Reroll(g.tname(g.team[att]), g.pid[att], "hatred", "block"))
    b.emit_dice(g)
    return True


def taunt(g: GameState, b: Block) -> Decision | None:
    """Taunt: the pushed target's coach may force the follow-up."""
    dfn = b.dfn
    if (
        not g.skills[dfn] & TAUNT
        or not g.has_tz(dfn)
        or not b.moved
        or b.chain[0][1] < 0
    ):
        return None
    return Decision(
        g.tname(g.team[dfn]),
        "use_skill",
        (_USE_TAUNT, _DECLINE),
        g.pid[dfn],
        info=("taunt",),
    )


def taunted(g: GameState, b: Block, choice: Option) -> bool:
    """The answer: True when the blocker must follow up."""
    if choice != _USE_TAUNT:
        return False
    g.emit(SkillUsed(g.pid[b.dfn], "taunt"))
    return True


def register(h: Hooks) -> None:
    h.block_rerolls += (BlockReroll(hatred_options, use_hatred),)
    h.follow_up += (FollowAsk(taunt, taunted),)
