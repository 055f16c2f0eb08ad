"""Inducements: what each side may buy before a match, and buying it.

Petty cash goes to the team with the lower Current Team Value. In BB2020
(errata to "4. Inducements") the higher-CTV team buys first, from its
treasury only, and the lower team's petty cash is the CTV difference plus
what the other side spent; in Sevens (seed 004) petty cash is the plain
difference and both teams may add treasury, in any order. Unused petty
cash is lost. The underdog's Prayers to Nuffle are counted from the CTVs
after inducements when the match kicks off.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from engine.facade import (
    BUGMAN,
    BUGMAN_ID_BASE,
    CATEGORY_LETTERS,
    DESPERATE_MEASURES,
    MERCENARY_ID_BASE,
    STAR_ID_BASE,
    CampaignError,
    InducementPurchase,
    MercenaryHire,
    PlayerSheet,
    RulesData,
    SeededRoller,
    Variant,
    available_inducements,
    bugman_sheet,
    contested_stars,
    find_star,
    inducement_budget,
    inducement_catalogue,
    journeyman_position,
    journeymen_needed,
    mercenary_price,
    mercenary_sheet,
    mercenary_violations,
    prayers_to_nuffle,
    roll_desperate_measures,
    rules_data,
    star_hire_violations,
    star_places,
    star_sheets,
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


def _require_ready(teams: dict[int, Team]) -> None:
    """Decision: a team still in another game (or not ready) has no CTV for
    this one yet, and both budgets read both CTVs (the petty cash is their
    difference), so neither side buys until both teams are ready to play,
    as at kick-off (``team_busy``); their open post-games were ended before
    this (the pre-game comes after them)."""
    for team in teams.values():
        if team.status != Team.Status.READY:
            raise ServiceError.one(
                "team_busy",
                None,
                f"{team.name} is {team.get_status_display().lower()}, not ready "
                "to play: inducements wait until both teams are between games",
            )


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
    _require_ready(teams)
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


def ctv_after_inducements(
    snap: dict[str, Any], record: MatchInducements | None, rookies: set[int]
) -> int:
    """The CTV the Prayers to Nuffle compare: the kick-off snapshot's plus
    what was bought. Decision: Riotous Rookies count at their price (in the
    record's total), not again at the values of the journeymen they
    brought (``rookies``: those players' ids)."""
    rookie_value = sum(int(p["value"]) for p in snap["players"] if p["id"] in rookies)
    return int(snap["ctv"]) - rookie_value + (record.total if record else 0)


def inducements_for_engine(
    match: Match, home: dict[str, Any], away: dict[str, Any]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Each side's in-match inducements (counts by slug), the prayers
    (``prayers``: the underdog's from the CTVs at kick-off plus what each
    side bought, or, where they are an inducement, the ones bought), and the
    Sevens Desperate Measures rolled at purchase
    (``desperate_measure_results``)."""
    bought = {i.team_id: i for i in MatchInducements.objects.filter(match=match)}
    rookies = {
        pid
        for payload in match.events.filter(type="riotous_rookies").values_list(
            "payload", flat=True
        )
        for pid in payload["player_ids"]
    }
    counts: list[dict[str, Any]] = []
    totals = []
    for snap in (home, away):
        record = bought.get(int(snap["team_id"]))
        lines = record.lines if record else []
        counts.append({line["slug"]: int(line["count"]) for line in lines})
        results = [r for line in lines for r in line.get("results", ())]
        if results:
            counts[-1]["desperate_measure_results"] = results
        totals.append(ctv_after_inducements(snap, record, rookies))
    # BB2025: Prayers to Nuffle are an inducement, not the underdog's due
    prayers = (
        prayers_to_nuffle(totals[0], totals[1])
        if _variant(match).underdog_prayers
        else (
            counts[0].get("prayers_to_nuffle", 0),
            counts[1].get("prayers_to_nuffle", 0),
        )
    )
    counts[0]["prayers"], counts[1]["prayers"] = prayers
    return counts[0], counts[1]


def match_mercenaries(
    match: Match,
    snapshots: dict[int, dict[str, Any]],
    records: Sequence[MatchInducements],
) -> dict[int, list[PlayerSheet]]:
    """Each team's mercenaries for this match (team id -> sheets), from its
    inducement lines: ids from :data:`MERCENARY_ID_BASE` up (home first),
    shirt numbers after the highest on the kick-off roster."""
    data = rules_data(match.season.settings["rules_version"])
    out: dict[int, list[PlayerSheet]] = {match.home_id: [], match.away_id: []}
    by_team = {r.team_id: r for r in records}
    for offset, team_id in ((0, match.home_id), (100, match.away_id)):
        record, snap = by_team.get(team_id), snapshots.get(team_id)
        if record is None or snap is None:
            continue
        roster = data.rosters[str(snap["roster"])]
        number = max((int(p["number"]) for p in snap["players"]), default=0)
        for line in record.lines:
            if line["slug"] != "mercenaries" or not line.get("position"):
                continue
            hire = MercenaryHire(str(line["position"]), line.get("skill") or None)
            for _ in range(int(line["count"])):
                number += 1
                out[team_id].append(
                    mercenary_sheet(
                        roster,
                        hire,
                        player_id=MERCENARY_ID_BASE + offset + len(out[team_id]),
                        number=number,
                    )
                )
    return out


def match_star_players(
    match: Match,
    snapshots: dict[int, dict[str, Any]],
    records: Sequence[MatchInducements],
    *,
    numbers_taken: dict[int, int] | None = None,
) -> dict[int, list[PlayerSheet]]:
    """Each team's Star Players for this match (team id -> sheets), from its
    inducement lines: ids from :data:`STAR_ID_BASE` up (home first), shirt
    numbers after the kick-off roster's highest and the ``numbers_taken``
    (mercenaries). A star both teams hired plays for neither: the league
    rule (inducements_in_detail.md "0-2 Star Players")."""
    data = rules_data(match.season.settings["rules_version"])
    hired = _fielded_hires(match, records)
    out: dict[int, list[PlayerSheet]] = {match.home_id: [], match.away_id: []}
    for offset, team_id in ((0, match.home_id), (100, match.away_id)):
        snap = snapshots.get(team_id)
        if snap is None:
            continue
        number = max((int(p["number"]) for p in snap["players"]), default=0)
        number += (numbers_taken or {}).get(team_id, 0)
        for key in hired[team_id]:
            star = find_star(data, key)
            if star is None:
                continue
            sheets = star_sheets(
                star,
                first_id=STAR_ID_BASE + offset + len(out[team_id]),
                first_number=number + 1,
            )
            number += len(sheets)
            out[team_id].extend(sheets)
    return out


def _fielded_hires(
    match: Match, records: Sequence[MatchInducements]
) -> dict[int, list[str]]:
    """Each team's Star Player hires (slugs) that take the field: a star
    both teams hired plays for neither (the league rule)."""
    by_team = {r.team_id: r for r in records}
    hired: dict[int, list[str]] = {}
    for team_id in (match.home_id, match.away_id):
        record = by_team.get(team_id)
        hired[team_id] = [
            str(line["star_player"])
            for line in (record.lines if record else [])
            if line["slug"] == "star_players" and line.get("star_player")
        ]
    contested = contested_stars(hired[match.home_id], hired[match.away_id])
    return {t: [s for s in slugs if s not in contested] for t, slugs in hired.items()}


def match_fielded_stars(match: Match) -> dict[str, int]:
    """The Star Players who take the field in ``match``, each player (a
    pair's two by their own slugs, e.g. "grak", "crumbleberry") with the id
    of the team that hired him: what a report may name."""
    data = rules_data(match.season.settings["rules_version"])
    hired = _fielded_hires(match, list(MatchInducements.objects.filter(match=match)))
    out: dict[str, int] = {}
    for team_id, slugs in hired.items():
        for slug in slugs:
            star = find_star(data, slug)
            for member in star.members if star is not None else ():
                out[member.slug] = team_id
    return out


def match_hired_players(
    match: Match,
    snapshots: dict[int, dict[str, Any]],
    records: Sequence[MatchInducements],
) -> dict[int, list[PlayerSheet]]:
    """Everyone hired for this match only (team id -> sheets): each team's
    mercenaries, then its Star Players, then Josef Bugman (who only plays
    if the team cannot field 11). They join the team sheet for the engine
    and the replay's cast."""
    mercenaries = match_mercenaries(match, snapshots, records)
    stars = match_star_players(
        match,
        snapshots,
        records,
        numbers_taken={t: len(sheets) for t, sheets in mercenaries.items()},
    )
    out = {team_id: mercenaries[team_id] + stars[team_id] for team_id in mercenaries}
    bugman = [
        r.team_id
        for r in records
        if r.team_id in out and any(line["slug"] == BUGMAN for line in r.lines)
    ]
    # As with Star Players, a Bugman both teams hired in a league helps
    # neither, and keeps both fees.
    if len(bugman) == 1:
        team_id = bugman[0]
        numbers = [int(p["number"]) for p in snapshots[team_id]["players"]]
        numbers += [s.number for s in out[team_id]]
        out[team_id] = out[team_id] + [
            bugman_sheet(BUGMAN_ID_BASE + team_id, max(numbers, default=0) + 1)
        ]
    return out
