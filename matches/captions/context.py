"""What a caption may ask about its match: players and teams by name,
places on the pitch in words, dice and dates as a coach writes them."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.facade import MatchRules, get_variant
from league.models import League
from matches.captions.names import title
from matches.models import Match

# The Casualty tables a league may roll on, as the league's settings name them.
CASUALTY_TABLES = dict(League.CasualtyTable.choices)
# Post-game dice purposes spelt out (the others read as their code's words).
PURPOSES = {
    "mvp": "MVP",
    "fans": "Dedicated Fans",
    "dedicated_fans": "Dedicated Fans",
    "concession_dedicated_fans": "Dedicated Fans lost by conceding",
    "dungeon_winnings": "winnings",
    "forfeit_winnings": "forfeited winnings",
    "expensive_mistakes": "Expensive Mistakes",
    "expensive_mistakes_minor": "Minor Incident",
    "expensive_mistakes_catastrophe": "Catastrophe",
    "skill_first": "first die of the skill table",
    "skill_second": "second die of the skill table",
    "characteristic_improvement": "Characteristic Improvement",
    "lasting_injury": "Lasting Injury",
    "concession_quit": "veteran who may quit after the concession",
    "sevens_draft": "player who may leave at the draft",
    "reduction_recovery": "characteristic's recovery",
}


def purpose_name(purpose: Any) -> str:
    """What a post-game die was rolled for ("concession_quit:12" names the
    player in its code: the words leave him out)."""
    code = str(purpose).split(":", 1)[0]
    return PURPOSES.get(code) or title(code)


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
    # A Star Player's slug ("griff-oberwald"), one of a pair's own; Josef
    # Bugman is "bugman". Empty for everyone else.
    star: str = ""

    @property
    def label(self) -> str:
        return f"#{self.number} {self.name}"


def period(half: int) -> str:
    """ "Half 1", "Half 2", or "Extra time" (half 3)."""
    return "Extra time" if half == 3 else f"Half {half}"


def plus(dice: Any) -> str:
    """Dice rolled together: "3+4"."""
    if isinstance(dice, list | tuple):
        return "+".join(str(d) for d in dice)
    return str(dice)


def listed(items: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    items = [str(i) for i in items]
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


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
        return f"in the {title(room)}"
    return "in a corridor"


class Describer:
    """Names what an event refers to: players, teams, places, dice."""

    def __init__(self, match: Match, players: Mapping[int, PlayerInfo]) -> None:
        self.players = players
        self.teams: dict[Any, str] = {
            "home": match.home.name,
            "away": match.away.name,
            match.home_id: match.home.name,
            match.away_id: match.away.name,
        }
        self.rosters = {
            "home": match.home.roster,
            "away": match.away.roster,
            match.home_id: match.home.roster,
            match.away_id: match.away.roster,
        }
        league = match.season.league
        self.variant = get_variant(league.format)
        self.rules_version = (
            str((match.season.settings or {}).get("rules_version", ""))
            or league.rules_version
        )
        # the match's own board where the format has one per match (a
        # dungeon); none for a card game, whose replay names its own squares
        self.pitch = (
            self.variant.match_pitch(match.seed) or self.variant.pitch
            if isinstance(self.variant, MatchRules)
            else None
        )
        self.halves = self.variant.has_halves

    def p(self, pid: Any) -> str:
        """A player by shirt number and name ("#7 Ug")."""
        if pid is None or pid == -1:
            return "nobody"
        try:
            info = self.players.get(int(pid))
        except (TypeError, ValueError):
            info = None
        return info.label if info else "a player"

    def t(self, team: Any) -> str:
        """A team's name, from "home"/"away" or its id (a string in JSON
        keys as well)."""
        if team in self.teams:
            return self.teams[team]
        if isinstance(team, str) and team.isdigit() and int(team) in self.teams:
            return self.teams[int(team)]
        return "a team"

    def score(self, home: Any, away: Any) -> str:
        """ "Gouged Eye 2–1 Reikland Reavers"."""
        return f"{self.t('home')} {home}–{away} {self.t('away')}"

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
        if pitch is None:
            return "on the board"
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
    def dice(payload: Mapping[str, Any]) -> str:
        """Post-game dice: "a D6 roll of 4 for the Dedicated Fans"."""
        rolls = payload.get("dice") or []
        return ", ".join(
            f"a D{d['sides']} roll of {d['result']} for the "
            f"{purpose_name(d['purpose'])}"
            for d in rolls
        )


# A caption: the sentence for one event's payload.
Caption = Callable[[Describer, Mapping[str, Any]], str]
