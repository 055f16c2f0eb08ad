"""Bit flags for the skills and traits the engine implements.

A player's skills are one int (a bitmask) so that rule code tests them with a
single ``&``; parameters ("+1", "4+", "All") live in a side table. Only
implemented skills get a bit: :mod:`engine.skills` lists them and their
hooks. Add a new skill by appending a bit here and registering it in the
right category module of :mod:`engine.skills`.
"""

from __future__ import annotations

_SLUGS: tuple[str, ...] = (
    # general
    "block",
    "dirty-player",
    "frenzy",
    "pro",
    "sure-hands",
    "tackle",
    "wrestle",
    # agility
    "catch",
    "dodge",
    "sneaky-git",
    "sprint",
    "sure-feet",
    # strength
    "guard",
    "mighty-blow",
    "stand-firm",
    "thick-skull",
    # passing
    "pass",
    "leader",
    # traits
    "stunty",
    "loner",
    "bone-head",
    "really-stupid",
    "regeneration",
    "throw-team-mate",
    "right-stuff",
    "animosity",
    "always-hungry",
    "take-root",
    "secret-weapon",
    "no-hands",
    "titchy",
    "decay",
    "unchannelled-fury",
    "animal-savagery",
    # secret weapons, swarms and flying goblins
    "ball-and-chain",
    "bombardier",
    "chainsaw",
    "pogo-stick",
    "swoop",
    "swarming",
    "kick-team-mate",
    # granted by game effects (Prayers to Nuffle), not yet implemented
    # as skills of their own
    "stab",
    # special actions and traits (engine.rules.special_actions, engine.rules.bloodlust)
    "breathe-fire",
    "hypnotic-gaze",
    "trickster",
    "hit-and-run",
    "my-ball",
    "bloodlust",
    "drunkard",
    "pick-me-up",
    "plague-ridden",
    # reserved for skills being implemented (no SkillSpec yet: a bit alone
    # changes nothing); kept here so parallel work never edits one line
    "accurate",
    "arm-bar",
    "big-hand",
    "brawler",
    "break-tackle",
    "cannoneer",
    "claws",
    "cloud-burster",
    "dauntless",
    "defensive",
    "disturbing-presence",
    "diving-catch",
    "diving-tackle",
    "dump-off",
    "extra-arms",
    "fend",
    "foul-appearance",
    "fumblerooskie",
    "grab",
    "hail-mary-pass",
    "horns",
    "iron-hard-skin",
    "juggernaut",
    "jump-up",
    "kick",
    "leap",
    "monstrous-mouth",
    "multiple-block",
    "nerves-of-steel",
    "on-the-ball",
    "pile-driver",
    "prehensile-tail",
    "running-pass",
    "safe-pair-of-hands",
    "safe-pass",
    "shadowing",
    "sidestep",
    "strip-ball",
    "strong-arm",
    "tentacles",
    "two-heads",
    "very-long-legs",
    "projectile-vomit",
    "timmm-ber",
    # Star Players' special rules (engine.skills.stars.limits): each rides on the
    # star's sheet as a skill of its own
    "blind-rage",
    "savage-blow",
    "blast-it",
    "putrid-regurgitation",
    "look-into-my-eyes",
    "kaboom",
    "ghostly-flames",
    "tasty-morsel",
    "all-you-can-eat",
    "star-of-the-show",
    "reliable",
    "a-sneaky-pair",
    "mesmerising-dance",
    "baleful-hex",
    "brutal-block",
    "whirling-dervish",
    "frenzied-rush",
    "shot-to-nothing",
    "primal-savagery",
    "two-for-one",
    "gored-by-the-bull",
    "incorporeal",
    "consummate-professional",
    "slayer",
    "wisdom-of-the-white-dwarf",
    "quick-bite",
    "treacherous",
    "old-pro",
    "unstoppable-momentum",
    "dwarfen-scourge",
    "raiding-party",
    "the-flashing-blade",
    "swift-as-the-breeze",
    "indomitable",
    "black-ink",
    "ill-be-back",
    "lord-of-chaos",
    "vicious-vines",
    "maximum-carnage",
    "crushing-blow",
    "the-ballista",
    "kick-em-while-theyre-down",
    "halfling-luck",
    "toxin-connoisseur",
    "thinking-mans-troll",
    "catch-of-the-day",
    "bounding-leap",
    "burst-of-speed",
    "ram",
    "yoink",
    "fury-of-the-blood-god",
    "master-assassin",
    "pump-up-the-crowd",
    "strong-passing-game",
    "furious-outburst",
    "sneakiest-of-the-lot",
    "beer-barrel-bash",
    "savage-mauling",
    "watch-out",
    "excuse-me-are-you-a-zoat",
    "then-i-started-blastin",
    # Dungeon Bowl walls
    "wall-thrower",
    # Dungeon Bowl (skills_and_traits.md "Passing Skills")
    "give-and-go",
    # Dungeon Bowl flow
    "portal-navigator",
    "portal-passer",
    # Blood Bowl 2025 (shared/rules/bb2025/skills.md): the edition's new
    # skills and traits, and its new names for BB2020 ones (No Ball, Pogo,
    # Fumblerooski play as No Hands, Pogo Stick, Fumblerooskie: see the
    # masks below)
    "bullseye",
    "eye-gouge",
    "fumblerooski",
    "hatred",
    "insignificant",
    "lethal-flight",
    "lone-fouler",
    "no-ball",
    "pogo",
    "punt",
    "put-the-boot-in",
    "quick-foul",
    "saboteur",
    "steady-footing",
    "taunt",
    "unsteady",
    "violent-innovator",
)

BIT: dict[str, int] = {slug: 1 << i for i, slug in enumerate(_SLUGS)}

BLOCK = BIT["block"]
DIRTY_PLAYER = BIT["dirty-player"]
FRENZY = BIT["frenzy"]
PRO = BIT["pro"]
SURE_HANDS = BIT["sure-hands"]
TACKLE = BIT["tackle"]
WRESTLE = BIT["wrestle"]
CATCH = BIT["catch"]
DODGE = BIT["dodge"]
SNEAKY_GIT = BIT["sneaky-git"]
SPRINT = BIT["sprint"]
SURE_FEET = BIT["sure-feet"]
GUARD = BIT["guard"]
MIGHTY_BLOW = BIT["mighty-blow"]
STAND_FIRM = BIT["stand-firm"]
THICK_SKULL = BIT["thick-skull"]
PASS = BIT["pass"]
LEADER = BIT["leader"]
STUNTY = BIT["stunty"]
LONER = BIT["loner"]
BONE_HEAD = BIT["bone-head"]
REALLY_STUPID = BIT["really-stupid"]
REGENERATION = BIT["regeneration"]
THROW_TEAM_MATE = BIT["throw-team-mate"]
RIGHT_STUFF = BIT["right-stuff"]
ANIMOSITY = BIT["animosity"]
ALWAYS_HUNGRY = BIT["always-hungry"]
TAKE_ROOT = BIT["take-root"]
SECRET_WEAPON = BIT["secret-weapon"]
# No Hands, and BB2025's No Ball (the same rule, under its new name).
NO_HANDS = BIT["no-hands"] | BIT["no-ball"]
TITCHY = BIT["titchy"]
DECAY = BIT["decay"]
UNCHANNELLED_FURY = BIT["unchannelled-fury"]
ANIMAL_SAVAGERY = BIT["animal-savagery"]
STAB = BIT["stab"]
BALL_AND_CHAIN = BIT["ball-and-chain"]
BOMBARDIER = BIT["bombardier"]
CHAINSAW = BIT["chainsaw"]
# Pogo Stick, and BB2025's Pogo (the same rule, under its new name).
POGO_STICK = BIT["pogo-stick"] | BIT["pogo"]
SWOOP = BIT["swoop"]
SWARMING = BIT["swarming"]
KICK_TEAM_MATE = BIT["kick-team-mate"]

# Traits that roll when the player is activated (rulebook: Bone Head, Really
# Stupid, Unchannelled Fury, Animal Savagery, Take Root).
ACTIVATION_TRAITS = (
    BONE_HEAD | REALLY_STUPID | UNCHANNELLED_FURY | ANIMAL_SAVAGERY | TAKE_ROOT
)


def slugs_of(mask: int) -> tuple[str, ...]:
    """Skill slugs set in ``mask``."""
    return tuple(s for s, b in BIT.items() if mask & b)
