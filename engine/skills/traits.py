"""Traits (rulebook "Skills and Traits" - Traits)."""

from __future__ import annotations

from engine.core import skillbits as S
from engine.core.events import SkillUsed
from engine.core.state import (
    PF_NOTZ,
    PF_ROOTED,
    STANDING,
    Decision,
    GameState,
    Option,
    Proc,
)
from engine.rules.rolls import Test
from engine.skills.base import ActivationHook, SkillSpec
from engine.skills.stars.trait_rolls import (
    fury_of_the_blood_god,
    lash_out_at,
    lash_out_opponents,
)

PRIMAL = S.BIT["primal-savagery"]


class ActivationTrait(Proc):
    """A trait that rolls when its player is activated, after the action is
    declared (Bone Head 2+, Really Stupid 4+ (+2 next to a Standing
    team-mate without it), Unchannelled Fury 4+ (+2 for Block/Blitz),
    Animal Savagery 4+ (+2 for Block/Blitz), Take Root 2+)."""

    __slots__ = ("p", "action", "bit")

    def __init__(self, p: int, action: str, bit: int) -> None:
        self.phase = 0
        self.p = p
        self.action = action
        self.bit = bit

    def step(self, g: GameState) -> Decision | None:
        p, bit = self.p, self.bit
        if self.phase == 0:
            if g.act_over:
                g.stack.pop()
                return None
            target, mod, name = 2, 0, "bone_head"
            if bit == S.REALLY_STUPID:
                target, name = 4, "really_stupid"
                for s in g.pitch.neighbours[g.pos[p]]:
                    q = g.board[s]
                    if (
                        q >= 0
                        and g.team[q] == g.team[p]
                        and g.status[q] == STANDING
                        and not g.skills[q] & S.REALLY_STUPID
                        and (g.has_tz(q) or not g.variant.really_stupid_help_needs_tz)
                    ):
                        mod = 2
                        break
            elif bit == S.UNCHANNELLED_FURY:
                target, name = 4, "unchannelled_fury"
                mod = 2 if self.action in g.variant.savagery_blocking_actions else 0
            elif bit == S.ANIMAL_SAVAGERY:
                target, name = 4, "animal_savagery"
                mod = 2 if self.action in g.variant.savagery_blocking_actions else 0
            elif bit == S.TAKE_ROOT:
                name = "take_root"
            self.phase = 1
            g.stack.append(Test(name, p, target, mod, natural=False))
            return None
        if self.phase == 1:
            if g.ret or (
                bit == S.UNCHANNELLED_FURY and fury_of_the_blood_god(g, p, self.action)
            ):
                g.stack.pop()
                return None
            g.emit(SkillUsed(g.pid[p], S.slugs_of(bit)[0]))
            if bit == S.TAKE_ROOT:
                g.pflags[p] |= PF_ROOTED
                g.stack.pop()
                return None
            if bit == S.UNCHANNELLED_FURY:
                g.act_over = True
                g.stack.pop()
                return None
            if bit == S.ANIMAL_SAVAGERY:
                mates = [
                    q
                    for s in g.pitch.neighbours[g.pos[p]]
                    if (q := g.board[s]) >= 0
                    and g.team[q] == g.team[p]
                    and g.status[q] == STANDING
                ]
                if g.skills[p] & PRIMAL:
                    mates += lash_out_opponents(g, p)
                if mates:
                    self.phase = 2
                    return Decision(
                        g.tname(g.team[p]),
                        "lash_out",
                        tuple(g.pl_opts[q]["lash_out"] for q in mates),
                        g.pid[p],
                    )
            g.act_over = True
            g.pflags[p] |= PF_NOTZ
            g.stack.pop()
            return None
        g.stack.pop()
        return None

    def receive(self, g: GameState, choice: Option) -> None:
        q = g.idx[choice[1]]
        lash_out_at(g, self.p, q)
        g.stack[-1] = g.variant.lash_out(g, self.p, q)


def _hook(bit: int) -> ActivationHook:
    def hook(g: GameState, p: int, action: str) -> Proc | None:
        return ActivationTrait(p, action, bit)

    return hook


SKILLS: tuple[SkillSpec, ...] = (
    SkillSpec(
        "bone-head", "trait", S.BONE_HEAD, "traits.ActivationTrait", _hook(S.BONE_HEAD)
    ),
    SkillSpec(
        "really-stupid",
        "trait",
        S.REALLY_STUPID,
        "traits.ActivationTrait",
        _hook(S.REALLY_STUPID),
    ),
    SkillSpec(
        "unchannelled-fury",
        "trait",
        S.UNCHANNELLED_FURY,
        "traits.ActivationTrait",
        _hook(S.UNCHANNELLED_FURY),
    ),
    SkillSpec(
        "animal-savagery",
        "trait",
        S.ANIMAL_SAVAGERY,
        "traits.ActivationTrait",
        _hook(S.ANIMAL_SAVAGERY),
    ),
    SkillSpec(
        "take-root", "trait", S.TAKE_ROOT, "traits.ActivationTrait", _hook(S.TAKE_ROOT)
    ),
    SkillSpec(
        "loner",
        "trait",
        S.LONER,
        "rolls.spend_team_reroll: D6 >= X to use a team re-roll",
    ),
    SkillSpec(
        "stunty",
        "trait",
        S.STUNTY,
        "movement.Step dodge modifiers; injuries.Harm Stunty table; passing interference +1",
    ),
    SkillSpec(
        "titchy",
        "trait",
        S.TITCHY,
        "movement.Step +1 dodge; not counted as Marking dodgers",
    ),
    SkillSpec(
        "no-hands", "trait", S.BIT["no-hands"], "ball.Catch / pickup.Pickup always fail"
    ),
    SkillSpec(
        "regeneration", "trait", S.REGENERATION, "injuries.Harm after the Casualty roll"
    ),
    SkillSpec("decay", "trait", S.DECAY, "injuries.Harm +1 on Casualty rolls"),
    SkillSpec(
        "throw-team-mate",
        "trait",
        S.THROW_TEAM_MATE,
        "activation.activation_options + throw_team_mate.ThrowTeamMateAction (ST 5+)",
    ),
    SkillSpec(
        "right-stuff",
        "trait",
        S.RIGHT_STUFF,
        "movement.move_options: can be thrown (ST 3-)",
    ),
    SkillSpec(
        "always-hungry",
        "trait",
        S.ALWAYS_HUNGRY,
        "throw_team_mate: D6 before the throw",
    ),
    SkillSpec(
        "animosity",
        "trait",
        S.ANIMOSITY,
        "passing.PassAction / turns hand-off: D6, 1 refuses",
    ),
    SkillSpec(
        "secret-weapon",
        "trait",
        S.SECRET_WEAPON,
        "turns.EndDrive: Sent-off after the drive",
    ),
    SkillSpec(
        "ball-and-chain",
        "trait",
        S.BALL_AND_CHAIN,
        "turns action ball_and_chain -> secret_weapons.BallAndChainMove; "
        "injuries.KnockDown: Injury roll only, Stunned = KO'd",
    ),
    SkillSpec(
        "bombardier",
        "trait",
        S.BOMBARDIER,
        "turns action throw_bomb -> bombs.BombThrow (explosion)",
    ),
    SkillSpec(
        "chainsaw",
        "trait",
        S.CHAINSAW,
        "turns action chainsaw / Blitz ('chainsaw', id) -> "
        "secret_weapons.ChainsawAttack; fouls.FoulAction; "
        "injuries.chainsaw_armour +3",
    ),
    SkillSpec(
        "pogo-stick",
        "trait",
        S.BIT["pogo-stick"],
        "movement.move_options Leap / Step._test: Marking ignored",
    ),
    SkillSpec(
        "swoop",
        "trait",
        S.SWOOP,
        "throw_team_mate.ThrowTeamMateAction._swoop: template, D3 squares",
    ),
    SkillSpec(
        "swarming",
        "trait",
        S.SWARMING,
        "kickoff.Kickoff (after the kick) -> swarming.Swarm",
    ),
    SkillSpec(
        "kick-team-mate",
        "trait",
        S.KICK_TEAM_MATE,
        "turns action kick_team_mate -> throw_team_mate.KickTeamMateAction",
    ),
    SkillSpec(
        "projectile-vomit",
        "trait",
        S.BIT["projectile-vomit"],
        "turns action projectile_vomit / Blitz ('vomit', id) -> "
        "block_actions.ProjectileVomit",
    ),
    # Blood Bowl 2025
    SkillSpec(
        "hatred",
        "trait",
        S.BIT["hatred"],
        "blocked: block_rerolls - re-roll a Player Down die against keyword X",
    ),
    SkillSpec(
        "insignificant",
        "trait",
        S.BIT["insignificant"],
        "campaign.drafting: a roster holds no more Insignificant players than others",
    ),
    SkillSpec(
        "no-ball",
        "trait",
        S.BIT["no-ball"],
        "as No Hands (skillbits.NO_HANDS); bb2025.secure: no Secure the Ball",
    ),
    SkillSpec(
        "pogo",
        "trait",
        S.BIT["pogo"],
        "as Pogo Stick (skillbits.POGO_STICK): Leap; movement.Step._test: "
        "every negative modifier ignored (pogo_ignores_all)",
    ),
    SkillSpec(
        "unsteady",
        "trait",
        S.BIT["unsteady"],
        "variants.bb2025.secure: may not declare Secure the Ball",
    ),
)
