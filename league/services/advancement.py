"""Player advancement between matches: spending Star Player Points (the
post-game skill of leagues without SPP, which reads matches, is in
``matches.postgame.skill``).

The rules are ``engine.campaign``'s; this module finds the option asked
for, rolls with dice seeded from the league's stored seed and what is being
rolled (the player and their advancement count, or the team and the
match), writes the player and one ``LeagueEvent`` with the dice, all in one
transaction. A refused request writes nothing, and the same request again
rolls the same dice: a retry can never re-roll an unwelcome result.

Dice that leave the coach a choice are binding, as at the table: the SPP
are spent and the roll kept (``PendingAdvancement``) until he chooses
among what it offers; a choice re-rolls nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
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
    CharacteristicRoll,
    PlayerState,
    Position,
    SeededRoller,
    SkillChoiceRequired,
    SkillRef,
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
from league.models import League, LeagueEvent, PendingAdvancement, Player, Team
from league.rules import league_rules
from league.selectors import player_pending_row
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
    pending: PendingRoll | None = None


def _offered_kinds(fmt: str) -> list[AdvancementKind]:
    """The kinds of advancement the format has: a format without random
    Secondary skills (Blood Bowl 2025) prices none."""
    offered = get_variant(fmt).random_secondary
    secondary = AdvancementKind.RANDOM_SECONDARY
    return [k for k in AdvancementKind if offered or k is not secondary]


def player_advancements_get(player: Player) -> AdvancementMenu:
    """What ``player`` can buy now (his pending roll read with him where
    ``team_roster_players`` read him: :func:`player_pending_roll`)."""
    team = player.team
    league = team.league
    tracked = league_tracks_spp(league)
    level = level_name(player.advancements)
    if not tracked or player.status not in ON_ROSTER:
        return AdvancementMenu(player, tracked, level, None, False, None, [])
    state = player_state(player, _position(team, player))
    if player.advancements >= MAX_ADVANCEMENTS:
        return AdvancementMenu(player, tracked, level, None, False, None, [])
    # A roll waiting for its coach's choice is the next advancement: nothing
    # else is on offer (nor must be spent on) until he chooses. Decision: the
    # player may still play meanwhile, as one with unspent SPP may; the roll
    # shows on the team sheet and the coach's home page.
    roll = player_pending_roll(player)
    return AdvancementMenu(
        player=player,
        spp_tracked=True,
        level=level,
        next_level=level_name(player.advancements + 1),
        must_spend=roll is None and must_spend_spp(state, league.format),
        costs={
            kind.value: spp_cost(league.format, player.advancements, kind)
            for kind in _offered_kinds(league.format)
        },
        options=[] if roll else advancement_options(state, league.format),
        pending=roll,
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


@transaction.atomic
def player_advance(
    *,
    player_id: int,
    kind: AdvancementKind,
    category: str | None = None,
    skill: str | None = None,
    characteristic: Sequence[Characteristic] = (),
    actor: AbstractBaseUser | None = None,
) -> Advancement | PendingRoll:
    """Spend SPP on one advancement of ``kind`` (post-game_sequence.md
    "Spending Star Player Points").

    ``category`` names the skill category of a skill advancement; ``skill``
    is the chosen skill (chosen kinds, or the skill a characteristic roll
    is taken as instead; BB2025: the one kept of a random skill's two);
    ``characteristic`` is the coach's preference order for a characteristic
    improvement.

    Dice are binding, as at the table: when they leave the coach a choice
    he has not made (a characteristic roll none of his preferences fits, a
    BB2025 random skill's two skills) the SPP are spent and the roll is
    kept as the player's :class:`PendingRoll`, which he resolves with
    :func:`player_advancement_choose`. Until then the player takes no
    other advancement (``advancement_pending`` on ``player``).
    """
    kind = AdvancementKind(kind)
    team, player = _lock_player(player_id)
    league = team.league
    _refuse_if_pending(player)
    position = _position(team, player)
    state = player_state(player, position)
    option = _find_option(state, position, league.format, kind, category)
    seed = league_seed(league, "advancement", player.pk, player.advancements, kind)
    roller = SeededRoller(seed)
    # Decision: dice that leave a choice are binding ("reduce the player's
    # SPP ..., roll D16"): the SPP are spent and the roll kept for the
    # coach's choice; the advancement count and the value rise come with
    # the choice. A choice the request already made (a preference the roll
    # allows, a skill it rolled) is taken at once.
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
        # BB2025 rolls a random skill twice: the coach keeps one of them.
        skills = [gained_skill_entry(ref) for ref in exc.rolled]
        return _roll_pending(team, player, option, seed, roller, actor, skills=skills)
    except CampaignError as exc:
        if exc.code in ("choice_required", "characteristic_not_allowed"):
            return _roll_pending(team, player, option, seed, roller, actor)
        raise _refusal(exc) from None
    return _advancement_record(
        team,
        player,
        result,
        actor,
        {"seed": seed, "dice": dice_payload(roller.rolls)},
        spend=True,
    )


def _lock_player(player_id: int) -> tuple[Team, Player]:
    """The player's team and the player, locked, once the team may change
    its players' advancements."""
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
    return team, team_player_for_update(team, player_id)


def _refuse_if_pending(player: Player) -> None:
    row = player_pending_row(player)
    if row is not None:
        raise advancement_pending_refusal(player, row)


def advancement_pending_refusal(
    player: Player, row: PendingAdvancement
) -> ServiceError:
    """The refusal of any advancement while ``row`` waits for a choice."""
    return ServiceError.one(
        "advancement_pending",
        "player",
        f"#{player.number} {player.name} rolled a "
        f"{row.kind.replace('_', ' ')} advancement and it waits for "
        "the coach's choice: choose among the dice first",
    )


def _roll_pending(
    team: Team,
    player: Player,
    option: AdvancementOption,
    seed: int,
    roller: SeededRoller,
    actor: AbstractBaseUser | None,
    *,
    skills: list[dict[str, Any]] | None = None,
) -> PendingRoll:
    """Spend the SPP of ``option`` and keep its roll for the coach to
    choose from (one audit line, ``advancement_rolled``, with the dice)."""
    Player.objects.filter(pk=player.pk).update(spp=F("spp") - option.spp_cost)
    player.refresh_from_db()
    dice = dice_payload(roller.rolls)
    characteristic_roll = next(
        (d["result"] for d in dice if d["purpose"] == "characteristic_improvement"),
        None,
    )
    event = league_event_record(
        league_id=team.league_id,
        type=LeagueEvent.Type.ADVANCEMENT_ROLLED,
        team=team,
        player=player,
        actor=actor,
        payload={
            "kind": option.kind.value,
            "category": option.category,
            "spp_spent": option.spp_cost,
            "spp_after": player.spp,
            "skills_rolled": [s["skill"] for s in skills or ()],
            "characteristic_roll": characteristic_roll,
            "seed": seed,
            "dice": dice,
        },
    )
    row = PendingAdvancement.objects.create(
        player=player,
        kind=option.kind.value,
        category=option.category or "",
        spp_spent=option.spp_cost,
        seed=seed,
        dice=dice,
        skills_rolled=skills or [],
        characteristic_roll=characteristic_roll,
        event=event,
    )
    return _pending_view(row, team, player)


@transaction.atomic
def player_advancement_choose(
    *,
    player_id: int,
    skill: str | None = None,
    characteristic: Sequence[Characteristic] = (),
    actor: AbstractBaseUser | None = None,
) -> Advancement:
    """Resolve the player's pending roll with the coach's choice: ``skill``
    (one of a random skill's rolled skills, or the skill a characteristic
    roll is taken as instead) or ``characteristic`` (one the roll offers,
    or a preference order). Nothing is rolled again; the SPP were spent
    with the roll. A refused choice writes nothing and the roll stays."""
    team, player = _lock_player(player_id)
    league = team.league
    row = PendingAdvancement.objects.select_for_update().filter(player=player).first()
    if row is None:
        raise ServiceError.one(
            "no_pending_advancement",
            "player",
            f"#{player.number} {player.name} has no rolled advancement to choose for",
        )
    position = _position(team, player)
    # The rules see the player as he was when the dice were paid for.
    state = replace(player_state(player, position), spp=player.spp + row.spp_spent)
    kind = AdvancementKind(row.kind)
    option = _find_option(state, position, league.format, kind, row.category or None)
    rolls = tuple((d["purpose"], d["sides"], d["result"]) for d in row.dice)
    improvement = None
    if row.characteristic_roll is not None:
        offered = characteristic_offer(row.characteristic_roll, league.format)
        improvement = CharacteristicRoll(
            row.characteristic_roll,
            offered,
            tuple(c for c in offered if can_improve(state, c)),
            rolls,
        )
    try:
        result = advance(
            state,
            option,
            SeededRoller(row.seed),
            skill or None,
            characteristic=tuple(characteristic) or None,
            improvement=improvement,
            rolled_skills=[
                SkillRef(s["skill"], s.get("param")) for s in row.skills_rolled
            ]
            if improvement is None
            else None,
            data=rules_data(league.rules_version),
        )
    except SkillChoiceRequired as exc:
        raise ServiceError(
            [Violation(exc.code, "skill", exc.message, subjects=exc.choices)]
        ) from None
    except CampaignError as exc:
        if exc.code in ("choice_required", "characteristic_not_allowed"):
            message = _pending_view(row, team, player).message
            raise ServiceError.one(exc.code, "characteristic", message) from None
        raise _refusal(exc) from None
    dice = {"seed": row.seed, "dice": row.dice, "rolled_event": row.event_id}
    row.delete()
    return _advancement_record(team, player, result, actor, dice, spend=False)


def _advancement_record(
    team: Team,
    player: Player,
    result: AdvancementResult,
    actor: AbstractBaseUser | None,
    dice: Mapping[str, Any],
    *,
    spend: bool,
) -> Advancement:
    """Write the advancement taken, and its audit line with ``dice``; its
    SPP unless they were ``spend`` with its roll already."""
    updates: dict[str, Any] = {
        "advancements": F("advancements") + 1,
        "value": F("value") + result.value_increase,
    }
    if spend:
        updates["spp"] = F("spp") - result.spp_spent
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
    option = result.option
    event = league_event_record(
        league_id=team.league_id,
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
            **dice,
        }
        | _skill_choices_json(result),
    )
    return Advancement(player=player, result=result, event=event)


# --- a roll waiting for its coach's choice -------------------------------------


@dataclass(frozen=True, slots=True)
class PendingRoll:
    """A dice-rolled advancement paid for and rolled, waiting for its
    coach's choice, and what he may choose: keep one of ``skills`` (a
    random skill's), or improve one of ``characteristics`` (those the
    characteristic roll offers that the player can still improve) or take
    a skill of ``skill_categories`` instead, as ``skill``."""

    row: PendingAdvancement
    player: Player
    skills: list[str]
    characteristics: list[str]
    skill_categories: list[str]
    message: str


def player_pending_roll(player: Player) -> PendingRoll | None:
    """The player's roll waiting for its coach's choice, if any."""
    row = player_pending_row(player)
    return None if row is None else _pending_view(row, player.team, player)


def _pending_view(row: PendingAdvancement, team: Team, player: Player) -> PendingRoll:
    fmt = team.league.format
    if row.characteristic_roll is None:
        slugs = list(dict.fromkeys(s["skill"] for s in row.skills_rolled))
        skills = rules_data(team.league.rules_version).skills
        names = " and ".join(f"{skills[s].name} ({s})" for s in slugs)
        message = f"the dice rolled {names}: keep one of them as the skill"
        return PendingRoll(row, player, slugs, [], [], message)
    state = player_state(player, _position(team, player))
    variant = get_variant(fmt)
    offered = characteristic_offer(row.characteristic_roll, fmt)
    improvable = [c.value for c in offered if can_improve(state, c)]
    primary = state.primary if variant.characteristic_fallback_primary else ()
    allowed = ", ".join(c.upper() for c in improvable) or "no characteristic"
    skill = "a Primary or Secondary skill" if primary else "a Secondary skill"
    message = (
        f"the D{variant.characteristic_die} rolled {row.characteristic_roll}: "
        f"choose {allowed}, or {skill} as 'skill' instead"
    )
    categories = list(dict.fromkeys((*primary, *state.secondary)))
    return PendingRoll(row, player, [], improvable, categories, message)


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
