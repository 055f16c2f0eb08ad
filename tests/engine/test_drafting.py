"""Drafting, hiring and purchase rules of both formats, and team value."""

import pytest

from engine.campaign.drafting import (
    DraftError,
    DraftRequest,
    Staff,
    draft_check,
    hire_check,
    purchase_check,
    purchase_unit_price,
    purchases_after_draft,
    staff_fire_check,
    suggest_draft,
    team_value,
)
from engine.core.rules_data import rules_data
from engine.variants import BB2020, SEVENS, variants

ROSTERS = rules_data().rosters
# The formats that draft rosters within a budget (a team-card format such
# as Blitz Bowl picks a card instead: tests/e2e/test_blitz_season.py).
ROSTER_FORMATS = [v for v in variants().values() if not v.drafts_team_card]
ORC, HUMAN, UNDEAD = ROSTERS["orc"], ROSTERS["human"], ROSTERS["shambling-undead"]


def codes(exc_info):
    return [(v.code, v.field) for v in exc_info.value.violations]


def linemen(roster, n):
    slug = min(roster.lineman_positions, key=lambda p: p.cost).slug
    return tuple((slug, f"Player {i}") for i in range(n))


def legal_draft(fmt, roster):
    """Linemen to the minimum plus the first affordable non-Lineman."""
    players = list(linemen(roster, fmt.min_players))
    spent = sum(roster.position(s).cost for s, _ in players)
    for position in roster.positions:
        if not position.lineman and spent + position.cost <= fmt.budget:
            players.append((position.slug, "Star"))
            break
    choice = roster.special_rule_choice[0] if roster.special_rule_choice else None
    return DraftRequest(players=tuple(players), special_rule=choice)


@pytest.mark.parametrize("fmt", ROSTER_FORMATS, ids=lambda f: f.name)
@pytest.mark.parametrize("roster", ROSTERS.values(), ids=lambda r: r.slug)
def test_every_roster_can_draft_a_legal_team_in_every_format(fmt, roster):
    request = legal_draft(fmt, roster)

    cost = draft_check(fmt, roster, request)

    assert cost.total == sum(roster.position(s).cost for s, _ in request.players)
    assert cost.remaining == fmt.budget - cost.total


def test_sevens_orc_draft_is_priced_item_by_item():
    # 3 linemen 150k, 2 blitzers 160k, 2 goblins 80k = 390k;
    # 1 re-roll at double cost 120k; 1 cheerleader 20k; apothecary 80k;
    # fans 1 -> 2: 20k. Total 630k > 600k budget.
    request = DraftRequest(
        players=(
            *linemen(ORC, 3),
            ("blitzer", "A"),
            ("blitzer", "B"),
            ("goblin", "C"),
            ("goblin", "D"),
        ),
        rerolls=1,
        cheerleaders=1,
        apothecary=True,
        dedicated_fans=2,
    )
    with pytest.raises(DraftError) as exc_info:
        draft_check(SEVENS, ORC, request)
    assert codes(exc_info) == [("over_budget", None)]
    assert "630,000" in str(exc_info.value)

    cheaper = DraftRequest(players=request.players, rerolls=1, apothecary=True)
    cost = draft_check(SEVENS, ORC, cheaper)
    assert (cost.players, cost.rerolls, cost.cheerleaders, cost.apothecary) == (
        390_000,
        120_000,
        0,
        80_000,
    )
    assert (cost.total, cost.remaining) == (590_000, 10_000)


def test_bb2020_human_draft_uses_roster_prices():
    request = DraftRequest(
        players=(
            *linemen(HUMAN, 7),
            ("blitzer", "B1"),
            ("blitzer", "B2"),
            ("thrower", "T"),
            ("catcher", "C1"),
            ("catcher", "C2"),
        ),
        rerolls=3,
        assistant_coaches=1,
        cheerleaders=2,
        apothecary=True,
        dedicated_fans=3,
    )
    cost = draft_check(BB2020, HUMAN, request)
    # 7x50k + 2x85k + 80k + 2x65k = 730k; re-rolls 3x50k; staff 10k+20k+50k; fans 2x10k
    assert cost.players == 730_000
    assert cost.rerolls == 150_000
    assert (cost.assistant_coaches, cost.cheerleaders, cost.apothecary) == (
        10_000,
        20_000,
        50_000,
    )
    assert cost.dedicated_fans == 20_000
    assert (cost.total, cost.remaining) == (980_000, 20_000)


@pytest.mark.parametrize(
    ("fmt", "n", "code"),
    [
        (SEVENS, 6, "too_few_players"),
        (SEVENS, 12, "too_many_players"),
        (BB2020, 10, "too_few_players"),
        (BB2020, 17, "too_many_players"),
    ],
)
def test_player_count_limits(fmt, n, code):
    roster = ROSTERS["snotling"]  # 15k linemen: never over budget
    with pytest.raises(DraftError) as exc_info:
        draft_check(fmt, roster, DraftRequest(players=linemen(roster, n)))
    assert (code, "players") in codes(exc_info)


def test_position_limit_is_the_rosters_in_both_formats():
    players = (*linemen(ORC, 8), ("thrower", "a"), ("thrower", "b"), ("thrower", "c"))
    for fmt in (SEVENS, BB2020):
        with pytest.raises(DraftError) as exc_info:
            draft_check(fmt, ORC, DraftRequest(players=players))
        assert ("position_limit", "players") in codes(exc_info)


def test_a_position_limit_names_the_position_it_concerns():
    # given three Throwers (0-2), two Untrained Trolls (0-1), 9 re-rolls (0-8)
    players = (
        *linemen(ORC, 8),
        *(("thrower", f"T{i}") for i in range(3)),
        *(("untrained-troll", f"U{i}") for i in range(2)),
    )

    with pytest.raises(DraftError) as exc_info:
        draft_check(BB2020, ORC, DraftRequest(players=players, rerolls=9))

    limits = [v for v in exc_info.value.violations if v.code == "position_limit"]
    assert [(v.field, v.subject) for v in limits] == [
        ("players", "thrower"),
        ("players", "untrained-troll"),
    ]
    # the others concern their field as a whole (and 8×50k + 3×65k +
    # 2×115k + 9×60k re-rolls = 1,365,000 is over the budget too)
    others = [v for v in exc_info.value.violations if v.code != "position_limit"]
    assert [(v.code, v.subject) for v in others] == [
        ("reroll_limit", None),
        ("over_budget", None),
    ]


def test_sevens_allows_four_non_linemen_but_not_five():
    four = (
        *linemen(HUMAN, 3),
        ("blitzer", "a"),
        ("blitzer", "b"),
        ("catcher", "c"),
        ("catcher", "d"),
    )
    draft_check(SEVENS, HUMAN, DraftRequest(players=four))

    five = (*four[:-1], ("catcher", "d"), ("thrower", "e"))
    with pytest.raises(DraftError) as exc_info:
        draft_check(
            SEVENS, HUMAN, DraftRequest(players=(*linemen(HUMAN, 2), *five[3:]))
        )
    assert codes(exc_info) == [("too_many_non_linemen", "players")]


def test_bb2020_has_no_non_lineman_cap():
    players = (
        *linemen(ROSTERS["snotling"], 5),
        ("fungus-flinga", "a"),
        ("fungus-flinga", "b"),
        ("fun-hoppa", "c"),
        ("fun-hoppa", "d"),
        ("stilty-runna", "e"),
        ("stilty-runna", "f"),
    )
    draft_check(BB2020, ROSTERS["snotling"], DraftRequest(players=players))


def test_unknown_position_names_its_index():
    with pytest.raises(DraftError) as exc_info:
        draft_check(
            SEVENS, ORC, DraftRequest(players=(*linemen(ORC, 6), ("wizard", "x")))
        )
    assert codes(exc_info) == [("unknown_position", "players.6.position")]


def test_apothecary_not_allowed_for_undead():
    with pytest.raises(DraftError) as exc_info:
        draft_check(
            BB2020, UNDEAD, DraftRequest(players=linemen(UNDEAD, 11), apothecary=True)
        )
    assert codes(exc_info) == [("apothecary_not_allowed", "apothecary")]


@pytest.mark.parametrize(
    ("fmt", "field", "value", "code"),
    [
        (SEVENS, "rerolls", 7, "reroll_limit"),
        (BB2020, "rerolls", 9, "reroll_limit"),
        (SEVENS, "assistant_coaches", 4, "staff_limit"),
        (BB2020, "assistant_coaches", 7, "staff_limit"),
        (SEVENS, "cheerleaders", 7, "staff_limit"),
        (BB2020, "cheerleaders", 13, "staff_limit"),
        (SEVENS, "dedicated_fans", 7, "fans_limit"),
        (BB2020, "dedicated_fans", 0, "fans_limit"),
    ],
)
def test_staff_and_fan_limits(fmt, field, value, code):
    roster = ROSTERS["snotling"]
    request = DraftRequest(players=linemen(roster, fmt.min_players), **{field: value})
    with pytest.raises(DraftError) as exc_info:
        draft_check(fmt, roster, request)
    assert (code, field) in codes(exc_info)


def test_all_violations_are_reported_together():
    request = DraftRequest(players=(("troll", " "),), rerolls=9, apothecary=True)
    with pytest.raises(DraftError) as exc_info:
        draft_check(SEVENS, UNDEAD, request)
    assert [c for c, _ in codes(exc_info)] == [
        "unknown_position",
        "blank",
        "too_few_players",
        "reroll_limit",
        "apothecary_not_allowed",
        "over_budget",  # nine re-rolls at 140k each
    ]


def test_hire_respects_limits_and_treasury():
    squad = [s for s, _ in linemen(ORC, 5)] + ["blitzer"] * 4
    assert (
        hire_check(BB2020, ORC, squad=squad, position="orc-lineman", treasury=50_000)
        == 50_000
    )
    with pytest.raises(DraftError) as exc_info:
        hire_check(BB2020, ORC, squad=squad, position="blitzer", treasury=40_000)
    assert codes(exc_info) == [
        ("position_limit", "position"),
        ("over_budget", "treasury"),
    ]
    with pytest.raises(DraftError) as exc_info:
        hire_check(SEVENS, ORC, squad=squad, position="goblin", treasury=100_000)
    assert codes(exc_info) == [("too_many_non_linemen", "position")]
    with pytest.raises(DraftError) as exc_info:
        hire_check(
            SEVENS,
            ORC,
            squad=["orc-lineman"] * 11,
            position="orc-lineman",
            treasury=10**6,
        )
    assert codes(exc_info) == [("too_many_players", "position")]


STAFF = Staff(
    rerolls=2, assistant_coaches=0, cheerleaders=0, apothecary=False, dedicated_fans=1
)


def test_bb2020_rerolls_after_draft_cost_double():
    assert (
        purchase_check(
            BB2020, ORC, item="rerolls", quantity=2, staff=STAFF, treasury=240_000
        )
        == 240_000
    )


def test_a_trophy_re_roll_is_not_counted_towards_the_8():
    """The League Trophy's free re-roll may take a team past its 8 team
    re-rolls: 7 bought and the Trophy's leave room for one more."""
    champion = Staff(
        rerolls=8,
        assistant_coaches=0,
        cheerleaders=0,
        apothecary=False,
        dedicated_fans=1,
        trophy_rerolls=1,
    )
    # Orc "Re-roll - 60K", doubled after the draft
    assert (
        purchase_check(
            BB2020, ORC, item="rerolls", quantity=1, staff=champion, treasury=10**6
        )
        == 120_000
    )
    with pytest.raises(DraftError) as exc_info:
        purchase_check(
            BB2020, ORC, item="rerolls", quantity=2, staff=champion, treasury=10**6
        )
    assert codes(exc_info) == [("reroll_limit", "quantity")]


def test_sevens_refuses_rerolls_after_draft_and_everyone_refuses_fans():
    with pytest.raises(DraftError) as exc_info:
        purchase_check(
            SEVENS, ORC, item="rerolls", quantity=1, staff=STAFF, treasury=10**6
        )
    assert codes(exc_info) == [("rerolls_after_draft", "item")]
    # seed 004 "Drafting a Team": Dedicated Fans "can only purchase during
    # Draft", in Sevens as in Blood Bowl
    for fmt in (BB2020, SEVENS):
        with pytest.raises(DraftError) as exc_info:
            purchase_check(
                fmt, ORC, item="dedicated_fans", quantity=1, staff=STAFF, treasury=10**6
            )
        assert codes(exc_info) == [("fans_after_draft", "item")]


def test_staff_purchases_use_format_prices_and_limits():
    assert (
        purchase_check(
            SEVENS, ORC, item="cheerleaders", quantity=3, staff=STAFF, treasury=60_000
        )
        == 60_000
    )
    assert (
        purchase_check(
            SEVENS, ORC, item="apothecary", quantity=1, staff=STAFF, treasury=80_000
        )
        == 80_000
    )
    with pytest.raises(DraftError) as exc_info:
        purchase_check(
            SEVENS,
            ORC,
            item="assistant_coaches",
            quantity=4,
            staff=STAFF,
            treasury=10**6,
        )
    assert codes(exc_info) == [("staff_limit", "quantity")]
    with pytest.raises(DraftError) as exc_info:
        purchase_check(
            BB2020, UNDEAD, item="apothecary", quantity=1, staff=STAFF, treasury=10**6
        )
    assert codes(exc_info) == [("apothecary_not_allowed", "item")]


HIRED = Staff(
    rerolls=2, assistant_coaches=3, cheerleaders=1, apothecary=True, dedicated_fans=2
)


def test_sideline_staff_the_team_has_may_be_fired():
    for item, quantity, left in [
        ("assistant_coaches", 3, 0),
        ("assistant_coaches", 2, 1),
        ("cheerleaders", 1, 0),
        ("apothecary", 1, 0),
    ]:
        assert staff_fire_check(item=item, quantity=quantity, staff=HIRED) == left


@pytest.mark.parametrize(
    ("item", "quantity", "staff", "expected", "message"),
    [
        (
            "rerolls",
            1,
            HIRED,
            ("not_sideline_staff", "item"),
            "Team re-rolls are not Sideline Staff: they cannot be fired",
        ),
        (
            "dedicated_fans",
            1,
            HIRED,
            ("not_sideline_staff", "item"),
            "Dedicated Fans are not Sideline Staff: they cannot be fired",
        ),
        (
            "bribes",
            1,
            HIRED,
            ("unknown_item", "item"),
            "'bribes' is not Sideline Staff",
        ),
        ("cheerleaders", 0, HIRED, ("min_value", "quantity"), "fire at least one"),
        (
            "assistant_coaches",
            4,
            HIRED,
            ("not_enough_staff", "quantity"),
            "the team has 3 assistant coaches: it cannot fire 4",
        ),
        (
            "cheerleaders",
            2,
            HIRED,
            ("not_enough_staff", "quantity"),
            "the team has 1 cheerleader: it cannot fire 2",
        ),
        (
            "apothecary",
            2,
            HIRED,
            ("not_enough_staff", "quantity"),
            "the team has 1 apothecary: it cannot fire 2",
        ),
        (
            "apothecary",
            1,
            STAFF,
            ("not_enough_staff", "quantity"),
            "the team has no apothecary: it cannot fire 1",
        ),
    ],
)
def test_firing_staff_is_refused_for_what_is_not_staff_or_not_there(
    item, quantity, staff, expected, message
):
    with pytest.raises(DraftError) as exc_info:
        staff_fire_check(item=item, quantity=quantity, staff=staff)
    assert codes(exc_info) == [expected]
    assert [v.message for v in exc_info.value.violations] == [message]


def test_team_value_and_current_team_value_by_hand():
    # BB2020 Orc: players 50+50+80+90 = 270k, the Big Un misses the next game;
    # 2 re-rolls at roster cost 120k (even if bought at double), 1 coach 10k,
    # 2 cheerleaders 20k, apothecary 50k.
    value = team_value(
        BB2020,
        ORC,
        players=[(50_000, False), (50_000, False), (80_000, False), (90_000, True)],
        rerolls=2,
        assistant_coaches=1,
        cheerleaders=2,
        apothecary=True,
    )
    assert (value.tv, value.ctv) == (470_000, 380_000)


def test_sevens_team_value_counts_what_was_paid():
    # Sevens Orc: players 7x50k = 350k; 1 re-roll at double cost 120k;
    # cheerleader 20k; apothecary 80k.
    value = team_value(
        SEVENS,
        ORC,
        players=[(50_000, i == 0) for i in range(7)],
        rerolls=1,
        assistant_coaches=0,
        cheerleaders=1,
        apothecary=True,
    )
    assert (value.tv, value.ctv) == (570_000, 520_000)


@pytest.mark.parametrize("fmt", ROSTER_FORMATS, ids=lambda f: f.name)
@pytest.mark.parametrize("roster", ROSTERS.values(), ids=lambda r: r.slug)
def test_suggested_drafts_are_legal_for_every_roster(fmt, roster):
    request = suggest_draft(fmt, roster)

    cost = draft_check(fmt, roster, request)

    assert cost.remaining >= 0
    assert len(request.players) >= fmt.min_players
    assert request.rerolls >= 1


def test_suggested_sevens_orc_draft():
    request = suggest_draft(SEVENS, ORC)

    assert [p for p, _ in request.players] == [
        "thrower",
        "thrower",
        "blitzer",
        "blitzer",
        "orc-lineman",
        "orc-lineman",
        "orc-lineman",
    ]
    assert request.players[0] == ("thrower", "Thrower 1")
    # 2x65 + 2x80 + 3x50 = 440k; one re-roll at 120k = 560k; no room for 80k apothecary
    assert (request.rerolls, request.apothecary) == (1, False)


# --- the choice of special rule ("Choose either:" in the roster) -------------


@pytest.mark.parametrize(
    ("roster", "choice", "expected"),
    [
        ("chaos-chosen", None, [("special_rule_required", "special_rule")]),
        ("chaos-chosen", "favoured-of-khorne", []),
        (
            "chaos-chosen",
            "old-world-classic",
            [("unknown_special_rule", "special_rule")],
        ),
        ("norse", "old-world-classic", []),
        ("norse", "favoured-of-nurgle", [("unknown_special_rule", "special_rule")]),
        ("chaos-renegades", "favoured-of-tzeentch", []),
        ("orc", None, []),
        ("orc", "badlands-brawl", [("special_rule_not_offered", "special_rule")]),
    ],
)
def test_a_draft_chooses_a_special_rule_where_the_roster_offers_one(
    roster, choice, expected
):
    data = ROSTERS[roster]
    request = DraftRequest(players=linemen(data, 11), special_rule=choice)

    if expected:
        with pytest.raises(DraftError) as exc_info:
            draft_check(BB2020, data, request)
        assert [(v.code, v.field) for v in exc_info.value.violations] == expected
    else:
        draft_check(BB2020, data, request)


def test_the_suggested_draft_takes_the_first_option():
    assert suggest_draft(BB2020, ROSTERS["norse"]).special_rule == "old-world-classic"
    assert suggest_draft(BB2020, ROSTERS["orc"]).special_rule is None


@pytest.mark.parametrize("fmt", ROSTER_FORMATS, ids=lambda v: v.name)
def test_what_a_team_may_buy_after_its_draft_is_what_the_check_sells(fmt):
    """A buy form offers :func:`purchases_after_draft`; each item it leaves
    out is one :func:`purchase_check` refuses a team of that roster that
    holds nothing and has the money, and each it offers is sold at
    :func:`purchase_unit_price`. Sevens "Purchasing Team Re-rolls": "a Blood
    Bowl Sevens team cannot purchase additional team re-rolls at a later
    date"."""
    data = rules_data(fmt.rules_data_version)
    nothing = Staff(
        rerolls=0,
        assistant_coaches=0,
        cheerleaders=0,
        apothecary=False,
        dedicated_fans=1,
    )
    for roster in data.rosters.values():
        offered = purchases_after_draft(fmt, roster)
        for item in ("rerolls", "assistant_coaches", "cheerleaders", "apothecary"):
            if item in offered:
                price = purchase_check(
                    fmt, roster, item=item, quantity=1, staff=nothing, treasury=10**7
                )
                assert price == purchase_unit_price(fmt, roster, item), item
                continue
            assert purchase_unit_price(fmt, roster, item) is None
            with pytest.raises(DraftError):
                purchase_check(
                    fmt, roster, item=item, quantity=1, staff=nothing, treasury=10**7
                )
    assert "rerolls" not in purchases_after_draft(SEVENS, ORC)
    assert purchases_after_draft(BB2020, UNDEAD) == (
        "rerolls",
        "assistant_coaches",
        "cheerleaders",
    )
