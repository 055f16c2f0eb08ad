"""Team drafting, hiring, purchases and team value, as pure rule functions.

"Rules and Regulations" (BB2020) and the Sevens team-draft rules. Every check
collects *all* the violations it finds so a coach sees every problem with a
draft at once; each violation names the field it concerns and a stable code.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.core.rules_data import Position, Roster
from engine.skills.registry import IMPLEMENTED
from engine.variants.league_format import LeagueFormat


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule: a machine-readable code, the field it concerns, and a
    sentence for people. ``subject`` names what within the field the rule
    concerns, where a field covers several things (the position slug of a
    ``position_limit`` on the whole squad), so a form can put the sentence
    next to that position's own input. ``subjects`` lists every position a
    rule over several positions concerns (the positions sharing the quantity
    line of a ``shared_limit_exceeded``, whose ``subject`` is the line)."""

    code: str
    field: str | None
    message: str
    subject: str | None = None
    subjects: tuple[str, ...] = ()


class DraftError(ValueError):
    """A draft, hire or purchase breaks the rules; ``violations`` says how."""

    def __init__(self, violations: Sequence[Violation]) -> None:
        self.violations = tuple(violations)
        super().__init__("; ".join(v.message for v in self.violations))


@dataclass(frozen=True, slots=True)
class DraftRequest:
    """What a coach asks for when drafting: players as (position, name)."""

    players: tuple[tuple[str, str], ...]
    rerolls: int = 0
    assistant_coaches: int = 0
    cheerleaders: int = 0
    apothecary: bool = False
    dedicated_fans: int = 1
    # The special rule the team takes where its roster says "Choose
    # either:" (Roster.special_rule_choice), e.g. "favoured-of-khorne".
    special_rule: str | None = None


def special_rule_violations(roster: Roster, choice: str | None) -> list[Violation]:
    """The draft's choice of special rule: required, and one of the
    roster's options, where the roster offers a choice; absent otherwise."""
    options = roster.special_rule_choice
    if not options:
        if choice:
            return [
                Violation(
                    "special_rule_not_offered",
                    "special_rule",
                    f"{roster.name} teams choose no special rule",
                )
            ]
        return []
    if not choice:
        return [
            Violation(
                "special_rule_required",
                "special_rule",
                f"{roster.name} teams choose one of: {', '.join(options)}",
            )
        ]
    if choice not in options:
        return [
            Violation(
                "unknown_special_rule",
                "special_rule",
                f"{roster.name} teams choose one of: {', '.join(options)}",
            )
        ]
    return []


@dataclass(frozen=True, slots=True)
class DraftCost:
    """The price of a draft, item by item, and what is left of the budget."""

    players: int
    rerolls: int
    assistant_coaches: int
    cheerleaders: int
    apothecary: int
    dedicated_fans: int
    total: int
    remaining: int


@dataclass(frozen=True, slots=True)
class TeamValue:
    """Team Value and Current Team Value (CTV leaves out players who miss the
    next game)."""

    tv: int
    ctv: int


@dataclass(frozen=True, slots=True)
class Staff:
    """What a team already has, for purchase and firing checks.
    ``trophy_rerolls``: how many of its ``rerolls`` are the free ones of a
    trophy it holds (the League Trophy's), which the limit leaves out."""

    rerolls: int
    assistant_coaches: int
    cheerleaders: int
    apothecary: bool
    dedicated_fans: int
    trophy_rerolls: int = 0


PURCHASE_ITEMS = ("rerolls", "assistant_coaches", "cheerleaders", "apothecary")
# What a team may fire after a game ("Fire any players and/or Sideline Staff
# who are no longer required", Hiring, Firing and Temporarily Retiring). Team
# re-rolls and Dedicated Fans are not Sideline Staff.
SIDELINE_STAFF = ("assistant_coaches", "cheerleaders", "apothecary")
_STAFF_NAMES = {
    "assistant_coaches": ("assistant coach", "assistant coaches"),
    "cheerleaders": ("cheerleader", "cheerleaders"),
    "apothecary": ("apothecary", "apothecaries"),
}


def squad_violations(
    fmt: LeagueFormat, roster: Roster, positions: Sequence[str], field: str
) -> list[Violation]:
    """Position limits, the limits of quantity lines several positions share
    (:attr:`Roster.shared_limits`) and the Sevens non-Lineman cap for a whole
    squad."""
    out: list[Violation] = []
    counts = Counter(positions)
    known = {p.slug: p for p in roster.positions}
    for slug, count in counts.items():
        position = known.get(slug)
        if position is not None and count > position.max:
            out.append(
                Violation(
                    "position_limit",
                    field,
                    f"{roster.name} teams may have at most {position.max} "
                    f"{position.name} (asked for {count})",
                    subject=slug,
                )
            )
    for limit in roster.shared_limits:
        together = sum(counts[slug] for slug in limit.positions)
        if together > limit.max:
            names = ", ".join(known[slug].name for slug in limit.positions)
            out.append(
                Violation(
                    "shared_limit_exceeded",
                    field,
                    f"{roster.name} teams may have at most {limit.max} "
                    f"{limit.name} in all ({names}; asked for {together})",
                    subject=limit.slug,
                    subjects=limit.positions,
                )
            )
    out += _insignificant(roster, counts, field)
    if fmt.max_non_linemen is not None:
        others = sum(
            c for s, c in counts.items() if s in known and not known[s].lineman
        )
        if others > fmt.max_non_linemen:
            out.append(
                Violation(
                    "too_many_non_linemen",
                    field,
                    f"{fmt.label} teams may have at most {fmt.max_non_linemen} "
                    f"players who are not Linemen (asked for {others})",
                )
            )
    return out


def _insignificant(roster: Roster, counts: Counter[str], field: str) -> list[Violation]:
    """Insignificant (a BB2025 trait, skills.md): a team may not hold more
    players with it than players without it."""
    known = {p.slug: p for p in roster.positions}
    small = sum(
        c
        for slug, c in counts.items()
        if slug in known and any(r.skill == "insignificant" for r in known[slug].skills)
    )
    others = sum(c for slug, c in counts.items() if slug in known) - small
    if small <= others:
        return []
    return [
        Violation(
            "too_many_insignificant",
            field,
            f"{roster.name} teams may not have more Insignificant players than "
            f"other players ({small} Insignificant, {others} others)",
        )
    ]


def _limit(
    code: str, field: str, value: int, low: int, high: int, what: str
) -> list[Violation]:
    if low <= value <= high:
        return []
    if low == high:
        # a format with none to buy (Dungeon Bowl's staff and fans)
        allowed = f"{what} cannot be bought in this format: {low}, not {value}"
        return [Violation(code, field, allowed)]
    return [
        Violation(code, field, f"{what} must be between {low} and {high}, not {value}")
    ]


def unplayed_skills(fmt: LeagueFormat, position: Position) -> tuple[str, ...]:
    """The skills of ``position`` the match engine does not play yet, in a
    format whose games it plays (a team with one could never be resolved)."""
    if not fmt.engine_plays_game or fmt.drafts_team_card:
        return ()
    return tuple(s.skill for s in position.skills if s.skill not in IMPLEMENTED)


def _unplayed_violation(
    fmt: LeagueFormat, position: Position, field: str
) -> list[Violation]:
    missing = unplayed_skills(fmt, position)
    if not missing:
        return []
    return [
        Violation(
            "skill_not_played",
            field,
            f"{position.name} players have {', '.join(missing)}, which the "
            f"match engine does not play yet in {fmt.label}",
            subject=position.slug,
        )
    ]


def draft_check(
    fmt: LeagueFormat,
    roster: Roster,
    request: DraftRequest,
    *,
    budget: int | None = None,
) -> DraftCost:
    """Validate a whole draft and price it; raise :class:`DraftError` listing
    every violation."""
    limit = fmt.budget if budget is None else budget
    violations: list[Violation] = []
    known = {p.slug: p for p in roster.positions}
    players_cost = 0
    for index, (slug, name) in enumerate(request.players):
        position = known.get(slug)
        if position is None:
            violations.append(
                Violation(
                    "unknown_position",
                    f"players.{index}.position",
                    f"{roster.name} teams have no position {slug!r}",
                )
            )
        else:
            players_cost += position.cost
            violations += _unplayed_violation(
                fmt, position, f"players.{index}.position"
            )
        if not name.strip():
            violations.append(
                Violation("blank", f"players.{index}.name", "every player needs a name")
            )
    count = len(request.players)
    if count < fmt.min_players:
        violations.append(
            Violation(
                "too_few_players",
                "players",
                f"{fmt.label} teams need at least {fmt.min_players} players (got {count})",
            )
        )
    if count > fmt.max_players:
        violations.append(
            Violation(
                "too_many_players",
                "players",
                f"{fmt.label} teams may have at most {fmt.max_players} players (got {count})",
            )
        )
    violations += squad_violations(
        fmt, roster, [s for s, _ in request.players], "players"
    )
    violations += special_rule_violations(roster, request.special_rule)
    violations += _limit(
        "reroll_limit", "rerolls", request.rerolls, 0, fmt.max_rerolls, "Team re-rolls"
    )
    violations += _limit(
        "staff_limit",
        "assistant_coaches",
        request.assistant_coaches,
        0,
        fmt.max_assistant_coaches,
        "Assistant coaches",
    )
    violations += _limit(
        "staff_limit",
        "cheerleaders",
        request.cheerleaders,
        0,
        fmt.max_cheerleaders,
        "Cheerleaders",
    )
    violations += _limit(
        "fans_limit",
        "dedicated_fans",
        request.dedicated_fans,
        1,
        fmt.max_dedicated_fans_at_draft,
        "Dedicated Fans",
    )
    apothecary_price = fmt.staff_cost(roster, "apothecary")
    if request.apothecary and apothecary_price is None:
        violations.append(
            Violation(
                "apothecary_not_allowed",
                "apothecary",
                f"{roster.name} teams cannot hire an apothecary",
            )
        )
    reroll_price = fmt.reroll_cost(roster, at_draft=True) or 0
    cost = DraftCost(
        players=players_cost,
        rerolls=request.rerolls * reroll_price,
        assistant_coaches=request.assistant_coaches
        * (fmt.staff_cost(roster, "assistant_coach") or 0),
        cheerleaders=request.cheerleaders
        * (fmt.staff_cost(roster, "cheerleader") or 0),
        apothecary=(apothecary_price or 0) if request.apothecary else 0,
        dedicated_fans=max(request.dedicated_fans - 1, 0) * fmt.dedicated_fan_cost,
        total=0,
        remaining=0,
    )
    total = (
        cost.players
        + cost.rerolls
        + cost.assistant_coaches
        + cost.cheerleaders
        + cost.apothecary
        + cost.dedicated_fans
    )
    if total > limit:
        violations.append(
            Violation(
                "over_budget",
                None,
                f"the draft costs {total:,} but the budget is {limit:,}",
            )
        )
    if violations:
        raise DraftError(violations)
    return DraftCost(
        cost.players,
        cost.rerolls,
        cost.assistant_coaches,
        cost.cheerleaders,
        cost.apothecary,
        cost.dedicated_fans,
        total,
        limit - total,
    )


def hire_check(
    fmt: LeagueFormat,
    roster: Roster,
    *,
    squad: Sequence[str],
    position: str,
    treasury: int,
) -> int:
    """Validate hiring one player of ``position`` onto a squad (the positions
    of the players still on the roster); return the price."""
    known = {p.slug: p for p in roster.positions}
    if position not in known:
        raise DraftError(
            [
                Violation(
                    "unknown_position",
                    "position",
                    f"{roster.name} teams have no position {position!r}",
                )
            ]
        )
    violations = squad_violations(fmt, roster, [*squad, position], "position")
    violations += _unplayed_violation(fmt, known[position], "position")
    if len(squad) + 1 > fmt.max_players:
        violations.append(
            Violation(
                "too_many_players",
                "position",
                f"{fmt.label} teams may have at most {fmt.max_players} players",
            )
        )
    price = known[position].cost
    if price > treasury:
        violations.append(_over_budget(price, treasury))
    if violations:
        raise DraftError(violations)
    return price


def _over_budget(price: int, treasury: int) -> Violation:
    return Violation(
        "over_budget",
        "treasury",
        f"this costs {price:,} but the treasury holds {treasury:,}",
    )


def purchase_unit_price(fmt: LeagueFormat, roster: Roster, item: str) -> int | None:
    """What one ``item`` of :data:`PURCHASE_ITEMS` costs a team of ``roster``
    after its draft; None when the format never sells it then, whatever the
    team holds: a team field the format's teams lack or may hold none of,
    team re-rolls a format sells at the draft alone (Sevens), an apothecary
    the roster cannot hire. :func:`purchase_check` refuses each of these."""
    if item not in PURCHASE_ITEMS or item not in fmt.team_fields:
        return None
    if item == "rerolls":
        price = fmt.reroll_cost(roster, at_draft=False)
        limit = fmt.max_rerolls
    elif item == "apothecary":
        price, limit = fmt.staff_cost(roster, "apothecary"), 1
    elif item == "assistant_coaches":
        price = fmt.staff_cost(roster, "assistant_coach")
        limit = fmt.max_assistant_coaches
    else:
        price, limit = fmt.staff_cost(roster, "cheerleader"), fmt.max_cheerleaders
    return price if limit > 0 else None


def purchases_after_draft(fmt: LeagueFormat, roster: Roster) -> tuple[str, ...]:
    """The :data:`PURCHASE_ITEMS` a team of ``roster`` may ever buy after its
    draft (:func:`purchase_unit_price`), in their order: what a buy form
    offers."""
    return tuple(
        item
        for item in PURCHASE_ITEMS
        if purchase_unit_price(fmt, roster, item) is not None
    )


def purchase_check(
    fmt: LeagueFormat,
    roster: Roster,
    *,
    item: str,
    quantity: int,
    staff: Staff,
    treasury: int,
) -> int:
    """Validate buying ``quantity`` of ``item`` after the draft; return the
    price. Dedicated Fans can only be bought at the draft in both formats, and
    Sevens teams cannot buy re-rolls after the draft.

    Decision: a trophy's free re-rolls (``Staff.trophy_rerolls``) are not
    counted towards the team re-roll limit: the League Trophy's is added
    "to its Team Draft list ... without having to spend any gold pieces"
    and may take a team past its 8, so a champion holding it may still buy
    up to 8 of its own."""
    if item == "dedicated_fans":
        raise DraftError(
            [
                Violation(
                    "fans_after_draft",
                    "item",
                    "Dedicated Fans can only be bought when the team is drafted",
                )
            ]
        )
    if item not in PURCHASE_ITEMS:
        raise DraftError(
            [Violation("unknown_item", "item", f"{item!r} cannot be bought")]
        )
    if quantity < 1:
        raise DraftError([Violation("min_value", "quantity", "buy at least one")])
    if item == "rerolls":
        unit = fmt.reroll_cost(roster, at_draft=False)
        if unit is None:
            raise DraftError(
                [
                    Violation(
                        "rerolls_after_draft",
                        "item",
                        f"{fmt.label} teams can buy team re-rolls only at the draft",
                    )
                ]
            )
        limit, what = fmt.max_rerolls, "team re-rolls"
        have = max(0, staff.rerolls - staff.trophy_rerolls)
        if staff.trophy_rerolls:
            what += f" besides the trophy's {staff.trophy_rerolls}"
    elif item == "apothecary":
        price = fmt.staff_cost(roster, "apothecary")
        if price is None:
            raise DraftError(
                [
                    Violation(
                        "apothecary_not_allowed",
                        "item",
                        f"{roster.name} teams cannot hire an apothecary",
                    )
                ]
            )
        unit, limit, have, what = price, 1, int(staff.apothecary), "apothecary"
    else:
        key = "assistant_coach" if item == "assistant_coaches" else "cheerleader"
        unit = fmt.staff_cost(roster, key) or 0
        if item == "assistant_coaches":
            limit, have = fmt.max_assistant_coaches, staff.assistant_coaches
        else:
            limit, have = fmt.max_cheerleaders, staff.cheerleaders
        what = item.replace("_", " ")
    violations: list[Violation] = []
    if have + quantity > limit:
        code = "staff_limit" if item != "rerolls" else "reroll_limit"
        violations.append(
            Violation(
                code, "quantity", f"a team may have at most {limit} {what} (has {have})"
            )
        )
    price = unit * quantity
    if price > treasury:
        violations.append(_over_budget(price, treasury))
    if violations:
        raise DraftError(violations)
    return price


def staff_fire_check(*, item: str, quantity: int, staff: Staff) -> int:
    """Validate firing ``quantity`` of the Sideline Staff ``item``: only
    what the team has can go (an apothecary is one or none). Returns how
    many are left; firing refunds nothing, so there is no price."""
    if item in ("rerolls", "dedicated_fans"):
        what = "Team re-rolls" if item == "rerolls" else "Dedicated Fans"
        raise DraftError(
            [
                Violation(
                    "not_sideline_staff",
                    "item",
                    f"{what} are not Sideline Staff: they cannot be fired",
                )
            ]
        )
    if item not in SIDELINE_STAFF:
        raise DraftError(
            [Violation("unknown_item", "item", f"{item!r} is not Sideline Staff")]
        )
    if quantity < 1:
        raise DraftError([Violation("min_value", "quantity", "fire at least one")])
    have = int(staff.apothecary) if item == "apothecary" else getattr(staff, item)
    if quantity > have:
        one, many = _STAFF_NAMES[item]
        has = f"no {one}" if have == 0 else f"{have} {one if have == 1 else many}"
        raise DraftError(
            [
                Violation(
                    "not_enough_staff",
                    "quantity",
                    f"the team has {has}: it cannot fire {quantity}",
                )
            ]
        )
    return have - quantity


def team_value(
    fmt: LeagueFormat,
    roster: Roster,
    *,
    players: Iterable[tuple[int, bool]],
    rerolls: int,
    assistant_coaches: int,
    cheerleaders: int,
    apothecary: bool,
) -> TeamValue:
    """TV and CTV ("Team Value", Rules and Regulations).

    ``players`` are (current value, misses next game) for every player still
    on the roster. TV adds players, re-rolls (at the format's value), and
    sideline staff; Dedicated Fans and the treasury add nothing. CTV is TV
    without the players who miss the next game.

    Decision: the re-draft's errata line says carried-over Dedicated Fans
    "will still affect a team's Team Value", but the Team Value the rules
    define (Rules and Regulations "Team Value", post-game_sequence.md step 6)
    adds up players, Sideline Staff and re-rolls only, and names no value
    for a Dedicated Fan; the definition stands, so fans add nothing.
    """
    staff = (
        rerolls * fmt.reroll_value(roster)
        + assistant_coaches * (fmt.staff_cost(roster, "assistant_coach") or 0)
        + cheerleaders * (fmt.staff_cost(roster, "cheerleader") or 0)
        + (fmt.staff_cost(roster, "apothecary") or 0) * int(apothecary)
    )
    tv = staff
    missing = 0
    for value, misses_next_game in players:
        tv += value
        if misses_next_game:
            missing += value
    return TeamValue(tv=tv, ctv=tv - missing)


def suggest_draft(
    fmt: LeagueFormat, roster: Roster, *, target_players: int | None = None
) -> DraftRequest:
    """A sensible legal draft for ``roster``: up to two of each positional
    (within the format's non-Lineman cap), the rest Linemen, then team
    re-rolls and an apothecary with what is left; never a position whose
    skill the match engine does not play (:func:`unplayed_skills`). Used by
    the demo and by the engine's command-line tools."""
    count = target_players or (fmt.min_players + (1 if fmt.max_players > 11 else 0))
    lines = [p for p in roster.lineman_positions if not unplayed_skills(fmt, p)]
    lineman = min(lines or roster.lineman_positions, key=lambda p: p.cost)
    reroll = fmt.reroll_cost(roster, at_draft=True) or 0
    reserve = reroll  # keep room for at least one re-roll
    chosen: list[Position] = []
    cap = fmt.max_non_linemen if fmt.max_non_linemen is not None else count
    # Room left on each quantity line several positions share.
    room = {limit.slug: limit.max for limit in roster.shared_limits}
    line_of = {s: limit.slug for limit in roster.shared_limits for s in limit.positions}
    for position in roster.positions:
        if position.lineman or unplayed_skills(fmt, position):
            continue
        line = line_of.get(position.slug)
        for _ in range(min(position.max, 2)):
            if len(chosen) >= min(cap, count - 1):
                break
            if line is not None and room[line] < 1:
                break
            slots_left = count - len(chosen) - 1
            spent = sum(p.cost for p in chosen) + position.cost
            if spent + slots_left * lineman.cost + reserve > fmt.budget:
                break
            chosen.append(position)
            if line is not None:
                room[line] -= 1
    chosen += [lineman] * (count - len(chosen))
    spent = sum(p.cost for p in chosen)
    rerolls = min(fmt.max_rerolls, 3, (fmt.budget - spent) // reroll if reroll else 0)
    spent += rerolls * reroll
    apothecary_price = fmt.staff_cost(roster, "apothecary")
    apothecary = apothecary_price is not None and spent + apothecary_price <= fmt.budget
    numbered: dict[str, int] = {}
    players = []
    for position in chosen:
        numbered[position.slug] = numbered.get(position.slug, 0) + 1
        players.append((position.slug, f"{position.name} {numbered[position.slug]}"))
    # Decision: where the roster offers a choice of special rule, the
    # suggested draft takes the first one listed.
    choice = roster.special_rule_choice[0] if roster.special_rule_choice else None
    return DraftRequest(
        players=tuple(players),
        rerolls=rerolls,
        apothecary=apothecary,
        special_rule=choice,
    )
