"""What was bought takes the field: each side's in-match inducements for
the engine, the Prayers to Nuffle counted from the CTVs after inducements,
and the players hired for one match (mercenaries, Star Players, Josef
Bugman) with their ids and shirt numbers. Buying them is
:mod:`matches.prematch.inducements`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.facade import (
    BUGMAN,
    BUGMAN_ID_BASE,
    MERCENARY_ID_BASE,
    STAR_ID_BASE,
    MercenaryHire,
    PlayerSheet,
    bugman_sheet,
    contested_stars,
    find_star,
    mercenary_sheet,
    prayers_to_nuffle,
    rules_data,
    star_sheets,
)
from league.rules import settings_rules
from matches.models import Match, MatchInducements


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
        if settings_rules(match.season.settings).variant.underdog_prayers
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
