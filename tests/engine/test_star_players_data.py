"""The Star Players in the rules data (star_players.md): 64 hire options,
67 players, the three pairs, prices, profiles and who they play for."""

import pytest

from engine.core.rules_data import rules_data

DATA = rules_data("bb2020")
STARS = DATA.star_players


def star_named(name):
    return next(s for s in STARS.values() if s.name == name)


def test_sixty_four_hire_options_and_sixty_seven_players():
    assert len(STARS) == 64
    assert sum(len(s.members) for s in STARS.values()) == 67


@pytest.mark.parametrize(
    ("option", "cost", "members"),
    [
        ("Grak and Crumbleberry", 250_000, ("Grak", "Crumbleberry")),
        ("The Swift Twins", 340_000, ("Lucien Swift", "Valen Swift")),
        ("Dribl and Drull", 190_000, ("Dribl", "Drull")),
    ],
)
def test_the_three_pairs_are_one_hire_for_one_fee(option, cost, members):
    star = star_named(option)

    assert star.cost == cost
    assert tuple(m.name for m in star.members) == members


def test_only_the_three_pairs_have_two_players():
    pairs = {s.name for s in STARS.values() if len(s.members) == 2}

    assert pairs == {"Grak and Crumbleberry", "The Swift Twins", "Dribl and Drull"}


def test_morg_n_thorg_profile_and_eligibility():
    morg = star_named("Morg 'n' Thorg")
    (player,) = morg.members

    assert morg.cost == 380_000
    assert (player.ma, player.st, player.ag, player.pa, player.av) == (6, 6, 3, 4, 11)
    skills = {(k.skill, k.param) for k in player.skills}
    assert ("mighty-blow", "+2") in skills
    assert ("throw-team-mate", None) in skills
    assert morg.plays_for(("old-world-classic",))
    assert not morg.plays_for(("sylvanian-spotlight", "masters-of-undeath"))
    assert morg.rule_name == "The Ballista"


def test_the_sources_disagreements_take_the_naflm_values():
    # star_players.md "Where the sources disagree": NAFLM is used
    (helmut,) = star_named("Helmut Wulf").members
    (puggy,) = star_named("Puggy Baconbreath").members
    crumbleberry = star_named("Grak and Crumbleberry").members[1]

    assert (helmut.ag, helmut.pa, helmut.av) == (3, None, 9)
    assert puggy.ma == 5
    assert crumbleberry.av == 7


def test_every_star_has_loner_and_only_known_skills():
    for star in STARS.values():
        for member in star.members:
            slugs = [k.skill for k in member.skills]
            assert "loner" in slugs, member.name
            assert all(slug in DATA.skills for slug in slugs), member.name


def test_loner_is_4_plus_except_for_the_five_stars_with_3_plus():
    three_plus = {
        m.name
        for s in STARS.values()
        for m in s.members
        for k in m.skills
        if k.skill == "loner" and k.param == "3+"
    }

    assert three_plus == {
        "Gloriel Summerbloom",
        "Griff Oberwald",
        "Ivar Eriksson",
        "Puggy Baconbreath",
        "The Black Gobbo",
    }


def test_every_rule_named_for_eligibility_exists():
    for star in STARS.values():
        for rule in (*star.rules, *star.except_rules):
            assert rule in DATA.special_rules, (star.name, rule)


def test_every_special_rule_has_a_limit_and_our_own_text():
    limits = {s.rule_limit for s in STARS.values()}

    assert limits <= {"game", "half", "drive", "team-turn", "activation", "none"}
    assert all(s.rule_text and s.rule_name for s in STARS.values())


def eligible_names(roster):
    """Every star a team of this roster may hire, whatever it chose."""
    options = roster.special_rule_choice or (None,)
    return {
        s.name for choice in options for s in DATA.stars_for(roster.team_rules(choice))
    }


# Decision (engine/campaign/stars.py): eligibility follows the rules, not the
# star lists printed in the roster files, where star_players.md says they
# differ.
BY_RULES_NOT_LISTED = {
    "imperial-nobility": {"Grak and Crumbleberry"},
    "khorne": {"Grak and Crumbleberry"},
    "snotling": {
        "Rashnak Backstabber",
        "Zzharg Madeye",
        "H'thark the Unstoppable",
    },
}


@pytest.mark.parametrize("slug", sorted(DATA.rosters))
def test_each_rosters_star_list_is_who_plays_for_it_by_the_rules(slug):
    roster = DATA.rosters[slug]
    listed = {s.name for s in roster.star_players}

    assert eligible_names(roster) - listed == BY_RULES_NOT_LISTED.get(slug, set())
    assert listed - eligible_names(roster) == set()


@pytest.mark.parametrize("slug", sorted(DATA.rosters))
def test_roster_star_prices_are_the_stars_fees(slug):
    for item in DATA.rosters[slug].star_players:
        assert star_named(item.name).cost == item.cost


def test_a_chaos_team_takes_only_the_favour_it_chose():
    chosen = DATA.rosters["chaos-chosen"]

    assert chosen.team_rules("favoured-of-khorne") == ("favoured-of-khorne",)
    assert chosen.team_rules(None) == ()
    assert chosen.team_rules("old-world-classic") == ()


def test_norse_choose_between_three_rules():
    norse = DATA.rosters["norse"]

    assert norse.special_rule_choice == (
        "old-world-classic",
        "favoured-of-khorne",
        "favoured-of-chaos-undivided",
    )
    assert norse.team_rules("old-world-classic") == ("old-world-classic",)


def test_a_roster_without_a_choice_keeps_all_its_rules():
    orc = DATA.rosters["ogre"]

    assert orc.team_rules(None) == (
        "badlands-brawl",
        "old-world-classic",
        "low-cost-linemen",
    )


def test_stars_follow_the_favour_a_chaos_team_chose():
    khorne = {s.name for s in DATA.stars_for(("favoured-of-khorne",))}
    nurgle = {s.name for s in DATA.stars_for(("favoured-of-nurgle",))}

    assert "Max Spleenripper" in khorne
    assert "Max Spleenripper" not in nurgle
    assert "Bilerot Vomitflesh" in nurgle
    assert "Bilerot Vomitflesh" not in khorne
    assert "Grashnak Blackhoof" in khorne
    assert "Grashnak Blackhoof" in nurgle


def test_stars_for_lists_cheapest_first():
    costs = [s.cost for s in DATA.stars_for(("old-world-classic",))]

    assert costs == sorted(costs)
