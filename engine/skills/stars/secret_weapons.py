"""Star Players' special rules that act on the Secret Weapons' and their
Special actions (star_players.md):

* Ghostly Flames (Bryce 'The Slice' Cambuel, once per half): the Armour
  roll of a Chainsaw Attack made in a Blitz gets +4 instead of +3.
* I'll Be Back! (Kreek 'the Verminator' Rustgouger, once per game): the
  first time Secret Weapon would send him off, he stays.
* Whirling Dervish (Fungus the Loon, once per activation): the D6 of a
  Ball & Chain direction may be re-rolled.

They register on the rule points of :mod:`engine.rules.secret_weapons`
(a Chainsaw's Armour roll, a Ball & Chain's direction) and of the end of
a drive (Secret Weapons sent off).
"""

from __future__ import annotations

from typing import Final

from engine.core.events import Reroll, Roll
from engine.core.hooks import DieAsk, Hooks
from engine.core.skillbits import BIT
from engine.core.state import Decision, GameState
from engine.skills.stars import limits as SR
from engine.skills.stars.limits import ready, spend
from engine.skills.stars.moving import offer

FLAMES = "ghostly-flames"
BACK = "ill-be-back"
DERVISH: Final = BIT["whirling-dervish"]


def ghostly_flames(g: GameState, att: int, hit: int, total: int) -> int:
    """Ghostly Flames: +1 more (+4 in all) to the Armour roll ``total``
    (already with the Chainsaw's +3) of ``att``'s Chainsaw Attack on
    ``hit`` in a Blitz.

    Decision: applied automatically, and only when the extra +1 breaks
    armour that +3 did not (the only case where it changes anything), so
    the use per half is never spent for nothing."""
    if (
        hit == att
        or g.act_player != att
        or g.act_action != "blitz"
        or not ready(g, att, FLAMES)
    ):
        return 0
    av = g.av[hit]
    armour_broken = g.variant.armour_broken
    if armour_broken(total, av) or not armour_broken(total + 1, av):
        return 0
    spend(g, att, FLAMES)
    return 1


def ill_be_back(g: GameState, p: int) -> bool:
    """I'll Be Back!: whether Secret Weapon's Sending-off of ``p`` at the
    end of a drive is cancelled (the first time in the game).

    Decision: applied automatically (staying is always better), before any
    Argue the Call or Bribe is offered."""
    if not ready(g, p, BACK):
        return False
    spend(g, p, BACK)
    return True


# -- Whirling Dervish ----------------------------------------------------------


def whirling_dervish(g: GameState, p: int, die: int) -> Decision | None:
    """Offer the re-roll of the direction D6 ``die`` (once per activation)."""
    if g.skills[p] & DERVISH and SR.ready(g, p, "whirling-dervish"):
        d = offer(g, p, "whirling-dervish")
        return Decision(d.team, d.kind, d.options, d.player, info=(d.info[0], die))
    return None


def dervish_reroll(g: GameState, p: int) -> int:
    """Spend Whirling Dervish and re-roll the direction D6."""
    SR.spend(g, p, "whirling-dervish")
    g.emit(Reroll(g.tname(g.team[p]), g.pid[p], "whirling-dervish", "ball_and_chain"))
    d = g.dice.d6()
    g.emit(Roll("ball_and_chain", g.pid[p], (d,), 0, 0, True, True))
    return d


def register(h: Hooks) -> None:
    h.chainsaw_armour += (ghostly_flames,)
    h.secret_weapon_stays += (ill_be_back,)
    h.ball_and_chain_direction += (DieAsk(whirling_dervish, dervish_reroll),)
