"""A report waiting for the other coach, in full: what the match page shows
before the confirm and dispute buttons. Who scored, passed, intercepted and
hurt whom; the casualties with their dice and what they will do (the same
dice the report rolls when it stands, seeded by the match); the MVPs; the
Star Player Points each player would earn; what each team bought.

Everything is worked out by the functions the report and the post-game
use themselves (:func:`~matches.reports.report.report_casualties`,
:func:`~matches.postgame.sequence.line_spp`), so the figures shown are the
ones that will stand."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from league.models import Team
from league.rules import settings_rules
from league.selectors import team_special_rules
from matches.captions.names import injury_name
from matches.event_text import STATS, PlayerInfo, recorded_stats
from matches.models import MatchInducements, RosterSnapshot
from matches.models.confirmations import ReportSubmission
from matches.pages.match_cast import report_players
from matches.pages.selectors import report_stars
from matches.postgame.results import casualty_outcome, casualty_roll_modifier
from matches.postgame.sequence import line_spp
from matches.prematch.inducements import inducement_line_name
from matches.reports.report import report_casualties
from matches.reports.submissions import report_from_data


@dataclass(frozen=True, slots=True)
class FactLine:
    """One player's line of the report."""

    label: str  # "#3 Grukk"
    position: str
    side: str  # "home" or "away"
    stats: dict[str, int]
    mvp: bool
    # The SPP it earns; None for a Star Player, or where SPP are not tracked.
    spp: int | None


@dataclass(frozen=True, slots=True)
class CasualtyFact:
    victim: str
    side: str
    by: str  # who caused it ("" for nobody: the crowd, a failed dodge...)
    casualty_roll: int | None
    lasting_roll: int | None
    entered: bool  # the dice came with the report (else Dugout rolls them)
    result: str  # "Seriously Injured"
    effects: tuple[str, ...]  # "Smashed Knee", "−1 MA", "misses the next game"


@dataclass(frozen=True, slots=True)
class InducementFact:
    team: Team
    lines: tuple[tuple[str, int, int], ...]  # (name, count, cost)
    total: int


@dataclass(frozen=True, slots=True)
class ReportFacts:
    home_score: int
    away_score: int
    conceded_by: str
    lines: tuple[FactLine, ...]
    casualties: tuple[CasualtyFact, ...]
    spp_tracked: bool
    # The sides whose MVP the report leaves to the draw when it stands.
    mvp_drawn: tuple[str, ...]
    inducements: tuple[InducementFact, ...]
    knocked_out: tuple[str, ...]
    sent_off: tuple[str, ...]
    fan_factor_rolls: tuple[int, ...] | None
    notes: str
    stats: tuple[tuple[str, str, str], ...] = field(default=STATS)
    # BB2025: each side's MVP nominees (side, labels), the teams that
    # stalled, and whether the concession was legal (no penalty).
    mvp_nominations: tuple[tuple[str, tuple[str, ...]], ...] = ()
    stalled: tuple[str, ...] = ()
    concession_legal: bool = False
    # What each achievement earns in the format (the page's explanation).
    spp_note: str = ""


def _effects(outcome: Any) -> tuple[str, ...]:
    out = []
    if outcome.injury and outcome.injury.lower() != str(outcome.result.value).replace(
        "_", " "
    ):
        out.append(outcome.injury)
    out += [f"−{n} {c.value.upper()}" for c, n in outcome.reductions.items()]
    if outcome.niggling:
        out.append("a Niggling Injury")
    if outcome.mng:
        out.append("misses the next game")
    if outcome.dead:
        out.append("dead")
    return tuple(out)


def _casualties(
    sub: ReportSubmission,
    report: Any,
    players: dict[int, PlayerInfo],
    stars: dict[str, str],
) -> list[CasualtyFact]:
    match = sub.match
    snapshots = {s.team_id: s.data for s in RosterSnapshot.objects.filter(match=match)}
    by_id = {p["id"]: p for s in snapshots.values() for p in s["players"]}
    entries = iter(report_casualties(match, report, snapshots))
    facts = []
    for cas in report.casualties:
        by = (
            players[cas.inflicted_by].label
            if cas.inflicted_by in players
            else stars.get(cas.inflicted_by_star or "", "")
        )
        if cas.player_id is None:  # a Star Player: waived after the game
            facts.append(
                CasualtyFact(
                    victim=stars.get(cas.star_player or "", str(cas.star_player)),
                    side="",
                    by=by,
                    casualty_roll=None,
                    lasting_roll=None,
                    entered=False,
                    result="a casualty",
                    effects=("waived after the game (a Star Player)",),
                )
            )
            continue
        entry = next(entries)
        player = by_id[cas.player_id]
        outcome = casualty_outcome(
            entry,
            niggling=player["niggling"],
            modifier=casualty_roll_modifier(player),
        )
        info = players.get(cas.player_id)
        risen: tuple[str, ...] = ()
        if cas.raised_dead and info is not None:
            team = match.away if info.side == "home" else match.home
            risen = (f"rises for {team.name} (Masters of Undeath)",)
        facts.append(
            CasualtyFact(
                victim=info.label if info else str(cas.player_id),
                side=info.side if info else "",
                by=by,
                casualty_roll=entry["casualty_roll"],
                lasting_roll=entry["lasting_roll"],
                entered=cas.casualty_roll is not None,
                result=injury_name(entry["result"]),
                effects=_effects(outcome) + risen,
            )
        )
    return facts


def _lines(
    report: Any,
    players: dict[int, PlayerInfo],
    stars: dict[str, str],
    spp_of: Any,
    shown: frozenset[str],
) -> list[FactLine]:
    """Each player's line; its SPP from every stat of the report, its
    figures only the ``shown`` stats (those the format records)."""

    def fact(info: Any, stats: dict[str, int], mvp: bool) -> FactLine:
        return FactLine(
            info.label,
            info.position,
            info.side,
            {k: v for k, v in stats.items() if k in shown},
            mvp,
            spp_of(stats, int(mvp), info.side),
        )

    mvps = set(report.mvps)
    seen: set[int] = set()
    lines = []
    for line in report.players:
        stats = {key: int(getattr(line, key)) for key, _, _ in STATS}
        if line.star_player is not None:
            lines.append(
                FactLine(
                    stars.get(line.star_player, line.star_player),
                    "Star Player",
                    "",
                    {k: v for k, v in stats.items() if k in shown},
                    False,
                    None,
                )
            )
            continue
        info = players[line.player_id]
        seen.add(info.id)
        lines.append(fact(info, stats, info.id in mvps))
    for pid in report.mvps:  # an MVP with nothing else to his name
        if pid not in seen and pid in players:
            lines.append(fact(players[pid], {key: 0 for key, _, _ in STATS}, True))
    order = {"home": 0, "away": 1, "": 2}
    return sorted(lines, key=lambda f: (order[f.side], f.label))


def _inducements(sub: ReportSubmission) -> list[InducementFact]:
    match = sub.match
    records = MatchInducements.objects.filter(match=match).select_related("team")
    return [
        InducementFact(
            team=r.team,
            lines=tuple(
                (
                    inducement_line_name(match, r.team, line),
                    int(line["count"]),
                    int(line["cost"]),
                )
                for line in r.lines
            ),
            total=r.total,
        )
        for r in sorted(records, key=lambda r: r.team_id != match.home_id)
        if r.lines
    ]


def submission_facts(sub: ReportSubmission) -> ReportFacts | None:
    """The report ``sub`` in full (None for a team-card format's report,
    which has no players to list)."""
    if sub.report.get("card"):
        return None
    match = sub.match
    report = report_from_data(sub.report)
    players = report_players(match)
    stars = {s.slug: s.label for s in report_stars(match)}
    rules = settings_rules(match.season.settings)

    # each side's team rules (BB2025 Brawlin' Brutes change the values)
    team_rules = {
        "home": team_special_rules(match.home),
        "away": team_special_rules(match.away),
    }
    penalised = None if report.concession_legal else report.conceded_by
    lost = {
        side
        for side, team_id in (("home", match.home_id), ("away", match.away_id))
        if rules.variant.concession_loses_spp and penalised == team_id
    }

    def spp_of(stats: dict[str, int], mvps: int, side: str) -> int | None:
        if not rules.tracks_spp:
            return None
        if side in lost:
            return 0  # an illegal concession loses the game's SPP
        return line_spp(stats, mvps, rules.variant, team_rules.get(side, ()))

    named = {players[pid].side for pid in report.mvps if pid in players}
    conceded = (
        match.home.name
        if report.conceded_by == match.home_id
        else match.away.name
        if report.conceded_by == match.away_id
        else ""
    )
    return ReportFacts(
        home_score=report.home_score,
        away_score=report.away_score,
        conceded_by=conceded,
        lines=tuple(_lines(report, players, stars, spp_of, rules.variant.player_stats)),
        # the columns: the stats the format records (BB2025: no Deflections)
        stats=recorded_stats(rules.variant),
        casualties=tuple(_casualties(sub, report, players, stars)),
        spp_tracked=rules.tracks_spp,
        # a side that conceded has none: "You are unable to award an MVP to
        # any of your players" (the_rules_of_blood_bowl.md "Conceding")
        mvp_drawn=tuple(
            side
            for side, team_id in (("home", match.home_id), ("away", match.away_id))
            if side not in named and penalised != team_id
        )
        if rules.tracks_spp
        else (),
        inducements=tuple(_inducements(sub)),
        knocked_out=tuple(players[p].label for p in report.knocked_out if p in players),
        sent_off=tuple(players[p].label for p in report.sent_off if p in players),
        fan_factor_rolls=tuple(report.fan_factor_rolls)
        if report.fan_factor_rolls
        else None,
        notes=report.notes,
        mvp_nominations=tuple(
            (side, labels)
            for side in ("home", "away")
            if (
                labels := tuple(
                    players[p].label
                    for p in report.mvp_nominations
                    if p in players and players[p].side == side
                )
            )
        ),
        stalled=tuple(
            team.name for team in (match.home, match.away) if team.pk in report.stalled
        ),
        concession_legal=bool(report.concession_legal and report.conceded_by),
        spp_note=spp_note(rules.variant),
    )


SPP_WORDS = (
    ("touchdowns", "a touchdown"),
    ("casualties", "a casualty caused"),
    ("interceptions", "an interception"),
    ("passing_completions", "a completion"),
    ("throwing_completions", "a throwing completion"),
    ("deflections", "a deflection"),
    ("mvps", "the MVP"),
)


# A format whose thrown player also earns SPP for a safe landing after any
# throw (``landing_spp``: BB2025) names who earns each throwing SPP.
LANDING_WORDS = (
    "a superb Throw Team-mate landed safely (to the thrower)",
    "a safe landing after any throw (to the thrown player)",
)


def spp_note(fmt: Any) -> str:
    """What each achievement earns in ``fmt`` (its team rules aside), in
    words: "3 a touchdown, 2 a casualty caused, ..."."""
    values = fmt.spp_values
    parts = []
    for key, words in SPP_WORDS:
        if not (value := values.get(key)):
            continue
        if key == "throwing_completions" and fmt.landing_spp:
            parts += [f"{value} {landed}" for landed in LANDING_WORDS]
        else:
            parts.append(f"{value} {words}")
    return ", ".join(parts)
