"""Blood Bowl Sevens Desperate Measures (blood_bowl_sevens.md "0-5
Desperate Measures"; seed 004 "Desperate Measures - D8"): a Sevens rule,
registered on the rule points (:mod:`engine.core.hooks`) by the Sevens
variant only (``Sevens.rules``).

The team sheet carries the D8 results the team rolled when it bought them
(``TeamSheet.desperate_measures``, no result twice). Each result may be
played once in the game; ``g.effects[LEFT[t]]`` holds the results team
``t`` has not played yet. Every effect emits an
:class:`~engine.core.events.Induced` event named after the result.

Where the engine plays a result and where the coach decides:

1. You Dope: at the start of the game's first drive, before set-up, the
   coach picks one of their players and +1 ST or +1 AG (Decision
   ``desperate_you_dope``); after each drive the player took part in, a D6:
   1-2 and they miss the rest of the match (:func:`you_dope_after_drive`).
2. Razzle-dazzle: declared when a player is activated (Decision
   ``desperate_declare``); when the first action ends, the player may take
   a second one (Decision ``desperate_second_action``, :class:`SecondAction`).
3. Hangover: played by the engine before the first drive's set-up: a
   random available opposing player misses that drive.
4. Grudge Match: offered at the start of each of the team's turns
   (Decision ``desperate_grudge_match``); that turn the team may Foul any
   number of times (``TF_MANY_FOULS``).
5. Set Piece: declared when a player is activated for a Pass action
   (Decision ``desperate_declare``); the pass is accurate without a test and
   the receiver catches it without a test (rule point ``sure_pass``).
6. Sports Espionage: played by the engine at the team's first Turnover: one
   more team re-roll.
7. Discarded Banana Skin: offered when an opposing player moves into a
   square one of the team's players Marks (Decision
   ``desperate_banana_skin``, rule point ``moved_into``): they Fall Over.
8. Magic Scroll: the team has a Hireling Sports-Wizard for the game
   (:mod:`engine.rules.wizard`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from engine.core.errors import RuleError
from engine.core.events import Induced
from engine.core.hooks import Hooks, StepAsk, SurePass
from engine.core.model import TeamSheet
from engine.core.state import (
    CAS,
    PF_HEAT,
    PF_PLAYED,
    PF_USED,
    PITCH,
    RESERVES,
    SENT_OFF,
    STANDING,
    TF_MANY_FOULS,
    Decision,
    GameState,
    Option,
    Proc,
)
from engine.rules.activation import Activation, activation_options
from engine.rules.rolls import random_pick

if TYPE_CHECKING:
    from engine.rules.movement import Step

YOU_DOPE, RAZZLE_DAZZLE, HANGOVER, GRUDGE_MATCH = 1, 2, 3, 4
SET_PIECE, SPORTS_ESPIONAGE, BANANA_SKIN, MAGIC_SCROLL = 5, 6, 7, 8
# The event type (Induced.what) of each result.
SLUGS = {
    YOU_DOPE: "you_dope",
    RAZZLE_DAZZLE: "razzle_dazzle",
    HANGOVER: "hangover",
    GRUDGE_MATCH: "grudge_match",
    SET_PIECE: "set_piece",
    SPORTS_ESPIONAGE: "sports_espionage",
    BANANA_SKIN: "banana_skin",
    MAGIC_SCROLL: "magic_scroll",
}
# g.effects keys: the results each team has not played yet.
LEFT = ("desperate_left_0", "desperate_left_1")
# g.effects: the doped player of each team (You Dope).
DOPED = ("you_dope_0", "you_dope_1")
# g.effects: (player, half, turn) of the Pass action Set Piece was declared
# for (``_drive``: gone at the end of the drive if the pass was never thrown).
SET_PIECE_ON = "set_piece_on_drive"
OPT_DONE: Option = ("done",)
OPT_RAZZLE: Option = ("razzle_dazzle",)
OPT_SET_PIECE: Option = ("set_piece",)
OPT_GRUDGE: Option = ("grudge_match",)
# Characteristic limits (rulebook "Improving characteristics"): ST at most 8,
# AG at best 1+.
ST_MAX, AG_BEST = 8, 1

# Razzle-dazzle: actions whose activation has no movement in this engine
# (a Block, the Special actions made instead of a Block, Throw Bomb); every
# other action contains a Move action. Decision: Projectile Vomit and
# Chainsaw replace a Block action, so they count as a Block for "not the
# same action twice".
_STILL = frozenset({"block", "projectile_vomit", "chainsaw", "throw_bomb"})
_BLOCKS = frozenset({"block", "projectile_vomit", "chainsaw"})


def check_desperate_measures(sheet: TeamSheet) -> None:
    """Refuse a team sheet whose results are not distinct D8 results (at
    most five: 0-5 may be bought)."""
    results = sheet.desperate_measures
    if (
        len(results) > 5
        or len(set(results)) != len(results)
        or not all(1 <= r <= 8 for r in results)
    ):
        raise RuleError(
            f"{sheet.name}: Desperate Measures must be up to five different "
            f"D8 results, not {results}"
        )


def has(g: GameState, t: int, result: int) -> bool:
    """Whether team ``t`` holds ``result`` and has not played it yet."""
    return result in g.effects.get(LEFT[t], ())


def spend(g: GameState, t: int, result: int) -> None:
    """Team ``t`` plays ``result``: it cannot be played again this game."""
    left = tuple(r for r in g.effects[LEFT[t]] if r != result)
    if left:
        g.effects[LEFT[t]] = left
    else:
        del g.effects[LEFT[t]]


def _emit(
    g: GameState, t: int, result: int, player: int, dice: tuple[int, ...], what: str
) -> None:
    g.emit(Induced(SLUGS[result], g.tname(t), player, dice, what))


# --- the start of the game -------------------------------------------------------


def desperate_pregame(g: GameState) -> None:
    """Before the game: note each team's results; a Magic Scroll gives the
    team the Hireling Sports-Wizard (played at once: the wizard then casts
    as :mod:`engine.rules.wizard` says)."""
    sheets = list(g.sheets)
    for t in (0, 1):
        results = g.sheets[t].desperate_measures
        if not results:
            continue
        g.effects[LEFT[t]] = tuple(results)
        if MAGIC_SCROLL in results:
            spend(g, t, MAGIC_SCROLL)
            sheets[t] = replace(sheets[t], wizard=True)
            _emit(g, t, MAGIC_SCROLL, -1, (), "hireling_sports_wizard")
    g.sheets = (sheets[0], sheets[1])


class FirstDriveMeasures(Proc):
    """Start of the game's first drive, before set-up: each Hangover (home
    first), then each You Dope."""

    __slots__ = ("t",)

    def __init__(self) -> None:
        self.phase = 0
        self.t = 0

    def step(self, g: GameState) -> Decision | None:
        if self.phase == 0:
            self.phase = 1
            for t in (0, 1):
                if has(g, t, HANGOVER):
                    hangover(g, t)
        while self.t < 2:
            t = self.t
            if has(g, t, YOU_DOPE):
                opts = you_dope_options(g, t)
                if opts:
                    return Decision(g.tname(t), "desperate_you_dope", opts)
            self.t += 1
        g.stack.pop()
        return None

    def receive(self, g: GameState, choice: Option) -> None:
        t = self.t
        self.t += 1
        if choice == OPT_DONE:
            return
        spend(g, t, YOU_DOPE)
        p = g.idx[choice[1]]
        if choice[2] == "st":
            g.st[p] += 1
        else:
            g.ag[p] -= 1  # AG is a target number: 3+ improves to 2+
        g.effects[DOPED[t]] = p
        _emit(g, t, YOU_DOPE, g.pid[p], (), f"+1 {choice[2].upper()}")


def hangover(g: GameState, t: int) -> None:
    """Hangover: a randomly selected opposing player available for the
    first drive misses it. Decision: the engine always plays it (it can
    only help); the selection is the rulebook's random selection."""
    spend(g, t, HANGOVER)
    cands = [
        p
        for p in range(g.n)
        if g.team[p] != t and g.box[p] == RESERVES and not g.pflags[p] & PF_HEAT
    ]
    if not cands:
        return
    p = cands[random_pick(g, cands)]
    # Sweltering Heat's flag: kept out of the first drive, free when it ends.
    g.pflags[p] |= PF_HEAT
    _emit(g, t, HANGOVER, g.pid[p], (), "misses_first_drive")


def you_dope_options(g: GameState, t: int) -> tuple[Option, ...]:
    """Decision: any player of the team available for the match (not one
    kept out of the first drive by a Hangover), and only a characteristic
    that can still improve (ST up to 8, AG down to 1+)."""
    opts: list[Option] = []
    for p in range(g.n):
        if g.team[p] != t or g.box[p] != RESERVES or g.pflags[p] & PF_HEAT:
            continue
        if g.st[p] < ST_MAX:
            opts.append(("you_dope", g.pid[p], "st"))
        if g.ag[p] > AG_BEST:
            opts.append(("you_dope", g.pid[p], "ag"))
    if not opts:
        return ()
    return (*opts, OPT_DONE)


def you_dope_after_drive(g: GameState) -> None:
    """End of a drive the doped player took part in (set up for it), even
    if they are no longer on the pitch: a D6, 3+ fine, 1-2 they miss the
    rest of the match (out of the game like a player Sent-off, but not
    Sent-off: no ban follows). Decision: a player already a Casualty or
    Sent-off rolls no more."""
    for t in (0, 1):
        p = g.effects.get(DOPED[t], -1)
        if p < 0 or not g.pflags[p] & PF_PLAYED:
            continue
        if g.box[p] in (CAS, SENT_OFF):
            del g.effects[DOPED[t]]
            continue
        d = g.dice.d6()
        if d >= 3:
            _emit(g, t, YOU_DOPE, g.pid[p], (d,), "feels_amazing")
            continue
        del g.effects[DOPED[t]]
        if g.box[p] == PITCH:
            g.lift(p)
        g.box[p] = SENT_OFF
        _emit(g, t, YOU_DOPE, g.pid[p], (d,), "misses_rest_of_match")


# --- activations: Razzle-dazzle and Set Piece -----------------------------------


def declare_proc(g: GameState, p: int, action: str) -> Proc | None:
    """When ``p`` is activated for ``action`` in a normal team turn: the
    procedure asking whether to play Razzle-dazzle or Set Piece, or None.
    Decision: not in the free team turn of a Blitz! kick-off event (its
    limited actions are the event's, not the team's own turn); a measure
    declared is spent even if the action then ends in a Turnover."""
    t = g.team[p]
    if has(g, t, RAZZLE_DAZZLE) or (action == "pass" and has(g, t, SET_PIECE)):
        return Declare(p, action)
    return None


class Declare(Proc):
    """Razzle-dazzle / Set Piece, played when a player is activated
    (Decision ``desperate_declare``, asked again until ``("done",)`` or
    nothing is left to play). It sits above the player's Activation."""

    __slots__ = ("p", "action")

    def __init__(self, p: int, action: str) -> None:
        self.phase = 0
        self.p = p
        self.action = action

    def step(self, g: GameState) -> Decision | None:
        t = g.team[self.p]
        opts: list[Option] = []
        if has(g, t, RAZZLE_DAZZLE):
            opts.append(OPT_RAZZLE)
        if self.action == "pass" and has(g, t, SET_PIECE):
            opts.append(OPT_SET_PIECE)
        if not opts:
            g.stack.pop()
            return None
        opts.append(OPT_DONE)
        return Decision(
            g.tname(t),
            "desperate_declare",
            tuple(opts),
            g.pid[self.p],
            info=(self.action,),
        )

    def receive(self, g: GameState, choice: Option) -> None:
        p = self.p
        t = g.team[p]
        if choice == OPT_DONE:
            g.stack.pop()
            return
        if choice == OPT_RAZZLE:
            spend(g, t, RAZZLE_DAZZLE)
            # below the Activation: it runs when the first action is over
            g.stack.insert(len(g.stack) - 2, SecondAction(p, self.action))
            _emit(g, t, RAZZLE_DAZZLE, g.pid[p], (), f"declared with {self.action}")
        else:
            spend(g, t, SET_PIECE)
            g.effects[SET_PIECE_ON] = (p, g.half, g.turn[t])
            _emit(g, t, SET_PIECE, g.pid[p], (), "declared")


def set_piece_throw(g: GameState, p: int, dump: bool) -> bool:
    """Whether this throw by ``p`` is the Set Piece pass (then spent)."""
    on = g.effects.get(SET_PIECE_ON)
    if on is None or dump or on != (p, g.half, g.turn[g.team[p]]):
        return False
    del g.effects[SET_PIECE_ON]
    return True


def set_piece_event(g: GameState, p: int, what: str) -> None:
    """The Set Piece acting on the pass (``p``: the thrower or catcher;
    the measure belongs to the passing team)."""
    _emit(g, g.team[p], SET_PIECE, g.pid[p], (), what)


def second_action_allowed(first: str, second: str) -> bool:
    """Razzle-dazzle: not the same action twice (a Block and a Special
    action made instead of one count as the same), nor two actions that
    both contain a Move action."""
    if first == second or (first in _BLOCKS and second in _BLOCKS):
        return False
    return first in _STILL or second in _STILL


class SecondAction(Proc):
    """Razzle-dazzle: when ``p``'s first action is over, and they are still
    Standing on the pitch without a Turnover or touchdown, their coach may
    pick a second action (Decision ``desperate_second_action``). Decision:
    it is the same activation, so the activation traits (Bone-head, Really
    Stupid, ...) are not rolled again; an action containing a Move has the
    player's full Movement when the first action was one without."""

    __slots__ = ("p", "first")

    def __init__(self, p: int, first: str) -> None:
        self.phase = 0
        self.p = p
        self.first = first

    def step(self, g: GameState) -> Decision | None:
        p = self.p
        t = g.team[p]
        if (
            g.turnover is not None
            or g.touchdown
            or g.done
            or g.box[p] != PITCH
            or g.status[p] != STANDING
        ):
            g.stack.pop()
            return None
        flags = g.pflags[p]
        g.pflags[p] = flags & ~PF_USED
        opts = [
            o
            for o in activation_options(g, t)
            if o[1] == g.pid[p] and second_action_allowed(self.first, o[2])
        ]
        g.pflags[p] = flags
        if not opts:
            g.stack.pop()
            return None
        opts.append(OPT_DONE)
        return Decision(g.tname(t), "desperate_second_action", tuple(opts), g.pid[p])

    def receive(self, g: GameState, choice: Option) -> None:
        g.stack.pop()
        if choice == OPT_DONE:
            return
        p = self.p
        _emit(g, g.team[p], RAZZLE_DAZZLE, g.pid[p], (), f"second action {choice[2]}")
        g.stack.append(Activation(p, choice[2], second=True))


# --- team turns: Grudge Match and Sports Espionage ------------------------------


class GrudgeOffer(Proc):
    """Start of a team turn, before any activation: play Grudge Match?"""

    __slots__ = ("t",)

    def __init__(self, t: int) -> None:
        self.phase = 0
        self.t = t

    def step(self, g: GameState) -> Decision | None:
        return Decision(
            g.tname(self.t), "desperate_grudge_match", (OPT_GRUDGE, OPT_DONE)
        )

    def receive(self, g: GameState, choice: Option) -> None:
        g.stack.pop()
        if choice == OPT_GRUDGE:
            spend(g, self.t, GRUDGE_MATCH)
            g.tflags |= TF_MANY_FOULS
            _emit(g, self.t, GRUDGE_MATCH, -1, (), "any_number_of_fouls")


def sports_espionage(g: GameState, t: int) -> None:
    """Team ``t`` suffered a Turnover: Sports Espionage gives a team
    re-roll. Decision: the engine plays it at the team's first Turnover (a
    re-roll now is worth as much as one later); it is a team re-roll like
    the others, so unused it is gone at half-time."""
    if has(g, t, SPORTS_ESPIONAGE):
        spend(g, t, SPORTS_ESPIONAGE)
        g.rerolls[t] += 1
        _emit(g, t, SPORTS_ESPIONAGE, -1, (), "free_team_reroll")


# --- movement: Discarded Banana Skin --------------------------------------------


def banana_offer(g: GameState, p: int) -> Decision | None:
    """``p`` has just moved (in their own activation) into their square:
    when the other team holds a Banana Skin and one of its players Marks
    that square, it may be played. Decision: every square entered that a
    Marking opponent covers counts as entering a Tackle Zone (also when
    moving from one Marked square to another)."""
    t = g.team[p]
    if not has(g, 1 - t, BANANA_SKIN) or not g.markers(g.pos[p], t):
        return None
    return Decision(
        g.tname(1 - t),
        "desperate_banana_skin",
        (("banana_skin", g.pid[p]), OPT_DONE),
        g.pid[p],
    )


def banana_played(g: GameState, p: int) -> None:
    t = 1 - g.team[p]
    spend(g, t, BANANA_SKIN)
    _emit(g, t, BANANA_SKIN, g.pid[p], (), "falls_over")


# --- the rule points ---------------------------------------------------------------


def pregame(g: GameState) -> None:
    """Before the game: note each team's results (when any)."""
    if g.sheets[0].desperate_measures or g.sheets[1].desperate_measures:
        desperate_pregame(g)


def first_drive(g: GameState) -> Proc | None:
    """Before the first drive's set-ups: Hangover and You Dope."""
    if g.drive == 1 and (LEFT[0] in g.effects or LEFT[1] in g.effects):
        return FirstDriveMeasures()
    return None


def grudge_offer(g: GameState, t: int) -> Proc | None:
    """A team turn starts: Grudge Match may be played."""
    return GrudgeOffer(t) if has(g, t, GRUDGE_MATCH) else None


def declaring(g: GameState, p: int, action: str) -> Proc | None:
    """A player is declared for an action in his team's own turn."""
    if LEFT[g.team[p]] in g.effects:
        return declare_proc(g, p, action)
    return None


def after_drive(g: GameState) -> None:
    """The drive ended: the doped players roll."""
    if DOPED[0] in g.effects or DOPED[1] in g.effects:
        you_dope_after_drive(g)


def turnover(g: GameState, t: int) -> None:
    """Team ``t``'s turn ended in a Turnover: Sports Espionage."""
    if LEFT[t] in g.effects:
        sports_espionage(g, t)


def banana(g: GameState, step: Step) -> Decision | None:
    """A player moved into a square: Discarded Banana Skin may be played."""
    if LEFT[0] in g.effects or LEFT[1] in g.effects:
        return banana_offer(g, step.p)
    return None


def banana_answer(g: GameState, step: Step, choice: Option) -> bool:
    """The answer to :func:`banana`: True when the mover Falls Over."""
    if choice == OPT_DONE:
        return False
    banana_played(g, step.p)
    return True


def caught_set_piece(g: GameState, p: int) -> None:
    """The Set Piece pass was caught by ``p`` without a test."""
    set_piece_event(g, p, "caught_without_a_roll")


def thrown_set_piece(g: GameState, p: int, dump: bool) -> bool:
    """``p`` throws: whether it is the Set Piece pass (then accurate without
    a test)."""
    if not set_piece_throw(g, p, dump):
        return False
    set_piece_event(g, p, "accurate_without_a_roll")
    return True


def register(h: Hooks) -> None:
    h.pregame += (pregame,)
    h.before_setup += (first_drive,)
    h.team_turn_starts += (grudge_offer,)
    h.player_declared += (declaring,)
    h.turnover_suffered += (turnover,)
    h.drive_ends += (after_drive,)
    h.moved_into += (StepAsk(banana, banana_answer),)
    h.sure_pass += (SurePass(thrown_set_piece, caught_set_piece),)
