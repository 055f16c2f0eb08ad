"""Star Players' special rules that act on a roll the star has just made
(star_players.md): re-roll it, add to it, or change what it needs.

* Re-rolls of a failed target-number test (:class:`engine.rules.rolls.Test`),
  offered beside team re-rolls and Pro as ``("star", slug)``:
  Blind Rage (Akhorne's Dauntless roll, no limit), Mesmerising Dance
  (Eldril's Hypnotic Gaze test), The Ballista (Morg's Passing Ability test
  of a Pass or a Throw Team-mate), and the three "any one of his own dice"
  rules: Consummate Professional (Griff), Halfling Luck (Puggy) and
  Thinking Man's Troll (Ripper). The last three also re-roll one block die
  (``("star", slug, i)``, beside Pro's ``("pro", i)``).
* After a failed test is final, a ``use_skill`` decision (options
  ``("use", slug)`` / ``("decline",)``) for the rules that change the
  result: Incorporeal (Gretchen adds her ST to a Dodge die), Strong Passing
  Game (Skrull adds his ST to the die of a Pass) and Swift as the Breeze
  (Jordell's Dodge, Leap or Rush passes on 2+, ignoring modifiers).

Decision ("any one of his own dice"): the engine offers these re-rolls on
every target-number test the star makes (Dodge, Rush, Pick-up, Catch,
Pass, Dauntless, Foul Appearance, Landing, Stand Up, ...) and on his own
block dice when he is the attacker. Other dice (scatter and direction
dice, kick-off tables, Loner and Pro rolls) are not offered; Armour,
Injury and Casualty dice are excluded by the rule itself.

Decision (one re-roll per die): a star re-roll is offered only where a
team re-roll could be, i.e. on the first roll of a test, never after
another re-roll of the same die.

Decision (results that add to the die): Incorporeal and Strong Passing Game
are offered when the final roll of the test failed (after any re-roll,
including Skrull's own free Pass re-roll) and its die is not a natural 1
(a 1 stays a failure, and a fumble for a pass, whatever is added).
Incorporeal is offered only when her ST turns the Dodge into a success;
Strong Passing Game whenever the pass was not accurate (it can still turn a
wildly inaccurate pass into an inaccurate one). Swift as the Breeze is
offered after a failed Dodge, Leap or Rush whose die shows 2 or more.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.core.events import Reroll, Roll
from engine.core.hooks import BlockReroll, Hooks, TestReroll, TestResult
from engine.core.skillbits import BIT
from engine.core.state import GameState, Option
from engine.skills.stars import limits as SR

if TYPE_CHECKING:
    from engine.rules.blocking import Block
    from engine.rules.rolls import Test

ANY_DIE: Final = ("consummate-professional", "halfling-luck", "thinking-mans-troll")
# Re-rolls of a failed test, by the test's purpose.
_REROLL_FOR: Final[dict[str, tuple[str, ...]]] = {
    "dauntless": ("blind-rage",),
    "hypnotic_gaze": ("mesmerising-dance",),
    "pass": ("the-ballista",),
    "throw_team_mate": ("the-ballista",),
}
_ANY_MASK: Final = BIT["consummate-professional"] | BIT["halfling-luck"]
ANY_MASK: Final = _ANY_MASK | BIT["thinking-mans-troll"]
_REROLL_MASK: Final = (
    ANY_MASK | BIT["blind-rage"] | BIT["mesmerising-dance"] | BIT["the-ballista"]
)
_POST_MASK: Final = (
    BIT["incorporeal"] | BIT["strong-passing-game"] | BIT["swift-as-the-breeze"]
)
SWIFT_TESTS: Final = ("dodge", "leap", "rush")
_POST_RULES: Final = ("incorporeal", "strong-passing-game", "swift-as-the-breeze")


def reroll_options(g: GameState, t: Test) -> list[Option]:
    """The star re-rolls player ``t.p`` may use on his failed test ``t``."""
    p = t.p
    if not g.skills[p] & _REROLL_MASK:
        return []
    out: list[Option] = [
        ("star", slug)
        for slug in _REROLL_FOR.get(t.purpose, ())
        if SR.ready(g, p, slug)
    ]
    out += [("star", slug) for slug in ANY_DIE if SR.ready(g, p, slug)]
    return out


def use_reroll(g: GameState, t: Test, choice: Option) -> bool:
    """Spend the star re-roll ``choice`` when it is one (the caller then
    re-rolls)."""
    if choice[0] != "star":
        return False
    p = t.p
    slug = str(choice[1])
    SR.spend(g, p, slug)
    g.emit(Reroll(g.tname(g.team[p]), g.pid[p], slug, t.purpose))
    return True


def post_options(g: GameState, t: Test) -> tuple[Option, ...]:
    """The rules that may still change the failed final result of ``t``."""
    p = t.p
    if not g.skills[p] & _POST_MASK or t.die == 1:
        return ()
    out: list[Option] = []
    if (
        t.purpose == "dodge"
        and SR.ready(g, p, "incorporeal")
        and t.die + g.st[p] + t.mod >= t.target
    ):
        out.append(("use", "incorporeal"))
    if t.purpose == "pass" and SR.ready(g, p, "strong-passing-game"):
        out.append(("use", "strong-passing-game"))
    if t.purpose in SWIFT_TESTS and SR.ready(g, p, "swift-as-the-breeze"):
        out.append(("use", "swift-as-the-breeze"))
    return tuple(out)


def use_post(g: GameState, t: Test, choice: Option) -> bool | None:
    """Apply the chosen rule to the failed test ``t``; the new result (None:
    not one of these rules). Adding ST raises ``t.die`` (so a Pass reads the
    higher die)."""
    slug = str(choice[1])
    if slug not in _POST_RULES:
        return None
    p = t.p
    SR.spend(g, p, slug)
    die = t.die
    if slug == "swift-as-the-breeze":
        ok = die >= 2
        g.emit(Roll(t.purpose, g.pid[p], (die,), 2, 0, ok, False))
        return ok
    st = g.st[p]
    ok = die + st + t.mod >= t.target
    t.die = die + st
    g.emit(Roll(t.purpose, g.pid[p], (die,), t.target, t.mod + st, ok, False))
    return ok


def block_options(g: GameState, b: Block) -> list[Option]:
    """Re-rolls of one of the block's dice by an "any die" star attacker."""
    att = b.att
    if not g.skills[att] & ANY_MASK:
        return []
    n = len(b.dice)
    return [
        ("star", slug, i)
        for slug in ANY_DIE
        if SR.ready(g, att, slug)
        for i in range(n)
    ]


def reroll_block_die(g: GameState, b: Block, choice: Option) -> bool:
    """Spend the rule and re-roll the chosen block die (when the choice is
    one of these rules')."""
    if choice[0] != "star":
        return False
    att = b.att
    slug = str(choice[1])
    SR.spend(g, att, slug)
    g.emit(Reroll(g.tname(g.team[att]), g.pid[att], slug, "block"))
    out = list(b.dice)
    out[int(choice[2])] = g.dice.block()
    b.dice = tuple(out)
    b.emit_dice(g)
    return True


def register(h: Hooks) -> None:
    h.test_rerolls += (TestReroll(reroll_options, use_reroll),)
    h.test_result += (TestResult(post_options, use_post),)
    h.block_rerolls += (BlockReroll(block_options, reroll_block_die),)
