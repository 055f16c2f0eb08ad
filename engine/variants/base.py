"""The :class:`Variant` base class and the variant registry.

A variant is one game format. It owns every fact and procedure that differs
between formats: the board, the team and draft limits, every table, the game
procedure (halves and drives, or something else entirely), the kick-off,
touchbacks, apothecaries, armour and injury, and the league rules that go
with it (draft, Star Player Points, casualties, inducements, journeymen,
the post-game step list, winnings). Nothing else in Dugout switches on a
format's name: it asks the variant.

The rulebook's procedures ask the variant of the match (``g.variant``) and
name this module for types only; a format also chooses the skills and rules
it plays at the rule points (:attr:`Variant.rules`, :mod:`engine.core.hooks`).
Concrete variants live beside it (``engine/variants/<format>.py``) and
register themselves. A new format is a subclass that overrides what
differs, in one module, plus its data::

    class Sevens(BloodBowl2020):
        name = "sevens"
        turns_per_half = 6
        ...

    SEVENS = register(Sevens())

This follows python-chess, whose ``chess.variant`` subclasses the board and
overrides only the rules that change.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar

from engine.core.errors import RuleError
from engine.core.events import Apothecary
from engine.core.hooks import Hooks, Registration
from engine.core.pitch import Pitch
from engine.core.rules_data import rules_data
from engine.rules.ball import ThrowIn, turnover
from engine.rules.block_strength import dice_count
from engine.rules.game import GameProc
from engine.rules.injuries import crowd_push
from engine.rules.kickoff import Kickoff
from engine.rules.wizard import wizard_proc
from engine.skills.registry import RULES, rule_points
from engine.variants.card_game import CardGame
from engine.variants.fields import MATCH_FIELDS, PLAYER_STATS, TEAM_FIELDS

if TYPE_CHECKING:
    from engine.campaign.casualty import CasualtyTable
    from engine.campaign.drafting import Violation
    from engine.campaign.inducements import InducementSpec
    from engine.campaign.postgame import PostgameInput, WinningsResult
    from engine.campaign.redraft import RedraftBudget
    from engine.core.dice import Roll, Roller
    from engine.core.model import TeamSheet
    from engine.core.rules_data import Roster, RulesData
    from engine.core.state import GameState, Option, Proc
    from engine.rules.blocking import Block
    from engine.rules.passing import PassAction


class Variant(CardGame):
    """One game format. Class attributes are its facts; methods are the
    procedures that differ. Subclasses override only what differs.

    Instances are immutable singletons in practice (one per format, made by
    :func:`register`); the match state keeps a reference as ``g.variant``.
    """

    # -- identity ----------------------------------------------------------
    name: ClassVar[str] = ""  # the slug stored in leagues and events
    label: ClassVar[str] = ""  # what people read
    # One sentence saying what the format is, for someone choosing one
    # (the new-league page); empty: the label says enough.
    summary: ClassVar[str] = ""
    rules_data_version: ClassVar[str] = "bb2020"
    house_format: ClassVar[bool] = False  # not an official league format

    # -- the board ---------------------------------------------------------
    pitch: ClassVar[Pitch]
    turns_per_half: ClassVar[int] = 8
    # Whether the game is played in halves (a Dungeon Bowl game is team turns
    # to the first touchdown, ``turns_per_half`` its time limit).
    has_halves: ClassVar[bool] = True
    players_on_pitch: ClassVar[int] = 11
    max_per_wide_zone: ClassVar[int] = 2
    min_on_los: ClassVar[int] = 3
    # Decision: the BB2020 text has no one-per-turn team re-roll limit, so
    # None (unlimited); a format that has one sets 1.
    team_rerolls_per_turn: ClassVar[int | None] = None
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

    # -- team and draft ----------------------------------------------------
    budget: ClassVar[int] = 1_000_000
    min_players: ClassVar[int] = 11
    max_players: ClassVar[int] = 16
    max_non_linemen: ClassVar[int | None] = None
    max_rerolls: ClassVar[int] = 8
    reroll_draft_multiplier: ClassVar[int] = 1
    reroll_later_multiplier: ClassVar[int | None] = 2  # None: only at draft
    reroll_value_multiplier: ClassVar[int] = 1  # what a re-roll adds to TV
    max_assistant_coaches: ClassVar[int] = 6
    assistant_coach_cost: ClassVar[int | None] = None  # None: roster price
    max_cheerleaders: ClassVar[int] = 12
    cheerleader_cost: ClassVar[int | None] = None
    apothecary_cost: ClassVar[int | None] = None
    max_dedicated_fans_at_draft: ClassVar[int] = 6
    dedicated_fan_cost: ClassVar[int] = 10_000
    journeyman_loner: ClassVar[str] = "4+"
    # Ready-made team sheets (CLIs, bench, tests): squad size and how many of
    # each non-Lineman position they take.
    default_squad: ClassVar[int] = 13
    default_per_position: ClassVar[int] = 2
    default_max_positionals: ClassVar[int] = 6

    # -- league rules --------------------------------------------------------
    # Star Player Points costs per advancement (rows: Experienced .. Legend;
    # columns: random primary, chosen primary / random secondary, chosen
    # secondary, characteristic).
    spp_costs: ClassVar[tuple[tuple[int, int, int, int], ...]] = ()
    # The first die of a random skill roll: 6 (1-3 / 4-6) or 2 (seed 004).
    skill_first_die: ClassVar[int] = 6
    # Leagues track SPP unless they choose the post-game free skill.
    spp_optional: ClassVar[bool] = False
    # The lower-CTV team's petty cash includes what the other team spent
    # from its treasury, and it may not add treasury (BB2020 errata).
    petty_cash_includes_spending: ClassVar[bool] = True
    star_players: ClassVar[bool] = True
    # The post-game steps, in order (matches.postgame.sequence runs them).
    postgame_steps: ClassVar[tuple[str, ...]] = (
        "outcome",
        "winnings",
        "fans",
        "spp",
        "injuries",
        "expensive_mistakes",
        "team_value",
    )

    # -- how a league runs the format ----------------------------------------
    # A team is one team card picked from ``team_cards()`` (its Players come
    # from ``card_players``; no roster, budget or purchases) rather than a
    # roster drafted within a budget.
    drafts_team_card: ClassVar[bool] = False
    # Whatever a match does carries over (SPP, injuries, treasury, team
    # value); False for a format with no progression.
    tracks_progression: ClassVar[bool] = True
    # Which of :data:`TEAM_FIELDS` a team of the format has, and which of
    # :data:`MATCH_FIELDS` its matches record: the pages and the API show
    # these and no others. A team field a format lacks has a draft limit of
    # 0 (nothing of it can be bought).
    team_fields: ClassVar[frozenset[str]] = TEAM_FIELDS
    match_fields: ClassVar[frozenset[str]] = MATCH_FIELDS
    # Which of :data:`PLAYER_STATS` its matches record of each player: the
    # player pages and the leaders boards show these and no others.
    player_stats: ClassVar[frozenset[str]] = PLAYER_STATS
    # What a match's scores count ("touchdowns", or "points").
    score_name: ClassVar[str] = "touchdowns"
    # Whether the standings show casualty columns.
    standings_shows_casualties: ClassVar[bool] = True
    # A new league's tiebreakers (league.models.TIEBREAKERS).
    default_tiebreakers: ClassVar[tuple[str, ...]] = (
        "points",
        "td_diff",
        "cas_diff",
        "head_to_head",
    )

    def __repr__(self) -> str:
        return f"<Variant {self.name}>"

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

    def kickoff_procedure(self) -> Proc:
        """The kick-off of a drive."""
        return Kickoff()

    def in_receiving_area(self, g: GameState, sq: int) -> bool:
        """Where a kick-off must come down (else a touchback): the receiving
        half (rulebook "Touchbacks")."""
        if sq < 0:
            return False
        return bool(g.pitch.flags[sq] & g.pitch.half_flag(1 - g.kicking))

    def must_field_all(self) -> bool:
        """Whether a team must set up as many players as it can (up to the
        pitch's limit) rather than choosing to field fewer."""
        return False

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

    def apothecary_may_treat(self, g: GameState, p: int) -> bool:
        """Journeymen cannot be patched up by the team's own apothecary
        (rulebook "Apothecaries")."""
        return not g.journeyman[p]

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

    # -- league rules --------------------------------------------------------

    def reroll_cost(self, roster: Roster, *, at_draft: bool) -> int | None:
        """Price of one team re-roll now; None when it cannot be bought."""
        m = self.reroll_draft_multiplier if at_draft else self.reroll_later_multiplier
        return None if m is None else roster.reroll_cost * m

    def reroll_value(self, roster: Roster) -> int:
        return roster.reroll_cost * self.reroll_value_multiplier

    def staff_cost(self, roster: Roster, item: str) -> int | None:
        """Price of one assistant coach, cheerleader or apothecary."""
        own = {
            "assistant_coach": self.assistant_coach_cost,
            "cheerleader": self.cheerleader_cost,
            "apothecary": self.apothecary_cost,
        }[item]
        if item == "apothecary" and not roster.apothecary:
            return None
        return own if own is not None else roster.staff.get(item)

    def league_casualty_table(self) -> CasualtyTable | None:
        """The table a league of this format rolls casualties on after the
        game (None: the Injury table gave the casualty)."""
        return None

    def inducement_catalogue(self) -> Mapping[str, InducementSpec]:
        return {}

    def winnings(self, game: PostgameInput) -> WinningsResult:
        """The post-game Winnings of both teams."""
        raise NotImplementedError(f"{self.name} defines no winnings")

    # Dungeon Bowl walls: where the BB2020 procedures meet the edge of the
    # board (overridden by ``engine.variants.dungeon_bowl.walls.WallRules``).

    def ball_off_pitch(self, g: GameState, src: int, step: tuple[int, int]) -> Proc:
        """The ball in ``src`` would go one ``step`` off the pitch (a bounce,
        scatter, deviation or inaccurate throw): the crowd throws it in
        from ``src`` (rulebook "Throw-ins")."""
        return ThrowIn(src)

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

    def throw_targets(self, g: GameState, p: int, squares: list[int]) -> list[int]:
        """The target squares of a throw by ``p`` other than a Pass (Throw
        Team-mate, a Bombardier's bomb) among ``squares`` (those in range)."""
        return squares

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

    def random_skill_table(
        self, category: str, data: RulesData | None = None
    ) -> tuple[str, ...] | None:
        """The format's random skill table for ``category`` (12 slugs: the
        first die's low half 1-6, then its high half 1-6), None when the
        category has none. BB2020: the table of ``data`` (the format's own
        rules data by default)."""
        if data is None:
            data = rules_data(self.rules_data_version)
        return data.random_skill_table.get(category)

    # -- Dungeon Bowl spells: hooks the College Wizards use -----------------

    def turn_starts(self, g: GameState, t: int) -> Proc | None:
        """Team ``t``'s turn is about to start (``turns.Turn``, before its
        turn marker moves): a procedure to run first, or None. BB2020: the
        Hireling Sports-Wizard may cast (:mod:`engine.rules.wizard`)."""
        if g.sheets[0].wizard or g.sheets[1].wizard:
            return wizard_proc(g, t)
        return None

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

    # Dungeon Bowl league
    # Whether the match engine plays this format's whole game (a league may
    # resolve its matches); False while a format's game is being written.
    engine_plays_game: ClassVar[bool] = True
    # A report of this format may give each team's Gather Funds count (the
    # Dungeon Bowl Treasure Room); the post-game pays :meth:`gathered_funds`.
    gathers_funds: ClassVar[bool] = False

    def score_violations(
        self, home: int, away: int, *, conceded: bool, time_limit: bool
    ) -> list[Violation]:
        """What the format refuses in a reported score (``time_limit``: the
        league plays with a time limit); nothing by default."""
        return []

    def rolled_winnings(
        self, game: PostgameInput, roller: Roller
    ) -> tuple[WinningsResult, tuple[Roll, ...]]:
        """The post-game Winnings and the dice rolled for them: by default
        :meth:`winnings`, which rolls none (``roller`` is left untouched)."""
        return self.winnings(game), ()

    def gathered_funds(self, uses: int) -> int:
        """Gold a team gains after the game for ``uses`` Gather Funds actions
        (none in a format without them)."""
        return 0

    def casualty_bonus(self) -> tuple[int, int] | None:
        """League points a team adds for the casualties it inflicted in a
        match, as (at least this many casualties, points); None: no bonus."""
        return None

    def season_prizes(self) -> Mapping[int, int]:
        """Gold paid at the end of a season by league place (1 = first);
        none by default."""
        return {}

    def champion_rerolls(self) -> int:
        """Free team re-rolls the season's champion adds for the next season
        (a trophy); none by default."""
        return 0

    def scouting(
        self, mvp_player_ids: Sequence[int], roller: Roller
    ) -> tuple[tuple[int, ...], tuple[Roll, ...]]:
        """Before a re-draft, the players with an MVP award (in the order
        given) that leave the team, scouted away, and the dice rolled; each
        counts in :meth:`redraft_budget` (``scouted``). None by default."""
        return (), ()

    def redraft_budget(
        self,
        *,
        treasury: int,
        games: int,
        wins: int,
        draws: int,
        scouted: int = 0,
        cap: int | None = None,
    ) -> RedraftBudget | None:
        """The format's own Re-Draft Budget ("Raise Funds"); None: the BB2020
        one (``engine.campaign.redraft.redraft_budget``, which the engine
        core may not import)."""
        return None

    def rehire_cost(self, current_value: int, seasons_played: int) -> int | None:
        """The format's own price of a returning player at the re-draft;
        None: the BB2020 one (``engine.campaign.redraft.rehire_cost``)."""
        return None

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

_REGISTRY: dict[str, Variant] = {}


def register[V: Variant](variant: V) -> V:
    """Add ``variant`` to the registry under its name; returns it."""
    if not variant.name:
        raise RuleError("a variant needs a name")
    _REGISTRY[variant.name] = variant
    return variant


def unregister(name: str) -> None:
    """Remove a variant (tests that register a throw-away one)."""
    _REGISTRY.pop(name, None)


def _load_builtins() -> None:
    # The built-in variants register themselves when their package is
    # imported; the core never names them.
    importlib.import_module("engine.variants")


def variants() -> Mapping[str, Variant]:
    """Every registered variant, by name."""
    _load_builtins()
    return dict(_REGISTRY)


def get_variant(name: str | Variant) -> Variant:
    """The variant called ``name`` (a variant is returned as it is)."""
    if isinstance(name, Variant):
        return name
    if name not in _REGISTRY:
        _load_builtins()
    try:
        return _REGISTRY[name]
    except KeyError:
        raise RuleError(
            f"unknown format {name!r}; known: {sorted(_REGISTRY)}"
        ) from None
