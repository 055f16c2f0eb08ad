"""A BB2025 team's standing MVP nominations (tables.md "Star Player Points",
DECIDE 21): the coach sets up to six of his players through the service,
the API or the team page; the post-game draws the MVP among those who
played in a match the engine resolves, or a report that nominates none for
his team; every refusal is coded on its field and writes nothing. The
server's dice are replayed from the match's seed as the post-game rolls
them."""

from __future__ import annotations

import pytest

from engine.core.dice import SeededRoller
from league.errors import ServiceError
from league.models import League, LeagueEvent, Player, Team
from league.services.leagues import league_create
from league.services.mvp import team_set_mvp_nominations
from league.services.teams import PlayerRequest, team_draft
from matches.models import Match, MatchEvent
from matches.postgame.results import CasualtyEntry, match_result_save
from matches.postgame.sequence import postgame_run
from matches.prematch.kickoff import match_kick_off
from matches.reports.lines import Report
from matches.reports.report import match_submit_report
from matches.seasons.services import match_seed
from tests.factories import draft_team, make_member
from tests.matches.conftest import db_state, one_match, roster
from tests.web.field_groups import field_group
from tests.world import api_as

pytestmark = pytest.mark.django_db


def _draft(league: League, coach, slug: str) -> Team:
    make_member(league, coach)
    return team_draft(
        league=league,
        coach=coach,
        name=f"{coach.username} {slug}",
        roster=slug,
        players=[PlayerRequest(f"{slug}-lineman", f"{slug} {i}") for i in range(12)],
    )


@pytest.fixture
def teams(alice, bob, charlie) -> tuple[Team, Team]:
    league = league_create(commissioner=alice, name="Altdorf Cup", format="bb2025")
    return _draft(league, bob, "human"), _draft(league, charlie, "orc")


def _mvp_events(match: Match) -> dict[int, dict]:
    return {
        e.payload["team_id"]: e.payload
        for e in MatchEvent.objects.filter(match=match, type="postgame_mvp")
    }


def _dead(player: Player, team: Team) -> CasualtyEntry:
    return CasualtyEntry(
        player_id=player.pk,
        team_id=team.pk,
        inflicted_by=None,
        table="bb2025",
        casualty_roll=None,
        lasting_roll=None,
        result="dead",
        regenerated=False,
        apothecary_used=False,
    )


def test_a_resolved_match_draws_among_the_standing_nominees_who_played(teams):
    humans, orcs = teams
    h, o = roster(humans), roster(orcs)
    standing = [h[5].pk, h[2].pk, h[9].pk, h[1].pk]
    team_set_mvp_nominations(team_id=humans.pk, player_ids=standing)
    # the Orcs' only nominee misses the game: their default six stand in
    team_set_mvp_nominations(team_id=orcs.pk, player_ids=[o[7].pk])
    Player.objects.filter(pk__in=[h[9].pk, o[7].pk]).update(miss_next_game=True)
    match = one_match(humans.league, humans, orcs, seed=31)
    match_kick_off(match_id=match.pk)
    match_result_save(
        match=match,
        mode=Match.Mode.RESOLVED,
        home_score=0,
        away_score=0,
        fan_factors=(3, 3),
        player_stats={},
        casualties=[_dead(h[2], humans)],
        conceded_by=None,
        summary={},
        submitted_by=None,
    )
    postgame_run(match_id=match.pk)
    # h[9] did not play, h[2] died: a D2 over h[5] and h[1], in the coach's
    # order; then the Orcs' D6 over their first six by shirt number (no SPP)
    roller = SeededRoller(match_seed(match.seed, "postgame", "spp"))
    home_roll, away_roll = roller.d(2, "mvp"), roller.d(6, "mvp")
    events = _mvp_events(match)
    home_pool = [h[5].pk, h[1].pk]
    assert events[humans.pk]["nominees"] == home_pool
    assert events[humans.pk]["standing_nominations"] is True
    assert events[humans.pk]["nominated_in_report"] is False
    assert events[humans.pk]["player_ids"] == [home_pool[home_roll - 1]]
    assert [d["sides"] for d in events[humans.pk]["dice"]] == [2]
    away_six = [p.pk for p in o[:7] if p.pk != o[7].pk][:6]
    assert away_six == [p.pk for p in o[:6]]
    assert events[orcs.pk]["nominees"] == away_six
    assert events[orcs.pk]["standing_nominations"] is False
    assert events[orcs.pk]["player_ids"] == [away_six[away_roll - 1]]
    # the MVP's 4 SPP (BB2025 tables.md)
    assert Player.objects.get(pk=home_pool[home_roll - 1]).spp == 4


def test_a_report_without_nominations_for_a_team_uses_its_standing_ones(
    teams, alice, django_capture_on_commit_callbacks
):
    humans, orcs = teams
    h, o = roster(humans), roster(orcs)
    team_set_mvp_nominations(team_id=humans.pk, player_ids=[h[3].pk, h[8].pk])
    team_set_mvp_nominations(team_id=orcs.pk, player_ids=[o[0].pk, o[1].pk])
    match = one_match(humans.league, humans, orcs, seed=8)
    with django_capture_on_commit_callbacks(execute=True):
        match_submit_report(
            match_id=match.pk,
            # the report nominates for the Orcs only: theirs stand
            report=Report(0, 0, fan_factor_rolls=(2, 3), mvp_nominations=[o[4].pk]),
            actor=alice,
        )
    roller = SeededRoller(match_seed(match.seed, "postgame", "spp"))
    home_roll = roller.d(2, "mvp")
    events = _mvp_events(match)
    assert events[humans.pk]["nominees"] == [h[3].pk, h[8].pk]
    assert events[humans.pk]["standing_nominations"] is True
    assert events[humans.pk]["player_ids"] == [[h[3].pk, h[8].pk][home_roll - 1]]
    assert events[orcs.pk]["nominees"] == [o[4].pk]
    assert events[orcs.pk]["nominated_in_report"] is True
    assert events[orcs.pk]["standing_nominations"] is False
    assert events[orcs.pk]["player_ids"] == [o[4].pk]


def _refused(team: Team, player_ids: list[int]) -> list[tuple[str, str | None]]:
    before = db_state()
    events = LeagueEvent.objects.count()
    kept = list(Team.objects.get(pk=team.pk).mvp_nominations)
    with pytest.raises(ServiceError) as exc:
        team_set_mvp_nominations(team_id=team.pk, player_ids=player_ids)
    assert db_state() == before
    assert LeagueEvent.objects.count() == events
    assert Team.objects.get(pk=team.pk).mvp_nominations == kept
    return [(v.code, v.field) for v in exc.value.violations]


def test_every_refusal_is_coded_and_writes_nothing(teams):
    humans, orcs = teams
    h, o = roster(humans), roster(orcs)
    team_set_mvp_nominations(team_id=humans.pk, player_ids=[h[0].pk])
    Player.objects.filter(pk=h[1].pk).update(status=Player.Status.DEAD)
    Player.objects.filter(pk=h[2].pk).update(status=Player.Status.FIRED)
    Player.objects.filter(pk=h[3].pk).update(status=Player.Status.RETIRED)
    Player.objects.filter(pk=h[4].pk).update(journeyman=True)
    assert _refused(
        humans, [h[1].pk, h[2].pk, h[3].pk, h[4].pk, o[0].pk, h[5].pk, h[5].pk]
    ) == [
        ("player_unavailable", "mvp_nominations.0"),
        ("player_unavailable", "mvp_nominations.1"),
        ("player_unavailable", "mvp_nominations.2"),
        ("player_unavailable", "mvp_nominations.3"),
        ("unknown_player", "mvp_nominations.4"),
        ("duplicate_player", "mvp_nominations.6"),
        ("too_many_nominations", "mvp_nominations"),
    ]
    # seven good players are one too many; six are not
    assert _refused(humans, [p.pk for p in h[5:12]]) == [
        ("too_many_nominations", "mvp_nominations")
    ]
    team_set_mvp_nominations(team_id=humans.pk, player_ids=[p.pk for p in h[6:12]])
    humans.refresh_from_db()
    assert humans.mvp_nominations == [p.pk for p in h[6:12]]
    event = LeagueEvent.objects.filter(
        type=LeagueEvent.Type.MVP_NOMINATIONS_SET, team=humans
    ).latest("pk")
    assert [p["id"] for p in event.payload["players"]] == [p.pk for p in h[6:12]]
    assert event.payload["players"][0] == {
        "id": h[6].pk,
        "number": h[6].number,
        "name": h[6].name,
    }
    # an empty list clears them
    team_set_mvp_nominations(team_id=humans.pk, player_ids=[])
    humans.refresh_from_db()
    assert humans.mvp_nominations == []


def test_a_retired_team_is_refused(teams):
    humans, _ = teams
    Team.objects.filter(pk=humans.pk).update(status=Team.Status.RETIRED)
    assert _refused(humans, [roster(humans)[0].pk]) == [("team_retired", "team")]


def test_a_bb2020_league_has_no_standing_nominations(alice, bob):
    old = league_create(commissioner=alice, name="Old World", format="bb2020")
    make_member(old, bob)
    humans = draft_team(old, bob, roster="human")
    assert _refused(humans, [roster(humans)[0].pk]) == [
        ("not_in_format", "mvp_nominations")
    ]
    client = api_as(bob)
    assert client.get(f"/api/teams/{humans.pk}/").json()["mvp_nominations"] is None
    bad = client.post(
        f"/api/teams/{humans.pk}/mvp-nominations/", {"players": []}, format="json"
    )
    assert bad.status_code == 400
    assert [(e["code"], e["field"]) for e in bad.json()["errors"]] == [
        ("not_in_format", "mvp_nominations")
    ]


def test_a_bb2020_team_page_offers_no_nominations(client, alice, bob):
    old = league_create(commissioner=alice, name="Old World", format="bb2020")
    make_member(old, bob)
    humans = draft_team(old, bob, roster="human")
    client.force_login(bob)
    page = client.get(f"/teams/{humans.pk}/").content.decode()
    assert "Standing MVP nominees" not in page
    assert 'data-testid="mvp-nominees"' not in page


def test_the_api_sets_them_and_refuses_with_codes(teams, bob):
    humans, orcs = teams
    h = roster(humans)
    client = api_as(bob)
    url = f"/api/teams/{humans.pk}/mvp-nominations/"
    bad = client.post(url, {"players": [roster(orcs)[0].pk]}, format="json")
    assert bad.status_code == 400
    assert [(e["code"], e["field"]) for e in bad.json()["errors"]] == [
        ("unknown_player", "mvp_nominations.0")
    ]
    ok = client.post(url, {"players": [h[4].pk, h[0].pk]}, format="json")
    assert ok.status_code == 200
    assert ok.json()["mvp_nominations"] == [h[4].pk, h[0].pk]
    # a nominee who dies drops out of them
    Player.objects.filter(pk=h[4].pk).update(status=Player.Status.DEAD)
    got = client.get(f"/api/teams/{humans.pk}/").json()
    assert got["mvp_nominations"] == [h[0].pk]
    # another coach may not set them
    assert api_as(orcs.coach).post(url, {"players": []}, format="json").status_code in (
        403,
        404,
    )


def test_the_team_page_sets_and_shows_them(client, teams, bob):
    humans, _ = teams
    h = roster(humans)
    client.force_login(bob)
    page = client.get(f"/teams/{humans.pk}/").content.decode()
    assert "Standing MVP nominees" in page
    assert "none set" in page
    response = client.post(
        f"/teams/{humans.pk}/mvp-nominations/",
        {"players": [h[2].pk, h[7].pk]},
        follow=True,
    )
    assert response.redirect_chain == [(f"/teams/{humans.pk}/#content", 302)]
    text = response.content.decode()
    assert "bob human&#x27;s MVP nominees are set." in text
    assert f"#{h[2].number} {h[2].name}, #{h[7].number} {h[7].name}" in text
    humans.refresh_from_db()
    assert humans.mvp_nominations == [h[2].pk, h[7].pk]
    # seven are refused with the service's reason by the field, the seven
    # still ticked, nothing written
    before = db_state(), LeagueEvent.objects.count()
    response = client.post(
        f"/teams/{humans.pk}/mvp-nominations/", {"players": [p.pk for p in h[:7]]}
    )
    assert response.status_code == 400
    group = field_group(response.content.decode(), "id_players")
    assert "a coach nominates at most 6 players for the MVP (7 given)" in group
    assert group.count(" checked") == 7
    assert (db_state(), LeagueEvent.objects.count()) == before
    humans.refresh_from_db()
    assert humans.mvp_nominations == [h[2].pk, h[7].pk]
    # a player the form does not offer is refused by the field too
    response = client.post(
        f"/teams/{humans.pk}/mvp-nominations/", {"players": [roster(teams[1])[0].pk]}
    )
    assert response.status_code == 400
    assert "Select a valid choice." in field_group(
        response.content.decode(), "id_players"
    )
    humans.refresh_from_db()
    assert humans.mvp_nominations == [h[2].pk, h[7].pk]
