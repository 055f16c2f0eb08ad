"""Whether a player's characteristics and lasting injuries are ones the
rules can give him (what the admin checks a correction against)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from engine.campaign import Characteristic, profile_violations

MA, ST, AG, PA, AV = (
    Characteristic.MA,
    Characteristic.ST,
    Characteristic.AG,
    Characteristic.PA,
    Characteristic.AV,
)


@dataclass(frozen=True)
class Stats:
    ma: int = 6
    st: int = 3
    ag: int = 3
    pa: int | None = 4
    av: int = 9


# A Human Lineman: MA 6, ST 3, AG 3+, PA 4+, AV 9+ (teams/human.md).
LINEMAN = Stats()


def codes(player: Stats, **kwargs) -> list[tuple[str, str | None]]:
    kwargs.setdefault("base", LINEMAN)
    kwargs.setdefault("progression", True)
    return [(v.code, v.field) for v in profile_violations(player, **kwargs)]


def test_the_positions_own_profile_is_legal() -> None:
    assert codes(LINEMAN) == []


@pytest.mark.parametrize(
    ("player", "field"),
    [
        (Stats(ma=10), "ma"),
        (Stats(ma=0), "ma"),
        (Stats(st=9), "st"),
        (Stats(st=0), "st"),
        (Stats(ag=0), "ag"),
        (Stats(ag=7), "ag"),
        (Stats(pa=0), "pa"),
        (Stats(pa=7), "pa"),
        (Stats(av=12), "av"),
        (Stats(av=2), "av"),
    ],
)
def test_a_characteristic_off_the_characteristic_table_is_refused(
    player: Stats, field: str
) -> None:
    """rules_and_regulations.md "Characteristic Table": Maximum MA 9, ST 8,
    AG 1+, PA 1+, AV 11+; Minimum MA 1, ST 1, AG 6+, PA 6+, AV 3+."""
    assert codes(player) == [("out_of_range", field)]


@pytest.mark.parametrize(
    ("player", "base"),
    [
        (Stats(ma=9, st=8, ag=1, pa=1, av=11), Stats(ma=9, st=8, ag=1, pa=1, av=11)),
        (Stats(ma=1, st=1, ag=6, pa=6, av=3), Stats(ma=1, st=1, ag=6, pa=6, av=3)),
    ],
    ids=["the table's maximum", "the table's minimum"],
)
def test_the_tables_bounds_themselves_are_legal(player: Stats, base: Stats) -> None:
    assert codes(player, base=base) == []


@pytest.mark.parametrize(
    ("player", "field"),
    [
        (Stats(ma=8), None),  # MA 6 +2
        (Stats(ma=9), "ma"),  # +3
        (Stats(st=5), None),
        (Stats(st=6), "st"),
        (Stats(ag=1), None),  # AG 3+ -> 1+: two better
        (Stats(pa=2), None),
        (Stats(av=11), None),
    ],
)
def test_no_characteristic_is_more_than_two_improvements_better(
    player: Stats, field: str | None
) -> None:
    """post-game_sequence.md: "no characteristic can ever be improved more
    than twice"."""
    expected = [] if field is None else [("improved_too_far", field)]
    assert codes(player) == expected


@pytest.mark.parametrize(
    ("pa", "expected"),
    [
        (None, []),
        (6, []),  # the first improvement of PA "-" gives 6+
        (5, []),  # the second
        (4, [("improved_too_far", "pa")]),
    ],
)
def test_pa_dash_improves_to_six_plus_then_five_plus(
    pa: int | None, expected: list
) -> None:
    assert codes(Stats(pa=pa), base=Stats(pa=None)) == expected


def test_a_player_who_can_pass_keeps_a_pa() -> None:
    assert codes(Stats(pa=None)) == [("out_of_range", "pa")]


@pytest.mark.parametrize(
    ("reductions", "improvements", "expected"),
    [
        ({MA: 5}, {}, []),  # MA 6 down to MA 1
        ({MA: 6}, {}, [("reduced_below_minimum", "reductions")]),
        ({MA: 6}, {MA: 1}, []),  # improved once: one more step to lose
        ({AV: 6}, {}, []),  # AV 9+ down to 3+
        ({AV: 7}, {}, [("reduced_below_minimum", "reductions")]),
        ({AG: 3}, {}, []),  # AG 3+ down to 6+
        ({AG: 4}, {}, [("reduced_below_minimum", "reductions")]),
    ],
)
def test_no_more_lasting_injuries_than_down_to_the_minimum(
    reductions: dict, improvements: dict, expected: list
) -> None:
    """the_rules_of_blood_bowl.md "Lasting Injury": "no characteristic can
    ever be reduced below the minimum value"."""
    worst = Stats(ma=1, st=3, ag=6, pa=4, av=3)
    assert codes(worst, reductions=reductions, improvements=improvements) == expected


def test_pa_dash_has_no_pa_to_lose() -> None:
    """engine.campaign.casualty.apply_casualty: a -1 PA against PA "-" has
    no effect, so none is recorded."""
    dash = Stats(pa=None)
    assert codes(dash, base=dash, reductions={PA: 1}) == [
        ("reduced_below_minimum", "reductions")
    ]


@pytest.mark.parametrize(("count", "refused"), [(2, False), (3, True)])
def test_the_classic_table_reduces_a_characteristic_at_most_twice(
    count: int, refused: bool
) -> None:
    """Seed 001: "no characteristic may be reduced by more than 2 points"."""
    player = Stats(ma=6 - count)
    found = codes(player, reductions={MA: count}, max_reductions=2)
    assert found == ([("too_many_reductions", "reductions")] if refused else [])


def test_a_card_formats_player_keeps_his_cards_characteristics() -> None:
    # A Blitz Bowl card's player as stored (D6 Move as 0, no AG, Armour 4+)
    card = Stats(ma=0, st=1, ag=0, pa=4, av=4)

    assert codes(card, base=card, progression=False) == []
    assert codes(Stats(ma=0, st=2, ag=0, pa=4, av=5), base=card, progression=False) == [
        ("not_as_printed", "st"),
        ("not_as_printed", "av"),
    ]


def test_messages_print_the_characteristics_as_the_rulebook_does() -> None:
    (violation,) = profile_violations(Stats(ag=7), base=LINEMAN, progression=True)
    assert violation.message == "from AG 6+ to AG 1+ (the Characteristic Table)"
    (violation,) = profile_violations(
        Stats(ma=1), base=LINEMAN, progression=True, reductions={MA: 6}
    )
    assert violation.message == (
        "MA loses at most 5 to lasting injuries: from the position's MA 6 "
        "down to MA 1, its minimum"
    )
