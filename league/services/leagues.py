"""Creating leagues."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction

from engine.facade import RuleError, Variant, Violation, get_variant
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


def _format_name(variant: Variant) -> str:
    # "Blitz Bowl (house format: …)" is "Blitz Bowl" in a sentence
    return variant.label.split(" (")[0]


def league_option_violations(
    format: str,
    *,
    casualty_table: str | None = None,
    sevens_spp: bool = False,
    time_limit: bool = False,
    tiebreakers: list[str] | None = None,
    bonus_points: bool = False,
    redraft_cap: bool = False,
) -> list[Violation]:
    """The options a new league of ``variant`` asks for that the format
    does not play, each ``not_for_format`` on its field (a tiebreaker on
    ``tiebreakers.<n>``, its place in the list).

    Decision: such an option is refused, not stored nor quietly dropped. The
    new-league page shows every option at once (it works without
    JavaScript), each saying which formats it concerns: a commissioner who
    set one for another format has misread the page, and is told by that
    field rather than given a league that does something else than asked;
    the API and the admin refuse it alike. The casualty bonus is not among
    them: it is on by default for every league, so neither value asks
    anything of a format without the bonus (:func:`league_create` stores
    the default there). An unknown ``format`` is refused elsewhere: none."""
    try:
        variant = get_variant(format)
    except RuleError:
        return []
    name = _format_name(variant)
    found: list[Violation] = []
    if not variant.standings_shows_casualties:
        found += [
            Violation(
                "not_for_format",
                f"tiebreakers.{index}",
                f"{name} standings count no casualties: casualties "
                "cannot separate teams",
            )
            for index, tiebreaker in enumerate(tiebreakers or [])
            if tiebreaker in ("cas_diff", "cas_for")
        ]
    if casualty_table and variant.league_casualty_table() is None:
        found.append(
            Violation(
                "not_for_format",
                "casualty_table",
                f"{name} rolls no casualty table after the game: leave the "
                "format's own",
            )
        )
    if sevens_spp and not variant.spp_optional:
        found.append(
            Violation(
                "not_for_format",
                "sevens_spp",
                f"{name} does not make Star Player Points optional",
            )
        )
    if time_limit and variant.has_halves:
        found.append(
            Violation(
                "not_for_format",
                "time_limit",
                f"{name} is played in halves: it has no time limit to choose",
            )
        )
    if bonus_points and not variant.league_bonuses():
        found.append(
            Violation(
                "not_for_format",
                "bonus_points",
                f"{name} league rules offer no optional bonus League points",
            )
        )
    if redraft_cap and variant.drafts_team_card:
        found.append(
            Violation(
                "not_for_format",
                "redraft_cap",
                f"{name} teams keep their team card from season to season: "
                "there is no re-draft budget to cap",
            )
        )
    return found


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
    bonus_points: bool = False,
    redraft_cap: bool = False,
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
    link here, so the commissioner has one to share at once. ``redraft_cap``:
    every team's Re-Draft Budget is capped at 1,300,000."""
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
    unplayed = league_option_violations(
        format,
        casualty_table=casualty_table,
        sevens_spp=sevens_spp,
        time_limit=time_limit,
        tiebreakers=tiebreakers,
        bonus_points=bonus_points,
        redraft_cap=redraft_cap,
    )
    if unplayed:
        raise ServiceError(unplayed)
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
        casualty_bonus=casualty_bonus
        if variant.casualty_bonus() is not None
        else League._meta.get_field("casualty_bonus").get_default(),
        bonus_points=bonus_points,
        redraft_cap=redraft_cap,
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
