"""A Blitz Bowl league through the API: the house format, drafting
team cards, a round played by the engine, a report, standings where points
for and against break a tie, and the refusals (nothing written).

Hand derivations cite the rules: a Touchdown scores 4 points (rules.md
"Touchdown"), a Clean Sweep 2 (rules.md "Clean Sweep"), each Challenge
Card the points in the table of cards.md (Break Some Bones! 3, Free Up The
Ball! 2, Get The Ball! 1, ...), card numbers in the table's order (1-2
Break Some Bones!, 3-4 Free Up The Ball!, 7-8 Get The Ball!, ...)."""

from __future__ import annotations

import pytest

from engine.variants import get_variant
from league.models import Player, Team, TreasuryEntry
from matches.models import Match, MatchEvent, MatchResult, RosterSnapshot
from tests.factories import UserFactory
from tests.world import api_as, invite_members

BLITZ = "blitz-bowl"


def _league(commish, name: str = "Blitz League") -> dict:
    created = api_as(commish).post(
        "/api/leagues/", {"name": name, "format": BLITZ}, format="json"
    )
    assert created.status_code == 201, created.json()
    return created.json()


def _draft(coach, league_id: int, name: str, card: str, names=()) -> dict:
    body = {"league": league_id, "name": name, "card": card}
    if names:
        body["player_names"] = list(names)
    response = api_as(coach).post("/api/teams/card/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def _season(commish, league_id: int, name: str, seed: int = 14) -> int:
    season = api_as(commish).post(
        "/api/seasons/",
        {"league": league_id, "name": name, "seed": seed},
        format="json",
    )
    assert season.status_code == 201, season.json()
    sid = season.json()["id"]
    assert api_as(commish).post(f"/api/seasons/{sid}/schedule/").status_code == 201
    return sid


def _codes(response) -> list[str]:
    return [e["code"] for e in response.json()["errors"]]


def _state() -> tuple:
    """Everything a refused request must leave untouched."""
    return (
        list(Team.objects.order_by("pk").values_list("pk", "name", "status")),
        list(Player.objects.order_by("pk").values_list("pk", "team_id", "name")),
        TreasuryEntry.objects.count(),
        list(Match.objects.order_by("pk").values_list("pk", "status", "mode")),
        MatchResult.objects.count(),
        MatchEvent.objects.count(),
        RosterSnapshot.objects.count(),
    )


@pytest.mark.django_db(transaction=True)  # post-game tasks start on commit
def test_a_blitz_bowl_league_drafts_cards_and_the_engine_plays_a_round():
    commish = UserFactory(username="blitz-commish")
    coaches = {n: UserFactory(username=n) for n in ("blitz-a", "blitz-b")}

    formats = {f["slug"]: f for f in api_as(None).get("/api/formats/").json()}
    assert formats[BLITZ]["house_format"] is True
    assert formats[BLITZ]["drafts_team_card"] is True
    assert formats[BLITZ]["tracks_progression"] is False
    assert formats[BLITZ]["score_name"] == "points"
    # the Blood Bowl formats keep drafting rosters
    assert formats["bb2020"]["drafts_team_card"] is False

    cards = api_as(None).get(f"/api/formats/{BLITZ}/cards/").json()
    # teams.md has 23 team cards
    assert len(cards) == 23
    dwarf = next(c for c in cards if c["slug"] == "dwarf")
    # teams.md "DWARF TEAM": 6 players; Lineman Move 4, Block 1, Throw 5+,
    # Armour 2+; the Troll Slayer is Frenzied
    assert dwarf["players"] == 6
    assert dwarf["positions"][0] == {
        "name": "Lineman",
        "count": 3,
        "move": 4,
        "block": 1,
        "throw": 5,
        "armour": 2,
        "abilities": [],
    }

    league = _league(commish)
    lid = league["id"]
    # Decision (variant): league points, then points for - against, then
    # points for, then head to head, then wins
    assert league["tiebreakers"] == [
        "points",
        "score_diff",
        "score_for",
        "head_to_head",
        "wins",
    ]
    invite_members(commish, lid, coaches.values())

    before = _state()
    # a roster draft is refused in a card league, with nothing written
    roster = api_as(coaches["blitz-a"]).post(
        "/api/teams/",
        {
            "league": lid,
            "name": "Rosters",
            "roster": "orc",
            "players": [{"position": "orc-lineman", "name": "L"}],
        },
        format="json",
    )
    assert roster.status_code == 400
    assert _codes(roster) == ["drafts_team_card"]
    # an unknown card
    bad = api_as(coaches["blitz-a"]).post(
        "/api/teams/card/",
        {"league": lid, "name": "Dragons", "card": "dragons"},
        format="json",
    )
    assert bad.status_code == 400
    assert _codes(bad) == ["unknown_card"]
    # the Dwarf card gives 6 players: 7 names are too many
    names = api_as(coaches["blitz-a"]).post(
        "/api/teams/card/",
        {"league": lid, "name": "Seven", "card": "dwarf", "player_names": ["x"] * 7},
        format="json",
    )
    assert _codes(names) == ["too_many_names"]
    # not a member of the league
    outsider = api_as(UserFactory(username="outsider")).post(
        "/api/teams/card/",
        {"league": lid, "name": "Gate Crashers", "card": "orc"},
        format="json",
    )
    assert outsider.status_code == 400
    assert _codes(outsider) == ["not_a_member"]
    assert _state() == before

    grudges = _draft(
        coaches["blitz-a"], lid, "Grudgebearers", "dwarf", ["Grim", "", "Borin"]
    )
    # players numbered 1-6 in card order; unnamed ones take the position
    # and shirt number
    assert [(p["number"], p["name"], p["position"]) for p in grudges["players"]] == [
        (1, "Grim", "Lineman"),
        (2, "Lineman 2", "Lineman"),
        (3, "Borin", "Lineman"),
        (4, "Runner 4", "Runner"),
        (5, "Blitzer 5", "Blitzer"),
        (6, "Troll Slayer 6", "Troll Slayer"),
    ]
    slayer = grudges["players"][5]
    assert (slayer["ma"], slayer["st"], slayer["av"]) == (5, 1, 4)
    assert [s["skill"] for s in slayer["skills"]] == ["frenzied"]
    # no money moves: no treasury, no ledger, no team value (null: not in the format)
    assert (grudges["treasury"], grudges["tv"], grudges["rerolls"]) == (
        None,
        None,
        None,
    )
    # a taken name and an unknown card: both reported, nothing written
    before = _state()
    twice = api_as(coaches["blitz-b"]).post(
        "/api/teams/card/",
        {"league": lid, "name": "Grudgebearers", "card": "dragons"},
        format="json",
    )
    assert sorted(_codes(twice)) == ["name_taken", "unknown_card"]
    assert _state() == before
    _draft(coaches["blitz-a"], lid, "Gouged Eye", "orc")
    _draft(coaches["blitz-b"], lid, "Reikland Reavers", "human")
    _draft(coaches["blitz-b"], lid, "Skavenblight", "skaven")
    assert TreasuryEntry.objects.count() == 0
    # a card team hires and buys nothing
    hire = api_as(coaches["blitz-a"]).post(
        f"/api/teams/{grudges['id']}/players/",
        {"position": "Lineman", "name": "Extra"},
        format="json",
    )
    assert _codes(hire) == ["team_card_fixed"]

    sid = _season(commish, lid, "Blitz 2026")
    # four teams, a single round robin: 3 rounds of 2 matches
    assert Match.objects.filter(season_id=sid).count() == 6
    resolve = api_as(commish).post(
        f"/api/seasons/{sid}/resolve/", {"scope": "round"}, format="json"
    )
    assert resolve.status_code == 202, resolve.json()
    progress = api_as(commish).get(resolve.json()["url"]).json()
    assert (progress["done"], progress["total"], progress["finished"]) == (2, 2, True)

    variant = get_variant(BLITZ)
    played = Match.objects.filter(season_id=sid, round=1)
    for match in played:
        assert (match.status, match.mode) == ("complete", "resolved")
        result = match.result
        events = list(MatchEvent.objects.filter(match=match).order_by("seq"))
        kinds = [e.type for e in events]
        assert kinds[0] == "blitz_start"
        end = next(e.payload for e in events if e.type == "game_end")
        # the scores are the points
        assert (result.home_score, result.away_score) == (
            end["home_points"],
            end["away_points"],
        )
        summary = result.summary
        assert summary["how"] == end["how"]
        for side in ("home", "away"):
            tds = [e for e in events if e.type == "touchdown"]
            assert summary["touchdowns"][side] == sum(
                1 for e in tds if e.payload["team"] == side
            )
            claimed = [
                e.payload["card"]
                for e in events
                if e.type == "card_claimed" and e.payload["team"] == side
            ]
            assert [c["card"] for c in summary["cards_claimed"][side]] == claimed
        # the team sheets used are kept for the replay
        home_snap = RosterSnapshot.objects.get(match=match, team=match.home)
        assert summary["sheets"]["home"]["card"] == home_snap.data["card"]
        assert summary["sheets"]["home"]["players"] == [
            p["name"] for p in home_snap.data["players"]
        ]
        # only the outcome step: no winnings, SPP, injuries or team value
        assert {k for k in kinds if k.startswith("postgame_")} == {"postgame_outcome"}
        # the same sheets and seed play the same game
        again = variant.play_card_game(
            (match.home.name, match.home.roster, summary["sheets"]["home"]["players"]),
            (match.away.name, match.away.roster, summary["sheets"]["away"]["players"]),
            match.seed,
        )
        assert (again.home_points, again.away_points) == (
            result.home_score,
            result.away_score,
        )
        detail = api_as(None).get(f"/api/matches/{match.pk}/").json()
        card_game = detail["result"]["card_game"]
        assert card_game["points"] == {
            "home": result.home_score,
            "away": result.away_score,
        }
        assert card_game["how"] in ("points", "sudden_death")
    # the teams are ready for the next round, and still no money moved
    assert set(Team.objects.filter(league_id=lid).values_list("status", flat=True)) == {
        "ready"
    }
    assert TreasuryEntry.objects.count() == 0

    # a round-2 match recorded from a report
    match = Match.objects.filter(season_id=sid, round=2).order_by("pk").first()
    home_players = list(
        Player.objects.filter(team=match.home)
        .order_by("number")
        .values_list("pk", flat=True)
    )
    coach = match.home.coach
    # home: 2 touchdowns (8) + card 1 Break Some Bones! (3) + card 7 Get The
    # Ball! (1) = 12; away: 1 touchdown (4) + card 3 Free Up The Ball! (2) = 6
    report = api_as(coach).post(
        f"/api/matches/{match.pk}/card-report/",
        {
            "home": {
                "points": 12,
                "touchdowns": 2,
                "cards": [1, 7],
                "scorers": [home_players[0], home_players[0]],
            },
            "away": {"points": 6, "touchdowns": 1, "challenges": ["free_up_the_ball"]},
        },
        format="json",
    )
    assert report.status_code == 201, report.json()
    body = report.json()["result"]
    assert (body["home_score"], body["away_score"], body["mode"]) == (
        12,
        6,
        "recorded",
    )
    assert body["card_game"]["cards_claimed"]["home"] == [
        {"card": 1, "challenge": "break_some_bones", "points": 3},
        {"card": 7, "challenge": "get_the_ball", "points": 1},
    ]
    assert body["card_game"]["winner"] == "home"
    assert body["player_stats"] == {str(home_players[0]): {"touchdowns": 2}}
    match.refresh_from_db()
    assert match.status == "complete"
    # the generic report is for roster formats
    other = Match.objects.filter(season_id=sid, round=2).exclude(pk=match.pk).get()
    generic = api_as(commish).post(
        f"/api/matches/{other.pk}/report/",
        {"home_score": 1, "away_score": 0},
        format="json",
    )
    assert _codes(generic) == ["card_format"]


@pytest.mark.django_db(transaction=True)
def test_points_for_and_against_break_a_tie_on_league_points():
    commish = UserFactory(username="pf-commish")
    league = _league(commish, "PF League")
    lid = league["id"]
    ids = {
        n: _draft(commish, lid, n, card)["id"]
        for n, card in (("Alpha", "orc"), ("Bravo", "dwarf"), ("Charlie", "human"))
    }
    sid = _season(commish, lid, "PF 2026", seed=3)

    def report(a: str, b: str, a_side: dict, b_side: dict) -> None:
        match = Match.objects.get(
            season_id=sid,
            home_id__in=[ids[a], ids[b]],
            away_id__in=[ids[a], ids[b]],
        )
        home, away = (a_side, b_side) if match.home_id == ids[a] else (b_side, a_side)
        response = api_as(commish).post(
            f"/api/matches/{match.pk}/card-report/",
            {"home": home, "away": away},
            format="json",
        )
        assert response.status_code == 201, response.json()

    # Alpha 12 (3 TDs) - 8 Bravo (2 TDs)
    report(
        "Alpha",
        "Bravo",
        {"points": 12, "touchdowns": 3},
        {"points": 8, "touchdowns": 2},
    )
    # Bravo 14 (2 TDs 8 + cards 1 and 2, Break Some Bones! 3 + 3) - 4 Charlie
    report(
        "Bravo",
        "Charlie",
        {"points": 14, "touchdowns": 2, "cards": [1, 2]},
        {"points": 4, "touchdowns": 1},
    )
    # Charlie 13 (3 TDs 12 + card 7 Get The Ball! 1) - 12 Alpha (3 TDs)
    report(
        "Charlie",
        "Alpha",
        {"points": 13, "touchdowns": 3, "cards": [7]},
        {"points": 12, "touchdowns": 3},
    )
    standings = api_as(None).get(f"/api/seasons/{sid}/standings/").json()
    # the scores are points: td_for / td_against are points for and against
    assert standings["score_name"] == "points"
    rows = standings["rows"]
    # each team won once (3 league points each); points for - against:
    # Alpha 12+12 - (8+13) = +3, Bravo 8+14 - (12+4) = +6,
    # Charlie 4+13 - (14+12) = -9: Bravo, Alpha, Charlie (points for alone,
    # 24 / 22 / 17, would put Alpha first)
    assert [
        (r["team_name"], r["points"], r["td_for"], r["td_against"]) for r in rows
    ] == [
        ("Bravo", 3, 22, 16),
        ("Alpha", 3, 24, 21),
        ("Charlie", 3, 17, 26),
    ]
    assert rows[0]["tiebreaks"] == ["score_diff"]


@pytest.mark.django_db(transaction=True)
def test_impossible_reports_are_refused_with_a_code_each_and_nothing_written():
    commish = UserFactory(username="rf-commish")
    lid = _league(commish, "Refusals League")["id"]
    a = _draft(commish, lid, "Alpha", "orc")
    b = _draft(commish, lid, "Bravo", "dwarf")
    sid = _season(commish, lid, "R 2026")
    match = Match.objects.get(season_id=sid)
    url = f"/api/matches/{match.pk}/card-report/"
    theirs = (
        b["players"][0]["id"] if match.home_id == a["id"] else a["players"][0]["id"]
    )
    before = _state()

    def refused(body: dict) -> list[str]:
        response = api_as(commish).post(url, body, format="json")
        assert response.status_code == 400, response.json()
        assert _state() == before
        return _codes(response)

    # 1 touchdown is 4 points, not 3; 2 touchdowns are 8 to 10 (Generous
    # Coaches: +1 each), not 11
    assert refused(
        {
            "home": {"points": 3, "touchdowns": 1},
            "away": {"points": 11, "touchdowns": 2},
        }
    ) == ["points_mismatch", "points_mismatch"]
    # card 1 claimed by both teams
    assert refused(
        {"home": {"points": 3, "cards": [1]}, "away": {"points": 3, "cards": [1]}}
    ) == ["card_claimed_by_both"]
    # Break Some Bones! is on two cards only (cards 1 and 2)
    assert "challenge_claimed_too_often" in refused(
        {
            "home": {"points": 9, "challenges": ["break_some_bones"] * 3},
            "away": {"points": 0},
        }
    )
    # 27 cards: 14 + 13 Get The Ball!... more than the deck's 26
    assert "too_many_cards" in refused(
        {
            "home": {"points": 14, "challenges": ["get_the_ball"] * 14},
            "away": {"points": 13, "challenges": ["get_the_ball"] * 13},
        }
    )
    # a Clean Sweep takes three cards (card 1, 3 points, + a sweep's 2 = 5
    # points is right, the sweep is not)
    assert refused(
        {
            "home": {"points": 5, "cards": [1], "clean_sweeps": 1},
            "away": {"points": 0},
        }
    ) == ["too_many_clean_sweeps"]
    # a player of the other team cannot score for this one
    assert refused(
        {
            "home": {"points": 4, "touchdowns": 1, "scorers": [theirs]},
            "away": {"points": 0},
        }
    ) == ["not_on_team"]
    # negative numbers are refused by the input checks
    assert "min_value" in refused({"home": {"points": -1}, "away": {"points": 0}})
    # a Sudden Death Victory needs a lead of 8 or more
    assert refused(
        {
            "home": {"points": 4, "touchdowns": 1},
            "away": {"points": 0},
            "how": "sudden_death",
        }
    ) == ["sudden_death_margin"]
    # Generous Coaches: 1 touchdown and card 7 (Get The Ball! 1) score
    # 4 + 1 = 5 to 5 + 2 = 7; 7 is accepted
    ok = api_as(commish).post(
        url,
        {"home": {"points": 7, "touchdowns": 1, "cards": [7]}, "away": {"points": 0}},
        format="json",
    )
    assert ok.status_code == 201, ok.json()


@pytest.mark.django_db
def test_a_team_card_has_nothing_to_redraft_and_nothing_is_written():
    # no progression: a card team plays the next season as it is, so the
    # re-draft (preview or commit) is refused before anything is read
    commish = UserFactory(username="rd-commish")
    lid = _league(commish, "Redraft League")["id"]
    a = _draft(commish, lid, "Alpha", "orc")
    _draft(commish, lid, "Bravo", "dwarf")
    sid = _season(commish, lid, "RD 2026")
    keep = [p["id"] for p in a["players"]]
    before = _state()
    for commit in (False, True):
        response = api_as(commish).post(
            f"/api/teams/{a['id']}/redraft/",
            {"season": sid, "keep": keep, "commit": commit},
            format="json",
        )
        assert response.status_code == 400
        assert _codes(response) == ["team_card_fixed"]
    assert _state() == before
