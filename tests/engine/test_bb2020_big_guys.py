"""The BB2020 rosters whose Big Guys share one limit: each Big Guy is 0-1 on
the roster, and a footnote caps them together (teams/Chaos_Chosen.md,
Chaos_Renegades.md, Old_World_Alliance.md, Underworld_Denizens.md)."""

import pytest

from engine.campaign.drafting import DraftError, DraftRequest, draft_check, hire_check
from engine.core.rules_data import rules_data
from engine.variants import BB2020, SEVENS

ROSTERS = rules_data("bb2020").rosters

# (roster, the footnote's total, the starred positions, a Lineman)
BIG_GUYS = [
    # "*A Chaos Chosen team may include a single Big Guy"
    (
        "chaos-chosen",
        1,
        ("chaos-troll", "chaos-ogre", "minotaur"),
        "beastman-runner-lineman",
    ),
    # "* A Chaos Renegades team may include up to three Big Guys."
    (
        "chaos-renegades",
        3,
        ("renegade-troll", "renegade-ogre", "renegade-minotaur", "renegade-rat-ogre"),
        "renegade-human-lineman",
    ),
    # "*An Old World Alliance team may include a single Big Guy"
    (
        "old-world-alliance",
        1,
        ("ogre", "altern-forest-treeman"),
        "old-world-human-lineman",
    ),
    # "* An Underworld team may include a single Big Guy."
    (
        "underworld-denizens",
        1,
        ("underworld-troll", "mutant-rat-ogre"),
        "underworld-goblin-lineman",
    ),
]


def codes(exc_info):
    return [(v.code, v.field) for v in exc_info.value.violations]


@pytest.mark.parametrize(("roster", "total", "big_guys", "lineman"), BIG_GUYS)
def test_the_big_guys_share_the_footnotes_limit(roster, total, big_guys, lineman):
    (limit,) = ROSTERS[roster].shared_limits
    assert (limit.slug, limit.max, limit.positions) == ("big-guys", total, big_guys)
    # Each starred row is "0-1" on its own.
    assert all(ROSTERS[roster].position(s).max == 1 for s in big_guys)


@pytest.mark.parametrize("fmt", [BB2020, SEVENS], ids=lambda f: f.name)
@pytest.mark.parametrize(("roster", "total", "big_guys", "lineman"), BIG_GUYS)
def test_one_big_guy_over_the_total_is_refused(fmt, roster, total, big_guys, lineman):
    # Sevens drafts the same rosters ("using the same team rosters").
    over = big_guys[: total + 1]
    squad = [(lineman, f"Lineman {i}") for i in range(fmt.min_players)]
    squad += [(slug, slug) for slug in over]
    request = DraftRequest(players=tuple(squad))
    with pytest.raises(DraftError) as exc:
        draft_check(fmt, ROSTERS[roster], request)
    assert ("shared_limit_exceeded", "players") in codes(exc)
    (violation,) = [
        v for v in exc.value.violations if v.code == "shared_limit_exceeded"
    ]
    assert violation.subject == "big-guys"
    assert f"asked for {total + 1}" in violation.message


def test_a_chaos_chosen_team_with_a_troll_may_not_hire_an_ogre():
    squad = ["beastman-runner-lineman"] * 11 + ["chaos-troll"]
    with pytest.raises(DraftError) as exc:
        hire_check(
            BB2020,
            ROSTERS["chaos-chosen"],
            squad=squad,
            position="chaos-ogre",
            treasury=1_000_000,
        )
    assert codes(exc) == [("shared_limit_exceeded", "position")]


def test_three_renegade_big_guys_are_allowed():
    # "up to three Big Guys": Troll 115,000 + Ogre 140,000 + Minotaur 150,000
    # (Chaos_Renegades.md) and 11 Linemen at 50,000.
    squad = [("renegade-human-lineman", f"Lineman {i}") for i in range(11)]
    squad += [(s, s) for s in ("renegade-troll", "renegade-ogre", "renegade-minotaur")]
    request = DraftRequest(players=tuple(squad), special_rule="favoured-of-khorne")
    cost = draft_check(BB2020, ROSTERS["chaos-renegades"], request)
    assert cost.players == 11 * 50_000 + 115_000 + 140_000 + 150_000
