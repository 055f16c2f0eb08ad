"""The post-game of a league fixture recorded unplayed
(:mod:`matches.commissioner.unplayed`; league_and_exhibition_play.md
"League Fixtures": "the other team wins 1-0, gains D6x10,000 gold pieces
and may make two MVP awards").

:mod:`matches.postgame.sequence` runs these steps in place of its own for
such a match, in the order the format's post-game has them (``outcome``,
``winnings``, ``spp``: Blitz Bowl's post-game has the outcome alone), each
rolling its dice from the match's seed as every post-game step does.

Decision: no other step. No game was played: no Dedicated Fans roll (the
rule gives the gold and the MVPs alone), no injuries (and a player serving
a Miss Next Game has not served it: he missed no game), no Expensive
Mistakes (rolled on the treasury a game leaves), no team value step (its
events only record the value) and the teams' status is left alone (either
may be in another game meanwhile).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db.models import F

from engine.facade import (
    Participant,
    SeededRoller,
    SppTally,
    TeamPostgame,
    forfeit_winnings,
    mvp_eligible,
    mvp_nominees,
    select_mvp,
    spp_earned,
)
from league.models import Player, Team, TreasuryEntry
from league.rules import settings_rules
from league.selectors import team_special_rules
from league.services.treasury import treasury_credit
from matches.events import postgame_roll_payload
from matches.models import Match, MatchResult
from matches.notices import spp_gained_notify
from matches.postgame.mvp import standing_nominations
from matches.seasons.services import match_seed

Step = Match.PostgameStep

# "may make two MVP awards"
FORFEIT_MVPS = 2


def _roller(match: Match, step: str) -> SeededRoller:
    """The step's dice, from the match's seed (as every post-game step's)."""
    return SeededRoller(match_seed(match.seed, "postgame", step))


def _sides(result: MatchResult, home: Team, away: Team) -> tuple[Team, Team] | None:
    """(winner, conceder) of a fixture conceded; None when both lost."""
    if result.conceded_by_id is None:
        return None
    return (away, home) if result.conceded_by_id == home.pk else (home, away)


def _outcome(match: Match, result: MatchResult, home: Team, away: Team) -> list[Any]:
    sides = _sides(result, home, away)

    def side(team: Team, score: int) -> dict[str, Any]:
        won = sides is not None and sides[0].pk == team.pk
        return {
            "team_id": team.pk,
            "outcome": "win" if won else "loss",
            "touchdowns": score,
            "casualties_inflicted": 0,
        }

    return [
        (
            "postgame_outcome",
            {
                "step": "outcome",
                "unplayed": True,
                "home": side(home, result.home_score),
                "away": side(away, result.away_score),
                "conceded_by": result.conceded_by_id,
            },
        )
    ]


def _winnings(match: Match, result: MatchResult, home: Team, away: Team) -> list[Any]:
    """The team whose opponent conceded "gains D6x10,000 gold pieces" (a
    ledger row of winnings naming the die); nobody gains anything from a
    fixture both lost."""
    sides = _sides(result, home, away)
    if sides is None:
        return []
    winner, conceder = sides
    amount, rolls = forfeit_winnings(_roller(match, "winnings"))
    die = rolls[0][2]
    treasury_credit(
        team=winner,
        amount=amount,
        reason=TreasuryEntry.Reason.WINNINGS,
        note=f"fixture conceded by {conceder.name}, {match}: D6 {die} x 10,000",
        cause=match,
    )
    return [
        (
            "postgame_forfeit_winnings",
            postgame_roll_payload("winnings", winner.pk, rolls, amount=amount),
        )
    ]


def _eligible(team: Team) -> tuple[int, ...]:
    """Who may be the winner's MVP, by shirt number. Decision: the players
    who could have played the fixture (mvp_eligible's "eligible to play
    during this game"): on the roster and not temporarily retired, not
    serving a Miss Next Game; a journeyman still with the team counts, as
    he does after a game."""
    players = Player.objects.filter(team=team, status=Player.Status.ACTIVE).order_by(
        "number", "pk"
    )
    return tuple(
        int(pid)
        for pid in mvp_eligible(
            [
                Participant(player_id=p.pk, eligible_to_play=not p.miss_next_game)
                for p in players
            ]
        )
    )


def _spp(match: Match, result: MatchResult, home: Team, away: Team) -> list[Any]:
    """The winner's two MVP awards, drawn as the format draws an MVP
    (:mod:`matches.postgame.mvp`: BB2020 among every eligible player;
    BB2025 among the coach's standing nominations, else the first six by
    shirt number, no SPP having been earned), each worth the format's MVP
    SPP. Decision: two different players while the team has two eligible
    (``select_mvp``); a league without SPP (Sevens with the post-game
    skill) makes no award, and gives no post-game skill: nobody played."""
    sides = _sides(result, home, away)
    if sides is None:
        return []
    rules = settings_rules(match.season.settings)
    if not rules.tracks_spp:
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
    fmt = rules.variant
    winner = sides[0]
    eligible = _eligible(winner)
    pool = mvp_nominees(
        eligible,
        limit=fmt.mvp_nominations,
        nominations=standing_nominations(winner, eligible, fmt),
        spp_this_game={},
    )
    drawn = select_mvp(
        TeamPostgame(
            team_id=winner.pk,
            dedicated_fans=winner.dedicated_fans,
            fan_factor=0,
            touchdowns=max(result.home_score, result.away_score),
            eligible_mvp_player_ids=pool,
        ),
        _roller(match, "spp"),
        count=FORFEIT_MVPS,
    )
    extra: dict[str, Any] = {"unplayed": True}
    if fmt.mvp_nominations is not None:
        extra["nominees"] = list(pool)
    events: list[Any] = [
        (
            "postgame_mvp",
            postgame_roll_payload(
                "mvp",
                winner.pk,
                drawn.rolls,
                player_ids=list(drawn.player_ids),
                **extra,
            ),
        )
    ]
    awards: dict[int, int] = {}
    for pid in drawn.player_ids:
        awards[int(pid)] = awards.get(int(pid), 0) + 1
    special = team_special_rules(winner)
    gained: dict[int, int] = {}
    for pid, count in awards.items():
        earned = spp_earned(SppTally(mvps=count), fmt, special)
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
                    "tally": {},
                    "mvp": count,
                },
            )
        )
    spp_gained_notify(match, gained, fmt)
    return events


UNPLAYED_STEPS: dict[str, Callable[[Match, MatchResult, Team, Team], list[Any]]] = {
    Step.OUTCOME: _outcome,
    Step.WINNINGS: _winnings,
    Step.SPP: _spp,
}


def unplayed_order(postgame_steps: tuple[str, ...]) -> list[Step]:
    """The steps of the format's post-game (``postgame_steps``) an unplayed
    fixture runs, in its order, then done."""
    return [Step(s) for s in postgame_steps if s in UNPLAYED_STEPS] + [Step.DONE]
