"""Journeymen: taken on at kick-off to reach the format's minimum, released
at the team's next kick-off unless hired permanently in between
(the_rules_of_blood_bowl.md "3. Take on Journeymen"; post-game_sequence.md
"4. Hiring, Firing and Temporarily Retiring"; seed 004 "Take on
Journeymen").

A journeyman is a ``Player`` row with ``journeyman=True``: the roster's
lineman position, Loner (4+) (Sevens: 5+) as a trait entry of
``gained_skills``, a Current Value equal to the position's cost. He counts
towards CTV but not TV (see ``league.selectors.team_value_get``).
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from engine.facade import (
    BORROWED_POSITIONS,
    LONER,
    CampaignError,
    Position,
    hire_journeyman,
    journeyman_loner,
    journeyman_position,
    rules_data,
)
from league.engine_bridge import gained_skill_entry, player_state
from league.errors import ServiceError
from league.models import League, LeagueEvent, Player, Team, TreasuryEntry
from league.selectors import team_roster_players, team_special_rules
from league.services.audit import league_event_record
from league.services.roster import team_player_for_update, team_require_not_playing
from league.services.teams import (
    ON_ROSTER,
    league_format,
    league_roster,
    player_from_position,
    team_qs_for_update,
)
from league.services.treasury import treasury_debit


def _available(team: Team) -> int:
    # From the roster prefetched with the team when there is one (kick-off
    # holds the team's lock): journeymen released just before still show
    # there, but they are not counted anyway.
    return sum(
        1
        for p in team_roster_players(team)
        if p.status == Player.Status.ACTIVE
        and not p.miss_next_game
        and not p.journeyman
    )


def free_shirt_numbers(team: Team, count: int) -> list[int]:
    """Shirt numbers after the highest one on the roster (gaps below it only
    if the numbers run out at 99)."""
    taken = set(
        Player.objects.filter(team=team, status__in=ON_ROSTER).values_list(
            "number", flat=True
        )
    )
    start = max(taken, default=0) + 1
    free = [n for n in range(start, 100)] + [
        n for n in range(1, start) if n not in taken
    ]
    return free[:count]


def _journeyman(
    team: Team,
    position: Position,
    gained: list[dict[str, object]],
    number: int,
    label: str,
) -> Player:
    """A journeyman of ``position`` with shirt ``number`` (not saved); his
    value keeps the hiring fee (he is not permanently hired)."""
    return player_from_position(
        team,
        position,
        name=f"{label} #{number}",
        number=number,
        value=position.cost,
        gained_skills=gained,
        journeyman=True,
    )


def team_release_journeymen(team: Team, *, match_id: int | None = None) -> list[int]:
    """The journeymen of the team's last game who were not hired leave the
    team. Call with the team row locked. Returns their ids."""
    leaving = sorted(p.pk for p in team_roster_players(team) if p.journeyman)
    if not leaving:
        return []
    Player.objects.filter(pk__in=leaving).update(status=Player.Status.RELEASED)
    league_event_record(
        league_id=team.league_id,
        type=LeagueEvent.Type.JOURNEYMEN_RELEASED,
        team=team,
        match_id=match_id,
        payload={"player_ids": leaving},
    )
    return leaving


def team_take_journeymen(
    team: Team, *, minimum: int, match_id: int | None = None, extra: int = 0
) -> list[Player]:
    """Take on journeymen until ``minimum`` players (not temporarily retired,
    not missing this game, not journeymen) are available, and ``extra``
    more (Riotous Rookies, even beyond 16 players). Call with the team row
    locked (kick-off holds it). Returns the new journeymen."""
    league = team.league
    available = _available(team)
    needed = max(0, minimum - available) + extra
    if not needed:
        return []
    try:
        position = journeyman_position(league_roster(league, team.roster))
        loner = journeyman_loner(league.format)
    except CampaignError as exc:
        raise ServiceError.one(exc.code, exc.field, exc.message) from None
    gained = (
        []
        if position.has_skill(LONER)
        else [gained_skill_entry(loner, trait=True, journeyman=True)]
    )
    players = [
        _journeyman(team, position, gained, number, "Journeyman")
        for number in free_shirt_numbers(team, needed)
    ]
    # Field checks in Python; the team is the locked row itself, so no
    # query per journeyman checks that it exists.
    for player in players:
        player.full_clean(exclude=["team"], validate_constraints=False)
    Player.objects.bulk_create(players)
    league_event_record(
        league_id=league.pk,
        type=LeagueEvent.Type.JOURNEYMEN_TAKEN,
        team=team,
        match_id=match_id,
        payload={
            "available": available,
            "minimum": minimum,
            "position": position.slug,
            "loner": loner.param,
            "player_ids": [p.pk for p in players],
        }
        # Riotous Rookies: journeymen beyond the minimum
        | ({"extra": extra} if extra else {}),
    )
    return players


FAVOURED_OF_NURGLE = "favoured-of-nurgle"
ROTTER = ("nurgle", "rotter-lineman")


def plague_rotter_position(league: League) -> Position:
    """The Rotter whom Plague Ridden gives, from the league's Nurgle roster
    (BB2020's rotter-lineman, BB2025's nurgle-rotter)."""
    nurgle = league_roster(league, ROTTER[0])
    return next(
        p for p in nurgle.positions if BORROWED_POSITIONS.get(p.slug) == ROTTER[0]
    )


def team_take_plague_rotter(team: Team, *, match_id: int) -> Player | None:
    """Plague Ridden's league part (skills_and_traits.md "Plague Ridden"):
    a team with the Favoured of Nurgle special rule whose player's trait took
    an opponent gets a new Rotter Lineman, drawn from the Nurgle roster,
    whom its coach may hire permanently in the post-game "exactly as ... a
    Journeyman". He is a journeyman (with the journeyman Loner), so unless
    hired he leaves at the team's next kick-off, as journeymen do. Call with
    the team row locked. Returns him (None for a team without the rule).

    Decision: he joins after the match (the engine plays with the players
    fielded at kick-off), not in its Reserves box."""
    league = team.league
    # The team's own rules: a Chaos team is Favoured of Nurgle only if it
    # chose so at the draft (its roster lists every favour).
    if FAVOURED_OF_NURGLE not in team_special_rules(team):
        return None
    position = plague_rotter_position(league)
    loner = journeyman_loner(league.format)
    gained = (
        []
        if position.has_skill(LONER)
        else [gained_skill_entry(loner, trait=True, journeyman=True)]
    )
    (number,) = free_shirt_numbers(team, 1)
    player = _journeyman(team, position, gained, number, "Plague Rotter")
    player.full_clean(validate_constraints=False)
    player.save()
    league_event_record(
        league_id=league.pk,
        type=LeagueEvent.Type.JOURNEYMEN_TAKEN,
        team=team,
        match_id=match_id,
        payload={
            "plague_ridden": True,
            "position": position.slug,
            "loner": loner.param,
            "player_ids": [player.pk],
        },
    )
    return player


def team_kick_off_journeymen(team: Team, *, match_id: int) -> bool:
    """Kick-off for one team: last game's unhired journeymen leave, then
    journeymen join up to the format's minimum. Call with the team row
    locked. True if the roster changed."""
    released = team_release_journeymen(team, match_id=match_id)
    taken = team_take_journeymen(
        team, minimum=league_format(team.league).min_players, match_id=match_id
    )
    return bool(released or taken)


@transaction.atomic
def journeyman_hire(
    *, team_id: int, player_id: int, actor: AbstractBaseUser | None = None
) -> Player:
    """Hire a journeyman permanently: pay the position's cost from the
    treasury; he loses the journeyman Loner and keeps his SPP,
    advancements and Current Value (a Low Cost Lineman's without his fee).
    Refused over budget, at the position's
    limit or with a full Team Draft list."""
    team = team_qs_for_update().get(pk=team_id)
    team_require_not_playing(team, action="hiring")
    player = team_player_for_update(team, player_id)
    if not player.journeyman:
        raise ServiceError.one(
            "not_journeyman", "player", f"{player.name} is not a journeyman"
        )
    league = team.league
    roster = league_roster(league, team.roster)
    position = rules_data(league.rules_version).position_of(
        team.roster, player.position
    )
    permanent = Player.objects.filter(team=team, status__in=ON_ROSTER, journeyman=False)
    try:
        hire = hire_journeyman(
            player_state(player, position),
            roster,
            league.format,
            team_size=permanent.count(),
            position_count=permanent.filter(position=player.position).count(),
            treasury=team.treasury,
            position=position,
            team_rules=team_special_rules(team),
        )
    except CampaignError as exc:
        field = {"team_size": "player", "position_count": "player"}.get(
            exc.field or "", exc.field
        )
        raise ServiceError.one(exc.code, field, exc.message) from None
    keeps_loner = any(s.skill == LONER for s in hire.player.skills)
    player.gained_skills = [
        s
        for s in player.gained_skills
        if keeps_loner or not (s["skill"] == LONER and s.get("journeyman"))
    ]
    player.journeyman = False
    player.value = hire.player.value  # Low Cost Linemen: without his fee
    player.save(update_fields=["gained_skills", "journeyman", "value"])
    entry = treasury_debit(
        team=team,
        amount=hire.cost,
        reason=TreasuryEntry.Reason.HIRE,
        note=f"hired journeyman {player.name} ({position.name})",
        cause=player,
        actor=actor,
    )
    league_event_record(
        league_id=league.pk,
        type=LeagueEvent.Type.JOURNEYMAN_HIRED,
        team=team,
        player=player,
        actor=actor,
        payload={
            "cost": hire.cost,
            "treasury_after": entry.balance_after,
            "ledger_entry_id": entry.pk,
        },
    )
    return player
