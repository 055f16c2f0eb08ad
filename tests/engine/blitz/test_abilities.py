"""Team-card abilities that change how an Action is made (teams.md), with
scripted dice. Block Die faces by D6: 1 Miss, 2 Tackle, 3-4 Shove,
5 Kerrunch!, 6 Smash. Home Players 1.., away 101.. in card order."""

from __future__ import annotations

from engine.blitz.events import BallMoved, BlockDice, Injured, KnockedDown, Roll
from tests.engine.blitz.bonus_helpers import give
from tests.engine.blitz.helpers import arrange, new_game, options, sq


def faces(g):
    return {o[1] for o in options(g)}


def block(g, pid, target):
    g.apply(("act", pid, "block"))
    g.apply(("target", target))


def test_mighty_blow_smash_counts_as_kerrunch():
    # Orc Big Un Blocker (106, Block 2, Mighty Blow) against a Human Lineman.
    g, _ = new_game(dice=[6, 3], first=1)
    arrange(g, {106: (6, 5), 1: (5, 5)})
    block(g, 106, 1)
    assert faces(g) == {"kerrunch", "shove"}


def test_hulking_brute_tackle_and_smash_are_kerrunch_and_shove_on_it_is_miss():
    # Goblin team's Troll (7): blocking, a Tackle and a Smash read Kerrunch!.
    g, _ = new_game("goblin", "orc", dice=[2, 6])
    arrange(g, {7: (5, 5), 101: (6, 5)})
    block(g, 7, 101)
    assert faces(g) == {"kerrunch"}
    # Blocked, a Shove on the Troll reads Miss (Orc Lineman 101, Block 1).
    g, _ = new_game("goblin", "orc", dice=[3], first=1)
    arrange(g, {7: (5, 5), 101: (6, 5)})
    block(g, 101, 7)
    assert faces(g) == {"miss"}


def test_stand_firm_shove_counts_as_miss():
    # Halfling Hefty (6, Stand Firm) blocked by an Orc Lineman.
    g, _ = new_game("halfling", "orc", dice=[4], first=1)
    arrange(g, {6: (5, 5), 101: (6, 5)})
    block(g, 101, 6)
    assert faces(g) == {"miss"}


def test_titchy_and_insignificant_blockers_tackle_counts_as_miss():
    g, _ = new_game("snotling", "orc", dice=[2])
    arrange(g, {1: (5, 5), 101: (6, 5)})
    block(g, 1, 101)  # Snotling: Insignificant
    assert faces(g) == {"miss"}
    g, _ = new_game("ogre", "orc", dice=[2])
    arrange(g, {1: (5, 5), 101: (6, 5)})
    block(g, 1, 101)  # Gnoblar: Titchy
    assert faces(g) == {"miss"}


def test_a_run_may_pass_next_to_an_insignificant_opponent():
    g, _ = new_game("human", "snotling")
    arrange(g, {1: (5, 5), 101: (7, 5)})
    g.apply(("act", 1, "run"))
    moves = {o[1] for o in options(g) if o[0] == "move"}
    assert sq(g, 6, 5) in moves


def test_a_run_next_to_a_titchy_opponent_ends_there():
    g, _ = new_game("human", "ogre")
    arrange(g, {1: (4, 5), 101: (7, 5)})
    g.apply(("act", 1, "run"))
    g.apply(("move", sq(g, 5, 5)))
    g.apply(("move", sq(g, 6, 5)))  # next to the Gnoblar: the Run ends
    assert g.pending.kind == "action"
    assert g.state.pos[g.state.idx[1]] == sq(g, 6, 5)


def test_elusive_may_pass_next_to_opponents_but_must_end_open():
    # A Goblin (Elusive, Move 6) at (5, 5) with an Orc at (7, 5).
    g, _ = new_game("goblin", "orc")
    arrange(g, {1: (5, 5), 101: (7, 5)})
    g.apply(("act", 1, "run"))
    assert ("move", sq(g, 6, 5)) in options(g)
    g.apply(("move", sq(g, 6, 5)))
    assert ("stop",) not in options(g)  # Marked here: may not end the Run
    g.apply(("move", sq(g, 6, 4)))
    g.apply(("move", sq(g, 6, 3)))
    assert ("stop",) in options(g)  # (6, 3) is Open


def test_lithe_creature_never_throws():
    g, _ = new_game("gnome", "orc")
    arrange(g, {6: (2, 5), 1: (4, 5), 101: (15, 0)}, balls=[6])
    assert ("act", 6, "throw") not in options(g)


def test_war_machine_runs_while_marked_and_its_blocks_are_never_assisted():
    g, _ = new_game("snotling", "orc", dice=[3])
    arrange(g, {10: (5, 5), 9: (6, 4), 101: (6, 5)})
    assert ("act", 10, "run") in options(g)
    g.apply(("act", 10, "run"))  # Move D6: 3
    assert g.pending.kind == "run"
    g.apply(("move", sq(g, 4, 5)))
    g.apply(("stop",))
    g, _ = new_game("snotling", "orc", dice=[1, 1, 1])
    arrange(g, {10: (5, 5), 9: (6, 4), 101: (6, 5)})
    block(g, 10, 101)  # Block 3, the Stilty Runna's help does not count
    assert g.pending.info == ("miss", "miss", "miss")


def test_defensive_opponent_stops_the_assist_of_players_next_to_it():
    # Amazon Jaguar Warrior Blocker (6, Defensive) next to the helper 102:
    # Orc 101's Block on the Linewoman 1 is not Assisted.
    g, _ = new_game("amazon", "orc", dice=[1], first=1)
    arrange(g, {1: (5, 5), 6: (7, 3), 101: (4, 5), 102: (6, 4)})
    block(g, 101, 1)
    assert g.pending.info == ("miss",)


def test_woodland_aid_blocks_against_it_are_never_assisted():
    g, _ = new_game("gnome", "orc", dice=[1], first=1)
    arrange(g, {5: (5, 5), 101: (4, 5), 102: (6, 5)})
    block(g, 101, 5)  # Beastmaster: Woodland Aid
    assert g.pending.info == ("miss",)


def test_offensive_specialist_may_reroll_the_block_dice_once():
    # Human Blitzer (6): a Miss, re-rolled into a Smash.
    g, _ = new_game(dice=[1, 6, 6])
    arrange(g, {6: (5, 5), 101: (6, 5)})
    block(g, 6, 101)
    assert ("reroll",) in options(g)
    g.apply(("reroll",))
    assert g.pending.info == ("smash",)
    assert ("reroll",) not in options(g)  # once
    g.apply(("face", "smash"))
    assert g.state.prone[g.state.idx[101]]


def test_no_block_reroll_without_the_ability():
    g, _ = new_game(dice=[1])
    arrange(g, {1: (5, 5), 101: (6, 5)})
    block(g, 1, 101)
    assert ("reroll",) not in options(g)


def test_expert_passer_may_reroll_a_failed_throw_check():
    # Elven Union Thrower (4, Throw 2+), Long throw (-1): a 2 is a fumble
    # (2 - 1 = 1), a failed check; the re-roll's 5 succeeds.
    g, _ = new_game("elven_union", "orc", dice=[2, 5])
    arrange(g, {4: (2, 5), 5: (9, 5), 101: (15, 0)}, balls=[4])
    g.apply(("act", 4, "throw"))
    g.apply(("target", 5))
    assert g.pending.kind == "reroll"
    g.apply(("reroll", True))
    s = g.state
    assert s.ball_holder[0] == s.idx[5]


def test_expert_passer_declines_and_the_fumble_stands():
    g, _ = new_game("elven_union", "orc", dice=[2, 3])
    arrange(g, {4: (2, 5), 5: (9, 5), 101: (15, 0)}, balls=[4])
    g.apply(("act", 4, "throw"))
    g.apply(("target", 5))
    g.apply(("reroll", False))
    # The fumble: the ball bounces from the thrower, east (D8 3) to (3, 5).
    assert g.state.ball_pos[0] == sq(g, 3, 5)


def test_violent_a_six_injures_the_target_and_the_dice_are_not_resolved():
    # Necromantic Werewolf (6): its Block die (1, a Miss) and the Violent
    # D6 (6): the Orc is Injured at once, no face to choose.
    g, _ = new_game("necromantic", "orc", dice=[1, 6])
    arrange(g, {6: (5, 5), 101: (6, 5)})
    block(g, 6, 101)
    s = g.state
    assert s.pos[s.idx[101]] == -1
    assert g.pending.kind == "action"
    assert not s.no_more_actions[s.idx[6]]  # the Miss was never resolved


def test_violent_below_six_the_block_goes_on():
    g, _ = new_game("necromantic", "orc", dice=[6, 5])
    arrange(g, {6: (5, 5), 101: (6, 5)})
    block(g, 6, 101)
    assert g.pending.kind == "block_die"


def test_safe_hands_the_coach_picks_where_the_ball_bounces():
    # The Necromantic Ghoul (104, Safe Hands) holding the ball is Smashed by
    # the Orc Lineman 1; his coach picks (4, 4); Armour 4 against 4+ holds.
    g, _ = new_game("orc", "necromantic", dice=[6, 4])
    arrange(g, {1: (3, 5), 104: (4, 5)}, balls=[104])
    block(g, 1, 104)
    g.apply(("face", "smash"))
    assert g.pending.kind == "safe_hands"
    assert g.pending.team == "away"
    g.apply(("bounce_to", sq(g, 4, 4)))
    assert g.state.ball_pos[0] == sq(g, 4, 4)


def _smash_the_ghoul(dice, *cards_in_hand):
    # The Orc Lineman 1 Smashes (6) the Necromantic Ghoul 104 (Safe Hands,
    # Armour 4+) who holds the ball.
    g, fd = new_game("orc", "necromantic", dice=dice)
    arrange(g, {1: (3, 5), 104: (4, 5)}, balls=[104])
    if cards_in_hand:
        give(g, 0, *cards_in_hand)
    block(g, 1, 104)
    n = len(g.events)
    g.apply(("face", "smash"))
    return g, fd, n


def test_safe_hands_the_bounce_is_chosen_before_the_armour_check():
    # Rulebook "Block Dice Results", Smash: Prone, "if they are carrying a
    # ball it immediately Bounces. Then, the Knocked Down Player's Coach must
    # make an Armour Check": the coach picks the square with the armour die
    # still unrolled.
    g, fd, n = _smash_the_ghoul([6, 4])
    assert g.pending.kind == "safe_hands"
    assert fd.remaining == 1
    g.apply(("bounce_to", sq(g, 4, 4)))
    assert fd.remaining == 0
    assert g.events[n:] == [
        BlockDice(1, 104, ("smash",), False, "smash"),
        KnockedDown(104),
        BallMoved(0, sq(g, 4, 5), sq(g, 4, 4), "bounce", 0),
        Roll("armour", 104, (4,), 4, 0, True, False),
    ]


def test_safe_hands_a_failed_armour_check_after_the_bounce_still_injures():
    # A 3 fails Armour 4+ once the ball is on (4, 4): the Ghoul is Injured,
    # the ball stays there, and the Block met Break Some Bones! (cards 1-2)
    # as well as Free Up The Ball! (card 3).
    g, fd, n = _smash_the_ghoul([6, 3])
    s = g.state
    s.turns[0] = 2  # past the first coach's first turn: cards are claimed
    g.apply(("bounce_to", sq(g, 4, 4)))
    assert g.events[n + 2 :] == [
        BallMoved(0, sq(g, 4, 5), sq(g, 4, 4), "bounce", 0),
        Roll("armour", 104, (3,), 4, 0, False, False),
        Injured(104, "armour"),
    ]
    assert s.pos[s.idx[104]] == -1
    assert s.ball_pos == [sq(g, 4, 4)]
    assert g.pending.kind == "claim"
    assert set(g.pending.options) == {("claim", 1), ("claim", 2), ("claim", 3)}


def test_safe_hands_comes_before_bladed_knuckle_dusters_and_the_check():
    # The Orc coach holds Bladed Knuckle Dusters (card 17): the Ghoul's coach
    # picks the bounce first, then the Dusters are offered, then the check
    # at 6+ (a 5 fails).
    g, fd, n = _smash_the_ghoul([6, 5], 17)
    assert g.pending.kind == "safe_hands"
    g.apply(("bounce_to", sq(g, 4, 4)))
    assert g.pending.kind == "bonus_window"
    assert g.pending.info == ("bladed_knuckle_dusters",)
    assert fd.remaining == 1
    g.apply(("bonus", 17))
    assert [e for e in g.events[n:] if isinstance(e, Roll)] == [
        Roll("armour", 104, (5,), 6, 0, False, False)
    ]
    assert g.state.pos[g.state.idx[104]] == -1
    assert g.state.ball_pos == [sq(g, 4, 4)]


def test_bloodlust_a_miss_injures_the_vampire_unless_a_thrall_steps_in():
    # Vampire Runner (5, Block 1) Blocks and rolls a Miss (1): after the
    # Claim step he is Injured, unless the adjacent Thrall (1, Minion) is
    # Injured instead.
    g, _ = new_game("vampire", "orc", dice=[1])
    arrange(g, {5: (5, 5), 1: (4, 5), 101: (6, 5)})
    block(g, 5, 101)
    g.apply(("face", "miss"))
    assert g.pending.kind == "minion"
    g.apply(("minion", 1))
    s = g.state
    assert s.pos[s.idx[1]] == -1
    assert s.pos[s.idx[5]] == sq(g, 5, 5)

    g, _ = new_game("vampire", "orc", dice=[1])
    arrange(g, {5: (5, 5), 101: (6, 5)})
    block(g, 5, 101)
    g.apply(("face", "miss"))
    assert g.state.pos[g.state.idx[5]] == -1  # no Thrall: the Runner goes


def test_bomber_blocks_from_three_squares_while_open():
    # Snotling Fungus Flinga (7, Block 1) at (3, 5), an Orc three squares
    # off at (6, 5): a Block while Open; a Shove reads Miss.
    g, _ = new_game("snotling", "orc", dice=[3])
    arrange(g, {7: (3, 5), 101: (6, 5)})
    assert ("act", 7, "block") in options(g)
    block(g, 7, 101)
    assert faces(g) == {"miss"}
