"""The Sevens post-game skill (Sevens leagues without SPP): one per team per
game, exact effects and dice, refusals that write nothing, and who may ask."""

import pytest
from django.db import IntegrityError, transaction

from league.models import League, LeagueEvent, Player, SevensAdvancement
from league.services.audit import league_seed
from matches.models import Match
from matches.postgame.skill import team_sevens_advance
from matches.reports.lines import CasualtyLine, Report
from matches.reports.report import match_submit_report
from matches.seasons.services import season_create, season_schedule
from tests.factories import draft_team
from tests.league.advancement_support import (
    GENERAL,
    SEVENS_AGILITY,
    STRENGTH,
    everything,
    fix_seed,
    replay,
)
from tests.league.conftest import api_as

# --- the Sevens post-game skill -----------------------------------------------------


@pytest.fixture
def sevens_pair(sevens, bob, charlie):
    """Two Sevens teams of a league without SPP, with a fixed dice seed."""
    fix_seed(sevens, 7)
    orcs = draft_team(sevens, bob, roster="orc", name="Gouged Eye")
    humans = draft_team(sevens, charlie, roster="human", name="Reikland Reavers")
    return orcs, humans


def play(league, home, away, actor, capture, *, casualties=(), name="Season 1"):
    """Record one match between the two and run its post-game to the end."""
    season = season_create(
        league=league, name=name, team_ids=[home.pk, away.pk], seed=99
    )
    (match,) = season_schedule(season_id=season.pk)
    report = Report(0, 0, casualties=list(casualties), fan_factor_rolls=(2, 2))
    with capture(execute=True):
        match_submit_report(match_id=match.pk, report=report, actor=actor)
    match.refresh_from_db()
    assert match.status == Match.Status.COMPLETE
    return match


def sevens_url(team):
    return f"/api/teams/{team.pk}/sevens-advancement/"


@pytest.fixture
def played(sevens, sevens_pair, alice, django_capture_on_commit_callbacks):
    orcs, humans = sevens_pair
    return play(sevens, orcs, humans, alice, django_capture_on_commit_callbacks)


def test_after_a_match_the_team_has_one_pending_post_game_skill(
    client, sevens_pair, played
):
    orcs, _ = sevens_pair

    body = client.get(sevens_url(orcs)).json()

    assert [p["match"] for p in body] == [played.pk]
    candidates = body[0]["candidates"]
    assert [c["number"] for c in candidates] == [1, 2, 3, 4, 5, 6, 7]
    assert (candidates[0]["primary"], candidates[0]["secondary"]) == (
        ["general"],
        ["agility", "strength"],
    )


def test_a_chosen_player_gains_a_random_primary_skill(bob, sevens, sevens_pair, played):
    orcs, _ = sevens_pair
    orc = Player.objects.get(team=orcs, number=3)

    response = api_as(bob).post(
        sevens_url(orcs),
        {"match": played.pk, "mode": "chosen_player_primary", "player": orc.pk},
        format="json",
    )

    # then a D2 and a D6 pick a General skill; the first skill adds 10k
    assert response.status_code == 201
    body = response.json()
    assert [(d["purpose"], d["sides"]) for d in body["dice"]] == [
        ("skill_first", 2),
        ("skill_second", 6),
    ]
    first, second = (d["result"] for d in body["dice"])
    skill = GENERAL[(first - 1) * 6 + second - 1]
    param = "+1" if skill == "dirty-player" else None
    assert body["skill"] == {"skill": skill, "param": param}
    assert (body["kind"], body["category"], body["value_increase"]) == (
        "random_primary",
        "general",
        10_000,
    )
    orc.refresh_from_db()
    assert (orc.value, orc.advancements, orc.spp) == (60_000, 1, 0)
    assert orc.gained_skills == [{"skill": skill, "param": param}]
    record = SevensAdvancement.objects.get()
    assert (record.team, record.match_id, record.player, record.skill) == (
        orcs,
        played.pk,
        orc,
        skill,
    )
    event = LeagueEvent.objects.get(type="sevens_advancement")
    assert (event.match_id, event.player, event.created_by) == (played.pk, orc, bob)
    assert event.payload["dice"] == body["dice"]
    assert event.payload["seed"] == league_seed(
        sevens, "sevens_advancement", orcs.pk, played.pk
    )
    assert replay(event.payload["seed"], body["dice"]) == body["dice"]


def test_a_random_player_gains_a_random_secondary_skill(bob, sevens_pair, played):
    orcs, _ = sevens_pair

    response = api_as(bob).post(
        sevens_url(orcs),
        {"match": played.pk, "mode": "random_player_secondary"},
        format="json",
    )

    # then a D7 picks the player, a D2 the category (Agility or Strength),
    # then a D2 and a D6 the skill; the first skill adds 20k
    assert response.status_code == 201
    body = response.json()
    assert [(d["purpose"], d["sides"]) for d in body["dice"]] == [
        ("sevens_advancement_player", 7),
        ("sevens_category", 2),
        ("skill_first", 2),
        ("skill_second", 6),
    ]
    picked, category = body["dice"][0]["result"], body["dice"][1]["result"]
    assert body["player"]["number"] == picked
    assert body["category"] == ["agility", "strength"][category - 1]
    table = SEVENS_AGILITY if category == 1 else STRENGTH
    first, second = body["dice"][2]["result"], body["dice"][3]["result"]
    assert body["skill"]["skill"] == table[(first - 1) * 6 + second - 1]
    assert body["value_increase"] == 20_000
    orc = Player.objects.get(team=orcs, number=picked)
    assert (orc.value, orc.advancements) == (70_000, 1)
    assert orc.gained_skills == [body["skill"]]


def test_a_second_post_game_skill_is_worth_more(
    bob, sevens, sevens_pair, played, django_capture_on_commit_callbacks
):
    # given #1 gained a skill after the first match
    orcs, humans = sevens_pair
    orc = Player.objects.get(team=orcs, number=1)
    team_sevens_advance(
        team_id=orcs.pk,
        match_id=played.pk,
        mode="chosen_player_primary",
        player_id=orc.pk,
    )
    second = play(
        sevens,
        orcs,
        humans,
        bob,
        django_capture_on_commit_callbacks,
        name="Season 2",
    )

    # when #1 is chosen again after the next match
    taken = team_sevens_advance(
        team_id=orcs.pk,
        match_id=second.pk,
        mode="chosen_player_primary",
        player_id=orc.pk,
    )

    # then the second skill adds 20k (Sevens Value Increase table)
    assert taken.result.value_increase == 20_000
    orc.refresh_from_db()
    assert (orc.value, orc.advancements, len(orc.gained_skills)) == (80_000, 2, 2)


def test_the_post_game_skill_is_taken_once_per_match(bob, sevens_pair, played):
    orcs, _ = sevens_pair
    orc = Player.objects.get(team=orcs, number=1)
    body = {"match": played.pk, "mode": "chosen_player_primary", "player": orc.pk}
    assert api_as(bob).post(sevens_url(orcs), body, format="json").status_code == 201
    before = everything()

    again = api_as(bob).post(
        sevens_url(orcs),
        {"match": played.pk, "mode": "random_player_secondary"},
        format="json",
    )

    assert again.status_code == 400
    assert again.json()["errors"][0]["code"] == "already_advanced"
    assert everything() == before
    assert api_as(bob).get(sevens_url(orcs)).json() == []


def test_the_database_refuses_a_second_post_game_skill_for_a_match(sevens_pair, played):
    orcs, _ = sevens_pair
    taken = team_sevens_advance(
        team_id=orcs.pk,
        match_id=played.pk,
        mode="random_player_secondary",
    )
    duplicate = SevensAdvancement(
        team=orcs,
        match_id=played.pk,
        mode="random_player_secondary",
        player=taken.player,
        skill="block",
        value_increase=20_000,
        event=LeagueEvent.objects.create(league=orcs.league, type="advancement"),
    )

    with pytest.raises(IntegrityError), transaction.atomic():
        duplicate.save()


def test_the_other_team_has_its_own_post_game_skill(charlie, sevens_pair, played):
    _, humans = sevens_pair
    human = Player.objects.get(team=humans, number=2)

    response = api_as(charlie).post(
        sevens_url(humans),
        {"match": played.pk, "mode": "chosen_player_primary", "player": human.pk},
        format="json",
    )

    assert response.status_code == 201
    assert SevensAdvancement.objects.get().team == humans


def test_dead_players_and_players_who_did_not_play_cannot_gain_it(
    alice, bob, sevens, sevens_pair, django_capture_on_commit_callbacks
):
    # given #2 sat the match out (missing it: a journeyman, #8, took his
    # place) and #3 died in it (Sevens Injury table 12, DEAD)
    orcs, humans = sevens_pair
    sat_out = Player.objects.get(team=orcs, number=2)
    died = Player.objects.get(team=orcs, number=3)
    Player.objects.filter(pk=sat_out.pk).update(miss_next_game=True)
    match = play(
        sevens,
        orcs,
        humans,
        alice,
        django_capture_on_commit_callbacks,
        casualties=[CasualtyLine(died.pk, casualty_roll=12)],
    )
    assert Player.objects.get(pk=died.pk).status == "dead"
    before = everything()

    for player in (sat_out, died):
        response = api_as(bob).post(
            sevens_url(orcs),
            {"match": match.pk, "mode": "chosen_player_primary", "player": player.pk},
            format="json",
        )

        assert response.status_code == 400
        assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [
            ("player_not_eligible", "player")
        ]
    assert everything() == before
    numbers = [
        c["number"] for c in api_as(bob).get(sevens_url(orcs)).json()[0]["candidates"]
    ]
    assert numbers == [1, 4, 5, 6, 7, 8]


def test_a_reserve_available_at_kick_off_played_the_game(
    alice, bob, charlie, sevens, django_capture_on_commit_callbacks
):
    """blood_bowl_sevens.md "Player Advancement": "a single player of your
    choice that played during this game" (Decision: eligible to play in it,
    as the roster frozen at kick-off records; a report does not say who
    set up)."""
    # given Orcs of eight: "A team may not set up more than seven players
    # at the start of a drive", so one of them starts in the Reserves box
    fix_seed(sevens, 7)
    orcs = draft_team(
        sevens, bob, roster="orc", name="Gouged Eye", extra=[("orc-lineman", "Reserve")]
    )
    humans = draft_team(sevens, charlie, roster="human", name="Reikland Reavers")
    match = play(sevens, orcs, humans, alice, django_capture_on_commit_callbacks)
    reserve = Player.objects.get(team=orcs, number=8)

    # then all eight may gain the skill, the eighth chosen among them
    numbers = [
        c["number"] for c in api_as(bob).get(sevens_url(orcs)).json()[0]["candidates"]
    ]
    assert numbers == [1, 2, 3, 4, 5, 6, 7, 8]
    response = api_as(bob).post(
        sevens_url(orcs),
        {"match": match.pk, "mode": "chosen_player_primary", "player": reserve.pk},
        format="json",
    )
    assert response.status_code == 201
    assert SevensAdvancement.objects.get().player == reserve


@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        ({"mode": "chosen_player_primary"}, "player_not_eligible", "player"),
        (
            {"mode": "random_player_secondary", "player": "ORC"},
            "unexpected_choice",
            "player",
        ),
        (
            {"mode": "random_player_secondary", "category": "strength"},
            "unexpected_choice",
            "category",
        ),
        (
            {"mode": "chosen_player_primary", "player": "ORC", "category": "strength"},
            "category_not_allowed",
            "category",
        ),
    ],
)
def test_refused_post_game_skills_write_nothing(
    bob, sevens_pair, played, body, code, field
):
    orcs, _ = sevens_pair
    if body.get("player") == "ORC":
        body = {**body, "player": Player.objects.get(team=orcs, number=1).pk}
    before = everything()

    response = api_as(bob).post(
        sevens_url(orcs), {"match": played.pk, **body}, format="json"
    )

    assert response.status_code == 400
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [
        (code, field)
    ]
    assert everything() == before


def test_a_match_not_played_or_not_finished_gives_no_post_game_skill(
    bob, sevens, sevens_pair, charlie
):
    orcs, humans = sevens_pair
    season = season_create(
        league=sevens, name="Unplayed", team_ids=[orcs.pk, humans.pk], seed=5
    )
    (scheduled,) = season_schedule(season_id=season.pk)
    other = draft_team(sevens, charlie, roster="orc", name="Other")
    before = everything()

    for match_id, team, code in (
        (scheduled.pk, orcs, "match_not_complete"),
        (scheduled.pk, other, "unknown_match"),
        (999_999, orcs, "unknown_match"),
    ):
        response = api_as(alice_or_coach(team, bob, charlie)).post(
            sevens_url(team),
            {"match": match_id, "mode": "random_player_secondary"},
            format="json",
        )
        assert response.status_code == 400
        assert response.json()["errors"][0]["code"] == code
    assert everything() == before


def alice_or_coach(team, *coaches):
    return next(c for c in coaches if c.pk == team.coach_id)


def test_the_post_game_skill_expires_when_the_next_match_kicks_off(
    bob, sevens, sevens_pair, played, django_capture_on_commit_callbacks
):
    orcs, humans = sevens_pair
    play(sevens, orcs, humans, bob, django_capture_on_commit_callbacks, name="S2")
    before = everything()

    response = api_as(bob).post(
        sevens_url(orcs),
        {"match": played.pk, "mode": "random_player_secondary"},
        format="json",
    )

    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "advancement_expired"
    assert everything() == before


def test_leagues_with_spp_have_no_post_game_skill(
    bob, alice, sevens, sevens_pair, played
):
    orcs, _ = sevens_pair
    League.objects.filter(pk=sevens.pk).update(sevens_spp=True)
    before = everything()

    response = api_as(bob).post(
        sevens_url(orcs),
        {"match": played.pk, "mode": "random_player_secondary"},
        format="json",
    )

    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "spp_tracked"
    assert everything() == before
    # asked what it may take, the answer is why there is nothing to take
    asked = api_as(bob).get(sevens_url(orcs))
    assert asked.status_code == 400
    assert asked.json()["errors"] == [
        {
            "code": "spp_tracked",
            "field": "match",
            "message": f"players in {sevens.name} advance by spending SPP",
        }
    ]


def test_a_blitz_bowl_team_that_played_has_no_post_game_skill(
    alice, bob, charlie, django_capture_on_commit_callbacks
):
    # given a Blitz Bowl team (a team card: no progression) that has played
    from league.services.card_teams import team_draft_card
    from league.services.leagues import league_create
    from matches.resolution.resolve import match_resolve
    from tests.factories import make_member

    league = league_create(commissioner=alice, name="Blitz Open", format="blitz-bowl")
    make_member(league, bob, charlie)
    humans = team_draft_card(league=league, coach=bob, name="Blitzers", card="human")
    team_draft_card(league=league, coach=charlie, name="Boyz", card="orc")
    season = season_create(league=league, name="Spring", seed=3)
    (match,) = season_schedule(season_id=season.pk)
    with django_capture_on_commit_callbacks(execute=True):
        match_resolve(match_id=match.pk)
    match.refresh_from_db()
    assert match.status == Match.Status.COMPLETE
    before = everything()
    refusal = [
        {
            "code": "no_progression",
            "field": None,
            "message": "Blitz Open plays Blitz Bowl (house format: a team card "
            "each, no progression): its players never gain skills",
        }
    ]

    # when its coach asks what it may take, and asks to take it
    asked = api_as(bob).get(sevens_url(humans))
    taken = api_as(bob).post(
        sevens_url(humans),
        {"match": match.pk, "mode": "random_player_secondary"},
        format="json",
    )

    # then both are refused with the reason, and nothing is written
    assert (asked.status_code, asked.json()["errors"]) == (400, refusal)
    assert (taken.status_code, taken.json()["errors"]) == (400, refusal)
    assert everything() == before


@pytest.mark.parametrize(
    ("who", "allowed"),
    [("bob", True), ("alice", True), ("charlie", False), ("dave", False)],
)
def test_only_the_coach_or_the_commissioner_take_the_post_game_skill(
    request, sevens_pair, played, who, allowed
):
    orcs, _ = sevens_pair
    before = everything()

    response = api_as(request.getfixturevalue(who)).post(
        sevens_url(orcs),
        {"match": played.pk, "mode": "random_player_secondary"},
        format="json",
    )

    if allowed:
        assert response.status_code == 201
    else:
        assert response.status_code == 403
        assert everything() == before


def test_a_chosen_player_with_two_primary_categories_names_one(
    alice, bob, sevens, charlie, django_capture_on_commit_callbacks
):
    # given Orcs with a Thrower (Primary General and Passing) who played
    fix_seed(sevens, 7)
    orcs = draft_team(
        sevens, bob, roster="orc", name="Gouged Eye", extra=[("thrower", "Snaga")]
    )
    humans = draft_team(sevens, charlie, roster="human", name="Reikland Reavers")
    match = play(sevens, orcs, humans, alice, django_capture_on_commit_callbacks)
    thrower = Player.objects.get(team=orcs, position="thrower")
    body = {"match": match.pk, "mode": "chosen_player_primary", "player": thrower.pk}
    before = everything()

    # when the coach does not say which
    refused = api_as(bob).post(sevens_url(orcs), body, format="json")

    # then the request is refused; naming Passing rolls a Passing skill
    assert refused.status_code == 400
    assert [(e["code"], e["field"]) for e in refused.json()["errors"]] == [
        ("required", "category")
    ]
    assert everything() == before
    response = api_as(bob).post(
        sevens_url(orcs), {**body, "category": "P"}, format="json"
    )
    assert response.status_code == 201
    assert response.json()["category"] == "passing"
    thrower.refresh_from_db()
    assert thrower.value == 65_000 + 10_000
