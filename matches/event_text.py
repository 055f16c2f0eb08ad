"""Sentences for stored match events: the match log and the replay viewer
read every engine event, report line and post-game roll through here."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.core.rules_data import rules_data
from engine.variants import get_variant
from league.models import League
from matches.models import Match

STATS = (
    ("touchdowns", "TD", "Touchdowns"),
    ("completions", "CMP", "Completions"),
    ("interceptions", "INT", "Interceptions"),
    ("deflections", "DEF", "Deflections"),
    ("casualties_inflicted", "CAS", "Casualties inflicted"),
    ("successful_landings", "LND", "Successful landings"),
)
# Inducements acting in the match (engine.core.events.Induced).
INDUCED = {
    "keg_bonus": "Bloodweiser Kegs",
    "master_chef": "Halfling Master Chef",
    "wizard_fireball": "Wizard's Fireball",
    "wizard_zap": "Wizard's Zap!",
    "weather_mage": "Weather Mage",
    "biased_referee": "Biased Referee",
    "mortuary_assistant": "Mortuary Assistant",
    "plague_doctor": "Plague Doctor",
    "bugman": "Josef Bugman",
    "bugman_xxxxxx": "Bugman's XXXXXX",
    # the Sevens Desperate Measures (engine/variants/sevens_desperate.py)
    "you_dope": "Desperate Measure You Dope",
    "razzle_dazzle": "Desperate Measure Razzle-dazzle",
    "hangover": "Desperate Measure Hangover",
    "grudge_match": "Desperate Measure Grudge Match",
    "set_piece": "Desperate Measure Set Piece",
    "sports_espionage": "Desperate Measure Sports Espionage",
    "banana_skin": "Desperate Measure Discarded Banana Skin",
    "magic_scroll": "Desperate Measure Magic Scroll",
    # Dungeon Bowl spells: the College Wizards
    # (engine/variants/dungeon_bowl/spell_effects.py)
    "bestial_fury": "Amber Wizard's Bestial Fury",
    "life_drain": "Amethyst Wizard's Life Drain",
    "chain_lightning": "Celestial Wizard's Chain Lightning",
    "transmutation": "Gold Wizard's Transmutation",
    "shadowed_step": "Grey Wizard's Shadowed Step",
    "grasping_vines": "Jade Wizard's Grasping Vines",
    "blinding_light": "Light Wizard's Blinding Light",
}
# Actions that name their target when declared (engine.core.events.Nomination).
DECLARED = {"blitz": "Blitz", "foul": "Foul"}
# Post-game roll purposes that read better spelt out.
PURPOSE_WORDS = {
    "mvp": "MVP",
    "fans": "Dedicated Fans",
    "dedicated_fans": "Dedicated Fans",
}
BLOCK_FACES = {
    1: "Player Down",
    2: "Both Down",
    3: "Push",
    4: "Stumble",
    5: "POW",
}


# How a player or the ball moved (engine.core.events.Move / BallMove ``how``).
MOVES = {
    "step": "moves",
    "rush": "rushes",
    "jump": "jumps",
    "leap": "leaps",
    "dodge": "dodges",
    "push": "is pushed back",
    "pushed": "is pushed back",
    "follow_up": "follows up",
    "quick_snap": "shifts a square (Quick Snap)",
    "high_kick": "moves under the ball (High Kick)",
    "land": "lands",
    "placed": "is placed",
    "jump_back": "jumps back",
    "shadowing": "shadows",
    "diving_tackle": "dives into the square (Diving Tackle)",
    "on_the_ball_move": "moves (On the Ball)",
    "hit_and_run": "moves away (Hit and Run)",
    "trickster": "slips away (Trickster)",
    "ball_and_chain": "whirls on (Ball & Chain)",
}
# Injury roll results, knock-downs, ball gathered, dugout boxes in words.
# The Casualty tables a league may roll on, as the league's settings name them.
CASUALTY_TABLES = dict(League.CasualtyTable.choices)
INJURIES = {"ko": "knocked out", "cas": "casualty"}
FALLS = {"knocked_down": "is knocked down", "fall": "falls", "fell": "falls"}
CATCHES = {
    "catch": "catches the ball",
    "pick_up": "picks up the ball",
    "touchback": "is given the ball (touchback)",
    # Dungeon Bowl rooms
    "chest": "takes the ball from the Chest",
}
# Dungeon Bowl rooms (engine.core.events.RoomRule), by room.
ROOMS = {
    "forgotten_jail": "The Forgotten Jail",
    "chaotic_idol": "The Chaotic Idol",
    "dragon_lair": "The Dragon Youngling",
    "sewer": "The Sewer",
    "kitchen": "The Kitchen",
    "treasure_room": "The Treasure Room",
}
BOXES = {
    "cas": "the casualty box",
    "ko": "the knocked-out box",
    "reserves": "the reserves box",
    "sent_off": "the dugout, sent off",
}
BALL_MOVES = {
    "bounce": "bounces",
    "scatter": "scatters",
    "deviate": "deviates",
    "throw_in": "is thrown back in by the crowd",
    "dropped": "is dropped",
    "thrown": "is thrown",
    # Dungeon Bowl walls
    "ricochet": "ricochets off the wall",
    "chasm": "scatters out of the Fiery Chasm",
    "wall_flight": "flies on",
}


@cache
def skill_names() -> dict[str, str]:
    """Display names of the skills, traits and Star Players' special rules
    (a ``skill_used`` event carries the slug)."""
    data = rules_data("bb2020")
    names = {slug: skill.name for slug, skill in data.skills.items()}
    names |= {s.rule_slug: s.rule_name for s in data.star_players.values()}
    return names


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    id: int
    side: str  # "home" or "away"
    number: int
    name: str
    position: str
    available: bool = True
    # A player of the team's roster (with a player page), not a Star Player
    # or mercenary hired for the match.
    rostered: bool = True

    @property
    def label(self) -> str:
        return f"#{self.number} {self.name}"


def dungeon_place(pitch: Any, square: int) -> str:
    """Where a square of a dungeon is: in an End Zone, in a room (by its
    name), or in a corridor (the board's own room types, no coordinates)."""
    dungeon = getattr(pitch, "dungeon", None)
    if dungeon is None or not 0 <= square < pitch.size:
        return "in the dungeon"
    if dungeon.end_zone[square] >= 0:
        return "in an End Zone"
    room = dungeon.room[square]
    if room:
        return f"in the {room.replace('_', ' ').title()}"
    return "in a corridor"


def period(half: int) -> str:
    """ "Half 1", "Half 2", or "Extra time" (half 3)."""
    return "Extra time" if half == 3 else f"Half {half}"


class Describer:
    """Turns stored events into sentences, naming players and teams."""

    def __init__(self, match: Match, players: dict[int, PlayerInfo]) -> None:
        self.players = players
        self.teams = {
            "home": match.home.name,
            "away": match.away.name,
            match.home_id: match.home.name,
            match.away_id: match.away.name,
        }
        ruleset = get_variant(match.season.league.format)
        # the match's own board where the format has one per match (a dungeon)
        self.pitch = ruleset.match_pitch(match.seed) or ruleset.pitch
        self.width = self.pitch.width
        self.halves = ruleset.has_halves

    def p(self, pid: Any) -> str:
        if pid is None or pid == -1:
            return "nobody"
        info = self.players.get(int(pid))
        return info.label if info else f"player {pid}"

    def t(self, team: Any) -> str:
        return str(self.teams.get(team, team))

    def sq(self, square: Any) -> str:
        """Where a square is, in words a coach uses rather than coordinates:
        "in the Orcs end zone", "in the Humans half, by the sideline".

        Decision: the replay's pitch shows the exact square, so a caption
        names only the part of the pitch: an end zone, a team's half (the
        side of the Line of Scrimmage it sets up on), the Sevens middle
        third, and whether it is in a wide zone or on the sideline."""
        if square is None or int(square) < 0:
            return "off the pitch"
        pitch = self.pitch
        if not self.halves:
            return dungeon_place(pitch, int(square))
        x, y = int(square) % pitch.width, int(square) // pitch.width
        home, away = self.teams["home"], self.teams["away"]
        if x == 0:
            where = f"in the {home} end zone"
        elif x == pitch.width - 1:
            where = f"in the {away} end zone"
        elif x <= pitch.home_los_x:
            where = f"in the {home} half"
        elif x >= pitch.away_los_x:
            where = f"in the {away} half"
        else:
            where = "in the middle third"  # Sevens: between the two Lines
        if y in (0, pitch.height - 1):
            return f"{where}, by the sideline"
        if y < pitch.wide_zone or y >= pitch.height - pitch.wide_zone:
            return f"{where}, wide"
        return where

    @staticmethod
    def words(value: Any) -> str:
        return str(value).replace("_", " ")

    def dice(self, payload: dict[str, Any]) -> str:
        rolls = payload.get("dice") or []
        return ", ".join(
            f"a D{d['sides']} roll of {d['result']} for the "
            f"{PURPOSE_WORDS.get(d['purpose'], self.words(d['purpose']))}"
            for d in rolls
        )

    def __call__(self, kind: str, e: dict[str, Any]) -> str:  # noqa: C901
        w, p, t, sq = self.words, self.p, self.t, self.sq
        match kind:
            case "game_start":
                start = "Kick-off" if self.halves else "Into the dungeon"
                return f"{start}: {e['home']} v {e['away']} ({e['ruleset']})"
            case "fan_factor":
                if "team" in e:
                    return (
                        f"{t(e['team'])} Fan Factor {e['fan_factor']} "
                        f"({e['dedicated_fans']} Dedicated Fans + D3 {e['d3']})"
                    )
                return f"Fan Factor D3s {e.get('d3')}: {e.get('fan_factor')}"
            case "weather":
                return f"Weather {w(e['result'])} (2D6 {plus(e['dice'])})"
            case "coin_toss":
                return f"{t(e['winner'])} win the toss; {t(e['kicking'])} kick"
            case "roll":
                dice = "+".join(str(d) for d in e["dice"])
                test = f" needing {e['target']}+" if e.get("target") else ""
                mod = f" (modifier {e['modifier']:+d})" if e.get("modifier") else ""
                outcome = "success" if e.get("success") else "failed"
                who = f"{p(e['player'])}: " if e.get("player", -1) != -1 else ""
                again = " (re-roll)" if e.get("rerolled") else ""
                return (
                    f"{who}{w(e['purpose'])} roll {dice}{test}{mod}{again}: {outcome}"
                )
            case "reroll":
                return f"{t(e['team'])} use a {w(e['source'])} re-roll for {w(e['purpose'])}"
            case "setup":
                return f"{t(e['team'])} set up {len(e['placement'])} players"
            case "kick":
                return (
                    f"{t(e['team'])} kick {sq(e['target'])}; the ball lands "
                    f"{sq(e['landing'])}"
                )
            case "kickoff_event":
                return f"Kick-off event: {w(e['result'])} (2D6 {plus(e['dice'])})"
            case "touchback":
                return f"Touchback: {p(e['player'])} takes the ball"
            case "turn_start":
                if not self.halves:
                    return f"{t(e['team'])} turn {e['turn']}"
                return f"{period(e['half'])}, {t(e['team'])} turn {e['turn']}"
            case "turn_end":
                return f"{t(e['team'])} turn ends" + (
                    " with a turnover" if e.get("turnover") else ""
                )
            case "turn_marker":
                return f"{t(e['team'])} turn marker moves to {e['turn']}"
            case "activation":
                return f"{p(e['player'])} declares a {w(e['action'])} action"
            case "nomination":
                action = DECLARED.get(e["action"], w(e["action"]))
                return f"{p(e['player'])} declares a {action} against {p(e['target'])}"
            case "activation_end":
                return f"{p(e['player'])} ends their action"
            case "move":
                how = MOVES.get(e["how"], w(e["how"]))
                return f"{p(e['player'])} {how}, now {sq(e['dst'])}"
            case "stand_up":
                return f"{p(e['player'])} stands up"
            case "block":
                faces = ", ".join(BLOCK_FACES.get(d, str(d)) for d in e["dice"])
                return (
                    f"{p(e['attacker'])} (ST {e['st_attacker']}) blocks "
                    f"{p(e['defender'])} (ST {e['st_defender']}): {faces}; "
                    f"{t(e['chooser'])} choose"
                )
            case "block_result":
                return f"Block result: {w(e['result'])}"
            case "skill_used":
                skill = skill_names().get(e["skill"], w(e["skill"]))
                return f"{p(e['player'])} uses {skill}"
            case "knocked_down":
                how = FALLS.get(e["how"], w(e["how"]))
                return f"{p(e['player'])} {how} {sq(e['square'])}"
            case "armour":
                verdict = "broken" if e.get("broken") else "holds"
                return (
                    f"{p(e['player'])} armour {e['dice'][0]}+{e['dice'][1]}"
                    f"{e['modifier']:+d} against AV {e['av']}: {verdict}"
                    if e.get("modifier")
                    else f"{p(e['player'])} armour {e['dice'][0]}+{e['dice'][1]} "
                    f"against AV {e['av']}: {verdict}"
                )
            case "injury":
                result = INJURIES.get(e["result"], w(e["result"]))
                return f"{p(e['player'])} injury roll {plus(e['dice'])}: {result}"
            case "casualty":
                extra = (
                    f" ({w(e['characteristic'])})" if e.get("characteristic") else ""
                )
                if e.get("d100"):  # the classic D100 Casualty table
                    extra += f" (D100 roll {e['d100']})"
                if e.get("league_result"):
                    # A league with a house Casualty table: its roll decides
                    # (matches/services/resolve.py), as the casualty table says.
                    table = CASUALTY_TABLES.get(e["league_table"], e["league_table"])
                    return (
                        f"{p(e['player'])} casualty: {w(e['league_result'])} "
                        f"(on the league's {table} table; the match's own roll "
                        f"gave {w(e['result'])}{extra})"
                    )
                return f"{p(e['player'])} casualty: {w(e['result'])}{extra}"
            case "apothecary":
                return (
                    f"{t(e['team'])} apothecary for {p(e['player'])}: {w(e['outcome'])}"
                )
            case "player_off":
                box = BOXES.get(e["box"], w(e["box"]))
                return f"{p(e['player'])} leaves the pitch ({w(e['reason'])}) for {box}"
            case "ball":
                how = BALL_MOVES.get(e["how"], w(e["how"]))
                return f"The ball {how}, now {sq(e['dst'])}"
            case "ball_caught":
                how = CATCHES.get(e["how"], w(e["how"]))
                return f"{p(e['player'])} {how} {sq(e['square'])}"
            case "pass":
                return (
                    f"{p(e['player'])} throws a {w(e['range'])} pass "
                    f"{sq(e['target'])}: {w(e['result'])}"
                )
            case "hand_off":
                return f"{p(e['player'])} hands off to {p(e['receiver'])}"
            case "interference":
                return f"{p(e['player'])} {w(e['result'])}"
            case "throw_team_mate":
                return (
                    f"{p(e['thrower'])} throws {p(e['thrown'])} "
                    f"{sq(e['target'])}: {w(e['quality'])}"
                )
            case "landing":
                ok = "lands safely" if e.get("ok") else "crashes"
                return f"{p(e['player'])} {ok} {sq(e['square'])}"
            case "foul":
                return f"{p(e['player'])} fouls {p(e['victim'])}"
            case "sent_off":
                return f"{p(e['player'])} is sent off ({w(e['reason'])})"
            case "argue_the_call":
                return f"{t(e['team'])} argue the call ({e['roll']}): {w(e['result'])}"
            case "prayer":
                return f"{t(e['team'])} pray to Nuffle ({e['roll']}): {w(e['result'])}"
            case "turnover":
                return f"Turnover for {t(e['team'])} ({w(e['reason'])})"
            case "touchdown":
                return (
                    f"TOUCHDOWN {t(e['team'])}! {p(e['player'])} scores "
                    f"({e['score'][0]}–{e['score'][1]})"
                )
            case kind if kind in INDUCED:
                on = f"{p(e['player'])}: " if e.get("player", -1) != -1 else ""
                dice = f" ({', '.join(map(str, e['dice']))})" if e.get("dice") else ""
                return f"{INDUCED[kind]} ({t(e['team'])}): {on}{w(e['result'])}{dice}"
            case "desperate_measures":
                return (
                    f"Desperate Measures for {t(e['team_id'])}: "
                    f"{', '.join(e['names'])} "
                    f"(D8: {', '.join(map(str, e['dice']))})"
                )
            case "riotous_rookies":
                return (
                    f"Riotous Rookies: {e['count']} journeymen join "
                    f"{t(e['team_id'])} (2D3+1: {', '.join(map(str, e['dice']))})"
                )
            case "ko_recovery":
                ok = "recovers" if e.get("recovered") else "stays knocked out"
                return f"{p(e['player'])} {ok} ({e['roll']})"
            case "drive_end":
                return "The drive ends"
            case "half_time":
                return f"Half-time: {e['score'][0]}–{e['score'][1]}"
            case "extra_time":
                return (
                    f"Level at {e['score'][0]}–{e['score'][1]}: extra time "
                    "(re-rolls carried over)"
                )
            case "sudden_death":
                throws = ", ".join(f"{h}–{a}" for h, a in e["rolls"])
                return (
                    f"Sudden death: {t(e['winner'])} win the roll-offs "
                    f"{max(e['home_wins'], e['away_wins'])}–"
                    f"{min(e['home_wins'], e['away_wins'])} ({throws})"
                )
            case "concede":
                return f"{t(e['team'])} concede"
            case "game_end":
                return f"Final whistle: {e['score'][0]}–{e['score'][1]}"
            # Dungeon Bowl rooms
            case "chest_opened":
                found = (
                    "finds the ball"
                    if e["contents"] == "ball"
                    else "sets off its booby trap"
                )
                return f"{p(e['player'])} ({t(e['team'])}) opens a Chest and {found}"
            case "room_rule":
                return room_sentence(p, e)
            # Dungeon Bowl flow
            case "ball_hidden":
                return f"The ball is hidden in one of the {e['chests']} Chests"
            case "first_turn":
                return (
                    f"{t(e['team'])} win the coin toss: they take the first turn "
                    "and choose their End Zone"
                )
            case "teleport":
                where = (
                    "comes through the Dugout Portal"
                    if e["src"] == 0
                    else f"teleports from Portal {e['src']}"
                )
                chain = " (a Chain Reaction)" if e.get("chain") else ""
                return f"{p(e['player'])} {where} to Portal {e['dst']}{chain}"
            case "ball_teleport":
                return f"The ball falls through Portal {e['src']} and comes out of Portal {e['dst']}"
            case "magical_mishap":
                return (
                    f"Magical Mishap: {p(e['player'])} vanishes through Portal "
                    f"{e['portal']} and takes no further part"
                )
            case "dugout_portal":
                return (
                    f"{t(e['team'])} send {p(e['player'])} through their Dugout Portal"
                )
            case "magic_sponge":
                return f"{t(e['team'])} use the Magic Sponge: {p(e['player'])} is back in the Reserves"
            case "time_limit":
                home, away = e["distances"]
                verdict = (
                    "a draw"
                    if e["winner"] == "draw"
                    else "level, and a play-off plays on"
                    if e["winner"] == "play on"
                    else f"{t(e['winner'])} win"
                )
                return (
                    f"Time is up: the ball is {home} squares from the away End Zone "
                    f"and {away} from the home End Zone: {verdict}"
                )
            case "note":
                who = p(e["player"]) if e.get("player", -1) != -1 else t(e["team"])
                value = f" ({e['value']})" if e.get("value") else ""
                return f"{who}: {w(e['what'])}{value}"
            case "report":
                roles = [
                    f"{what}: {', '.join(p(pid) for pid in e[key])}"
                    for key, what in (
                        ("knocked_out", "knocked out"),
                        ("sent_off", "sent off"),
                    )
                    if e.get(key)
                ]
                return (
                    f"Report by {e.get('submitted_by')}: "
                    f"{e['home_score']}–{e['away_score']}"
                    + "".join(f"; {line}" for line in roles)
                )
            case "report_player":
                done = [f"{n} {short}" for key, short, _ in STATS if (n := e.get(key))]
                return f"{p(e['player_id'])}: {', '.join(done) or 'no stats'}"
            case "casualty_roll":
                rolled = [
                    f"{label} {e[key]}"
                    for key, label in (
                        ("casualty_roll", "casualty"),
                        ("lasting_roll", "lasting"),
                    )
                    if e.get(key) is not None
                ]
                by = f" by {p(e['inflicted_by'])}" if e.get("inflicted_by") else ""
                return f"{p(e['player_id'])} casualty{by}: {w(e['result'])}" + (
                    f" ({', '.join(rolled)})" if rolled else ""
                )
            case "plague_ridden":
                by = e.get("inflicted_by_star") or p(e["inflicted_by"])
                return (
                    f"Plague Ridden: {by} infects {p(e['player_id'])}; "
                    f"{t(e['team_id'])} gain a Rotter Lineman"
                )
            case "result_override":
                return (
                    f"Result overridden by {e['by']}: {e['before'][0]}–"
                    f"{e['before'][1]} → {e['after'][0]}–{e['after'][1]} "
                    f"({e['reason']})"
                )
            case "postgame_outcome":
                return (
                    f"Outcome: {t(e['home']['team_id'])} {w(e['home']['outcome'])}, "
                    f"{t(e['away']['team_id'])} {w(e['away']['outcome'])}"
                )
            case "postgame_winnings" if e.get("dice"):
                # rolled winnings (Dungeon Bowl), and the Treasure Room's gold
                dice = " and ".join(str(d["result"]) for d in e["dice"])
                funds = "".join(
                    f"; {t(int(team))} gathered {f['gold']:,} in the Treasure Room"
                    for team, f in (e.get("treasure_room") or {}).items()
                )
                return (
                    f"Winnings: the winner's dice {dice}; "
                    f"{t('home')} {e['home']:,}, {t('away')} {e['away']:,}{funds}"
                )
            case "postgame_winnings":
                return (
                    f"Winnings: fan attendance {e['fan_attendance']}; "
                    f"{t('home')} {e['home']:,}, {t('away')} {e['away']:,}"
                )
            case "postgame_fans":
                rolls = self.dice(e)
                return (
                    f"{t(e['team_id'])} Dedicated Fans {e['before']} → {e['after']}"
                    + (f" ({rolls})" if rolls else "")
                )
            case "postgame_mvp":
                names = ", ".join(p(pid) for pid in e.get("player_ids", []))
                how = self.dice(e) if e.get("dice") else "picked at the table"
                return f"{t(e['team_id'])} MVP: {names} ({how})"
            case "postgame_spp":
                if e.get("skipped"):
                    return f"Star Player Points: {e.get('reason', 'skipped')}"
                mvp = " (MVP)" if e.get("mvp") else ""
                return f"{p(e['player_id'])} earns {e['earned']} SPP{mvp}"
            case "postgame_mng_cleared":
                ids = e.get("player_ids") or []
                return (
                    "Back from Miss Next Game: " + ", ".join(p(i) for i in ids)
                    if ids
                    else "No player was serving a Miss Next Game"
                )
            case "postgame_injury":
                effects = [w(e["injury"] or e["result"])]
                if e.get("mng"):
                    effects.append("misses the next game")
                if e.get("dead") and effects[0].lower() != "dead":
                    effects.append("DEAD")
                for stat, n in (e.get("reductions") or {}).items():
                    effects.append(f"−{n} {stat.upper()}")
                return f"{p(e['player_id'])}: {', '.join(effects)}"
            case "postgame_expensive_mistakes":
                if not e.get("incident"):
                    return f"{t(e['team_id'])}: no expensive mistake"
                return (
                    f"{t(e['team_id'])} expensive mistake: {w(e['incident'])}, "
                    f"lost {e['lost']:,} ({self.dice(e)})"
                )
            case "postgame_team_value":
                return (
                    f"{t(e['team_id'])}: TV {e['tv']:,}, CTV {e['ctv']:,}, "
                    f"treasury {e['treasury']:,}"
                )
        return f"{w(kind)}: " + ", ".join(
            f"{w(k)} {plain(v)}" for k, v in e.items() if k not in ("step",)
        )


def room_sentence(p: Any, e: dict[str, Any]) -> str:
    """A Dungeon Bowl room's rule acting on a player (engine.core.events.RoomRule)."""
    room = ROOMS.get(e["room"], Describer.words(e["room"]))
    who, value = p(e["player"]), int(e["value"])
    match e["effect"]:
        case "ma":
            return f"{room}: {who} has MA {value:+d} this activation"
        case "st":
            return f"{room}: {who} has ST {value:+d} this activation"
        case "knocked_down":
            return f"{room} knocks {who} down"
        case "disturbing_presence":
            change = "gains" if value else "loses"
            return f"{room}: {who} {change} Disturbing Presence"
        case "throw_food":
            return f"{room}: {who} throws food at {p(value)}"
        case "gather_funds":
            return f"{room}: {who} gathers funds ({value} so far)"
    return f"{room}: {who} {Describer.words(e['effect'])} {value}"


def plus(dice: Any) -> str:
    """Dice rolled together: "3+4"."""
    return (
        "+".join(str(d) for d in dice) if isinstance(dice, list | tuple) else str(dice)
    )


def plain(value: Any) -> str:
    """A payload value in words: lists joined, nested records left out."""
    if isinstance(value, dict):
        return "(details)"
    if isinstance(value, list | tuple):
        return ", ".join(plain(v) for v in value)
    return Describer.words(value)


def describe(describer: Describer, kind: str, payload: dict[str, Any]) -> str:
    """A sentence for one event; a malformed payload still gets a line (in
    words, never the stored record as it is)."""
    try:
        return describer(kind, payload)
    except (KeyError, TypeError, ValueError, IndexError):
        return f"{Describer.words(kind).capitalize()} (the details could not be read)"
