"""Captions of the play: actions, movement, blocks, rolls and re-rolls,
passing, the ball, fouls and touchdowns (engine.core.events)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from matches.captions.context import Caption, Describer, plus
from matches.captions.names import (
    ACTIONS,
    ARGUE,
    BALL_MOVES,
    BLOCK_RESULTS,
    CATCHES,
    MOVES,
    PASS_RANGES,
    PASS_RESULTS,
    REROLL_SOURCES,
    SENT_OFF,
    THROWS,
    TURNOVERS,
    article,
    is_skill,
    named,
    roll_name,
    skill_name,
    words,
)

Event = Mapping[str, Any]
# The block dice as the rulebook names their faces (engine dice 1..5).
FACE_NAMES = {
    1: "Player Down!",
    2: "Both Down",
    3: "Push Back",
    4: "Stumble",
    5: "POW!",
}
# Rolls whose "success" is the thing the roll risks: what each outcome means.
VERDICTS = {
    "wall_push": ("falls against the wall", "keeps his feet"),
    "bomb_blast": ("escapes the blast", "is caught in the blast"),
    "bomb_caught": ("the bomb goes off", "he throws it on"),
    "trapdoor": ("keeps clear of the Trapdoor", "falls through the Trapdoor"),
    "chomp": ("Chomped", "lets go"),  # BB2025: Monstrous Mouth's Chomp
}


def action_name(code: Any) -> str:
    code = str(code)
    if code in ACTIONS:
        return ACTIONS[code]
    return skill_name(code) if is_skill(code) else named({}, code)


def activation(d: Describer, e: Event) -> str:
    return f"{d.p(e['player'])} declares {article(action_name(e['action']))} action"


def nomination(d: Describer, e: Event) -> str:
    action = action_name(e["action"])
    return f"{d.p(e['player'])} declares {article(action)} against {d.p(e['target'])}"


def move(d: Describer, e: Event) -> str:
    how = MOVES.get(str(e["how"]), f"moves ({words(e['how'])})")
    return f"{d.p(e['player'])} {how}, now {d.sq(e['dst'])}"


def block(d: Describer, e: Event) -> str:
    faces = ", ".join(FACE_NAMES.get(f, str(f)) for f in e["dice"])
    return (
        f"{d.p(e['attacker'])} (ST {e['st_attacker']}) blocks "
        f"{d.p(e['defender'])} (ST {e['st_defender']}): {faces}; "
        f"{d.t(e['chooser'])} choose"
    )


def roll(d: Describer, e: Event) -> str:
    name = roll_name(e["purpose"])
    dice = list(e.get("dice") or [])
    player = e.get("player", -1)
    if player == -1 and not e.get("target") and len(dice) > 1 and len(dice) % 2 == 0:
        return roll_off(d, name, dice, int(e.get("modifier") or 0))
    who = f"{d.p(player)}: " if player != -1 else ""
    if not dice:
        return f"{who}{name} fails without a roll"
    mod = f" (modifier {e['modifier']:+d})" if e.get("modifier") else ""
    again = " (re-roll)" if e.get("rerolled") else ""
    rolled = ", ".join(str(x) for x in dice)
    if not e.get("target"):
        return f"{who}{name} roll: {rolled}{mod}{again}"
    ok, fail = VERDICTS.get(str(e["purpose"]), ("success", "failed"))
    verdict = ok if e.get("success") else fail
    return f"{who}{name} roll {rolled}, needing {e['target']}+{mod}{again}: {verdict}"


def roll_off(d: Describer, name: str, dice: Sequence[int], modifier: int) -> str:
    """Both coaches roll the same dice, home first (``modifier``: the home
    total's modifier less the away total's)."""
    half = len(dice) // 2
    home, away = dice[:half], dice[half:]
    mod = f" ({d.t('home')} {modifier:+d} after modifiers)" if modifier else ""
    lead = sum(home) + modifier - sum(away)
    verdict = f"{d.t('home')} win" if lead > 0 else f"{d.t('away')} win"
    return (
        f"{name} roll-off: {d.t('home')} {plus(home)}, {d.t('away')} "
        f"{plus(away)}{mod}: {verdict if lead else 'a tie'}"
    )


def reroll(d: Describer, e: Event) -> str:
    what = roll_name(e["purpose"])
    source = str(e["source"])
    player = e.get("player", -1)
    if source in REROLL_SOURCES:
        whose = f" for {d.p(player)}" if player != -1 else ""
        return (
            f"{d.t(e['team'])} use {article(REROLL_SOURCES[source])} on the "
            f"{what} roll{whose}"
        )
    who = d.p(player) if player != -1 else d.t(e["team"])
    return f"{who} uses {skill_name(source)} to re-roll the {what} roll"


def pass_(d: Describer, e: Event) -> str:
    return (
        f"{d.p(e['player'])} throws {article(named(PASS_RANGES, e['range']))} "
        f"{d.sq(e['target'])}: {named(PASS_RESULTS, e['result'])}"
    )


def interference(d: Describer, e: Event) -> str:
    did = {"deflection": "deflects", "interception": "intercepts"}
    return f"{d.p(e['player'])} {did.get(str(e['result']), 'touches')} the pass"


def throw_team_mate(d: Describer, e: Event) -> str:
    quality = THROWS.get(str(e["quality"]), words(e["quality"]))
    return (
        f"{d.p(e['thrower'])} throws {d.p(e['thrown'])} {d.sq(e['target'])}: {quality}"
    )


def landing(d: Describer, e: Event) -> str:
    ok = "lands safely" if e.get("ok") else "crashes"
    return f"{d.p(e['player'])} {ok} {d.sq(e['square'])}"


def argue_the_call(d: Describer, e: Event) -> str:
    result = str(e["result"])
    what = ARGUE.get(result, words(result))
    if result.startswith("bribe"):
        return f"{d.t(e['team'])} use a Bribe (D6 roll of {e['roll']}): {what}"
    return f"{d.t(e['team'])} argue the call (D6 roll of {e['roll']}): {what}"


def touchdown(d: Describer, e: Event) -> str:
    return (
        f"TOUCHDOWN {d.t(e['team'])}! {d.p(e['player'])} scores "
        f"({e['score'][0]}–{e['score'][1]})"
    )


CAPTIONS: dict[str, Caption] = {
    "activation": activation,
    "nomination": nomination,
    "activation_end": lambda d, e: f"{d.p(e['player'])} ends their action",
    "move": move,
    "stand_up": lambda d, e: f"{d.p(e['player'])} stands up",
    "block": block,
    "block_result": lambda d, e: f"Block result: {named(BLOCK_RESULTS, e['result'])}",
    "skill_used": lambda d, e: f"{d.p(e['player'])} uses {skill_name(e['skill'])}",
    "roll": roll,
    "reroll": reroll,
    "ball": lambda d, e: (
        f"The ball {BALL_MOVES.get(str(e['how']), 'moves')}, now {d.sq(e['dst'])}"
    ),
    "ball_caught": lambda d, e: (
        f"{d.p(e['player'])} {CATCHES.get(str(e['how']), 'takes the ball')} "
        f"{d.sq(e['square'])}"
    ),
    "pass": pass_,
    "hand_off": lambda d, e: f"{d.p(e['player'])} hands off to {d.p(e['receiver'])}",
    "interference": interference,
    "throw_team_mate": throw_team_mate,
    "landing": landing,
    "foul": lambda d, e: f"{d.p(e['player'])} fouls {d.p(e['victim'])}",
    "sent_off": lambda d, e: (
        f"{d.p(e['player'])} is sent off "
        f"{SENT_OFF.get(str(e['reason']), '(' + words(e['reason']) + ')')}"
    ),
    "argue_the_call": argue_the_call,
    "turnover": lambda d, e: (
        f"Turnover for {d.t(e['team'])}: "
        f"{TURNOVERS.get(str(e['reason']), words(e['reason']))}"
    ),
    "touchdown": touchdown,
}
