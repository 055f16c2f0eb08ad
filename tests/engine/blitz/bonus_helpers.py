"""Helpers for the Bonus Play tests. Deck cards by number and their Bonus
Play (cards.md table): 1 Raw Talent, 2 Step Aside, 3 Blitz!, 4 Intervention,
5 Aggressive Mark, 6 Sprint, 7 Shadowing, 8 Step Aside, 9 Reserves,
10 Accurate Throw, 11 Dodge, 12 Raw Talent, 13 Aggressive Mark,
14 Inspiration, 15 Tough Enough, 16 Jump Up, 17 Bladed Knuckle Dusters,
18 The Kid's Got Moxy, 19 Inspiration, 20 Nerves of Steel, 21 Hail Mary
Pass, 22 Reserves, 23 Blocking Play, 24 Diving Tackle, 25 Defensive Play,
26 Raw Talent.

Human (home, ids 1-6): 1-3 Linemen (Move 6, Block 1, Throw 4+, Armour 3+),
4 Thrower (Throw 3+), 5 Catcher (Move 8), 6 Blitzer. Orc (away, ids
101-106): 101-103 Linemen (Move 5, Armour 3+), 104 Thrower, 105 Blitzer
(Armour 2+), 106 Big Un Blocker (Block 2).
"""

from __future__ import annotations

from engine.blitz.events import BonusPlayed, Roll


def give(g, team: int, *cards: int) -> None:
    """Put ``cards`` in team ``team``'s hand (out of the deck and the
    Active spaces) and let the pending decision be offered afresh."""
    s = g.state
    for c in cards:
        if c in s.deck:
            s.deck.remove(c)
        s.active_cards = [0 if a == c else a for a in s.active_cards]
        s.hands[team].append(c)
    s.pending = s.stack[-1].step(s)


def played(g) -> list[tuple[str, int, str, int]]:
    return [
        (e.team, e.card, e.bonus, e.player)
        for e in g.events
        if isinstance(e, BonusPlayed)
    ]


def rolls(g, purpose: str) -> list[Roll]:
    return [e for e in g.events if isinstance(e, Roll) and e.purpose == purpose]


def bonus_options(g) -> list[tuple]:
    return [o for o in g.pending.options if o[0] == "bonus"]


def to_actions(g) -> None:
    """Answer the Pre-Turn Sequence (keep the Challenges, no Emergency
    Reserves) until the Action decision."""
    while g.pending.kind != "action":
        opts = g.pending.options
        g.apply(("skip",) if ("skip",) in opts else opts[0])
