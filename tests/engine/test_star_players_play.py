"""Every Star Player with his real profile (engine.campaign.stars
star_sheets from star_players.json) carries his special rule and plays a
whole seeded match (scripted bots) with the invariants holding at every
decision. ACTION_STARS names the rules of the stars whose rule acts on a
Special action, a Stab, a Secret Weapon or a trait roll."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import Match, RandomDice, default_team_sheet, get_variant
from engine.bots import ScriptedBot
from engine.campaign.stars import STAR_ID_BASE, star_sheets
from engine.core.rules_data import rules_data
from engine.tools.invariants import check

ACTION_STARS = {
    "bryce-the-slice-cambuel": "ghostly-flames",
    "max-spleenripper": "maximum-carnage",
    "nobbla-blackwart": "kick-em-while-theyre-down",
    "rashnak-backstabber": "toxin-connoisseur",
    "skitter-stab-stab": "master-assassin",
    "dribl-and-drull": "a-sneaky-pair",
    "the-black-gobbo": "sneakiest-of-the-lot",
    "bomber-dribblesnot": "kaboom",
    "cindy-piewhistle": "all-you-can-eat",
    "kreek-the-verminator-rustgouger": "ill-be-back",
    "bilerot-vomitflesh": "putrid-regurgitation",
    "captain-karina-von-riesz": "tasty-morsel",
    "glotl-stop": "primal-savagery",
    "jeremiah-kool": "the-flashing-blade",
    "zolcath-the-zoat": "excuse-me-are-you-a-zoat",
    "swiftvine-glimmershard": "furious-outburst",
}
DATA = rules_data("bb2020")


def test_the_stars_of_actions_stabs_and_secret_weapons_have_their_rules() -> None:
    assert {s: DATA.star_players[s].rule_slug for s in ACTION_STARS} == ACTION_STARS


@pytest.mark.slow
@pytest.mark.parametrize("slug", sorted(DATA.star_players))
def test_star_carries_its_rule_and_plays_a_match(slug: str) -> None:
    star = DATA.star_players[slug]
    rule = star.rule_slug
    sheets = star_sheets(star, first_id=STAR_ID_BASE, first_number=90)
    assert all((rule, None) in s.skills for s in sheets)
    rs = get_variant("bb2020")
    home = default_team_sheet("orc", rs, first_id=1)
    # eleven players in all, so the star takes the field at every kick-off
    home = replace(home, players=home.players[: 11 - len(sheets)] + sheets)
    away = default_team_sheet("human", rs, first_id=101)
    m = Match(rs, home, away, RandomDice(7))
    bots = (ScriptedBot(7), ScriptedBot(8))
    steps = 0
    while m.pending is not None:
        assert check(m.state) == []
        d = m.pending
        m.apply(bots[0 if d.team == "home" else 1].choose(d, m.state))
        steps += 1
        assert steps < 40_000
    assert m.done
    assert check(m.state) == []


@pytest.mark.parametrize("fmt", ["bb2020", "sevens"])
def test_a_hired_star_takes_the_field_before_stronger_team_mates(fmt: str) -> None:
    # Akhorne (ST 1, AV 6+) would be the last pick by strength: the team
    # paid for him for this game, so the set-up fields him first.
    from engine.rules.setup import FORMATIONS, formation

    rs = get_variant(fmt)
    akhorne = star_sheets(
        DATA.star_players["akhorne-the-squirrel"],
        first_id=STAR_ID_BASE,
        first_number=90,
    )
    home = default_team_sheet("orc", rs, first_id=1)
    assert len(home.players) >= rs.players_on_pitch  # a full side without him
    home = replace(home, players=home.players + akhorne, hired=(STAR_ID_BASE,))
    away = default_team_sheet("human", rs, first_id=101)
    g = Match(rs, home, away, RandomDice(1), start=False).state
    players = [p for p in range(g.n) if g.team[p] == 0]
    for name in FORMATIONS:
        placed = {pid for pid, _ in formation(g, 0, name, players)}
        assert STAR_ID_BASE in placed, name
    # without the hire he stays on the bench (the strongest play)
    unpaid = replace(home, hired=())
    g = Match(rs, unpaid, away, RandomDice(1), start=False).state
    placed = {pid for pid, _ in formation(g, 0, "spread", players)}
    assert STAR_ID_BASE not in placed
