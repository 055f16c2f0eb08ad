"""Blood Bowl 2025 (the Third Season Edition): what differs from Blood Bowl
2020, as the edition's digest gives it (``shared/rules/bb2025/``
``changes_from_bb2020.md``, ``tables.md``; the data in
``engine/data/bb2025/``). Everything not overridden here plays as BB2020.

Its league rules (SPP, advancement, value increases, winnings, the
inducement catalogue) are in :mod:`.league`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from engine.campaign.casualty import BB2025_TABLE
from engine.core import skillbits as S
from engine.core.errors import RuleError
from engine.core.hooks import Registration
from engine.core.rules_data import rules_data
from engine.core.state import PF_NOTZ
from engine.rules.ball import turnover
from engine.rules.injuries import KnockDown
from engine.rules.keywords import has_keyword
from engine.rules.rolls import Test
from engine.skills import chomp
from engine.skills.going_down import KickBack
from engine.variants.base import register
from engine.variants.bb2020 import KICKOFF_TABLE, BloodBowl2020
from engine.variants.bb2025 import (
    bugman,
    captain,
    kickoff,
    league,
    mascot,
    multiple_block,
    secure,
    stalling,
    undeath,
)
from engine.variants.bb2025 import prayers as nuffle
from engine.variants.bb2025.secret_weapons import SecretWeapons2025
from engine.variants.bb2025.ttm import ThrowTeamMate2025
from engine.variants.fields import DEFLECTIONS, PLAYER_STATS, SUCCESSFUL_LANDINGS

if TYPE_CHECKING:
    from engine.campaign.casualty import CasualtyTable
    from engine.campaign.inducements import InducementSpec
    from engine.campaign.postgame import PostgameInput, WinningsResult
    from engine.core.model import TeamSheet
    from engine.core.rules_data import Position, Roster
    from engine.core.state import GameState, Option, Proc

# Kick-off Event table (2D6), tables.md "Kick-off event": 10 Charge!
# replaces Blitz!, 11 Dodgy Snack replaces Officious Ref; the other rows
# keep their BB2020 names (Cheering Fans and Brilliant Coaching keep the
# name, not the effect: see .kickoff).
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

# tables.md "Inducements": 0-3 Prayers to Nuffle a team.
PRAYERS_MAX = 3

# g.effects key: the Sweltering Heat D3 of this drive's end (a "_drive"
# key, gone once the drive is over).
HEAT = "bb2025_heat_drive"
CLOUD_BURSTER = S.BIT["cloud-burster"]
VERY_LONG_LEGS = S.BIT["very-long-legs"]
SWARMING_RULE = "swarming"  # the team special rules' slugs
BRIBERY_RULE = "bribery-and-corruption"
# g.effects key: the team (suffix) has used its Bribery and Corruption
# re-roll of Argue the Call this game.
BRIBERY_USED = "bb2025_bribery_argue"


def team_rule(g: GameState, t: int, rule: str) -> bool:
    """Whether team ``t``'s BB2025 roster has the team special rule
    ``rule`` (a made-up test team has none)."""
    roster = rules_data("bb2025").rosters.get(g.sheets[t].roster)
    return roster is not None and rule in roster.special_rules


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


def _team_turn(g: GameState) -> tuple[int, int, int]:
    """This team turn among the drive's: the half and both teams' turn
    counters."""
    return (g.half, g.turn[0], g.turn[1])


class BloodBowl2025(SecretWeapons2025, ThrowTeamMate2025):
    """Blood Bowl 2025: BB2020 with the Third Season Edition's changes (its
    secret weapons, bombs and Special actions: :mod:`.secret_weapons`; the
    throws and kicks of team-mates: :mod:`.ttm`)."""

    name = "bb2025"
    label = "Blood Bowl (2025)"
    summary = (
        "The Third Season Edition (2025 rules): eleven players a side, the "
        "new Kick-off and Casualty tables, passes without Wildly Inaccurate "
        "results, and the 30 rosters of the edition."
    )
    rules_data_version = "bb2025"
    offered_first = True
    # Decision: BB2025 keeps BB2020's Glittering Prizes and League Trophy
    # (season_prizes, champion_rerolls: inherited): the edition's digest
    # (changes_from_bb2020.md, README.md "Silent points") finds no change to
    # the season's end ("re-drafting between seasons: no change found;
    # assume BB2020").

    # The league side (:mod:`.league`, tables.md sections 9-13 and 15).
    spp_costs = league.SPP_COSTS_2025
    random_secondary = False
    skill_value_increases = league.SKILL_VALUE_2025
    characteristic_value_increases = league.CHARACTERISTIC_VALUE_2025
    elite_skill_bonus = league.ELITE_SKILL_BONUS
    characteristic_die = 8
    characteristic_table = league.CHARACTERISTIC_TABLE_2025
    # tables.md "Characteristic improvement (D8)": "Instead of the rolled
    # options the player may take a Primary or Secondary skill".
    characteristic_fallback_primary = True
    # tables.md "Advancement costs": a random skill is rolled twice on the
    # table and the coach keeps one of the two (the same skill twice must
    # be taken).
    random_skill_rolls = 2
    spp_values = league.SPP_VALUES_2025
    spp_team_rules = league.SPP_TEAM_RULES_2025
    # changes_from_bb2020.md section 9 "Interference -> Interception only":
    # no Deflection any more, so its matches record none (a report naming
    # one is refused: ``matches/reports/checks.py``).
    player_stats: ClassVar[frozenset[str]] = PLAYER_STATS - {DEFLECTIONS}
    # changes_from_bb2020.md "Throw Team-mate", SPP: ``successful_landings``
    # counts the thrower's Throwing Completions and the thrown player's safe
    # landings (``landing_spp``), so its column is named for both.
    stat_names: ClassVar[Mapping[str, str]] = MappingProxyType(
        {SUCCESSFUL_LANDINGS: "Throwing completions and safe landings"}
    )
    # changes_from_bb2020.md "Post-game order". Decision: BB2020's steps in
    # BB2020's order (``postgame_steps``, inherited); FFB's order (MVP before
    # the winnings and the Dedicated Fans) gives the same results, as no
    # step reads another's dice or result.
    mvp_nominations = league.MVP_NOMINATIONS
    no_stalling_bonus = league.NO_STALLING_BONUS
    concession_loses_spp = True
    # changes_from_bb2020.md section 15 "Concession": "legal (no penalty)
    # only at set-up with fewer than 3 players able to play" (BB2020: three
    # or fewer), so a team of two or fewer may concede before it sets up.
    free_concession_players: ClassVar[int | None] = 2
    team_captain_rule = league.TEAM_CAPTAIN_RULE
    # Low Cost Linemen (changes_from_bb2020.md section 16) is inherited; its
    # Linemen are the positions with the Lineman keyword (``is_lineman``).
    getting_even = league.GETTING_EVEN_2025
    # Prayers to Nuffle are an inducement (0-3), not the underdog's due.
    underdog_prayers = False
    # tables.md "Inducement budget": the lower-CTV team may add up to
    # 50,000 of its own treasury to its petty cash.
    underdog_treasury = 50_000

    kickoff_table = KICKOFF_TABLE_2025
    # Charge!: one of the free activations may be a Kick Team-mate.
    blitz_event_actions = kickoff.CHARGE_ACTIONS
    # tables.md "Charge!": it stops when "any selected player Falls Over or
    # is Knocked Down" (an activated one: a Turnover), not a thrown one.
    blitz_event_ends_on_any_fall = False
    # The edition's rules at the rule points, after the skills.
    rules: ClassVar[tuple[Registration, ...]] = BloodBowl2020.rules + (
        kickoff.register,
        stalling.register,
        multiple_block.register,
        chomp.register,
        undeath.register,
        nuffle.register,
    )
    # changes_from_bb2020.md section 7, Plague Ridden: only a Block's death,
    # of a player who is not a Big Guy, whatever his Strength.
    plague_ridden_max_st = None
    plague_ridden_by_foul = False
    plague_ridden_spares = ("Big Guy",)
    casualty_table: ClassVar[tuple[str, ...] | None] = CASUALTY_TABLE_2025
    lasting_injury = LASTING_INJURY_2025
    # changes_from_bb2020.md "Passing": a modified result of 1 or less is
    # a fumble; there is no Wildly Inaccurate pass.
    # Decision (DECIDE 1): the May 2026 errata; a modified D6 may go below 1
    # (no floor), a natural 1 fails and a natural 6 succeeds, as the
    # engine's tests already read every roll.
    # Decision (DECIDE 3): a ball scattering from an inaccurate pass is
    # caught at -1, as in BB2020, until the rulebook's catch modifiers are
    # read.
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

    # changes_from_bb2020.md "Throw Team-mate", SPP: the thrower's
    # Throwing Completion is kept, and the thrown player also earns 1 SPP
    # for a safe landing after any throw. Decision: both are counted in
    # ``successful_landings``, each worth the same 1 SPP.
    landing_spp = True

    # "Jump": both BB2025 engines allow a Jump or Leap more than once in an
    # activation. Decision (DECIDE 17): allowed.
    jumps_repeat = True
    # skills.md "Very Long Legs": +1 to Jump and Leap tests (BB2020: the
    # negative modifiers reduced by 1).
    very_long_legs_jump_bonus = 1
    # skills.md "Pogo": a Leap "ignoring all negative modifiers to the test"
    # (BB2020's Pogo Stick: the Marking ones): no Prehensile Tail's -1 and no
    # Diving Tackle's -2 (so no Diving Tackle is offered: it could only
    # put the tackler down).
    pogo_ignores_all = True
    # changes_from_bb2020.md "Brawler and Grab": Grab works on a declared
    # Block action only, so a Blitz's target may Sidestep.
    grab_blitz_stops_sidestep = False
    # skills.md "Brawler": "re-roll one Both Down die; once per activation
    # even with Frenzy".
    brawler_once_per_activation = True
    # skills.md "Trickster" and "Dump-off": "when targeted by a Block or
    # targeting Special Action" (BB2020: a Special action replacing a
    # Block), a Hypnotic Gaze too (the Chomp: engine/skills/chomp.py).
    gaze_is_targeted = True
    # skills.md "On the Ball": before a pass "several players may, one at
    # a time" move up to 3 squares.
    on_the_ball_several = True
    # skills.md "Really Stupid": +2 for an adjacent Standing,
    # non-Distracted team-mate without the trait.
    really_stupid_help_needs_tz = True
    # skills.md "Hit and Run": after a Block or a Stab.
    hit_and_run_after = ("block", "multiple_block", "stab")
    # changes_from_bb2020.md "Special actions replacing a Blitz block": the
    # activation ends after any of them, a Projectile Vomit's too.
    vomit_blitz_ends_activation = True
    # skills.md "Arm Bar": the Casualty it causes earns the player SPP.
    arm_bar_credits = True
    # skills.md "Give and Go": after a Quick Pass or a Hand-off.
    give_and_go_passes = True
    # skills.md "Frenzy": cannot be combined with Grab, Hit and Run or
    # Multiple Block; Grim Ironjaw (his Slayer) excepted.
    # Decision: "cannot be combined" in play: a Frenzy player's block pushes
    # as without Grab (its target may Sidestep), no Hit and Run follows his
    # Block, Blitz or Stab, and no Multiple Block is offered to him.
    frenzy_excludes = S.BIT["grab"] | S.BIT["hit-and-run"] | S.BIT["multiple-block"]
    frenzy_exempt = S.BIT["slayer"]
    # skills.md "Monstrous Mouth": the Chomp (engine/skills/chomp.py) and
    # Strip Ball's immunity; no catch re-roll any more (BB2020's).
    catch_reroll_skills = S.CATCH
    # skills.md "Tentacles": a player held ends his activation.
    # Decision: the D6 is rolled as he leaves the square, before any Rush
    # and before the Dodge, Jump or Leap test (BB2020's moment).
    tentacles_end_activation = True
    # skills.md "Diving Tackle": after the test and its re-rolls.
    # Decision: offered once the test has passed (after any re-roll); a
    # failure its -2 causes cannot be re-rolled.
    diving_tackle_rerolls = False

    def animosity_covers(self, g: GameState, q: int, param: str) -> bool:
        """changes_from_bb2020.md "Keywords": Animosity (X) names a keyword
        (Animosity (Goblin)), read from the team-mate's position."""
        return has_keyword(g, q, param)

    # skills.md "Swoop": "and may re-roll the landing test".
    landing_reroll_skills = S.SWOOP

    def swoop_squares(self, g: GameState) -> int:
        """skills.md "Swoop": D6 squares from the target (BB2020: D3)."""
        return g.dice.d6()

    def break_tackle_bonus(self, st: int) -> int:
        """skills.md "Break Tackle": +1 with ST 3 or less, +2 with ST 4, +3
        with ST 5 or more (once per turn, as the engine already counts it)."""
        return 3 if st >= 5 else (2 if st == 4 else 1)

    # skills.md "Animal Savagery": +2 with a Block or a Blitz declared, or a
    # Special action made instead of a block (Chainsaw Attack, Projectile
    # Vomit; Chomp, which may replace a Blitz's block).
    savagery_blocking_actions = (
        "block",
        "blitz",
        "projectile_vomit",
        "chainsaw",
        "chomp",
    )

    def lash_out(self, g: GameState, p: int, q: int) -> Proc:
        """skills.md "Animal Savagery": the team-mate lashed out at is
        Knocked Down, Claws and Mighty Blow applying.

        Decision (DECIDE 13): the player then goes on with his activation
        (RL and the FAQ; FFB's server option ends it), as in BB2020."""
        sk = g.skills[p]
        return KnockDown(
            q,
            "knocked_down",
            by=p,
            mb=1 if sk & S.MIGHTY_BLOW else 0,
            claws=bool(sk & S.BIT["claws"]),
            causes_turnover=False,
        )

    def may_shadow(self, g: GameState, q: int) -> bool:
        """skills.md "Shadowing": usable a number of times per turn up to
        the player's MA.

        Decision: each use counts, followed or not (its D6 rolled)."""
        turn, uses = g.effects.get(f"shadowing_{q}_drive", ((), 0))
        return bool(turn != _team_turn(g) or uses < g.ma[q])

    def shadowing_test(self, g: GameState, q: int, p: int) -> Test:
        """skills.md "Shadowing": a flat 4+ on a D6 (BB2020: D6 + MA - the
        dodger's MA, 6+); the use is counted for :meth:`may_shadow`."""
        key = f"shadowing_{q}_drive"
        turn, uses = g.effects.get(key, ((), 0))
        now = _team_turn(g)
        g.effects[key] = (now, uses + 1 if turn == now else 1)
        return Test("shadowing", q, 4, team_rr_ok=False)

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
        """Secure the Ball (:mod:`.secure`)."""
        return secure.secure_options(g, t)

    def pick_up_test(self, g: GameState, p: int) -> Test:
        """Securing the ball: a flat 2+ (:func:`.secure.secure_test`)."""
        if secure.securing(g, p):
            return secure.secure_test(p)
        return super().pick_up_test(g, p)

    def picked_up(self, g: GameState, p: int) -> None:
        """Secure the Ball: once the ball is secured the activation ends (no
        moving on, no scoring in it: :func:`.secure.secured`)."""
        if secure.securing(g, p):
            secure.secured(g, p)

    # Decision (DECIDE 12): Regeneration is rolled after the casualty roll
    # and any apothecary, on the result kept (BB2020's order, and FFB's).

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

    def kickoff_procedure(self) -> Proc:
        """Josef Bugman's re-set-ups (:mod:`.bugman`), then the kick-off
        with the edition's Kick (:mod:`.kickoff`)."""
        return bugman.AfterSetUp()

    def kickoff_event(self, g: GameState, name: str, landing: int) -> Proc | None:
        """tables.md "Kick-off event" (:func:`.kickoff.kickoff_event_2025`)."""
        return kickoff.kickoff_event_2025(g, name, landing)

    def turn_starts(self, g: GameState, t: int) -> Proc | None:
        """A Cheering Fans assist won for team ``t``'s next turn is on; a
        ball secured in the turn before may score again."""
        kickoff.cheering_turn(g, t)
        secure.turn_starts(g)
        return super().turn_starts(g, t)

    def sweltering_heat_count(self, g: GameState, t: int) -> int:
        """tables.md "Weather": one D3 for both teams.

        Decision (DECIDE 8): one coach rolls a single D3 and each team
        removes that many players (RL's reading of the rulebook)."""
        k: int | None = g.effects.get(HEAT)
        if k is None:
            k = g.effects[HEAT] = g.dice.d3()
        return k

    def active_skill_usable(self, g: GameState, p: int) -> bool:
        """changes_from_bb2020.md "ACTIVE / PASSIVE skills": an ACTIVE skill
        works only while its player is Standing and not Distracted. The
        procedures check the Tackle Zone (Standing and not Distracted) where
        a player uses one in the other team's turn; these are the ones used
        as he goes down or holds the ball.

        Decision: "usable Prone" (Safe Pair of Hands, skills.md) lifts the
        Standing condition only: a Distracted player still cannot use it."""
        return not g.pflags[p] & PF_NOTZ

    # tables.md "Argue the Call": the Dodgy League Rep's +1 leaves a
    # natural 1 ejecting the coach.
    argue_natural_one_ejects = True
    # tables.md "Argue the Call": "Bribes may still be used after failing
    # or being unable to argue" -- after a 1 ejecting the coach too.
    bribe_after_ejection = True

    def argue_reroll(self, g: GameState, t: int) -> bool:
        """changes_from_bb2020.md "Bribery and Corruption": once per game,
        a team with the rule re-rolls a natural 1 on Argue the Call.

        Decision: the re-roll is used on the team's first natural 1 (no
        result is worse than a 1)."""
        key = f"{BRIBERY_USED}_{t}"
        if g.effects.get(key) or not team_rule(g, t, BRIBERY_RULE):
            return False
        g.effects[key] = True
        return True

    def swarms(self, g: GameState, p: int) -> bool:
        """changes_from_bb2020.md "Swarming": a team special rule (the
        Snotlings'), no longer a trait; its players with the Lineman keyword
        swarm.

        Decision: a player with the Swarming trait on his sheet still swarms
        (no BB2025 roster gives it; a made-up team may)."""
        if super().swarms(g, p):
            return True
        return team_rule(g, g.team[p], SWARMING_RULE) and has_keyword(g, p, "Lineman")

    def raise_dead_positions(self, roster: Roster) -> tuple[Position, ...]:
        """Masters of Undeath (:mod:`.undeath`): a roster with the rule
        raises a rookie of one of its Lineman-keyword positions."""
        if undeath.MASTERS_OF_UNDEATH not in roster.team_rules():
            return ()
        return undeath.lineman_positions(roster)

    def is_lineman(self, position: Position) -> bool:
        """changes_from_bb2020.md "Keywords": a Lineman is a position with
        the Lineman keyword (Low Cost Linemen's Gnoblars and Snotlings)."""
        return "Lineman" in position.keywords

    def league_casualty_table(self) -> CasualtyTable | None:
        """The edition's Casualty and Lasting Injury tables, after the game
        too."""
        return BB2025_TABLE

    def inducement_catalogue(self) -> Mapping[str, InducementSpec]:
        return league.catalogue_2025()

    def winnings(self, game: PostgameInput) -> WinningsResult:
        """With the no-stalling bonus (:func:`.league.winnings_2025`)."""
        return league.winnings_2025(game)

    def check_sheet(self, sheet: TeamSheet) -> None:
        """Refuse a sheet with more Prayers to Nuffle than the edition sells
        (0-3).

        Decision: skills.md "Insignificant" ("Roster may not hold more
        Insignificant players than others") limits what a roster takes (the
        draft, a hire, a mercenary: ``too_many_insignificant`` in
        :mod:`engine.campaign.drafting`), not who takes the field: a team
        whose injured or dead players and journeymen leave more
        Insignificant players than others in its line-up still plays."""
        super().check_sheet(sheet)
        if sheet.prayers > PRAYERS_MAX:
            raise RuleError(
                f"{sheet.name}: {sheet.prayers} Prayers to Nuffle "
                f"(at most {PRAYERS_MAX})"
            )

    # -- Prayers to Nuffle (:mod:`.prayers`) and the Team Mascot (:mod:`.mascot`)

    prayers = nuffle.PRAYERS_2025

    def prayer_procedure(self, t: int) -> Proc:
        """A roll on the edition's table, the result lasting the game."""
        return nuffle.Prayer2025(t)

    def foul_under_scrutiny(self, g: GameState, p: int) -> bool:
        """Under Scrutiny: the opposition's fouler who broke the armour."""
        return nuffle.under_scrutiny(g, p)

    def pass_caught(
        self, g: GameState, thrower: int, catcher: int, completion: bool
    ) -> None:
        """Perfect Passing and Dazzling Catching."""
        nuffle.pass_caught(g, thrower, catcher, completion)

    def other_team_reroll_left(self, g: GameState, t: int) -> bool:
        return mascot.mascot_left(g, t)

    def other_team_reroll(self, g: GameState, t: int) -> bool | None:
        """The Team Mascot's re-roll, on a D6 4+."""
        return mascot.use_mascot(g, t)

    def pushed_off_pitch(
        self, g: GameState, p: int, sq: int, had_ball: bool
    ) -> list[Proc]:
        """changes_from_bb2020.md "Crowd push of an active-team player": a
        player of the active team pushed into the crowd is a Turnover, with
        the ball or not (BB2020: only the ball carrier).

        Decision (chain-push attribution, a point the digest's sources are
        silent on): nobody is credited with the injury of a player pushed
        into the crowd, a chain-pushed one included (BB2020's rule for every
        crowd injury); Eye Gouge acts on the block's target only."""
        if g.team[p] == g.active and not had_ball:
            turnover(g, "pushed_into_crowd")
        nuffle.pushed_into_crowd(g, p)  # Fan Interaction
        return super().pushed_off_pitch(g, p, sq, had_ball)

    def bomb_hit(self, g: GameState, q: int, p: int) -> Proc:
        """changes_from_bb2020.md "Bombardier": a Standing player hit is
        Knocked Down (an Armour roll follows, no bonus): a Turnover when he
        is of the active team (BB2020: Placed Prone, a Turnover only for
        the thrower)."""
        if g.team[q] == g.active:
            turnover(g, "bomb")
        return KnockDown(q, "knocked_down", by=p, causes_turnover=True)

    def sneaky_git_saves(self, broken: bool) -> bool:
        """changes_from_bb2020.md "Fouling": Sneaky Git keeps the fouler on
        the pitch only when the armour was not broken."""
        return not broken

    def chainsaw_kick_back(self, g: GameState, att: int) -> Proc | None:
        """changes_from_bb2020.md "Chainsaw": on a 1 the wielder is Knocked
        Down, a Turnover (his Armour roll is +3, as for any Chainsaw player
        going down); Steady Footing does not keep him Standing (its FAQ)."""
        turnover(g, "chainsaw")
        g.act_over = True
        return KickBack(att, "knocked_down", causes_turnover=True)

    def hypnotic_gaze_test(self, g: GameState, p: int, q: int) -> Test:
        """skills.md "Hypnotic Gaze": a flat 3+ on a D6 (BB2020: an
        Agility test, -1 per other player Marking the gazer)."""
        return Test("hypnotic_gaze", p, 3)

    def fireball_hit(self, g: GameState, w: int, p: int) -> Proc:
        """The Sports-Wizard's Fireball knocks a hit player down with +1 to
        his Armour roll.

        Decision (DECIDE 9): +1 to the Armour roll only, for every player
        hit (RL; ``wizard_spells.fireball`` in the edition's data)."""
        return KnockDown(p, "fireball", armour_mod=1, causes_turnover=False)

    def must_set_up(self, g: GameState, t: int) -> tuple[int, ...]:
        """Team Captain (:mod:`.captain`): set up when able."""
        return captain.must_set_up(g, t)

    def team_reroll_spent(self, g: GameState, t: int, source: str) -> None:
        """Team Captain (:mod:`.captain`): a 6 keeps the re-roll."""
        captain.team_reroll_spent(g, t, source)

    def after_activation(self, g: GameState, p: int) -> Proc | None:
        """Stalling (:mod:`.stalling`): a carrier who could have scored.

        Decision (Forgo, changes_from_bb2020.md section 4): a player forgoes
        his activation by declaring an action and ending it before any
        step; he has been activated, and Stalling applies to him as to any
        other activation."""
        return stalling.after_activation(g, p)

    def turn_ending(self, g: GameState, t: int) -> Proc | None:
        """Stalling: a carrier left where he could score, not activated."""
        return stalling.turn_ending(g, t)

    def result_extra(self, g: GameState) -> dict[str, Any]:
        """The teams that stalled (no winnings bonus for them), the Star
        Player Points prayers earned ([player id, SPP]) and the players
        Masters of Undeath raised (:mod:`.undeath`)."""
        return {
            "stalled": stalling.stalled_teams(g),
            "prayer_spp": nuffle.prayer_spp(g),
        } | undeath.raised(g)

    def offensive_assists(self, g: GameState, att: int) -> int:
        """Cheering Fans: +1 on the first Block of the team's turn."""
        return kickoff.cheering_assist(g, att)


BB2025 = register(BloodBowl2025())
