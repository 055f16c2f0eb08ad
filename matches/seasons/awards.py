"""What a season's close gives by final place: the format's prizes and its
trophy (league_and_exhibition_play.md "Glittering Prizes"; Dungeon Bowl's
page of the same name), through ``LeagueFormat.season_prizes`` and
``LeagueFormat.champion_rerolls``."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import F

from league.models import Team, TreasuryEntry
from league.rules import season_variant
from league.services.treasury import treasury_credit
from matches.models import Match, Season
from matches.seasons.services import playoff_loser, playoff_winner


def season_places(
    table: Sequence[int], champion_id: int | None, playoffs: Sequence[Match]
) -> list[int]:
    """The season's final order, first place first: ``table`` is the league
    table (team ids, top first), ``playoffs`` the season's complete playoff
    matches with their results.

    Without playoffs the champion (the top of the table) is first and the
    rest follow the table. With them, the champion is the final's winner
    and 2nd place its loser; the third-place match's winner is 3rd and its
    loser 4th ("the two losing teams will meet to decide 3rd place"); then
    come the teams knocked out in each earlier round, the later round first
    (the quarter-finals' losers, then the round before's), then every other
    team, each group in league table order.

    Decision: where the semi-finals' losers played no third-place match (a
    bracket of three, whose one semi-final leaves one loser, or a final
    drawn before the third-place match was scheduled with it), they are
    placed by the league table: the regular season's better team first,
    with the table's seeding of the bracket as precedent. A bracket of two
    (a final only) has no semi-final: 3rd is the top of the table after the
    finalists."""
    order: list[int] = [champion_id] if champion_id is not None else []
    if playoffs:
        position = {team_id: index for index, team_id in enumerate(table)}
        third = next((m for m in playoffs if m.third_place), None)
        bracket = [m for m in playoffs if not m.third_place]
        for number in sorted({m.round for m in bracket}, reverse=True):
            knocked_out = [playoff_loser(m) for m in bracket if m.round == number]
            if third is not None and set(knocked_out) == {third.home_id, third.away_id}:
                order += [playoff_winner(third), playoff_loser(third)]
            else:
                order += sorted(knocked_out, key=lambda t: position.get(t, len(table)))
    return order + [t for t in table if t not in order]


def season_awards(
    season: Season,
    table: Sequence[int],
    champion_id: int | None,
    playoffs: Sequence[Match],
) -> dict[int, dict[str, int]]:
    """What the format gives at the end of a season, by team: ``prize``
    gold and its ``place`` (:func:`season_places`), and the champion's
    ``trophy_rerolls``."""
    # the format the season pinned when it was created, as its standings
    # and its matches play it (a superuser's later correction of the
    # league's format changes the seasons to come)
    fmt = season_variant(season.settings, season.league)
    prizes, trophy = fmt.season_prizes(), fmt.champion_rerolls()
    awards: dict[int, dict[str, int]] = {}
    for place, team_id in enumerate(
        season_places(table, champion_id, playoffs), start=1
    ):
        if prizes.get(place, 0) > 0:
            awards.setdefault(team_id, {})["prize"] = prizes[place]
            awards[team_id]["place"] = place
    if trophy and champion_id is not None:
        awards.setdefault(champion_id, {})["trophy_rerolls"] = trophy
    return awards


def season_awards_pay(
    season: Season, awards: dict[int, dict[str, int]], actor: AbstractBaseUser
) -> None:
    """Pay the prizes (a ledger row each) and give the Trophy's re-rolls
    (free: they add to the team's re-rolls and its value, no gold moves).
    The close comes after every match's post-game, so the prizes are paid
    after its Expensive Mistakes, as the rules ask, and never lost to them.
    Decision: the Trophy's re-roll may take a team past its 8 re-rolls (the
    text adds it "to its Team Draft list" with no limit); it stays through
    the re-draft that follows (``RedraftPreview.trophy_rerolls``) and goes
    back when the next season closes
    (:func:`matches.seasons.rollover.trophy_rerolls_returned`)."""
    teams = Team.objects.select_for_update().filter(pk__in=list(awards)).order_by("pk")
    for team in teams:
        award = awards[team.pk]
        if award.get("prize"):
            treasury_credit(
                team=team,
                amount=award["prize"],
                reason=TreasuryEntry.Reason.PRIZE,
                note=f"{season}: prize for place {award['place']}",
                cause=season,
                actor=actor,
            )
        if award.get("trophy_rerolls"):
            Team.objects.filter(pk=team.pk).update(
                rerolls=F("rerolls") + award["trophy_rerolls"]
            )
