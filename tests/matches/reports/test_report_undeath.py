"""Masters of Undeath on a tabletop report (BB2025 changes_from_bb2020.md
section 7): a casualty line may say the killed opponent rose for the team
with the rule; the post-game adds him as a free rookie of its first
Lineman position with room, as for a resolved match. What the rules cannot
produce is refused, field and reason, with nothing written; another format
refuses the field; the page offers it only to a team with the rule, and the
report waiting for the other coach shows it."""

from __future__ import annotations

import pytest

from league.models import League, LeagueEvent, Player, Team
from league.services.leagues import league_create
from league.services.teams import PlayerRequest, team_draft
from matches.models import MatchEvent, MatchResult, ReportSubmission
from matches.postgame.results import casualty_entry
from matches.reports.confirmation import report_confirm
from tests.factories import draft_team, make_member
from tests.matches.conftest import db_state, one_match
from tests.world import api_as

pytestmark = pytest.mark.django_db

DEAD = 15  # tables.md "5. Casualty table" (D16): 15-16 Dead
BADLY_HURT = 8  # 1-8 Badly Hurt
SKELETON = "shambling-undead-skeleton-lineman"  # the roster's first Lineman
SKELETON_COST = 40_000  # rosters.json: Skeleton Lineman, 0-16, 40k
ZOMBIE = "shambling-undead-zombie-lineman"  # Regeneration


@pytest.fixture
def league(alice) -> League:
    return league_create(commissioner=alice, name="Sylvania Cup", format="bb2025")


def draft(league, coach, roster, positions, name) -> Team:
    make_member(league, coach)
    return team_draft(
        league=league,
        coach=coach,
        name=name,
        roster=roster,
        players=[PlayerRequest(p, f"{name} {i}") for i, p in enumerate(positions)],
    )


@pytest.fixture
def undead(league, bob) -> Team:
    return draft(league, bob, "shambling-undead", [ZOMBIE] * 11, "Dead Men")


@pytest.fixture
def humans(league, charlie) -> Team:
    """10 Linemen (ST 3), a Halfling Hopeful (Stunty) and an Ogre (ST 5)."""
    return draft(
        league,
        charlie,
        "human",
        ["human-lineman"] * 9 + ["human-halfling-hopeful", "human-ogre"],
        "Reavers",
    )


def of(team: Team, position: str) -> list[Player]:
    return list(team.players.filter(position=position).order_by("number"))


def post(match, coach, casualties):
    body = {"home_score": 0, "away_score": 0, "casualties": casualties}
    return api_as(coach).post(f"/api/matches/{match.pk}/report/", body, format="json")


def raised(player: Player, roll: int | None = DEAD, **extra) -> dict:
    line = {"player_id": player.pk, "raised_dead": True} | extra
    return line | ({"casualty_roll": roll} if roll is not None else {})


def refused(response) -> list[tuple[str, str, str]]:
    assert response.status_code == 400, response.json()
    return [(e["code"], e["field"], e["message"]) for e in response.json()["errors"]]


def test_a_killed_lineman_rises_as_a_skeleton(undead, humans, bob):
    match = one_match(undead.league, undead, humans)
    victim = of(humans, "human-lineman")[0]
    before = set(undead.players.values_list("pk", flat=True))
    treasury = undead.treasury

    response = post(match, bob, [raised(victim)])

    assert response.status_code == 201, response.json()
    (risen,) = Player.objects.filter(team=undead).exclude(pk__in=before)
    assert (risen.position, risen.journeyman, risen.value, risen.number) == (
        SKELETON,
        False,
        SKELETON_COST,
        12,
    )
    assert risen.name == "Risen #12"
    undead.refresh_from_db()
    assert undead.treasury >= treasury  # free (winnings may add, nothing is paid)
    event = LeagueEvent.objects.get(type=LeagueEvent.Type.PLAYER_RAISED)
    assert (event.team_id, event.match_id, event.payload) == (
        undead.pk,
        match.pk,
        {"position": SKELETON, "victim_id": victim.pk, "player_id": risen.pk},
    )
    assert MatchEvent.objects.get(match=match, type="raised_dead").payload == {
        "team_id": undead.pk,
        "player_id": victim.pk,
        "risen_id": risen.pk,
    }
    # the victim stays dead to his own team
    (cas,) = MatchResult.objects.get(match=match).casualties
    assert (cas["player_id"], cas["result"]) == (victim.pk, "dead")


def test_a_full_roster_keeps_nobody_as_a_resolved_match(league, bob, humans):
    full = draft(league, bob, "shambling-undead", [ZOMBIE] * 16, "Full House")
    match = one_match(league, full, humans)
    victim = of(humans, "human-lineman")[0]

    response = post(match, bob, [raised(victim)])

    assert response.status_code == 201, response.json()
    assert full.players.count() == 16
    assert not LeagueEvent.objects.filter(type=LeagueEvent.Type.PLAYER_RAISED).exists()
    assert MatchEvent.objects.get(match=match, type="raised_dead").payload == {
        "team_id": full.pk,
        "player_id": victim.pk,
        "risen_id": None,
    }


def test_the_away_team_raises_too(undead, humans, charlie, bob):
    match = one_match(undead.league, humans, undead)
    victim = of(humans, "human-lineman")[0]
    before = undead.players.count()

    response = post(match, bob, [raised(victim)])

    assert response.status_code == 201, response.json()
    assert undead.players.count() == before + 1


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        (
            lambda h, u: [raised(of(h, "human-ogre")[0])],
            [
                (
                    "victim_not_eligible",
                    "casualties.0.player_id",
                    "Masters of Undeath raises only a player of Strength 4 or less",
                )
            ],
        ),
        (
            lambda h, u: [raised(of(h, "human-halfling-hopeful")[0])],
            [
                (
                    "victim_not_eligible",
                    "casualties.0.player_id",
                    "Masters of Undeath raises no player with Regeneration or Stunty",
                )
            ],
        ),
        (
            lambda h, u: [raised(p) for p in of(h, "human-lineman")[:2]],
            [
                (
                    "raised_dead_once",
                    "casualties.1.raised_dead",
                    "Masters of Undeath is used once per game by each team",
                )
            ],
        ),
        (
            # the Humans have no Masters of Undeath
            lambda h, u: [raised(of(u, ZOMBIE)[0])],
            [
                (
                    "victim_not_eligible",
                    "casualties.0.player_id",
                    "Masters of Undeath raises no player with Regeneration or Stunty",
                ),
                (
                    "team_not_eligible",
                    "casualties.0.raised_dead",
                    "Reavers does not have Masters of Undeath",
                ),
            ],
        ),
        (
            lambda h, u: [raised(of(h, "human-lineman")[0], plague_ridden=True)],
            [
                ("killer_required", "casualties.0.inflicted_by"),
                (
                    "victim_taken",
                    "casualties.0.raised_dead",
                    "a player taken by the plague cannot also be raised",
                ),
            ],
        ),
        (
            lambda h, u: [raised(of(h, "human-lineman")[0], BADLY_HURT)],
            [
                (
                    "victim_not_dead",
                    "casualties.0.casualty_roll",
                    "Masters of Undeath raises only a player the casualty roll killed",
                )
            ],
        ),
    ],
    ids=["strength", "stunty", "twice", "no-rule", "plague-too", "not-dead"],
)
def test_what_the_rule_cannot_produce_is_refused(undead, humans, bob, lines, expected):
    match = one_match(undead.league, undead, humans)
    state = db_state()
    count = Player.objects.count()
    events = MatchEvent.objects.filter(match=match).count()

    response = post(match, bob, lines(humans, undead))

    got = refused(response)
    assert [g[: len(e)] for g, e in zip(got, expected, strict=True)] == expected
    assert db_state() == state
    assert Player.objects.count() == count
    assert MatchEvent.objects.filter(match=match).count() == events
    assert not MatchResult.objects.filter(match=match).exists()


def test_the_server_rolled_casualty_must_kill_him(undead, humans, bob):
    # no dice entered: the server rolls from the match's seed (1234), and
    # this casualty's roll leaves him alive
    match = one_match(undead.league, undead, humans)
    victim = of(humans, "human-lineman")[0]
    rolled = casualty_entry(
        match=match,
        index=0,
        player_id=victim.pk,
        team_id=humans.pk,
        table=str(match.season.settings["casualty_table"]),
        niggling=0,
        modifier=0,
        inflicted_by=None,
    )
    assert rolled["result"] != "dead"
    state = db_state()

    response = post(match, bob, [raised(victim, roll=None)])

    assert refused(response) == [
        (
            "victim_not_dead",
            "casualties.0.casualty_roll",
            "Masters of Undeath raises only a player the casualty roll killed",
        )
    ]
    assert db_state() == state
    assert not MatchResult.objects.filter(match=match).exists()


def test_another_format_refuses_the_field(eleven, bob, charlie):
    old_humans = draft_team(eleven, charlie, roster="human", name="Old Reavers")
    orcs = draft_team(eleven, bob, roster="orc", name="Gouged Eye")
    match = one_match(eleven, orcs, old_humans)
    victim = old_humans.players.order_by("number").first()
    state = db_state()

    response = post(match, bob, [raised(victim, roll=16)])

    assert refused(response) == [
        (
            "not_in_format",
            "casualties.0.raised_dead",
            "no team of this format has Masters of Undeath",
        )
    ]
    assert db_state() == state


def test_the_report_page_offers_the_line_only_with_the_rule(
    client, league, undead, humans, bob, charlie, alice
):
    match = one_match(league, undead, humans)
    client.force_login(bob)
    html = client.get(f"/matches/{match.pk}/report/").content.decode()
    assert 'name="cas-0-raised_dead"' in html
    assert "Masters of Undeath: the victim rises for the other team" in html

    orcs = draft(league, alice, "orc", ["orc-lineman"] * 11, "Gouged Eye")
    other = one_match(league, humans, orcs)
    client.force_login(charlie)
    html = client.get(f"/matches/{other.pk}/report/").content.decode()
    assert 'name="cas-0-raised_dead"' not in html


def test_the_page_submits_the_line(client, league, undead, humans, bob):
    match = one_match(league, undead, humans)
    victim = of(humans, "human-lineman")[0]
    before = undead.players.count()
    client.force_login(bob)

    response = client.post(
        f"/matches/{match.pk}/report/",
        {
            "action": "submit",
            "home_score": "0",
            "away_score": "0",
            "cas-TOTAL_FORMS": "1",
            "cas-INITIAL_FORMS": "0",
            "cas-0-player": str(victim.pk),
            "cas-0-casualty_roll": str(DEAD),
            "cas-0-raised_dead": "on",
        },
    )

    assert response.status_code == 302, response.content.decode()[:2000]
    assert undead.players.count() == before + 1


def test_the_waiting_report_shows_the_line(
    client, league, undead, humans, bob, charlie
):
    League.objects.filter(pk=league.pk).update(report_confirmation_days=3)
    match = one_match(league, undead, humans)
    victim = of(humans, "human-lineman")[0]

    response = post(match, bob, [raised(victim)])

    assert response.status_code == 202, response.json()
    assert ReportSubmission.objects.filter(match=match).count() == 1
    assert not LeagueEvent.objects.filter(type=LeagueEvent.Type.PLAYER_RAISED).exists()
    client.force_login(charlie)
    html = client.get(f"/matches/{match.pk}/").content.decode()
    facts = html[html.index('data-testid="report-casualties"') :]
    facts = facts[: facts.index("</ul>")]
    assert (
        f"#{victim.number} {victim.name} (Reavers): <strong>DEAD</strong>, dead, "
        "rises for Dead Men (Masters of Undeath)"
    ) in facts


def test_the_confirmed_report_adds_the_rookie(league, undead, humans, bob, charlie):
    League.objects.filter(pk=league.pk).update(report_confirmation_days=3)
    match = one_match(league, undead, humans)
    victim = of(humans, "human-lineman")[0]
    before = undead.players.count()
    assert post(match, bob, [raised(victim)]).status_code == 202

    sub = ReportSubmission.objects.get(match=match)
    report_confirm(submission_id=sub.pk, actor=charlie)

    assert undead.players.count() == before + 1
    event = LeagueEvent.objects.get(type=LeagueEvent.Type.PLAYER_RAISED)
    assert (event.team_id, event.payload["victim_id"]) == (undead.pk, victim.pk)
