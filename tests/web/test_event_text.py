"""Every kind of stored event reads as a sentence in the log and the
replay, naming players and teams."""

from __future__ import annotations

import re

import pytest

from engine.core import events as engine_events
from league.models import League, Team
from matches.event_text import INDUCED, Describer, PlayerInfo, describe, period
from matches.models import Match, MatchEvent, Season
from matches.pages.selectors import match_page_qs, match_players

SAMPLES = {
    "int": 3,
    "str": "home",
    "bool": True,
    "tuple[int, int]": (2, 5),
    "tuple[int, ...]": (3, 5),
    "tuple[tuple[int, int], ...]": ((1, 22), (2, 23)),
}


def engine_event_classes() -> list[type]:
    return [
        cls
        for cls in vars(engine_events).values()
        if isinstance(cls, type) and hasattr(cls, "_fields") and hasattr(cls, "to_dict")
    ]


@pytest.fixture
def describer(resolved_season):
    match = match_page_qs().get(pk=resolved_season.matches.order_by("pk")[0].pk)
    return Describer(match, match_players(match)), match


@pytest.fixture(scope="module")
def offline_describer():
    """A describer over unsaved rows: no database needed."""
    league = League(name="L", format="sevens")
    home, away = Team(pk=1, name="Home Team"), Team(pk=2, name="Away Team")
    match = Match(season=Season(league=league), home=home, away=away)
    players = {3: PlayerInfo(3, "home", 7, "Ug", "Orc Lineman")}
    return Describer(match, players)


@pytest.mark.parametrize("cls", engine_event_classes(), ids=lambda c: c.__name__)
def test_every_engine_event_has_its_own_sentence(offline_describer, cls):
    hints = cls.__annotations__
    values = [
        SAMPLES[getattr(hints[f], "__forward_arg__", hints[f])] for f in cls._fields
    ]
    if cls is engine_events.Induced:
        values[0] = "wizard_zap"  # its type is the inducement: see below
    event = cls(*values)
    payload = event.to_dict()
    kind = payload.pop("type")

    text = describe(offline_describer, kind, payload)

    assert not text.startswith(f"{kind}: "), text  # not the generic fallback
    assert "{" not in text


# fmt: off
# An inducement's event for each kind (the engine's own results: engine/
# induced.py, wizard.py, fouls.py, desperate.py, the Dungeon Bowl spells) and
# its sentence. Squares on the Sevens pitch: 45 is x 5, y 2 (the Home Team
# half), 47 is x 7 (between the Lines).
INDUCEMENT_CASES = [
    ("keg_bonus", "home", 3, (3,), "+1",
     "Bloodweiser Kegs (Home Team): +1 to #7 Ug's recovery roll of 3"),
    ("master_chef", "home", -1, (4, 2, 6), "gains 2, steals 1",
     "Halfling Master Chef (Home Team): D6 rolls of 4, 2 and 6: Home Team gain "
     "2 team re-rolls and take 1 from Away Team"),
    ("wizard_fireball", "away", -1, (5, 2), "square 45: 1 hit",
     "Wizard's Fireball (Away Team) lands in the Home Team half: 1 of 2 players "
     "hit (D6 rolls of 5 and 2)"),
    ("wizard_fireball", "away", 3, (5,), "hit",
     "Wizard's Fireball (Away Team): #7 Ug is hit (D6 roll of 5)"),
    ("wizard_zap", "away", 3, (6,), "frog",
     "Wizard's Zap! (Away Team): #7 Ug is turned into a frog (D6 roll of 6)"),
    ("weather_mage", "home", -1, (5, 6), "-2 perfect",
     "Weather Mage (Home Team): 2D6 5+6, modified by -2: the weather becomes "
     "Perfect Conditions"),
    ("weather_mage", "away", -1, (), "ends pouring_rain",
     "Weather Mage (Away Team): the spell ends; the weather is Pouring Rain again"),
    ("biased_referee", "away", 3, (5,), "foul_spotted",
     "Biased Referee (Away Team) spots #7 Ug's Foul (Close Scrutiny) (D6 roll of 5)"),
    ("biased_referee", "home", 3, (4,), "+1",
     "Biased Referee (Home Team): +1 to the Argue the Call roll (D6 roll of 4)"),
    ("mortuary_assistant", "home", 3, (4,), "regenerated",
     "Mortuary Assistant (Home Team): #7 Ug regenerates (D6 roll of 4)"),
    ("plague_doctor", "home", 3, (), "ko_treated",
     "Plague Doctor (Home Team): #7 Ug is treated as an apothecary would"),
    ("bugman", "home", 3, (), "joins (6 ready)",
     "Josef Bugman joins Home Team for the drive: only 6 of their players are "
     "ready"),
    ("bugman", "home", 3, (), "sent_off",
     "Josef Bugman is sent off at the end of his drive for the Foul he commits"),
    ("bugman_xxxxxx", "home", 3, (1, 5), "re-roll",
     "Bugman's XXXXXX (Home Team): #7 Ug re-rolls a recovery roll of 1 and "
     "rolls 5"),
    ("bugman_setup", "home", -1, (2,), "re-set-up",
     "Josef Bugman's re-set-up (Home Team): Home Team may set up 2 players again "
     "(D3 roll of 2)"),
    ("bugman_setup", "away", -1, (1,), "re-set-up",
     "Josef Bugman's re-set-up (Away Team): Away Team may set up 1 player again "
     "(D3 roll of 1)"),
    ("bugman_setup", "home", 3, (), "square 45 to 47",
     "Josef Bugman's re-set-up (Home Team): #7 Ug is set up again, now in the "
     "middle third"),
    ("you_dope", "home", 3, (), "+1 ST",
     "Desperate Measure You Dope (Home Team): #7 Ug gains +1 ST"),
    ("razzle_dazzle", "home", 3, (), "declared with blitz",
     "Desperate Measure Razzle-dazzle (Home Team): #7 Ug declares a Blitz and "
     "may take a second action"),
    ("hangover", "away", 3, (), "misses_first_drive",
     "Desperate Measure Hangover (Away Team): #7 Ug misses the first drive"),
    ("grudge_match", "home", -1, (), "any_number_of_fouls",
     "Desperate Measure Grudge Match (Home Team): Home Team may make any number "
     "of Fouls this turn"),
    ("set_piece", "home", 3, (), "accurate_without_a_roll",
     "Desperate Measure Set Piece (Home Team): #7 Ug throws an Accurate pass "
     "without a roll"),
    ("sports_espionage", "home", -1, (), "free_team_reroll",
     "Desperate Measure Sports Espionage (Home Team): Home Team gain a free team "
     "re-roll"),
    ("banana_skin", "away", 3, (), "falls_over",
     "Desperate Measure Discarded Banana Skin (Away Team): #7 Ug falls over"),
    ("magic_scroll", "home", -1, (), "hireling_sports_wizard",
     "Desperate Measure Magic Scroll (Home Team): Home Team hire a Sports Wizard "
     "for the game"),
    ("bestial_fury", "home", 3, (), "three_dice",
     "Amber Wizard's Bestial Fury (Home Team): #7 Ug rolls three block dice in "
     "every Block this turn"),
    ("life_drain", "away", 3, (), "injury_roll",
     "Amethyst Wizard's Life Drain (Away Team): #7 Ug takes an Injury roll"),
    ("chain_lightning", "away", 3, (), "struck",
     "Celestial Wizard's Chain Lightning (Away Team): #7 Ug is struck"),
    ("transmutation", "away", 3, (4, 3), "ko",
     "Gold Wizard's Transmutation (Away Team): 2D6 4+3 against #7 Ug's Armour "
     "Value: he is Knocked Out"),
    ("shadowed_step", "home", 3, (), "square 45 to 47",
     "Grey Wizard's Shadowed Step (Home Team): #7 Ug steps through the shadows, "
     "now in the middle third"),
    ("grasping_vines", "away", 3, (), "grasped",
     "Jade Wizard's Grasping Vines (Away Team): #7 Ug cannot act this turn and "
     "loses his Tackle Zone"),
    ("blinding_light", "home", -1, (), "away",
     "Light Wizard's Blinding Light (Home Team): Away Team may not pass, hand off "
     "or assist a Block until their next turn"),
    ("team_mascot", "home", -1, (5,), "mascot_rerolls",
     "Team Mascot (Home Team): Home Team may re-roll (D6 roll of 5)"),
    ("team_mascot", "away", -1, (3,), "mascot_lost",
     "Team Mascot (Away Team): Away Team lose the Mascot's re-roll for this half "
     "(D6 roll of 3)"),
    ("team_mascot", "home", -1, (1, 4), "cheering_fans_reroll",
     "Team Mascot (Home Team): Home Team re-roll a 1 on the Cheering Fans roll "
     "(D6 rolls of 1 and 4)"),
    ("intensive_training", "away", 3, (), "block",
     "Prayers to Nuffle: Intensive Training (Away Team): #7 Ug gains Block"),
]
# fmt: on


@pytest.mark.parametrize(
    ("kind", "team", "player", "dice", "result", "sentence"), INDUCEMENT_CASES
)
def test_every_inducement_effect_has_its_own_sentence(
    offline_describer, kind, team, player, dice, result, sentence
):
    payload = engine_events.Induced(kind, team, player, dice, result).to_dict()

    assert describe(offline_describer, payload.pop("type"), payload) == sentence


def test_every_inducement_the_engine_plays_has_a_case():
    assert {case[0] for case in INDUCEMENT_CASES} == set(INDUCED)


def test_riotous_rookies_read_as_a_sentence(offline_describer):
    payload = {"team_id": 1, "dice": [2, 3], "count": 6, "player_ids": [9]}

    text = describe(offline_describer, "riotous_rookies", payload)

    assert text == "Riotous Rookies: 6 journeymen join Home Team (2D3+1: 2, 3)"


def test_stored_rows_name_the_players_and_teams(describer):
    describe_with, match = describer
    lines = {
        e.type: describe(describe_with, e.type, e.payload)
        for e in MatchEvent.objects.filter(match=match)
    }

    assert (
        lines["game_start"]
        == f"Kick-off: {match.home.name} v {match.away.name}, a game of Blood Bowl "
        "Sevens"
    )
    assert lines["postgame_winnings"].startswith("Winnings: fan attendance")
    assert not any(text.startswith(f"{kind}: ") for kind, text in lines.items())
    moves = MatchEvent.objects.filter(match=match, type="move").first()
    assert describe(describe_with, "move", moves.payload).startswith("#")


def test_a_malformed_payload_still_gets_a_line(offline_describer):
    describe_with = offline_describer
    assert describe(describe_with, "block", {}) == (
        "Block (the details could not be read)"
    )
    assert describe(describe_with, "something_new", {"a": 1}) == "Something new"


def test_extra_time_and_sudden_death_read_as_sentences(offline_describer):
    assert period(1) == "Half 1"
    assert period(3) == "Extra time"
    assert (
        describe(
            offline_describer, "turn_start", {"half": 3, "team": "away", "turn": 2}
        )
        == "Extra time, Away Team turn 2"
    )
    assert (
        describe(offline_describer, "extra_time", {"score": [1, 1]})
        == "Level at 1–1: extra time (re-rolls carried over)"
    )
    payload = {
        "rolls": [[4, 4], [2, 5], [6, 1], [1, 3], [5, 2], [6, 4]],
        "home_wins": 2,
        "away_wins": 3,
        "winner": "away",
    }
    assert describe(offline_describer, "sudden_death", payload) == (
        "Sudden death: Away Team win the roll-offs 3–2 (4–4, 2–5, 6–1, 1–3, 5–2, 6–4)"
    )


@pytest.mark.parametrize(
    ("slug", "name"),
    [
        ("savage-blow", "Savage Blow"),
        ("ill-be-back", "I'll Be Back!"),
        ("dodge", "Dodge"),
    ],
)
def test_a_used_skill_or_star_rule_is_named_as_the_rules_name_it(
    offline_describer, slug, name
):
    text = describe(offline_describer, "skill_used", {"player": 3, "skill": slug})

    assert text == f"#7 Ug uses {name}"


def test_a_nominated_target_reads_as_part_of_the_declaration():
    league = League(name="L", format="bb2020")
    match = Match(
        season=Season(league=league),
        home=Team(pk=1, name="Home Team"),
        away=Team(pk=2, name="Away Team"),
    )
    players = {
        3: PlayerInfo(3, "home", 7, "Grim", "Orc Blitzer"),
        104: PlayerInfo(104, "away", 2, "Bob", "Human Lineman"),
    }
    describe_with = Describer(match, players)

    blitz = engine_events.Nomination(3, "blitz", 104).to_dict()
    foul = engine_events.Nomination(3, "foul", 104).to_dict()

    assert describe(describe_with, blitz.pop("type"), blitz) == (
        "#7 Grim declares a Blitz against #2 Bob"
    )
    assert describe(describe_with, foul.pop("type"), foul) == (
        "#7 Grim declares a Foul against #2 Bob"
    )


def test_the_replay_and_the_key_log_show_the_nomination(describer):
    from matches.pages.selectors import match_log, replay_data

    _, match = describer
    rows = [r for r in replay_data(match)["events"] if r["type"] == "nomination"]
    assert rows  # the scripted bots blitz in every match of the season
    for r in rows:
        assert re.fullmatch(
            r"#\d+ .+ declares a (Blitz|Foul) against #\d+ .+", r["text"]
        )
    key = match_log(match, kind="key").filter(type="nomination")
    assert key.count() == len(rows)


def test_dungeon_bowl_chests_and_rooms_read_as_sentences(offline_describer):
    def say(event):
        payload = event.to_dict()
        return describe(offline_describer, payload.pop("type"), payload)

    assert (
        say(engine_events.ChestOpened("home", 3, 14, "ball"))
        == "#7 Ug (Home Team) opens a Chest and finds the ball"
    )
    assert (
        say(engine_events.ChestOpened("home", 3, 14, "booby_trap"))
        == "#7 Ug (Home Team) opens a Chest and sets off its booby trap"
    )
    assert (
        say(engine_events.RoomRule("forgotten_jail", 3, "ma", -2))
        == "The Forgotten Jail: #7 Ug has MA -2 this activation"
    )
    assert (
        say(engine_events.RoomRule("dragon_lair", 3, "knocked_down", 0))
        == "The Dragon Youngling knocks #7 Ug down"
    )
    assert (
        say(engine_events.RoomRule("sewer", 3, "disturbing_presence", 1))
        == "The Sewer: #7 Ug gains Disturbing Presence"
    )
    assert (
        say(engine_events.RoomRule("kitchen", 3, "throw_food", 3))
        == "The Kitchen: #7 Ug throws food at #7 Ug"
    )
    assert (
        say(engine_events.RoomRule("treasure_room", 3, "gather_funds", 2))
        == "The Treasure Room: #7 Ug gathers funds (2 so far)"
    )
    assert say(engine_events.BallCaught(3, 14, "chest")).startswith(
        "#7 Ug takes the ball from the Chest"
    )


def test_rolled_winnings_and_treasure_room_funds_read_as_a_sentence(
    offline_describer,
):
    # a Dungeon Bowl post-game (matches/postgame/sequence.py)
    payload = {
        "step": "winnings",
        "fan_attendance": 0,
        "home": 50_000,
        "away": 30_000,
        "dice": [
            {"purpose": "dungeon_winnings", "sides": 6, "result": 5},
            {"purpose": "dungeon_winnings", "sides": 6, "result": 3},
        ],
        "treasure_room": {"1": {"uses": 3, "gold": 20_000}},
    }
    assert describe(offline_describer, "postgame_winnings", payload) == (
        "Winnings: the winner's dice 5 and 3; Home Team 50,000, Away Team 30,000; "
        "Home Team gathered 20,000 in the Treasure Room"
    )


def test_dungeon_bowl_flow_events_read_as_sentences(offline_describer):
    def say(event):
        payload = event.to_dict()
        return describe(offline_describer, payload.pop("type"), payload)

    assert (
        say(engine_events.BallHidden(6)) == "The ball is hidden in one of the 6 Chests"
    )
    assert say(engine_events.FirstTurn("away", 1)) == (
        "Away Team win the coin toss: they take the first turn and choose their End Zone"
    )
    assert say(engine_events.Teleport(3, 2, 5, 140, False)) == (
        "#7 Ug teleports from Portal 2 to Portal 5"
    )
    assert say(engine_events.Teleport(3, 0, 4, 140, True)) == (
        "#7 Ug comes through the Dugout Portal to Portal 4 (a Chain Reaction)"
    )
    assert say(engine_events.BallTeleport(1, 6, 99)) == (
        "The ball falls through Portal 1 and comes out of Portal 6"
    )
    assert say(engine_events.MagicalMishap(3, 4)) == (
        "Magical Mishap: #7 Ug vanishes through Portal 4 and takes no further part"
    )
    assert say(engine_events.DugoutPortal("home", 3)) == (
        "Home Team send #7 Ug through their Dugout Portal"
    )
    assert say(engine_events.MagicSponge("home", 3)) == (
        "Home Team use the Magic Sponge: #7 Ug is back in the Reserves"
    )
    assert say(engine_events.TimeLimit(50, (7, 12), "home")) == (
        "Time is up: the ball is 7 squares from the away End Zone and 12 from the "
        "home End Zone: Home Team win"
    )
    assert say(engine_events.TimeLimit(50, (5, 5), "extra time")) == (
        "Time is up: the ball is 5 squares from the away End Zone and 5 from the "
        "home End Zone: level, and a play-off plays extra time"
    )
    assert say(engine_events.TimeLimit(50, (5, 5), "sudden death")) == (
        "Time is up: the ball is 5 squares from the away End Zone and 5 from the "
        "home End Zone: still level, and sudden death decides the play-off"
    )


def test_a_chomp_roll_reads_as_a_sentence(offline_describer):
    # BB2025: Monstrous Mouth's Chomp (engine/skills/chomp.py), D6 3+
    event = {"purpose": "chomp", "player": 3, "dice": [4], "target": 3}
    assert describe(offline_describer, "roll", {**event, "success": True}) == (
        "#7 Ug: Chomp roll 4, needing 3+: Chomped"
    )
    assert describe(
        offline_describer, "roll", {**event, "dice": [2], "success": False}
    ).endswith("needing 3+: lets go")
