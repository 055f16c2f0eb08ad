"""The numbers a live board shows beside the pending decision's options,
all from the engine's previews (``engine.facade``): the rolls of each step
and of the route to each square a moving player may reach ("2+ 4+"), the
block dice of a block or a blitz ("2 dice, opponent picks"), the range band
of each square a pass may aim at ("short pass"). The page draws them and
works nothing out."""

from __future__ import annotations

from typing import Any

from engine.facade import (
    STEP_VERBS,
    Decision,
    GameState,
    block_dice,
    move_routes,
    pass_band_name,
    setup_formations,
    step_needs,
)

# The actions whose Block is a Blitz's (Horns, a Rush to pay for it).
BLITZ_ACTIONS = frozenset({"blitz"})


# What a pass square shows for its band (its words are in the hint).
BAND_MARKS = {"quick": "Q", "short": "S", "long": "L", "long bomb": "B"}


def dice_words(n: int, attacker_picks: bool) -> str:
    """ "1 die", "2 dice", "3 dice, opponent picks"."""
    words = "1 die" if n == 1 else f"{n} dice"
    return words if attacker_picks or n == 1 else words + ", opponent picks"


def dice_mark(n: int, attacker_picks: bool) -> str:
    """The block dice as drawn on the target: "2D", "-2D" when the
    opponent picks (the tabletop's shorthand)."""
    return f"{n}D" if attacker_picks or n == 1 else f"-{n}D"


def _rolls(needs: Any) -> tuple[str, str]:
    """(the numbers, e.g. "2+ 4+", and the words, "rush 2+, dodge 4+")."""
    if not needs:
        return "", "no roll"
    numbers = " ".join(str(n) for n in needs)
    words = ", ".join(f"{n.test} {n}" for n in needs)
    return numbers, words


def annotate(g: GameState, d: Decision, views: list[dict[str, Any]]) -> list[Any]:
    """Add ``verb`` (the option's first word), ``dice`` (the rolls, the
    block dice or the pass band, or ""), ``mark`` (what its square shows)
    and ``hint`` (the words, or None) to each option view of ``d`` (in the
    engine's order); returns the routes to the squares further than one step (each
    ``square``, ``path``, ``dice``, ``hint`` and ``via``: the index of the
    option of its first step)."""
    actor = g.idx.get(d.player) if d.player is not None else None
    steps: dict[int, int] = {}
    named: set[int] = set()  # the squares the step options name (moves, Jumps, Leaps)
    formations = setup_formations(g) if d.accepts_arrangement else {}
    for view, option in zip(views, d.options, strict=True):
        verb = str(option[0]) if option else ""
        view["verb"], view["dice"], view["hint"] = verb, "", None
        if actor is not None and verb in STEP_VERBS:
            needs = step_needs(g, actor, verb, int(option[1]))
            view["dice"], view["hint"] = _rolls(needs)
            if verb == "move":
                steps[int(option[1])] = view["i"]
            named.add(int(option[1]))
        elif actor is not None and _blocks(d, verb):
            target = g.idx.get(int(option[1]))
            if target is not None:
                blitz = g.act_action in BLITZ_ACTIONS or d.kind == "blitz_target"
                n, picks = block_dice(g, actor, target, blitz)
                view["dice"] = view["hint"] = dice_words(n, picks)
                view["mark"] = dice_mark(n, picks)
        elif actor is not None and d.kind == "pass_target" and verb == "square":
            band = pass_band_name(g, actor, int(option[1])).replace("_", " ")
            view["dice"], view["hint"] = band, f"{band} pass"
            view["mark"] = BAND_MARKS.get(band, band)
        elif verb == "hail_mary":
            view["hint"] = "hail mary pass"
        elif verb == "formation" and str(option[1]) in formations:
            # where the formation puts whom: a set-up arranged by hand starts here
            view["placement"] = [list(p) for p in formations[str(option[1])]]
        view.setdefault("mark", view["dice"])
    if actor is None or not steps:
        return []
    return _routes(g, actor, steps, named)


def _blocks(d: Decision, verb: str) -> bool:
    """Whether the option is a Block of a player (or a Blitz's target)."""
    return verb == "block" or (verb == "nominate" and d.kind == "blitz_target")


def _routes(
    g: GameState, actor: int, steps: dict[int, int], named: set[int]
) -> list[Any]:
    """The routes to the squares no option names: a square a Jump or a Leap
    reaches keeps that option's mark (one mark per square), though a route
    of plain steps may reach it too."""
    out = []
    for square, route in sorted(move_routes(g, actor).items()):
        if square in named or route.path[0] not in steps:
            continue
        numbers, words = _rolls(route.needs)
        out.append(
            {
                "square": square,
                "path": list(route.path),
                "dice": numbers,
                "hint": f"{len(route.path)} squares, {words}",
                "via": steps[route.path[0]],
            }
        )
    return out
