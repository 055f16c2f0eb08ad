"""Rule points: the moments of the game where a skill, a trait or a Star
Player's special rule may change what the rulebook's procedure does.

A procedure of :mod:`engine.rules` reaches a rule point where the rulebook
says "unless a skill ..." and calls the functions registered there, in the
order they were registered, with the game state and what happened; each
returns what changes (a modifier, extra options, a decision to ask, a
procedure to run). How the answers combine is written beside each point.
A point whose rule may ask a coach something is a pair: ``ask`` (or
``options``) and what to do with the answer; the procedure keeps the rule
that asked until the answer comes.

A point the procedure reaches for every player at every decision (the
activations offered, a moving player's options) is gated: a rule registered
there also adds the skill bits it needs to the point's ``..._bits``, and the
procedure asks the point only for a player with one of them (one ``&``, as
for an inline skill).

No rule point knows a skill by name. The skills, traits and Star Player
rules register themselves (:mod:`engine.skills`: one ``register(hooks)``
per module), and a format chooses which of them it plays
(``Variant.rules``, by default :data:`engine.skills.registry.RULES`); the
match state carries its format's rule points as ``g.hooks``. Registration
happens once per format, in the order of that list, so the order the
functions run in never depends on which module happened to be imported
first.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from engine.core.state import Decision, GameState, Option, Proc
    from engine.rules.blocking import Block
    from engine.rules.injuries import Harm, KnockDown
    from engine.rules.movement import Step
    from engine.rules.passing import PassAction
    from engine.rules.rolls import Test

# -- the game and its drives (engine.rules.game) -------------------------------

# Before the game, after the weather: what the teams brought into play.
type Pregame = Callable[[GameState], None]
# The first half starts (after the kick-off's preparations).
type FirstHalf = Callable[[GameState], None]
# Half time, before the team re-rolls are reset: the teams that keep one
# re-roll into the second half (one each time a team is named; answers
# concatenated).
type HalfTimeCarry = Callable[[GameState], tuple[int, ...]]
# A drive starts (``g.drive`` counted), before the set-ups.
type DriveStarts = Callable[[GameState], None]
# A drive's set-ups are on the stack: a procedure to run before them (the
# first answer that is not None).
type BeforeSetup = Callable[[GameState], Proc | None]

# -- the team turn and the end of a drive (engine.rules.turns) ---------------

# A team turn of team ``t`` (not a bonus turn) has started, its marker
# moved: a procedure to run before its activations (the first answer that
# is not None).
type TeamTurnStarts = Callable[[GameState, int], Proc | None]
# Player ``p`` was chosen for ``action`` in his team's own turn: a procedure
# to run before the activation, above it (the first answer that is not
# None).
type PlayerDeclared = Callable[[GameState, int, str], Proc | None]
# Team ``t``'s turn ended in a Turnover (before anything else of the end).
type TurnoverSuffered = Callable[[GameState, int], None]
# Team ``t``'s turn ends (after Stunned players turn over).
type TurnEnds = Callable[[GameState, int], None]
# At the end of a drive Secret Weapon would send player ``p`` off: True when
# a rule keeps him on (any answer).
type SecretWeaponStays = Callable[[GameState, int], bool]
# The drive is over (Secret Weapons sent off), before the KO'd roll.
type DriveEnds = Callable[[GameState], None]

# -- activations (engine.rules.activation) -------------------------------------

# The players that may not be activated now: {player: the team whose turn
# end frees them} (answers merged).
type Barred = Callable[[GameState], Mapping[int, int]]
# Team ``t`` has made its Foul this turn: -2 no other Foul, -1 any player
# may make another, or the one player who may (the first answer that is not
# -2).
type AnotherFoul = Callable[[GameState, int], int]
# Player ``p`` may take the Special action ``action`` of a trait he lacks, a
# rule lending it (any answer).
type LentAction = Callable[[GameState, int, str], bool]
# Special actions made instead of a Block that player ``p`` may be activated
# for besides ``opts`` (those offered so far; answers concatenated).
type BlockActivations = Callable[[GameState, int, list[Option]], list[Option]]
# Player ``p`` was declared for ``action`` (his activation starts).
type ActionDeclared = Callable[[GameState, int, str], None]
# Player ``p`` is activated for ``action`` (not the second action of the same
# activation): the procedures his own skills and traits add, run in order
# after the declaration (Bone Head, Really Stupid, a Star Player's
# announcement ...). Answers are concatenated.
type Activated = Callable[[GameState, int, str], list[Proc]]
# Player ``p`` is activated (as above): a procedure another player's rule
# runs after the activation's own and the board's (answers run in order).
type TeamMateActivated = Callable[[GameState, int], Proc | None]
# Targets of player ``p``'s Special ``action`` besides the rulebook's
# (answers concatenated).
type ActionTargets = Callable[[GameState, int, str], list[int]]
# The procedure of player ``p``'s ``action`` when a rule changes it (the
# first answer that is not None; None: the rulebook's).
type ActionProcedure = Callable[[GameState, int, str], Proc | None]
# The options of player ``p`` moving in ``action`` (answers applied in turn,
# each to the last).
type MoveOptions = Callable[
    [GameState, int, str, tuple[Option, ...]], tuple[Option, ...]
]
# Player ``p`` (a player of team ``t`` who may be activated, not in a
# Blitz!) may be activated for these Special actions of his skills besides
# the rulebook's (answers concatenated).
type SkillActivations = Callable[[GameState, int, int], list[Option]]
# Player ``p``, moving, chose ``choice``, an option a rule offered at
# ``move_options``: the procedure it starts (the first answer that is not
# None; the activation goes on after it unless it ends it).
type MoveChosen = Callable[[GameState, int, Option], Proc | None]
# Player ``p``'s ``action`` is over: True when he takes the same action
# again in this activation (any answer).
type AnotherAction = Callable[[GameState, int, str], bool]
# Player ``p``'s activation has ended: undo what lasted for it.
type ActivationEnds = Callable[[GameState, int], None]


class BlockTargets(NamedTuple):
    """A Block action's targets beyond the adjacent Standing opponents:
    ``options`` are the rule's (``block_target`` options; answers
    concatenated, and a player with any may declare a Block); ``use``
    returns the procedure of the chosen one (None when it is another's)."""

    options: Callable[[GameState, int], tuple[Option, ...]]
    use: Callable[[GameState, int, Option], Proc | None]


# -- tests and re-rolls (engine.rules.rolls) ---------------------------------

# Player ``p`` uses a team re-roll and rolls for Loner: the target (answers
# applied in turn, each to the last).
type LonerTarget = Callable[[GameState, int, int], int]


class TestReroll(NamedTuple):
    """A re-roll of a failed test (:class:`~engine.rules.rolls.Test`) offered
    beside the team re-roll and Pro, on the first roll of the test only.
    ``options``: the re-rolls the rule offers now (answers are
    concatenated); ``use``: when the coach's choice is one of the rule's,
    spend it and return True (the test then re-rolls its die)."""

    options: Callable[[GameState, Test], list[Option]]
    use: Callable[[GameState, Test, Option], bool]


class TestResult(NamedTuple):
    """The final roll of a test failed: a rule may still change the result.
    ``options``: the ways to use the rules (answers are concatenated; the
    coach is asked a ``use_skill`` decision with them and "decline");
    ``use``: apply the chosen one (when it is the rule's) and return the new
    result, None when the choice is another rule's."""

    options: Callable[[GameState, Test], tuple[Option, ...]]
    use: Callable[[GameState, Test, Option], bool | None]


# -- movement (engine.rules.movement) ----------------------------------------

# The Rushes player ``p`` may make in this action beyond the rulebook's (and
# Sprint's): answers are added.
type ExtraRushes = Callable[[GameState, int], int]
# A move counted player ``p``'s Rushes (``g.act_rushes``), ``limit`` being
# the Rushes he may make.
type Rushed = Callable[[GameState, int, int], None]
# Player ``p`` would leave his square by his own movement (a step, a Jump, a
# Leap, Shadowing, Diving Tackle): True when a rule keeps him there (any
# answer).
type LeaveBarred = Callable[[GameState, int], bool]


class LeapAsk(NamedTuple):
    """A Leap is declared, before its Agility test: ``ask`` returns a rule's
    question to the leaper's coach (None: the rule does not apply);
    ``answer`` applies the answer and returns the bit of a skill whose free
    re-roll the test then gets, the test ignoring negative modifiers (0:
    the test is as usual)."""

    ask: Callable[[GameState, Step], Decision | None]
    answer: Callable[[GameState, Step, Option], int]


class StepAsk(NamedTuple):
    """A player moving in his own activation has entered a square (his
    Dodge, Jump or Leap passed): ``ask`` returns a rule's question to a
    coach (None: the rule does not apply); ``answer`` returns True when the
    mover Falls Over there."""

    ask: Callable[[GameState, Step], Decision | None]
    answer: Callable[[GameState, Step, Option], bool]


# -- blocking (engine.rules.blocking) ------------------------------------------

# The number of block dice ``n`` (the Strengths compared); answers are
# applied in turn, each to the last.
type BlockDice = Callable[[GameState, Block, int], int]
# Player ``dfn`` is the target of ``att``'s block, its dice about to be
# rolled.
type BlockTargeted = Callable[[GameState, int, int], None]
# A Stumble against ``dfn``: True when he counts as having Dodge (any
# answer).
type StumbleDodge = Callable[[GameState, int], bool]
# Block ``b`` is over (``frenzy_ok``: it pushed the target back): the
# procedures that follow, run in order (the first answer that is not None
# decides; an empty one: nothing follows).
type BlockOver = Callable[[GameState, Block, bool], tuple[Proc, ...] | None]


# Player ``h`` Marks the target of a block or a foul (``foul``) and would
# give an assist: True when a rule forbids it (any answer).
type AssistBarred = Callable[[GameState, int, bool], bool]
# Player ``h`` Marks the target of a block or a foul (``foul``) but is
# Marked by another opponent: True when a rule lets him assist anyway (any
# answer).
type MarkedAssist = Callable[[GameState, int, bool], bool]
# ``att``'s block pushed its target ``dfn`` back (not a chain-pushed
# player; Stand Firm: no push, not reached).
type TargetPushed = Callable[[GameState, int, int], None]


class FollowAsk(NamedTuple):
    """The target of a block was pushed back and the attacker may follow up
    (not compulsory): ``ask`` returns a rule's question to a coach (None:
    the rule does not apply); ``answer`` returns True when the attacker
    must follow up."""

    ask: Callable[[GameState, Block], Decision | None]
    answer: Callable[[GameState, Block, Option], bool]


class BlockAsk(NamedTuple):
    """After a successful Dauntless roll (the attacker's Strength now the
    target's): ``ask`` returns a rule's question to the attacker's coach
    (None: the rule does not apply now); the answer goes to ``answer``."""

    ask: Callable[[GameState, Block], Decision | None]
    answer: Callable[[GameState, Block, Option], None]


class BlockReroll(NamedTuple):
    """A re-roll of a block's dice offered with the team re-roll, Pro and
    Brawler, the attacker's coach choosing. ``options``: the rule's ways of
    re-rolling the dice just rolled (answers concatenated); ``use``: when
    the choice is the rule's, spend it, re-roll the dice it names (and
    report them: ``Block.emit_dice``), and return True."""

    options: Callable[[GameState, Block], list[Option]]
    use: Callable[[GameState, Block, Option], bool]


# -- Special actions (engine.rules.secret_weapons, block_actions, bloodlust) ---

# Player ``p`` makes the Special ``action`` against ``target``, its roll
# about to be made.
type SpecialAction = Callable[[GameState, int, str, int], None]
# Player ``p``'s Special ``action`` hit ``target``: a procedure run once the
# hit's consequences are over (the first answer that is not None).
type AfterHit = Callable[[GameState, int, str, int], Proc | None]
# The Armour roll ``total`` (with the Chainsaw's +3) of ``att``'s Chainsaw
# Attack on ``hit``: a bonus (answers are added).
type ChainsawArmour = Callable[[GameState, int, int, int], int]
# The players a hungry player ``p`` may bite besides the Thralls next to him
# (answers concatenated).
type BiteTargets = Callable[[GameState, int], list[int]]
# ``p`` bites ``q``: True when a rule makes it a bite of an opponent (then
# no Turnover when ``q`` drops the ball; any answer).
type Bite = Callable[[GameState, int, int], bool]


class DieAsk(NamedTuple):
    """Player ``p`` rolled ``die`` for a direction (a Ball & Chain move):
    ``ask`` returns a rule's offer to re-roll it (None: no offer);
    ``reroll`` spends the rule and returns the new die."""

    ask: Callable[[GameState, int, int], Decision | None]
    reroll: Callable[[GameState, int], int]


# -- the ball, passing and throwing (engine.rules.ball, passing, ...) ----------

# Player ``p`` has scored a touchdown (the score counted).
type Touchdown = Callable[[GameState, int], None]
# Player ``p`` has caught the ball: a procedure replacing what follows the
# catch (the first answer that is not None).
type BallCaught = Callable[[GameState, int], Proc | None]
# A pass or hand-off ended with the ball out of the passing team's hands:
# True when a rule took it with no Turnover (any answer).
type BallStolen = Callable[[GameState], bool]
# Player ``p``'s Pass action may be a Hail Mary Pass (any answer).
type HailMary = Callable[[GameState, int], bool]
# The catch of ``thrower``'s pass by ``catcher``: a bonus (answers added).
type PassCatch = Callable[[GameState, int, int], int]
# ``thrower`` fumbled a Throw Team-mate: True when the dropped team-mate
# lands safely (the first True answer is the rule used).
type FumbledTeamMate = Callable[[GameState, int], bool]


class PassAsk(NamedTuple):
    """A Hail Mary Pass scattered: ``ask`` returns a rule's question to the
    thrower's coach (None: the rule does not apply); ``answer`` returns
    True when the scatter is to be rolled again."""

    ask: Callable[[GameState, PassAction], Decision | None]
    answer: Callable[[GameState, PassAction, Option], bool]


class SurePass(NamedTuple):
    """``throw``: player ``p`` throws (``dump``: a Dump-off); True when a
    rule makes the pass accurate without a test (and then the catch too).
    ``caught``: that pass was caught by ``p`` without a test."""

    throw: Callable[[GameState, int, bool], bool]
    caught: Callable[[GameState, int], None]


class Interference(NamedTuple):
    """The opposing coach picks a player to interfere with a pass among
    ``cands``: ``options`` are the rule's ways of interfering; ``use``
    returns True when the chosen one intercepts without a test (False: the
    interference test is made)."""

    options: Callable[[GameState, list[int]], tuple[Option, ...]]
    use: Callable[[GameState, int, Option], bool]


# -- armour, injury and casualties (engine.rules.injuries, fouls) --------------

# Player ``p``'s Foul is made (its rolls are next): True when his
# activation goes on after it (any answer; none: it ends).
type FoulGoesOn = Callable[[GameState, int], bool]
# Player ``kd.p`` would be Knocked Down or Fall Over (``kd.how``), still
# Standing: a procedure to run first, leaving in ``g.ret`` True when he
# stays Standing instead (nothing of the knock-down happens; the first
# answer that is not None).
type GoingDown = Callable[[GameState, KnockDown], Proc | None]
# Player ``kd.p`` is down and his Armour roll is next: a procedure replacing
# it (the first answer that is not None).
type BeforeArmour = Callable[[GameState, KnockDown], Proc | None]
# Harm ``h`` put its player in the Casualty box and does not credit
# ``h.by`` with it: True when a rule credits him (any answer).
type CasualtyCredit = Callable[[GameState, Harm], bool]

# A Special action (``how``: "stab", "chainsaw", "vomit" ...) by ``by`` broke
# player ``p``'s armour: a procedure replacing the unmodified Injury roll
# that follows (the first answer that is not None).
type BrokenArmourInjury = Callable[[GameState, int, int, str], Proc | None]
# A Foul by ``p`` on ``v``: a bonus to its Injury roll that applies even
# when the roll may not be otherwise modified (answers are added).
type FoulInjury = Callable[[GameState, int, int], int]
# Player ``p`` went to the Casualty box after an Injury roll; ``by``: the
# player whose block caused it (-1: none credited).
type Casualty = Callable[[GameState, int, int], None]
# Player ``p`` leaves the pitch for dugout box ``box`` (KO, CAS, SENT_OFF,
# RESERVES).
type LeftPitch = Callable[[GameState, int, int], None]

type _Dice = tuple[int, int]


class ArmourAsk(NamedTuple):
    """An Armour roll ``dice`` + ``mod`` against AV ``av`` did not break the
    armour and is not reported yet: ``ask`` returns a rule's question to
    its coach (None: the rule does not apply); ``answer`` applies the
    answer, reports the roll and returns whether the armour is broken."""

    ask: Callable[[GameState, Harm, _Dice, int, int], Decision | None]
    answer: Callable[[GameState, Harm, Option], bool]


class ArmourReroll(NamedTuple):
    """An Armour roll ``dice`` was reported (``broken`` or not): ``ask``
    returns a rule's offer to re-roll it (None: no offer); ``answer`` to a
    use returns the new dice (the roll is made again with them), None when
    the re-roll failed."""

    ask: Callable[[GameState, Harm, _Dice, bool], Decision | None]
    answer: Callable[[GameState, Harm, _Dice, Option], _Dice | None]


class InjuryAsk(NamedTuple):
    """An Injury roll ``dice`` + ``mod`` is made and not reported yet:
    ``ask`` returns a rule's question to its coach (None: the rule does not
    apply); ``answer`` applies the answer and then the roll
    (``Harm.injury_result``)."""

    ask: Callable[[GameState, Harm, _Dice, int], Decision | None]
    answer: Callable[[GameState, Harm, Option], None]


class Hooks:
    """The rule points of one format: for each, the functions registered on
    it, in the order they run. Built once by
    :func:`engine.skills.registry.rule_points` and frozen; procedures read
    the tuples, never change them."""

    __slots__ = (
        "_frozen",
        # the game and its drives
        "pregame",
        "first_half",
        "half_time_carry",
        "drive_starts",
        "before_setup",
        # the team turn and the end of a drive
        "team_turn_starts",
        "player_declared",
        "turnover_suffered",
        "turn_ends",
        "secret_weapon_stays",
        "drive_ends",
        # activations
        "barred",
        "another_foul",
        "lent_action",
        "block_activations",
        "block_targets",
        "action_declared",
        "activated",
        "team_mate_activated",
        "action_targets",
        "action_procedure",
        "skill_activations",
        "move_options",
        "move_chosen",
        "another_action",
        "activation_ends",
        "lent_action_bits",
        "block_activations_bits",
        "block_targets_bits",
        "action_targets_bits",
        "skill_activations_bits",
        "move_options_bits",
        "another_action_bits",
        # tests and re-rolls
        "test_rerolls",
        "test_result",
        "loner_target",
        # movement
        "extra_rushes",
        "extra_rushes_bits",
        "rushed",
        "leave_barred",
        "leap_declared",
        "moved_into",
        # blocking
        "dauntless_passed",
        "block_dice",
        "block_targeted",
        "block_rerolls",
        "stumble_dodge",
        "block_over",
        "assist_barred",
        "marked_assist",
        "target_pushed",
        "follow_up",
        # Special actions
        "special_action",
        "after_hit",
        "chainsaw_armour",
        "ball_and_chain_direction",
        "bite_targets",
        "bite",
        # the ball, passing and throwing
        "touchdown",
        "ball_caught",
        "ball_stolen",
        "hail_mary",
        "hail_mary_scattered",
        "sure_pass",
        "interference",
        "pass_catch",
        "fumbled_team_mate",
        # armour, injury and casualties
        "armour_roll",
        "armour_reroll",
        "injury_roll",
        "broken_armour_injury",
        "foul_injury",
        "foul_goes_on",
        "going_down",
        "before_armour",
        "casualty_credit",
        "casualty",
        "left_pitch",
    )

    _frozen: bool
    pregame: tuple[Pregame, ...]
    first_half: tuple[FirstHalf, ...]
    half_time_carry: tuple[HalfTimeCarry, ...]
    drive_starts: tuple[DriveStarts, ...]
    before_setup: tuple[BeforeSetup, ...]
    team_turn_starts: tuple[TeamTurnStarts, ...]
    player_declared: tuple[PlayerDeclared, ...]
    turnover_suffered: tuple[TurnoverSuffered, ...]
    turn_ends: tuple[TurnEnds, ...]
    secret_weapon_stays: tuple[SecretWeaponStays, ...]
    drive_ends: tuple[DriveEnds, ...]
    barred: tuple[Barred, ...]
    another_foul: tuple[AnotherFoul, ...]
    lent_action: tuple[LentAction, ...]
    block_activations: tuple[BlockActivations, ...]
    block_targets: tuple[BlockTargets, ...]
    action_declared: tuple[ActionDeclared, ...]
    activated: tuple[Activated, ...]
    team_mate_activated: tuple[TeamMateActivated, ...]
    action_targets: tuple[ActionTargets, ...]
    action_procedure: tuple[ActionProcedure, ...]
    skill_activations: tuple[SkillActivations, ...]
    move_options: tuple[MoveOptions, ...]
    move_chosen: tuple[MoveChosen, ...]
    another_action: tuple[AnotherAction, ...]
    activation_ends: tuple[ActivationEnds, ...]
    # the gated points' skill bits (see the module's docstring)
    lent_action_bits: int
    block_activations_bits: int
    block_targets_bits: int
    action_targets_bits: int
    skill_activations_bits: int
    move_options_bits: int
    another_action_bits: int
    test_rerolls: tuple[TestReroll, ...]
    test_result: tuple[TestResult, ...]
    loner_target: tuple[LonerTarget, ...]
    extra_rushes: tuple[ExtraRushes, ...]
    extra_rushes_bits: int
    rushed: tuple[Rushed, ...]
    leave_barred: tuple[LeaveBarred, ...]
    leap_declared: tuple[LeapAsk, ...]
    moved_into: tuple[StepAsk, ...]
    dauntless_passed: tuple[BlockAsk, ...]
    block_dice: tuple[BlockDice, ...]
    block_targeted: tuple[BlockTargeted, ...]
    block_rerolls: tuple[BlockReroll, ...]
    stumble_dodge: tuple[StumbleDodge, ...]
    block_over: tuple[BlockOver, ...]
    assist_barred: tuple[AssistBarred, ...]
    marked_assist: tuple[MarkedAssist, ...]
    target_pushed: tuple[TargetPushed, ...]
    follow_up: tuple[FollowAsk, ...]
    special_action: tuple[SpecialAction, ...]
    after_hit: tuple[AfterHit, ...]
    chainsaw_armour: tuple[ChainsawArmour, ...]
    ball_and_chain_direction: tuple[DieAsk, ...]
    bite_targets: tuple[BiteTargets, ...]
    bite: tuple[Bite, ...]
    touchdown: tuple[Touchdown, ...]
    ball_caught: tuple[BallCaught, ...]
    ball_stolen: tuple[BallStolen, ...]
    hail_mary: tuple[HailMary, ...]
    hail_mary_scattered: tuple[PassAsk, ...]
    sure_pass: tuple[SurePass, ...]
    interference: tuple[Interference, ...]
    pass_catch: tuple[PassCatch, ...]
    fumbled_team_mate: tuple[FumbledTeamMate, ...]
    armour_roll: tuple[ArmourAsk, ...]
    armour_reroll: tuple[ArmourReroll, ...]
    injury_roll: tuple[InjuryAsk, ...]
    broken_armour_injury: tuple[BrokenArmourInjury, ...]
    foul_injury: tuple[FoulInjury, ...]
    foul_goes_on: tuple[FoulGoesOn, ...]
    going_down: tuple[GoingDown, ...]
    before_armour: tuple[BeforeArmour, ...]
    casualty_credit: tuple[CasualtyCredit, ...]
    casualty: tuple[Casualty, ...]
    left_pitch: tuple[LeftPitch, ...]

    def __init__(self) -> None:
        for name in self.__slots__:
            object.__setattr__(self, name, 0 if name.endswith("_bits") else ())
        object.__setattr__(self, "_frozen", False)

    def freeze(self) -> Hooks:
        """Refuse any later registration; returns the hooks."""
        object.__setattr__(self, "_frozen", True)
        return self

    def __setattr__(self, name: str, value: Any) -> None:
        if self._frozen:
            raise AttributeError(f"rule point {name!r}: the hooks are frozen")
        object.__setattr__(self, name, value)


# A module's registration: adds its rules to the rule points.
type Registration = Callable[[Hooks], None]
