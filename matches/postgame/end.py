"""The end of a team's post-game: Expensive Mistakes, then the team value.

post-game_sequence.md runs "3. Player advancement", "4. Hiring, firing and
temporarily retiring", then "5. Expensive Mistakes: If you have 100,000
gold pieces or more stored in your Treasury during this step of the
post-game sequence, roll a D6" and "6. Prepare for next fixture". The
automated steps (:mod:`matches.postgame.sequence`) cannot wait for the
coach, so in a format whose post-game has the ``expensive_mistakes`` step
that step only opens each team's post-game (a :class:`PostgameEnd` row);
the coach spends first, and the roll is made on the treasury as it stands
when the post-game ends:

* the coach or the commissioner ends it (:func:`team_postgame_end`, the
  team page's "Done: roll Expensive Mistakes" and the API's
  ``POST /api/teams/{id}/postgame/end/``);
* else it ends by itself before the team's next match kicks off, is played
  by the engine, reported or recorded unplayed, or its inducements are
  bought (:func:`postgame_end_before_match`), and when the season closes,
  before anyone re-drafts (:func:`season_postgames_end`).

Each team's roll comes from the match's seed and the team (a seeded roller
of its own), so it is the same whoever ends it and whenever; the row is
ended once (one row per match and team, locked for the end).

Decision: the team value step (6) of such a format records each team's
TV, CTV and treasury when its post-game ends, after the roll and whatever
the coach hired (the automated step only marks the teams ready to play).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from engine.facade import SeededRoller, expensive_mistakes
from league.errors import ServiceError
from league.models import Team, TreasuryEntry
from league.page_cache import league_cache_bump
from league.selectors import team_detail_qs, team_value_get
from league.services.treasury import treasury_debit
from matches.events import match_events_append, postgame_roll_payload
from matches.models import Match, MatchInducements, PostgameEnd, Season
from matches.prematch.inducements import Purchase, match_buy_inducements
from matches.seasons.services import match_seed

How = PostgameEnd.How


def postgame_roller(match: Match, team_id: int) -> SeededRoller:
    """The team's Expensive Mistakes dice for ``match``: from the match's
    seed, as every post-game step's, and the team's side (not its id, so
    two leagues alike roll alike)."""
    side = "home" if team_id == match.home_id else "away"
    return SeededRoller(match_seed(match.seed, "postgame", "expensive_mistakes", side))


def postgame_open(match: Match, teams: Iterable[Team]) -> None:
    """Open each team's post-game of ``match`` (the sequence's
    ``expensive_mistakes`` step, under the match's lock); a row already
    there (a rerun) is left as it is."""
    PostgameEnd.objects.bulk_create(
        [PostgameEnd(match=match, team=team) for team in teams],
        ignore_conflicts=True,
    )


def postgame_open_team_ids(match: Match) -> set[int]:
    """The teams whose post-game of ``match`` is still open."""
    return set(
        PostgameEnd.objects.filter(match=match, ended_at__isnull=True).values_list(
            "team_id", flat=True
        )
    )


def team_open_postgame(team: Team) -> PostgameEnd | None:
    """The team's post-game still open (its match and teams read with it),
    if any: one query."""
    return (
        PostgameEnd.objects.filter(team=team, ended_at__isnull=True)
        .select_related("match__home", "match__away")
        .order_by("match_id")
        .first()
    )


def team_value_event(team: Team) -> tuple[str, dict[str, Any]]:
    """The team value step's event (post-game_sequence.md "6. Prepare for
    next fixture") for ``team`` as it stands (read with its roster)."""
    value = team_value_get(team)
    return (
        "postgame_team_value",
        {
            "step": "team_value",
            "team_id": team.pk,
            "tv": value.tv,
            "ctv": value.ctv,
            "treasury": team.treasury,
        },
    )


def _end(
    row: PostgameEnd, team: Team, how: str, actor: AbstractBaseUser | None
) -> PostgameEnd:
    """Roll Expensive Mistakes for the locked ``team`` on its treasury now,
    pay the loss (a ledger row), log the roll and the team value on the
    match, and end ``row``. The caller holds the team's lock."""
    match = (
        Match.objects.select_for_update(of=("self",))
        .select_related("home", "away")
        .get(pk=row.match_id)
    )
    treasury = Team.objects.values_list("treasury", flat=True).get(pk=team.pk)
    team.treasury = treasury
    mistake = expensive_mistakes(treasury, postgame_roller(match, team.pk))
    if mistake.lost:
        treasury_debit(
            team=team,
            amount=mistake.lost,
            reason=TreasuryEntry.Reason.EXPENSIVE_MISTAKE,
            note=f"{mistake.incident}, {match}",
            cause=match,
            actor=actor,
        )
    incident = mistake.incident.value if mistake.incident else ""
    events: list[tuple[str, dict[str, Any]]] = [
        (
            "postgame_expensive_mistakes",
            postgame_roll_payload(
                "expensive_mistakes",
                team.pk,
                mistake.rolls,
                incident=incident or None,
                lost=mistake.lost,
                treasury_after=mistake.treasury_after,
            ),
        ),
        team_value_event(team_detail_qs().get(pk=team.pk)),
    ]
    match_events_append(match, events)
    row.ended_at = timezone.now()
    row.how = how
    row.ended_by = actor if actor is not None and actor.is_authenticated else None
    row.treasury_before = treasury
    row.lost = mistake.lost
    row.incident = incident
    row.save(
        update_fields=[
            "ended_at",
            "how",
            "ended_by",
            "treasury_before",
            "lost",
            "incident",
        ]
    )
    league_cache_bump(team.league_id)
    return row


def _open_rows(team: Team, **filters: Any) -> list[PostgameEnd]:
    return list(
        PostgameEnd.objects.select_for_update()
        .filter(team=team, ended_at__isnull=True, **filters)
        .order_by("match_id")
    )


def _chosen_row(team: Team, match_id: int | None) -> PostgameEnd:
    """The team's post-game to end (``match_id``'s, else its open one);
    refused with ``no_postgame`` or ``already_ended`` on ``match``."""
    rows = PostgameEnd.objects.select_for_update().filter(team=team)
    if match_id is not None:
        row = rows.filter(match_id=match_id).first()
    else:
        row = rows.filter(ended_at__isnull=True).order_by("match_id").first()
        row = row or rows.order_by("-match_id").first()
    if row is None:
        raise ServiceError.one(
            "no_postgame",
            "match",
            f"{team.name} has no post-game to end"
            + (f" for match {match_id}" if match_id is not None else "")
            + ": the post-game of a format with Expensive Mistakes opens once "
            "its match's result is in",
        )
    if row.ended_at is not None:
        raise ServiceError.one(
            "already_ended",
            "match",
            f"{team.name}'s post-game of match {row.match_id} has ended: "
            "Expensive Mistakes was rolled then",
        )
    return row


@transaction.atomic
def team_postgame_end(
    *, team_id: int, actor: AbstractBaseUser, match_id: int | None = None
) -> PostgameEnd:
    """End the team's open post-game (of ``match_id``, if given) and roll
    its Expensive Mistakes on the treasury as it stands. The caller has
    checked that ``actor`` may change the team (its coach or the league's
    commissioner). Refused, nothing written: ``no_postgame`` (none to end)
    and ``already_ended`` (ended before: a second call rolls nothing)."""
    team = Team.objects.select_for_update().select_related("league").get(pk=team_id)
    row = _chosen_row(team, match_id)
    how = How.COACH if actor.pk == team.coach_id else How.COMMISSIONER
    return _end(row, team, how, actor)


def _end_teams(team_ids: Sequence[int], how: str, **filters: Any) -> list[PostgameEnd]:
    ended = []
    for team in (
        Team.objects.select_for_update()
        .select_related("league")
        .filter(pk__in=team_ids)
        .order_by("pk")
    ):
        for row in _open_rows(team, **filters):
            ended.append(_end(row, team, how, None))
    return ended


@transaction.atomic
def postgame_end_before_match(*, match_id: int) -> list[PostgameEnd]:
    """End the open post-games of ``match_id``'s teams before it is played,
    reported or recorded unplayed (its pre-game comes after their last
    post-game); nothing once the match is under way (its kick-off ended
    them) or for a team with none open. Locks the match first, as its
    kick-off does."""
    match = Match.objects.select_for_update(of=("self",)).get(pk=match_id)
    if match.status != Match.Status.SCHEDULED:
        return []
    return _end_teams([match.home_id, match.away_id], How.NEXT_MATCH)


@transaction.atomic
def match_buy_inducements_after_postgames(
    *,
    match_id: int,
    team_id: int,
    items: Sequence[Purchase],
    actor: AbstractBaseUser,
) -> MatchInducements:
    """:func:`match_buy_inducements`, once the match's teams' open
    post-games have ended (a refused purchase undoes their end too).

    Decision: buying inducements is the next game's pre-game sequence, which
    comes after the last post-game's Expensive Mistakes; and both teams'
    budgets read both treasuries and CTVs (the petty cash, the treasury the
    other spent), so a purchase by either coach ends both teams' post-games
    (the other coach had his hiring step since their last game)."""
    postgame_end_before_match(match_id=match_id)
    return match_buy_inducements(
        match_id=match_id, team_id=team_id, items=items, actor=actor
    )


def season_postgames_end(season: Season) -> list[PostgameEnd]:
    """End the post-games still open of ``season``'s matches (the season is
    closing: every team re-drafts with the treasury after its last
    post-game). The caller holds the season's lock, in a transaction."""
    team_ids = list(
        PostgameEnd.objects.filter(match__season=season, ended_at__isnull=True)
        .values_list("team_id", flat=True)
        .distinct()
    )
    return _end_teams(team_ids, How.SEASON_CLOSED, match__season=season)
