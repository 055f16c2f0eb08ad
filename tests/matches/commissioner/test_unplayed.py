"""An unplayed league fixture (league_and_exhibition_play.md "League
Fixtures"): "Any league fixtures that have not been played by the end of
the time limit count as a loss for both teams unless one coach voluntarily
concedes due to real life commitments. In this case, the other team wins
1-0, gains D6x10,000 gold pieces and may make two MVP awards."

The service, its post-game (scripted dice), the standings, the season's
close, and every refusal with nothing written."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied

from engine.campaign import ScriptedRoller, SeededRoller
from league.models import League, LeagueEvent, Player, Team, TreasuryEntry
from league.notifications.models import Notification
from league.services.card_teams import team_draft_card
from league.services.leagues import league_create
from league.services.mvp import team_set_mvp_nominations
from matches.commissioner.unplayed import match_record_unplayed
from matches.models import Match, MatchEvent, MatchResult, Season
from matches.postgame import unplayed as unplayed_postgame
from matches.postgame.override import match_override_result
from matches.postgame.sequence import postgame_run
from matches.seasons.rollover import season_close
from matches.seasons.selectors import season_standings
from matches.seasons.services import match_seed
from tests.factories import draft_team, make_member
from tests.matches.conftest import codes, db_state, one_match, play_recorded, roster

pytestmark = pytest.mark.django_db


@pytest.fixture
def dice(monkeypatch):
    """The post-game steps of an unplayed fixture roll these dice, by step
    ({"winnings": [4], "spp": [3, 5]})."""
    script: dict[str, list[int]] = {}

    def roller(match, step):
        return ScriptedRoller(script[step])

    monkeypatch.setattr(unplayed_postgame, "_roller", roller)
    return script


@pytest.fixture
def match(eleven, humans, orcs):
    """Humans (charlie) at home to Orcs (bob) in Alice's BB2020 league,
    whose points are 4 for a win, 2 for a draw and 1 for a loss, so that a
    loss and a draw earn different points."""
    League.objects.filter(pk=eleven.pk).update(
        points_win=4, points_draw=2, points_loss=1
    )
    eleven.refresh_from_db()
    return one_match(eleven, humans, orcs)


def record(match, actor, capture, **kw) -> MatchResult:
    with capture(execute=True):
        result = match_record_unplayed(match_id=match.pk, actor=actor, **kw)
    match.refresh_from_db()
    return result


def ledger(team: Team) -> list[tuple[int, str, str]]:
    return list(
        TreasuryEntry.objects.filter(team=team)
        .exclude(reason__in=["draft_budget", "draft"])
        .order_by("pk")
        .values_list("amount", "reason", "note")
    )


# --- a loss for both -------------------------------------------------------------


def test_a_fixture_nobody_conceded_is_a_loss_for_both_in_the_table(
    match, humans, orcs, alice, django_capture_on_commit_callbacks
):
    """ "count as a loss for both teams": each takes the league's points for
    a loss (1 here, a draw's being 2), and no touchdown counts."""
    # when
    result = record(match, alice, django_capture_on_commit_callbacks)

    # then
    assert (result.mode, result.home_score, result.away_score) == ("unplayed", 0, 0)
    assert result.conceded_by_id is None
    assert result.both_lost
    assert (match.status, match.postgame_step) == ("complete", "done")
    rows = {r.team_id: r for r in season_standings(match.season)}
    for team in (humans, orcs):
        row = rows[team.pk]
        assert (row.played, row.won, row.drawn, row.lost) == (1, 0, 0, 1)
        assert (row.td_for, row.td_against, row.points) == (0, 0, 1)
        assert row.unplayed == 1
    # nobody gains gold nor SPP
    assert ledger(humans) == []
    assert ledger(orcs) == []
    assert not Player.objects.filter(spp__gt=0).exists()
    types = list(
        MatchEvent.objects.filter(match=match).order_by("seq").values_list("type")
    )
    assert types == [("unplayed",), ("postgame_outcome",)]


def test_the_teams_of_an_unplayed_fixture_keep_their_status(
    match, humans, orcs, alice, django_capture_on_commit_callbacks
):
    """Either team may be in another game meanwhile: recording an unplayed
    fixture does not make it ready (nor busy)."""
    Team.objects.filter(pk=orcs.pk).update(status=Team.Status.PLAYING)

    record(match, alice, django_capture_on_commit_callbacks)

    assert Team.objects.get(pk=orcs.pk).status == Team.Status.PLAYING
    assert Team.objects.get(pk=humans.pk).status == Team.Status.READY


# --- conceded: 1-0, D6 x 10,000 and two MVPs ---------------------------------------


def test_a_conceded_fixture_is_a_1_0_win_with_d6_gold_and_two_mvps(
    match, humans, orcs, alice, dice, django_capture_on_commit_callbacks
):
    """ "the other team wins 1-0, gains D6x10,000 gold pieces and may make
    two MVP awards": a D6 of 4 pays 40,000; each MVP is worth 4 SPP
    (post-game_sequence.md "Most Valuable Player"), drawn among the
    players who could have played (#1 misses the next game: not him)."""
    # given the Humans' #1 serving a Miss Next Game, the die a 4 and the
    # MVP dice 3 (of the 10 eligible: #4) and 5 (of the 9 left: #7)
    players = roster(humans)
    Player.objects.filter(pk=players[0].pk).update(miss_next_game=True)
    dice.update(winnings=[4], spp=[3, 5])
    treasury = humans.treasury

    # when the Orcs (away) concede
    result = record(
        match, alice, django_capture_on_commit_callbacks, conceded_by=orcs.pk
    )

    # then the Humans win 1-0
    assert (result.home_score, result.away_score) == (1, 0)
    assert result.winner_side(match.home_id) == "home"
    rows = {r.team_id: r for r in season_standings(match.season)}
    assert (rows[humans.pk].won, rows[humans.pk].points) == (1, 4)
    assert (rows[humans.pk].td_for, rows[humans.pk].td_against) == (1, 0)
    assert (rows[orcs.pk].lost, rows[orcs.pk].points) == (1, 1)
    # gain 4 x 10,000, a ledger row naming the die
    assert ledger(humans) == [
        (
            40_000,
            TreasuryEntry.Reason.WINNINGS,
            f"fixture conceded by Gouged Eye, {match}: D6 4 x 10,000",
        )
    ]
    assert Team.objects.get(pk=humans.pk).treasury == treasury + 40_000
    assert ledger(orcs) == []
    # and two MVPs of 4 SPP each
    spp = dict(Player.objects.filter(spp__gt=0).values_list("number", "spp"))
    assert spp == {4: 4, 7: 4}
    mvp = MatchEvent.objects.get(match=match, type="postgame_mvp").payload
    assert mvp["player_ids"] == [players[3].pk, players[6].pk]
    assert [d["result"] for d in mvp["dice"]] == [3, 5]
    gold = MatchEvent.objects.get(match=match, type="postgame_forfeit_winnings")
    assert gold.payload["amount"] == 40_000
    assert gold.payload["dice"] == [
        {"purpose": "forfeit_winnings", "sides": 6, "result": 4}
    ]


def test_the_post_game_of_an_unplayed_fixture_is_rolled_from_the_match_seed(
    match, humans, orcs, alice, django_capture_on_commit_callbacks
):
    """Seeded like the rest of the post-game: run again (a duplicate
    delivery), it pays nothing twice; the gold is what the seed rolls."""
    record(match, alice, django_capture_on_commit_callbacks, conceded_by=humans.pk)
    paid = ledger(orcs)

    assert postgame_run(match_id=match.pk) == "done"

    assert ledger(orcs) == paid
    seeded = SeededRoller(match_seed(match.seed, "postgame", "winnings"))
    assert [amount for amount, _, _ in paid] == [10_000 * seeded.d(6, "x")]
    assert Player.objects.filter(team=orcs, spp=4).count() == 2


def test_the_season_of_unplayed_fixtures_closes(
    match, humans, orcs, alice, dice, django_capture_on_commit_callbacks
):
    """A season whose last fixture was recorded unplayed is complete; its
    close archives the 1-0 as a win (the champion) and the loser's loss, and
    counts the fixture as no game played for the re-draft."""
    dice.update(winnings=[1], spp=[1, 1])

    record(match, alice, django_capture_on_commit_callbacks, conceded_by=humans.pk)

    assert Season.objects.get(pk=match.season_id).status == Season.Status.COMPLETE
    archives = {
        a.team_id: a for a in season_close(season_id=match.season_id, actor=alice)
    }
    assert Season.objects.get(pk=match.season_id).champion_id == orcs.pk
    assert archives[orcs.pk].record["won"] == 1
    assert archives[humans.pk].record["lost"] == 1
    assert archives[orcs.pk].record["unplayed"] == 1


def test_the_commissioner_audit_log_notice_and_match_log_say_unplayed(
    match, humans, orcs, alice, bob, charlie, dice, django_capture_on_commit_callbacks
):
    dice.update(winnings=[2], spp=[1, 1])
    Notification.objects.all().delete()

    record(
        match,
        alice,
        django_capture_on_commit_callbacks,
        conceded_by=orcs.pk,
        reason="Bob is away all month",
    )

    event = LeagueEvent.objects.get(type=LeagueEvent.Type.MATCH_UNPLAYED)
    assert (event.match_id, event.team_id, event.created_by_id) == (
        match.pk,
        orcs.pk,
        alice.pk,
    )
    assert event.payload == {
        "home_score": 1,
        "away_score": 0,
        "conceded_by": orcs.pk,
        "reason": "Bob is away all month",
    }
    told = set(Notification.objects.values_list("recipient__username", "text"))
    text = (
        "alice recorded Reikland Reavers v Gouged Eye as unplayed: Gouged Eye "
        "conceded, Reikland Reavers 1–0 Gouged Eye"
    )
    assert ("bob", text) in told
    assert ("charlie", text) in told


# --- refusals --------------------------------------------------------------------


def refused(match, actor, **kw):
    before = (db_state(), list(LeagueEvent.objects.values_list("pk")))
    with pytest.raises(Exception) as exc_info:
        match_record_unplayed(match_id=match.pk, actor=actor, **kw)
    assert (db_state(), list(LeagueEvent.objects.values_list("pk"))) == before
    return exc_info


def test_only_the_commissioner_records_an_unplayed_fixture(match, bob, orcs):
    """Decision: a coach who concedes tells the commissioner."""
    exc_info = refused(match, bob, conceded_by=orcs.pk)
    assert exc_info.type is PermissionDenied


def test_a_team_not_in_the_match_cannot_concede_it(match, alice, eleven, dave):
    outsider = draft_team(eleven, dave, roster="dwarf", name="Grudgebearers")
    exc_info = refused(match, alice, conceded_by=outsider.pk)
    assert codes(exc_info) == [("not_in_match", "conceded_by")]


def test_a_match_with_a_result_is_not_recorded_unplayed(
    match, alice, django_capture_on_commit_callbacks
):
    play_recorded(match, 1, 0, actor=alice, capture=django_capture_on_commit_callbacks)
    exc_info = refused(match, alice)
    assert codes(exc_info) == [("already_reported", None)]


def test_a_match_under_way_is_not_recorded_unplayed(match, alice):
    Match.objects.filter(pk=match.pk).update(status=Match.Status.IN_PROGRESS)
    exc_info = refused(match, alice)
    assert codes(exc_info) == [("in_progress", None)]


def test_a_playoff_is_not_recorded_unplayed(match, alice):
    """Decision: a playoff needs a team to go through."""
    Match.objects.filter(pk=match.pk).update(stage=Match.Stage.PLAYOFF)
    exc_info = refused(match, alice)
    assert codes(exc_info) == [("playoff_match", None)]


def test_a_closed_season_is_not_changed(match, alice):
    Season.objects.filter(pk=match.season_id).update(status=Season.Status.CLOSED)
    exc_info = refused(match, alice)
    assert codes(exc_info) == [("season_closed", None)]


def test_an_unplayed_result_is_not_overridden(
    match, alice, django_capture_on_commit_callbacks
):
    record(match, alice, django_capture_on_commit_callbacks)
    before = db_state()

    with pytest.raises(Exception) as exc_info:
        match_override_result(
            match_id=match.pk, home_score=2, away_score=0, reason="x", actor=alice
        )

    assert codes(exc_info) == [("unplayed", None)]
    assert db_state() == before


# --- other formats -------------------------------------------------------------


def test_a_bb2025_forfeit_draws_its_two_mvps_among_the_standing_nominees(
    alice, bob, charlie, dice, django_capture_on_commit_callbacks
):
    """BB2025 (tables.md "Star Player Points"): each coach nominates up to
    six players and the MVP is drawn among them; with no game, the team's
    standing nominations stand: dice 2 and 1 over [#6, #3, #8] give #3,
    then #6."""
    league = league_create(commissioner=alice, name="Altdorf Cup", format="bb2025")
    humans = draft_team(league, bob, roster="human", name="Altdorf Humans")
    orcs = draft_team(league, charlie, roster="orc", name="Altdorf Orcs")
    h = roster(humans)
    team_set_mvp_nominations(team_id=humans.pk, player_ids=[h[5].pk, h[2].pk, h[7].pk])
    match = one_match(league, humans, orcs)
    dice.update(winnings=[6], spp=[2, 1])

    record(match, alice, django_capture_on_commit_callbacks, conceded_by=orcs.pk)

    mvp = MatchEvent.objects.get(match=match, type="postgame_mvp").payload
    assert mvp["nominees"] == [h[5].pk, h[2].pk, h[7].pk]
    assert mvp["player_ids"] == [h[2].pk, h[5].pk]
    assert dict(Player.objects.filter(spp__gt=0).values_list("number", "spp")) == {
        3: 4,
        6: 4,
    }
    assert [a for a, _, _ in ledger(humans)] == [60_000]


def test_a_sevens_league_without_spp_makes_no_mvp_award(
    sevens, bob, charlie, alice, dice, django_capture_on_commit_callbacks
):
    """A Sevens league that plays the post-game skill instead of SPP
    (blood_bowl_sevens.md) has no MVP to award: the gold alone."""
    orcs = draft_team(sevens, bob, roster="orc", name="Sevens Orcs")
    humans = draft_team(sevens, charlie, roster="human", name="Sevens Humans")
    match = one_match(sevens, orcs, humans)
    dice.update(winnings=[3])

    record(match, alice, django_capture_on_commit_callbacks, conceded_by=humans.pk)

    assert [a for a, _, _ in ledger(orcs)] == [30_000]
    assert not Player.objects.filter(spp__gt=0).exists()
    assert MatchEvent.objects.get(match=match, type="postgame_spp").payload["skipped"]


def test_a_blitz_bowl_forfeit_is_a_one_touchdown_win_alone(
    alice, bob, charlie, django_capture_on_commit_callbacks
):
    """Blitz Bowl keeps no treasury nor SPP: the conceded fixture is the
    "1-0" win alone, one touchdown to none (Decision), and a Blitz Bowl
    Touchdown "scores 4 points" (rules.md "Touchdown"): 4-0 in points."""
    league = league_create(commissioner=alice, name="Blitz Cup", format="blitz-bowl")
    make_member(league, bob, charlie)
    orcs = team_draft_card(league=league, coach=bob, name="Blitz Orcs", card="orc")
    dwarfs = team_draft_card(
        league=league, coach=charlie, name="Blitz Dwarfs", card="dwarf"
    )
    match = one_match(league, orcs, dwarfs)

    record(match, alice, django_capture_on_commit_callbacks, conceded_by=orcs.pk)

    assert match.status == Match.Status.COMPLETE
    result = MatchResult.objects.get(match=match)
    assert (result.home_score, result.away_score) == (0, 4)
    rows = {r.team_id: r for r in season_standings(match.season)}
    assert (rows[dwarfs.pk].won, rows[dwarfs.pk].td_for, rows[dwarfs.pk].points) == (
        1,
        4,
        3,
    )
    assert (rows[orcs.pk].lost, rows[orcs.pk].td_against) == (1, 4)
    assert TreasuryEntry.objects.filter(team__in=[orcs, dwarfs]).count() == 0
    assert list(
        MatchEvent.objects.filter(match=match).order_by("seq").values_list("type")
    ) == [("unplayed",), ("postgame_outcome",)]
