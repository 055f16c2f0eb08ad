"""The College Wizards' spells in a Dungeon Bowl match (DB-ind "0-1 College
Wizard"): when each may be cast, once a game, and the variant hooks that make
their effects last (:class:`SpellRules`, mixed into ``DungeonBowl``). What
each spell does is :mod:`.spell_effects`.

A team hires the Wizard of its own college (``TeamSheet.college_wizard``,
the college's slug); the Wizard casts its one spell once per game
(``DungeonState.spell_used``).

When (Decision: every "start of a team turn" is the moment between team
turns, before the turn's marker moves, where the Hireling Sports-Wizard
casts too, :mod:`engine.rules.wizard`):

* before team ``t``'s turn, the opposition's Wizard may cast first (Fireball,
  Grasping Vines, Blinding Light: "at the start of any of the opposition's
  team turns"), then team ``t``'s own (Life Drain, Chain Lightning,
  Transmutation, Shadowed Step: "at the start of any of your team turns";
  Fireball "immediately after any of the opposition's team turns has
  ended", so once a team turn has ended in the game). A Wizard with no
  target for its spell is not asked;
* Bestial Fury is offered as one of the team's players is activated for a
  Block or a Blitz (Decision: the only actions in which the player makes a
  Block; offered once the action is declared, a Blitz's target named, and
  before activation traits such as Bone Head are rolled).

How long the effects last (cleared in :meth:`SpellRules.turn_starts`, before
the spells of the next turn are offered): Bestial Fury and Grasping Vines'
bar on activation until the end of the team turn; Grasping Vines' lost
Tackle Zone until the player's next activation begins (``PF_NOTZ``, which
every activation clears); Blinding Light until the blinded team's next turn
starts.
"""

from __future__ import annotations

from engine.core.errors import RuleError
from engine.core.state import PITCH, Decision, GameState, Option, Proc
from engine.rules.wizard import TURN_ENDED
from engine.variants.base import Variant
from engine.variants.dungeon_bowl.colleges import dungeon_bowl
from engine.variants.dungeon_bowl.spell_effects import cast, spell_options

OPT_DONE: Option = ("done",)
BESTIAL_FURY = "bestial-fury"
# When each spell may be cast (skills.json "cast").
OWN_TURN = "own_turn_start"
OPPONENT_TURN = "opponent_turn_start"
OPPONENT_TURN_OR_END = "opponent_turn_start_or_end"
OWN_ACTIVATION = "own_activation_start"
# Decision: the declared actions in which Bestial Fury can matter.
FURY_ACTIONS = frozenset({"block", "blitz"})


def wizard_spell(g: GameState, w: int) -> str | None:
    """The spell team ``w``'s College Wizard may still cast this game, or
    None (no Wizard hired, or its spell already cast)."""
    college = g.sheets[w].college_wizard
    if not college:
        return None
    d = g.dungeon
    if d is None or d.spell_used[w]:
        return None
    wizard = dungeon_bowl().wizards.get(college)
    if wizard is None:
        raise RuleError(f"no College Wizard for {college!r}")
    return wizard.spell


def spell_timing(spell: str) -> str:
    return dungeon_bowl().spells[spell].cast


def castable_before_turn(g: GameState, w: int, t: int) -> str | None:
    """Team ``w``'s spell when it may be cast now, before team ``t``'s
    turn starts; None otherwise."""
    spell = wizard_spell(g, w)
    if spell is None:
        return None
    when = spell_timing(spell)
    if when == OWN_TURN and w == t:
        return spell
    if when == OPPONENT_TURN and w != t:
        return spell
    if when == OPPONENT_TURN_OR_END and (w != t or g.effects.get(TURN_ENDED)):
        return spell
    return None


def mark_cast(g: GameState, w: int) -> None:
    """Team ``w``'s Wizard has used its one spell of the game."""
    d = g.dungeon
    assert d is not None
    used = list(d.spell_used)
    used[w] = True
    d.spell_used = (used[0], used[1])


class SpellWindow(Proc):
    """Before team ``t``'s turn: each Wizard in ``queue`` that may cast now
    is offered its spell (Decision "college_spell": one option per target,
    ``("done",)`` to keep it for later). A cast's own procedures (Armour
    rolls, a chain of lightning, a bouncing ball) run before the next
    Wizard is asked."""

    __slots__ = ("t", "queue")

    def __init__(self, t: int, queue: tuple[int, ...]) -> None:
        self.phase = 0
        self.t = t
        self.queue = queue

    def step(self, g: GameState) -> Decision | None:
        while self.queue:
            w = self.queue[0]
            spell = castable_before_turn(g, w, self.t)
            opts = spell_options(g, w, spell) if spell is not None else []
            if opts:
                opts.append(OPT_DONE)
                return Decision(g.tname(w), "college_spell", tuple(opts))
            self.queue = self.queue[1:]
        g.stack.pop()
        return None

    def receive(self, g: GameState, choice: Option) -> None:
        w = self.queue[0]
        self.queue = self.queue[1:]
        if choice == OPT_DONE:
            return
        spell = castable_before_turn(g, w, self.t)
        if spell is None or choice[0] != spell:
            raise RuleError(f"{choice!r} is not a spell {g.tname(w)} may cast now")
        mark_cast(g, w)
        cast(g, w, choice)


class FuryOffer(Proc):
    """Player ``p`` is being activated for a Block or a Blitz: its team's
    Amber Wizard may cast Bestial Fury on it (Decision "college_spell":
    ``("bestial-fury", player id)`` or ``("done",)``)."""

    __slots__ = ("p",)

    def __init__(self, p: int) -> None:
        self.phase = 0
        self.p = p

    def step(self, g: GameState) -> Decision | None:
        p = self.p
        w = g.team[p]
        if wizard_spell(g, w) != BESTIAL_FURY or g.box[p] != PITCH:
            g.stack.pop()
            return None
        opts = ((BESTIAL_FURY, g.pid[p]), OPT_DONE)
        return Decision(g.tname(w), "college_spell", opts, g.pid[p])

    def receive(self, g: GameState, choice: Option) -> None:
        g.stack.pop()
        if choice == OPT_DONE:
            return
        mark_cast(g, g.team[self.p])
        cast(g, g.team[self.p], choice)


class SpellRules(Variant):
    """The spell hooks of the Dungeon Bowl variant (see the module
    docstring). Every hook does what BB2020 does when no spell is in
    effect."""

    def turn_starts(self, g: GameState, t: int) -> Proc | None:
        d = g.dungeon
        if d is None:
            return super().turn_starts(g, t)
        d.fury = -1
        d.vined = -1
        if d.blinded == t:
            d.blinded = -1
        queue = tuple(w for w in (1 - t, t) if castable_before_turn(g, w, t))
        if queue:
            return SpellWindow(t, queue)
        return super().turn_starts(g, t)

    def activation_spells(self, g: GameState, p: int, action: str) -> list[Proc]:
        if (
            action in FURY_ACTIONS
            and g.dungeon is not None
            and wizard_spell(g, g.team[p]) == BESTIAL_FURY
        ):
            return [FuryOffer(p)]
        return super().activation_spells(g, p, action)

    def activation_filter(
        self, g: GameState, t: int, opts: list[Option]
    ) -> list[Option]:
        d = g.dungeon
        if d is None or (d.vined < 0 and d.blinded != t):
            return opts
        vined = g.pid[d.vined] if d.vined >= 0 else None
        blind = d.blinded == t
        return [
            o
            for o in opts
            if not (
                o[0] == "activate"
                and (o[1] == vined or (blind and o[2] in ("pass", "hand_off")))
            )
        ]

    def may_pass(self, g: GameState, t: int) -> bool:
        d = g.dungeon
        return d is None or d.blinded != t

    def may_assist_block(self, g: GameState, t: int) -> bool:
        d = g.dungeon
        return d is None or d.blinded != t

    def block_dice(self, g: GameState, att: int, sa: int, sd: int) -> tuple[int, bool]:
        d = g.dungeon
        if d is not None and d.fury == att:
            return dungeon_bowl().spells[BESTIAL_FURY].numbers["block_dice"], True
        return super().block_dice(g, att, sa, sd)


__all__ = [
    "FuryOffer",
    "SpellRules",
    "SpellWindow",
    "castable_before_turn",
    "wizard_spell",
]
