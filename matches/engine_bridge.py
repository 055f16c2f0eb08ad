"""The only place where match rows meet the engine: roster snapshots become
team sheets, and the engine's result and events become plain JSON."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.facade import (
    BUGMAN_ID_BASE,
    PlayerSheet,
    RandomDice,
    TeamSheet,
    UnimplementedSkill,
    check_skills,
    get_variant,
    league_match,
    make_bot,
    play,
    rules_data,
)
from engine.facade import Match as EngineMatch
from engine.facade import MatchResult as EngineResult
from league.models import Player, Team
from league.selectors import (
    captain_able,
    team_captain_rule,
    team_roster_players,
    team_value_get,
)


def card_team_snapshot(team: Team) -> dict[str, Any]:
    """A team of a card format as it plays a match: its card and its players
    in card order (their names, for the engine and the replay)."""
    return {
        "team_id": team.pk,
        "name": team.name,
        "roster": team.roster,
        "card": team.roster,
        "players": [
            {
                "id": p.pk,
                "name": p.name,
                "number": p.number,
                "position": p.position,
                "available": True,
                "niggling": 0,
                "skills": [],
            }
            for p in team_roster_players(team)
        ],
    }


def team_snapshot(team: Team) -> dict[str, Any]:
    """The team as it stands now: every player still on the roster, with the
    characteristics and skills they take into the match."""
    if get_variant(team.league.format).drafts_team_card:
        return card_team_snapshot(team)
    data = rules_data(team.league.rules_version)
    captain = captain_able(team) if team_captain_rule(team) else None
    captain_skill = get_variant(team.league.format).team_captain_skill
    players = []
    for player in team_roster_players(team):
        starting = [
            (s.skill, s.param)
            for s in data.position_of(team.roster, player.position).skills
        ]
        gained = [(s["skill"], s.get("param")) for s in player.gained_skills]
        if captain is not None and player.pk == captain.pk:
            # Team Captain: he plays with Pro (unless he has it already)
            if all(skill != captain_skill for skill, _ in starting + gained):
                gained.append((captain_skill, None))
        players.append(
            {
                "id": player.pk,
                "name": player.name,
                "number": player.number,
                "position": player.position,
                "ma": player.ma,
                "st": player.st,
                "ag": player.ag,
                "pa": player.pa,
                "av": player.av,
                "skills": starting + gained,
                "value": player.value,
                "niggling": player.niggling_injuries,
                "available": player.status == Player.Status.ACTIVE
                and not player.miss_next_game,
                "journeyman": player.journeyman,
            }
        )
    value = team_value_get(team)
    return {
        "team_id": team.pk,
        "tv": value.tv,
        "ctv": value.ctv,
        "name": team.name,
        "roster": team.roster,
        "rerolls": team.rerolls,
        "apothecary": team.apothecary,
        "dedicated_fans": team.dedicated_fans,
        "assistant_coaches": team.assistant_coaches,
        "cheerleaders": team.cheerleaders,
        "treasury": team.treasury,
        "players": players,
        "captain": captain.pk if captain is not None else 0,
    }


def team_sheet(
    snapshot: dict[str, Any],
    inducements: dict[str, Any] | None = None,
    mercenaries: Sequence[PlayerSheet] = (),
) -> TeamSheet:
    """The engine's view of a snapshot: only the players available to play,
    with the inducements bought for this match added (mercenaries join the
    players)."""
    bought = inducements or {}
    return TeamSheet(
        name=snapshot["name"],
        roster=snapshot["roster"],
        players=tuple(
            PlayerSheet(
                id=p["id"],
                name=p["name"],
                number=p["number"],
                position=p["position"],
                ma=p["ma"],
                st=p["st"],
                ag=p["ag"],
                pa=p["pa"],
                av=p["av"],
                skills=tuple((s, param) for s, param in p["skills"]),
                # the classic game adds them to Injury rolls in the match
                niggling=int(p.get("niggling", 0)),
            )
            for p in snapshot["players"]
            if p["available"]
        )
        + tuple(mercenaries),
        rerolls=snapshot["rerolls"] + bought.get("extra_team_training", 0),
        apothecary=snapshot["apothecary"],
        dedicated_fans=snapshot["dedicated_fans"],
        assistant_coaches=snapshot["assistant_coaches"]
        + bought.get("part_time_assistant_coaches", 0),
        cheerleaders=snapshot["cheerleaders"]
        + bought.get("temp_agency_cheerleaders", 0)
        + bought.get("agency_cheerleaders", 0),
        wandering_apothecaries=bought.get("wandering_apothecaries", 0),
        bribes=bought.get("bribes", 0),
        prayers=bought.get("prayers", 0),
        journeymen=tuple(p["id"] for p in snapshot["players"] if p.get("journeyman")),
        # BB2025 renames them Blitzer's Best Kegs: the same +1 each
        kegs=bought.get("bloodweiser_kegs", 0) + bought.get("blitzers_best_kegs", 0),
        master_chef=bool(bought.get("halfling_master_chef", 0)),
        wizard=bool(bought.get("wizard", 0)),
        weather_mage=bool(bought.get("weather_mage", 0)),
        biased_referee=bool(bought.get("biased_referee", 0)),
        mortuary_assistant=bool(bought.get("mortuary_assistant", 0)),
        plague_doctor=bool(bought.get("plague_doctor", 0)),
        mascot=bool(bought.get("team_mascot", 0)),  # BB2025
        # Star Players and Mercenaries: the doctors do not treat them
        hired=tuple(p.id for p in mercenaries),
        bugman=next((p.id for p in mercenaries if p.id >= BUGMAN_ID_BASE), 0),
        # Sevens: the D8 results rolled when they were bought
        desperate_measures=tuple(
            int(r) for r in bought.get("desperate_measure_results", ())
        ),
        # Dungeon Bowl: the College Wizard is always of the team's own college
        college_wizard=snapshot["roster"] if bought.get("college_wizard", 0) else "",
        # BB2025 Team Captain, when he plays this game
        captain=next(
            (
                p["id"]
                for p in snapshot["players"]
                if p["id"] == snapshot.get("captain") and p["available"]
            ),
            0,
        ),
    )


def team_skill_problem(team: Team) -> str | None:
    """Why the engine would refuse to play ``team`` as it stands now (a
    player with a skill it does not implement), or None."""
    if get_variant(team.league.format).drafts_team_card:
        return None  # the card engine plays every ability on the cards
    try:
        check_skills(team_sheet(team_snapshot(team)))
    except UnimplementedSkill as exc:
        return str(exc)
    return None


def engine_match(
    *,
    format_slug: str,
    home: dict[str, Any],
    away: dict[str, Any],
    seed: int,
    inducements: tuple[dict[str, Any], dict[str, Any]] = ({}, {}),
    mercenaries: tuple[Sequence[PlayerSheet], Sequence[PlayerSheet]] = ((), ()),
    extra_time: bool = False,
    time_limit: bool = False,
    pitch_seed: int | None = None,
) -> EngineMatch:
    """The engine's match from the same inputs as :func:`engine_play`,
    stopped at its first decision (live play applies the coaches' choices).
    ``time_limit``: the league's option, for the format that has one.
    ``pitch_seed``: what draws the match's board (a dungeon), when it is
    not the dice's ``seed``."""
    ruleset = get_variant(format_slug)
    return league_match(
        ruleset,
        team_sheet(home, inducements[0], mercenaries[0]),
        team_sheet(away, inducements[1], mercenaries[1]),
        RandomDice(seed),
        extra_time=extra_time,
        pitch=ruleset.match_pitch(seed if pitch_seed is None else pitch_seed),
        time_limit=time_limit,
    )


def engine_play(
    *,
    format_slug: str,
    home: dict[str, Any],
    away: dict[str, Any],
    seed: int,
    inducements: tuple[dict[str, Any], dict[str, Any]] = ({}, {}),
    mercenaries: tuple[Sequence[PlayerSheet], Sequence[PlayerSheet]] = ((), ()),
    extra_time: bool = False,
    time_limit: bool = False,
) -> tuple[EngineResult, list[dict[str, Any]]]:
    """Play a whole match with the scripted bots; the same snapshots,
    inducements and seed always give the same result and events.
    ``extra_time``: the match needs a winner (a playoff); ``time_limit``:
    the league plays with a time limit."""
    match = engine_match(
        format_slug=format_slug,
        home=home,
        away=away,
        seed=seed,
        inducements=inducements,
        mercenaries=mercenaries,
        extra_time=extra_time,
        time_limit=time_limit,
    )
    play(
        match, make_bot("scripted", seed ^ 0x5EED), make_bot("scripted", seed ^ 0xBEEF)
    )
    return match.result, [event.to_dict() for event in match.events]
