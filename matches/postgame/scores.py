"""What a score may be in a match: no more touchdowns for a team than it
has team turns, and what the match's format allows (read by reports and
by a commissioner's override alike)."""

from __future__ import annotations

from engine.facade import Violation
from league.rules import settings_rules
from matches.models import Match


def team_turns(match: Match) -> int:
    """The team turns each team has in ``match``: two halves of the
    ruleset's turns (8 in Blood Bowl, 6 in Sevens); a playoff may add a
    period of extra time of as many turns again (engine/rules/extra_time.py)."""
    variant = settings_rules(match.season.settings).variant
    halves = 3 if match.stage == Match.Stage.PLAYOFF else 2
    return variant.turns_per_half * halves


def score_violations(
    match: Match, home: int, away: int, *, conceded: bool
) -> list[Violation]:
    """What makes a score impossible in ``match``: more touchdowns for a
    team than it has team turns (a touchdown ends the scorer's turn), or
    what its format refuses (a Dungeon Bowl game has at most one).
    ``conceded``: the score is the touchdowns scored on the pitch of a game
    that was conceded, before the award (a recorded result's)."""
    rules = settings_rules(match.season.settings)
    turns = team_turns(match)
    errors = [
        Violation(
            "implausible_stat",
            fld,
            f"at most {turns} touchdowns for a team in this match "
            f"({turns} team turns, a touchdown ends the scorer's turn)",
        )
        for fld, score in (("home_score", home), ("away_score", away))
        if score > turns
    ]
    return errors or rules.variant.score_violations(
        home, away, conceded=conceded, time_limit=rules.time_limit
    )
