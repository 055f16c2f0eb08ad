"""Starting a league from the new-league page: the league, created by the
same service as the API's (its creator becomes the commissioner, it is
opened to requests to join if asked and given its first invite link, all
in one transaction)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from league.models import League
from league.services.leagues import league_create


@dataclass(frozen=True)
class LeagueOptions:
    """The league's options as the page offers them (None: the format's
    own choice)."""

    points_win: int = 3
    points_draw: int = 1
    points_loss: int = 0
    tiebreakers: list[str] = field(default_factory=list)
    casualty_table: str | None = None
    sevens_spp: bool = False
    time_limit: bool = False
    casualty_bonus: bool = True
    bonus_points: bool = False
    redraft_cap: bool = False
    report_confirmation_days: int = 0
    is_open: bool = False


@transaction.atomic
def league_start(
    *, commissioner: AbstractBaseUser, name: str, format: str, options: LeagueOptions
) -> League:
    return league_create(
        commissioner=commissioner,
        name=name,
        format=format,
        points_win=options.points_win,
        points_draw=options.points_draw,
        points_loss=options.points_loss,
        tiebreakers=options.tiebreakers or None,
        casualty_table=options.casualty_table,
        sevens_spp=options.sevens_spp,
        time_limit=options.time_limit,
        casualty_bonus=options.casualty_bonus,
        bonus_points=options.bonus_points,
        redraft_cap=options.redraft_cap,
        report_confirmation_days=options.report_confirmation_days,
        is_open=options.is_open,
    )
