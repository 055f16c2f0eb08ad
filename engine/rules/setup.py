"""Set-up (rulebook "The Start of a Drive" - Set-up; Death Zone Sevens
"Set-up"): legality checks, a few ready-made legal formations, and the
set-up step (a formation from the list, or a full arrangement).
"""

from __future__ import annotations

from collections.abc import Collection

from engine.core.errors import IllegalSetup
from engine.core.events import Concede, SetUp
from engine.core.pitch import F_WIDE_HIGH, F_WIDE_LOW
from engine.core.state import (
    PF_HEAT,
    PF_PLAYED,
    RESERVES,
    STANDING,
    Decision,
    GameState,
    Option,
    Proc,
)

Placement = tuple[tuple[int, int], ...]  # (player id, square)
OPT_CONCEDE: Option = ("concede",)

# Formation slots as (depth behind own Line of Scrimmage, offset across the
# pitch from the middle row), in priority order; the first three are the
# Line of Scrimmage. Slots that would break the ruleset's wide-zone limit
# are skipped, so every formation is legal in both pitch sizes.
FORMATIONS: dict[str, tuple[tuple[int, int], ...]] = {
    "defence": (
        (0, 0),
        (0, -1),
        (0, 1),
        (1, -4),
        (1, 4),
        (2, -2),
        (2, 2),
        (3, 0),
        (1, -5),
        (1, 5),
        (5, 0),
        (0, -3),
        (0, 3),
        (4, -2),
        (4, 2),
    ),
    "offence": (
        (0, 0),
        (0, -2),
        (0, 2),
        (2, -4),
        (2, 4),
        (1, -1),
        (1, 1),
        (3, 0),
        (4, -3),
        (4, 3),
        (7, 0),
        (3, -5),
        (3, 5),
        (5, -1),
        (5, 1),
    ),
    "spread": (
        (0, -1),
        (0, 0),
        (0, 1),
        (1, -5),
        (1, 5),
        (3, -3),
        (3, 3),
        (2, 0),
        (5, -2),
        (5, 2),
        (6, 0),
        (4, -5),
        (4, 5),
        (6, -3),
        (6, 3),
    ),
}


def available_players(g: GameState, t: int) -> list[int]:
    """Players of team ``t`` that may take the field this drive."""
    return [
        p
        for p in range(g.n)
        if g.team[p] == t and g.box[p] == RESERVES and not g.pflags[p] & PF_HEAT
    ]


def formation(g: GameState, t: int, name: str, players: list[int]) -> Placement:
    """A legal placement of up to ``players_on_pitch`` of ``players``."""
    rs = g.variant
    pitch = g.pitch
    k = min(len(players), rs.players_on_pitch)
    los_x = pitch.home_los_x if t == 0 else pitch.away_los_x
    direction = -1 if t == 0 else 1
    mid = pitch.height // 2
    used: set[int] = set()
    wide = {F_WIDE_LOW: 0, F_WIDE_HIGH: 0}
    squares: list[int] = []
    for depth, dy in FORMATIONS[name]:
        if len(squares) >= k:
            break
        depth = min(depth, pitch.home_los_x)
        if len(squares) < min(rs.min_on_los, k):
            depth = 0  # the Line of Scrimmage is filled first
            if abs(dy) > 3:
                continue
        sq = pitch.sq(los_x + direction * depth, mid + dy)
        if sq < 0 or sq in used:
            continue
        f = pitch.flags[sq]
        zone = f & (F_WIDE_LOW | F_WIDE_HIGH)
        if zone:
            if wide[zone] >= rs.max_per_wide_zone:
                continue
            wide[zone] += 1
        used.add(sq)
        squares.append(sq)
    # Who plays: the players hired for this game first (Star Players and
    # mercenaries: Decision: a team that paid for a star fields him, even a
    # weak one such as Akhorne), then the strongest, toughest, fastest, most
    # skilled; then the Line of Scrimmage gets the strongest of them.
    # A player the format makes the team set up when able (BB2025's Team
    # Captain) goes before everyone.
    must = set(rs.must_set_up(g, t))
    hired = set(g.sheets[t].hired)
    chosen = sorted(
        players,
        key=lambda p: (
            p not in must,
            g.pid[p] not in hired,
            -g.st[p],
            -g.av[p],
            -g.ma[p],
            -len(g.all_skills[p]),
            g.pid[p],
        ),
    )[:k]
    order = sorted(chosen, key=lambda p: (-g.st[p], -g.av[p], g.ag[p], g.pid[p]))
    return tuple((g.pid[p], s) for p, s in zip(order, squares, strict=False))


def validate_setup(
    g: GameState,
    t: int,
    placement: Placement,
    players: Collection[int] | None = None,
) -> list[str]:
    """Problems with a submitted set-up (empty list when legal).
    ``players``: the players to set up (default: every available player);
    a Solid Defence sets up again only the players already on the pitch."""
    rs = g.variant
    pitch = g.pitch
    problems: list[str] = []
    avail = set(available_players(g, t) if players is None else players)
    seen_p: set[int] = set()
    seen_sq: set[int] = set()
    wide = {F_WIDE_LOW: 0, F_WIDE_HIGH: 0}
    los = 0
    for pid, sq in placement:
        p = g.idx.get(pid, -1)
        if p < 0 or g.team[p] != t:
            problems.append(f"player {pid} is not on this team")
            continue
        if p not in avail:
            problems.append(f"player {pid} is not available this drive")
        if p in seen_p:
            problems.append(f"player {pid} placed twice")
        seen_p.add(p)
        if not 0 <= sq < pitch.size:
            problems.append(f"square {sq} is off the pitch")
            continue
        if sq in seen_sq:
            problems.append(f"square {sq} used twice")
        seen_sq.add(sq)
        f = pitch.flags[sq]
        if not f & pitch.half_flag(t):
            problems.append(f"player {pid} at {pitch.xy(sq)} is outside their own half")
        zone = f & (F_WIDE_LOW | F_WIDE_HIGH)
        if zone:
            wide[zone] += 1
        if f & pitch.los_flag(t) and not (zone and rs.los_centre_only):
            los += 1
    for p in rs.must_set_up(g, t):
        if p in avail and p not in seen_p:
            problems.append(f"player {g.pid[p]} must be set up while able to play")
    # Every player given must be set up again (a Solid Defence keeps
    # Swarming's extras); otherwise eleven, or all there are.
    need = len(avail) if players is not None else min(rs.players_on_pitch, len(avail))
    if len(placement) != need:
        problems.append(f"{len(placement)} players set up, {need} required")
    for n in wide.values():
        if n > rs.max_per_wide_zone:
            problems.append(f"more than {rs.max_per_wide_zone} players in a wide zone")
            break
    if los < min(rs.min_on_los, len(placement)):
        problems.append(
            f"only {los} players on the Line of Scrimmage"
            f"{' in the centre' if rs.los_centre_only else ''}, "
            f"{rs.min_on_los} required"
        )
    return problems


def current_placement(g: GameState, t: int) -> Placement:
    """The team's players on the pitch as a placement."""
    return tuple(
        (g.pid[p], g.pos[p]) for p in range(g.n) if g.team[p] == t and g.box[p] == 0
    )


def _concede_before_setup(g: GameState, t: int) -> None:
    """Team ``t`` concedes before it sets up: the game ends, without the
    post-game penalty a concession during the game costs."""
    g.conceded = t
    g.concede_penalty = False
    g.emit(Concede(g.tname(t), False))
    g.done = True


class Setup(Proc):
    """A team sets up. ``max_changes`` > 0 makes it a Solid Defence
    re-set-up, where at most that many (Open) players may change square.
    ``open_only`` False lets Marked players move too and ``kind`` names the
    decision (classic Perfect Defence: the whole team, "perfect_defence")."""

    __slots__ = ("t", "max_changes", "formations", "open_only", "kind")

    def __init__(
        self,
        t: int,
        max_changes: int = 0,
        *,
        open_only: bool = True,
        kind: str = "solid_defence",
    ) -> None:
        self.phase = 0
        self.t = t
        self.max_changes = max_changes
        self.formations: tuple[tuple[str, Placement], ...] = ()
        self.open_only = open_only
        self.kind = kind

    def step(self, g: GameState) -> Decision | None:
        t = self.t
        if self.max_changes:
            cur = current_placement(g, t)
            forms = []
            for name in FORMATIONS:
                pl = formation(g, t, name, [g.idx[pid] for pid, _ in cur])
                if self._changes_ok(g, pl):
                    forms.append((name, pl))
            self.formations = tuple(forms)
            opts: tuple[Option, ...] = (("keep",),) + tuple(
                ("formation", n) for n, _ in forms
            )
            return Decision(
                g.tname(t),
                self.kind,
                opts,
                accepts_arrangement=True,
                info=(self.max_changes,),
            )
        avail = available_players(g, t)
        # Hook: the variant says when too few players make a team concede
        # (BB2020: nobody; classic: fewer than three, a forfeit).
        if g.variant.forfeits(len(avail)):
            # Decision: a team with nobody to field concedes (without the
            # post-game penalty: rulebook allows conceding before set-up).
            _concede_before_setup(g, t)
            return None
        self.formations = tuple((n, formation(g, t, n, avail)) for n in FORMATIONS)
        opts = tuple(("formation", n) for n, _ in self.formations)
        # Hook: a team reduced to few players may concede without penalty
        # instead of setting up (BB2020 and Sevens "Set-up": three or fewer).
        few = g.variant.free_concession_players
        if few is not None and len(avail) <= few:
            opts += (OPT_CONCEDE,)
        return Decision(g.tname(t), "setup", opts, accepts_arrangement=True)

    def _changes_ok(self, g: GameState, pl: Placement) -> bool:
        cur = dict(current_placement(g, self.t))
        if set(cur) != {pid for pid, _ in pl}:
            return False
        changed = [pid for pid, sq in pl if cur.get(pid) != sq]
        if len(changed) > self.max_changes:
            return False
        if not self.open_only:
            return True
        return all(not g.markers(cur[pid], self.t) for pid in changed)

    def check(self, g: GameState, placement: Placement) -> None:
        """Raise IllegalSetup when an arrangement is not legal here."""
        problems = []
        if self.max_changes:
            if not self._changes_ok(g, placement):
                problems.append(
                    f"Solid Defence: at most {self.max_changes} Open players may move"
                    if self.open_only
                    else f"only the {self.max_changes} players set up may move"
                )
            # Validate the result as a set-up of the players on the pitch
            # only: "removed and set up again ... following all of the
            # usual set-up rules" (rulebook "Solid Defence"): the Reserves
            # are no part of it, and Swarming's extras stay on the pitch.
            on_pitch = [g.idx[pid] for pid, _ in current_placement(g, self.t)]
            problems += validate_setup(g, self.t, placement, on_pitch)
        else:
            problems = validate_setup(g, self.t, placement)
        if problems:
            raise IllegalSetup("; ".join(problems))

    def receive(self, g: GameState, choice: Option) -> None:
        t = self.t
        if choice == OPT_CONCEDE:  # before setting up: without the penalty
            _concede_before_setup(g, t)
            return
        if choice[0] == "keep":
            g.stack.pop()
            return
        if choice[0] == "formation":
            placement = dict(self.formations)[choice[1]]
        else:
            placement = tuple((int(a), int(b)) for a, b in choice[1])
        for p in range(g.n):
            if g.team[p] == t and g.box[p] == 0:
                g.lift(p)
                g.box[p] = RESERVES
        for pid, sq in placement:
            p = g.idx[pid]
            g.place(p, sq)
            g.status[p] = STANDING
            g.pflags[p] |= PF_PLAYED
        g.emit(SetUp(g.tname(t), placement))
        g.stack.pop()
