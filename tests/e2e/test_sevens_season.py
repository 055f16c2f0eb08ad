"""A whole Sevens season through the API: joining the league, drafting,
journeymen, inducements, engine resolution with the post-game sequence, and
advancement."""

import pytest

from league.models import LeagueEvent, Player, Team
from matches.models import Match, MatchInducements, RosterSnapshot
from tests.factories import UserFactory
from tests.world import api_as

DRAFTS = [
    ("coach-a", "orc", "Da Boyz", [("orc-lineman", 5), ("blitzer", 2)]),
    ("coach-b", "human", "Reavers", [("human-lineman", 5), ("blitzer", 2)]),
    (
        "coach-a",
        "skaven",
        "Rats",
        [("skaven-clanrat-lineman", 5), ("gutter-runner", 2)],
    ),
    ("coach-b", "dwarf", "Grudges", [("dwarf-blocker-lineman", 6), ("runner", 1)]),
]


def _players(spec):
    return [
        {"position": position, "name": f"{position} {i}"}
        for position, count in spec
        for i in range(count)
    ]


@pytest.mark.django_db(transaction=True)  # post-game tasks start on commit
def test_a_sevens_season_with_journeymen_inducements_and_advancement():
    commish = UserFactory(username="e2e-commish")
    coaches = {name: UserFactory(username=name) for name in ("coach-a", "coach-b")}
    league = (
        api_as(commish)
        .post(
            "/api/leagues/",
            {"name": "E2E Sevens", "format": "sevens", "sevens_spp": True},
            format="json",
        )
        .json()
    )
    # the coaches join: one asks to join the opened league and is approved,
    # the other is invited and accepts
    lid = league["id"]
    assert api_as(commish).post(f"/api/leagues/{lid}/open/").status_code == 200
    assert (
        api_as(coaches["coach-a"]).post(f"/api/leagues/{lid}/join/").status_code == 201
    )
    approved = api_as(commish).post(
        f"/api/leagues/{lid}/requests/{coaches['coach-a'].pk}/approve/"
    )
    assert approved.json()["status"] == "member"
    invited = api_as(commish).post(
        f"/api/leagues/{lid}/members/", {"username": "coach-b"}, format="json"
    )
    assert invited.status_code == 201
    accepted = api_as(coaches["coach-b"]).post(f"/api/leagues/{lid}/invitation/accept/")
    assert accepted.json()["status"] == "member"
    teams = {}
    for coach, roster, name, spec in DRAFTS:
        response = api_as(coaches[coach]).post(
            "/api/teams/",
            {
                "league": league["id"],
                "name": name,
                "roster": roster,
                "players": _players(spec),
            },
            format="json",
        )
        assert response.status_code == 201, response.json()
        teams[name] = response.json()

    # Da Boyz lose a player before the season: six left, one journeyman needed
    boyz = teams["Da Boyz"]
    fired = boyz["players"][0]["id"]
    assert (
        api_as(coaches["coach-a"])
        .delete(f"/api/teams/{boyz['id']}/players/{fired}/")
        .status_code
        == 204
    )

    season = (
        api_as(commish)
        .post(
            "/api/seasons/",
            {"league": league["id"], "name": "2026", "seed": 99},
            format="json",
        )
        .json()
    )
    assert (
        api_as(commish).post(f"/api/seasons/{season['id']}/schedule/").status_code
        == 201
    )

    # the cheaper side of Da Boyz's first match buys inducements with petty cash
    first = Match.objects.filter(season_id=season["id"], round=1).filter(
        home_id=boyz["id"]
    ).first() or Match.objects.get(season_id=season["id"], round=1, away_id=boyz["id"])
    offer = api_as(commish).get(f"/api/matches/{first.pk}/inducements/").json()
    lower = min(("home", "away"), key=lambda side: offer[side]["ctv"])
    buyer = offer[lower]
    coach = (
        coaches["coach-a"]
        if buyer["team"] in (boyz["id"], teams["Rats"]["id"])
        else (coaches["coach-b"])
    )
    bought = api_as(coach).post(
        f"/api/matches/{first.pk}/inducements/",
        {"team": buyer["team"], "items": [{"item": "bribes"}]},
        format="json",
    )
    assert bought.status_code == 201, bought.json()

    # when the commissioner resolves the first round, then the rest
    resolve = api_as(commish).post(
        f"/api/seasons/{season['id']}/resolve/", {"scope": "round"}, format="json"
    )
    assert resolve.status_code == 202
    assert api_as(commish).get(resolve.json()["url"]).json()["done"] == 2

    # then Da Boyz took a journeyman for that match, who may now be hired
    journeyman = Player.objects.get(team_id=boyz["id"], journeyman=True)
    snapshot = RosterSnapshot.objects.get(match=first, team_id=boyz["id"])
    assert journeyman.pk in [p["id"] for p in snapshot.data["players"]]
    loner = {"skill": "loner", "param": "5+"}
    assert any(
        {k: s[k] for k in ("skill", "param")} == loner for s in journeyman.gained_skills
    )
    hired = api_as(coaches["coach-a"]).post(f"/api/players/{journeyman.pk}/hire/")
    assert hired.status_code == 200, hired.json()
    journeyman.refresh_from_db()
    assert journeyman.journeyman is False
    assert MatchInducements.objects.get(match=first).lines[0]["slug"] == "bribes"

    rest = api_as(commish).post(
        f"/api/seasons/{season['id']}/resolve/", {"scope": "season"}, format="json"
    )
    assert rest.status_code == 202
    progress = api_as(commish).get(rest.json()["url"]).json()
    assert (progress["done"], progress["total"], progress["finished"]) == (4, 4, True)
    assert set(
        Match.objects.filter(season_id=season["id"]).values_list("status", flat=True)
    ) == {"complete"}
    standings = (
        api_as(None).get(f"/api/seasons/{season['id']}/standings/").json()["rows"]
    )
    assert [row["played"] for row in standings] == [3, 3, 3, 3]
    assert sum(row["points"] for row in standings) in range(12, 19)

    # and a player with enough Star Player Points buys a random Primary skill
    star = (
        Player.objects.filter(team__league_id=league["id"], status="active")
        .order_by("-spp", "pk")
        .first()
    )
    menu = api_as(None).get(f"/api/players/{star.pk}/advancements/").json()
    option = next(o for o in menu["options"] if o["kind"] == "random_primary")
    coach_user = Team.objects.get(pk=star.team_id).coach
    bought_skill = api_as(coach_user).post(
        f"/api/players/{star.pk}/advancements/",
        {"kind": "random_primary", "category": option["category"]},
        format="json",
    )
    assert bought_skill.status_code == 201, bought_skill.json()
    star.refresh_from_db()
    assert (star.advancements, len(star.gained_skills) >= 1) == (1, True)

    # every roll and action between matches is in the league's audit log
    types = set(
        LeagueEvent.objects.filter(league_id=league["id"]).values_list(
            "type", flat=True
        )
    )
    assert {"journeymen_taken", "journeyman_hired", "advancement"} <= types
