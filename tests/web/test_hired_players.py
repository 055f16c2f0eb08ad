"""Star Players hired for a match and journeymen count like any player of
the match: the box score, the leaders boards (league, season, league page)
and the API's box score show what they did, for a recorded match and for
one the engine played.

The rules behind the figures: a touchdown earns 3 SPP, a casualty 2, the
MVP award 4 (core_rules/post-game_sequence.md "Earning Star Player
Points"); Star Players earn no SPP and cannot be MVP, journeymen do earn
them (the same chapter, "Recording Star Player Points" and "Most Valuable
Player"); a Casualty roll of 1 on the D16 table is Badly Hurt
(the_rules_of_blood_bowl.md "Casualty Table")."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import AnonymousUser

from engine.campaign.mercenaries import MERCENARY_ID_BASE
from engine.campaign.stars import STAR_ID_BASE
from engine.core.model import CasualtyRecord, PlayerStats
from engine.core.model import MatchResult as EngineResult
from league.models import Player, Team
from matches.event_text import PlayerInfo
from matches.models import Match
from matches.pages.match_cast import hire_key
from matches.pages.player_selectors import league_leaders_board
from matches.pages.selectors import match_page_qs, match_view, season_view
from matches.postgame.sequence import postgame_run_current_step
from matches.prematch.inducements import Purchase, match_buy_inducements
from matches.prematch.kickoff import match_kick_off
from matches.reports.lines import CasualtyLine, PlayerLine, Report
from matches.reports.report import match_submit_report
from matches.resolution.resolve import match_resolve
from matches.seasons.selectors import season_standings
from tests.factories import draft_team
from tests.matches.conftest import one_match
from tests.world import api_as

TD_SPP, CAS_SPP, MVP_SPP = 3, 2, 4
BADLY_HURT = 1  # D16 1-6

GRIFF, MORG = "griff-oberwald", "morg-n-thorg"


@pytest.fixture
def hired(eleven, bob, charlie):
    """Bob's Humans at home to Charlie's Orcs (Blood Bowl 2020). The Humans
    hire Griff Oberwald, then Morg 'n' Thorg; their #11 misses the game, so
    the kick-off takes on a journeyman to field 11."""
    home = draft_team(eleven, bob, roster="human", name="Reavers")
    away = draft_team(eleven, charlie, roster="orc", name="Orcs")
    Team.objects.filter(pk=home.pk).update(treasury=1_000_000)
    match = one_match(eleven, home, away)
    match_buy_inducements(
        match_id=match.pk,
        team_id=home.pk,
        actor=bob,
        items=[Purchase("star_players", star_player=s) for s in (GRIFF, MORG)],
    )
    home.players.filter(number=11).update(miss_next_game=True)
    match_kick_off(match_id=match.pk)
    journeyman = Player.objects.get(team=home, journeyman=True)
    return match, home, away, journeyman


def _postgame(match: Match) -> None:
    while postgame_run_current_step(match_id=match.pk) != "done":
        pass


def _line(view, side: str, name: str):
    (line,) = [b for b in view.box[side] if b.player.name == name]
    return line


# --- a recorded match ---------------------------------------------------------


@pytest.fixture
def recorded(hired, alice):
    """Griff scores twice and the journeyman once (3-0); Morg hurts Orc #2
    (Badly Hurt), Orc #3 hurts Griff; the MVPs are Human #1 and Orc #1."""
    match, home, away, journeyman = hired
    mvp_home, mvp_away = home.players.get(number=1), away.players.get(number=1)
    victim, attacker = away.players.get(number=2), away.players.get(number=3)
    match_submit_report(
        match_id=match.pk,
        actor=alice,
        report=Report(
            home_score=3,
            away_score=0,
            players=[
                PlayerLine(star_player=GRIFF, touchdowns=2),
                PlayerLine(journeyman.pk, touchdowns=1),
                PlayerLine(star_player=MORG, casualties_inflicted=1),
                PlayerLine(attacker.pk, casualties_inflicted=1),
            ],
            casualties=[
                CasualtyLine(
                    player_id=victim.pk,
                    inflicted_by_star=MORG,
                    casualty_roll=BADLY_HURT,
                ),
                CasualtyLine(star_player=GRIFF, inflicted_by=attacker.pk),
            ],
            mvps=[mvp_home.pk, mvp_away.pk],
            fan_factor_rolls=(1, 1),
        ),
    )
    _postgame(match)
    return match, home, away, journeyman, attacker, victim, mvp_home


def test_the_box_score_shows_the_stars_and_the_journeyman(recorded):
    # given
    match, _, _, journeyman, attacker, victim, mvp_home = recorded

    # when
    view = match_view(match_page_qs().get(pk=match.pk))

    # then: stars score and hurt without SPP; the journeyman earns his
    griff = _line(view, "home", "Griff Oberwald")
    morg = _line(view, "home", "Morg 'n' Thorg")
    journey = _line(view, "home", journeyman.name)
    assert (griff.stats["touchdowns"], griff.stats["casualties_inflicted"]) == (2, 0)
    assert (griff.spp, griff.mvp, griff.casualty) == (0, False, "casualty")
    assert (morg.stats["touchdowns"], morg.stats["casualties_inflicted"]) == (0, 1)
    assert morg.spp == 0
    assert journey.stats["touchdowns"] == 1
    assert journey.spp == 1 * TD_SPP
    assert _line(view, "home", mvp_home.name).spp == MVP_SPP
    orc = _line(view, "away", attacker.name)
    assert (orc.stats["casualties_inflicted"], orc.spp) == (1, CAS_SPP)
    assert _line(view, "away", victim.name).casualty == "Badly Hurt"
    # the casualty table names Morg as the cause and Griff as a victim
    causes = {
        c["player"].name: c["inflicted_by"].name if c["inflicted_by"] else None
        for c in view.casualties
    }
    assert causes == {victim.name: "Morg 'n' Thorg", "Griff Oberwald": attacker.name}


def _row(html: str, name: str) -> list[str]:
    """The cells of the box score's row of ``name``: number, then the
    statistics, blocks, SPP and casualty (a dot for nothing)."""
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", html, re.S)
    (row,) = [r for r in rows if f"{name}<br>" in r or f"{name}</a><br>" in r]
    cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
    return [re.sub(r"<[^>]+>", "", c).strip() for c in cells]


def test_the_match_page_shows_the_stars_lines(client, recorded):
    # given
    match = recorded[0]

    # when
    html = client.get(f"/matches/{match.pk}/").content.decode()

    # then: TD, CMP, INT, DEF, CAS, TTC, BLK, SPP, casualty
    number, *figures = _row(html, "Griff Oberwald")
    assert figures == ["2", "·", "·", "·", "·", "·", "·", "·", "casualty"]
    number, *figures = _row(html, "Morg &#x27;n&#x27; Thorg")
    assert figures == ["·", "·", "·", "·", "1", "·", "·", "·", ""]


def test_the_leaders_boards_count_the_stars_and_the_journeyman(client, recorded):
    # given
    match, home, away, journeyman, attacker, _, mvp_home = recorded
    league_id = match.season.league_id

    # when
    board = client.get(f"/leagues/{league_id}/leaders/").context["boards"]

    # then
    boards = {stat.key: leaders for stat, leaders in board}
    assert [(w.player.name, w.value, w.rank) for w in boards["touchdowns"]] == [
        ("Griff Oberwald", 2, 1),
        (journeyman.name, 1, 2),
    ]
    assert [
        (w.player.name, w.value, w.rank) for w in boards["casualties_inflicted"]
    ] == sorted([(attacker.name, 1, 1), ("Morg 'n' Thorg", 1, 1)])
    # a star plays a game and earns no SPP; the journeyman's 3 SPP count
    every = league_leaders_board(league_id, top=30)
    games = {w.player.name: w.value for w in every["games"]}
    assert games["Griff Oberwald"] == games["Morg 'n' Thorg"] == 1
    assert games[journeyman.name] == 1
    spp = {w.player.name: w.value for w in boards["spp"]}
    assert spp == {
        mvp_home.name: MVP_SPP,
        journeyman.name: TD_SPP,
        attacker.name: CAS_SPP,
        away.players.get(number=1).name: MVP_SPP,
    }
    assert "Griff Oberwald" not in {w.player.name for w in boards["mvps"]}
    # the stars have no player page, and carry the team that hired them
    griff = boards["touchdowns"][0].player
    assert (griff.pk, griff.team_id, griff.badge) == (None, home.pk, "Star Player")


def test_the_season_and_league_pages_lead_with_the_star(client, recorded):
    # given
    match, _, _, journeyman, *_ = recorded

    # when
    view = season_view(match.season, AnonymousUser())
    html = client.get(f"/leagues/{match.season.league_id}/").content.decode()

    # then
    assert [(w.player.name, w.value) for w in view.touchdowns] == [
        ("Griff Oberwald", 2),
        (journeyman.name, 1),
    ]
    leaders = html[html.index('data-testid="now-leaders"') :]
    assert re.search(
        r"Griff Oberwald <span class=\"badge\">Star Player</span>.*?2 TD",
        leaders,
        re.S,
    )


def test_the_team_statistics_count_the_stars_feats(client, recorded):
    # given
    match, home, *_ = recorded

    # when
    (row,) = [r for r in season_standings(match.season) if r.team_id == home.pk]
    html = client.get(f"/teams/{home.pk}/").content.decode()

    # then: Griff's two touchdowns and the journeyman's one; Morg's casualty
    assert (row.td_for, row.cas_for) == (3, 1)
    assert "touchdowns 3 for, 0 against · casualties 1 caused" in html


def test_the_api_box_score_lists_the_stars_and_the_journeyman(recorded, bob):
    # given
    match, home, _, journeyman, *_ = recorded

    # when
    body = api_as(bob).get(f"/api/matches/{match.pk}/").json()

    # then
    lines = {line["name"]: line for line in body["box_score"]}
    griff = lines["Griff Oberwald"]
    assert griff["player_id"] == STAR_ID_BASE
    assert (griff["team"], griff["hired"], griff["star_player"]) == (
        home.pk,
        True,
        GRIFF,
    )
    assert (griff["touchdowns"], griff["spp"], griff["mvp"]) == (2, 0, False)
    assert lines["Morg 'n' Thorg"]["casualties_inflicted"] == 1
    assert (lines[journeyman.name]["touchdowns"], lines[journeyman.name]["spp"]) == (
        1,
        TD_SPP,
    )
    assert lines[journeyman.name]["hired"] is False
    # result.player_stats keeps only the lines that earn SPP
    assert str(STAR_ID_BASE) not in body["result"]["player_stats"]


# --- a match the engine played ---------------------------------------------------


@pytest.fixture
def resolved(hired, monkeypatch):
    """The same match, played by the engine: its result says Griff (the
    first star hired: STAR_ID_BASE) scored twice and the journeyman once,
    Morg (STAR_ID_BASE + 1) hurt Orc #2 (Badly Hurt) and Orc #3 hurt
    Griff."""
    match, home, away, journeyman = hired
    griff, morg = STAR_ID_BASE, STAR_ID_BASE + 1
    victim, attacker = away.players.get(number=2), away.players.get(number=3)
    result = EngineResult(
        ruleset="bb2020",
        score=(3, 0),
        winner="home",
        fan_factor=(2, 2),
        fan_factor_d3=(1, 1),
        weather="perfect",
        player_stats={
            griff: PlayerStats(touchdowns=2),
            morg: PlayerStats(casualties_inflicted=1, blocks=4),
            journeyman.pk: PlayerStats(touchdowns=1),
            attacker.pk: PlayerStats(casualties_inflicted=1),
        },
        casualties=(
            CasualtyRecord(
                victim.pk, "away", "badly_hurt", d16=BADLY_HURT, inflicted_by=morg
            ),
            CasualtyRecord(
                griff, "home", "badly_hurt", d16=BADLY_HURT, inflicted_by=attacker.pk
            ),
        ),
        knocked_out=(),
        sent_off=(),
        conceded=None,
        turns_played=(8, 8),
    )
    monkeypatch.setattr(
        "matches.resolution.resolve.engine_play", lambda **_: (result, [])
    )
    assert match_resolve(match_id=match.pk)
    _postgame(match)
    return match, journeyman, attacker, victim


def test_a_resolved_matchs_box_score_shows_the_stars(resolved):
    # given
    match, journeyman, attacker, victim = resolved
    mvps = {
        pid
        for payload in match.events.filter(type="postgame_mvp").values_list(
            "payload", flat=True
        )
        for pid in payload["player_ids"]
    }

    # when
    view = match_view(match_page_qs().get(pk=match.pk))

    # then
    griff = _line(view, "home", "Griff Oberwald")
    morg = _line(view, "home", "Morg 'n' Thorg")
    assert (griff.stats["touchdowns"], griff.spp, griff.casualty) == (
        2,
        0,
        "Badly Hurt",
    )
    assert (morg.stats["casualties_inflicted"], morg.blocks, morg.spp) == (1, 4, 0)
    journey = _line(view, "home", journeyman.name)
    assert journey.stats["touchdowns"] == 1
    assert journey.spp == TD_SPP + MVP_SPP * (journeyman.pk in mvps)
    assert _line(view, "away", victim.name).casualty == "Badly Hurt"


def test_a_resolved_match_puts_the_stars_on_the_boards(client, resolved):
    # given
    match, journeyman, attacker, _ = resolved

    # when
    board = client.get(f"/leagues/{match.season.league_id}/leaders/").context["boards"]

    # then
    boards = {stat.key: leaders for stat, leaders in board}
    assert [(w.player.name, w.value) for w in boards["touchdowns"]] == [
        ("Griff Oberwald", 2),
        (journeyman.name, 1),
    ]
    assert [(w.player.name, w.value) for w in boards["casualties_inflicted"]] == (
        sorted([(attacker.name, 1), ("Morg 'n' Thorg", 1)])
    )


def test_a_star_is_one_leaders_line_per_hiring_team_and_a_mercenary_per_hire():
    # given (matches/pages/match_cast.py's Decision)
    match = Match(pk=7, home_id=1, away_id=2)
    griff = {"id": STAR_ID_BASE, "number": 12, "name": "Griff Oberwald"}
    mercenary = {"id": MERCENARY_ID_BASE, "number": 13, "name": "Mercenary Blitzer"}

    # when
    keys = [
        hire_key(
            match,
            PlayerInfo(
                **griff, side=side, position="Star Player", rostered=False, star=GRIFF
            ),
        )
        for side in ("home", "away")
    ] + [
        hire_key(
            match,
            PlayerInfo(**mercenary, side="home", position="Blitzer", rostered=False),
        )
    ]

    # then
    assert keys == [
        f"star:{GRIFF}:1",
        f"star:{GRIFF}:2",
        f"hired:7:{MERCENARY_ID_BASE}",
    ]
