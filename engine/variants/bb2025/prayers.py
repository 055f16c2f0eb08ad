"""Blood Bowl 2025's Prayers to Nuffle (tables.md "Prayers to Nuffle",
changes_from_bb2020.md sections 2 and 14): an inducement (0-3 a team), one
D16 roll each on the edition's table in the pre-game, a result the team
already has rolled again; every result lasts the whole game, and no Star
Player is ever picked by one.

The results BB2020 plays the same way read the shared keys
(:mod:`engine.rules.prayers`: live trapdoors, Friends with the Ref, Moles);
the others act here, at the rule points (:func:`register`) and in the
format's overrides (:class:`~engine.variants.bb2025.variant.BloodBowl2025`).
The Star Player Points some results earn are the match result's
``prayer_spp`` (player id, SPP) lines.
"""

from __future__ import annotations

from engine.core import skillbits as S
from engine.core.events import Armour, Foul, Induced, Note, Prayer, Roll
from engine.core.hooks import Hooks
from engine.core.rules_data import rules_data
from engine.core.state import (
    PITCH,
    RESERVES,
    STANDING,
    Decision,
    GameState,
    Option,
    Proc,
)
from engine.rules.inducements import star_player
from engine.rules.injuries import Harm, KnockDown
from engine.rules.rolls import random_pick

# tables.md "Prayers to Nuffle" (D16), by roll.
PRAYERS_2025: tuple[str, ...] = (
    "",
    "treacherous_trapdoor",  # 1
    "friends_with_the_ref",  # 2
    "stiletto",  # 3
    "iron_man",  # 4
    "knuckle_dusters",  # 5
    "bad_habits",  # 6
    "greasy_cleats",  # 7
    "blessing_of_nuffle",  # 8
    "moles_under_the_pitch",  # 9
    "perfect_passing",  # 10
    "dazzling_catching",  # 11
    "fan_interaction",  # 12
    "fouling_frenzy",  # 13
    "throw_a_rock",  # 14
    "under_scrutiny",  # 15
    "intensive_training",  # 16
)

# g.effects keys: the results team t prayed for; the players Bad Habits
# gave Loner (2+); a player's prayer SPP; Throw a Rock used by team t; the
# pusher of a player pushed into the crowd (this drive).
PRAYED = "bb2025_prayers_{}"
BAD_HABITS = "bb2025_bad_habits"
SPP = "bb2025_prayer_spp_{}"
ROCK_USED = "bb2025_rock_used_{}"
CROWD_PUSH = "bb2025_crowd_push_drive"
OPT_SKILL = "skill"


def prayed(g: GameState, t: int, name: str) -> bool:
    """Whether team ``t`` has prayer ``name`` this game."""
    return name in g.effects.get(PRAYED.format(t), ())


def is_star(g: GameState, p: int) -> bool:
    """Whether player ``p`` is a Star Player (an induced star's sheet
    position is ``star:<slug>``: :func:`engine.rules.inducements.star_player`)."""
    return star_player(g, p)


def candidates(g: GameState, t: int, *, no_loner: bool = False) -> list[int]:
    """Team ``t``'s players a prayer may pick: on the pitch or in the
    Reserves, no Star Player (and, for Bad Habits, none with Loner)."""
    return [
        p
        for p in range(g.n)
        if g.team[p] == t
        and g.box[p] in (PITCH, RESERVES)
        and not is_star(g, p)
        and not (no_loner and g.skills[p] & S.LONER)
    ]


def add_spp(g: GameState, t: int, p: int, name: str, spp: int) -> None:
    """Player ``p`` earns ``spp`` more Star Player Points from prayer
    ``name`` of his team ``t``."""
    key = SPP.format(g.pid[p])
    g.effects[key] = g.effects.get(key, 0) + spp
    g.emit(Note(name, g.tname(t), g.pid[p], spp))


def prayer_spp(g: GameState) -> list[list[int]]:
    """The match result's ``prayer_spp``: [player id, SPP] for each player
    a prayer earned Star Player Points, by id."""
    head = SPP.format("")
    return sorted(
        [int(k[len(head) :]), int(v)]
        for k, v in g.effects.items()
        if k.startswith(head)
    )


def primary_skills(g: GameState, p: int) -> list[str]:
    """The skills of player ``p``'s Primary categories he may gain: played
    by the engine (a skill bit, no value to name), not had yet, their
    requirements met and nothing they exclude had."""
    data = rules_data("bb2025")
    try:
        pos = data.position_of(g.sheets[g.team[p]].roster, g.sheet(p).position)
    except KeyError:
        return []
    cats = {data.categories.get(c, c) for c in pos.primary}
    have = g.skills[p]
    out = []
    for slug, sk in sorted(data.skills.items()):
        bit = S.BIT.get(slug, 0)
        if sk.category not in cats or not bit or sk.param or have & bit:
            continue
        if sk.requires_any and not any(have & S.BIT.get(r, 0) for r in sk.requires_any):
            continue
        if any(have & S.BIT.get(x, 0) for x in sk.excludes):
            continue
        out.append(slug)
    return out


class Prayer2025(Proc):
    """Team ``t`` rolls once on the edition's Prayers to Nuffle table (a
    result it already has is rolled again) and the result acts.

    Decision: "already in play" is the team's own results, as BB2020's
    prayers are kept; the other team may roll the same result (each acts
    for its own team)."""

    __slots__ = ("t", "result", "player")

    def __init__(self, t: int) -> None:
        self.phase = 0
        self.t = t
        self.result = ""
        self.player = -1

    def step(self, g: GameState) -> Decision | None:
        t = self.t
        key = PRAYED.format(t)
        while True:
            r = g.dice.d16()
            name = PRAYERS_2025[r]
            if name not in g.effects.get(key, ()):
                break
        g.effects[key] = g.effects.get(key, ()) + (name,)
        self.result = name
        dec = grant(g, t, r, name, self)
        if dec is None:
            g.stack.pop()
        return dec

    def receive(self, g: GameState, choice: Option) -> None:
        t, name = self.t, self.result
        if name == "intensive_training":
            p = self.player
            g.skills[p] |= S.BIT[choice[1]]
            g.emit(Induced("intensive_training", g.tname(t), g.pid[p], (), choice[1]))
        else:
            p = g.idx[choice[1]]
            if name == "iron_man":
                g.av[p] = min(11, g.av[p] + 1)
            else:  # knuckle_dusters
                g.skills[p] |= S.MIGHTY_BLOW
            g.emit(Prayer(g.tname(t), 0, name, g.pid[p]))
        g.stack.pop()


def grant(
    g: GameState, t: int, r: int, name: str, proc: Prayer2025 | None = None
) -> Decision | None:
    """Team ``t``'s prayer ``name`` (rolled ``r``) takes effect for the
    game; a question to its coach when the result names a player of his
    choice (Iron Man, Knuckle Dusters) or a skill (Intensive Training)."""
    if name in ("iron_man", "knuckle_dusters"):
        # Decision: any player of the team but a Star Player (Loner too).
        cands = candidates(g, t)
        g.emit(Prayer(g.tname(t), r, name, -1))
        if cands and proc is not None:
            return Decision(
                g.tname(t),
                "prayer_player",
                tuple(g.pl_opts[p]["prayer"] for p in cands),
                info=(name,),
            )
        return None
    if name in ("stiletto", "blessing_of_nuffle", "intensive_training"):
        return _own_random(g, t, r, name, proc)
    if name in ("bad_habits", "greasy_cleats"):
        _opponents(g, t, r, name)
        return None
    if name == "treacherous_trapdoor":
        g.effects["treacherous_trapdoor_game"] = True
    elif name == "friends_with_the_ref":
        g.effects[f"friends_with_the_ref_{t}_game"] = True
    elif name == "moles_under_the_pitch":
        g.effects[f"moles_{1 - t}_game"] = 1  # the opposition's Rush rolls
    g.emit(Prayer(g.tname(t), r, name, -1))
    return None


def _own_random(
    g: GameState, t: int, r: int, name: str, proc: Prayer2025 | None
) -> Decision | None:
    """Stiletto (Stab), Blessing of Nuffle (Pro), Intensive Training (a
    Primary skill of the coach's choice): one random player of the team."""
    cands = candidates(g, t)
    if name == "intensive_training":
        # Decision: drawn among the players who have a Primary skill left
        # to gain (the engine plays every skill offered).
        cands = [p for p in cands if primary_skills(g, p)]
    if not cands:
        g.emit(Prayer(g.tname(t), r, name, -1))
        return None
    p = cands[random_pick(g, cands)]
    g.emit(Prayer(g.tname(t), r, name, g.pid[p]))
    if name == "stiletto":
        g.skills[p] |= S.STAB
    elif name == "blessing_of_nuffle":
        g.skills[p] |= S.PRO
    elif proc is not None:
        proc.player = p
        return Decision(
            g.tname(t),
            "prayer_skill",
            tuple((OPT_SKILL, s) for s in primary_skills(g, p)),
            g.pid[p],
            info=(name,),
        )
    return None


def _opponents(g: GameState, t: int, r: int, name: str) -> None:
    """Bad Habits: D3 random opponents without Loner gain Loner (2+);
    Greasy Cleats: one random opponent has -1 MA (never below 1)."""
    cands = candidates(g, 1 - t, no_loner=name == "bad_habits")
    k = g.dice.d3() if name == "bad_habits" else 1
    for _ in range(min(k, len(cands))):
        p = cands.pop(random_pick(g, cands))
        if name == "bad_habits":
            g.skills[p] |= S.LONER
            g.effects[BAD_HABITS] = g.effects.get(BAD_HABITS, ()) + (p,)
        else:
            # Decision: a player already at MA 1 keeps it (tables.md: min 1).
            g.ma[p] = max(1, g.ma[p] - 1)
        g.emit(Prayer(g.tname(t), r, name, g.pid[p]))


# -- the results acting later in the game ------------------------------------


def bad_habits_loner(g: GameState, p: int, target: int) -> int:
    """Bad Habits: the player's Loner is a 2+ (rule point loner_target)."""
    return 2 if p in g.effects.get(BAD_HABITS, ()) else target


def pass_caught(g: GameState, thrower: int, catcher: int, completion: bool) -> None:
    """Perfect Passing: a Completion earns the thrower 2 SPP (1 more);
    Dazzling Catching: the catcher of a team-mate's pass earns 1 SPP.

    Decision (Dazzling Catching, FFB's reading): any pass the team-mate
    holds as it is over, accurate or not, caught in the target square or
    after a bounce."""
    t = g.team[thrower]
    if completion and prayed(g, t, "perfect_passing"):
        add_spp(g, t, thrower, "perfect_passing", 1)
    if prayed(g, t, "dazzling_catching"):
        add_spp(g, t, catcher, "dazzling_catching", 1)


def pushed_into_crowd(g: GameState, p: int) -> None:
    """Remember who pushed player ``p`` into the crowd (Fan Interaction):
    the active player, a chain-push's victim too, when ``p`` is his
    opponent."""
    a = g.act_player
    if a >= 0 and g.team[a] != g.team[p] and prayed(g, g.team[a], "fan_interaction"):
        g.effects[CROWD_PUSH] = (p, a)


def crowd_casualty(g: GameState, p: int, by: int) -> None:
    """Fan Interaction: the casualty of a player pushed into the crowd
    earns his pusher 2 SPP (rule point casualty).

    Decision: the pusher is the player whose action it was (a
    chain-pushed opponent counts too)."""
    pushed = g.effects.get(CROWD_PUSH)
    if pushed is not None and pushed[0] == p:
        del g.effects[CROWD_PUSH]
        a = pushed[1]
        add_spp(g, g.team[a], a, "fan_interaction", 2)


def foul_casualty(g: GameState, h: Harm) -> bool:
    """Fouling Frenzy: a casualty caused by a Foul earns the fouler 2 SPP
    (rule point casualty_credit; it credits no Casualty of its own)."""
    if h.foul and h.by >= 0 and prayed(g, g.team[h.by], "fouling_frenzy"):
        add_spp(g, g.team[h.by], h.by, "fouling_frenzy", 2)
    return False


def under_scrutiny(g: GameState, p: int) -> bool:
    """Under Scrutiny: the opposition's fouler ``p`` whose Foul broke the
    armour is sent off, double or not (the Foul's last Armour roll)."""
    other = 1 - g.team[p]
    if not prayed(g, other, "under_scrutiny"):
        return False
    for e in reversed(g.events):
        if isinstance(e, Armour):
            if not e.broken:
                return False
            g.emit(Note("under_scrutiny", g.tname(other), g.pid[p], 0))
            return True
        if isinstance(e, Foul):
            break
    return False


def throw_a_rock(g: GameState, t: int) -> Proc | None:
    """Throw a Rock, once per game at the start of one of team ``t``'s
    turns: a random opposition player on the pitch is Knocked Down on a D6
    4+ (rule point team_turn_starts).

    Decision: the engine throws it for the coach, at the start of the
    team's first turn in which an opponent holds the ball, or else of its
    last turn of the second half; the rock picks among the opposition's
    Standing players (no Star Player, as for every prayer)."""
    key = ROCK_USED.format(t)
    if not prayed(g, t, "throw_a_rock") or g.effects.get(key):
        return None
    carrier = g.carrier >= 0 and g.team[g.carrier] != t
    last = g.half == 2 and g.turn[t] >= g.variant.turns_per_half
    if not (carrier or last):
        return None
    on = [
        q
        for q in range(g.n)
        if g.team[q] != t
        and g.box[q] == PITCH
        and g.status[q] == STANDING
        and not is_star(g, q)
    ]
    if not on:
        return None
    g.effects[key] = True
    q = on[random_pick(g, on)]
    g.emit(Note("rock_thrown", g.tname(t), g.pid[q], 0))
    d = g.dice.d6()
    hit = d >= 4
    g.emit(Roll("throw_a_rock", g.pid[q], (d,), 4, 0, hit, False))
    return KnockDown(q, "knocked_down", causes_turnover=False) if hit else None


def register(h: Hooks) -> None:
    """The prayers acting at the rule points."""
    h.loner_target += (bad_habits_loner,)
    h.casualty += (crowd_casualty,)
    h.casualty_credit += (foul_casualty,)
    h.team_turn_starts += (throw_a_rock,)
