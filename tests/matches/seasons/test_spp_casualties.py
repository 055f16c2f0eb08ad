"""Which casualties earned SPP: what the standings' SPP casualty figures and
a format's casualty bonus count.

post-game_sequence.md "Casualty (CAS)": "If an opposition player is Knocked
Down as the result of a Block action and removed from play as a Casualty,
regardless of which player performed the action, your player is said to
have caused a Casualty ... Casualty rolls caused by the crowd or by any
other type of action do not earn Star Player Points." The engine names the
fouler as the cause of a Foul's casualty all the same (``inflicted_by``),
and marks the credited casualties ``spp``.

Dungeon Bowl (dungeon_bowl/league_and_exhibition_play.md "League Scoring"):
"Win: 3 League points ... Loss: 0 League points ... Cause 3 or more
Casualties (counting only those that generate SPP, as described in Step 3
of the post-game sequence): +1 League point"."""

from __future__ import annotations

import dataclasses

import pytest

from engine.campaign.stars import STAR_ID_BASE
from engine.core.model import CasualtyRecord, PlayerStats
from engine.core.model import MatchResult as EngineResult
from engine.tools.scenario import Scenario
from league.models import League, Team
from league.services.leagues import league_create
from league.services.teams import PlayerRequest, team_draft
from matches.models import Match, MatchResult
from matches.reports.lines import CasualtyLine, PlayerLine, Report
from matches.reports.report import match_submit_report
from matches.resolution.resolve import match_resolve
from matches.seasons.casualties import casualties_caused, regenerated_casualties
from matches.seasons.selectors import season_standings
from tests.factories import make_member
from tests.matches.conftest import one_match, roster

HOME, AWAY = 1, 2
WIN, LOSS = 3, 0  # "League Scoring"
BONUS_AT, BONUS = 3, 1  # "Cause 3 or more Casualties ...: +1 League point"
BADLY_HURT = 1  # the Dungeon Bowl D16 table's 1


def _entry(team_id: int, inflicted_by: int | None, **flag: bool) -> dict:
    return {"team_id": team_id, "inflicted_by": inflicted_by, **flag}


def _counts(caused) -> tuple[int, int, int, int]:
    return caused.home, caused.away, caused.home_spp, caused.away_spp


# --- what one result counts ------------------------------------------------------


def test_an_engine_casualty_earns_spp_only_when_credited():
    # given three casualties of away players caused by home player 7: a
    # Block's (credited), a Foul's and a Stab's (not credited)
    casualties = [
        _entry(AWAY, 7, spp=True),
        _entry(AWAY, 7, spp=False),
        _entry(AWAY, 7, spp=False),
    ]

    # when
    caused = casualties_caused(home_id=HOME, away_id=AWAY, casualties=casualties)

    # then all three are casualties caused, one earned SPP
    assert _counts(caused) == (3, 0, 1, 0)


def test_a_star_players_credited_casualty_earns_no_spp():
    # Star Players earn no SPP (post-game_sequence.md "Recording Star Player
    # Points"), credited or not
    casualties = [_entry(AWAY, STAR_ID_BASE, spp=True)]

    caused = casualties_caused(home_id=HOME, away_id=AWAY, casualties=casualties)

    assert _counts(caused) == (1, 0, 0, 0)


def test_an_entry_stored_before_the_flag_reads_as_before():
    # given a result the engine played before casualties carried ``spp``:
    # a named cause counts, none named does not
    casualties = [_entry(AWAY, 7), _entry(HOME, 107), _entry(HOME, None)]

    caused = casualties_caused(home_id=HOME, away_id=AWAY, casualties=casualties)

    assert _counts(caused) == (1, 2, 1, 1)


def test_a_casualty_the_victim_regenerated_from_counts_as_the_engine_credits_it():
    # given an engine-played match: home player 7 Blocks two away players
    # into the Casualty box, and a third who regenerates (credited, SPP);
    # home player 8 fouls a fourth, who regenerates (not credited)
    casualties = [_entry(AWAY, 7, spp=True), _entry(AWAY, 7, spp=True)]
    summary = {
        "casualties": [
            {"team": "away", "inflicted_by": 7, "spp": True, "regenerated": True},
            {"team": "away", "inflicted_by": 8, "spp": False, "regenerated": True},
            # one the result keeps is not read a second time
            {"team": "away", "inflicted_by": 7, "spp": True, "regenerated": False},
        ]
    }

    # when
    caused = casualties_caused(
        home_id=HOME,
        away_id=AWAY,
        casualties=casualties,
        regenerated=regenerated_casualties(summary, home_id=HOME, away_id=AWAY),
    )

    # then four casualties caused, three of them earned SPP: the bonus's 3
    assert _counts(caused) == (4, 0, 3, 0)


@pytest.mark.parametrize(
    ("lines", "spp"),
    [
        # the line credits both named casualties
        ({"7": {"casualties_inflicted": 2}}, 2),
        # player 7 fouled one of them: his line has one casualty
        ({"7": {"casualties_inflicted": 1}}, 1),
        # no line for him: the post-game awards him no SPP
        ({}, 0),
        # a line with more than he is named for (a regenerated victim hurt
        # again, listed once) counts only those named
        ({"7": {"casualties_inflicted": 3}}, 2),
    ],
    ids=["both credited", "one a foul", "no line", "more than named"],
)
def test_a_recorded_casualty_is_bounded_by_its_causes_line(lines, spp):
    # given a report naming home player 7 as the cause of two casualties
    casualties = [_entry(AWAY, 7), _entry(AWAY, 7)]

    caused = casualties_caused(
        home_id=HOME, away_id=AWAY, casualties=casualties, reported_stats=lines
    )

    assert _counts(caused) == (2, 0, spp, 0)


def test_a_line_does_not_lend_its_casualties_to_a_team_mate():
    # given player 7 credited with 2 casualties but named for 1, and player
    # 8 named for a Foul's casualty with no casualties on his line: the team
    # earned SPP for 1 of the casualties listed, not 2
    casualties = [_entry(AWAY, 7), _entry(AWAY, 8)]
    lines = {"7": {"casualties_inflicted": 2}, "8": {"touchdowns": 1}}

    caused = casualties_caused(
        home_id=HOME, away_id=AWAY, casualties=casualties, reported_stats=lines
    )

    assert _counts(caused) == (2, 0, 1, 0)


# --- a Dungeon Bowl league -------------------------------------------------------


def _college(league: League, coach, roster_slug: str, lineman: str, name: str) -> Team:
    make_member(league, coach)
    return team_draft(
        league=league,
        coach=coach,
        name=name,
        roster=roster_slug,
        players=[PlayerRequest(lineman, f"{name} {i}") for i in range(1, 12)],
    )


@pytest.fixture
def dungeon_match(alice, bob, charlie) -> Match:
    """Shadows at home to Fire in a Dungeon Bowl league (the casualty bonus
    on: a new league's default)."""
    league = league_create(commissioner=alice, name="Crypts", format="dungeon-bowl")
    shadows = _college(
        league, bob, "college-of-shadows", "skaven-clanrat-lineman", "Shadows"
    )
    fire = _college(
        league, charlie, "college-of-fire", "bloodborn-marauder-lineman", "Fire"
    )
    match = one_match(league, shadows, fire)
    return match


def _engine_block_casualty() -> CasualtyRecord:
    """A Block's casualty as the engine records it: A blocks b, POW, b's
    Armour 6+5 breaks, Injury 6+5 a Casualty, D16 1."""
    sc = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        dice=["pow", 6, 5, 6, 5, 1],
    )
    sc.act("A", "block")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.match.pending.options[0][1])
    sc.choose("stay")
    (record,) = sc.match.state.casualties
    return record


def _engine_foul_casualty() -> CasualtyRecord:
    """A Foul's casualty as the engine records it: A fouls the Prone b,
    Armour 6+5 breaks (no doubles), Injury 6+5 a Casualty, D16 1."""
    sc = Scenario(
        """
        .....
        .Ab..
        .....
    """,
        prone="b",
        dice=[6, 5, 6, 5, 1],
    )
    sc.act("A", "foul", "b")
    sc.choose("foul", sc.id("b"))
    (record,) = sc.match.state.casualties
    return record


def _as(record: CasualtyRecord, victim: int, team: str, by: int) -> CasualtyRecord:
    return dataclasses.replace(record, player_id=victim, team=team, inflicted_by=by)


@pytest.fixture
def resolved(dungeon_match, monkeypatch) -> Match:
    """The engine plays it: Shadows win 1-0. Shadows #1 hurts Fire #6, #7
    and #8, each by a Block; Fire #1 hurts Shadows #2 and #3 by Blocks and
    Fire #2 hurts Shadows #4 by a Foul."""
    match = dungeon_match
    h, a = roster(match.home), roster(match.away)
    block, foul = _engine_block_casualty(), _engine_foul_casualty()
    assert (block.spp, foul.spp) == (True, False)
    result = EngineResult(
        ruleset="dungeon-bowl",
        score=(1, 0),
        winner="home",
        fan_factor=(0, 0),
        fan_factor_d3=(0, 0),
        weather="perfect",
        player_stats={
            h[0].pk: PlayerStats(touchdowns=1, casualties_inflicted=3),
            a[0].pk: PlayerStats(casualties_inflicted=2),
        },
        casualties=(
            *(_as(block, a[i].pk, "away", h[0].pk) for i in (5, 6, 7)),
            _as(block, h[1].pk, "home", a[0].pk),
            _as(block, h[2].pk, "home", a[0].pk),
            _as(foul, h[3].pk, "home", a[1].pk),
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
    return match


@pytest.fixture
def resolved_with_regeneration(dungeon_match, monkeypatch) -> Match:
    """The engine plays it: Shadows win 1-0. Shadows #1 Blocks Fire #6 and
    #7 into the Casualty box, and Fire #8, who regenerates; the engine
    credits him with all three (casualties_inflicted 3)."""
    match = dungeon_match
    h, a = roster(match.home), roster(match.away)
    block = _engine_block_casualty()
    result = EngineResult(
        ruleset="dungeon-bowl",
        score=(1, 0),
        winner="home",
        fan_factor=(0, 0),
        fan_factor_d3=(0, 0),
        weather="perfect",
        player_stats={h[0].pk: PlayerStats(touchdowns=1, casualties_inflicted=3)},
        casualties=(
            _as(block, a[5].pk, "away", h[0].pk),
            _as(block, a[6].pk, "away", h[0].pk),
            dataclasses.replace(_as(block, a[7].pk, "away", h[0].pk), regenerated=True),
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
    return match


@pytest.mark.django_db
def test_a_regenerated_block_casualty_earns_the_bonus(resolved_with_regeneration):
    # "Cause 3 or more Casualties (counting only those that generate SPP)":
    # the regenerated victim's Block earned SPP, so Shadows caused 3
    match = resolved_with_regeneration
    result = MatchResult.objects.get(match=match)
    rows = {r.team_id: r for r in season_standings(match.season)}

    # the result applies no injury to the regenerated player...
    assert [c["player_id"] for c in result.casualties] == [
        p.pk for p in roster(match.away)[5:7]
    ]
    # ...but counts his casualty as caused, and as one that earned SPP
    assert (result.home_casualties, result.away_casualties) == (3, 0)
    assert rows[match.home_id].cas_for == 3
    assert (rows[match.home_id].points, rows[match.home_id].bonus_points) == (
        WIN + BONUS,
        BONUS,
    )


@pytest.mark.django_db
def test_the_stored_casualties_say_which_earned_spp(resolved):
    # when
    result = MatchResult.objects.get(match=resolved)

    # then the fouler stays named as the cause, and is not credited
    a = roster(resolved.away)
    assert [(c["inflicted_by"], c["spp"]) for c in result.casualties] == [
        *[(roster(resolved.home)[0].pk, True)] * 3,
        (a[0].pk, True),
        (a[0].pk, True),
        (a[1].pk, False),
    ]
    assert [c["spp"] for c in result.summary["casualties"]] == [True] * 5 + [False]


@pytest.mark.django_db
def test_a_fouls_casualty_counts_as_caused_but_earns_no_bonus(resolved):
    # when
    result = MatchResult.objects.get(match=resolved)
    rows = {r.team_id: r for r in season_standings(resolved.season)}

    # then each team caused 3 casualties; Shadows' 3 Blocks earn the bonus,
    # Fire's 2 Blocks and a Foul do not
    assert (result.home_casualties, result.away_casualties) == (3, 3)
    assert (rows[resolved.home_id].cas_for, rows[resolved.away_id].cas_for) == (3, 3)
    assert (rows[resolved.home_id].points, rows[resolved.home_id].bonus_points) == (
        WIN + BONUS,
        BONUS,
    )
    assert (rows[resolved.away_id].points, rows[resolved.away_id].bonus_points) == (
        LOSS,
        0,
    )


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("fire_lines", "bonus"),
    [
        # #1 earned SPP for both his casualties, #2 for his (a third Block)
        ({0: 2, 1: 1}, BONUS),
        # #2's casualty was a Foul: no casualty on his line
        ({0: 2}, 0),
        # #1's line counts a casualty more than he is named for: still 2
        ({0: 3}, 0),
    ],
    ids=["three blocks", "two blocks and a foul", "line over the list"],
)
def test_a_reports_casualties_earn_the_bonus_as_its_lines_earn_spp(
    dungeon_match, alice, django_capture_on_commit_callbacks, fire_lines, bonus
):
    # given Shadows win 1-0; Fire #1 is named for 2 casualties, Fire #2
    # for 1 (each Badly Hurt)
    match = dungeon_match
    h, a = roster(match.home), roster(match.away)
    report = Report(
        1,
        0,
        players=[
            PlayerLine(h[0].pk, touchdowns=1),
            *(
                PlayerLine(a[i].pk, casualties_inflicted=n)
                for i, n in fire_lines.items()
            ),
        ],
        casualties=[
            CasualtyLine(h[1].pk, casualty_roll=BADLY_HURT, inflicted_by=a[0].pk),
            CasualtyLine(h[2].pk, casualty_roll=BADLY_HURT, inflicted_by=a[0].pk),
            CasualtyLine(h[3].pk, casualty_roll=BADLY_HURT, inflicted_by=a[1].pk),
        ],
    )

    # when
    with django_capture_on_commit_callbacks():
        match_submit_report(match_id=match.pk, report=report, actor=alice)
    rows = {r.team_id: r for r in season_standings(match.season)}

    # then Fire caused 3 casualties either way; the bonus needs 3 with SPP
    assert rows[match.away_id].cas_for == 3
    assert (rows[match.away_id].points, rows[match.away_id].bonus_points) == (
        LOSS + bonus,
        bonus,
    )
    assert (rows[match.home_id].points, rows[match.home_id].bonus_points) == (WIN, 0)
