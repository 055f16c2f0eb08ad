"""Inducements: what each side may buy before a match, and buying it.

Petty cash goes to the team with the lower Current Team Value. In BB2020
(errata to "4. Inducements") the higher-CTV team buys first, from its
treasury only, and the lower team's petty cash is the CTV difference plus
what the other side spent; in Sevens (seed 004) petty cash is the plain
difference and both teams may add treasury, in any order. Unused petty
cash is lost. What was bought takes the field through
:mod:`matches.prematch.fielded`; the pre-game the first purchase starts is
:mod:`matches.prematch.pregame`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from engine.facade import (
    CATEGORY_LETTERS,
    DESPERATE_MEASURES,
    CampaignError,
    InducementPurchase,
    MercenaryHire,
    RulesData,
    SeededRoller,
    Variant,
    available_inducements,
    find_star,
    inducement_budget,
    inducement_catalogue,
    journeyman_position,
    journeymen_needed,
    mercenary_price,
    mercenary_violations,
    roll_desperate_measures,
    rules_data,
    star_hire_violations,
    star_places,
    validate_inducements,
)
from league.access import team_require_write
from league.errors import ServiceError
from league.models import Player, Team, TreasuryEntry
from league.page_cache import league_cache_bump
from league.rules import settings_rules
from league.selectors import (
    team_detail_qs,
    team_roster_players,
    team_special_rules,
    team_value_get,
)
from league.services.treasury import treasury_debit
from matches.events import match_events_append
from matches.models import Match, MatchInducements
from matches.prematch.pregame import pregame_require_free
from matches.seasons.offseason import match_require_redrafted
from matches.seasons.services import match_seed


@dataclass(frozen=True, slots=True)
class Side:
    """One team's view of the inducement step."""

    team: Team
    ctv: int
    petty_cash: int
    treasury_available: int
    bought: MatchInducements | None
    # The higher-CTV team buys first where its spending adds to the other
    # side's petty cash (BB2020), so the lower team waits for it.
    must_wait: bool


def _variant(match: Match) -> Variant:
    return settings_rules(match.season.settings).variant


def inducement_line_name(match: Match, team: Team, line: dict[str, Any]) -> str:
    """A line of inducements bought, as the rules name it: "Bribes", a
    Star Player's name, "Mercenaries: Blitzer with Block", the Sevens
    Desperate Measures with what they rolled."""
    version = str(match.season.settings["rules_version"])
    data = rules_data(version)
    if line.get("star_player"):
        star = find_star(data, str(line["star_player"]))
        return star.name if star is not None else str(line["star_player"])
    spec = inducement_catalogue(_variant(match)).get(str(line["slug"]))
    name = spec.name if spec is not None else str(line["slug"])
    if line.get("position"):
        position = data.rosters[team.roster].position(str(line["position"])).name
        extra = data.skills[line["skill"]].name if line.get("skill") else ""
        name = f"{name}: {position}" + (f" with {extra}" if extra else "")
    if line.get("results"):  # Sevens Desperate Measures, rolled when bought
        rolled = ", ".join(DESPERATE_MEASURES[int(r) - 1] for r in line["results"])
        name = f"{name} (rolled: {rolled})"
    return name


def ctv_for_match(team: Team) -> int:
    """CTV as the team will take the field: last game's journeymen (still on
    the roster until kick-off, in case the coach hires them) are replaced by
    the journeymen it will actually need for this game."""
    value = team_value_get(team)
    on_roster = team_roster_players(team)
    old_journeymen = sum(
        p.value
        for p in on_roster
        if p.journeyman and p.status == Player.Status.ACTIVE and not p.miss_next_game
    )
    available = sum(
        1
        for p in on_roster
        if not p.journeyman
        and p.status == Player.Status.ACTIVE
        and not p.miss_next_game
    )
    roster = rules_data(team.league.rules_version).rosters[team.roster]
    needed = journeymen_needed(team.league.format, available)
    return value.ctv - old_journeymen + needed * journeyman_position(roster).cost


def inducement_sides(match: Match) -> tuple[Side, Side]:
    """Both teams' budgets for ``match`` as things stand; refused in a
    team-card format (Blitz Bowl), which has no inducements."""
    if _variant(match).drafts_team_card:
        raise ServiceError.one(
            "card_format", None, "a team-card format's match has no inducements"
        )
    teams = {
        t.pk: t for t in team_detail_qs().filter(pk__in=[match.home_id, match.away_id])
    }
    bought = {i.team_id: i for i in MatchInducements.objects.filter(match=match)}
    ctv = {pk: ctv_for_match(t) for pk, t in teams.items()}
    fmt = _variant(match)
    buys_in_order = fmt.petty_cash_includes_spending
    sides = []
    for us, them in ((match.home_id, match.away_id), (match.away_id, match.home_id)):
        spent_by_them = bought[them].treasury_used if them in bought else 0
        lower = ctv[us] < ctv[them]
        if buys_in_order and not lower:
            spent_by_them = 0
        budget = inducement_budget(
            fmt,
            ctv[us],
            ctv[them],
            teams[us].treasury,
            opponent_treasury_spent=spent_by_them,
        )
        sides.append(
            Side(
                team=teams[us],
                ctv=ctv[us],
                petty_cash=budget.petty_cash,
                treasury_available=budget.treasury_available,
                bought=bought.get(us),
                must_wait=buys_in_order and lower and them not in bought,
            )
        )
    return sides[0], sides[1]


def inducement_offer(side: Side, match: Match) -> list[dict[str, Any]]:
    """The catalogue this team may buy from, with prices for its rules."""
    roster = rules_data(match.season.settings["rules_version"]).rosters[
        side.team.roster
    ]
    team_rules = team_special_rules(side.team)
    priced = available_inducements(
        _variant(match), team_rules, roster.apothecary, roster=roster.slug
    )
    offer = []
    for spec, price in priced:
        if spec.slug == "star_players":
            continue  # listed below with the roster's own star players
        if price is None and spec.slug != "mercenaries":
            continue  # priced per hire (wizards, famous staff): not offered
        entry: dict[str, Any] = {
            "slug": spec.slug,
            "name": spec.name,
            "max": spec.limit(team_rules),
            "price": price,
        }
        if spec.slug == "mercenaries":
            entry["choices"] = [
                {
                    "position": p.slug,
                    "name": p.name,
                    "price": mercenary_price(p.cost),
                    "with_skill": mercenary_price(p.cost, extra_skill=True),
                    "primary": [CATEGORY_LETTERS[c] for c in p.primary],
                }
                for p in roster.positions
            ]
        offer.append(entry)
    star_spec = next((spec for spec, _ in priced if spec.slug == "star_players"), None)
    if star_spec is not None:  # BB2020 only: Sevens has no Star Players
        offer.append(
            {
                "slug": "star_players",
                "name": star_spec.name,
                "max": star_spec.max_count,
                "price": None,
                "choices": [
                    {
                        "slug": s.slug,
                        "name": s.name,
                        "price": s.cost,
                        "players": len(s.members),
                        "special_rule": s.rule_name,
                    }
                    for s in rules_data(
                        match.season.settings["rules_version"]
                    ).stars_for(team_rules)
                ],
            }
        )
    return offer


def _squad(team: Team) -> list[str]:
    """The positions of the players who can play the next match (not
    missing it, not last game's journeymen, who leave at kick-off)."""
    return list(
        Player.objects.filter(
            team=team,
            status=Player.Status.ACTIVE,
            miss_next_game=False,
            journeyman=False,
        ).values_list("position", flat=True)
    )


def _star_slug(data: RulesData, key: str | None) -> str | None:
    """Star lines store the hire's slug, whether the buyer named it by slug
    or by name."""
    if not key:
        return None
    star = find_star(data, key)
    return star.slug if star is not None else key


@dataclass(frozen=True, slots=True)
class Purchase:
    slug: str
    count: int = 1
    star_player: str | None = None  # for "star_players"
    position: str | None = None  # for "mercenaries": the roster position hired
    skill: str | None = None  # for "mercenaries": one extra Primary skill


# The most of one line (the API's cap too): above any item's limit or squad
# room, and few enough for a line's hires to be listed one by one.
PURCHASE_COUNT_MAX = 20

# The fields only one kind of line takes: (field, the line's slug).
_OWN_FIELDS = (
    ("star_player", "star_players"),
    ("position", "mercenaries"),
    ("skill", "mercenaries"),
)


def _require_own_fields(index: int, item: Purchase) -> None:
    """A count from 1 to ``PURCHASE_COUNT_MAX``; a Star Player named only on
    a Star Players line, a position and a skill only on a Mercenaries line
    (elsewhere they would be stored and named on the line as if hired)."""
    if not 1 <= item.count <= PURCHASE_COUNT_MAX:
        raise ServiceError.one(
            "out_of_range",
            f"items.{index}.count",
            f"ask for 1 to {PURCHASE_COUNT_MAX} at a time",
        )
    for name, slug in _OWN_FIELDS:
        if getattr(item, name) and item.slug != slug:
            raise ServiceError.one(
                "not_applicable",
                f"items.{index}.{name}",
                f"only a {slug.replace('_', ' ')} line takes a {name.replace('_', ' ')}",
            )


def _teams_for_update(match: Match) -> dict[int, Team]:
    """Both teams of ``match`` by id, locked in id order: the budgets read
    both, and neither's roster may change while a purchase is recorded."""
    return {
        t.pk: t
        for t in Team.objects.select_for_update(of=("self",))
        .select_related("league")
        .filter(pk__in=[match.home_id, match.away_id])
        .order_by("pk")
    }


def _require_ready(match: Match, teams: dict[int, Team]) -> None:
    """Decision: a team still in another game (or not ready) has no CTV for
    this one yet, and both budgets read both CTVs (the petty cash is their
    difference), so neither side buys until both teams are ready to play,
    as at kick-off (``team_busy``); their open post-games were ended before
    this (the pre-game comes after them). A team in the pre-game of another
    match is busy too (:func:`matches.prematch.pregame.pregame_require_free`).
    Nor is a pre-game started for a match that will not kick off while a
    team owes its re-draft (``redraft_required``,
    :func:`matches.seasons.offseason.match_require_redrafted`): its treasury
    would pay for a game it may not play with that roster."""
    for team in teams.values():
        if team.status != Team.Status.READY:
            raise ServiceError.one(
                "team_busy",
                None,
                f"{team.name} is {team.get_status_display().lower()}, not ready "
                "to play: inducements wait until both teams are between games",
            )
    pregame_require_free(match, teams.values())
    match_require_redrafted(match)


@transaction.atomic
def match_buy_inducements(
    *, match_id: int, team_id: int, items: Sequence[Purchase], actor: AbstractBaseUser
) -> MatchInducements:
    """Record a team's inducements for a match (once), paying petty cash
    first and the rest from the treasury."""
    match = Match.objects.select_for_update().select_related("season").get(pk=match_id)
    if team_id not in (match.home_id, match.away_id):
        raise ServiceError.one(
            "unknown_team", "team", "that team does not play this match"
        )
    teams = _teams_for_update(match)
    team = teams[team_id]
    team_require_write(actor, team)
    if match.status != Match.Status.SCHEDULED:
        raise ServiceError.one(
            "match_started", None, "inducements are bought before kick-off"
        )
    _require_ready(match, teams)
    home, away = inducement_sides(match)
    side = home if team_id == match.home_id else away
    if side.bought is not None:
        raise ServiceError.one(
            "already_bought", None, f"{team.name} has bought its inducements"
        )
    if side.must_wait:
        raise ServiceError.one(
            "opponent_first",
            None,
            "the team with the higher team value buys its inducements first",
        )
    data = rules_data(match.season.settings["rules_version"])
    roster = data.rosters[team.roster]
    team_rules = team_special_rules(team)
    purchases = []
    hires: list[tuple[int, MercenaryHire]] = []
    star_hires: list[tuple[int, str]] = []
    for index, item in enumerate(items):
        _require_own_fields(index, item)
        unit = None
        if item.slug == "star_players":
            # One line per star: "count" would hire the same star twice.
            star_hires += [(index, str(item.star_player or ""))] * item.count
            star = find_star(data, str(item.star_player or ""))
            unit = star.cost if star is not None else 0
        elif item.slug == "mercenaries":
            hire = MercenaryHire(str(item.position or ""), item.skill or None)
            hires += [(index, hire)] * item.count
            position = next(
                (p for p in roster.positions if p.slug == item.position), None
            )
            unit = mercenary_price(
                position.cost if position else 0, extra_skill=hire.skill is not None
            )
        purchases.append(InducementPurchase(item.slug, item.count, unit))
    squad = _squad(team)
    chosen_stars = [find_star(data, key) for _, key in star_hires]
    violations = star_hire_violations(
        _variant(match),
        data,
        team_rules,
        len(squad),
        star_hires,
        mercenaries=len(hires),
    )
    if hires:
        violations += mercenary_violations(
            _variant(match),
            roster,
            squad,
            hires,
            data.skills,
            star_players=star_places([s for s in chosen_stars if s is not None]),
        )
    if violations:
        # Stars and mercenaries are counted together: report the total once.
        seen: set[tuple[str, str | None]] = set()
        unique = []
        for v in violations:
            if (v.code, v.field) not in seen:
                seen.add((v.code, v.field))
                unique.append(v)
        raise ServiceError(unique)
    try:
        cost = validate_inducements(
            _variant(match),
            team_rules,
            roster.apothecary,
            purchases,
            side.petty_cash,
            side.treasury_available,
            star_players=[s.slug for s in chosen_stars if s is not None],
            roster=roster.slug,
        )
    except CampaignError as exc:
        # The validator names "purchases[i]": the API calls them items.i.
        field = str(exc.field or "")
        if field.startswith("purchases["):
            field = "items." + field[len("purchases[") :].rstrip("]")
        elif field == "purchases":
            field = "items"
        raise ServiceError.one(exc.code, field or "items", str(exc)) from None
    lines = [
        {
            "slug": line.slug,
            "count": line.count,
            "unit_price": line.unit_price,
            "cost": line.cost,
            "star_player": _star_slug(data, items[i].star_player),
            "position": items[i].position,
            "skill": items[i].skill,
        }
        for i, line in enumerate(cost.lines)
    ]
    desperate = _roll_desperate_measures(match, team, lines)
    record = MatchInducements.objects.create(
        match=match,
        team=team,
        lines=lines,
        total=cost.total,
        petty_cash=side.petty_cash,
        petty_cash_used=cost.petty_cash_used,
        treasury_used=cost.treasury_used,
        created_by=actor,
    )
    if cost.treasury_used:
        treasury_debit(
            team=team,
            amount=cost.treasury_used,
            reason=TreasuryEntry.Reason.INDUCEMENTS,
            note=f"inducements for {match}",
            cause=match,
            actor=actor,
        )
    match_events_append(
        match,
        [
            (
                "inducements",
                {
                    "team_id": team.pk,
                    "lines": record.lines,
                    "total": cost.total,
                    "petty_cash": side.petty_cash,
                    "petty_cash_used": cost.petty_cash_used,
                    "treasury_used": cost.treasury_used,
                    "petty_cash_lost": cost.petty_cash_lost,
                },
            )
        ]
        + desperate,
    )
    league_cache_bump(team.league_id)
    return record


DESPERATE = "desperate_measures"


def _roll_desperate_measures(
    match: Match, team: Team, lines: list[dict[str, Any]]
) -> list[tuple[str, dict[str, Any]]]:
    """Sevens Desperate Measures: a D8 per measure bought, re-rolling
    duplicates, noted on each line (``results``) and in a
    ``desperate_measures`` match event (the returned rows).

    Decision: rolled here, when they are bought, as the rules say (the
    coach notes the results before the game, and both coaches can see
    them), with dice seeded from the match's seed and the team, so the same
    season seed always gives the same results and a resolved match,
    which reads them from the line, is reproducible."""
    count = sum(int(line["count"]) for line in lines if line["slug"] == DESPERATE)
    if not count:
        return []
    roller = SeededRoller(match_seed(match.seed, DESPERATE, team.pk))
    results, rolls = roll_desperate_measures(count, roller)
    taken = 0
    for line in lines:
        if line["slug"] == DESPERATE:
            line["results"] = list(results[taken : taken + int(line["count"])])
            taken += int(line["count"])
    return [
        (
            DESPERATE,
            {
                "team_id": team.pk,
                "dice": [r[2] for r in rolls],
                "results": list(results),
                "names": [DESPERATE_MEASURES[r - 1] for r in results],
            },
        )
    ]
