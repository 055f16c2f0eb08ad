"""Reads: team sheets, values and lists, each in a fixed number of queries."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from django.db.models import Prefetch, Q, QuerySet

from engine.facade import (
    Characteristic,
    TeamValue,
    Variant,
    Violation,
    get_variant,
    profile_violations,
    rules_data,
    team_value,
    variants,
)
from league.access import AnyUser
from league.models import (
    League,
    LeagueEvent,
    LeagueMembership,
    PendingAdvancement,
    Player,
    Team,
    TreasuryEntry,
)
from league.rules import league_rules

ON_ROSTER = (Player.Status.ACTIVE, Player.Status.RETIRED)


def roster_players_prefetch() -> Prefetch:
    """Prefetch each team's players on the roster, by number, into
    ``roster_players`` (read by :func:`team_roster_players`)."""
    return Prefetch(
        "players",
        # with each player's advancement roll waiting for a choice, if any
        # (a join: :func:`team_pending_rolls` reads it without a query)
        queryset=Player.objects.filter(status__in=ON_ROSTER)
        .select_related("pending_advancement")
        .order_by("number"),
        to_attr="roster_players",
    )


def team_detail_qs() -> QuerySet[Team]:
    """Teams with everything a team sheet shows: two queries whatever the
    roster size (the team with league and coach, then its players)."""
    return Team.objects.select_related("league", "coach", "captain").prefetch_related(
        roster_players_prefetch()
    )


def team_league_id(team_id: int) -> int | None:
    return Team.objects.filter(pk=team_id).values_list("league_id", flat=True).first()


def team_list(
    *, league_id: int | None = None, coach_id: int | None = None
) -> QuerySet[Team]:
    qs = team_detail_qs()
    if league_id is not None:
        qs = qs.filter(league_id=league_id)
    if coach_id is not None:
        qs = qs.filter(coach_id=coach_id)
    return qs.order_by("league_id", "name")


def team_roster_players(team: Team) -> list[Player]:
    prefetched = getattr(team, "roster_players", None)
    if prefetched is not None:
        return list(prefetched)
    return list(
        team.players.filter(status__in=ON_ROSTER)
        .select_related("pending_advancement")
        .order_by("number")
    )


def player_pending_row(player: Player) -> PendingAdvancement | None:
    """The player's dice-rolled advancement waiting for the coach's choice
    (``league.services.advancement``), if any: read with him where
    :func:`team_roster_players` read him, else one query."""
    try:
        return player.pending_advancement
    except PendingAdvancement.DoesNotExist:
        return None


def team_pending_rolls(players: list[Player]) -> set[int]:
    """Of ``players`` (:func:`team_roster_players`), those whose
    dice-rolled advancement waits for the coach's choice."""
    return {p.pk for p in players if player_pending_row(p) is not None}


def team_redraft_candidates(team: Team) -> QuerySet[Player]:
    """The players a re-draft may keep: the Team Draft list (active and
    temporarily retired players; journeymen never stay unless hired for
    good first), by shirt number."""
    return team.players.filter(status__in=ON_ROSTER, journeyman=False).order_by(
        "number"
    )


def team_special_rules(team: Team) -> tuple[str, ...]:
    """The team's special rules: its roster's, with the one it chose at the
    draft where the roster offers a choice (none of the options if it has
    not chosen)."""
    if get_variant(team.league.format).drafts_team_card:
        return ()  # a team card has no team special rules
    roster = rules_data(team.league.rules_version).rosters[team.roster]
    return roster.team_rules(team.special_rule or None)


def team_captain_rule(team: Team) -> str | None:
    """The rule under which ``team`` names a captain, or None when its
    format or its roster has none."""
    rule = get_variant(team.league.format).team_captain_rule
    return rule if rule and rule in team_special_rules(team) else None


def captain_able(team: Team) -> Player | None:
    """The team's captain while he is one: an active player of the team
    (a dead, fired or retired one no longer is)."""
    captain = team.captain
    if captain is None or captain.team_id != team.pk:
        return None
    if captain.status != Player.Status.ACTIVE or captain.journeyman:
        return None
    return captain


def team_mvp_nominees(
    team: Team, players: Sequence[Player] | None = None
) -> list[Player] | None:
    """The team's standing MVP nominations that still stand, in the
    coach's order: active players of the team (one who died, was fired or
    retired drops out); None when the team's format has no nominations."""
    if get_variant(team.league.format).mvp_nominations is None:
        return None
    by_id = {
        p.pk: p for p in (team_roster_players(team) if players is None else players)
    }
    return [
        by_id[pid]
        for pid in team.mvp_nominations
        if pid in by_id
        and by_id[pid].status == Player.Status.ACTIVE
        and not by_id[pid].journeyman
    ]


def team_value_get(team: Team) -> TeamValue:
    """TV and CTV of a team. Temporarily retired players count towards TV but
    not CTV, like players who miss the next game (Hiring, Firing and
    Temporarily Retiring). Journeymen are not on the Team Draft list, so
    they add nothing to TV, but they play: those available count towards CTV
    (seed 004: "CTV: TV minus MNG players, plus Journeymen")."""
    league = team.league
    variant = get_variant(league.format)
    if not variant.tracks_progression:
        # Decision: a format with no progression has no team value.
        return TeamValue(tv=0, ctv=0)
    roster = rules_data(league.rules_version).rosters[team.roster]
    on_roster = team_roster_players(team)
    players = [
        (p.value, p.miss_next_game or p.status == Player.Status.RETIRED)
        for p in on_roster
        if not p.journeyman
    ]
    value = team_value(
        variant,
        roster,
        players=players,
        rerolls=team.rerolls,
        assistant_coaches=team.assistant_coaches,
        cheerleaders=team.cheerleaders,
        apothecary=team.apothecary,
    )
    journeymen = sum(
        p.value
        for p in on_roster
        if p.journeyman and p.status == Player.Status.ACTIVE and not p.miss_next_game
    )
    return replace(value, ctv=value.ctv + journeymen)


def team_ledger(team: Team) -> QuerySet[TreasuryEntry]:
    return (
        TreasuryEntry.objects.filter(team=team)
        .select_related("created_by")
        .order_by("id")
    )


def _roster_names(fmt: Variant, version: str) -> dict[str, str]:
    """A format's rosters (a card format's team cards), slug -> name."""
    if fmt.drafts_team_card:
        return dict(fmt.team_cards())
    return {slug: r.name for slug, r in rules_data(version).rosters.items()}


def roster_choices(league: League | None = None) -> list[tuple[str, str]]:
    """The rosters a team of ``league`` may have (team cards in a card
    format; without a league, those of every format), as (slug, name), by
    name."""
    if league is not None:
        names = _roster_names(get_variant(league.format), league.rules_version)
    else:
        names = {}
        for fmt in variants().values():
            names = _roster_names(fmt, fmt.rules_data_version) | names
    return sorted(names.items(), key=lambda c: c[1])


def roster_name(slug: str) -> str:
    return dict(roster_choices()).get(slug, slug)


def roster_has_position(league: League, roster: str, position: str) -> bool:
    """Whether a player of ``position`` may stand on a team of ``roster`` in
    ``league``: one of the roster's positions or one it borrows (a team
    card's players, in a card format). Every page and the engine read a
    player's profile and skills from it."""
    fmt = get_variant(league.format)
    if fmt.drafts_team_card:
        return any(p.position == position for p in fmt.card_players(roster))
    try:
        rules_data(league.rules_version).position_of(roster, position)
    except KeyError:
        return False
    return True


def player_profile_violations(player: Player, *, team: Team) -> tuple[Violation, ...]:
    """Why ``player``'s characteristics and lasting injuries (as a form left
    them, unsaved) are not ones the rules of ``team``'s league can give a
    player of his position (``engine.campaign.profile``): the database
    admits every format's range, this checks his own format's, his
    position's profile and the league's casualty table. Empty when his
    position is not one of the team's (refused on its own)."""
    league = team.league
    fmt = get_variant(league.format)
    base: Any = None
    if fmt.drafts_team_card:
        base = next(
            (p for p in fmt.card_players(team.roster) if p.position == player.position),
            None,
        )
    else:
        try:
            base = rules_data(league.rules_version).position_of(
                team.roster, player.position
            )
        except KeyError:
            pass
    if base is None:
        return ()
    table = league_rules(league).casualty()
    return profile_violations(
        player,
        base=base,
        progression=fmt.tracks_progression,
        improvements={Characteristic(k): n for k, n in player.improvements.items()},
        reductions={Characteristic(k): n for k, n in player.reductions.items()},
        max_reductions=table.max_reductions if table is not None else None,
    )


def team_trophy_rerolls(team: Team) -> int:
    """How many of ``team``'s re-rolls are the free ones of a trophy it
    holds (league_and_exhibition_play.md "Glittering Prizes": the League
    Trophy's re-roll, or Dungeon Bowl's Trophy's). A season's close records
    them in the champion's archive (``trophy_rerolls``); the team holds them
    until the next season it plays closes, which archives it again, so they
    are those of its latest archive. Read through the team's ``archives``
    relation: the league app names no model of the matches app."""
    record = (
        Team.objects.filter(pk=team.pk, archives__isnull=False)
        .order_by("-archives__season__created_at", "-archives__pk")
        .values_list("archives__record", flat=True)
        .first()
    )
    held = int((record or {}).get("trophy_rerolls", 0))
    return min(held, team.rerolls)


def team_move_violation(team: Team) -> Violation | None:
    """Why ``team`` may not move to another league, or None if it may.

    A match, played or to play, is between two teams of its season's
    league: moved, the team would take its fixtures, results and standings
    into a league whose seasons do not hold them. Decision: a team entered
    in a season of its league stays too, before its fixtures are drawn (the
    schedule would pair it with the other league's teams)."""
    moved = Team.objects.filter(pk=team.pk)
    if moved.filter(
        Q(home_matches__isnull=False) | Q(away_matches__isnull=False)
    ).exists():
        return Violation(
            "team_has_matches",
            "league",
            f"{team.name} has matches in {team.league.name}, played or to "
            "play: it stays in its league",
        )
    if moved.filter(seasons__isnull=False).exists():
        return Violation(
            "team_in_season",
            "league",
            f"{team.name} takes part in a season of {team.league.name}: it "
            "stays in its league",
        )
    return None


def league_ids_run_by(user: AnyUser) -> frozenset[int]:
    """The ids of the leagues ``user`` commissions (none when anonymous)."""
    if not user.is_authenticated:
        return frozenset()
    return frozenset(
        League.objects.filter(commissioner_id=user.pk).values_list("pk", flat=True)
    )


def league_list() -> QuerySet[League]:
    return League.objects.select_related("commissioner").order_by("name")


def league_event_list(
    league: League, *, type: str | None = None
) -> QuerySet[LeagueEvent]:
    """A league's audit log, newest first."""
    qs = LeagueEvent.objects.filter(league=league).select_related(
        "team", "player", "created_by"
    )
    if type:
        qs = qs.filter(type=type)
    return qs.order_by("-id")


# What a step of the audit log keeps for the league's commissioner alone:
# the address an invitation was e-mailed to (the invited person has no
# account with the league yet, and the log is public).
PRIVATE_PAYLOAD: dict[str, frozenset[str]] = {
    LeagueEvent.Type.INVITE_EMAILED: frozenset({"email"}),
}


def league_event_payload(event: LeagueEvent, *, commissioner: bool) -> dict[str, Any]:
    """``event``'s payload as a reader sees it: whole for the league's
    commissioner, without its private keys for anyone else."""
    private = PRIVATE_PAYLOAD.get(event.type)
    if commissioner or not private:
        return event.payload
    return {k: v for k, v in event.payload.items() if k not in private}


def league_member_list(
    league: League, *, status: str | None = None
) -> QuerySet[LeagueMembership]:
    """Everyone invited to, asking to join, in, or once in ``league`` (the
    commissioner has no row), by name."""
    qs = LeagueMembership.objects.filter(league=league).select_related("coach")
    if status:
        qs = qs.filter(status=status)
    return qs.order_by("coach__username", "pk")


def league_membership_get(league: League, user: AnyUser) -> LeagueMembership | None:
    """``user``'s membership row in ``league``, if any."""
    if not user.is_authenticated:
        return None
    return LeagueMembership.objects.filter(league=league, coach_id=user.pk).first()


def league_member_ids(league: League) -> set[int]:
    """The coaches whose teams may play in ``league``: its members and its
    commissioner."""
    members = LeagueMembership.objects.filter(
        league=league, status=LeagueMembership.Status.MEMBER
    ).values_list("coach_id", flat=True)
    return {league.commissioner_id, *members}


def league_list_for_drafting(user: AnyUser) -> QuerySet[League]:
    """The leagues ``user`` may draft a team into."""
    if not user.is_authenticated:
        return League.objects.none()
    member_of = LeagueMembership.objects.filter(
        coach_id=user.pk, status=LeagueMembership.Status.MEMBER
    ).values("league_id")
    return league_list().filter(Q(commissioner_id=user.pk) | Q(pk__in=member_of))
