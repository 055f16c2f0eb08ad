"""Team-card abilities that change the rules of an Action as it is made
(teams.md): how a Player may Run, what counts as an Assist, how a Block
Die's face reads. Abilities that grant free Actions or re-rolls are not in
this module.

Every function takes the game state and Player indexes; each names the
abilities it applies.
"""

from __future__ import annotations

from engine.blitz.faces import KERRUNCH, MISS, SHOVE, SMASH, TACKLE
from engine.blitz.state import BlitzState

# Runs that may enter squares next to standing opponents.
NEAR_OPPONENTS = frozenset(
    {"elusive", "lithe_creature", "leap", "ethereal", "war_machine"}
)
# ... and must still end the Run Open.
END_OPEN = frozenset({"elusive", "lithe_creature", "leap", "ethereal"})
# Runs that pass through squares holding Players (team-mates or opponents)
# and, Ethereal, obstructions; they never end on one (teams.md).
PASS_OVER = frozenset({"leap", "ethereal"})
THROUGH_OBSTRUCTIONS = frozenset({"ethereal"})


def has(g: BlitzState, i: int, ability: str) -> bool:
    return ability in g.abilities[i]


def passes_players(g: BlitzState, i: int) -> bool:
    """Leap, Ethereal: a Run may move through squares holding Players."""
    return bool(PASS_OVER & g.abilities[i])


def passes_obstructions(g: BlitzState, i: int) -> bool:
    """Ethereal: a Run may move through obstructions."""
    return bool(THROUGH_OBSTRUCTIONS & g.abilities[i])


def enforcer(g: BlitzState, i: int) -> bool:
    """Enforcer: every Block Die is resolved, in the blocker's order, and a
    Shove is always followed up."""
    return has(g, i, "enforcer")


def may_dump_off(g: BlitzState, i: int) -> bool:
    """Dump-off: a Block's target holding a ball who can throw it."""
    return (
        has(g, i, "dump_off")
        and g.throw[i] is not None
        and not cannot_throw(g, i)
        and g.ball_of(i) >= 0
    )


def blocking_neighbours(g: BlitzState, i: int, sq: int) -> tuple[bool, bool]:
    """For Player ``i`` Running into ``sq``: (forbidden, ends the Run).
    Standing opponents next to ``sq`` forbid it, except an Insignificant one
    (opponents may Run next to it) and a Titchy one (they may, but the Run
    ends there)."""
    # Decision: only Runs that may not pass next to opponents ask this
    # (actions.Move); an Elusive, Lithe Creature, Leap, Ethereal or War
    # Machine Run passes a Titchy opponent as any other, reading Titchy's
    # "doing so ends the Action" as the price of the leave it gives.
    t = g.team[i]
    forbidden = ends = False
    for n in g.board.neighbours[sq]:
        j = g.occ[n]
        if j < 0 or j == i or g.team[j] == t or g.prone[j]:
            continue
        if has(g, j, "insignificant"):
            continue
        if has(g, j, "titchy"):
            ends = True
            continue
        forbidden = True
    return forbidden, ends


def may_run_while_marked(g: BlitzState, i: int) -> bool:
    """War Machine: may make a Run Action while Marked."""
    return has(g, i, "war_machine")


def cannot_throw(g: BlitzState, i: int) -> bool:
    """Lithe Creature: never makes a Throw Action."""
    return has(g, i, "lithe_creature")


def may_assist(g: BlitzState, helper: int, target: int) -> bool:
    """Whether ``helper``, Marking ``target``, Assists a Block against it:
    not if a Defensive opponent stands next to the helper (Defensive)."""
    t = g.team[helper]
    for n in g.board.neighbours[g.pos[helper]]:
        j = g.occ[n]
        if j >= 0 and g.team[j] != t and not g.prone[j] and has(g, j, "defensive"):
            return False
    return True


def block_unassisted(g: BlitzState, blocker: int, target: int) -> bool:
    """Blocks that can never be Assisted: against Woodland Aid, and by a
    War Machine or a Bomber."""
    return (
        has(g, target, "woodland_aid")
        or has(g, blocker, "war_machine")
        or has(g, blocker, "bomber")
    )


def read_face(g: BlitzState, blocker: int, target: int, face: str) -> str:
    """The face as it counts for this Block: the blocker's Mighty Blow
    (Smash is Kerrunch!) and Hulking Brute (Tackle and Smash are Kerrunch!),
    Titchy and Insignificant (Tackle is Miss), Bomber (Shove is Miss); the
    target's Stand Firm and Hulking Brute (Shove is Miss)."""
    if face == SMASH and (
        has(g, blocker, "mighty_blow") or has(g, blocker, "hulking_brute")
    ):
        return KERRUNCH
    if face == TACKLE:
        if has(g, blocker, "hulking_brute"):
            return KERRUNCH
        if has(g, blocker, "titchy") or has(g, blocker, "insignificant"):
            return MISS
    if face == SHOVE and (
        has(g, blocker, "bomber")
        or has(g, target, "stand_firm")
        or has(g, target, "hulking_brute")
    ):
        return MISS
    return face
