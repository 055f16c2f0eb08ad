"""The fields a format's teams and matches may have, and the statistics its
matches record of each player, by name: a variant's ``team_fields``,
``match_fields`` and ``player_stats`` (:class:`engine.variants.base.Variant`)
say which it has, and the pages and the API show those and no others."""

from __future__ import annotations

# What a team of a format has, beyond its players: its Team Value (and
# Current Team Value), treasury, team re-rolls and sideline staff, and its
# Dedicated Fans (rules_and_regulations.md "Team Draft list").
TEAM_VALUE = "team_value"
TREASURY = "treasury"
REROLLS = "rerolls"
ASSISTANT_COACHES = "assistant_coaches"
CHEERLEADERS = "cheerleaders"
APOTHECARY = "apothecary"
DEDICATED_FANS = "dedicated_fans"
TEAM_FIELDS: frozenset[str] = frozenset(
    {
        TEAM_VALUE,
        TREASURY,
        REROLLS,
        ASSISTANT_COACHES,
        CHEERLEADERS,
        APOTHECARY,
        DEDICATED_FANS,
    }
)
# What a match of a format records beyond its score: each team's Fan Factor
# and the weather (the_rules_of_blood_bowl.md "The Pre-game Sequence").
FAN_FACTOR = "fan_factor"
WEATHER = "weather"
MATCH_FIELDS: frozenset[str] = frozenset({FAN_FACTOR, WEATHER})
# What a match records of each player: the feats that earn Star Player
# Points (post-game_sequence.md "Earning Star Player Points": touchdowns,
# passing completions, casualties, interceptions, deflections, and throwing
# completions). Decision: the Throwing Completions are recorded as
# ``successful_landings`` (the name stored results, reports and API clients
# know): the thrower's superb Throw Team-mate whose team-mate landed safely
# (BB2025 adds the thrown player's safe landing after any throw, 1 SPP too).
TOUCHDOWNS = "touchdowns"
COMPLETIONS = "completions"
CASUALTIES_INFLICTED = "casualties_inflicted"
INTERCEPTIONS = "interceptions"
DEFLECTIONS = "deflections"
SUCCESSFUL_LANDINGS = "successful_landings"
PLAYER_STATS: frozenset[str] = frozenset(
    {
        TOUCHDOWNS,
        COMPLETIONS,
        CASUALTIES_INFLICTED,
        INTERCEPTIONS,
        DEFLECTIONS,
        SUCCESSFUL_LANDINGS,
    }
)
