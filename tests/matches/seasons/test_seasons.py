"""Season services: creating, scheduling, postponing and playoffs."""

from collections import Counter
from itertools import combinations

import pytest

from league.errors import ServiceError
from league.models import Team
from matches.models import Match, Season
from matches.seasons.rollover import season_close
from matches.seasons.services import (
    match_postpone,
    match_seed,
    season_create,
    season_schedule,
    season_schedule_playoffs,
)
from tests.factories import LeagueFactory, draft_team
from tests.matches.conftest import codes, db_state, play_recorded


@pytest.fixture
def four(sevens, bob, charlie):
    """Four ready Sevens teams, in id order."""
    return [
        draft_team(sevens, coach, roster=roster, name=name)
        for coach, roster, name in (
            (bob, "orc", "Ash"),
            (charlie, "human", "Birch"),
            (bob, "human", "Cedar"),
            (charlie, "orc", "Damson"),
        )
    ]


def fixtures(matches):
    return [(m.round, m.home_id, m.away_id) for m in matches]


# --- creating ------------------------------------------------------------------


def test_it_creates_a_season_of_the_ready_teams_with_the_leagues_rules(
    eleven, sevens, bob, charlie
):
    # given three ready teams, one still drafting, one retired, and a team
    # of another league
    ready = [
        draft_team(eleven, bob, roster="orc", name="A"),
        draft_team(eleven, charlie, roster="human", name="B"),
        draft_team(eleven, bob, roster="human", name="C"),
    ]
    drafting = draft_team(eleven, charlie, roster="orc", name="D")
    retired = draft_team(eleven, charlie, roster="dwarf", name="E")
    Team.objects.filter(pk=drafting.pk).update(status=Team.Status.DRAFT)
    Team.objects.filter(pk=retired.pk).update(status=Team.Status.RETIRED)
    draft_team(sevens, bob, roster="orc", name="Elsewhere")

    # when
    season = season_create(league=eleven, name="  Spring  ", seed=42)

    # then
    season.refresh_from_db()
    assert (season.name, season.status, season.seed, season.playoff_teams) == (
        "Spring",
        Season.Status.DRAFT,
        42,
        0,
    )
    assert sorted(season.teams.values_list("pk", flat=True)) == [t.pk for t in ready]
    assert season.settings == {
        "format": "bb2020",
        "rules_version": eleven.rules_version,
        "points": [3, 1, 0],
        "tiebreakers": ["points", "td_for", "cas_for", "head_to_head"],
        "casualty_table": "bb2020",
        "spp": True,
    }
    assert season.matches.count() == 0


def test_a_sevens_season_pins_whether_spp_are_tracked(alice, bob, charlie):
    # given two Sevens leagues, one with the SPP option
    plain = LeagueFactory(format="sevens", commissioner=alice)
    tracked = LeagueFactory(format="sevens", commissioner=alice, sevens_spp=True)
    for league in (plain, tracked):
        draft_team(league, bob, roster="orc", name="O")
        draft_team(league, charlie, roster="human", name="H")

    # when
    a = season_create(league=plain, name="S", seed=1)
    b = season_create(league=tracked, name="S", seed=1)

    # then
    assert (a.settings["spp"], b.settings["spp"]) == (False, True)
    assert a.settings["format"] == b.settings["format"] == "sevens"


def test_an_explicit_team_list_may_name_any_active_team(sevens, four):
    # given a team still in its post-game
    Team.objects.filter(pk=four[3].pk).update(status=Team.Status.POST_GAME)

    # when
    season = season_create(
        league=sevens, name="Pick", team_ids=[four[0].pk, four[3].pk], seed=5
    )

    # then
    assert sorted(season.teams.values_list("pk", flat=True)) == [
        four[0].pk,
        four[3].pk,
    ]


def test_a_season_without_a_seed_gets_a_random_one(sevens, four):
    a = season_create(league=sevens, name="A")
    b = season_create(league=sevens, name="B")

    assert 0 <= a.seed < 2**62
    assert 0 <= b.seed < 2**62
    assert a.seed != b.seed


@pytest.mark.parametrize(
    ("kwargs", "expected"),
    [
        ({"team_ids": "one"}, [("too_few_teams", "teams")]),
        ({"team_ids": "other_league"}, [("unknown_team", "teams")]),
        ({"team_ids": "retired"}, [("unknown_team", "teams")]),
        ({"team_ids": "missing"}, [("unknown_team", "teams")]),
        ({"name": " Spring "}, [("name_taken", "name")]),
        ({"name": "SPRING"}, [("name_taken", "name")]),
        ({"playoff_teams": 1}, [("invalid_playoffs", "playoff_teams")]),
        ({"playoff_teams": 5}, [("invalid_playoffs", "playoff_teams")]),
    ],
)
def test_refused_seasons_write_nothing(sevens, eleven, bob, four, kwargs, expected):
    # given an existing season "Spring", a retired team and a team elsewhere
    season_create(league=sevens, name="Spring", seed=1)
    retired = draft_team(sevens, bob, roster="orc", name="Old")
    Team.objects.filter(pk=retired.pk).update(status=Team.Status.RETIRED)
    elsewhere = draft_team(eleven, bob, roster="orc", name="Far")
    team_ids = {
        "one": [four[0].pk],
        "other_league": [four[0].pk, elsewhere.pk],
        "retired": [four[0].pk, retired.pk],
        "missing": [four[0].pk, four[1].pk, 987654],
    }
    args = {"name": "Autumn", **kwargs}
    if "team_ids" in args:
        args["team_ids"] = team_ids[args["team_ids"]]
    before = db_state()

    # when
    with pytest.raises(ServiceError) as exc:
        season_create(league=sevens, seed=2, **args)

    # then
    assert codes(exc) == expected
    assert db_state() == before


def test_a_league_with_a_single_ready_team_cannot_start_a_season(sevens, bob):
    draft_team(sevens, bob, roster="orc", name="Alone")
    before = db_state()

    with pytest.raises(ServiceError) as exc:
        season_create(league=sevens, name="Lonely", seed=1)

    assert codes(exc) == [("too_few_teams", "teams")]
    assert db_state() == before


# --- scheduling ------------------------------------------------------------------


def test_four_teams_play_three_rounds_of_two_with_seeds_from_the_season(sevens, four):
    # given
    season = season_create(league=sevens, name="Spring", seed=2024)

    # when
    matches = season_schedule(season_id=season.pk)

    # then
    ids = [t.pk for t in four]
    assert [m.round for m in matches] == [1, 1, 2, 2, 3, 3]
    assert {frozenset((m.home_id, m.away_id)) for m in matches} == {
        frozenset(p) for p in combinations(ids, 2)
    }
    for r in (1, 2, 3):
        playing = [t for m in matches if m.round == r for t in (m.home_id, m.away_id)]
        assert sorted(playing) == ids
    assert all(
        (m.status, m.stage, m.postponed, m.postgame_step, m.mode)
        == ("scheduled", "league", False, "outcome", "")
        for m in matches
    )
    # seeds come from the season seed and the fixture's place, not from ids
    assert [m.seed for m in matches] == [
        match_seed(2024, r, i) for r in (1, 2, 3) for i in (0, 1)
    ]
    assert len({m.seed for m in matches}) == 6
    assert all(0 <= m.seed < 2**63 for m in matches)
    season.refresh_from_db()
    assert season.status == Season.Status.SCHEDULED


def test_an_odd_number_of_teams_gives_each_team_one_bye(sevens, four, bob):
    # given five teams
    fifth = draft_team(sevens, bob, roster="dwarf", name="Elm")
    ids = sorted([t.pk for t in four] + [fifth.pk])
    season = season_create(league=sevens, name="Spring", seed=9)

    # when
    matches = season_schedule(season_id=season.pk)

    # then five rounds of two matches; whoever is missing from a round rests
    assert Counter(m.round for m in matches) == {1: 2, 2: 2, 3: 2, 4: 2, 5: 2}
    byes = []
    for r in range(1, 6):
        playing = [t for m in matches if m.round == r for t in (m.home_id, m.away_id)]
        assert len(playing) == len(set(playing)) == 4
        byes += sorted(set(ids) - set(playing))
    assert sorted(byes) == ids
    assert len(matches) == 10


def test_a_double_round_robin_plays_every_pair_home_and_away(sevens, four):
    season = season_create(
        league=sevens, name="Spring", seed=9, double_round_robin=True
    )

    matches = season_schedule(season_id=season.pk)

    ids = [t.pk for t in four]
    assert Counter(m.round for m in matches) == {r: 2 for r in range(1, 7)}
    assert Counter((m.home_id, m.away_id) for m in matches) == {
        (a, b): 1 for a in ids for b in ids if a != b
    }
    for r in range(1, 7):
        playing = [t for m in matches if m.round == r for t in (m.home_id, m.away_id)]
        assert sorted(playing) == ids


def test_the_same_season_seed_gives_the_same_match_seeds(sevens, four):
    # given two seasons of the same teams with the same seed, and a third
    one = season_create(league=sevens, name="One", seed=77)
    two = season_create(league=sevens, name="Two", seed=77)
    three = season_create(league=sevens, name="Three", seed=78)

    # when
    a = season_schedule(season_id=one.pk)
    b = season_schedule(season_id=two.pk)
    c = season_schedule(season_id=three.pk)

    # then
    assert [(*f, m.seed) for f, m in zip(fixtures(a), a, strict=True)] == [
        (*f, m.seed) for f, m in zip(fixtures(b), b, strict=True)
    ]
    assert fixtures(c) == fixtures(a)
    assert not {m.seed for m in a} & {m.seed for m in c}


def test_identical_leagues_with_the_same_season_seed_get_the_same_match_seeds(
    alice, bob, charlie
):
    # given two leagues with the same four teams, drafted in the same order
    def schedule(name):
        league = LeagueFactory(name=name, format="sevens", commissioner=alice)
        teams = [
            draft_team(league, coach, roster=roster, name=f"{name} {i}")
            for i, (coach, roster) in enumerate(
                [(bob, "orc"), (charlie, "human"), (bob, "human"), (charlie, "orc")]
            )
        ]
        position = {t.pk: i for i, t in enumerate(teams)}
        season = season_create(league=league, name="Spring", seed=77)
        return [
            (m.round, position[m.home_id], position[m.away_id], m.seed)
            for m in season_schedule(season_id=season.pk)
        ]

    # when both seasons are scheduled with seed 77
    first, second = schedule("Twin A"), schedule("Twin B")

    # then the same fixtures carry the same dice seeds (a season is
    # reproducible from its seed and its teams, not from database ids)
    assert [f[:3] for f in first] == [f[:3] for f in second]
    assert first == second


def test_a_season_is_scheduled_only_once(sevens, four):
    season = season_create(league=sevens, name="Spring", seed=1)
    season_schedule(season_id=season.pk)
    before = db_state()

    with pytest.raises(ServiceError) as exc:
        season_schedule(season_id=season.pk)

    assert codes(exc) == [("already_scheduled", None)]
    assert db_state() == before


def test_a_season_closed_before_it_was_scheduled_stays_closed(sevens, four, alice):
    # given a season the commissioner closed without playing it
    season = season_create(league=sevens, name="Abandoned", seed=1)
    season_close(season_id=season.pk, actor=alice)
    before = db_state()

    # when its schedule is asked for
    with pytest.raises(ServiceError) as exc:
        season_schedule(season_id=season.pk)

    # then it is refused: closing cannot be undone (it was reopened as
    # scheduled, with fixtures, after its rosters were archived)
    assert codes(exc) == [("season_closed", None)]
    assert db_state() == before


# --- postponing ------------------------------------------------------------------


def test_a_postponed_match_moves_to_a_new_last_round(sevens, four):
    # given
    season = season_create(league=sevens, name="Spring", seed=1)
    matches = season_schedule(season_id=season.pk)
    first = matches[0]
    others = [(m.pk, m.round, m.postponed) for m in matches[1:]]

    # when
    moved = match_postpone(match_id=first.pk)

    # then
    first.refresh_from_db()
    assert (moved.round, first.round, first.postponed) == (4, 4, True)
    assert (first.home_id, first.away_id, first.seed) == (
        matches[0].home_id,
        matches[0].away_id,
        matches[0].seed,
    )
    assert [
        (m.pk, m.round, m.postponed)
        for m in Match.objects.filter(season=season).exclude(pk=first.pk)
    ] == others

    # and a second postponement goes after it
    assert match_postpone(match_id=matches[1].pk).round == 5


def test_a_match_may_move_to_a_round_its_teams_are_free_in(sevens, four):
    season = season_create(league=sevens, name="Spring", seed=1)
    matches = season_schedule(season_id=season.pk)

    moved = match_postpone(match_id=matches[0].pk, to_round=9)

    assert (moved.round, moved.postponed) == (9, True)


def test_postponing_into_a_round_where_a_team_plays_is_refused(sevens, four):
    # given round 2, where both teams of a round-1 match already play
    season = season_create(league=sevens, name="Spring", seed=1)
    matches = season_schedule(season_id=season.pk)
    before = db_state()

    # when
    with pytest.raises(ServiceError) as exc:
        match_postpone(match_id=matches[0].pk, to_round=2)

    # then
    assert codes(exc) == [("team_busy", "round")]
    assert db_state() == before


@pytest.mark.parametrize("to_round", [1, 2])
def test_a_match_is_postponed_to_a_later_round_only(sevens, four, to_round):
    # given a round-2 match whose teams are free in round 1 (their round-1
    # match moved to the end)
    season = season_create(league=sevens, name="Spring", seed=1)
    matches = season_schedule(season_id=season.pk)
    second = matches[2]
    assert second.round == 2
    for m in matches[:2]:
        match_postpone(match_id=m.pk)
    before = db_state()

    # when it is "postponed" to its own round or an earlier one
    with pytest.raises(ServiceError) as exc:
        match_postpone(match_id=second.pk, to_round=to_round)

    # then it is refused: it was marked postponed without moving, or moved
    # forward
    assert codes(exc) == [("not_later", "round")]
    assert db_state() == before


def test_a_round_past_the_last_a_season_may_have_is_refused(sevens, four):
    # a round the database cannot hold gave a 500 in the admin, whose
    # postpone form has no upper bound
    season = season_create(league=sevens, name="Spring", seed=1)
    first = season_schedule(season_id=season.pk)[0]
    before = db_state()

    with pytest.raises(ServiceError) as exc:
        match_postpone(match_id=first.pk, to_round=40000)

    assert codes(exc) == [("out_of_range", "round")]
    assert db_state() == before
    assert match_postpone(match_id=first.pk, to_round=1000).round == 1000


def test_a_played_match_cannot_be_postponed(
    sevens, four, alice, django_capture_on_commit_callbacks
):
    season = season_create(league=sevens, name="Spring", seed=1)
    match = season_schedule(season_id=season.pk)[0]
    play_recorded(match, 0, 0, actor=alice, capture=django_capture_on_commit_callbacks)
    before = db_state()

    with pytest.raises(ServiceError) as exc:
        match_postpone(match_id=match.pk)

    assert codes(exc) == [("not_scheduled", None)]
    assert db_state() == before


# --- playoffs --------------------------------------------------------------------


def finish_league(season, winners_by_rank, actor, capture):
    """Play every league match; the better ranked team wins 1-0."""
    rank = {team.pk: i for i, team in enumerate(winners_by_rank)}
    for m in season.matches.filter(stage=Match.Stage.LEAGUE).order_by("round", "id"):
        home_wins = rank[m.home_id] < rank[m.away_id]
        play_recorded(
            m, int(home_wins), int(not home_wins), actor=actor, capture=capture
        )


def test_a_playoff_match_cannot_be_postponed(
    sevens, four, alice, django_capture_on_commit_callbacks
):
    # given a semi-final (round 1 of a four-team bracket): moved to round 2
    # it would stand as the final
    season = season_create(league=sevens, name="Spring", seed=31, playoff_teams=4)
    season_schedule(season_id=season.pk)
    finish_league(season, list(four), alice, django_capture_on_commit_callbacks)
    semi = season_schedule_playoffs(season_id=season.pk)[0]
    before = db_state()

    for to_round in (None, 2):
        with pytest.raises(ServiceError) as exc:
            match_postpone(match_id=semi.pk, to_round=to_round)
        assert codes(exc) == [("playoff_match", None)]
    assert db_state() == before


def test_playoffs_are_seeded_from_the_final_standings(
    sevens, four, alice, django_capture_on_commit_callbacks
):
    # given a finished league where the last-drafted team won everything and
    # the first-drafted lost everything
    season = season_create(league=sevens, name="Spring", seed=31, playoff_teams=4)
    season_schedule(season_id=season.pk)
    best_first = list(reversed(four))
    finish_league(season, best_first, alice, django_capture_on_commit_callbacks)

    # when
    playoffs = season_schedule_playoffs(season_id=season.pk)

    # then 1st v 4th and 2nd v 3rd, the better seed at home
    a, b, c, d = best_first
    assert sorted(
        (m.stage, m.round, m.home_id, m.away_id, m.status, m.seed) for m in playoffs
    ) == sorted(
        [
            (
                "playoff",
                1,
                a.pk,
                d.pk,
                "scheduled",
                match_seed(31, "playoff", 1, 0),
            ),
            (
                "playoff",
                1,
                b.pk,
                c.pk,
                "scheduled",
                match_seed(31, "playoff", 1, 1),
            ),
        ]
    )
    season.refresh_from_db()
    assert season.status == Season.Status.SCHEDULED

    # and the next round waits for this one
    before = db_state()
    with pytest.raises(ServiceError) as exc:
        season_schedule_playoffs(season_id=season.pk)
    assert codes(exc) == [("round_unfinished", None)]
    assert db_state() == before


def test_three_playoff_teams_give_the_top_seed_a_bye(
    sevens, four, alice, django_capture_on_commit_callbacks
):
    season = season_create(league=sevens, name="Spring", seed=31, playoff_teams=3)
    season_schedule(season_id=season.pk)
    best_first = [four[2], four[0], four[3], four[1]]
    finish_league(season, best_first, alice, django_capture_on_commit_callbacks)

    (semi,) = season_schedule_playoffs(season_id=season.pk)

    assert (semi.home_id, semi.away_id) == (four[0].pk, four[3].pk)


def test_playoffs_wait_for_the_whole_league(
    sevens, four, alice, django_capture_on_commit_callbacks
):
    # given a season with one league match still to play
    season = season_create(league=sevens, name="Spring", seed=31, playoff_teams=2)
    matches = season_schedule(season_id=season.pk)
    for m in matches[:-1]:
        play_recorded(m, 1, 0, actor=alice, capture=django_capture_on_commit_callbacks)
    before = db_state()

    # when
    with pytest.raises(ServiceError) as exc:
        season_schedule_playoffs(season_id=season.pk)

    # then
    assert codes(exc) == [("league_unfinished", None)]
    assert db_state() == before


def test_playoffs_wait_for_the_league_schedule(sevens, four):
    # given a season with playoffs whose league stage is not scheduled yet
    season = season_create(league=sevens, name="Spring", seed=31, playoff_teams=2)
    before = db_state()

    # when
    with pytest.raises(ServiceError) as exc:
        season_schedule_playoffs(season_id=season.pk)

    # then no bracket is drawn from a table nobody has played in
    assert codes(exc) == [("not_scheduled", None)]
    assert db_state() == before


def test_a_season_without_playoffs_refuses_to_schedule_them(sevens, four):
    season = season_create(league=sevens, name="Spring", seed=31)
    season_schedule(season_id=season.pk)
    before = db_state()

    with pytest.raises(ServiceError) as exc:
        season_schedule_playoffs(season_id=season.pk)

    assert codes(exc) == [("no_playoffs", None)]
    assert db_state() == before


def test_playoffs_run_to_a_final_and_complete_the_season(
    sevens, four, alice, django_capture_on_commit_callbacks
):
    # given three playoff teams: the top seed has a bye into the final
    season = season_create(league=sevens, name="Spring", seed=31, playoff_teams=3)
    season_schedule(season_id=season.pk)
    best_first = [four[2], four[0], four[3], four[1]]
    finish_league(season, best_first, alice, django_capture_on_commit_callbacks)
    (semi,) = season_schedule_playoffs(season_id=season.pk)

    # when the lower seed wins the semi-final away from home
    play_recorded(semi, 0, 1, actor=alice, capture=django_capture_on_commit_callbacks)
    (final,) = season_schedule_playoffs(season_id=season.pk)

    # then it meets the top seed, who is at home, in round 2
    assert (final.round, final.home_id, final.away_id) == (2, four[2].pk, four[3].pk)
    season.refresh_from_db()
    assert season.status == Season.Status.SCHEDULED

    # and a final level after extra time is won on sudden death, by the
    # away side here (3 roll-offs to 2), ending the season
    throws = [[1, 6], [6, 1], [2, 5], [5, 2], [3, 4]]
    play_recorded(
        final,
        1,
        1,
        actor=alice,
        capture=django_capture_on_commit_callbacks,
        sudden_death=throws,
    )
    final.refresh_from_db()
    from matches.seasons.services import playoff_winner

    assert playoff_winner(final) == four[3].pk
    season.refresh_from_db()
    assert season.status == Season.Status.COMPLETE
    with pytest.raises(ServiceError) as exc:
        season_schedule_playoffs(season_id=season.pk)
    assert codes(exc) == [("playoffs_over", None)]
