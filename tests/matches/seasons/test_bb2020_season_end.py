"""The end of a Blood Bowl season (league_and_exhibition_play.md "Glittering
Prizes" and "The Play-off Season"): 3rd 30,000, 2nd 60,000, 1st 100,000 and
the League Trophy, whose holder adds a free team re-roll until the end of
the next season; with playoffs, 2nd is the final's loser and 3rd the
third-place match's winner."""

from __future__ import annotations

import pytest

from league.errors import ServiceError
from league.models import Team, TreasuryEntry
from league.services.teams import team_buy
from matches.commissioner.actions import redraft_plan_keep_all
from matches.models import Match, SeasonTeamArchive
from matches.seasons.rollover import season_close, team_redraft
from matches.seasons.services import (
    season_create,
    season_schedule,
    season_schedule_playoffs,
)
from tests.factories import draft_team
from tests.matches.conftest import db_state, play_recorded, redraft_waiting

pytestmark = pytest.mark.django_db

# BB2020 Humans and Orcs: 11 Linemen at 50,000 from 1,000,000, no re-roll
LINEMAN = 50_000
# teams/Human.md "Re-roll - 50K", paid double after the draft
# (post-game_sequence.md: "must pay double")
HUMAN_REROLL_LATER = 2 * 50_000


@pytest.fixture
def teams(eleven, bob, charlie):
    """Four BB2020 teams: Ash, Birch, Cedar, Dune, by their league table."""
    return [
        draft_team(eleven, coach, roster=roster, name=name)
        for coach, roster, name in (
            (bob, "human", "Ash"),
            (charlie, "orc", "Birch"),
            (bob, "orc", "Cedar"),
            (charlie, "human", "Dune"),
        )
    ]


def play(match: Match, winner: Team, *, alice, capture) -> None:
    home_won = match.home_id == winner.pk
    play_recorded(match, int(home_won), int(not home_won), actor=alice, capture=capture)


def play_league(season, teams, *, alice, capture) -> None:
    """Each match's winner is the team earlier in ``teams``: the table is
    Ash 9, Birch 6, Cedar 3, Dune 0 points."""
    order = [t.pk for t in teams]
    for m in season_schedule(season_id=season.pk):
        winner = min((m.home_id, m.away_id), key=order.index)
        play(m, Team.objects.get(pk=winner), alice=alice, capture=capture)


def prize_rows():
    return list(
        TreasuryEntry.objects.filter(reason=TreasuryEntry.Reason.PRIZE)
        .order_by("team_id")
        .values_list("team_id", "amount")
    )


def standing(teams):
    return {
        t.pk: Team.objects.filter(pk=t.pk).values_list("treasury", "rerolls").get()
        for t in teams
    }


def test_closing_a_season_pays_the_glittering_prizes_and_the_trophy_re_roll(
    eleven, teams, alice, django_capture_on_commit_callbacks
):
    # given a season without playoffs: Ash, Birch, Cedar, Dune in that order
    ash, birch, cedar, dune = teams
    season = season_create(
        league=eleven, name="2026", seed=5, team_ids=[t.pk for t in teams]
    )
    play_league(season, teams, alice=alice, capture=django_capture_on_commit_callbacks)
    before = standing(teams)

    # when
    season_close(season_id=season.pk, actor=alice)

    # then one "prize" ledger row each for 1st, 2nd and 3rd, paid in full
    assert prize_rows() == [
        (ash.pk, 100_000),
        (birch.pk, 60_000),
        (cedar.pk, 30_000),
    ]
    assert TreasuryEntry.objects.get(team=ash, reason="prize").note == (
        f"{season}: prize for place 1"
    )
    # and the League Trophy: Ash adds one team re-roll, no gold spent
    assert standing(teams) == {
        ash.pk: (before[ash.pk][0] + 100_000, before[ash.pk][1] + 1),
        birch.pk: (before[birch.pk][0] + 60_000, before[birch.pk][1]),
        cedar.pk: (before[cedar.pk][0] + 30_000, before[cedar.pk][1]),
        dune.pk: before[dune.pk],
    }
    records = {
        a.team_id: a.record for a in SeasonTeamArchive.objects.filter(season=season)
    }
    assert (
        records[ash.pk]["prize"],
        records[ash.pk]["place"],
        records[ash.pk]["trophy_rerolls"],
    ) == (100_000, 1, 1)
    assert (records[cedar.pk]["prize"], records[cedar.pk]["place"]) == (30_000, 3)
    assert "prize" not in records[dune.pk]
    assert "trophy_rerolls" not in records[birch.pk]


def test_a_second_close_is_refused_and_pays_nothing_again(
    eleven, teams, alice, django_capture_on_commit_callbacks
):
    season = season_create(
        league=eleven, name="2026", seed=5, team_ids=[t.pk for t in teams]
    )
    play_league(season, teams, alice=alice, capture=django_capture_on_commit_callbacks)
    season_close(season_id=season.pk, actor=alice)
    before = db_state()

    with pytest.raises(ServiceError) as exc:
        season_close(season_id=season.pk, actor=alice)

    assert [v.code for v in exc.value.violations] == ["already_closed"]
    assert db_state() == before
    assert len(prize_rows()) == 3


def test_with_playoffs_the_final_and_the_third_place_match_place_the_teams(
    eleven, teams, alice, django_capture_on_commit_callbacks
):
    # given four teams in the playoffs, the table Ash, Birch, Cedar, Dune;
    # Dune beats Ash and Cedar beats Birch in the semi-finals, Cedar wins
    # the final and Birch the third-place match
    ash, birch, cedar, dune = teams
    capture = django_capture_on_commit_callbacks
    season = season_create(
        league=eleven,
        name="2026",
        seed=5,
        team_ids=[t.pk for t in teams],
        playoff_teams=4,
    )
    play_league(season, teams, alice=alice, capture=capture)
    semis = season_schedule_playoffs(season_id=season.pk)
    for m in semis:
        play(
            m,
            dune if dune.pk in (m.home_id, m.away_id) else cedar,
            alice=alice,
            capture=capture,
        )
    final, third = season_schedule_playoffs(season_id=season.pk)
    play(final, cedar, alice=alice, capture=capture)
    play(third, birch, alice=alice, capture=capture)
    before = standing(teams)

    # when
    season_close(season_id=season.pk, actor=alice)

    # then 1st is the champion, Cedar; 2nd the final's loser, Dune; 3rd the
    # third-place match's winner, Birch (not Ash, placed higher in the
    # table), though the table alone would have placed Ash, Birch and Cedar
    season.refresh_from_db()
    assert season.champion_id == cedar.pk
    assert prize_rows() == [
        (birch.pk, 30_000),
        (cedar.pk, 100_000),
        (dune.pk, 60_000),
    ]
    assert standing(teams) == {
        ash.pk: before[ash.pk],
        birch.pk: (before[birch.pk][0] + 30_000, before[birch.pk][1]),
        cedar.pk: (before[cedar.pk][0] + 100_000, before[cedar.pk][1] + 1),
        dune.pk: (before[dune.pk][0] + 60_000, before[dune.pk][1]),
    }
    places = {
        a.team_id: a.record.get("place")
        for a in SeasonTeamArchive.objects.filter(season=season)
    }
    assert places == {cedar.pk: 1, dune.pk: 2, birch.pk: 3, ash.pk: None}


def test_the_redraft_keeps_the_trophy_re_roll_free(
    eleven, teams, alice, bob, django_capture_on_commit_callbacks
):
    # given Ash, champion without a re-roll of its own, holds the Trophy's
    ash = teams[0]
    season = season_create(
        league=eleven, name="2026", seed=5, team_ids=[t.pk for t in teams]
    )
    play_league(season, teams, alice=alice, capture=django_capture_on_commit_callbacks)
    season_close(season_id=season.pk, actor=alice)
    ash = Team.objects.get(pk=ash.pk)
    assert ash.rerolls == 1
    archive = SeasonTeamArchive.objects.get(season=season, team=ash)

    # when the commissioner's keep-everything plan is carried out
    plan = redraft_plan_keep_all(ash, archive)
    preview = team_redraft(
        team_id=ash.pk, season_id=season.pk, plan=plan, actor=bob, commit=True
    )

    # then the re-roll is not bought: nothing carried over, 11 Linemen at
    # 50,000 + 20,000 for the season played; Ash still holds it
    assert plan.rerolls == 0
    assert preview.trophy_rerolls == 1
    assert preview.carry_over == 0
    assert preview.total == 11 * (LINEMAN + 20_000)
    assert Team.objects.get(pk=ash.pk).rerolls == 1
    assert SeasonTeamArchive.objects.get(pk=archive.pk).redraft["trophy_rerolls"] == 1


def _second_season(eleven, teams, alice, capture, *, winners):
    """The season after, every team re-drafted keeping everyone: each match
    won by the team earlier in ``winners``; closed."""
    redraft_waiting(teams, alice)
    season = season_create(
        league=eleven, name="2027", seed=6, team_ids=[t.pk for t in teams]
    )
    play_league(season, winners, alice=alice, capture=capture)
    season_close(season_id=season.pk, actor=alice)
    return season


def test_the_trophy_re_roll_goes_at_the_end_of_the_next_season(
    eleven, teams, alice, django_capture_on_commit_callbacks
):
    """ "The League Trophy is held by the winners until the end of the next
    season, when it will be awarded to the new champions": a champion that
    plays the next season (re-drafted keeping everyone) gives its free
    re-roll back when that season closes."""
    ash, birch, cedar, dune = teams
    first = season_create(
        league=eleven, name="2026", seed=5, team_ids=[t.pk for t in teams]
    )
    capture = django_capture_on_commit_callbacks
    play_league(first, teams, alice=alice, capture=capture)
    season_close(season_id=first.pk, actor=alice)
    assert Team.objects.get(pk=ash.pk).rerolls == 1

    # when Birch wins the next season, Ash having re-drafted keeping everyone
    second = _second_season(
        eleven, teams, alice, capture, winners=[birch, ash, cedar, dune]
    )

    # then the Trophy and its re-roll pass to Birch
    assert (
        Team.objects.get(pk=ash.pk).rerolls,
        Team.objects.get(pk=birch.pk).rerolls,
    ) == (
        0,
        1,
    )
    record = SeasonTeamArchive.objects.get(season=second, team=ash).record
    assert record["trophy_returned"] == 1
    # and a re-draft after it carries over no bought re-roll for Ash
    archive = SeasonTeamArchive.objects.get(season=second, team=ash)
    assert redraft_plan_keep_all(Team.objects.get(pk=ash.pk), archive).rerolls == 0


def test_a_champion_again_keeps_one_trophy_re_roll(
    eleven, teams, alice, django_capture_on_commit_callbacks
):
    ash = teams[0]
    first = season_create(
        league=eleven, name="2026", seed=5, team_ids=[t.pk for t in teams]
    )
    capture = django_capture_on_commit_callbacks
    play_league(first, teams, alice=alice, capture=capture)
    season_close(season_id=first.pk, actor=alice)

    second = _second_season(eleven, teams, alice, capture, winners=teams)

    assert Team.objects.get(pk=ash.pk).rerolls == 1
    archive = SeasonTeamArchive.objects.get(season=second, team=ash)
    assert redraft_plan_keep_all(Team.objects.get(pk=ash.pk), archive).rerolls == 0


def test_a_redrafted_champion_gives_the_re_roll_back_a_season_later(
    eleven, teams, alice, bob, django_capture_on_commit_callbacks
):
    ash, birch = teams[0], teams[1]
    first = season_create(
        league=eleven, name="2026", seed=5, team_ids=[t.pk for t in teams]
    )
    capture = django_capture_on_commit_callbacks
    play_league(first, teams, alice=alice, capture=capture)
    season_close(season_id=first.pk, actor=alice)
    archive = SeasonTeamArchive.objects.get(season=first, team=ash)
    team_redraft(
        team_id=ash.pk,
        season_id=first.pk,
        plan=redraft_plan_keep_all(Team.objects.get(pk=ash.pk), archive),
        actor=bob,
        commit=True,
    )
    assert Team.objects.get(pk=ash.pk).rerolls == 1

    _second_season(eleven, teams, alice, capture, winners=[birch, *teams[2:], ash])

    assert Team.objects.get(pk=ash.pk).rerolls == 0


def test_the_prizes_are_those_of_the_format_the_season_pinned(
    eleven, teams, alice, django_capture_on_commit_callbacks
):
    # given a Blood Bowl season played, then the league's format corrected
    # by the superuser to one that pays no prizes (Blitz Bowl)
    ash, birch, cedar, _ = teams
    season = season_create(
        league=eleven, name="2026", seed=5, team_ids=[t.pk for t in teams]
    )
    play_league(season, teams, alice=alice, capture=django_capture_on_commit_callbacks)
    type(eleven).objects.filter(pk=eleven.pk).update(format="blitz-bowl")

    # when
    season_close(season_id=season.pk, actor=alice)

    # then the season ends as the Blood Bowl season it was: "The team in
    # 3rd place receives 30,000 gold pieces. The team in 2nd place receives
    # 60,000 gold pieces. The team who finished in 1st place ... is awarded
    # 100,000 gold pieces and the League Trophy."
    assert prize_rows() == [
        (ash.pk, 100_000),
        (birch.pk, 60_000),
        (cedar.pk, 30_000),
    ]
    assert (
        SeasonTeamArchive.objects.get(season=season, team=ash).record["trophy_rerolls"]
        == 1
    )


def test_a_champion_buys_its_8th_re_roll_besides_the_trophy_s(
    eleven, teams, alice, django_capture_on_commit_callbacks
):
    """The Trophy's re-roll is added "without having to spend any gold
    pieces" and may take a team past its 8 re-rolls: it is not one of the 8
    the team may buy."""
    # given Ash, champion, holding the Trophy's re-roll and 7 of its own
    ash = teams[0]
    season = season_create(
        league=eleven, name="2026", seed=5, team_ids=[t.pk for t in teams]
    )
    play_league(season, teams, alice=alice, capture=django_capture_on_commit_callbacks)
    season_close(season_id=season.pk, actor=alice)
    Team.objects.filter(pk=ash.pk).update(rerolls=7 + 1, treasury=250_000)

    # when it buys an 8th of its own
    team = team_buy(team_id=ash.pk, item="rerolls")

    # then it has 8 bought and the Trophy's, paid at the later price
    assert (team.rerolls, team.treasury) == (9, 250_000 - HUMAN_REROLL_LATER)

    # and a 9th of its own is refused, nothing written
    before = db_state()
    with pytest.raises(ServiceError) as exc:
        team_buy(team_id=ash.pk, item="rerolls")
    assert [(v.code, v.field) for v in exc.value.violations] == [
        ("reroll_limit", "quantity")
    ]
    assert db_state() == before


def test_the_trophy_re_roll_gone_back_counts_nothing_any_more(
    eleven, teams, alice, django_capture_on_commit_callbacks
):
    # given Ash's Trophy re-roll gone back as the next season closed (Birch
    # its champion), Ash having 8 re-rolls of its own again
    ash, birch, cedar, dune = teams
    capture = django_capture_on_commit_callbacks
    first = season_create(
        league=eleven, name="2026", seed=5, team_ids=[t.pk for t in teams]
    )
    play_league(first, teams, alice=alice, capture=capture)
    season_close(season_id=first.pk, actor=alice)
    _second_season(eleven, teams, alice, capture, winners=[birch, ash, cedar, dune])
    Team.objects.filter(pk=ash.pk).update(rerolls=8, treasury=250_000)
    before = db_state()

    # when it buys another, then it is refused: all 8 are its own
    with pytest.raises(ServiceError) as exc:
        team_buy(team_id=ash.pk, item="rerolls")
    assert [(v.code, v.field) for v in exc.value.violations] == [
        ("reroll_limit", "quantity")
    ]
    assert db_state() == before
