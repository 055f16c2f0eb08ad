"""Star Players' special rules (star_players.md): usage limits.

Each Star Player has one special rule of his own. In the engine a special
rule is a skill like any other: its slug rides on the star's sheet
(:func:`engine.campaign.stars.star_sheets`), it has a bit in
:mod:`engine.core.skillbits` and a :class:`~engine.skills.base.SkillSpec`
(:mod:`engine.skills.stars.specs`), and a match with a special rule the
engine does not play is refused
(:class:`~engine.core.errors.UnimplementedSkill`).

Most special rules may be used a limited number of times ("Once per game",
"Once per half", ...). :func:`ready` tells whether player ``p`` may use his
rule now, :func:`offer` asks his coach, and :func:`spend` records a use (and reports it as a
:class:`~engine.core.events.SkillUsed` event). A use is stored in
``GameState.effects`` with the scope it was spent in (the half, the drive,
the team turn or the activation), so nothing needs resetting: a use spent
in an earlier scope simply no longer counts.
"""

from __future__ import annotations

from typing import Final

from engine.core.events import SkillUsed
from engine.core.skillbits import BIT
from engine.core.state import Decision, GameState, Option

GAME: Final = "game"
HALF: Final = "half"
DRIVE: Final = "drive"
TEAM_TURN: Final = "team-turn"
ACTIVATION: Final = "activation"
NONE: Final = "none"

# How often each special rule may be used (star_players.md; the "limit" of
# each star's special_rule in engine/data/bb2020/star_players.json, which a
# test keeps equal to this table).
LIMITS: Final[dict[str, str]] = {
    "blind-rage": "none",
    "savage-blow": "game",
    "blast-it": "game",
    "putrid-regurgitation": "game",
    "look-into-my-eyes": "game",
    "kaboom": "game",
    "ghostly-flames": "half",
    "tasty-morsel": "game",
    "all-you-can-eat": "game",
    "star-of-the-show": "game",
    "reliable": "none",
    "a-sneaky-pair": "none",
    "mesmerising-dance": "game",
    "baleful-hex": "game",
    "brutal-block": "game",
    "whirling-dervish": "activation",
    "frenzied-rush": "game",
    "shot-to-nothing": "game",
    "primal-savagery": "game",
    "two-for-one": "none",
    "gored-by-the-bull": "game",
    "incorporeal": "game",
    "consummate-professional": "game",
    "slayer": "game",
    "wisdom-of-the-white-dwarf": "team-turn",
    "quick-bite": "game",
    "treacherous": "game",
    "old-pro": "game",
    "unstoppable-momentum": "none",
    "dwarfen-scourge": "game",
    "raiding-party": "drive",
    "the-flashing-blade": "game",
    "swift-as-the-breeze": "game",
    "indomitable": "game",
    "black-ink": "game",
    "ill-be-back": "game",
    "lord-of-chaos": "game",
    "vicious-vines": "half",
    "maximum-carnage": "game",
    "crushing-blow": "game",
    "the-ballista": "game",
    "kick-em-while-theyre-down": "game",
    "halfling-luck": "game",
    "toxin-connoisseur": "game",
    "thinking-mans-troll": "half",
    "catch-of-the-day": "half",
    "bounding-leap": "game",
    "burst-of-speed": "game",
    "ram": "game",
    "yoink": "game",
    "fury-of-the-blood-god": "game",
    "master-assassin": "game",
    "pump-up-the-crowd": "game",
    "strong-passing-game": "game",
    "furious-outburst": "half",
    "sneakiest-of-the-lot": "none",
    "beer-barrel-bash": "drive",
    "savage-mauling": "game",
    "watch-out": "half",
    "excuse-me-are-you-a-zoat": "game",
    "then-i-started-blastin": "half",
}


OPT_DECLINE: Final[Option] = ("decline",)


def offer(g: GameState, p: int, slug: str, *extra: Option) -> Decision:
    """A ``use_skill`` decision for player ``p``'s special rule ``slug``:
    ``("use", slug)`` (or the ``extra`` ways of using it) or decline."""
    opts = extra if extra else (("use", slug),)
    return Decision(
        g.tname(g.team[p]),
        "use_skill",
        opts + (OPT_DECLINE,),
        g.pid[p],
        info=(slug,),
    )


def _scope(g: GameState, limit: str) -> object:
    if limit == GAME:
        return 0
    if limit == HALF:
        # Extra time counts as a half of its own.
        return g.half
    if limit == DRIVE:
        return g.drive
    if limit == TEAM_TURN:
        return (g.half, g.active, g.turn[g.active])
    if limit == ACTIVATION:
        return (g.half, g.active, g.turn[g.active], g.activations)
    raise ValueError(f"unknown limit {limit!r}")


def _key(g: GameState, p: int, slug: str) -> str:
    return f"star_rule:{slug}:{g.pid[p]}"


def has(g: GameState, p: int, slug: str) -> bool:
    """Whether player ``p`` has special rule ``slug``."""
    return bool(g.skills[p] & BIT[slug])


def ready(g: GameState, p: int, slug: str) -> bool:
    """Whether player ``p`` may use special rule ``slug`` now: he has it and
    has not used it up within its limit."""
    if not g.skills[p] & BIT[slug]:
        return False
    limit = LIMITS[slug]
    if limit == NONE:
        return True
    spent = g.effects.get(_key(g, p, slug))
    return spent is None or spent != _scope(g, limit)


def spend(g: GameState, p: int, slug: str) -> None:
    """Record that player ``p`` used special rule ``slug`` (and say so in
    the log)."""
    limit = LIMITS[slug]
    if limit != NONE:
        g.effects[_key(g, p, slug)] = _scope(g, limit)
    g.emit(SkillUsed(g.pid[p], slug))
