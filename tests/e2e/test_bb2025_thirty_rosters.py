"""A Blood Bowl 2025 league of all 30 rosters, run through the REST API
alone as a commissioner and 30 coaches would: the league created naming the
edition, each coach invited and drafting one roster with the starting
treasury, a round robin of the 30 teams scheduled, its first round (every
team plays once) resolved by the engine with the post-game run by the
(eager) Celery tasks, then checked against the edition's rules
(``shared/rules/bb2025/tables.md``): winnings with the no-stalling bonus,
Star Player Points, the standings, an advancement at the edition's cost, and
the league's and every team's page naming the edition.

The draft of each roster is ``draft_plan`` of
``tests/matches/test_bb2025_league.py`` (eleven players, two re-rolls, an
apothecary where allowed, at the prices of the roster files); the draft's
refusals are tested there."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model

from engine.core.rules_data import rules_data
from tests.factories import UserFactory
from tests.matches.test_bb2025_league import BUDGET, RAW, draft_plan
from tests.world import api_as, invite_members

EDITION = "Blood Bowl (2025)"
# tables.md "Star Player Points" (no SPP for a Deflection), and Brawlin'
# Brutes (DECIDE 16): a touchdown 2 SPP, a casualty 3.
SPP = {
    "completions": 1,
    "successful_landings": 1,
    "interceptions": 2,
    "deflections": 0,
    "casualties_inflicted": 2,
    "touchdowns": 3,
}
BRUTES = {**SPP, "casualties_inflicted": 3, "touchdowns": 2}
MVP_SPP = 4
# tables.md "Advancement costs", an Experienced player (no advancement yet):
# random Primary 3, chosen Primary 6, chosen Secondary 10, characteristic 14.
EXPERIENCED = {
    "random_primary": 3,
    "chosen_primary": 6,
    "chosen_secondary": 10,
    "characteristic": 14,
}
# tables.md "Current Value increases": a Primary skill +20,000 (+10,000 more
# for an Elite skill: Block, Dodge, Guard, Mighty Blow).
PRIMARY_VALUE = 20_000
ELITE = {"block", "dodge", "guard", "mighty-blow"}


def _all(client: Any, url: str) -> list[dict[str, Any]]:
    """Every row of a paged list."""
    rows: list[dict[str, Any]] = []
    page: str | None = url
    while page:
        body = client.get(page).json()
        rows += body["results"]
        page = body["next"]
    return rows


def _draft(coach: Any, league_id: int, slug: str) -> dict[str, Any]:
    players, cost = draft_plan(slug)
    choice = rules_data("bb2025").rosters[slug].special_rule_choice
    body: dict[str, Any] = {
        "league": league_id,
        "name": f"The {slug} team",
        "roster": slug,
        "players": [{"position": p, "name": f"{p} {i}"} for i, p in enumerate(players)],
        "rerolls": 2,
        "apothecary": RAW[slug]["apothecary"],
    }
    if choice:
        body["special_rule"] = choice[0]
    response = api_as(coach).post("/api/teams/", body, format="json")
    assert response.status_code == 201, (slug, response.json())
    team = response.json()
    # bought with the starting treasury, at the roster file's prices
    assert (team["roster"], team["treasury"], len(team["players"])) == (
        slug,
        BUDGET - cost,
        11,
    )
    return team


@pytest.mark.django_db(transaction=True)  # post-game tasks start on commit
def test_a_league_of_the_thirty_rosters_plays_its_first_round(client):
    commish = UserFactory(username="bb2025-commish")
    formats = api_as(None).get("/api/formats/").json()
    bb2025 = next(f for f in formats if f["slug"] == "bb2025")
    assert bb2025["name"] == EDITION
    slugs = sorted(bb2025["rosters"])
    assert slugs == sorted(RAW)
    assert len(slugs) == 30

    created = api_as(commish).post(
        "/api/leagues/", {"name": "Thirty Cup", "format": "bb2025"}, format="json"
    )
    assert created.status_code == 201, created.json()
    league = created.json()
    assert (league["format"], league["rules_version"]) == ("bb2025", "bb2025")
    lid = league["id"]

    coaches = [UserFactory(username=f"coach-{slug}") for slug in slugs]
    invite_members(commish, lid, coaches)
    teams = {
        slug: _draft(coach, lid, slug)
        for slug, coach in zip(slugs, coaches, strict=True)
    }

    season = api_as(commish).post(
        "/api/seasons/",
        {"league": lid, "name": "Season of Thirty", "seed": 2025},
        format="json",
    )
    assert season.status_code == 201, season.json()
    sid = season.json()["id"]
    scheduled = api_as(commish).post(f"/api/seasons/{sid}/schedule/")
    assert scheduled.status_code == 201, scheduled.json()
    fixtures = _all(api_as(None), f"/api/seasons/{sid}/matches/?limit=100")
    # a round robin of 30 teams: 29 rounds of 15 matches
    assert len(fixtures) == 30 * 29 // 2
    first = [m for m in fixtures if m["round"] == 1]
    assert len(first) == 15
    assert sorted(t for m in first for t in (m["home"], m["away"])) == sorted(
        t["id"] for t in teams.values()
    )

    resolve = api_as(commish).post(
        f"/api/seasons/{sid}/resolve/", {"scope": "round"}, format="json"
    )
    assert resolve.status_code == 202, resolve.json()
    progress = api_as(commish).get(resolve.json()["url"]).json()
    assert (progress["done"], progress["total"], progress["refused"]) == (15, 15, [])
    assert progress["finished"] is True

    played = [api_as(None).get(f"/api/matches/{m['id']}/").json() for m in first]
    sheets = {
        t["id"]: api_as(None).get(f"/api/teams/{t['id']}/").json()
        for t in teams.values()
    }
    points: dict[int, int] = {}
    for match in played:
        _check_postgame(match, sheets)
        points |= _points(match, league)
    _check_standings(sid, points)
    _check_advancement(sheets)
    _check_pages(client, lid, sheets)
    _check_a_stalling_report(fixtures, sheets)


def _check_postgame(match: dict[str, Any], sheets: dict[int, Any]) -> None:
    """A result and a complete post-game: the winnings of tables.md
    "Winnings", 10,000 x (Fan Attendance / 2 + own touchdowns + 1 for a
    team that did not stall), and each player's Star Player Points."""
    result = match["result"]
    assert (match["status"], match["postgame_step"]) == ("complete", "done")
    assert result["mode"] == "resolved"
    # no team conceded (a conceding team wins nothing: tested elsewhere)
    assert result["conceded_by"] is None
    events = api_as(None).get(f"/api/matches/{match['id']}/events/").json()
    team_of_player = {line["player_id"]: line["team"] for line in match["box_score"]}
    stalled = {
        team_of_player[e["payload"]["player"]]
        for e in events
        if e["type"] == "roll" and e["payload"]["purpose"] == "stalling"
    }
    attendance = result["home_fan_factor"] + result["away_fan_factor"]
    for side in ("home", "away"):
        team = match[side]
        expected = 5_000 * attendance + 10_000 * result[f"{side}_score"]
        expected += 0 if team in stalled else 10_000
        ledger = _all(api_as(None), f"/api/teams/{team}/ledger/")
        paid = [row["amount"] for row in ledger if row["reason"] == "winnings"]
        assert paid == [expected], (match["id"], side)
    prayers = {
        e["payload"]["player_id"]: e["payload"].get("prayers", 0)
        for e in events
        if e["type"] == "postgame_spp"
    }
    mvps = [line for line in match["box_score"] if line["mvp"]]
    # one MVP a team (tables.md: the MVP is drawn among the nominees)
    assert sorted(line["team"] for line in mvps) == sorted(
        (match["home"], match["away"])
    )
    for line in match["box_score"]:
        if line["hired"]:
            continue
        sheet = sheets[line["team"]]
        values = BRUTES if "brawlin-brutes" in sheet["special_rules"] else SPP
        # a statistic BB2025 does not record (Deflections) is null
        spp = sum(values[stat] * (line[stat] or 0) for stat in SPP)
        spp += MVP_SPP * line["mvp"] + prayers.get(line["player_id"], 0)
        assert line["spp"] == spp, (match["id"], line)
        player = next(
            (p for p in sheet["players"] if p["id"] == line["player_id"]), None
        )
        if line["casualty"] == "DEAD":
            # the dead leave the team sheet
            assert player is None
            continue
        assert player is not None, repr(line)
        assert player["spp"] == spp


def _points(match: dict[str, Any], league: dict[str, Any]) -> dict[int, int]:
    """Each team's league points from the match's score (3 / 1 / 0)."""
    result = match["result"]
    home, away = result["home_score"], result["away_score"]
    won, drawn, lost = (
        league["points_win"],
        league["points_draw"],
        league["points_loss"],
    )
    if home == away:
        return {match["home"]: drawn, match["away"]: drawn}
    winner, loser = (
        (match["home"], match["away"])
        if home > away
        else (match["away"], match["home"])
    )
    assert result["winner"] == winner
    return {winner: won, loser: lost}


def _check_standings(sid: int, points: dict[int, int]) -> None:
    rows = api_as(None).get(f"/api/seasons/{sid}/standings/").json()["rows"]
    assert len(rows) == 30
    assert {row["team"]: row["points"] for row in rows} == points
    assert {row["played"] for row in rows} == {1}
    ordered = [row["points"] for row in rows]
    assert ordered == sorted(ordered, reverse=True)


def _check_advancement(sheets: dict[int, Any]) -> None:
    """The player with most SPP (each team's MVP has 4) buys a random
    Primary skill at the Experienced cost."""
    team, player = max(
        ((t, p) for t in sheets.values() for p in t["players"]),
        key=lambda tp: (tp[1]["spp"], -tp[1]["id"]),
    )
    assert player["spp"] >= MVP_SPP
    menu = api_as(None).get(f"/api/players/{player['id']}/advancements/").json()
    assert (menu["level"], menu["next_level"]) == ("Rookie", "Experienced")
    # no random Secondary skill in this edition (DECIDE 20)
    assert menu["costs"] == EXPERIENCED
    offered = {o["kind"]: o for o in menu["options"]}
    assert "random_primary" in offered
    option = offered["random_primary"]
    coach = get_user_model().objects.get(username=team["coach"])
    ask = {"kind": "random_primary", "category": option["category"]}
    url = f"/api/players/{player['id']}/advancements/"
    bought = api_as(coach).post(url, ask, format="json")
    if bought.status_code == 202:
        # tables.md 11: two skills rolled, the coach keeps one (the SPP are
        # spent with the roll; the answer names both)
        rolled = bought.json()
        assert (rolled["spp_spent"], len(rolled["skills"])) == (
            EXPERIENCED["random_primary"],
            2,
        )
        bought = api_as(coach).post(
            url + "pending/", {"skill": rolled["skills"][0]}, format="json"
        )
    assert bought.status_code == 201, bought.json()
    after = api_as(None).get(f"/api/teams/{team['id']}/").json()
    now = next(p for p in after["players"] if p["id"] == player["id"])
    (gained,) = [s for s in now["skills"] if s["gained"]]
    bonus = 10_000 if gained["skill"] in ELITE else 0
    assert (now["spp"], now["value"]) == (
        player["spp"] - EXPERIENCED["random_primary"],
        player["value"] + PRIMARY_VALUE + bonus,
    )


def _check_pages(client: Any, lid: int, sheets: dict[int, Any]) -> None:
    page = client.get(f"/leagues/{lid}/")
    assert page.status_code == 200
    assert EDITION in page.content.decode()
    for team in sheets:
        page = client.get(f"/teams/{team}/")
        assert page.status_code == 200, team
        assert EDITION in page.content.decode(), team


def _check_a_stalling_report(
    fixtures: list[dict[str, Any]], sheets: dict[int, Any]
) -> None:
    """The bots did not stall in round 1: a coach's report of a round-2
    match names the away team on its Stalling line, which loses its
    no-stalling bonus (10,000 x (Fan Attendance / 2 + own touchdowns))
    while the home team keeps it."""
    match = next(m for m in fixtures if m["round"] == 2)
    home = sheets[match["home"]]
    scorer = next(
        p
        for p in home["players"]
        if p["status"] == "active" and not p["miss_next_game"]
    )
    coach = get_user_model().objects.get(username=home["coach"])
    reported = api_as(coach).post(
        f"/api/matches/{match['id']}/report/",
        {
            "home_score": 1,
            "away_score": 0,
            "players": [{"player_id": scorer["id"], "touchdowns": 1}],
            "stalled": [match["away"]],
        },
        format="json",
    )
    assert reported.status_code == 201, reported.json()
    result = reported.json()["result"]
    attendance = result["home_fan_factor"] + result["away_fan_factor"]
    for team, expected in (
        (match["home"], 5_000 * attendance + 10_000 * 1 + 10_000),
        (match["away"], 5_000 * attendance),
    ):
        ledger = _all(api_as(None), f"/api/teams/{team}/ledger/")
        paid = [row["amount"] for row in ledger if row["reason"] == "winnings"]
        assert paid[-1] == expected, team
