"""The scripted bot's College Wizard (engine/bots/college_wizard.py): the
ball carrier first, then a player next to the loose ball, then a Big Guy
(ST 5+), else keep the spell until the
bot has played four team turns."""

from __future__ import annotations

from engine.bots.scripted import ScriptedBot
from engine.core.state import Decision, GameState

from .test_spells import AWAY, CHAIN, HOME, PAIR, kind, options, wizard


def pick(sc: object) -> tuple[object, ...]:
    match = sc.match  # type: ignore[attr-defined]
    d: Decision = match.pending
    g: GameState = match.state
    return ScriptedBot(1).choose(d, g)


def test_transmutation_goes_to_the_ball_carrier() -> None:
    sc = wizard(PAIR, "college-of-metal", ball="c")
    assert pick(sc) == ("transmutation", sc.id("c"))


def test_transmutation_goes_to_a_big_guy_else_waits_till_turn_five() -> None:
    sc = wizard(PAIR, "college-of-metal", stats={"c": {"st": 5}})
    assert pick(sc) == ("transmutation", sc.id("c"))
    sc = wizard(PAIR, "college-of-metal")
    assert pick(sc) == ("done",)
    sc = wizard(PAIR, "college-of-metal", turn=5)
    assert pick(sc)[0] == "transmutation"


def test_life_drain_prefers_the_marked_big_guy() -> None:
    sc = wizard(
        """
        #########
        #..a....#
        #..Ab...#
        #########
        """,
        "college-of-death",
        stats={"b": {"st": 5}},
    )
    assert options(sc)[:2] == (("life-drain", sc.id("a")), ("life-drain", sc.id("b")))
    assert pick(sc) == ("life-drain", sc.id("b"))


def test_grasping_vines_holds_the_carrier_and_blinding_light_needs_one() -> None:
    sc = wizard(PAIR, "college-of-life", active=AWAY, ball="c")
    assert pick(sc) == ("grasping-vines", sc.id("c"))
    sc = wizard(PAIR, "college-of-light", active=AWAY, ball="c")
    assert pick(sc) == ("blinding-light",)
    sc = wizard(PAIR, "college-of-light", active=AWAY, ball="A")
    assert pick(sc) == ("done",)


def test_chain_lightning_starts_at_the_carrier_and_jumps_to_opponents() -> None:
    sc = wizard(CHAIN, "college-of-heavens", ball="d", dice=[1, 1, 4])
    assert pick(sc) == ("chain-lightning", sc.id("d"))
    sc.choose("chain-lightning", sc.id("d"))
    # from d: A (ours) and b (theirs) are in reach; the bot jumps to b
    assert kind(sc) == "chain_lightning"
    assert set(options(sc)) == {("strike", sc.id("A")), ("strike", sc.id("b"))}
    assert pick(sc) == ("strike", sc.id("b"))


def test_shadowed_step_puts_the_nearest_player_next_to_the_loose_ball() -> None:
    sc = wizard(
        """
        ##############
        #.A..........#
        #......*.....#
        #B...........#
        #........c...#
        ##############
        """,
        "college-of-shadows",
    )
    # A is 5 squares from the ball, B 6 (both can be placed next to it):
    # A goes
    assert pick(sc) == ("shadowed-step", sc.id("A"))
    sc.choose("shadowed-step", sc.id("A"))
    choice = pick(sc)
    g = sc.match.state
    assert choice[0] == "square"
    assert g.pitch.distance(choice[1], sc.at(7, 2)) == 1  # type: ignore[arg-type]
    assert g.markers(choice[1], HOME) == 0  # type: ignore[arg-type]


def test_bestial_fury_against_the_stronger_not_the_weaker() -> None:
    sc = wizard(PAIR, "college-of-beasts", stats={"b": {"st": 5}})
    sc.act("A", "block")
    assert pick(sc) == ("bestial-fury", sc.id("A"))
    # ST 3 against ST 1: three dice of its own choosing already
    sc = wizard(PAIR, "college-of-beasts", stats={"b": {"st": 1}})
    sc.act("A", "block")
    assert pick(sc) == ("done",)


MELEE = """
##############
#.A..b....c..#
#..B...*...d.#
#.C..e....f..#
#....D...E...#
##############
"""
COLLEGES = (
    "college-of-fire",
    "college-of-shadows",
    "college-of-metal",
    "college-of-light",
    "college-of-death",
    "college-of-life",
    "college-of-beasts",
    "college-of-heavens",
)
SPELL_EVENT = {
    "college-of-fire": "wizard_fireball",
    "college-of-shadows": "shadowed_step",
    "college-of-metal": "transmutation",
    "college-of-light": "blinding_light",
    "college-of-death": "life_drain",
    "college-of-life": "grasping_vines",
    "college-of-beasts": "bestial_fury",
    "college-of-heavens": "chain_lightning",
}


def test_two_bot_wizards_play_twelve_turns_casting_their_own_spell_at_most_once() -> (
    None
):
    from dataclasses import replace

    from engine.core.dice import RandomDice
    from engine.core.events import Induced
    from engine.match import run
    from engine.rules.turns import Turn
    from engine.tools.dungeon_scenario import DungeonScenario

    cast: set[str] = set()
    for i, home in enumerate(COLLEGES):
        away = COLLEGES[(i + 1) % len(COLLEGES)]
        sc = DungeonScenario(MELEE, start=False)
        g = sc.match.state
        g.dice = RandomDice(i)
        g.sheets = (
            replace(g.sheets[0], college_wizard=home),
            replace(g.sheets[1], college_wizard=away),
        )
        bot = ScriptedBot(i)
        for n in range(12):
            g.done = False
            g.stack.append(Turn(n % 2))
            run(g)
            while g.pending is not None:
                sc.match.apply(bot.choose(g.pending, g))
            if g.touchdown:
                break
        assert g.dungeon is not None
        for t, college in enumerate((home, away)):
            casts = [
                e.what
                for e in g.events
                if type(e) is Induced and e.team == ("home", "away")[t]
            ]
            assert set(casts) <= {SPELL_EVENT[college]}
            assert g.dungeon.spell_used[t] == bool(casts)
            cast |= set(casts)
    assert cast == set(SPELL_EVENT.values())  # every spell was cast somewhere


def test_grasping_vines_on_the_player_next_to_the_loose_ball_before_a_big_guy() -> None:
    sc = wizard(
        """
        ##########
        #.A...*..#
        #.b....c.#
        ##########
        """,
        "college-of-life",
        active=AWAY,
        stats={"b": {"st": 5}},
    )
    assert pick(sc) == ("grasping-vines", sc.id("c"))


def test_the_bots_block_odds_know_blinding_light_and_bestial_fury() -> None:
    from engine.bots.blockmath import block_odds

    from .test_spells import BLIND

    sc = wizard(BLIND, "college-of-light", active=AWAY)
    g = sc.match.state
    c, a = sc.p("c"), sc.p("A")
    assert block_odds(g, c, a)[2:] == (2, True)  # 5 against 3 with b and d
    sc.choose("blinding-light")
    assert block_odds(g, c, a)[2:] == (1, True)  # 3 against 3, no assists
    sc = wizard(PAIR, "college-of-beasts", stats={"b": {"st": 5}})
    g = sc.match.state
    assert block_odds(g, sc.p("A"), sc.p("b"))[2:] == (2, False)
    assert g.dungeon is not None
    g.dungeon.fury = sc.p("A")
    assert block_odds(g, sc.p("A"), sc.p("b"))[2:] == (3, True)
