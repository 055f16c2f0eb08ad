"""Ready-made team sheets built from the roster data (for CLIs, the bench
and tests)."""

from __future__ import annotations

from engine.campaign.drafting import unplayed_skills
from engine.core.errors import RuleError
from engine.core.model import PlayerSheet, TeamSheet
from engine.core.rules_data import Position, RulesData, rules_data
from engine.variants import get_variant
from engine.variants.league_format import LeagueFormat


def _sheet(pos: Position, pid: int, number: int) -> PlayerSheet:
    return PlayerSheet(
        id=pid,
        name=f"{pos.name} #{number}",
        number=number,
        position=pos.slug,
        ma=pos.ma,
        st=pos.st,
        ag=pos.ag,
        pa=pos.pa,
        av=pos.av,
        skills=tuple((s.skill, s.param) for s in pos.skills),
    )


def tool_rules_data(rs: LeagueFormat) -> RulesData:
    """The rosters the ready-made teams of ``rs`` come from: its edition's
    when they hold every BB2020 team (BB2025's 30). Decision: a format whose
    rules data hold other teams (Dungeon Bowl's colleges) fields the BB2020
    rosters, as the tools always have."""
    data = rules_data(rs.rules_data_version)
    default = rules_data()
    return data if set(default.rosters) <= set(data.rosters) else default


def own_rosters(rs: LeagueFormat) -> list[str]:
    """The rosters of the format's own rules data, the teams its leagues
    draft (Dungeon Bowl's eight Colleges; any other format's edition)."""
    return sorted(rules_data(rs.rules_data_version).rosters)


def default_team_sheet(
    roster_slug: str,
    variant: LeagueFormat | str,
    name: str | None = None,
    first_id: int = 1,
    own: bool = False,
) -> TeamSheet:
    """A legal, sensible team of ``roster_slug`` for ``variant``: its
    ``default_squad`` players with up to ``default_per_position`` of each
    non-Lineman position (``default_max_positionals`` in all), two team
    re-rolls, an apothecary when the roster allows one, Dedicated Fans 1.
    Player ids are ``first_id`` onwards (ids must be unique across the two
    teams of a match). ``own``: the roster is one of :func:`own_rosters`
    rather than of :func:`tool_rules_data`.
    """
    rs = get_variant(variant)
    data = rules_data(rs.rules_data_version) if own else tool_rules_data(rs)
    if roster_slug not in data.rosters:
        raise RuleError(f"unknown roster {roster_slug!r}")
    roster = data.rosters[roster_slug]
    total = rs.default_squad
    max_pos = rs.default_max_positionals
    # never a position whose skill the match does not play yet (BB2025)
    positions = [p for p in roster.positions if not unplayed_skills(rs, p)]
    linemen = [p for p in positions if p.lineman] or [
        max(positions, key=lambda p: p.max)
    ]
    chosen: list[Position] = []
    others = [p for p in positions if p not in linemen]
    per = rs.default_per_position
    for pos in others:
        for _ in range(min(pos.max, per)):
            if len(chosen) < max_pos:
                chosen.append(pos)
    counts: dict[str, int] = {}
    while len(chosen) < total:
        added = False
        for pos in linemen:
            if counts.get(pos.slug, 0) < pos.max and len(chosen) < total:
                counts[pos.slug] = counts.get(pos.slug, 0) + 1
                chosen.append(pos)
                added = True
        if not added:
            break
    # Insignificant (BB2025): no more of them than other players.
    small = [p for p in chosen if any(r.skill == "insignificant" for r in p.skills)]
    while len(small) > len(chosen) - len(small):
        chosen.remove(small.pop())
    if len(chosen) < rs.min_players:
        raise RuleError(f"cannot build a {rs.name} team from roster {roster_slug!r}")
    players = tuple(_sheet(pos, first_id + i, i + 1) for i, pos in enumerate(chosen))
    return TeamSheet(
        name=name or roster.name,
        roster=roster.slug,
        players=players,
        rerolls=2,
        apothecary=roster.apothecary,
        dedicated_fans=1,
    )
