"""The off-season between a season's close and a team's re-draft
(league_and_exhibition_play.md "The Off-season Break and Re-drafting
Teams"): which teams still owe their re-draft, and what a team spent in the
meantime that its re-draft buys again."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from django.db.models import Exists, OuterRef, Q, Sum

from engine.facade import Violation, get_variant
from league.errors import ServiceError
from league.models import TreasuryEntry
from matches.models import Match, Season, SeasonTeamArchive

# The ledger rows of what a team buys for its roster outside a draft: a
# player hired, re-rolls or staff bought.
OFFSEASON_REASONS = (TreasuryEntry.Reason.HIRE, TreasuryEntry.Reason.PURCHASE)


def archive_redraft_lapsed() -> Exists:
    """Whether a :class:`SeasonTeamArchive`'s team has played in a later
    season of its league since (a match of it kicked off or has a result,
    but for a fixture recorded unplayed): the off-season the re-draft
    belongs to is over ("The Off-season Break and Re-drafting Teams" comes
    before the season ahead).

    Decision: a fixture the commissioner records unplayed
    (:mod:`matches.commissioner.unplayed`) is no game of the team's: no
    roster took the field. It neither needs the re-draft (it is recorded
    for a team that still owes it) nor ends the off-season: the team still
    re-drafts before it plays the season's next fixture, as the commissioner's
    record would otherwise excuse it."""
    return Exists(
        Match.objects.filter(
            Q(home_id=OuterRef("team_id")) | Q(away_id=OuterRef("team_id")),
            season__league_id=OuterRef("season__league_id"),
            season__created_at__gt=OuterRef("season__created_at"),
        )
        .exclude(status=Match.Status.SCHEDULED)
        .exclude(mode=Match.Mode.UNPLAYED)
    )


def offseason_spending(archive: SeasonTeamArchive) -> int:
    """What ``archive``'s team paid from its treasury for hires and
    purchases since its season closed (and before its re-draft).

    Decision: the re-draft buys the new season's team from "anything they
    have left in their Treasury from the previous season"; a player hired,
    or a re-roll or staff bought, between the close and the re-draft is
    bought again through the re-draft (kept, he is priced in it; let go, he
    is not paid for). So the re-draft gives back what those hires and
    purchases cost, before the treasury goes into the budget: each is paid
    once, and the commissioner's cap bounds it like any other purchase."""
    spent = TreasuryEntry.objects.filter(
        team_id=archive.team_id,
        reason__in=OFFSEASON_REASONS,
        amount__lt=0,
        created_at__gt=archive.created_at,
    ).aggregate(total=Sum("amount"))["total"]
    return -int(spent or 0)


def redraft_owed(
    team_ids: Sequence[int], *, before: datetime | None = None
) -> list[SeasonTeamArchive]:
    """The closed seasons (of seasons created ``before``, when given) after
    which teams of ``team_ids`` have not re-drafted while they still may
    (:func:`archive_redraft_lapsed`), for the teams of a format that
    re-drafts (a team card plays on as it is)."""
    archives = SeasonTeamArchive.objects.filter(
        team_id__in=list(team_ids),
        redraft__isnull=True,
        season__status=Season.Status.CLOSED,
    ).filter(~archive_redraft_lapsed())
    if before is not None:
        archives = archives.filter(season__created_at__lt=before)
    return [
        archive
        for archive in archives.select_related("team__league", "season").order_by(
            "team__name", "team_id", "season__created_at"
        )
        if not get_variant(archive.team.league.format).drafts_team_card
    ]


class RedraftRequired(ServiceError):
    """Teams that still owe their re-draft (``redraft_required`` on
    ``teams``, one error a team and closed season): a season is neither
    made, scheduled nor played with them (:func:`require_redrafted`)."""


def _owed_violation(archive: SeasonTeamArchive) -> Violation:
    return Violation(
        "redraft_required",
        "teams",
        f"{archive.team.name} has not re-drafted since {archive.season.name} "
        "closed: its coach re-drafts it (or the commissioner approves its "
        "re-draft) before it plays another season",
    )


def require_redrafted(
    team_ids: Sequence[int], *, before: datetime | None = None
) -> None:
    """Refuse a season for teams that still owe the re-draft after a season
    of their league closed (:class:`RedraftRequired`, one error a team and
    season).

    Decision: league_and_exhibition_play.md lets a team carry over into a
    new season only by re-drafting ("returning coaches can re-draft an
    existing team"; "Each coach who is taking part in the new league season
    submits a Team Draft list"); a team that did not would play on with its
    treasury unspent into the budget, its temporarily retired players and no
    agent's fees. So a team enters (and plays) a season created after one it
    played closed only once it has re-drafted, by its coach or by the
    commissioner's approval; a team that has already played a later season
    (whose re-draft lapsed) is not held back."""
    owed = redraft_owed(team_ids, before=before)
    if owed:
        raise RedraftRequired(_owed_violation(a) for a in owed)


def match_redraft_owed(match: Match) -> list[str]:
    """Why ``match`` may not be played yet: a sentence for each team of it
    that owes its re-draft after a season of its league closed since the
    match's season was made (empty when none does). What the match's pages
    say instead of offering to play it."""
    owed = redraft_owed([match.home_id, match.away_id], before=match.season.created_at)
    return [_owed_violation(a).message for a in owed]


def match_require_redrafted(match: Match) -> None:
    """Refuse (:class:`RedraftRequired`) to play ``match``: kick it off
    (reported, resolved by the engine or played live) or start its
    pre-game, while one of its teams owes its re-draft after a season of the
    league that closed since the match's season was made.

    Decision: a season made and scheduled before another of its teams'
    closed is held back at each kick-off, as a season made after the close
    is when it is made or scheduled (:func:`require_redrafted`): otherwise
    its teams would play it on with the old roster, the treasury unspent
    into the budget and no agent's fees. A match that kicked off before the
    close plays on: the team has played the later season (the re-draft
    lapsed)."""
    require_redrafted([match.home_id, match.away_id], before=match.season.created_at)
