"""The inducements a BB2020 team buys reach the engine and nothing is sold
that the match does not play (inducements_in_detail.md)."""

import pytest

from engine.campaign.inducements import BUGMAN_ID_BASE
from engine.campaign.stars import STAR_ID_BASE
from league.errors import ServiceError
from matches.engine_bridge import team_sheet
from matches.prematch.inducements import (
    Purchase,
    inducement_offer,
    inducement_sides,
    match_buy_inducements,
)
from matches.prematch.kickoff import match_kick_off
from matches.resolution.resolve import match_engine_inputs
from tests.league.conftest import api_as
from tests.matches.prematch.test_star_players import world  # noqa: F401  (fixture)


def test_the_offer_prices_the_wizard_and_leaves_out_what_is_not_played(world):  # noqa: F811
    home, _ = inducement_sides(world["match"])

    offer = {i["slug"]: i for i in inducement_offer(home, world["match"])}

    assert (offer["wizard"]["name"], offer["wizard"]["price"]) == (
        "Wizard: Hireling Sports-Wizard",
        150_000,
    )
    for slug in ("special_plays", "infamous_coaching_staff"):
        assert slug not in offer


def test_special_plays_are_refused_as_unknown(world):  # noqa: F811
    match = world["match"]
    client = api_as(world["coaches"][match.home_id])

    response = client.post(
        f"/api/matches/{match.pk}/inducements/",
        {"team": match.home_id, "items": [{"item": "special_plays"}]},
        format="json",
    )

    offer = client.get(f"/api/matches/{match.pk}/inducements/").json()

    assert response.status_code == 400
    assert "unknown_inducement" in str(response.json())
    slugs = {item["slug"] for item in offer["home"]["offer"]}
    assert "wizard" in slugs
    assert "special_plays" not in slugs


def test_bought_inducements_reach_the_team_sheet(world):  # noqa: F811
    match = world["match"]
    match_buy_inducements(
        match_id=match.pk,
        team_id=match.home_id,
        actor=world["coaches"][match.home_id],
        items=[
            Purchase("wizard"),
            Purchase("bloodweiser_kegs", 2),
            Purchase("weather_mage"),
            Purchase("biased_referee"),
            Purchase("halfling_master_chef"),
            Purchase("star_players", star_player="griff-oberwald"),
        ],
    )
    match = match_kick_off(match_id=match.pk)
    inputs = match_engine_inputs(match)

    home = team_sheet(
        inputs["home"], inputs["inducements"][0], inputs["mercenaries"][0]
    )
    away = team_sheet(
        inputs["away"], inputs["inducements"][1], inputs["mercenaries"][1]
    )

    assert (
        home.wizard,
        home.kegs,
        home.weather_mage,
        home.biased_referee,
        home.master_chef,
        home.mortuary_assistant,
        home.plague_doctor,
    ) == (True, 2, True, True, True, False, False)
    assert home.hired == (STAR_ID_BASE,)
    assert (away.wizard, away.kegs, away.hired) == (False, 0, ())


def test_buying_special_plays_in_the_service_is_refused(world):  # noqa: F811
    match = world["match"]
    with pytest.raises(ServiceError) as exc_info:
        match_buy_inducements(
            match_id=match.pk,
            team_id=match.home_id,
            actor=world["coaches"][match.home_id],
            items=[Purchase("special_plays")],
        )
    assert [v.code for v in exc_info.value.violations] == ["unknown_inducement"]


def test_riotous_rookies_join_as_2d3_plus_1_journeymen(db):
    from league.models import Player, Team
    from league.selectors import team_value_get
    from matches.models import Match, MatchEvent
    from matches.prematch.fielded import inducements_for_engine
    from matches.prematch.kickoff import match_snapshots
    from matches.seasons.services import season_create, season_schedule
    from tests.factories import LeagueFactory, UserFactory, draft_team

    commish = UserFactory(username="rr-commish")
    coaches = UserFactory(username="rr-a"), UserFactory(username="rr-b")
    league = LeagueFactory(name="Rookies", format="bb2020", commissioner=commish)
    ogres = draft_team(league, coaches[0], roster="ogre", name="Rumblers")
    humans = draft_team(league, coaches[1], roster="human", name="Reavers")
    Team.objects.filter(pk__in=[ogres.pk, humans.pk]).update(treasury=1_000_000)
    season = season_create(league=league, name="S", seed=9)
    season_schedule(season_id=season.pk)
    match = Match.objects.get(season=season)
    # the higher-CTV Humans buy (nothing) first
    match_buy_inducements(
        match_id=match.pk, team_id=humans.pk, actor=coaches[1], items=[]
    )
    match_buy_inducements(
        match_id=match.pk,
        team_id=ogres.pk,
        actor=coaches[0],
        items=[Purchase("riotous_rookies")],
    )

    before = {t.pk: team_value_get(t).ctv for t in (ogres, humans)}

    match_kick_off(match_id=match.pk)

    (event,) = MatchEvent.objects.filter(match=match, type="riotous_rookies")
    d1, d2 = event.payload["dice"]
    assert {d1, d2} <= {1, 2, 3}
    assert event.payload["count"] == d1 + d2 + 1
    rookies = Player.objects.filter(team=ogres, journeyman=True)
    assert sorted(rookies.values_list("pk", flat=True)) == sorted(
        event.payload["player_ids"]
    )
    assert rookies.count() == d1 + d2 + 1
    snapshot = next(s for s in match_snapshots(match) if s["team_id"] == ogres.pk)
    assert sum(1 for p in snapshot["players"] if p["journeyman"]) == d1 + d2 + 1
    # Prayers: the rookies count at their 100,000 price only, one prayer per
    # full 50,000 of difference for the lower side.
    gap = before[humans.pk] - (before[ogres.pk] + 100_000)
    prayers = inducements_for_engine(match, *match_snapshots(match))
    by_team = dict(zip([match.home_id, match.away_id], prayers, strict=True))
    assert by_team[ogres.pk]["prayers"] == max(0, gap) // 50_000
    assert by_team[humans.pk]["prayers"] == max(0, -gap) // 50_000
    # the other team bought none and takes on no journeymen
    assert not Player.objects.filter(team=humans, journeyman=True).exists()


def test_rookies_count_at_their_price_only_for_the_prayers():
    from types import SimpleNamespace

    from matches.prematch.fielded import ctv_after_inducements

    snap = {
        "ctv": 1_000_000,
        "players": [
            {"id": 1, "value": 70_000},
            {"id": 2, "value": 50_000},
            {"id": 3, "value": 50_000},
        ],
    }
    record = SimpleNamespace(total=100_000)
    # 1,000,000 - the two rookies' 100,000 + 100,000 paid
    assert ctv_after_inducements(snap, record, {2, 3}) == 1_000_000
    assert ctv_after_inducements(snap, None, set()) == 1_000_000
    assert ctv_after_inducements(snap, record, set()) == 1_100_000


def _bugman_for(world, *team_ids):  # noqa: F811
    match = world["match"]
    for team_id in team_ids:
        match_buy_inducements(
            match_id=match.pk,
            team_id=team_id,
            actor=world["coaches"][team_id],
            items=[Purchase("josef_bugman")],
        )
    match = match_kick_off(match_id=match.pk)
    inputs = match_engine_inputs(match)
    return match, [
        team_sheet(inputs[side], inputs["inducements"][i], inputs["mercenaries"][i])
        for i, side in enumerate(("home", "away"))
    ]


def test_josef_bugman_joins_the_team_sheet(world):  # noqa: F811
    from engine.campaign.inducements import BUGMAN_ID_BASE

    match, (home, away) = _bugman_for(world, world["match"].home_id)

    (bugman,) = [p for p in home.players if p.name == "Josef Bugman"]
    assert home.bugman == bugman.id == BUGMAN_ID_BASE + match.home_id
    assert bugman.number == max(p.number for p in home.players if p is not bugman) + 1
    assert (bugman.ma, bugman.st, bugman.ag, bugman.pa, bugman.av) == (5, 3, 3, 6, 9)
    assert bugman.id in home.hired
    assert away.bugman == 0


def test_a_bugman_both_teams_hired_helps_neither(world):  # noqa: F811
    match = world["match"]
    _, (home, away) = _bugman_for(world, match.home_id, match.away_id)

    assert (home.bugman, away.bugman) == (0, 0)
    assert not [p for p in home.players + away.players if p.name == "Josef Bugman"]


def test_a_match_with_bugman_resolves_and_he_earns_nothing(world):  # noqa: F811
    from matches.models import MatchEvent
    from matches.resolution.resolve import match_resolve

    match = world["match"]
    # Kick-off journeymen bring a team to 11 first, so Bugman joins only once
    # knock-outs and casualties leave fewer ready (tests/engine/test_induced).
    match_buy_inducements(
        match_id=match.pk,
        team_id=match.home_id,
        actor=world["coaches"][match.home_id],
        items=[Purchase("josef_bugman")],
    )

    assert match_resolve(match_id=match.pk)

    match.refresh_from_db()
    events = MatchEvent.objects.filter(match=match, type="bugman")
    results = [e.payload["result"] for e in events.order_by("seq")]
    assert results in ([], ["joins (10 ready)", "sent_off"]) or results[1:] == [
        "sent_off"
    ]
    assert str(BUGMAN_ID_BASE + match.home_id) not in match.result.player_stats
