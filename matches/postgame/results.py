"""Saving a match's one result, for recorded and resolved matches alike.

Casualties are stored with their dice, never only their outcome: the dice a
coach entered, the dice the engine rolled, or dice the server rolled (from
the match's seed) where none were given. The post-game Injuries step
re-reads the outcome from those dice.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import partial
from typing import Any, NotRequired, TypedDict

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction

from engine.facade import (
    INJURY_TABLE,
    CasualtyOutcome,
    InjuryResult,
    RandomDice,
    SeededRoller,
    badly_hurt,
    casualty_from_injury,
    casualty_from_roll,
    injury_result,
    roll_casualty,
    sudden_death,
    sudden_death_from_rolls,
)
from league.errors import ServiceError
from league.models import Team
from league.page_cache import league_cache_bump
from league.rules import settings_rules
from matches.models import Match, MatchResult
from matches.queue import postgame_queue
from matches.seasons.casualties import result_casualties_caused
from matches.seasons.services import match_seed
from matches.webhooks.news import result_news, round_news
from matches.webhooks.services import webhooks_announce

STAT_KEYS = (
    "touchdowns",
    "completions",
    "casualties_inflicted",
    "interceptions",
    "deflections",
    "successful_landings",
)


class CasualtyEntry(TypedDict):
    """``spp``: the engine credited ``inflicted_by`` with the casualty (a
    Block's, or one a skill credits); absent from a recorded match's
    entries and from those the engine played before it was stored
    (:func:`matches.seasons.casualties.casualties_caused`)."""

    player_id: int
    team_id: int
    inflicted_by: int | None
    spp: NotRequired[bool]
    table: str
    casualty_roll: int | None
    lasting_roll: int | None
    result: str
    regenerated: bool
    apothecary_used: bool


class HiredCasualty(TypedDict):
    """A casualty suffered by a player hired for the match alone (a Star
    Player, a mercenary, Josef Bugman). The post-game applies nothing to
    him: he leaves after the game, and a Star Player's casualty is waived
    (inducements_in_detail.md "0-2 Star Players"). It is still a casualty
    the other team caused, and the player who caused it earns its SPP.

    ``player_id``: his engine id (a resolved match); ``star_player``: his
    slug (a Star Player in a recorded match, which names him so)."""

    team_id: int  # the team that hired him
    player_id: int | None
    star_player: str | None
    inflicted_by: int | None
    spp: NotRequired[bool]  # as CasualtyEntry's


class _ReplayThenSeeded:
    """Dice that first give back the rolls already made (entered by a coach
    or rolled by the engine), then roll new ones from a seed; ``taken`` keeps
    every value handed out."""

    def __init__(self, given: Sequence[int], seed: int) -> None:
        self._given = list(given)
        self._seeded = SeededRoller(seed)
        self.taken: list[int] = []

    @property
    def unused(self) -> int:
        return len(self._given)

    def d(self, n: int, purpose: str) -> int:
        if self._given:
            value = self._given.pop(0)
            if not 1 <= value <= n:
                raise ValueError(f"{value} cannot be rolled on a D{n} ({purpose})")
        else:
            value = self._seeded.d(n, purpose)
        self.taken.append(value)
        return value


def casualty_roll_modifier(player: Mapping[str, Any]) -> int:
    """What a roster-snapshot player's skills add to Casualty rolls against
    him, as the match engine adds them: Decay +1 (skills_and_traits.md
    "Decay")."""
    return 1 if any(skill == "decay" for skill, _ in player["skills"]) else 0


def casualty_outcome(
    entry: CasualtyEntry, *, niggling: int, modifier: int = 0
) -> CasualtyOutcome:
    """The outcome the stored dice give on the stored table (``modifier``:
    :func:`casualty_roll_modifier`)."""
    if entry["casualty_roll"] is not None and entry["table"] != INJURY_TABLE:
        return casualty_from_roll(
            entry["table"],
            entry["casualty_roll"],
            entry["lasting_roll"],
            niggling=niggling,
            modifier=modifier,
        )
    if entry["result"] in ("seriously_hurt", "dead"):
        # A result the match gave without a casualty roll (the Sevens Injury
        # table's 11 and 12) keeps its severity whatever the league's table.
        outcome = casualty_from_injury(
            InjuryResult(entry["result"]),
            INJURY_TABLE,
            SeededRoller(0),
            niggling=niggling,
        )
        assert outcome is not None
        return outcome
    return badly_hurt(entry["table"])


def casualty_entry(
    *,
    match: Match,
    index: int,
    player_id: int,
    team_id: int,
    table: str,
    niggling: int,
    modifier: int = 0,
    inflicted_by: int | None = None,
    casualty_roll: int | None = None,
    lasting_roll: int | None = None,
    result: str | None = None,
    regenerated: bool = False,
    apothecary_used: bool = False,
    spp: bool | None = None,
) -> CasualtyEntry:
    """A casualty with complete dice (``spp``: see :class:`CasualtyEntry`;
    None leaves it out).

    Decision: a result that came without a casualty roll (the Sevens Injury
    table's Badly Hurt / Seriously Hurt / DEAD, or the Stunty table's Badly
    Hurt, rolled in the match) stands as it is. Otherwise the league's table
    is rolled: first with the dice given (entered by a coach, or rolled by
    the engine on that same table), then with dice from the match's seed for
    whatever is missing, so the stored record alone decides the outcome.
    """
    if lasting_roll is not None and casualty_roll is None:
        raise ServiceError.one(
            "invalid_dice",
            f"casualties.{index}",
            "a lasting-injury roll needs the casualty roll it follows",
        )
    if not (result is not None and casualty_roll is None):
        given = [r for r in (casualty_roll, lasting_roll) if r is not None]
        roller = _ReplayThenSeeded(given, match_seed(match.seed, "casualty", index))
        try:
            outcome = roll_casualty(table, roller, niggling=niggling, modifier=modifier)
        except (ValueError, RuntimeError) as exc:  # an impossible die entered
            raise ServiceError.one(
                "invalid_dice", f"casualties.{index}", str(exc)
            ) from None
        if roller.unused:
            raise ServiceError.one(
                "invalid_dice",
                f"casualties.{index}",
                "a lasting-injury roll was not needed",
            )
        casualty_roll = roller.taken[0]
        lasting_roll = roller.taken[1] if len(roller.taken) > 1 else None
        result = outcome.result.value
    entry = CasualtyEntry(
        player_id=player_id,
        team_id=team_id,
        inflicted_by=inflicted_by,
        table=table,
        casualty_roll=casualty_roll,
        lasting_roll=lasting_roll,
        result=result,
        regenerated=regenerated,
        apothecary_used=apothecary_used,
    )
    if spp is not None:
        entry["spp"] = spp
    return entry


def injury_table_casualty(
    *,
    match: Match,
    index: int,
    player_id: int,
    team_id: int,
    stunty: bool,
    inflicted_by: int | None = None,
    injury_roll: int | None = None,
    lasting_roll: int | None = None,
) -> CasualtyEntry:
    """A casualty in a format whose Injury table gives it (Sevens:
    blood_bowl_sevens.md "The Injury Table", 10 Badly Hurt, 11 Seriously
    Hurt, 12 DEAD; Stunty 9-10 Badly Hurt): no Casualty table is rolled.
    ``injury_roll`` is the 2D6 Injury roll made at the table; none given,
    the server rolls the 2D6 from the match's seed until it gives a
    casualty. Stored as ``casualty_roll`` on the ``sevens`` table, with
    the result it gave."""
    fmt = settings_rules(match.season.settings).variant
    results = {
        total: injury_result(total, stunty=stunty, ruleset=fmt)
        for total in range(2, 13)
    }
    casualties = {
        t: r
        for t, r in results.items()
        if r
        in (InjuryResult.BADLY_HURT, InjuryResult.SERIOUSLY_HURT, InjuryResult.DEAD)
    }
    where = f"casualties.{index}"
    if lasting_roll is not None:
        raise ServiceError.one(
            "invalid_dice", where, f"{fmt.label} has no Lasting Injury table"
        )
    if injury_roll is None:
        roller = SeededRoller(match_seed(match.seed, "casualty", index))
        while injury_roll not in casualties:
            injury_roll = roller.d(6, "injury") + roller.d(6, "injury")
    elif injury_roll not in casualties:
        raise ServiceError.one(
            "invalid_dice",
            where,
            f"an Injury roll of {injury_roll} is no casualty on the {fmt.label} "
            f"Injury table ({min(casualties)}-{max(casualties)})",
        )
    return CasualtyEntry(
        player_id=player_id,
        team_id=team_id,
        inflicted_by=inflicted_by,
        table=INJURY_TABLE,
        casualty_roll=injury_roll,
        lasting_roll=None,
        result=casualties[injury_roll].value,
        regenerated=False,
        apothecary_used=False,
    )


def card_playoff_sudden_death(
    match: Match, home_points: int, away_points: int
) -> dict[str, Any] | None:
    """The sudden death a card format's playoff (Blitz Bowl) level on points
    needs, rolled by the server from the match's seed; None for a league
    match or a playoff won on points.

    Decision: Blitz Bowl's "If the game ends with both teams having the
    same number of points, the game is a draw!" gives a playoff no winner,
    and the game has no extra time (it ends when the Challenge deck runs
    out); a level playoff is settled as Blood Bowl's is after extra time,
    by "Sudden Death": "both coaches roll-off five times, each rolling a D6
    and re-rolling ties. The coach who wins the most roll-offs wins the
    game" (the_rules_of_blood_bowl.md), as a commissioner's override that
    levels a playoff is, rather than sending the home team through."""
    if match.stage != Match.Stage.PLAYOFF or home_points != away_points:
        return None
    return sudden_death_record(match, None)


def sudden_death_record(
    match: Match, rolls: Sequence[Sequence[int]] | None
) -> dict[str, Any]:
    """A level playoff's sudden death: the throws rolled at the table when
    given (checked: five settled roll-offs, ties re-rolled), otherwise rolled
    by the server from the match's seed. Stored as dice, like casualties."""
    if rolls is not None:
        try:
            sd = sudden_death_from_rolls(rolls)
        except (ValueError, TypeError) as exc:
            raise ServiceError.one("invalid_dice", "sudden_death", str(exc)) from None
    else:
        sd = sudden_death(RandomDice(match_seed(match.seed, "sudden_death")))
    return {
        "rolls": [list(r) for r in sd.rolls],
        "home_wins": sd.home_wins,
        "away_wins": sd.away_wins,
        "winner": sd.winner_side,
    }


@transaction.atomic
def match_result_save(
    *,
    match: Match,
    mode: str,
    home_score: int,
    away_score: int,
    fan_factors: tuple[int, int],
    player_stats: dict[str, dict[str, int]],
    casualties: Iterable[CasualtyEntry],
    conceded_by: Team | None,
    summary: dict[str, Any],
    submitted_by: AbstractBaseUser | None,
    extra_time: bool = False,
    sudden_death: dict[str, Any] | None = None,
    hired_casualties: Iterable[HiredCasualty] = (),
) -> MatchResult:
    """Write the result, move the match to *played* and start its post-game
    once the transaction commits. A second result for the same match is
    refused (and the database would refuse it too).

    Each team's casualties caused count every casualty the other team's
    players suffered, the players that team hired for the match included
    (``hired_casualties``: no injury is applied to them), and those its
    victims regenerated from (the engine's, in ``summary``)."""
    casualties = list(casualties)
    hired = list(hired_casualties)
    caused = result_casualties_caused(
        home_id=match.home_id,
        away_id=match.away_id,
        recorded=mode == Match.Mode.RECORDED,
        casualties=casualties,
        hired=hired,
        player_stats=player_stats,
        summary=summary,
    )
    try:
        with transaction.atomic():
            result = MatchResult.objects.create(
                match=match,
                mode=mode,
                home_score=home_score,
                away_score=away_score,
                home_fan_factor=fan_factors[0],
                away_fan_factor=fan_factors[1],
                conceded_by=conceded_by,
                player_stats=player_stats,
                casualties=casualties,
                hired_casualties=hired,
                home_casualties=caused.home,
                away_casualties=caused.away,
                summary=summary,
                extra_time=extra_time,
                sudden_death=sudden_death or {},
                submitted_by=submitted_by
                if submitted_by is not None and submitted_by.is_authenticated
                else None,
            )
    except IntegrityError:
        # Only the one-result-per-match constraint means "already reported";
        # anything else is a real error and must not be disguised.
        if MatchResult.objects.filter(match=match).exists():
            raise ServiceError.one(
                "already_reported", None, "this match has a result"
            ) from None
        raise
    match.status = Match.Status.PLAYED
    match.mode = mode
    match.postgame_step = settings_rules(match.season.settings).variant.postgame_steps[
        0
    ]
    match.save(update_fields=["status", "mode", "postgame_step", "updated_at"])
    league_cache_bump(match.season.league_id)
    postgame_queue([match.pk])
    webhooks_announce(
        match.season.league_id,
        partial(result_news, match, result),
        partial(round_news, match),
    )
    return result
