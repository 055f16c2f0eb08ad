"""Creating and scheduling seasons; postponing and moving matches."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping, Sequence
from functools import partial

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Max, Q

from engine.facade import Violation
from league.errors import ServiceError
from league.models import League, Team
from league.names.rules import name_normalize, name_violation
from league.page_cache import league_cache_bump
from league.rules import league_rules
from league.services.membership import league_member_ids_for_update
from matches.models import Match, MatchInducements, RoundSchedule, Season
from matches.notices import season_scheduled_notify
from matches.seasons.offseason import require_redrafted
from matches.seasons.scheduling import (
    Pairing,
    next_playoff_round,
    playoff_round,
    playoff_seeds,
    season_rounds,
    third_place_pairing,
)
from matches.webhooks.news import season_news
from matches.webhooks.services import webhooks_announce

MAX_ROUND = 1000  # the highest round a match may be postponed to
DIVISION_NAME_MAX = 40  # the longest division name (the new-season form's too)


def match_seed(season_seed: int, *parts: object) -> int:
    """A match's dice seed, derived from the season's: the same season seed
    always gives every match the same seed (63 bits, fits a BigInteger)."""
    text = ":".join(str(p) for p in (season_seed, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def season_settings(league: League) -> dict[str, object]:
    """The league's rules as the season pins them (league.rules)."""
    return league_rules(league).settings()


def _division_names(divisions: Mapping[str, Sequence[int]]) -> dict[str, Sequence[int]]:
    """The divisions with their names normalised (``league.names.rules``);
    refused (``invalid_divisions``) when a name is blank, no name by those
    rules, longer than the form allows, or the same as
    another's but for case or surrounding spaces (the form takes "north" and
    "North " as one division: two such tables would look alike)."""
    named: dict[str, Sequence[int]] = {}
    seen: set[str] = set()
    for raw, ids in divisions.items():
        name = name_normalize(raw)
        violation = name_violation(
            raw,
            field="divisions",
            what="division's name",
            max_length=DIVISION_NAME_MAX,
        )
        if not name:
            problem = "a division needs a name"
        elif violation is not None:
            problem = violation.message
        elif name.casefold() in seen:
            problem = f"two divisions are called {name!r} (names ignore case)"
        else:
            seen.add(name.casefold())
            named[name] = ids
            continue
        raise ServiceError.one("invalid_divisions", "divisions", problem)
    return named


@transaction.atomic
def season_create(
    *,
    league: League,
    name: str,
    team_ids: Sequence[int] | None = None,
    double_round_robin: bool = False,
    playoff_teams: int = 0,
    seed: int | None = None,
    divisions: Mapping[str, Sequence[int]] | None = None,
) -> Season:
    """A season of ``league`` with the given teams (default: every team of the
    league that is ready), pinning the league's current settings. Only teams
    whose coach is a member of the league (or its commissioner) take part.
    With ``divisions``, every team of the season is in exactly one
    division."""
    problem = name_violation(name, field="name", what="season name")
    if problem is not None:
        raise ServiceError([problem])
    name = name_normalize(name)
    if Season.objects.filter(league=league, name__iexact=name).exists():
        raise ServiceError.one(
            "name_taken", "name", f"{league} already has a season {name!r}"
        )
    members = league_member_ids_for_update(league)
    teams = Team.objects.filter(league=league).exclude(status=Team.Status.RETIRED)
    if team_ids is not None:
        chosen = list(teams.filter(pk__in=team_ids))
        if len(chosen) != len(set(team_ids)):
            raise ServiceError.one(
                "unknown_team",
                "teams",
                "every team must belong to the league and be active",
            )
        outsiders = [t for t in chosen if t.coach_id not in members]
        if outsiders:
            raise ServiceError(
                Violation(
                    "not_a_member",
                    "teams",
                    f"{t.name}'s coach is not a member of {league}",
                )
                for t in outsiders
            )
    else:
        chosen = list(teams.filter(status=Team.Status.READY, coach_id__in=members))
    if len(chosen) < 2:
        raise ServiceError.one(
            "too_few_teams", "teams", "a season needs at least two teams"
        )
    # Decision: a team carries over into a new season only by its re-draft
    # (see :func:`require_redrafted`): refused, never re-drafted for it.
    require_redrafted([t.pk for t in chosen])
    if playoff_teams and not 2 <= playoff_teams <= len(chosen):
        raise ServiceError.one(
            "invalid_playoffs",
            "playoff_teams",
            "playoffs need 2 up to the number of teams",
        )
    if divisions:
        divisions = _division_names(divisions)
        placed = [t for ids in divisions.values() for t in ids]
        if sorted(placed) != sorted(t.pk for t in chosen):
            raise ServiceError.one(
                "invalid_divisions",
                "divisions",
                "every team of the season must be in exactly one division",
            )
        if any(len(ids) < 2 for ids in divisions.values()):
            raise ServiceError.one(
                "invalid_divisions", "divisions", "a division needs at least two teams"
            )
    season = Season(
        league=league,
        divisions={name: sorted(ids) for name, ids in (divisions or {}).items()},
        name=name,
        double_round_robin=double_round_robin,
        playoff_teams=playoff_teams,
        settings=season_settings(league),
        seed=seed if seed is not None else secrets.randbits(62),
    )
    season.full_clean()
    season.save()
    season.teams.set(chosen)
    league_cache_bump(league.pk)
    return season


@transaction.atomic
def season_schedule(*, season_id: int) -> list[Match]:
    """Generate the league fixtures (round robin, circle method)."""
    season = Season.objects.select_for_update().get(pk=season_id)
    if season.status == Season.Status.CLOSED:
        # a season closed before it was scheduled stays closed
        raise ServiceError.one("season_closed", None, f"{season} is closed")
    if season.matches.exists():
        raise ServiceError.one(
            "already_scheduled", None, f"{season} is already scheduled"
        )
    # a season made before another of its teams' closed waits for their
    # re-drafts after it
    require_redrafted(
        list(season.teams.values_list("pk", flat=True)), before=season.created_at
    )
    groups = list(season.divisions.values()) or [
        sorted(season.teams.values_list("pk", flat=True))
    ]
    rounds = season_rounds(groups, double=season.double_round_robin)
    # Seeds come from the season's seed and the fixture's place in the
    # schedule, never from database ids: two identical leagues given the
    # same season seed play the same season.
    matches = [
        Match(
            season=season,
            round=number,
            home_id=home,
            away_id=away,
            seed=match_seed(season.seed, number, index),
        )
        for number, pairings in enumerate(rounds, start=1)
        for index, (home, away) in enumerate(pairings)
    ]
    Match.objects.bulk_create(matches)
    season.status = Season.Status.SCHEDULED
    season.save(update_fields=["status"])
    league_cache_bump(season.league_id)
    webhooks_announce(season.league_id, partial(season_news, season))
    scheduled = list(season.matches.order_by("round", "id"))
    season_scheduled_notify(season, scheduled)
    return scheduled


def playoff_winner(match: Match) -> int:
    """Who goes through: the winner, with extra time and sudden death for a
    playoff that was level (the engine plays them; a report of a level
    playoff stores its roll-offs, and a card format's level playoff rolls
    them: :func:`matches.postgame.results.card_playoff_sudden_death`). A
    result without a winner (none is left to make one) sends the home
    team, the higher seed, through."""
    side = match.result.winner_side(match.home_id)
    return match.away_id if side == "away" else match.home_id


def playoff_loser(match: Match) -> int:
    """The team a complete playoff ``match`` knocked out (or, in the
    third-place match, placed 4th)."""
    winner = playoff_winner(match)
    return match.away_id if winner == match.home_id else match.home_id


@transaction.atomic
def season_schedule_playoffs(*, season_id: int) -> list[Match]:
    """The next playoff round: the first is seeded from the final league
    standings (1 v N, 2 v N-1, byes to the top seeds; in a season with
    divisions, each division's best go through: :func:`playoff_seeds`);
    each later one pairs the teams still in, in bracket order. The final
    comes with the third-place match between the semi-finals' two losers,
    the higher seed at home (none when the semi-finals leave one loser: a
    bracket of two or three). Returns the new round's matches, the final
    first."""
    from matches.seasons.selectors import season_division_standings, season_standings

    season = Season.objects.select_for_update().get(pk=season_id)
    if not season.playoff_teams:
        raise ServiceError.one("no_playoffs", None, f"{season} has no playoffs")
    league_matches = season.matches.filter(stage=Match.Stage.LEAGUE)
    if not league_matches.exists():
        # no league stage yet: its standings would seed a bracket from
        # nobody's results
        raise ServiceError.one(
            "not_scheduled", None, "schedule and play the league matches first"
        )
    if league_matches.exclude(status=Match.Status.COMPLETE).exists():
        raise ServiceError.one(
            "league_unfinished", None, "finish the league matches first"
        )
    divisions = (
        [
            [r.team_id for r in rows]
            for rows in season_division_standings(season).values()
        ]
        if season.divisions
        else []
    )
    seeded = playoff_seeds(
        [row.team_id for row in season_standings(season)],
        divisions,
        season.playoff_teams,
    )
    first_round, byes = playoff_round(seeded)
    played = list(
        season.matches.filter(stage=Match.Stage.PLAYOFF)
        .select_related("result")
        .order_by("round", "id")
    )
    third_place: Pairing | None = None
    if not played:
        number, pairings = 1, first_round
    else:
        number = played[-1].round
        last = [m for m in played if m.round == number]
        if any(m.status != Match.Status.COMPLETE for m in last):
            raise ServiceError.one(
                "round_unfinished", None, "finish this playoff round first"
            )
        # the third-place match is nobody's way on to the next round
        bracket = [m for m in last if not m.third_place]
        advancing = [playoff_winner(m) for m in bracket]
        if number == 1:
            advancing = byes + advancing
        if len(advancing) < 2:
            raise ServiceError.one("playoffs_over", None, "the final has been played")
        number, pairings = number + 1, next_playoff_round(advancing)
        if len(pairings) == 1:
            third_place = third_place_pairing(
                [playoff_loser(m) for m in bracket], seeded
            )
    # each match's seed from its place in the bracket (the third-place
    # match's its own), never from database ids
    games: list[tuple[Pairing, object]] = [
        (pairing, index) for index, pairing in enumerate(pairings)
    ]
    if third_place is not None:
        games.append((third_place, "third place"))
    matches = [
        Match(
            season=season,
            stage=Match.Stage.PLAYOFF,
            round=number,
            home_id=home,
            away_id=away,
            third_place=key == "third place",
            seed=match_seed(season.seed, "playoff", number, key),
        )
        for (home, away), key in games
    ]
    Match.objects.bulk_create(matches)
    league_cache_bump(season.league_id)
    return list(
        season.matches.filter(stage=Match.Stage.PLAYOFF, round=number).order_by(
            "third_place", "id"
        )
    )


@transaction.atomic
def match_postpone(*, match_id: int, to_round: int | None = None) -> Match:
    """Postpone a match: move it to ``to_round`` (default: a new round after
    the last), remembering the date it had (``postponed_from_date``).
    Refused when either team already plays in that round, and
    (``pregame_started``) for a match with inducements bought: moving it
    alone would keep them, the gold paid and both rosters locked for a
    later round. The commissioner's postponement
    (:func:`matches.commissioner.actions.match_postpone_audited`) undoes
    that pre-game first."""
    match = Match.objects.select_for_update().get(pk=match_id)
    if match.status != Match.Status.SCHEDULED:
        raise ServiceError.one("not_scheduled", None, "only a scheduled match can move")
    if MatchInducements.objects.filter(match=match).exists():
        raise ServiceError.one(
            "pregame_started",
            None,
            "inducements have been bought for this match: its pre-game is "
            "undone when the commissioner postpones it",
        )
    if match.stage == Match.Stage.PLAYOFF:
        # a playoff round is its place in the bracket: moving it would make
        # a semi-final the final
        raise ServiceError.one(
            "playoff_match", None, "a playoff match keeps its round in the bracket"
        )
    siblings = Match.objects.filter(season=match.season, stage=match.stage)
    if to_round is None:
        to_round = (siblings.aggregate(m=Max("round"))["m"] or 0) + 1
    elif to_round <= match.round:
        raise ServiceError.one(
            "not_later",
            "round",
            f"a postponed match moves to a round after its round {match.round}",
        )
    elif to_round > MAX_ROUND:
        raise ServiceError.one(
            "out_of_range", "round", f"a season has at most {MAX_ROUND} rounds"
        )
    busy = (
        siblings.filter(round=to_round)
        .exclude(pk=match.pk)
        .filter(
            Q(home__in=[match.home_id, match.away_id])
            | Q(away__in=[match.home_id, match.away_id])
        )
    )
    if busy.exists():
        raise ServiceError.one(
            "team_busy",
            "round",
            f"a team of this match already plays in round {to_round}",
        )
    # A subscribed calendar keeps the match on the last date it had until
    # its new round is dated (matches/calendar/selectors.py): a match whose
    # round had no date keeps the date it had before, if any.
    dated = (
        RoundSchedule.objects.filter(
            season_id=match.season_id, stage=match.stage, round=match.round
        )
        .values_list("date", flat=True)
        .first()
    )
    if dated is not None:
        match.postponed_from_date = dated
    match.round = to_round
    match.postponed = True
    match.save(
        update_fields=["round", "postponed", "postponed_from_date", "updated_at"]
    )
    league_cache_bump(match.season.league_id)
    return match


def season_matches_for_user(season: Season, user: AbstractBaseUser) -> bool:
    return bool(season.league.commissioner_id == user.pk)
