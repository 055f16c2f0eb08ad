"""Every rule a tabletop report must satisfy, in one ordered place.

``REPORT_CHECKS`` runs the checks in the order of the match they look at:
the numbers (nothing negative), who played, what one game can produce,
the casualties, the score against the touchdowns, the concession, the Fan
Factor dice, sudden death, the format's own rules (its variant), Plague
Ridden, Masters of Undeath, the MVP, knocked-out and sent-off lists, the MVP nominations and
the Stalling line. Each returns what it refuses; :func:`report_check`
raises with every violation found, so a coach sees all of them at once. One check needs the casualty dice rolled first
(a dead MVP, a raised player who died): :func:`report_check_rolled`. The dice a coach entered are
checked as they are rolled, by the code a resolved match shares
(:func:`matches.postgame.results.casualty_entry` and ``sudden_death_record``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.facade import FAN_FACTOR, Violation, conceded_score
from league.errors import ServiceError
from league.rules import settings_rules
from matches.models import Match
from matches.postgame.results import STAT_KEYS, CasualtyEntry
from matches.postgame.scores import score_violations, team_turns
from matches.reports.lines import CasualtyLine, Report
from matches.reports.nominations import nomination_violations, stalling_violations
from matches.reports.plague import plague_violations
from matches.reports.roles import mvp_dead_violations, role_violations
from matches.reports.undeath import (
    raised_dead_rolled_violations,
    raised_dead_violations,
)

# A Dungeon Bowl game is short (it ends at the first touchdown). Decision:
# at most 16 Gather Funds actions per team, a bound on what a report may
# claim (the rules set no limit a team turn); more than 5 pays no more
# (set-up.md "The Treasure-Room").
MAX_GATHER_FUNDS = 16


def _format_violations(match: Match, report: Report) -> list[Violation]:
    """What the match's format refuses in a report: its score rules (a
    Dungeon Bowl game has at most one touchdown), Fan Factor dice where its
    games have no Fan Factor, a player's count of a feat its matches do not
    record (``player_stats``: BB2025 has no Deflection), and a Gather Funds
    count where the format has none, or out of range."""
    rules = settings_rules(match.season.settings)
    variant = rules.variant
    errors: list[Violation] = []
    if report.home_score >= 0 and report.away_score >= 0:
        errors += score_violations(
            match,
            report.home_score,
            report.away_score,
            conceded=report.conceded_by is not None,
        )
    if report.fan_factor_rolls is not None and FAN_FACTOR not in variant.match_fields:
        errors.append(
            Violation(
                "not_in_format",
                "fan_factor_rolls",
                f"a {variant.label} game has no Fan Factor",
            )
        )
    errors += [
        Violation(
            "not_in_format",
            f"players.{i}.{key}",
            f"a {variant.label} match records no {key.replace('_', ' ')}",
        )
        for i, line in enumerate(report.players)
        for key in STAT_KEYS
        if key not in variant.player_stats and getattr(line, key, 0)
    ]
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


# What one game can produce, per player and per team, in team turns.
#
# Decision: the limits follow the once-per-team-turn actions
# (the_rules_of_blood_bowl.md "Pass actions", "Throw Team-mate actions"):
# - a completion needs the team's Pass action, a Throwing Completion
#   (``successful_landings``) its Throw Team-mate action, and a team may not
#   perform both in one team turn: each team's completions plus throwing
#   completions are at most its team turns;
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
# Decision: where Throw Team-mate is not the team's Pass action (BB2025,
# changes_from_bb2020.md section 4: its own once-per-turn action, and Kick
# Team-mate a further one), the landings have a budget of their own, and
# each throw or kick counts twice (section 12: the thrower's superb throw
# landed, and the thrown player's safe landing after any throw, both in
# ``successful_landings`` as the engine counts them): 4 a team turn. A
# player's own count stays at one a team turn; a player thrown and kicked
# in the same turn is, like the Dump-off, not a game anyone reports.
OWN_THROW_LIMITS: dict[str, tuple[str, str]] = {
    "completions": ("passes", "one Pass action per team turn"),
    "successful_landings": (
        "throws",
        "one Throw Team-mate and one Kick Team-mate action per team turn, "
        "each landing counted for the thrower and the thrown player",
    ),
}
# What each team budget allows a team turn (the others: one).
BUDGET_PER_TURN: dict[str, int] = {"throws": 4}


def stat_limits(ttm_is_pass: bool) -> dict[str, tuple[str, str]]:
    """``STAT_LIMITS`` of a format whose Throw Team-mate is (BB2020) or is
    not (BB2025) the team's Pass action."""
    return STAT_LIMITS if ttm_is_pass else STAT_LIMITS | OWN_THROW_LIMITS


_BUDGET_WORDS = {
    "passes": "passing and throwing completions",
    "interference": "interceptions and deflections",
    "throws": "successful landings",
}


def _budget_words(budget: str, limits: Mapping[str, tuple[str, str]]) -> str:
    """What a team budget counts: the passes one alone where the landings
    have a budget of their own (``OWN_THROW_LIMITS``)."""
    if budget == "passes" and limits["successful_landings"][0] != "passes":
        return "passing completions"
    return _BUDGET_WORDS[budget]


def _stat_violations(
    report: Report,
    team_of: dict[int | str, int],
    turns: int,
    limits: Mapping[str, tuple[str, str]] = STAT_LIMITS,
) -> list[Violation]:
    """Counts one game cannot produce (see ``STAT_LIMITS``), each named by
    the line that breaks the limit: the player's own count, or the line
    that takes the team past it."""
    errors: list[Violation] = []
    used: dict[tuple[int, str], int] = defaultdict(int)
    reported: set[tuple[int, str]] = set()
    for i, line in enumerate(report.players):
        team = team_of.get(_who(line.player_id, line.star_player))
        for key, (budget, why) in limits.items():
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
            most = turns * BUDGET_PER_TURN.get(budget, 1)
            if used[team, budget] > most and (team, budget) not in reported:
                reported.add((team, budget))
                errors.append(
                    Violation(
                        "implausible_stat",
                        where,
                        f"this takes the team past {most} {_budget_words(budget, limits)}"
                        f" in {turns} team turns ({why})",
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


@dataclass(frozen=True, slots=True)
class Checked:
    """A report with what its checks read: the frozen rosters, the Star
    Players each team fielded (player slug -> team id), and from them each
    player's team and who was available to play."""

    match: Match
    report: Report
    snapshots: Mapping[int, Mapping[str, Any]]
    stars: Mapping[str, int]
    team_of: dict[int | str, int] = field(default_factory=dict)
    available: set[int | str] = field(default_factory=set)

    @classmethod
    def of(
        cls,
        match: Match,
        report: Report,
        snapshots: Mapping[int, Mapping[str, Any]],
        stars: Mapping[str, int],
    ) -> Checked:
        checked = cls(match, report, snapshots, stars)
        for team_id, snap in snapshots.items():
            for p in snap["players"]:
                checked.team_of[p["id"]] = team_id
                if p["available"]:
                    checked.available.add(p["id"])
        for slug, team_id in stars.items():
            checked.team_of[_who(None, slug)] = team_id
            checked.available.add(_who(None, slug))
        return checked


def _numbers(c: Checked) -> list[Violation]:
    """No score and no count is negative."""
    errors = [
        Violation("min_value", fld, "a score cannot be negative")
        for fld in ("home_score", "away_score")
        if getattr(c.report, fld) < 0
    ]
    errors += [
        Violation("min_value", f"players.{i}.{key}", "counts cannot be negative")
        for i, line in enumerate(c.report.players)
        for key in STAT_KEYS
        if getattr(line, key) < 0
    ]
    return errors


def _player_line(
    c: Checked, i: int, who: int | str, star: str | None
) -> list[Violation]:
    """One player line's player: a Star Player a team fielded or a player of
    either team, who could play this match."""
    where = f"players.{i}.player_id"
    if star is not None and who not in c.team_of:
        return [
            Violation(
                "unknown_star_player",
                f"players.{i}.star_player",
                "not a Star Player either team fielded in this match",
            )
        ]
    if who not in c.team_of:
        return [Violation("unknown_player", where, "not a player of either team")]
    if who not in c.available:
        return [
            Violation(
                "player_unavailable", where, "that player could not play this match"
            )
        ]
    return []


def _players(c: Checked) -> list[Violation]:
    """Each player line names one player who played, once."""
    errors: list[Violation] = []
    seen: set[int | str] = set()
    for i, line in enumerate(c.report.players):
        where = f"players.{i}.player_id"
        both = _one_player(line.player_id, line.star_player, where)
        if both is not None:
            errors.append(both)
            continue
        who = _who(line.player_id, line.star_player)
        found = _player_line(c, i, who, line.star_player)
        errors += found
        if who not in c.team_of:
            continue
        if who in seen:
            errors.append(Violation("duplicate", where, "one line per player"))
        seen.add(who)
    return errors


def _game_limits(c: Checked) -> list[Violation]:
    """What one game can produce (``STAT_LIMITS``; :func:`stat_limits`)."""
    variant = settings_rules(c.match.season.settings).variant
    limits = stat_limits(variant.ttm_is_pass)
    return _stat_violations(c.report, c.team_of, team_turns(c.match), limits)


def _inflicted_by_field(i: int, cas: CasualtyLine) -> str:
    return f"casualties.{i}." + (
        "inflicted_by_star" if cas.inflicted_by_star else "inflicted_by"
    )


def _attacker(
    c: Checked, i: int, cas: CasualtyLine, victim: int | str
) -> list[Violation]:
    """Who caused a casualty: a player who took part, of the other team."""
    if cas.inflicted_by is None and cas.inflicted_by_star is None:
        return []
    attacker = _who(cas.inflicted_by, cas.inflicted_by_star)
    if attacker not in c.available:
        return [
            Violation(
                "unknown_star_player" if cas.inflicted_by_star else "unknown_player",
                _inflicted_by_field(i, cas),
                "unknown player",
            )
        ]
    if victim in c.team_of and c.team_of[attacker] == c.team_of[victim]:
        # Decision: ``inflicted_by`` names the opposition player whose
        # Block (or Foul) caused the casualty; only a casualty of an
        # opposition player earns SPP (post-game_sequence.md "Casualty
        # (CAS)"). A team-mate's bomb or Ball & Chain, like the crowd,
        # is reported without ``inflicted_by``.
        return [
            Violation(
                "own_team_casualty",
                _inflicted_by_field(i, cas),
                "a casualty is inflicted by a player of the other team",
            )
        ]
    return []


def _casualties(c: Checked) -> list[Violation]:
    """Each casualty: one victim who took part, hurt once, and who caused it.

    Decision: a player is a casualty at most once in a match. A casualty
    is removed from play; one back from the Reserves box (Regeneration, or
    Badly Hurt after the apothecary) is reported once, with the casualty
    that stands, which is the one the post-game applies."""
    errors: list[Violation] = []
    hurt: set[int | str] = set()
    for i, cas in enumerate(c.report.casualties):
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
        if victim not in c.available:
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
        errors += _attacker(c, i, cas, victim)
    return errors


def _touchdowns(c: Checked) -> dict[int, int]:
    """Each team's touchdowns, from the lines that name one known player."""
    touchdowns: dict[int, int] = defaultdict(int)
    for line in c.report.players:
        if _one_player(line.player_id, line.star_player, "") is not None:
            continue
        who = _who(line.player_id, line.star_player)
        if who in c.team_of:
            touchdowns[c.team_of[who]] += line.touchdowns
    return touchdowns


def _score(c: Checked) -> list[Violation]:
    """The players' touchdowns make the score (in a conceded game they may
    fall short of it). No team scores more touchdowns than it has team
    turns: a touchdown ends the turn it is scored in, and one scored in
    the opposing turn takes the scorer's next team turn
    (the_rules_of_blood_bowl.md "Scoring During Your Opponent's Turn").

    After a concession the winner's players may be given the touchdowns
    awarded to it (post-game_sequence.md "Touchdown (TD)": "you may
    allocate each touchdown to a player of your choice"): its players'
    touchdowns may reach the final score (:func:`conceded_score`), the
    score reported being the one scored on the pitch. A win the format
    awards without a touchdown (Dungeon Bowl's time limit,
    ``score_without_touchdowns``) credits none."""
    errors: list[Violation] = []
    touchdowns = _touchdowns(c)
    turns = team_turns(c.match)
    rules = settings_rules(c.match.season.settings)
    awarded = not any(touchdowns.values()) and rules.variant.score_without_touchdowns(
        max(c.report.home_score, 0),
        max(c.report.away_score, 0),
        time_limit=rules.time_limit,
    )
    side = {c.match.home_id: "home", c.match.away_id: "away"}.get(
        c.report.conceded_by  # type: ignore[arg-type]
    )
    final = dict(
        zip(
            ("home_score", "away_score"),
            conceded_score(
                max(c.report.home_score, 0),
                max(c.report.away_score, 0),
                side,  # type: ignore[arg-type]
            ),
            strict=True,
        )
    )
    for team_id, score, fld in (
        (c.match.home_id, c.report.home_score, "home_score"),
        (c.match.away_id, c.report.away_score, "away_score"),
    ):
        if score < 0:
            continue  # refused as such by ``_numbers``
        if score > turns:
            continue  # refused by ``score_violations``
        allowed = max(score, final[fld])
        if touchdowns[team_id] > allowed:
            # Even in a conceded game: touchdowns awarded for a concession
            # are allocated to players, never added to them.
            errors.append(
                Violation(
                    "touchdowns_exceed_score",
                    fld,
                    f"the players' touchdowns add up to {touchdowns[team_id]}, "
                    f"more than the score of {allowed}",
                )
            )
        elif (
            touchdowns[team_id] < score and c.report.conceded_by is None and not awarded
        ):
            errors.append(
                Violation(
                    "score_mismatch",
                    fld,
                    f"the players' touchdowns add up to {touchdowns[team_id]}, not {score}",
                )
            )
    return errors


def _concession(c: Checked) -> list[Violation]:
    """Only a team of the match concedes it; only a concession is legal."""
    errors = []
    if c.report.conceded_by not in (None, c.match.home_id, c.match.away_id):
        errors.append(
            Violation("unknown_team", "conceded_by", "not a team of this match")
        )
    if c.report.concession_legal and c.report.conceded_by is None:
        errors.append(
            Violation(
                "not_needed",
                "concession_legal",
                "only a team that conceded may have conceded legally",
            )
        )
    return errors


def _penalised(report: Report) -> int | None:
    """The team that bears a concession's penalties (no MVP among them):
    none after a legal concession."""
    return None if report.concession_legal else report.conceded_by


def _fan_factor_dice(c: Checked) -> list[Violation]:
    """The Fan Factor dice, if entered, are D3s."""
    rolls = c.report.fan_factor_rolls
    if rolls and not all(1 <= r <= 3 for r in rolls):
        return [Violation("invalid_dice", "fan_factor_rolls", "each is a D3: 1 to 3")]
    return []


def needs_sudden_death(match: Match, report: Report) -> bool:
    """A playoff needs a winner: level at the end (extra time included, as
    played at the table) and not conceded means sudden death decided it."""
    return (
        match.stage == Match.Stage.PLAYOFF
        and report.home_score == report.away_score
        and report.conceded_by is None
    )


def _sudden_death(c: Checked) -> list[Violation]:
    """Sudden-death throws only for a playoff that ends level."""
    if c.report.sudden_death is None or needs_sudden_death(c.match, c.report):
        return []
    return [
        Violation(
            "not_needed",
            "sudden_death",
            "only a playoff that ends level goes to sudden death",
        )
    ]


def _format(c: Checked) -> list[Violation]:
    return _format_violations(c.match, c.report)


def _plague(c: Checked) -> list[Violation]:
    return plague_violations(c.match, c.report, c.snapshots, c.stars)


def _undeath(c: Checked) -> list[Violation]:
    return raised_dead_violations(c.match, c.report, c.snapshots)


def _roles(c: Checked) -> list[Violation]:
    return role_violations(
        mvps=c.report.mvps,
        knocked_out=c.report.knocked_out,
        sent_off=c.report.sent_off,
        snapshots=c.snapshots,
        conceded_by=_penalised(c.report),
    )


def _nominations(c: Checked) -> list[Violation]:
    return nomination_violations(
        c.match,
        nominations=c.report.mvp_nominations,
        mvps=c.report.mvps,
        snapshots=c.snapshots,
        conceded_by=_penalised(c.report),
    )


def _stalling(c: Checked) -> list[Violation]:
    return stalling_violations(c.match, c.report.stalled)


# The checks in the order a report is read; violations come back in it.
REPORT_CHECKS: tuple[Callable[[Checked], list[Violation]], ...] = (
    _numbers,
    _players,
    _game_limits,
    _casualties,
    _score,
    _concession,
    _fan_factor_dice,
    _sudden_death,
    _format,
    _plague,
    _undeath,
    _roles,
    _nominations,
    _stalling,
)


def report_violations(
    match: Match,
    report: Report,
    snapshots: Mapping[int, Mapping[str, Any]],
    stars: Mapping[str, int],
) -> list[Violation]:
    """Every violation of ``report``, check by check in ``REPORT_CHECKS``'s
    order. ``stars``: the Star Players each team fielded (slug -> team)."""
    checked = Checked.of(match, report, snapshots, stars)
    return [v for check in REPORT_CHECKS for v in check(checked)]


def report_check(
    match: Match,
    report: Report,
    snapshots: Mapping[int, Mapping[str, Any]],
    stars: Mapping[str, int],
) -> None:
    """Raise with every violation of ``report``, if any."""
    errors = report_violations(match, report, snapshots, stars)
    if errors:
        raise ServiceError(errors)


def report_check_rolled(
    report: Report,
    casualties: Sequence[CasualtyEntry],
    snapshots: Mapping[int, Mapping[str, Any]],
) -> None:
    """The check that needs the casualty dice rolled: whether a casualty
    killed is known only then: a dead player is no MVP, and only a dead
    one rises (Masters of Undeath)."""
    errors = mvp_dead_violations(report.mvps, casualties, snapshots)
    errors += raised_dead_rolled_violations(report, casualties)
    if errors:
        raise ServiceError(errors)
