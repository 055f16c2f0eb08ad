"""Star Players' special rules, group a, that act on movement, passing,
throwing and armour (star_players.md). The core procedures call these at
one point each:

* Burst of Speed (Roxanna, once per game): a third Rush in one activation
  (``movement.rush_limit``; spent by the move that needs it).
* Bounding Leap (Rowana, once per game): declared after a Leap is chosen,
  before its test: the test ignores negative modifiers and may be re-rolled
  (``movement.Step``).
* Shot to Nothing (Gloriel, once per game): announced when she is activated
  for a Pass: she has Hail Mary Pass for that action (an activation hook;
  ``passing.PassAction`` asks :func:`has_hail_mary`).
* Blast It! (Barik, once per game): on a Hail Mary Pass, the scatter may be
  re-rolled, and a team-mate catching the ball adds +1 (``PassAction``).
* Yoink! (Scrappa, once per game): tried instead of the interference test:
  2+ intercepts outright (``PassAction``).
* Reliable (Deeproot, no limit): a team-mate he fumbles bounces as usual
  but lands safely (``throw_team_mate``).
* Whirling Dervish (Fungus, once per activation): the D6 of a Ball & Chain
  direction may be re-rolled (``secret_weapons.BallAndChainMove``).
"""

from __future__ import annotations

from typing import Final

from engine.core.events import Reroll, Roll
from engine.core.skillbits import BIT
from engine.core.state import Decision, GameState, Option, Proc
from engine.skills.stars import limits as SR

BURST: Final = BIT["burst-of-speed"]
BOUNDING_LEAP: Final = BIT["bounding-leap"]
SHOT: Final = BIT["shot-to-nothing"]
BLAST_IT: Final = BIT["blast-it"]
YOINK: Final = BIT["yoink"]
RELIABLE: Final = BIT["reliable"]
DERVISH: Final = BIT["whirling-dervish"]
OPT_DECLINE: Final[Option] = ("decline",)


def _activation(g: GameState) -> tuple[int, int, int, int]:
    return (g.half, g.active, g.turn[g.active], g.activations)


def offer(g: GameState, p: int, slug: str, *extra: Option) -> Decision:
    """A ``use_skill`` decision for player ``p``'s special rule ``slug``:
    ``("use", slug)`` (or the ``extra`` ways of using it) or decline."""
    opts = extra if extra else (("use", slug),)
    return Decision(
        g.tname(g.team[p]),
        "use_skill",
        opts + (OPT_DECLINE,),
        g.pid[p],
        info=(slug,),
    )


# -- Burst of Speed ----------------------------------------------------------


def _burst_key(g: GameState, p: int) -> str:
    return f"burst_of_speed_act:{g.pid[p]}"


def burst_rushes(g: GameState, p: int) -> int:
    """Burst of Speed: one more Rush while it is unused, and for the rest of
    the activation in which it was used.

    Decision: it is used by choosing a move that needs the third Rush (the
    rule lets her decide after the second Rush); it is spent then, before
    that Rush is rolled."""
    if not g.skills[p] & BURST:
        return 0
    if SR.ready(g, p, "burst-of-speed"):
        return 1
    return 1 if g.effects.get(_burst_key(g, p)) == _activation(g) else 0


def burst_spent(g: GameState, p: int, limit: int) -> None:
    """After a move counted its Rushes: the Rush that reaches ``limit``
    (which includes Burst of Speed's) spends it."""
    if (
        g.skills[p] & BURST
        and g.act_rushes >= limit
        and SR.ready(g, p, "burst-of-speed")
    ):
        SR.spend(g, p, "burst-of-speed")
        g.effects[_burst_key(g, p)] = _activation(g)


# -- Bounding Leap -----------------------------------------------------------


def bounding_leap(g: GameState, p: int) -> Decision | None:
    """Offer Bounding Leap before the test of a Leap, if she has it."""
    if g.skills[p] & BOUNDING_LEAP and SR.ready(g, p, "bounding-leap"):
        return offer(g, p, "bounding-leap")
    return None


# -- Shot to Nothing ---------------------------------------------------------


def _shot_key(g: GameState, p: int) -> str:
    return f"shot_to_nothing_act:{g.pid[p]}"


class ShotToNothing(Proc):
    """Gloriel is activated for a Pass: her coach may announce Shot to
    Nothing (Hail Mary Pass for this action)."""

    __slots__ = ("p",)

    def __init__(self, p: int) -> None:
        self.phase = 0
        self.p = p

    def step(self, g: GameState) -> Decision | None:
        return offer(g, self.p, "shot-to-nothing")

    def receive(self, g: GameState, choice: Option) -> None:
        p = self.p
        if choice[0] == "use":
            SR.spend(g, p, "shot-to-nothing")
            g.effects[_shot_key(g, p)] = _activation(g)
        g.stack.pop()


def shot_to_nothing_hook(g: GameState, p: int, action: str) -> Proc | None:
    """Activation hook: offered when she is activated for a Pass action.

    Decision: offered at every Pass activation while unused, whether or not
    she holds the ball yet (she may pick it up during the action); once
    announced it is spent, even if she never throws."""
    if action == "pass" and SR.ready(g, p, "shot-to-nothing"):
        return ShotToNothing(p)
    return None


def has_hail_mary(g: GameState, p: int) -> bool:
    """Shot to Nothing was announced for this activation."""
    return bool(g.skills[p] & SHOT) and g.effects.get(_shot_key(g, p)) == _activation(g)


# -- Blast It! ---------------------------------------------------------------


def _blast_key(g: GameState, p: int) -> str:
    return f"blast_it_pass:{g.pid[p]}"


def blast_it(g: GameState, p: int) -> Decision | None:
    """After the scatter of Barik's Hail Mary Pass: re-roll it (``reroll``)
    or keep it (``keep``, for the catching bonus alone), or decline.

    Decision: the re-roll covers all the dice that placed the ball (the
    three scatter D8s, or the D8 and D6 of a wildly inaccurate pass), and
    the +1 goes to a team-mate's catch of that ball wherever it lands
    (an opponent catching it gets nothing)."""
    if g.skills[p] & BLAST_IT and SR.ready(g, p, "blast-it"):
        return offer(
            g, p, "blast-it", ("use", "blast-it", "reroll"), ("use", "blast-it", "keep")
        )
    return None


def use_blast_it(g: GameState, p: int, choice: Option) -> bool:
    """Spend Blast It!; True when the scatter is to be re-rolled."""
    if choice[0] != "use":
        return False
    SR.spend(g, p, "blast-it")
    g.effects[_blast_key(g, p)] = _activation(g)
    if choice[2] == "reroll":
        g.emit(Reroll(g.tname(g.team[p]), g.pid[p], "blast-it", "hail_mary"))
        return True
    return False


def blast_it_catch(g: GameState, p: int, catcher: int) -> int:
    """+1 to a team-mate's catch of Barik's Blast It! pass."""
    if (
        catcher >= 0
        and g.skills[p] & BLAST_IT
        and g.team[catcher] == g.team[p]
        and g.effects.get(_blast_key(g, p)) == _activation(g)
    ):
        return 1
    return 0


# -- Yoink! ------------------------------------------------------------------


def yoink_options(g: GameState, cands: list[int]) -> tuple[Option, ...]:
    """Interference with Yoink!, for a candidate who may use it."""
    return tuple(
        ("interfere_yoink", g.pid[q])
        for q in cands
        if g.skills[q] & YOINK and SR.ready(g, q, "yoink")
    )


def yoink(g: GameState, q: int) -> bool:
    """Spend Yoink! and roll: 2+ intercepts without a test.

    Decision: on a 1 the ordinary interference test is still made (the roll
    only decides whether the test is skipped)."""
    SR.spend(g, q, "yoink")
    d = g.dice.d6()
    ok = d >= 2
    g.emit(Roll("yoink", g.pid[q], (d,), 2, 0, ok, False))
    return ok


# -- Reliable ----------------------------------------------------------------


def reliable(g: GameState, p: int) -> bool:
    """Whether thrower ``p``'s fumbled team-mate lands safely (and say so).

    Decision: "lands safely" means no Landing test is rolled and the
    landing succeeds; a bounce into the crowd or onto another player still
    follows the ordinary rules."""
    if g.skills[p] & RELIABLE:
        SR.spend(g, p, "reliable")
        return True
    return False


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
