"""Star Players' special rules, group d: the ones that act on team-mates,
re-rolls or other players' rolls (star_players.md).

* Wisdom of the White Dwarf (Grombrindal, once per team turn): a
  team-mate next to him, when activated, gains Break Tackle, Dauntless,
  Mighty Blow (+1) or Sure Feet until its activation ends.
* Star of the Show (Count Luthor von Drakenborg, once per game): when he
  scores, his team gains a team re-roll that is gone if not used by the end
  of the next drive.
* Lord of Chaos (Lord Borak the Despoiler): one more team re-roll in the
  first half, carried into the second if unused, forfeited if he leaves
  play before it is used.
* Two for One (Grak and Crumbleberry, the Swift Twins): while one of the
  pair is in the KO'd or Casualty box, the other's Loner is 2+.
"""

from __future__ import annotations

from engine.core.events import SkillUsed
from engine.core.rules_data import rules_data
from engine.core.skillbits import BIT
from engine.core.state import (
    CAS,
    KO,
    PITCH,
    SENT_OFF,
    Decision,
    GameState,
    Option,
    Proc,
)
from engine.skills.stars.limits import has, ready, spend

WISDOM = "wisdom-of-the-white-dwarf"
STAR_SHOW = "star-of-the-show"
LORD = "lord-of-chaos"
TWO_FOR_ONE = "two-for-one"

WISDOM_BIT = BIT[WISDOM]
LORD_BIT = BIT[LORD]
TWO_FOR_ONE_BIT = BIT[TWO_FOR_ONE]

OPT_DECLINE: Option = ("decline",)
# The skills Wisdom of the White Dwarf may give.
WISDOM_SKILLS = ("break-tackle", "dauntless", "mighty-blow", "sure-feet")
_GRANT = "wisdom_grant"  # (player, bit) granted for this activation
_SHOW = "star_of_the_show"  # (team, drive) the bonus re-roll is for
_LORD = "lord_of_chaos"  # (teams whose extra re-roll is still unused)


# -- Wisdom of the White Dwarf ---------------------------------------------


def wisdom_proc(g: GameState, p: int) -> Proc | None:
    """Called as player ``p`` is activated (turns.Activation): the Wisdom
    of a ready Grombrindal next to it, if any."""
    t = g.team[p]
    board = g.board
    for s in g.pitch.neighbours[g.pos[p]]:
        q = board[s]
        if q >= 0 and g.skills[q] & WISDOM_BIT and g.team[q] == t:
            if ready(g, q, WISDOM):
                return Wisdom(p, q)
    return None


class Wisdom(Proc):
    """Offer team-mate ``p`` one of the skills of Grombrindal ``q``'s
    Wisdom.

    Decision: offered after the activation traits (a Bone-headed team-mate
    is not offered it); Grombrindal may be in any status; only skills the
    player lacks and the engine plays are offered."""

    __slots__ = ("p", "q")

    def __init__(self, p: int, q: int) -> None:
        self.phase = 0
        self.p = p
        self.q = q

    def step(self, g: GameState) -> Decision | None:
        from engine.skills.registry import IMPLEMENTED

        p = self.p
        if self.phase:
            g.stack.pop()
            return None
        opts: list[Option] = []
        if not g.act_over and g.turnover is None and g.box[p] == PITCH:
            opts = [
                ("use", WISDOM, s)
                for s in WISDOM_SKILLS
                if s in IMPLEMENTED and not g.skills[p] & BIT[s]
            ]
        if not opts:
            g.stack.pop()
            return None
        self.phase = 1
        return Decision(
            g.tname(g.team[p]),
            "wisdom_of_the_white_dwarf",
            (*opts, OPT_DECLINE),
            g.pid[p],
            info=(WISDOM,),
        )

    def receive(self, g: GameState, choice: Option) -> None:
        if choice == OPT_DECLINE:
            return
        p = self.p
        bit = BIT[choice[2]]
        spend(g, self.q, WISDOM)
        g.skills[p] |= bit
        g.effects[_GRANT] = (p, bit)
        g.emit(SkillUsed(g.pid[p], choice[2]))


def wisdom_ends(g: GameState, p: int) -> None:
    """Called as player ``p``'s activation ends: a skill from Wisdom goes."""
    grant = g.effects.get(_GRANT)
    if grant is not None and grant[0] == p:
        g.skills[p] &= ~grant[1]
        del g.effects[_GRANT]


# -- Star of the Show --------------------------------------------------------


def star_scored(g: GameState, p: int) -> None:
    """Called when player ``p`` scores (ball.check_touchdown).

    Decision: the re-roll joins the team's drive-long extra re-rolls at the
    start of the next drive (the scoring drive is over at once) and those
    are gone at its end (Variant.extra_rerolls_last "drive")."""
    if g.skills[p] & BIT[STAR_SHOW] and ready(g, p, STAR_SHOW):
        spend(g, p, STAR_SHOW)
        g.effects[_SHOW] = (g.team[p], g.drive + 1)


def star_show_drive(g: GameState) -> None:
    """Called as a drive starts (game.Drive): the Count's re-roll arrives."""
    show = g.effects.get(_SHOW)
    if show is not None and show[1] == g.drive:
        g.extra_rr[show[0]] += 1
        del g.effects[_SHOW]


# -- Lord of Chaos -----------------------------------------------------------


def _lord_teams(g: GameState) -> list[int]:
    return sorted({g.team[p] for p in range(g.n) if g.skills[p] & LORD_BIT})


def lord_of_chaos_start(g: GameState) -> None:
    """Called as the first half starts (game.Game): +1 team re-roll.

    Decision: the Lord's re-roll counts as the last the team spends, so it
    is unused while the team has a team re-roll left."""
    teams = tuple(_lord_teams(g))
    for t in teams:
        g.rerolls[t] += 1
        g.emit(SkillUsed(g.pid[_lord(g, t)], LORD))
    if teams:
        g.effects[_LORD] = teams


def _lord(g: GameState, t: int) -> int:
    return next(p for p in range(g.n) if g.team[p] == t and g.skills[p] & LORD_BIT)


def lord_of_chaos_carry(g: GameState) -> tuple[int, ...]:
    """Called at half time before the re-rolls are reset: the teams whose
    Lord's re-roll is still unused (a re-roll left)."""
    teams: tuple[int, ...] = g.effects.get(_LORD, ())
    keep = tuple(t for t in teams if g.rerolls[t] > 0)
    if keep:
        g.effects[_LORD] = keep
    else:
        g.effects.pop(_LORD, None)
    return keep


def lord_of_chaos_second_half(g: GameState, teams: tuple[int, ...]) -> None:
    """Called after the half-time reset: the carried re-rolls."""
    for t in teams:
        g.rerolls[t] += 1


def star_left_play(g: GameState, p: int, box: int) -> None:
    """Called when player ``p`` goes to dugout box ``box``
    (injuries.to_box): Lord Borak leaving play (KO'd, Casualty, Sent-off)
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
