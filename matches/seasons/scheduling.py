"""Fixture generation: round robin by the circle method, and playoffs.

Pure functions over team ids; the season services turn them into matches.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

Pairing = tuple[int, int]  # (home, away)


def round_robin(
    team_ids: Sequence[int], *, double: bool = False
) -> list[list[Pairing]]:
    """Rounds of a round robin by the circle method.

    One team stays put while the others rotate one place a round; with an
    odd number of teams a phantom joins and whoever meets it has a bye (no
    match that round). Home and away alternate so that, over a single round
    robin, no team's home and away counts differ by more than one. A double
    round robin repeats the rounds with home and away swapped.
    """
    teams: list[int | None] = list(team_ids)
    if len(set(teams)) != len(teams):
        raise ValueError("a team cannot appear twice in a round robin")
    if len(teams) < 2:
        return []
    if len(teams) % 2:
        teams.append(None)
    n = len(teams)
    fixed, rotating = teams[0], teams[1:]
    rounds: list[list[Pairing]] = []
    for r in range(n - 1):
        circle = [fixed, *rotating]
        pairings: list[Pairing] = []
        for i in range(n // 2):
            a, b = circle[i], circle[n - 1 - i]
            if a is None or b is None:
                continue
            # The fixed team alternates home and away by round; the others
            # are at home when on the first half of the circle, which they
            # leave and re-enter as it turns: over a round robin nobody's
            # home and away counts differ by more than one (tested for
            # every size from 2 to 20 teams).
            home_first = (r % 2 == 0) if i == 0 else True
            pairings.append((a, b) if home_first else (b, a))
        rounds.append(pairings)
        rotating = [rotating[-1], *rotating[:-1]]
    if double:
        rounds += [[(away, home) for home, away in pairings] for pairings in rounds]
    return rounds


def season_rounds(
    groups: Sequence[Sequence[int]], *, double: bool = False
) -> list[list[Pairing]]:
    """A season's league rounds: each group (a division, or every team)
    plays its own round robin, and round r of the season is round r of
    every group. A team in none of round r's pairings has a bye."""
    per_group = [round_robin(ids, double=double) for ids in groups]
    return [
        [pairing for group in per_group if r < len(group) for pairing in group[r]]
        for r in range(max((len(g) for g in per_group), default=0))
    ]


def playoff_rounds(teams: int) -> int:
    """How many rounds a single-elimination bracket of ``teams`` takes (the
    top seeds' byes fill it up to a power of two)."""
    rounds, size = 0, 1
    while size < teams:
        size *= 2
        rounds += 1
    return rounds


def playoff_round(seeded: Sequence[int]) -> tuple[list[Pairing], list[int]]:
    """First round of a single-elimination bracket from teams in seed order.

    Returns the pairings (higher seed at home: 1 v N, 2 v N-1, …) and the
    teams with a bye. Decision: when the number of teams is not a power of
    two, the top seeds get byes until it is.
    """
    n = len(seeded)
    if n < 2:
        return [], list(seeded)
    size = 1
    while size < n:
        size *= 2
    byes = size - n
    bye_teams = list(seeded[:byes])
    playing = list(seeded[byes:])
    pairings = [(playing[i], playing[-1 - i]) for i in range(len(playing) // 2)]
    return pairings, bye_teams


def next_playoff_round(advancing: Sequence[int]) -> list[Pairing]:
    """Pair the teams still in, in bracket order (1st v last, 2nd v …)."""
    return [(advancing[i], advancing[-1 - i]) for i in range(len(advancing) // 2)]


def third_place_pairing(losers: Sequence[int], seeded: Sequence[int]) -> Pairing | None:
    """The third-place match between the semi-finals' two losers, played
    beside the final with the higher seed (``seeded``: the bracket's teams
    in seed order) at home (league_and_exhibition_play.md "The Play-off
    Season": "the two losing teams will meet to decide 3rd place"). None
    when the semi-finals leave fewer than two losers: a bracket of two
    teams has none, one of three a single semi-final.

    Decision: every format plays it. Blood Bowl 2020's text asks for it and
    Dungeon Bowl's play-off season is Blood Bowl's; the Sevens, classic and
    BB2025 texts give no play-off season of their own, so their leagues keep
    Blood Bowl's, as they keep its Glittering Prizes; Blitz Bowl, which pays
    no prizes, plays it too, so that every bracket's 3rd place is won on
    the pitch."""
    if len(losers) != 2:
        return None
    rank = {team_id: index for index, team_id in enumerate(seeded)}
    higher, lower = sorted(losers, key=lambda t: rank.get(t, len(seeded)))
    return higher, lower


# The largest first round whose lower half is rearranged to keep teams of
# one division apart (its orderings are tried one by one: 6! at most).
APART_LOWER_HALF_MAX = 6


def playoff_seeds(
    table: Sequence[int], division_tables: Sequence[Sequence[int]], count: int
) -> list[int]:
    """The ``count`` playoff teams in seed order, from the league table
    (``table``: every team, top first) and, in a season with divisions,
    each division's own table (``division_tables``, top first).

    league_and_exhibition_play.md "The Play-off Season": with two divisions
    "the top two teams from each go through"; with four, "the top team from
    each" (or the top two); with three, "the top team from each goes
    through. Additionally, the second place team with the highest number of
    league points will go through as a wild card." So the division winners
    go through first, then the runners-up, and so on, each place's teams in
    league table order (points first) until the bracket is full; the
    winners are seeded above the runners-up.
    Decision: the same for any bracket size the season chose. Then "care
    should be taken to ensure that two teams from the same division do not
    meet in either the quarter finals or semi-finals"
    (:func:`_divisions_apart`)."""
    if not division_tables:
        return list(table[:count])
    rank = {team_id: index for index, team_id in enumerate(table)}
    qualified: list[int] = []
    depth = max(len(d) for d in division_tables)
    for place in range(depth):
        level = [d[place] for d in division_tables if place < len(d)]
        qualified += sorted(level, key=lambda t: rank.get(t, len(table)))
        if len(qualified) >= count:
            break
    division = {t: i for i, d in enumerate(division_tables) for t in d}
    return _divisions_apart(qualified[:count], division)


def _meetings(seeded: Sequence[int], division: dict[int, int]) -> tuple[int, int]:
    """How many first-round matches of ``seeded`` (:func:`playoff_round`)
    are between two teams of one division, and how many pairs of teams of
    one division could meet in the round after."""
    pairings, byes = playoff_round(seeded)
    first = sum(division[h] == division[a] for h, a in pairings)
    slots = [[t] for t in byes] + [[h, a] for h, a in pairings]
    second = sum(
        division[x] == division[y]
        for i in range(len(slots) // 2)
        for x in slots[i]
        for y in slots[-1 - i]
    )
    return first, second


def _divisions_apart(seeded: list[int], division: dict[int, int]) -> list[int]:
    """``seeded`` with its lower first-round half rearranged, as little as
    needed, so that teams of one division meet neither in the first round
    nor, where it can be helped, in the round after; the byes and the
    higher half keep their seeds.

    Decision: the text asks this care of a bracket that starts with the
    quarter-finals; a bracket that starts with the semi-finals takes it too
    (two divisions: each winner meets the other division's runner-up), so
    that no division's play-off is replayed before the final. Of the
    orderings that meet least, the one nearest the seed order is kept. A
    first round with a lower half over :data:`APART_LOWER_HALF_MAX` teams
    keeps the seed order."""
    _, byes = playoff_round(seeded)
    playing = seeded[len(byes) :]
    half = len(playing) // 2
    upper, lower = playing[:half], playing[half:]
    if half > APART_LOWER_HALF_MAX:
        return seeded
    best, best_score = seeded, _meetings(seeded, division)
    for order in permutations(lower):
        if best_score == (0, 0):
            break
        candidate = [*byes, *upper, *order]
        score = _meetings(candidate, division)
        if score < best_score:
            best, best_score = candidate, score
    return best
