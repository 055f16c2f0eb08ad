"""A BB2025 league from the draft to the standings: every one of the 30
rosters drafted through the service at the prices of its roster file
(``engine/data/bb2025/rosters/``, read here as plain JSON), a position whose
skill the engine does not play refused with nothing written, a season
scheduled and resolved by the bots, the post-game (winnings with the
no-stalling bonus, the edition's SPP), a D8 characteristic advancement, the
standings, and the API and pages naming the edition; a BB2020 league's
season keeps its own rules."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.campaign import Characteristic, drafting
from engine.campaign.drafting import unplayed_skills
from engine.core.rules_data import rules_data
from engine.variants import BB2025
from league.errors import ServiceError
from league.models import League, Player, Team, TreasuryEntry
from league.services.advancement import (
    PendingRoll,
    player_advance,
    player_advancement_choose,
)
from league.services.leagues import league_create
from league.services.teams import PlayerRequest, team_draft
from matches.models import MatchEvent, MatchInducements
from matches.resolution.resolve import match_resolve
from matches.seasons.selectors import season_standings
from tests.factories import make_member
from tests.matches.conftest import db_state, one_match
from tests.world import api_as

pytestmark = pytest.mark.django_db

ROSTERS = Path(__file__).resolve().parents[2] / "engine/data/bb2025/rosters"
RAW = {p.stem: json.loads(p.read_text()) for p in sorted(ROSTERS.glob("*.json"))}
BUDGET = 1_000_000
APOTHECARY = 50_000


@pytest.fixture
def league(alice) -> League:
    return league_create(commissioner=alice, name="Couronne Cup", format="bb2025")


def _playable(slug: str) -> list[dict[str, Any]]:
    roster = rules_data("bb2025").rosters[slug]
    return [
        raw
        for raw in RAW[slug]["positions"]
        if not unplayed_skills(BB2025, roster.position(raw["slug"]))
    ]


def _shared_room(slug: str) -> dict[str, int]:
    """How many more players each position may add under the roster's
    "Big Guys in total" lines (a position on no line: no limit)."""
    room: dict[str, int] = {}
    for line in RAW[slug].get("shared_limits", ()):
        for position in line["positions"]:
            room[position] = line["max"]
    return room


def draft_plan(slug: str) -> tuple[list[str], int]:
    """Eleven players (one of each other position while the budget lasts,
    then linemen) and what the draft costs with two re-rolls and an
    apothecary where allowed. Insignificant linemen (skills.md: no more of
    them than other players) leave room for six others."""
    raw = RAW[slug]
    fixed = 2 * raw["reroll_cost"] + (APOTHECARY if raw["apothecary"] else 0)
    positions = _playable(slug)
    lines = [p for p in positions if p["lineman"]] or [
        max(positions, key=lambda p: p["max"])
    ]
    small = any(s["skill"] == "insignificant" for p in lines for s in p["skills"])
    others_max = 6 if small else 4
    others = sorted((p for p in positions if p not in lines), key=lambda p: p["cost"])
    room = _shared_room(slug)
    line_cost = min(p["cost"] for p in lines)
    chosen: list[dict[str, Any]] = []
    for p in others * 2:
        if room.get(p["slug"], 1) < 1 or len(chosen) >= others_max:
            continue
        if sum(c is p for c in chosen) >= p["max"]:
            continue
        rest = (10 - len(chosen)) * line_cost  # the linemen still to come
        if sum(c["cost"] for c in chosen) + p["cost"] + fixed + rest > BUDGET:
            continue
        chosen.append(p)
        for line in raw.get("shared_limits", ()):
            if p["slug"] in line["positions"]:
                for q in line["positions"]:
                    room[q] = room.get(q, line["max"]) - 1
    for p in lines:
        while len(chosen) < 11 and sum(c is p for c in chosen) < p["max"]:
            chosen.append(p)
    assert len(chosen) == 11, f"{slug}: no eleven from {[p['slug'] for p in chosen]}"
    return [p["slug"] for p in chosen], fixed + sum(p["cost"] for p in chosen)


@pytest.mark.parametrize("slug", sorted(RAW))
def test_every_roster_drafts_at_its_prices(league, bob, slug):
    assert len(RAW) == 30
    make_member(league, bob)
    roster = rules_data("bb2025").rosters[slug]
    choice = roster.special_rule_choice[0] if roster.special_rule_choice else ""
    # every position of every BB2025 roster is played by the engine
    assert len(_playable(slug)) == len(RAW[slug]["positions"])
    plan = draft_plan(slug)
    players, cost = plan
    team = team_draft(
        league=league,
        coach=bob,
        name=slug,
        roster=slug,
        players=[PlayerRequest(p, f"{p} {i}") for i, p in enumerate(players)],
        rerolls=2,
        apothecary=RAW[slug]["apothecary"],
        special_rule=choice,
    )
    assert team.treasury == BUDGET - cost
    # the fee is paid, but Low Cost Linemen's Linemen (the Lineman keyword)
    # are worth their value increases only (changes_from_bb2020.md section 16)
    low_cost = "low-cost-linemen" in RAW[slug]["special_rules"]
    costs = {
        p["slug"]: 0 if low_cost and "Lineman" in p["keywords"] else p["cost"]
        for p in RAW[slug]["positions"]
    }
    assert sorted(team.players.values_list("position", "value")) == sorted(
        (p, costs[p]) for p in players
    )


SQUIRES = [PlayerRequest("bretonnian-squire", f"Squire {i}") for i in range(11)]
CATCHER = PlayerRequest("bretonnian-knight-catcher", "Catcher")


@pytest.mark.parametrize(
    ("roster", "players", "options", "code", "field"),
    [
        # 0-2 Knight Catchers
        ("bretonnian", [CATCHER] * 3 + SQUIRES[:8], {}, "position_limit", "players"),
        # Tomb Kings teams hire no apothecary
        (
            "tomb-kings",
            [PlayerRequest("tomb-kings-skeleton-lineman", f"S{i}") for i in range(11)],
            {"apothecary": True},
            "apothecary_not_allowed",
            "apothecary",
        ),
        # 11 Squires 550,000 + 8 re-rolls at 60,000 = 1,030,000
        ("bretonnian", SQUIRES, {"rerolls": 8}, "over_budget", None),
        ("bretonnian", SQUIRES, {"rerolls": 9}, "reroll_limit", "rerolls"),
    ],
)
def test_the_draft_limits_refuse_and_write_nothing(
    league, bob, roster, players, options, code, field
):
    make_member(league, bob)
    before = db_state()
    with pytest.raises(ServiceError) as refused:
        team_draft(
            league=league,
            coach=bob,
            name="Refused",
            roster=roster,
            players=players,
            **options,
        )
    assert (code, field) in [(v.code, v.field) for v in refused.value.violations]
    assert db_state() == before


def test_ten_squires_and_seven_rerolls_fit_the_budget(league, bob):
    # 11 x 50,000 + 7 x 60,000 = 970,000
    make_member(league, bob)
    team = team_draft(
        league=league,
        coach=bob,
        name="Squires",
        roster="bretonnian",
        players=SQUIRES,
        rerolls=7,
    )
    assert (team.treasury, team.rerolls) == (30_000, 7)


def test_a_position_the_engine_does_not_play_is_refused_and_nothing_written(
    league, bob, monkeypatch
):
    """Were Steady Footing not played (the Bretonnian Grail Knight has it),
    the draft would refuse the Knight on his field and write nothing."""
    make_member(league, bob)
    monkeypatch.setattr(
        drafting, "IMPLEMENTED", frozenset(drafting.IMPLEMENTED) - {"steady-footing"}
    )
    roster = rules_data("bb2025").rosters["bretonnian"]
    knight = next(p for p in roster.positions if p.slug == "bretonnian-grail-knight")
    line = next(p for p in roster.positions if p.lineman and p.max >= 10)
    before = db_state()
    with pytest.raises(ServiceError) as refused:
        team_draft(
            league=league,
            coach=bob,
            name="Refused",
            roster="bretonnian",
            players=[PlayerRequest(knight.slug, "X")]
            + [PlayerRequest(line.slug, f"L{i}") for i in range(10)],
        )
    (violation,) = [v for v in refused.value.violations if v.code == "skill_not_played"]
    assert violation.field == "players.0.position"
    assert knight.name in violation.message
    assert "steady-footing" in violation.message
    assert db_state() == before


def test_a_new_league_offers_bb2025_first_and_the_api_names_it(alice, client):
    from league.creation.forms import format_offers

    assert format_offers()[0].slug == "bb2025"
    made = api_as(alice).post(
        "/api/leagues/", {"name": "API Cup", "format": "bb2025"}, format="json"
    )
    assert made.status_code == 201, made.json()
    body = made.json()
    assert (body["format"], body["rules_version"], body["casualty_table"]) == (
        "bb2025",
        "bb2025",
        "bb2025",
    )
    fmt = next(f for f in client.get("/api/formats/").json() if f["slug"] == "bb2025")
    assert fmt["name"] == "Blood Bowl (2025)"
    assert "bretonnian" in fmt["rosters"]
    detail = client.get("/api/formats/bb2025/rosters/bretonnian/").json()
    data = rules_data("bb2025").rosters["bretonnian"]
    assert [
        (p["slug"], p["keywords"], p["unplayed_skills"]) for p in detail["positions"]
    ] == [
        (p.slug, list(p.keywords), list(unplayed_skills(BB2025, p)))
        for p in data.positions
    ]
    squire = detail["positions"][0]
    assert (squire["name"], squire["cost"], squire["keywords"]) == (
        "Bretonnian Squire",
        50_000,
        ["Human", "Lineman"],
    )
    assert detail["tier"] == 2


def humans_and_orcs(league, bob, charlie) -> tuple[Team, Team]:
    teams = []
    for coach, slug, line in (
        (bob, "human", "human-lineman"),
        (charlie, "orc", "orc-lineman"),
    ):
        make_member(league, coach)
        teams.append(
            team_draft(
                league=league,
                coach=coach,
                name=f"{coach.username} {slug}",
                roster=slug,
                players=[PlayerRequest(line, f"{slug} {i}") for i in range(12)],
                rerolls=2,
            )
        )
    return teams[0], teams[1]


def test_a_season_resolved_by_the_bots_pays_bb2025_winnings(
    league, bob, charlie, client, django_capture_on_commit_callbacks
):
    humans, orcs = humans_and_orcs(league, bob, charlie)
    match = one_match(league, humans, orcs, seed=2025)
    assert match.season.settings["rules_version"] == "bb2025"
    with django_capture_on_commit_callbacks(execute=True):
        assert match_resolve(match_id=match.pk) is True
    match.refresh_from_db()
    assert (match.status, match.postgame_step) == ("complete", "done")
    result = match.result
    stalled = set(result.summary["stalled"])
    attendance = result.home_fan_factor + result.away_fan_factor
    for team, side, score in (
        (humans, "home", result.home_score),
        (orcs, "away", result.away_score),
    ):
        expected = 5_000 * attendance + 10_000 * score
        expected += 0 if side in stalled else 10_000
        assert (
            TreasuryEntry.objects.get(
                team=team, reason=TreasuryEntry.Reason.WINNINGS
            ).amount
            == expected
        )
    # the edition's SPP: no Deflection, MVP 4; the Orcs are Brawlin' Brutes
    # (a touchdown 2, a casualty 3)
    brutes = set(orcs.players.values_list("pk", flat=True))
    for pid, line in result.player_stats.items():
        td, cas = (2, 3) if int(pid) in brutes else (3, 2)
        earned = MatchEvent.objects.filter(
            match=match, type="postgame_spp", payload__player_id=int(pid)
        ).values_list("payload__earned", flat=True)
        mvp = sum(
            1
            for e in MatchEvent.objects.filter(match=match, type="postgame_mvp")
            if int(pid) in e.payload["player_ids"]
        )
        spp = (
            line["completions"]
            + line["successful_landings"]
            + 2 * line["interceptions"]
            + cas * line["casualties_inflicted"]
            + td * line["touchdowns"]
            + 4 * mvp
        )
        assert list(earned) == ([spp] if spp else [])
    rows = season_standings(match.season)
    assert {r.team_id for r in rows} == {humans.pk, orcs.pk}
    assert sum(r.played for r in rows) == 2
    page = client.get(f"/leagues/{league.pk}/")
    assert page.status_code == 200
    assert "Blood Bowl (2025)" in page.content.decode()


def test_inducements_the_match_plays_are_sold(league, bob, charlie):
    from matches.engine_bridge import team_sheet
    from matches.prematch.fielded import inducements_for_engine
    from matches.prematch.inducements import (
        Purchase,
        inducement_offer,
        inducement_sides,
        match_buy_inducements,
    )
    from matches.prematch.kickoff import match_snapshots

    humans, orcs = humans_and_orcs(league, bob, charlie)
    match = one_match(league, humans, orcs)
    home, away = inducement_sides(match)
    side = away if home.must_wait else home  # the higher team value buys first
    buyer, coach = side.team, (bob if side.team.pk == humans.pk else charlie)
    offered = {o["slug"] for o in inducement_offer(side, match)}
    assert {
        "blitzers_best_kegs",
        "weather_mage",
        "bribes",
        "prayers_to_nuffle",
        "team_mascot",
    } <= offered
    assert "bloodweiser_kegs" not in offered
    # a fourth Prayer to Nuffle is refused (0-3), and nothing is written
    Team.objects.filter(pk=buyer.pk).update(treasury=200_000)
    before = db_state()
    with pytest.raises(ServiceError) as refused:
        match_buy_inducements(
            match_id=match.pk,
            team_id=buyer.pk,
            items=[Purchase("prayers_to_nuffle", count=4)],
            actor=coach,
        )
    (violation,) = refused.value.violations
    assert violation.code == "inducement_limit"
    assert db_state() == before
    # two Blitzer's Best Kegs, 50,000 each, are two kegs in the match
    match_buy_inducements(
        match_id=match.pk,
        team_id=buyer.pk,
        items=[Purchase("blitzers_best_kegs", count=2)],
        actor=coach,
    )
    from matches.prematch.kickoff import match_kick_off

    match_kick_off(match_id=match.pk)
    snaps = match_snapshots(match)
    by_side = dict(zip((match.home_id, match.away_id), snaps, strict=True))
    counts = dict(
        zip(
            (match.home_id, match.away_id),
            inducements_for_engine(match, *snaps),
            strict=True,
        )
    )
    bought = counts[buyer.pk]
    assert (bought["blitzers_best_kegs"], bought["prayers"]) == (2, 0)
    assert team_sheet(by_side[buyer.pk], bought).kegs == 2


def test_prayers_and_a_mascot_bought_are_played(
    league, bob, charlie, django_capture_on_commit_callbacks
):
    """Bought for the match (three Prayers at 10,000, the Mascot at 25,000),
    on the engine's team sheet, and played: three Prayer events of the
    buyer's side, rolled before the coin toss."""
    from matches.engine_bridge import team_sheet
    from matches.prematch.fielded import inducements_for_engine
    from matches.prematch.inducements import (
        Purchase,
        inducement_sides,
        match_buy_inducements,
    )
    from matches.prematch.kickoff import match_kick_off, match_snapshots

    humans, orcs = humans_and_orcs(league, bob, charlie)
    match = one_match(league, humans, orcs, seed=77)
    home, away = inducement_sides(match)
    side = away if home.must_wait else home
    buyer, coach = side.team, (bob if side.team.pk == humans.pk else charlie)
    Team.objects.filter(pk=buyer.pk).update(treasury=200_000)
    match_buy_inducements(
        match_id=match.pk,
        team_id=buyer.pk,
        items=[Purchase("prayers_to_nuffle", count=3), Purchase("team_mascot")],
        actor=coach,
    )
    record = MatchInducements.objects.get(match=match, team=buyer)
    assert record.total == 3 * 10_000 + 25_000
    match_kick_off(match_id=match.pk)
    snaps = match_snapshots(match)
    by_side = dict(zip((match.home_id, match.away_id), snaps, strict=True))
    counts = dict(
        zip(
            (match.home_id, match.away_id),
            inducements_for_engine(match, *snaps),
            strict=True,
        )
    )
    sheet = team_sheet(by_side[buyer.pk], counts[buyer.pk])
    assert (sheet.prayers, sheet.mascot) == (3, True)
    other = orcs if buyer.pk == humans.pk else humans
    assert team_sheet(by_side[other.pk], counts[other.pk]).prayers == 0
    with django_capture_on_commit_callbacks(execute=True):
        assert match_resolve(match_id=match.pk) is True
    side_name = "home" if buyer.pk == match.home_id else "away"
    types = list(
        MatchEvent.objects.filter(match=match)
        .order_by("seq")
        .values_list("type", flat=True)
    )
    prayers = MatchEvent.objects.filter(match=match, type="prayer")
    rolled = [e.payload for e in prayers if e.payload["roll"]]
    assert len({p["result"] for p in rolled}) == 3
    assert {p["team"] for p in prayers.values_list("payload", flat=True)} == {side_name}
    assert types.index("prayer") < types.index("coin_toss")
    # the SPP the prayers earned are added after the game
    match.refresh_from_db()
    prayed = dict(match.result.summary["prayer_spp"])
    for pid, spp in prayed.items():
        (payload,) = MatchEvent.objects.filter(
            match=match, type="postgame_spp", payload__player_id=pid
        ).values_list("payload", flat=True)
        assert payload["prayers"] == spp


def test_the_spp_prayers_earned_are_added_after_the_game(
    league, bob, charlie, django_capture_on_commit_callbacks
):
    """A result's ``prayer_spp`` line (Perfect Passing, Fouling Frenzy ...)
    adds to the player's SPP in the post-game, on top of his own line."""
    humans, orcs = humans_and_orcs(league, bob, charlie)
    match = one_match(league, humans, orcs, seed=2025)
    with django_capture_on_commit_callbacks(execute=False) as queued:
        assert match_resolve(match_id=match.pk) is True
    match.refresh_from_db()
    result = match.result
    pid = humans.players.order_by("pk").first().pk
    # as if a prayer had earned him 2 SPP (the post-game has not run yet)
    result.summary = {**result.summary, "prayer_spp": [[pid, 2]]}
    result.save(update_fields=["summary"])
    with django_capture_on_commit_callbacks(execute=True):
        for callback in queued:
            callback()
    match.refresh_from_db()
    assert match.postgame_step == "done"
    (payload,) = MatchEvent.objects.filter(
        match=match, type="postgame_spp", payload__player_id=pid
    ).values_list("payload", flat=True)
    assert payload["prayers"] == 2
    line = result.player_stats.get(str(pid), {})
    mvp = sum(
        1
        for e in MatchEvent.objects.filter(match=match, type="postgame_mvp")
        if pid in e.payload["player_ids"]
    )
    own = (
        line.get("completions", 0)
        + line.get("successful_landings", 0)
        + 2 * line.get("interceptions", 0)
        + 2 * line.get("casualties_inflicted", 0)
        + 3 * line.get("touchdowns", 0)
        + 4 * mvp
    )
    assert payload["earned"] == own + 2


def test_a_characteristic_advancement_rolls_the_d8(league, bob, charlie):
    humans, _ = humans_and_orcs(league, bob, charlie)
    player = Player.objects.filter(team=humans).order_by("number").first()
    assert player is not None
    Player.objects.filter(pk=player.pk).update(spp=14)
    rolled = player_advance(player_id=player.pk, kind="characteristic")
    assert isinstance(rolled, PendingRoll)
    assert rolled.message.startswith("the D8 rolled ")
    (die,) = rolled.row.dice
    assert (die["purpose"], die["sides"]) == ("characteristic_improvement", 8)
    offered = {
        1: "av",
        2: "av",
        3: "av",
        4: "av",
        5: "ma",
        6: "ma",
        7: "ag",
        8: "av",
    }[die["result"]]
    done = player_advancement_choose(
        player_id=player.pk, characteristic=[Characteristic(offered)]
    )
    value = {"av": 10_000, "ma": 20_000, "ag": 30_000}[offered]
    assert (done.player.spp, done.player.value) == (0, 50_000 + value)
    assert done.event.payload["dice"][0]["sides"] == 8


def test_a_bb2020_season_keeps_its_rules(alice, bob, charlie):
    old = league_create(commissioner=alice, name="Old World", format="bb2020")
    make_member(old, bob, charlie)
    from tests.factories import draft_team

    home = draft_team(old, bob, roster="human")
    away = draft_team(old, charlie, roster="orc")
    match = one_match(old, home, away)
    assert (old.rules_version, match.season.settings["rules_version"]) == (
        "bb2020",
        "bb2020",
    )
    assert match.season.settings["format"] == "bb2020"


def test_plague_ridden_brings_the_editions_rotter(league, bob, charlie):
    from league.services.journeymen import team_take_plague_rotter

    make_member(league, bob)
    nurgle = team_draft(
        league=league,
        coach=bob,
        name="Rotters",
        roster="nurgle",
        players=[PlayerRequest("nurgle-rotter", f"R{i}") for i in range(11)],
    )
    _, orcs = humans_and_orcs(league, bob, charlie)
    match = one_match(league, nurgle, orcs)
    locked = Team.objects.select_for_update().get(pk=nurgle.pk)
    rotter = team_take_plague_rotter(locked, match_id=match.pk)
    assert rotter is not None
    assert (rotter.position, rotter.value) == (
        "nurgle-rotter",
        rules_data("bb2025").rosters["nurgle"].position("nurgle-rotter").cost,
    )


def test_the_preview_says_the_underdog_may_add_fifty_thousand(
    league, bob, charlie, client
):
    humans, orcs = humans_and_orcs(league, bob, charlie)
    # a wider gap: the Humans' treasury buys them nothing on the pitch, the
    # Orcs add two re-rolls (CTV +120,000)
    Team.objects.filter(pk=orcs.pk).update(rerolls=4)
    match = one_match(league, humans, orcs)
    page = client.get(f"/matches/{match.pk}/preview/").content.decode()
    assert "are the underdogs" in page
    assert "they may add up to 50,000 of their own treasury" in page
