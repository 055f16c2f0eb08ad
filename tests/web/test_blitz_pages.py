"""The pages of a Blitz Bowl league: league creation offers the
format, the draft page shows the 23 team cards, the team page the card and
its players, the match page points, touchdowns, cards claimed and how it
ended, the report form records (or refuses, writing nothing), and the
standings show points for and against."""

from __future__ import annotations

import re

import pytest

from league.models import League, Player, Team, TreasuryEntry
from league.services.card_teams import team_draft_card
from league.services.leagues import league_create
from matches.models import Match, MatchEvent, MatchResult, RosterSnapshot
from matches.resolution.resolve import match_resolve
from matches.seasons.services import season_create
from tests.factories import UserFactory, make_member
from tests.world import scheduled_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def blitz(alice, bob, charlie) -> League:
    league = league_create(commissioner=alice, name="Blitz Cup", format="blitz-bowl")
    make_member(league, bob, charlie)
    return league


@pytest.fixture
def two_teams(blitz, bob, charlie) -> tuple[Team, Team]:
    return (
        team_draft_card(league=blitz, coach=bob, name="Grudgebearers", card="dwarf"),
        team_draft_card(league=blitz, coach=charlie, name="Gouged Eye", card="orc"),
    )


def test_league_creation_offers_blitz_bowl(client):
    # the pages create leagues in the admin (the API: POST /api/leagues/)
    admin = UserFactory(username="root", is_staff=True, is_superuser=True)
    client.force_login(admin)
    html = client.get("/admin/league/league/add/").content.decode()
    assert '<option value="blitz-bowl">' in html
    assert "house format" in html


def test_a_league_created_in_the_admin_takes_its_formats_tiebreakers(client):
    admin = UserFactory(username="root", is_staff=True, is_superuser=True)
    client.force_login(admin)
    form = client.get("/admin/league/league/add/").context["adminform"].form
    # the form as offered (its defaults), with a name, format and commissioner
    data = {f.name: f.value() for f in form if f.value() is not None}
    data.update(
        {
            "name": "Blitz Admin League",
            "format": "blitz-bowl",
            "commissioner": admin.pk,
            "memberships-TOTAL_FORMS": "0",
            "memberships-INITIAL_FORMS": "0",
        }
    )
    response = client.post("/admin/league/league/add/", data)
    assert response.status_code == 302
    league = League.objects.get(name="Blitz Admin League")
    # the blitz-bowl variant: points, then points difference, points for,
    # head to head and wins (engine/variants/blitz_bowl.py)
    assert league.tiebreakers == [
        "points",
        "score_diff",
        "score_for",
        "head_to_head",
        "wins",
    ]


def test_the_draft_page_shows_the_23_cards_and_drafts_one(client, blitz, bob):
    client.force_login(bob)
    html = client.get(f"/leagues/{blitz.pk}/draft/").content.decode()
    # teams.md: 23 team cards, each a radio button
    assert html.count('name="card"') == 23
    assert "no money moves" in html
    # the Dwarf card's Troll Slayer: Move 5, Block 1, Throw 6+, Armour 4+,
    # Frenzied (teams.md "DWARF TEAM")
    assert "Troll Slayer" in html
    assert "Frenzied" in html

    response = client.post(
        f"/leagues/{blitz.pk}/draft/",
        {"name": "Grudgebearers", "card": "dwarf", "player_names": "Grim\n\nBorin"},
    )
    team = Team.objects.get(league=blitz, name="Grudgebearers")
    assert response.status_code == 302
    assert response.url == f"/teams/{team.pk}/"
    assert list(team.players.order_by("number").values_list("name", flat=True)) == [
        "Grim",
        "Lineman 2",
        "Borin",
        "Runner 4",
        "Blitzer 5",
        "Troll Slayer 6",
    ]
    assert TreasuryEntry.objects.filter(team=team).count() == 0


def test_a_refused_draft_page_shows_why_and_writes_nothing(client, blitz, bob):
    team_draft_card(league=blitz, coach=bob, name="Taken", card="orc")
    client.force_login(bob)
    before = (Team.objects.count(), Player.objects.count())
    response = client.post(
        f"/leagues/{blitz.pk}/draft/", {"name": "Taken", "card": "dwarf"}
    )
    assert response.status_code == 400
    assert "already has a team called" in response.content.decode()
    assert (Team.objects.count(), Player.objects.count()) == before


def test_the_team_page_shows_the_card_and_its_players(client, two_teams, bob):
    dwarfs, _ = two_teams
    for user in (None, bob):
        if user:
            client.force_login(user)
        html = client.get(f"/teams/{dwarfs.pk}/").content.decode()
        assert "Dwarf team card" in html
        assert "Troll Slayer 6" in html
        assert "Frenzied" in html
        assert "no treasury" in html
        assert "Treasury ledger" not in html


def test_the_match_page_shows_the_engine_game(client, blitz, two_teams, alice):
    season = scheduled_season(blitz, two_teams, seed=5)
    match = season.matches.get()
    client.force_login(alice)
    scheduled = client.get(f"/matches/{match.pk}/").content.decode()
    assert "Let the engine play this match" in scheduled
    assert "Record the report" in scheduled

    assert match_resolve(match_id=match.pk)
    result = MatchResult.objects.get(match=match)
    html = client.get(f"/matches/{match.pk}/").content.decode()
    assert f"{result.home_score}–{result.away_score}" in html
    assert 'data-testid="card-result"' in html
    # the replay of the engine's game: one frame per event played (and one
    # per hand cut to three), the points track ending on the result
    assert 'id="blitz-replay"' in html
    played = MatchEvent.objects.filter(match=match).exclude(
        type__startswith="postgame_"
    )
    frames = int(re.search(r'data-frames="(\d+)"', html).group(1))
    assert frames >= played.count()
    # every touchdown and claimed card is a key moment
    kinds = MatchEvent.objects.filter(
        match=match, type__in=("touchdown", "card_claimed")
    ).count()
    listed = re.search(r'<ol class="moments".*?</ol>', html, re.S).group(0)
    assert listed.count("Touchdown! ") + listed.count(" claim ") == kinds
    assert "The game ends" in html
    replay = client.get(f"/matches/{match.pk}/replay.json").json()
    assert replay["events"][0]["type"] == "blitz_start"
    assert replay["summary"]["sheets"]["home"]["card"] == match.home.roster


def test_the_report_form_records_a_result(client, blitz, two_teams, bob):
    season = scheduled_season(blitz, two_teams, seed=5)
    match = season.matches.get()
    client.force_login(bob)
    form = client.get(f"/matches/{match.pk}/report/").content.decode()
    # 26 Challenge Cards a side (cards.md)
    assert form.count('name="home_cards"') == 26
    assert form.count('name="away_cards"') == 26

    scorer = match.home.players.order_by("number").first()
    # who scored: one input per player of each team
    assert f'name="home_td_{scorer.pk}"' in form
    # home: 1 TD (4) + card 1 Break Some Bones! (3) = 7; away: 4 (1 TD)
    response = client.post(
        f"/matches/{match.pk}/report/",
        {
            "home_points": 7,
            "home_touchdowns": 1,
            f"home_td_{scorer.pk}": 1,
            "home_clean_sweeps": 0,
            "home_cards": ["1"],
            "away_points": 4,
            "away_touchdowns": 1,
            "away_clean_sweeps": 0,
            "how": "points",
        },
    )
    assert response.status_code == 302
    result = MatchResult.objects.get(match=match)
    assert (result.home_score, result.away_score) == (7, 4)
    assert result.summary["cards_claimed"]["home"] == [
        {"card": 1, "challenge": "break_some_bones", "points": 3}
    ]
    assert result.player_stats == {str(scorer.pk): {"touchdowns": 1}}
    html = client.get(f"/matches/{match.pk}/").content.decode()
    assert "card 1: Break Some Bones! (3)" in html
    assert "Points Victory" in html
    # a recorded match has no engine events: no replay
    assert 'id="blitz-replay"' not in html


def test_an_impossible_report_is_refused_in_the_form(client, blitz, two_teams, bob):
    season = scheduled_season(blitz, two_teams, seed=5)
    match = season.matches.get()
    client.force_login(bob)
    before = (
        MatchResult.objects.count(),
        MatchEvent.objects.count(),
        RosterSnapshot.objects.count(),
        Match.objects.get(pk=match.pk).status,
    )
    # home 9 = 1 TD (4) + card 1 (3) + Generous Coaches' 2 is possible;
    # card 1 claimed by both teams is not, nor 2 scorers for 1 touchdown
    scorer = match.home.players.order_by("number").first()
    response = client.post(
        f"/matches/{match.pk}/report/",
        {
            "home_points": 9,
            "home_touchdowns": 1,
            f"home_td_{scorer.pk}": 2,
            "home_clean_sweeps": 0,
            "home_cards": ["1"],
            "away_points": 3,
            "away_touchdowns": 0,
            "away_clean_sweeps": 0,
            "away_cards": ["1"],
            "how": "points",
        },
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "points, not 9" not in html
    assert "Challenge Card 1 is claimed twice" in html
    assert "2 scorers for 1 touchdowns" in html
    before_after = (
        MatchResult.objects.count(),
        MatchEvent.objects.count(),
        RosterSnapshot.objects.count(),
        Match.objects.get(pk=match.pk).status,
    )
    assert before_after == before


def test_the_standings_show_points_for_and_against(client, blitz, two_teams, bob):
    season = scheduled_season(blitz, two_teams, seed=5)
    html = client.get(f"/seasons/{season.pk}/").content.decode()
    assert ">PF<" in html
    assert ">PA<" in html
    assert "CAS+" not in html
    assert "Score difference (points for − against)" in html
    # no progression: no SPP or casualty leaders
    assert "no Star Player Points" in html
    assert season.settings["spp"] is False


def test_the_other_pages_of_a_blitz_league_open(client, blitz, two_teams, bob, alice):
    # the league page, its leaders, a card player's page, the coach's teams,
    # and the admin's team and player pages all open for a card team
    season = scheduled_season(blitz, two_teams, seed=5)
    match = season.matches.get()
    assert match_resolve(match_id=match.pk)
    dwarfs, _ = two_teams
    player = dwarfs.players.order_by("number").first()
    client.force_login(bob)
    for path in (
        f"/leagues/{blitz.pk}/",
        f"/leagues/{blitz.pk}/leaders/",
        f"/players/{player.pk}/",
        "/me/",
    ):
        assert client.get(path).status_code == 200, path
    admin = UserFactory(username="root", is_staff=True, is_superuser=True)
    client.force_login(admin)
    for path in (
        f"/admin/league/team/{dwarfs.pk}/change/",
        f"/admin/league/player/{player.pk}/change/",
        f"/admin/matches/match/{match.pk}/change/",
    ):
        assert client.get(path).status_code == 200, path


@pytest.mark.django_db(transaction=True)  # the post-game starts on commit
def test_a_blitz_season_closes_and_its_teams_are_archived(
    client, blitz, two_teams, alice
):
    from matches.seasons.rollover import season_close

    season = scheduled_season(blitz, two_teams, seed=5)
    match = season.matches.get()
    assert match_resolve(match_id=match.pk)
    match.refresh_from_db()
    assert match.status == "complete"
    season.refresh_from_db()
    assert season.status == "complete"
    season_close(season_id=season.pk, actor=alice)
    season.refresh_from_db()
    assert season.status == "closed"
    archived = {a.team_id: a.roster for a in season.archives.all()}
    dwarfs, _ = two_teams
    # the archive keeps the card and its six players (teams.md "DWARF TEAM")
    assert archived[dwarfs.pk]["card"] == "dwarf"
    assert len(archived[dwarfs.pk]["players"]) == 6
    client.force_login(alice)
    assert client.get(f"/teams/{dwarfs.pk}/").status_code == 200
    assert client.get(f"/seasons/{season.pk}/").status_code == 200
    # and a team card, which does not re-draft, plays the next season as it is
    nxt = season_create(
        league=blitz, name="Next", team_ids=[t.pk for t in two_teams], seed=6
    )
    assert set(nxt.teams.values_list("pk", flat=True)) == {t.pk for t in two_teams}


def test_a_hire_for_a_team_card_is_refused_with_the_reason(client, blitz, bob):
    """A card whose slug names no roster (Dark Elf's dark_elf) was a 500."""
    team = team_draft_card(league=blitz, coach=bob, name="Naggaroth", card="dark_elf")
    players = list(team.players.values_list("pk", "status"))
    client.force_login(bob)

    response = client.post(
        f"/teams/{team.pk}/hire/", {"position": "lineman", "name": "Extra"}, follow=True
    )

    assert response.status_code == 200
    assert "Naggaroth is a team card: no players are hired" in (
        response.content.decode()
    )
    assert list(team.players.values_list("pk", "status")) == players


def test_the_card_forms_label_their_fields_as_every_other_form(
    client, blitz, two_teams, bob
):
    """The Blitz Bowl draft and report forms name their fields as the site's
    other forms do (``WebForm``): the label alone, no trailing colon."""
    season = scheduled_season(blitz, two_teams, seed=5)
    match = season.matches.get()
    client.force_login(bob)

    draft = client.get(f"/leagues/{blitz.pk}/draft/").content.decode()
    report = client.get(f"/matches/{match.pk}/report/").content.decode()

    assert '<label for="id_name">Team name</label>' in draft
    assert '<label for="id_player_names">Player names (optional)</label>' in draft
    assert "<legend>How the game ended</legend>" in report
    labels = re.findall(r"<(?:label|legend)[^>]*>([^<]*)</(?:label|legend)>", report)
    assert labels
    assert [text for text in labels if text.rstrip().endswith(":")] == []
