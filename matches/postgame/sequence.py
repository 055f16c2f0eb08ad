"""The post-game sequence, one idempotent step after another.

``postgame_run_current_step`` locks the match, runs the step named by
``Match.postgame_step``, writes its dice and effects (MatchEvents, ledger
rows, team and player changes) and moves the step on, all in one
transaction; ``postgame_run`` (what the task calls) does the same for every
step left, in one transaction. A duplicate delivery finds the steps already
moved on; nothing is ever applied twice. Each step rolls its dice from the
match's seed, so a rerun after a crash rolls the same dice.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from django.db import transaction
from django.db.models import F, prefetch_related_objects

from engine.facade import (
    Characteristic,
    Participant,
    PlayerState,
    PostgameInput,
    SeededRoller,
    SppTally,
    TeamPostgame,
    apply_casualty,
    concession_departures,
    concession_fans_penalty,
    mvp_eligible,
    postgame_draft_departures,
    record_outcome,
    spp_earned,
    update_dedicated_fans,
)
from league.models import Player, Team, TreasuryEntry
from league.page_cache import league_cache_bump
from league.rules import settings_rules
from league.selectors import ON_ROSTER, team_detail_qs, team_special_rules
from league.services.treasury import treasury_credit
from matches.events import dice_text, match_events_append, postgame_roll_payload
from matches.models import Match, MatchResult, Season
from matches.notices import postgame_skill_notify, spp_gained_notify
from matches.postgame.end import (
    postgame_open,
    postgame_open_team_ids,
    team_value_event,
)
from matches.postgame.getting_even import getting_even
from matches.postgame.mvp import postgame_mvps
from matches.postgame.results import (
    CasualtyEntry,
    casualty_outcome,
    casualty_roll_modifier,
)
from matches.postgame.unplayed import UNPLAYED_STEPS, unplayed_order
from matches.prematch.kickoff import match_qs_for_update, match_snapshots
from matches.seasons.scheduling import playoff_round
from matches.seasons.services import match_seed

Step = Match.PostgameStep


def _order(match: Match, result: MatchResult) -> list[Step]:
    """The post-game steps of the match's format, in order (the variant's
    ``postgame_steps``), then done; those an unplayed fixture has."""
    variant = settings_rules(match.season.settings).variant
    if result.unplayed:
        return unplayed_order(variant.postgame_steps)
    return [Step(name) for name in variant.postgame_steps] + [Step.DONE]


CHARACTERISTIC_FIELDS = {c: c.value for c in Characteristic}


def _roller(match: Match, step: str) -> SeededRoller:
    return SeededRoller(match_seed(match.seed, "postgame", step))


def _teams(match: Match) -> tuple[Team, Team]:
    teams = {
        t.pk: t
        for t in Team.objects.select_for_update().filter(
            pk__in=[match.home_id, match.away_id]
        )
    }
    return teams[match.home_id], teams[match.away_id]


def _participants(snapshot: dict[str, Any], dead: set[int]) -> list[Participant]:
    return [
        Participant(
            player_id=p["id"], eligible_to_play=p["available"], dead=p["id"] in dead
        )
        for p in snapshot["players"]
    ]


def _game(match: Match, result: MatchResult, home: Team, away: Team) -> PostgameInput:
    home_snap, away_snap = match_snapshots(match)
    dead = {c["player_id"] for c in result.casualties if c["result"] == "dead"}
    # The sides that stalled (BB2025 winnings): the engine's, or the
    # report's Stalling line (matches/reports/nominations.py).
    stalled = set((result.summary or {}).get("stalled", ()))
    # A legal concession (no penalty): the engine's, when a team had too
    # few players to set up, or a report's ``concession_legal``.
    penalty = bool((result.summary or {}).get("concession_penalty", True))

    def side(
        team: Team, snap: dict[str, Any], fan_factor: int, score: int
    ) -> TeamPostgame:
        name = "home" if team.pk == match.home_id else "away"
        return TeamPostgame(
            team_id=team.pk,
            dedicated_fans=team.dedicated_fans,
            fan_factor=fan_factor,
            touchdowns=score,
            conceded=result.conceded_by_id == team.pk,
            treasury=team.treasury,
            eligible_mvp_player_ids=mvp_eligible(_participants(snap, dead)),
            stalled=name in stalled,
        )

    return PostgameInput(
        home=side(home, home_snap, result.home_fan_factor, result.home_score),
        away=side(away, away_snap, result.away_fan_factor, result.away_score),
        format=str(match.season.settings["format"]),
        sudden_death_winner=(result.sudden_death or {}).get("winner"),
        concession_penalty=penalty,
        # the engine's score includes a concession's award; a report's is
        # the touchdowns scored on the pitch
        score_awarded=result.mode == Match.Mode.RESOLVED,
    )


def _step_outcome(
    match: Match, result: MatchResult, home: Team, away: Team
) -> list[Any]:
    game = _game(match, result, home, away)
    outcome = record_outcome(game)
    Team.objects.filter(pk__in=[home.pk, away.pk]).update(status=Team.Status.POST_GAME)
    events: list[Any] = [
        (
            "postgame_outcome",
            {
                "step": "outcome",
                "home": {
                    "team_id": home.pk,
                    "outcome": outcome.home.outcome.value,
                    "touchdowns": outcome.home.touchdowns,
                    "casualties_inflicted": result.home_casualties,
                },
                "away": {
                    "team_id": away.pk,
                    "outcome": outcome.away.outcome.value,
                    "touchdowns": outcome.away.touchdowns,
                    "casualties_inflicted": result.away_casualties,
                },
                "conceded_by": outcome.conceded_by,
            },
        )
    ]
    # the_rules_of_blood_bowl.md "Conceding": a format whose post-game has
    # no Dedicated Fans step (Dungeon Bowl) rolls the quits here, in step 1.
    if "fans" not in settings_rules(match.season.settings).variant.postgame_steps:
        roller = _roller(match, "concession")
        for team, side in ((home, game.home), (away, game.away)):
            if game.penalised(side):
                events += _concession_departures(
                    match, result, team, roller, step="outcome"
                )
    return events


def _step_winnings(
    match: Match, result: MatchResult, home: Team, away: Team
) -> list[Any]:
    variant = settings_rules(match.season.settings).variant
    # Formats that roll for their winnings (Dungeon Bowl's 2D6) roll from
    # the match's seed; the others roll nothing.
    game = _game(match, result, home, away)
    paid, rolls = variant.rolled_winnings(game, _roller(match, "winnings"))
    dice = f": {dice_text(rolls)}" if rolls else ""
    for team, amount in ((home, paid.home), (away, paid.away)):
        if amount > 0:
            treasury_credit(
                team=team,
                amount=amount,
                reason=TreasuryEntry.Reason.WINNINGS,
                note=f"winnings, {match}{dice}",
                cause=match,
            )
    payload: dict[str, Any] = {
        "step": "winnings",
        "fan_attendance": paid.fan_attendance,
        "home": paid.home,
        "away": paid.away,
    }
    if rolls:
        payload["dice"] = [{"purpose": p, "sides": s, "result": r} for p, s, r in rolls]
    funds = _treasure_room(match, result, game, (home, away))
    if funds:
        payload["treasure_room"] = funds
    return [("postgame_winnings", payload)]


def _treasure_room(
    match: Match, result: MatchResult, game: PostgameInput, teams: tuple[Team, Team]
) -> dict[str, dict[str, int]]:
    """The gold each team gathered in the Treasure Room (the report's
    Gather Funds counts, paid by the variant's ``gathered_funds``, which
    knows whether the team bears a concession's penalties), each as its
    own ledger row; {team id: {uses, gold}} for the teams that gained."""
    variant = settings_rules(match.season.settings).variant
    counts = (result.summary or {}).get("gather_funds", {})
    out: dict[str, dict[str, int]] = {}
    for team, side in zip(teams, (game.home, game.away), strict=True):
        uses = int(counts.get(str(team.pk), 0))
        gold = variant.gathered_funds(uses, penalised=game.penalised(side))
        if gold > 0:
            treasury_credit(
                team=team,
                amount=gold,
                reason=TreasuryEntry.Reason.TREASURE_ROOM,
                note=f"Treasure Room: {uses} Gather Funds, {match}",
                cause=match,
            )
            out[str(team.pk)] = {"uses": uses, "gold": gold}
    return out


def _step_fans(match: Match, result: MatchResult, home: Team, away: Team) -> list[Any]:
    game = _game(match, result, home, away)
    outcome = record_outcome(game)
    roller = _roller(match, "fans")
    events = []
    for team, side, team_outcome in (
        (home, game.home, outcome.home.outcome),
        (away, game.away, outcome.away.outcome),
    ):
        rolls: list[Any] = []
        penalised = game.penalised(side)
        if penalised:
            penalty = concession_fans_penalty(side, roller)
            rolls += penalty.rolls
            side = replace(side, dedicated_fans=penalty.after)
        change = update_dedicated_fans(side, team_outcome, roller)
        rolls += change.rolls
        Team.objects.filter(pk=team.pk).update(dedicated_fans=change.after)
        events.append(
            (
                "postgame_fans",
                postgame_roll_payload(
                    "fans",
                    team.pk,
                    rolls,
                    before=team.dedicated_fans,
                    after=change.after,
                ),
            )
        )
        # later steps of the same run read the new figure
        team.dedicated_fans = change.after
        if penalised:
            events += _concession_departures(match, result, team, roller)
    return events


def _concession_departures(
    match: Match,
    result: MatchResult,
    team: Team,
    roller: SeededRoller,
    step: str = "fans",
) -> list[Any]:
    """The conceding team's players with three or more advancements each
    roll a D6; on 1-3 the player quits the team (the format's
    ``concession_player_loss``). Decision: he leaves as a fired player does
    (the status Dugout has for a player gone for good), in shirt-number
    order; a player killed in this game rolls nothing."""
    if not settings_rules(match.season.settings).variant.concession_player_loss:
        return []
    dead = {c["player_id"] for c in result.casualties if c["result"] == "dead"}
    players = list(
        Player.objects.select_for_update()
        .filter(team=team, status__in=ON_ROSTER, advancements__gte=3)
        .order_by("number", "pk")
    )
    states = [
        replace(_state(p), advancements=p.advancements, dead=p.pk in dead)
        for p in players
    ]
    quit_ids, rolls = concession_departures(states, roller)
    if not players:
        return []
    Player.objects.filter(pk__in=quit_ids).update(status=Player.Status.FIRED)
    return [
        (
            "postgame_concession_quit",
            postgame_roll_payload(step, team.pk, rolls, player_ids=list(quit_ids)),
        )
    ]


def line_spp(
    line: Mapping[str, int],
    mvps: int,
    fmt: Any,
    special_rules: Sequence[str] = (),
    prayers: int = 0,
) -> int:
    """The SPP a player earns for his line of a result (its stats as the
    report and the engine name them) and his MVP awards
    (post-game_sequence.md "Earning Star Player Points"), and ``prayers``,
    the SPP the BB2025 Prayers to Nuffle earned him in the match (the
    result's ``prayer_spp``). Decision: the line's ``successful_landings``
    are its Throwing Completions (the engine credits the thrower of a
    superb throw landed safely)."""
    tally = SppTally(
        passing_completions=line.get("completions", 0),
        throwing_completions=line.get("successful_landings", 0),
        deflections=line.get("deflections", 0),
        interceptions=line.get("interceptions", 0),
        casualties=line.get("casualties_inflicted", 0),
        touchdowns=line.get("touchdowns", 0),
        mvps=mvps,
        bonus_spp=prayers,
    )
    return spp_earned(tally, fmt, special_rules)


def _step_spp(match: Match, result: MatchResult, home: Team, away: Team) -> list[Any]:
    rules = settings_rules(match.season.settings)
    fmt = rules.variant
    if not rules.tracks_spp:
        if fmt.spp_optional:
            # a Sevens league without SPP: each team's post-game skill
            postgame_skill_notify(match)
        return [
            (
                "postgame_spp",
                {
                    "step": "spp",
                    "skipped": True,
                    "reason": "this league does not track SPP",
                },
            )
        ]
    game = _game(match, result, home, away)
    stats = {int(k): v for k, v in result.player_stats.items()}
    # each player's team and its rules (BB2025 Brawlin' Brutes change the
    # values)
    team_of = {
        p["id"]: team
        for team, snap in zip((home, away), match_snapshots(match), strict=True)
        for p in snap["players"]
    }
    rules_of = {pid: team_special_rules(team) for pid, team in team_of.items()}
    before_mvp: dict[int | str, int] = {
        pid: line_spp(line, 0, fmt, rules_of.get(pid, ()))
        for pid, line in stats.items()
    }
    mvps, events = postgame_mvps(
        result, game, (home, away), fmt, _roller(match, "spp"), before_mvp
    )
    # BB2025: an illegal concession loses the players every SPP of the game.
    forfeits = fmt.concession_loses_spp and (
        game.penalised(game.home) or game.penalised(game.away)
    )
    # BB2025 Prayers to Nuffle (Perfect Passing, Dazzling Catching, Fan
    # Interaction, Fouling Frenzy): [player id, SPP] lines of the result
    prayed = {
        int(pid): int(n) for pid, n in (result.summary or {}).get("prayer_spp", ())
    }
    gained: dict[int, int] = {}
    for pid in sorted(set(stats) | set(mvps) | set(prayed)):
        line = stats.get(pid, {})
        earned = line_spp(
            line, mvps.get(pid, 0), fmt, rules_of.get(pid, ()), prayed.get(pid, 0)
        )
        team = team_of.get(pid)
        if earned and forfeits and team and team.pk == result.conceded_by_id:
            events.append(
                (
                    "postgame_spp",
                    {
                        "step": "spp",
                        "player_id": pid,
                        "earned": 0,
                        "forfeited": earned,
                        "tally": line,
                        "mvp": 0,
                    },
                )
            )
            continue
        if earned:
            gained[pid] = earned
            Player.objects.filter(pk=pid).update(
                spp=F("spp") + earned, spp_earned=F("spp_earned") + earned
            )
            events.append(
                (
                    "postgame_spp",
                    {
                        "step": "spp",
                        "player_id": pid,
                        "earned": earned,
                        "tally": line,
                        "mvp": mvps.get(pid, 0),
                    }
                    | ({"prayers": prayed[pid]} if pid in prayed else {}),
                )
            )
    spp_gained_notify(match, gained, fmt)
    return events


def _state(player: Player) -> PlayerState:
    return PlayerState(
        player_id=player.pk,
        ma=player.ma,
        st=player.st,
        ag=player.ag,
        pa=player.pa,
        av=player.av,
        niggling=player.niggling_injuries,
        mng=player.miss_next_game,
        value=player.value,
        reductions={Characteristic(k): v for k, v in player.reductions.items()},
    )


def _step_injuries(
    match: Match, result: MatchResult, home: Team, away: Team
) -> list[Any]:
    home_snap, away_snap = match_snapshots(match)
    sat_out = [
        p["id"]
        for s in (home_snap, away_snap)
        for p in s["players"]
        if not p["available"]
    ]
    # Players who missed this game have served their Miss Next Game.
    Player.objects.filter(pk__in=sat_out, miss_next_game=True).update(
        miss_next_game=False
    )
    events: list[Any] = [
        ("postgame_mng_cleared", {"step": "injuries", "player_ids": sat_out})
    ]
    modifier = {
        p["id"]: casualty_roll_modifier(p)
        for s in (home_snap, away_snap)
        for p in s["players"]
    }
    rules = settings_rules(match.season.settings)
    snaps = {home.pk: home_snap, away.pk: away_snap}
    grudges = _roller(match, "getting_even")
    for entry in result.casualties:
        cas: CasualtyEntry = entry  # type: ignore[assignment]
        player = Player.objects.select_for_update().get(pk=cas["player_id"])
        outcome = casualty_outcome(
            cas,
            niggling=player.niggling_injuries,
            modifier=modifier.get(player.pk, 0),
        )
        new = apply_casualty(_state(player), outcome)
        for characteristic, name in CHARACTERISTIC_FIELDS.items():
            setattr(player, name, new.stat(characteristic))
        player.niggling_injuries = new.niggling
        player.miss_next_game = new.mng
        player.reductions = {c.value: n for c, n in new.reductions.items() if n}
        if new.dead:
            player.status = Player.Status.DEAD
        player.save(
            update_fields=[
                "ma",
                "st",
                "ag",
                "pa",
                "av",
                "niggling_injuries",
                "miss_next_game",
                "reductions",
                "status",
            ]
        )
        events.append(
            (
                "postgame_injury",
                {
                    "step": "injuries",
                    "player_id": player.pk,
                    "table": cas["table"],
                    "casualty_roll": cas["casualty_roll"],
                    "lasting_roll": cas["lasting_roll"],
                    "result": outcome.result.value,
                    "injury": outcome.injury,
                    "mng": new.mng,
                    "niggling": new.niggling,
                    "dead": new.dead,
                    "reductions": {c.value: n for c, n in outcome.reductions.items()},
                },
            )
        )
        grudge = getting_even(rules, snaps, cas, player, outcome.result.value, grudges)
        if grudge is not None:
            events.append(grudge)
    if rules.variant.draft_departures:
        draft = _roller(match, "sevens_draft")
        for team in (home, away):
            events += _draft_departures(team, draft)
    return events


def _draft_departures(team: Team, roller: SeededRoller) -> list[Any]:
    """blood_bowl_sevens.md "The Draft": "whilst deleting any DEAD players",
    a D6 for every player on the team who has gained one or more skills; a
    roll equal to or lower than the number he gained and he quits (the
    format's ``draft_departures``). Decision: played here, once the game's
    dead are off the roster; the player leaves as a fired player does, in
    shirt-number order; a temporarily retired player rolls too (he is still
    on the team). A journeyman's Loner is no skill he gained: he has none
    until he is hired and advances."""
    gained = {
        p: sum(not s.get("journeyman") for s in p.gained_skills)
        for p in Player.objects.select_for_update()
        .filter(team=team, status__in=ON_ROSTER)
        .order_by("number", "pk")
    }
    players = [p for p, n in gained.items() if n]
    if not players:
        return []
    states = [replace(_state(p), advancements=gained[p]) for p in players]
    leaving, rolls = postgame_draft_departures(states, roller)
    Player.objects.filter(pk__in=leaving).update(status=Player.Status.FIRED)
    return [
        (
            "postgame_draft",
            postgame_roll_payload("injuries", team.pk, rolls, player_ids=list(leaving)),
        )
    ]


def _step_expensive_mistakes(
    match: Match, result: MatchResult, home: Team, away: Team
) -> list[Any]:
    """post-game_sequence.md "5. Expensive Mistakes" comes after the coach's
    "3. Player advancement" and "4. Hiring, firing and temporarily
    retiring": this step opens each team's post-game, and the roll is made
    on the treasury as it stands when that ends (:mod:`matches.postgame.end`)."""
    postgame_open(match, (home, away))
    return []


def _step_team_value(
    match: Match, result: MatchResult, home: Team, away: Team
) -> list[Any]:
    Team.objects.filter(pk__in=[home.pk, away.pk]).update(status=Team.Status.READY)
    # A team whose post-game is open has its team value recorded when it
    # ends, after its Expensive Mistakes (matches.postgame.end).
    still_open = postgame_open_team_ids(match)
    return [
        team_value_event(team)
        for team in team_detail_qs().filter(pk__in=[home.pk, away.pk]).order_by("pk")
        if team.pk not in still_open
    ]


STEPS: dict[str, Callable[[Match, MatchResult, Team, Team], list[Any]]] = {
    Step.OUTCOME: _step_outcome,
    Step.WINNINGS: _step_winnings,
    Step.FANS: _step_fans,
    Step.SPP: _step_spp,
    Step.INJURIES: _step_injuries,
    Step.EXPENSIVE_MISTAKES: _step_expensive_mistakes,
    Step.TEAM_VALUE: _step_team_value,
}


@transaction.atomic
def postgame_run_current_step(*, match_id: int) -> str | None:
    """Run the match's current post-game step and move on; return the step
    the match is now at (``done`` when the sequence is over), or None when
    the match has no post-game to run (not played yet)."""
    return _run_steps(match_id, to_the_end=False)


@transaction.atomic
def postgame_run(*, match_id: int) -> str | None:
    """Run every post-game step the match has left, in order, in one
    transaction; return the step it is now at (``done``), or None when the
    match has no post-game to run (not played yet).

    Decision: the steps need no one's input, so they run together. Each
    step still starts from the one the match is at, so a rerun (a duplicate
    delivery, or a worker that died part-way, whose transaction rolled
    back) starts from the same state and rolls the same dice. One
    transaction instead of one per step saves the match lock, the result,
    the teams, the events insert and the commit of every step but one.
    """
    return _run_steps(match_id, to_the_end=True)


def _run_steps(match_id: int, *, to_the_end: bool) -> str | None:
    match = match_qs_for_update().get(pk=match_id)
    if match.status == Match.Status.COMPLETE:
        return str(Step.DONE)
    if match.status not in (Match.Status.PLAYED, Match.Status.POST_GAME):
        return None
    result = MatchResult.objects.get(match=match)
    home, away = _teams(match)
    # The locked rows stand in for the match's teams (its ledger notes name
    # them) and the snapshots are read once for every step.
    match.home, match.away = home, away
    prefetch_related_objects([match], "snapshots")
    order = _order(match, result)
    steps = UNPLAYED_STEPS if result.unplayed else STEPS
    step = Step(match.postgame_step)
    events: list[Any] = []
    while step != Step.DONE:
        events += steps[step](match, result, home, away)
        step = order[order.index(step) + 1]
        if not to_the_end:
            break
    match_events_append(match, events)
    match.postgame_step = step
    match.status = (
        Match.Status.COMPLETE if step == Step.DONE else Match.Status.POST_GAME
    )
    match.save(update_fields=["postgame_step", "status", "updated_at"])
    if step == Step.DONE:
        # The teams are ready for their next match (the Team value step
        # does it too; a format whose post-game ends earlier needs this).
        # An unplayed fixture's teams never left theirs: either may be in
        # another game now.
        if not result.unplayed:
            Team.objects.filter(pk__in=[home.pk, away.pk]).update(
                status=Team.Status.READY
            )
        _season_maybe_complete(match.season_id)
    league_cache_bump(home.league_id)
    return str(step)


def _season_maybe_complete(season_id: int) -> None:
    """A season is complete when every match is; with playoffs, only once
    the final (a playoff round of one match, the third-place match beside
    it aside) is, and the third-place match with it."""
    season = Season.objects.select_for_update().get(pk=season_id)
    if season.matches.exclude(status=Match.Status.COMPLETE).exists():
        return
    if season.playoff_teams:
        playoffs = season.matches.filter(stage=Match.Stage.PLAYOFF)
        last = playoffs.order_by("-round").first()
        if (
            last is None
            or playoffs.filter(round=last.round, third_place=False).count() != 1
        ):
            return
        # A one-match first round is not the final when top seeds had byes.
        _, byes = playoff_round(list(range(season.playoff_teams)))
        if last.round == 1 and byes:
            return
    season.status = Season.Status.COMPLETE
    season.save(update_fields=["status"])
