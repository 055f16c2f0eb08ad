"""The scripted bot's choices for the Sevens Desperate Measures
(engine/variants/sevens_desperate.py)."""

from __future__ import annotations

from typing import Any

from engine.core.state import Decision, GameState, Option
from engine.variants.sevens_desperate import OPT_DONE, OPT_RAZZLE, OPT_SET_PIECE


def you_dope(bot: Any, d: Decision, g: GameState) -> Option:
    """+1 ST for the strongest player (the first on the sheet among
    equals): Strength is what the bot's blocks turn on."""
    best: Option = OPT_DONE
    for o in d.options:
        if o[0] == "you_dope" and o[2] == "st":
            if best == OPT_DONE or g.st[g.idx[o[1]]] > g.st[g.idx[best[1]]]:
                best = o
    return best


def declare(bot: Any, d: Decision, g: GameState) -> Option:
    """Set Piece on the first Pass action; Razzle-dazzle on a Blitz (a
    Block may follow it: two blocks in one activation)."""
    if OPT_SET_PIECE in d.options:
        return OPT_SET_PIECE
    if OPT_RAZZLE in d.options and d.info and d.info[0] == "blitz":
        return OPT_RAZZLE
    return OPT_DONE


def second_action(bot: Any, d: Decision, g: GameState) -> Option:
    """A Block when one is possible, else nothing."""
    for o in d.options:
        if o[0] == "activate" and o[2] == "block":
            return o
    return OPT_DONE


def grudge_match(bot: Any, d: Decision, g: GameState) -> Option:
    """Held: the scripted bot makes no Fouls, so more of them gain it
    nothing."""
    return OPT_DONE


def banana_skin(bot: Any, d: Decision, g: GameState) -> Option:
    """Trip the opposing ball carrier (his fall drops the ball and ends
    his team's turn); anyone else is not worth the once-a-game trick."""
    for o in d.options:
        if o[0] == "banana_skin" and g.carrier == g.idx[o[1]]:
            return o
    return OPT_DONE


HANDLERS = {
    "desperate_you_dope": you_dope,
    "desperate_declare": declare,
    "desperate_second_action": second_action,
    "desperate_grudge_match": grudge_match,
    "desperate_banana_skin": banana_skin,
}
