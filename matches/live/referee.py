"""The live match's contact with the engine: the bot's choice, and what a
live page draws.

What a live page draws: the engine's board and its pending decision as
plain JSON. The legal options are the engine's own, in its order; a page
sends back an option's index and never works out what is legal."""

from __future__ import annotations

from typing import Any

from engine.facade import (
    PITCH,
    PRONE,
    STUNNED,
    Decision,
    GameState,
    Option,
    UnimplementedSkill,
    get_variant,
    make_bot,
)
from engine.facade import Match as EngineMatch
from matches.engine_bridge import engine_match
from matches.live.annotate import annotate
from matches.live.labels import player_label as _player_label
from matches.live.labels import relabel, sheet_index

# Options whose last number is a square of the pitch (where to move, to
# push, to aim a kick or a pass).
SQUARE_VERBS = frozenset(
    {"move", "square", "leap", "jump", "snap", "hail_mary", "scatter", "push"}
)
# Options whose first number is a player's id (whom to act with or on).
PLAYER_VERBS = frozenset(
    {
        "activate",
        "block",
        "blitz",
        "nominate",
        "interfere",
        "stab",
        "vomit",
        "hand_off",
        "foul",
        "throw_tm",
        "chainsaw",
        "kick_tm",
        "gaze",
        "bite",
        "snap",
        "multiple_block",
        "chomp",
    }
)
STATUS = {PRONE: "prone", STUNNED: "stunned"}


def _square_label(g: GameState, sq: int) -> str:
    return f"({g.pitch.xs[sq] + 1}, {g.pitch.ys[sq] + 1})"


def option_view(g: GameState, index: int, option: Option) -> dict[str, Any]:
    """One option as a button: its index, a label, the square it marks on
    the board (or None) and the player it names (or None)."""
    verb = str(option[0]) if option else ""
    numbers = [v for v in option[1:] if isinstance(v, int) and not isinstance(v, bool)]
    square = numbers[-1] if verb in SQUARE_VERBS and numbers else None
    player = numbers[0] if verb in PLAYER_VERBS and numbers else None
    if player is not None and player == square:
        player = None
    words = [verb.replace("_", " ")]
    if player is not None and player in g.idx:
        words.append(_player_label(g, player))
        if square is None:
            pos = g.pos[g.idx[player]]
            square = pos if pos >= 0 else None
    elif player is not None:
        player = None
    if verb in SQUARE_VERBS and square is not None:
        words.append("to " + _square_label(g, square))
    words += [
        str(v).replace("_", " ")
        for v in option[1:]
        if not isinstance(v, int) or isinstance(v, bool)
    ]
    if verb == "end_zone" and numbers:
        # Dungeon Bowl's coin toss: which of the board's End Zones (0 or 1)
        # is the winner's, as End Zone 1 or 2 (the one drawn red, the home
        # team's until the toss says otherwise, is End Zone 1).
        words.append(str(numbers[0] + 1))
    return {"i": index, "label": " ".join(words), "square": square, "player": player}


def decision_view(g: GameState, d: Decision) -> dict[str, Any]:
    """The pending decision: its options as buttons, each with the numbers
    the board draws (:func:`matches.live.annotate.annotate`), and the
    routes of a moving player beyond one step."""
    options = [option_view(g, i, o) for i, o in enumerate(d.options)]
    routes = annotate(g, d, options)
    relabel(g, d, options)
    return {
        "team": d.team,
        "kind": d.kind,
        "player": _player_label(g, d.player) if d.player is not None else None,
        "info": [str(v) for v in d.info],
        "options": options,
        "routes": routes,
    }


def board_view(match: EngineMatch) -> dict[str, Any]:
    """The board now: the pitch's size, every player on it, the ball, the
    score and turn, and the pending decision (None when the match is over)."""
    g = match.state
    players = []
    for i in range(g.n):
        side = "home" if g.team[i] == 0 else "away"
        on_pitch = g.box[i] == PITCH and g.pos[i] >= 0
        players.append(
            {
                "id": g.pid[i],
                "side": side,
                "label": _player_label(g, g.pid[i]),
                "number": g.sheets[g.team[i]].players[sheet_index(g, i)].number,
                "square": g.pos[i] if on_pitch else None,
                "status": STATUS.get(g.status[i], "standing"),
            }
        )
    d = match.pending
    return {
        "kind": "pitch",
        **dungeon_view(g),
        "width": g.pitch.width,
        "height": g.pitch.height,
        "players": players,
        "ball": g.ball if g.ball >= 0 else None,
        "score": [g.score[0], g.score[1]],
        "half": g.half,
        "turn": [g.turn[0], g.turn[1]],
        "pending": decision_view(g, d) if d is not None else None,
    }


def dungeon_view(g: GameState) -> dict[str, Any]:
    """A dungeon's walls, rooms, Portals and closed Chests, and which of
    its End Zones is the home team's (nothing on a plain pitch)."""
    picture = g.pitch.picture()
    if picture is None:
        return {}
    return {
        "kind": "dungeon",
        "dungeon": picture,
        "home_zone": int(getattr(g.pitch, "home_zone", 0)),
    }


def bot_choice(match: EngineMatch, seed: int) -> Option:
    """The scripted bot's choice for the pending decision."""
    d = match.pending
    assert d is not None
    bot = make_bot("scripted", seed ^ len(match.decisions))
    return bot.choose(d, match.state)


def skill_problem(inputs: dict[str, Any]) -> str | None:
    """Why the engine refuses to play from ``inputs`` (a player's skill it
    does not implement), or None."""
    try:
        engine_match(**inputs)
    except UnimplementedSkill as exc:
        return str(exc)
    return None


def replay_events(inputs: dict[str, Any], decisions: list[Any]) -> list[dict[str, Any]]:
    """The events of the match played from ``inputs`` with ``decisions``."""
    m = engine_match(**inputs)
    for choice in decisions:
        m.apply(choice)
    return [e.to_dict() for e in m.events]


def live_format_problem(format_slug: str) -> str | None:
    """Why a format cannot be played live, or None: every format whose game
    is a match (on a pitch or in a dungeon) or a card game can."""
    variant = get_variant(format_slug)
    if variant.drafts_team_card or hasattr(variant, "match_pitch"):
        return None
    return f"{variant.name} cannot be played live."
