"""Creating leagues."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction

from engine.facade import RuleError, Variant, get_variant
from league.accounts.verification import require_email_verified
from league.errors import ServiceError
from league.invites.services import invite_link_make
from league.models import (
    League,
    LeagueEvent,
    points_order_problem,
    tiebreakers_problem,
)
from league.names.rules import name_normalize, name_violation
from league.services.audit import league_event_record


def _default_table(variant: Variant) -> str:
    """The table the format rolls casualties on; formats whose Injury table
    gives casualties keep the model's default, which they never read."""
    own = variant.league_casualty_table()
    return own.name if own is not None else League.CasualtyTable.BB2020


@transaction.atomic
def league_create(
    *,
    commissioner: AbstractBaseUser,
    name: str,
    format: str,
    points_win: int = 3,
    points_draw: int = 1,
    points_loss: int = 0,
    tiebreakers: list[str] | None = None,
    casualty_table: str | None = None,
    sevens_spp: bool = False,
    time_limit: bool = False,
    casualty_bonus: bool = True,
    report_confirmation_days: int = 0,
    is_open: bool = False,
) -> League:
    """Create a league; its creator becomes the commissioner and it pins the
    current rules-data version. ``report_confirmation_days``: 0, a coach's
    report stands at once; otherwise the opposing coach has that many days
    to confirm or dispute it (matches/reports/confirmation.py). The
    creator must have verified their e-mail address
    (league/accounts/verification.py). ``is_open``: the league takes
    requests to join from the start. Every league, however it is made (the
    new-league page, the API, the admin, the demo), gets its first invite
    link here, so the commissioner has one to share at once."""
    require_email_verified(commissioner, to="create a league")
    try:
        variant = get_variant(format)
    except RuleError:
        raise ServiceError.one(
            "invalid_choice", "format", f'"{format}" is not a valid choice.'
        ) from None
    problem = name_violation(name, field="name", what="league name")
    if problem is not None:
        raise ServiceError([problem])
    name = name_normalize(name)
    if League.objects.filter(name__iexact=name).exists():
        raise ServiceError.one("name_taken", "name", f"a league called {name!r} exists")
    points = points_order_problem(points_win, points_draw, points_loss)
    if points is not None:
        raise ServiceError.one("points_order", *points)
    # The format's own order unless the league gives one.
    order = tiebreakers or list(variant.default_tiebreakers)
    problem = tiebreakers_problem(order)
    if problem is not None:
        raise ServiceError.one(problem[0], "tiebreakers", problem[1])
    league = League(
        name=name,
        format=format,
        rules_version=variant.rules_data_version,
        commissioner=commissioner,
        points_win=points_win,
        points_draw=points_draw,
        points_loss=points_loss,
        tiebreakers=order,
        casualty_table=casualty_table or _default_table(variant),
        sevens_spp=sevens_spp,
        time_limit=time_limit,
        casualty_bonus=casualty_bonus,
        report_confirmation_days=report_confirmation_days,
        is_open=is_open,
    )
    league.full_clean()
    try:
        league.save()
    except IntegrityError:
        raise ServiceError.one(
            "name_taken", "name", "that league name was just taken"
        ) from None
    if is_open:
        league_event_record(
            league_id=league.pk,
            type=LeagueEvent.Type.LEAGUE_OPENED,
            payload={"is_open": True},
            actor=commissioner,
        )
    invite_link_make(league, actor=commissioner)
    return league
