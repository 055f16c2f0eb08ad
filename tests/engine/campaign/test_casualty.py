"""Casualty tables, injury tables, apothecaries and apply_casualty."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.campaign import (
    BB2020_TABLE,
    CASUALTY_TABLES,
    CampaignError,
    CasualtyOutcome,
    CasualtyResult,
    Characteristic,
    InjuryResult,
    KoPatch,
    ScriptedRoller,
    SeededRoller,
    apothecary_choose,
    apothecary_ko,
    apothecary_reroll,
    apply_casualty,
    badly_hurt,
    casualty_from_injury,
    casualty_from_roll,
    casualty_table,
    injury_result,
    injury_table_apothecary,
    niggling_modifiers,
    roll_casualty,
    use_apothecary,
)

from .conftest import human_lineman

MA, ST, AG, PA, AV = (
    Characteristic.MA,
    Characteristic.ST,
    Characteristic.AG,
    Characteristic.PA,
    Characteristic.AV,
)
BH, SH, SI, LI, DEAD = (
    CasualtyResult.BADLY_HURT,
    CasualtyResult.SERIOUSLY_HURT,
    CasualtyResult.SERIOUS_INJURY,
    CasualtyResult.LASTING_INJURY,
    CasualtyResult.DEAD,
)


def test_tables_are_selectable_by_name() -> None:
    assert sorted(CASUALTY_TABLES) == ["bb2020", "bb2025", "classic", "dungeon_bowl"]
    assert casualty_table("bb2020") is BB2020_TABLE
    with pytest.raises(CampaignError) as exc:
        casualty_table("lrb6")
    assert (exc.value.code, exc.value.field) == ("unknown_casualty_table", "table")


@pytest.mark.parametrize("table", ["bb2020", "dungeon_bowl"])
@pytest.mark.parametrize(
    ("d16", "result", "mng", "niggling", "dead"),
    [
        (1, BH, False, 0, False),
        (6, BH, False, 0, False),
        (7, SH, True, 0, False),
        (9, SH, True, 0, False),
        (10, SI, True, 1, False),
        (12, SI, True, 1, False),
        (15, DEAD, False, 0, True),
        (16, DEAD, False, 0, True),
    ],
)
def test_d16_casualty_table(
    table: str, d16: int, result: CasualtyResult, mng: bool, niggling: int, dead: bool
) -> None:
    roller = ScriptedRoller([d16])
    outcome = roll_casualty(table, roller)
    assert outcome.result is result
    assert (outcome.mng, outcome.niggling, outcome.dead) == (mng, niggling, dead)
    assert outcome.reductions == {}
    assert outcome.rolls == (("casualty", 16, d16),)
    assert outcome.roll_total == d16
    assert outcome.table == table
    assert roller.remaining == 0


@pytest.mark.parametrize("table", ["bb2020", "dungeon_bowl"])
@pytest.mark.parametrize(
    ("d16", "d6", "injury", "characteristic"),
    [
        (13, 1, "Head Injury", AV),
        (14, 2, "Head Injury", AV),
        (13, 3, "Smashed Knee", MA),
        (13, 4, "Broken Arm", PA),
        (14, 5, "Neck Injury", AG),
        (13, 6, "Dislocated Shoulder", ST),
    ],
)
def test_lasting_injury_table(
    table: str, d16: int, d6: int, injury: str, characteristic: Characteristic
) -> None:
    outcome = roll_casualty(table, ScriptedRoller([d16, d6]))
    assert outcome.result is LI
    assert outcome.injury == injury
    assert outcome.mng is True
    assert outcome.reductions == {characteristic: 1}
    assert outcome.rolls == (("casualty", 16, d16), ("lasting_injury", 6, d6))


@pytest.mark.parametrize(
    ("d16", "niggling", "total", "result"),
    [
        (6, 1, 7, SH),  # Badly Hurt pushed into Seriously Hurt
        (12, 1, 13, LI),
        (14, 1, 15, DEAD),
        (16, 2, 16, DEAD),  # Decision: totals above 16 are 16
        (5, 3, 8, SH),
    ],
)
def test_niggling_injuries_add_one_each_to_the_d16(
    d16: int, niggling: int, total: int, result: CasualtyResult
) -> None:
    script = [d16, 3] if result is LI else [d16]
    outcome = roll_casualty("bb2020", ScriptedRoller(script), niggling=niggling)
    assert outcome.roll_total == total
    assert outcome.result is result


@pytest.mark.parametrize(
    ("d100", "result", "injury", "mng", "niggling", "reductions", "dead"),
    [
        (1, BH, "Badly Hurt", False, 0, {}, False),
        (58, BH, "Badly Hurt", False, 0, {}, False),
        (59, SH, "Broken Ribs", True, 0, {}, False),
        (62, SH, "Groin Strain", True, 0, {}, False),
        (63, SH, "Gouged Eye", True, 0, {}, False),
        (66, SH, "Broken Jaw", True, 0, {}, False),
        (67, SH, "Fractured Arm", True, 0, {}, False),
        (70, SH, "Fractured Leg", True, 0, {}, False),
        (71, SH, "Smashed Hand", True, 0, {}, False),
        (74, SH, "Pinched Nerve", True, 0, {}, False),
        (75, SI, "Damaged Back", True, 1, {}, False),
        (78, SI, "Smashed Knee", True, 1, {}, False),
        (79, LI, "Smashed Hip", True, 0, {MA: 1}, False),
        (82, LI, "Smashed Ankle", True, 0, {MA: 1}, False),
        (83, LI, "Serious Concussion", True, 0, {AV: 1}, False),
        (86, LI, "Fractured Skull", True, 0, {AV: 1}, False),
        (87, LI, "Torn Ligament", True, 0, {AG: 1}, False),
        (90, LI, "Smashed Collar Bone", True, 0, {ST: 1}, False),
        (91, DEAD, "DEAD", False, 0, {}, True),
        (100, DEAD, "DEAD", False, 0, {}, True),
    ],
)
def test_classic_d100_table(
    d100: int,
    result: CasualtyResult,
    injury: str,
    mng: bool,
    niggling: int,
    reductions: dict[Characteristic, int],
    dead: bool,
) -> None:
    outcome = roll_casualty("classic", ScriptedRoller([d100]))
    assert (outcome.result, outcome.injury) == (result, injury)
    assert (outcome.mng, outcome.niggling, outcome.dead) == (mng, niggling, dead)
    assert outcome.reductions == reductions
    assert outcome.rolls == (("casualty", 100, d100),)


def test_classic_roll_ignores_niggling_injuries() -> None:
    # Decision: classic niggling modifies the Injury roll, not the D100.
    outcome = roll_casualty("classic", ScriptedRoller([58]), niggling=3)
    assert outcome.result is BH
    assert outcome.roll_total == 58


@pytest.mark.parametrize(
    ("table", "roll", "niggling", "total", "result"),
    [
        ("bb2020", 12, 0, 13, LI),  # Decay alone
        ("bb2020", 12, 2, 15, DEAD),  # Decay and two Niggling Injuries
        ("bb2020", 16, 1, 16, DEAD),
        ("classic", 90, 0, 91, DEAD),  # Decay on the D100 ...
        ("classic", 58, 3, 59, SH),  # ... where Niggling Injuries add nothing
        ("dungeon_bowl", 6, 0, 7, SH),
    ],
)
def test_decay_adds_one_on_every_casualty_table(
    table: str, roll: int, niggling: int, total: int, result: CasualtyResult
) -> None:
    """skills_and_traits.md "Decay": +1 to all rolls against the player on
    the Casualty table (``modifier``), whatever the table."""
    lasting = 4 if result is LI else None
    outcome = casualty_from_roll(table, roll, lasting, niggling=niggling, modifier=1)
    assert (outcome.roll_total, outcome.result) == (total, result)


@pytest.mark.parametrize(
    ("table", "niggling", "expected"),
    [
        ("bb2020", 2, (0, 2)),
        ("dungeon_bowl", 1, (0, 1)),
        ("classic", 2, (2, 0)),
        ("sevens", 3, (0, 0)),
    ],
)
def test_niggling_modifiers(
    table: str, niggling: int, expected: tuple[int, int]
) -> None:
    assert niggling_modifiers(table, niggling) == expected


def test_niggling_modifiers_reject_negative() -> None:
    with pytest.raises(CampaignError) as exc:
        niggling_modifiers("bb2020", -1)
    assert exc.value.code == "invalid_niggling"


def test_casualty_from_roll_uses_dice_already_rolled() -> None:
    outcome = casualty_from_roll("bb2020", 13, 4)
    assert outcome.injury == "Broken Arm"
    assert outcome.rolls == (("casualty", 16, 13), ("lasting_injury", 6, 4))
    assert casualty_from_roll("bb2020", 11, niggling=1).result is SI


@pytest.mark.parametrize(
    ("args", "field"),
    [
        (("bb2020", 13, None), "roll"),  # lasting roll missing
        (("bb2020", 3, 4), "lasting_roll"),  # lasting roll not needed
        (("bb2020", 17, None), "roll"),  # not on a D16
    ],
)
def test_casualty_from_roll_rejects_bad_dice(
    args: tuple[str, int, int | None], field: str
) -> None:
    with pytest.raises(CampaignError) as exc:
        casualty_from_roll(*args)
    assert (exc.value.code, exc.value.field) == ("invalid_roll", field)


# --- injury tables ------------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "stunty", "ruleset", "expected"),
    [
        (2, False, "bb2020", InjuryResult.STUNNED),
        (7, False, "bb2020", InjuryResult.STUNNED),
        (8, False, "bb2020", InjuryResult.KO),
        (9, False, "bb2020", InjuryResult.KO),
        (10, False, "bb2020", InjuryResult.CASUALTY),
        (13, False, "bb2020", InjuryResult.CASUALTY),
        (6, True, "bb2020", InjuryResult.STUNNED),
        (7, True, "bb2020", InjuryResult.KO),
        (8, True, "bb2020", InjuryResult.KO),
        (9, True, "bb2020", InjuryResult.BADLY_HURT),
        (10, True, "bb2020", InjuryResult.CASUALTY),
        (9, True, "classic", InjuryResult.KO),  # no classic Stunty table
        (10, False, "classic", InjuryResult.CASUALTY),
        (7, False, "sevens", InjuryResult.STUNNED),
        (9, False, "sevens", InjuryResult.KO),
        (10, False, "sevens", InjuryResult.BADLY_HURT),
        (11, False, "sevens", InjuryResult.SERIOUSLY_HURT),
        (12, False, "sevens", InjuryResult.DEAD),
        (14, False, "sevens", InjuryResult.DEAD),
        (6, True, "sevens", InjuryResult.STUNNED),
        (8, True, "sevens", InjuryResult.KO),
        (9, True, "sevens", InjuryResult.BADLY_HURT),
        (10, True, "sevens", InjuryResult.BADLY_HURT),
        (11, True, "sevens", InjuryResult.SERIOUSLY_HURT),
        (12, True, "sevens", InjuryResult.DEAD),
        (0, False, "bb2020", InjuryResult.STUNNED),
    ],
)
def test_injury_tables(
    total: int, stunty: bool, ruleset: str, expected: InjuryResult
) -> None:
    assert injury_result(total, stunty=stunty, ruleset=ruleset) is expected


def test_injury_result_unknown_ruleset() -> None:
    with pytest.raises(CampaignError) as exc:
        injury_result(8, ruleset="blitz")
    assert exc.value.code == "unknown_format"


def test_stunty_badly_hurt_makes_no_casualty_roll() -> None:
    roller = ScriptedRoller([])
    outcome = casualty_from_injury(InjuryResult.BADLY_HURT, "bb2020", roller)
    assert outcome == badly_hurt("bb2020")
    assert outcome is not None
    assert outcome.rolls == ()
    assert outcome.result is BH


def test_casualty_from_injury_rolls_the_table_on_a_casualty() -> None:
    outcome = casualty_from_injury(InjuryResult.CASUALTY, "bb2020", ScriptedRoller([8]))
    assert outcome is not None
    assert outcome.result is SH


@pytest.mark.parametrize("injury", [InjuryResult.STUNNED, InjuryResult.KO])
def test_no_casualty_for_stunned_or_ko(injury: InjuryResult) -> None:
    assert casualty_from_injury(injury, "bb2020", ScriptedRoller([])) is None
    assert casualty_from_injury(injury, "sevens", ScriptedRoller([])) is None


@pytest.mark.parametrize(
    ("injury", "result", "mng", "dead"),
    [
        (InjuryResult.BADLY_HURT, BH, False, False),
        (InjuryResult.SERIOUSLY_HURT, SH, True, False),
        (InjuryResult.DEAD, DEAD, False, True),
    ],
)
def test_sevens_casualties_come_straight_from_the_injury_table(
    injury: InjuryResult, result: CasualtyResult, mng: bool, dead: bool
) -> None:
    outcome = casualty_from_injury(injury, "sevens", ScriptedRoller([]))
    assert outcome is not None
    assert (outcome.table, outcome.result, outcome.mng, outcome.dead) == (
        "sevens",
        result,
        mng,
        dead,
    )
    assert outcome.niggling == 0
    assert outcome.reductions == {}
    assert outcome.rolls == ()


@pytest.mark.parametrize(
    ("injury", "table"),
    [
        (InjuryResult.CASUALTY, "sevens"),
        (InjuryResult.SERIOUSLY_HURT, "bb2020"),
        (InjuryResult.DEAD, "classic"),
    ],
)
def test_injury_results_foreign_to_a_table_are_rejected(
    injury: InjuryResult, table: str
) -> None:
    with pytest.raises(CampaignError) as exc:
        casualty_from_injury(injury, table, ScriptedRoller([]))
    assert exc.value.code == "invalid_injury"


# --- apply_casualty -----------------------------------------------------------


def test_apply_badly_hurt_changes_nothing() -> None:
    player = human_lineman()
    assert apply_casualty(player, badly_hurt("bb2020")) == player


def test_apply_seriously_hurt_sets_mng() -> None:
    player = apply_casualty(
        human_lineman(), roll_casualty("bb2020", ScriptedRoller([8]))
    )
    assert player.mng is True
    assert player.niggling == 0
    assert player.dead is False


def test_apply_serious_injury_adds_a_niggling_injury() -> None:
    player = apply_casualty(
        human_lineman(niggling=1), roll_casualty("bb2020", ScriptedRoller([11]))
    )
    assert (player.mng, player.niggling) == (True, 2)


@pytest.mark.parametrize(
    ("d6", "attr", "before", "after"),
    [
        (1, "av", 9, 8),
        (3, "ma", 6, 5),
        (4, "pa", 4, 5),
        (5, "ag", 3, 4),
        (6, "st", 3, 2),
    ],
)
def test_apply_lasting_injury(d6: int, attr: str, before: int, after: int) -> None:
    player = human_lineman()
    assert getattr(player, attr) == before
    hurt = apply_casualty(player, roll_casualty("bb2020", ScriptedRoller([13, d6])))
    assert getattr(hurt, attr) == after
    assert hurt.mng is True
    assert sum(hurt.reductions.values()) == 1


@pytest.mark.parametrize(
    ("changes", "d6", "attr", "value"),
    [
        ({"av": 3}, 1, "av", 3),
        ({"ma": 1}, 3, "ma", 1),
        ({"pa": 6}, 4, "pa", 6),
        ({"pa": None}, 4, "pa", None),
        ({"ag": 6}, 5, "ag", 6),
        ({"st": 1}, 6, "st", 1),
    ],
)
def test_lasting_injury_is_ignored_at_the_minimum(
    changes: dict[str, int | None], d6: int, attr: str, value: int | None
) -> None:
    hurt = apply_casualty(
        human_lineman(**changes), roll_casualty("bb2020", ScriptedRoller([14, d6]))
    )
    assert getattr(hurt, attr) == value
    assert hurt.reductions == {}
    assert hurt.mng is True  # the MNG still applies


def test_bb2020_has_no_limit_on_the_number_of_reductions() -> None:
    player = human_lineman()
    for _ in range(3):
        player = apply_casualty(
            player, roll_casualty("bb2020", ScriptedRoller([13, 3]))
        )
    assert player.ma == 3
    assert player.reductions == {MA: 3}


def test_classic_reductions_stop_after_two_points() -> None:
    player = human_lineman()
    for _ in range(3):
        player = apply_casualty(player, roll_casualty("classic", ScriptedRoller([80])))
    assert player.ma == 4
    assert player.reductions == {MA: 2}
    assert player.mng is True


def test_classic_reduction_also_respects_the_minimum() -> None:
    player = apply_casualty(
        human_lineman(st=1), roll_casualty("classic", ScriptedRoller([90]))
    )
    assert player.st == 1
    assert player.reductions == {}


def test_classic_av_reduction_lowers_the_target_number() -> None:
    player = apply_casualty(
        human_lineman(), roll_casualty("classic", ScriptedRoller([84]))
    )
    assert player.av == 8


def test_apply_dead() -> None:
    player = apply_casualty(
        human_lineman(), roll_casualty("bb2020", ScriptedRoller([15]))
    )
    assert player.dead is True
    assert player.mng is False


def test_apply_sevens_seriously_hurt() -> None:
    outcome = casualty_from_injury(
        InjuryResult.SERIOUSLY_HURT, "sevens", ScriptedRoller([])
    )
    assert outcome is not None
    assert apply_casualty(human_lineman(), outcome).mng is True


def test_apply_keeps_existing_mng() -> None:
    player = apply_casualty(human_lineman(mng=True), badly_hurt("bb2020"))
    assert player.mng is True


# --- apothecaries ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("in_crowd", "expected"),
    [(False, KoPatch.STUNNED_ON_PITCH), (True, KoPatch.RESERVES)],
)
def test_apothecary_on_a_ko(in_crowd: bool, expected: KoPatch) -> None:
    assert apothecary_ko(in_crowd=in_crowd) is expected


def test_apothecary_reroll_then_choose() -> None:
    original = roll_casualty("bb2020", ScriptedRoller([15]))
    reroll = apothecary_reroll(original, ScriptedRoller([8]))
    assert reroll.rolls == (("apothecary_casualty", 16, 8),)
    kept = apothecary_choose(original, reroll, "original")
    assert kept.outcome is original
    assert kept.patched is False
    taken = apothecary_choose(original, reroll, "reroll")
    assert taken.outcome is reroll
    assert taken.patched is False
    assert taken.rolls == (("casualty", 16, 15), ("apothecary_casualty", 16, 8))


def test_apothecary_badly_hurt_means_patched_up_to_reserves() -> None:
    original = roll_casualty("bb2020", ScriptedRoller([11]))
    result = use_apothecary(original, ScriptedRoller([3]))
    assert result.outcome.result is BH
    assert result.patched is True
    assert apply_casualty(human_lineman(), result.outcome) == human_lineman()


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [
        ([15], [7], SH),  # dead -> seriously hurt
        ([7], [15], SH),  # keep the original
        ([10], [10], SI),  # equal: keep the original
        ([13, 6], [11], SI),  # serious injury is better than a lasting injury
        ([16], [16], DEAD),
    ],
)
def test_apothecary_best_choice(
    first: list[int], second: list[int], expected: CasualtyResult
) -> None:
    original = roll_casualty("bb2020", ScriptedRoller(first))
    result = use_apothecary(original, ScriptedRoller(second), choice="best")
    assert result.outcome.result is expected


def test_apothecary_equal_severity_keeps_the_original() -> None:
    original = roll_casualty("bb2020", ScriptedRoller([13, 6]))
    result = use_apothecary(original, ScriptedRoller([14, 1]))
    assert result.outcome is original
    assert result.outcome.injury == "Dislocated Shoulder"


def test_apothecary_reroll_uses_niggling_modifier() -> None:
    original = roll_casualty("bb2020", ScriptedRoller([12, 2]), niggling=1)
    assert (original.result, original.roll_total, original.injury) == (
        LI,
        13,
        "Head Injury",
    )
    reroll = apothecary_reroll(original, ScriptedRoller([6]), niggling=1)
    assert reroll.roll_total == 7
    assert reroll.result is SH


def test_classic_apothecary_rolls_the_d100_again() -> None:
    original = roll_casualty("classic", ScriptedRoller([95]))
    result = use_apothecary(original, ScriptedRoller([30]))
    assert result.reroll is not None
    assert result.reroll.rolls == (("apothecary_casualty", 100, 30),)
    assert result.outcome.result is BH
    assert result.patched is True


def test_apothecary_choose_rejects_mixed_tables_and_bad_choice() -> None:
    a = roll_casualty("bb2020", ScriptedRoller([3]))
    b = roll_casualty("classic", ScriptedRoller([3]))
    with pytest.raises(CampaignError) as exc:
        apothecary_choose(a, b)
    assert exc.value.code == "table_mismatch"
    with pytest.raises(CampaignError) as exc:
        apothecary_choose(a, a, "coin")  # type: ignore[arg-type]
    assert exc.value.code == "invalid_choice"


@pytest.mark.parametrize(
    ("d6", "patched"), [(1, False), (3, False), (4, True), (6, True)]
)
@pytest.mark.parametrize(
    "injury", [InjuryResult.BADLY_HURT, InjuryResult.SERIOUSLY_HURT, InjuryResult.DEAD]
)
def test_sevens_apothecary_patches_on_four_plus(
    injury: InjuryResult, d6: int, patched: bool
) -> None:
    original = casualty_from_injury(injury, "sevens", ScriptedRoller([]))
    assert original is not None
    result = use_apothecary(original, ScriptedRoller([d6]))
    assert result.patched is patched
    assert result.reroll is None
    assert result.rolls == (("apothecary", 6, d6),)
    if patched:
        assert result.outcome.result is CasualtyResult.PATCHED_UP
        assert apply_casualty(human_lineman(), result.outcome) == human_lineman()
    else:
        assert result.outcome is original


def test_sevens_apothecary_cannot_reroll() -> None:
    original = casualty_from_injury(InjuryResult.DEAD, "sevens", ScriptedRoller([]))
    assert original is not None
    with pytest.raises(CampaignError) as exc:
        apothecary_reroll(original, ScriptedRoller([3]))
    assert exc.value.code == "apothecary_not_reroll"


def test_patched_up_cannot_be_treated_again() -> None:
    original = casualty_from_injury(InjuryResult.DEAD, "sevens", ScriptedRoller([]))
    assert original is not None
    patched = injury_table_apothecary(original, ScriptedRoller([6])).outcome
    with pytest.raises(CampaignError) as exc:
        injury_table_apothecary(patched, ScriptedRoller([6]))
    assert exc.value.code == "apothecary_not_needed"
    with pytest.raises(CampaignError) as exc:
        apothecary_reroll(
            CasualtyOutcome(
                "bb2020", (), CasualtyResult.PATCHED_UP, "x", False, 0, {}, False
            ),
            ScriptedRoller([1]),
        )
    assert exc.value.code == "apothecary_not_needed"


def test_seeded_casualties_stay_on_the_table() -> None:
    roller = SeededRoller(2020)
    for _ in range(300):
        outcome = roll_casualty("bb2020", roller, niggling=1)
        assert 2 <= outcome.roll_total <= 16
    assert len(roller.rolls) >= 300


@given(
    table=st.sampled_from(["bb2020", "classic", "dungeon_bowl"]),
    seed=st.integers(min_value=0, max_value=10_000),
    count=st.integers(min_value=1, max_value=30),
)
def test_repeated_casualties_never_break_the_caps(
    table: str, seed: int, count: int
) -> None:
    roller = SeededRoller(seed)
    player = human_lineman()
    for _ in range(count):
        player = apply_casualty(
            player, roll_casualty(table, roller, niggling=player.niggling)
        )
    assert player.ma >= 1
    assert player.st >= 1
    assert player.ag <= 6
    assert player.pa is not None
    assert player.pa <= 6
    assert player.av >= 3
    if table == "classic":
        assert all(n <= 2 for n in player.reductions.values())
    assert len(roller.rolls) >= count
