"""Blood Bowl 2025 (the Third Season Edition): what differs from Blood Bowl
2020, as the edition's digest gives it (``shared/rules/bb2025/``
``changes_from_bb2020.md``, ``tables.md``; the data in
``engine/data/bb2025/``). Everything not overridden here plays as BB2020.

Decision: the format is registered but held back (``offered = False``):
leagues, the command-line tools and the API do not offer it until every
change of the edition plays; a match or test asks for it by name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.core import skillbits as S
from engine.core.errors import RuleError
from engine.core.rules_data import rules_data
from engine.core.state import STANDING, TF_SECURE
from engine.rules.activation import activatable
from engine.rules.kickoff import kickoff_event, roll_off
from engine.rules.rolls import Test as RollTest
from engine.variants.base import register
from engine.variants.bb2020 import KICKOFF_TABLE, BloodBowl2020

if TYPE_CHECKING:
    from engine.core.state import GameState, Option, Proc

# Kick-off Event table (2D6), tables.md "Kick-off event": 10 Charge!
# replaces Blitz!, 11 Dodgy Snack replaces Officious Ref; the other rows
# keep their BB2020 names (Cheering Fans and Brilliant Coaching keep the
# name, not the effect: see BloodBowl2025.kickoff_event).
KICKOFF_TABLE_2025: tuple[str, ...] = KICKOFF_TABLE[:10] + (
    "charge",  # 10
    "dodgy_snack",  # 11
    "pitch_invasion",  # 12
)

# Casualty table (D16), tables.md "Casualty": 1-8 Badly Hurt, 9-10
# Seriously Hurt, 11-12 Serious Injury, 13-14 Lasting Injury, 15-16 Dead.
CASUALTY_TABLE_2025: tuple[str, ...] = (
    ("",)
    + ("badly_hurt",) * 8
    + ("seriously_hurt",) * 2
    + ("serious_injury",) * 2
    + ("lasting_injury",) * 2
    + ("dead",) * 2
)

# Lasting Injury table (D6) -> (name, characteristic reduced); 5 is now a
# Dislocated Hip (BB2020: Neck Injury). Decision (DECIDE 7): result 6 keeps
# the name Dislocated Shoulder; the effect, -1 ST, is the same as Broken
# Shoulder's.
LASTING_INJURY_2025: tuple[tuple[str, str], ...] = (
    ("", ""),
    ("head_injury", "av"),
    ("head_injury", "av"),
    ("smashed_knee", "ma"),
    ("broken_arm", "pa"),
    ("dislocated_hip", "ag"),
    ("dislocated_shoulder", "st"),
)

CLOUD_BURSTER = S.BIT["cloud-burster"]
VERY_LONG_LEGS = S.BIT["very-long-legs"]

# Secure the Ball: who may not declare it (besides a Big Guy).
_NO_SECURING = S.BIT["ball-and-chain"] | S.BIT["no-hands"]
SECURE = "secure_the_ball"

# The event a Kick-off result names that this format does not play yet.
_NOT_YET: frozenset[str] = frozenset({"cheering_fans", "charge", "dodgy_snack"})


def keywords(g: GameState, p: int) -> tuple[str, ...]:
    """Player ``p``'s keywords: his position's on his team's BB2025 roster,
    or his Star Player profile's; none for a position the edition's data
    does not know (a made-up test team)."""
    data = rules_data("bb2025")
    sheet = g.sheet(p)
    try:
        return data.position_of(g.sheets[g.team[p]].roster, sheet.position).keywords
    except KeyError:
        pass
    for star in data.star_players.values():
        for member in star.members:
            if member.slug == sheet.position:
                return member.keywords
    return ()


def may_secure(g: GameState, t: int) -> bool:
    """changes_from_bb2020.md "Secure the Ball": team ``t`` has not
    secured the ball this turn, the ball lies on the ground, and no
    opposing player with a Tackle Zone (Standing, not Distracted) is within
    2 squares of it."""
    if g.tflags & TF_SECURE or g.carrier >= 0 or g.ball < 0 or g.ball_air:
        return False
    bx, by = g.pitch.xy(g.ball)
    for q in range(g.n):
        if g.team[q] != t and g.box[q] == 0 and g.status[q] == STANDING:
            x, y = g.pitch.xy(g.pos[q])
            if max(abs(x - bx), abs(y - by)) <= 2 and g.has_tz(q):
                return False
    return True


def at_minimum(g: GameState, p: int, char: str) -> bool:
    """Whether player ``p``'s characteristic ``char`` is already at the
    edition's minimum (tables.md "Lasting injury": MA 1, ST 1, AG 6+, PA 6+,
    AV 3+), as his team sheet gives it. A player with no PA ("-") is at
    his minimum PA."""
    s = g.sheet(p)
    if char == "ma":
        return s.ma <= 1
    if char == "st":
        return s.st <= 1
    if char == "ag":
        return s.ag >= 6
    if char == "pa":
        return s.pa is None or s.pa >= 6
    return s.av <= 3


class BloodBowl2025(BloodBowl2020):
    """Blood Bowl 2025: BB2020 with the Third Season Edition's changes."""

    name = "bb2025"
    label = "Blood Bowl (2025)"
    summary = (
        "The Third Season Edition (2025 rules): eleven players a side, the "
        "new Kick-off and Casualty tables, passes without Wildly Inaccurate "
        "results, and the 30 rosters of the edition."
    )
    rules_data_version = "bb2025"
    offered = False

    kickoff_table = KICKOFF_TABLE_2025
    casualty_table: ClassVar[tuple[str, ...] | None] = CASUALTY_TABLE_2025
    lasting_injury = LASTING_INJURY_2025
    # changes_from_bb2020.md "Passing": a modified result of 1 or less is
    # a fumble; there is no Wildly Inaccurate pass.
    modified_one_fumbles = True
    # "Catching the kick-off": no modifier for the kick (BB2020: -1).
    kickoff_catch_modifier = 0

    # "Interference -> Interception only": one Agility test, -3 against an
    # accurate pass, -2 against an inaccurate one, -1 per player Marking
    # the interceptor; success intercepts (no deflection, no Deflection SPP).
    # Decision (DECIDE 10): a Stunty thrower's pass is +1 to intercept, as
    # in BB2020 (the trait says its passes are easier to intercept).
    interference_intercepts = True

    # "Throw Team-mate is its own once-per-turn action" (not the team's
    # Pass action), and "No ST requirements": any player with the trait
    # may throw any team-mate with Right Stuff.
    ttm_is_pass = False

    def may_throw(self, g: GameState, p: int) -> bool:
        return True

    def may_be_thrown(self, g: GameState, q: int) -> bool:
        return bool(g.skills[q] & S.RIGHT_STUFF)

    def marked_interference_modifier(self, markers: int) -> int:
        return -markers

    def may_interfere(self, g: GameState, q: int, src: int, dst: int) -> bool:
        """Cloud Burster: the thrower's passes cannot be intercepted, but
        by a player with Very Long Legs (BB2020: a re-roll of a successful
        interference on a Long pass)."""
        thrower = g.board[src]
        if thrower >= 0 and g.skills[thrower] & CLOUD_BURSTER:
            return bool(g.skills[q] & VERY_LONG_LEGS)
        return super().may_interfere(g, q, src, dst)

    def throw_in_squares(self, roll: int) -> int:
        """changes_from_bb2020.md "Throw-ins": the square the ball left
        the pitch from counts as the first of the 2D6, so the ball comes
        down 2D6 - 1 squares in.

        Decision (DECIDE 18): 2D6 - 1, as both BB2025 engines; a ball
        landing in an empty square still bounces (one source only says it
        comes to rest)."""
        return roll - 1

    def extra_activations(self, g: GameState, t: int) -> list[Option]:
        """Secure the Ball, once per team turn (:func:`may_secure`), by a
        player who is not a Big Guy and has neither No Hands (the edition's
        No Ball) nor Ball & Chain."""
        if not may_secure(g, t):
            return []
        return [
            g.act_opts[p][SECURE]
            for p in activatable(g, t)
            if not g.skills[p] & _NO_SECURING and "Big Guy" not in keywords(g, p)
        ]

    def pick_up_test(self, g: GameState, p: int) -> RollTest:
        """Secure the Ball: the pick-up of the player who declared it is a
        flat 2+ (natural 1 fails), no modifier and no Skill re-roll (Sure
        Hands, Pro); a team re-roll may be used.

        Decision (DECIDE 14): flat 2+, not an Agility test, so Pouring
        Rain, Marking players, Big Hand and Extra Arms change nothing."""
        if g.act_player == p and g.act_action == SECURE:
            return RollTest(SECURE, p, 2, skill_rr_ok=False)
        return super().pick_up_test(g, p)

    def picked_up(self, g: GameState, p: int) -> None:
        """Secure the Ball: once the ball is secured the activation ends (no
        moving on, no scoring in it)."""
        if g.act_player == p and g.act_action == SECURE:
            g.act_over = True

    def lasting_injury_result(
        self, g: GameState, p: int, result: str, d6: int
    ) -> tuple[str, str, str]:
        """tables.md "Lasting injury": a result on a characteristic already
        at its minimum is a Seriously Hurt instead (no reduction).

        Decision: the D6 stays on the record (``lasting_d6``) with no injury
        named, so the audit shows why the Lasting Injury became Seriously
        Hurt."""
        lasting, char = self.lasting_injury[d6]
        if at_minimum(g, p, char):
            return "seriously_hurt", "", ""
        return result, lasting, char

    def kickoff_event(self, g: GameState, name: str, landing: int) -> Proc | None:
        """tables.md "Kick-off event": Brilliant Coaching gives both teams
        the extra re-roll on a tie; the others as BB2020. An event this
        format does not play yet is refused (the format is not offered)."""
        if name == "brilliant_coaching":
            mods = (
                g.sheets[0].assistant_coaches - g.argue_banned[0],
                g.sheets[1].assistant_coaches - g.argue_banned[1],
            )
            w = roll_off(g, "brilliant_coaching", mods)
            for t in (0, 1) if w < 0 else (w,):
                g.extra_rr[t] += 1
            return None
        if name in _NOT_YET:
            raise RuleError(f"{self.label} does not play the {name} kick-off yet")
        return kickoff_event(g, name, landing)


BB2025 = register(BloodBowl2025())
