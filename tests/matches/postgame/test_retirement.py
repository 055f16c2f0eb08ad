"""Temporarily retiring a player (post-game_sequence.md "Temporarily
Retiring": "During the post-game sequence of a game in which a player suffers
a Lasting Injury result on the Casualty table, that player may be given time
off to recover ... They cannot take part in any further games this season")
and his return only at the re-draft (league_and_exhibition_play.md
"Re-drafting Temporarily Retired Players"). Each refusal names its field and
reason, through the service and the API, and writes nothing."""

import pytest

from engine.core.dice import ScriptedRoller
from league.errors import ServiceError
from league.models import LeagueEvent, Player, Team, TreasuryEntry
from league.selectors import team_detail_qs, team_value_get
from league.services.leagues import league_create
from league.services.roster import player_unretire
from matches.models import MatchEvent, SeasonTeamArchive
from matches.postgame.retirement import player_retire
from matches.prematch.kickoff import match_kick_off
from matches.reports.lines import CasualtyLine, Report
from matches.reports.report import match_submit_report
from matches.seasons import rollover
from matches.seasons.rollover import RedraftPlan, season_close, team_redraft
from matches.seasons.services import match_seed, season_create, season_schedule
from tests.factories import draft_team, make_member
from tests.league.conftest import api_as
from tests.matches.conftest import codes
from tests.matches.retirement_support import play_reported

# the_rules_of_blood_bowl.md "Casualty Table" (D16): 1-6 Badly Hurt, 7-9
# Seriously Hurt, 10-12 Serious Injury, 13-14 Lasting Injury; "Lasting
# Injury Table" (D6): 3 Smashed Knee, -1 MA.
BADLY_HURT, SERIOUSLY_HURT, SERIOUS_INJURY, LASTING_INJURY = 1, 7, 10, 13
SMASHED_KNEE = 3
# orc.md: an Orc Lineman costs 50,000 and has MA 5.
ORC_LINEMAN, ORC_MA = 50_000, 5


def _state() -> tuple:
    """Everything a refused retirement must leave as it was."""
    return (
        list(
            Player.objects.order_by("pk").values_list(
                "pk", "status", "ma", "niggling_injuries", "reductions", "value"
            )
        ),
        list(Team.objects.order_by("pk").values_list("pk", "status", "treasury")),
        list(LeagueEvent.objects.order_by("pk").values_list("pk", "type")),
        TreasuryEntry.objects.count(),
        MatchEvent.objects.count(),
    )


def orc(team: Team, number: int) -> Player:
    return Player.objects.get(team=team, number=number)


def values(team: Team) -> tuple[int, int]:
    value = team_value_get(team_detail_qs().get(pk=team.pk))
    return value.tv, value.ctv


def retire_url(player: Player) -> str:
    return f"/api/players/{player.pk}/retire/"


def refused(user, url: str) -> list[tuple[str, str | None]]:
    response = api_as(user).post(url)
    assert response.status_code == 400
    return [(e["code"], e["field"]) for e in response.json()["errors"]]


@pytest.fixture
def injured(eleven, orcs, humans, alice, django_capture_on_commit_callbacks):
    """Bob's BB2020 Orcs after a reported game in which #2 suffered a Lasting
    Injury (a Smashed Knee), #3 a Serious Injury, #5 Seriously Hurt and #6
    Badly Hurt; its post-game has run."""
    return play_reported(
        eleven,
        orcs,
        humans,
        alice,
        django_capture_on_commit_callbacks,
        casualties=[
            CasualtyLine(
                orc(orcs, 2).pk,
                casualty_roll=LASTING_INJURY,
                lasting_roll=SMASHED_KNEE,
            ),
            CasualtyLine(orc(orcs, 3).pk, casualty_roll=SERIOUS_INJURY),
            CasualtyLine(orc(orcs, 5).pk, casualty_roll=SERIOUSLY_HURT),
            CasualtyLine(orc(orcs, 6).pk, casualty_roll=BADLY_HURT),
        ],
    )


def test_a_player_with_a_lasting_injury_retires_in_that_games_post_game(
    bob, orcs, injured
):
    # given #2's Smashed Knee: MA one less, and he misses the next game
    two = orc(orcs, 2)
    assert (two.ma, two.miss_next_game) == (ORC_MA - 1, True)

    # when his coach retires him
    response = api_as(bob).post(retire_url(two))

    # then he is retired: still on the Team Draft list and in TV (11 Orc
    # Linemen), out of CTV (as #3 and #5, who miss the next game), and the
    # audit log says so
    assert response.status_code == 200
    assert (response.json()["status"], response.json()["number"]) == ("retired", 2)
    assert orc(orcs, 2).status == Player.Status.RETIRED
    assert values(orcs) == (11 * ORC_LINEMAN, 8 * ORC_LINEMAN)
    event = LeagueEvent.objects.get(type="player_retired")
    assert (event.team, event.player, event.created_by) == (orcs, two, bob)
    assert event.payload == {"value": ORC_LINEMAN, "miss_next_game": True}


@pytest.mark.parametrize(
    "number",
    [
        3,  # Serious Injury
        5,  # Seriously Hurt
        6,  # Badly Hurt
        4,  # not hurt at all
    ],
)
def test_no_other_player_may_retire(bob, orcs, injured, number):
    player = orc(orcs, number)
    before = _state()

    with pytest.raises(ServiceError) as exc:
        player_retire(team_id=orcs.pk, player_id=player.pk)
    assert codes(exc) == [("no_lasting_injury", "player")]
    assert refused(bob, retire_url(player)) == [("no_lasting_injury", "player")]

    assert _state() == before


@pytest.mark.parametrize(
    ("who", "status"),
    [("bob", 200), ("alice", 200), ("charlie", 403), ("dave", 403)],
)
def test_only_the_coach_or_the_commissioner_may_retire(
    request, orcs, injured, who, status
):
    before = _state()

    response = api_as(request.getfixturevalue(who)).post(retire_url(orc(orcs, 2)))

    assert response.status_code == status
    if status == 403:
        assert _state() == before
    else:
        event = LeagueEvent.objects.get(type="player_retired")
        assert event.created_by.username == who


def test_a_team_still_in_its_post_game_may_retire_him(bob, orcs, injured):
    # given the team's post-game has not handed it back yet
    Team.objects.filter(pk=orcs.pk).update(status=Team.Status.POST_GAME)

    assert api_as(bob).post(retire_url(orc(orcs, 2))).status_code == 200
    assert orc(orcs, 2).status == Player.Status.RETIRED


def test_a_team_that_has_not_played_retires_no_one(bob, orcs):
    before = _state()

    assert refused(bob, retire_url(orc(orcs, 2))) == [("no_lasting_injury", "player")]
    assert _state() == before


def test_the_post_game_ends_when_the_team_kicks_off_again(
    alice, bob, eleven, orcs, humans, injured, django_capture_on_commit_callbacks
):
    # given the teams' next match has kicked off
    season = season_create(
        league=eleven, name="Next", team_ids=[orcs.pk, humans.pk], seed=7
    )
    (match,) = season_schedule(season_id=season.pk)
    match_kick_off(match_id=match.pk)
    two = orc(orcs, 2)
    before = _state()

    # then #2 is not retired while the team plays ...
    assert refused(bob, retire_url(two)) == [("team_busy", None)]
    assert _state() == before

    # ... nor once that match is over: its post-game is the team's now
    with django_capture_on_commit_callbacks(execute=True):
        match_submit_report(
            match_id=match.pk, report=Report(0, 0, fan_factor_rolls=(2, 2)), actor=alice
        )
    before = _state()
    assert refused(bob, retire_url(two)) == [("no_lasting_injury", "player")]
    assert _state() == before


def test_a_retired_player_is_not_brought_back_in_mid_season(bob, orcs, injured):
    two = orc(orcs, 2)
    player_retire(team_id=orcs.pk, player_id=two.pk, actor=bob)
    before = _state()

    with pytest.raises(ServiceError) as exc:
        player_unretire(team_id=orcs.pk, player_id=two.pk)
    assert codes(exc) == [("retired_for_season", "player")]
    assert refused(bob, f"/api/players/{two.pk}/unretire/") == [
        ("retired_for_season", "player")
    ]

    assert _state() == before
    assert orc(orcs, 2).status == Player.Status.RETIRED


def test_the_redraft_brings_him_back_with_a_recovery_roll_and_ends_the_post_game(
    alice, bob, orcs, injured, monkeypatch
):
    """league_and_exhibition_play.md "Re-drafting Temporarily Retired
    Players": a D6 for each characteristic reduction, "On a roll of 4+ ...
    the characteristic is restored" and he gains a Niggling Injury; #3's
    Niggling Injury (his Serious Injury) rolls too, a 1 keeping it."""
    two = orc(orcs, 2)
    player_retire(team_id=orcs.pk, player_id=two.pk, actor=bob)
    season_close(season_id=injured.season_id, actor=alice)
    seed = match_seed(injured.season.seed, "redraft", orcs.pk)
    seeded = rollover.SeededRoller
    # by player: #2's MA reduction (he was retired) 4, #3's Niggling Injury 1
    monkeypatch.setattr(
        rollover,
        "SeededRoller",
        lambda s: ScriptedRoller([4, 1]) if s == seed else seeded(s),
    )
    keep = list(
        Player.objects.filter(team=orcs).order_by("pk").values_list("pk", flat=True)
    )

    team_redraft(
        team_id=orcs.pk,
        season_id=injured.season_id,
        plan=RedraftPlan(keep=keep),
        actor=bob,
        commit=True,
    )

    two.refresh_from_db()
    assert (two.status, two.ma, two.reductions, two.niggling_injuries) == (
        Player.Status.ACTIVE,
        ORC_MA,
        {},
        1,
    )
    assert orc(orcs, 3).niggling_injuries == 1
    assert SeasonTeamArchive.objects.get(team=orcs).redraft is not None
    # and the re-draft closed the old game's post-game: no second time off
    before = _state()
    assert refused(bob, retire_url(two)) == [("no_lasting_injury", "player")]
    assert _state() == before


# --- each format --------------------------------------------------------------


@pytest.mark.parametrize(
    ("fmt", "casualty", "codes_"),
    [
        # BB2025 (rules/bb2025/README.md: temporary retirement unchanged;
        # tables.md "Casualty" 13-14 Lasting Injury)
        ("bb2025", {"casualty_roll": 13, "lasting_roll": SMASHED_KNEE}, []),
        # Classic (seed 001 "Table: Casualties"): 79-80 Smashed Hip, -1 MA,
        # reduces a characteristic; 75-76 Damaged Back is a Niggling Injury
        ("classic", {"casualty_roll": 79}, []),
        ("classic", {"casualty_roll": 75}, [("no_lasting_injury", "player")]),
        # Sevens (blood_bowl_sevens.md "The Injury Table"): 11 Seriously
        # Hurt; no Casualty table, no Lasting Injury at all
        ("sevens", {"casualty_roll": 11}, [("not_in_format", "player")]),
    ],
)
def test_each_format_retires_after_its_own_lasting_injuries(
    alice, bob, charlie, fmt, casualty, codes_, django_capture_on_commit_callbacks
):
    league = league_create(commissioner=alice, name=f"{fmt} league", format=fmt)
    make_member(league, bob, charlie)
    ours = draft_team(league, bob, roster="orc", name="Gouged Eye")
    theirs = draft_team(league, charlie, roster="human", name="Reikland Reavers")
    victim = orc(ours, 2)
    play_reported(
        league,
        ours,
        theirs,
        alice,
        django_capture_on_commit_callbacks,
        casualties=[CasualtyLine(victim.pk, **casualty)],
    )
    before = _state()

    response = api_as(bob).post(retire_url(victim))

    if codes_:
        assert response.status_code == 400
        assert [(e["code"], e["field"]) for e in response.json()["errors"]] == codes_
        assert _state() == before
    else:
        assert response.status_code == 200
        assert orc(ours, 2).status == Player.Status.RETIRED
