"""What each coach is shown of a Blitz Bowl game while it runs
(engine/blitz/view.py): his own hand, the other hand's size only, the
deck's size only, and the pending decision's options if it is his."""

from __future__ import annotations

import json

from engine.blitz.data import cards
from engine.blitz.view import blitz_view
from tests.engine.blitz.bonus_helpers import give
from tests.engine.blitz.helpers import new_game


def tokens(view, numbers) -> list[int]:
    text = json.dumps(view)
    return [n for n in numbers if f'"card-{n}"' in text]


def test_each_coach_sees_his_own_hand_and_only_the_size_of_the_other():
    g, _ = new_game()
    give(g, 0, 6, 11)  # Sprint, Dodge
    give(g, 1, 14)  # Inspiration
    s = g.state
    home, away, nobody = (blitz_view(s, v) for v in ("home", "away", None))

    assert home["hands"]["home"] == {
        "count": 2,
        "cards": [
            {
                "card": "card-6",
                "bonus_play": "Sprint",
                "text": cards().deck[5].bonus_play.text,
            },
            {
                "card": "card-11",
                "bonus_play": "Dodge",
                "text": cards().deck[10].bonus_play.text,
            },
        ],
    }
    assert home["hands"]["away"] == {"count": 1, "cards": []}
    assert [c["card"] for c in away["hands"]["away"]["cards"]] == ["card-14"]
    assert away["hands"]["home"] == {"count": 2, "cards": []}
    assert nobody["hands"] == {
        "home": {"count": 2, "cards": []},
        "away": {"count": 1, "cards": []},
    }
    assert tokens(away, [6, 11]) == []
    assert tokens(nobody, [6, 11, 14]) == []
    assert tokens(home, [14]) == []
    # the deck in order 1-26: 1-3 dealt, 6, 11 and 14 in hands, 20 left,
    # shown to no one but as a number
    assert s.deck == [n for n in range(4, 27) if n not in (6, 11, 14)]
    for view in (home, away, nobody):
        assert view["deck"] == 20
        assert tokens(view, s.deck) == []
        assert [c["card"] for c in view["challenges"]] == ["card-1", "card-2", "card-3"]


def test_only_the_deciding_coach_is_shown_the_options():
    g, _ = new_game()
    give(g, 0, 6)  # Sprint: played before a Run
    s = g.state
    assert s.pending.team == "home"
    assert s.pending.kind == "action"
    home, away = blitz_view(s, "home"), blitz_view(s, "away")

    assert away["pending"] == {
        "team": "home",
        "kind": "",
        "player": None,
        "info": [],
        "options": [],
    }
    options = home["pending"]["options"]
    assert len(options) == len(s.pending.options)
    sprint = [o for o in options if o["card"] == "card-6"]
    assert sprint
    assert all(o["label"].startswith("play Sprint #") for o in sprint)
    assert options[-1]["label"] == "end turn"


def test_a_clone_is_independent_of_its_game():
    g, _ = new_game()
    copy = g.clone()
    before = (g.pending, len(g.events), list(g.state.pos))
    copy.apply(copy.pending.options[0])
    assert (g.pending, len(g.events), list(g.state.pos)) == before
    assert len(copy.decisions) == len(g.decisions) + 1
