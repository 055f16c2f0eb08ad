"""Recording a tabletop match: the report a coach types in afterwards.

One way down: the rosters frozen at kick-off (:mod:`matches.prematch`), every
check in order (:mod:`matches.reports.checks`), the casualty dice rolled,
then either kept for the other coach (:mod:`matches.reports.submissions`) or
saved as the match's one result (:mod:`matches.postgame.results`), which
queues the post-game."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from engine.facade import FAN_FACTOR, SeededRoller
from league.errors import ServiceError
from league.rules import settings_rules
from league.services.journeymen import team_take_plague_rotter
from league.services.teams import team_qs_for_update
from league.services.undeath import team_raise_the_dead
from matches.events import match_events_append
from matches.models import Match, MatchResult, ReportSubmission
from matches.notices import result_recorded_notify
from matches.postgame.end import postgame_end_before_match
from matches.postgame.results import (
    STAT_KEYS,
    CasualtyEntry,
    HiredCasualty,
    casualty_entry,
    casualty_roll_modifier,
    injury_table_casualty,
    match_result_save,
    sudden_death_record,
)
from matches.prematch.fielded import match_fielded_stars
from matches.prematch.kickoff import (
    match_kick_off,
    match_lock_for_report,
    match_snapshots,
)
from matches.reports.checks import needs_sudden_death, report_check, report_check_rolled
from matches.reports.lines import CasualtyLine, Report
from matches.reports.nominations import nomination_summary
from matches.reports.plague import plague_rotter_teams
from matches.reports.roles import role_summary
from matches.reports.submissions import (
    confirmation_needed,
    submission_open,
    submission_supersede,
)
from matches.reports.undeath import raised_dead_teams
from matches.seasons.services import match_seed


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
    # Sevens: the Injury table gave the casualty; no Casualty table
    injury_table = (
        settings_rules(match.season.settings).variant.league_casualty_table() is None
    )
    table = str(match.season.settings["casualty_table"])

    def entry(
        i: int, cas: CasualtyLine, player_id: int, team_id: int, sheet: Any
    ) -> CasualtyEntry:
        if injury_table:
            return injury_table_casualty(
                match=match,
                index=i,
                player_id=player_id,
                team_id=team_id,
                stunty=any(skill == "stunty" for skill, _ in sheet["skills"]),
                inflicted_by=cas.inflicted_by,
                injury_roll=cas.casualty_roll,
                lasting_roll=cas.lasting_roll,
            )
        return casualty_entry(
            match=match,
            index=i,
            player_id=player_id,
            team_id=team_id,
            table=table,
            niggling=sheet["niggling"],
            modifier=casualty_roll_modifier(sheet),
            inflicted_by=cas.inflicted_by,
            casualty_roll=cas.casualty_roll,
            lasting_roll=cas.lasting_roll,
        )

    # A Star Player's casualty is waived after the game, and one he causes
    # earns no SPP (inducements_in_detail.md "0-2 Star Players"): neither is
    # a casualty entry; both are in the report's events.
    return [
        entry(i, cas, cas.player_id, *players[cas.player_id])
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
    match, teams = match_lock_for_report(match_id, actor, confirmed=confirmed)
    if settings_rules(match.season.settings).variant.drafts_team_card:
        raise ServiceError.one(
            "card_format",
            None,
            "a team-card format's match is reported with "
            "POST /api/matches/{id}/card-report/",
        )
    # The teams' last post-games end before this one's pre-game.
    postgame_end_before_match(match_id=match.pk)
    match = match_kick_off(match_id=match.pk)
    home_snap, away_snap = match_snapshots(match)
    snapshots = {match.home_id: home_snap, match.away_id: away_snap}
    stars = match_fielded_stars(match)
    if any(cas.plague_ridden or cas.raised_dead for cas in report.casualties):
        # The roster room checked for a Rotter must still be there when he
        # joins (and the raised player's counted as the resolved match does).
        list(team_qs_for_update().filter(pk__in=list(teams)).order_by("pk"))
    report_check(match, report, snapshots, stars)
    casualties = report_casualties(match, report, snapshots)
    # Whether a casualty killed is known once its dice are rolled.
    report_check_rolled(report, casualties, snapshots)
    roles = role_summary(
        report.mvps,
        report.knocked_out,
        report.sent_off,
        snapshots,
    )
    roles |= nomination_summary(
        match, report.mvp_nominations, report.stalled, snapshots
    )
    if report.conceded_by and report.concession_legal:
        roles["concession_penalty"] = False
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
            "raised_dead": cas.raised_dead,
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
        if needs_sudden_death(match, report)
        else {}
    )
    told = confirmed  # a kept report's coaches hear of it as it stands
    if not confirmed:
        if confirmation_needed(match, actor):
            return submission_open(match=match, report=report, actor=actor, teams=teams)
        told = submission_supersede(
            match, actor, (report.home_score, report.away_score)
        )
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
    joined = []
    for team_id, cas in plague_rotter_teams(report, snapshots, stars):
        rotter = team_take_plague_rotter(
            team_qs_for_update().get(pk=team_id), match_id=match.pk
        )
        assert rotter is not None  # checked: the team is Favoured of Nurgle
        joined.append(
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
    # As for a resolved match: the raised player joins his new team as a
    # rookie once the result stands, if it has room for him.
    for team_id, victim_id in raised_dead_teams(match, report, snapshots):
        risen = team_raise_the_dead(
            team_qs_for_update().get(pk=team_id), match_id=match.pk, victim_id=victim_id
        )
        joined.append(
            (
                "raised_dead",
                {
                    "team_id": team_id,
                    "player_id": victim_id,
                    "risen_id": risen.pk if risen is not None else None,
                },
            )
        )
    if joined:
        match_events_append(match, joined)
    if not told:
        result_recorded_notify(match, result, actor)
    return result
