"""Star Players' special rules (group c) that add or change actions
(star_players.md):

* Putrid Regurgitation (Bilerot Vomitflesh, once per game): a Projectile
  Vomit Special action, on its own or in a Blitz, and in a Blitz even
  after its Block.
* Excuse Me, Are You a Zoat? (Zolcath the Zoat, once per game): he may
  be activated for a Hypnotic Gaze Special action as if he had the trait.
* Kick 'em While They're Down! (Nobbla Blackwart, once per game): a
  Chainsaw Attack on a Prone or Stunned opponent (not a Foul: never a
  Sending-off). Decision: made with the Chainsaw Special action only; in
  a Blitz the Chainsaw Attack replaces the Block against the nominated
  target (engine.rules.declaring), who is Standing.
* Maximum Carnage (Max Spleenripper, once per game): straight after a
  Chainsaw Attack, a second one against another opponent.
* Sneakiest of the Lot (The Black Gobbo): his team may make two Foul
  actions a team turn if he makes one of them.
* The Flashing Blade (Jeremiah Kool, once per game): as his Move action
  begins, a Stab on an opponent he Marks; then the Move goes on.
"""

from __future__ import annotations

from engine.core.skillbits import BIT
from engine.core.state import (
    PITCH,
    STANDING,
    TF_FOUL,
    Decision,
    GameState,
    Option,
    Proc,
)
from engine.rules.block_actions import block_targets
from engine.rules.blocking import OPT_DECLINE, use_skill
from engine.rules.movement import rush_limit
from engine.rules.passing import with_dump_off
from engine.rules.secret_weapons import ChainsawAttack
from engine.rules.special_actions import special_block, trickster
from engine.skills.stars.limits import ready, spend

PUTRID = "putrid-regurgitation"
ZOAT = "excuse-me-are-you-a-zoat"
KICK_EM = "kick-em-while-theyre-down"
CARNAGE = "maximum-carnage"
SNEAKIEST = "sneakiest-of-the-lot"
BLADE = "the-flashing-blade"
PUTRID_BIT = BIT[PUTRID]
ZOAT_BIT = BIT[ZOAT]
KICK_EM_BIT = BIT[KICK_EM]
CARNAGE_BIT = BIT[CARNAGE]
SNEAKIEST_BIT = BIT[SNEAKIEST]
BLADE_BIT = BIT[BLADE]
HYPNOTIC_GAZE = BIT["hypnotic-gaze"]
PROJECTILE_VOMIT = BIT["projectile-vomit"]


# -- Putrid Regurgitation ------------------------------------------------------


def putrid_ready(g: GameState, p: int) -> bool:
    """Whether ``p`` may still make his one Projectile Vomit."""
    return ready(g, p, PUTRID)


def putrid_move_options(
    g: GameState, p: int, opts: tuple[Option, ...]
) -> tuple[Option, ...]:
    """A Blitz's move options for a player with Putrid Regurgitation
    ready: ``("vomit", id)`` beside each ``("block", id)``, and, once the
    Blitz's Block is made, against each Standing opponent he Marks.

    Decision: "even when he has already made a Block action" is read as
    the Block of his own Blitz (a player acts once per turn, so no other
    Block of his can come first); the vomit after it costs a square of
    movement as a Blitz's Block does, so it is offered only while he has
    movement (or a Rush) left."""
    if not ready(g, p, PUTRID):
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


def vomit_used(g: GameState, p: int) -> None:
    """Called as ``p`` vomits: spends Putrid Regurgitation when he has no
    Projectile Vomit of his own."""
    if not g.skills[p] & PROJECTILE_VOMIT:
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


# -- Kick 'em While They're Down! ------------------------------------------------


def kick_em_targets(g: GameState, p: int) -> list[int]:
    """Prone or Stunned opponents next to ``p`` he may Chainsaw with the
    rule (none once it is used or without a Tackle Zone)."""
    if not ready(g, p, KICK_EM) or not g.has_tz(p):
        return []
    t = g.team[p]
    return [
        q
        for s in g.pitch.neighbours[g.pos[p]]
        if (q := g.board[s]) >= 0 and g.team[q] != t and g.status[q] != STANDING
    ]


def kick_em_activation(g: GameState, p: int, opts: list[Option]) -> list[Option]:
    """The ``chainsaw`` activation when only downed opponents are next to
    the Standing ``p`` (with a Standing one it is offered already)."""
    o = g.act_opts[p]["chainsaw"]
    if g.status[p] == STANDING and o not in opts and kick_em_targets(g, p):
        return [o]
    return []


def chainsaw_on_downed(g: GameState, att: int, dfn: int) -> None:
    """Called as ``att``'s Chainsaw Attack starts: on a downed ``dfn`` it
    is Kick 'em While They're Down! (spent)."""
    if g.status[dfn] != STANDING:
        spend(g, att, KICK_EM)


# -- Maximum Carnage -------------------------------------------------------------


class MaximumCarnage(Proc):
    """After ``att``'s Chainsaw Attack on ``first`` (it hit): the coach may
    (decision ``use_skill``, "maximum-carnage") make a second one against
    another Standing opponent ``att`` Marks (decision ``chainsaw_target``).

    Decisions: not after a kick-back (no Chainsaw Attack was made), a
    Turnover or a touchdown, nor when ``att`` is no longer Standing; the
    second attack is a full Chainsaw Attack (D6, Foul Appearance,
    Trickster, Dump-off) that uses up the rule."""

    __slots__ = ("att", "first")

    def __init__(self, att: int, first: int) -> None:
        self.phase = 0
        self.att = att
        self.first = first

    def _targets(self, g: GameState) -> list[int]:
        att = self.att
        if (
            not ready(g, att, CARNAGE)
            or g.box[att] != PITCH
            or g.status[att] != STANDING
            or g.turnover is not None
            or g.touchdown
        ):
            return []
        return [q for q in block_targets(g, att) if q != self.first]

    def step(self, g: GameState) -> Decision | None:
        targets = self._targets(g)
        if not targets:
            g.stack.pop()
            return None
        if self.phase == 0:
            return use_skill(g, self.att, CARNAGE)
        return Decision(
            g.tname(g.team[self.att]),
            "chainsaw_target",
            tuple(g.pl_opts[q]["chainsaw"] for q in targets),
            g.pid[self.att],
        )

    def receive(self, g: GameState, choice: Option) -> None:
        if choice == OPT_DECLINE:
            g.stack.pop()
            return
        if self.phase == 0:
            self.phase = 1
            return
        att = self.att
        q = g.idx[choice[1]]
        spend(g, att, CARNAGE)
        g.stack[-1] = with_dump_off(g, q, trickster(g, att, q, ChainsawAttack(att, q)))


def after_chainsaw(g: GameState, att: int, dfn: int, nxt: Proc | None) -> None:
    """Replace the finished Chainsaw Attack on the stack top by Maximum
    Carnage's offer, with ``nxt`` (the hit's consequences) run first."""
    g.stack[-1] = MaximumCarnage(att, dfn)
    if nxt is not None:
        g.stack.append(nxt)


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


def note_foul(g: GameState, p: int) -> None:
    """Record a Foul action of ``p`` (for Sneakiest of the Lot); a second
    one this team turn reports the rule used."""
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


# -- The Flashing Blade -------------------------------------------------------------


def blade_hook(g: GameState, p: int, action: str) -> Proc | None:
    """Activation hook: the Flashing Blade's offer as a Move action
    begins."""
    if action == "move" and ready(g, p, BLADE):
        return FlashingBlade(p)
    return None


class FlashingBlade(Proc):
    """As ``p``'s Move action begins, Standing with a Tackle Zone: a Stab
    on an opponent he Marks (decision ``flashing_blade``: ``("stab",
    id)`` or ``("decline",)``); then the Move action goes on.

    Decisions: offered only with a Move action (the rule's "still take a
    Move action"), against Standing opponents (those a Stab may target);
    the Stab is a full Stab Special action (Foul Appearance, Trickster,
    Dump-off)."""

    __slots__ = ("p",)

    def __init__(self, p: int) -> None:
        self.phase = 0
        self.p = p

    def step(self, g: GameState) -> Decision | None:
        p = self.p
        if g.act_over or g.status[p] != STANDING or not g.has_tz(p):
            g.stack.pop()
            return None
        targets = block_targets(g, p)
        if not targets:
            g.stack.pop()
            return None
        return Decision(
            g.tname(g.team[p]),
            "flashing_blade",
            tuple(("stab", g.pid[q]) for q in targets) + (OPT_DECLINE,),
            g.pid[p],
            info=(BLADE,),
        )

    def receive(self, g: GameState, choice: Option) -> None:
        if choice == OPT_DECLINE:
            g.stack.pop()
            return
        p = self.p
        q = g.idx[choice[1]]
        spend(g, p, BLADE)
        g.stack[-1] = with_dump_off(g, q, special_block(g, p, q, "stab", False))


__all__ = [
    "FlashingBlade",
    "MaximumCarnage",
    "TF_FOUL",
    "after_chainsaw",
    "blade_hook",
    "chainsaw_on_downed",
    "kick_em_activation",
    "kick_em_targets",
    "note_foul",
    "putrid_move_options",
    "putrid_ready",
    "second_foul",
    "vomit_used",
    "zoat_hook",
    "zoat_ready",
]
