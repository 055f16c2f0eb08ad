"""The rules words of the captions, spelt as the rulebooks spell them: the
engine stores codes ("pouring_rain", "iron_man", "sure-hands"), a caption
names them ("Pouring Rain", "Iron Man", "Sure Hands").

A code no table knows still reads as words (:func:`title`), never as the
code itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from engine.facade import CASUALTY_TABLES, rules_data

# Words a title keeps in lower case unless they start it ("Throw a Rock").
SMALL_WORDS = frozenset(
    "a an and at by for from in into of on or the to under with".split()
)


def words(code: Any) -> str:
    """A code in plain words: "stand_up" -> "stand up"."""
    return str(code).replace("_", " ").replace("-", " ").strip()


def title(code: Any) -> str:
    """A code as a name: "moles_under_the_pitch" -> "Moles under the Pitch"."""
    out = []
    for i, word in enumerate(words(code).split()):
        out.append(word if i and word in SMALL_WORDS else word[:1].upper() + word[1:])
    return " ".join(out)


def sentence(code: Any) -> str:
    """A code as the start of a sentence: "falls_over" -> "Falls over"."""
    text = words(code)
    return text[:1].upper() + text[1:]


def named(table: Mapping[str, str], code: Any) -> str:
    """``code``'s name in ``table``, else the code as a name."""
    return table.get(str(code)) or title(code)


def article(name: str) -> str:
    """ "a Blitz", "an Armour roll"."""
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name


# --- skills, Star Players' special rules -------------------------------------


@cache
def skill_names() -> dict[str, str]:
    """Display names of the skills and traits (Dungeon Bowl's too) and of
    the Star Players' special rules, by slug."""
    names = {s: skill.name for s, skill in rules_data("dungeon_bowl").skills.items()}
    names |= {s: skill.name for s, skill in rules_data("bb2020").skills.items()}
    names |= {
        s.rule_slug: s.rule_name for s in rules_data("bb2020").star_players.values()
    }
    return names


# Skill events that are not skills themselves (engine/bloodlust.py).
SKILL_EFFECTS = {
    "bloodlust_bite": "Bloodlust to bite a Thrall",
    "bloodlust_starved": "Bloodlust, with no Thrall to bite",
}


def skill_name(code: Any) -> str:
    """A skill, trait or special rule by its slug ("sure-hands" or
    "sure_hands" -> "Sure Hands")."""
    slug = str(code)
    names = skill_names()
    return (
        SKILL_EFFECTS.get(slug)
        or names.get(slug)
        or names.get(slug.replace("_", "-"))
        or title(slug)
    )


def is_skill(code: Any) -> bool:
    slug = str(code)
    return slug in skill_names() or slug.replace("_", "-") in skill_names()


@cache
def star_name(slug: str) -> str:
    """A Star Player by his slug ("grak" -> "Grak")."""
    for star in rules_data("bb2020").star_players.values():
        if slug in (star.slug, *(m.slug for m in star.members)):
            member = next((m for m in star.members if m.slug == slug), None)
            return member.name if member is not None else star.name
    return title(slug)


# --- the pre-game and kick-off tables ----------------------------------------

WEATHER = {
    "sweltering_heat": "Sweltering Heat",
    "very_sunny": "Very Sunny",
    "perfect": "Perfect Conditions",
    "pouring_rain": "Pouring Rain",
    "blizzard": "Blizzard",
}
# The Kick-off Event tables: Blood Bowl (and Sevens) and the classic game.
KICKOFF = {
    "get_the_ref": "Get the Ref",
    "time_out": "Time-out",
    "solid_defence": "Solid Defence",
    "high_kick": "High Kick",
    "cheering_fans": "Cheering Fans",
    "brilliant_coaching": "Brilliant Coaching",
    "changing_weather": "Changing Weather",
    "quick_snap": "Quick Snap",
    "blitz": "Blitz",
    "officious_ref": "Officious Ref",
    "pitch_invasion": "Pitch Invasion",
    "riot": "Riot",
    "get_da_ref": "Get Da Ref",
    "perfect_defence": "Perfect Defence",
    "bad_kick": "Bad Kick",
    "weather": "Weather",
    "throw_a_rock": "Throw a Rock",
}
PRAYERS = {
    "treacherous_trapdoor": "Treacherous Trapdoor",
    "friends_with_the_ref": "Friends with the Ref",
    "stiletto": "Stiletto",
    "iron_man": "Iron Man",
    "knuckle_dusters": "Knuckle Dusters",
    "bad_habits": "Bad Habits",
    "greasy_cleats": "Greasy Cleats",
    "blessed_statue_of_nuffle": "Blessed Statue of Nuffle",
    "blessing_of_nuffle": "Blessing of Nuffle",
    "moles_under_the_pitch": "Moles under the Pitch",
    "perfect_passing": "Perfect Passing",
    "dazzling_catching": "Dazzling Catching",
    "fan_interaction": "Fan Interaction",
    "necessary_violence": "Necessary Violence",
    "fouling_frenzy": "Fouling Frenzy",
    "throw_a_rock": "Throw a Rock",
    "under_scrutiny": "Under Scrutiny",
    "intensive_training": "Intensive Training",
}
# Argue the Call, as the table words each result.
ARGUE = {
    "youre_outta_here": "“You're Outta Here!”: the coach is sent off too",
    "i_dont_care": "“I Don't Care!”",
    "well_when_you_put_it_like_that": "“Well, When You Put It Like That...”: "
    "the player stays",
    "bribed": "the Bribe works: the player stays",
    "bribe_failed": "the Bribe fails",
}

# --- injuries --------------------------------------------------------------------

INJURIES = {
    "stunned": "stunned",
    "ko": "knocked out",
    "cas": "casualty",
    "casualty": "casualty",
}


@cache
def injury_names() -> dict[str, str]:
    """Every Casualty and Lasting Injury table result by its slug, as its
    table names it ("pinched_nerve" -> "Pinched Nerve", "dead" -> "DEAD")."""
    names = {
        "badly_hurt": "Badly Hurt",
        "seriously_hurt": "Seriously Hurt",
        "serious_injury": "Serious Injury",
        "lasting_injury": "Lasting Injury",
        "dead": "DEAD",
    }
    for table in CASUALTY_TABLES.values():
        rows = [row.injury for row in table.rows]
        rows += [row.injury for row in table.lasting_injury]
        for name in rows:
            slug = name.lower().replace(" ", "_")
            names.setdefault(slug, name)
    return names


def injury_name(code: Any) -> str:
    """A Casualty or Lasting Injury result by its code, as its table names
    it (the Injury roll's own results read in :data:`INJURIES`)."""
    code = str(code)
    return injury_names().get(code) or INJURIES.get(code) or title(code)


CHARACTERISTICS = {"ma": "MA", "st": "ST", "ag": "AG", "pa": "PA", "av": "AV"}
APOTHECARY = {
    "ko_to_stunned": "Stunned instead of Knocked Out",
    "ko_to_reserves": "back in the Reserves instead of Knocked Out",
    "patched": "patched up",
    "failed": "no help",
}
BOXES = {
    "cas": "the casualty box",
    "ko": "the knocked-out box",
    "reserves": "the reserves box",
    "sent_off": "the dugout, sent off",
}
# Why a player leaves the pitch (engine.core.events.PlayerOff ``reason``) when it
# is not an Injury result.
LEAVES = {
    "crowd": "pushed into the crowd",
    "secret_weapon": "a Secret Weapon, sent off",
    "foul": "sent off for the Foul",
    "patched": "patched up by the apothecary",
    "magical_mishap": "Magical Mishap",
    "argued_back": "the referee changes his mind",
    "eaten": "eaten",
    "kick_team_mate": "kicked off the pitch",
    "transmutation": "Transmutation",
    "pitch": "on the pitch",
    "officious_ref": "sent off by the Officious Ref",
}
SENT_OFF = {
    "foul": "for the Foul",
    "secret_weapon": "for the Secret Weapon",
    "officious_ref": "by the Officious Ref",
    "bugman": "for the Foul he always commits",
}
TURNOVERS = {
    "fall": "a player Falls Over",
    "knocked_down": "a player is Knocked Down",
    "pick_up": "the ball is not picked up",
    "pass": "the pass is not caught by a team-mate",
    "fumble": "a Fumble",
    "hand_off": "the Hand-off is not caught by a team-mate",
    "interception": "an Interception",
    "foul_seen": "the referee sees the Foul",
    "sent_off": "a player is sent off",
    "bloodlust": "Bloodlust",
    "bomb": "the thrower is hit by his own bomb",
    "chainsaw": "the Chainsaw kicks back",
    "trapdoor": "a player falls through a Trapdoor",
    "eaten": "a player is eaten",
    "thrown_into_crowd": "the thrown player lands in the crowd",
    "pushed_into_crowd": "a player is pushed into the crowd",
    "pushed_into_chasm": "a player is pushed into the Fiery Chasm",
    "stalling": "the crowd knocks down a stalling player",
}
FALLS = {
    "knocked_down": "is knocked down",
    "fall": "falls",
    "fell": "falls",
    "placed_prone": "is Placed Prone",
    "bomb": "is knocked over by the bomb",
    "chainsaw": "is cut down by the Chainsaw",
    "fireball": "is knocked over by the Fireball",
    "quick_bite": "is bitten (Quick Bite)",
    "stab": "is Stabbed",
    "vomit": "is covered in Projectile Vomit",
    "stalling": "is knocked down by the crowd (Stalling)",
}

# --- actions and movement --------------------------------------------------------

ACTIONS = {
    "move": "Move",
    "blitz": "Blitz",
    "foul": "Foul",
    "block": "Block",
    "pass": "Pass",
    "hand_off": "Hand-off",
    "throw_team_mate": "Throw Team-mate",
    "kick_team_mate": "Kick Team-mate",
    "throw_bomb": "Throw Bomb",
    "ball_and_chain": "Ball & Chain Move",
    "throw_food": "Throw Food",
    "gather_funds": "Gather Funds",
    "secure_the_ball": "Secure the Ball",
}
MOVES = {
    "step": "moves",
    "run": "moves",
    "mark": "moves",
    "rush": "rushes",
    "jump": "jumps",
    "leap": "leaps",
    "dodge": "dodges",
    "push": "is pushed back",
    "pushed": "is pushed back",
    "follow_up": "follows up",
    "quick_snap": "moves a square (Quick Snap)",
    "high_kick": "moves under the ball (High Kick)",
    "land": "lands",
    "placed": "is placed",
    "thrown": "flies through the air",
    "bounce": "bounces on",
    "dropped": "is dropped",
    "jump_back": "jumps back",
    "shadowing": "follows (Shadowing)",
    "diving_tackle": "dives into the square (Diving Tackle)",
    "on_the_ball_move": "moves (On the Ball)",
    "hit_and_run": "moves away (Hit and Run)",
    "trickster": "slips away (Trickster)",
    "ball_and_chain": "whirls on (Ball & Chain)",
    "raiding_party": "moves (Raiding Party)",
}
CATCHES = {
    "catch": "catches the ball",
    "pick_up": "picks up the ball",
    "hand_off": "takes the Hand-off",
    "touchback": "is given the ball (Touchback)",
    "chest": "takes the ball from the Chest",
}
BALL_MOVES = {
    "bounce": "bounces",
    "scatter": "scatters",
    "deviate": "deviates",
    "throw_in": "is thrown back in by the crowd",
    "dropped": "is dropped",
    "thrown": "is thrown",
    "placed": "is placed",
    "ricochet": "ricochets off the wall",
    "chasm": "scatters out of the Fiery Chasm",
    "wall_flight": "flies on",
}
PASS_RANGES = {
    "quick": "Quick Pass",
    "short": "Short Pass",
    "long": "Long Pass",
    "long_bomb": "Long Bomb",
}
PASS_RESULTS = {
    "accurate": "Accurate",
    "inaccurate": "Inaccurate",
    "wildly_inaccurate": "Wildly Inaccurate",
    "fumble": "Fumbled",
}
THROWS = {
    "superb": "a superb throw",
    "successful": "a successful throw",
    "subpar": "a subpar throw",
    "terrible": "a terrible throw",
    "fumble": "fumbled",
}
BLOCK_RESULTS = {
    "player_down": "Player Down!",
    "both_down": "Both Down",
    "push": "Push Back",
    "stumble": "Stumble",
    "pow": "POW!",
}
# The block dice faces drawn under the replay's pitch (engine block dice:
# 1 Player Down ... 5 POW); the viewer marks the face of the chosen result.
BLOCK_FACES = {
    1: "Player Down",
    2: "Both Down",
    3: "Push",
    4: "Stumble",
    5: "POW",
}

# --- rolls and re-rolls ----------------------------------------------------------

# Rolls as a coach names them; the others are skills (by their slug), rooms,
# kick-off events, or their code as a name.
ROLLS = {
    "gfi": "Rush",
    "rush": "Rush",
    "dodge": "Dodge",
    "jump": "Jump",
    "leap": "Leap",
    "pick_up": "Pick-up",
    "secure_the_ball": "Secure the Ball",
    "catch": "Catch",
    "pass": "Pass",
    "hand_off": "Hand-off",
    "interference": "Passing Interference",
    "interception": "Interception",
    "landing": "Landing",
    "throw_team_mate": "Throw Team-mate",
    "stand_up": "Stand Up",
    "apothecary": "Apothecary",
    "apothecary_casualty": "Apothecary",
    "regeneration": "Regeneration",
    "coin_toss": "Coin toss",
    "play_off_roll_off": "Play-off",
    "ko_recovery": "KO recovery",
    "block": "Block",
    "injury": "Injury",
    "armour": "Armour",
    "throw_bomb": "Bomb throw",
    "catch_bomb": "Bomb catch",
    "bomb_caught": "Bomb",
    "bomb_blast": "Bomb blast",
    "throw_food": "Throw Food",
    "teleport": "Teleport",
    "ball_teleport": "Portal",
    "trapdoor": "Trapdoor",
    "wall_push": "Wall",
    "wall_miss": "Wall throw",
    "wall_flight": "Wall throw",
    "pitch_invasion_players": "Pitch Invasion",
    "eat_team_mate": "Always Hungry",
    "injury_discarded": "Injury",
    "hail_mary": "Hail Mary Pass",
}
ROOMS = {
    "forgotten_jail": "The Forgotten Jail",
    "chaotic_idol": "The Chaotic Idol",
    "dragon_lair": "The Dragon Youngling",
    "sewer": "The Sewer",
    "kitchen": "The Kitchen",
    "treasure_room": "The Treasure Room",
}


def roll_name(purpose: Any) -> str:
    """What a roll is for, as a coach names it ("Dodge", "Bone Head")."""
    code = str(purpose)
    if code in ROLLS:
        return ROLLS[code]
    if code in ROOMS:
        return ROOMS[code]
    if is_skill(code):
        return skill_name(code)
    return KICKOFF.get(code) or title(code)


REROLL_SOURCES = {
    "team": "team re-roll",
    "leader": "Leader re-roll",
    "brilliant_coaching": "Brilliant Coaching re-roll",
    "mascot": "Team Mascot re-roll",
}
