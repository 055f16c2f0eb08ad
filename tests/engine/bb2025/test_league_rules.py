"""BB2025 league rules (shared/rules/bb2025/tables.md): Star Player Points
(10), advancement costs (11), the D8 characteristic roll (12), value
increases (13), winnings with the no-stalling bonus (15), the inducement
catalogue (9), and the draft refusal of a skill the engine does not play."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.campaign import (
    AdvancementKind,
    CampaignError,
    Characteristic,
    InducementPurchase,
    PlayerState,
    ScriptedRoller,
    SkillChoiceRequired,
    SppTally,
    advance,
    advancement_options,
    characteristic_offer,
    default_nominations,
    inducement_budget,
    mvp_nominees,
    roll_characteristic_improvement,
    select_mvp,
    spp_cost,
    spp_earned,
    validate_inducements,
)
from engine.campaign.drafting import DraftError, DraftRequest, draft_check
from engine.campaign.postgame import PostgameInput, TeamPostgame, record_outcome
from engine.core.rules_data import SkillRef, rules_data
from engine.variants import BB2020, BB2025

RP, CP, RS, CS, CH = (
    AdvancementKind.RANDOM_PRIMARY,
    AdvancementKind.CHOSEN_PRIMARY,
    AdvancementKind.RANDOM_SECONDARY,
    AdvancementKind.CHOSEN_SECONDARY,
    AdvancementKind.CHARACTERISTIC,
)
MA, ST, AG, PA, AV = (
    Characteristic.MA,
    Characteristic.ST,
    Characteristic.AG,
    Characteristic.PA,
    Characteristic.AV,
)
DATA = rules_data("bb2025")


def lineman(**changes: object) -> PlayerState:
    """A BB2025 Human Lineman: MA6 ST3 AG3+ PA4+ AV9+, G primary, A D S
    secondary, 50,000."""
    player = PlayerState.from_position(
        1, DATA.rosters["human"].position("human-lineman")
    )
    return replace(player, **changes)  # type: ignore[arg-type]


# tables.md 11: random Primary, chosen Primary, chosen Secondary, characteristic.
@pytest.mark.parametrize(
    ("previous", "rp", "cp", "cs", "ch"),
    [
        (0, 3, 6, 10, 14),
        (1, 4, 8, 12, 16),
        (2, 6, 12, 16, 20),
        (3, 8, 16, 20, 24),
        (4, 10, 20, 24, 28),
        (5, 15, 30, 34, 38),
    ],
)
def test_advancement_costs(previous: int, rp: int, cp: int, cs: int, ch: int) -> None:
    got = [spp_cost(BB2025, previous, k) for k in (RP, CP, CS, CH)]
    assert got == [rp, cp, cs, ch]


def test_no_random_secondary_and_the_value_of_each_option() -> None:
    options = advancement_options(lineman(spp=100), BB2025)
    kinds = {(o.kind, o.category): (o.spp_cost, o.value_increase) for o in options}
    assert RS not in {k for k, _ in kinds}
    assert kinds[(RP, "general")] == (3, 20_000)
    assert kinds[(CP, "general")] == (6, 20_000)
    assert kinds[(CS, "strength")] == (10, 40_000)
    assert kinds[(CH, None)] == (14, None)


def test_an_elite_skill_adds_ten_thousand() -> None:
    player = lineman(spp=6, value=50_000)
    (option,) = [
        o
        for o in advancement_options(player, BB2025)
        if o.kind is CP and o.category == "general"
    ]
    block = advance(player, option, ScriptedRoller([]), "block", data=DATA)
    tackle = advance(player, option, ScriptedRoller([]), "tackle", data=DATA)
    assert (block.value_increase, block.player.value) == (30_000, 80_000)
    assert (tackle.value_increase, tackle.player.value) == (20_000, 70_000)


def test_an_elite_secondary_and_a_random_elite_primary() -> None:
    player = lineman(spp=10)
    (guard_option,) = [
        o
        for o in advancement_options(player, BB2025)
        if o.kind is CS and o.category == "strength"
    ]
    guard = advance(player, guard_option, ScriptedRoller([]), "guard", data=DATA)
    assert guard.value_increase == 50_000
    (random_general,) = [
        o
        for o in advancement_options(player, BB2025)
        if o.kind is RP and o.category == "general"
    ]
    # first D6 1-3 (the low half), second D6 1: Block (tables.md 17), twice:
    # the same skill twice is taken
    rolled = advance(player, random_general, ScriptedRoller([2, 1, 3, 1]), data=DATA)
    assert rolled.skill == SkillRef("block")
    assert rolled.value_increase == 30_000
    assert rolled.skill_choices == (SkillRef("block"), SkillRef("block"))


def test_a_random_skill_is_rolled_twice_and_one_kept() -> None:
    # tables.md 11: "roll twice on the 2D6 table ..., choose one of the two"
    player = lineman(spp=3)
    (random_general,) = [
        o
        for o in advancement_options(player, BB2025)
        if o.kind is RP and o.category == "general"
    ]
    # 2, 1: Block; 5, 4: Tackle (tables.md 17)
    dice = [2, 1, 5, 4]
    with pytest.raises(SkillChoiceRequired) as refused:
        advance(player, random_general, ScriptedRoller(dice), data=DATA)
    assert (refused.value.code, refused.value.field) == (
        "skill_choice_required",
        "chosen_skill",
    )
    assert refused.value.choices == ("block", "tackle")
    with pytest.raises(SkillChoiceRequired) as not_rolled:
        advance(player, random_general, ScriptedRoller(dice), "dodge", data=DATA)
    assert not_rolled.value.code == "skill_not_rolled"
    kept = advance(player, random_general, ScriptedRoller(dice), "tackle", data=DATA)
    assert (kept.skill, kept.value_increase, kept.spp_spent) == (
        SkillRef("tackle"),
        20_000,
        3,
    )
    assert [r[2] for r in kept.rolls] == dice
    # BB2020 rolls once, and the coach names nothing
    bb2020 = [
        o
        for o in advancement_options(player, BB2020)
        if o.kind is RP and o.category == "general"
    ][0]
    once = advance(player, bb2020, ScriptedRoller([2, 1]))
    assert (once.skill, once.skill_choices) == (SkillRef("block"), ())


def test_a_choice_among_skills_rolled_earlier_rolls_nothing_again() -> None:
    # the skills of an earlier roll (Block, Tackle) with the coach's pick:
    # no die is taken from the roller, the rolled ones are kept as rolled
    player = lineman(spp=3)
    (random_general,) = [
        o
        for o in advancement_options(player, BB2025)
        if o.kind is RP and o.category == "general"
    ]
    with pytest.raises(SkillChoiceRequired) as refused:
        advance(player, random_general, ScriptedRoller([2, 1, 5, 4]), data=DATA)
    rolled = refused.value.rolled
    assert rolled == (SkillRef("block"), SkillRef("tackle"))
    kept = advance(
        player,
        random_general,
        ScriptedRoller([]),
        "tackle",
        rolled_skills=rolled,
        data=DATA,
    )
    assert (kept.skill, kept.skill_choices, kept.rolls) == (
        SkillRef("tackle"),
        rolled,
        (),
    )
    # one skill short of the format's two rolls, or one the player has
    for wrong in ((SkillRef("block"),), (SkillRef("block"), SkillRef("kick"))):
        has_kick = replace(player, skills=(*player.skills, SkillRef("kick")))
        with pytest.raises(CampaignError) as bad:
            advance(
                has_kick,
                random_general,
                ScriptedRoller([]),
                "block",
                rolled_skills=wrong,
                data=DATA,
            )
        assert bad.value.code == "invalid_roll"


@pytest.mark.parametrize(
    ("roll", "offered"),
    [
        (1, (AV,)),
        (2, (AV, PA)),
        (3, (AV, MA, PA)),
        (4, (AV, MA, PA)),
        (5, (MA, PA)),
        (6, (AG, MA)),
        (7, (AG, ST)),
        (8, (MA, ST, AG, PA, AV)),
    ],
)
def test_the_d8_characteristic_table(
    roll: int, offered: tuple[Characteristic, ...]
) -> None:
    assert set(characteristic_offer(roll, BB2025)) == set(offered)


def test_the_characteristic_roll_is_a_d8() -> None:
    roller = ScriptedRoller([7])
    rolled = roll_characteristic_improvement(lineman(), roller, BB2025)
    assert roller.rolls == [("characteristic_improvement", 8, 7)]
    assert set(rolled.improvable) == {AG, ST}
    with pytest.raises(CampaignError):
        characteristic_offer(9, BB2025)


@pytest.mark.parametrize(
    ("roll", "characteristic", "value", "stat"),
    [
        (7, ST, 60_000, 4),
        (6, AG, 30_000, 2),
        (5, MA, 20_000, 7),
        (5, PA, 20_000, 3),
        (1, AV, 10_000, 10),
    ],
)
def test_characteristic_value_increases(
    roll: int, characteristic: Characteristic, value: int, stat: int
) -> None:
    player = lineman(spp=14, value=50_000)
    (option,) = [o for o in advancement_options(player, BB2025) if o.kind is CH]
    done = advance(
        player, option, ScriptedRoller([roll]), characteristic=characteristic
    )
    assert (done.value_increase, done.player.value) == (value, 50_000 + value)
    assert done.player.stat(characteristic) == stat
    assert done.spp_spent == 14


def test_a_secondary_skill_instead_of_the_roll_keeps_its_value_and_elite() -> None:
    player = lineman(spp=14)
    (option,) = [o for o in advancement_options(player, BB2025) if o.kind is CH]
    # a D8 1 offers AV only; the coach takes Mighty Blow (Secondary, Elite)
    done = advance(player, option, ScriptedRoller([1]), "mighty-blow", data=DATA)
    assert (done.skill, done.value_increase, done.spp_spent) == (
        SkillRef("mighty-blow"),
        50_000,
        14,
    )


def test_a_skill_needing_another_is_refused_and_rerolled() -> None:
    """skills.md: Bullseye needs Throw Team-mate (a Strength skill); a random
    roll of it is rolled again (the FAQ: skills a player cannot take)."""
    player = lineman(spp=10)
    (chosen,) = [
        o
        for o in advancement_options(player, BB2025)
        if o.kind is CS and o.category == "strength"
    ]
    with pytest.raises(CampaignError) as refused:
        advance(player, chosen, ScriptedRoller([]), "bullseye", data=DATA)
    assert (refused.value.code, refused.value.field) == (
        "skill_not_allowed",
        "chosen_skill",
    )
    assert refused.value.message == "Bullseye needs Throw Team-mate"
    thrower = replace(player, skills=(SkillRef("throw-team-mate"),))
    done = advance(thrower, chosen, ScriptedRoller([]), "bullseye", data=DATA)
    assert done.skill == SkillRef("bullseye")


def test_star_player_points() -> None:
    tally = SppTally(
        passing_completions=2,
        throwing_completions=1,
        deflections=3,
        interceptions=1,
        casualties=1,
        touchdowns=1,
        mvps=1,
    )
    # 2x1 + 1 + 0 (no Deflection SPP) + 2 + 2 + 3 + 4
    assert spp_earned(tally, BB2025) == 14
    # BB2020 pays 1 for each deflection
    assert spp_earned(tally, BB2020) == 17


def test_brawlin_brutes() -> None:
    """Touchdown 2 SPP, Casualty 3 (DECIDE 16)."""
    tally = SppTally(casualties=2, touchdowns=1)
    assert spp_earned(tally, BB2025, ("brawlin-brutes",)) == 8
    assert spp_earned(tally, BB2025) == 7


def game(
    home_td: int,
    away_td: int,
    *,
    stalled: tuple[bool, bool] = (False, False),
    conceded: str = "",
) -> PostgameInput:
    return PostgameInput(
        home=TeamPostgame(
            1, 2, 3, home_td, stalled=stalled[0], conceded=conceded == "home"
        ),
        away=TeamPostgame(
            2, 2, 4, away_td, stalled=stalled[1], conceded=conceded == "away"
        ),
        format="bb2025",
    )


def test_winnings_with_the_no_stalling_bonus() -> None:
    # Fan Attendance 3 + 4 = 7: 35,000 each; 10,000 a touchdown; 10,000
    # for a team that did not stall
    paid = BB2025.winnings(game(2, 1, stalled=(False, True)))
    assert (paid.fan_attendance, paid.home, paid.away) == (7, 65_000, 45_000)
    both = BB2025.winnings(game(0, 0))
    assert (both.home, both.away) == (45_000, 45_000)
    # BB2020 has no bonus
    assert BB2020.winnings(game(2, 1)).home == 55_000


def test_winnings_of_a_concession() -> None:
    # away concedes: the score becomes 1 + 1 + 1 = 3 - 0; home takes the
    # whole attendance (70,000) + 30,000 + its bonus; away nothing
    paid = BB2025.winnings(game(1, 1, conceded="away"))
    assert (paid.home, paid.away) == (110_000, 0)


def test_winnings_of_a_legal_concession() -> None:
    # away concedes legally (too few players to set up): the score is still
    # awarded (3 - 0) but the attendance is halved for both, and the
    # conceding team earns its own: 35,000 + 0 + its bonus
    legal = replace(game(1, 1, conceded="away"), concession_penalty=False)
    paid = BB2025.winnings(legal)
    assert (paid.home, paid.away) == (75_000, 45_000)
    bb2020 = BB2020.winnings(replace(legal, format="bb2020"))
    assert (bb2020.home, bb2020.away) == (65_000, 35_000)


def test_an_engine_score_is_not_awarded_twice() -> None:
    # the engine's result of a concession is the final score (3 - 0 after
    # 1 - 1): the winner's touchdowns stay 3, and it takes 70,000 + 30,000
    # + its bonus
    played = replace(game(3, 0, conceded="away"), score_awarded=True)
    outcome = record_outcome(played)
    assert (outcome.home.touchdowns, outcome.away.touchdowns) == (3, 0)
    assert outcome.conceded_by == 2
    assert BB2025.winnings(played).home == 110_000


def buy(
    slug: str, count: int = 1, rules: tuple[str, ...] = (), roster: str | None = None
) -> int:
    return validate_inducements(
        BB2025,
        rules,
        True,
        [InducementPurchase(slug, count)],
        1_000_000,
        0,
        roster=roster,
    ).total


@pytest.mark.parametrize(
    ("slug", "count", "total"),
    [
        ("part_time_assistant_coaches", 5, 100_000),
        ("temp_agency_cheerleaders", 5, 25_000),
        ("weather_mage", 1, 25_000),
        ("blitzers_best_kegs", 2, 100_000),
        ("bribes", 3, 300_000),
        ("extra_team_training", 8, 800_000),
        ("wandering_apothecaries", 2, 200_000),
        ("wizard", 1, 150_000),
        ("josef_bugman", 1, 100_000),
        ("prayers_to_nuffle", 3, 30_000),
        ("team_mascot", 1, 25_000),
    ],
)
def test_inducement_prices(slug: str, count: int, total: int) -> None:
    assert buy(slug, count) == total
    with pytest.raises(CampaignError) as over:
        buy(slug, count + 1)
    assert over.value.code == "inducement_limit"


def test_bribery_and_corruption_buys_six_bribes_at_half_price() -> None:
    assert buy("bribes", 6, ("bribery-and-corruption",)) == 300_000
    with pytest.raises(CampaignError) as over:
        buy("bribes", 7, ("bribery-and-corruption",))
    assert over.value.code == "inducement_limit"


def test_team_rule_inducements() -> None:
    assert buy("riotous_rookies", 1, ("low-cost-linemen",)) == 150_000
    assert buy("mortuary_assistant", 1, ("masters-of-undeath",)) == 100_000
    # tables.md 9: Halfling Master Chef "300,000 (100,000 Halfling teams)"
    thimble_cup = ("halfling-thimble-cup", "woodland-league")
    assert buy("halfling_master_chef", 1, thimble_cup, roster="halfling") == 100_000
    assert buy("halfling_master_chef", 1, thimble_cup, roster="gnome") == 300_000
    with pytest.raises(CampaignError) as refused:
        buy("mortuary_assistant")
    assert refused.value.code == "inducement_not_available"


def test_josef_bugman_the_coach_is_not_induced_with_bugman_the_star() -> None:
    # tables.md 9: Infamous Coaching Staff Josef Bugman, 0-1 at 100,000,
    # "cannot also hire Bugman the star"
    coach = [InducementPurchase("star_players", 1, 180_000)] + [
        InducementPurchase("josef_bugman")
    ]
    with pytest.raises(CampaignError) as refused:
        validate_inducements(
            BB2025, (), True, coach, 0, 1_000_000, star_players=["josef-bugman"]
        )
    assert (refused.value.code, refused.value.field) == (
        "star_excluded",
        "purchases[1]",
    )
    # another star with him is fine: 100,000 + 170,000 (Grombrindal)
    other = validate_inducements(
        BB2025,
        (),
        True,
        [InducementPurchase("star_players", 1, 170_000)] + coach[1:],
        0,
        1_000_000,
        star_players=["grombrindal"],
    )
    assert other.total == 270_000
    # BB2020 has no such rule
    both = validate_inducements(
        BB2020, (), True, coach, 0, 1_000_000, star_players=["josef-bugman"]
    )
    assert both.total == 280_000


def test_every_inducement_of_the_catalogue_is_played() -> None:
    assert [s.slug for s in BB2025.inducement_catalogue().values() if s.unplayed] == []


def test_the_underdog_may_add_fifty_thousand_of_its_treasury() -> None:
    # CTV 1,000,000 against 1,200,000, the favourite spent 30,000 of its
    # treasury: petty cash 230,000, and up to 50,000 of the underdog's own
    low = inducement_budget(
        BB2025, 1_000_000, 1_200_000, 80_000, opponent_treasury_spent=30_000
    )
    assert (low.petty_cash, low.treasury_available) == (230_000, 50_000)
    poor = inducement_budget(BB2025, 1_000_000, 1_200_000, 20_000)
    assert (poor.petty_cash, poor.treasury_available) == (200_000, 20_000)
    assert (
        inducement_budget(BB2020, 1_000_000, 1_200_000, 80_000).treasury_available == 0
    )
    high = inducement_budget(BB2025, 1_200_000, 1_000_000, 80_000)
    assert (high.petty_cash, high.treasury_available) == (0, 80_000)


def test_the_underdog_gets_no_prayers() -> None:
    assert BB2025.underdog_prayers is False
    assert BB2020.underdog_prayers is True


def test_a_position_whose_skill_the_engine_does_not_play_is_refused() -> None:
    roster = DATA.rosters["human"]
    catcher = roster.position("human-catcher")
    odd = replace(catcher, skills=(*catcher.skills, SkillRef("no-such-skill")))
    patched = replace(
        roster,
        positions=tuple(odd if p is catcher else p for p in roster.positions),
    )
    players = (("human-catcher", "C"),) + (("human-lineman", "L"),) * 10
    request = DraftRequest(players=players)
    assert draft_check(BB2025, roster, request).players == 575_000
    with pytest.raises(DraftError) as refused:
        draft_check(BB2025, patched, request)
    (violation,) = refused.value.violations
    assert (violation.code, violation.field, violation.subject) == (
        "skill_not_played",
        "players.0.position",
        "human-catcher",
    )
    assert "no-such-skill" in violation.message


# --- MVP nominations (tables.md 10, DECIDE 21) ---------------------------------


def test_the_nominations_are_six_as_the_data_says() -> None:
    assert BB2025.mvp_nominations == 6
    assert DATA.tables["mvp"]["nominations"] == 6
    # BB2020 draws from every eligible player
    assert BB2020.mvp_nominations is None


def test_the_mvp_is_drawn_from_the_coachs_nominees() -> None:
    eligible = tuple(range(11, 23))  # twelve players who played
    nominees = mvp_nominees(eligible, limit=6, nominations=(20, 12, 15))
    assert nominees == (20, 12, 15)
    # a D3 over the three nominees: 2 picks the second, #12
    team = TeamPostgame(1, 2, 3, 0, eligible_mvp_player_ids=nominees)
    mvp = select_mvp(team, ScriptedRoller([2]))
    assert mvp.player_ids == (12,)
    assert [(purpose, sides, value) for purpose, sides, value in mvp.rolls] == [
        ("mvp", 3, 2)
    ]


def test_a_nominee_killed_drops_out_and_none_left_means_the_default() -> None:
    eligible = (1, 2, 3, 4, 5, 6, 7, 8)  # player 9 was killed: not eligible
    assert mvp_nominees(eligible, limit=6, nominations=(9, 3)) == (3,)
    spp = {7: 3, 2: 2, 8: 2}
    # only the dead player nominated: the six with most SPP this game, ties
    # in roster order: 7 (3), 2 and 8 (2 each), then 1, 3, 4
    assert mvp_nominees(eligible, limit=6, nominations=(9,), spp_this_game=spp) == (
        7,
        2,
        8,
        1,
        3,
        4,
    )


def test_no_nominations_the_six_with_most_spp_this_game() -> None:
    eligible = tuple(range(1, 12))
    spp = {11: 6, 4: 3, 9: 4, 2: 1}
    assert default_nominations(eligible, spp, 6) == (11, 9, 4, 2, 1, 3)
    assert mvp_nominees(eligible, limit=6, spp_this_game=spp) == (11, 9, 4, 2, 1, 3)
    # fewer players than nominations: all of them
    assert default_nominations((5, 6), {6: 1}, 6) == (6, 5)


def test_more_than_six_nominations_are_refused() -> None:
    with pytest.raises(CampaignError) as refused:
        mvp_nominees(tuple(range(1, 12)), limit=6, nominations=(1, 2, 3, 4, 5, 6, 7))
    assert (refused.value.code, refused.value.field) == (
        "too_many_nominations",
        "mvp_nominations",
    )


def test_bb2020_draws_from_every_eligible_player() -> None:
    eligible = tuple(range(1, 12))
    assert mvp_nominees(eligible, limit=None, nominations=(3,)) == eligible


# --- concession, stalling and advancement (section 15) -------------------------


def test_an_illegal_concession_loses_the_games_spp_in_bb2025_only() -> None:
    assert BB2025.concession_loses_spp is True
    assert BB2020.concession_loses_spp is False
    assert (BB2025.no_stalling_bonus, BB2020.no_stalling_bonus) == (10_000, 0)


def test_six_advancements_at_most() -> None:
    legend = lineman(advancements=6, spp=100)
    assert advancement_options(legend, BB2025) == []
    five = lineman(advancements=5, spp=38)
    # the Legend row: random Primary 15, chosen Primary 30, chosen Secondary
    # 34, characteristic 38
    costs = {(o.kind, o.spp_cost) for o in advancement_options(five, BB2025)}
    assert (CH, 38) in costs
    assert (CS, 34) in costs


def test_no_characteristic_improved_more_than_twice() -> None:
    twice = lineman(advancements=2, spp=20, improvements={AV: 2, MA: 1})
    # a D8 of 3 offers AV, MA or PA: AV has been improved twice already
    rolled = roll_characteristic_improvement(twice, ScriptedRoller([3]), BB2025)
    assert rolled.offered == (AV, MA, PA)
    assert rolled.improvable == (MA, PA)
    # a D8 of 1 offers only AV: nothing left to improve
    only_av = roll_characteristic_improvement(twice, ScriptedRoller([1]), BB2025)
    assert only_av.improvable == ()
