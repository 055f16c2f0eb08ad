"""Star Players' special rules that act on a pass, a throw or a catch
(star_players.md):

* Shot to Nothing (Gloriel Summerbloom, once per game): announced when she
  is activated for a Pass: she has Hail Mary Pass for that action (an
  activation hook; rule point ``hail_mary``).
* Blast It! (Barik Farblast, once per game): on a Hail Mary Pass, the
  scatter may be re-rolled, and a team-mate catching the ball adds +1
  (rule points ``hail_mary_scattered``, ``pass_catch``).
* Yoink! (Scrappa Sorehead, once per game): tried instead of the
  interference test: 2+ intercepts outright (rule point ``interference``).
* Reliable (Deeproot Strongbranch, no limit): a team-mate he fumbles
  bounces as usual but lands safely (rule point ``fumbled_team_mate``).
* Quick Bite (Guffle Pussmaw, once per game): an opponent he Marks catches
  the ball: an unmodified Armour roll against it; broken, the ball is his
  (no Turnover: rule points ``ball_caught``, ``ball_stolen``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.core.events import Armour, BallCaught, Reroll, Roll
from engine.core.hooks import Hooks, Interference, PassAsk
from engine.core.skillbits import BIT
from engine.core.state import Decision, GameState, Option, Proc
from engine.rules.ball import check_touchdown
from engine.rules.injuries import KnockDown
from engine.skills.stars import limits as SR
from engine.skills.stars.limits import offer

if TYPE_CHECKING:
    from engine.rules.passing import PassAction

SHOT: Final = BIT["shot-to-nothing"]
BLAST_IT: Final = BIT["blast-it"]
YOINK: Final = BIT["yoink"]
RELIABLE: Final = BIT["reliable"]
QUICK_BITE: Final = "quick-bite"
QUICK_BITE_BIT: Final = BIT[QUICK_BITE]
OPT_DECLINE: Final[Option] = ("decline",)
_BITTEN: Final = "quick_bite_stole"  # the ball was bitten away: no Turnover


def _activation(g: GameState) -> tuple[int, int, int, int]:
    return (g.half, g.active, g.turn[g.active], g.activations)


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


def blast_it(g: GameState, pa: PassAction) -> Decision | None:
    """After the scatter of Barik's Hail Mary Pass: re-roll it (``reroll``)
    or keep it (``keep``, for the catching bonus alone), or decline.

    Decision: the re-roll covers all the dice that placed the ball (the
    three scatter D8s, or the D8 and D6 of a wildly inaccurate pass), and
    the +1 goes to a team-mate's catch of that ball wherever it lands
    (an opponent catching it gets nothing)."""
    p = pa.p
    if g.skills[p] & BLAST_IT and SR.ready(g, p, "blast-it"):
        return offer(
            g, p, "blast-it", ("use", "blast-it", "reroll"), ("use", "blast-it", "keep")
        )
    return None


def use_blast_it(g: GameState, pa: PassAction, choice: Option) -> bool:
    """Spend Blast It!; True when the scatter is to be re-rolled."""
    if choice[0] != "use":
        return False
    p = pa.p
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


def yoink(g: GameState, q: int, choice: Option) -> bool:
    """When ``q`` interferes with Yoink!, spend it and roll: 2+ intercepts
    without a test.

    Decision: on a 1 the ordinary interference test is still made (the roll
    only decides whether the test is skipped)."""
    if choice[0] != "interfere_yoink":
        return False
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


# -- Quick Bite --------------------------------------------------------------


def quick_bite(g: GameState, p: int) -> Proc | None:
    """Player ``p`` has caught the ball (ball.Catch): the Quick Bite of a
    ready Guffle Marking it, if any."""
    t = g.team[p]
    for s in g.pitch.neighbours[g.pos[p]]:
        q = g.board[s]
        if (
            q >= 0
            and g.skills[q] & QUICK_BITE_BIT
            and g.team[q] != t
            and g.has_tz(q)
            and SR.ready(g, q, QUICK_BITE)
        ):
            return QuickBite(q, p)
    return None


class QuickBite(Proc):
    """Guffle ``q`` may bite catcher ``p``: an unmodified Armour roll; when
    it breaks, the ball is Guffle's and ``p`` is laid Prone with an
    unmodified Injury roll (as after a Stab). A touchdown is checked
    afterwards for whoever holds the ball.

    Decision: the bite is the coach's choice (once per game). Decision:
    after a broken armour the catcher goes down as after a Stab (the rule
    asks an Injury roll, which a Standing player cannot take)."""

    __slots__ = ("q", "p")

    def __init__(self, q: int, p: int) -> None:
        self.phase = 0
        self.q = q
        self.p = p

    def step(self, g: GameState) -> Decision | None:
        if self.phase == 0:
            self.phase = 1
            return Decision(
                g.tname(g.team[self.q]),
                "quick_bite",
                (("use", QUICK_BITE, g.pid[self.p]), OPT_DECLINE),
                g.pid[self.q],
                info=(QUICK_BITE,),
            )
        g.stack.pop()
        c = g.carrier
        if c >= 0:
            check_touchdown(g, c)
        return None

    def receive(self, g: GameState, choice: Option) -> None:
        if choice == OPT_DECLINE:
            return
        q, p = self.q, self.p
        SR.spend(g, q, QUICK_BITE)
        d1, d2 = g.dice.d6(), g.dice.d6()
        av = g.av[p]
        broken = g.variant.armour_broken(d1 + d2, av)
        g.emit(Armour(g.pid[p], (d1, d2), 0, av, broken))
        if broken:
            g.carrier = q
            g.emit(BallCaught(g.pid[q], g.pos[q], QUICK_BITE))
            g.effects[_BITTEN] = _bite_time(g)
            g.stack.append(KnockDown(p, "quick_bite", by=q))


def _bite_time(g: GameState) -> tuple[int, ...]:
    t = g.active
    return (g.half, t, g.turn[t] if t >= 0 else 0, g.activations)


def bitten(g: GameState) -> bool:
    """Whether the ball a pass or hand-off reached was bitten away by
    Quick Bite in this activation (then no Turnover: passing); clears the
    mark, so a mark left by a catch outside a pass or hand-off (a bounce)
    never outlives the activation it was made in."""
    mark = g.effects.pop(_BITTEN, None)
    return mark is not None and mark == _bite_time(g)


def register(h: Hooks) -> None:
    h.hail_mary += (has_hail_mary,)
    h.hail_mary_scattered += (PassAsk(blast_it, use_blast_it),)
    h.pass_catch += (blast_it_catch,)
    h.interference += (Interference(yoink_options, yoink),)
    h.fumbled_team_mate += (reliable,)
    h.ball_caught += (quick_bite,)
    h.ball_stolen += (bitten,)
