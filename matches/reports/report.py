"""Recording a tabletop match: the report a coach types in afterwards."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from engine.facade import FAN_FACTOR, SeededRoller, Violation
from league.errors import ServiceError
from league.rules import settings_rules
from league.services.journeymen import team_take_plague_rotter
from league.services.teams import team_qs_for_update
from matches.events import match_events_append
from matches.models import Match, MatchResult, ReportSubmission
from matches.postgame.results import (
    STAT_KEYS,
    CasualtyEntry,
    HiredCasualty,
    casualty_entry,
    casualty_roll_modifier,
    match_result_save,
    sudden_death_record,
)
from matches.prematch.inducements import match_fielded_stars
from matches.prematch.kickoff import (
    match_kick_off,
    match_lock_for_report,
    match_snapshots,
)
from matches.reports.confirmation import (
    confirmation_needed,
    submission_open,
    submission_supersede,
)
from matches.reports.plague import plague_rotter_teams, plague_violations
from matches.reports.roles import (
    mvp_dead_violations,
    role_summary,
    role_violations,
)
from matches.seasons.services import match_seed


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """What one player did: touchdowns, completions, interceptions,
    deflections, casualties inflicted, successful landings. The player is a
    rostered player (``player_id``) or an induced Star Player the team
    fielded (``star_player``: the player's slug, e.g. "grak")."""

    player_id: int | None = None
    touchdowns: int = 0
    completions: int = 0
    interceptions: int = 0
    deflections: int = 0
    casualties_inflicted: int = 0
    successful_landings: int = 0
    star_player: str | None = None


@dataclass(frozen=True, slots=True)
class CasualtyLine:
    """A casualty suffered, with the dice rolled at the table if entered.
    A Star Player may be the victim (``star_player``; the result is waived
    after the game) or the one who caused it (``inflicted_by_star``).
    ``plague_ridden``: the killer's Plague Ridden took the victim, and his
    team gains a Rotter (:mod:`matches.reports.plague`)."""

    player_id: int | None = None
    casualty_roll: int | None = None
    lasting_roll: int | None = None
    inflicted_by: int | None = None
    star_player: str | None = None
    inflicted_by_star: str | None = None
    plague_ridden: bool = False


@dataclass(frozen=True, slots=True)
class Report:
    home_score: int
    away_score: int
    players: Sequence[PlayerLine] = ()
    casualties: Sequence[CasualtyLine] = ()
    conceded_by: int | None = None
    fan_factor_rolls: tuple[int, int] | None = None  # the two D3s, if entered
    # A level playoff's sudden-death throws [home, away], if rolled at the
    # table; the server rolls them when a level playoff comes without.
    sudden_death: Sequence[Sequence[int]] | None = None
    notes: str = ""
    extra: dict[str, object] = field(default_factory=dict)
    # Player ids (matches/reports/roles.py): the MVP the table
    # picked for a team (none named: the server draws), and the players
    # knocked out or sent off during the game.
    mvps: Sequence[int] = ()
    knocked_out: Sequence[int] = ()
    sent_off: Sequence[int] = ()
    # (home, away): how many Gather Funds actions each team took in the
    # Treasure Room (a format whose variant ``gathers_funds``: Dungeon Bowl).
    gather_funds: tuple[int, int] | None = None


# A Dungeon Bowl game is short (it ends at the first touchdown). Decision:
# at most 16 Gather Funds actions per team, a bound on what a report may
# claim (the rules set no limit a team turn); more than 5 pays no more
# (set-up.md "The Treasure-Room").
MAX_GATHER_FUNDS = 16


def _format_violations(match: Match, report: Report) -> list[Violation]:
    """What the match's format refuses in a report: its score rules (a
    Dungeon Bowl game has at most one touchdown), Fan Factor dice where its
    games have no Fan Factor, and a Gather Funds count where the format has
    none, or out of range."""
    rules = settings_rules(match.season.settings)
    variant = rules.variant
    errors: list[Violation] = []
    if report.home_score >= 0 and report.away_score >= 0:
        errors += variant.score_violations(
            report.home_score,
            report.away_score,
            conceded=report.conceded_by is not None,
            time_limit=rules.time_limit,
        )
    if report.fan_factor_rolls is not None and FAN_FACTOR not in variant.match_fields:
        errors.append(
            Violation(
                "not_in_format",
                "fan_factor_rolls",
                f"a {variant.label} game has no Fan Factor",
            )
        )
    if report.gather_funds is not None:
        if not variant.gathers_funds:
            errors.append(
                Violation(
                    "not_in_format",
                    "gather_funds",
                    f"{variant.label} has no Treasure Room to gather funds in",
                )
            )
        elif len(report.gather_funds) != 2 or not all(
            0 <= n <= MAX_GATHER_FUNDS for n in report.gather_funds
        ):
            errors.append(
                Violation(
                    "invalid_count",
                    "gather_funds",
                    f"each team's Gather Funds count is 0 to {MAX_GATHER_FUNDS}",
                )
            )
    return errors


def team_turns(match: Match) -> int:
    """The team turns each team has in ``match``: two halves of the
    ruleset's turns (8 in Blood Bowl, 6 in Sevens); a playoff may add a
    period of extra time of as many turns again (engine/rules/extra_time.py)."""
    variant = settings_rules(match.season.settings).variant
    halves = 3 if match.stage == Match.Stage.PLAYOFF else 2
    return variant.turns_per_half * halves


# What one game can produce, per player and per team, in team turns.
#
# Decision: the limits follow the once-per-team-turn actions
# (the_rules_of_blood_bowl.md "Pass actions", "Throw Team-mate actions"):
# - a completion needs the team's Pass action, a successful landing its
#   Throw Team-mate action, and a team may not perform both in one team
#   turn: each team's completions plus landings are at most its team turns;
# - an interception is a deflection caught, and only one player may
#   interfere with a pass: each team's interceptions plus deflections are at
#   most the opposing team's Pass actions, so its team turns again.
# Each player's count is bounded the same way. Dump-off's Quick Pass, thrown
# in the opponent's turn, is the one way past these limits; a team passing
# in every turn and dumping off on top is not a game anyone reports, so it is
# not allowed for. Casualties inflicted have no such bound (a defender earns
# them in the opponent's turn too, and a regenerated victim may come back to
# be hurt again); the casualty list is checked for who hurt whom instead.
STAT_LIMITS: dict[str, tuple[str, str]] = {
    # stat: (team budget it shares, why)
    "completions": ("passes", "one Pass or Throw Team-mate action per team turn"),
    "successful_landings": (
        "passes",
        "one Pass or Throw Team-mate action per team turn",
    ),
    "interceptions": ("interference", "one pass to interfere with per opposing turn"),
    "deflections": ("interference", "one pass to interfere with per opposing turn"),
}


def _stat_violations(
    report: Report, team_of: dict[int | str, int], turns: int
) -> list[Violation]:
    """Counts one game cannot produce (see ``STAT_LIMITS``), each named by
    the line that breaks the limit: the player's own count, or the line
    that takes the team past it."""
    errors: list[Violation] = []
    used: dict[tuple[int, str], int] = defaultdict(int)
    reported: set[tuple[int, str]] = set()
    for i, line in enumerate(report.players):
        team = team_of.get(_who(line.player_id, line.star_player))
        for key, (budget, why) in STAT_LIMITS.items():
            value = getattr(line, key)
            where = f"players.{i}.{key}"
            label = key.replace("_", " ")
            if value > turns:
                errors.append(
                    Violation(
                        "implausible_stat",
                        where,
                        f"at most {turns} {label} for a player in this match "
                        f"({turns} team turns, {why})",
                    )
                )
                continue
            if team is None or value <= 0:
                continue
            used[team, budget] += value
            if used[team, budget] > turns and (team, budget) not in reported:
                reported.add((team, budget))
                errors.append(
                    Violation(
                        "implausible_stat",
                        where,
                        f"this takes the team past {turns} "
                        + (
                            "completions and successful landings"
                            if budget == "passes"
                            else "interceptions and deflections"
                        )
                        + f" in {turns} team turns ({why})",
                    )
                )
    return errors


def _who(player_id: int | None, star: str | None) -> int | str:
    """A report line's player: a rostered player's id, or a star's slug
    (which can never equal an id)."""
    return player_id if player_id is not None else f"star:{star}"


def _one_player(
    player_id: int | None, star: str | None, where: str
) -> Violation | None:
    if (player_id is None) == (star is None):
        return Violation(
            "one_player",
            where,
            "name either a rostered player (player_id) or a Star Player "
            "(star_player), not both",
        )
    return None


def _check(
    match: Match,
    report: Report,
    snapshots: dict[int, dict[str, object]],
    stars: dict[str, int],
) -> None:
    """Every rule a report must satisfy; raises with every violation found.
    ``stars``: the Star Players each team fielded (player slug -> team)."""
    errors: list[Violation] = []
    for fld in ("home_score", "away_score"):
        if getattr(report, fld) < 0:
            errors.append(Violation("min_value", fld, "a score cannot be negative"))
    for i, line in enumerate(report.players):
        for key in STAT_KEYS:
            if getattr(line, key) < 0:
                errors.append(
                    Violation(
                        "min_value", f"players.{i}.{key}", "counts cannot be negative"
                    )
                )
    team_of: dict[int | str, int] = {}
    available: set[int | str] = set()
    for team_id, snap in snapshots.items():
        for p in snap["players"]:  # type: ignore[attr-defined]
            team_of[p["id"]] = team_id
            if p["available"]:
                available.add(p["id"])
    for slug, team_id in stars.items():
        team_of[_who(None, slug)] = team_id
        available.add(_who(None, slug))
    touchdowns: dict[int, int] = defaultdict(int)
    seen: set[int | str] = set()
    for i, line in enumerate(report.players):
        where = f"players.{i}.player_id"
        who = _who(line.player_id, line.star_player)
        both = _one_player(line.player_id, line.star_player, where)
        if both is not None:
            errors.append(both)
            continue
        if line.star_player is not None and who not in team_of:
            errors.append(
                Violation(
                    "unknown_star_player",
                    f"players.{i}.star_player",
                    "not a Star Player either team fielded in this match",
                )
            )
            continue
        if who not in team_of:
            errors.append(
                Violation("unknown_player", where, "not a player of either team")
            )
            continue
        if who not in available:
            errors.append(
                Violation(
                    "player_unavailable", where, "that player could not play this match"
                )
            )
        if who in seen:
            errors.append(Violation("duplicate", where, "one line per player"))
        seen.add(who)
        touchdowns[team_of[who]] += line.touchdowns
    errors += _stat_violations(report, team_of, team_turns(match))
    # Decision: a player is a casualty at most once in a match. A casualty
    # is removed from play; one back from the Reserves box (Regeneration, or
    # Badly Hurt after the apothecary) is reported once, with the casualty
    # that stands, which is the one the post-game applies.
    hurt: set[int | str] = set()
    for i, cas in enumerate(report.casualties):
        victim = _who(cas.player_id, cas.star_player)
        both = _one_player(cas.player_id, cas.star_player, f"casualties.{i}.player_id")
        if both is not None:
            errors.append(both)
            continue
        if cas.inflicted_by is not None and cas.inflicted_by_star is not None:
            errors.append(
                Violation(
                    "one_player",
                    f"casualties.{i}.inflicted_by",
                    "name one player who caused it, not two",
                )
            )
            continue
        if victim not in available:
            errors.append(
                Violation(
                    "unknown_star_player" if cas.star_player else "unknown_player",
                    f"casualties.{i}."
                    + ("star_player" if cas.star_player else "player_id"),
                    "a casualty must be a player who took part",
                )
            )
        elif victim in hurt:
            errors.append(
                Violation(
                    "duplicate_casualty",
                    f"casualties.{i}.player_id",
                    "that player is already listed as a casualty of this match",
                )
            )
        hurt.add(victim)
        attacker: int | str | None = None
        if cas.inflicted_by is not None or cas.inflicted_by_star is not None:
            attacker = _who(cas.inflicted_by, cas.inflicted_by_star)
        if attacker is not None and attacker not in available:
            errors.append(
                Violation(
                    "unknown_star_player"
                    if cas.inflicted_by_star
                    else "unknown_player",
                    f"casualties.{i}."
                    + (
                        "inflicted_by_star" if cas.inflicted_by_star else "inflicted_by"
                    ),
                    "unknown player",
                )
            )
        elif (
            attacker is not None
            and victim in team_of
            and team_of[attacker] == team_of[victim]
        ):
            # Decision: ``inflicted_by`` names the opposition player whose
            # Block (or Foul) caused the casualty; only a casualty of an
            # opposition player earns SPP (post-game_sequence.md "Casualty
            # (CAS)"). A team-mate's bomb or Ball & Chain, like the crowd,
            # is reported without ``inflicted_by``.
            errors.append(
                Violation(
                    "own_team_casualty",
                    f"casualties.{i}."
                    + (
                        "inflicted_by_star" if cas.inflicted_by_star else "inflicted_by"
                    ),
                    "a casualty is inflicted by a player of the other team",
                )
            )
    for team_id, score, fld in (
        (match.home_id, report.home_score, "home_score"),
        (match.away_id, report.away_score, "away_score"),
    ):
        if score < 0:
            continue  # refused as such above
        if touchdowns[team_id] > score:
            # Even in a conceded game: touchdowns awarded for a concession
            # are allocated to players, never added to them.
            errors.append(
                Violation(
                    "touchdowns_exceed_score",
                    fld,
                    f"the players' touchdowns add up to {touchdowns[team_id]}, "
                    f"more than the score of {score}",
                )
            )
        elif touchdowns[team_id] != score and report.conceded_by is None:
            errors.append(
                Violation(
                    "score_mismatch",
                    fld,
                    f"the players' touchdowns add up to {touchdowns[team_id]}, not {score}",
                )
            )
    if report.conceded_by not in (None, match.home_id, match.away_id):
        errors.append(
            Violation("unknown_team", "conceded_by", "not a team of this match")
        )
    if report.fan_factor_rolls and not all(
        1 <= r <= 3 for r in report.fan_factor_rolls
    ):
        errors.append(
            Violation("invalid_dice", "fan_factor_rolls", "each is a D3: 1 to 3")
        )
    if report.sudden_death is not None and not _needs_sudden_death(match, report):
        errors.append(
            Violation(
                "not_needed",
                "sudden_death",
                "only a playoff that ends level goes to sudden death",
            )
        )
    errors += _format_violations(match, report)
    errors += plague_violations(match, report, snapshots, stars)
    errors += role_violations(
        mvps=report.mvps,
        knocked_out=report.knocked_out,
        sent_off=report.sent_off,
        snapshots=snapshots,
        conceded_by=report.conceded_by,
    )
    if errors:
        raise ServiceError(errors)


def _needs_sudden_death(match: Match, report: Report) -> bool:
    """A playoff needs a winner: level at the end (extra time included, as
    played at the table) and not conceded means sudden death decided it."""
    return (
        match.stage == Match.Stage.PLAYOFF
        and report.home_score == report.away_score
        and report.conceded_by is None
    )


def _gather_funds_summary(match: Match, report: Report) -> dict[str, object]:
    """``{"gather_funds": {team id: count}}`` for a format with a Treasure
    Room (none given: 0 each), else nothing."""
    if not settings_rules(match.season.settings).variant.gathers_funds:
        return {}
    home, away = report.gather_funds or (0, 0)
    return {"gather_funds": {str(match.home_id): home, str(match.away_id): away}}


def _fan_factors(
    match: Match,
    report: Report,
    home: dict[str, object],
    away: dict[str, object],
) -> tuple[tuple[int, ...], tuple[int, int]]:
    """Each team's Fan Factor, its Dedicated Fans + a D3 (the D3s as the
    report gives them, or rolled from the match's seed), with the D3s. A
    format whose games have none (Dungeon Bowl) rolls nothing: (), (0, 0)."""
    if FAN_FACTOR not in settings_rules(match.season.settings).variant.match_fields:
        return (), (0, 0)
    if report.fan_factor_rolls:
        d3 = tuple(report.fan_factor_rolls)
    else:
        roller = SeededRoller(match_seed(match.seed, "fan_factor"))
        d3 = (roller.d(3, "fan_factor_home"), roller.d(3, "fan_factor_away"))
    fans = (int(home["dedicated_fans"]), int(away["dedicated_fans"]))  # type: ignore[call-overload]
    return d3, (fans[0] + d3[0], fans[1] + d3[1])


def report_casualties(
    match: Match, report: Report, snapshots: dict[int, dict[str, Any]]
) -> list[CasualtyEntry]:
    """The report's casualties of rostered players with complete dice: the
    dice the report gives, the rest rolled from the match's seed, so the
    same report always gives the same casualties (what the post-game
    applies, and what the other coach is shown before confirming)."""
    players = {p["id"]: (tid, p) for tid, s in snapshots.items() for p in s["players"]}
    table = str(match.season.settings["casualty_table"])
    # A Star Player's casualty is waived after the game, and one he causes
    # earns no SPP (inducements_in_detail.md "0-2 Star Players"): neither is
    # a casualty entry; both are in the report's events.
    return [
        casualty_entry(
            match=match,
            index=i,
            player_id=cas.player_id,
            team_id=players[cas.player_id][0],
            table=table,
            niggling=players[cas.player_id][1]["niggling"],
            modifier=casualty_roll_modifier(players[cas.player_id][1]),
            inflicted_by=cas.inflicted_by,
            casualty_roll=cas.casualty_roll,
            lasting_roll=cas.lasting_roll,
        )
        for i, cas in enumerate(report.casualties)
        if cas.player_id is not None
    ]


@transaction.atomic
def match_submit_report(
    *, match_id: int, report: Report, actor: AbstractBaseUser, confirmed: bool = False
) -> MatchResult | ReportSubmission:
    """Record a tabletop match. Either coach or the commissioner may submit;
    the rosters are those frozen at kick-off (frozen now if the match was not
    started). The casualty table is rolled by the server where the report
    gives no dice; every roll is stored.

    In a league that asks for confirmation, a coach's report is checked in
    full and kept as a :class:`ReportSubmission` for the other coach
    (:mod:`matches.reports.confirmation`, which calls this again with
    ``confirmed`` once it stands); the commissioner's stands at once and
    replaces one still waiting."""
    match, teams = match_lock_for_report(match_id, actor)
    if settings_rules(match.season.settings).variant.drafts_team_card:
        raise ServiceError.one(
            "card_format",
            None,
            "a team-card format's match is reported with "
            "POST /api/matches/{id}/card-report/",
        )
    match = match_kick_off(match_id=match.pk)
    home_snap, away_snap = match_snapshots(match)
    snapshots = {match.home_id: home_snap, match.away_id: away_snap}
    stars = match_fielded_stars(match)
    if any(cas.plague_ridden for cas in report.casualties):
        # The roster room checked for a Rotter must still be there when he
        # joins.
        list(team_qs_for_update().filter(pk__in=list(teams)).order_by("pk"))
    _check(match, report, snapshots, stars)
    casualties = report_casualties(match, report, snapshots)
    # Whether a casualty killed is known once its dice are rolled.
    dead_mvps = mvp_dead_violations(report.mvps, casualties, snapshots)
    if dead_mvps:
        raise ServiceError(dead_mvps)
    roles = role_summary(
        report.mvps,
        report.knocked_out,
        report.sent_off,
        snapshots,
    )
    star_lines = [
        {"star_player": line.star_player, "team_id": stars[line.star_player]}
        | {k: getattr(line, k) for k in STAT_KEYS}
        for line in report.players
        if line.star_player is not None
    ]
    star_casualties = [
        {
            "star_player": cas.star_player,
            "player_id": cas.player_id,
            "inflicted_by": cas.inflicted_by,
            "inflicted_by_star": cas.inflicted_by_star,
            "plague_ridden": cas.plague_ridden,
        }
        for cas in report.casualties
        if cas.star_player is not None or cas.inflicted_by_star is not None
    ]
    # The casualties the Star Players suffered count as casualties caused
    # (waived after the game, they are in no casualty entry).
    hired_casualties = [
        HiredCasualty(
            team_id=stars[cas.star_player],
            player_id=None,
            star_player=cas.star_player,
            inflicted_by=cas.inflicted_by,
        )
        for cas in report.casualties
        if cas.star_player is not None
    ]
    d3, fan_factors = _fan_factors(match, report, home_snap, away_snap)
    stats = {  # Star Players earn no SPP: their lines are events only
        str(line.player_id): {k: getattr(line, k) for k in STAT_KEYS}
        for line in report.players
        if line.player_id is not None
    }
    conceded = teams.get(report.conceded_by) if report.conceded_by else None
    shoot_out = (
        sudden_death_record(match, report.sudden_death)
        if _needs_sudden_death(match, report)
        else {}
    )
    if not confirmed:
        if confirmation_needed(match, actor):
            return submission_open(match=match, report=report, actor=actor, teams=teams)
        submission_supersede(match, actor)
    result = match_result_save(
        match=match,
        mode=Match.Mode.RECORDED,
        home_score=report.home_score,
        away_score=report.away_score,
        fan_factors=fan_factors,
        player_stats=stats,
        casualties=casualties,
        conceded_by=conceded,
        summary={
            "notes": report.notes,
            "fan_factor_d3": list(d3),
            **roles,
            **_gather_funds_summary(match, report),
        },
        submitted_by=actor,
        # Level at the end of a playoff means extra time was played too.
        extra_time=bool(shoot_out),
        sudden_death=shoot_out,
        hired_casualties=hired_casualties,
    )
    match_events_append(
        match,
        [
            (
                "report",
                {
                    "home_score": report.home_score,
                    "away_score": report.away_score,
                    "submitted_by": actor.get_username(),
                    "notes": report.notes,
                    **roles,
                    **_gather_funds_summary(match, report),
                },
            ),
            *(
                [("fan_factor", {"d3": list(d3), "fan_factor": list(fan_factors)})]
                if d3
                else []
            ),
            *[
                ("report_player", {"player_id": int(pid), **line})
                for pid, line in stats.items()
            ],
            *[("report_star", line) for line in star_lines],
            *[("casualty_roll", dict(c)) for c in casualties],
            *[("star_casualty", line) for line in star_casualties],
            *([("sudden_death", shoot_out)] if shoot_out else []),
        ],
    )
    # As for a resolved match (matches/resolution/resolve.py): the Rotter
    # joins the team as a journeyman once the result stands.
    plague = []
    for team_id, cas in plague_rotter_teams(report, snapshots, stars):
        rotter = team_take_plague_rotter(
            team_qs_for_update().get(pk=team_id), match_id=match.pk
        )
        assert rotter is not None  # checked: the team is Favoured of Nurgle
        plague.append(
            (
                "plague_ridden",
                {
                    "team_id": team_id,
                    "player_id": cas.player_id,
                    "inflicted_by": cas.inflicted_by,
                    "inflicted_by_star": cas.inflicted_by_star,
                    "rotter_id": rotter.pk,
                },
            )
        )
    if plague:
        match_events_append(match, plague)
    return result
