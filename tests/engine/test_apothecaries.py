"""Who each kind of apothecary patches up (scripted dice: an Injury roll
against home player A, his armour already broken).

the_rules_of_blood_bowl.md "Apothecaries": the team's apothecary patches up
"any permanently hired players belonging to it"; it "cannot be used to
patch-up any Journeymen players or any Induced players, such as Mercenaries
or Star Players". inducements_in_detail.md "0-2 Wandering Apothecaries":
"Wandering Apothecaries follow all the rules for normal apothecaries ...
However, unlike a normal apothecary, a Wandering Apothecary may attempt to
patch-up any Journeymen or Mercenary players the team includes, but cannot
attempt to patch up a Star Player". BB2025 changes neither
(bb2025/changes_from_bb2020.md section 7 "Apothecary: unchanged use";
tables.md "Wandering Apothecary ... same"); the classic game uses the BB2020
apothecary (its seeds name none). blood_bowl_sevens.md "Apothecaries": "a
team may use an apothecary to 'patch-up' any player (including Journeymen
and Mercenaries)".
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine.core.state import CAS, KO, PITCH, RESERVES, STUNNED
from engine.match import run
from engine.rules.injuries import Harm
from engine.tools.scenario import Scenario

DIAGRAM = """
    .....
    .AB..
    .....
"""
# Injury 4 + 4 = 8: Knocked-out on the BB2020, BB2025, classic and Sevens
# Injury tables alike.
KO_ROLL = [4, 4]
STAR = "star:akhorne-the-squirrel"
BB2020_LIKE = ("bb2020", "bb2025", "classic")


def scenario(
    kind: str,
    *,
    team: bool,
    wandering: int,
    dice: list[int | str],
    ruleset: str = "bb2020",
) -> Scenario:
    """Home player A is a player of ``kind`` ("rostered", "journeyman",
    "mercenary", "star"); home has its own apothecary when ``team`` and
    ``wandering`` Wandering Apothecaries. B is a rostered player."""
    fields: dict[str, Any] = {"wandering_apothecaries": wandering}
    positions = {}
    if kind == "journeyman":
        fields["journeymen"] = "A"
    elif kind in ("mercenary", "star"):
        fields["hired"] = "A"
    if kind == "star":
        positions["A"] = STAR
    return Scenario(
        DIAGRAM,
        ruleset=ruleset,
        dice=dice,
        apothecary=(team, False),
        team_fields=(fields, {}),
        positions=positions,
        start=False,
    )


def hurt(sc: Scenario, letter: str = "A") -> bool:
    """Make the Injury roll against ``letter``; whether his coach is then
    offered an apothecary."""
    g = sc.match.state
    g.done = False
    g.stack.append(Harm(sc.p(letter), injury_only=True))
    run(g)
    d = sc.match.pending
    return d is not None and d.kind == "apothecary" and d.player == sc.id(letter)


@pytest.mark.parametrize("ruleset", BB2020_LIKE)
@pytest.mark.parametrize(
    ("kind", "team", "wandering", "treated"),
    [
        ("rostered", True, 0, True),
        ("rostered", False, 1, True),
        ("journeyman", True, 0, False),
        ("journeyman", False, 1, True),
        ("mercenary", True, 0, False),
        ("mercenary", False, 1, True),
        ("star", True, 0, False),
        ("star", False, 1, False),
        ("star", True, 2, False),
    ],
)
def test_who_each_apothecary_may_patch_up_a_knocked_out_player(
    ruleset: str, kind: str, team: bool, wandering: int, treated: bool
) -> None:
    """The team's apothecary: permanently hired players only; a Wandering
    Apothecary: those, Journeymen and Mercenaries, never a Star Player."""
    sc = scenario(kind, team=team, wandering=wandering, dice=KO_ROLL, ruleset=ruleset)
    assert hurt(sc) is treated
    g = sc.match.state
    if not treated:
        assert g.box[sc.p("A")] == KO
        assert (g.apo[0], g.wandering_apo[0]) == (int(team), wandering)


@pytest.mark.parametrize("kind", ["rostered", "journeyman", "mercenary"])
@pytest.mark.parametrize(("team", "wandering"), [(True, 0), (False, 1)])
def test_a_sevens_apothecary_of_either_kind_patches_up_any_player(
    kind: str, team: bool, wandering: int
) -> None:
    """Sevens: "any player (including Journeymen and Mercenaries)"."""
    sc = scenario(kind, team=team, wandering=wandering, dice=KO_ROLL, ruleset="sevens")
    assert hurt(sc)
    sc.choose("apothecary")
    g = sc.match.state
    assert (g.box[sc.p("A")], g.status[sc.p("A")]) == (PITCH, STUNNED)
    assert (g.apo[0], g.wandering_apo[0]) == (0, 0)


def test_the_teams_own_apothecary_goes_first_and_the_wandering_one_is_kept() -> None:
    """A rostered player KO'd: the team's own apothecary patches him up, so
    the Wandering Apothecary is left for Journeyman B, whom the team's own
    could not treat."""
    sc = Scenario(
        DIAGRAM,
        dice=[*KO_ROLL, *KO_ROLL],
        apothecary=(True, False),
        team_fields=({"wandering_apothecaries": 1, "journeymen": "B"}, {}),
        start=False,
    )
    g = sc.match.state
    assert hurt(sc, "A")
    sc.choose("apothecary")
    assert (g.apo[0], g.wandering_apo[0]) == (0, 1)
    assert hurt(sc, "B")
    sc.choose("apothecary")
    assert (g.box[sc.p("B")], g.status[sc.p("B")]) == (PITCH, STUNNED)
    assert (g.apo[0], g.wandering_apo[0]) == (0, 0)


def test_a_wandering_apothecary_treats_a_rostered_player_once_the_teams_is_used() -> (
    None
):
    sc = scenario("rostered", team=True, wandering=1, dice=[*KO_ROLL] * 3)
    g = sc.match.state
    assert hurt(sc, "A")
    sc.choose("apothecary")
    assert hurt(sc, "B")
    sc.choose("apothecary")
    assert (g.apo[0], g.wandering_apo[0]) == (0, 0)
    assert not hurt(sc, "A")  # none left
    assert g.box[sc.p("A")] == KO


def test_a_star_players_casualty_stands_with_only_the_teams_apothecary() -> None:
    """Injury 5 + 5 = 10: a Casualty; D16 15: DEAD, and no apothecary is
    offered (the Star Player "travels with [his] own staff of healers")."""
    sc = scenario("star", team=True, wandering=0, dice=[5, 5, 15])
    assert not hurt(sc)
    g = sc.match.state
    record = g.casualties[0]
    assert (record.result, record.apothecary_used) == ("dead", False)
    assert g.box[sc.p("A")] == CAS
    assert g.apo[0] == 1


def test_a_wandering_apothecary_patches_up_a_mercenarys_casualty() -> None:
    """D16 15 DEAD; the Wandering Apothecary's second D16 2 is a Badly Hurt,
    kept: the Mercenary goes to the Reserves."""
    sc = scenario("mercenary", team=True, wandering=1, dice=[5, 5, 15, 2])
    assert hurt(sc)
    sc.choose("apothecary")
    g = sc.match.state
    record = g.casualties[0]
    assert (record.result, record.apothecary_used) == ("badly_hurt", True)
    assert g.box[sc.p("A")] == RESERVES
    assert (g.apo[0], g.wandering_apo[0]) == (1, 0)


def test_a_journeymans_casualty_stands_with_only_the_teams_apothecary() -> None:
    sc = scenario("journeyman", team=True, wandering=0, dice=[5, 5, 15])
    assert not hurt(sc)
    record = sc.match.state.casualties[0]
    assert (record.result, record.apothecary_used) == ("dead", False)


def test_neither_apothecary_patches_up_josef_bugman() -> None:
    """Decision (engine/variants/match_rules.py): Bugman is an Induced
    player, so not the team's apothecary's, and neither a Journeyman nor a
    Mercenary, so not a Wandering Apothecary's."""
    sc = scenario("rostered", team=True, wandering=2, dice=KO_ROLL)
    g = sc.match.state
    g.sheets = (replace(g.sheets[0], bugman=sc.id("A")), g.sheets[1])
    assert not hurt(sc)
    assert g.box[sc.p("A")] == KO
