"""Star Players' special rules (group b) that act on the Armour and Injury
rolls of a knock-down (star_players.md): Brutal Block, Slayer, Dwarfen
Scourge, Crushing Blow, Ram (a bonus added after seeing the dice), Savage
Mauling (a re-roll of the Injury roll) and Pump Up the Crowd (a team
re-roll for a Casualty). :class:`engine.rules.injuries.Harm` calls
:func:`armour_bonus` and :func:`injury_choice` before it reports a roll
that a star may still change, :func:`star_choice` with the coach's answer,
and :func:`pump_up_the_crowd` when a player goes to the Casualty box.

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
  Deathroller's crew are Dwarfs), a Chaos Dwarf of a Chaos Dwarf team (not
  its Hobgoblins, Bull Centaurs or Minotaurs), Josef Bugman, or one of the
  Dwarf Star Players (Barik Farblast, Grim Ironjaw, Grombrindal, Skrull
  Halfheight). Against a Dwarf the bonus is always +2 (it is never worse).
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
from engine.core.state import Decision, GameState, Option
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
PH_ARMOUR: Final = 5  # Harm waits for the armour decision
PH_ARMOUR_BROKEN: Final = 6  # Harm goes on to the Injury roll
PH_INJURY: Final = 7  # Harm waits for the injury decision
_OPT_DECLINE: Option = ("decline",)


def is_dwarf(g: GameState, q: int) -> bool:
    """Whether player ``q`` is a Dwarf (see the module's Decisions)."""
    pos = g.sheet(q).position
    if pos.startswith("star:"):
        return pos[5:] in DWARF_STARS
    if pos == "Josef Bugman":
        return True
    roster = g.sheets[g.team[q]].roster
    return roster == "dwarf" or (
        roster == "chaos-dwarf" and pos.startswith("chaos-dwarf")
    )


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
            h.star = (slug, dice, mod, av, bonus)
            h.phase = PH_ARMOUR
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
        h.star = ("savage-mauling", dice, mod, 0, 0)
        h.phase = PH_INJURY
        return _ask(g, att, "savage-mauling", "injury", dice, mod, result)
    if not h.credit or h.no_mod:
        return None
    for slug in INJURY_RULES:
        if not has(g, att, slug):
            continue
        bonus = _bonus(g, att, victim, slug)
        if bonus and h.table_result(g, total + bonus) != result:
            h.star = (slug, dice, mod, 0, bonus)
            h.phase = PH_INJURY
            return _ask(g, att, slug, "injury", dice, mod, result)
    return None


def star_choice(g: GameState, h: Harm, choice: Option) -> None:
    """Apply the coach's answer to :func:`armour_bonus` or
    :func:`injury_choice`."""
    slug, dice, mod, av, bonus = h.star
    assert isinstance(slug, str)
    assert isinstance(dice, tuple)
    assert isinstance(mod, int)
    assert isinstance(av, int)
    assert isinstance(bonus, int)
    h.star = ()
    use = choice[0] == "use"
    att, p = h.by, h.p
    if use:
        spend(g, att, slug)
    if h.phase == PH_ARMOUR:
        if use:
            g.emit(Armour(g.pid[p], dice, mod + h.mb + bonus, av, True))
            h.mb = 0
            h.phase = PH_ARMOUR_BROKEN
        else:
            g.emit(Armour(g.pid[p], dice, mod, av, False))
            g.stack.pop()
        return
    if use and slug == "savage-mauling":
        if h.foul and dice[0] == dice[1]:
            g.effects["foul_doubles"] = True  # a re-roll does not undo doubles
        g.emit(Injury(g.pid[p], dice, mod, h.table_result(g, sum(dice) + mod)))
        g.emit(Reroll(g.tname(g.team[att]), g.pid[att], slug, "injury"))
        dice = (g.dice.d6(), g.dice.d6())
    elif use:
        mod += bonus
    h.injury_result(g, dice, mod)


def pump_up_the_crowd(g: GameState, by: int) -> None:
    """Pump Up the Crowd: the player ``by``'s block (-1: none) has just put
    an opponent in the Casualty box."""
    if by >= 0 and ready(g, by, "pump-up-the-crowd"):
        spend(g, by, "pump-up-the-crowd")
        g.extra_rr[g.team[by]] += 1
