"""Star Players' special rules that act on the Armour and Injury rolls of a
knock-down (star_players.md): Brutal Block, Slayer, Dwarfen Scourge,
Crushing Blow, Ram (a bonus added after seeing the dice), Savage Mauling
(a re-roll of the Injury roll), Old Pro (Pro on one Armour die) and Pump Up
the Crowd (a team re-roll for a Casualty). They register on the rule points
of :class:`engine.rules.injuries.Harm`: an Armour roll that did not break
(a bonus), an Armour roll made (a re-roll), an Injury roll (a bonus or a
re-roll), a Casualty.

Decisions:

- "His Block action Knocks Down an opponent" covers every knock-down the
  block itself causes (Pow, Stumble, Both Down; on its own, in a Blitz or
  as Frenzy's second block), i.e. the Harm the block credits to the star.
  A player pushed into the crowd is not Knocked Down, so these bonuses do
  not apply to Injury by the Crowd (nor does Brutal Block, whose "rolled
  for injury as a result of that Block" we read the same way).
- The bonus is offered only when it changes the result (an Armour roll it
  would break, an Injury roll whose result it would change): spending a
  once-per-game rule for nothing is never a sensible choice. When an
  unused Mighty Blow could not break the armour alone but can with the
  star's bonus, both go on the Armour roll.
- Armour bonuses respect Iron Hard Skin (no modified Armour rolls against
  that player); rolls that may not be modified (Projectile Vomit, Stab,
  Chainsaw) get no bonus.
- The roll is reported (Armour / Injury event) once the coach has decided,
  with the modifier finally applied; a Savage Mauling re-roll reports the
  first Injury roll, the re-roll, then the second roll.
- Dwarfen Scourge's +2: a Dwarf is a player of a Dwarf team (the
  Deathroller's crew are Dwarfs), a player of any other team whose
  position is a Dwarf one (the Chaos Dwarf Blocker and Flamesmith, not the
  Hobgoblins, Bull Centaurs or Minotaurs; the Old World Alliance's Dwarf
  Blitzer, Blocker, Runner and Troll Slayer: "a Dwarf (any team)"), Josef
  Bugman, or one of the Dwarf Star Players (Barik Farblast, Grim Ironjaw,
  Grombrindal, Skrull Halfheight). Against a Dwarf the bonus is always +2
  (it is never worse).
- Savage Mauling: any Injury roll against an opposing player that
  Wilhelm caused (a block's knock-down, a foul), offered whatever the
  result; the second roll stands. On a foul, doubles on the first roll
  still get him Sent-off (the re-roll does not undo a roll made).
- Pump Up the Crowd is used automatically (a free team re-roll is never a
  loss) when the opponent his block Knocked Down ends in the Casualty box
  (a Casualty patched up by Regeneration or an apothecary's return to the
  Reserves does not count). The re-roll is one of the team's drive-long
  extra re-rolls (as Brilliant Coaching's), which go at the end of the
  drive.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.core import skillbits as S
from engine.core.events import Armour, Injury, Reroll
from engine.core.hooks import ArmourAsk, ArmourReroll, Hooks, InjuryAsk
from engine.core.state import PF_PRO_USED, Decision, GameState, Option
from engine.rules.rolls import can_use_pro, gain_drive_reroll, try_pro
from engine.skills.stars.limits import has, ready, spend

if TYPE_CHECKING:
    from engine.rules.injuries import Harm

IRON_HARD_SKIN = S.BIT["iron-hard-skin"]
# Rules adding to the Armour roll, and to the Injury roll, of an opponent
# the star's block Knocked Down.
ARMOUR_RULES: Final = ("crushing-blow", "ram", "slayer", "dwarfen-scourge")
INJURY_RULES: Final = ("brutal-block", "ram", "slayer", "dwarfen-scourge")
_ARMOUR_MASK = 0
for _s in ARMOUR_RULES:
    _ARMOUR_MASK |= S.BIT[_s]
_INJURY_MASK = S.BIT["savage-mauling"]
for _s in INJURY_RULES:
    _INJURY_MASK |= S.BIT[_s]
DWARF_STARS: Final = frozenset(
    {"barik-farblast", "grim-ironjaw", "grombrindal", "skrull-halfheight"}
)
# The Dwarf positions of the rosters other than Dwarf (every player of a
# Dwarf team is a Dwarf): the Chaos Dwarfs' own, and the Old World
# Alliance's.
DWARF_POSITIONS: Final = frozenset(
    {
        "chaos-dwarf-blocker",
        "chaos-dwarf-flamesmith",
        "old-world-dwarf-blitzer",
        "old-world-dwarf-blocker",
        "old-world-dwarf-runner",
        "old-world-dwarf-troll-slayer",
    }
)
OLD_PRO: Final = S.BIT["old-pro"]
_OPT_DECLINE: Option = ("decline",)


def is_dwarf(g: GameState, q: int) -> bool:
    """Whether player ``q`` is a Dwarf (see the module's Decisions)."""
    pos = g.sheet(q).position
    if pos.startswith("star:"):
        return pos[5:] in DWARF_STARS
    if pos == "Josef Bugman":
        return True
    return g.sheets[g.team[q]].roster == "dwarf" or pos in DWARF_POSITIONS


def _bonus(g: GameState, att: int, victim: int, slug: str) -> int:
    """The bonus ``slug`` gives ``att`` against ``victim`` now (0: none)."""
    if not ready(g, att, slug):
        return 0
    if slug == "slayer":
        return 1 if g.st[victim] >= 5 else 0
    if slug == "dwarfen-scourge":
        return 2 if is_dwarf(g, victim) else 1
    return 1


def _ask(g: GameState, att: int, slug: str, *info: object) -> Decision:
    return Decision(
        g.tname(g.team[att]),
        "use_skill",
        (("use", slug), _OPT_DECLINE),
        g.pid[att],
        info=(slug, *info),
    )


def armour_bonus(
    g: GameState, h: Harm, dice: tuple[int, int], mod: int, av: int
) -> Decision | None:
    """The star's decision to add his bonus to an Armour roll that did not
    break the armour (None when he cannot, or it would not break it)."""
    att, victim = h.by, h.p
    if (
        att < 0
        or not h.credit
        or h.no_mod
        or not g.skills[att] & _ARMOUR_MASK
        or g.skills[victim] & IRON_HARD_SKIN
    ):
        return None
    for slug in ARMOUR_RULES:
        if not has(g, att, slug):
            continue
        bonus = _bonus(g, att, victim, slug)
        if bonus and g.variant.armour_broken(sum(dice) + mod + h.mb + bonus, av):
            h.pending = (slug, dice, mod, av, bonus)
            return _ask(g, att, slug, "armour", dice, mod, av)
    return None


def injury_choice(
    g: GameState, h: Harm, dice: tuple[int, int], mod: int
) -> Decision | None:
    """The star's decision on an Injury roll he caused: add his bonus
    (when it changes the result) or re-roll it (Savage Mauling)."""
    att, victim = h.by, h.p
    if (
        att < 0
        or h.crowd
        or not g.skills[att] & _INJURY_MASK
        or g.team[att] == g.team[victim]
    ):
        return None
    total = sum(dice) + mod
    result = h.table_result(g, total)
    if ready(g, att, "savage-mauling"):
        h.pending = ("savage-mauling", dice, mod, 0, 0)
        return _ask(g, att, "savage-mauling", "injury", dice, mod, result)
    if not h.credit or h.no_mod:
        return None
    for slug in INJURY_RULES:
        if not has(g, att, slug):
            continue
        bonus = _bonus(g, att, victim, slug)
        if bonus and h.table_result(g, total + bonus) != result:
            h.pending = (slug, dice, mod, 0, bonus)
            return _ask(g, att, slug, "injury", dice, mod, result)
    return None


def _pending(h: Harm) -> tuple[str, tuple[int, int], int, int, int]:
    """What :func:`armour_bonus` or :func:`injury_choice` asked about."""
    slug, dice, mod, av, bonus = h.pending
    h.pending = ()
    assert isinstance(slug, str)
    assert isinstance(dice, tuple)
    assert isinstance(mod, int)
    assert isinstance(av, int)
    assert isinstance(bonus, int)
    return slug, dice, mod, av, bonus


def armour_choice(g: GameState, h: Harm, choice: Option) -> bool:
    """Apply the coach's answer to :func:`armour_bonus` and report the
    Armour roll; whether the armour is broken."""
    slug, dice, mod, av, bonus = _pending(h)
    p = h.p
    if choice[0] == "use":
        spend(g, h.by, slug)
        g.emit(Armour(g.pid[p], dice, mod + h.mb + bonus, av, True))
        h.mb = 0
        return True
    g.emit(Armour(g.pid[p], dice, mod, av, False))
    return False


def injury_answer(g: GameState, h: Harm, choice: Option) -> None:
    """Apply the coach's answer to :func:`injury_choice`, then the Injury
    roll."""
    slug, dice, mod, _, bonus = _pending(h)
    use = choice[0] == "use"
    att, p = h.by, h.p
    if use:
        spend(g, att, slug)
    if use and slug == "savage-mauling":
        if h.foul and dice[0] == dice[1]:
            g.effects["foul_doubles"] = True  # a re-roll does not undo doubles
        g.emit(Injury(g.pid[p], dice, mod, h.table_result(g, sum(dice) + mod)))
        g.emit(Reroll(g.tname(g.team[att]), g.pid[att], slug, "injury"))
        dice = (g.dice.d6(), g.dice.d6())
    elif use:
        mod += bonus
    h.injury_result(g, dice, mod)


# -- Old Pro -------------------------------------------------------------------


def old_pro(
    g: GameState, h: Harm, dice: tuple[int, int], broken: bool
) -> Decision | None:
    """Offer Old Pro on the Armour roll ``dice`` against player ``h.p``.

    Decision: Old Pro is Pro applied to an Armour roll, so it follows Pro:
    only during Helmut's own activation, and not when he has used Pro in it
    (but also when he lies Prone after falling: the roll is his own armour).
    It is offered when the roll went against him: armour he caused to be
    rolled (``h.by``) against an opponent that did not break, or his own
    armour that broke. Either die may be chosen; Pro's 3+ roll decides
    whether the re-roll happens. His Chainsaw Attack's Armour roll and its
    kick-back's are Armour rolls too
    (:class:`engine.rules.secret_weapons.ChainsawArmour`)."""
    p, by = h.p, h.by
    star = g.act_player
    if star < 0 or not g.skills[star] & OLD_PRO:
        return None
    if not (
        (star == by and g.team[p] != g.team[star] and not broken)
        or (star == p and broken)
    ):
        return None
    if not ready(g, star, "old-pro") or not g.skills[star] & S.PRO:
        return None
    if g.pflags[star] & PF_PRO_USED or (star != p and not can_use_pro(g, star)):
        return None
    return Decision(
        g.tname(g.team[star]),
        "use_skill",
        (("use", "old-pro", 0), ("use", "old-pro", 1), _OPT_DECLINE),
        g.pid[star],
        info=("old-pro", dice),
    )


def use_old_pro(
    g: GameState, h: Harm, dice: tuple[int, int], choice: Option
) -> tuple[int, int] | None:
    """Spend Old Pro; roll for Pro and re-roll the chosen die on a 3+ (the
    new dice), else None."""
    star = g.act_player
    spend(g, star, "old-pro")
    if not try_pro(g, star, "armour"):
        return None
    d = g.dice.d6()
    return (d, dice[1]) if choice[2] == 0 else (dice[0], d)


def pump_up_the_crowd(g: GameState, p: int, by: int) -> None:
    """Pump Up the Crowd: the player ``by``'s block (-1: none) has just put
    the opponent ``p`` in the Casualty box."""
    if by >= 0 and ready(g, by, "pump-up-the-crowd"):
        spend(g, by, "pump-up-the-crowd")
        gain_drive_reroll(g, g.team[by])


def register(h: Hooks) -> None:
    h.armour_roll += (ArmourAsk(armour_bonus, armour_choice),)
    h.armour_reroll += (ArmourReroll(old_pro, use_old_pro),)
    h.injury_roll += (InjuryAsk(injury_choice, injury_answer),)
    h.casualty += (pump_up_the_crowd,)
