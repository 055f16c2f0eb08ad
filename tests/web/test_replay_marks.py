"""What the replay shows beside the pitch: every die drawn, the
team re-rolls left, the places to jump to; and the replay data carrying them."""

from __future__ import annotations

from matches.models import MatchEvent, MatchInducements, RosterSnapshot
from matches.pages.replay_marks import RerollCount, dice_drawn, jump_points
from matches.pages.selectors import match_page_qs, match_rerolls_at_kickoff, replay_data
from tests.web.conftest import scheduled_season, sevens_teams


def test_a_dodge_roll_shows_its_die_and_what_it_needed():
    payload = {
        "purpose": "dodge",
        "player": 3,
        "dice": [2],
        "target": 3,
        "modifier": -1,
        "success": False,
        "rerolled": False,
    }

    assert dice_drawn("roll", payload) == {
        "label": "Dodge, needs 3+ (-1)",
        "faces": [2],
        "ok": False,
    }


def test_a_rush_re_rolled_says_so():
    payload = {
        "purpose": "rush",
        "player": 3,
        "dice": [5],
        "target": 2,
        "modifier": 0,
        "success": True,
        "rerolled": True,
    }

    assert dice_drawn("roll", payload) == {
        "label": "Rush, needs 2+ (re-roll)",
        "faces": [5],
        "ok": True,
    }


def test_a_skill_roll_is_labelled_with_the_skills_name():
    payload = {
        "purpose": "bone_head",
        "player": 3,
        "dice": [1],
        "target": 2,
        "modifier": 0,
        "success": False,
        "rerolled": False,
    }

    assert dice_drawn("roll", payload)["label"] == "Bone Head, needs 2+"


def test_an_armour_roll_shows_both_dice():
    payload = {"player": 3, "dice": [4, 6], "modifier": 1, "av": 9, "broken": True}

    assert dice_drawn("armour", payload) == {
        "label": "Armour 2D6 +1 against AV 9+",
        "faces": [4, 6],
        "ok": None,
    }


def test_an_injury_roll_shows_both_dice():
    payload = {"player": 3, "dice": [3, 5], "modifier": 0, "result": "ko"}

    assert dice_drawn("injury", payload) == {
        "label": "Injury 2D6",
        "faces": [3, 5],
        "ok": None,
    }


def test_a_casualty_shows_the_d16_and_the_lasting_injury_d6():
    payload = {
        "player": 3,
        "d16": 14,
        "result": "lasting_injury",
        "lasting_d6": 2,
        "characteristic": "av",
    }

    assert dice_drawn("casualty", payload) == {
        "label": "Casualty D16 then lasting injury D6",
        "faces": [14, 2],
        "ok": None,
    }


def test_the_kick_shows_its_direction_and_distance():
    payload = {"team": "home", "target": 50, "direction": 7, "distance": 3}

    assert dice_drawn("kick", payload) == {
        # the distance the ball went (a Kick halves the D6), not the die
        "label": "Kick deviation: D8 direction, squares",
        "faces": [7, 3],
        "ok": None,
    }


def test_a_roll_event_without_dice_draws_none():
    # engine/rules/ball.py: a player with No Hands fails a catch without a roll
    payload = {
        "purpose": "catch",
        "player": 3,
        "dice": [],
        "target": 0,
        "modifier": 0,
        "success": False,
        "rerolled": False,
    }

    assert dice_drawn("roll", payload) is None


def test_a_move_draws_no_dice():
    assert dice_drawn("move", {"player": 3, "src": 1, "dst": 2, "how": "step"}) is None


def test_team_rerolls_go_down_when_used_and_come_back_at_half_time():
    count = RerollCount([3, 1])

    assert count.step("reroll", {"team": "home", "source": "team"}) is True
    assert count.left == [2, 1]
    # a Leader re-roll or a skill re-roll is not on the track
    assert count.step("reroll", {"team": "away", "source": "leader"}) is False
    assert count.step("reroll", {"team": "away", "source": "pro"}) is False
    assert count.left == [2, 1]
    count.step("reroll", {"team": "away", "source": "team"})
    assert count.left == [2, 0]

    assert count.step("half_time", {"score": [0, 0]}) is True
    assert count.left == [3, 1]


def test_rerolls_carry_into_extra_time():
    count = RerollCount([2, 2])
    count.step("reroll", {"team": "home", "source": "team"})

    assert count.step("extra_time", {"score": [1, 1]}) is False
    assert count.left == [1, 2]


def test_the_master_chef_gains_and_steals():
    # engine/rules/inducements.py: three D6, each 4+ gains one and takes one from the
    # other side, none below zero
    count = RerollCount([1, 1])

    count.step("master_chef", {"team": "away", "dice": [4, 6, 1], "player": -1})

    assert count.left == [0, 3]


def test_sports_espionage_gives_a_team_reroll():
    count = RerollCount([0, 0])

    count.step("sports_espionage", {"team": "home", "player": -1, "dice": []})

    assert count.left == [1, 0]


def test_jump_points_find_drives_touchdowns_and_casualties():
    kinds = [
        "game_start",
        "setup",  # 1: the first drive
        "setup",
        "kick",
        "touchdown",  # 4
        "drive_end",
        "setup",  # 6: the second drive
        "setup",
        "casualty",  # 8
        "drive_end",
    ]

    points = jump_points([{"type": k} for k in kinds])

    assert points == {"drives": [1, 6], "touchdowns": [4], "casualties": [8]}


def test_the_replay_data_carries_dice_rerolls_and_turns_of_the_half(resolved_season):
    match = match_page_qs().get(pk=resolved_season.matches.order_by("pk")[0].pk)
    # the team re-rolls each side took to kick-off (no inducements bought)
    snaps = {s.team_id: s.data for s in RosterSnapshot.objects.filter(match=match)}
    home_rr = snaps[match.home_id]["rerolls"]
    away_rr = snaps[match.away_id]["rerolls"]
    assert not MatchInducements.objects.filter(match=match).exists()

    data = replay_data(match)

    assert data["rerolls"] == [home_rr, away_rr]
    assert data["turns_per_half"] == 6  # Sevens: six turns per half
    assert data["turns"][0]["label"].endswith(" turn 1 of 6")
    events = data["events"]
    armour = [e for e in events if e["type"] == "armour"]
    assert armour
    assert all(e["roll"]["faces"] == e["p"]["dice"] for e in armour)
    assert all("roll" not in e for e in events if e["type"] == "move")
    # the re-roll counts follow the team re-rolls used
    used = [e for e in events if e["type"] == "reroll" and e["p"]["source"] == "team"]
    for e in used:
        assert "rr" in e
    assert data["drives"][0] == next(
        i for i, e in enumerate(events) if e["type"] == "setup"
    )
    assert len(data["touchdowns"]) == match.result.home_score + match.result.away_score
    cas = MatchEvent.objects.filter(match=match, type="casualty").count()
    assert len(data["casualties"]) == cas
    # the turn line names the weather as the Weather table does
    weather = [e for e in events if e["type"] == "weather"]
    assert weather
    names = {
        "sweltering_heat": "Sweltering Heat",
        "very_sunny": "Very Sunny",
        "perfect": "Perfect Conditions",
        "pouring_rain": "Pouring Rain",
        "blizzard": "Blizzard",
    }
    assert all(e["weather"] == names[e["p"]["result"]] for e in weather)


def test_extra_team_training_bought_adds_to_the_team_rerolls_at_kick_off(
    sevens, bob, charlie
):
    home, away = sevens_teams(sevens, [bob, charlie], 2)
    match = scheduled_season(sevens, [home, away]).matches.get()
    RosterSnapshot.objects.create(match=match, team=home, data={"rerolls": 2})
    RosterSnapshot.objects.create(match=match, team=away, data={"rerolls": 1})
    MatchInducements.objects.create(
        match=match,
        team=away,
        lines=[
            {"slug": "bribes", "count": 1},
            {"slug": "extra_team_training", "count": 2},
        ],
    )

    assert match_rerolls_at_kickoff(match) == (2, 3)
