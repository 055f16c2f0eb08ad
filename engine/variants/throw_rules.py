"""What the procedures of passes, hand-offs and thrown team-mates ask of a
game format: :class:`ThrowRules`, a part of
:class:`engine.variants.match_rules.MatchRules`. Defaults: Blood Bowl 2020
(the rulebook's "Passing", "Hand-off", "Throw Team-mate" and the bombs).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.core.skillbits import RIGHT_STUFF
from engine.core.state import STANDING
from engine.rules.ball import STAT_LAND, stat

if TYPE_CHECKING:
    from engine.core.state import GameState, Option, Proc
    from engine.rules.passing import PassAction


class ThrowRules:
    """The targets, the throwers, the thrown and the interference of a
    throw, and the landing of a thrown team-mate."""

    def pass_options(
        self, g: GameState, p: int, opts: tuple[Option, ...], dump: bool
    ) -> tuple[Option, ...]:
        """The targets a Pass action (``dump``: a Dump-off) by ``p`` may
        choose from ``opts`` (squares in range, Hail Mary squares)."""
        return opts

    def pass_choice(
        self, g: GameState, action: PassAction, choice: Option
    ) -> Proc | None:
        """The procedure that replaces Pass ``action`` for a target
        ``choice`` of the variant's own kind; None: an ordinary pass."""
        return None

    # Whether a Throw Team-mate is the team's Pass action of the turn
    # (BB2020: "a team may not perform both").
    ttm_is_pass: ClassVar[bool] = True

    def may_throw(self, g: GameState, p: int) -> bool:
        """Whether player ``p`` (with Throw Team-mate) is strong enough to
        throw a team-mate (BB2020: ST 5 or more)."""
        return g.st[p] >= 5

    def may_be_thrown(self, g: GameState, q: int) -> bool:
        """Whether team-mate ``q`` may be thrown (BB2020: Right Stuff and ST
        3 or less)."""
        return bool(g.skills[q] & RIGHT_STUFF) and g.st[q] <= 3

    def may_be_kicked(self, g: GameState, q: int) -> bool:
        """Whether team-mate ``q`` may be kicked by a Kick Team-mate player
        (BB2020: Standing, Right Stuff and ST 3 or less)."""
        return (
            g.status[q] == STANDING and bool(g.skills[q] & RIGHT_STUFF) and g.st[q] <= 3
        )

    def may_receive_hand_off(self, g: GameState, q: int) -> bool:
        """Whether team-mate ``q`` may be handed the ball (BB2020: any
        Standing team-mate with his Tackle Zone)."""
        return g.has_tz(q)

    # The thrown player's landing (rulebook "Throwing other Players"):
    # the name of a failed throw that is not fumbled (BB2020: successful),
    # whether a player thrown Prone, Stunned or without a Tackle Zone
    # bounces before he Falls Over (BB2020's Crash Landing), how one who
    # lands on a player comes down after his bounce (the BB2020 errata:
    # Knocked Down), and whether landing in the crowd is a Turnover without
    # the ball (BB2020: only with it).
    ttm_failed_quality: ClassVar[str] = "successful"
    crash_landing_bounces: ClassVar[bool] = True
    landed_on_how: ClassVar[str] = "knocked_down"
    thrown_into_crowd_turnover: ClassVar[bool] = False

    # Hail Mary Pass: the range band its test is made at (0: BB2020, no
    # range modifier and a 2+ test that only tells a wildly inaccurate pass
    # from a fumble; otherwise a Passing Ability test at that band whose
    # best result is inaccurate), and whether a bomb may be thrown so.
    hail_mary_band: ClassVar[int] = 0
    hail_mary_bombs: ClassVar[bool] = False
    # Whether a caught (or intercepted) bomb explodes on a D6 4+ (BB2020;
    # otherwise it is always thrown on at once).
    bomb_catch_explodes: ClassVar[bool] = True
    # Whether the Special actions made instead of a Block (Stab, Chainsaw
    # Attack, Projectile Vomit, Breathe Fire) and Hypnotic Gaze need the
    # player Standing as he is activated (BB2020: a Prone player may
    # stand up first, with Jump Up to Block).
    special_actions_need_standing: ClassVar[bool] = False

    def throw_targets(self, g: GameState, p: int, squares: list[int]) -> list[int]:
        """The target squares of a throw by ``p`` other than a Pass (Throw
        Team-mate, a Bombardier's bomb) among ``squares`` (those in range)."""
        return squares

    # Whether a successful interference test intercepts the pass at once
    # (False: BB2020, a deflection, then a catch to make it an interception).
    interference_intercepts: ClassVar[bool] = False

    def marked_interference_modifier(self, markers: int) -> int:
        """What ``markers`` players Marking an interfering player add to his
        test (BB2020 "Interference": -1 if he is Marked at all)."""
        return -1 if markers else 0

    def may_interfere(self, g: GameState, q: int, src: int, dst: int) -> bool:
        """Whether player ``q``, beneath the range ruler from ``src`` to
        ``dst``, may try to interfere with the pass."""
        return True

    def thrown_player_out(
        self, g: GameState, q: int, last: int, victims: tuple[int, ...]
    ) -> Proc | None:
        """A thrown (or bouncing) player ``q`` would come down off the
        pitch beyond ``last``; ``victims``: the players he has landed on
        and bounced off, not yet Knocked Down (he bounced off the last of
        them, in ``last``). The procedure that takes over from there; None:
        in the crowd (``throw_team_mate.Land``)."""
        return None

    # Whether the thrown player himself earns 1 SPP for a safe landing
    # after any throw, counted as the thrower's Throwing Completion is
    # (BB2020: no; BB2025, changes_from_bb2020.md section 15: yes).
    landing_spp: ClassVar[bool] = False

    def landed_safely(self, g: GameState, thrower: int, q: int, superb: bool) -> None:
        """Thrown (or kicked) player ``q`` has landed safely after
        ``thrower``'s throw (-1: none known), ``superb`` or not. BB2020
        (post-game_sequence.md "Throwing Completions"): a superb Throw
        Team-mate action whose thrown player lands safely is a Throwing
        Completion, 1 SPP for the player who threw; no other landing earns
        anything. Decision: the count is the ``successful_landings`` stat
        (its name kept for stored results, reports and API clients); it
        counts Throwing Completions, credited to the thrower. A Kick
        Team-mate follows the Throw Team-mate rules, so a superb kick
        counts the same."""
        if superb and thrower >= 0:
            stat(g, thrower, STAT_LAND)
        if self.landing_spp:
            stat(g, q, STAT_LAND)
