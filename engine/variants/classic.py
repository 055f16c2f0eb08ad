"""Classic Blood Bowl (the LRB-era game): seed 001 ("Blocks", "Injuries",
"Table: Injuries", "Table: Casualties") and seed 003 ("Setting Up the
Game", "The Kick Off", "The Kick-Off Table"), digested in
design/variants_digest.md part C.

Everything the seeds do not change stays Blood Bowl 2020: the pitch, the
turns, movement, passing, skills, the rosters (read through the AV
conversion below), the Weather table, the league rules. The class overrides
only what differs; the kick-off procedure and its eleven events are in
:mod:`engine.variants.classic_kickoff`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar

from engine.campaign.casualty import CLASSIC_TABLE
from engine.core import skillbits as S
from engine.variants.base import register
from engine.variants.bb2020 import INJURY_TABLE, BloodBowl2020
from engine.variants.classic_kickoff import NO_APOTHECARY, ClassicKickoff, ref_bought

if TYPE_CHECKING:
    from engine.campaign.casualty import CasualtyTable
    from engine.core.state import GameState, Proc
    from engine.rules.apothecaries import ApothecaryKind

# The classic Kick-Off table (2D6), seed 003 "The Kick-Off Table".
KICKOFF_TABLE: tuple[str, ...] = (
    "",
    "",
    "riot",  # 2
    "get_da_ref",  # 3
    "perfect_defence",  # 4
    "cheering_fans",  # 5
    "bad_kick",  # 6
    "weather",  # 7
    "quick_snap",  # 8
    "brilliant_coaching",  # 9
    "blitz",  # 10
    "throw_a_rock",  # 11
    "pitch_invasion",  # 12
)


def _slug(injury: str) -> str:
    return injury.lower().replace(" ", "_")


# The result slug of every D100 roll (index 0 unused), one per row of seed
# 001 "Table: Casualties" (engine.campaign.casualty.CLASSIC_TABLE, the one
# transcription of it): "badly_hurt", "broken_ribs", ..., "dead".
CASUALTY_BY_ROLL: tuple[str, ...] = ("",) + tuple(
    _slug(CLASSIC_TABLE.row(r).injury) for r in range(1, 101)
)
# The characteristic each D100 row reduces (Smashed Hip "ma" ... Smashed
# Collar Bone "st"), by result slug.
REDUCTION: dict[str, str] = {
    _slug(row.injury): str(row.reduction)
    for row in CLASSIC_TABLE.rows
    if row.reduction is not None
}
# Severity by row order: Badly Hurt 1 ... DEAD 18.
SEVERITY: dict[str, int] = {
    _slug(row.injury): i for i, row in enumerate(CLASSIC_TABLE.rows, start=1)
}


class Classic(BloodBowl2020):
    """Classic Blood Bowl: what differs from Blood Bowl 2020."""

    name = "classic"
    label = "Classic Blood Bowl"
    summary = (
        "Blood Bowl as the older rulebooks play it: eleven a side, with the "
        "classic Kick-Off table and casualties rolled on the D100 table."
    )
    kickoff_table = KICKOFF_TABLE
    # Decision: a classic league keeps Blood Bowl's Glittering Prizes and
    # the League Trophy's re-roll (season_prizes, champion_rerolls:
    # inherited): the classic seeds have no league rules, and the classic
    # league plays BB2020's (winnings, re-draft, variants_digest.md part C).
    # Seed 001 "Table: Injuries": 2-7 Stunned, 8-9 KO'd, 10-12 Casualty, the
    # numbers of the BB2020 table (inherited). There is no Stunty table.
    # Decision: Stunty players roll on the same table with +1 (the LRB
    # Stunty skill; see injury_modifier), so they stay the more fragile.
    stunty_injury_table = INJURY_TABLE
    # Seed 001 "Table: Casualties", D100, no Lasting Injury table.
    casualty_table: ClassVar[tuple[str, ...] | None] = CASUALTY_BY_ROLL
    casualty_die = 100
    lasting_injury = ()
    # Decision: the classic league plays BB2020's temporary retirement
    # (retirement_results, inherited), and the D100 rows that reduce a
    # characteristic (79-90, Smashed Hip ... Smashed Collar Bone) are its
    # Lasting Injury results (CLASSIC_TABLE files them so): seed 001's table
    # has no row of that name, and these are the injuries the time off heals.
    # Cheering Fans and Brilliant Coaching: "a bonus Re-Roll this half".
    extra_rerolls_last = "half"
    # Decision: the BB2020 concession's player loss is not played in the
    # classic game (its rulebooks' concession is not among the seeds).
    concession_player_loss = False
    # Decision: Low Cost Linemen is not played in the classic game (its
    # rulebooks have no such rule): every player's value includes his fee.
    low_cost_linemen_rule: ClassVar[str | None] = None

    # Seed 003 "Setting Up the Game": "At least three players must be set up
    # next to the half-way line, on the Line of Scrimmage", with no word of
    # the centre (BB2020 adds "in the Centre Field"). Decision: a player in
    # a Wide Zone next to the half-way line is on the Line of Scrimmage and
    # counts for the three (he still counts for his Wide Zone's two).
    los_centre_only = False

    # The skills the classic game plays differently from BB2020, in the
    # words of the rules above (the rules data's texts are BB2020's):
    # Stunty is +1 on the one Injury table (stunty_injury_table), Thick
    # Skull turns its lowest KO'd result (a modified 8) into Stunned, so a
    # Stunty player with it is KO'd on a natural 8 and Stunned on a 7
    # (injury_modifier, engine.rules.injuries.injury_result); the classic
    # kick-off has no Swarming step (engine.rules.swarming).
    skill_descriptions: ClassVar[Mapping[str, str]] = MappingProxyType(
        {
            "stunty": (
                "Ignores Marking penalties in the destination square when "
                "dodging, but passes it throws are easier to interfere with, "
                "and every Injury roll against it gets +1 (there is no Stunty "
                "Injury table)."
            ),
            "thick-skull": (
                "Only KO'd on an Injury roll of 9 (8 becomes Stunned). A Stunty "
                "player's +1 counts first: a natural 7 is Stunned, only a "
                "natural 8 KO'd, 9 or more a Casualty."
            ),
            "swarming": (
                "No effect: the classic kick-off has no step for setting up "
                "extra players."
            ),
        }
    )

    # -- the game ----------------------------------------------------------

    def kickoff_procedure(self) -> Proc:
        """Seed 003 [JJ]: place the ball, roll the Kick-Off table, scatter,
        then bounces, touchbacks and catches."""
        return ClassicKickoff()

    def forfeits(self, available: int) -> bool:
        """Seed 003 [AH]: "If one team does not have at least three players,
        to form a Line of Scrimmage, then it is a forfeit."

        Decision: the forfeit ends the match at that set-up as a concession
        by that team, without the concession penalty (the engine's conceding
        code: the opponent wins, the score as for any concession), since
        the team cannot play on rather than choosing to give up."""
        return available < self.min_on_los

    # Decision: the coin toss is BB2020's, its winner choosing to kick or to
    # receive (engine/rules/game.py CoinToss). Seed 003 tosses "to see who
    # will set up first", the kicking team, and names no chooser; the rest
    # of the pre-game follows BB2020's sequence, and so does the toss.
    # Decision: a team with exactly three players fit to set up may still
    # concede without penalty before its set-up, as in BB2020 (the seeds
    # forfeit a team below three and say nothing of conceding).
    free_concession_players: ClassVar[int | None] = 3

    def rolls_to_stand_up(self, g: GameState, p: int) -> bool:
        """Seed 001: standing up costs three squares of movement, with no
        roll for anyone.

        Decision: a player with MA 2 or less stands up without a roll and
        has used all of his MA (he may still Rush), as after BB2020's
        successful 4+ (engine.rules.activation.Activation)."""
        return False

    def referee_penalises(self, g: GameState, t: int) -> bool:
        """Get Da Ref: the bought referee "will not award penalties to the
        team, even if he spots them making a foul", for the rest of the half.

        Decision: every Sending-off by the referee is a penalty he does not
        award: fouls spotted (a double on the Armour or Injury roll) and
        Secret Weapons at the end of the drive. The player stays, there is
        no Turnover, and no Argue the Call or Bribe is asked for (the team
        keeps its Bribes); the other team's coach argues and bribes as
        usual. The effect ends at half-time."""
        return not g.effects.get(ref_bought(t), False)

    # -- armour, injury, casualties ------------------------------------------

    def armour_broken(self, total: int, av: int) -> bool:
        """Seed 001: the roll must "beat the Knocked Down player's Armor
        value", i.e. be strictly greater.

        Decision (how AV carries across): the rosters are BB2020's, whose AV
        is a target number; classic AV n is BB2020 AV (n+1)+ (an AV 9+
        player has classic AV 8), so a classic game breaks armour on a roll
        above ``av - 1``: the same rolls break it as in BB2020, which is
        what the conversion is for."""
        classic_av = av - 1
        return total > classic_av

    def injury_modifier(self, g: GameState, p: int) -> int:
        """Seed 001: "Each Niggling Injury adds 1 to any subsequent Injury
        roll made against this player" (PlayerSheet.niggling). Stunty: +1
        (see the Decision on ``stunty_injury_table``). Thick Skull still
        turns the lowest KO'd result into Stunned (engine.rules.injuries)."""
        stunty = 1 if g.skills[p] & S.STUNTY else 0
        return g.sheet(p).niggling + stunty

    def ko_recovery_at_kickoff(self) -> bool:
        """Seed 001 "KO'd": "At the next kick-off, before you set up any
        players, roll for each of your players that have been KO'd. On a
        roll of 1-3, they must remain in the KO'd box ... On a roll of 4-6,
        you must return the player to the Reserves box".

        Decision: no roll at the end of a drive. At half-time the next
        kick-off is the second half's first, so players KO'd in the first
        half roll before its set-up; after the last drive of the game there
        is no kick-off and no roll (with extra time, they roll before its
        first set-up)."""
        return True

    def apothecary_may_treat(self, g: GameState, p: int, kind: ApothecaryKind) -> bool:
        """Not during a Pitch Invasion (seed 003, a crowd injury), whatever
        the kind; otherwise as in BB2020 (the seeds name no apothecary)."""
        if g.effects.get(NO_APOTHECARY, False):
            return False
        return super().apothecary_may_treat(g, p, kind)

    def casualty_modifier(self, g: GameState, p: int) -> int:
        """Niggling Injuries modify the Injury roll here, not the D100
        (``injury_modifier``; ``CLASSIC_TABLE.niggling_modifier``)."""
        return 0

    def casualty_roll(self, g: GameState) -> int:
        """Seed 001: "roll percentile dice (1d100)".

        Decision: the apothecary (not in the seeds) works as in BB2020: the
        D100 is rolled again and the less severe result (by row order) is
        kept; a Badly Hurt player goes to the Reserves. Decay adds +1 to the
        roll (at most 100)."""
        return g.dice.d100()

    def casualty_severity(self, result: str) -> int:
        return SEVERITY.get(result, 0)

    def rolls_lasting_injury(self, result: str) -> bool:
        # The D100 row is the injury; there is no Lasting Injury D6.
        return False

    def casualty_reduction(self, result: str) -> str:
        """Seed 001's rows 79-90 reduce a characteristic themselves (-1 MA
        for a Smashed Hip)."""
        return REDUCTION.get(result, "")

    def league_casualty_table(self) -> CasualtyTable | None:
        return CLASSIC_TABLE


CLASSIC = register(Classic())
