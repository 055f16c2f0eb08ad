"""Drafting a team in a format where a team is one team card (the variant's
``drafts_team_card``, e.g. Blitz Bowl): no budget, no purchases, no
treasury or ledger rows. The team's ``roster`` is the card's slug and its
Players are the card's positions, as many of each as the card gives."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from engine.facade import Violation
from league.errors import ServiceError
from league.models import League, Player, Team
from league.names.rules import name_normalize, name_violation
from league.page_cache import league_cache_bump
from league.services.membership import membership_draft_violation
from league.services.teams import league_format, team_name_violation, team_save_new


def card_player_default_name(position: str, index: int) -> str:
    """The name of a player the coach did not name: the position and the
    shirt number (as the engine names them)."""
    return f"{position} {index}"


@transaction.atomic
def team_draft_card(
    *,
    league: League,
    coach: AbstractBaseUser,
    name: str,
    card: str,
    player_names: Sequence[str] = (),
) -> Team:
    """Draft a team by picking one of the format's team cards. Players are
    numbered 1…n in card order; ``player_names`` names them in that order
    (blank or missing: a default name). Refused with every violation and
    nothing written: not a member, not a card format, an unknown card, more
    names than players, a blank or taken team name."""
    fmt = league_format(league)
    violations: list[Violation] = []
    membership = membership_draft_violation(league=league, coach=coach)
    if membership is not None:
        violations.append(membership)
    if not fmt.drafts_team_card:
        raise ServiceError(
            [
                *violations,
                Violation(
                    "drafts_roster",
                    "league",
                    f"{league.name} drafts rosters within a budget, not team cards",
                ),
            ]
        )
    players = fmt.card_players(card)
    if not players:
        violations.append(
            Violation("unknown_card", "card", f"there is no team card {card!r}")
        )
    elif len(player_names) > len(players):
        violations.append(
            Violation(
                "too_many_names",
                "player_names",
                f"the {fmt.team_cards()[card]} card gives {len(players)} players, "
                f"not {len(player_names)}",
            )
        )
    for index, player_name in enumerate(player_names):
        # a blank name takes the default; any other must be a name
        problem = player_name.strip() and name_violation(
            player_name, field=f"player_names.{index}", what="player's name"
        )
        if problem:
            violations.append(problem)
    name_problem = team_name_violation(league, name)
    if name_problem is not None:
        violations.append(name_problem)
    if violations:
        raise ServiceError(violations)
    # Decision: no money moves in a card format (no budget, no treasury,
    # no ledger rows): the team's treasury stays 0 and it has no staff.
    team = Team(
        league=league,
        coach=coach,
        roster=card,
        name=name_normalize(name),
        status=Team.Status.READY,
    )
    team_save_new(team)
    names = list(player_names)
    Player.objects.bulk_create(
        Player(
            team=team,
            position=p.position,
            name=(name_normalize(names[i - 1]) if i <= len(names) else "")
            or card_player_default_name(p.position, i),
            number=i,
            ma=p.ma,
            st=p.st,
            ag=p.ag,
            pa=p.pa,
            av=p.av,
            value=0,
        )
        for i, p in enumerate(players, start=1)
    )
    league_cache_bump(league.pk)
    return team
