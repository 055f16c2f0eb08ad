"""Star Players' special rules that give or change team re-rolls
(star_players.md):

* Star of the Show (Count Luthor von Drakenborg, once per game): when he
  scores, his team gains a team re-roll that is gone if not used by the
  end of the next drive (rule points ``touchdown``, ``drive_starts``).
* Lord of Chaos (Lord Borak the Despoiler): one more team re-roll in the
  first half, carried into the second if unused, forfeited if he leaves
  play before it is used (rule points ``first_half``, ``half_time_carry``,
  ``left_pitch``).
* Two for One (Grak and Crumbleberry, the Swift Twins): while one of the
  pair is in the KO'd or Casualty box, the other's Loner is 2+ (rule point
  ``loner_target``).
"""

from __future__ import annotations

from engine.core.events import SkillUsed
from engine.core.hooks import Hooks
from engine.core.rules_data import rules_data
from engine.core.skillbits import BIT
from engine.core.state import CAS, KO, SENT_OFF, GameState
from engine.rules.rolls import gain_drive_reroll
from engine.skills.stars.limits import has, ready, spend

STAR_SHOW = "star-of-the-show"
LORD = "lord-of-chaos"
TWO_FOR_ONE = "two-for-one"

STAR_SHOW_BIT = BIT[STAR_SHOW]
LORD_BIT = BIT[LORD]
TWO_FOR_ONE_BIT = BIT[TWO_FOR_ONE]

_SHOW = "star_of_the_show"  # (team, drive) the bonus re-roll is for
_LORD = "lord_of_chaos"  # (teams whose extra re-roll is still unused)


# -- Star of the Show --------------------------------------------------------


def star_scored(g: GameState, p: int) -> None:
    """Player ``p`` has scored (ball.check_touchdown).

    Decision: the re-roll joins the team's drive-long extra re-rolls at the
    start of the next drive (the scoring drive is over at once) and those
    are gone at its end (Variant.extra_rerolls_last "drive")."""
    if g.skills[p] & STAR_SHOW_BIT and ready(g, p, STAR_SHOW):
        spend(g, p, STAR_SHOW)
        g.effects[_SHOW] = (g.team[p], g.drive + 1)


def star_show_drive(g: GameState) -> None:
    """A drive starts (game.Drive): the Count's re-roll arrives."""
    show = g.effects.get(_SHOW)
    if show is not None and show[1] == g.drive:
        gain_drive_reroll(g, show[0])
        del g.effects[_SHOW]


# -- Lord of Chaos -----------------------------------------------------------


def _lord_teams(g: GameState) -> list[int]:
    return sorted({g.team[p] for p in range(g.n) if g.skills[p] & LORD_BIT})


def lord_of_chaos_start(g: GameState) -> None:
    """The first half starts (game.GameProc): +1 team re-roll.

    Decision: the Lord's re-roll counts as the last the team spends, so it
    is unused while the team has a team re-roll left (a Leader's
    included, though the engine takes that one last)."""
    teams = tuple(_lord_teams(g))
    for t in teams:
        g.rerolls[t] += 1
        g.emit(SkillUsed(g.pid[_lord(g, t)], LORD))
    if teams:
        g.effects[_LORD] = teams


def _lord(g: GameState, t: int) -> int:
    return next(p for p in range(g.n) if g.team[p] == t and g.skills[p] & LORD_BIT)


def _team_rerolls_left(g: GameState, t: int) -> int:
    """Team ``t``'s team re-rolls not yet used, the Leader's included."""
    return g.rerolls[t] + g.leader_rr[t]


def lord_of_chaos_carry(g: GameState) -> tuple[int, ...]:
    """Half time, before the re-rolls are reset: the teams whose Lord's
    re-roll is still unused (a re-roll left), each to get one more team
    re-roll after the reset (``rules.game.GameProc`` adds them)."""
    teams: tuple[int, ...] = g.effects.get(_LORD, ())
    keep = tuple(t for t in teams if _team_rerolls_left(g, t))
    if keep:
        g.effects[_LORD] = keep
    else:
        g.effects.pop(_LORD, None)
    return keep


def star_left_play(g: GameState, p: int, box: int) -> None:
    """Player ``p`` goes to dugout box ``box`` (injuries.to_box): Lord Borak leaving play (KO'd, Casualty, Sent-off)
    takes his unused re-roll with him.

    Decision: only the KO'd, Casualty and Sent-off boxes count as leaving
    play; going to the Reserves (the end of a drive, the crowd's Stunned,
    a Regeneration or an apothecary's patch-up) does not."""
    if not g.skills[p] & LORD_BIT or box not in (KO, CAS, SENT_OFF):
        return
    teams: tuple[int, ...] = g.effects.get(_LORD, ())
    t = g.team[p]
    if t in teams:
        if g.rerolls[t] > 0:
            g.rerolls[t] -= 1
        elif g.leader_rr[t] > 0:
            # the one left is the Lord's (the last spent): it goes
            g.leader_rr[t] -= 1
        left = tuple(x for x in teams if x != t)
        if left:
            g.effects[_LORD] = left
        else:
            del g.effects[_LORD]


# -- Two for One -------------------------------------------------------------


def _pair_of(g: GameState, position: str) -> frozenset[str]:
    slug = position.removeprefix("star:")
    for star in rules_data(g.variant.rules_data_version).star_players.values():
        members = frozenset(m.slug for m in star.members)
        if slug in members and len(members) > 1:
            return members
    return frozenset()


def pair_partner(g: GameState, p: int) -> int:
    """The other member of ``p``'s Two for One pair (-1: none).

    Decision: the pair is found from the star positions on the sheets
    (``star:<member>``); a sheet without them (hand-made) pairs ``p`` with
    any other team-mate who has Two for One."""
    t = g.team[p]
    mates = [
        q
        for q in range(g.n)
        if q != p and g.team[q] == t and g.skills[q] & TWO_FOR_ONE_BIT
    ]
    pair = _pair_of(g, g.sheet(p).position)
    for q in mates:
        if not pair or g.sheet(q).position.removeprefix("star:") in pair:
            return q
    return -1


def loner_target(g: GameState, p: int, target: int) -> int:
    """Loner's target for ``p`` (rolls.spend_team_reroll): 2+ while ``p``'s
    Two for One partner is KO'd or a Casualty.

    Decision: the 2+ lasts while the partner is in the KO'd or Casualty box
    (both come only from an Injury roll); a partner back from the KO'd box
    restores Loner (4+)."""
    if not has(g, p, TWO_FOR_ONE):
        return target
    q = pair_partner(g, p)
    if q >= 0 and g.box[q] in (KO, CAS):
        return min(target, 2)
    return target


def register(h: Hooks) -> None:
    h.touchdown += (star_scored,)
    h.drive_starts += (star_show_drive,)
    h.first_half += (lord_of_chaos_start,)
    h.half_time_carry += (lord_of_chaos_carry,)
    h.left_pitch += (star_left_play,)
    h.loner_target += (loner_target,)
