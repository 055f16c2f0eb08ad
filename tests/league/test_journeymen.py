"""Journeymen: taken on at kick-off, released at the next one unless hired,
hiring them for good, and what they add to TV and CTV."""

import pytest

from league.models import League, LeagueEvent, Player, Team, TreasuryEntry
from league.selectors import team_detail_qs, team_value_get
from league.services.journeymen import team_take_journeymen
from league.services.teams import team_fire_player, team_hire_player
from matches.models import Match, RosterSnapshot
from matches.prematch.kickoff import match_kick_off
from matches.reports.lines import Report
from matches.reports.report import match_submit_report
from matches.seasons.services import season_create, season_schedule
from tests.factories import draft_team
from tests.league.conftest import api_as, db_snapshot


def everything():
    """All a journeyman request could change."""
    return (
        db_snapshot(),
        list(
            Player.objects.order_by("pk").values_list(
                "pk", "journeyman", "gained_skills", "value", "status"
            )
        ),
        list(LeagueEvent.objects.order_by("pk").values_list("pk", "type")),
    )


def player(team, number, **filters):
    return Player.objects.get(team=team, number=number, **filters)


def journeymen(team, **filters):
    return list(
        Player.objects.filter(team=team, journeyman=True, **filters).order_by("number")
    )


def schedule(league, home, away, name="Season 1"):
    season = season_create(
        league=league, name=name, team_ids=[home.pk, away.pk], seed=11
    )
    (match,) = season_schedule(season_id=season.pk)
    return match


def play(league, home, away, actor, capture, name="Season 1"):
    """Record a 0-0 between the two and run its post-game to the end."""
    match = schedule(league, home, away, name)
    with capture(execute=True):
        match_submit_report(
            match_id=match.pk, report=Report(0, 0, fan_factor_rolls=(2, 2)), actor=actor
        )
    match.refresh_from_db()
    assert match.status == Match.Status.COMPLETE
    return match


@pytest.fixture
def sevens_humans(sevens, charlie):
    return draft_team(sevens, charlie, roster="human", name="Altdorf Amateurs")


@pytest.fixture
def short_orcs(bob_orcs, bob):
    """Bob's Sevens Orcs with #1 missing the next game and #2 temporarily
    retired: 5 of 7 available. (No Sevens player retires by the rules, which
    need a Lasting Injury; the status is set here for what kick-off and CTV
    make of a retired player, the same in every format.)"""
    Player.objects.filter(team=bob_orcs, number=1).update(miss_next_game=True)
    Player.objects.filter(team=bob_orcs, number=2).update(status=Player.Status.RETIRED)
    return bob_orcs


# --- kick-off ----------------------------------------------------------------------


def test_kick_off_tops_a_sevens_team_up_to_seven_with_journeymen(
    sevens, short_orcs, sevens_humans
):
    match = schedule(sevens, short_orcs, sevens_humans)

    match_kick_off(match_id=match.pk)

    # then two Orc Linemen journeymen join as #8 and #9, with Loner (5+)
    taken = journeymen(short_orcs)
    assert [
        (j.number, j.name, j.position, j.value, j.status, j.gained_skills)
        for j in taken
    ] == [
        (
            n,
            f"Journeyman #{n}",
            "orc-lineman",
            50_000,
            "active",
            [{"skill": "loner", "param": "5+", "trait": True, "journeyman": True}],
        )
        for n in (8, 9)
    ]
    assert (taken[0].ma, taken[0].st, taken[0].ag, taken[0].pa, taken[0].av) == (
        5,
        3,
        3,
        4,
        10,
    )
    assert journeymen(sevens_humans) == []
    event = LeagueEvent.objects.get(type="journeymen_taken")
    assert (event.team, event.match_id, event.created_by) == (
        short_orcs,
        match.pk,
        None,
    )
    assert event.payload == {
        "available": 5,
        "minimum": 7,
        "position": "orc-lineman",
        "loner": "5+",
        "player_ids": [j.pk for j in taken],
    }
    # and they are in the roster frozen at kick-off, ready to play
    snapshot = RosterSnapshot.objects.get(match=match, team=short_orcs).data
    frozen = {p["id"]: p for p in snapshot["players"]}
    for j in taken:
        assert frozen[j.pk]["available"] is True
        assert frozen[j.pk]["journeyman"] is True
        assert ["loner", "5+"] in frozen[j.pk]["skills"]
    assert sum(p["available"] for p in snapshot["players"]) == 7


def test_an_eleven_a_side_journeyman_has_loner_4(eleven, bob, charlie_humans):
    orcs = draft_team(eleven, bob, roster="orc", name="Gouged Eye")
    Player.objects.filter(team=charlie_humans, number=5).update(miss_next_game=True)
    match = schedule(eleven, charlie_humans, orcs)

    match_kick_off(match_id=match.pk)

    (journeyman,) = journeymen(charlie_humans)
    assert (
        journeyman.number,
        journeyman.position,
        journeyman.value,
        journeyman.gained_skills,
    ) == (
        12,
        "human-lineman",
        50_000,
        [{"skill": "loner", "param": "4+", "trait": True, "journeyman": True}],
    )
    assert journeymen(orcs) == []
    assert LeagueEvent.objects.get().payload["available"] == 10


def test_a_full_team_takes_no_journeymen(sevens, bob_orcs, sevens_humans):
    match = schedule(sevens, bob_orcs, sevens_humans)

    match_kick_off(match_id=match.pk)

    assert Player.objects.filter(journeyman=True).count() == 0
    assert LeagueEvent.objects.count() == 0


def test_journeymen_are_numbered_after_the_roster(bob_orcs):
    # given #3 was fired (his number is free) and #7 misses the game
    team_fire_player(team_id=bob_orcs.pk, player_id=player(bob_orcs, 3).pk)
    Player.objects.filter(team=bob_orcs, number=7).update(miss_next_game=True)

    taken = team_take_journeymen(
        Team.objects.select_related("league").get(pk=bob_orcs.pk), minimum=7
    )

    assert [j.number for j in taken] == [8, 9]


def test_unhired_journeymen_leave_when_the_next_match_kicks_off(
    alice, sevens, short_orcs, sevens_humans, django_capture_on_commit_callbacks
):
    # given a match played with journeymen #8 and #9
    first = play(
        sevens, short_orcs, sevens_humans, alice, django_capture_on_commit_callbacks
    )
    old = journeymen(short_orcs)
    assert [j.number for j in old] == [8, 9]
    assert {j.status for j in old} == {"active"}

    # when the next match kicks off (#1 has served his missed game; #2 is
    # still retired)
    second = schedule(sevens, short_orcs, sevens_humans, name="Season 2")
    match_kick_off(match_id=second.pk)

    # then both leave the team and one new journeyman joins, as #8
    assert {Player.objects.get(pk=j.pk).status for j in old} == {"released"}
    (new,) = journeymen(short_orcs, status="active")
    assert new.number == 8
    assert new.pk not in {j.pk for j in old}
    released = LeagueEvent.objects.get(type="journeymen_released")
    assert (released.match_id, released.payload) == (
        second.pk,
        {"player_ids": [j.pk for j in old]},
    )
    assert list(
        LeagueEvent.objects.filter(type="journeymen_taken")
        .order_by("pk")
        .values_list("match_id", flat=True)
    ) == [first.pk, second.pk]


# --- team value ----------------------------------------------------------------------


def test_journeymen_count_towards_ctv_but_not_tv(short_orcs):
    # given two journeymen: #8 has advanced (60k), #9 misses the next game
    team = Team.objects.select_related("league").get(pk=short_orcs.pk)
    eight, nine = team_take_journeymen(team, minimum=7)
    Player.objects.filter(pk=eight.pk).update(value=60_000)
    Player.objects.filter(pk=nine.pk).update(miss_next_game=True)

    value = team_value_get(team_detail_qs().get(pk=team.pk))

    # then TV is the 7 Orcs (350k) and the re-roll (120k); CTV leaves out
    # #1 (misses the game), #2 (retired) and #9, and adds #8
    assert (value.tv, value.ctv) == (470_000, 470_000 - 50_000 - 50_000 + 60_000)


def test_the_team_api_shows_journeymen_and_their_ctv(client, short_orcs):
    team_take_journeymen(
        Team.objects.select_related("league").get(pk=short_orcs.pk), minimum=7
    )

    body = client.get(f"/api/teams/{short_orcs.pk}/").json()

    assert (body["tv"], body["ctv"]) == (470_000, 470_000)
    assert [p["number"] for p in body["players"] if p["journeyman"]] == [8, 9]


# --- hiring --------------------------------------------------------------------------


@pytest.fixture
def after_the_game(
    alice, sevens, short_orcs, sevens_humans, django_capture_on_commit_callbacks
):
    """The Orcs have played with journeymen #8 and #9; the post-game is
    over and both are still with the team."""
    play(sevens, short_orcs, sevens_humans, alice, django_capture_on_commit_callbacks)
    short_orcs.refresh_from_db()
    return short_orcs


def hire_url(player):
    return f"/api/players/{player.pk}/hire/"


def test_hiring_a_journeyman_pays_his_cost_and_drops_loner(
    bob, sevens, after_the_game, sevens_humans
):
    team = after_the_game
    eight = player(team, 8)
    treasury = team.treasury
    tv_before = team_value_get(team_detail_qs().get(pk=team.pk)).tv

    response = api_as(bob).post(hire_url(eight))

    # then he is a normal player for 50k from the treasury
    assert response.status_code == 200
    assert (response.json()["journeyman"], response.json()["status"]) == (
        False,
        "active",
    )
    eight.refresh_from_db()
    assert (eight.journeyman, eight.gained_skills, eight.value, eight.number) == (
        False,
        [],
        50_000,
        8,
    )
    team.refresh_from_db()
    assert team.treasury == treasury - 50_000
    entry = TreasuryEntry.objects.filter(team=team).latest("pk")
    assert (entry.amount, entry.reason, entry.created_by, entry.cause) == (
        -50_000,
        "hire",
        bob,
        eight,
    )
    event = LeagueEvent.objects.get(type="journeyman_hired")
    assert (event.player, event.created_by, event.payload) == (
        eight,
        bob,
        {
            "cost": 50_000,
            "treasury_after": treasury - 50_000,
            "ledger_entry_id": entry.pk,
        },
    )
    assert team_value_get(team_detail_qs().get(pk=team.pk)).tv == tv_before + 50_000

    # and he stays when the next match kicks off, unlike #9
    match_kick_off(match_id=schedule(sevens, team, sevens_humans, "Season 2").pk)
    assert Player.objects.get(pk=eight.pk).status == "active"
    assert player(team, 9, status="released").journeyman is True


def test_a_hired_journeyman_keeps_his_spp_and_advancements(bob, after_the_game):
    eight = player(after_the_game, 8)
    Player.objects.filter(pk=eight.pk).update(
        spp=4,
        advancements=1,
        value=60_000,
        gained_skills=[
            *eight.gained_skills,
            {"skill": "block", "param": None},
        ],
    )

    assert api_as(bob).post(hire_url(eight)).status_code == 200

    eight.refresh_from_db()
    assert (eight.spp, eight.advancements, eight.value, eight.gained_skills) == (
        4,
        1,
        60_000,
        [{"skill": "block", "param": None}],
    )
    assert TreasuryEntry.objects.filter(reason="hire").latest("pk").amount == -50_000


def test_regular_hires_do_not_count_journeymen_on_the_draft_list(bob, after_the_game):
    # given 7 Orcs and 2 journeymen, and gold for 4 more Orcs
    Team.objects.filter(pk=after_the_game.pk).update(treasury=400_000)

    # when the coach hires up to the Sevens maximum of 11
    for n in range(4):
        team_hire_player(
            team_id=after_the_game.pk, position="orc-lineman", name=f"New {n}"
        )

    # then all four fit: journeymen are not on the Team Draft list
    assert (
        Player.objects.filter(
            team=after_the_game, status__in=["active", "retired"], journeyman=False
        ).count()
        == 11
    )


def test_a_journeyman_cannot_be_hired_onto_a_full_draft_list(bob, after_the_game):
    Team.objects.filter(pk=after_the_game.pk).update(treasury=400_000)
    for n in range(4):
        team_hire_player(
            team_id=after_the_game.pk, position="orc-lineman", name=f"New {n}"
        )
    before = everything()

    response = api_as(bob).post(hire_url(player(after_the_game, 8)))

    assert response.status_code == 400
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [
        ("roster_full", "player")
    ]
    assert everything() == before


def test_a_journeyman_beyond_the_position_limit_cannot_be_hired(
    alice, eleven, charlie, bob, django_capture_on_commit_callbacks
):
    # given Undead with all 12 Skeletons, two of them missing the game: a
    # Skeleton journeyman plays
    undead = draft_team(
        eleven,
        charlie,
        roster="shambling-undead",
        name="Sylvania Stiffs",
        extra=[("skeleton-lineman", "Skeleton 12")],
    )
    Player.objects.filter(team=undead, number__in=[1, 2]).update(miss_next_game=True)
    orcs = draft_team(eleven, bob, roster="orc", name="Gouged Eye")
    play(eleven, undead, orcs, alice, django_capture_on_commit_callbacks)
    (skeleton,) = journeymen(undead)
    assert skeleton.position == "skeleton-lineman"
    before = everything()

    response = api_as(charlie).post(hire_url(skeleton))

    assert response.status_code == 400
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [
        ("position_limit", "player")
    ]
    assert everything() == before


@pytest.mark.parametrize(
    ("setup", "number", "code"),
    [
        ("broke", 8, "over_budget"),
        (None, 3, "not_journeyman"),
        ("released", 8, "player_not_on_roster"),
        ("playing", 8, "team_busy"),
    ],
)
def test_refused_journeyman_hires_write_nothing(
    bob, after_the_game, setup, number, code
):
    team = after_the_game
    target = player(team, number)
    if setup == "broke":
        Team.objects.filter(pk=team.pk).update(treasury=40_000)
    elif setup == "released":
        Player.objects.filter(pk=target.pk).update(status="released")
    elif setup == "playing":
        Team.objects.filter(pk=team.pk).update(status="playing")
    before = everything()

    response = api_as(bob).post(hire_url(target))

    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == code
    assert everything() == before


@pytest.mark.parametrize(
    ("who", "status"), [("alice", 200), ("charlie", 403), ("dave", 403)]
)
def test_only_the_coach_or_the_commissioner_may_hire_a_journeyman(
    request, after_the_game, who, status
):
    before = everything()

    response = api_as(request.getfixturevalue(who)).post(
        hire_url(player(after_the_game, 8))
    )

    assert response.status_code == status
    if status == 403:
        assert everything() == before


def test_anonymous_users_cannot_hire(after_the_game):
    response = api_as(None).post(hire_url(player(after_the_game, 8)))

    assert response.status_code in (401, 403)


def test_a_journeymans_sevens_league_keeps_its_settings(sevens):
    # the Sevens journeyman Loner depends on the format, not on sevens_spp
    League.objects.filter(pk=sevens.pk).update(sevens_spp=True)
    team = draft_team(
        League.objects.get(pk=sevens.pk),
        sevens.commissioner,
        roster="human",
        name="Sponsors",
    )
    Player.objects.filter(team=team, number=1).update(miss_next_game=True)

    (journeyman,) = team_take_journeymen(
        Team.objects.select_related("league").get(pk=team.pk), minimum=7
    )

    assert journeyman.gained_skills[0]["param"] == "5+"
