"""The dungeon-bowl league format: offered to commissioners (API, admin),
its formats API listing the eight Colleges of Magic, and drafting a college
team (1,000,000 gp, 11-16 players, the colleges' shared quantity lines,
re-rolls at 50,000 and double later, no apothecary), every refusal leaving
the database as it was."""

from __future__ import annotations

import pytest

from league.errors import ServiceError
from league.models import League, TreasuryEntry
from league.services.leagues import league_create
from league.services.teams import (
    PlayerRequest,
    team_buy,
    team_draft,
    team_hire_player,
)
from tests.factories import UserFactory, make_member
from tests.world import api_as, db_snapshot

pytestmark = pytest.mark.django_db

COLLEGES = {
    "college-of-beasts",
    "college-of-death",
    "college-of-fire",
    "college-of-heavens",
    "college-of-life",
    "college-of-light",
    "college-of-metal",
    "college-of-shadows",
}


@pytest.fixture
def dungeon(alice, bob, charlie) -> League:
    league = league_create(
        commissioner=alice, name="Altdorf Dungeon", format="dungeon-bowl"
    )
    make_member(league, bob, charlie)
    return league


def shadows(n_linemen: int, *extra: str) -> list[PlayerRequest]:
    # College of Shadows: Skaven Clanrat Lineman 50,000 (the_teams.md)
    return [
        PlayerRequest("skaven-clanrat-lineman", f"Clanrat {i}")
        for i in range(1, n_linemen + 1)
    ] + [PlayerRequest(slug, f"{slug} {i}") for i, slug in enumerate(extra, 1)]


def codes(exc: pytest.ExceptionInfo[ServiceError]) -> list[tuple[str, str | None]]:
    return [(v.code, v.field) for v in exc.value.violations]


# --- the format is offered -----------------------------------------------------


def test_the_formats_api_lists_dungeon_bowl_with_the_eight_colleges(client):
    body = client.get("/api/formats/").json()

    fmt = next(f for f in body if f["slug"] == "dungeon-bowl")
    assert fmt["name"] == "Dungeon Bowl"
    assert fmt["rules_version"] == "dungeon_bowl"
    assert set(fmt["rosters"]) == COLLEGES
    assert (fmt["budget"], fmt["min_players"], fmt["max_players"]) == (
        1_000_000,
        11,
        16,
    )
    assert (fmt["max_rerolls"], fmt["rerolls_after_draft"]) == (8, True)
    assert fmt["max_dedicated_fans_at_draft"] == 1
    # a Blood Bowl format still lists its own rosters, not the colleges
    bb = next(f for f in body if f["slug"] == "bb2020")
    assert "orc" in bb["rosters"]
    assert "college-of-fire" not in bb["rosters"]


def test_the_rosters_api_of_dungeon_bowl_gives_colleges_and_their_shared_lines(
    client,
):
    rosters = client.get("/api/formats/dungeon-bowl/rosters/").json()
    assert {r["slug"] for r in rosters} == COLLEGES
    assert all(r["reroll_cost"] == 50_000 and not r["apothecary"] for r in rosters)

    detail = client.get("/api/formats/dungeon-bowl/rosters/college-of-shadows/").json()

    runners = next(
        line for line in detail["shared_limits"] if line["slug"] == "runners"
    )
    # the_teams.md: "0-4 Runners": Dark Elf Runner, Gutter Runner, Woodland Fox
    assert runners == {
        "slug": "runners",
        "name": "Runners",
        "max": 4,
        "positions": ["dark-elf-runner", "gutter-runner", "woodland-fox"],
    }
    assert detail["reroll_cost_after_draft"] == 100_000
    assert detail["staff"]["apothecary"] is None
    assert detail["star_players"] == []
    assert (
        client.get("/api/formats/bb2020/rosters/college-of-shadows/").status_code == 404
    )


def test_a_commissioner_creates_a_dungeon_bowl_league_through_the_api(alice):
    response = api_as(alice).post(
        "/api/leagues/",
        {"name": "Colleges League", "format": "dungeon-bowl", "time_limit": True},
        format="json",
    )

    assert response.status_code == 201, response.json()
    league = League.objects.get(name="Colleges League")
    assert league.format == "dungeon-bowl"
    assert league.rules_version == "dungeon_bowl"
    assert league.casualty_table == "dungeon_bowl"
    assert league.time_limit is True
    # Decision (league_hooks.py): points, wins, casualty difference, head to head
    assert league.tiebreakers == ["points", "wins", "cas_for", "head_to_head"]
    assert response.json()["time_limit"] is True


def test_a_dungeon_bowl_league_created_in_the_admin_takes_the_formats_defaults(
    client,
):
    admin = UserFactory(username="root", is_staff=True, is_superuser=True)
    client.force_login(admin)
    html = client.get("/admin/league/league/add/").content.decode()
    assert '<option value="dungeon-bowl">Dungeon Bowl</option>' in html
    form = client.get("/admin/league/league/add/").context["adminform"].form
    data = {f.name: f.value() for f in form if f.value() is not None}
    data.update(
        {
            "name": "Admin Dungeon",
            "format": "dungeon-bowl",
            "commissioner": admin.pk,
            "memberships-TOTAL_FORMS": "0",
            "memberships-INITIAL_FORMS": "0",
        }
    )

    response = client.post("/admin/league/league/add/", data)

    assert response.status_code == 302
    league = League.objects.get(name="Admin Dungeon")
    assert league.rules_version == "dungeon_bowl"
    assert league.casualty_table == "dungeon_bowl"
    assert league.tiebreakers == ["points", "wins", "cas_for", "head_to_head"]


# --- drafting ------------------------------------------------------------------


def test_a_coach_drafts_a_college_team_within_1_000_000(dungeon, bob):
    # 11 Clanrats 550,000; 4 Runners in all (2 Gutter Runners 170,000,
    # 1 Dark Elf Runner 80,000, 1 Woodland Fox 50,000); 2 re-rolls at
    # 50,000 = 100,000: 950,000 of 1,000,000
    team = team_draft(
        league=dungeon,
        coach=bob,
        name="Shadow Walkers",
        roster="college-of-shadows",
        players=shadows(
            11, "gutter-runner", "gutter-runner", "dark-elf-runner", "woodland-fox"
        ),
        rerolls=2,
    )

    assert team.players.count() == 15
    ledger = list(team.ledger.order_by("pk").values_list("reason", "amount"))
    assert ledger == [
        (TreasuryEntry.Reason.DRAFT_BUDGET, 1_000_000),
        (TreasuryEntry.Reason.DRAFT, -950_000),
    ]
    team.refresh_from_db()
    assert team.treasury == 50_000
    assert team.rerolls == 2


def test_a_draft_past_a_shared_quantity_line_is_refused_naming_the_line(dungeon, bob):
    before = db_snapshot()

    with pytest.raises(ServiceError) as exc:
        team_draft(
            league=dungeon,
            coach=bob,
            name="Too Many Runners",
            roster="college-of-shadows",
            # 2 Gutter Runners + 2 Dark Elf Runners + 1 Woodland Fox: 5 > 4,
            # though each position alone is within its own 0-4
            players=shadows(
                11,
                "gutter-runner",
                "gutter-runner",
                "dark-elf-runner",
                "dark-elf-runner",
                "woodland-fox",
            ),
        )

    assert codes(exc) == [("shared_limit_exceeded", "players")]
    assert exc.value.violations[0].subject == "runners"
    assert db_snapshot() == before


@pytest.mark.parametrize(
    ("players", "options", "expected"),
    [
        (10, {}, ("too_few_players", "players")),
        (17, {}, ("too_many_players", "players")),
        (11, {"apothecary": True}, ("apothecary_not_allowed", "apothecary")),
        (11, {"rerolls": 9}, ("reroll_limit", "rerolls")),
        (11, {"dedicated_fans": 2}, ("fans_limit", "dedicated_fans")),
        # no sideline staff (colleges.json Decision): no kick-off to help at
        (11, {"assistant_coaches": 1}, ("staff_limit", "assistant_coaches")),
        (11, {"cheerleaders": 1}, ("staff_limit", "cheerleaders")),
        # 13 Clanrats 650,000 + 8 re-rolls 400,000 = 1,050,000 > 1,000,000
        (13, {"rerolls": 8}, ("over_budget", None)),
    ],
)
def test_a_college_draft_breaking_the_rules_is_refused_and_writes_nothing(
    dungeon, bob, players, options, expected
):
    before = db_snapshot()

    with pytest.raises(ServiceError) as exc:
        team_draft(
            league=dungeon,
            coach=bob,
            name="Refused",
            roster="college-of-shadows",
            players=shadows(players),
            **options,
        )

    assert expected in codes(exc)
    assert db_snapshot() == before


def test_a_bb2020_roster_is_not_a_college(dungeon, bob):
    before = db_snapshot()
    with pytest.raises(ServiceError) as exc:
        team_draft(
            league=dungeon,
            coach=bob,
            name="Orcs",
            roster="orc",
            players=[PlayerRequest("orc-lineman", f"O{i}") for i in range(11)],
        )
    assert codes(exc) == [("unknown_roster", "roster")]
    assert db_snapshot() == before


@pytest.fixture
def walkers(dungeon, bob):
    """11 Clanrats and 3 Runners in all (2 Gutter, 1 Fox): 770,000; 230,000
    in the bank."""
    return team_draft(
        league=dungeon,
        coach=bob,
        name="Shadow Walkers",
        roster="college-of-shadows",
        players=shadows(11, "gutter-runner", "gutter-runner", "woodland-fox"),
    )


def test_hiring_later_keeps_the_shared_line(walkers):
    # a fourth Runner fits the 0-4 line: 80,000
    team_hire_player(team_id=walkers.pk, position="dark-elf-runner", name="Fourth")
    walkers.refresh_from_db()
    assert walkers.treasury == 150_000
    before = db_snapshot()

    with pytest.raises(ServiceError) as exc:
        team_hire_player(team_id=walkers.pk, position="woodland-fox", name="Fifth")

    assert [v.code for v in exc.value.violations] == ["shared_limit_exceeded"]
    assert exc.value.violations[0].subject == "runners"
    assert db_snapshot() == before


def test_a_re_roll_bought_after_the_draft_costs_double(walkers):
    # post-game_sequence.md step 3: "must pay double": 2 x 50,000
    team = team_buy(team_id=walkers.pk, item="rerolls")

    assert team.rerolls == 1
    assert team.treasury == 130_000
    entry = team.ledger.order_by("-pk").first()
    assert (entry.reason, entry.amount) == (TreasuryEntry.Reason.PURCHASE, -100_000)


def test_a_college_team_cannot_buy_an_apothecary_later(walkers):
    before = db_snapshot()
    with pytest.raises(ServiceError) as exc:
        team_buy(team_id=walkers.pk, item="apothecary")
    assert [v.code for v in exc.value.violations] == ["apothecary_not_allowed"]
    assert db_snapshot() == before


# --- advancement -----------------------------------------------------------------


def test_a_random_skill_is_rolled_on_the_dungeon_bowl_table(walkers, monkeypatch):
    from engine.core.dice import ScriptedRoller
    from league.models import Player
    from league.services import advancement

    # 2 (1-3: first half) and 6: Kick on the BB2020 General table, Portal
    # Navigator on the Dungeon Bowl one (skills_and_traits.md)
    monkeypatch.setattr(
        advancement, "SeededRoller", lambda seed: ScriptedRoller([2, 6])
    )
    clanrat = walkers.players.get(number=1)
    Player.objects.filter(pk=clanrat.pk).update(spp=3)

    advancement.player_advance(
        player_id=clanrat.pk, kind="random_primary", category="general"
    )

    clanrat.refresh_from_db()
    assert clanrat.gained_skills == [{"skill": "portal-navigator", "param": None}]
    # BB2020 (post-game_sequence.md): 3 SPP for a first random Primary
    # skill, which adds 10,000 to the player's value
    assert (clanrat.spp, clanrat.value) == (0, 60_000)
