"""A Blitz Bowl game: set-up, turns of three Actions, the Challenge deck,
and the end by Sudden Death or Points (rulebook "Setting up the game",
"Playing the Game", "Winning the Game").

``BlitzGame(home, away, dice)`` runs every dice-only step and stops at each
:class:`~engine.core.state.Decision`: read ``game.pending``, then
``game.apply(choice)`` with one of its options, as for
:class:`engine.match.Match`. The engine never calls a bot.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from engine.blitz import abilities as ab
from engine.blitz import actions as act
from engine.blitz import advanced as adv
from engine.blitz import arenas, balls, bonus, bonus_rolls, free, interrupts, throw
from engine.blitz import effects as fx
from engine.blitz import random_events as rev
from engine.blitz.ball import new_ball, pick, set_kind
from engine.blitz.board import board
from engine.blitz.challenges import PREDICATES
from engine.blitz.data import cards
from engine.blitz.events import (
    ActionTaken,
    BallMoved,
    BlitzStart,
    CardClaimed,
    CardDiscarded,
    CleanSweep,
    GameEnd,
    Placed,
    Roll,
    Touchdown,
    TurnStart,
)
from engine.blitz.random_events import deal  # draws the Random Events too
from engine.blitz.state import (
    ACTIVE_SLOTS,
    CLEAN_SWEEP_POINTS,
    MARK_SQUARES,
    TEAM_NAMES,
    TOUCHDOWN_POINTS,
    ActionRecord,
    BlitzState,
    BlitzTeamSheet,
    Links,
)
from engine.core.dice import Dice, RandomDice
from engine.core.errors import IllegalChoice, RuleError
from engine.core.state import Decision

# Decision: a game cannot run for ever. 23 cards are left after the first
# three are dealt and each turn's Refresh from the third turn on deals one or
# more, so the last is dealt by the 25th turn and a game lasts at most 26;
# this cap only guards against a bug, and ends the game on points.
MAX_TURNS = 200


class SetupTeam(act.BProc):
    """A coach sets up every Player in their own End Zone, one to a square."""

    def __init__(self, t: int) -> None:
        self.t = t

    def step(self, g: BlitzState) -> Decision | None:
        left = [i for i in range(g.n) if g.team[i] == self.t and g.pos[i] < 0]
        if not left:
            g.stack.pop()
            return None
        i = left[0]
        opts = tuple(("place", sq) for sq in g.board.end_zone[self.t] if g.occ[sq] < 0)
        return Decision(TEAM_NAMES[self.t], "setup", opts, g.pid[i])

    def receive(self, g: BlitzState, choice: tuple[Any, ...]) -> None:
        i = next(i for i in range(g.n) if g.team[i] == self.t and g.pos[i] < 0)
        g.place(i, choice[1])
        g.events.append(Placed(g.pid[i], choice[1], "setup"))


def _card(number: int) -> Any:
    return cards().deck[number - 1]


def _score(g: BlitzState, t: int, points: int) -> None:
    g.score[t] += points


def legal_actions(g: BlitzState, t: int) -> list[tuple[Any, ...]]:
    """The ("act", player id, action) options of team ``t`` now."""
    out: list[tuple[Any, ...]] = []
    for i in range(g.n):
        if g.team[i] != t or g.no_more_actions[i]:
            continue
        done = g.done_actions[i]
        if g.pos[i] < 0:
            if "reserves" not in done and act.reserve_squares(g, i):
                out.append(("act", g.pid[i], "reserves"))
            continue
        if g.prone[i]:
            if "stand_up" not in done:
                out.append(("act", g.pid[i], "stand_up"))
            continue
        if g.marked(i):
            if "block" not in done:
                out.append(("act", g.pid[i], "block"))
            if "sidestep" not in done and act.sidestep_squares(g, i):
                out.append(("act", g.pid[i], "sidestep"))
                if "wardance" in g.abilities[i]:
                    out.append(("free", g.pid[i], "sidestep"))
            if (
                "run" not in done
                and ab.may_run_while_marked(g, i)
                and act.can_run(g, i)
            ):
                out.append(("act", g.pid[i], "run"))
            continue
        if "run" not in done and act.can_run(g, i):
            out.append(("act", g.pid[i], "run"))
        if (
            "block" not in done
            and "bomber" in g.abilities[i]
            and act.block_targets(g, i)
        ):
            out.append(("act", g.pid[i], "block"))
        if "mark" not in done and act.can_mark(g, i):
            out.append(("act", g.pid[i], "mark"))
        if (
            "throw" not in done
            and g.ball_of(i) >= 0
            and g.throw[i] is not None
            and not ab.cannot_throw(g, i)
            and throw.throw_targets(g, i)
        ):
            out.append(("act", g.pid[i], "throw"))
        if not g.advanced:
            continue
        if "foul" not in done and adv.foul_targets(g, i):
            out.append(("act", g.pid[i], "foul"))
        if "throw_team_mate" not in done and adv.can_throw_team_mate(g, i):
            out.append(("act", g.pid[i], "throw_team_mate"))
    return out


class PlayerAction(act.BProc):
    """One Action: declare it, run its procedure, then the Touchdown check
    and the Claim Challenge Card step."""

    def __init__(self, i: int, action: str, free: bool, limit: int = 0) -> None:
        self.i = i
        self.action = action
        self.free = free
        self.limit = limit  # a free Run's squares, or a free Throw's range
        self.phase = 0

    def step(self, g: BlitzState) -> Decision | None:
        i = self.i
        if self.phase == 0:
            self.phase = 1
            rec = ActionRecord(i, self.action, self.free, g.pos[i])
            rec.held_before = g.holders_by_team()
            rec.ball_advance = {b: p for b, p in enumerate(g.ball_pos) if p >= 0}
            g.current_record = rec
            g.events.append(ActionTaken(g.pid[i], self.action, self.free))
            g.done_actions[i].add(self.action)
            if not self.free:
                g.player_actions[i].add(self.action)
            if self.action == "run":
                g.run_actions += 1
            child = self._child(g)
            if child is not None:
                g.stack.append(child)
            return None
        cur = g.current_record
        assert cur is not None
        if self.phase == 1:  # an Interrupt of the Action itself (Shadowing)
            self.phase = 2
            g.turn_records.append(cur)
            interrupts.during_action(g, cur)
            return None
        if self.phase == 2:  # the Action is complete
            self.phase = 3
            touchdowns(g, cur)
            bonus.after_action(g, cur)
            return None
        # phase 3: the Claim step. Decision: "they may claim a Challenge
        # Card" is not asked when one card is met: it is claimed (a claim
        # only adds points and a Bonus Play); when several are, the coach
        # picks one, as the rulebook's example has them do.
        slots = claimable(g, cur)
        if len(slots) > 1:
            opts = tuple(("claim", s + 1) for s in slots)
            return Decision(TEAM_NAMES[g.active], "claim", opts, g.pid[i])
        if slots:
            claim(g, slots[0], i)
        self._done(g, cur)
        return None

    def receive(self, g: BlitzState, choice: tuple[Any, ...]) -> None:
        claim(g, choice[1] - 1, self.i)
        cur = g.current_record
        assert cur is not None
        self._done(g, cur)

    def _done(self, g: BlitzState, cur: ActionRecord) -> None:
        g.current_record = None
        g.stack.pop()
        bonus.action_done(g, cur)
        for offer in reversed(free.granted(g, cur) + arenas.granted(g, cur)):
            g.stack.append(offer)
        if free.bloodlust_due(g, cur):
            g.stack.append(free.Bloodlust(cur.player))

    def _child(self, g: BlitzState) -> act.BProc | None:
        i, a = self.i, self.action
        if a == "run":
            mv = g.move[i]
            if mv is None:
                mv = g.dice.d6()
                g.events.append(Roll("move", g.pid[i], (mv,), 0, 0, True, False))
            mv += fx.move_bonus(g, i)
            if self.limit:
                mv = min(mv, self.limit)
            return act.Move(i, "run", mv)
        if a == "mark":
            return act.Move(i, "mark", fx.mark_squares(g, i, MARK_SQUARES))
        if a == "sidestep":
            return act.Sidestep(i)
        if a == "reserves":
            return act.Reserves(i)
        if a == "block":
            return act.Block(i)
        if a == "throw":
            return throw.Throw(i, short_only=bool(self.limit))
        if a == "foul":
            return adv.Foul(i)
        if a == "throw_team_mate":
            return adv.ThrowTeamMate(i)
        if a == "stand_up":
            act.stand_up(g, i)
            return None
        raise RuleError(f"unknown Blitz Bowl action {a!r}")


def touchdowns(g: BlitzState, rec: ActionRecord) -> None:
    """The Touchdown check (rulebook "Scoring Touchdowns"): "To score a
    Touchdown, a Player from your team must fulfil the following three
    criteria at the end of any Action made during your turn": in the other
    team's End Zone, holding a ball, Open. The team scores 4 points; the
    ball leaves play and the Player goes to the Dugout.

    Only the active team's Players are checked. An opponent pushed into
    that End Zone keeps the ball he holds and stays there, scoring nothing.
    Decision: he scores at the end of the first Action his team makes in
    its own next turn, whichever Player makes it ("at the end of any Action
    made during your turn"), if he is then still there, Open, with the ball;
    that Action is the one "that resulted in your team scoring a Touchdown"
    (Showboat for the Crowd!)."""
    t = g.active
    for i in range(g.n):
        if g.team[i] != t or g.pos[i] < 0 or not g.open(i):
            continue
        if not g.board.in_end_zone(1 - t, g.pos[i]):
            continue
        b = g.ball_of(i)
        if b < 0:
            continue
        sq = g.pos[i]
        g.ball_pos[b] = -1
        g.ball_holder[b] = -1
        g.events.append(BallMoved(b, sq, -1, "touchdown", 0))
        g.to_dugout(i)
        # The scorer comes back as a new Player (rulebook "Reserves Action").
        g.done_actions[i] = set()
        g.player_actions[i] = set()
        points = TOUCHDOWN_POINTS + rev.bonus_points(g)
        _score(g, t, points)
        g.events.append(Touchdown(TEAM_NAMES[t], g.pid[i], points))
        rec.touchdown = True


def claimable(g: BlitzState, rec: ActionRecord) -> list[int]:
    """Active spaces whose Challenge the Action just made meets. Decision:
    in the first coach's first turn no card can be claimed; in the second
    coach's first turn they can (the rulebook's "Challenge Cards" section,
    the more specific text, over the sequence table's footnote).

    A Prone Player "cannot score Challenge Cards" (rulebook "Player
    Status"): nothing is claimed after an Action whose Player lies Prone at
    its Claim step (Diving Tackle's tackler, placed Prone after the Block).
    Decision: a Player who left the pitch during the Action (a Touchdown,
    an ejection) is not Prone, and their team may claim."""
    if g.turns[g.first_team] == 1 and g.active == g.first_team:
        return []
    if g.pos[rec.player] >= 0 and g.prone[rec.player]:
        return []
    out = []
    for slot, card in enumerate(g.active_cards):
        if card and PREDICATES[_card(card).challenge.slug](g, rec):
            out.append(slot)
    return out


def claim(g: BlitzState, slot: int, i: int) -> None:
    card = g.active_cards[slot]
    ch = _card(card).challenge
    g.active_cards[slot] = 0
    g.hands[g.active].append(card)
    points = ch.points + rev.bonus_points(g)
    _score(g, g.active, points)
    g.events.append(CardClaimed(TEAM_NAMES[g.active], g.pid[i], card, ch.slug, points))
    g.claimed_this_turn += 1
    if g.claimed_this_turn == ACTIVE_SLOTS:
        _score(g, g.active, CLEAN_SWEEP_POINTS)
        g.events.append(CleanSweep(TEAM_NAMES[g.active], CLEAN_SWEEP_POINTS))


class Turn(act.BProc):
    """One coach's turn: Sudden Death check, Pre-Turn Sequence, three
    Player Actions (each with its Claim step), then the hand limit."""

    def __init__(self, t: int) -> None:
        self.t = t
        self.phase = 0

    def step(self, g: BlitzState) -> Decision | None:
        t = self.t
        if self.phase == 0:
            if g.score[t] - g.score[1 - t] >= arenas.sudden_death_lead(g):
                end_game(g, "sudden_death")
                return None
            g.turns[t] += 1
            g.active = t
            g.actions_used = 0
            g.run_actions = 0
            g.claimed_this_turn = 0
            g.turn_records = []
            g.done_actions = [set() for _ in range(g.n)]
            g.player_actions = [set() for _ in range(g.n)]
            g.no_more_actions = [False] * g.n
            g.events.append(TurnStart(TEAM_NAMES[t], g.turns[t]))
            balls.squig_bites(g, t)
            g.held_at_turn_start = {
                b for b, tt in g.holders_by_team().items() if tt == t
            }
            # "In each coach's first turn, do not complete the Pre-Turn
            # Sequence - it is skipped". Decision: the moment after it,
            # before the first Player Action, still comes (Regenerate acts
            # there, as Defensive Play may be played there).
            self.phase = 1 if g.turns[t] > 1 else 5
            bonus.turn_start(g, t)
            return None
        if self.phase == 1:  # refresh the Challenge Cards
            self.phase = 2
            # Decision: with the deck empty the forced discard is not made:
            # it is a discard "and replace it with the top card of the
            # Challenge Card Deck", and no card is left to replace it.
            if all(g.active_cards) and g.deck:
                opts = tuple(("discard", s + 1) for s in range(ACTIVE_SLOTS))
                return Decision(TEAM_NAMES[t], "discard_challenge", opts)
            deal(g)
            return None
        if self.phase == 2:  # No Ball in Play, then Emergency Reserves
            if g.balls_in_play() == 0:
                if balls.choose_first(g, t):  # special balls: pick it first
                    return None
                new_ball(g)
            self.phase = 5
            # Decision: Emergency Reserves is offered, not forced (the
            # rulebook's "Emergency Reserves": "they may immediately make
            # one free Reserves Action", over the Glossary's "must"): the
            # coach may skip it.
            res = g.reserves(t)
            if res and len(res) >= g.emergency_reserves[t]:
                opts = tuple(
                    ("reserve", g.pid[i]) for i in res if act.reserve_squares(g, i)
                )
                if opts:
                    return Decision(
                        TEAM_NAMES[t], "emergency_reserves", (*opts, ("skip",))
                    )
            return None
        if self.phase == 5:  # after the Pre-Turn Sequence: Regenerate
            self.phase = 3
            for offer in reversed(free.regenerate(g, t)):
                g.stack.append(offer)
            return None
        if self.phase == 3:  # the Player Actions
            if g.actions_used >= g.actions_allowed:
                if not bonus.inspiration(g, t):
                    self.phase = 4
                return None
            opts = bonus.action_options(g, t, legal_actions(g, t))
            return Decision(TEAM_NAMES[t], "action", opts)
        # phase 4: end of turn
        if bonus.hand_limit(g, t):
            return None
        g.stack.pop()
        if not g.deck and not g.final_turns:
            last_card_dealt(g, t)
        return None

    def receive(self, g: BlitzState, choice: tuple[Any, ...]) -> None:
        t = self.t
        kind = choice[0]
        if kind == "discard":
            slot = choice[1] - 1
            card = g.active_cards[slot]
            g.active_cards[slot] = 0
            g.discards.append(card)
            g.events.append(CardDiscarded(TEAM_NAMES[t], slot + 1, card))
            deal(g)
        elif kind == "reserve":
            i = g.idx[choice[1]]
            g.stack.append(PlayerAction(i, "reserves", True))
        elif kind == "skip":
            pass
        elif kind == "end_turn":
            self.phase = 4
        elif kind == "free":  # Wardance: a free Sidestep among the Actions
            g.stack.append(PlayerAction(g.idx[choice[1]], choice[2], True))
        elif kind == "bonus":
            start = bonus.play_in_action(g, t, choice)
            if start is not None:
                i, action, is_free = start
                g.actions_used += 0 if is_free else 1
                g.stack.append(PlayerAction(i, action, is_free))
        else:
            g.bonus_bound = None
            _, pid, action = choice
            g.actions_used += 1
            g.stack.append(PlayerAction(g.idx[pid], action, False))


def last_card_dealt(g: BlitzState, t: int) -> None:
    """Points Victory: the last Challenge Card was dealt in coach ``t``'s
    turn, now over; only the other coach has a turn left. "Once the last
    Challenge Card has been dealt out and becomes active, each team has one
    more turn, after which the game ends" and the rulebook's example: "at
    the start of the Dwarf Coach's turn, they deal out the last Challenge
    Card ... The Dwarf Coach completes their final turn, before the Orc
    Coach takes their final turn. The game ends". Cards are dealt only in a
    turn's Refresh Challenge Cards step, so the dealer's one more turn is
    the turn that dealt the card."""
    g.final_turns = [0, 0]
    g.final_turns[1 - t] = 1


class GameFlow(act.BProc):
    """Set-up, then turns in alternation until the game ends."""

    def __init__(self) -> None:
        self.phase = 0
        self.next_team = 0

    def step(self, g: BlitzState) -> Decision | None:
        if self.phase == 0:
            self.phase = 1
            a = g.first_team
            g.stack.append(SetupTeam(1 - a))
            g.stack.append(SetupTeam(a))
            self.next_team = a
            return None
        if self.phase == 1:
            if balls.choose_first(g, 1 - g.first_team):  # set up second
                return None
            self.phase = 2
            traps = g.board.trapdoor_squares
            sq = traps[0] if len(traps) == 1 else traps[pick(g, len(traps))]
            g.ball_pos.append(sq)
            g.ball_holder.append(-1)
            set_kind(g, 0)
            g.events.append(BallMoved(0, -1, sq, "kick_off", 0))
            return None
        if sum(g.turns) >= MAX_TURNS:
            end_game(g, "points")
            return None
        t = self.next_team
        self.next_team = 1 - t
        if g.final_turns and g.final_turns[t] == 0:
            end_game(g, "points")
            return None
        if g.final_turns:
            g.final_turns[t] = 0
        g.stack.append(Turn(t))
        return None

    def receive(self, g: BlitzState, choice: tuple[Any, ...]) -> None:
        raise IllegalChoice("the game flow takes no choice")


def end_game(g: BlitzState, how: str) -> None:
    h, a = g.score
    g.winner = "home" if h > a else "away" if a > h else ""
    g.how = how
    g.done = True
    g.stack.clear()
    g.events.append(GameEnd(how, g.winner, h, a))


def _run(g: BlitzState) -> None:
    while g.stack and not g.done:
        d = g.stack[-1].step(g)
        if d is not None:
            g.pending = d
            return
    g.pending = None
    g.done = True


def _short_throw_targets(g: BlitzState, i: int) -> list[int]:
    return throw.throw_targets(g, i, short_only=True)


# The procedures the lower modules reach through the state (state.Links).
LINKS = Links(
    player_action=PlayerAction,
    free_offer=free.FreeOffer,
    interrupts_after_action=interrupts.after_action,
    playable=bonus.playable,
    play=bonus.play,
    block_die_options=bonus_rolls.block_die_options,
    block_target_windows=bonus_rolls.block_target_windows,
    play_on_block_die=bonus_rolls.play_on_block_die,
    armour_windows=bonus_rolls.armour_windows,
    throw_reroll=bonus_rolls.throw_reroll,
    short_throw_targets=_short_throw_targets,
    dump_off_offer=throw.DumpOffOffer,
)


class BlitzGame:
    """A Blitz Bowl game (public API). ``side`` is the board side the
    toss winner chose ("single" or "multiple"); ``deck_order`` lists the 26
    card numbers top first (else the deck is shuffled with the dice);
    ``advanced`` plays the advanced rules' Foul and Throw Team-mate Actions
    (Decision: on by default, as a league plays the whole game);
    ``random_events`` the Random Event cards (None: with ``advanced``; see
    random_events.py; a ``deck_order`` may list them as 101-112);
    ``arena`` None, "roll" or 1-8 (arenas.py); ``special_balls`` the
    Blitz Bowl Balls (balls.py); ``rookies_to_watch`` ("home" or "away")
    gives that coach the Rookies to Watch card (rulebook "Rookies to
    Watch"; :mod:`engine.blitz.rerolls`)."""

    def __init__(
        self,
        home: BlitzTeamSheet,
        away: BlitzTeamSheet,
        dice: Dice | None = None,
        *,
        seed: int | None = None,
        side: str = "single",
        deck_order: Sequence[int] | None = None,
        first: int | None = None,
        advanced: bool = True,
        random_events: bool | None = None,
        arena: int | str | None = None,
        special_balls: bool = False,
        rookies_to_watch: str | None = None,
    ) -> None:
        g = BlitzState(board(side), home, away, dice or RandomDice(seed))
        g.links = LINKS
        g.advanced = advanced
        g.random_events = advanced if random_events is None else random_events
        g.special_balls = special_balls
        if rookies_to_watch is not None:
            if rookies_to_watch not in TEAM_NAMES:
                raise RuleError("rookies_to_watch must be 'home', 'away' or None")
            g.rookies = TEAM_NAMES.index(rookies_to_watch)
        self.state = g
        if first is None:
            d = g.dice.d6()
            # Decision: the Team Coin is a D6, 1-3 home wins the toss; the
            # toss loser sets up first and plays first (Coach A).
            first = 1 if d <= 3 else 0
        g.first_team = first
        arenas.set_up(g, arena)
        numbers = [c.number for c in cards().deck]
        if deck_order is None:
            order = numbers[:]
            for k in range(len(order) - 1, 0, -1):
                j = pick(g, k + 1)
                order[k], order[j] = order[j], order[k]
        else:
            order = list(deck_order)
            rev.check_deck(order, numbers, g.random_events)
        g.deck = order
        g.events.insert(0, BlitzStart(home.name, away.name, side, TEAM_NAMES[first]))
        deal(g)
        if g.random_events and deck_order is None:
            rev.shuffle_in(g)
        g.stack.append(GameFlow())
        _run(g)

    @property
    def pending(self) -> Decision | None:
        return self.state.pending

    @property
    def done(self) -> bool:
        return self.state.done

    @property
    def events(self) -> list[Any]:
        return self.state.events

    @property
    def score(self) -> tuple[int, int]:
        return self.state.score[0], self.state.score[1]

    @property
    def decisions(self) -> list[object]:
        """Every choice applied so far, in order."""
        return self.state.decisions

    def clone(self) -> BlitzGame:
        """An independent copy. What never changes is shared: the board, and
        the events and choices made so far (immutable tuples)."""
        g = self.state
        memo: dict[int, Any] = {id(g.board): g.board}
        for item in (*g.events, *g.decisions):
            memo[id(item)] = item
        return copy.deepcopy(self, memo)

    def apply(self, choice: Sequence[Any]) -> None:
        g = self.state
        d = g.pending
        if d is None:
            raise IllegalChoice("no decision is pending")
        c = tuple(choice)
        if c not in d.options:
            raise IllegalChoice(f"{c!r} is not one of the options for {d.kind}")
        g.decisions.append(c)
        g.pending = None
        g.stack[-1].receive(g, c)
        _run(g)
