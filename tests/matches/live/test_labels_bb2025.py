"""A live page names every decision and option Blood Bowl 2025 added in a
coach's words: each one the engine declares (labelled directly), and each
one seeded BB2025 games pend (labelled as a page is sent it).

"Generic" here: the label :func:`matches.live.referee.option_view` builds
for any option (the option's verb and its raw words, "player", "use",
"square to (3, 4)", "skill sure-hands", "activate #1 X secure the ball"),
or a label that still holds a raw slug (an underscore)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine import Match, RandomDice
from engine.bots import RandomBot
from engine.core.state import Decision
from engine.rules.secret_weapons import FACINGS
from engine.skills import punt
from engine.tools.teams import default_team_sheet
from engine.variants import BB2025
from engine.variants.bb2025 import bugman, mascot
from matches.live.labels import player_label
from matches.live.referee import decision_view, option_view
from tests.engine.bb2025.test_fuzz import ROSTERS, with_bugman

# The decisions only BB2025 pends, and the option verbs only it offers.
BB2025_KINDS = frozenset(
    {
        "bugman_setup",
        "bugman_player",
        "bugman_square",
        "prayer_player",
        "prayer_skill",
        "punt",
    }
)
BB2025_VERBS = frozenset({"chomp", "punt"})
BB2025_ACTIONS = frozenset({"secure_the_ball", "punt", "chomp"})
BB2025_TESTS = frozenset({"secure_the_ball", "chomp", "steady_footing", "saboteur"})


def game(seed: int = 0, mascot_for_home: bool = True) -> Match:
    pick = random.Random(seed)
    home, away = pick.choice(ROSTERS), pick.choice(ROSTERS)
    return Match(
        BB2025,
        with_bugman(
            replace(
                default_team_sheet(home, BB2025, first_id=1),
                prayers=seed % 3 + 1,
                mascot=mascot_for_home,
            ),
            990,
        ),
        with_bugman(
            replace(
                default_team_sheet(away, BB2025, first_id=101),
                prayers=(seed + 1) % 3 + 1,
                mascot=True,
            ),
            991,
        ),
        RandomDice(seed),
    )


def labels(g, d: Decision) -> list[str]:
    return [o["label"] for o in decision_view(g, d)["options"]]


def is_new(d: Decision, option: tuple) -> bool:
    """Whether the decision or the option is one BB2025 added."""
    verb = option[0]
    purpose = d.info[0] if d.info else ""
    return (
        d.kind in BB2025_KINDS
        or verb in BB2025_VERBS
        or (verb == "activate" and len(option) > 2 and option[2] in BB2025_ACTIONS)
        or (d.kind == "use_skill" and purpose == "taunt")
        or (d.kind == "reroll" and purpose in BB2025_TESTS)
    )


def generic(g, d: Decision, i: int) -> bool:
    """The fallback label (see the module's docstring)."""
    label = decision_view(g, d)["options"][i]["label"]
    return label == option_view(g, i, d.options[i])["label"] or "_" in label


def test_every_declared_bb2025_decision_and_option_reads_in_words() -> None:
    m = game()
    g = m.state
    p = g.idx[1]
    me, him = player_label(g, 1), player_label(g, 101)
    home = g.tname(0)
    sq = g.pitch.square_opts[5][1]

    cases = [
        (
            Decision(home, "bugman_setup", (bugman.OPT_USE, bugman.OPT_DECLINE)),
            ["Re-set-up players (Bugman)", "Keep the set-up (no Bugman re-set-up)"],
        ),
        (
            Decision(
                home, "bugman_player", (("player", 1), bugman.OPT_DONE), info=(2,)
            ),
            [f"Re-set-up a player (Bugman): {me}", "Done re-setting up (Bugman)"],
        ),
        (
            Decision(home, "bugman_square", (("square", sq),), 1),
            [f"Re-set-up to ({g.pitch.xs[sq] + 1}, {g.pitch.ys[sq] + 1})"],
        ),
        (
            Decision(
                home, "prayer_player", (g.pl_opts[p]["prayer"],), info=("iron_man",)
            ),
            [f"Iron Man: {me}"],
        ),
        (
            Decision(
                home,
                "prayer_player",
                (g.pl_opts[p]["prayer"],),
                info=("knuckle_dusters",),
            ),
            [f"Knuckle Dusters: {me}"],
        ),
        (
            Decision(
                home,
                "prayer_skill",
                (("skill", "block"), ("skill", "sure-hands")),
                1,
                info=("intensive_training",),
            ),
            ["Intensive Training: Block", "Intensive Training: Sure Hands"],
        ),
        (
            Decision(home, "punt", FACINGS, 1),
            [
                "Punt facing right",
                "Punt facing left",
                "Punt facing down",
                "Punt facing up",
            ],
        ),
        (
            Decision(home, "use_skill", punt._REROLLS, 1, info=("kick",)),
            [
                "Kick: re-roll the direction",
                "Kick: re-roll the distance",
                "Kick: keep the roll",
            ],
        ),
        (
            Decision(
                g.tname(1),
                "use_skill",
                (("use", "taunt"), ("decline",)),
                101,
                info=("taunt",),
            ),
            ["Taunt: the blocker must follow up", "No Taunt"],
        ),
        (
            Decision(
                home,
                "activate",
                (
                    g.act_opts[p]["secure_the_ball"],
                    g.act_opts[p]["punt"],
                    g.act_opts[p]["chomp"],
                ),
            ),
            [f"Secure the Ball: {me} (2+)", f"Punt: {me}", f"Chomp: {me}"],
        ),
        (
            Decision(home, "move", (("chomp", 101), punt.OPT_PUNT, ("end",)), 1),
            [f"Chomp {him} (3+)", "Punt the ball", "end"],
        ),
        (
            Decision(
                home,
                "reroll",
                (("team_reroll",), ("no_reroll",)),
                1,
                info=("steady_footing",),
            ),
            [
                "Use the Team Mascot's re-roll (4+): Steady Footing (6+)",
                "No re-roll: Steady Footing (6+)",
            ],
        ),
        (
            Decision(
                home, "reroll", (("team_reroll",), ("no_reroll",)), 1, info=("dodge",)
            ),
            ["Use the Team Mascot's re-roll (4+)", "no reroll"],
        ),
    ]
    for d, want in cases:
        assert labels(g, d) == want, d.kind
        for i, option in enumerate(d.options):
            assert not is_new(d, option) or not generic(g, d, i), (d.kind, option)
    # the chomp marks its target and shows its roll; a prayer marks its player
    chomp = decision_view(g, cases[10][0])["options"][0]
    assert (chomp["player"], chomp["dice"], chomp["hint"]) == (101, "3+", "chomp 3+")
    assert decision_view(g, cases[3][0])["options"][0]["player"] == 1
    secure = decision_view(g, cases[9][0])["options"][0]
    assert (secure["dice"], secure["hint"]) == ("2+", "pick-up 2+, no skill re-roll")

    # the Mascot's re-roll spent (or none bought): a plain team re-roll
    g.effects[mascot.USED.format(0)] = True
    assert labels(g, cases[-2][0]) == [
        "Team re-roll: Steady Footing (6+)",
        "No re-roll: Steady Footing (6+)",
    ]
    assert labels(g, cases[-1][0]) == ["team reroll", "no reroll"]


@pytest.mark.parametrize("seed", range(4))
def test_seeded_bb2025_games_name_every_new_option_in_words(seed: int) -> None:
    m = game(seed)
    bots = (RandomBot(seed), RandomBot(seed + 1))
    seen: set[str] = set()
    made = 0
    while m.pending is not None and made < 1500:
        d = m.pending
        for i, option in enumerate(d.options):
            if is_new(d, option):
                seen.add(d.kind)
                assert not generic(m.state, d, i), (d.kind, option)
        m.apply(bots[0 if d.team == m.state.tname(0) else 1].choose(d, m.state))
        made += 1
    # Bugman's re-set-up comes in every game (both sides have him), and
    # Secure the Ball is every team's activation
    assert {"bugman_setup", "activate"} <= seen


@pytest.mark.django_db
def test_a_live_bb2025_match_with_prayers_and_a_mascot_names_its_options(
    alice, bob, charlie
) -> None:
    """Both coaches play a BB2025 fixture through the live services, the
    Humans with three Prayers to Nuffle and a Team Mascot bought: every new
    option of the page they are sent reads in words."""
    from league.models import Team
    from league.services.leagues import league_create
    from matches.live.selectors import live_engine, live_payload, side_coach_id
    from matches.live.services import (
        live_match_accept,
        live_match_decide,
        live_match_open,
    )
    from matches.prematch.inducements import (
        Purchase,
        inducement_sides,
        match_buy_inducements,
    )
    from tests.matches.conftest import one_match
    from tests.matches.test_bb2025_league import humans_and_orcs

    league = league_create(commissioner=alice, name="Couronne Cup", format="bb2025")
    humans, orcs = humans_and_orcs(league, bob, charlie)
    match = one_match(league, humans, orcs, seed=77)
    home, away = inducement_sides(match)
    side = away if home.must_wait else home
    buyer, coach = side.team, (bob if side.team.pk == humans.pk else charlie)
    Team.objects.filter(pk=buyer.pk).update(treasury=200_000)
    match_buy_inducements(
        match_id=match.pk,
        team_id=buyer.pk,
        items=[Purchase("prayers_to_nuffle", count=3), Purchase("team_mascot")],
        actor=coach,
    )
    live = live_match_open(match_id=match.pk, user=bob)
    live = live_match_accept(live_id=live.pk, user=charlie)
    users = {bob.pk: bob, charlie.pk: charlie}
    pick = random.Random(5)
    seen: set[str] = set()
    for _ in range(150):
        m = live_engine(live)
        d = m.pending
        if d is None:
            break
        sent = live_payload(live, m)["board"]["pending"]["options"]
        seen |= {o["label"] for o in sent if "Mascot" in o["label"]}
        for i, option in enumerate(d.options):
            if is_new(d, option):
                seen.add(d.kind)
                assert (
                    sent[i]["label"] == decision_view(m.state, d)["options"][i]["label"]
                )
                assert not generic(m.state, d, i), (d.kind, option)
        choices = [i for i, o in enumerate(d.options) if o != ("concede",)]
        live = live_match_decide(
            live_id=live.pk,
            user=users[side_coach_id(live, d.team)],
            option_index=pick.choice(choices),
            at=len(live.decisions),
        )
    # (seeded) a prayer for a player of the coach's choice before the
    # kick-off, Secure the Ball among the activations, and a team re-roll
    # offered while the Mascot's is left
    assert {"prayer_player", "activate", "Use the Team Mascot's re-roll (4+)"} <= seen
