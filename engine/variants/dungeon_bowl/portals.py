"""Dungeon Bowl's Portals (DB-setup "Portals": Teleporting, Chain Reactions,
Magical Mishap, Dugout Portals; DB-rules "Magic Sponge"; DB-skills "Portal
Navigator", "Portal Passer").

A player who steps onto a Portal (:meth:`PortalRules.after_step`) or is
pushed onto it (:meth:`PortalRules.after_push`, once the block's armour and
injury rolls are made) rolls a D6 and :class:`Teleport` moves him to the
Portal of that number. A loose ball coming to rest on a Portal teleports
too (:class:`BallTeleport`). Once per team turn a coach may bring a player
from the Reserves through his Dugout Portal, or use the Magic Sponge
(:meth:`PortalRules.turn_options`).

Decisions (the rules text leaves these open):

* A D6 naming a Portal the dungeon does not have (small test dungeons) is
  rolled again; a generated dungeon always has all six.
* Every completed step onto a Portal teleports, whatever the action
  (On the Ball's free moves too, a Shadowing player's step into the
  square a Dodging player left and Hit and Run's free square: each asks
  :meth:`PortalRules.after_step`). A player who Falls Over on the Portal
  (failed Dodge, Rush or Jump) is not teleported: he never got his
  footing on it. A player following up onto a Portal after a block steps
  onto it and teleports.
* A player *placed* on a Portal by another rule is neither stepping nor
  pushed onto it and does not teleport: Diving Tackle's tackler Placed Prone
  in the square left, a thrown player's landing, Trickster's new square, a
  Shadowed Step (the text names only those two ways in). He teleports when
  he next steps or is pushed onto a Portal.
* The square of movement the teleport costs is taken whenever the active
  player teleports during his activation (a Chain Reaction included): from
  his Movement Allowance when he has any left, else one of his Rushes,
  without a Rush roll ("if they have any left, of course").
* The Injury roll of a second teleport in the same team turn is made on
  arrival (before Portal Passer). A ball he held bounces from his square;
  neither this nor a Magical Mishap is a Turnover.
* A player lost to a Magical Mishap goes to the ``sent_off`` box, so no
  rule brings him back this game, but he is neither a casualty nor in the
  match's sent-off list: ``DungeonState.mishaps`` names him.
* Portal Navigator: after each D6 for the destination (the coach sees the
  number), the coach may re-roll it once per teleport, as any Skill that
  re-rolls dice: not by a player on the pitch without his Tackle Zone (a
  Prone one pushed onto the Portal; DB-skills "Skill Use") nor in the
  Cursed Room (:func:`engine.rules.rolls.skill_reroll_ok`); a player
  coming in through his Dugout Portal may.
* Portal Passer: after arriving, a player in his own activation of a Move
  action may turn it into a Pass action when his team's Pass (and Throw
  Team-mate) is still unused this turn and his team may pass (not under
  Blinding Light: ``Variant.may_pass``). A Blitz keeps its Block.
* A loose ball teleports when it lands on an empty Portal: where a bounce
  ends, or where a pass, scatter, deviation or throw-in lands and would
  bounce. A Portal holding a player who cannot catch it is an occupied
  square as any other: the ball bounces on.
* A teleported ball that reaches a Standing player is caught as a bouncing
  ball is (at -1, as :class:`engine.rules.ball.Bounce` does). A ball never
  teleports to the Portal it lies on: that number is rolled again.
* The Dugout Portal and the Magic Sponge are options of the "activate"
  decision (before any activation or between two), once per team turn,
  not in the first team turn of the team that has the first turn (the
  Sponge too: it is used "instead of teleporting a player into the
  dungeon"). A player brought in counts as activated this turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core import skillbits as S
from engine.core.events import (
    BallTeleport as BallTeleportEv,
)
from engine.core.events import (
    DugoutPortal,
    MagicalMishap,
    MagicSponge,
    Roll,
    SkillUsed,
)
from engine.core.events import (
    Teleport as TeleportEv,
)
from engine.core.state import (
    KO,
    PF_PLAYED,
    PF_USED,
    PITCH,
    RESERVES,
    SENT_OFF,
    STANDING,
    TF_PASS,
    TF_TTM,
    Decision,
    GameState,
    Option,
    Proc,
)
from engine.dungeon.pitch import DungeonPitch
from engine.rules.activation import Activation
from engine.rules.ball import Bounce, Catch, can_catch, check_touchdown
from engine.rules.injuries import Harm, to_box
from engine.rules.movement import rush_limit
from engine.rules.rolls import skill_reroll_ok

if TYPE_CHECKING:
    from engine.dungeon.state import DungeonState

PORTAL_NAVIGATOR = S.BIT["portal-navigator"]
PORTAL_PASSER = S.BIT["portal-passer"]
OPT_DECLINE: Option = ("decline",)
DUGOUT_PORTAL = "dugout_portal"
MAGIC_SPONGE = "magic_sponge"


def dungeon_pitch(g: GameState) -> DungeonPitch:
    pitch = g.pitch
    assert isinstance(pitch, DungeonPitch), "a Dungeon Bowl match needs a dungeon"
    return pitch


def dungeon_state(g: GameState) -> DungeonState:
    d = g.dungeon
    assert d is not None, "a Dungeon Bowl match keeps a DungeonState"
    return d


def portal_at(g: GameState, sq: int) -> int:
    """The number of the Portal on ``sq`` (0: none)."""
    pitch = g.pitch
    if sq < 0 or not isinstance(pitch, DungeonPitch):
        return 0
    return pitch.portal[sq]


def roll_portal(g: GameState, who: int, src: int) -> int:
    """The D6 for a destination Portal, rolled again while it names a
    Portal the dungeon lacks (a Decision; ``src`` itself is kept, it is
    the Magical Mishap)."""
    portals = dungeon_pitch(g).portals
    while True:
        d = g.dice.d6()
        g.emit(Roll("teleport", who, (d,), 0, 0, True, False))
        if d == src or portals[d] >= 0:
            return d


def in_transit(g: GameState) -> set[int]:
    """Players lifted off the board while a Chain Reaction clears the
    Portal they are teleporting to (the only time a player on the pitch has
    no square)."""
    return {
        proc.p for proc in g.stack if isinstance(proc, Teleport) and proc.phase == 3
    }


class Teleport(Proc):
    """Player ``p`` teleports from Portal ``src`` (0: from his team's
    Dugout Portal, out of the Reserves). ``chain``: a Chain Reaction moves
    him on. Phases: 0 roll, 1 Portal Navigator?, 2 resolve, 3 arrive (after
    any Chain Reaction), 4 Portal Passer?"""

    __slots__ = ("p", "src", "chain", "die", "dst", "navigated")

    def __init__(self, p: int, src: int, *, chain: bool = False) -> None:
        self.phase = 0
        self.p = p
        self.src = src
        self.chain = chain
        self.die = 0
        self.dst = -1
        self.navigated = False

    def step(self, g: GameState) -> Decision | None:  # noqa: PLR0911 - phases
        p = self.p
        pitch = dungeon_pitch(g)
        if self.phase == 0:
            if self.src:
                ok = g.box[p] == PITCH and g.pos[p] == pitch.portals[self.src]
            else:
                ok = g.box[p] == RESERVES
            if not ok or max(pitch.portals) < 0:
                g.stack.pop()  # he is no longer there (Knocked out by a block)
                return None
            self.die = roll_portal(g, g.pid[p], self.src)
            self.phase = 2
            if g.skills[p] & PORTAL_NAVIGATOR and (
                g.box[p] != PITCH or skill_reroll_ok(g, p)  # not Prone, not cursed
            ):
                self.phase = 1
                return Decision(
                    g.tname(g.team[p]),
                    "use_skill",
                    (("use", "portal-navigator", g.pid[p]), OPT_DECLINE),
                    g.pid[p],
                    info=("portal-navigator", self.die),
                )
        if self.phase == 2:
            return self._resolve(g)
        if self.phase == 3:
            return self._arrive(g)
        if self.phase == 4:
            self.phase = 5
            if self._passer(g):
                return Decision(
                    g.tname(g.team[p]),
                    "use_skill",
                    (("use", "portal-passer", g.pid[p]), OPT_DECLINE),
                    g.pid[p],
                    info=("portal-passer",),
                )
        g.stack.pop()
        return None

    def receive(self, g: GameState, choice: Option) -> None:
        p = self.p
        if self.phase == 1:
            self.phase = 2
            if choice != OPT_DECLINE:
                g.emit(SkillUsed(g.pid[p], "portal-navigator"))
                self.die = roll_portal(g, g.pid[p], self.src)
            return
        # phase 5: Portal Passer
        if choice != OPT_DECLINE:
            g.emit(SkillUsed(g.pid[p], "portal-passer"))
            declare_pass(g, p)
        g.stack.pop()

    def _resolve(self, g: GameState) -> Decision | None:
        p = self.p
        pitch = dungeon_pitch(g)
        if self.src and self.die == self.src:
            self._mishap(g)
            return None
        dungeon_state(g).teleports[p] += 1
        self.dst = pitch.portals[self.die]
        if g.pos[p] >= 0:
            g.lift(p)  # box unchanged: still on the pitch, in transit
        self.phase = 3
        return self._arrive(g)

    def _arrive(self, g: GameState) -> Decision | None:
        p = self.p
        dst = self.dst
        q = g.board[dst]
        if q >= 0:
            # Chain Reaction: the occupant teleports on first.
            g.stack.append(Teleport(q, self.die, chain=True))
            return None
        g.place(p, dst)
        if not self.src:
            g.status[p] = STANDING
            # may not move further this turn; he plays (Secret Weapons)
            g.pflags[p] |= PF_USED | PF_PLAYED
        g.emit(TeleportEv(g.pid[p], self.src, self.die, dst, self.chain))
        if self.src and g.act_player == p:
            spend_square(g, p)
        self.phase = 4
        if dungeon_state(g).teleports[p] > 1:
            g.stack.append(TeleportInjury(p))
        elif g.carrier == p:
            check_touchdown(g, p)
        return None

    def _mishap(self, g: GameState) -> None:
        p = self.p
        sq = g.pos[p]
        had = g.carrier == p
        g.emit(MagicalMishap(g.pid[p], self.src))
        dungeon_state(g).mishaps.append(p)
        to_box(g, p, SENT_OFF, "magical_mishap")
        g.stack.pop()
        if had:
            g.stack.append(Bounce(sq))  # the ball scatters one square

    def _passer(self, g: GameState) -> bool:
        p = self.p
        return bool(
            g.skills[p] & PORTAL_PASSER
            and g.act_player == p
            and g.act_action == "move"
            and not g.tflags & (TF_PASS | TF_TTM)
            and g.box[p] == PITCH
            and g.status[p] == STANDING
            and g.variant.may_pass(g, g.team[p])  # Blinding Light
        )


def spend_square(g: GameState, p: int) -> None:
    """The square of movement a teleport costs (module Decision)."""
    if g.act_ma_used < g.ma[p]:
        g.act_ma_used += 1
    elif g.act_rushes < rush_limit(g, p):
        g.act_rushes += 1


def declare_pass(g: GameState, p: int) -> None:
    """Portal Passer: the activation of ``p`` becomes a Pass action."""

    for proc in reversed(g.stack):
        if isinstance(proc, Activation) and proc.p == p:
            proc.action = "pass"
            break
    g.act_action = "pass"
    g.tflags |= TF_PASS


class TeleportInjury(Proc):
    """A player teleported a second time this team turn suffers an Injury
    roll at once (no Armour roll); a ball he held bounces from his square."""

    __slots__ = ("p", "ball_sq")

    def __init__(self, p: int) -> None:
        self.phase = 0
        self.p = p
        self.ball_sq = -1

    def step(self, g: GameState) -> Decision | None:
        p = self.p
        if self.phase == 0:
            self.phase = 1
            if g.carrier == p:
                g.carrier = -1
                g.ball = g.pos[p]
                self.ball_sq = g.pos[p]
            g.stack.append(Harm(p, injury_only=True))
            return None
        sq = self.ball_sq
        if sq >= 0 and g.ball == sq and g.carrier < 0 and not g.ball_air:
            g.stack[-1] = Bounce(sq)
        else:
            g.stack.pop()
        return None


class BallTeleport(Proc):
    """A loose ball landing on the Portal on ``sq`` (at the end of a
    bounce, or landing there from a pass, scatter or deviation where it
    would bounce) teleports (no Chain Reaction, no Mishap): caught by a
    Standing player on the Portal it reaches, else it scatters one square
    from there. It runs at once, while the ball is still on ``sq``."""

    __slots__ = ("sq",)

    def __init__(self, sq: int) -> None:
        self.phase = 0
        self.sq = sq

    def step(self, g: GameState) -> Decision | None:
        sq = self.sq
        pitch = dungeon_pitch(g)
        src = pitch.portal[sq]
        others = [n for n in range(1, 7) if n != src and pitch.portals[n] >= 0]
        if not others:
            g.stack[-1] = Bounce(sq)  # no other Portal: it bounces as usual
            return None
        g.carrier = -1
        g.ball_air = False
        while True:
            d = g.dice.d6()
            g.emit(Roll("ball_teleport", -1, (d,), 0, 0, True, False))
            if d in others:
                break
        dst = pitch.portals[d]
        g.emit(BallTeleportEv(src, d, dst))
        g.ball = dst
        q = g.board[dst]
        if q >= 0 and can_catch(g, q):
            g.stack[-1] = Catch(q, -1)
        else:
            g.stack[-1] = Bounce(dst)
        return None


class MagicSpongeProc(Proc):
    """The Magic Sponge: KO'd player ``p`` goes to the Reserves box."""

    __slots__ = ("p",)

    def __init__(self, p: int) -> None:
        self.phase = 0
        self.p = p

    def step(self, g: GameState) -> Decision | None:
        p = self.p
        g.box[p] = RESERVES
        g.emit(MagicSponge(g.tname(g.team[p]), g.pid[p]))
        g.stack.pop()
        return None


class PortalRules:
    """The Portal hooks of the Dungeon Bowl variant (see the module)."""

    def after_step(self, g: GameState, p: int) -> Proc | None:
        n = portal_at(g, g.pos[p])
        if n and g.box[p] == PITCH and g.status[p] == STANDING:
            return Teleport(p, n)
        return None

    def after_push(self, g: GameState, block: Proc) -> tuple[Proc, ...]:
        out: list[Proc] = []
        chain: tuple[tuple[int, int], ...] = getattr(block, "chain", ())
        for q, to in chain:
            n = portal_at(g, to)
            if n and g.pos[q] == to:
                out.append(Teleport(q, n))
        att: int = getattr(block, "att", -1)
        dfn_from: int = getattr(block, "dfn_from", -1)
        n = portal_at(g, dfn_from)
        if n and att >= 0 and g.pos[att] == dfn_from:
            out.append(Teleport(att, n))  # followed up onto the Portal
        return tuple(out)

    def ball_landed(self, g: GameState, sq: int) -> Proc | None:
        if portal_at(g, sq):
            return BallTeleport(sq)
        return None

    def turn_options(self, g: GameState, t: int) -> tuple[Option, ...]:
        d = g.dungeon
        if d is None or d.dugout_used[t]:
            return ()
        if t == d.first_team and g.turn[t] <= 1:
            return ()
        has_portal = max(dungeon_pitch(g).portals) >= 0
        opts: list[Option] = []
        for p in range(g.n):
            if g.team[p] != t:
                continue
            if g.box[p] == RESERVES and has_portal:
                opts.append((DUGOUT_PORTAL, g.pid[p]))
            elif g.box[p] == KO:
                opts.append((MAGIC_SPONGE, g.pid[p]))
        return tuple(opts)

    def result_extra(self, g: GameState) -> dict[str, Any]:
        """The players lost to a Magical Mishap (unharmed, back after the
        game: neither casualties nor sent off), by id; and each team's
        Gather Funds actions in the Treasure Room, which the league pays
        "at the end of the game" (set-up.md "The Treasure-Room"); and
        whether a play-off played extra time (no halves: game.py)."""
        d = g.dungeon
        funds = d.gather_funds if d else [0, 0]
        return {
            "magical_mishaps": [g.pid[p] for p in d.mishaps] if d else [],
            "gather_funds": {"home": funds[0], "away": funds[1]},
            "extra_time": bool(d and d.extra_time),
        }

    def call_argued(self, g: GameState, p: int) -> Proc | None:
        """S002 (digest B12): after a successful Argue the Call the player is
        not sent off, "instead they are teleported back into the dungeon".
        Decision: he leaves the pitch for the Reserves and comes straight
        back through his team's Dugout Portal (a D6 picks the Portal, no
        Magical Mishap, Chain Reactions as ever, a second teleport this team
        turn brings its Injury roll); the Turnover stands. A ball he held is
        left on his square and bounces before he teleports."""
        if g.box[p] != PITCH:
            return None
        held = g.carrier == p
        square = g.pos[p]
        to_box(g, p, RESERVES, "argued_back")
        if held:
            g.stack.append(Teleport(p, 0))
            return Bounce(square)
        return Teleport(p, 0)

    def turn_choice(self, g: GameState, t: int, choice: Option) -> Proc | None:
        verb = choice[0]
        if verb != DUGOUT_PORTAL and verb != MAGIC_SPONGE:
            return None
        dungeon_state(g).dugout_used[t] = True
        p = g.idx[choice[1]]
        if verb == MAGIC_SPONGE:
            return MagicSpongeProc(p)
        g.emit(DugoutPortal(g.tname(t), g.pid[p]))
        return Teleport(p, 0)


__all__ = [
    "BallTeleport",
    "MagicSpongeProc",
    "PortalRules",
    "Teleport",
    "TeleportInjury",
    "in_transit",
    "portal_at",
]
