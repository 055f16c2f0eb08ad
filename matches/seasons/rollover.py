"""The end of a season: closing it, and re-drafting teams for the next one
("The Off-season Break and Re-drafting Teams")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import F, Q
from django.db.models.functions import Greatest

from engine.facade import (
    REDRAFT_BUDGET_CAP,
    DraftError,
    DraftRequest,
    Position,
    SeededRoller,
    Variant,
    Violation,
    carry_over_cost,
    draft_check,
    get_variant,
    hired_value,
    recover,
    redraft_budget,
    rehire_cost,
    restored_value,
    rules_data,
)
from league.access import league_get_for_commissioner, team_get_for_write
from league.errors import ServiceError
from league.models import Player, Team, TreasuryEntry
from league.names.rules import name_normalize
from league.page_cache import league_cache_bump
from league.selectors import team_detail_qs, team_redraft_candidates
from league.services.teams import player_from_position, player_name_violations
from league.services.treasury import treasury_credit, treasury_debit
from matches.engine_bridge import team_snapshot
from matches.models import Match, MatchEvent, Season, SeasonTeamArchive
from matches.seasons.awards import season_awards, season_awards_pay
from matches.seasons.offseason import archive_redraft_lapsed, offseason_spending
from matches.seasons.selectors import season_champion_id, season_standings
from matches.seasons.services import match_seed


@transaction.atomic
def season_close(*, season_id: int, actor: AbstractBaseUser) -> list[SeasonTeamArchive]:
    """Close a finished season: every team's roster is archived read-only
    with its record, the champion is recorded (the playoff final's winner,
    else the top of the table: :func:`season_champion_id`), and the teams
    may re-draft for the next season. A season with playoffs closes only
    once its final is played, and its third-place match (every match is
    complete). The format's prizes and trophy are given by final place
    (:mod:`matches.seasons.awards`)."""
    season = (
        Season.objects.select_for_update().select_related("league").get(pk=season_id)
    )
    league_get_for_commissioner(actor, season.league_id)
    if season.status == Season.Status.CLOSED:
        raise ServiceError.one("already_closed", None, f"{season} is closed")
    if season.matches.exclude(status=Match.Status.COMPLETE).exists():
        raise ServiceError.one(
            "season_unfinished", None, "every match must be complete"
        )
    standings = season_standings(season)
    playoffs = list(
        season.matches.filter(stage=Match.Stage.PLAYOFF).select_related("result")
    )
    champion_id = season_champion_id(season, standings=standings, playoffs=playoffs)
    if season.playoff_teams and champion_id is None:
        raise ServiceError.one(
            "playoffs_unfinished",
            None,
            "the playoffs decide the champion: schedule and play them up to "
            "the final first",
        )
    rows = {row.team_id: row for row in standings}
    playoff_games = _playoff_games(playoffs)
    # A season closed before anyone played places nobody: its table is a
    # coin flip, and pays no prizes.
    awards = (
        season_awards(season, [row.team_id for row in standings], champion_id, playoffs)
        if any(row.played for row in standings)
        else {}
    )
    returned = trophy_rerolls_returned(season, list(rows))
    archives = [
        SeasonTeamArchive(
            season=season,
            team=team,
            roster=team_snapshot(team),
            record={
                "played": rows[team.pk].played,
                "won": rows[team.pk].won,
                "drawn": rows[team.pk].drawn,
                "lost": rows[team.pk].lost,
                "playoff_played": playoff_games.get(team.pk, 0),
                # fixtures recorded unplayed: in "played" (a win or a loss),
                # yet no game was played in them
                **(
                    {"unplayed": rows[team.pk].unplayed}
                    if rows[team.pk].unplayed
                    else {}
                ),
                "treasury": team.treasury,
                **awards.get(team.pk, {}),
                **(
                    {"trophy_returned": returned[team.pk]}
                    if returned.get(team.pk)
                    else {}
                ),
            },
        )
        for team in team_detail_qs().filter(pk__in=list(rows))
    ]
    for team_id, count in returned.items():
        Team.objects.filter(pk=team_id).update(
            rerolls=Greatest(F("rerolls") - count, 0)
        )
    SeasonTeamArchive.objects.bulk_create(archives)
    season_awards_pay(season, awards, actor)
    season.status = Season.Status.CLOSED
    season.champion_id = champion_id
    season.save(update_fields=["status", "champion"])
    league_cache_bump(season.league_id)
    return archives


def _playoff_games(playoffs: list[Match]) -> dict[int, int]:
    """How many of the season's ``playoffs`` each team played, the
    third-place match included (every one is complete when the season
    closes)."""
    games: dict[int, int] = {}
    for match in playoffs:
        for team_id in (match.home_id, match.away_id):
            games[team_id] = games.get(team_id, 0) + 1
    return games


@dataclass(frozen=True, slots=True)
class RedraftPlan:
    """What a coach keeps and buys for the new season."""

    keep: Sequence[int]
    new_players: Sequence[tuple[str, str]] = ()
    rerolls: int = 0
    assistant_coaches: int = 0
    cheerleaders: int = 0
    apothecary: bool = False


@dataclass(slots=True)
class RedraftPreview:
    budget: dict[str, Any]
    players: list[dict[str, Any]] = field(default_factory=list)
    new_players: int = 0
    carry_over: int = 0
    total: int = 0
    remaining: int = 0
    violations: list[Violation] = field(default_factory=list)
    # Players scouted away before the re-draft (a format that scouts:
    # Dungeon Bowl) and the dice: [{"player_id", "dice"}], and the free
    # re-rolls of a trophy the team holds.
    scouted: list[int] = field(default_factory=list)
    scouting_dice: list[dict[str, Any]] = field(default_factory=list)
    trophy_rerolls: int = 0


def trophy_rerolls_returned(season: Season, team_ids: Sequence[int]) -> dict[int, int]:
    """The trophy re-rolls whose time is up as ``season`` closes, by team:
    league_and_exhibition_play.md "Glittering Prizes": "The League Trophy
    is held by the winners until the end of the next season, when it will
    be awarded to the new champions" (Dungeon Bowl's Trophy the same). A
    team of the season gives back the re-rolls the trophy of its previous
    season gave it, re-drafted or not (a champion again wins a new one).
    Decision: "the next season" is the next one the team plays."""
    returned: dict[int, int] = {}
    for team_id in team_ids:
        previous = (
            SeasonTeamArchive.objects.filter(
                team_id=team_id, season__created_at__lt=season.created_at
            )
            .order_by("-season__created_at", "-pk")
            .values_list("record", flat=True)
            .first()
        )
        count = int((previous or {}).get("trophy_rerolls", 0))
        if count:
            returned[team_id] = count
    return returned


def redraft_rerolls_bought(team: Team, archive: SeasonTeamArchive) -> int:
    """The team re-rolls a re-draft that keeps what the team has carries
    over at their price: its re-rolls less the free ones of a trophy
    (league_and_exhibition_play.md "Glittering Prizes": the League
    Trophy's re-roll, or Dungeon Bowl's, is added "without having to spend
    any gold pieces"). That is the one won in the season just closed (the
    re-draft gives it again, ``RedraftPreview.trophy_rerolls``); one held
    from the season before went back when that season closed
    (:func:`trophy_rerolls_returned`)."""
    free = int(archive.record.get("trophy_rerolls", 0))
    return max(0, team.rerolls - free)


def _rehire_cost(fmt: Variant, value: int, seasons: int) -> int:
    # Decision: the re-hiring fee is the player's Current Value as stored,
    # so a Low Cost Lineman's leaves out his hiring fee (the rule's words:
    # his Current Value does not include it) and he is re-hired for his
    # value increases plus the agent's fee.
    own = fmt.rehire_cost(value, seasons)
    return own if own is not None else rehire_cost(value, seasons)


def _player_cost(
    fmt: Variant, player: Player, seasons: int, known: dict[str, Position]
) -> int:
    """A kept player's price: re-hired (:func:`_rehire_cost`), or, when he
    took part in no season yet (hired since the close), hired as a new
    player of the re-draft is, at his position's price (the hire itself was
    given back: :func:`matches.seasons.offseason.offseason_spending`)."""
    if seasons == 0 and player.position in known:
        return known[player.position].cost
    return _rehire_cost(fmt, player.value, seasons)


def _mvp_players(team: Team) -> list[int]:
    """The team's players on its Team Draft list with any MVP award (the
    ``postgame_mvp`` events of its matches), by shirt number. Decision:
    "any MVP awards" counts awards in every season the player played."""
    awarded: set[int] = set()
    for payload in MatchEvent.objects.filter(
        Q(match__home=team) | Q(match__away=team), type="postgame_mvp"
    ).values_list("payload", flat=True):
        if payload.get("team_id") == team.pk:
            awarded.update(int(p) for p in payload.get("player_ids", []))
    return [p.pk for p in team_redraft_candidates(team) if p.pk in awarded]


def _seasons_played(team: Team, player_id: int) -> int:
    return sum(
        1
        for archive in SeasonTeamArchive.objects.filter(team=team).only("roster")
        if any(p["id"] == player_id for p in archive.roster["players"])
    )


def _preview(
    team: Team, archive: SeasonTeamArchive, plan: RedraftPlan
) -> RedraftPreview:
    fmt = get_variant(team.league.format)
    roster = rules_data(team.league.rules_version).rosters[team.roster]
    record = archive.record
    scouted, scouting_rolls = fmt.scouting(
        _mvp_players(team),
        SeededRoller(match_seed(archive.season.seed, "scouting", team.pk)),
    )
    # what the team paid for hires and purchases since the close goes back
    # into the treasury the budget takes (:func:`offseason_spending`)
    refunded = offseason_spending(archive)
    figures = {
        "treasury": team.treasury + refunded,
        # "each game the team played last season": a playoff is a game
        # too, though its win is no league fixture's (an archive written
        # before playoffs were counted has no "playoff_played"); a fixture
        # recorded unplayed is none, though one conceded to the team is a
        # league fixture won
        "games": record["played"]
        + int(record.get("playoff_played", 0))
        - int(record.get("unplayed", 0)),
        "wins": record["won"],
        "draws": record["drawn"],
        # the commissioner's optional cap, where the league places it
        "cap": REDRAFT_BUDGET_CAP if team.league.redraft_cap else None,
    }
    budget = fmt.redraft_budget(**figures, scouted=len(scouted)) or redraft_budget(
        fmt.name, **figures
    )
    preview = RedraftPreview(
        budget={
            "base": budget.base,
            "treasury": budget.treasury,
            "games": budget.games,
            "wins": budget.wins,
            "draws": budget.draws,
            "total": budget.total,
            "capped": budget.capped,
            **({"scouted": budget.scouted} if budget.scouted else {}),
            **({"refunded": refunded} if refunded else {}),
        },
        scouted=list(scouted),
        scouting_dice=[
            {"purpose": p, "sides": s, "result": r} for p, s, r in scouting_rolls
        ],
        trophy_rerolls=int(record.get("trophy_rerolls", 0)),
    )
    known = {p.slug: p for p in roster.positions}
    eligible = {p.pk: p for p in team_redraft_candidates(team)}
    kept: set[int] = set()
    # where in ``plan.keep`` each priced player (``preview.players``) is
    kept_at: list[int] = []
    for index, player_id in enumerate(plan.keep):
        player = eligible.get(player_id)
        if player is None:
            preview.violations.append(
                Violation(
                    "unknown_player",
                    f"keep.{index}",
                    "not a player of last season's roster",
                )
            )
            continue
        if player_id in preview.scouted:
            preview.violations.append(
                Violation(
                    "scouted",
                    f"keep.{index}",
                    f"{player.name} was scouted away to the big leagues",
                )
            )
            continue
        if player_id in kept:
            # Priced once: seven copies of one player are not a squad of 7.
            preview.violations.append(
                Violation(
                    "duplicate_player",
                    f"keep.{index}",
                    f"{player.name} is already kept",
                )
            )
            continue
        kept.add(player_id)
        kept_at.append(index)
        # Decision: the season just closed counts ("an agent's fee of 20,000
        # gold pieces for each previous season the player has taken part in";
        # the same section's "the previous season" is the one just closed,
        # whose Treasury the budget takes): a player back after his first
        # season costs his value and 20,000.
        seasons = _seasons_played(team, player.pk)
        preview.players.append(
            {
                "id": player.pk,
                "name": player.name,
                "position": player.position,
                "value": player.value,
                "seasons": seasons,
                "cost": _player_cost(fmt, player, seasons, known),
            }
        )
    for index, (position, _name) in enumerate(plan.new_players):
        if position not in known:
            preview.violations.append(
                Violation(
                    "unknown_position",
                    f"new_players.{index}.position",
                    f"{roster.name} teams have no position {position!r}",
                )
            )
        else:
            preview.new_players += known[position].cost
    preview.violations += player_name_violations(
        [name for _position, name in plan.new_players], field="new_players"
    )
    squad = tuple((p["position"], p["name"]) for p in preview.players) + tuple(
        plan.new_players
    )
    try:  # the squad's shape: counts, position limits, staff limits
        draft_check(
            fmt,
            roster,
            DraftRequest(
                players=squad,
                rerolls=plan.rerolls,
                assistant_coaches=plan.assistant_coaches,
                cheerleaders=plan.cheerleaders,
                apothecary=plan.apothecary,
                dedicated_fans=1,
                special_rule=team.special_rule or None,
            ),
            budget=10**12,
        )
    except DraftError as exc:
        # Decision: a team drafted before Dugout recorded the choice of
        # special rule (blank) re-drafts without one; it keeps only its
        # roster's fixed rules until its coach records one.
        preview.violations += [
            _plan_field(v, kept_at)
            for v in exc.violations
            if v.code not in ("unknown_position", "special_rule_required")
        ]
    preview.carry_over = carry_over_cost(
        fmt.name,
        roster,
        rerolls=plan.rerolls,
        assistant_coaches=plan.assistant_coaches,
        cheerleaders=plan.cheerleaders,
        apothecary=plan.apothecary,
    )
    preview.total = (
        sum(p["cost"] for p in preview.players)
        + preview.new_players
        + preview.carry_over
    )
    preview.remaining = budget.total - preview.total
    if preview.remaining < 0:
        preview.violations.append(
            Violation(
                "over_budget",
                None,
                f"the re-draft costs {preview.total:,} but the budget is {budget.total:,}",
            )
        )
    return preview


def _plan_field(violation: Violation, kept_at: Sequence[int]) -> Violation:
    """``violation`` of the squad checked (``players.<n>…``: the kept
    players, then the new ones) named by the plan's own field: the kept
    player's ``keep.<i>`` (``kept_at``: where in ``plan.keep`` each one
    priced is), a new one's ``new_players.<n>…``, so a client (and the
    page's rows) reads it against what it sent."""
    parts = (violation.field or "").split(".")
    if parts[0] != "players" or len(parts) < 2 or not parts[1].isdigit():
        return violation
    index = int(parts[1])
    if index < len(kept_at):
        return replace(violation, field=f"keep.{kept_at[index]}")
    new = ".".join(["new_players", str(index - len(kept_at)), *parts[2:]])
    return replace(violation, field=new)


def _no_season_to_redraft_after(team: Team, season_id: int) -> ServiceError:
    """Why ``team`` has no season ``season_id`` to re-draft after: one of
    its league it played that is not closed yet, or none at all (another
    league's, one it did not play, or no such season)."""
    if Season.objects.filter(
        pk=season_id, league_id=team.league_id, teams=team
    ).exists():
        return ServiceError.one(
            "season_not_closed",
            "season",
            "re-draft after the commissioner closes the season",
        )
    return ServiceError.one(
        "unknown_season",
        "season",
        f"{team.name} played no season {season_id} of its league",
    )


@transaction.atomic
def team_redraft(
    *,
    team_id: int,
    season_id: int,
    plan: RedraftPlan,
    actor: AbstractBaseUser,
    commit: bool,
) -> RedraftPreview:
    """Preview (``commit=False``, nothing written) or carry out a re-draft:
    the roster becomes exactly the players in ``plan.keep`` (each listed
    once) and the new ones; every other player leaves. Returning players
    recover (R&R clears Miss Next Game; recovery rolls for niggling injuries
    and retired players' reductions), the treasury is emptied into the
    budget (capped at 1,300,000 where the league places the cap) and the
    rest of the budget becomes the new treasury."""
    team = team_get_for_write(actor, team_id)
    team = Team.objects.select_for_update().select_related("league").get(pk=team.pk)
    if get_variant(team.league.format).drafts_team_card:
        # A team card (Blitz Bowl) keeps its card and players from season to
        # season: no progression, nothing bought, so nothing to re-draft.
        raise ServiceError.one(
            "team_card_fixed",
            None,
            f"{team.name} is a team card: it plays the next season as it is",
        )
    if team.status == Team.Status.RETIRED:
        # Every other roster change refuses a retired team; a re-draft would
        # make it a ready team again, fit for the next season.
        raise ServiceError.one(
            "team_retired",
            None,
            f"{team.name} is retired: it is not re-drafted for another season",
        )
    try:
        archive = SeasonTeamArchive.objects.select_for_update().get(
            season_id=season_id, team=team, season__status=Season.Status.CLOSED
        )
    except SeasonTeamArchive.DoesNotExist:
        raise _no_season_to_redraft_after(team, season_id) from None
    if archive.redraft is not None:
        raise ServiceError.one("already_redrafted", None, f"{team.name} has re-drafted")
    # The roster is locked before the plan is checked against it, so the
    # commit drops and keeps exactly the players the check saw.
    on_roster = list(
        Player.objects.select_for_update()
        .filter(team=team, status__in=[Player.Status.ACTIVE, Player.Status.RETIRED])
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    preview = _preview(team, archive, plan)
    if (
        SeasonTeamArchive.objects.filter(pk=archive.pk)
        .filter(archive_redraft_lapsed())
        .exists()
    ):
        # Its treasury and roster are a later season's now: a re-draft would
        # rebuild a team in mid-season from an old season's record.
        preview.violations.append(
            Violation(
                "next_season_started",
                "season",
                f"{team.name} has played a later season since: the re-draft "
                f"after {archive.season.name} is past",
            )
        )
    if not commit:
        return preview
    if preview.violations:
        raise ServiceError(preview.violations)
    roller = SeededRoller(match_seed(archive.season.seed, "redraft", team.pk))
    kept = set(plan.keep)
    dice: list[dict[str, Any]] = []
    # Exactly the players the plan was checked against leave: each one the
    # coach could have kept and did not, and the journeymen (never kept: a
    # journeyman stays only when hired for good before the re-draft).
    # Decision: a scouted player leaves as a fired one does (the status
    # Dugout has for a player who left the team for good).
    dropped = [pk for pk in on_roster if pk not in kept]
    Player.objects.filter(pk__in=dropped).update(status=Player.Status.FIRED)
    for player in (
        Player.objects.select_for_update().filter(team=team, pk__in=kept).order_by("pk")
    ):
        outcome = recover(
            niggling=player.niggling_injuries,
            reductions=dict(player.reductions),
            temporarily_retired=player.status == Player.Status.RETIRED,
            apothecary=plan.apothecary,
            roller=roller,
        )
        for characteristic in outcome.restored:
            setattr(
                player,
                characteristic,
                restored_value(characteristic, getattr(player, characteristic)),
            )
            player.reductions[characteristic] -= 1
        player.reductions = {k: v for k, v in player.reductions.items() if v}
        player.niggling_injuries = outcome.niggling_after
        player.miss_next_game = False
        player.status = Player.Status.ACTIVE
        player.save(
            update_fields=[
                "ma",
                "st",
                "ag",
                "pa",
                "av",
                "reductions",
                "niggling_injuries",
                "miss_next_game",
                "status",
            ]
        )
        dice.append(
            {
                "player_id": player.pk,
                "restored": list(outcome.restored),
                "niggling": [outcome.niggling_before, outcome.niggling_after],
                "dice": [
                    {"purpose": p, "sides": s, "result": r} for p, s, r in outcome.rolls
                ],
            }
        )
    roster = rules_data(team.league.rules_version).rosters[team.roster]
    taken = set(
        Player.objects.filter(
            team=team, status__in=[Player.Status.ACTIVE, Player.Status.RETIRED]
        ).values_list("number", flat=True)
    )
    numbers = (n for n in range(1, 100) if n not in taken)
    hired: list[int] = []
    team_rules = roster.team_rules(team.special_rule or None)
    for position_slug, name in plan.new_players:
        position = roster.position(position_slug)
        player = player_from_position(
            team,
            position,
            name=name_normalize(name),
            number=next(numbers),
            value=hired_value(team.league.format, position, team_rules),
        )
        player.save()
        hired.append(player.pk)
    after = set(
        Player.objects.filter(
            team=team, status__in=[Player.Status.ACTIVE, Player.Status.RETIRED]
        ).values_list("pk", flat=True)
    )
    if after != kept | set(hired):  # rolls the whole re-draft back
        raise RuntimeError(
            f"re-draft of team {team.pk} would leave {sorted(after)}, "
            f"not the kept {sorted(kept)} and hired {hired}"
        )
    refunded = int(preview.budget.get("refunded", 0))
    if refunded:
        treasury_credit(
            team=team,
            amount=refunded,
            reason=TreasuryEntry.Reason.DRAFT,
            note="re-draft: the hires and purchases made since the close are "
            "bought again through the re-draft",
            actor=actor,
        )
    if team.treasury:  # the refund included (the credit reads it back)
        treasury_debit(
            team=team,
            amount=team.treasury,
            reason=TreasuryEntry.Reason.DRAFT,
            note="re-draft: the treasury goes into the re-draft budget",
            actor=actor,
        )
    treasury_credit(
        team=team,
        amount=int(preview.budget["total"]),
        reason=TreasuryEntry.Reason.DRAFT_BUDGET,
        note="re-draft budget",
        actor=actor,
    )
    if preview.total:
        treasury_debit(
            team=team,
            amount=preview.total,
            reason=TreasuryEntry.Reason.DRAFT,
            note="re-draft: players re-hired and hired, staff and re-rolls",
            actor=actor,
        )
    Team.objects.filter(pk=team.pk).update(
        # the Trophy holder's free re-roll stays for the new season
        rerolls=plan.rerolls + preview.trophy_rerolls,
        assistant_coaches=plan.assistant_coaches,
        cheerleaders=plan.cheerleaders,
        apothecary=plan.apothecary,
        status=Team.Status.READY,
    )
    archive.redraft = {
        "budget": preview.budget,
        "players": preview.players,
        "new_players": list(plan.new_players),
        "carry_over": preview.carry_over,
        "total": preview.total,
        "recovery": dice,
        **(
            {"scouted": preview.scouted, "scouting_dice": preview.scouting_dice}
            if preview.scouting_dice
            else {}
        ),
        **(
            {"trophy_rerolls": preview.trophy_rerolls} if preview.trophy_rerolls else {}
        ),
    }
    archive.save(update_fields=["redraft"])
    league_cache_bump(team.league_id)
    return preview
