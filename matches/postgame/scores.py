"""What a score may be in a match: no more touchdowns for a team than it
has team turns, and what the match's format allows (read by reports and
by a commissioner's override alike)."""

from __future__ import annotations

from engine.facade import Violation
from league.rules import settings_rules
from matches.models import Match

# The most points a team's score may count in a format whose scores are
# points (Blitz Bowl: Touchdowns and Challenge Cards), as a card report
# takes them (matches/api/cards.py, matches/reports/card_forms.py).
MAX_POINTS = 200


def team_turns(match: Match) -> int:
    """The team turns each team has in ``match``: two halves of the
    ruleset's turns (8 in Blood Bowl, 6 in Sevens); a playoff may add a
    period of extra time of as many turns again (engine/rules/extra_time.py)."""
    variant = settings_rules(match.season.settings).variant
    halves = 3 if match.stage == Match.Stage.PLAYOFF else 2
    return variant.turns_per_half * halves


def _too_high(match: Match, home: int, away: int) -> list[Violation]:
    """A score over what a team can make: where scores count touchdowns, one
    a team turn (a touchdown ends the scorer's turn); where they count
    points (a Blitz Bowl game's Touchdowns and Challenge Cards, many in one
    turn), :data:`MAX_POINTS`."""
    variant = settings_rules(match.season.settings).variant
    if variant.score_name == "points":
        cap = MAX_POINTS
        why = f"at most {cap} points for a team in this match"
    else:
        cap = team_turns(match)
        why = (
            f"at most {cap} touchdowns for a team in this match "
            f"({cap} team turns, a touchdown ends the scorer's turn)"
        )
    return [
        Violation("implausible_stat", fld, why)
        for fld, score in (("home_score", home), ("away_score", away))
        if score > cap
    ]


def score_violations(
    match: Match, home: int, away: int, *, conceded: bool
) -> list[Violation]:
    """What makes a score impossible in ``match``: more than a team can
    make (:func:`_too_high`), or what its format refuses (a Dungeon Bowl
    game has at most one touchdown). ``conceded``: the score is the
    touchdowns scored on the pitch of a game that was conceded, before the
    award (a recorded result's)."""
    rules = settings_rules(match.season.settings)
    errors = _too_high(match, home, away)
    return errors or rules.variant.score_violations(
        home, away, conceded=conceded, time_limit=rules.time_limit
    )
