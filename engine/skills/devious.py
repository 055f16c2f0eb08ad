"""Devious skills, Blood Bowl 2025's new category (shared/rules/bb2025/
skills.md "Devious"), and the rules of the new ones at the rule points:

* Eye Gouge (``target_pushed``, ``assist_barred``, ``action_declared``): an
  opponent this player's block pushes back gives no assist, to a block or
  a foul, until he is next activated (only the block's target, not a
  chain-pushed player; Stand Firm, no push, no gouge).
* Put the Boot In (``marked_assist``): gives offensive assists to Fouls
  while Marked; an opponent with Defensive Marking him switches it off in
  his team's turn.
* Lone Fouler (``armour_reroll``): a Foul with no offensive and no
  defensive assist may re-roll its Armour roll when it did not break the
  armour; re-rolling away a double avoids the Sending-off (FAQ).
* Quick Foul (``foul_goes_on``): the activation does not end with the
  Foul.
* Violent Innovator (``casualty_credit``): a casualty this player causes in
  his own activation other than by a Block or a Foul (his Special actions)
  is credited to him.

Decision (Lone Fouler): once per Foul (FFB: once per turn; a player fouls
once a turn but where a rule grants another Foul), and only the Armour roll,
both dice, when it did not break the armour.

Decision (Eye Gouge): the gouge lasts until the player is next activated
or the drive ends.

Decision (Violent Innovator): every casualty the player causes during his
own activation that no other rule credits (a Block's is credited anyway; a
Foul's never is) counts as his: the Special actions a trait grants (Stab,
Chainsaw, Projectile Vomit, Breathe Fire, a Bomb) are the ways he has.

Saboteur, Pile Driver, Dirty Player, Sneaky Git and Shadowing keep their
own modules (Saboteur: :mod:`engine.skills.going_down`); Fumblerooski is
BB2020's Fumblerooskie in a Move action only (``movement.move_options``);
Lethal Flight is part of the Throw Team-mate landing
(``throw_team_mate.Land``).
"""

from __future__ import annotations

from engine.core import skillbits as S
from engine.core.events import Reroll, SkillUsed
from engine.core.hooks import ArmourReroll, Hooks
from engine.core.state import PITCH, Decision, GameState, Option
from engine.rules.block_strength import count_assists, defensive
from engine.rules.injuries import Harm
from engine.skills.base import SkillSpec

EYE_GOUGE = S.BIT["eye-gouge"]
PUT_THE_BOOT_IN = S.BIT["put-the-boot-in"]
LONE_FOULER = S.BIT["lone-fouler"]
QUICK_FOUL = S.BIT["quick-foul"]
VIOLENT_INNOVATOR = S.BIT["violent-innovator"]
_USE_LONE: Option = ("use", "lone-fouler")
_DECLINE: Option = ("decline",)

SKILLS: tuple[SkillSpec, ...] = (
    SkillSpec(
        "eye-gouge",
        "devious",
        EYE_GOUGE,
        "devious: target_pushed / assist_barred - a pushed target gives no assists",
    ),
    SkillSpec(
        "fumblerooski",
        "devious",
        S.BIT["fumblerooski"],
        "movement.move_options / Step: leave the ball behind, in a Move action",
    ),
    SkillSpec(
        "lethal-flight",
        "devious",
        S.BIT["lethal-flight"],
        "throw_team_mate.Land: +1 armour or injury on an opponent landed on; CAS",
    ),
    SkillSpec(
        "lone-fouler",
        "devious",
        LONE_FOULER,
        "devious: armour_reroll - re-roll an unassisted Foul's armour",
    ),
    SkillSpec(
        "put-the-boot-in",
        "devious",
        PUT_THE_BOOT_IN,
        "devious: marked_assist - offensive Foul assists while Marked",
    ),
    SkillSpec(
        "quick-foul",
        "devious",
        QUICK_FOUL,
        "devious: foul_goes_on - the activation goes on after the Foul",
    ),
    SkillSpec(
        "saboteur",
        "devious",
        S.BIT["saboteur"],
        "going_down: before_armour - 4+: the blocker down, this player KO'd",
    ),
    SkillSpec(
        "violent-innovator",
        "devious",
        VIOLENT_INNOVATOR,
        "devious: casualty_credit - Special actions' casualties are his",
    ),
)


def _gouged(g: GameState, p: int) -> str:
    return f"eye_gouged_{g.pid[p]}_drive"


def eye_gouge(g: GameState, att: int, dfn: int) -> None:
    """The block of ``att`` pushed ``dfn`` back: gouged, if ``att`` has Eye
    Gouge (and may use it: Standing, with his Tackle Zone)."""
    if g.skills[att] & EYE_GOUGE and g.has_tz(att) and g.team[att] != g.team[dfn]:
        g.effects[_gouged(g, dfn)] = True
        g.emit(SkillUsed(g.pid[att], "eye-gouge"))


def gouged_assist(g: GameState, h: int, foul: bool) -> bool:
    """A gouged player gives no assist, to a block or a foul."""
    return _gouged(g, h) in g.effects


def activated(g: GameState, p: int, action: str) -> None:
    """A gouged player's activation ends the gouge."""
    g.effects.pop(_gouged(g, p), None)


def boot_in(g: GameState, h: int, foul: bool) -> bool:
    """Put the Boot In: an offensive Foul assist while Marked, unless an
    opponent with Defensive Marks him (in his own team's turn)."""
    return (
        foul
        and bool(g.skills[h] & PUT_THE_BOOT_IN)
        and g.team[h] == g.active
        and not defensive(g, g.pos[h], g.team[h])
    )


def lone_fouler(
    g: GameState, h: Harm, dice: tuple[int, int], broken: bool
) -> Decision | None:
    """Offer Lone Fouler's re-roll of an unassisted Foul's Armour roll that
    did not break the armour."""
    p, v = h.by, h.p
    if not h.foul or broken or h.rerolled is not None or p < 0:
        return None
    if not g.skills[p] & LONE_FOULER or g.box[p] != PITCH:
        return None
    tp, tv = g.team[p], g.team[v]
    if count_assists(g, tp, v, v, p, False) or count_assists(g, tv, p, p, v, False):
        return None
    return Decision(
        g.tname(tp), "use_skill", (_USE_LONE, _DECLINE), g.pid[p], info=("lone-fouler",)
    )


def use_lone_fouler(
    g: GameState, h: Harm, dice: tuple[int, int], choice: Option
) -> tuple[int, int] | None:
    """Re-roll the Armour roll (both dice)."""
    if choice != _USE_LONE:
        return None
    g.emit(Reroll(g.tname(g.team[h.by]), g.pid[h.by], "lone-fouler", "armour"))
    return g.dice.d6(), g.dice.d6()


def quick_foul(g: GameState, p: int) -> bool:
    """Quick Foul: the activation goes on after the Foul."""
    if g.skills[p] & QUICK_FOUL:
        g.emit(SkillUsed(g.pid[p], "quick-foul"))
        return True
    return False


def violent_innovator(g: GameState, h: Harm) -> bool:
    """Violent Innovator: a casualty of an opponent caused in the player's
    own activation, not by a Foul."""
    by = h.by
    return (
        bool(g.skills[by] & VIOLENT_INNOVATOR)
        and by == g.act_player
        and not h.foul
        and not h.crowd
        and g.team[by] != g.team[h.p]
    )


def register(h: Hooks) -> None:
    h.target_pushed += (eye_gouge,)
    h.assist_barred += (gouged_assist,)
    h.action_declared += (activated,)
    h.marked_assist += (boot_in,)
    h.armour_reroll += (ArmourReroll(lone_fouler, use_lone_fouler),)
    h.foul_goes_on += (quick_foul,)
    h.casualty_credit += (violent_innovator,)
