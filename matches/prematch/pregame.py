"""A match's pre-game sequence as a state of its two teams
(the_rules_of_blood_bowl.md "Pre-game sequence": step 4, Inducements, comes
straight before the kick-off). It starts with the first inducements bought
for the match (:mod:`matches.prematch.inducements`) and lasts until the
match kicks off. Meanwhile:

- neither team's roster or staff changes
  (:func:`league.services.teams.team_require_no_pregame`);
- neither team starts the pre-game of another match, nor kicks one off
  (:func:`pregame_require_free`, ``team_busy``);
- the match postponed undoes it (:func:`match_pregame_undo`): every gold
  piece a treasury paid comes back, what was bought is dropped, and both
  rosters open again.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Q

from league.errors import ServiceError
from league.models import Team, TreasuryEntry
from league.page_cache import league_cache_bump
from league.services.treasury import treasury_credit
from matches.events import match_events_append
from matches.models import Match, MatchInducements

# The match event of a pre-game undone, one per team that had bought.
UNDONE = "pregame_undone"


class PregameElsewhere(ServiceError):
    """A team of the match is in the pre-game of another match
    (``team_busy``). Not :class:`matches.prematch.kickoff.TeamNotReady`:
    that match waits for people, so trying again soon would not help."""

    def __init__(self, team: Team, other: Match) -> None:
        super().__init__(
            ServiceError.one(
                "team_busy",
                None,
                f"{team.name} has bought inducements for {other} (round "
                f"{other.round}): that match is played first, or the "
                "commissioner postpones it",
            ).violations
        )


def pregame_match_elsewhere(
    team_ids: Iterable[int], *, besides: Iterable[int]
) -> Match | None:
    """A match not yet kicked off, not one of ``besides`` (ids), of one of
    ``team_ids``, whose pre-game has started; None if there is none."""
    ids = list(team_ids)
    return (
        Match.objects.filter(
            Q(home_id__in=ids) | Q(away_id__in=ids),
            status=Match.Status.SCHEDULED,
            inducements__isnull=False,
        )
        .exclude(pk__in=list(besides))
        .select_related("home", "away")
        .order_by("round", "pk")
        .first()
    )


def pregame_require_free(match: Match, teams: Iterable[Team]) -> None:
    """Refuse (:class:`PregameElsewhere`) to start ``match``'s pre-game or
    kick it off while one of its ``teams`` is in another match's pre-game.

    Decision: the pre-game sequence runs straight into its own match, with
    the CTVs its petty cash and Star Players were worked out from; a team
    that played another match in between would take the field with another
    roster. So the other match waits, whoever would start it (a purchase, a
    report, the engine, a live game), until that one is played or
    postponed."""
    by_id = {t.pk: t for t in teams}
    other = pregame_match_elsewhere(by_id, besides=[match.pk])
    if other is None:
        return
    team = by_id.get(other.home_id) or by_id[other.away_id]
    raise PregameElsewhere(team, other)


def pregame_purchases(match: Match) -> list[MatchInducements]:
    """What each team bought for ``match`` (with its team), home side
    first: empty unless its pre-game has started. What a postponement
    would undo."""
    return sorted(
        MatchInducements.objects.filter(match=match).select_related("team"),
        key=lambda r: r.team_id != match.home_id,
    )


def inducements_refund(
    match: Match, *, note: str, actor: AbstractBaseUser | None = None
) -> dict[int, int]:
    """Pay back to each team what its treasury paid for the inducements
    bought for ``match``, a ledger row each (``inducements_refund``, caused
    by the match); returns the gold by team id. Petty cash is not a
    treasury's gold ("any gold pieces not spent are lost",
    the_rules_of_blood_bowl.md "Petty Cash"): none of it is paid in."""
    paid = {
        record.team_id: record.treasury_used
        for record in MatchInducements.objects.filter(match=match, treasury_used__gt=0)
    }
    # locked in id order, as every service locking both teams does; paid
    # back home side first
    teams = list(
        Team.objects.select_for_update(of=("self",)).filter(pk__in=paid).order_by("pk")
    )
    for team in sorted(teams, key=lambda t: t.pk != match.home_id):
        treasury_credit(
            team=team,
            amount=paid[team.pk],
            reason=TreasuryEntry.Reason.INDUCEMENTS_REFUND,
            note=note,
            cause=match,
            actor=actor,
        )
    return paid


def match_pregame_undo(
    match: Match, *, actor: AbstractBaseUser | None = None
) -> dict[int, int]:
    """Undo the pre-game of ``match`` (locked by the caller), postponed
    before kick-off: each treasury gets back what it paid
    (:func:`inducements_refund`), the inducements bought are dropped, and a
    ``pregame_undone`` event per team records what was. Both rosters open
    again (nothing bought, no pre-game). Returns the gold paid back to each
    team that had bought (0 for petty cash alone), home side first; nothing
    happens to a match with nothing bought.

    Decision: undone rather than the postponement refused. Inducements are
    bought "for the game ahead" (inducements_in_detail.md), in that game's
    pre-game sequence, with petty cash counted from the two teams' CTVs of
    that day; a game moved to a later round is no longer ahead, and by its
    new day both teams will have played and changed. The commissioner who
    postpones it can do nothing else for the coaches; a refusal would keep
    both rosters locked, and the treasuries' gold spent, until a match no
    one can play now. In its new round the pre-game starts again from the
    rosters then: the budgets are worked out again, the higher team buys
    first again where it does (BB2020), and Sevens Desperate Measures,
    rolled from the match's seed, roll the same results."""
    records = pregame_purchases(match)
    if not records:
        return {}
    inducements_refund(
        match, note=f"inducements refunded: {match} was postponed", actor=actor
    )
    MatchInducements.objects.filter(pk__in=[r.pk for r in records]).delete()
    match_events_append(
        match,
        [
            (
                UNDONE,
                {
                    "team_id": record.team_id,
                    "total": record.total,
                    "petty_cash_used": record.petty_cash_used,
                    "refunded": record.treasury_used,
                },
            )
            for record in records
        ],
    )
    league_cache_bump(match.season.league_id)
    return {record.team_id: record.treasury_used for record in records}
