"""BB2025 "Swarming" (changes_from_bb2020.md section 3): a team special rule
of the Snotlings, no longer a trait. After the kick, a team with the rule
rolls a D3 and may set up that many more of its Lineman-keyword players
from the Reserves (no more than it has set up already), in its own half,
neither on the Line of Scrimmage nor in a Wide Zone."""

from __future__ import annotations

from dataclasses import replace

from engine import Match
from engine.core.dice import FixedDice
from engine.core.events import Roll
from engine.core.model import TeamSheet
from engine.core.state import PITCH, RESERVES
from engine.rules.setup import formation
from engine.tools.teams import default_team_sheet
from engine.variants import BB2025


def snotlings() -> TeamSheet:
    """Five Linemen and six others set up (the first eleven); in the
    Reserves two Fungus Flingas (not Linemen) and three more Linemen (the
    Linemen are Insignificant: no more of them than the others)."""
    sheet = default_team_sheet("snotling", BB2025, first_id=1)
    linemen = [p for p in sheet.players if p.position == "snotling-lineman"]
    others = [p for p in sheet.players if p.position != "snotling-lineman"]
    assert (len(linemen), len(others)) == (6, 6)
    flinga = next(p for p in others if p.position == "snotling-fungus-flinga")
    reserves = [replace(flinga, id=30 + i, number=30 + i) for i in range(2)]
    reserves += [replace(linemen[0], id=20 + i, number=20 + i) for i in range(3)]
    return replace(sheet, players=(*linemen[:5], *others, *reserves))


def kick(home: TeamSheet, d3: int) -> Match:
    """Home kicks (fans, weather 3+4, the toss) and sets up its first eleven;
    the away team its default formation; the
    kick at (15, 7) deviates D8 5 (east) D6 1; then the Swarming D3."""
    m = Match(
        BB2025,
        home,
        default_team_sheet("human", BB2025, first_id=101),
        FixedDice([2, 3, 3, 4, 6, 1, 5, 1, d3, 1, 1, *[4] * 20]),
    )
    m.apply(("kick",))
    g = m.state
    first = [g.idx[p.id] for p in home.players[:11]]
    m.apply(("arrangement", [list(x) for x in formation(g, 0, "defence", first)]))
    m.apply(("formation", "offence"))
    m.apply(("square", BB2025.pitch.sq(15, 7)))
    return m


def test_the_lineman_keyword_players_swarm() -> None:
    m = kick(snotlings(), 2)
    g = m.state
    rolls = [e for e in m.events if type(e) is Roll and e.purpose == "swarming"]
    assert [r.dice for r in rolls] == [(2,)]
    assert (m.pending.kind, m.pending.team) == ("swarming", "home")
    offered = {o[1] for o in m.pending.options if o[0] == "swarm"}
    reserves = {g.pid[p] for p in range(g.n) if g.team[p] == 0 and g.box[p] == RESERVES}
    linemen = {i for i in reserves if g.sheet(g.idx[i]).position == "snotling-lineman"}
    assert reserves == {30, 31, 20, 21, 22}
    assert offered == linemen == {20, 21, 22}  # the Flingas are no Linemen
    squares = {o[2] for o in m.pending.options if o[0] == "swarm"}
    for sq in squares:
        x, y = g.pitch.xy(sq)
        assert x <= 11  # own half, not the Line of Scrimmage (x 12)
        assert 4 <= y <= 10  # not a Wide Zone
    m.apply(("swarm", 20, min(squares)))
    m.apply(next(o for o in m.pending.options if o[0] == "swarm" and o[1] == 21))
    # the D3 (2) is used up: the kick-off goes on
    assert m.pending.kind != "swarming"
    assert (g.box[g.idx[20]], g.box[g.idx[21]]) == (PITCH, PITCH)
    assert len([i for i in linemen if g.box[g.idx[i]] == PITCH]) == 2


def test_a_team_without_the_rule_does_not_swarm() -> None:
    human = default_team_sheet("human", BB2025, first_id=1)
    extra = [replace(human.players[-1], id=20 + i, number=20 + i) for i in range(3)]
    m = kick(replace(human, players=(*human.players, *extra)), 2)
    assert not [e for e in m.events if type(e) is Roll and e.purpose == "swarming"]
    assert m.pending.kind != "swarming"
