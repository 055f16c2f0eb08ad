"""Engine input and output values: the contract with the Django side.

Inputs (:class:`PlayerSheet`, :class:`TeamSheet`) describe the teams as they
take the field; the output (:class:`MatchResult`) is what the post-game
sequence needs (rulebook "Post-game Sequence": score, Fan Factor for winnings,
casualties with their Casualty/Lasting Injury rolls, SPP-earning stats).
Characteristics AG, PA and AV are target numbers (AG 3+ is ``3``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

SkillEntry = tuple[str, str | None]


@dataclass(frozen=True, slots=True)
class PlayerSheet:
    """A player as fielded: characteristics and skills (slug, parameter)."""

    id: int
    name: str
    number: int
    position: str
    ma: int
    st: int
    ag: int
    pa: int | None
    av: int
    skills: tuple[SkillEntry, ...] = ()
    # Niggling Injuries carried into the match (classic: +1 each to every
    # Injury roll against the player; see Variant.injury_modifier).
    niggling: int = 0

    def has(self, skill: str) -> bool:
        """Whether the player has the skill or trait ``skill``."""
        return any(s == skill for s, _ in self.skills)


@dataclass(frozen=True, slots=True)
class TeamSheet:
    """A team as it arrives for a match (rulebook "Team Draft List")."""

    name: str
    roster: str
    players: tuple[PlayerSheet, ...]
    rerolls: int
    apothecary: bool
    dedicated_fans: int
    assistant_coaches: int = 0
    cheerleaders: int = 0
    # Inducements bought for this match (rulebook "Inducements"): extra
    # apothecaries, bribes, and the underdog's Prayers to Nuffle rolled in
    # the pre-game; extra team re-rolls, assistant coaches and cheerleaders
    # are simply added to the fields above. Journeymen are the ids of the
    # players hired for this game only.
    wandering_apothecaries: int = 0
    bribes: int = 0
    prayers: int = 0
    journeymen: tuple[int, ...] = ()
    # Inducements acting in the match (engine/rules/inducements.py, engine/rules/wizard.py):
    # Bloodweiser Kegs (+1 each to KO recovery), Halfling Master Chef,
    # Hireling Sports-Wizard, Weather Mage, Biased Referee, Mortuary
    # Assistant, Plague Doctor, Josef Bugman. ``hired``: the ids of the Star
    # Players (position ``star:<slug>``), Mercenaries and Bugman, whom the
    # Mortuary Assistant, the Plague Doctor and the team's own apothecary do
    # not treat; a Wandering Apothecary treats the Mercenaries among them
    # (engine.rules.apothecaries).
    kegs: int = 0
    master_chef: bool = False
    wizard: bool = False
    weather_mage: bool = False
    biased_referee: bool = False
    mortuary_assistant: bool = False
    plague_doctor: bool = False
    hired: tuple[int, ...] = ()
    # Josef Bugman ((In)Famous Coaching Staff): the id of his player in
    # ``players`` (see engine.rules.inducements.bugman_sheet); 0 = not hired.
    bugman: int = 0
    # Blood Bowl Sevens Desperate Measures: the D8 results rolled when they
    # were bought (no result twice), each played once (engine/variants/sevens_desperate.py).
    desperate_measures: tuple[int, ...] = ()
    # Dungeon Bowl spells: the College Wizard hired for this game, named by
    # its college's slug (always the team's own college); "" = none
    # (engine/variants/dungeon_bowl/spells.py).
    college_wizard: str = ""
    # Blood Bowl 2025 Team Captain (a team rule of Humans and Orcs): the id
    # of the captain in ``players``; 0 = none (engine/variants/bb2025/).
    captain: int = 0
    # Blood Bowl 2025 Team Mascot (an inducement): a team re-roll each half
    # that works on a D6 4+, and a re-roll of a natural 1 on the Cheering
    # Fans D6 (engine/variants/bb2025/mascot.py).
    mascot: bool = False


STAT_FIELDS: tuple[str, ...] = (
    "touchdowns",
    "completions",
    "casualties_inflicted",
    "interceptions",
    "deflections",
    "successful_landings",
    "blocks",
    "passes",
)


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """What one player did in the match (the SPP-earning feats and more)."""

    touchdowns: int = 0
    completions: int = 0
    casualties_inflicted: int = 0
    interceptions: int = 0
    deflections: int = 0
    successful_landings: int = 0
    blocks: int = 0
    passes: int = 0

    def to_dict(self) -> dict[str, int]:
        return {f: getattr(self, f) for f in STAT_FIELDS}


@dataclass(frozen=True, slots=True)
class CasualtyRecord:
    """A casualty suffered (rulebook "Casualty Rolls", "Apothecaries").

    ``d16`` is the Casualty roll applied (None in Sevens, whose Injury table
    gives the casualty directly); ``lasting_d6``/``characteristic`` are set
    for a Lasting Injury. ``inflicted_by`` is the opposition player named as
    its cause, whatever the action (a Block, a Foul, a Stab, a Bomb...);
    ``spp`` is whether that player was credited with it as a Casualty
    (post-game_sequence.md "Casualty (CAS)": a Block action, or a skill
    that grants the credit; "Casualty rolls caused by the crowd or by any
    other type of action do not earn Star Player Points").
    """

    player_id: int
    team: str
    result: str
    d16: int | None = None
    lasting_d6: int | None = None
    lasting_injury: str | None = None
    characteristic: str | None = None
    apothecary_used: bool = False
    regenerated: bool = False
    inflicted_by: int | None = None
    spp: bool = False
    # The roll of a variant whose Casualty table is a D100 (classic).
    d100: int | None = None

    def to_dict(self) -> dict[str, Any]:
        extra = {} if self.d100 is None else {"d100": self.d100}
        return extra | {
            "player_id": self.player_id,
            "team": self.team,
            "result": self.result,
            "d16": self.d16,
            "lasting_d6": self.lasting_d6,
            "lasting_injury": self.lasting_injury,
            "characteristic": self.characteristic,
            "apothecary_used": self.apothecary_used,
            "regenerated": self.regenerated,
            "inflicted_by": self.inflicted_by,
            "spp": self.spp,
        }


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The outcome of a match, everything the post-game sequence needs."""

    ruleset: str
    score: tuple[int, int]
    winner: str | None
    fan_factor: tuple[int, int]
    fan_factor_d3: tuple[int, int]
    weather: str
    player_stats: Mapping[int, PlayerStats]
    casualties: tuple[CasualtyRecord, ...]
    knocked_out: tuple[int, ...]
    sent_off: tuple[int, ...]
    conceded: str | None
    turns_played: tuple[int, int]
    event_count: int = 0
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def draw(self) -> bool:
        """True when neither team won."""
        return self.winner is None

    def to_dict(self) -> dict[str, Any]:
        """JSON-serialisable form (player ids become string keys)."""
        return {
            "ruleset": self.ruleset,
            "score": {"home": self.score[0], "away": self.score[1]},
            "winner": self.winner,
            "draw": self.draw,
            "fan_factor": {"home": self.fan_factor[0], "away": self.fan_factor[1]},
            "fan_factor_d3": {
                "home": self.fan_factor_d3[0],
                "away": self.fan_factor_d3[1],
            },
            "weather": self.weather,
            "player_stats": {str(k): v.to_dict() for k, v in self.player_stats.items()},
            "casualties": [c.to_dict() for c in self.casualties],
            "knocked_out": list(self.knocked_out),
            "sent_off": list(self.sent_off),
            "conceded": self.conceded,
            "concession": self.conceded is not None,
            "turns_played": {
                "home": self.turns_played[0],
                "away": self.turns_played[1],
            },
            "event_count": self.event_count,
            **dict(self.extra),
        }
