"""The target of a Blitz and of a Foul is nominated when the player is
activated, before moving (rulebook "Declaring Actions", "Blitz Actions",
"Foul Actions"; engine.rules.declaring), and both bots follow it."""

from __future__ import annotations

import pytest

from engine import Match, RandomDice, default_team_sheet, get_variant
from engine.bots import RandomBot, ScriptedBot
from engine.core.events import Activation, Block, Foul, Nomination, Roll
from engine.core.state import PRONE, STANDING, TF_BLITZ, TF_FOUL
from engine.tools.invariants import check
from engine.tools.scenario import Scenario

# A (home) next to the Standing b and c, the Prone d and the Stunned e;
# f stands far away; B is A's team-mate.
FIELD = """
    ..........
    .Ab......f
    .cd.......
    ..e.B.....
"""


def _field(prone: str = "d", **kw: object) -> Scenario:
    return Scenario(FIELD, prone=prone, stunned="e", **kw)  # type: ignore[arg-type]


def _nominees(sc: Scenario) -> set[int]:
    d = sc.match.pending
    assert d is not None
    assert all(o[0] == "nominate" for o in d.options)
    return {o[1] for o in d.options}


# -- the nomination ------------------------------------------------------------
def test_a_blitz_nominates_any_standing_opponent_on_the_pitch() -> None:
    sc = _field()
    sc.act("A", "blitz")
    d = sc.match.pending
    assert d is not None
    assert (d.kind, d.team, d.player) == ("blitz_target", "home", sc.id("A"))
    # Standing opponents only, f included although out of reach; not the
    # Prone d, the Stunned e, nor the team-mate B
    assert _nominees(sc) == {sc.id("b"), sc.id("c"), sc.id("f")}


def test_a_foul_nominates_a_prone_or_stunned_opponent() -> None:
    sc = _field()
    sc.act("A", "foul")
    d = sc.match.pending
    assert d is not None
    assert (d.kind, d.player) == ("foul_target", sc.id("A"))
    assert _nominees(sc) == {sc.id("d"), sc.id("e")}


def test_the_nomination_is_logged_after_the_declaration() -> None:
    sc = _field()
    sc.act("A", "blitz", "f")
    act = sc.events(Activation)[-1]
    nom = sc.events(Nomination)
    assert nom == [Nomination(sc.id("A"), "blitz", sc.id("f"))]
    assert sc.match.events.index(nom[0]) == sc.match.events.index(act) + 1
    assert nom[0].to_dict() == {
        "type": "nomination",
        "player": sc.id("A"),
        "action": "blitz",
        "target": sc.id("f"),
    }
    assert sc.match.state.act_target == sc.p("f")


def test_the_target_is_named_before_the_activation_roll() -> None:
    # Bone Head rolls "after declaring the action": the nomination comes
    # first, with no die rolled yet
    sc = _field(skills={"A": ["bone-head"]}, dice=[1])
    sc.act("A", "blitz")
    assert sc.match.pending.kind == "blitz_target"
    assert sc.events(Roll) == []
    sc.choose("nominate", sc.id("b"))
    assert [r.purpose for r in sc.events(Roll)] == ["bone_head"]


def test_the_target_is_named_before_standing_up() -> None:
    sc = _field(prone="Ad")
    sc.act("A", "blitz")
    assert sc.match.pending.kind == "blitz_target"
    assert sc.match.state.status[sc.p("A")] == PRONE
    sc.choose("nominate", sc.id("c"))
    assert sc.match.state.status[sc.p("A")] == STANDING


def test_a_blitz_in_the_blitz_kick_off_turn_names_its_target_too() -> None:
    from engine.match import run
    from engine.rules.turns import Turn

    sc = Scenario(
        """
        A.....
        ....b.
        """,
        start=False,
    )
    g = sc.match.state
    g.stack.append(Turn(0, "blitz", 1))  # the Blitz! kick-off event's turn
    run(g)
    sc.act("A", "blitz")
    d = sc.match.pending
    assert d is not None
    assert (d.kind, d.options) == ("blitz_target", (("nominate", sc.id("b")),))


def test_no_blitz_without_a_standing_opponent_to_name() -> None:
    sc = Scenario(
        """
        .....
        .Ab..
        .B...
        """,
        prone="b",
    )
    opts = sc.match.pending.options
    assert ("activate", sc.id("A"), "blitz") not in opts
    assert ("activate", sc.id("A"), "foul") in opts
    assert ("activate", sc.id("A"), "move") in opts


def test_an_unlisted_player_cannot_be_nominated() -> None:
    from engine.core.errors import IllegalChoice

    sc = _field()
    sc.act("A", "blitz")
    with pytest.raises(IllegalChoice):
        sc.choose("nominate", sc.id("d"))  # Prone: no Blitz target


# -- the Blitz -----------------------------------------------------------------
def test_a_blitz_blocks_only_the_nominated_player() -> None:
    sc = _field()
    sc.act("A", "blitz", "c")
    opts = sc.match.pending.options
    blocks = [o for o in opts if o[0] == "block"]
    assert blocks == [("block", sc.id("c"))]  # b is next to A too


def test_the_other_way_round() -> None:
    sc = _field()
    sc.act("A", "blitz", "b")
    blocks = [o for o in sc.match.pending.options if o[0] == "block"]
    assert blocks == [("block", sc.id("b"))]


@pytest.mark.parametrize(
    ("skill", "verb"),
    [
        ("stab", "stab"),
        ("breathe-fire", "breathe_fire"),
        ("projectile-vomit", "vomit"),
        ("chainsaw", "chainsaw"),
    ],
)
def test_a_special_action_in_a_blitz_targets_the_nominated_player(
    skill: str, verb: str
) -> None:
    sc = _field(skills={"A": [skill]})
    sc.act("A", "blitz", "c")
    opts = sc.match.pending.options
    assert (verb, sc.id("c")) in opts
    assert (verb, sc.id("b")) not in opts
    assert ("block", sc.id("b")) not in opts


def test_a_blitz_at_an_unreachable_target_still_uses_the_blitz() -> None:
    sc = Scenario(
        """
        A........b
        ..........
        B.........
        """
    )
    sc.act("A", "blitz", "b")
    sc.move(1, 0)
    assert not [o for o in sc.match.pending.options if o[0] == "block"]
    sc.choose("end")
    g = sc.match.state
    assert g.tflags & TF_BLITZ
    assert g.act_target == -1  # cleared with the activation
    assert ("activate", sc.id("B"), "blitz") not in sc.match.pending.options


def test_the_target_reached_later_is_blocked() -> None:
    # A walks up to the nominated b, past nobody; the Block costs a square
    sc = Scenario(
        """
        A..b..
        ......
        """,
        dice=["push"],
    )
    sc.act("A", "blitz", "b")
    sc.move(1, 0)
    assert ("block", sc.id("b")) not in sc.match.pending.options
    sc.move(2, 0)
    assert ("block", sc.id("b")) in sc.match.pending.options
    sc.choose("block", sc.id("b"))
    assert [(e.attacker, e.defender) for e in sc.events(Block)] == [
        (sc.id("A"), sc.id("b"))
    ]


def test_frenzy_second_block_is_against_the_same_target() -> None:
    # A blitzes b; pushed to (3, 1), A must follow to (2, 1), next to c
    # too; the second block (two dice: c assists b) is against b again,
    # and none is offered on c
    sc = Scenario(
        """
        ......
        .Ab...
        ...c..
        """,
        skills={"A": ["frenzy"]},
        dice=["push", "push", "push"],
    )
    sc.act("A", "blitz", "b")
    sc.choose("block", sc.id("b"))
    sc.choose("square", sc.sq(3, 1))
    assert sc.xy("A") == (2, 1)
    sc.choose("square", sc.sq(4, 1))
    assert [e.defender for e in sc.events(Block)] == [sc.id("b"), sc.id("b")]
    assert sc.xy("A") == (3, 1)
    opts = sc.match.pending.options
    assert sc.match.pending.kind == "move"
    assert ("block", sc.id("c")) not in opts


def test_dump_off_waits_for_the_block_not_the_nomination() -> None:
    # Decision (engine.rules.declaring): the carrier b, named two squares away,
    # is offered the Dump-off only when A's Block is about to be made
    sc = Scenario(
        """
        A.b...
        ......
        """,
        skills={"b": ["dump-off"]},
        ball="b",
    )
    sc.act("A", "blitz", "b")
    assert sc.match.pending.kind == "move"
    sc.move(1, 0)
    sc.choose("block", sc.id("b"))
    d = sc.match.pending
    assert (d.kind, d.team, d.info) == ("use_skill", "away", ("dump-off",))


# -- the Foul ------------------------------------------------------------------
def test_a_foul_targets_only_the_nominated_victim() -> None:
    # b and c are down; A names c, walks past b (no Tackle Zones) and may
    # foul only c once next to both
    sc = Scenario(
        """
        A.....
        ......
        ..b.c.
        """,
        prone="bc",
        dice=[4, 3],
    )
    sc.act("A", "foul", "c")
    sc.move(1, 1)  # next to b only
    assert not [o for o in sc.match.pending.options if o[0] == "foul"]
    sc.move(2, 1)
    sc.move(3, 1)  # next to b and c
    fouls = [o for o in sc.match.pending.options if o[0] == "foul"]
    assert fouls == [("foul", sc.id("c"))]
    sc.choose("foul", sc.id("c"))
    assert sc.events(Foul) == [Foul(sc.id("A"), sc.id("c"))]


def test_a_foul_on_the_nominated_victim_next_door() -> None:
    sc = _field()
    sc.act("A", "foul", "d")
    fouls = [o for o in sc.match.pending.options if o[0] == "foul"]
    assert fouls == [("foul", sc.id("d"))]


def test_two_downed_players_in_reach_only_the_named_one_is_fouled() -> None:
    sc = Scenario(
        """
        .....
        .Ab..
        .c...
        """,
        prone="bc",
    )
    sc.act("A", "foul", "c")
    fouls = [o for o in sc.match.pending.options if o[0] == "foul"]
    assert fouls == [("foul", sc.id("c"))]


def test_an_unreached_victim_still_lets_the_player_move_and_end() -> None:
    sc = Scenario(
        """
        .b.......c
        A.........
        B.........
        """,
        prone="bc",
    )
    sc.act("A", "foul", "c")
    sc.move(1, 1)  # next to b, who was not named
    assert not [o for o in sc.match.pending.options if o[0] == "foul"]
    sc.choose("end")
    g = sc.match.state
    assert g.tflags & TF_FOUL
    assert g.act_target == -1
    assert ("activate", sc.id("B"), "foul") not in sc.match.pending.options
    assert sc.events(Foul) == []


# -- both bots -----------------------------------------------------------------
def _declared_targets_kept(events: list[object]) -> tuple[int, int]:
    """Check that every Blitz or Foul is nominated at once and that its
    Block / Foul hits that player; returns (blitzes, fouls) seen."""
    blitzes = fouls = 0
    actor, action, target = -1, "", -1
    for i, e in enumerate(events):
        if isinstance(e, Activation):
            actor, action, target = e.player, e.action, -1
            if e.action in ("blitz", "foul"):
                nxt = events[i + 1]
                assert isinstance(nxt, Nomination), (i, e, nxt)
                assert (nxt.player, nxt.action) == (e.player, e.action)
        elif isinstance(e, Nomination):
            target = e.target
            blitzes += e.action == "blitz"
            fouls += e.action == "foul"
        elif isinstance(e, Block) and action == "blitz" and e.attacker == actor:
            assert e.defender == target, (i, e)
        elif isinstance(e, Foul) and action == "foul" and e.player == actor:
            assert e.victim == target, (i, e)
    return blitzes, fouls


def _play(fmt: str, seed: int, scripted: bool) -> Match:
    rs = get_variant(fmt)
    m = Match(
        rs,
        default_team_sheet("orc", rs, first_id=1),
        default_team_sheet("human", rs, first_id=101),
        RandomDice(seed),
    )
    bots = (
        (ScriptedBot(seed), ScriptedBot(seed + 1))
        if scripted
        else (RandomBot(seed), RandomBot(seed + 1))
    )
    steps = 0
    while m.pending is not None:
        errs = check(m.state)
        assert errs == [], errs
        d = m.pending
        if d.kind in ("blitz_target", "foul_target"):
            p = m.state.idx[d.player] if d.player is not None else -1
            assert p == m.state.act_player
        m.apply(bots[0 if d.team == "home" else 1].choose(d, m.state))
        steps += 1
        assert steps < 20_000
    assert m.done
    return m


@pytest.mark.parametrize("fmt", ["bb2020", "sevens", "classic"])
def test_random_bots_nominate_and_keep_to_it(fmt: str) -> None:
    blitzes = fouls = 0
    for seed in range(3):
        m = _play(fmt, seed, scripted=False)
        b, f = _declared_targets_kept(list(m.events))
        blitzes += b
        fouls += f
    assert blitzes > 0
    assert fouls > 0


@pytest.mark.parametrize("fmt", ["bb2020", "sevens"])
def test_scripted_bots_nominate_the_player_they_block(fmt: str) -> None:
    m = _play(fmt, 3, scripted=True)
    blitzes, _ = _declared_targets_kept(list(m.events))
    assert blitzes > 0


def test_scripted_bot_names_their_carrier_not_the_nearest_opponent() -> None:
    # c stands nearer A than their carrier b; the planned Blitz is on b
    sc = Scenario(
        """
        ...c....
        .A....b.
        ........
        """,
        ball="b",
    )
    bot = ScriptedBot(0)
    m = sc.match
    d = m.pending
    assert d is not None
    assert bot.choose(d, m.state) == ("activate", sc.id("A"), "blitz")
    m.apply(("activate", sc.id("A"), "blitz"))
    d = m.pending
    assert d is not None
    assert d.kind == "blitz_target"
    assert bot.choose(d, m.state) == ("nominate", sc.id("b"))


def test_scripted_bot_unplanned_blitz_names_the_nearest() -> None:
    sc = _field()
    sc.act("A", "blitz")
    d = sc.match.pending
    assert d is not None
    choice = ScriptedBot(0).choose(d, sc.match.state)
    assert choice in (("nominate", sc.id("b")), ("nominate", sc.id("c")))
