"""All 23 Blitz Bowl team cards against the source table, card by card
(shared/rules/bb2020/blitz_bowl/teams.md): NUMBER OF PLAYERS, EMERGENCY
RESERVES, and each position's MOVE, BLOCK, THROW, ARMOUR and ABILITY as
printed. A "-" Throw or Armour is None; the Pump Wagon's Move "D6" is None
(rolled for each Run Action, rulebook "Random Move Value")."""

from __future__ import annotations

import re

from engine.blitz.data import teams

D6 = None

# team name: (players, emergency reserves, rows as printed: position,
# move, block, throw, armour, abilities)
CARDS = {
    "Amazon": (
        6,
        4,
        (
            ("EAGLE WARRIOR LINEWOMAN", 6, 1, 4, 4, ()),
            ("PYTHON WARRIOR THROWER", 6, 1, 3, 4, ("handling_skills",)),
            ("PIRANHA WARRIOR BLITZER", 7, 1, 4, 4, ("hit_and_run",)),
            ("JAGUAR WARRIOR BLOCKER", 6, 2, 4, 3, ("defensive",)),
        ),
    ),
    "Black Orc": (
        6,
        4,
        (
            ("GOBLIN", 6, 1, 4, 6, ("elusive",)),
            ("BLACK ORC", 4, 2, 5, 2, ()),
        ),
    ),
    "Chaos Chosen": (
        6,
        4,
        (
            ("BEASTMAN (4)", 6, 1, 4, 4, ("head_butt",)),
            ("CHOSEN BLOCKER (2)", 5, 2, 5, 2, ()),
        ),
    ),
    "Dark Elf": (
        6,
        4,
        (
            ("LINEMAN", 6, 1, 4, 3, ()),
            ("RUNNER", 7, 1, 3, 4, ("dump_off",)),
            ("BLITZER", 7, 1, 4, 3, ("offensive_specialist",)),
            ("WITCH ELF", 7, 1, 5, 4, ("frenzied",)),
        ),
    ),
    "Dwarf": (
        6,
        4,
        (
            ("LINEMAN", 4, 1, 5, 2, ()),
            ("RUNNER", 6, 1, 4, 3, ("safe_hands",)),
            ("BLITZER", 5, 1, 4, 2, ("offensive_specialist",)),
            ("TROLL SLAYER", 5, 1, 6, 4, ("frenzied",)),
        ),
    ),
    "Elven Union": (
        6,
        4,
        (
            ("LINEMAN", 6, 1, 3, 4, ()),
            ("THROWER", 6, 1, 2, 4, ("expert_passer",)),
            ("CATCHER", 8, 1, 3, 5, ("catchers_instincts",)),
            ("BLITZER", 7, 1, 3, 3, ("offensive_specialist",)),
        ),
    ),
    "Gnome": (
        8,
        4,
        (
            ("LINEMAN", 5, 1, 4, 6, ()),
            ("ILLUSIONIST", 5, 1, 3, 6, ("dump_off",)),
            ("BEASTMASTER", 5, 1, 4, 4, ("woodland_aid",)),
            ("WOODLAND FOX", 7, 1, 6, 6, ("lithe_creature",)),
            ("TREEMAN", 2, 2, 5, 2, ("hulking_brute",)),
        ),
    ),
    "Goblin": (
        7,
        4,
        (
            ("GOBLIN", 6, 1, 4, 6, ("elusive",)),
            ("TROLL", 4, 2, 5, 2, ("hulking_brute",)),
        ),
    ),
    "Halfling": (
        7,
        2,
        (
            ("LINEMAN", 5, 1, 4, 6, ()),
            ("CATCHER", 5, 1, 4, 6, ("catchers_instincts",)),
            ("HEFTY", 5, 1, 4, 4, ("stand_firm",)),
            ("TREEMAN", 2, 2, 5, 2, ("hulking_brute",)),
        ),
    ),
    "Human": (
        6,
        4,
        (
            ("LINEMAN", 6, 1, 4, 3, ()),
            ("THROWER", 6, 1, 3, 3, ("handling_skills",)),
            ("CATCHER", 8, 1, 4, 5, ("catchers_instincts",)),
            ("BLITZER", 7, 1, 4, 3, ("offensive_specialist",)),
        ),
    ),
    "Imperial Nobility": (
        6,
        3,
        (
            ("LINEMAN", 6, 1, 4, 5, ()),
            ("THROWER", 6, 1, 3, 4, ("running_pass",)),
            ("BODYGUARD", 6, 1, 5, 3, ("stand_firm",)),
            ("BLITZER", 7, 1, 4, 3, ("offensive_specialist",)),
        ),
    ),
    "Khorne": (
        6,
        4,
        (
            ("MARAUDER", 6, 1, 4, 4, ()),
            ("KHORNGOR", 6, 1, 4, 4, ("head_butt",)),
            ("BLOODSEEKER", 5, 2, 6, 3, ("enforcer",)),
        ),
    ),
    "Lizardmen": (
        6,
        5,
        (
            ("SKINK", 8, 1, 4, 6, ("safe_hands",)),
            ("CHAMELEON SKINK", 7, 1, 3, 6, ("catchers_instincts",)),
            ("SAURUS BLOCKER", 6, 2, 6, 2, ()),
        ),
    ),
    "Necromantic": (
        7,
        5,
        (
            ("ZOMBIE", 4, 1, 6, 3, ()),
            ("GHOUL", 7, 1, 4, 4, ("safe_hands",)),
            ("WRAITH", 6, 1, None, 3, ("ethereal",)),
            ("WEREWOLF", 8, 1, 4, 3, ("violent",)),
            ("FLESH GOLEM", 4, 2, 6, 2, ("stand_firm",)),
        ),
    ),
    "Norse": (
        7,
        3,
        (
            ("LINEMAN", 6, 1, 4, 4, ()),
            ("BEER BOAR", 5, 1, None, 6, ("pick_me_up",)),
            ("BERSERKER", 6, 1, 4, 4, ("offensive_specialist",)),
            ("VALKYRIE", 7, 1, 3, 4, ("safe_hands",)),
            ("ULFWERENER", 6, 2, 6, 3, ("frenzied",)),
        ),
    ),
    "Nurgle": (
        6,
        4,
        (
            ("LINEMAN", 5, 1, 6, 4, ()),
            ("PESTIGOR", 6, 1, 4, 3, ("head_butt",)),
            ("BLOATER", 4, 2, 6, 3, ("stand_firm",)),
        ),
    ),
    "Ogre": (
        8,
        4,
        (
            ("GNOBLAR", 5, 1, 5, 6, ("titchy",)),
            ("OGRE", 5, 2, 5, 2, ("hulking_brute",)),
        ),
    ),
    "Orc": (
        6,
        4,
        (
            ("LINEMAN", 5, 1, 4, 3, ()),
            ("THROWER", 5, 1, 3, 3, ("handling_skills",)),
            ("BLITZER", 6, 1, 4, 2, ("offensive_specialist",)),
            ("BIG UN BLOCKER", 5, 2, 6, 2, ("mighty_blow",)),
        ),
    ),
    "Shambling Undead": (
        7,
        4,
        (
            ("ZOMBIE", 4, 1, 6, 3, ()),
            ("SKELETON", 5, 1, 6, 4, ("regenerate",)),
            ("GHOUL", 7, 1, 4, 4, ("safe_hands",)),
            ("WIGHT", 6, 1, 5, 3, ("offensive_specialist",)),
            ("MUMMY", 3, 2, 6, 2, ("mighty_blow",)),
        ),
    ),
    "Skaven": (
        6,
        4,
        (
            ("LINEMAN", 7, 1, 4, 4, ()),
            ("THROWER", 7, 1, 3, 4, ("handling_skills",)),
            ("BLITZER", 7, 1, 5, 3, ("offensive_specialist",)),
            ("GUTTER RUNNER", 9, 1, 4, 5, ("safe_hands",)),
        ),
    ),
    "Snotling": (
        10,
        5,
        (
            ("SNOTLING", 5, 1, 5, None, ("insignificant",)),
            ("FUNGUS FLINGA", 5, 1, 4, None, ("bomber",)),
            ("FUN-HOPPA", 6, 1, 5, None, ("leap",)),
            ("STILTY RUNNA", 7, 1, 5, None, ()),
            ("PUMP WAGON", D6, 3, None, 3, ("war_machine",)),
        ),
    ),
    "Vampire": (
        7,
        4,
        (
            ("THRALL", 6, 1, 5, 6, ("minion",)),
            ("RUNNER", 8, 1, 4, 3, ("bloodlust",)),
            ("THROWER", 6, 2, 2, 3, ("bloodlust",)),
            ("BLITZER", 6, 2, 5, 3, ("bloodlust",)),
        ),
    ),
    "Wood Elf": (
        6,
        4,
        (
            ("LINEMAN", 7, 1, 4, 5, ()),
            ("THROWER", 7, 1, 2, 5, ("handling_skills",)),
            ("CATCHER", 8, 1, 4, 6, ("catchers_instincts",)),
            ("WARDANCER", 8, 1, 4, 4, ("wardance",)),
        ),
    ),
}


def test_the_23_cards_are_the_source_tables():
    got = {t.name: t for t in teams().values()}
    assert set(got) == set(CARDS)
    for name, (players, reserves, rows) in CARDS.items():
        card = got[name]
        assert (card.players, card.emergency_reserves) == (players, reserves), name
        printed = [
            (re.sub(r"\s*\(\d+\)$", "", pos), mv, bl, th, ar, abilities)
            for pos, mv, bl, th, ar, abilities in rows
        ]
        assert [
            (p.name.upper(), p.move, p.block, p.throw, p.armour, p.abilities)
            for p in card.positions
        ] == printed, name


def test_counts_printed_on_a_card_and_every_team_size():
    # Only the Chaos Chosen card prints its counts, "BEASTMAN (4)" and
    # "CHOSEN BLOCKER (2)"; every card's counts add up to its NUMBER OF
    # PLAYERS.
    for name, (players, _, rows) in CARDS.items():
        card = next(t for t in teams().values() if t.name == name)
        assert sum(p.count for p in card.positions) == players, name
        for (pos, *_), p in zip(rows, card.positions, strict=True):
            printed = re.search(r"\((\d+)\)$", pos)
            if printed:
                assert p.count == int(printed.group(1)), name


def test_the_big_un_blocker_has_mighty_blow_as_the_card_prints():
    # rules.md "Understanding your team": "Though they may not have an
    # ability of their own, the Big Un Blocker ..."; the Orc card prints
    # Mighty Blow. Decision: the card wins (rules.md "Card vs Rulebook").
    orc = {p.name: p.abilities for p in teams()["orc"].positions}
    assert orc["Big Un Blocker"] == ("mighty_blow",)
