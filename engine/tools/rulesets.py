"""Which rulesets a command-line tool plays, and a clear refusal of the
others.

The registered formats (:func:`engine.variants.variants`) are played in two
ways: on the pitch by :class:`engine.match.Match` (Blood Bowl, Sevens, the
classic game, Dungeon Bowl), or, for a format whose team is a team card
(``Variant.drafts_team_card``: Blitz Bowl), by that format's own game
(``Variant.play_card_game``). A tool offers in its ``--help`` only what it
plays; asked for another format, argparse stops with the reason and exit
status 2.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence

from engine.variants import get_variant, variants


def pitch_rulesets() -> list[str]:
    """The formats :class:`engine.match.Match` plays, sorted."""
    return sorted(n for n, v in variants().items() if not v.drafts_team_card)


def all_rulesets() -> list[str]:
    """Every registered format, sorted."""
    return sorted(variants())


def _refusal(name: str, playable: Sequence[str], tool: str) -> str:
    choose = f"choose from {', '.join(playable)}"
    if name not in variants():
        return f"unknown ruleset {name!r}; {choose}"
    if get_variant(name).drafts_team_card:
        return (
            f"{name} is played with team cards by its own game, not on the "
            f"pitch that {tool} runs (python -m engine.simulate --ruleset "
            f"{name} plays one game of it); {choose}"
        )
    return f"{tool} does not play {name}; {choose}"


def ruleset_type(playable: Sequence[str], tool: str) -> Callable[[str], str]:
    """An argparse ``type`` that takes one of ``playable`` and refuses any
    other name with the reason (argparse exits with status 2)."""

    def check(name: str) -> str:
        if name in playable:
            return name
        raise argparse.ArgumentTypeError(_refusal(name, playable, tool))

    return check


def rulesets_type(playable: Sequence[str], tool: str) -> Callable[[str], list[str]]:
    """As :func:`ruleset_type`, for a comma-separated list of names."""
    one = ruleset_type(playable, tool)

    def check(names: str) -> list[str]:
        return [one(n.strip()) for n in names.split(",")]

    return check
