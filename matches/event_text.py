"""Sentences for stored match events: the match log and the replay viewer
read every engine event, report line and post-game roll through here.

:data:`CAPTIONS` is the table: one small function per event type, from the
modules of :mod:`matches.captions` (one concern each). Adding a caption for
a new event type is one entry there, and a label in :data:`LABELS`; the
tests fail for an engine event type without both.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from matches.captions import dungeon, game, induced, injuries, league, notes, play
from matches.captions import postgame as postgame_captions
from matches.captions.context import Caption, Describer, PlayerInfo, period
from matches.captions.induced import INDUCED
from matches.captions.league import STATS, recorded_stats
from matches.captions.names import BLOCK_FACES, sentence

__all__ = [
    "BLOCK_FACES",
    "CAPTIONS",
    "INDUCED",
    "LABELS",
    "STATS",
    "Describer",
    "PlayerInfo",
    "describe",
    "period",
    "recorded_stats",
    "type_label",
]

CAPTIONS: dict[str, Caption] = {
    **game.CAPTIONS,
    **play.CAPTIONS,
    **injuries.CAPTIONS,
    "note": notes.note,
    **induced.CAPTIONS,
    **dungeon.CAPTIONS,
    **league.CAPTIONS,
    **postgame_captions.CAPTIONS,
}

# What each event type is, for the log's type column and its filter.
LABELS = {
    "game_start": "Game start",
    "fan_factor": "Fan Factor",
    "weather": "Weather",
    "coin_toss": "Coin toss",
    "setup": "Set-up",
    "kick": "Kick",
    "kickoff_event": "Kick-off event",
    "touchback": "Touchback",
    "prayer": "Prayer to Nuffle",
    "turn_start": "Turn start",
    "turn_end": "Turn end",
    "turn_marker": "Turn marker",
    "drive_end": "End of drive",
    "half_time": "Half-time",
    "extra_time": "Extra time",
    "sudden_death": "Sudden death",
    "concede": "Concession",
    "game_end": "Final whistle",
    "activation": "Action",
    "nomination": "Target",
    "activation_end": "Action ends",
    "move": "Move",
    "stand_up": "Stand up",
    "block": "Block",
    "block_result": "Block result",
    "skill_used": "Skill",
    "roll": "Roll",
    "reroll": "Re-roll",
    "ball": "Ball",
    "ball_caught": "Ball gathered",
    "pass": "Pass",
    "hand_off": "Hand-off",
    "interference": "Interference",
    "throw_team_mate": "Throw Team-mate",
    "landing": "Landing",
    "foul": "Foul",
    "sent_off": "Sent off",
    "argue_the_call": "Argue the Call",
    "turnover": "Turnover",
    "touchdown": "Touchdown",
    "knocked_down": "Down",
    "armour": "Armour",
    "injury": "Injury",
    "casualty": "Casualty",
    "apothecary": "Apothecary",
    "player_off": "Off the pitch",
    "ko_recovery": "KO recovery",
    "note": "Rule",
    **INDUCED,
    "chest_opened": "Chest",
    "room_rule": "Room",
    "ball_hidden": "Ball hidden",
    "first_turn": "First turn",
    "teleport": "Teleport",
    "ball_teleport": "Ball teleport",
    "magical_mishap": "Magical Mishap",
    "dugout_portal": "Dugout Portal",
    "magic_sponge": "Magic Sponge",
    "time_limit": "Time limit",
    "inducements": "Inducements",
    "desperate_measures": "Desperate Measures",
    "riotous_rookies": "Riotous Rookies",
    "report": "Report",
    "report_player": "Report: player",
    "report_star": "Report: Star Player",
    "casualty_roll": "Casualty roll",
    "star_casualty": "Star Player casualty",
    "plague_ridden": "Plague Ridden",
    "raised_dead": "Masters of Undeath",
    "result_override": "Result overridden",
    "unplayed": "Not played",
    "inducements_refunded": "Inducements refunded",
    "pregame_undone": "Pre-game undone",
    "resolve_refused": "Not played by the engine",
    "report_submitted": "Report waiting",
    "report_confirmed": "Report confirmed",
    "report_disputed": "Report disputed",
    "report_decided": "Report decided",
    "report_stood": "Report stood",
    "report_withdrawn": "Report withdrawn",
    "postgame_outcome": "Post-game: outcome",
    "postgame_winnings": "Post-game: winnings",
    "postgame_forfeit_winnings": "Post-game: winnings of a conceded fixture",
    "postgame_fans": "Post-game: Dedicated Fans",
    "postgame_concession_quit": "Post-game: players quit",
    "postgame_mvp": "Post-game: MVP",
    "postgame_spp": "Post-game: SPP",
    "postgame_mng_cleared": "Post-game: Miss Next Game",
    "postgame_injury": "Post-game: injury",
    "postgame_getting_even": "Post-game: Getting Even",
    "postgame_draft": "Post-game: the draft",
    "postgame_expensive_mistakes": "Post-game: Expensive Mistakes",
    "postgame_team_value": "Post-game: team value",
}


def type_label(kind: str) -> str:
    """An event type as the log names it ("Kick-off event")."""
    return LABELS.get(kind) or sentence(kind)


def describe(describer: Describer, kind: str, payload: Mapping[str, Any]) -> str:
    """A sentence for one event; an unknown type reads as what it is, and a
    malformed payload still gets a line (in words, never the stored record
    as it is)."""
    caption = CAPTIONS.get(kind)
    if caption is None:
        return type_label(kind)
    try:
        return caption(describer, payload)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return f"{type_label(kind)} (the details could not be read)"
