"""What each College Wizard's spell does (DB-ind "0-1 College Wizard"):
the targets a Wizard is offered (:func:`spell_options`) and the effect of a
cast (:func:`cast`). When a spell may be cast is :mod:`.spells`.

Decisions the text leaves open (each tested in
``tests/engine/dungeon/test_spells.py``):

* No spell needs Line of Sight to its target ("choose a player", "a target
  square anywhere in the dungeon"), except the jumps of Chain Lightning:
  lightning does not pass through walls, so the next model must be within 2
  squares (counted as the crow flies, diagonals as one) of the model last
  struck *and* in its Line of Sight (:func:`engine.dungeon.sight.line_of_sight`).
* Chain Lightning strikes players on the pitch of any status; the chain is
  compulsory while there is a model to chain to (the caster picks which),
  and when nobody is left in reach no D6 is rolled.
* Life Drain, Chain Lightning and Transmutation hurt a player without
  Knocking it Down: a Standing ball carrier who ends Stunned, Knocked Out or
  a Casualty drops the ball, which bounces from its square. Spells cast
  between turns cause no Turnover.
* Transmutation: 2D6 against the Armour Value as Dugout stores it (AV 9+ is
  9), a total of 9 or less Knocking Out an AV 9+ player. No Injury roll, so
  Thick Skull, Regeneration and apothecaries do not apply.
* Shadowed Step: any player of the caster's team on the pitch without the
  ball, in any status (it is placed as it was: a Prone player stays Prone);
  "within five squares" is counted as the crow flies (diagonals as one),
  through walls: the player is removed and placed, not moved. The square
  must be empty floor, not a Portal (being placed is not stepping on it:
  no teleport) and not the loose ball's square.
* Grasping Vines: any opposition player on the pitch that is not Stunned
  (a Stunned player could not be activated and has no Tackle Zone anyway).
* Blinding Light also stops a Dump-off (a Quick Pass action) and leaves
  Throw Team-mate alone (not a Pass action); Foul assists are not Block
  assists and still count.
"""

from __future__ import annotations

from engine.core.events import Induced, Roll
from engine.core.state import (
    KO,
    PF_NOTZ,
    PITCH,
    STANDING,
    STUNNED,
    Decision,
    GameState,
    Option,
    Proc,
)
from engine.dungeon.pitch import F_PORTAL, DungeonPitch
from engine.dungeon.sight import line_of_sight
from engine.rules.ball import Bounce, drop_ball_if_carrier
from engine.rules.injuries import Harm, to_box
from engine.rules.wizard import fireball, fireball_squares
from engine.variants.dungeon_bowl.colleges import dungeon_bowl

FIREBALL = "fireball"
LIFE_DRAIN = "life-drain"
CHAIN_LIGHTNING = "chain-lightning"
TRANSMUTATION = "transmutation"
SHADOWED_STEP = "shadowed-step"
GRASPING_VINES = "grasping-vines"
BLINDING_LIGHT = "blinding-light"
BESTIAL_FURY = "bestial-fury"


def _number(spell: str, key: str) -> int:
    return dungeon_bowl().spells[spell].numbers[key]


def spell_event(
    g: GameState, w: int, spell: str, p: int, dice: tuple[int, ...], result: str
) -> None:
    """The event of a College Wizard's spell (``what`` is the spell's slug
    with underscores; ``p`` the player concerned, -1 for none)."""
    who = g.pid[p] if p >= 0 else -1
    g.emit(Induced(spell.replace("-", "_"), g.tname(w), who, dice, result))


def sight(g: GameState, a: int, b: int) -> bool:
    """Line of Sight between two squares (always, off a dungeon)."""
    pitch = g.pitch
    if isinstance(pitch, DungeonPitch):
        return line_of_sight(pitch.dungeon, a, b)
    return True


def opponents_on_pitch(g: GameState, w: int) -> list[int]:
    return [p for p in range(g.n) if g.team[p] != w and g.box[p] == PITCH]


def life_drain_targets(g: GameState, w: int) -> list[int]:
    """Opposition players Marked by a player of team ``w``."""
    return [p for p in opponents_on_pitch(g, w) if g.markers(g.pos[p], g.team[p])]


def vines_targets(g: GameState, w: int) -> list[int]:
    return [p for p in opponents_on_pitch(g, w) if g.status[p] != STUNNED]


def shadow_squares(g: GameState, p: int) -> list[int]:
    """Where Shadowed Step may place player ``p`` (see the module
    docstring)."""
    pitch = g.pitch
    reach = _number(SHADOWED_STEP, "range")
    x0, y0 = pitch.xy(g.pos[p])
    loose = g.ball if g.carrier < 0 else -1
    out = []
    for y in range(y0 - reach, y0 + reach + 1):
        for x in range(x0 - reach, x0 + reach + 1):
            sq = pitch.sq(x, y)
            if (
                sq >= 0
                and g.board[sq] < 0
                and sq != loose
                and not pitch.flags[sq] & F_PORTAL
            ):
                out.append(sq)
    return out


def shadow_players(g: GameState, w: int) -> list[int]:
    return [
        p
        for p in range(g.n)
        if g.team[p] == w
        and g.box[p] == PITCH
        and g.carrier != p
        and shadow_squares(g, p)
    ]


def chain_candidates(g: GameState, at: int, struck: tuple[int, ...]) -> list[int]:
    """Players Chain Lightning may jump to from square ``at``: on the pitch,
    not struck yet, within range and in Line of Sight."""
    reach = _number(CHAIN_LIGHTNING, "range")
    pitch = g.pitch
    return [
        q
        for q in range(g.n)
        if g.box[q] == PITCH
        and q not in struck
        and pitch.distance(at, g.pos[q]) <= reach
        and sight(g, at, g.pos[q])
    ]


def spell_options(g: GameState, w: int, spell: str) -> list[Option]:
    """The casts team ``w``'s Wizard may make of ``spell`` now (empty: no
    target). Bestial Fury is offered on activation (:mod:`.spells`)."""
    if spell == FIREBALL:
        return [(FIREBALL, sq) for sq in fireball_squares(g)]
    if spell == BLINDING_LIGHT:
        return [(BLINDING_LIGHT,)]
    if spell == LIFE_DRAIN:
        players = life_drain_targets(g, w)
    elif spell in (CHAIN_LIGHTNING, TRANSMUTATION):
        players = opponents_on_pitch(g, w)
    elif spell == GRASPING_VINES:
        players = vines_targets(g, w)
    elif spell == SHADOWED_STEP:
        players = shadow_players(g, w)
    else:
        return []
    return [(spell, g.pid[p]) for p in players]


def cast(g: GameState, w: int, choice: Option) -> None:
    """Team ``w``'s Wizard casts ``choice`` (an option of
    :func:`spell_options`, or Bestial Fury's)."""
    spell = choice[0]
    d = g.dungeon
    assert d is not None
    if spell == FIREBALL:
        fireball(g, w, choice[1])
        return
    if spell == BLINDING_LIGHT:
        d.blinded = 1 - w
        spell_event(g, w, spell, -1, (), g.tname(1 - w))
        return
    p = g.idx[choice[1]]
    if spell == BESTIAL_FURY:
        d.fury = p
        spell_event(g, w, spell, p, (), "three_dice")
    elif spell == LIFE_DRAIN:
        spell_event(g, w, spell, p, (), "injury_roll")
        g.stack.append(SpellHarm(p, injury_only=True))
    elif spell == CHAIN_LIGHTNING:
        spell_event(g, w, spell, p, (), "struck")
        g.stack.append(ChainLightning(w, p))
    elif spell == TRANSMUTATION:
        transmutation(g, w, p)
    elif spell == SHADOWED_STEP:
        g.stack.append(ShadowStep(w, p))
    elif spell == GRASPING_VINES:
        d.vined = p
        g.pflags[p] |= PF_NOTZ
        spell_event(g, w, spell, p, (), "grasped")


def transmutation(g: GameState, w: int, p: int) -> None:
    """2D6: no more than the player's Armour Value Knocks it Out."""
    d1, d2 = g.dice.d6(), g.dice.d6()
    ko = d1 + d2 <= g.av[p]
    spell_event(g, w, TRANSMUTATION, p, (d1, d2), "ko" if ko else "resisted")
    if not ko:
        return
    sq = g.pos[p]
    had_ball = g.carrier == p
    g.kos.append(g.pid[p])
    to_box(g, p, KO, "transmutation")
    if had_ball:
        g.stack.append(Bounce(sq))


class SpellHarm(Proc):
    """An Armour roll then the Injury roll (or, ``injury_only``, the Injury
    roll alone) against player ``p``, who is not Knocked Down; a ball it
    held bounces when it ends Stunned or off the pitch."""

    __slots__ = ("p", "injury_only", "sq", "had_ball")

    def __init__(self, p: int, *, injury_only: bool = False) -> None:
        self.phase = 0
        self.p = p
        self.injury_only = injury_only
        self.sq = -1
        self.had_ball = False

    def step(self, g: GameState) -> Decision | None:
        p = self.p
        if self.phase == 0:
            self.phase = 1
            self.sq = g.pos[p]
            self.had_ball = g.carrier == p
            g.stack.append(Harm(p, injury_only=self.injury_only))
            return None
        g.stack.pop()
        if not self.had_ball:
            return None
        if g.carrier == p and g.status[p] != STANDING:
            drop_ball_if_carrier(g, p)
            g.stack.append(Bounce(self.sq))
        elif g.carrier < 0 and g.ball == self.sq and not g.ball_air:
            g.stack.append(Bounce(self.sq))
        return None


class ChainLightning(Proc):
    """Chain Lightning from its first target ``p``: an Armour roll, then
    (while a model is in reach) a D6: 1-2 the spell ends, 3+ the caster
    picks the next model (Decision "chain_lightning": ``("strike", player
    id)``), struck in turn. Each model is struck once."""

    __slots__ = ("w", "cur", "at", "struck")

    def __init__(self, w: int, p: int) -> None:
        self.phase = 0
        self.w = w
        self.cur = p
        self.at = -1
        self.struck: tuple[int, ...] = ()

    def step(self, g: GameState) -> Decision | None:
        if self.phase == 0:
            p = self.cur
            self.at = g.pos[p]
            self.struck += (p,)
            self.phase = 1
            g.stack.append(SpellHarm(p))
            return None
        if self.phase == 1:
            nxt = chain_candidates(g, self.at, self.struck)
            if not nxt:
                g.stack.pop()
                return None
            d = g.dice.d6()
            on = _number(CHAIN_LIGHTNING, "chain_on")
            g.emit(
                Roll("chain_lightning", g.pid[self.cur], (d,), on, 0, d >= on, False)
            )
            if d < on:
                g.stack.pop()
                return None
            self.phase = 2
            return Decision(
                g.tname(self.w),
                "chain_lightning",
                tuple(("strike", g.pid[q]) for q in nxt),
                g.pid[self.cur],
            )
        g.stack.pop()
        return None

    def receive(self, g: GameState, choice: Option) -> None:
        self.cur = g.idx[choice[1]]
        spell_event(g, self.w, CHAIN_LIGHTNING, self.cur, (), "struck")
        self.phase = 0


class ShadowStep(Proc):
    """Shadowed Step: the caster picks where player ``p`` is placed
    (Decision "shadowed_step": ``("square", sq)``)."""

    __slots__ = ("w", "p")

    def __init__(self, w: int, p: int) -> None:
        self.phase = 0
        self.w = w
        self.p = p

    def step(self, g: GameState) -> Decision | None:
        opts = tuple(("square", sq) for sq in shadow_squares(g, self.p))
        if not opts:
            g.stack.pop()
            return None
        return Decision(g.tname(self.w), "shadowed_step", opts, g.pid[self.p])

    def receive(self, g: GameState, choice: Option) -> None:
        g.stack.pop()
        src = g.pos[self.p]
        g.move(self.p, choice[1])
        spell_event(
            g, self.w, SHADOWED_STEP, self.p, (), f"square {src} to {choice[1]}"
        )


__all__ = [
    "ChainLightning",
    "ShadowStep",
    "SpellHarm",
    "cast",
    "chain_candidates",
    "life_drain_targets",
    "shadow_squares",
    "spell_options",
    "transmutation",
]
