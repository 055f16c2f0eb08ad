"""Closing a season and re-drafting teams for the next one."""

import pytest
from django.core.exceptions import PermissionDenied
from django.test import Client

from engine.core.dice import ScriptedRoller
from league.errors import ServiceError
from league.models import Player, Team, TreasuryEntry
from matches.models import Match, MatchEvent, MatchResult, Season, SeasonTeamArchive
from matches.postgame.sequence import postgame_run_current_step
from matches.reports.lines import PlayerLine, Report
from matches.reports.report import match_submit_report
from matches.seasons import rollover
from matches.seasons.rollover import RedraftPlan, season_close, team_redraft
from matches.seasons.services import match_seed, season_create, season_schedule
from tests.factories import LeagueFactory, UserFactory, draft_team
from tests.league.conftest import api_as


def codes(exc_info):
    return [(v.code, v.field) for v in exc_info.value.violations]


def _state():
    return (
        list(Season.objects.values_list("pk", "status")),
        list(SeasonTeamArchive.objects.values_list("pk", "redraft")),
        list(
            Player.objects.order_by("pk").values_list(
                "pk", "status", "niggling_injuries"
            )
        ),
        list(Team.objects.order_by("pk").values_list("pk", "treasury", "rerolls")),
        TreasuryEntry.objects.count(),
    )


@pytest.fixture
def played(db):
    """A Sevens season of two teams whose one match the home team won 1-0."""
    commish, coach = UserFactory(username="rc"), UserFactory(username="rcoach")
    league = LeagueFactory(name="Rollover", format="sevens", commissioner=commish)
    draft_team(league, coach, roster="orc", name="Winners")
    draft_team(league, commish, roster="human", name="Losers")
    season = season_create(league=league, name="2026", seed=5)
    season_schedule(season_id=season.pk)
    match = Match.objects.get(season=season)
    winner = Team.objects.get(pk=match.home_id)
    scorer = winner.players.get(number=1)
    match_submit_report(
        match_id=match.pk,
        actor=commish,
        report=Report(
            home_score=1,
            away_score=0,
            players=[PlayerLine(scorer.pk, touchdowns=1)],
            fan_factor_rolls=(1, 1),
        ),
    )
    while postgame_run_current_step(match_id=match.pk) != "done":
        pass
    return {
        "commish": commish,
        "coach": coach,
        "season": season,
        "match": match,
        "winner": winner,
        "loser": Team.objects.get(pk=match.away_id),
    }


def test_only_the_commissioner_closes_and_only_a_finished_season(played, db):
    with pytest.raises(PermissionDenied):
        season_close(season_id=played["season"].pk, actor=played["coach"])
    unfinished = season_create(
        league=played["season"].league,
        name="Next",
        team_ids=[played["winner"].pk, played["loser"].pk],
    )
    season_schedule(season_id=unfinished.pk)
    before = _state()
    with pytest.raises(ServiceError) as exc_info:
        season_close(season_id=unfinished.pk, actor=played["commish"])
    assert codes(exc_info) == [("season_unfinished", None)]
    assert _state() == before


def test_closing_archives_every_roster_with_its_record(played):
    archives = season_close(season_id=played["season"].pk, actor=played["commish"])

    by_team = {a.team_id: a for a in archives}
    winner = played["winner"]
    # the record's treasury is the season's, before the Glittering Prizes
    # (1st of two: 100,000) and the League Trophy's re-roll the close gives
    assert by_team[winner.pk].record == {
        "played": 1,
        "won": 1,
        "drawn": 0,
        "lost": 0,
        "playoff_played": 0,
        "treasury": Team.objects.get(pk=winner.pk).treasury - 100_000,
        "prize": 100_000,
        "place": 1,
        "trophy_rerolls": 1,
    }
    assert by_team[played["loser"].pk].record["prize"] == 60_000
    assert [p["id"] for p in by_team[winner.pk].roster["players"]] == list(
        winner.players.order_by("number").values_list("pk", flat=True)
    )
    assert Season.objects.get(pk=played["season"].pk).status == "closed"
    with pytest.raises(ServiceError) as exc_info:
        season_close(season_id=played["season"].pk, actor=played["commish"])
    assert codes(exc_info) == [("already_closed", None)]


def test_a_closed_seasons_results_stand(played):
    # given a closed season: its champion and archived records are written
    season_close(season_id=played["season"].pk, actor=played["commish"])
    before = (_state(), list(MatchResult.objects.values_list("pk", "home_score")))
    events = MatchEvent.objects.count()

    # when the commissioner overrides its match so that the loser wins
    response = api_as(played["commish"]).post(
        f"/api/matches/{played['match'].pk}/override/",
        {"home_score": 0, "away_score": 3, "reason": "late correction"},
        format="json",
    )

    # then it is refused: the standings would crown another team than the
    # champion and the archives the season recorded
    assert response.status_code == 400
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [
        ("season_closed", None)
    ]
    assert (_state(), list(MatchResult.objects.values_list("pk", "home_score"))) == (
        before
    )
    assert MatchEvent.objects.count() == events
    # and the match page no longer offers it
    client = Client()
    client.force_login(played["commish"])
    page = client.get(f"/matches/{played['match'].pk}/").content.decode()
    assert "Override the result" not in page


def test_the_preview_prices_everything_and_writes_nothing(played):
    season_close(season_id=played["season"].pk, actor=played["commish"])
    winner = Team.objects.get(pk=played["winner"].pk)
    keep = list(winner.players.order_by("number").values_list("pk", flat=True)[:5])
    before = _state()

    preview = team_redraft(
        team_id=winner.pk,
        season_id=played["season"].pk,
        plan=RedraftPlan(
            keep=keep, new_players=[("goblin", "Snik"), ("goblin", "Snak")], rerolls=1
        ),
        actor=played["coach"],
        commit=False,
    )

    # 600k + treasury + 20k for the game + 20k for the win
    assert preview.budget["total"] == 600_000 + winner.treasury + 40_000
    # each kept Lineman: his value and the agent's fee for the season he played
    assert [p["cost"] for p in preview.players] == [50_000 + 20_000] * 5
    assert (preview.new_players, preview.carry_over) == (80_000, 120_000)
    assert preview.total == 350_000 + 80_000 + 120_000
    assert preview.remaining == preview.budget["total"] - preview.total
    assert preview.violations == []
    assert _state() == before


def test_commit_rebuilds_the_team(played):
    season_close(season_id=played["season"].pk, actor=played["commish"])
    winner = Team.objects.get(pk=played["winner"].pk)
    players = list(winner.players.order_by("number"))
    keep = [p.pk for p in players[:5]]
    Player.objects.filter(pk=keep[0]).update(miss_next_game=True)

    preview = team_redraft(
        team_id=winner.pk,
        season_id=played["season"].pk,
        plan=RedraftPlan(
            keep=keep, new_players=[("goblin", "Snik"), ("goblin", "Snak")], rerolls=1
        ),
        actor=played["coach"],
        commit=True,
    )

    winner.refresh_from_db()
    # the re-roll bought and the League Trophy's free one
    assert preview.trophy_rerolls == 1
    assert (winner.treasury, winner.rerolls, winner.status) == (
        preview.remaining,
        1 + 1,
        "ready",
    )
    on_roster = winner.players.filter(status="active")
    assert sorted(on_roster.values_list("position", flat=True)) == (
        ["goblin", "goblin"] + ["orc-lineman"] * 5
    )
    assert Player.objects.get(pk=players[6].pk).status == "fired"
    assert Player.objects.get(pk=keep[0]).miss_next_game is False
    reasons = list(
        TreasuryEntry.objects.filter(team=winner)
        .order_by("-id")
        .values_list("reason", flat=True)[:3]
    )
    assert reasons == ["draft", "draft_budget", "draft"]
    archive = SeasonTeamArchive.objects.get(team=winner, season=played["season"])
    assert archive.redraft["total"] == preview.total
    with pytest.raises(ServiceError) as exc_info:
        team_redraft(
            team_id=winner.pk,
            season_id=played["season"].pk,
            plan=RedraftPlan(keep=keep),
            actor=played["coach"],
            commit=True,
        )
    assert codes(exc_info) == [("already_redrafted", None)]


def test_refused_redrafts_write_nothing(played):
    season_close(season_id=played["season"].pk, actor=played["commish"])
    winner = played["winner"]
    keep = list(winner.players.values_list("pk", flat=True))
    before = _state()
    cases = [
        (RedraftPlan(keep=keep[:3]), [("too_few_players", "players")]),
        (
            RedraftPlan(keep=[*keep, played["loser"].players.first().pk]),
            [("unknown_player", "keep.7")],
        ),
        (RedraftPlan(keep=keep, rerolls=6), [("over_budget", None)]),
    ]
    for plan, expected in cases:
        with pytest.raises(ServiceError) as exc_info:
            team_redraft(
                team_id=winner.pk,
                season_id=played["season"].pk,
                plan=plan,
                actor=played["coach"],
                commit=True,
            )
        assert codes(exc_info) == expected
    assert _state() == before


def test_a_redraft_names_the_season_it_follows(played):
    # before the commissioner closes the season, it is not over; a season
    # the team never played (none at all here) is not one to re-draft after
    winner = played["winner"]
    keep = list(winner.players.values_list("pk", flat=True))
    before = _state()
    cases = [
        (played["season"].pk, [("season_not_closed", "season")]),
        (987_654, [("unknown_season", "season")]),
    ]
    for season_id, expected in cases:
        with pytest.raises(ServiceError) as exc_info:
            team_redraft(
                team_id=winner.pk,
                season_id=season_id,
                plan=RedraftPlan(keep=keep),
                actor=played["coach"],
                commit=False,
            )
        assert codes(exc_info) == expected
    assert _state() == before


def test_recovery_rolls_are_stored_and_applied(played):
    season_close(season_id=played["season"].pk, actor=played["commish"])
    winner = played["winner"]
    keep = list(winner.players.values_list("pk", flat=True))
    Player.objects.filter(pk=keep[1]).update(niggling_injuries=2)

    team_redraft(
        team_id=winner.pk,
        season_id=played["season"].pk,
        plan=RedraftPlan(keep=keep),
        actor=played["coach"],
        commit=True,
    )

    recovery = {
        r["player_id"]: r
        for r in SeasonTeamArchive.objects.get(
            team=winner, season=played["season"]
        ).redraft["recovery"]
    }
    dice = [d["result"] for d in recovery[keep[1]]["dice"]]
    healed = sum(1 for d in dice if d >= 4)  # no apothecary: no bonus
    assert len(dice) == 2
    assert Player.objects.get(pk=keep[1]).niggling_injuries == 2 - healed
    assert recovery[keep[1]]["niggling"] == [2, 2 - healed]


def test_a_retired_players_restored_reductions_make_him_better_again(
    played, monkeypatch
):
    # league_and_exhibition_play.md "Re-drafting Temporarily Retired
    # Players": a D6 for each characteristic reduction, 4+ and "the
    # characteristic is restored" (and a Niggling Injury gained). A
    # Lasting Injury lowered his AV (10+ to 9+) and worsened his AG (3+ to
    # 4+); restored, he is back at AV 10+ and AG 3+.
    season_close(season_id=played["season"].pk, actor=played["commish"])
    winner = played["winner"]
    keep = list(winner.players.order_by("pk").values_list("pk", flat=True))
    retired = Player.objects.get(pk=keep[1])
    base = (retired.ag, retired.av)
    Player.objects.filter(pk=retired.pk).update(
        status=Player.Status.RETIRED,
        ag=base[0] + 1,
        av=base[1] - 1,
        reductions={"ag": 1, "av": 1},
    )
    archive = SeasonTeamArchive.objects.get(team=winner, season=played["season"])
    seed = match_seed(archive.season.seed, "redraft", winner.pk)
    seeded = rollover.SeededRoller
    # his two reduction rolls (AG, then AV) are 4s: both restored
    monkeypatch.setattr(
        rollover,
        "SeededRoller",
        lambda s: ScriptedRoller([4, 4]) if s == seed else seeded(s),
    )

    team_redraft(
        team_id=winner.pk,
        season_id=played["season"].pk,
        plan=RedraftPlan(keep=keep),
        actor=played["coach"],
        commit=True,
    )

    retired.refresh_from_db()
    assert (retired.ag, retired.av) == base
    assert (retired.reductions, retired.niggling_injuries) == ({}, 2)
    assert retired.status == Player.Status.ACTIVE


def test_the_agents_fee_grows_with_each_season(played):
    season_close(season_id=played["season"].pk, actor=played["commish"])
    winner = played["winner"]
    keep = list(winner.players.values_list("pk", flat=True))
    team_redraft(
        team_id=winner.pk,
        season_id=played["season"].pk,
        plan=RedraftPlan(keep=keep),
        actor=played["coach"],
        commit=True,
    )
    Team.objects.filter(pk=played["loser"].pk).update(status="ready")
    loser = played["loser"]
    team_redraft(
        team_id=loser.pk,
        season_id=played["season"].pk,
        plan=RedraftPlan(keep=list(loser.players.values_list("pk", flat=True))),
        actor=played["commish"],
        commit=True,
    )
    second = season_create(
        league=played["season"].league,
        name="2027",
        team_ids=[winner.pk, played["loser"].pk],
        seed=6,
    )
    Season.objects.filter(pk=second.pk).update(status="complete")
    season_close(season_id=second.pk, actor=played["commish"])

    preview = team_redraft(
        team_id=winner.pk,
        season_id=second.pk,
        plan=RedraftPlan(keep=keep),
        actor=played["coach"],
        commit=False,
    )

    # two seasons played: the agent's fee twice
    assert [p["cost"] for p in preview.players] == [50_000 + 2 * 20_000] * 7


def test_the_api_closes_and_previews(played):
    commish = api_as(played["commish"])
    closed = commish.post(f"/api/seasons/{played['season'].pk}/close/")
    keep = list(played["winner"].players.values_list("pk", flat=True))

    preview = api_as(played["coach"]).post(
        f"/api/teams/{played['winner'].pk}/redraft/",
        {"season": played["season"].pk, "keep": keep},
        format="json",
    )
    outsider = api_as(UserFactory(username="nope")).post(
        f"/api/teams/{played['winner'].pk}/redraft/",
        {"season": played["season"].pk, "keep": keep},
        format="json",
    )

    assert closed.status_code == 200
    assert preview.status_code == 200
    assert (preview.json()["committed"], preview.json()["errors"]) == (False, [])
    assert outsider.status_code == 403


def test_a_player_kept_twice_is_refused_and_nothing_is_written(played):
    # given the winners' coach keeps the same player seven times: the squad
    # would look legal (seven players) and the commit would keep one
    season_close(season_id=played["season"].pk, actor=played["commish"])
    winner = played["winner"]
    first = winner.players.get(number=1).pk
    plan = RedraftPlan(keep=[first] * 7)
    before = _state()

    preview = team_redraft(
        team_id=winner.pk,
        season_id=played["season"].pk,
        plan=plan,
        actor=played["coach"],
        commit=False,
    )
    with pytest.raises(ServiceError) as exc_info:
        team_redraft(
            team_id=winner.pk,
            season_id=played["season"].pk,
            plan=plan,
            actor=played["coach"],
            commit=True,
        )

    expected = [("duplicate_player", f"keep.{i}") for i in range(1, 7)] + [
        ("too_few_players", "players")
    ]
    assert codes(exc_info) == expected
    assert [(v.code, v.field) for v in preview.violations] == expected
    assert [p["id"] for p in preview.players] == [first]  # priced once
    assert _state() == before


def test_the_api_refuses_a_player_kept_twice(played):
    api_as(played["commish"]).post(f"/api/seasons/{played['season'].pk}/close/")
    winner = played["winner"]
    keep = list(winner.players.order_by("number").values_list("pk", flat=True))
    before = _state()

    response = api_as(played["coach"]).post(
        f"/api/teams/{winner.pk}/redraft/",
        {"season": played["season"].pk, "keep": [*keep, keep[0]], "commit": True},
        format="json",
    )

    assert response.status_code == 400
    assert response.json()["errors"] == [
        {
            "code": "duplicate_player",
            "field": "keep.7",
            "message": "Orc Lineman 1 is already kept",
        }
    ]
    assert _state() == before


def test_a_commit_needs_the_kept_players_listed(played):
    # an omitted "keep" is not "keep nobody": the roster would be lost
    api_as(played["commish"]).post(f"/api/seasons/{played['season'].pk}/close/")
    winner = played["winner"]
    before = _state()

    response = api_as(played["coach"]).post(
        f"/api/teams/{winner.pk}/redraft/",
        {
            "season": played["season"].pk,
            "new_players": [
                {"position": "orc-lineman", "name": f"New {i}"} for i in range(7)
            ],
            "commit": True,
        },
        format="json",
    )

    assert response.status_code == 400
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [
        ("required", "keep")
    ]
    assert _state() == before


def test_a_commit_keeps_exactly_the_kept_players_plus_the_new_ones(played):
    # given a roster with a temporarily retired player, a dead one, a fired
    # one and a journeyman (who leaves at the re-draft unless hired)
    season_close(season_id=played["season"].pk, actor=played["commish"])
    winner = played["winner"]
    players = list(winner.players.order_by("number"))
    Player.objects.filter(pk=players[2].pk).update(status=Player.Status.RETIRED)
    Player.objects.filter(pk=players[5].pk).update(status=Player.Status.DEAD)
    Player.objects.filter(pk=players[6].pk).update(status=Player.Status.FIRED)
    journeyman = Player.objects.create(
        team=winner,
        position="orc-lineman",
        name="Journeyman",
        number=12,
        ma=5,
        st=3,
        ag=3,
        pa=4,
        av=10,
        value=50_000,
        journeyman=True,
    )
    keep = [players[0].pk, players[2].pk, players[3].pk]
    dropped = [players[1].pk, players[4].pk]

    # when the coach keeps three and hires four
    team_redraft(
        team_id=winner.pk,
        season_id=played["season"].pk,
        plan=RedraftPlan(
            keep=keep, new_players=[("orc-lineman", f"New {i}") for i in range(4)]
        ),
        actor=played["coach"],
        commit=True,
    )

    # then the roster is exactly the kept players and the new ones
    on_roster = Player.objects.filter(
        team=winner, status__in=[Player.Status.ACTIVE, Player.Status.RETIRED]
    )
    new = set(on_roster.filter(name__startswith="New ").values_list("pk", flat=True))
    assert len(new) == 4
    assert set(on_roster.values_list("pk", flat=True)) == set(keep) | new
    assert set(on_roster.values_list("status", flat=True)) == {"active"}
    status = dict(Player.objects.filter(team=winner).values_list("pk", "status"))
    assert [status[pk] for pk in dropped] == ["fired", "fired"]
    assert status[journeyman.pk] == "fired"
    assert (status[players[5].pk], status[players[6].pk]) == ("dead", "fired")


def test_a_new_players_name_not_read_as_written_is_refused_at_the_redraft(played):
    # given the season closed and the winners re-drafting their seven players
    # and one new lineman whose name hides a right-to-left override
    # (league/names/rules.py: invalid_character)
    api_as(played["commish"]).post(f"/api/seasons/{played['season'].pk}/close/")
    keep = list(played["winner"].players.values_list("pk", flat=True))
    before = _state()

    response = api_as(played["coach"]).post(
        f"/api/teams/{played['winner'].pk}/redraft/",
        {
            "season": played["season"].pk,
            "keep": keep,
            "new_players": [{"position": "orc-lineman", "name": "Ug\u202eUg"}],
            "commit": True,
        },
        format="json",
    )

    assert response.status_code == 400, response.json()
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [
        ("invalid_character", "new_players.0.name")
    ]
    assert _state() == before


def test_a_new_players_refusals_name_his_row_of_the_plan(played):
    """A refusal about a new player names him as the plan lists him
    (``new_players.<n>``), not by his place in the whole squad, whatever
    the kept players before him: the third new player's blank name ("every
    player needs a name") is ``new_players.2.name``, the second's name of
    mixed look-alike scripts (league/names/rules.py) ``new_players.1.name``."""
    season_close(season_id=played["season"].pk, actor=played["commish"])
    winner = played["winner"]
    keep = list(winner.players.order_by("number").values_list("pk", flat=True))
    # the first kept twice: one player fewer priced than listed
    plan = RedraftPlan(
        keep=[keep[0], *keep],
        new_players=[
            ("orc-lineman", "Ug"),
            ("orc-lineman", "Gr\u043em"),
            ("orc-lineman", "  "),
        ],
    )
    before = _state()

    with pytest.raises(ServiceError) as exc_info:
        team_redraft(
            team_id=winner.pk,
            season_id=played["season"].pk,
            plan=plan,
            actor=played["coach"],
            commit=True,
        )

    assert codes(exc_info) == [
        ("duplicate_player", "keep.1"),
        ("mixed_script", "new_players.1.name"),
        ("blank", "new_players.2.name"),
    ]
    assert _state() == before


def test_a_retired_team_is_not_redrafted_back_to_life(played):
    # given a closed season, after which the winners were retired (the
    # superuser's status for a team that plays no more)
    season_close(season_id=played["season"].pk, actor=played["commish"])
    winner = played["winner"]
    Team.objects.filter(pk=winner.pk).update(status=Team.Status.RETIRED)
    keep = list(winner.players.values_list("pk", flat=True))
    before = _state()

    # when its coach previews and commits a re-draft, by the API
    answers = [
        api_as(played["coach"]).post(
            f"/api/teams/{winner.pk}/redraft/",
            {"season": played["season"].pk, "keep": keep, "commit": commit},
            format="json",
        )
        for commit in (False, True)
    ]

    # then both are refused: a re-draft would make it a ready team again
    for answer in answers:
        assert answer.status_code == 400
        assert [(e["code"], e["field"]) for e in answer.json()["errors"]] == [
            ("team_retired", None)
        ]
    assert _state() == before
    assert Team.objects.get(pk=winner.pk).status == Team.Status.RETIRED
    # and its team page offers no re-draft
    client = Client()
    client.force_login(played["coach"])
    page = client.get(f"/teams/{winner.pk}/redraft/")
    assert 'name="keep"' not in page.content.decode()
    # nor does its coach's home page
    home = client.get("/me/").content.decode()
    assert f"/teams/{winner.pk}/redraft/" not in home
