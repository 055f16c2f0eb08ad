"""Blitz Bowl captions in plain words: one sentence for each event of
:mod:`engine.blitz.events`, naming Players and cards, never ids, squares or
codes ("Grak the Orc Blitzer blocks Harald with 2 Block Dice: Smash, Miss;
chooses Smash").

Decision: the captions live in the engine (standard library only), beside
:mod:`engine.blitz.replay`, because the replay data they belong to is built
there and the engine may not import a Django app; the match page and its log
read them from the replay data.

Adding a caption for a new event type is one line in :data:`CAPTIONS`: a
function of the :class:`Namer` and the event's ``to_dict()``. An event type
missing from the table gets :func:`fallback` (its type in words), never an
error.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from engine.blitz.data import cards

# Block Dice faces and the Foul results, as the rulebook names them
# ("Block Dice Results", "Foul Action").
FACES = {
    "smash": "Smash",
    "kerrunch": "Kerrunch!",
    "shove": "Shove",
    "tackle": "Tackle",
    "miss": "Miss",
}
FOUL_RESULTS = {
    "spotted": "Spotted!",
    "take_that": "Take That!",
    "slipped": "Slipped!",
    "got_them": "Got Them!",
}
ACTIONS = {
    "run": "Run",
    "mark": "Mark",
    "sidestep": "Sidestep",
    "stand_up": "Stand Up",
    "reserves": "Reserves",
    "block": "Block",
    "throw": "Throw",
    "foul": "Foul",
    "throw_team_mate": "Throw Team-mate",
}
# Why a Player went to the Dugout (engine.blitz.events.Injured ``cause``).
INJURIES = {
    "armour": "is Injured (the Armour Check failed) and goes to the Dugout",
    "violent": "is Injured by the Violent hit and goes to the Dugout",
    "foul": "is Injured by the Foul and goes to the Dugout",
    "spotted": "is spotted by the referee and sent to the Dugout",
    "throw_team_mate": "is Injured in the Throw Team-mate and goes to the Dugout",
    "new_ball": "stands on the Trapdoor as the new ball comes up: Injured, "
    "to the Dugout",
    "bloodlust": "gives in to Bloodlust: Injured, to the Dugout",
    "minion": "takes the Bloodlust Injury as a Minion and goes to the Dugout",
    "sewer_pipe": "is on the Trapdoor a team-mate comes up through: Injured, to "
    "the Dugout",
    "trapdoor_monster": "is grabbed by the Trapdoor Monster: Injured, to the Dugout",
    "pitch_invasion": "is flattened by the pitch invasion: Injured, to the Dugout",
}
# Dice checks (engine.core.events.Roll ``purpose``) as a coach names them.
CHECKS = {
    "armour": "Armour Check",
    "throw": "Throw Check",
    "throw_team_mate": "Throw Check for the Throw Team-mate",
    "violent": "Violent roll",
    "move": "Move roll",
    "pitch_invasion": "Pitch Invasion Block Die",
    "squig_ball": "Squig Ball bite roll",
}
# Why a Player became Prone without an Armour Check (events.MadeProne).
PRONE_CAUSES = {
    "banana_skins": "slips on a banana skin",
    "trapdoor_monster": "is knocked off their feet by the Trapdoor Monster",
}


class Namer(Protocol):
    """What a caption may ask about the game: names for Players, teams,
    cards and places, all in words."""

    def p(self, pid: Any) -> str:
        """A Player by name ("Grak", or "Orc Blitzer 3" when unnamed)."""
        ...

    def intro(self, pid: Any) -> str:
        """A Player with their position ("Grak the Orc Blitzer")."""
        ...

    def t(self, team: Any) -> str:
        """A team's name ("home"/"away" given)."""
        ...

    def where(self, sq: Any, trapdoor: bool = True) -> str:
        """A part of the board in words ("in the Reavers half"; "on a
        Trapdoor" unless ``trapdoor`` is False)."""
        ...

    def way(self, pid: Any, frm: Any, to: Any) -> str:
        """A step's direction for a Player's team ("forward")."""
        ...

    def at(self, sq: Any) -> str:
        """The Player on a square now, by name, or ""."""
        ...

    def challenge(self, card: Any) -> str:
        """A Challenge Card's name ("Get Moving!")."""
        ...

    def bonus(self, card: Any) -> str:
        """The Bonus Play on a card's back ("Sprint")."""
        ...

    def side(self, slug: Any) -> str:
        """A board side's name ("One Trapdoor")."""
        ...


Caption = Callable[[Namer, Mapping[str, Any]], str]


def words(value: Any) -> str:
    """A code in words: "stand_up" -> "stand up"."""
    return str(value).replace("_", " ")


def action_name(code: Any) -> str:
    return ACTIONS.get(str(code), words(code).title())


def points(n: Any) -> str:
    return "1 point" if n == 1 else f"{n} points"


def faces(codes: Any) -> str:
    return ", ".join(FACES.get(str(f), words(f).capitalize()) for f in codes)


def _placed(n: Namer, e: Mapping[str, Any]) -> str:
    if e["reason"] == "setup":
        return f"{n.intro(e['player'])} is set up {n.where(e['square'])}"
    if e["reason"] == "reserves":
        return f"{n.p(e['player'])} comes back from the Dugout, {n.where(e['square'])}"
    return f"{n.p(e['player'])} is placed {n.where(e['square'])}"


def _action(n: Namer, e: Mapping[str, Any]) -> str:
    kind = "a free " if e["free"] else "a "
    return f"{n.intro(e['player'])} takes {kind}{action_name(e['action'])} Action"


def _moved(n: Namer, e: Mapping[str, Any]) -> str:
    way = n.way(e["player"], e["from_sq"], e["to_sq"])
    return f"{n.p(e['player'])} moves {way}, {n.where(e['to_sq'])}"


def _pushed(n: Namer, e: Mapping[str, Any]) -> str:
    way = n.way(e["player"], e["from_sq"], e["to_sq"])
    return f"{n.p(e['player'])} is shoved {way}, {n.where(e['to_sq'])}"


def _ball(n: Namer, e: Mapping[str, Any]) -> str:
    how, to = e["how"], e["to_sq"]
    who = n.at(to)
    onto = f" to {who}" if who else ""
    match how:
        case "kick_off":
            return f"The game ball comes up through a Trapdoor {n.where(to, False)}"
        case "new_ball":
            return (
                f"No ball in play: a new ball comes up through a Trapdoor {n.where(to)}"
            )
        case "bounce":
            die = (
                f" (D8: {e['d8']})" if e.get("d8") else " (its coach picks the square)"
            )
            lands = f"onto {who}'s square" if who else n.where(to)
            return f"The ball bounces{die}, {lands}"
        case "throw":
            return f"The ball flies{onto}, {n.where(to)}"
        case "hand_off":
            return f"The ball is handed off{onto}"
        case "fumble":
            return "The throw is fumbled: the ball drops"
        case "removed":
            return "The ball goes out of play"
        case "touchdown":
            return "The ball leaves play with the touchdown"
    return f"The ball moves ({words(how)}), {n.where(to)}"


def _block(n: Namer, e: Mapping[str, Any]) -> str:
    who, target, chosen = n.p(e["player"]), n.p(e["target"]), str(e["chosen"])
    rolled = faces(e["faces"])
    if chosen in FOUL_RESULTS:
        return f"{who} fouls {target}: the Block Die shows {rolled}, {FOUL_RESULTS[chosen]}"
    count = len(e["faces"])
    dice = f"{count} Block Die" if count == 1 else f"{count} Block Dice"
    help_ = " (with an assist)" if e.get("assisted") else ""
    head = f"{who} blocks {target} with {dice}{help_}: {rolled}"
    if chosen == "violent":
        return f"{head}; the Violent roll decides instead"
    if not chosen:
        them = "it" if count == 1 else "them"
        return f"{head}, and rolls {them} again (Offensive Specialist)"
    return f"{head}; chooses {FACES.get(chosen, words(chosen).capitalize())}"


def _roll(n: Namer, e: Mapping[str, Any]) -> str:
    purpose = str(e["purpose"])
    who = n.p(e["player"])
    dice = ", ".join(str(d) for d in e["dice"])
    again = " (re-rolled)" if e.get("rerolled") else ""
    if purpose == "move":
        return f"{who} rolls a D6 for Move: {dice} squares"
    check = CHECKS.get(purpose, words(purpose).capitalize() + " roll")
    mod = e.get("modifier") or 0
    modifier = f", modifier {mod:+d}" if mod else ""
    need = f" needing {e['target']}+" if e.get("target") else ""
    ok = bool(e.get("success"))
    if purpose == "armour":
        verdict = "the armour holds" if ok else "the armour gives"
    elif purpose == "violent":
        verdict = "Violent! the target is Injured" if ok else "no effect"
    elif purpose in ("throw", "throw_team_mate"):
        verdict = "an accurate throw" if ok else "the throw is off"
    else:
        verdict = "success" if ok else "failed"
    return f"{who}'s {check}{again}: rolled {dice}{need}{modifier}: {verdict}"


def _injured(n: Namer, e: Mapping[str, Any]) -> str:
    cause = str(e["cause"])
    what = INJURIES.get(cause, f"is Injured ({words(cause)}) and goes to the Dugout")
    return f"{n.p(e['player'])} {what}"


def _touchdown(n: Namer, e: Mapping[str, Any]) -> str:
    return (
        f"TOUCHDOWN! {n.p(e['player'])} scores {points(e['points'])} for "
        f"{n.t(e['team'])} and heads to the Dugout"
    )


def _claimed(n: Namer, e: Mapping[str, Any]) -> str:
    return (
        f"{n.t(e['team'])} claim {n.challenge(e['card'])} thanks to "
        f"{n.p(e['player'])}: {points(e['points'])}, and the Bonus Play "
        f"{n.bonus(e['card'])} goes into their hand"
    )


def _end(n: Namer, e: Mapping[str, Any]) -> str:
    score = f"{e['home_points']}–{e['away_points']}"
    if e["how"] == "sudden_death":
        return (
            f"Sudden Death: {n.t(e['winner'])} lead by ten points or more at the "
            f"start of their turn and win, {score}"
        )
    if not e["winner"]:
        return f"The last card is out and the turns are played: a draw, {score}"
    return (
        f"The last card is out and the turns are played: {n.t(e['winner'])} "
        f"win on points, {score}"
    )


def _random_event(n: Namer, e: Mapping[str, Any]) -> str:
    ev = cards().random_events.get(str(e["kind"]))
    if ev is None:
        return f"{n.t(e['team'])} draw a Random Event: {words(e['kind'])}"
    return f"{n.t(e['team'])} draw the Random Event {ev.name}: {ev.text}"


def _arena(n: Namer, e: Mapping[str, Any]) -> str:
    arena = cards().arenas[int(e["arena"]) - 1]
    how = f"the D8 shows {e['d8']}" if e["d8"] else "as the coaches agreed"
    return f"The game is played at the {arena.name} ({how}): {arena.text}"


def _ball_chosen(n: Namer, e: Mapping[str, Any]) -> str:
    ball = cards().balls.get(str(e["kind"]))
    if ball is None:
        return f"{n.t(e['team'])} choose a standard ball for the next ball in play"
    return f"{n.t(e['team'])} choose the {ball.name} for the next ball in play: {ball.text}"


def _made_prone(n: Namer, e: Mapping[str, Any]) -> str:
    cause = str(e["cause"])
    why = PRONE_CAUSES.get(cause, f"goes down ({words(cause)})")
    return f"{n.p(e['player'])} {why} and lies Prone (no Armour Check)"


# What Rookies to Watch re-rolls (engine.blitz.events.RookiesReroll ``what``).
REROLLED = {
    "armour": "the Armour Check",
    "throw": "the Throw Check",
    "block": "the Block Dice",
}


def _rookies(n: Namer, e: Mapping[str, Any]) -> str:
    what = REROLLED.get(str(e["what"]), words(e["what"]))
    return f"{n.t(e['team'])} discard Rookies to Watch to re-roll {what}"


def _bonus_played(n: Namer, e: Mapping[str, Any]) -> str:
    bonus = cards().bonus_plays.get(str(e["bonus"]))
    who = f" for {n.p(e['player'])}" if e["player"] else ""
    text = f". {bonus.text}" if bonus is not None else ""
    return f"{n.t(e['team'])} play the Bonus Play {n.bonus(e['card'])}{who}{text}"


def _hand_discarded(n: Namer, e: Mapping[str, Any]) -> str:
    return (
        f"{n.t(e['team'])} end their turn with more than three Bonus Plays and "
        f"discard {n.bonus(e['card'])}"
    )


CAPTIONS: dict[str, Caption] = {
    "blitz_start": lambda n, e: (
        f"{n.t('home')} v {n.t('away')} on the {n.side(e['side'])} side of the "
        f"board; {n.t(e['first'])} set up first and take the first turn"
    ),
    "placed": _placed,
    "turn_start": lambda n, e: f"{n.t(e['team'])} turn {e['number']} begins",
    "action": _action,
    "moved": _moved,
    "ball_moved": _ball,
    "possession": lambda n, e: f"{n.p(e['player'])} takes possession of the ball",
    "block_dice": _block,
    "pushed": _pushed,
    "knocked_down": lambda n, e: f"{n.p(e['player'])} is Knocked Down and lies Prone",
    "injured": _injured,
    "stood_up": lambda n, e: f"{n.p(e['player'])} stands up",
    "touchdown": _touchdown,
    "card_dealt": lambda n, e: (
        f"{n.challenge(e['card'])} is dealt into Active space {e['slot']}"
    ),
    "card_discarded": lambda n, e: (
        f"{n.t(e['team'])} discard {n.challenge(e['card'])} from Active space "
        f"{e['slot']} and deal a new card"
    ),
    "card_claimed": _claimed,
    "clean_sweep": lambda n, e: (
        f"Clean Sweep! {n.t(e['team'])} claimed all three Challenge Cards this "
        f"turn: {points(e['points'])} more"
    ),
    "game_end": _end,
    "roll": _roll,
    "random_event": _random_event,
    "arena": _arena,
    "ball_chosen": _ball_chosen,
    "made_prone": _made_prone,
    "rookies_reroll": _rookies,
    "bonus_played": _bonus_played,
    "hand_discarded": _hand_discarded,
    "dump_off": lambda n, e: (
        f"{n.p(e['player'])} dumps off the ball before {n.p(e['blocker'])}'s Block"
    ),
}


def fallback(kind: str) -> str:
    """The caption of an event type this table does not know yet."""
    return f"{words(kind).capitalize()} (no description yet)"


def caption(n: Namer, e: Mapping[str, Any]) -> str:
    """The sentence for one event; an unknown type, or one whose fields are
    not as expected, still gets a line in words."""
    kind = str(e.get("type", ""))
    fn = CAPTIONS.get(kind)
    if fn is None:
        return fallback(kind)
    try:
        return fn(n, e)
    except (KeyError, TypeError, ValueError, IndexError):
        return f"{words(kind).capitalize()} (the details could not be read)"
