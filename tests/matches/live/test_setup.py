"""A set-up placed by hand on the live board: the page starts from a
formation the engine offers (its placement comes with the option), moves
players, and the engine checks the result (rulebook "Setting Up": in the
team's own half, at most two players in each wide zone, three on the Line
of Scrimmage at least, Sevens' own counts aside)."""

from __future__ import annotations

import json

from django.urls import reverse

from matches.live.models import LiveMatch
from matches.live.selectors import live_engine, live_state_now, side_coach_id
from matches.live.services import live_match_accept, live_match_decide, live_match_open
from tests.matches.conftest import db_state
from tests.matches.live.conftest import quick_choice, refusal, refused_code


def _at_setup(fixture_match, bob, charlie):
    live = live_match_open(match_id=fixture_match.pk, user=bob)
    live = live_match_accept(live_id=live.pk, user=charlie)
    users = {bob.pk: bob, charlie.pk: charlie}
    while not (d := live_engine(live).pending).accepts_arrangement:
        live = live_match_decide(
            live_id=live.pk,
            user=users[side_coach_id(live, d.team)],
            option_index=quick_choice(d.options),
        )
    return live, users[side_coach_id(live, d.team)]


def post(client, live, placement, at):
    return client.post(
        reverse("web:live:setup", args=[live.pk]),
        json.dumps({"placement": placement, "at": at}),
        content_type="application/json",
    )


def test_a_formation_moved_by_hand_is_played_and_a_broken_one_refused(
    client, fixture_match, bob, charlie
):
    live, coach = _at_setup(fixture_match, bob, charlie)
    pending = live_state_now(live.pk)["board"]["pending"]
    formation = next(o for o in pending["options"] if o["verb"] == "formation")
    placement = formation["placement"]
    assert len(placement) == 7  # Sevens fields seven
    g = live_engine(live).state
    width = g.pitch.width
    client.force_login(coach)
    at = len(live.decisions)
    before = db_state()
    # everyone on one square: refused with the engine's reason, nothing written
    piled = [[pid, placement[0][1]] for pid, _ in placement]
    response = post(client, live, piled, at)
    assert response.status_code == 409
    assert refused_code(response) == "bad_setup"
    assert "used twice" in refusal(response)["message"]
    assert refused_code(post(client, live, "7 players", at)) == "bad_setup"
    assert db_state() == before
    assert LiveMatch.objects.get(pk=live.pk).decisions == live.decisions

    # one player a square further back from the Line of Scrimmage than the
    # formation put him (his own half: home's is the left), others as they are
    moved = [list(p) for p in placement]
    home = live_engine(live).pending.team == "home"
    pid, sq = max(moved, key=lambda p: abs(g.pitch.xs[p[1]] - width // 2))
    back = sq - 1 if home else sq + 1
    assert back not in {s for _, s in moved}
    moved = [[p, back if p == pid else s] for p, s in moved]
    response = post(client, live, moved, at)

    assert response.status_code == 200
    live.refresh_from_db()
    assert live.decisions[at] == ["arrangement", moved]
    g = live_engine(live).state
    assert g.pos[g.idx[pid]] == back


def test_a_set_up_naming_more_players_than_the_team_has_is_refused_short(
    client, fixture_match, bob, charlie
):
    """A set-up places each of the team's players at most once (rulebook
    "Setting Up"): a body of thousands of pairs is refused at once with one
    reason, the engine never checking each pair, and nothing is written."""
    live, coach = _at_setup(fixture_match, bob, charlie)
    g = live_engine(live).state
    team = live_engine(live).pending.team
    own = sum(1 for i in range(g.n) if g.tname(g.team[i]) == team)
    pid = next(g.pid[i] for i in range(g.n) if g.tname(g.team[i]) == team)
    client.force_login(coach)
    before = db_state()

    response = post(
        client, live, [[pid, sq] for sq in range(20_000)], len(live.decisions)
    )

    assert response.status_code == 409
    assert response.json() == {
        "errors": [
            {
                "code": "bad_setup",
                "field": None,
                "message": f"A set-up places at most the team's {own} players.",
            }
        ]
    }
    assert db_state() == before
    assert LiveMatch.objects.get(pk=live.pk).decisions == live.decisions
