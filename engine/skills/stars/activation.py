"""Star Players' special rules that act as a player is activated
(star_players.md): the ones a star uses as one of his own activations
begins, and Wisdom of the White Dwarf, offered to a team-mate next to
Grombrindal as it is activated.

* Look Into My Eyes (Boa Kon'ssstriktr, once per game): Marking the
  opposing ball carrier, 2+ on a D6 takes the ball; his activation ends.
* Baleful Hex (Estelle la Veneaux, once per game): an opponent up to 5
  squares away, 2+: no Tackle Zone and no activation until its team's next
  turn has ended.
* Raiding Party (Ivar Eriksson, once per drive): an Open team-mate up to 5
  squares away steps one square, ignoring Tackle Zones, to Mark an
  opponent.
* Black Ink (Kiroth Krakeneye, once per game): an opponent he Marks loses
  its Tackle Zone until it is next activated.
* Catch of the Day (Rodney Roachbait, once per half): Standing, up to 3
  squares from the ball on the ground, 3+: the ball is his.
* Beer Barrel Bash! (Thorsson Stoutmead, once per drive): a keg at a
  Standing opponent up to 3 squares away; 3+ Knocks it Down, 2 nothing, 1
  Knocks Thorsson Down.
* Then I Started Blastin'! (Zzharg Madeye, once per half): a Standing
  opponent up to 3 squares away; 3+ hits it, 2 hits another player up to 3
  squares from it (the opposing coach picks), 1 hits Zzharg; a hit player
  takes an unmodified Armour roll (then an unmodified Injury roll, Prone).
* Treacherous (Hakflem Skuttlespike, once per game): next to the team-mate
  holding the ball, he Knocks it Down and takes the ball, no Turnover.
* Wisdom of the White Dwarf (Grombrindal, once per team turn): a
  team-mate next to him, when activated, gains Break Tackle, Dauntless,
  Mighty Blow (+1) or Sure Feet until its activation ends (rule points
  ``team_mate_activated``, ``activation_ends``).

Each is offered to the star's coach as a decision named after the rule
(``look_into_my_eyes``, ``baleful_hex``, ...; options ``("use", slug,
...)`` and ``("decline",)``, ``info=(slug,)``) by the
procedure :class:`OpeningRule` that the skill's activation hook pushes
(Baleful Hex also acts at the rule points ``barred`` and ``turn_ends``).
Decisions common to the opening rules:

Decision: these rules come after the activation traits (Bone Head, Really
Stupid, Loner is not one, ...); when a trait ends the activation the rule
is not offered. They are offered before a Prone star stands up.

Decision: the D6 of these rules is an ordinary roll of the active team, so
a team re-roll (or Pro) may be used on a failed result (as for Breathe
Fire); a use is spent as soon as the coach declares it, roll or not.
"""

from __future__ import annotations

from engine.core.events import Armour, BallCaught, Move, SkillUsed
from engine.core.hooks import Hooks
from engine.core.skillbits import BIT
from engine.core.state import (
    PF_NOTZ,
    PITCH,
    STANDING,
    Decision,
    GameState,
    Option,
    Proc,
)
from engine.rules.ball import check_touchdown
from engine.rules.injuries import KnockDown
from engine.rules.rolls import Test
from engine.skills.base import ActivationHook
from engine.skills.stars.limits import ready, spend

LOOK = "look-into-my-eyes"
HEX = "baleful-hex"
RAID = "raiding-party"
INK = "black-ink"
CATCH = "catch-of-the-day"
KEG = "beer-barrel-bash"
BLAST = "then-i-started-blastin"
TREACHEROUS = "treacherous"
OPENING_RULES = (LOOK, HEX, RAID, INK, CATCH, KEG, BLAST, TREACHEROUS)
WISDOM = "wisdom-of-the-white-dwarf"
WISDOM_BIT = BIT[WISDOM]
# The skills Wisdom of the White Dwarf may give.
WISDOM_SKILLS = ("break-tackle", "dauntless", "mighty-blow", "sure-feet")
_GRANT = "wisdom_grant"  # (player, bit) granted for this activation

OPT_DECLINE: Option = ("decline",)
# A hit from Zzharg's blunderbuss: its armour roll is already made and
# broken when the player is laid down (engine.rules.injuries._ARMOUR_BROKEN).
BLAST_HIT = "blunderbuss"
# Players Baleful Hex bars from activation: {player index: team whose turn
# end lifts the hex}. Decision: the hex also ends with the drive ("_drive":
# every player leaves the pitch and loses its lost Tackle Zone flag then).
HEXED = "baleful_hex_drive"

_RANGE = {HEX: 5, RAID: 5, CATCH: 3, KEG: 3, BLAST: 3}


def _dist(g: GameState, a: int, b: int) -> int:
    return g.pitch.distance(g.pos[a], g.pos[b])


def _opponents(g: GameState, p: int) -> list[int]:
    t = g.team[p]
    return [q for q in range(g.n) if g.team[q] != t and g.box[q] == PITCH]


def options(g: GameState, p: int, slug: str) -> list[Option]:
    """The ways star ``p`` may use his opening rule ``slug`` now (empty:
    the rule does not apply)."""
    t = g.team[p]
    if slug == LOOK:
        # Marking the carrier: Standing with a Tackle Zone, next to it.
        c = g.carrier
        if c >= 0 and g.team[c] != t and g.has_tz(p) and _dist(g, p, c) == 1:
            return [("use", LOOK)]
        return []
    if slug == CATCH:
        on_ground = g.ball >= 0 and g.carrier < 0 and not g.ball_air
        if (
            on_ground
            and g.status[p] == STANDING
            and g.pitch.distance(g.pos[p], g.ball) <= _RANGE[CATCH]
        ):
            return [("use", CATCH)]
        return []
    if slug == HEX:
        # Decision: any opponent on the pitch, whatever its status.
        hexed = g.effects.get(HEXED, {})
        return [
            ("use", HEX, g.pid[q])
            for q in _opponents(g, p)
            if q not in hexed and _dist(g, p, q) <= _RANGE[HEX]
        ]
    if slug == INK:
        # Decision: Kiroth Marks only while Standing with his Tackle Zone;
        # only an opponent that has a Tackle Zone to lose may be picked.
        if not g.has_tz(p):
            return []
        return [
            ("use", INK, g.pid[q])
            for q in _opponents(g, p)
            if _dist(g, p, q) == 1 and g.has_tz(q)
        ]
    if slug in (KEG, BLAST):
        # Decision: Beer Barrel Bash! knocks a player Down, so (like
        # Blastin') it targets Standing opponents only; line of sight and
        # players in between do not matter.
        return [
            ("use", slug, g.pid[q])
            for q in _opponents(g, p)
            if g.status[q] == STANDING and _dist(g, p, q) <= _RANGE[slug]
        ]
    if slug == TREACHEROUS:
        # Decision: Hakflem must be Standing to take the ball.
        c = g.carrier
        if (
            c >= 0
            and c != p
            and g.team[c] == t
            and g.status[p] == STANDING
            and _dist(g, p, c) == 1
        ):
            return [("use", TREACHEROUS, g.pid[c])]
        return []
    if slug == RAID:
        return [("use", RAID, g.pid[m], s) for m, s in raid_steps(g, p)]
    raise ValueError(slug)


def raid_steps(g: GameState, p: int) -> list[tuple[int, int]]:
    """Raiding Party: (team-mate, square) pairs: a Standing, Open team-mate
    up to 5 squares from ``p`` and an empty square next to it from which it
    Marks an opponent.

    Decision: the team-mate must be Standing with its Tackle Zone (only
    such a player can Mark); the marked opponent may be in any status (Marking is about the
    marker's Tackle Zone); the square may not hold the loose ball (no
    pick-up is part of the step)."""
    t = g.team[p]
    board = g.board
    nb = g.pitch.neighbours
    out: list[tuple[int, int]] = []
    for m in range(g.n):
        if (
            m == p
            or g.team[m] != t
            or g.box[m] != PITCH
            or not g.has_tz(m)
            or g.markers(g.pos[m], t)
            or _dist(g, p, m) > _RANGE[RAID]
        ):
            continue
        for s in nb[g.pos[m]]:
            if board[s] >= 0 or (g.ball == s and g.carrier < 0):
                continue
            if any((q := board[x]) >= 0 and g.team[q] != t and q != m for x in nb[s]):
                out.append((m, s))
    return out


class OpeningRule(Proc):
    """Offer star ``p``'s opening rule ``slug`` and carry it out."""

    __slots__ = ("p", "slug", "target")

    def __init__(self, p: int, slug: str) -> None:
        self.phase = 0
        self.p = p
        self.slug = slug
        self.target = -1

    def step(self, g: GameState) -> Decision | None:
        p = self.p
        if self.phase == 0:
            opts = (
                [] if g.act_over or g.turnover is not None else options(g, p, self.slug)
            )
            if not opts:
                g.stack.pop()
                return None
            self.phase = 1
            return Decision(
                g.tname(g.team[p]),
                self.slug.replace("-", "_"),
                (*opts, OPT_DECLINE),
                g.pid[p],
                info=(self.slug,),
            )
        if self.phase == 2:  # after the D6 (engine.rules.rolls.Test)
            return self._after_roll(g)
        if self.phase == 3:  # Blastin' on a 2: the opposing coach picks
            return self._pick(g)
        g.stack.pop()
        return None

    def receive(self, g: GameState, choice: Option) -> None:
        p, slug = self.p, self.slug
        if self.phase == 3:
            self.phase = 4
            g.stack.append(blast_hit(g, g.idx[choice[1]], p))
            return
        if choice == OPT_DECLINE:
            self.phase = 4
            return
        spend(g, p, slug)
        if len(choice) > 2:
            self.target = g.idx[choice[2]]
        if slug == INK:
            g.pflags[self.target] |= PF_NOTZ
            self.phase = 4
        elif slug == RAID:
            m, dst = self.target, choice[3]
            src = g.pos[m]
            g.move(m, dst)
            g.emit(Move(g.pid[m], src, dst, "raiding_party"))
            if g.carrier == m:
                check_touchdown(g, m)
            self.phase = 4
        elif slug == TREACHEROUS:
            mate = self.target
            g.carrier = p
            g.emit(BallCaught(g.pid[p], g.pos[p], TREACHEROUS))
            check_touchdown(g, p)
            self.phase = 4
            # The team-mate no longer holds the ball: no Turnover.
            g.stack.append(KnockDown(mate, "knocked_down", by=p, causes_turnover=False))
        else:
            target = {LOOK: 2, HEX: 2, CATCH: 3, KEG: 3, BLAST: 3}[slug]
            self.phase = 2
            g.stack.append(Test(slug, p, target, natural=False))

    def _after_roll(self, g: GameState) -> Decision | None:
        p, slug, q = self.p, self.slug, self.target
        ok = bool(g.ret)
        die = g.last_die
        self.phase = 4
        if slug == LOOK and ok:
            c = g.carrier
            if c >= 0 and g.team[c] != g.team[p]:
                g.carrier = p
                g.emit(BallCaught(g.pid[p], g.pos[p], LOOK))
                check_touchdown(g, p)
            g.act_over = True
        elif slug == CATCH and ok:
            if g.ball >= 0 and g.carrier < 0 and not g.ball_air:
                g.ball = -1
                g.carrier = p
                g.emit(BallCaught(g.pid[p], g.pos[p], CATCH))
                check_touchdown(g, p)
        elif slug == HEX and ok:
            g.pflags[q] |= PF_NOTZ
            hexed = dict(g.effects.get(HEXED, {}))
            hexed[q] = g.team[q]
            g.effects[HEXED] = hexed
        elif slug == KEG:
            if ok:
                g.stack.append(KnockDown(q, "knocked_down", by=p))
            elif die == 1:
                g.stack.append(KnockDown(p, "knocked_down"))
        elif slug == BLAST:
            if ok:
                g.stack.append(blast_hit(g, q, p))
            elif die == 2:
                self.phase = 3
                return None
            else:
                g.stack.append(blast_hit(g, p, p))
        return None

    def _pick(self, g: GameState) -> Decision | None:
        """Blastin' on a 2: the opposing coach picks another player (either
        team, not Zzharg) up to 3 squares from the target.

        Decision: any player on the pitch whatever its status; with no such
        player the shot hits nobody."""
        p, q = self.p, self.target
        opts = tuple(
            ("hit", g.pid[r])
            for r in range(g.n)
            if r not in (p, q) and g.box[r] == PITCH and _dist(g, q, r) <= 3
        )
        if not opts:
            self.phase = 4
            return None
        return Decision(
            g.tname(1 - g.team[p]), "blastin_target", opts, g.pid[q], info=(BLAST,)
        )


def blast_hit(g: GameState, q: int, by: int) -> Proc:
    """A player hit by Zzharg's blunderbuss: an unmodified Armour roll; when
    it breaks, the player is laid Prone (a held ball bounces) and makes an
    unmodified Injury roll, as after a Stab.

    Decision: being laid down by the blast is, like a Stab, a Turnover only
    when the active team's ball carrier drops the ball (a broken armour
    always ends Stunned or worse, so a hit Zzharg's activation is over)."""
    return _BlastHit(q, by)


class _BlastHit(Proc):
    __slots__ = ("q", "by")

    def __init__(self, q: int, by: int) -> None:
        self.phase = 0
        self.q = q
        self.by = by

    def step(self, g: GameState) -> Decision | None:
        q = self.q
        if g.box[q] != PITCH:
            g.stack.pop()
            return None
        d1, d2 = g.dice.d6(), g.dice.d6()
        av = g.av[q]
        broken = g.variant.armour_broken(d1 + d2, av)
        g.emit(Armour(g.pid[q], (d1, d2), 0, av, broken))
        if broken:
            g.stack[-1] = KnockDown(q, BLAST_HIT, by=self.by)
        else:
            g.stack.pop()
        return None


def opening_hook(slug: str) -> ActivationHook:
    """The activation hook of opening rule ``slug`` (engine.skills)."""

    def hook(g: GameState, p: int, action: str) -> Proc | None:
        if ready(g, p, slug) and g.box[p] == PITCH:
            return OpeningRule(p, slug)
        return None

    return hook


def barred(g: GameState) -> dict[int, int]:
    """Players Baleful Hex bars from activation (activation.activation_options):
    {player: the team whose turn end lifts the hex}."""
    hexed: dict[int, int] = g.effects.get(HEXED, {})
    return hexed


def hex_expires(g: GameState, t: int) -> None:
    """At the end of a team turn of team ``t``: its hexed players get their
    Tackle Zone back and may be activated again."""
    hexed: dict[int, int] = g.effects.get(HEXED, {})
    if not hexed:
        return
    left = {q: tt for q, tt in hexed.items() if tt != t}
    for q, tt in hexed.items():
        if tt == t:
            g.pflags[q] &= ~PF_NOTZ
    if left:
        g.effects[HEXED] = left
    else:
        del g.effects[HEXED]


# -- Wisdom of the White Dwarf ---------------------------------------------


def wisdom_proc(g: GameState, p: int) -> Proc | None:
    """Player ``p`` is activated (activation.Activation): the Wisdom of a ready
    Grombrindal next to it, if any."""
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
    player lacks are offered (the engine plays all four)."""

    __slots__ = ("p", "q")

    def __init__(self, p: int, q: int) -> None:
        self.phase = 0
        self.p = p
        self.q = q

    def step(self, g: GameState) -> Decision | None:
        p = self.p
        if self.phase:
            g.stack.pop()
            return None
        opts: list[Option] = []
        if not g.act_over and g.turnover is None and g.box[p] == PITCH:
            opts = [
                ("use", WISDOM, s) for s in WISDOM_SKILLS if not g.skills[p] & BIT[s]
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
    """Player ``p``'s activation ends: a skill from Wisdom goes."""
    grant = g.effects.get(_GRANT)
    if grant is not None and grant[0] == p:
        g.skills[p] &= ~grant[1]
        del g.effects[_GRANT]


def register(h: Hooks) -> None:
    h.barred += (barred,)
    h.turn_ends += (hex_expires,)
    h.team_mate_activated += (wisdom_proc,)
    h.activation_ends += (wisdom_ends,)
