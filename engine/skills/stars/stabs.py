"""Star Players' special rules that change the Injury roll of a Stab or a
Foul (star_players.md):

* Toxin Connoisseur (Rashnak Backstabber, once per game): when his Stab
  breaks armour, +1 to the Injury roll, chosen after rolling (decision
  ``use_skill``, "toxin-connoisseur").
* Master Assassin (Skitter Stab-Stab, once per game): when his Stab
  breaks armour, the Injury roll may be re-rolled (decision ``use_skill``,
  "master-assassin").
* A Sneaky Pair (Dribl and Drull, no limit): +1 to the Injury roll of a
  Stab or Foul by either of them against an opponent both of them Mark.

They register on the rule points of the injuries (the Injury roll after a
Stab broke armour) and of a Foul (a bonus to its Injury roll).
"""

from __future__ import annotations

from engine.core.events import Roll
from engine.core.hooks import Hooks
from engine.core.skillbits import BIT
from engine.core.state import Decision, GameState, Option, Proc
from engine.rules.injuries import Harm, injury_result
from engine.skills.stars.limits import has, ready, spend

TOXIN = "toxin-connoisseur"
ASSASSIN = "master-assassin"
PAIR = "a-sneaky-pair"
PAIR_BIT = BIT[PAIR]
# The rules that change the Injury roll of a Stab.
STAB_INJURY = BIT[TOXIN] | BIT[ASSASSIN] | PAIR_BIT

OPT_DECLINE: Option = ("decline",)


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


def register(h: Hooks) -> None:
    h.broken_armour_injury += (stab_harm,)
    h.foul_injury += (sneaky_pair_bonus,)


__all__ = ["StabInjury", "sneaky_pair_bonus", "stab_harm"]
