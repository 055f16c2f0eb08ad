"""The target named when a Blitz or a Foul is declared (rulebook
"Declaring Actions", "Blitz Actions", "Foul Actions").

When a coach activates a player for a Blitz or a Foul, the action's target
is part of the declaration: right after the ``activate`` choice (before
the activation's traits roll, before the player stands up or moves) the
engine asks a ``blitz_target`` / ``foul_target`` decision whose options
are ``("nominate", player_id)``, and logs the answer as a
:class:`~engine.core.events.Nomination` event. The nominated player is kept in
``GameState.act_target`` for the rest of the activation:

* the Blitz's Block (and a Special action made instead of it: Stab,
  Breathe Fire, Projectile Vomit, Chainsaw Attack) is offered against that
  player only (:func:`engine.rules.movement.move_options`); Frenzy's second
  block is against the same player anyway;
* the Foul is offered against that player only.

When the nominated player can no longer be hit (moved out of reach, down
for a Blitz, back on their feet for a Foul, off the pitch), the player may
still move and end the activation; the action counts as used.

Decisions (the rulebook is silent on these):

* any opposition player on the pitch may be nominated, however far away:
  the rules only ask for the target to be named, not to be reachable
  (a target the player cannot reach is a wasted action, the coach's risk);
* a Blitz target is a Standing opposition player (a Block needs one), even
  one who has lost their Tackle Zone; a Foul target is a Prone or Stunned
  one ("Foul Actions");
* a Blitz is only declared when there is a Standing opposition player on
  the pitch to nominate (without one there is nothing to declare it
  against; the player can still take a Move action), as a Foul already
  needs a Prone or Stunned opponent (:func:`engine.rules.activation.activation_options`);
* the target stays the same player for the whole activation, wherever
  they go (Trickster, a push): it is the player, not the square, that was
  named;
* Dump-off (used when its player "is nominated as the target of a Block
  action") still comes when the Blitz's Block is made, not at the
  nomination: the Quick Pass answers the Block about to hit, and at the
  nomination the blitzer may never reach the carrier (likewise Foul
  Appearance and Trickster, which act on the Block itself).
"""

from __future__ import annotations

from engine.core.events import Nomination
from engine.core.state import PITCH, STANDING, Decision, GameState, Option, Proc

# The declared actions that name a target, and their decision kinds.
NOMINATED = {"blitz": "blitz_target", "foul": "foul_target"}


def nominees(g: GameState, p: int, action: str) -> list[int]:
    """The opposition players ``p`` may nominate for ``action`` (``blitz``:
    Standing; ``foul``: Prone or Stunned), all on the pitch."""
    t = g.team[p]
    standing = action == "blitz"
    return [
        q
        for q in range(g.n)
        if g.team[q] != t
        and g.box[q] == PITCH
        and (g.status[q] == STANDING) == standing
    ]


class Nominate(Proc):
    """The coach of ``p`` names the target of the declared ``action``
    (decision ``blitz_target`` / ``foul_target``, options
    ``("nominate", id)``); it becomes ``g.act_target``."""

    __slots__ = ("p", "action")

    def __init__(self, p: int, action: str) -> None:
        self.phase = 0
        self.p = p
        self.action = action

    def step(self, g: GameState) -> Decision | None:
        p = self.p
        opts: tuple[Option, ...] = tuple(
            g.pl_opts[q]["nominate"] for q in nominees(g, p, self.action)
        )
        if not opts:  # not offered so (activation_options): nothing to name
            g.stack.pop()
            return None
        return Decision(g.tname(g.team[p]), NOMINATED[self.action], opts, g.pid[p])

    def receive(self, g: GameState, choice: Option) -> None:
        g.act_target = g.idx[choice[1]]
        g.emit(Nomination(g.pid[self.p], self.action, choice[1]))
        g.stack.pop()


__all__ = ["NOMINATED", "Nominate", "nominees"]
