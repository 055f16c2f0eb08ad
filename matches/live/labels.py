"""The words a live page shows for the decisions and options Blood Bowl 2025
added (Secure the Ball, Punt, Chomp, Josef Bugman's re-set-up, the Prayers
to Nuffle a coach chooses for, Taunt, the Team Mascot's re-roll and the
re-rolls of the new tests). Each rewrites an option view that
:func:`matches.live.referee.option_view` and
:func:`matches.live.annotate.annotate` built: a decision or an option no
other format pends, so every other format reads as before, but for the
player a prayer names (Iron Man, Knuckle Dusters, Blessed Statue of
Nuffle), which BB2020 and Sevens pend too and which reads the same words
there (it read "prayer" alone)."""

from __future__ import annotations

from typing import Any

from engine.facade import Decision, GameState, Option

# The activations BB2025 added: their words and the roll they need.
ACTIONS = {
    "secure_the_ball": ("Secure the Ball", "2+"),
    "punt": ("Punt", ""),
    "chomp": ("Chomp", ""),
}
# The tests BB2025 added (a re-roll decision's purpose): their words.
TESTS = {
    "secure_the_ball": "Secure the Ball (2+)",
    "chomp": "Chomp (3+)",
    "steady_footing": "Steady Footing (6+)",
    "saboteur": "Saboteur (4+)",
}
# The rolls: Secure the Ball a flat 2+ (secure.py), Chomp 3+ (chomp.py).
SECURE_NEED = 2
CHOMP_NEED = 3
# The Prayers to Nuffle a coach picks a player for.
PRAYERS = {
    "iron_man": "Iron Man",
    "knuckle_dusters": "Knuckle Dusters",
    "blessed_statue_of_nuffle": "Blessed Statue of Nuffle",
    "intensive_training": "Intensive Training",
}
# A Punt's facing (dx, dy) as the board draws it (x to the right, y down).
FACINGS = {(1, 0): "right", (-1, 0): "left", (0, 1): "down", (0, -1): "up"}
# A Punt's kick re-roll (skills.md "Kick").
KICK_REROLLS = {
    "direction": "Kick: re-roll the direction",
    "distance": "Kick: re-roll the distance",
}


def skill_words(slug: str) -> str:
    """ "sure-hands" -> "Sure Hands"."""
    return " ".join(w.capitalize() for w in slug.replace("_", "-").split("-"))


def player_label(g: GameState, pid: int) -> str:
    """ "#7 Grim Ironjaw": the player's number and name (his id when he is
    not in the game)."""
    i = g.idx.get(pid)
    if i is None:
        return str(pid)
    number = g.sheets[g.team[i]].players[sheet_index(g, i)].number
    return f"#{number} {g.names[i]}"


def sheet_index(g: GameState, i: int) -> int:
    """The player's place on his own team sheet."""
    return i if g.team[i] == 0 else i - len(g.sheets[0].players)


def relabel(g: GameState, d: Decision, views: list[dict[str, Any]]) -> None:
    """Rewrite the label (and the hint and roll of an option with a roll)
    of each BB2025 decision's option views in place."""
    for view, option in zip(views, d.options, strict=True):
        label = _label(g, d, option, view)
        if label is not None:
            view["label"] = label


def _label(
    g: GameState, d: Decision, option: Option, view: dict[str, Any]
) -> str | None:
    verb = str(option[0]) if option else ""
    kind = d.kind
    if kind.startswith("bugman_"):
        return _bugman(g, d, option, view)
    if kind.startswith("prayer_"):
        return _prayer(g, d, option, view)
    if kind == "punt" and verb == "facing":
        return f"Punt facing {FACINGS.get((option[1], option[2]), 'the way chosen')}"
    if kind == "use_skill":
        return _use_skill(d, option)
    if kind == "reroll":
        return _reroll(g, d, option)
    if verb == "activate" and len(option) > 2 and option[2] in ACTIONS:
        words, need = ACTIONS[str(option[2])]
        if need:
            view["dice"] = view["mark"] = need
            view["hint"] = f"pick-up {need}, no skill re-roll"
            return f"{words}: {player_label(g, int(option[1]))} ({need})"
        return f"{words}: {player_label(g, int(option[1]))}"
    if verb == "chomp" and len(option) > 1:
        need = f"{CHOMP_NEED}+"
        view["dice"] = view["mark"] = need
        view["hint"] = f"chomp {need}"
        return f"Chomp {player_label(g, int(option[1]))} ({need})"
    if verb == "punt" and len(option) == 1:
        return "Punt the ball"
    return None


def _bugman(
    g: GameState, d: Decision, option: Option, view: dict[str, Any]
) -> str | None:
    """Josef Bugman's re-set-up (after both set-ups)."""
    verb = str(option[0])
    if verb == "use":
        return "Re-set-up players (Bugman)"
    if verb == "decline":
        return "Keep the set-up (no Bugman re-set-up)"
    if verb == "done":
        return "Done re-setting up (Bugman)"
    if verb == "player":
        view["player"] = int(option[1])
        return f"Re-set-up a player (Bugman): {player_label(g, int(option[1]))}"
    if verb == "square":
        return "Re-set-up to " + str(view["label"]).removeprefix("square to ")
    return None


def _prayer(
    g: GameState, d: Decision, option: Option, view: dict[str, Any]
) -> str | None:
    """Iron Man and Knuckle Dusters (a player), Intensive Training (a
    Primary skill of the player drawn)."""
    name = PRAYERS.get(str(d.info[0]) if d.info else "", "Prayer to Nuffle")
    verb = str(option[0])
    if verb == "prayer":
        view["player"] = int(option[1])
        return f"{name}: {player_label(g, int(option[1]))}"
    if verb == "skill":
        return f"{name}: {skill_words(str(option[1]))}"
    return None


def _use_skill(d: Decision, option: Option) -> str | None:
    """Taunt, and a Punt's kick re-roll (direction or distance)."""
    info = str(d.info[0]) if d.info else ""
    if info == "taunt":
        return "Taunt: the blocker must follow up" if option[0] == "use" else "No Taunt"
    if option[0] == "reroll" and len(option) > 1 and str(option[1]) in KICK_REROLLS:
        return KICK_REROLLS[str(option[1])]
    if (
        info == "kick"
        and option[0] == "decline"
        and any(o[0] == "reroll" for o in d.options)
    ):
        return "Kick: keep the roll"
    return None


def _reroll(g: GameState, d: Decision, option: Option) -> str | None:
    """A team re-roll that is the Team Mascot's first (a D6 4+), and the
    re-rolls of the tests BB2025 added."""
    verb = str(option[0])
    test = TESTS.get(str(d.info[0]) if d.info else "")
    t = 0 if d.team == g.tname(0) else 1
    if verb == "team_reroll" and g.variant.other_team_reroll_left(g, t):
        # Decision: the team re-roll option uses the Team Mascot's re-roll
        # first (mascot.py), so it says so: a 4+ to re-roll.
        words = "Use the Team Mascot's re-roll (4+)"
        return f"{words}: {test}" if test else words
    if test is None:
        return None
    if verb == "team_reroll":
        return f"Team re-roll: {test}"
    if verb == "no_reroll":
        return f"No re-roll: {test}"
    return f"{verb.replace('_', ' ')} re-roll: {test}"
