"""Plague Ridden (skills_and_traits.md "Plague Ridden"): an opposition
player who dies to this player's Block (or, as the format allows, Foul)
may rise as a Rotter Lineman of the Nurgle team. Called from the Casualty
roll (:class:`engine.rules.injuries.Harm`); the post-game hires the Rotter."""

from __future__ import annotations

from engine.core import skillbits as S
from engine.core.events import SkillUsed
from engine.core.state import GameState
from engine.rules.keywords import has_keyword


def plague_ridden(g: GameState, victim: int, by: int) -> None:
    """Plague Ridden (once per game): the opposition player ``victim`` just
    died from a Block action or (as the format allows) a Foul action of
    ``by``, who has the trait, and no apothecary saved them: when
    :func:`plague_takes` him, the plague takes him. Recorded
    in ``g.effects["plague_ridden"]`` as (team, victim id, by id) for the
    post-game, where a Favoured of Nurgle team may hire a new Rotter
    Lineman as it would a Journeyman.

    Decisions: always used on the first death that qualifies (using it
    costs nothing); the new Rotter does not take the field in this match
    (the engine plays with the players fielded at kick-off); the victim
    stays dead to their own team."""
    t = g.team[by]
    key = f"plague_ridden_{t}"
    if g.effects.get(key) or not plague_takes(g, victim):
        return
    g.effects[key] = (g.tname(t), g.pid[victim], g.pid[by])
    g.emit(SkillUsed(g.pid[by], "plague-ridden"))


def plague_takes(g: GameState, victim: int) -> bool:
    """Whether Plague Ridden may take ``victim``: never one with Decay,
    Regeneration or Stunty; the format's Strength limit (BB2020: 4 or
    less) and the keywords it spares (BB2025: Big Guys)."""
    v = g.variant
    if g.skills[victim] & (S.DECAY | S.REGENERATION | S.STUNTY):
        return False
    if v.plague_ridden_max_st is not None and g.st[victim] > v.plague_ridden_max_st:
        return False
    return not any(has_keyword(g, victim, k) for k in v.plague_ridden_spares)
