"""What one coach of a Blitz Bowl game may see while it runs: a redacting
projection of the state and of the pending decision's options.

A coach's hand of Bonus Plays is his alone ("a coach's hand", rulebook
"Bonus Plays"), and the Challenge deck is face down: the projection for
``viewer`` ("home", "away", or None for a spectator) holds the cards of
the viewer's own hand and, of the other hand and of the deck, only how
many cards they hold. Every card a projection names is named by its token
``card-<number>`` (:func:`card_token`), so a page or a test can tell which
cards it was shown.

Decision: the pending decision is shown whole (its kind, the Player
concerned, its options and their labels) only to the coach who decides;
everyone else sees only whose decision it is. A decision's kind or details
can tell what a card in hand is (a Bonus Play window names its card), so
they are the decider's alone.
"""

from __future__ import annotations

from typing import Any

from engine.blitz.data import cards
from engine.blitz.random_events import is_event
from engine.blitz.state import TEAM_NAMES, BlitzState
from engine.core.state import Decision

# Options whose numbers are squares of the board.
SQUARE_VERBS = frozenset({"move", "place", "bounce_to"})
# Options whose first number is a Player's id.
PLAYER_VERBS = frozenset(
    {"act", "free", "target", "player", "reserve", "dump_off", "bonus"}
)


def card_token(number: int) -> str:
    """How a projection names card ``number`` (one token, never a bare
    number)."""
    return f"card-{number}"


def _card_names(number: int) -> tuple[str, str]:
    """(Challenge name, Bonus Play name) of a Challenge card; a Random Event
    card has only its event's name."""
    if is_event(number):
        return "Random Event", "Random Event"
    c = cards().deck[number - 1]
    return c.challenge.name, c.bonus_play.name


def _player_label(g: BlitzState, pid: int) -> str:
    i = g.idx.get(pid)
    if i is None:
        return str(pid)
    return f"#{pid % 100} {g.names[i]}"


def _active_card(g: BlitzState, slot: int) -> dict[str, Any] | None:
    number = g.active_cards[slot]
    if not number:
        return None
    c = cards().deck[number - 1]
    return {
        "slot": slot + 1,
        "card": card_token(number),
        "challenge": c.challenge.name,
        "points": c.challenge.points,
        "text": c.challenge.text,
    }


def _hand_card(number: int) -> dict[str, Any]:
    c = cards().deck[number - 1]
    return {
        "card": card_token(number),
        "bonus_play": c.bonus_play.name,
        "text": c.bonus_play.text,
    }


def _card_option(g: BlitzState, d: Decision, option: tuple[Any, ...]) -> str | None:
    """The card an option names (its token), or None. A hand's card in a
    Bonus Play or a hand-limit discard; a slot of the Active spaces in a
    claim or a refresh's discard."""
    verb = option[0]
    if verb == "bonus" and len(option) > 1:
        return card_token(int(option[1]))
    if verb == "discard" and d.kind == "hand_discard":
        return card_token(int(option[1]))
    if verb in ("claim", "discard") and len(option) > 1:
        number = g.active_cards[int(option[1]) - 1]
        return card_token(number) if number else None
    return None


def option_view(
    g: BlitzState, d: Decision, index: int, option: tuple[Any, ...]
) -> dict[str, Any]:
    """One option as a button: its index, a label, the square it marks (or
    None), the Player it names (or None) and the card it names (or None)."""
    verb = str(option[0])
    rest = list(option[1:])
    card = _card_option(g, d, option)
    words = [verb.replace("_", " ")]
    square = None
    player = None
    if card is not None:
        number = int(card.split("-")[1])
        challenge, bonus_play = _card_names(number)
        words = [
            "play" if verb == "bonus" else verb,
            bonus_play if verb in ("bonus",) or d.kind == "hand_discard" else challenge,
        ]
        rest = rest[1:]
    ints = [v for v in rest if isinstance(v, int) and not isinstance(v, bool)]
    if verb in SQUARE_VERBS and ints:
        square = ints[-1]
        x, y = g.board.xs[square] + 1, g.board.ys[square] + 1
        words.append(f"to ({x}, {y})")
    elif verb in PLAYER_VERBS and ints and ints[0] in g.idx:
        player = ints[0]
        words.append(_player_label(g, player))
        pos = g.pos[g.idx[player]]
        square = pos if pos >= 0 else None
    for v in rest:
        if isinstance(v, str):
            words.append(v.replace("_", " "))
        elif isinstance(v, bool):
            words.append("yes" if v else "no")
    return {
        "i": index,
        "label": " ".join(words),
        "square": square,
        "player": player,
        "card": card,
    }


def pending_view(g: BlitzState, viewer: str | None) -> dict[str, Any] | None:
    """The pending decision for ``viewer``: whole to its decider, only whose
    it is to anyone else."""
    d = g.pending
    if d is None:
        return None
    if d.team != viewer:
        return {"team": d.team, "kind": "", "player": None, "info": [], "options": []}
    return {
        "team": d.team,
        "kind": d.kind,
        "player": _player_label(g, d.player) if d.player is not None else None,
        "info": [str(v) for v in d.info],
        "options": [option_view(g, d, i, o) for i, o in enumerate(d.options)],
    }


def blitz_view(g: BlitzState, viewer: str | None) -> dict[str, Any]:
    """The game as ``viewer`` ("home", "away" or None) may see it."""
    board = g.board
    players = [
        {
            "id": g.pid[i],
            "side": TEAM_NAMES[g.team[i]],
            "label": _player_label(g, g.pid[i]),
            "number": g.pid[i] % 100,
            "square": g.pos[i] if g.pos[i] >= 0 else None,
            "status": "prone" if g.prone[i] else "standing",
        }
        for i in range(g.n)
    ]
    hands = {
        side: {
            "count": len(g.hands[t]),
            "cards": [_hand_card(c) for c in g.hands[t]] if side == viewer else [],
        }
        for t, side in enumerate(TEAM_NAMES)
    }
    return {
        "width": board.length,
        "height": board.width,
        "blocked": [sq for sq in range(board.size) if board.blocked[sq]],
        "trapdoors": list(board.trapdoor_squares),
        "end_zones": [list(board.end_zone[0]), list(board.end_zone[1])],
        "players": players,
        "balls": [
            sq for b, sq in enumerate(g.ball_pos) if sq >= 0 and g.ball_holder[b] < 0
        ],
        "carriers": [g.pid[h] for h in g.ball_holder if h >= 0],
        "score": [g.score[0], g.score[1]],
        "turn": [g.turns[0], g.turns[1]],
        "active_team": TEAM_NAMES[g.active],
        "actions_used": g.actions_used,
        "challenges": [_active_card(g, s) for s in range(len(g.active_cards))],
        "deck": len(g.deck),
        "hands": hands,
        "pending": pending_view(g, viewer),
    }
