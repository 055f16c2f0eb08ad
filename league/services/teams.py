"""Drafting and managing a team: the only code that writes teams and players.

Each service runs in one transaction, validates everything through the pure
rules in ``engine.campaign.drafting`` before the first write, and locks the team row
(``select_for_update``) where it reads and then changes it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import F, Q, QuerySet

from engine.facade import (
    DraftError,
    DraftRequest,
    Position,
    Roster,
    Staff,
    Variant,
    Violation,
    draft_check,
    get_variant,
    hire_check,
    hired_value,
    purchase_check,
    rules_data,
    special_rule_violations,
    staff_fire_check,
)
from league.errors import ServiceError
from league.models import League, LeagueEvent, Player, Team, TreasuryEntry
from league.names.rules import name_normalize, name_violation
from league.page_cache import league_cache_bump
from league.selectors import team_special_rules, team_trophy_rerolls
from league.services.audit import league_event_record
from league.services.membership import membership_draft_violation
from league.services.treasury import treasury_credit, treasury_debit

ON_ROSTER = (Player.Status.ACTIVE, Player.Status.RETIRED)
MANAGEABLE = (Team.Status.DRAFT, Team.Status.READY, Team.Status.POST_GAME)
# matches.models.Match.Status.SCHEDULED: the league app sits below matches,
# so it names a match's status by its value.
SCHEDULED_MATCH = "scheduled"


@dataclass(frozen=True, slots=True)
class PlayerRequest:
    position: str
    name: str


def team_qs_for_update() -> QuerySet[Team]:
    return Team.objects.select_for_update().select_related("league")


def league_format(league: League) -> Variant:
    return get_variant(league.format)


def league_roster(league: League, slug: str, *, field: str = "roster") -> Roster:
    roster = rules_data(league.rules_version).rosters.get(slug)
    if roster is None:
        raise ServiceError.one("unknown_roster", field, f"there is no roster {slug!r}")
    return roster


def player_from_position(
    team: Team,
    position: Position,
    *,
    name: str,
    number: int,
    value: int | None = None,
    **fields: Any,
) -> Player:
    """A new player of ``team`` at ``position``'s characteristics (not
    saved); his value is his hiring fee unless given (Low Cost Linemen: a
    Lineman's value leaves out the fee he is paid)."""
    if value is None:
        value = hired_value(team.league.format, position, team_special_rules(team))
    return Player(
        team=team,
        position=position.slug,
        name=name,
        number=number,
        ma=position.ma,
        st=position.st,
        ag=position.ag,
        pa=position.pa,
        av=position.av,
        value=value,
        **fields,
    )


def _new_player(team: Team, position: Position, *, name: str, number: int) -> Player:
    return player_from_position(
        team, position, name=name_normalize(name), number=number
    )


def player_name_violations(
    names: Sequence[str], *, field: str = "players"
) -> list[Violation]:
    """What is wrong with the names of players drafted together (the
    ``field``'s items); a blank one is the draft check's own refusal."""
    found = (
        name_violation(name, field=f"{field}.{i}.name", what="player's name")
        for i, name in enumerate(names)
        if name.strip()
    )
    return [v for v in found if v is not None]


def team_save_new(team: Team) -> None:
    """Validate and insert a drafted team; a concurrent draft that took the
    name first is refused as ``name_taken`` (the unique constraint decides)."""
    team.full_clean()
    try:
        team.save()
    except IntegrityError:
        raise ServiceError.one(
            "name_taken", "name", "that team name was just taken"
        ) from None


@transaction.atomic
def team_draft(
    *,
    league: League,
    coach: AbstractBaseUser,
    name: str,
    roster: str,
    players: Sequence[PlayerRequest],
    rerolls: int = 0,
    assistant_coaches: int = 0,
    cheerleaders: int = 0,
    apothecary: bool = False,
    dedicated_fans: int = 1,
    special_rule: str = "",
) -> Team:
    """Draft a new team: validate the whole draft, then write the team, its
    players (numbered 1…n in the order given) and the ledger (budget credited,
    purchases debited) together. Only the league's members and its
    commissioner draft there (``not_a_member``)."""
    fmt = league_format(league)
    membership = membership_draft_violation(league=league, coach=coach)
    if fmt.drafts_team_card:
        raise ServiceError(
            [
                *([membership] if membership is not None else []),
                Violation(
                    "drafts_team_card",
                    "roster",
                    f"{league.name} drafts a team card "
                    "(POST /api/teams/card/), not a roster",
                ),
            ]
        )
    try:
        team_roster = league_roster(league, roster)
    except ServiceError as exc:
        if membership is None:
            raise
        raise ServiceError([membership, *exc.violations]) from None
    request = DraftRequest(
        players=tuple((p.position, p.name) for p in players),
        rerolls=rerolls,
        assistant_coaches=assistant_coaches,
        cheerleaders=cheerleaders,
        apothecary=apothecary,
        dedicated_fans=dedicated_fans,
        special_rule=special_rule or None,
    )
    violations: list[Violation] = [membership] if membership is not None else []
    try:
        cost = draft_check(fmt, team_roster, request)
    except DraftError as exc:
        violations.extend(exc.violations)
    violations += player_name_violations([p.name for p in players])
    name_problem = team_name_violation(league, name)
    if name_problem is not None:
        violations.append(name_problem)
    if violations:
        raise ServiceError(violations)
    team = Team(
        league=league,
        coach=coach,
        roster=team_roster.slug,
        name=name_normalize(name),
        status=Team.Status.READY,
        rerolls=rerolls,
        assistant_coaches=assistant_coaches,
        cheerleaders=cheerleaders,
        apothecary=apothecary,
        dedicated_fans=dedicated_fans,
        special_rule=special_rule,
    )
    team_save_new(team)
    Player.objects.bulk_create(
        _new_player(team, team_roster.position(p.position), name=p.name, number=i)
        for i, p in enumerate(players, start=1)
    )
    treasury_credit(
        team=team,
        amount=fmt.budget,
        reason=TreasuryEntry.Reason.DRAFT_BUDGET,
        note=f"{fmt.label} draft budget",
        actor=coach,
    )
    if cost.total:
        treasury_debit(
            team=team,
            amount=cost.total,
            reason=TreasuryEntry.Reason.DRAFT,
            note=(
                f"{len(players)} players {cost.players:,}; re-rolls {cost.rerolls:,}; "
                f"staff {cost.assistant_coaches + cost.cheerleaders + cost.apothecary:,}; "
                f"fans {cost.dedicated_fans:,}"
            ),
            actor=coach,
        )
    league_cache_bump(league.pk)
    return team


def team_name_violation(league: League, name: str) -> Violation | None:
    """Why ``name`` cannot name a new team of ``league``: no name (see
    ``league.names.rules``), or another team's in any case."""
    problem = name_violation(name, field="name", what="team name")
    if problem is None and (
        Team.objects.filter(league=league, name__iexact=name_normalize(name)).exists()
    ):
        problem = Violation(
            "name_taken",
            "name",
            f"{league.name} already has a team called {name_normalize(name)!r}",
        )
    return problem


def team_require_not_card(team: Team) -> None:
    """Refuse a roster change of a team card (``team_card_fixed``): its
    players are the card's."""
    if league_format(team.league).drafts_team_card:
        raise ServiceError.one(
            "team_card_fixed",
            None,
            f"{team.name} is a team card: no players are hired, fired, retired or bought",
        )


def team_hire_roster(team: Team) -> Roster:
    """The roster ``team`` hires its players from; ``team_card_fixed`` for a
    team card (whose slug names no roster)."""
    team_require_not_card(team)
    return league_roster(team.league, team.roster)


def _manageable(team: Team) -> None:
    team_require_not_card(team)
    if team.status not in MANAGEABLE:
        raise ServiceError.one(
            "team_busy",
            None,
            f"{team.name} is {team.get_status_display().lower()}; "
            "hiring and buying wait until its game is over",
        )
    team_require_no_pregame(team, action="hiring and buying")


def team_require_no_pregame(team: Team, *, action: str) -> None:
    """Refuse ``action`` (a change to the roster, the staff or a player's
    value) while ``team`` is in a match's pre-game sequence: once either
    team has bought its inducements for a match not yet kicked off
    (``pregame_started``).

    Decision: buying inducements is step 4 of the match's pre-game sequence
    (the_rules_of_blood_bowl.md "Pre-game sequence"), after the journeymen
    and after both teams' last post-game, where hiring, firing and
    advancements happen; so from the first purchase until that game is over
    neither team's roster or staff changes. The Star Players were checked
    against the players the team then had ("Star Players may not take the
    number of players in the team to more than 16", inducements_in_detail.md)
    and the petty cash against both CTVs; a player hired after them would
    break both. A team in the post-game of another match (played while
    this one waits) finishes it as usual."""
    if team.status != Team.Status.READY:
        return
    started = Q(
        home_matches__status=SCHEDULED_MATCH, home_matches__inducements__isnull=False
    ) | Q(away_matches__status=SCHEDULED_MATCH, away_matches__inducements__isnull=False)
    if Team.objects.filter(pk=team.pk).filter(started).exists():
        raise ServiceError.one(
            "pregame_started",
            None,
            f"inducements have been bought for {team.name}'s next match: "
            f"{action} must wait until that game is over",
        )


def _free_number(team: Team) -> int:
    taken = set(
        Player.objects.filter(team=team, status__in=ON_ROSTER).values_list(
            "number", flat=True
        )
    )
    return next(n for n in range(1, 100) if n not in taken)


@transaction.atomic
def team_hire_player(
    *, team_id: int, position: str, name: str, actor: AbstractBaseUser | None = None
) -> Player:
    """Hire one player from the team's roster, paying from the treasury."""
    team = team_qs_for_update().get(pk=team_id)
    _manageable(team)
    if not name.strip():
        raise ServiceError.one("blank", "name", "every player needs a name")
    problem = name_violation(name, field="name", what="player's name")
    if problem is not None:
        raise ServiceError([problem])
    fmt = league_format(team.league)
    roster = league_roster(team.league, team.roster)
    # Journeymen are not on the Team Draft list: they take no place in it.
    squad = list(
        Player.objects.filter(
            team=team, status__in=ON_ROSTER, journeyman=False
        ).values_list("position", flat=True)
    )
    try:
        price = hire_check(
            fmt, roster, squad=squad, position=position, treasury=team.treasury
        )
    except DraftError as exc:
        raise ServiceError.from_draft(exc) from None
    player = _new_player(
        team, roster.position(position), name=name, number=_free_number(team)
    )
    player.full_clean()
    player.save()
    treasury_debit(
        team=team,
        amount=price,
        reason=TreasuryEntry.Reason.HIRE,
        note=f"hired {player.name} ({roster.position(position).name})",
        cause=player,
        actor=actor,
    )
    league_cache_bump(team.league_id)
    return player


@transaction.atomic
def team_fire_player(*, team_id: int, player_id: int) -> Player:
    """Fire a player: they leave the roster for good and nothing is refunded
    (Hiring, Firing and Temporarily Retiring)."""
    team = team_qs_for_update().get(pk=team_id)
    _manageable(team)
    try:
        player = Player.objects.select_for_update().get(
            pk=player_id, team=team, status__in=ON_ROSTER
        )
    except Player.DoesNotExist:
        raise ServiceError.one(
            "unknown_player",
            "player",
            f"{team.name} has no player {player_id} on its roster",
        ) from None
    player.status = Player.Status.FIRED
    player.save(update_fields=["status"])
    league_cache_bump(team.league_id)
    return player


def _staff(team: Team) -> Staff:
    """What ``team`` has on its sideline, for the purchase and firing checks:
    its re-rolls with the free ones of a trophy it holds, which the re-roll
    limit leaves out (:func:`team_trophy_rerolls`)."""
    return Staff(
        rerolls=team.rerolls,
        trophy_rerolls=team_trophy_rerolls(team),
        assistant_coaches=team.assistant_coaches,
        cheerleaders=team.cheerleaders,
        apothecary=team.apothecary,
        dedicated_fans=team.dedicated_fans,
    )


@transaction.atomic
def team_buy(
    *, team_id: int, item: str, quantity: int = 1, actor: AbstractBaseUser | None = None
) -> Team:
    """Buy team re-rolls, assistant coaches, cheerleaders or an apothecary
    after the draft, at the format's later prices and limits."""
    team = team_qs_for_update().get(pk=team_id)
    _manageable(team)
    fmt = league_format(team.league)
    roster = league_roster(team.league, team.roster)
    staff = _staff(team)
    try:
        price = purchase_check(
            fmt,
            roster,
            item=item,
            quantity=quantity,
            staff=staff,
            treasury=team.treasury,
        )
    except DraftError as exc:
        raise ServiceError.from_draft(exc) from None
    if item == "apothecary":
        Team.objects.filter(pk=team.pk).update(apothecary=True)
    else:
        Team.objects.filter(pk=team.pk).update(**{item: F(item) + quantity})
    treasury_debit(
        team=team,
        amount=price,
        reason=TreasuryEntry.Reason.PURCHASE,
        note=f"bought {quantity} × {item.replace('_', ' ')}",
        actor=actor,
    )
    team.refresh_from_db()
    league_cache_bump(team.league_id)
    return team


@transaction.atomic
def team_fire_staff(
    *, team_id: int, item: str, quantity: int = 1, actor: AbstractBaseUser | None = None
) -> Team:
    """Fire assistant coaches, cheerleaders or the apothecary: "Fire any
    players and/or Sideline Staff who are no longer required, deleting them
    from the Team Draft list and reducing Team Value accordingly" (Hiring,
    Firing and Temporarily Retiring). Nothing is refunded: the treasury does
    not move and the ledger gets no line; TV drops because it is counted
    from the staff the team has. Team re-rolls and Dedicated Fans are not
    Sideline Staff (``not_sideline_staff``); a team fires only what it has
    (``not_enough_staff``). The league's audit log records it."""
    team = team_qs_for_update().get(pk=team_id)
    _manageable(team)
    try:
        left = staff_fire_check(item=item, quantity=quantity, staff=_staff(team))
    except DraftError as exc:
        raise ServiceError.from_draft(exc) from None
    if item == "apothecary":
        Team.objects.filter(pk=team.pk).update(apothecary=False)
    else:
        Team.objects.filter(pk=team.pk).update(**{item: F(item) - quantity})
    team.refresh_from_db()
    # Recording the event bumps the league's page cache too.
    league_event_record(
        league_id=team.league_id,
        type=LeagueEvent.Type.STAFF_FIRED,
        payload={"team": team.name, "item": item, "quantity": quantity, "left": left},
        team=team,
        actor=actor,
    )
    return team


@transaction.atomic
def team_choose_special_rule(
    *, team_id: int, special_rule: str, actor: AbstractBaseUser | None = None
) -> Team:
    """Record the special rule of a team whose roster offers a choice and
    that has none recorded (teams drafted before Dugout asked for it). The
    choice is made once: it is the draft's, and cannot be changed later."""
    team = team_qs_for_update().get(pk=team_id)
    roster = league_roster(team.league, team.roster)
    if team.special_rule:
        raise ServiceError.one(
            "special_rule_chosen",
            "special_rule",
            f"{team.name} chose {team.special_rule} at the draft",
        )
    violations = special_rule_violations(roster, special_rule or None)
    if violations:
        raise ServiceError(violations)
    team.special_rule = special_rule
    team.save(update_fields=["special_rule"])
    league_event_record(
        league_id=team.league_id,
        type=LeagueEvent.Type.SPECIAL_RULE_CHOSEN,
        payload={"team": team.name, "special_rule": special_rule},
        team=team,
        actor=actor,
    )
    return team
