"""The post-game skill of leagues that do not track Star Player Points
(blood_bowl_sevens.md "Player Advancement"): after each match a team played
to completion, either a chosen player gains a random Primary skill or a
random player a random Secondary skill.

It lives in the matches app because it reads which matches a team completed
and who played them; rolls are seeded from the league's stored seed, the
team and the match, so a retry never re-rolls.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import F, Q

from engine.facade import (
    AdvancementKind,
    AdvancementOption,
    AdvancementResult,
    CampaignError,
    PlayerState,
    SeededRoller,
    Variant,
    advance,
    category_name,
    postgame_skill_options,
    postgame_skill_player,
    rules_data,
)
from league.engine_bridge import gained_skill_entry, player_state
from league.errors import ServiceError
from league.models import League, LeagueEvent, Player, SevensAdvancement, Team
from league.rules import league_rules
from league.services.advancement import _refusal, _skill_json
from league.services.audit import dice_payload, league_event_record, league_seed
from league.services.roster import team_require_not_playing
from league.services.teams import ON_ROSTER, league_roster, team_qs_for_update
from matches.models import Match, RosterSnapshot

SevensMode = Literal["chosen_player_primary", "random_player_secondary"]


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
    team's roster and did not die.

    Decision: blood_bowl_sevens.md "Player Advancement" names "a single
    player ... that played during this game"; "played" is read as eligible
    to play in it, each player of the roster frozen at kick-off who was
    available, reserves who never set up included. The rules use the word so
    ("Journeymen that played for the team during this game", post-game
    step 4), seed 004 names no condition ("1 chosen player", "1 random
    player"), Blood Bowl's MVP draws among those "eligible to play during
    this game", and a tabletop report does not say who set up (the BB2025
    MVP nominations read "played" the same: matches/reports/nominations.py).
    A player serving a Miss Next Game was not available and is left out."""
    played = [p["id"] for p in snapshot.data["players"] if p["available"]]
    players = Player.objects.filter(pk__in=played, team=team, status__in=ON_ROSTER)
    league_roster(team.league, team.roster)  # an unknown roster is refused
    data = rules_data(team.league.rules_version)
    return [
        SevensCandidate(p, player_state(p, data.position_of(team.roster, p.position)))
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


def league_postgame_skill_refusal(league: League) -> ServiceError | None:
    """Why ``league``'s teams never take the post-game skill, or None when
    they do: a format without progression (Blitz Bowl: a team card, no
    skills ever gained), or a league whose players advance by spending SPP
    (every format but Sevens, and Sevens with its SPP option)."""
    rules = league_rules(league)
    if not rules.variant.tracks_progression:
        return ServiceError.one(
            "no_progression",
            None,
            f"{league.name} plays {league.get_format_display()}: its players "
            "never gain skills",
        )
    if rules.tracks_spp:
        return ServiceError.one(
            "spp_tracked",
            "match",
            f"players in {league.name} advance by spending SPP",
        )
    return None


def team_sevens_require_applicable(team: Team) -> None:
    """Refuse, with the reason, a team whose league has no post-game skill."""
    refusal = league_postgame_skill_refusal(team.league)
    if refusal is not None:
        raise refusal


def team_sevens_pending(team: Team) -> PendingSevensAdvancement | None:
    """The post-game skill ``team`` may take now, if any: at most one, for
    its latest match (none in a league without it)."""
    if league_postgame_skill_refusal(team.league) is not None:
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
    variant: Variant,
) -> AdvancementOption:
    """The option for the picked player. Decision: with several categories
    of the kind, a chosen player's coach names one (``category``); for a
    random player the category is rolled too (a D``n`` over the player's
    categories in roster order), since "Skills gained by a Blood Bowl
    Sevens player are always randomly selected"."""
    options = [
        o for o in postgame_skill_options(state, variant) if o.kind.value == kind
    ]
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
    team_sevens_require_applicable(team)
    match, snapshot = _sevens_match(team, match_id)
    candidates = {c.player.pk: c for c in _candidates(team, snapshot)}
    seed = league_seed(league, "sevens_advancement", team.pk, match.pk)
    roller = SeededRoller(seed)
    try:
        pick = postgame_skill_player(
            mode,
            [c.state for c in candidates.values()],
            roller,
            chosen_player_id=player_id,
        )
    except CampaignError as exc:
        raise _refusal(exc) from None
    chosen = candidates[int(pick.player_id)]
    option = _sevens_option(
        chosen.state, pick.kind, category, roller, league_rules(league).variant
    )
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
