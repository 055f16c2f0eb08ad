"""What a match on the pitch needs of a game format: :class:`MatchRules`.

The board, the tables, the skills and rules it plays at the rule points
(:mod:`engine.core.hooks`), and every procedure the rulebook's code asks
the variant of the match (``g.variant``): the game and the kick-off,
armour, injuries and casualties, the edge of the board, and the hooks where
Dungeon Bowl's walls, rooms, spells and Portals change a Blood Bowl rule.
Defaults: Blood Bowl 2020. A format that is not played on the pitch (a card
game) has none of this.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar

from engine.core.errors import RuleError
from engine.core.events import Apothecary
from engine.core.hooks import Hooks, Registration
from engine.core.pitch import Pitch
from engine.core.skillbits import BIT, MIGHTY_BLOW, SWARMING
from engine.rules.animosity import animosity_by_position
from engine.rules.apothecaries import ApothecaryKind
from engine.rules.ball import CATCH_RR, ThrowIn, turnover
from engine.rules.block_strength import dice_count
from engine.rules.bombs import bomb_hit
from engine.rules.game import GameProc
from engine.rules.inducements import induced_player, mercenary
from engine.rules.injuries import KnockDown, crowd_push
from engine.rules.kickoff import Kickoff, kickoff_event
from engine.rules.pickup import pick_up_test
from engine.rules.prayers import PRAYER_LASTS, PrayerProc
from engine.rules.rolls import Test, parse_bonus
from engine.rules.secret_weapons import kick_back
from engine.rules.special_actions import hypnotic_gaze_test
from engine.rules.wizard import fireball_hit, wizard_proc
from engine.skills.registry import RULES, rule_points
from engine.variants.throw_rules import ThrowRules

if TYPE_CHECKING:
    from engine.core.model import TeamSheet
    from engine.core.state import GameState, Option, Proc
    from engine.rules.blocking import Block


class MatchRules(ThrowRules):
    """What :class:`engine.match.Match` and the rulebook's procedures ask of
    a format: its facts on the board and its procedures that differ."""

    name: ClassVar[str]
    label: ClassVar[str]

    # -- the board ---------------------------------------------------------
    pitch: ClassVar[Pitch]
    players_on_pitch: ClassVar[int] = 11
    max_per_wide_zone: ClassVar[int] = 2
    min_on_los: ClassVar[int] = 3
    # Whether only Line of Scrimmage squares in the Centre Field count for
    # the set-up's minimum there (BB2020 "Set-up": "in the Centre Field,
    # adjacent to the halfway line"); False: any square next to the
    # half-way line, Wide Zones included.
    los_centre_only: ClassVar[bool] = True
    # Decision: the BB2020 text has no one-per-turn team re-roll limit, so
    # None (unlimited); a format that has one sets 1.
    team_rerolls_per_turn: ClassVar[int | None] = None
    # Plague Ridden: the strongest victim it takes (None: any Strength),
    # whether a Foul's death counts as well as a Block's, and the keywords
    # of the players it never takes (BB2020: ST 4 or less, Block or Foul).
    plague_ridden_max_st: ClassVar[int | None] = 4
    plague_ridden_by_foul: ClassVar[bool] = True
    plague_ridden_spares: ClassVar[tuple[str, ...]] = ()
    # How many players a team may activate in a turn (None: every player).
    actions_per_turn: ClassVar[int | None] = None
    # How long the extra team re-rolls won at a kick-off (``g.extra_rr``)
    # last: "drive" (BB2020 Brilliant Coaching) or "half" (classic Cheering
    # Fans and Brilliant Coaching, "a bonus Re-Roll this half").
    extra_rerolls_last: ClassVar[str] = "drive"
    # The skills, traits and Star Player rules the format plays, and any rule
    # of its own acting at a rule point (engine.core.hooks), in the order
    # they run there.
    rules: ClassVar[tuple[Registration, ...]] = RULES

    # -- tables (indexed by the roll) ----------------------------------------
    kickoff_table: ClassVar[tuple[str, ...]] = ()
    # The activations of the Blitz! kick-off event's free turn.
    blitz_event_actions: ClassVar[tuple[str, ...]] = (
        "move",
        "blitz",
        "throw_team_mate",
    )
    # Whether any kicking-team player Falling Over or Knocked Down in the
    # Blitz event ends it, a Turnover or not (BB2020 "Blitz": "If a player
    # Falls Over or is Knocked Down ... the Blitz ends immediately", a
    # thrown player landing badly too); False: only the Turnovers of the
    # activated players end it.
    blitz_event_ends_on_any_fall: ClassVar[bool] = True
    solid_defence_bonus: ClassVar[int] = 3
    quick_snap_bonus: ClassVar[int] = 3
    blitz_bonus: ClassVar[int] = 3
    timeout_back_from: ClassVar[int] = 6
    weather_table: ClassVar[tuple[str, ...]] = ()
    injury_table: ClassVar[tuple[str, ...]] = ()
    stunty_injury_table: ClassVar[tuple[str, ...]] = ()
    # The in-match Casualty table (result names by roll) and its die; None
    # when the Injury table gives the casualty directly.
    casualty_table: ClassVar[tuple[str, ...] | None] = None
    casualty_die: ClassVar[int] = 16
    lasting_injury: ClassVar[tuple[tuple[str, str], ...]] = ()
    prayers: ClassVar[tuple[str, ...]] = ()

    @cached_property
    def hooks(self) -> Hooks:
        """The format's rule points with :attr:`rules` registered."""
        return rule_points(self.rules)

    # -- procedures: the game ----------------------------------------------

    def check_sheet(self, sheet: TeamSheet) -> None:
        """Refuse a team sheet the format cannot play
        (:class:`~engine.core.errors.RuleError`): Desperate Measures are a
        Sevens inducement (:mod:`engine.variants.sevens_desperate`).

        Decision: a sheet that brings them to a format that does not play
        them is refused rather than played without them."""
        if sheet.desperate_measures:
            raise RuleError(
                f"{sheet.name}: Desperate Measures are not played in {self.label}"
            )

    def game_procedure(self) -> Proc:
        """The procedure a match starts with (the whole game)."""
        return GameProc()

    def match_pitch(self, seed: int) -> Pitch | None:
        """The board of the match played from ``seed``, when the format has
        no single board (a Dungeon Bowl dungeon); None: :attr:`pitch`. The
        same seed always gives the same board, so a stored match's board is
        rebuilt from its seed."""
        return None

    def league_options(self, g: GameState, *, time_limit: bool) -> None:
        """Apply a league's options to its new match (started, before its
        first decision is answered: :func:`engine.match.league_match`):
        ``time_limit``, the league plays with a time limit, an option only
        a format that has one reads (Dungeon Bowl's). Nothing by default."""

    def kickoff_procedure(self) -> Proc:
        """The kick-off of a drive."""
        return Kickoff()

    def kickoff_event(self, g: GameState, name: str, landing: int) -> Proc | None:
        """What Kick-off event ``name`` does (the kick is over ``landing``,
        -1: off the pitch): the procedure to run, or None when it is done
        at once. BB2020: rulebook "The Kick-off Event"."""
        return kickoff_event(g, name, landing)

    # Whether a throw (a pass, a bomb, a team-mate) whose modified result
    # is 1 or less, but not a natural 1, is fumbled (False: BB2020, a
    # Wildly Inaccurate pass or bomb, a Terrible Throw).
    modified_one_fumbles: ClassVar[bool] = False
    # Whether a player may Jump (or Leap) more than once in an activation
    # (BB2020: once).
    jumps_repeat: ClassVar[bool] = False
    # Very Long Legs on a Jump or Leap test: 0, it reduces the negative
    # modifiers by 1 (BB2020); otherwise a flat bonus instead.
    very_long_legs_jump_bonus: ClassVar[int] = 0
    # Whether Pogo (Stick) ignores every negative modifier to a Jump or Leap
    # test, a Prehensile Tail's and a Diving Tackle's too (BB2020: only the
    # Marking ones).
    pogo_ignores_all: ClassVar[bool] = False
    # Whether the target of a Grab player's Blitz may not use Sidestep either
    # (BB2020: yes; Grab otherwise works on a Block action only).
    grab_blitz_stops_sidestep: ClassVar[bool] = True
    # Whether Brawler re-rolls one Both Down in the whole activation, so not
    # again on a Frenzy's second block. Decision: BB2020 "may re-roll a
    # single Both Down result" on each Block action performed on its own,
    # a Frenzy's second block included.
    brawler_once_per_activation: ClassVar[bool] = False
    # Whether a Projectile Vomit in place of a Blitz's Block ends the
    # activation (BB2020: the player may move on, as after the Block).
    vomit_blitz_ends_activation: ClassVar[bool] = False
    # The skills that re-roll a thrown player's failed landing (BB2020:
    # none).
    landing_reroll_skills: ClassVar[int] = 0
    # Whether several On the Ball players may move, one at a time, before
    # one Pass action's test (BB2020: one, a Decision).
    on_the_ball_several: ClassVar[bool] = False
    # Whether Trickster and Dump-off act against a Hypnotic Gaze (BB2020:
    # no, only against a Block or a Special action replacing one).
    gaze_is_targeted: ClassVar[bool] = False
    # Whether Really Stupid's +2 needs the adjacent team-mate to have his
    # Tackle Zone (BB2020: any Standing team-mate).
    really_stupid_help_needs_tz: ClassVar[bool] = False
    # What Hit and Run's free square follows (BB2020: a Block).
    hit_and_run_after: ClassVar[tuple[str, ...]] = ("block", "multiple_block")
    # The skills a Frenzy player may not use (engine.rules.exclusions: none
    # in BB2020, where Grab and Frenzy are only kept apart when skills are
    # gained), and the bits that lift that bar (a Star Player's own).
    frenzy_excludes: ClassVar[int] = 0
    frenzy_exempt: ClassVar[int] = 0
    # The actions that make Animal Savagery's and Unchannelled Fury's roll
    # +2 (BB2020: "a Block or Blitz action (or a Special action granted by a
    # Skill or Trait that can be performed instead of a Block action)":
    # Projectile Vomit and the Chainsaw Attack; Stab and Breathe Fire are
    # chosen within a declared Block).
    savagery_blocking_actions: ClassVar[tuple[str, ...]] = (
        "block",
        "blitz",
        "projectile_vomit",
        "chainsaw",
    )
    # The skills that re-roll a failed catch or interception (BB2020: Catch
    # and Monstrous Mouth).
    catch_reroll_skills: ClassVar[int] = CATCH_RR
    # Whether a player held by Tentacles ends his activation (BB2020: his
    # movement only, he may still hand off or pass).
    tentacles_end_activation: ClassVar[bool] = False
    # Whether a Dodge, Jump or Leap failed because of Diving Tackle's -2 may
    # still be re-rolled (BB2020: yes, the -2 kept).
    diving_tackle_rerolls: ClassVar[bool] = True
    # Whether the Casualty of a player falling to Arm Bar is credited to the
    # Arm Bar player (BB2020: no).
    arm_bar_credits: ClassVar[bool] = False
    # Whether Give and Go also lets the thrower move on after a Quick Pass
    # (Dungeon Bowl: after a Hand-off only).
    give_and_go_passes: ClassVar[bool] = False
    # What catching a kick-off adds to the catch (BB2020: -1, the ball
    # "scattered or deviated into the square").
    kickoff_catch_modifier: ClassVar[int] = -1

    def in_receiving_area(self, g: GameState, sq: int) -> bool:
        """Where a kick-off must come down (else a touchback): the receiving
        half (rulebook "Touchbacks")."""
        if sq < 0:
            return False
        return bool(g.pitch.flags[sq] & g.pitch.half_flag(1 - g.kicking))

    def must_set_up(self, g: GameState, t: int) -> tuple[int, ...]:
        """Players of team ``t`` it must set up when they are able to play
        this drive (BB2020: nobody)."""
        return ()

    # How many players fit to set up (or fewer) let a team concede without
    # penalty before it sets up (None: never; BB2020 and Sevens: three).
    free_concession_players: ClassVar[int | None] = None

    def forfeits(self, available: int) -> bool:
        """Whether a team with ``available`` players fit to set up cannot
        play on and concedes at the set-up (BB2020: only with nobody)."""
        return available == 0

    def rolls_to_stand_up(self, g: GameState, p: int) -> bool:
        """Whether Prone player ``p`` must roll 4+ to stand up (rulebook
        "Standing Up": MA 2 or less)."""
        return g.ma[p] < 3

    def referee_penalises(self, g: GameState, t: int) -> bool:
        """Whether the referee sends off players of team ``t`` now (fouls
        spotted, Secret Weapons); False ignores the call."""
        return True

    # -- procedures: armour, injury, casualties ------------------------------

    def armour_broken(self, total: int, av: int) -> bool:
        """``total`` (2D6 + modifiers) against AV ``av`` (a target number,
        as the BB2020 rosters write it: AV 9+)."""
        return total >= av

    def injury_modifier(self, g: GameState, p: int) -> int:
        """What the variant adds to every Injury roll against player ``p``
        (beyond skills such as Mighty Blow)."""
        return 0

    def injury_result(self, g: GameState, p: int, total: int, stunty: bool) -> str:
        table = self.stunty_injury_table if stunty else self.injury_table
        return table[total]

    def ko_recovery_at_kickoff(self) -> bool:
        """KO'd players roll to recover at the end of each drive (False) or
        at the next kick-off, before set-up (True)."""
        return False

    def apothecary_may_treat(self, g: GameState, p: int, kind: ApothecaryKind) -> bool:
        """Whether an apothecary of ``kind`` may patch up player ``p``. The
        team's own only "permanently hired players", never "any Journeymen
        players or any Induced players, such as Mercenaries or Star Players"
        (rulebook "Apothecaries"); a Wandering Apothecary "may attempt to
        patch-up any Journeymen or Mercenary players the team includes, but
        cannot attempt to patch up a Star Player" (inducements_in_detail.md
        "0-2 Wandering Apothecaries").

        Decision: Josef Bugman, an Induced player but neither a Journeyman
        nor a Mercenary, is patched up by neither kind."""
        if induced_player(g, p):
            return kind is ApothecaryKind.WANDERING and mercenary(g, p)
        return kind is ApothecaryKind.WANDERING or not g.journeyman[p]

    def casualty_roll(self, g: GameState) -> int:
        """Roll the Casualty table's die; 0 when the variant has none."""
        if self.casualty_table is None:
            return 0
        return g.dice.d16()

    def casualty_modifier(self, g: GameState, p: int) -> int:
        """What the variant adds to every Casualty roll against player ``p``
        (beyond skills such as Decay)."""
        return 0

    def casualty_result(self, g: GameState, p: int, roll: int, modifier: int) -> str:
        table = self.casualty_table
        assert table is not None
        return table[max(1, min(len(table) - 1, roll + modifier))]

    def casualty_severity(self, result: str) -> int:
        return _SEVERITY.get(result, 0)

    def rolls_lasting_injury(self, result: str) -> bool:
        return result == "lasting_injury"

    def casualty_reduction(self, result: str) -> str:
        """The characteristic a casualty ``result`` itself reduces ("ma",
        ..., "" for none): none here, where only the Lasting Injury D6
        names one (:meth:`lasting_injury_result`)."""
        return ""

    def lasting_injury_result(
        self, g: GameState, p: int, result: str, d6: int
    ) -> tuple[str, str, str]:
        """(casualty result, lasting injury, characteristic reduced) when
        player ``p``'s casualty ``result`` rolled ``d6`` on the Lasting
        Injury table: BB2020 reduces the row's characteristic whatever it
        is (the league applies the Characteristic Table minimum)."""
        lasting, char = self.lasting_injury[d6]
        return result, lasting, char

    def dead(self, result: str) -> bool:
        return result == "dead"

    def recovers_in_reserves(self, result: str) -> bool:
        """A patched-up casualty with this result goes to the Reserves."""
        return result == "badly_hurt"

    def apothecary_casualty(
        self, g: GameState, p: int, injury: str, result: str, roll: int, modifier: int
    ) -> tuple[str, int, bool]:
        """The apothecary treats a casualty: re-roll the Casualty table and
        keep the less severe result (Decision: the coach always does).
        Returns (result, roll kept, to the Reserves)."""
        if injury == "cas" and self.casualty_table is not None:
            second = self.casualty_roll(g)
            alt = self.casualty_result(g, p, second, modifier)
            if self.casualty_severity(alt) < self.casualty_severity(result):
                result, roll = alt, second
        g.emit(Apothecary(g.tname(g.team[p]), g.pid[p], result))
        return result, roll, self.recovers_in_reserves(result)

    # Dungeon Bowl walls: where the BB2020 procedures meet the edge of the
    # board (overridden by ``engine.variants.dungeon_bowl.walls.WallRules``).

    def ball_off_pitch(self, g: GameState, src: int, step: tuple[int, int]) -> Proc:
        """The ball in ``src`` would go one ``step`` off the pitch (a bounce,
        scatter, deviation or inaccurate throw): the crowd throws it in
        from ``src`` (rulebook "Throw-ins")."""
        return ThrowIn(src)

    def throw_in_squares(self, roll: int) -> int:
        """How many squares a thrown-in ball travels from the square it
        left the pitch from, for a 2D6 ``roll`` (BB2020: ``roll``)."""
        return roll

    def push_options(self, g: GameState, block: Block) -> tuple[list[int], bool]:
        """(squares, into the crowd) for the player a Block pushes now
        (rulebook "Pushed Players", "Chain-pushes")."""
        return block._push_options(g)

    def pushed_off_pitch(
        self, g: GameState, p: int, sq: int, had_ball: bool
    ) -> list[Proc]:
        """Player ``p`` was pushed off the pitch from ``sq``: Injury by the
        Crowd, and a ball he held is thrown in from ``sq`` (a Turnover when
        he is the active team's). Returns the procedures, first run last."""
        if had_ball and g.team[p] == g.active:
            turnover(g, "pushed_into_crowd")
        return [crowd_push(g, p)] + ([ThrowIn(sq)] if had_ball else [])

    def assists_from(self, g: GameState, helper_sq: int, target_sq: int) -> bool:
        """Whether a player in ``helper_sq`` Marking ``target_sq`` may give
        an assist there (rulebook "Assisting a Block"): always."""
        return True

    # -- Dungeon Bowl spells: hooks the College Wizards use -----------------

    def turn_starts(self, g: GameState, t: int) -> Proc | None:
        """Team ``t``'s turn is about to start (``turns.Turn``, before its
        turn marker moves): a procedure to run first, or None. BB2020: the
        Hireling Sports-Wizard may cast (:mod:`engine.rules.wizard`)."""
        if g.sheets[0].wizard or g.sheets[1].wizard:
            return wizard_proc(g, t)
        return None

    def bomb_hit(self, g: GameState, q: int, p: int) -> Proc:
        """What ``p``'s bomb does to the Standing player ``q`` it hits
        (BB2020: :func:`engine.rules.bombs.bomb_hit`)."""
        return bomb_hit(g, q, p)

    def sneaky_git_saves(self, broken: bool) -> bool:
        """Whether Sneaky Git keeps a fouler whose Armour roll was a double
        on the pitch (``broken``: the armour broke); BB2020: always."""
        return True

    def chainsaw_kick_back(self, g: GameState, att: int) -> Proc | None:
        """A Chainsaw Attack by ``att`` kicks back (a 1): BB2020, a Turnover
        and the Armour roll (+3) against him
        (:func:`engine.rules.secret_weapons.kick_back`)."""
        return kick_back(g, att)

    def animosity_covers(self, g: GameState, q: int, param: str) -> bool:
        """Whether Animosity (``param``, lower case, not "all") covers
        team-mate ``q`` (BB2020: the positions it names,
        :func:`engine.rules.animosity.animosity_by_position`)."""
        return animosity_by_position(g, q, param)

    def swoop_squares(self, g: GameState) -> int:
        """How far a Swooping player flies from the target square (BB2020:
        D3 squares)."""
        return g.dice.d3()

    def break_tackle_bonus(self, st: int) -> int:
        """What Break Tackle adds to a Dodge test of a player of Strength
        ``st`` (BB2020: +1, +2 with ST 5 or more)."""
        return 2 if st >= 5 else 1

    def lash_out(self, g: GameState, p: int, q: int) -> Proc:
        """Animal Savagery: ``p`` lashes out at ``q``, Knocked Down (no
        Turnover unless he held the ball); ``p``'s activation goes on.
        skills_and_traits.md "Animal Savagery": "if this player has any
        applicable Skills, the coach of the opposing team may use them when
        making an Armour roll (and possible Injury roll) against the Knocked
        Down player": his Mighty Blow (+X) and Claws count, as on a block."""
        sk = g.skills[p]
        return KnockDown(
            q,
            "knocked_down",
            by=p,
            mb=parse_bonus(g.param(p, MIGHTY_BLOW), 1) if sk & MIGHTY_BLOW else 0,
            claws=bool(sk & BIT["claws"]),
            causes_turnover=False,
        )

    def may_shadow(self, g: GameState, q: int) -> bool:
        """Whether ``q`` may use Shadowing now (BB2020: as often as it
        comes)."""
        return True

    def shadowing_test(self, g: GameState, q: int, p: int) -> Test:
        """The roll of ``q`` Shadowing ``p`` as he Dodges away (BB2020: D6 +
        his MA - the dodger's MA, 6 or more; no team re-roll)."""
        return Test("shadowing", q, 6, g.ma[q] - g.ma[p], team_rr_ok=False)

    def hypnotic_gaze_test(self, g: GameState, p: int, q: int) -> Test:
        """The test of ``p``'s Hypnotic Gaze at ``q`` (BB2020: an Agility
        test, :func:`engine.rules.special_actions.hypnotic_gaze_test`)."""
        return hypnotic_gaze_test(g, p, q)

    def fireball_hit(self, g: GameState, w: int, p: int) -> Proc:
        """What team ``w``'s Fireball does to player ``p`` it hits (BB2020:
        :func:`engine.rules.wizard.fireball_hit`)."""
        return fireball_hit(g, w, p)

    def activation_spells(self, g: GameState, p: int, action: str) -> list[Proc]:
        """Procedures run first as player ``p`` is activated for ``action``
        (before its activation traits): none in BB2020."""
        return []

    def activation_filter(
        self, g: GameState, t: int, opts: list[Option]
    ) -> list[Option]:
        """The activations team ``t`` is offered, less what the format
        forbids now (nothing in BB2020)."""
        return opts

    def may_pass(self, g: GameState, t: int) -> bool:
        """Whether players of team ``t`` may perform Pass actions now
        (Hand-off and Dump-off included)."""
        return True

    def may_assist_block(self, g: GameState, t: int) -> bool:
        """Whether players of team ``t`` may assist a Block now, offensively
        or defensively."""
        return True

    def offensive_assists(self, g: GameState, att: int) -> int:
        """Assists a format adds to a Block by ``att`` beyond his team-mates'
        (none in BB2020)."""
        return 0

    def block_dice(self, g: GameState, att: int, sa: int, sd: int) -> tuple[int, bool]:
        """(block dice, attacker chooses) for a Block by ``att`` at
        Strengths ``sa`` against ``sd`` (rulebook "Block Dice")."""
        return dice_count(sa, sd)

    # Dungeon Bowl rooms -------------------------------------------------------
    # Where a square of the board changes a BB2020 rule (Dungeon Bowl's
    # rooms, engine/variants/dungeon_bowl/rooms.py). Defaults: BB2020.

    def armour_modifier(self, g: GameState, p: int) -> int:
        """What the board adds to an Armour roll made for player ``p``."""
        return 0

    def pass_modifier(self, g: GameState, p: int) -> int:
        """What the board adds to player ``p``'s Passing Ability test when
        he throws the ball."""
        return 0

    def catch_modifier(self, g: GameState, p: int, how: str) -> int:
        """What the board adds to player ``p``'s test to catch the ball
        (``how``: "catch", "hand_off", ...)."""
        return 0

    def pick_up_test(self, g: GameState, p: int) -> Test:
        """The test player ``p`` makes to pick up the ball (rulebook
        "Picking up the Ball": an Agility test)."""
        return pick_up_test(g, p)

    def picked_up(self, g: GameState, p: int) -> None:
        """Player ``p`` has just picked up the ball (nothing more in
        BB2020)."""

    def sweltering_heat_count(self, g: GameState, t: int) -> int:
        """How many of team ``t``'s players on the pitch Sweltering Heat
        keeps out of the next drive (BB2020: a D3 for each team)."""
        return g.dice.d3()

    def active_skill_usable(self, g: GameState, p: int) -> bool:
        """Whether player ``p`` may use an ACTIVE skill where its procedure
        does not check his Tackle Zone (Sure Hands against Strip Ball, Safe
        Pair of Hands, Saboteur: the player is going down or held). BB2020
        labels no skill: yes."""
        return True

    # Whether a natural 1 on Argue the Call ejects the coach whatever its
    # modifier (the Biased Referee's +1). BB2020: the modified roll is read
    # (Decision in engine.rules.fouls).
    argue_natural_one_ejects = False
    # Whether a Bribe may still be used after a 1 on Argue the Call has
    # ejected the coach (BB2020 inducements_in_detail.md "Bribes": no).
    bribe_after_ejection: ClassVar[bool] = False

    def argue_reroll(self, g: GameState, t: int) -> bool:
        """Whether team ``t`` re-rolls the natural 1 it just rolled to Argue
        the Call (Bribery and Corruption's once per game; using it is the
        variant's to record). Default: no."""
        return False

    def swarms(self, g: GameState, p: int) -> bool:
        """Whether player ``p`` is a Swarming player (BB2020: the Swarming
        trait)."""
        return bool(g.skills[p] & SWARMING)

    def prayer_procedure(self, t: int) -> Proc:
        """Team ``t``'s roll on the format's Prayers to Nuffle table, in
        the pre-game (BB2020: the underdog's, lasting a drive or a half)."""
        return PrayerProc(t)

    def prayer_lasts(self, name: str) -> str:
        """How long the Prayers to Nuffle result ``name`` lasts: "drive"
        (to the end of this drive), "next_drive" (to the end of the next
        one), "half" or "game". BB2020: as its table says."""
        return PRAYER_LASTS[name]

    def foul_under_scrutiny(self, g: GameState, p: int) -> bool:
        """Whether player ``p``'s Foul is spotted whatever the dice showed
        (BB2020 Under Scrutiny: every Foul of the opposition, this half)."""
        return bool(g.effects.get(f"under_scrutiny_{g.team[p]}_half", False))

    def pass_caught(
        self, g: GameState, thrower: int, catcher: int, completion: bool
    ) -> None:
        """``catcher``, a team-mate of ``thrower``, holds the ball as the
        pass is over (caught, or after a bounce; ``completion``: a
        Completion): nothing more in BB2020."""

    def other_team_reroll_left(self, g: GameState, t: int) -> bool:
        """Whether team ``t`` has a team re-roll of the format's own (besides
        the team's, Brilliant Coaching's and the Leader's): none in BB2020."""
        return False

    def other_team_reroll(self, g: GameState, t: int) -> bool | None:
        """Team ``t`` uses a team re-roll: one of the format's own, used
        first when left (True: it re-rolls; False: it failed and is spent,
        another may be used), or None (none left): none in BB2020."""
        return None

    def team_reroll_spent(self, g: GameState, t: int, source: str) -> None:
        """Team ``t`` has just spent a team re-roll of ``source`` ("team",
        "brilliant_coaching" or "leader"): nothing more in BB2020."""

    def rerolls_allowed(self, g: GameState, p: int) -> bool:
        """Whether a roll for player ``p`` may be re-rolled with a team
        re-roll or a Skill or Trait (Pro, Dodge, Sure Feet, Brawler ...)."""
        return True

    def rush_target(self, g: GameState, p: int) -> int:
        """The target of player ``p``'s Rush roll (2+: Falls Over on a 1)."""
        return 2

    def activation_procs(self, g: GameState, p: int, action: str) -> list[Proc]:
        """Procedures the board adds when player ``p`` is activated, after
        his activation traits (run in order)."""
        return []

    def after_activation(self, g: GameState, p: int) -> Proc | None:
        """Player ``p``'s activation in a team turn is over (after any
        touchdown it scored): a procedure to run next, or None (BB2020)."""
        return None

    def turn_ending(self, g: GameState, t: int) -> Proc | None:
        """Team ``t``'s coach ends its turn: a procedure to run before the
        turn ends, or None (BB2020)."""
        return None

    def activation_ends(self, g: GameState, p: int) -> None:
        """Player ``p``'s activation has ended (undo what lasted for it)."""

    def extra_activations(self, g: GameState, t: int) -> list[Option]:
        """Activations of team ``t`` the board allows beyond the BB2020 ones
        (``("activate", player id, action)``)."""
        return []

    def extra_move_options(
        self, g: GameState, p: int, action: str
    ) -> tuple[Option, ...]:
        """Options the board adds where player ``p`` may stop moving."""
        return ()

    def special_receive(self, g: GameState, act: Proc, p: int, choice: Option) -> bool:
        """Apply one of :meth:`extra_move_options`; False when it is none."""
        return False

    def entered(self, g: GameState, p: int, sq: int, src: int) -> None:
        """Player ``p`` arrived on ``sq`` from ``src`` (-1: from off the
        board). Called only in a format with a dungeon (``g.dungeon``)."""

    # -- Dungeon Bowl flow: hooks in the shared procedures -------------------

    def call_argued(self, g: GameState, p: int) -> Proc | None:
        """What follows a successful Argue the Call ("Well, When You Put It
        Like That") for player ``p``, who is not sent off: by default
        nothing, he stays where he is (BB2020)."""
        return None

    def after_step(self, g: GameState, p: int) -> Proc | None:
        """What follows player ``p``'s completed step (or Jump, Leap) onto
        his new square (movement.Step): a Dungeon Bowl Portal teleports him.
        None: nothing."""
        return None

    def after_push(self, g: GameState, block: Proc) -> tuple[Proc, ...]:
        """Procedures that run last after a block's pushes, follow-up and
        knock-down (blocking.Block._consequences): players pushed (or
        following up) onto a Dungeon Bowl Portal teleport."""
        return ()

    def ball_landed(self, g: GameState, sq: int) -> Proc | None:
        """What follows a loose ball coming to rest on ``sq`` after a bounce
        (ball.Bounce): a Dungeon Bowl Portal teleports it. None: nothing."""
        return None

    def turn_options(self, g: GameState, t: int) -> tuple[Option, ...]:
        """Options the active team has between activations besides
        activating a player (Dungeon Bowl: the Dugout Portal and the Magic
        Sponge); offered in the "activate" decision of a normal turn."""
        return ()

    def turn_choice(self, g: GameState, t: int, choice: Option) -> Proc | None:
        """The procedure for one of :meth:`turn_options`' options; None when
        ``choice`` is not one (an activation)."""
        return None

    def result_extra(self, g: GameState) -> dict[str, Any]:
        """What the variant adds to ``MatchResult.extra`` (nothing)."""
        return {}


# Severity of the D16 results (the apothecary keeps the less severe).
_SEVERITY: dict[str, int] = {
    "badly_hurt": 1,
    "seriously_hurt": 2,
    "serious_injury": 3,
    "lasting_injury": 4,
    "dead": 5,
}
