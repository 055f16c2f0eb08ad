"""The post-game sequence of a recorded match: every step's exact effects,
its dice (re-rolled here from the same seeds the service uses), and that
nothing is ever applied twice."""

import signal

import pytest
from django.db import transaction

from engine.campaign import SeededRoller
from league.models import League, Player, Team, TreasuryEntry
from league.selectors import team_roster_players
from league.services.treasury import treasury_adjust
from matches.models import Match, MatchEvent, PostgameEnd, RosterSnapshot
from matches.postgame.end import postgame_roller, team_postgame_end
from matches.postgame.sequence import (
    STEPS,
    Step,
    postgame_run,
    postgame_run_current_step,
)
from matches.reports.lines import CasualtyLine, PlayerLine, Report
from matches.reports.report import match_submit_report
from matches.seasons.services import match_seed
from matches.tasks import postgame_advance_task
from tests.factories import LeagueFactory, draft_team
from tests.matches.conftest import db_state, one_match, postgame_tasks, roster


def roller(match, step):
    return SeededRoller(match_seed(match.seed, "postgame", step))


def dice(rolls):
    return [{"purpose": p, "sides": s, "result": r} for p, s, r in rolls]


def band6_loss(treasury, dice_):
    """Expensive Mistakes with 600,000+ in the bank: every roll costs.
    D6 1-2 Catastrophe (keep 2D6 x 10k), 3-4 Major (lose half, rounded
    down to 5k), 5-6 Minor (lose D3 x 10k)."""
    roll = dice_.d(6, "expensive_mistakes")
    if roll <= 2:
        kept = 10_000 * (dice_.d(6, "c") + dice_.d(6, "c"))
        return max(0, treasury - kept)
    if roll <= 4:
        return (treasury // 2) // 5_000 * 5_000
    return 10_000 * dice_.d(3, "m")


def events(match, *types):
    qs = MatchEvent.objects.filter(match=match).order_by("seq")
    if types:
        qs = qs.filter(type__in=types)
    return list(qs)


def player_rows(*players):
    return [
        Player.objects.values(
            "spp",
            "spp_earned",
            "miss_next_game",
            "niggling_injuries",
            "status",
            "ma",
            "st",
            "ag",
            "pa",
            "av",
            "reductions",
        ).get(pk=p.pk)
        for p in players
    ]


def everything(match):
    """All a finished post-game could still change."""
    return (
        db_state(),
        list(
            MatchEvent.objects.filter(match=match)
            .order_by("seq")
            .values_list("seq", "type", "payload")
        ),
        Match.objects.values("status", "postgame_step").get(pk=match.pk),
    )


@pytest.fixture
def game(eleven, humans, orcs, alice, django_capture_on_commit_callbacks):
    """Humans beat Orcs 2-1 (Fan Factor 3 + 4): both treasuries topped up
    to 600k+ so that Expensive Mistakes always costs; the post-game has
    not run yet."""
    treasury_adjust(team=humans, amount=200_000, note="sponsor", actor=alice)
    treasury_adjust(team=orcs, amount=150_000, note="sponsor", actor=alice)
    match = one_match(eleven, humans, orcs, seed=8080)
    h, o = roster(humans), roster(orcs)
    report = Report(
        home_score=2,
        away_score=1,
        players=[
            PlayerLine(h[0].pk, touchdowns=2),
            PlayerLine(h[1].pk, completions=2),
            PlayerLine(h[2].pk, casualties_inflicted=1),
            PlayerLine(h[3].pk, interceptions=1),
            PlayerLine(h[4].pk, deflections=1),
            PlayerLine(h[5].pk, successful_landings=1),
            PlayerLine(o[0].pk, touchdowns=1),
        ],
        casualties=[
            CasualtyLine(o[1].pk, casualty_roll=7, inflicted_by=h[2].pk),
            CasualtyLine(o[2].pk, casualty_roll=16),
            CasualtyLine(o[3].pk, casualty_roll=13, lasting_roll=3),
            CasualtyLine(h[6].pk, casualty_roll=11),
        ],
        fan_factor_rolls=(2, 3),
    )
    with django_capture_on_commit_callbacks() as callbacks:
        match_submit_report(match_id=match.pk, report=report, actor=alice)
    # the post-game task (the page cache's own bumps aside)
    (postgame,) = postgame_tasks(callbacks)
    return match, h, o, postgame


def expected_mvps(match, h, o):
    """MVPs: a D11 over the Humans, then a D10 over the Orcs (the dead #3
    cannot be MVP), from the SPP step's seed."""
    spp = roller(match, "spp")
    home = h[spp.d(11, "mvp") - 1]
    away_pool = [p for p in o if p.pk != o[2].pk]
    away = away_pool[spp.d(10, "mvp") - 1]
    return home, away, spp.rolls


def test_each_step_applies_its_exact_effects_in_order(game, humans, orcs, charlie, bob):
    match, h, o, _ = game
    ledger_before = TreasuryEntry.objects.count()
    report_events = len(events(match))

    # outcome: the result is recorded, the teams enter their post-game
    assert postgame_run_current_step(match_id=match.pk) == "winnings"
    match.refresh_from_db()
    assert (match.status, match.postgame_step) == ("post_game", "winnings")
    assert set(
        Team.objects.filter(pk__in=[humans.pk, orcs.pk]).values_list(
            "status", flat=True
        )
    ) == {"post_game"}
    (outcome,) = events(match, "postgame_outcome")
    assert outcome.payload == {
        "step": "outcome",
        "home": {
            "team_id": humans.pk,
            "outcome": "win",
            "touchdowns": 2,
            "casualties_inflicted": 3,
        },
        "away": {
            "team_id": orcs.pk,
            "outcome": "loss",
            "touchdowns": 1,
            "casualties_inflicted": 1,
        },
        "conceded_by": None,
    }
    assert outcome.seq == report_events
    assert TreasuryEntry.objects.count() == ledger_before

    # winnings: 10,000 x (7 / 2 + own touchdowns)
    assert postgame_run_current_step(match_id=match.pk) == "fans"
    assert list(
        TreasuryEntry.objects.filter(reason="winnings")
        .order_by("pk")
        .values_list("team_id", "amount", "balance_after")
    ) == [(humans.pk, 55_000, 705_000), (orcs.pk, 45_000, 645_000)]
    assert TreasuryEntry.objects.count() == ledger_before + 2
    (paid,) = events(match, "postgame_winnings")
    assert paid.payload == {
        "step": "winnings",
        "fan_attendance": 7,
        "home": 55_000,
        "away": 45_000,
    }

    # fans: the winner on 1 Dedicated Fan always gains one (D6 >= 1), the
    # loser on 1 can never lose one (D6 < 1)
    assert postgame_run_current_step(match_id=match.pk) == "spp"
    fans = roller(match, "fans")
    home_die, away_die = fans.d(6, "f"), fans.d(6, "f")
    assert list(
        Team.objects.filter(pk__in=[humans.pk, orcs.pk])
        .order_by("pk")
        .values_list("pk", "dedicated_fans")
    ) == sorted([(humans.pk, 2), (orcs.pk, 1)])
    assert [e.payload for e in events(match, "postgame_fans")] == [
        {
            "step": "fans",
            "team_id": humans.pk,
            "dice": dice([("dedicated_fans", 6, home_die)]),
            "before": 1,
            "after": 2,
        },
        {
            "step": "fans",
            "team_id": orcs.pk,
            "dice": dice([("dedicated_fans", 6, away_die)]),
            "before": 1,
            "after": 1,
        },
    ]

    # SPP: TD 3, completion 1, casualty 2, interception 2, deflection 1,
    # landing 1, MVP 4
    assert postgame_run_current_step(match_id=match.pk) == "injuries"
    home_mvp, away_mvp, mvp_rolls = expected_mvps(match, h, o)
    earned = {p.pk: 0 for p in h + o}
    earned.update(
        {h[0].pk: 6, h[1].pk: 2, h[2].pk: 2, h[3].pk: 2, h[4].pk: 1, h[5].pk: 1}
    )
    earned[o[0].pk] = 3
    earned[home_mvp.pk] += 4
    earned[away_mvp.pk] += 4
    assert {
        p.pk: (p.spp, p.spp_earned)
        for p in Player.objects.filter(pk__in=earned).order_by("pk")
    } == {pk: (n, n) for pk, n in earned.items()}
    assert [e.payload for e in events(match, "postgame_mvp")] == [
        {
            "step": "mvp",
            "team_id": humans.pk,
            "dice": dice([("mvp", 11, mvp_rolls[0][2])]),
            "player_ids": [home_mvp.pk],
        },
        {
            "step": "mvp",
            "team_id": orcs.pk,
            "dice": dice([("mvp", 10, mvp_rolls[1][2])]),
            "player_ids": [away_mvp.pk],
        },
    ]
    assert [
        (e.payload["player_id"], e.payload["earned"])
        for e in events(match, "postgame_spp")
    ] == sorted((pk, n) for pk, n in earned.items() if n)

    # injuries: Seriously Hurt (MNG), DEAD, Smashed Knee (-1 MA, MNG),
    # Serious Injury (Niggling, MNG)
    assert postgame_run_current_step(match_id=match.pk) == "expensive_mistakes"
    fit = {"niggling_injuries": 0, "status": "active", "reductions": {}}
    orc = {"ma": 5, "st": 3, "ag": 3, "pa": 4, "av": 10}
    human = {"ma": 6, "st": 3, "ag": 3, "pa": 4, "av": 9}

    def row(p, **changes):
        return {
            "spp": earned[p.pk],
            "spp_earned": earned[p.pk],
            "miss_next_game": False,
            **fit,
            **(orc if p.team_id == orcs.pk else human),
            **changes,
        }

    assert player_rows(o[1], o[2], o[3], h[6], o[4]) == [
        row(o[1], miss_next_game=True),
        row(o[2], status="dead"),
        row(o[3], miss_next_game=True, ma=4, reductions={"ma": 1}),
        row(h[6], miss_next_game=True, niggling_injuries=1),
        row(o[4]),
    ]
    assert o[2].pk not in [p.pk for p in team_roster_players(orcs)]
    assert len(team_roster_players(orcs)) == 10
    injuries = events(match, "postgame_injury")
    assert [
        (
            e.payload["player_id"],
            e.payload["casualty_roll"],
            e.payload["lasting_roll"],
            e.payload["result"],
            e.payload["injury"],
            e.payload["mng"],
            e.payload["dead"],
            e.payload["reductions"],
        )
        for e in injuries
    ] == [
        (o[1].pk, 7, None, "seriously_hurt", "Seriously Hurt", True, False, {}),
        (o[2].pk, 16, None, "dead", "DEAD", False, True, {}),
        (o[3].pk, 13, 3, "lasting_injury", "Smashed Knee", True, False, {"ma": 1}),
        (h[6].pk, 11, None, "serious_injury", "Serious Injury", True, False, {}),
    ]

    # Expensive Mistakes (step 5) comes after the coaches' hiring (steps 3
    # and 4): the step opens each team's post-game and rolls nothing yet
    assert postgame_run_current_step(match_id=match.pk) == "team_value"
    assert not TreasuryEntry.objects.filter(reason="expensive_mistake").exists()
    assert events(match, "postgame_expensive_mistakes") == []
    assert set(
        PostgameEnd.objects.filter(match=match, ended_at__isnull=True).values_list(
            "team_id", flat=True
        )
    ) == {humans.pk, orcs.pk}

    # team value: the teams are ready to play; each one's TV is recorded
    # once its post-game ends
    assert postgame_run_current_step(match_id=match.pk) == "done"
    match.refresh_from_db()
    assert (match.status, match.postgame_step) == ("complete", "done")
    assert set(
        Team.objects.filter(pk__in=[humans.pk, orcs.pk]).values_list(
            "status", flat=True
        )
    ) == {"ready"}
    assert events(match, "postgame_team_value") == []

    # each coach ends his team's post-game: both have 600k+, so each loses
    # something, each team rolling its own dice
    team_postgame_end(team_id=humans.pk, actor=charlie)
    team_postgame_end(team_id=orcs.pk, actor=bob)
    home_dice = postgame_roller(match, humans.pk)
    away_dice = postgame_roller(match, orcs.pk)
    home_loss = band6_loss(705_000, home_dice)
    away_loss = band6_loss(645_000, away_dice)
    assert list(
        TreasuryEntry.objects.filter(reason="expensive_mistake")
        .order_by("pk")
        .values_list("team_id", "amount", "balance_after")
    ) == [
        (humans.pk, -home_loss, 705_000 - home_loss),
        (orcs.pk, -away_loss, 645_000 - away_loss),
    ]
    assert [
        (e.payload["team_id"], e.payload["lost"], e.payload["treasury_after"])
        for e in events(match, "postgame_expensive_mistakes")
    ] == [
        (humans.pk, home_loss, 705_000 - home_loss),
        (orcs.pk, away_loss, 645_000 - away_loss),
    ]
    assert [
        [r["result"] for r in e.payload["dice"]]
        for e in events(match, "postgame_expensive_mistakes")
    ] == [[r for _, _, r in home_dice.rolls], [r for _, _, r in away_dice.rolls]]

    # team value: TV without the dead, CTV also without those missing a
    # game, and the treasury after the roll
    assert sorted(
        (e.payload["team_id"], e.payload["tv"], e.payload["ctv"], e.payload["treasury"])
        for e in events(match, "postgame_team_value")
    ) == sorted(
        [
            (humans.pk, 550_000, 500_000, 705_000 - home_loss),
            (orcs.pk, 500_000, 400_000, 645_000 - away_loss),
        ]
    )
    assert list(
        Team.objects.filter(pk__in=[humans.pk, orcs.pk])
        .order_by("pk")
        .values_list("pk", "treasury")
    ) == sorted([(humans.pk, 705_000 - home_loss), (orcs.pk, 645_000 - away_loss)])
    # every event in order, numbered without gaps
    assert [e.seq for e in events(match)] == list(range(len(events(match))))
    assert [e.type for e in events(match)][report_events:] == [
        "postgame_outcome",
        "postgame_winnings",
        "postgame_fans",
        "postgame_fans",
        "postgame_mvp",
        "postgame_mvp",
        *["postgame_spp"] * len([n for n in earned.values() if n]),
        "postgame_mng_cleared",
        *["postgame_injury"] * 4,
        "postgame_expensive_mistakes",
        "postgame_team_value",
        "postgame_expensive_mistakes",
        "postgame_team_value",
    ]


def left_behind(match):
    """What a post-game leaves, without the ids of the rows it adds."""
    return (
        list(
            Team.objects.order_by("pk").values_list(
                "pk", "status", "treasury", "dedicated_fans"
            )
        ),
        player_rows(*Player.objects.order_by("pk")),
        list(
            TreasuryEntry.objects.order_by("pk").values_list(
                "team_id", "amount", "reason", "note", "balance_after"
            )
        ),
        list(
            MatchEvent.objects.filter(match=match)
            .order_by("seq")
            .values_list("seq", "type", "payload")
        ),
        Match.objects.values("status", "postgame_step").get(pk=match.pk),
    )


class Undo(Exception):
    pass


def steps_one_by_one_then_undone(match):
    """What the steps leave run one at a time; then rolled back."""
    try:
        with transaction.atomic():
            while postgame_run_current_step(match_id=match.pk) != "done":
                pass
            raise Undo(left_behind(match))
    except Undo as undone:
        return undone.args[0]


def test_the_postgame_in_one_run_does_what_its_steps_do_one_by_one(game, monkeypatch):
    # given what the steps leave run one at a time, then undone
    match, h, o, _ = game
    before = left_behind(match)
    one_by_one = steps_one_by_one_then_undone(match)
    assert left_behind(match) == before
    assert one_by_one[4] == {"status": "complete", "postgame_step": "done"}

    # when the whole run fails in its sixth step (a worker dies part-way)
    def crash(*args):
        raise RuntimeError("worker lost")

    monkeypatch.setitem(STEPS, Step.EXPENSIVE_MISTAKES, crash)
    with pytest.raises(RuntimeError, match="worker lost"):
        postgame_run(match_id=match.pk)

    # then nothing of its first five steps is left
    assert left_behind(match) == before

    # when it runs again
    monkeypatch.undo()
    assert postgame_run(match_id=match.pk) == "done"

    # then it left exactly what the steps one by one did
    assert left_behind(match) == one_by_one


def test_nothing_changes_once_the_postgame_is_done(game):
    # given the post-game ran to the end when the report committed
    match, h, o, run_postgame = game
    run_postgame()
    match.refresh_from_db()
    assert match.status == Match.Status.COMPLETE
    done = everything(match)

    # when every step function and the task run again, three times each
    for _ in range(3):
        assert postgame_run_current_step(match_id=match.pk) == "done"
    for _ in range(3):
        postgame_advance_task(match.pk)
    for _ in range(3):
        postgame_advance_task.delay(match.pk)

    # then
    assert everything(match) == done


def test_a_step_that_ran_is_never_run_again_by_a_late_delivery(game, humans):
    # given the post-game stopped after its winnings (a worker died)
    match, h, o, _ = game
    postgame_run_current_step(match_id=match.pk)
    postgame_run_current_step(match_id=match.pk)
    winnings = TreasuryEntry.objects.filter(reason="winnings").count()

    # when two deliveries of the task arrive
    postgame_advance_task(match.pk)
    postgame_advance_task(match.pk)

    # then the sequence continued from the fans, once
    assert TreasuryEntry.objects.filter(reason="winnings").count() == winnings == 2
    assert len(events(match, "postgame_fans")) == 2
    # both teams' post-games are open once, their Expensive Mistakes to come
    assert list(
        PostgameEnd.objects.filter(match=match)
        .order_by("team_id")
        .values_list("team_id", "ended_at")
    ) == sorted([(humans.pk, None), (match.away_id, None)])
    assert Team.objects.get(pk=humans.pk).dedicated_fans == 2


def test_a_player_who_missed_a_game_is_fit_after_the_next(
    eleven, game, humans, orcs, alice, django_capture_on_commit_callbacks
):
    # given the first match left three players missing the next game
    match, h, o, run_postgame = game
    run_postgame()

    # when the teams meet again
    second = one_match(eleven, humans, orcs, seed=9090)
    with django_capture_on_commit_callbacks(execute=True):
        match_submit_report(match_id=second.pk, report=Report(0, 0), actor=alice)

    # then they sat that one out and are fit again; the dead stays dead
    snaps = {s.team_id: s.data for s in RosterSnapshot.objects.filter(match=second)}
    unavailable = [
        p["id"] for s in snaps.values() for p in s["players"] if not p["available"]
    ]
    assert sorted(unavailable) == sorted([o[1].pk, o[3].pk, h[6].pk])
    assert o[2].pk not in [p["id"] for p in snaps[orcs.pk]["players"]]
    assert [r["miss_next_game"] for r in player_rows(o[1], o[3], h[6])] == [
        False,
        False,
        False,
    ]
    assert Player.objects.get(pk=o[2].pk).status == "dead"
    (cleared,) = events(second, "postgame_mng_cleared")
    assert sorted(cleared.payload["player_ids"]) == sorted([o[1].pk, o[3].pk, h[6].pk])
    # the injuries stay
    assert player_rows(o[3], h[6])[0]["ma"] == 4
    assert player_rows(h[6])[0]["niggling_injuries"] == 1


@pytest.mark.parametrize(
    ("lasting", "field", "before", "after"),
    [
        (1, "av", 10, 9),
        (2, "av", 10, 9),
        (3, "ma", 5, 4),
        (4, "pa", 4, 5),
        (5, "ag", 3, 4),
        (6, "st", 3, 2),
    ],
)
def test_a_lasting_injury_reduces_the_characteristic_its_roll_names(
    eleven,
    humans,
    orcs,
    alice,
    django_capture_on_commit_callbacks,
    lasting,
    field,
    before,
    after,
):
    # given an Orc with a Lasting Injury (13) and the entered D6
    match = one_match(eleven, humans, orcs)
    victim = roster(orcs)[0]
    assert getattr(victim, field) == before

    # when
    with django_capture_on_commit_callbacks(execute=True):
        match_submit_report(
            match_id=match.pk,
            report=Report(0, 0, casualties=[CasualtyLine(victim.pk, 13, lasting)]),
            actor=alice,
        )

    # then only that characteristic is worse, and he misses the next game
    victim.refresh_from_db()
    stats = {f: getattr(victim, f) for f in ("ma", "st", "ag", "pa", "av")}
    assert stats == {"ma": 5, "st": 3, "ag": 3, "pa": 4, "av": 10, field: after}
    assert (victim.reductions, victim.miss_next_game, victim.status) == (
        {field: 1},
        True,
        "active",
    )


def test_a_server_rolled_casualty_is_applied_from_its_stored_dice(
    eleven, humans, orcs, alice, django_capture_on_commit_callbacks
):
    # given a casualty reported without dice
    match = one_match(eleven, humans, orcs)
    victim = roster(orcs)[0]
    with django_capture_on_commit_callbacks(execute=True):
        result = match_submit_report(
            match_id=match.pk,
            report=Report(0, 0, casualties=[CasualtyLine(victim.pk)]),
            actor=alice,
        )

    # then the post-game applied what the stored dice say
    (cas,) = result.casualties
    victim.refresh_from_db()
    (injury,) = events(match, "postgame_injury")
    assert (injury.payload["casualty_roll"], injury.payload["lasting_roll"]) == (
        cas["casualty_roll"],
        cas["lasting_roll"],
    )
    assert injury.payload["result"] == cas["result"]
    assert victim.status == ("dead" if cas["result"] == "dead" else "active")
    assert victim.miss_next_game == (
        cas["result"] in ("seriously_hurt", "serious_injury", "lasting_injury")
    )


def test_the_fans_step_rolls_from_the_match_seed(
    eleven, bob, charlie, alice, django_capture_on_commit_callbacks
):
    # given two teams with 4 Dedicated Fans each
    home = draft_team(eleven, charlie, roster="human", name="H", dedicated_fans=4)
    away = draft_team(eleven, bob, roster="orc", name="A", dedicated_fans=4)
    match = one_match(eleven, home, away, seed=4242)

    # when the home team wins 1-0
    with django_capture_on_commit_callbacks(execute=True):
        match_submit_report(
            match_id=match.pk,
            report=Report(
                1,
                0,
                players=[PlayerLine(roster(home)[0].pk, touchdowns=1)],
                fan_factor_rolls=(1, 1),
            ),
            actor=alice,
        )

    # then the winner gains one on a D6 of 4+, the loser loses one below 4
    fans = roller(match, "fans")
    home_die, away_die = fans.d(6, "f"), fans.d(6, "f")
    home.refresh_from_db()
    away.refresh_from_db()
    assert (home.dedicated_fans, away.dedicated_fans) == (
        5 if home_die >= 4 else 4,
        3 if away_die < 4 else 4,
    )
    # and Fan Factor was 4 + 1 each: winnings 10,000 x (10 / 2 + 1)
    assert list(
        TreasuryEntry.objects.filter(reason="winnings")
        .order_by("pk")
        .values_list("team_id", "amount")
    ) == [(home.pk, 60_000), (away.pk, 50_000)]


def test_a_draw_changes_no_fans_and_rolls_no_dice(
    eleven, humans, orcs, alice, django_capture_on_commit_callbacks
):
    match = one_match(eleven, humans, orcs)

    with django_capture_on_commit_callbacks(execute=True):
        match_submit_report(
            match_id=match.pk,
            report=Report(0, 0, fan_factor_rolls=(1, 1)),
            actor=alice,
        )

    assert [
        (e.payload["dice"], e.payload["before"], e.payload["after"])
        for e in events(match, "postgame_fans")
    ] == [([], 1, 1), ([], 1, 1)]
    assert list(
        TreasuryEntry.objects.filter(reason="winnings")
        .order_by("pk")
        .values_list("team_id", "amount")
    ) == [(humans.pk, 20_000), (orcs.pk, 20_000)]


@pytest.mark.parametrize(("left", "rolls"), [(75_000, False), (80_000, True)])
def test_expensive_mistakes_only_from_100k(
    eleven, humans, orcs, alice, django_capture_on_commit_callbacks, left, rolls
):
    # given the Humans end the game with 95k or 100k (20k winnings) and the
    # Orcs with 50k
    treasury_adjust(team=humans, amount=left - 450_000, note="spent", actor=alice)
    treasury_adjust(team=orcs, amount=30_000 - 450_000, note="spent", actor=alice)
    match = one_match(eleven, humans, orcs)

    # when
    with django_capture_on_commit_callbacks(execute=True):
        match_submit_report(
            match_id=match.pk,
            report=Report(0, 0, fan_factor_rolls=(1, 1)),
            actor=alice,
        )

    # and the commissioner ends both post-games
    team_postgame_end(team_id=humans.pk, actor=alice)
    team_postgame_end(team_id=orcs.pk, actor=alice)

    # then from 100k a D6 is rolled: on a 1 (Minor Incident) D3 x 10k goes
    mistakes = postgame_roller(match, humans.pk)
    expected_rows, expected_dice = [], []
    if rolls:
        roll = mistakes.d(6, "expensive_mistakes")
        expected_dice = [roll]
        if roll == 1:
            lost = 10_000 * mistakes.d(3, "minor")
            expected_dice.append(lost // 10_000)
            expected_rows = [(humans.pk, -lost, 100_000 - lost)]
    assert (
        list(
            TreasuryEntry.objects.filter(reason="expensive_mistake").values_list(
                "team_id", "amount", "balance_after"
            )
        )
        == expected_rows
    )
    paid = sum(-a for _, a, _ in expected_rows)
    humans.refresh_from_db()
    orcs.refresh_from_db()
    assert (humans.treasury, orcs.treasury) == (left + 20_000 - paid, 50_000)
    assert [
        [d["result"] for d in e.payload["dice"]]
        for e in events(match, "postgame_expensive_mistakes")
    ] == [expected_dice, []]


def test_a_concession_pays_the_winner_only_and_gives_no_mvp_to_the_conceder(
    eleven, humans, orcs, alice, django_capture_on_commit_callbacks
):
    # given the Orcs concede at 1-0 down (treasuries kept under 100k)
    treasury_adjust(team=humans, amount=-420_000, note="spent", actor=alice)
    treasury_adjust(team=orcs, amount=-420_000, note="spent", actor=alice)
    match = one_match(eleven, humans, orcs)
    h = roster(humans)

    # when
    with django_capture_on_commit_callbacks(execute=True):
        match_submit_report(
            match_id=match.pk,
            report=Report(
                1,
                0,
                players=[PlayerLine(h[0].pk, touchdowns=1)],
                conceded_by=orcs.pk,
                fan_factor_rolls=(1, 1),
            ),
            actor=alice,
        )

    # then the winner's score is 1 + 0 + 1 and it takes 10,000 x (4 + 2)
    (outcome,) = events(match, "postgame_outcome")
    assert outcome.payload["conceded_by"] == orcs.pk
    assert (
        outcome.payload["home"]["touchdowns"],
        outcome.payload["away"]["touchdowns"],
    ) == (2, 0)
    assert list(
        TreasuryEntry.objects.filter(reason="winnings").values_list("team_id", "amount")
    ) == [(humans.pk, 60_000)]
    humans.refresh_from_db()
    orcs.refresh_from_db()
    assert (humans.treasury, orcs.treasury) == (90_000, 30_000)
    # fans: the conceder loses D3 (never below 1), the winner gains one
    assert (humans.dedicated_fans, orcs.dedicated_fans) == (2, 1)
    assert [e.payload["team_id"] for e in events(match, "postgame_mvp")] == [humans.pk]
    fans = roller(match, "fans")
    home_die = fans.d(6, "f")
    penalty, loss_die = fans.d(3, "c"), fans.d(6, "f")
    assert [
        [d["result"] for d in e.payload["dice"]] for e in events(match, "postgame_fans")
    ] == [[home_die], [penalty, loss_die]]


@pytest.mark.parametrize("sevens_spp", [False, True])
def test_sevens_players_earn_spp_only_with_the_leagues_spp_option(
    alice, bob, charlie, django_capture_on_commit_callbacks, sevens_spp
):
    # given a Sevens league with or without SPP tracking
    league = LeagueFactory(format="sevens", commissioner=alice, sevens_spp=sevens_spp)
    home = draft_team(league, charlie, roster="human", name="H")
    away = draft_team(league, bob, roster="orc", name="O")
    match = one_match(league, home, away)
    h, o = roster(home), roster(away)

    # when the home #1 scores the only touchdown
    with django_capture_on_commit_callbacks(execute=True):
        match_submit_report(
            match_id=match.pk,
            report=Report(1, 0, players=[PlayerLine(h[0].pk, touchdowns=1)]),
            actor=alice,
        )

    # then
    spp = dict(Player.objects.filter(team__league=league).values_list("pk", "spp"))
    if not sevens_spp:
        assert set(spp.values()) == {0}
        assert [e.payload for e in events(match, "postgame_spp")] == [
            {
                "step": "spp",
                "skipped": True,
                "reason": "this league does not track SPP",
            }
        ]
        assert events(match, "postgame_mvp") == []
    else:
        mvp = roller(match, "spp")
        home_mvp, away_mvp = h[mvp.d(7, "mvp") - 1], o[mvp.d(7, "mvp") - 1]
        expected = dict.fromkeys(spp, 0)
        expected[h[0].pk] += 3
        expected[home_mvp.pk] += 4
        expected[away_mvp.pk] += 4
        assert spp == expected
    assert League.objects.get(pk=league.pk).sevens_spp is sevens_spp


def test_the_postgame_task_for_a_match_not_played_yet_does_nothing(
    eleven, humans, orcs
):
    # given a scheduled match (e.g. a stale task delivered late)
    match = one_match(eleven, humans, orcs)
    before = db_state()

    def too_long(*_):
        raise TimeoutError("postgame_advance_task is still looping after 1 s")

    # when the post-game task is run for it
    previous = signal.signal(signal.SIGALRM, too_long)
    signal.setitimer(signal.ITIMER_REAL, 1)
    try:
        postgame_advance_task(match.pk)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)

    # then it returns at once and changes nothing
    assert db_state() == before
