"""Passing skills (rulebook "Skills and Traits" - Passing).

Leader's re-roll is lost with the last Leader in play (rule point
``left_pitch``); the others act inline where their step is.
"""

from __future__ import annotations

from engine.core import skillbits as S
from engine.core.hooks import Hooks
from engine.core.state import CAS, KO, PITCH, RESERVES, SENT_OFF, GameState
from engine.skills.base import SkillSpec

SKILLS: tuple[SkillSpec, ...] = (
    SkillSpec(
        "pass", "passing", S.PASS, "passing.PassAction: re-roll the accuracy test"
    ),
    SkillSpec(
        "leader",
        "passing",
        S.LEADER,
        "rolls.team_reroll_available: Leader re-roll; left_pitch: lost with them",
    ),
    SkillSpec(
        "accurate",
        "passing",
        S.BIT["accurate"],
        "passing.PassAction._modifier: +1 on Quick and Short passes",
    ),
    SkillSpec(
        "cannoneer",
        "passing",
        S.BIT["cannoneer"],
        "passing.PassAction._modifier: +1 on Long passes and Long Bombs",
    ),
    SkillSpec(
        "cloud-burster",
        "passing",
        S.BIT["cloud-burster"],
        "passing.PassAction: a successful interference of a Long pass is re-rolled",
    ),
    SkillSpec(
        "dump-off",
        "passing",
        S.BIT["dump-off"],
        "activation.Activation -> passing.DumpOff: Quick pass when targeted by a Block",
    ),
    SkillSpec(
        "fumblerooskie",
        "passing",
        S.BIT["fumblerooskie"],
        "movement.move_options / Step: leave the ball in the vacated square",
    ),
    SkillSpec(
        "hail-mary-pass",
        "passing",
        S.BIT["hail-mary-pass"],
        "passing.PassAction: any target square, never accurate, no interference",
    ),
    SkillSpec(
        "nerves-of-steel",
        "passing",
        S.BIT["nerves-of-steel"],
        "passing / ball.catch_modifier: ignore Marking to pass, catch, interfere",
    ),
    SkillSpec(
        "on-the-ball",
        "passing",
        S.BIT["on-the-ball"],
        "on_the_ball.on_the_ball: move 3 before a Pass test, or at the kick-off",
    ),
    SkillSpec(
        "running-pass",
        "passing",
        S.BIT["running-pass"],
        "passing.PassAction._end / activation.Activation: move on after a Quick pass",
    ),
    SkillSpec(
        "safe-pass",
        "passing",
        S.BIT["safe-pass"],
        "passing.PassAction._fumble: keep the ball, no Turnover",
    ),
    # Dungeon Bowl walls
    SkillSpec(
        "wall-thrower",
        "passing",
        S.BIT["wall-thrower"],
        "variants.dungeon_bowl.wall_pass.WallPass._modifier: +1 at the wall",
    ),
    # Dungeon Bowl
    SkillSpec(
        "give-and-go",
        "passing",
        S.BIT["give-and-go"],
        "activation.Activation -> hand_off.give_and_go: move on after a Hand-off",
    ),
    # Dungeon Bowl flow
    SkillSpec(
        "portal-passer",
        "passing",
        S.BIT["portal-passer"],
        "variants.dungeon_bowl.portals.Teleport: may declare a Pass action "
        "after teleporting during its activation",
    ),
    # Blood Bowl 2025
    SkillSpec(
        "punt",
        "passing",
        S.BIT["punt"],
        "punt: skill_activations / move_options / move_chosen - PuntKick",
    ),
)


def leader_left_play(g: GameState, p: int, box: int) -> None:
    """Player ``p`` goes to dugout box ``box`` (injuries.to_box).

    skills_and_traits.md "Leader": "If all players with this Skill are
    removed from play before the Leader re-roll is used, it is lost."

    Decision: removed from play is the KO'd, Casualty or Sent-off box; a
    Leader waiting in the Reserves is still in play (his re-roll is only
    unusable while no Leader is on the pitch). A Leader back from the KO'd
    box does not bring a lost re-roll back; the next half gives a new one.
    """
    if not g.skills[p] & S.LEADER or box not in (KO, CAS, SENT_OFF):
        return
    t = g.team[p]
    for q in range(g.n):
        if g.team[q] == t and g.skills[q] & S.LEADER and g.box[q] in (PITCH, RESERVES):
            return
    g.leader_rr[t] = 0


def register(h: Hooks) -> None:
    h.left_pitch += (leader_left_play,)
