"""The :class:`Variant` class and the registry of game formats.

A format is one game system. It owns every fact and procedure that differs
between formats, in separate interfaces:

- what a league needs (:class:`~engine.variants.league_format.LeagueFormat`):
  the team and draft limits and the league rules (draft, Star Player Points,
  casualties, inducements, journeymen, the post-game steps, winnings);
- what a match on the pitch needs
  (:class:`~engine.variants.match_rules.MatchRules`): the board, every table,
  the game procedure (halves and drives, or something else entirely), the
  kick-off, touchbacks, apothecaries, armour and injury;
- a card game that is not a match (:class:`~engine.variants.card_game.CardGame`).

A :class:`Variant` is a format played on the pitch by
:class:`engine.match.Match`: a league format with match rules. Blitz Bowl is
a league format with a card game, and no match rules. The registry holds
every format (:func:`variants`, :func:`get_variant`); :func:`match_variant`
gives one a match can play, or says why not. Nothing else in Dugout switches
on a format's name: it asks the format.

The rulebook's procedures ask the variant of the match (``g.variant``) and
name this module for types only; a format also chooses the skills and rules
it plays at the rule points (:attr:`Variant.rules`, :mod:`engine.core.hooks`).
Concrete variants live beside it (``engine/variants/<format>.py``) and
register themselves. A new format is a subclass that overrides what
differs, in one module, plus its data::

    class Sevens(BloodBowl2020):
        name = "sevens"
        turns_per_half = 6
        ...

    SEVENS = register(Sevens())

This follows python-chess, whose ``chess.variant`` subclasses the board and
overrides only the rules that change.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping

from engine.core.errors import RuleError
from engine.variants.league_format import LeagueFormat
from engine.variants.match_rules import MatchRules


class Variant(LeagueFormat, MatchRules):
    """One game format played on the pitch: what a league needs and what a
    match needs. Subclasses override only what differs.

    The match state keeps a reference as ``g.variant``.
    """


_REGISTRY: dict[str, LeagueFormat] = {}


def register[V: LeagueFormat](variant: V) -> V:
    """Add ``variant`` to the registry under its name; returns it."""
    if not variant.name:
        raise RuleError("a variant needs a name")
    _REGISTRY[variant.name] = variant
    return variant


def unregister(name: str) -> None:
    """Remove a variant (tests that register a throw-away one)."""
    _REGISTRY.pop(name, None)


def _load_builtins() -> None:
    # The built-in variants register themselves when their package is
    # imported; the core never names them.
    importlib.import_module("engine.variants")


def variants() -> Mapping[str, LeagueFormat]:
    """Every registered format that is offered (``LeagueFormat.offered``),
    by name; a held-back format is still found by :func:`get_variant`."""
    _load_builtins()
    return {n: v for n, v in _REGISTRY.items() if v.offered}


def get_variant(name: str | LeagueFormat) -> LeagueFormat:
    """The format called ``name`` (a format is returned as it is)."""
    if isinstance(name, LeagueFormat):
        return name
    if name not in _REGISTRY:
        _load_builtins()
    try:
        return _REGISTRY[name]
    except KeyError:
        raise RuleError(
            f"unknown format {name!r}; known: {sorted(_REGISTRY)}"
        ) from None


def match_variant(name: str | LeagueFormat) -> Variant:
    """The format called ``name`` as a match on the pitch plays it; a format
    that is not played on the pitch (a card game) is refused with the
    reason (:class:`~engine.core.errors.RuleError`)."""
    fmt = get_variant(name)
    if not isinstance(fmt, Variant):
        raise RuleError(
            f"{fmt.name} is played with team cards by its own game, "
            "not as a match on the pitch"
        )
    return fmt
