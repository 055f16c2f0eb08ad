"""The 15 Challenges: whether the Action just made meets a card's condition
(cards.md "Challenge Cards"; the wording in ``cards.json`` is Dugout's).

Each predicate reads the :class:`~engine.blitz.state.ActionRecord` of the
Action just made and the state after it. A Prone Player's state cannot
satisfy a Challenge (rulebook "Prone Players"), so the conditions on where
the acting Player stands require them to be standing on the pitch.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations

from engine.blitz.state import ActionRecord, BlitzState

Predicate = Callable[[BlitzState, ActionRecord], bool]

# "A Throw Team-mate Action is considered a Throw Action (e.g., for the
# purpose of claiming Challenge Cards)" (rulebook "Throw Team-mate Action").
# Decision: it is successful when its Throw Check is ("To see if the Throw
# Action is successful, the throwing Player makes a Throw Check"), also onto
# an occupied square (that bullet's "if the Throw Check was successful"),
# and it is never a Hand-off (it always makes a Throw Check).
THROW_ACTIONS = ("throw", "throw_team_mate")


def _up(g: BlitzState, i: int) -> bool:
    return g.standing(i)


def break_some_bones(g: BlitzState, r: ActionRecord) -> bool:
    return r.action in ("block", "foul") and r.target_injured


def free_up_the_ball(g: BlitzState, r: ActionRecord) -> bool:
    them = 1 - g.team[r.player]
    now = g.holders_by_team()
    return any(t == them and now.get(b) != them for b, t in r.held_before.items())


def get_moving(g: BlitzState, r: ActionRecord) -> bool:
    return r.action == "run" and g.run_actions >= 3


def get_the_ball(g: BlitzState, r: ActionRecord) -> bool:
    return any(b not in g.held_at_turn_start for b in r.took)


def get_together(g: BlitzState, r: ActionRecord) -> bool:
    """Standing team-mates only (Decision at ``team_mates_adjacent``)."""
    i = r.player
    return (
        r.action in ("run", "mark", "sidestep")
        and _up(g, i)
        and g.team_mates_adjacent(i) >= 2
    )


def make_a_risky_throw(g: BlitzState, r: ActionRecord) -> bool:
    return r.action in THROW_ACTIONS and r.throw_success and r.throw_negative


def move_the_ball(g: BlitzState, r: ActionRecord) -> bool:
    if r.action != "run" and r.action not in THROW_ACTIONS:
        return False
    t = g.team[r.player]
    board = g.board
    for b, start in r.ball_advance.items():
        h = g.ball_holder[b]
        if h < 0 or g.team[h] != t or g.ball_pos[b] < 0:
            continue
        if board.advance(t, g.ball_pos[b]) - board.advance(t, start) >= 4:
            return True
    return False


def play_as_a_team(g: BlitzState, r: ActionRecord) -> bool:
    """Three different Actions by three different Players this turn (free
    Actions count: only Show Them How It's Done! leaves them out)."""
    pairs = {(x.player, x.action) for x in g.turn_records}
    players = sorted({p for p, _ in pairs})
    if len(players) < 3:
        return False
    for trio in permutations(players, 3):
        done = [{a for p, a in pairs if p == q} for q in trio]
        for a in done[0]:
            for b in done[1] - {a}:
                if done[2] - {a, b}:
                    return True
    return False


def show_no_fear(g: BlitzState, r: ActionRecord) -> bool:
    i = r.player
    them = 1 - g.team[i]
    return (
        _up(g, i)
        and g.board.trapdoor[g.pos[i]]
        and them in g.holders_by_team().values()
    )


def show_them_how_its_done(g: BlitzState, r: ActionRecord) -> bool:
    """cards.md: "a Player from your team made an Action, and that Player
    has made three or more different Player Actions (not free Actions)":
    free Actions do not count towards the three, but the Action just made
    may be one (free Actions come with their own Claim step)."""
    return len(g.player_actions[r.player]) >= 3


def show_us_a_completion(g: BlitzState, r: ActionRecord) -> bool:
    return r.action in THROW_ACTIONS and r.throw_success and not r.hand_off


def showboat_for_the_crowd(g: BlitzState, r: ActionRecord) -> bool:
    return r.touchdown


def spread_out(g: BlitzState, r: ActionRecord) -> bool:
    if r.action not in ("run", "sidestep") or not _up(g, r.player):
        return False
    # Decision: only standing Players of the team are looked at; a Prone
    # one is not an active participant (rulebook "Player Status"), so two
    # Players lying next to each other, or one lying next to a standing
    # team-mate, do not spoil the card.
    t = g.team[r.player]
    return all(
        g.team_mates_adjacent(j) == 0
        for j in range(g.n)
        if g.team[j] == t and g.standing(j)
    )


def take_them_down(g: BlitzState, r: ActionRecord) -> bool:
    return r.action == "block" and r.target_down


def tie_them_up(g: BlitzState, r: ActionRecord) -> bool:
    i = r.player
    if r.action != "mark" or not _up(g, i):
        return False
    t = g.team[i]
    alone = 0
    for j in g.markers(i):
        if all(k == i or g.team[k] != t for k in g.markers(j)):
            alone += 1
    return alone >= 2


PREDICATES: dict[str, Predicate] = {
    "break_some_bones": break_some_bones,
    "free_up_the_ball": free_up_the_ball,
    "get_moving": get_moving,
    "get_the_ball": get_the_ball,
    "get_together": get_together,
    "make_a_risky_throw": make_a_risky_throw,
    "move_the_ball": move_the_ball,
    "play_as_a_team": play_as_a_team,
    "show_no_fear": show_no_fear,
    "show_them_how_its_done": show_them_how_its_done,
    "show_us_a_completion": show_us_a_completion,
    "showboat_for_the_crowd": showboat_for_the_crowd,
    "spread_out": spread_out,
    "take_them_down": take_them_down,
    "tie_them_up": tie_them_up,
}
