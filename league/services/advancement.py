"""Player advancement between matches: spending Star Player Points, and the
Sevens post-game skill for Sevens leagues that do not track SPP.

The rules are ``engine.campaign``'s; this module finds the option asked
for, rolls with dice seeded from the league's stored seed and what is being
rolled (the player and their advancement count, or the team and the
match), writes the player and one ``LeagueEvent`` with the dice, all in one
transaction. A refused request writes nothing, and the same request again
rolls the same dice: a retry can never re-roll an unwelcome result.

The Sevens post-game skill reads which matches a team completed and who
played them from the ``matches`` app (read-only, the only place the league
app does). League rows store match ids as plain numbers so that the league
migrations never depend on the matches app.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import F, Q

from engine.campaign import (
    MAX_ADVANCEMENTS,
    AdvancementKind,
    AdvancementOption,
    AdvancementResult,
    CampaignError,
    Characteristic,
    PlayerState,
    SeededRoller,
    advance,
    advancement_options,
    can_improve,
    characteristic_offer,
    level_name,
    must_spend_spp,
    sevens_advancement_player,
    sevens_postgame_options,
    spp_cost,
)
from engine.campaign.player import category_name
from engine.rules_data import Position, rules_data
from league.engine_bridge import gained_skill_entry, player_state
from league.errors import ServiceError
from league.models import League, LeagueEvent, Player, SevensAdvancement, Team
from league.services.audit import dice_payload, league_event_record, league_seed
from league.services.roster import team_player_for_update, team_require_not_playing
from league.services.teams import ON_ROSTER, league_roster, team_qs_for_update
from matches.models import Match, RosterSnapshot

SevensMode = Literal["chosen_player_primary", "random_player_secondary"]

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
    """Eleven-a-side leagues always track SPP; Sevens leagues only with seed
    004's SPP option (otherwise players gain the post-game skill)."""
    return league.format != "sevens" or league.sevens_spp


def _position(team: Team, player: Player) -> Position:
    return league_roster(team.league, team.roster).position(player.position)


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
            for kind in AdvancementKind
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
    exc: CampaignError, state: PlayerState, roller: SeededRoller
) -> ServiceError:
    """The two-step characteristic flow: the D16 is rolled, and if the coach
    has not (validly) picked what to improve the refusal says what the roll
    allows. The same request rolls the same D16, so the coach picks and
    sends it again."""
    roll = next(r for p, _, r in roller.rolls if p == "characteristic_improvement")
    improvable = [c.value for c in characteristic_offer(roll) if can_improve(state, c)]
    allowed = ", ".join(c.upper() for c in improvable) or "no characteristic"
    return ServiceError.one(
        exc.code,
        "characteristic",
        f"the D16 rolled {roll}: choose {allowed}, or a Secondary skill as "
        "'skill' instead",
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
    except CampaignError as exc:
        if exc.code in ("choice_required", "characteristic_not_allowed"):
            raise _characteristic_refusal(exc, state, roller) from None
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
        },
    )
    return Advancement(player=player, result=result, event=event)


def _skill_json(result: AdvancementResult) -> dict[str, str | None] | None:
    if result.skill is None:
        return None
    return {"skill": result.skill.skill, "param": result.skill.param}


# --- the Sevens post-game skill ----------------------------------------------


@dataclass(frozen=True, slots=True)
class SevensCandidate:
    player: Player
    state: PlayerState


@dataclass(frozen=True, slots=True)
class PendingSevensAdvancement:
    """The post-game skill a team may still take for ``match_id``: the
    players who played that match and may gain it."""

    match_id: int
    candidates: list[SevensCandidate]


def _latest_snapshot(team: Team) -> RosterSnapshot | None:
    return RosterSnapshot.objects.filter(team=team).order_by("-pk").first()


def _candidates(team: Team, snapshot: RosterSnapshot) -> list[SevensCandidate]:
    """Players who played (were available at kick-off), are still on the
    team's roster and did not die."""
    played = [p["id"] for p in snapshot.data["players"] if p["available"]]
    players = Player.objects.filter(pk__in=played, team=team, status__in=ON_ROSTER)
    roster = league_roster(team.league, team.roster)
    return [
        SevensCandidate(p, player_state(p, roster.position(p.position)))
        for p in players.order_by("number", "pk")
    ]


def _sevens_match(team: Team, match_id: int) -> tuple[Match, RosterSnapshot]:
    """The completed, non-SPP Sevens match ``match_id`` that ``team`` played
    and has not advanced for, still its latest (the skill is taken in the
    post-game, before the team's next kick-off)."""
    match = (
        Match.objects.select_related("season")
        .filter(
            Q(home=team) | Q(away=team), pk=match_id, season__league_id=team.league_id
        )
        .first()
    )
    if match is None:
        raise ServiceError.one(
            "unknown_match", "match", f"{team.name} did not play match {match_id}"
        )
    if match.status != Match.Status.COMPLETE:
        raise ServiceError.one(
            "match_not_complete",
            "match",
            "the post-game skill comes once the match's post-game is done",
        )
    if match.season.settings.get("spp", True):
        raise ServiceError.one(
            "spp_tracked",
            "match",
            "that season tracks SPP: players advance by spending them",
        )
    if SevensAdvancement.objects.filter(team=team, match_id=match.pk).exists():
        raise ServiceError.one(
            "already_advanced",
            "match",
            f"{team.name} already took its post-game skill for this match",
        )
    snapshot = RosterSnapshot.objects.get(match=match, team=team)
    latest = _latest_snapshot(team)
    if latest is not None and latest.pk != snapshot.pk:
        raise ServiceError.one(
            "advancement_expired",
            "match",
            f"{team.name} has kicked off another match since",
        )
    return match, snapshot


def team_sevens_pending(team: Team) -> PendingSevensAdvancement | None:
    """The post-game skill ``team`` may take now, if any: at most one, for
    its latest match."""
    if league_tracks_spp(team.league):
        return None
    snapshot = _latest_snapshot(team)
    if snapshot is None:
        return None
    try:
        _sevens_match(team, snapshot.match_id)
    except ServiceError:
        return None
    return PendingSevensAdvancement(snapshot.match_id, _candidates(team, snapshot))


@dataclass(frozen=True, slots=True)
class SevensAdvancementTaken:
    player: Player
    result: AdvancementResult
    record: SevensAdvancement
    event: LeagueEvent


def _sevens_option(
    state: PlayerState,
    kind: str,
    category: str | None,
    roller: SeededRoller,
) -> AdvancementOption:
    """The option for the picked player. Decision: with several categories
    of the kind, a chosen player's coach names one (``category``); for a
    random player the category is rolled too (a D``n`` over the player's
    categories in roster order), since "Skills gained by a Blood Bowl
    Sevens player are always randomly selected"."""
    options = [o for o in sevens_postgame_options(state) if o.kind.value == kind]
    if kind == AdvancementKind.RANDOM_SECONDARY and category:
        raise ServiceError.one(
            "unexpected_choice",
            "category",
            "the Secondary category of a random player is rolled, not chosen",
        )
    if category:
        try:
            name = category_name(category)
        except CampaignError as exc:
            raise _refusal(exc) from None
        for option in options:
            if option.category == name:
                return option
        raise ServiceError.one(
            "category_not_allowed",
            "category",
            f"the player has no Primary access to {name.title()}",
        )
    if len(options) == 1:
        return options[0]
    if kind == AdvancementKind.RANDOM_PRIMARY:
        raise ServiceError.one(
            "required",
            "category",
            "the player has several Primary categories: choose one",
        )
    return options[roller.d(len(options), "sevens_category") - 1]


@transaction.atomic
def team_sevens_advance(
    *,
    team_id: int,
    match_id: int,
    mode: SevensMode,
    player_id: int | None = None,
    category: str | None = None,
    actor: AbstractBaseUser | None = None,
) -> SevensAdvancementTaken:
    """blood_bowl_sevens.md "Player Advancement": after a match, either a
    player of the coach's choice gains a random Primary skill, or a random
    player gains a random Secondary skill. Once per team per match, for a
    match the team played to completion in a Sevens league without SPP.
    Current Value rises by the Sevens table (first skill, later skills)."""
    team = team_qs_for_update().get(pk=team_id)
    team_require_not_playing(team, action="the post-game skill")
    league = team.league
    if league_tracks_spp(league):
        raise ServiceError.one(
            "spp_tracked",
            "match",
            f"players in {league.name} advance by spending SPP",
        )
    match, snapshot = _sevens_match(team, match_id)
    candidates = {c.player.pk: c for c in _candidates(team, snapshot)}
    seed = league_seed(league, "sevens_advancement", team.pk, match.pk)
    roller = SeededRoller(seed)
    try:
        pick = sevens_advancement_player(
            mode,
            [c.state for c in candidates.values()],
            roller,
            chosen_player_id=player_id,
        )
    except CampaignError as exc:
        raise _refusal(exc) from None
    chosen = candidates[int(pick.player_id)]
    option = _sevens_option(chosen.state, pick.kind, category, roller)
    try:
        result = advance(
            chosen.state, option, roller, data=rules_data(league.rules_version)
        )
    except CampaignError as exc:
        raise _refusal(exc) from None
    assert result.skill is not None
    player = Player.objects.select_for_update().get(pk=chosen.player.pk)
    Player.objects.filter(pk=player.pk).update(
        gained_skills=[*player.gained_skills, gained_skill_entry(result.skill)],
        advancements=F("advancements") + 1,
        value=F("value") + result.value_increase,
    )
    player.refresh_from_db()
    event = league_event_record(
        league_id=league.pk,
        type=LeagueEvent.Type.SEVENS_ADVANCEMENT,
        team=team,
        player=player,
        match_id=match.pk,
        actor=actor,
        payload={
            "mode": mode,
            "kind": option.kind.value,
            "category": option.category,
            "skill": _skill_json(result),
            "value_increase": result.value_increase,
            "value_after": player.value,
            "candidates": list(candidates),
            "seed": seed,
            "dice": dice_payload(roller.rolls),
        },
    )
    record = SevensAdvancement(
        team=team,
        match_id=match.pk,
        mode=mode,
        player=player,
        skill=result.skill.skill,
        param=result.skill.param or "",
        value_increase=result.value_increase,
        event=event,
    )
    record.full_clean(validate_constraints=False)
    try:
        with transaction.atomic():
            record.save()
    except IntegrityError:  # backstop; the team lock serialises requests
        raise ServiceError.one(
            "already_advanced",
            "match",
            f"{team.name} already took its post-game skill for this match",
        ) from None
    return SevensAdvancementTaken(player, result, record, event)
