"""A tabletop report records Plague Ridden (skills_and_traits.md "Plague
Ridden"): the victim of a Nurgle player's Block or Foul who dies becomes a
Rotter Lineman for a Favoured of Nurgle team; the report refuses what the
rules cannot produce and writes nothing then."""

from __future__ import annotations

import pytest

from league.models import LeagueEvent, Player, Team
from matches.models import Match, MatchEvent, MatchResult
from matches.prematch.inducements import Purchase, match_buy_inducements
from tests.factories import draft_team
from tests.league.conftest import api_as
from tests.matches.conftest import one_match

DEAD = 16  # the BB2020 Casualty table (D16): 15-16 DEAD
BADLY_HURT = 1  # 1-6 Badly Hurt
ROTTER_COST = 35_000  # teams/Nurgle.md: Rotter Lineman, 0-12, 35K


def players(team: Team, position: str | None = None) -> list[Player]:
    qs = team.players.order_by("number")
    return list(qs.filter(position=position) if position else qs)


@pytest.fixture
def nurgle(eleven, bob):
    """BB2020 Nurgle: 11 Rotter Linemen (Decay, Plague Ridden)."""
    return draft_team(eleven, bob, roster="nurgle", name="Rotters")


@pytest.fixture
def humans(eleven, charlie):
    """BB2020 Humans: 11 linemen (ST 3), an Ogre (ST 5) and a Halfling
    Hopeful (Stunty)."""
    return draft_team(
        eleven,
        charlie,
        roster="human",
        name="Reavers",
        extra=[("ogre", "Big Lug"), ("halfling-hopeful", "Pip")],
    )


def report(match: Match, coach, casualties, **extra):
    body = {"home_score": 0, "away_score": 0, "casualties": casualties} | extra
    return api_as(coach).post(f"/api/matches/{match.pk}/report/", body, format="json")


def state():
    """What a refused report must leave as it was."""
    return (
        sorted(Player.objects.values_list("pk", "team_id", "status", "journeyman")),
        MatchResult.objects.count(),
        MatchEvent.objects.count(),
        LeagueEvent.objects.count(),
        sorted(Match.objects.values_list("pk", "status")),
    )


def test_a_rotter_kills_a_lineman_and_the_team_gains_a_rotter(nurgle, humans, bob):
    # given
    match = one_match(nurgle.league, nurgle, humans)
    killer, victim = players(nurgle)[0], players(humans, "human-lineman")[0]
    before = {p.pk for p in players(nurgle)}

    # when
    response = report(
        match,
        bob,
        [
            {
                "player_id": victim.pk,
                "inflicted_by": killer.pk,
                "casualty_roll": DEAD,
                "plague_ridden": True,
            }
        ],
    )

    # then
    assert response.status_code == 201, response.json()
    (rotter,) = [p for p in players(nurgle) if p.pk not in before]
    assert (rotter.position, rotter.journeyman, rotter.value) == (
        "rotter-lineman",
        True,
        ROTTER_COST,
    )
    assert [(s["skill"], s["param"]) for s in rotter.gained_skills] == [("loner", "4+")]
    event = MatchEvent.objects.get(match=match, type="plague_ridden").payload
    assert event == {
        "team_id": nurgle.pk,
        "player_id": victim.pk,
        "inflicted_by": killer.pk,
        "inflicted_by_star": None,
        "rotter_id": rotter.pk,
    }
    league_event = LeagueEvent.objects.get(
        type=LeagueEvent.Type.JOURNEYMEN_TAKEN, payload__plague_ridden=True
    )
    assert (league_event.team_id, league_event.payload["player_ids"]) == (
        nurgle.pk,
        [rotter.pk],
    )
    # as in a resolved match, the victim stays dead to his own team
    (cas,) = MatchResult.objects.get(match=match).casualties
    assert (cas["player_id"], cas["result"]) == (victim.pk, "dead")
    assert not humans.players.filter(journeyman=True).exists()


def test_a_star_with_the_trait_may_take_the_victim(nurgle, humans, bob, charlie):
    # given: Guffle Pussmaw (Plague Ridden) plays for Favoured of Nurgle;
    # the Humans, worth more, buy (nothing) first
    match = one_match(nurgle.league, nurgle, humans)
    Team.objects.filter(pk=nurgle.pk).update(treasury=1_000_000)
    match_buy_inducements(match_id=match.pk, team_id=humans.pk, actor=charlie, items=[])
    match_buy_inducements(
        match_id=match.pk,
        team_id=nurgle.pk,
        actor=bob,
        items=[Purchase("star_players", star_player="guffle-pussmaw")],
    )
    victim = players(humans, "human-lineman")[0]
    before = Player.objects.filter(team=nurgle).count()

    # when
    response = report(
        match,
        bob,
        [
            {
                "player_id": victim.pk,
                "inflicted_by_star": "guffle-pussmaw",
                "casualty_roll": DEAD,
                "plague_ridden": True,
            }
        ],
    )

    # then
    assert response.status_code == 201, response.json()
    assert Player.objects.filter(team=nurgle).count() == before + 1
    payload = MatchEvent.objects.get(match=match, type="plague_ridden").payload
    assert (payload["inflicted_by"], payload["inflicted_by_star"]) == (
        None,
        "guffle-pussmaw",
    )


def _line(victim, killer, roll=DEAD, **extra):
    line = {"player_id": victim.pk, "plague_ridden": True} | extra
    if killer is not None:
        line["inflicted_by"] = killer.pk
    if roll is not None:
        line["casualty_roll"] = roll
    return line


@pytest.mark.parametrize(
    ("case", "expected"),
    [
        ("not_dead", [("victim_not_dead", "casualties.0.casualty_roll")]),
        ("no_roll", [("casualty_roll_required", "casualties.0.casualty_roll")]),
        ("no_killer", [("killer_required", "casualties.0.inflicted_by")]),
        ("ogre", [("victim_not_eligible", "casualties.0.player_id")]),
        ("halfling", [("victim_not_eligible", "casualties.0.player_id")]),
        ("twice", [("plague_ridden_once", "casualties.1.plague_ridden")]),
        (
            "human_killer",
            [  # and a Rotter has Decay
                ("not_plague_ridden", "casualties.0.inflicted_by"),
                ("victim_not_eligible", "casualties.0.player_id"),
                ("team_not_eligible", "casualties.0.plague_ridden"),
            ],
        ),
    ],
)
def test_what_the_rules_cannot_produce_is_refused(nurgle, humans, bob, case, expected):
    # given
    match = one_match(nurgle.league, nurgle, humans)
    rotters, linemen = players(nurgle), players(humans, "human-lineman")
    body = {
        "not_dead": [_line(linemen[0], rotters[0], roll=BADLY_HURT)],
        "no_roll": [_line(linemen[0], rotters[0], roll=None)],
        "no_killer": [_line(linemen[0], None)],
        "ogre": [_line(players(humans, "ogre")[0], rotters[0])],
        "halfling": [_line(players(humans, "halfling-hopeful")[0], rotters[0])],
        "twice": [
            _line(linemen[0], rotters[0]),
            _line(linemen[1], rotters[1]),
        ],
        "human_killer": [_line(rotters[0], linemen[0])],
    }[case]
    before = state()

    # when
    response = report(match, bob, body)

    # then
    assert response.status_code == 400
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == expected
    assert state() == before


def test_a_nurgle_player_without_the_trait_cannot_claim_it(eleven, bob, humans):
    # given: a Chaos Chosen team that chose Favoured of Nurgle; its
    # Beastmen have no Plague Ridden
    chaos = draft_team(
        eleven,
        bob,
        roster="chaos-chosen",
        name="Flies",
        special_rule="favoured-of-nurgle",
    )
    match = one_match(eleven, chaos, humans)
    line = _line(players(humans, "human-lineman")[0], players(chaos)[0])
    before = state()

    # when
    response = report(match, bob, [line])

    # then
    assert response.status_code == 400
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [
        ("not_plague_ridden", "casualties.0.inflicted_by")
    ]
    assert state() == before


@pytest.mark.parametrize(
    ("extra", "why"),
    [
        # 11 + 1 Rotters (their 0-12 limit) + 4 Pestigors: 16 players
        ([("rotter-lineman", "R12")] + [("pestigor", f"P{i}") for i in range(4)], 16),
        # 12 Rotters: the position is full with room on the roster
        ([("rotter-lineman", "R12")], 12),
    ],
)
def test_a_team_with_no_room_for_a_rotter_is_refused(eleven, bob, humans, extra, why):
    # given
    nurgle = draft_team(eleven, bob, roster="nurgle", name="Full", extra=extra)
    match = one_match(eleven, nurgle, humans)
    line = _line(players(humans, "human-lineman")[0], players(nurgle)[0])
    before = state()

    # when
    response = report(match, bob, [line])

    # then
    assert response.status_code == 400
    (error,) = response.json()["errors"]
    assert (error["code"], error["field"]) == (
        "roster_full",
        "casualties.0.plague_ridden",
    )
    assert str(why) in error["message"]
    assert state() == before


@pytest.mark.parametrize(("injury_roll", "status"), [(12, 201), (11, 400)])
def test_in_sevens_the_injury_roll_says_whether_the_plague_took_him(
    alice, bob, charlie, injury_roll, status
):
    # given a Sevens league, where the 2D6 Injury roll gives the casualty
    # (blood_bowl_sevens.md "The Injury Table": 12 DEAD, 11 Seriously Hurt)
    from tests.factories import LeagueFactory
    from tests.matches.conftest import db_state

    league = LeagueFactory(format="sevens", commissioner=alice)
    rotters = draft_team(league, bob, roster="nurgle", name="Rotters")
    reavers = draft_team(league, charlie, roster="human", name="Reavers")
    match = one_match(league, rotters, reavers)
    killer, victim = players(rotters)[0], players(reavers)[0]
    before = db_state()

    response = report(
        match,
        bob,
        [
            {
                "player_id": victim.pk,
                "inflicted_by": killer.pk,
                "casualty_roll": injury_roll,
                "plague_ridden": True,
            }
        ],
    )

    assert response.status_code == status, response.json()
    if status == 201:
        (rotter,) = rotters.players.filter(journeyman=True)
        assert rotter.position == "rotter-lineman"
    else:
        assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [
            ("victim_not_dead", "casualties.0.casualty_roll")
        ]
        assert db_state() == before
