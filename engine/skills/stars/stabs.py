"""Star Players' special rules of a Stab, and of a Foul's Injury roll
(star_players.md):

* Toxin Connoisseur (Rashnak Backstabber, once per game): when his Stab
  breaks armour, +1 to the Injury roll, chosen after rolling (decision
  ``use_skill``, "toxin-connoisseur").
* Master Assassin (Skitter Stab-Stab, once per game): when his Stab
  breaks armour, the Injury roll may be re-rolled (decision ``use_skill``,
  "master-assassin").
* A Sneaky Pair (Dribl and Drull, no limit): +1 to the Injury roll of a
  Stab or Foul by either of them against an opponent both of them Mark.
* The Flashing Blade (Jeremiah Kool, once per game): as his Move action
  begins, a Stab on an opponent he Marks; then the Move goes on.
* Furious Outburst (Swiftvine Glimmershard, once per half): if she begins
  her activation Standing, she is placed next to a Standing opponent up to
  3 squares away, makes a Stab Special action on that player, then is
  placed in any empty square up to 3 squares from where she stood for the
  Stab. This ends her activation and uses the team's Blitz action for the
  turn. In the engine she uses it by declaring a Blitz action (the action
  it uses up): as the Blitz begins, the coach may (decision
  ``furious_outburst``) pick its target (``("stab", id)``) or decline (the
  Blitz goes on as usual), then the square next to the target
  (``("square", sq)``, info "next_to"), and after the Stab her last square
  (info "away").

The Injury rules register on the rule points of the injuries (the Injury
roll after a Stab broke armour) and of a Foul (a bonus to its Injury roll);
The Flashing Blade and Furious Outburst are activation hooks of their
``SkillSpec``.
"""

from __future__ import annotations

from engine.core.events import Move, Roll
from engine.core.hooks import Hooks
from engine.core.pitch import F_TRAPDOOR
from engine.core.skillbits import BIT
from engine.core.state import PITCH, STANDING, Decision, GameState, Option, Proc
from engine.rules.block_actions import block_targets
from engine.rules.injuries import Harm, injury_result
from engine.rules.passing import with_dump_off
from engine.rules.pushing import OPT_DECLINE
from engine.rules.special_actions import special_block
from engine.skills.stars.limits import has, ready, spend

TOXIN = "toxin-connoisseur"
ASSASSIN = "master-assassin"
PAIR = "a-sneaky-pair"
BLADE = "the-flashing-blade"
OUTBURST = "furious-outburst"
PAIR_BIT = BIT[PAIR]
BLADE_BIT = BIT[BLADE]
OUTBURST_BIT = BIT[OUTBURST]
REACH = 3  # Furious Outburst: squares to the target, and away after
# The rules that change the Injury roll of a Stab.
STAB_INJURY = BIT[TOXIN] | BIT[ASSASSIN] | PAIR_BIT


def sneaky_pair_bonus(g: GameState, p: int, v: int) -> int:
    """A Sneaky Pair: +1 to the Injury roll when ``p`` (with the rule) Stabs
    or Fouls ``v`` and two players of ``p``'s team with the rule (the
    pair: ``p`` and the other twin) Mark ``v``. Reported as used by
    ``p``.

    Decisions: "both of them Mark" uses the rulebook's Marking (Standing,
    with a Tackle Zone, next to ``v``); the pair is found by the rule
    itself, as only Dribl and Drull have it; the use is reported when the
    Foul is made (its Injury roll may not follow if the armour holds) or
    when the Stab has broken the armour."""
    if not g.skills[p] & PAIR_BIT:
        return 0
    t = g.team[p]
    marks = sum(
        1
        for m in g.marking_players(g.pos[v], g.team[v])
        if g.team[m] == t and has(g, m, PAIR)
    )
    if marks < 2:
        return 0
    spend(g, p, PAIR)
    return 1


def stab_harm(g: GameState, p: int, by: int, how: str) -> Proc | None:
    """The Injury roll after ``by``'s Stab broke ``p``'s armour, with
    ``by``'s special rules (:class:`StabInjury`); None for another Special
    action or a stabber without them."""
    if how != "stab" or not g.skills[by] & STAB_INJURY:
        return None
    return StabInjury(p, by, sneaky_pair_bonus(g, by, p))


class StabInjury(Harm):
    """The unmodified Injury roll of a Stab, for a stabber with Toxin
    Connoisseur, Master Assassin or A Sneaky Pair (``bonus``: the pair's
    +1). After the dice are rolled the stabber's coach may (decision
    ``use_skill``, info: the rule, the dice and their result so far)
    re-roll them with Master Assassin, then add Toxin Connoisseur's +1,
    each once per game.

    Decisions: Master Assassin is offered unless the roll is already a
    Casualty (no better result exists) and the re-rolled dice stand;
    Toxin Connoisseur is offered only when the +1 changes the result
    (otherwise it would be spent for nothing)."""

    __slots__ = ("dice", "extra", "asked")

    def __init__(self, p: int, by: int, bonus: int) -> None:
        super().__init__(p, by=by, injury_only=True, no_mod=True, injury_bonus=bonus)
        self.dice = (0, 0)
        self.extra = 0
        self.asked: tuple[str, ...] = ()

    def step(self, g: GameState) -> Decision | None:
        if self.phase == 0:
            self.dice = (g.dice.d6(), g.dice.d6())
            self.phase = 5
        if self.phase == 5:
            slug = self._offer(g)
            if slug:
                by = self.by
                return Decision(
                    g.tname(g.team[by]),
                    "use_skill",
                    (("use", slug), OPT_DECLINE),
                    g.pid[by],
                    info=(slug, self.dice, self._result(g, self.extra)),
                )
            self.phase = 0
            self._injury(g, self.dice, self.extra)
            return None
        return super().step(g)

    def _result(self, g: GameState, extra: int) -> str:
        total = sum(self.dice) + self.injury_mod(g) + extra
        return injury_result(g, self.p, total, self.stun_ko)

    def _offer(self, g: GameState) -> str:
        """The next special rule to offer, or ""."""
        by = self.by
        now = self._result(g, self.extra)
        if ASSASSIN not in self.asked and ready(g, by, ASSASSIN) and now != "cas":
            return ASSASSIN
        if (
            TOXIN not in self.asked
            and ready(g, by, TOXIN)
            and self._result(g, 1) != now
        ):
            return TOXIN
        return ""

    def receive(self, g: GameState, choice: Option) -> None:
        if self.phase != 5:
            super().receive(g, choice)
            return
        slug = self._offer(g)
        self.asked += (slug,)
        if choice == OPT_DECLINE:
            return
        spend(g, self.by, slug)
        if slug == ASSASSIN:
            # the dice Master Assassin throws away, kept in the log
            g.emit(
                Roll("injury_discarded", g.pid[self.p], self.dice, 0, 0, False, False)
            )
            self.dice = (g.dice.d6(), g.dice.d6())
        else:
            self.extra = 1


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


# -- Furious Outburst ---------------------------------------------------------------


def _free(g: GameState, s: int) -> bool:
    """An empty square she may be placed in: no player, no loose ball, no
    trapdoor.

    Decision: being placed is no move, so (as for Trickster) squares with
    the loose ball or a trapdoor are not offered."""
    loose = g.ball if g.carrier < 0 and not g.ball_air else -1
    return g.board[s] < 0 and s != loose and not g.pitch.flags[s] & F_TRAPDOOR


def _beside(g: GameState, q: int, p: int) -> list[int]:
    """Free squares next to ``q`` (her own square counts when she is next
    to ``q`` already)."""
    here = g.pos[p]
    return [s for s in g.pitch.neighbours[g.pos[q]] if s == here or _free(g, s)]


def outburst_targets(g: GameState, p: int) -> list[int]:
    """Standing opponents up to 3 squares from ``p`` with a square next
    to them she can be placed in.

    Decision: the outburst is declared as her Blitz, so once the Blitz's
    target is nominated (engine.rules.declaring, ``g.act_target``) she may Stab
    only that player."""
    t = g.team[p]
    dist = g.pitch.distance
    here = g.pos[p]
    named = g.act_target
    return [
        q
        for q in range(g.n)
        if g.team[q] != t
        and (named < 0 or q == named)
        and g.box[q] == PITCH
        and g.status[q] == STANDING
        and dist(here, g.pos[q]) <= REACH
        and _beside(g, q, p)
    ]


def outburst_hook(g: GameState, p: int, action: str) -> Proc | None:
    """Activation hook: the offer as a Blitz begins with her Standing."""
    if action == "blitz" and g.status[p] == STANDING and ready(g, p, OUTBURST):
        return FuriousOutburst(p)
    return None


class FuriousOutburst(Proc):
    """Furious Outburst (see the module docstring). Phases: 0 target?, 1 square next to it?,
    2 after the Stab: last square?

    Decisions: "within 3 squares" counts squares as movement does (a
    diagonal is one square); she may be "placed" in her own square when it
    is next to the target or when she stays where the Stab left her; a
    ball she holds goes with her (a touchdown is checked as the activation
    ends); if the Stab leaves her off the pitch or down (a failed Foul
    Appearance roll does not), there is no last placement."""

    __slots__ = ("p", "q")

    def __init__(self, p: int) -> None:
        self.phase = 0
        self.p = p
        self.q = -1

    def _decision(self, opts: tuple[Option, ...], g: GameState, what: str) -> Decision:
        p = self.p
        return Decision(
            g.tname(g.team[p]), "furious_outburst", opts, g.pid[p], info=(what,)
        )

    def step(self, g: GameState) -> Decision | None:
        p = self.p
        if self.phase == 0:
            targets = outburst_targets(g, p)
            if not targets or g.act_over:
                g.stack.pop()
                return None
            opts = tuple(("stab", g.pid[q]) for q in targets) + (OPT_DECLINE,)
            return self._decision(opts, g, "target")
        if self.phase == 1:
            sq = g.pitch.square_opts
            return self._decision(
                tuple(sq[s] for s in _beside(g, self.q, p)), g, "next_to"
            )
        g.act_over = True
        if g.box[p] != PITCH or g.status[p] != STANDING or g.touchdown:
            g.stack.pop()
            return None
        here = g.pos[p]
        dist = g.pitch.distance
        squares = [here] + [
            s for s in range(len(g.board)) if dist(here, s) <= REACH and _free(g, s)
        ]
        sq = g.pitch.square_opts
        self.phase = 3
        return self._decision(tuple(sq[s] for s in squares), g, "away")

    def receive(self, g: GameState, choice: Option) -> None:
        p = self.p
        if self.phase == 0:
            if choice == OPT_DECLINE:
                g.stack.pop()
                return
            self.q = g.idx[choice[1]]
            spend(g, p, OUTBURST)
            self.phase = 1
            return
        self._place(g, choice[1])
        if self.phase == 1:
            self.phase = 2
            q = self.q
            g.stack.append(with_dump_off(g, q, special_block(g, p, q, "stab", False)))
            return
        g.stack.pop()

    def _place(self, g: GameState, sq: int) -> None:
        p = self.p
        frm = g.pos[p]
        if sq != frm:
            g.move(p, sq)
            g.emit(Move(g.pid[p], frm, sq, OUTBURST))


def register(h: Hooks) -> None:
    h.broken_armour_injury += (stab_harm,)
    h.foul_injury += (sneaky_pair_bonus,)


__all__ = [
    "FlashingBlade",
    "FuriousOutburst",
    "StabInjury",
    "blade_hook",
    "outburst_hook",
    "outburst_targets",
    "sneaky_pair_bonus",
    "stab_harm",
]
