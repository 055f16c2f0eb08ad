"""Players' keywords (BB2025, changes_from_bb2020.md "Keywords"): a
position's keywords on its BB2025 roster, or a Star Player profile's. Rules
that name a keyword (Secure the Ball's Big Guys, Hatred (X)) read them here.
"""

from __future__ import annotations

from engine.core.rules_data import rules_data
from engine.core.state import GameState


def keywords(g: GameState, p: int) -> tuple[str, ...]:
    """Player ``p``'s keywords: his position's on his team's BB2025 roster,
    or his Star Player profile's; none for a position the edition's data
    does not know (a made-up test team)."""
    data = rules_data("bb2025")
    sheet = g.sheet(p)
    try:
        return data.position_of(g.sheets[g.team[p]].roster, sheet.position).keywords
    except KeyError:
        pass
    for star in data.star_players.values():
        for member in star.members:
            if member.slug == sheet.position:
                return member.keywords
    return ()


def has_keyword(g: GameState, p: int, keyword: str) -> bool:
    """Whether player ``p`` has ``keyword`` (case and a plural "s" aside:
    Hatred (Big Guys) names the Big Guy keyword)."""
    want = keyword.strip().lower()
    return any(k.lower() in (want, want.removesuffix("s")) for k in keywords(g, p))


__all__ = ["has_keyword", "keywords"]
