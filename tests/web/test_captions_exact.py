"""One exact sentence for an event of every type the engine records (and a
test that fails when a new type has no caption, label or sentence here),
with the rules' own words: the Weather, Kick-off Event, Prayers to Nuffle,
Casualty and Lasting Injury tables by name, as their tables number them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import engine
from engine.core import events as ev
from engine.variants.dungeon_bowl.colleges import dungeon_bowl
from engine.variants.sevens_desperate import SLUGS
from league.models import League, Team
from matches.captions.notes import NOTES
from matches.event_text import (
    CAPTIONS,
    INDUCED,
    LABELS,
    Describer,
    PlayerInfo,
    describe,
)
from matches.models import Match, Season

ENGINE = Path(engine.__file__).resolve().parent
# The Blood Bowl pitch: 26 squares long, 15 wide, the Lines of Scrimmage at x
# 12 and 13, four rows in each Wide Zone. Square = y * 26 + x.
HOME_HALF = 7 * 26 + 5
AWAY_HALF = 7 * 26 + 20
HOME_WIDE = 1 * 26 + 5


def names(fmt: str) -> Describer:
    """Gouged Eye (#7 Ug, id 3) at home to Reikland Reavers (#2 Bob, id 104)."""
    match = Match(
        season=Season(league=League(name="L", format=fmt), settings={}),
        home=Team(pk=1, name="Gouged Eye", roster="orc"),
        away=Team(pk=2, name="Reikland Reavers", roster="human"),
        seed=1,
    )
    return Describer(
        match,
        {
            3: PlayerInfo(3, "home", 7, "Ug", "Orc Lineman"),
            104: PlayerInfo(104, "away", 2, "Bob", "Human Lineman"),
        },
    )


# fmt: off
EXACT = [
    (ev.GameStart("bb2020", "Orc", "Human"),
     "Kick-off: Gouged Eye v Reikland Reavers, a game of Blood Bowl"),
    (ev.Induced("keg_bonus", "home", 3, (2,), "+1"),
     "Bloodweiser Kegs (Gouged Eye): +1 to #7 Ug's recovery roll of 2"),
    (ev.FanFactor("home", 2, 3, 5),
     "Gouged Eye: Fan Factor 5 (2 Dedicated Fans + a D3 roll of 3)"),
    # Weather table: 11 is Pouring Rain
    (ev.Weather((5, 6), "pouring_rain"), "Weather: Pouring Rain (2D6: 5+6)"),
    (ev.CoinToss("away", "home"), "Reikland Reavers win the toss; Gouged Eye kick"),
    (ev.Roll("dodge", 3, (2,), 3, -1, False, False),
     "#7 Ug: Dodge roll 2, needing 3+ (modifier -1): failed"),
    (ev.Reroll("home", 3, "team", "dodge"),
     "Gouged Eye use a team re-roll on the Dodge roll for #7 Ug"),
    (ev.SetUp("home", ((3, HOME_HALF),)), "Gouged Eye set up 1 player"),
    (ev.Kick("away", HOME_HALF, 3, 4, HOME_WIDE),
     "Reikland Reavers kick in the Gouged Eye half; the ball lands in the Gouged "
     "Eye half, wide"),
    # Kick-off Event table: 7 is Brilliant Coaching
    (ev.KickoffEvent((3, 4), "brilliant_coaching"),
     "Kick-off event: Brilliant Coaching (2D6: 3+4)"),
    (ev.Touchback("home", 3), "Touchback: #7 Ug takes the ball"),
    (ev.TurnStart("home", 2, 5), "Half 2, Gouged Eye turn 5"),
    (ev.TurnEnd("away", True), "Reikland Reavers turn ends with a Turnover"),
    (ev.TurnMarker("home", 4), "Gouged Eye turn marker moves to 4"),
    (ev.Activation(3, "hand_off"), "#7 Ug declares a Hand-off action"),
    (ev.Nomination(3, "foul", 104), "#7 Ug declares a Foul against #2 Bob"),
    (ev.ActivationEnd(3), "#7 Ug ends their action"),
    (ev.Move(3, HOME_HALF, HOME_HALF + 1, "dodge"),
     "#7 Ug dodges, now in the Gouged Eye half"),
    (ev.StandUp(3), "#7 Ug stands up"),
    # block dice: 5 is POW!, 3 Push Back
    (ev.Block(3, 104, 3, 4, (5, 3), "away"),
     "#7 Ug (ST 3) blocks #2 Bob (ST 4): POW!, Push Back; Reikland Reavers choose"),
    (ev.BlockResult(3, 104, "both_down"), "Block result: Both Down"),
    (ev.SkillUsed(3, "sure-hands"), "#7 Ug uses Sure Hands"),
    (ev.KnockedDown(104, AWAY_HALF, "knocked_down"),
     "#2 Bob is knocked down in the Reikland Reavers half"),
    (ev.Armour(104, (4, 5), 1, 9, True),
     "#2 Bob armour 4+5 (modifier +1) against AV 9+: broken"),
    (ev.Injury(104, (4, 5), 0, "ko"), "#2 Bob injury roll 4+5: knocked out"),
    # Casualty table: 13-14 Lasting Injury; Lasting Injury table: 3 Smashed
    # Knee (-1 MA)
    (ev.Casualty(104, 13, "lasting_injury", 3, "ma"),
     "#2 Bob suffers a Casualty: Lasting Injury (D16 roll of 13; Lasting Injury "
     "roll of 3: Smashed Knee, −1 MA)"),
    (ev.Apothecary("away", 104, "badly_hurt"),
     "Reikland Reavers use their apothecary on #2 Bob: the Casualty roll is made "
     "again, and Badly Hurt kept"),
    (ev.PlayerOff(104, "cas", "seriously_hurt"),
     "#2 Bob leaves the pitch (Seriously Hurt) for the casualty box"),
    (ev.BallMove("bounce", HOME_HALF, HOME_WIDE),
     "The ball bounces, now in the Gouged Eye half, wide"),
    (ev.BallCaught(3, HOME_HALF, "pick_up"), "#7 Ug picks up the ball in the Gouged Eye half"),
    (ev.Pass(3, AWAY_HALF, "long_bomb", "wildly_inaccurate"),
     "#7 Ug throws a Long Bomb in the Reikland Reavers half: Wildly Inaccurate"),
    (ev.HandOff(3, 104), "#7 Ug hands off to #2 Bob"),
    (ev.Interference(104, "interception"), "#2 Bob intercepts the pass"),
    (ev.ThrowTeamMate(3, 104, AWAY_HALF, "superb"),
     "#7 Ug throws #2 Bob in the Reikland Reavers half: a superb throw"),
    (ev.Landing(104, AWAY_HALF, False), "#2 Bob crashes in the Reikland Reavers half"),
    (ev.Foul(3, 104), "#7 Ug fouls #2 Bob"),
    (ev.SentOff(3, "foul"), "#7 Ug is sent off for the Foul"),
    # Argue the Call: a 6 is "Well, When You Put It Like That..."
    (ev.ArgueTheCall("home", 3, 6, "well_when_you_put_it_like_that"),
     "Gouged Eye argue the call (D6 roll of 6): “Well, When You Put It Like "
     "That...”: the player stays"),
    # Prayers to Nuffle: 4 is Iron Man
    (ev.Prayer("away", 4, "iron_man", -1),
     "Prayers to Nuffle: Iron Man for Reikland Reavers (D16 roll of 4)"),
    (ev.Turnover("home", "knocked_down"), "Turnover for Gouged Eye: a player is Knocked Down"),
    (ev.Touchdown("home", 3, (1, 0)), "TOUCHDOWN Gouged Eye! #7 Ug scores (1–0)"),
    (ev.KORecovery(104, 5, True), "#2 Bob recovers (D6 roll of 5)"),
    (ev.DriveEnd(1), "The drive ends"),
    (ev.HalfTime((1, 0)), "Half-time: Gouged Eye 1–0 Reikland Reavers"),
    (ev.ExtraTime((1, 1)), "Level at 1–1: extra time (re-rolls carried over)"),
    (ev.SuddenDeath(((4, 2), (3, 3), (1, 6), (5, 2), (6, 1)), 3, 1, "home"),
     "Sudden death: Gouged Eye win the roll-offs 3–1 (4–2, 3–3, 1–6, 5–2, 6–1)"),
    (ev.Concede("away", True),
     "Reikland Reavers concede the game; the post-game penalties apply"),
    (ev.GameEnd((2, 1), "home"), "Final whistle: Gouged Eye 2–1 Reikland Reavers"),
    (ev.Note("solid_defence", "home", -1, 5),
     "Solid Defence: Gouged Eye may set up 5 players again"),
    (ev.ChestOpened("home", 3, HOME_HALF, "ball"),
     "#7 Ug (Gouged Eye) opens a Chest and finds the ball"),
    (ev.RoomRule("sewer", 3, "disturbing_presence", 0),
     "The Sewer: #7 Ug loses Disturbing Presence"),
    (ev.BallHidden(6), "The ball is hidden in one of the 6 Chests"),
    (ev.FirstTurn("home", 0),
     "Gouged Eye win the coin toss: they take the first turn and choose their End Zone"),
    (ev.Teleport(3, 2, 5, HOME_HALF, False), "#7 Ug teleports from Portal 2 to Portal 5"),
    (ev.MagicalMishap(3, 4),
     "Magical Mishap: #7 Ug vanishes through Portal 4 and takes no further part"),
    (ev.BallTeleport(1, 6, HOME_HALF),
     "The ball falls through Portal 1 and comes out of Portal 6"),
    (ev.DugoutPortal("away", 104), "Reikland Reavers send #2 Bob through their Dugout Portal"),
    (ev.MagicSponge("away", 104),
     "Reikland Reavers use the Magic Sponge: #2 Bob is back in the Reserves"),
    (ev.TimeLimit(HOME_HALF, (7, 12), "draw"),
     "Time is up: the ball is 7 squares from the away End Zone and 12 from the "
     "home End Zone: a draw"),
]
# fmt: on


def engine_event_classes() -> set[type]:
    return {
        cls
        for cls in vars(ev).values()
        if isinstance(cls, type) and hasattr(cls, "_fields") and hasattr(cls, "to_dict")
    }


@pytest.mark.parametrize(
    ("event", "sentence"), EXACT, ids=[type(e).__name__ for e, _ in EXACT]
)
def test_an_event_of_each_type_reads_as_its_sentence(event, sentence):
    payload = event.to_dict()

    assert describe(names("bb2020"), payload.pop("type"), payload) == sentence


def test_every_engine_event_type_has_a_caption_a_label_and_a_sentence_here():
    """A new event class in engine/events.py fails here until it has its
    caption function, its log label and its sentence in EXACT."""
    classes = engine_event_classes()
    assert classes == {type(e) for e, _ in EXACT}
    for cls in classes - {ev.Induced}:
        sample = next(e for e, _ in EXACT if type(e) is cls)
        kind = sample.to_dict()["type"]
        assert kind in CAPTIONS, kind
        assert kind in LABELS, kind
    assert set(INDUCED) <= set(CAPTIONS)
    assert set(INDUCED) <= set(LABELS)


def _literals(call: str) -> set[str]:
    """The string literals the engine passes first to ``call(...)``."""
    found: set[str] = set()
    for path in ENGINE.rglob("*.py"):
        found |= set(re.findall(rf"\b{call}\(\s*\"([a-z_]+)\"", path.read_text()))
    return found


def test_every_inducement_and_spell_the_engine_records_has_a_caption():
    spells = {s.replace("-", "_") for s in dungeon_bowl().spells} - {"fireball"}
    recorded = _literals("Induced") | set(SLUGS.values()) | spells
    recorded |= {"mortuary_assistant", "plague_doctor"}  # engine/induced.py: a choice

    assert recorded == set(INDUCED)


def test_every_rule_note_the_engine_records_has_its_sentence():
    # the notes named at run time: classic bonus re-rolls and crowd injuries
    # (engine/variants/classic_kickoff.py), a bomb throw's quality
    # (engine/bombs.py; its blast, "bomb_explodes_<how>", is read by prefix)
    named_later = {
        "cheering_fans",
        "brilliant_coaching",
        "throw_a_rock",
        "pitch_invasion",
    }
    named_later |= {
        f"bomb_{q}" for q in ("accurate", "inaccurate", "wildly_inaccurate")
    }
    recorded = _literals("Note") - {"bomb_", "bomb_explodes_"} | named_later

    assert recorded - set(NOTES) == set()
    blast = {
        "what": "bomb_explodes_lands",
        "team": "home",
        "player": 3,
        "value": HOME_HALF,
    }
    assert describe(names("bb2020"), "note", blast) == (
        "#7 Ug's bomb explodes in the Gouged Eye half"
    )


def test_the_bb2025_subpar_throw_and_a_bomb_thrown_on_read_as_their_sentences():
    # BB2025 names a failed, not fumbled, Throw Team-mate "Subpar"; a caught
    # or intercepted bomb is thrown on at once (engine/rules/bombs.py).
    subpar = ev.ThrowTeamMate(3, 104, AWAY_HALF, "subpar").to_dict()
    thrown_on = ev.Note("bomb_thrown_on", "away", 104, AWAY_HALF).to_dict()
    d = names("bb2025")

    assert describe(d, subpar.pop("type"), subpar) == (
        "#7 Ug throws #2 Bob in the Reikland Reavers half: a subpar throw"
    )
    assert describe(d, thrown_on.pop("type"), thrown_on) == (
        "#2 Bob has the bomb and must throw it on at once"
    )


# --- the rules' words of each format -------------------------------------------------


def test_prayers_to_nuffle_name_the_prayer_its_die_and_the_chosen_player():
    iron_man = ev.Prayer("away", 4, "iron_man", -1).to_dict()
    chosen = ev.Prayer("away", 0, "iron_man", 104).to_dict()
    # the Sevens table is a D8: 3 is Stiletto, on a random player of the team
    stiletto = ev.Prayer("home", 3, "stiletto", 3).to_dict()

    assert describe(names("bb2020"), "prayer", iron_man) == (
        "Prayers to Nuffle: Iron Man for Reikland Reavers (D16 roll of 4)"
    )
    assert describe(names("bb2020"), "prayer", chosen) == (
        "Prayers to Nuffle: Iron Man: Reikland Reavers choose #2 Bob"
    )
    assert describe(names("sevens"), "prayer", stiletto) == (
        "Prayers to Nuffle: Stiletto for Gouged Eye (D8 roll of 3), on #7 Ug"
    )
    # a ninth underdog prayer on the Sevens D8 table: nothing left to roll
    none_left = ev.Note("prayer_nothing_left", "home", -1, 8).to_dict()
    assert describe(names("sevens"), "note", none_left) == (
        "Prayers to Nuffle (Gouged Eye): all 8 results are already in effect, "
        "so this prayer has none left"
    )


def test_a_house_casualty_table_names_its_result_and_what_the_match_rolled():
    # the classic game rolls a D100: 73-74 is Pinched Nerve; the league's
    # Blood Bowl 2020 table gave Seriously Hurt
    payload = ev.Casualty(104, 0, "pinched_nerve", 0, "", 73).to_dict()
    payload |= {"league_result": "seriously_hurt", "league_table": "bb2020"}

    assert describe(names("classic"), payload.pop("type"), payload) == (
        "#2 Bob suffers a Casualty: Seriously Hurt, on the league's Blood Bowl "
        "2020 (D16) table (the match's own D100 roll of 73 gave Pinched Nerve)"
    )


def test_a_classic_casualty_names_its_d100_row_and_what_it_reduces():
    # seed 001 "Table: Casualties": 79-80 Smashed Hip, -1 MA
    payload = ev.Casualty(104, 0, "smashed_hip", 0, "ma", 79).to_dict()

    assert describe(names("classic"), payload.pop("type"), payload) == (
        "#2 Bob suffers a Casualty: Smashed Hip (D100 roll of 79; −1 MA)"
    )


@pytest.mark.parametrize(
    ("fmt", "dice", "result", "start", "named"),
    [
        ("bb2020", (1, 1), "get_the_ref", "Kick-off", "Get the Ref"),
        ("sevens", (5, 6), "officious_ref", "Kick-off", "Officious Ref"),
        # the classic Kick-Off table (seed 003): 2 Riot, 3 Get Da Ref
        ("classic", (1, 1), "riot", "Kick-off", "Riot"),
        ("classic", (1, 2), "get_da_ref", "Kick-off", "Get Da Ref"),
    ],
)
def test_the_kick_off_names_the_format_and_the_event(fmt, dice, result, start, named):
    game = {"ruleset": fmt, "home": "Orc", "away": "Human"}
    label = {"bb2020": "Blood Bowl", "sevens": "Blood Bowl Sevens"}.get(
        fmt, "Classic Blood Bowl"
    )
    kickoff = {"dice": list(dice), "result": result}

    assert describe(names(fmt), "game_start", game) == (
        f"{start}: Gouged Eye v Reikland Reavers, a game of {label}"
    )
    assert describe(names(fmt), "kickoff_event", kickoff) == (
        f"Kick-off event: {named} (2D6: {dice[0]}+{dice[1]})"
    )


def test_a_dungeon_bowl_game_starts_into_the_dungeon():
    game = {"ruleset": "dungeon-bowl", "home": "Shadows", "away": "Fire"}

    assert describe(names("dungeon-bowl"), "game_start", game) == (
        "Into the dungeon: Gouged Eye v Reikland Reavers, a game of Dungeon Bowl"
    )


@pytest.mark.parametrize(
    ("dice", "modifier", "verdict"),
    [
        ((4, 2), 1, "Gouged Eye win"),
        ((3, 4), 1, "a tie"),
        ((5, 4), -2, "Reikland Reavers win"),
    ],
)
def test_a_roll_off_reads_both_teams_dice_and_who_won(dice, modifier, verdict):
    # Cheering Fans: both coaches roll a D6 and add their cheerleaders (the
    # home modifier less the away one); the higher total wins
    roll = ev.Roll("cheering_fans", -1, dice, 0, modifier, True, False).to_dict()
    mod = f" (Gouged Eye {modifier:+d} after modifiers)"

    assert describe(names("bb2020"), roll.pop("type"), roll) == (
        f"Cheering Fans roll-off: Gouged Eye {dice[0]}, Reikland Reavers {dice[1]}"
        f"{mod}: {verdict}"
    )
