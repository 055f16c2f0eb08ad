"""Player advancement between matches: spending Star Player Points (the
post-game skill of leagues without SPP, which reads matches, is in
``matches.postgame.skill``).

The rules are ``engine.campaign``'s; this module finds the option asked
for, rolls with dice seeded from the league's stored seed and what is being
rolled (the player and their advancement count, or the team and the
match), writes the player and one ``LeagueEvent`` with the dice, all in one
transaction. A refused request writes nothing, and the same request again
rolls the same dice: a retry can never re-roll an unwelcome result.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import F

from engine.facade import (
    MAX_ADVANCEMENTS,
    AdvancementKind,
    AdvancementOption,
    AdvancementResult,
    CampaignError,
    Characteristic,
    PlayerState,
    Position,
    SeededRoller,
    SkillChoiceRequired,
    Violation,
    advance,
    advancement_options,
    can_improve,
    category_name,
    characteristic_offer,
    get_variant,
    level_name,
    must_spend_spp,
    rules_data,
    spp_cost,
)
from league.engine_bridge import gained_skill_entry, player_state
from league.errors import ServiceError
from league.models import League, LeagueEvent, Player, Team
from league.rules import league_rules
from league.services.audit import dice_payload, league_event_record, league_seed
from league.services.roster import team_player_for_update, team_require_not_playing
from league.services.teams import ON_ROSTER, league_roster, team_qs_for_update

# Engine argument names -> the API fields a client sent.
_FIELDS: Mapping[str | None, str | None] = {
    "chosen_skill": "skill",
    "option": "kind",
    "advancements": "kind",
    "chosen_player_id": "player",
    "candidates": "mode",
    "improvement": "characteristic",
}


def _refusal(exc: CampaignError) -> ServiceError:
    return ServiceError.one(exc.code, _FIELDS.get(exc.field, exc.field), exc.message)


def league_tracks_spp(league: League) -> bool:
    """Whether the league's players advance by spending SPP (see
    :func:`league.rules.league_rules`)."""
    return league_rules(league).tracks_spp


def _position(team: Team, player: Player) -> Position:
    league_roster(team.league, team.roster)  # an unknown roster is refused
    return rules_data(team.league.rules_version).position_of(
        team.roster, player.position
    )


# --- spending SPP ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AdvancementMenu:
    """What a player can buy now. ``options`` are the advancements affordable
    with the SPP the player holds; ``costs`` is the SPP price of each kind
    of next advancement (None for a Legend, or when SPP are not tracked)."""

    player: Player
    spp_tracked: bool
    level: str
    next_level: str | None
    must_spend: bool
    costs: dict[str, int] | None
    options: list[AdvancementOption]


def _offered_kinds(fmt: str) -> list[AdvancementKind]:
    """The kinds of advancement the format has: a format without random
    Secondary skills (Blood Bowl 2025) prices none."""
    offered = get_variant(fmt).random_secondary
    secondary = AdvancementKind.RANDOM_SECONDARY
    return [k for k in AdvancementKind if offered or k is not secondary]


def player_advancements_get(player: Player) -> AdvancementMenu:
    team = player.team
    league = team.league
    tracked = league_tracks_spp(league)
    level = level_name(player.advancements)
    if not tracked or player.status not in ON_ROSTER:
        return AdvancementMenu(player, tracked, level, None, False, None, [])
    state = player_state(player, _position(team, player))
    if player.advancements >= MAX_ADVANCEMENTS:
        return AdvancementMenu(player, tracked, level, None, False, None, [])
    return AdvancementMenu(
        player=player,
        spp_tracked=True,
        level=level,
        next_level=level_name(player.advancements + 1),
        must_spend=must_spend_spp(state, league.format),
        costs={
            kind.value: spp_cost(league.format, player.advancements, kind)
            for kind in _offered_kinds(league.format)
        },
        options=advancement_options(state, league.format),
    )


@dataclass(frozen=True, slots=True)
class Advancement:
    """An advancement taken: the player afterwards, the rules' result (with
    its dice) and the audit event."""

    player: Player
    result: AdvancementResult
    event: LeagueEvent


def _find_option(
    state: PlayerState,
    position: Position,
    fmt: str,
    kind: AdvancementKind,
    category: str | None,
) -> AdvancementOption:
    options = advancement_options(state, fmt, affordable_only=False)
    if not options and state.advancements >= MAX_ADVANCEMENTS:
        raise ServiceError.one(
            "max_advancements", "kind", "the player is already a Legend"
        )
    if kind not in _offered_kinds(fmt):
        raise ServiceError.one(
            "not_in_format",
            "kind",
            f"{get_variant(fmt).label} has no {kind.value.replace('_', ' ')} "
            "advancement",
        )
    if kind is AdvancementKind.CHARACTERISTIC:
        return next(o for o in options if o.kind is kind)
    if not category:
        raise ServiceError.one(
            "required", "category", "choose the skill category of this advancement"
        )
    try:
        name = category_name(category)
    except CampaignError as exc:
        raise _refusal(exc) from None
    for option in options:
        if option.kind is kind and option.category == name:
            return option
    access = "Primary" if kind.value.endswith("primary") else "Secondary"
    raise ServiceError.one(
        "category_not_allowed",
        "category",
        f"{position.name} players have no {access} access to {name.title()}",
    )


def _characteristic_refusal(
    exc: CampaignError, state: PlayerState, roller: SeededRoller, fmt: str
) -> ServiceError:
    """The two-step characteristic flow: the die (the format's: BB2020 a
    D16, BB2025 a D8) is rolled, and if the coach has not (validly) picked
    what to improve the refusal says what the roll allows. The same request
    rolls the same die, so the coach picks and sends it again."""
    die, roll = next(
        (s, r) for p, s, r in roller.rolls if p == "characteristic_improvement"
    )
    offered = characteristic_offer(roll, fmt)
    improvable = [c.value for c in offered if can_improve(state, c)]
    allowed = ", ".join(c.upper() for c in improvable) or "no characteristic"
    skill = (
        "a Primary or Secondary skill"
        if get_variant(fmt).characteristic_fallback_primary
        else "a Secondary skill"
    )
    return ServiceError.one(
        exc.code,
        "characteristic",
        f"the D{die} rolled {roll}: choose {allowed}, or {skill} as 'skill' instead",
    )


@transaction.atomic
def player_advance(
    *,
    player_id: int,
    kind: AdvancementKind,
    category: str | None = None,
    skill: str | None = None,
    characteristic: Sequence[Characteristic] = (),
    actor: AbstractBaseUser | None = None,
) -> Advancement:
    """Spend SPP on one advancement of ``kind`` (post-game_sequence.md
    "Spending Star Player Points").

    ``category`` names the skill category of a skill advancement; ``skill``
    is the chosen skill (chosen kinds, or the Secondary skill a
    characteristic roll falls back to); ``characteristic`` is the coach's
    preference order for a characteristic improvement.
    """
    kind = AdvancementKind(kind)
    try:
        team_id = Player.objects.values_list("team_id", flat=True).get(pk=player_id)
    except Player.DoesNotExist:
        raise ServiceError.one(
            "player_not_on_roster", "player", f"there is no player {player_id}"
        ) from None
    team = team_qs_for_update().get(pk=team_id)
    team_require_not_playing(team, action="advancements")
    league = team.league
    if not league_tracks_spp(league):
        raise ServiceError.one(
            "spp_not_tracked",
            "kind",
            f"{league.name} does not track SPP: its players gain the Sevens "
            "post-game skill instead",
        )
    player = team_player_for_update(team, player_id)
    position = _position(team, player)
    state = player_state(player, position)
    option = _find_option(state, position, league.format, kind, category)
    seed = league_seed(league, "advancement", player.pk, player.advancements, kind)
    roller = SeededRoller(seed)
    try:
        result = advance(
            state,
            option,
            roller,
            skill or None,
            characteristic=tuple(characteristic) or None,
            data=rules_data(league.rules_version),
        )
    except SkillChoiceRequired as exc:
        # BB2025 rolls a random skill twice: the same request rolls the
        # same dice, so the coach sends it again naming the one he keeps
        # (``subjects``: the skills rolled).
        raise ServiceError(
            [Violation(exc.code, "skill", exc.message, subjects=exc.choices)]
        ) from None
    except CampaignError as exc:
        if exc.code in ("choice_required", "characteristic_not_allowed"):
            raise _characteristic_refusal(exc, state, roller, league.format) from None
        raise _refusal(exc) from None

    updates: dict[str, Any] = {
        "spp": F("spp") - result.spp_spent,
        "advancements": F("advancements") + 1,
        "value": F("value") + result.value_increase,
    }
    if result.skill is not None:
        updates["gained_skills"] = [
            *player.gained_skills,
            gained_skill_entry(result.skill),
        ]
    if result.characteristic is not None:
        new = result.player
        updates[result.characteristic.value] = new.stat(result.characteristic)
        updates["improvements"] = {c.value: n for c, n in new.improvements.items()}
    Player.objects.filter(pk=player.pk).update(**updates)
    player.refresh_from_db()
    event = league_event_record(
        league_id=league.pk,
        type=LeagueEvent.Type.ADVANCEMENT,
        team=team,
        player=player,
        actor=actor,
        payload={
            "kind": option.kind.value,
            "category": option.category,
            "skill": _skill_json(result),
            "characteristic": result.characteristic.value
            if result.characteristic
            else None,
            "spp_spent": result.spp_spent,
            "spp_after": player.spp,
            "value_increase": result.value_increase,
            "value_after": player.value,
            "advancements": player.advancements,
            "level": result.level,
            "seed": seed,
            "dice": dice_payload(roller.rolls),
        }
        | _skill_choices_json(result),
    )
    return Advancement(player=player, result=result, event=event)


def _skill_choices_json(result: AdvancementResult) -> dict[str, Any]:
    """The skills a BB2025 random skill rolled, the kept one among them
    (none in a format that rolls one)."""
    if not result.skill_choices:
        return {}
    return {"skills_rolled": [ref.skill for ref in result.skill_choices]}


def _skill_json(result: AdvancementResult) -> dict[str, str | None] | None:
    if result.skill is None:
        return None
    return {"skill": result.skill.skill, "param": result.skill.param}
