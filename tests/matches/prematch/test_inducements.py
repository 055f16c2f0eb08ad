"""Inducements: petty cash, buying order, prices, limits, and the engine."""

import pytest

from league.errors import ServiceError
from league.models import Team, TreasuryEntry
from league.services.card_teams import team_draft_card
from matches.engine_bridge import team_sheet
from matches.models import Match, MatchEvent, MatchInducements
from matches.prematch.fielded import inducements_for_engine
from matches.prematch.inducements import (
    Purchase,
    inducement_sides,
    match_buy_inducements,
)
from matches.prematch.kickoff import match_kick_off, match_snapshots
from matches.seasons.services import season_create, season_schedule
from tests.factories import LeagueFactory, UserFactory, draft_team, make_member
from tests.league.conftest import api_as


def codes(exc_info):
    return [(v.code, v.field) for v in exc_info.value.violations]


def _snapshot():
    return (
        list(MatchInducements.objects.values_list("pk", "total")),
        list(Team.objects.order_by("pk").values_list("pk", "treasury")),
        TreasuryEntry.objects.count(),
        MatchEvent.objects.count(),
    )


@pytest.fixture
def world(db):
    """Two coaches; a Sevens and a Blood Bowl match where the home team is
    worth 100k more than the away team."""
    commish = UserFactory(username="ind-commish")
    home_coach, away_coach = UserFactory(username="hc"), UserFactory(username="ac")
    out = {"commish": commish, "home_coach": home_coach, "away_coach": away_coach}
    for fmt in ("sevens", "bb2020"):
        league = LeagueFactory(name=f"Ind {fmt}", format=fmt, commissioner=commish)
        rich = draft_team(
            league,
            home_coach,
            roster="orc",
            name=f"Rich {fmt}",
            extra=[("blitzer", "B1"), ("blitzer", "B2")],
        )
        poor = draft_team(
            league,
            away_coach,
            roster="orc",
            name=f"Poor {fmt}",
            extra=[("goblin", "G1")],
        )
        Team.objects.filter(pk__in=[rich.pk, poor.pk]).update(treasury=300_000)
        season = season_create(league=league, name="S", seed=11)
        season_schedule(season_id=season.pk)
        match = Match.objects.get(season=season)
        if match.home_id != rich.pk:  # make the rich team the home side
            Match.objects.filter(pk=match.pk).update(home=rich, away=poor)
            match.refresh_from_db()
        out[fmt] = match
    return out


def test_sevens_petty_cash_is_the_ctv_difference_for_the_lower_team(world):
    match = world["sevens"]

    home, away = inducement_sides(match)

    # two blitzers (160k) against one goblin (40k): 120k apart
    assert (home.ctv - away.ctv, home.petty_cash, away.petty_cash) == (
        120_000,
        0,
        120_000,
    )
    assert (home.treasury_available, away.treasury_available) == (300_000, 300_000)
    assert (home.must_wait, away.must_wait) == (False, False)


def test_sevens_purchase_pays_petty_cash_first_then_treasury(world):
    match = world["sevens"]
    # Sevens prices: extra team training 150k, bribes 100k
    record = match_buy_inducements(
        match_id=match.pk,
        team_id=match.away_id,
        actor=world["away_coach"],
        items=[Purchase("extra_team_training"), Purchase("bribes")],
    )

    assert (record.total, record.petty_cash_used, record.treasury_used) == (
        250_000,
        120_000,
        130_000,
    )
    assert Team.objects.get(pk=match.away_id).treasury == 170_000
    entry = TreasuryEntry.objects.filter(team_id=match.away_id).latest("id")
    assert (entry.reason, entry.amount) == ("inducements", -130_000)
    assert (
        MatchEvent.objects.get(match=match, type="inducements").payload[
            "petty_cash_lost"
        ]
        == 0
    )


def test_bb2020_higher_team_buys_first_and_feeds_the_petty_cash(world):
    match = world["bb2020"]
    before = _snapshot()
    with pytest.raises(ServiceError) as exc_info:
        match_buy_inducements(
            match_id=match.pk,
            team_id=match.away_id,
            actor=world["away_coach"],
            items=[Purchase("bribes")],
        )
    assert codes(exc_info) == [("opponent_first", None)]
    assert _snapshot() == before

    # the richer side spends 50k of treasury on a keg
    match_buy_inducements(
        match_id=match.pk,
        team_id=match.home_id,
        actor=world["home_coach"],
        items=[Purchase("bloodweiser_kegs")],
    )
    home, away = inducement_sides(match)

    # petty cash: 120k difference + the 50k the other side spent; no treasury
    assert (away.petty_cash, away.treasury_available, away.must_wait) == (
        170_000,
        0,
        False,
    )


def test_refusals_write_nothing(world):
    match = world["sevens"]
    before = _snapshot()
    cases = [
        ([Purchase("bribes", 4)], [("inducement_limit", "items.0")]),
        ([Purchase("extra_team_training", 3)], [("over_budget", "items")]),
        ([Purchase("mortuary_assistant")], [("inducement_not_available", "items.0")]),
        (  # Sevens has no Star Players at all (BB2020 refusals: test_stars)
            [Purchase("star_players", star_player="Nobody")],
            [("unknown_inducement", "items.0")],
        ),
        (  # a roster star, but Sevens has no Star Players
            [Purchase("star_players", star_player="Morg 'n' Thorg")],
            [("unknown_inducement", "items.0")],
        ),
        (
            [Purchase("mercenaries", position="wizard")],
            [("unknown_position", "items.0.position")],
        ),
        (  # an Orc Lineman's primary skills are General only
            [Purchase("mercenaries", position="orc-lineman", skill="dodge")],
            [("skill_not_allowed", "items.0.skill")],
        ),
        (
            [Purchase("mercenaries", position="thrower", skill="pass")],
            [("duplicate_skill", "items.0.skill")],
        ),
        (  # the goblin and four blitzers: five who are not Linemen, twelve in all
            [Purchase("mercenaries", 4, position="blitzer")],
            [("too_many_non_linemen", "items"), ("too_many_players", "items")],
        ),
        (  # eight players and four more: Sevens teams field at most eleven
            [Purchase("mercenaries", 4, position="orc-lineman")],
            [("too_many_players", "items")],
        ),
        (  # a position, a skill or a star only on the line that takes it
            [Purchase("bribes", position="nonsense")],
            [("not_applicable", "items.0.position")],
        ),
        (
            [Purchase("extra_team_training"), Purchase("bribes", skill="block")],
            [("not_applicable", "items.1.skill")],
        ),
        (
            [Purchase("mercenaries", position="orc-lineman", star_player="Grak")],
            [("not_applicable", "items.0.star_player")],
        ),
    ]
    for items, expected in cases:
        with pytest.raises(ServiceError) as exc_info:
            match_buy_inducements(
                match_id=match.pk,
                team_id=match.away_id,
                actor=world["away_coach"],
                items=items,
            )
        assert codes(exc_info) == expected
    assert _snapshot() == before


def test_a_team_card_match_has_no_inducements(db):
    # given a Blitz Bowl match of two team cards (one, Black Orcs, no Blood
    # Bowl roster's name)
    commish = UserFactory(username="bb-commish")
    coach = UserFactory(username="bb-coach")
    league = LeagueFactory(name="Cards", format="blitz-bowl", commissioner=commish)
    make_member(league, coach)
    teams = [
        team_draft_card(league=league, coach=coach, name=card, card=card)
        for card in ("black_orc", "human")
    ]
    season = season_create(league=league, name="S", seed=5)
    (match,) = season_schedule(season_id=season.pk)
    before = _snapshot()

    # when asked, through the service and the API
    with pytest.raises(ServiceError) as exc_info:
        inducement_sides(match)
    assert codes(exc_info) == [("card_format", None)]
    for team in teams:
        with pytest.raises(ServiceError) as exc_info:
            match_buy_inducements(
                match_id=match.pk, team_id=team.pk, actor=coach, items=[]
            )
        assert codes(exc_info) == [("card_format", None)]
    client = api_as(coach)
    got = client.get(f"/api/matches/{match.pk}/inducements/")
    bought = client.post(
        f"/api/matches/{match.pk}/inducements/",
        {"team": teams[1].pk, "items": []},
        format="json",
    )

    # then each is refused with the same code, and nothing is written
    for response in (got, bought):
        assert response.status_code == 400
        assert response.json()["errors"][0]["code"] == "card_format"
    assert _snapshot() == before


def test_star_players_and_mercenaries_are_priced_from_the_roster(world):
    match = world["bb2020"]  # Sevens has no Star Players
    Team.objects.filter(pk=match.home_id).update(treasury=1_000_000)

    record = match_buy_inducements(
        match_id=match.pk,
        team_id=match.home_id,
        actor=world["home_coach"],
        items=[
            Purchase("star_players", star_player="Morg 'n' Thorg"),
            Purchase("mercenaries", position="blitzer"),
        ],
    )

    # a mercenary costs the position's price + 30,000
    assert [(line["slug"], line["unit_price"]) for line in record.lines] == [
        ("star_players", 380_000),
        ("mercenaries", 110_000),
    ]


def test_only_once_and_only_before_kick_off(world):
    match = world["sevens"]
    match_buy_inducements(
        match_id=match.pk, team_id=match.home_id, actor=world["home_coach"], items=[]
    )
    with pytest.raises(ServiceError) as exc_info:
        match_buy_inducements(
            match_id=match.pk,
            team_id=match.home_id,
            actor=world["home_coach"],
            items=[],
        )
    assert codes(exc_info) == [("already_bought", None)]
    match_kick_off(match_id=match.pk)
    with pytest.raises(ServiceError) as exc_info:
        match_buy_inducements(
            match_id=match.pk,
            team_id=match.away_id,
            actor=world["away_coach"],
            items=[],
        )
    assert codes(exc_info) == [("match_started", None)]


def test_the_engine_gets_the_inducements_and_the_underdog_prays(world):
    match = world["sevens"]
    Team.objects.filter(pk=match.away_id).update(treasury=1_000_000)
    match_buy_inducements(
        match_id=match.pk,
        team_id=match.away_id,
        actor=world["away_coach"],
        items=[
            Purchase("extra_team_training"),
            Purchase("bribes", 2),
            Purchase("wandering_apothecaries"),
        ],
    )
    match_kick_off(match_id=match.pk)
    home, away = match_snapshots(match)

    home_bought, away_bought = inducements_for_engine(match, home, away)
    sheet = team_sheet(away, away_bought)

    # CTVs after inducements: 120k apart, then +450k for the away side, so
    # the home side is now the underdog by 330k: six prayers
    assert (home_bought["prayers"], away_bought["prayers"]) == (6, 0)
    assert (sheet.rerolls, sheet.bribes, sheet.wandering_apothecaries) == (
        away["rerolls"] + 1,
        2,
        1,
    )


def test_the_api_lists_offers_and_buys(world):
    match = world["sevens"]
    client = api_as(world["away_coach"])

    offer = client.get(f"/api/matches/{match.pk}/inducements/").json()
    bought = client.post(
        f"/api/matches/{match.pk}/inducements/",
        {"team": match.away_id, "items": [{"item": "bribes"}]},
        format="json",
    )
    outsider = api_as(UserFactory(username="nosy")).post(
        f"/api/matches/{match.pk}/inducements/",
        {"team": match.home_id, "items": []},
        format="json",
    )

    assert offer["away"]["petty_cash"] == 120_000
    assert {"slug": "bribes", "name": "Bribes", "max": 3, "price": 100_000} in (
        offer["away"]["offer"]
    )
    assert bought.status_code == 201
    assert bought.json()["total"] == 100_000
    assert outsider.status_code == 403
    assert MatchInducements.objects.count() == 1


def test_petty_cash_counts_the_journeymen_a_team_will_take_not_last_games(world):
    from league.models import Player
    from matches.prematch.inducements import ctv_for_match

    match = world["sevens"]
    poor = Team.objects.get(pk=match.away_id)
    before = ctv_for_match(poor)
    # two of its eight players miss this game: one 50k journeyman makes seven
    Player.objects.filter(team=poor, number__in=[1, 2]).update(miss_next_game=True)
    # and last game's journeyman is still on the roster, unhired
    Player.objects.create(
        team=poor,
        position="orc-lineman",
        name="Old Jm",
        number=20,
        ma=5,
        st=3,
        ag=3,
        pa=4,
        av=10,
        value=50_000,
        journeyman=True,
    )

    # the old journeyman does not count; the one it will take does
    assert ctv_for_match(poor) == before - 2 * 50_000 + 1 * 50_000
    home, away = inducement_sides(match)
    assert away.ctv == ctv_for_match(poor)


def test_a_mercenary_with_an_extra_skill_takes_the_pitch(world):
    from engine.campaign.mercenaries import MERCENARY_ID_BASE
    from matches.pages.selectors import match_players
    from matches.prematch.fielded import match_mercenaries

    match = world["sevens"]
    Team.objects.filter(pk=match.away_id).update(treasury=1_000_000)
    record = match_buy_inducements(
        match_id=match.pk,
        team_id=match.away_id,
        actor=world["away_coach"],
        items=[Purchase("mercenaries", 2, position="blitzer", skill="tackle")],
    )
    # an Orc Blitzer 80,000 + 30,000 + 50,000 for the skill, twice
    assert [
        (line["position"], line["skill"], line["unit_price"], line["cost"])
        for line in record.lines
    ] == [("blitzer", "tackle", 160_000, 320_000)]

    match_kick_off(match_id=match.pk)
    home, away = match_snapshots(match)
    mercs = match_mercenaries(
        match, {match.home_id: home, match.away_id: away}, [record]
    )
    sheet = team_sheet(away, {}, mercs[match.away_id])

    assert mercs[match.home_id] == []
    hired = [p for p in sheet.players if p.id >= MERCENARY_ID_BASE]
    assert [(p.id, p.number, p.name) for p in hired] == [
        (MERCENARY_ID_BASE + 100, 9, "Mercenary Blitzer"),
        (MERCENARY_ID_BASE + 101, 10, "Mercenary Blitzer"),
    ]
    assert (hired[0].ma, hired[0].st, hired[0].ag, hired[0].av) == (6, 3, 3, 10)
    # the position's own skills, Loner (4+) and the skill bought
    assert hired[0].skills == (
        ("animosity", "All"),
        ("block", None),
        ("loner", "4+"),
        ("tackle", None),
    )
    assert len(sheet.players) == 10
    names = match_players(match)
    assert names[MERCENARY_ID_BASE + 101].label == "#10 Mercenary Blitzer"
    assert names[MERCENARY_ID_BASE + 101].side == "away"


def test_mercenaries_play_a_resolved_match_but_earn_nothing(
    world, django_capture_on_commit_callbacks
):
    from engine.campaign.mercenaries import is_mercenary
    from matches.models import MatchResult
    from matches.resolution.resolve import match_resolve

    match = world["sevens"]
    Team.objects.filter(pk=match.away_id).update(treasury=1_000_000)
    match_buy_inducements(
        match_id=match.pk,
        team_id=match.away_id,
        actor=world["away_coach"],
        items=[Purchase("mercenaries", 3, position="blitzer")],
    )

    with django_capture_on_commit_callbacks(execute=True):
        assert match_resolve(match_id=match.pk) is True

    setups = MatchEvent.objects.filter(match=match, type="setup")
    placed = {pid for e in setups for pid, _ in e.payload["placement"]}
    assert any(is_mercenary(pid) for pid in placed)  # they took the field
    result = MatchResult.objects.get(match=match)
    assert not any(is_mercenary(int(pid)) for pid in result.player_stats)
    assert not any(is_mercenary(c["player_id"]) for c in result.casualties)
    match.refresh_from_db()
    assert match.status == Match.Status.COMPLETE
