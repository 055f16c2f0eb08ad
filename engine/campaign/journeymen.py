"""Journeymen: how many, which position, Loner, and hiring them permanently.

Sources: the_rules_of_blood_bowl.md "3. Take on Journeymen";
post-game_sequence.md "4. Hiring, Firing and Temporarily Retiring";
blood_bowl_sevens.md "Number of Players" / "Journeymen"; seed 004 "Take on
Journeymen" and "Hiring, Firing and Temporary Retiring".
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from engine.campaign.player import PlayerId, PlayerState, check_format, fee_in_value
from engine.core.errors import CampaignError
from engine.core.rules_data import Position, Roster, SkillRef
from engine.variants.league_format import LeagueFormat

LONER = "loner"


def journeymen_needed(fmt: str | LeagueFormat, available_players: int) -> int:
    """Journeymen a team takes on: enough to reach 11 (Sevens: 7) available
    players, never more ("cannot take the number of players available for
    this game above 11")."""
    f = check_format(fmt)
    if available_players < 0:
        raise CampaignError(
            "invalid_count", "available players cannot be negative", "available_players"
        )
    return max(0, f.min_players - available_players)


def journeyman_position(roster: Roster) -> Position:
    """The position journeymen are drawn from: "always a Lineman positional
    player, selected from the team's 0-12 or 0-16 option".

    Decision: when a roster has two lineman positions (Shambling Undead:
    Skeleton and Zombie) the cheaper one is used; on equal cost the one
    listed first on the roster.
    """
    linemen = roster.lineman_positions
    if not linemen:
        raise CampaignError(
            "no_lineman_position", f"{roster.name} has no lineman position", "roster"
        )
    return min(linemen, key=lambda p: p.cost)  # min() keeps the first on ties


def journeyman_loner(fmt: str | LeagueFormat) -> SkillRef:
    return SkillRef(LONER, check_format(fmt).journeyman_loner)


def make_journeyman(
    roster: Roster, fmt: str | LeagueFormat, player_id: PlayerId
) -> PlayerState:
    """A journeyman: a normal player of the lineman position plus Loner (4+)
    (Sevens: 5+). His Current Value (what he adds to CTV) is the position's
    hiring cost. Decision: if the position already has Loner, its own value
    is kept and no second Loner is added."""
    position = journeyman_position(roster)
    player = PlayerState.from_position(player_id, position)
    if position.has_skill(LONER):
        return player
    return replace(player, skills=player.skills + (journeyman_loner(fmt),))


@dataclass(frozen=True, slots=True)
class JourneymanHire:
    player: PlayerState
    cost: int
    treasury_after: int | None


def hire_journeyman(
    journeyman: PlayerState,
    roster: Roster,
    fmt: str | LeagueFormat,
    *,
    team_size: int,
    position_count: int,
    treasury: int | None = None,
    position: Position | None = None,
    team_rules: Iterable[str] | None = None,
) -> JourneymanHire:
    """Permanently hire a journeyman who played this game (Step 4).

    He must fit: "a team must have fewer than 16 players on its Team Draft
    list" (Sevens: never more than 11 permanently hired players, so fewer
    than 11) and the position's 0-N limit (``position_count`` is how many of
    that position the team already has). He "loses the Loner (X+) trait but
    retains any SPP earned during this game or advancements gained".

    Cost: the position's hiring cost. Decision: advancements gained in Step 3
    raise his Current Value but not the fee. If ``treasury`` is given, the
    fee must be affordable (``over_budget``). ``position`` is his position
    when it is not the roster's journeyman position (a Plague Ridden Rotter
    on a Chaos team, drawn from the Nurgle roster: his fee and limit are the
    Rotter Lineman's).

    Low Cost Linemen: hired for good, he is a permanently hired Lineman, so
    his Current Value drops his fee and keeps his value increases
    (:func:`~engine.campaign.player.fee_in_value`; ``team_rules``: the
    team's special rules, by default its roster's fixed ones). Decision:
    until then a journeyman is not permanently hired, so his Current Value
    (what he adds to CTV) keeps the fee.
    """
    f = check_format(fmt)
    if position is None:
        position = journeyman_position(roster)
    if team_size >= f.max_players:
        raise CampaignError(
            "roster_full",
            f"a team needs fewer than {f.max_players} players to hire a journeyman",
            "team_size",
        )
    if position_count >= position.max:
        raise CampaignError(
            "position_limit",
            f"the team already has {position.max} {position.name} players",
            "position_count",
        )
    if journeyman.dead:
        raise CampaignError(
            "player_dead", "a dead journeyman cannot be hired", "journeyman"
        )
    if treasury is not None and treasury < position.cost:
        raise CampaignError(
            "over_budget",
            f"hiring costs {position.cost:,} but the treasury holds {treasury:,}",
            "treasury",
        )
    skills = journeyman.skills
    if not position.has_skill(LONER):
        skills = tuple(s for s in skills if s.skill != LONER)
    value = journeyman.value
    rules = roster.team_rules() if team_rules is None else tuple(team_rules)
    if not fee_in_value(f, position, rules):
        value = max(0, value - position.cost)
    return JourneymanHire(
        player=replace(journeyman, skills=skills, value=value),
        cost=position.cost,
        treasury_after=None if treasury is None else treasury - position.cost,
    )
