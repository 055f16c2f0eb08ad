"""Star Players' special rules that add an action or lift an action's limit
(star_players.md):

* Putrid Regurgitation (Bilerot Vomitflesh, once per game): a Projectile
  Vomit Special action, on its own or in a Blitz, and in a Blitz even
  after its Block.
* Excuse Me, Are You a Zoat? (Zolcath the Zoat, once per game): he may
  be activated for a Hypnotic Gaze Special action as if he had the trait.
* Vicious Vines (Maple Highgrove, once per half): a Block action against
  an opponent two squares away, with the normal block rules but no
  follow-up. The Block action's ``block_target`` decision offers
  ``("vicious_vines", id)`` for each Standing opponent exactly two squares
  away (and "block" may be declared with only such a target).
* Sneakiest of the Lot (The Black Gobbo): his team may make two Foul
  actions a team turn if he makes one of them.

They register on the rule points of the team turn (:mod:`engine.rules.turns`:
the activations offered, the actions lent, a Block's targets, the options
of a Blitz, a declared action, a second Foul) and of the Special actions
(a Projectile Vomit made).

Decisions (Vicious Vines):

- Only on a Block action on its own (never a Blitz), against a Standing
  opponent at a distance of exactly two squares (an adjacent one is
  blocked normally). Nothing needs to be free between them (the vines
  reach over).
- The target is pushed directly away from Maple as the push diagram
  gives for that direction (its squares follow the signs of the offset:
  from a "knight's move" away the push is diagonal). Grab and the other
  push rules apply; assists are counted as for any block (players Marking
  the target, or Maple).
- Trickster is not offered against it (the vines reach a square two away,
  there is no square "next to the attacker" to move to that keeps it a
  block); Dump-off is.
- The use is spent when the target is declared.
"""

from __future__ import annotations

from engine.core.hooks import BlockTargets, Hooks
from engine.core.skillbits import BIT
from engine.core.state import PITCH, STANDING, Decision, GameState, Option, Proc
from engine.rules.block_actions import block_targets
from engine.rules.blocking import Block
from engine.rules.movement import rush_limit
from engine.rules.passing import with_dump_off
from engine.skills.stars.limits import ready, spend

PUTRID = "putrid-regurgitation"
ZOAT = "excuse-me-are-you-a-zoat"
VINES = "vicious-vines"
SNEAKIEST = "sneakiest-of-the-lot"
PUTRID_BIT = BIT[PUTRID]
ZOAT_BIT = BIT[ZOAT]
VINES_BIT = BIT[VINES]
SNEAKIEST_BIT = BIT[SNEAKIEST]
HYPNOTIC_GAZE = BIT["hypnotic-gaze"]
PROJECTILE_VOMIT = BIT["projectile-vomit"]
# The option verb of a Vicious Vines target.
VERB = "vicious_vines"


# -- Putrid Regurgitation ------------------------------------------------------


def putrid_ready(g: GameState, p: int) -> bool:
    """Whether ``p`` may still make his one Projectile Vomit."""
    return ready(g, p, PUTRID)


def putrid_move_options(
    g: GameState, p: int, action: str, opts: tuple[Option, ...]
) -> tuple[Option, ...]:
    """A Blitz's move options for a player with Putrid Regurgitation ready
    (and no Projectile Vomit of his own): ``("vomit", id)`` beside each
    ``("block", id)``, and, once the Blitz's Block is made, against each
    Standing opponent he Marks.

    Decision: "even when he has already made a Block action" is read as
    the Block of his own Blitz (a player acts once per turn, so no other
    Block of his can come first); the vomit after it costs a square of
    movement as a Blitz's Block does, so it is offered only while he has
    movement (or a Rush) left."""
    sk = g.skills[p]
    if (
        action != "blitz"
        or not sk & PUTRID_BIT
        or sk & PROJECTILE_VOMIT
        or not ready(g, p, PUTRID)
    ):
        return opts
    out: list[Option] = []
    for o in opts:
        out.append(o)
        if o[0] == "block":
            out.append(("vomit", o[1]))
    if g.act_blocked and g.act_ma_used < g.ma[p] + rush_limit(g, p):
        end = out.pop()
        out += [("vomit", g.pid[q]) for q in block_targets(g, p)]
        out.append(end)
    return tuple(out)


def vomit_used(g: GameState, p: int, action: str, target: int) -> None:
    """``p`` vomits: spends Putrid Regurgitation when he has no Projectile
    Vomit of his own."""
    if action == "projectile_vomit" and not g.skills[p] & PROJECTILE_VOMIT:
        spend(g, p, PUTRID)


# -- Excuse Me, Are You a Zoat? --------------------------------------------------


def zoat_ready(g: GameState, p: int) -> bool:
    """Whether ``p`` may be activated for a Hypnotic Gaze thanks to the
    rule (offered as the ``hypnotic_gaze`` activation)."""
    return ready(g, p, ZOAT)


def zoat_hook(g: GameState, p: int, action: str) -> Proc | None:
    """Activation hook: a Hypnotic Gaze declared by a player without the
    trait spends the rule (he has the trait for this activation).

    Decision: the rule is spent on declaring, whatever the gaze's result;
    the trait is lent for that one activation."""
    if action == "hypnotic_gaze" and not g.skills[p] & HYPNOTIC_GAZE:
        spend(g, p, ZOAT)
    return None


def lent_action(g: GameState, p: int, action: str) -> bool:
    """Whether a rule lets ``p`` take the Special action of a trait he
    lacks: Projectile Vomit (Putrid Regurgitation) or Hypnotic Gaze (Excuse
    Me, Are You a Zoat?)."""
    sk = g.skills[p]
    if action == "projectile_vomit":
        return bool(sk & PUTRID_BIT) and putrid_ready(g, p)
    if action == "hypnotic_gaze":
        return bool(sk & ZOAT_BIT) and zoat_ready(g, p)
    return False


# -- Vicious Vines -------------------------------------------------------------


def vines_targets(g: GameState, p: int) -> list[int]:
    """Standing opponents exactly two squares from ``p``, when ``p`` may
    use Vicious Vines now."""
    if not g.skills[p] & VINES_BIT or not ready(g, p, VINES):
        return []
    t, sq, dist = g.team[p], g.pos[p], g.pitch.distance
    return [
        q
        for q in range(g.n)
        if g.team[q] != t
        and g.pos[q] >= 0
        and g.status[q] == STANDING
        and dist(sq, g.pos[q]) == 2
    ]


def vines_options(g: GameState, p: int) -> tuple[Option, ...]:
    return tuple((VERB, g.pid[q]) for q in vines_targets(g, p))


class VinesBlock(Block):
    """A Block over two squares: no follow-up (and so no Frenzy either)."""

    __slots__ = ()

    def _follow(self, g: GameState) -> Decision | None:
        self.phase = 7
        self._consequences(g)
        return None


def vines_block(g: GameState, p: int, choice: Option) -> Proc | None:
    """The Vicious Vines Block of ``p`` on the target ``choice`` names
    (the use is spent); None when the choice is not one."""
    if choice[0] != VERB:
        return None
    q = g.idx[choice[1]]
    spend(g, p, VINES)
    return with_dump_off(g, q, VinesBlock(p, q))


# -- Sneakiest of the Lot ---------------------------------------------------------


def _fouls_key(t: int) -> str:
    return f"sneakiest_fouls:{t}"


def second_foul(g: GameState, t: int) -> int:
    """After team ``t``'s first Foul this team turn: -2 when no other Foul
    may be made, -1 when any player may make the second (the Black Gobbo
    made the first), or the Gobbo's index when only he may.

    Decisions: the Fouls made are recorded per team turn (half, team, turn
    number); a Blitz! or other bonus turn without a turn number of its own
    allows no Foul anyway."""
    rec = g.effects.get(_fouls_key(t))
    scope = (g.half, t, g.turn[t])
    if not isinstance(rec, tuple) or rec[0] != scope or rec[1] >= 2:
        return -2
    if rec[2]:
        return -1
    for p in range(g.n):
        if g.team[p] == t and g.skills[p] & SNEAKIEST_BIT and g.box[p] == PITCH:
            return p
    return -2


def note_foul(g: GameState, p: int, action: str) -> None:
    """Record a Foul action of ``p`` (for Sneakiest of the Lot); a second
    one this team turn reports the rule used."""
    if action != "foul":
        return
    t = g.team[p]
    if not any(g.team[q] == t and g.skills[q] & SNEAKIEST_BIT for q in range(g.n)):
        return
    scope = (g.half, t, g.turn[t])
    rec = g.effects.get(_fouls_key(t))
    fouls, by_gobbo = 0, False
    if isinstance(rec, tuple) and rec[0] == scope:
        fouls, by_gobbo = rec[1], rec[2]
    gobbo = bool(g.skills[p] & SNEAKIEST_BIT)
    g.effects[_fouls_key(t)] = (scope, fouls + 1, by_gobbo or gobbo)
    if fouls == 1:
        who = (
            p
            if gobbo
            else next(
                q for q in range(g.n) if g.team[q] == t and g.skills[q] & SNEAKIEST_BIT
            )
        )
        spend(g, who, SNEAKIEST)


def register(h: Hooks) -> None:
    h.lent_action += (lent_action,)
    h.lent_action_bits |= PUTRID_BIT | ZOAT_BIT
    h.block_targets += (BlockTargets(vines_options, vines_block),)
    h.block_targets_bits |= VINES_BIT
    h.move_options += (putrid_move_options,)
    h.move_options_bits |= PUTRID_BIT
    h.special_action += (vomit_used,)
    h.action_declared += (note_foul,)
    h.another_foul += (second_foul,)
