"""Where league rows meet the pure league rules: a ``Player`` row becomes the
``PlayerState`` that ``engine.campaign`` works on, and gained skills go back
into the row's JSON."""

from __future__ import annotations

from typing import Any

from engine.facade import Characteristic, PlayerState, Position, SkillRef
from league.models import Player


def player_state(player: Player, position: Position) -> PlayerState:
    """``player`` as the campaign rules see them: the position's starting
    skills and skill access plus everything the league added."""
    gained = tuple(SkillRef(s["skill"], s.get("param")) for s in player.gained_skills)
    return PlayerState(
        player_id=player.pk,
        ma=player.ma,
        st=player.st,
        ag=player.ag,
        pa=player.pa,
        av=player.av,
        skills=position.skills + gained,
        primary=position.primary,
        secondary=position.secondary,
        spp=player.spp,
        advancements=player.advancements,
        value=player.value,
        niggling=player.niggling_injuries,
        mng=player.miss_next_game,
        dead=player.status == Player.Status.DEAD,
        improvements={Characteristic(k): n for k, n in player.improvements.items()},
        reductions={Characteristic(k): n for k, n in player.reductions.items()},
    )


def gained_skill_entry(skill: SkillRef, **marks: Any) -> dict[str, Any]:
    """One entry of ``Player.gained_skills``."""
    return {"skill": skill.skill, "param": skill.param, **marks}
