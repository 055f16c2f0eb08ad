"""Treasury movements: every change of a team's gold is a ledger row.

The cached ``Team.treasury`` moves with a conditional ``UPDATE … SET treasury
= treasury - n WHERE treasury >= n`` in the same transaction as the ledger
row, so two concurrent debits can never take a treasury below zero (and the
database constraint backs that up).
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.contrib.contenttypes.models import ContentType
from django.db import models, transaction
from django.db.models import F

from league.errors import ServiceError
from league.models import LeagueEvent, Team, TreasuryEntry
from league.page_cache import league_cache_bump
from league.rules import league_rules
from league.services.audit import league_event_record


def _record(
    *,
    team: Team,
    amount: int,
    reason: str,
    note: str,
    cause: models.Model | None,
    actor: AbstractBaseUser | None,
) -> TreasuryEntry:
    balance = Team.objects.values_list("treasury", flat=True).get(pk=team.pk)
    team.treasury = balance
    entry = TreasuryEntry(
        team=team,
        amount=amount,
        reason=reason,
        note=note[:300],
        balance_after=balance,
        created_by=actor if actor is not None and actor.is_authenticated else None,
        cause_type=ContentType.objects.get_for_model(cause)
        if cause is not None
        else None,
        cause_id=cause.pk if cause is not None else None,
    )
    # Field checks in Python (reason, note); the foreign keys and the
    # balance >= 0 rule are the database's constraints, so no extra queries
    # are spent validating them here (the post-game writes many of these).
    entry.full_clean(
        exclude=["team", "created_by", "cause_type"], validate_constraints=False
    )
    entry.save()
    league_cache_bump(team.league_id)
    return entry


@transaction.atomic
def treasury_credit(
    *,
    team: Team,
    amount: int,
    reason: str,
    note: str = "",
    cause: models.Model | None = None,
    actor: AbstractBaseUser | None = None,
) -> TreasuryEntry:
    """Add ``amount`` (> 0) gold pieces to the treasury, with a ledger row."""
    if amount <= 0:
        raise ServiceError.one("min_value", "amount", "a credit must be positive")
    Team.objects.filter(pk=team.pk).update(treasury=F("treasury") + amount)
    return _record(
        team=team, amount=amount, reason=reason, note=note, cause=cause, actor=actor
    )


@transaction.atomic
def treasury_debit(
    *,
    team: Team,
    amount: int,
    reason: str,
    note: str = "",
    cause: models.Model | None = None,
    actor: AbstractBaseUser | None = None,
) -> TreasuryEntry:
    """Take ``amount`` (> 0) gold pieces from the treasury, with a ledger row;
    refuse with ``over_budget`` if the treasury does not hold that much."""
    if amount <= 0:
        raise ServiceError.one("min_value", "amount", "a debit must be positive")
    moved = Team.objects.filter(pk=team.pk, treasury__gte=amount).update(
        treasury=F("treasury") - amount
    )
    if not moved:
        held = Team.objects.values_list("treasury", flat=True).get(pk=team.pk)
        raise ServiceError.one(
            "over_budget",
            "treasury",
            f"this costs {amount:,} but the treasury holds {held:,}",
        )
    return _record(
        team=team, amount=-amount, reason=reason, note=note, cause=cause, actor=actor
    )


# A manual correction at most this big either way (more than any league's
# team holds), and no treasury above what its column stores.
ADJUSTMENT_MAX = 10_000_000
TREASURY_MAX = 2_147_483_647


@transaction.atomic
def treasury_adjust(
    *, team: Team, amount: int, note: str, actor: AbstractBaseUser | None
) -> TreasuryEntry:
    """A commissioner's manual correction; the reason is required and goes
    both into the ledger and into the league's audit log. A team of a format
    without a treasury (its variant's ``team_fields``) has none to adjust."""
    fmt = league_rules(team.league).variant
    if "treasury" not in fmt.team_fields:
        raise ServiceError.one(
            "not_in_format", "amount", f"a {fmt.label} team has no treasury"
        )
    if not note.strip():
        raise ServiceError.one("required", "note", "say why the treasury is adjusted")
    if amount == 0:
        raise ServiceError.one("min_value", "amount", "an adjustment cannot be zero")
    if abs(amount) > ADJUSTMENT_MAX:
        raise ServiceError.one(
            "max_value", "amount", f"at most {ADJUSTMENT_MAX:,} gold pieces either way"
        )
    current = Team.objects.select_for_update().values_list("treasury", flat=True)
    if current.get(pk=team.pk) + amount > TREASURY_MAX:
        raise ServiceError.one(
            "max_value", "amount", f"a treasury holds at most {TREASURY_MAX:,}"
        )
    move = treasury_credit if amount > 0 else treasury_debit
    entry = move(
        team=team,
        amount=abs(amount),
        reason=TreasuryEntry.Reason.ADJUSTMENT,
        note=note,
        actor=actor,
    )
    league_event_record(
        league_id=team.league_id,
        type=LeagueEvent.Type.TREASURY_ADJUSTMENT,
        team=team,
        actor=actor,
        payload={
            "amount": amount,
            "reason": note.strip(),
            "ledger_entry_id": entry.pk,
            "balance_after": entry.balance_after,
        },
    )
    return entry
