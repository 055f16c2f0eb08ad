"""Each format's pages show the fields its teams and matches have, and no
others: the team sheet, the league's team list, a coach's teams, the draft
and re-draft forms, the match page's header, the report form and the API.
What a format has is its variant's ``team_fields`` and ``match_fields``.

What each format has, from the rules:
- Blood Bowl 2020, Sevens and the classic game: Team Value, a treasury,
  team re-rolls, assistant coaches, cheerleaders, an apothecary, Dedicated
  Fans (core rules_and_regulations.md "Team Draft list"); a Fan Factor and
  weather each game (the_rules_of_blood_bowl.md "The Pre-game Sequence").
- Dungeon Bowl: Team Value, a treasury and re-rolls; no apothecary (the
  Magic Sponge), assistant coaches, cheerleaders or Dedicated Fans, which act
  only at a kick-off it does not have; no Fan Factor or weather
  (dungeon_bowl/cheat_sheet.md "Pre-game Sequence"; colleges.json Decisions).
- Blitz Bowl (a house format): a team card and nothing else; no money moves.
"""

from __future__ import annotations

import re

import pytest

from league.models import League, Player, Team, TreasuryEntry
from league.services.card_teams import team_draft_card
from league.services.leagues import league_create
from league.services.teams import PlayerRequest, team_draft
from league.team_forms import RedraftForm
from matches.models import MatchEvent, MatchResult
from matches.reports.lines import PlayerLine, Report
from matches.reports.report import match_submit_report
from tests.factories import draft_team, make_member
from tests.matches.conftest import one_match
from tests.web.test_draft import draft_data
from tests.world import api_as

FULL = {
    "tv",
    "ctv",
    "treasury",
    "rerolls",
    "assistant-coaches",
    "cheerleaders",
    "apothecary",
    "dedicated-fans",
}
SHOWN = {
    "bb2020": FULL,
    "sevens": FULL,
    "classic": FULL,
    "dungeon-bowl": {"tv", "ctv", "treasury", "rerolls"},
    "blitz-bowl": set(),
}
FORMATS = sorted(SHOWN)
CLANRATS = [PlayerRequest("skaven-clanrat-lineman", f"Clanrat {i}") for i in range(11)]


def league_of(fmt: str, commissioner, coach) -> League:
    league = league_create(commissioner=commissioner, name=f"{fmt} league", format=fmt)
    make_member(league, coach)
    return league


def team_of(league: League, coach, name: str = "Firsts") -> Team:
    """A legal team of the league's format."""
    if league.format == "blitz-bowl":
        return team_draft_card(league=league, coach=coach, name=name, card="human")
    if league.format == "dungeon-bowl":
        return team_draft(
            league=league,
            coach=coach,
            name=name,
            roster="college-of-shadows",
            players=CLANRATS,
        )
    roster = "orc" if league.format == "sevens" else "human"
    return draft_team(league, coach, roster=roster, name=name)


@pytest.fixture
def teams(alice, bob) -> dict[str, Team]:
    """A team of each format, Bob's."""
    return {fmt: team_of(league_of(fmt, alice, bob), bob) for fmt in FORMATS}


def ids_in(html: str) -> set[str]:
    return set(re.findall(r'data-testid="([\w-]+)"', html))


# --- the team sheet, the team list, a coach's teams ------------------------------


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_team_sheet_shows_only_the_formats_fields(client, teams, fmt):
    # when
    html = client.get(f"/teams/{teams[fmt].pk}/").content.decode()

    # then
    assert FULL & ids_in(html) == SHOWN[fmt]
    absent = {
        "assistant-coaches": "Assistant coaches",
        "cheerleaders": "Cheerleaders",
        "apothecary": "Apothecary",
        "dedicated-fans": "Dedicated Fans",
        "treasury": "Treasury",
    }
    for testid, words in absent.items():
        assert (words in html) == (testid in SHOWN[fmt]), words


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_league_pages_team_list_shows_tv_and_treasury_where_they_exist(
    client, teams, fmt
):
    # when
    html = client.get(f"/leagues/{teams[fmt].league_id}/").content.decode()

    # then
    table = re.search(r'data-testid="league-teams">(.*?)</table>', html, re.S)
    assert table is not None
    headings = re.findall(r'<th scope="col"[^>]*>([^<]+)</th>', table[1])
    has_money = bool(SHOWN[fmt])
    assert ("TV" in headings, "Treasury" in headings) == (has_money, has_money)
    assert headings[1] == ("Team card" if fmt == "blitz-bowl" else "Roster")


def test_a_coaches_teams_show_no_value_for_a_blitz_bowl_team(client, teams, bob):
    # given
    client.force_login(bob)
    blitz, bb = teams["blitz-bowl"], teams["bb2020"]

    # when
    html = client.get("/me/").content.decode()

    # then
    def cell(name: str) -> str:
        found = re.search(rf'data-testid="{name}">(.*?)</td>', html, re.S)
        assert found is not None, name
        return re.sub(r"<[^>]+>", "", found[1]).strip()

    assert (cell(f"tv-{blitz.pk}"), cell(f"treasury-{blitz.pk}")) == ("–", "–")
    # 11 Human Linemen at 50,000 of 1,000,000 (humans' roster)
    assert cell(f"treasury-{bb.pk}") == "450,000"
    assert cell(f"tv-{bb.pk}") == "550,000"


# --- the API ---------------------------------------------------------------------


API_KEYS = {
    "tv": "tv",
    "ctv": "ctv",
    "treasury": "treasury",
    "rerolls": "rerolls",
    "assistant-coaches": "assistant_coaches",
    "cheerleaders": "cheerleaders",
    "apothecary": "apothecary",
    "dedicated-fans": "dedicated_fans",
}


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_api_gives_null_for_what_a_format_has_not(teams, bob, fmt):
    # when
    body = api_as(bob).get(f"/api/teams/{teams[fmt].pk}/").json()

    # then
    nulls = {key for testid, key in API_KEYS.items() if testid not in SHOWN[fmt]}
    assert {key for key in API_KEYS.values() if body[key] is None} == nulls


def test_the_formats_api_lists_each_formats_fields(client):
    # when
    formats = {f["slug"]: f for f in client.get("/api/formats/").json()}

    # then
    assert formats["dungeon-bowl"]["team_fields"] == [
        "rerolls",
        "team_value",
        "treasury",
    ]
    assert formats["blitz-bowl"]["team_fields"] == []
    assert formats["bb2020"]["team_fields"] == [
        "apothecary",
        "assistant_coaches",
        "cheerleaders",
        "dedicated_fans",
        "rerolls",
        "team_value",
        "treasury",
    ]
    assert formats["bb2020"]["match_fields"] == ["fan_factor", "weather"]
    assert formats["dungeon-bowl"]["match_fields"] == []
    assert formats["blitz-bowl"]["match_fields"] == []
    assert formats["blitz-bowl"]["player_stats"] == ["touchdowns"]
    assert formats["dungeon-bowl"]["player_stats"] == [
        "casualties_inflicted",
        "completions",
        "deflections",
        "interceptions",
        "successful_landings",
        "touchdowns",
    ]


# --- the draft and re-draft forms -------------------------------------------------


def inputs(html: str) -> set[str]:
    return set(re.findall(r'<input[^>]* name="([\w-]+)"', html))


PURCHASES = {"rerolls", "assistant_coaches", "cheerleaders", "dedicated_fans"}


def test_the_dungeon_bowl_draft_offers_re_rolls_alone_and_the_shared_lines(
    client, alice, bob
):
    # given
    league = league_of("dungeon-bowl", alice, bob)
    client.force_login(bob)

    # when
    html = client.get(
        f"/leagues/{league.pk}/draft/?roster=college-of-shadows"
    ).content.decode()

    # then
    assert inputs(html) & (PURCHASES | {"apothecary"}) == {"rerolls"}
    assert "Dedicated Fans" not in html
    assert "(tier" not in html
    # the_teams.md, College of Shadows: "0-4 Runners" over the Dark Elf
    # Runner, the Gutter Runner and the Woodland Fox, "0-2 Throwers" over
    # the Skaven Thrower and the Gnome Illusionist
    lines = re.search(r'data-testid="shared-limits">(.*?)</div>', html, re.S)
    assert lines is not None
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", lines[1]))
    assert "0–4 Runners: Dark Elf Runner, Gutter Runner, Woodland Fox" in text
    assert "0–2 Throwers: Skaven Thrower, Gnome Illusionist" in text
    shared = re.search(r'data-testid="shared-gutter-runner">([^<]*)<', html)
    assert shared is not None
    assert shared[1] == "shared: 0–4 Runners in all"


def test_the_blood_bowl_draft_offers_staff_and_fans_and_names_the_tier(
    client, eleven, bob
):
    # given
    client.force_login(bob)

    # when
    html = client.get(f"/leagues/{eleven.pk}/draft/?roster=human").content.decode()

    # then: the_teams.md prints Human as a tier 2 team
    assert inputs(html) >= PURCHASES | {"apothecary"}
    assert "Human (tier 2)" in html
    assert 'data-testid="shared-limits"' not in html


def test_every_purchase_the_dungeon_bowl_draft_offers_is_accepted(client, alice, bob):
    # given: each offered input at its largest value (8 re-rolls at 50,000)
    league = league_of("dungeon-bowl", alice, bob)
    client.force_login(bob)
    html = client.get(
        f"/leagues/{league.pk}/draft/?roster=college-of-shadows"
    ).content.decode()
    offered = dict(re.findall(r'<input[^>]* name="(rerolls)"[^>]* max="(\d+)"', html))
    players = [(p.position, p.name) for p in CLANRATS]
    data = draft_data("college-of-shadows", players, name="Shadows", **offered)
    # what the page does not offer is not read (a forged field changes nothing)
    data.update(cheerleaders="3", dedicated_fans="2", assistant_coaches="1")

    # when
    response = client.post(f"/leagues/{league.pk}/draft/", data)

    # then: 11 Clanrats 550,000 + 8 re-rolls 400,000
    assert offered == {"rerolls": "8"}
    assert response.status_code == 302
    team = Team.objects.get(name="Shadows")
    assert (team.rerolls, team.cheerleaders, team.assistant_coaches) == (8, 0, 0)
    assert (team.dedicated_fans, team.treasury) == (1, 1_000_000 - 950_000)


@pytest.mark.parametrize(
    ("field", "code"),
    [
        ("cheerleaders", "staff_limit"),
        ("assistant_coaches", "staff_limit"),
        ("dedicated_fans", "fans_limit"),
    ],
)
def test_the_api_refuses_what_a_dungeon_bowl_team_cannot_have(alice, bob, field, code):
    # given
    league = league_of("dungeon-bowl", alice, bob)
    before = (
        Team.objects.count(),
        Player.objects.count(),
        TreasuryEntry.objects.count(),
    )

    # when
    response = api_as(bob).post(
        "/api/teams/",
        {
            "league": league.pk,
            "name": "Forged",
            "roster": "college-of-shadows",
            "players": [{"position": p.position, "name": p.name} for p in CLANRATS],
            field: 2,
        },
        format="json",
    )

    # then
    assert response.status_code == 400
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [
        (code, field)
    ]
    after = (
        Team.objects.count(),
        Player.objects.count(),
        TreasuryEntry.objects.count(),
    )
    assert after == before


def test_the_re_draft_form_asks_only_for_what_the_format_has():
    from engine.variants import get_variant

    # when
    dungeon = RedraftForm(
        players=[], team_fields=get_variant("dungeon-bowl").team_fields
    )
    classic = RedraftForm(players=[], team_fields=get_variant("bb2020").team_fields)

    # then
    assert [f.name for f in dungeon.staff] == ["rerolls"]
    assert [f.name for f in classic.staff] == [
        "rerolls",
        "assistant_coaches",
        "cheerleaders",
        "apothecary",
    ]


# --- the match page and the report form ----------------------------------------------


@pytest.mark.parametrize(("fmt", "fans"), [("bb2020", True), ("dungeon-bowl", False)])
def test_the_match_page_shows_fan_factor_where_the_format_has_it(
    client, alice, bob, charlie, fmt, fans
):
    # given: a 1-0 recorded, the Fan Factor D3s entered where there are any
    league = league_of(fmt, alice, bob)
    make_member(league, charlie)
    home, away = team_of(league, bob), team_of(league, charlie, "Seconds")
    match = one_match(league, home, away)
    client.force_login(bob)
    form = client.get(f"/matches/{match.pk}/report/").content.decode()
    scorer = home.players.order_by("number").first()
    match_submit_report(
        match_id=match.pk,
        actor=alice,
        report=Report(
            1,
            0,
            players=[PlayerLine(scorer.pk, touchdowns=1)],
            fan_factor_rolls=(2, 3) if fans else None,
        ),
    )

    # when
    html = client.get(f"/matches/{match.pk}/").content.decode()

    # then: Fan Factor = Dedicated Fans (1) + D3
    assert ("fan_factor_home" in inputs(form)) is fans
    assert ('data-testid="fan-factor"' in html) is fans
    assert ("Fan Factor" in html) is fans
    if fans:
        assert re.search(r'data-testid="fan-factor">Fan Factor 3–4<', html)
    result = api_as(bob).get(f"/api/matches/{match.pk}/").json()["result"]
    assert (result["home_fan_factor"], result["away_fan_factor"]) == (
        (3, 4) if fans else (None, None)
    )
    assert MatchEvent.objects.filter(match=match, type="fan_factor").exists() is fans


def test_a_dungeon_bowl_report_with_fan_factor_dice_is_refused(alice, bob, charlie):
    # given
    league = league_of("dungeon-bowl", alice, bob)
    make_member(league, charlie)
    home, away = team_of(league, bob), team_of(league, charlie, "Seconds")
    match = one_match(league, home, away)
    before = (MatchResult.objects.count(), MatchEvent.objects.count())

    # when
    response = api_as(alice).post(
        f"/api/matches/{match.pk}/report/",
        {"home_score": 0, "away_score": 0, "fan_factor_rolls": [1, 2]},
        format="json",
    )

    # then: refused for that alone (0-0 needs a time limit, too)
    assert response.status_code == 400
    assert ("not_in_format", "fan_factor_rolls") in [
        (e["code"], e["field"]) for e in response.json()["errors"]
    ]
    assert (MatchResult.objects.count(), MatchEvent.objects.count()) == before
