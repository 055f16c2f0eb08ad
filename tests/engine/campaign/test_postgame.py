"""Post-game sequence steps."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.campaign import (
    GLITTERING_PRIZES,
    CampaignError,
    Incident,
    Outcome,
    Participant,
    ParticipantKind,
    PostgameInput,
    ScriptedRoller,
    SppTally,
    TeamPostgame,
    concession_departures,
    concession_fans_penalty,
    expensive_mistakes,
    expensive_mistakes_band,
    fan_attendance,
    forfeit_winnings,
    league_points,
    mvp_eligible,
    postgame_draft_departures,
    postgame_skill_player,
    record_outcome,
    select_mvp,
    spp_earned,
    update_dedicated_fans,
    winnings,
)
from engine.variants import get_variant

from .conftest import human_lineman

WIN, DRAW, LOSS = Outcome.WIN, Outcome.DRAW, Outcome.LOSS
CRISIS, MINOR, MAJOR, CATA = (
    Incident.CRISIS_AVERTED,
    Incident.MINOR_INCIDENT,
    Incident.MAJOR_INCIDENT,
    Incident.CATASTROPHE,
)


def team(team_id: int = 1, **changes: object) -> TeamPostgame:
    base = TeamPostgame(team_id=team_id, dedicated_fans=3, fan_factor=5, touchdowns=0)
    return replace(base, **changes)  # type: ignore[arg-type]


def game(home: TeamPostgame, away: TeamPostgame, **changes: object) -> PostgameInput:
    return replace(PostgameInput(home, away), **changes)  # type: ignore[arg-type]


# --- outcome ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("home_td", "away_td", "home_result", "away_result"),
    [(2, 1, WIN, LOSS), (0, 3, LOSS, WIN), (1, 1, DRAW, DRAW), (0, 0, DRAW, DRAW)],
)
def test_record_outcome(
    home_td: int, away_td: int, home_result: Outcome, away_result: Outcome
) -> None:
    outcome = record_outcome(
        game(team(1, touchdowns=home_td), team(2, touchdowns=away_td))
    )
    assert (outcome.home.outcome, outcome.away.outcome) == (home_result, away_result)
    assert (outcome.home.touchdowns, outcome.home.touchdowns_against) == (
        home_td,
        away_td,
    )
    assert outcome.conceded_by is None


@pytest.mark.parametrize(
    ("home_td", "away_td", "home_concedes", "final"),
    [
        (0, 0, True, (0, 1)),
        (2, 1, True, (0, 4)),  # Decision: 1 awarded + 2 voided and awarded + own 1
        (1, 0, False, (2, 0)),
        (0, 3, False, (4, 0)),
    ],
)
def test_concession_awards_touchdowns(
    home_td: int, away_td: int, home_concedes: bool, final: tuple[int, int]
) -> None:
    g = game(
        team(1, touchdowns=home_td, conceded=home_concedes),
        team(2, touchdowns=away_td, conceded=not home_concedes),
    )
    outcome = record_outcome(g)
    assert (outcome.home.touchdowns, outcome.away.touchdowns) == final
    assert outcome.conceded_by == (1 if home_concedes else 2)
    loser = outcome.home if home_concedes else outcome.away
    assert loser.outcome is LOSS


@pytest.mark.parametrize(
    ("score", "winner", "results"),
    [
        ((1, 1), "home", (WIN, LOSS)),
        ((0, 0), "away", (LOSS, WIN)),
        ((2, 1), "away", (WIN, LOSS)),  # a decided score needs no roll-offs
    ],
)
def test_a_sudden_death_winner_wins_a_level_game(
    score: tuple[int, int], winner: str, results: tuple[Outcome, Outcome]
) -> None:
    outcome = record_outcome(
        game(
            team(1, touchdowns=score[0]),
            team(2, touchdowns=score[1]),
            sudden_death_winner=winner,
        )
    )
    assert (outcome.home.outcome, outcome.away.outcome) == results
    assert (outcome.home.touchdowns, outcome.away.touchdowns) == score


def test_the_sudden_death_winner_is_home_or_away() -> None:
    with pytest.raises(CampaignError) as exc:
        game(team(1), team(2), sudden_death_winner="both")
    assert exc.value.code == "invalid_winner"


def test_both_teams_cannot_concede() -> None:
    with pytest.raises(CampaignError) as exc:
        game(team(1, conceded=True), team(2, conceded=True))
    assert exc.value.code == "both_conceded"


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"touchdowns": -1}, "invalid_touchdowns"),
        ({"fan_factor": -1}, "invalid_fan_factor"),
        ({"dedicated_fans": -1}, "invalid_dedicated_fans"),
        ({"treasury": -5}, "invalid_treasury"),
    ],
)
def test_team_postgame_validation(changes: dict[str, int], code: str) -> None:
    with pytest.raises(CampaignError) as exc:
        team(**changes)
    assert exc.value.code == code


def test_postgame_input_checks_the_format() -> None:
    with pytest.raises(CampaignError) as exc:
        game(team(1), team(2), format="dungeon")
    assert exc.value.code == "unknown_format"
    g = game(team(1), team(2, touchdowns=1), format="sevens")
    assert g.team("away").touchdowns == 1
    assert g.team("home").team_id == 1


# --- winnings -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ff_home", "ff_away", "td_home", "td_away", "attendance", "home", "away"),
    [
        (4, 6, 2, 1, 10, 70_000, 60_000),
        (3, 4, 0, 0, 7, 35_000, 35_000),  # Decision: no rounding, 5K steps
        (2, 3, 1, 3, 5, 35_000, 55_000),
        (0, 0, 0, 0, 0, 0, 0),
    ],
)
def test_winnings(
    ff_home: int,
    ff_away: int,
    td_home: int,
    td_away: int,
    attendance: int,
    home: int,
    away: int,
) -> None:
    g = game(
        team(1, fan_factor=ff_home, touchdowns=td_home),
        team(2, fan_factor=ff_away, touchdowns=td_away),
    )
    assert fan_attendance(g) == attendance
    result = winnings(g)
    assert (result.fan_attendance, result.home, result.away) == (attendance, home, away)


def test_winnings_when_a_team_concedes() -> None:
    g = game(
        team(1, fan_factor=4, touchdowns=1, conceded=True),
        team(2, fan_factor=5, touchdowns=0),
    )
    result = winnings(g)
    # Winner: 10,000 x (full attendance 9 + 2 touchdowns after the award)
    assert (result.home, result.away) == (0, 110_000)
    g2 = game(team(1, fan_factor=4, touchdowns=0), team(2, fan_factor=2, conceded=True))
    assert winnings(g2).home == 70_000
    assert winnings(g2).away == 0


@pytest.mark.parametrize(("d6", "amount"), [(1, 10_000), (6, 60_000)])
def test_forfeit_winnings(d6: int, amount: int) -> None:
    assert forfeit_winnings(ScriptedRoller([d6])) == (
        amount,
        (("forfeit_winnings", 6, d6),),
    )


@pytest.mark.parametrize(
    ("outcome", "kwargs", "points"),
    [
        (WIN, {}, 3),
        (DRAW, {}, 1),
        (LOSS, {}, 0),
        (WIN, {"touchdowns": 3, "touchdowns_against": 0, "casualties": 3}, 3),
        (
            WIN,
            {
                "touchdowns": 3,
                "touchdowns_against": 0,
                "casualties": 3,
                "bonus_points": True,
            },
            6,
        ),
        (
            LOSS,
            {
                "touchdowns": 3,
                "touchdowns_against": 4,
                "casualties": 2,
                "bonus_points": True,
            },
            1,
        ),
        (DRAW, {"touchdowns": 0, "touchdowns_against": 0, "bonus_points": True}, 2),
        (WIN, {"friendly": True}, 0),
    ],
)
def test_league_points(
    outcome: Outcome, kwargs: dict[str, int | bool], points: int
) -> None:
    assert league_points(outcome, **kwargs) == points  # type: ignore[arg-type]


def test_glittering_prizes() -> None:
    assert dict(GLITTERING_PRIZES) == {1: 100_000, 2: 60_000, 3: 30_000}


# --- Dedicated Fans -------------------------------------------------------------


@pytest.mark.parametrize(
    ("fans", "outcome", "d6", "after"),
    [
        (3, WIN, 3, 4),  # equal: +1
        (3, WIN, 6, 4),
        (3, WIN, 2, 3),
        (6, WIN, 6, 7),  # no league maximum (Decision)
        (1, WIN, 1, 2),
        (3, LOSS, 2, 2),  # lower: -1
        (3, LOSS, 3, 3),
        (3, LOSS, 6, 3),
        (1, LOSS, 1, 1),  # never below 1 (1 < 1 is false anyway)
        (2, LOSS, 1, 1),
    ],
)
def test_update_dedicated_fans(
    fans: int, outcome: Outcome, d6: int, after: int
) -> None:
    result = update_dedicated_fans(
        team(5, dedicated_fans=fans), outcome, ScriptedRoller([d6])
    )
    assert (result.team_id, result.before, result.after) == (5, fans, after)
    assert result.rolls == (("dedicated_fans", 6, d6),)


def test_seven_dedicated_fans_can_never_grow() -> None:
    result = update_dedicated_fans(team(dedicated_fans=7), WIN, ScriptedRoller([6]))
    assert result.after == 7


def test_draw_rolls_nothing() -> None:
    result = update_dedicated_fans(team(dedicated_fans=4), DRAW, ScriptedRoller([]))
    assert (result.after, result.rolls) == (4, ())


@pytest.mark.parametrize(
    ("fans", "d3", "after"), [(5, 2, 3), (3, 3, 1), (2, 3, 1), (1, 1, 1)]
)
def test_concession_fans_penalty(fans: int, d3: int, after: int) -> None:
    result = concession_fans_penalty(
        team(dedicated_fans=fans, conceded=True), ScriptedRoller([d3])
    )
    assert (result.before, result.after) == (fans, after)
    assert result.rolls == (("concession_dedicated_fans", 3, d3),)


def test_concession_penalty_needs_a_concession() -> None:
    with pytest.raises(CampaignError) as exc:
        concession_fans_penalty(team(), ScriptedRoller([1]))
    assert exc.value.code == "not_conceded"


def test_concession_departures_roll_for_players_with_three_advancements() -> None:
    players = [
        human_lineman(player_id=1, advancements=3),
        human_lineman(player_id=2, advancements=2),
        human_lineman(player_id=3, advancements=5),
        human_lineman(player_id=4, advancements=4, dead=True),
        human_lineman(player_id=5, advancements=6),
    ]
    quit_ids, rolls = concession_departures(players, ScriptedRoller([3, 4, 1]))
    assert quit_ids == (1, 5)
    assert rolls == (
        ("concession_quit:1", 6, 3),
        ("concession_quit:3", 6, 4),
        ("concession_quit:5", 6, 1),
    )


# --- MVP ------------------------------------------------------------------------


def test_mvp_eligibility() -> None:
    participants = [
        Participant(1),
        Participant(2, ParticipantKind.JOURNEYMAN),
        Participant(3, ParticipantKind.STAR_PLAYER),
        Participant(4, ParticipantKind.MERCENARY),
        Participant(5, eligible_to_play=False),
        Participant(6, dead=True),
        Participant(7),
    ]
    assert mvp_eligible(participants) == (1, 2, 7)


@pytest.mark.parametrize(("roll", "mvp"), [(1, 11), (2, 12), (3, 13)])
def test_select_mvp(roll: int, mvp: int) -> None:
    t = team(eligible_mvp_player_ids=(11, 12, 13))
    result = select_mvp(t, ScriptedRoller([roll]))
    assert result.player_ids == (mvp,)
    assert result.rolls == (("mvp", 3, roll),)


def test_two_mvps_go_to_different_players() -> None:
    t = team(eligible_mvp_player_ids=(11, 12, 13))
    result = select_mvp(t, ScriptedRoller([2, 2]), count=2)
    assert result.player_ids == (12, 13)
    assert result.rolls == (("mvp", 3, 2), ("mvp", 2, 2))


def test_more_mvps_than_players_repeat() -> None:
    t = team(eligible_mvp_player_ids=(11,))
    assert select_mvp(t, ScriptedRoller([1, 1]), count=2).player_ids == (11, 11)


@pytest.mark.parametrize(
    ("changes", "friendly"),
    [({"conceded": True}, False), ({}, True), ({"eligible_mvp_player_ids": ()}, False)],
)
def test_no_mvp(changes: dict[str, object], friendly: bool) -> None:
    t = replace(team(eligible_mvp_player_ids=(1, 2)), **changes)  # type: ignore[arg-type]
    result = select_mvp(t, ScriptedRoller([]), friendly=friendly)
    assert (result.player_ids, result.rolls) == ((), ())


def test_a_legally_conceding_team_still_draws_its_mvp() -> None:
    # given a team that conceded with too few players to set up (no penalty)
    t = replace(team(eligible_mvp_player_ids=(11, 12, 13)), conceded=True)
    # when its MVP is drawn
    result = select_mvp(t, ScriptedRoller([3]), concession_penalty=False)
    # then the D3 over its three players names the third
    assert result.player_ids == (13,)
    assert result.rolls == (("mvp", 3, 3),)


def test_select_mvp_rejects_duplicates_and_bad_counts() -> None:
    with pytest.raises(CampaignError) as exc:
        select_mvp(team(eligible_mvp_player_ids=(1, 1)), ScriptedRoller([1]))
    assert exc.value.code == "duplicate_player"
    with pytest.raises(CampaignError) as exc:
        select_mvp(team(eligible_mvp_player_ids=(1,)), ScriptedRoller([1]), count=-1)
    assert exc.value.code == "invalid_count"


# --- SPP ------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["bb2020", "sevens"])
@pytest.mark.parametrize(
    ("tally", "spp"),
    [
        (SppTally(), 0),
        (SppTally(touchdowns=1), 3),
        (SppTally(casualties=1), 2),
        (SppTally(passing_completions=1), 1),
        (SppTally(throwing_completions=1), 1),
        (SppTally(deflections=1), 1),
        (SppTally(interceptions=1), 2),
        (SppTally(mvps=1), 4),
        (SppTally(touchdowns=2, casualties=1, passing_completions=3, mvps=1), 15),
        (SppTally(bonus_spp=1, casualties=1), 3),
    ],
)
def test_spp_earned(fmt: str, tally: SppTally, spp: int) -> None:
    assert spp_earned(tally, fmt) == spp


def test_spp_tally_rejects_negative() -> None:
    with pytest.raises(CampaignError) as exc:
        spp_earned(SppTally(touchdowns=-1))
    assert (exc.value.code, exc.value.field) == ("invalid_tally", "touchdowns")


# --- Expensive Mistakes -----------------------------------------------------------


@pytest.mark.parametrize(
    ("treasury", "band"),
    [
        (0, None),
        (95_000, None),
        (100_000, 1),
        (195_000, 1),
        (199_999, 1),
        (200_000, 2),
        (395_000, 3),
        (400_000, 4),
        (595_000, 5),
        (600_000, 6),
        (2_000_000, 6),
    ],
)
def test_expensive_mistakes_band(treasury: int, band: int | None) -> None:
    assert expensive_mistakes_band(treasury) == band


def test_no_roll_below_100k() -> None:
    result = expensive_mistakes(95_000, ScriptedRoller([]))
    assert (
        result.incident,
        result.roll,
        result.lost,
        result.treasury_after,
        result.rolls,
    ) == (None, None, 0, 95_000, ())


TABLE = {
    1: (MINOR, MINOR, MAJOR, MAJOR, CATA, CATA),
    2: (CRISIS, MINOR, MINOR, MAJOR, MAJOR, CATA),
    3: (CRISIS, CRISIS, MINOR, MINOR, MAJOR, MAJOR),
    4: (CRISIS, CRISIS, CRISIS, MINOR, MINOR, MAJOR),
    5: (CRISIS, CRISIS, CRISIS, CRISIS, MINOR, MINOR),
    6: (CRISIS, CRISIS, CRISIS, CRISIS, CRISIS, MINOR),
}


@pytest.mark.parametrize("d6", range(1, 7))
@pytest.mark.parametrize("band", range(1, 7))
def test_expensive_mistakes_table(d6: int, band: int) -> None:
    treasury = band * 100_000 + 50_000
    roller = ScriptedRoller([d6, 1, 1, 1])
    result = expensive_mistakes(treasury, roller)
    assert result.band == band
    assert result.roll == d6
    assert result.incident is TABLE[d6][band - 1]


@pytest.mark.parametrize(("d3", "lost"), [(1, 10_000), (2, 20_000), (3, 30_000)])
def test_minor_incident(d3: int, lost: int) -> None:
    result = expensive_mistakes(150_000, ScriptedRoller([1, d3]))
    assert result.incident is MINOR
    assert (result.lost, result.treasury_after) == (lost, 150_000 - lost)
    assert result.rolls == (
        ("expensive_mistakes", 6, 1),
        ("expensive_mistakes_minor", 3, d3),
    )


@pytest.mark.parametrize(
    ("treasury", "lost", "after"),
    [
        (300_000, 150_000, 150_000),
        (310_000, 155_000, 155_000),
        (315_000, 155_000, 160_000),
        (333_333, 165_000, 168_333),
    ],
)
def test_major_incident_loses_half_rounded_down_to_5k(
    treasury: int, lost: int, after: int
) -> None:
    result = expensive_mistakes(treasury, ScriptedRoller([1]))
    assert result.incident is MAJOR
    assert (result.lost, result.treasury_after) == (lost, after)


@pytest.mark.parametrize(
    ("dice", "kept"), [([1, 1], 20_000), ([6, 6], 120_000), ([3, 4], 70_000)]
)
def test_catastrophe_keeps_2d6_x_10k(dice: list[int], kept: int) -> None:
    result = expensive_mistakes(640_000, ScriptedRoller([1, *dice]))
    assert result.incident is CATA
    assert (result.treasury_after, result.lost) == (kept, 640_000 - kept)
    assert result.rolls[1:] == tuple(
        ("expensive_mistakes_catastrophe", 6, d) for d in dice
    )


def test_crisis_averted_loses_nothing() -> None:
    result = expensive_mistakes(250_000, ScriptedRoller([6]))
    assert (result.incident, result.lost, result.treasury_after) == (CRISIS, 0, 250_000)


def test_expensive_mistakes_rejects_negative_treasury() -> None:
    with pytest.raises(CampaignError):
        expensive_mistakes(-1, ScriptedRoller([]))


# --- Sevens -----------------------------------------------------------------------


def test_sevens_chosen_player_gets_a_random_primary() -> None:
    players = [human_lineman(player_id=1), human_lineman(player_id=2)]
    pick = postgame_skill_player(
        "chosen_player_primary", players, ScriptedRoller([]), chosen_player_id=2
    )
    assert (pick.player_id, pick.kind, pick.rolls) == (2, "random_primary", ())


@pytest.mark.parametrize("chosen", [3, 1, None])
def test_sevens_chosen_player_must_have_played_and_be_alive(chosen: int | None) -> None:
    players = [human_lineman(player_id=1, dead=True), human_lineman(player_id=2)]
    with pytest.raises(CampaignError) as exc:
        postgame_skill_player(
            "chosen_player_primary",
            players,
            ScriptedRoller([]),
            chosen_player_id=chosen,
        )
    assert exc.value.code == "player_not_eligible"


def test_sevens_chosen_player_needs_primary_access() -> None:
    with pytest.raises(CampaignError) as exc:
        postgame_skill_player(
            "chosen_player_primary",
            [human_lineman(primary=())],
            ScriptedRoller([]),
            chosen_player_id=1,
        )
    assert exc.value.code == "no_primary_access"


def test_sevens_random_player_gets_a_random_secondary() -> None:
    players = [
        human_lineman(player_id=1),
        human_lineman(player_id=2, dead=True),
        human_lineman(player_id=3, secondary=()),
        human_lineman(player_id=4),
    ]
    pick = postgame_skill_player(
        "random_player_secondary", players, ScriptedRoller([2])
    )
    assert (pick.player_id, pick.kind) == (4, "random_secondary")
    assert pick.rolls == (("sevens_advancement_player", 2, 2),)


def test_sevens_random_player_errors() -> None:
    with pytest.raises(CampaignError) as exc:
        postgame_skill_player(
            "random_player_secondary",
            [human_lineman()],
            ScriptedRoller([1]),
            chosen_player_id=1,
        )
    assert exc.value.code == "unexpected_choice"
    with pytest.raises(CampaignError) as exc:
        postgame_skill_player(
            "random_player_secondary",
            [human_lineman(secondary=())],
            ScriptedRoller([1]),
        )
    assert exc.value.code == "no_eligible_player"
    with pytest.raises(CampaignError) as exc:
        postgame_skill_player("best_player", [human_lineman()], ScriptedRoller([1]))  # type: ignore[arg-type]
    assert exc.value.code == "invalid_mode"


def test_sevens_draft() -> None:
    players = [
        human_lineman(player_id=1, advancements=0),
        human_lineman(player_id=2, advancements=1),
        human_lineman(player_id=3, advancements=2),
        human_lineman(player_id=4, advancements=2),
        human_lineman(player_id=5, advancements=3, dead=True),
    ]
    leaving, rolls = postgame_draft_departures(players, ScriptedRoller([2, 2, 3]))
    assert leaving == (3,)
    assert rolls == (
        ("sevens_draft:2", 6, 2),
        ("sevens_draft:3", 6, 2),
        ("sevens_draft:4", 6, 3),
    )


def test_sevens_draft_roll_equal_to_skills_leaves() -> None:
    leaving, _ = postgame_draft_departures(
        [human_lineman(player_id=9, advancements=1)], ScriptedRoller([1])
    )
    assert leaving == (9,)


# --- each format's post-game, step by step, from its own text -------------------


@pytest.mark.parametrize(
    ("fmt", "winner", "loser", "conceded_to"),
    [
        # post-game_sequence.md "Winnings": 10,000 x (Fan Attendance / 2 +
        # own touchdowns); attendance 6 + 5 = 11 -> 55,000 each before the
        # touchdowns. A conceding team earns nothing ("Conceding": "You do
        # not generate any winnings"); the winner takes the undivided
        # attendance: 10,000 x (11 + 4) after the award of 2 + 1 + 1.
        ("bb2020", 75_000, 65_000, 150_000),
        # seed 004 "Post-Game Sequence": "each team W = 10K x (FA / 2 +
        # team TD)"; blood_bowl_sevens.md changes nothing of it.
        ("sevens", 75_000, 65_000, 150_000),
        # design/variants_digest.md part C: the classic seeds have no
        # league rules; the classic league pays BB2020's winnings.
        ("classic", 75_000, 65_000, 150_000),
        # bb2025 tables.md "Winnings": + 1 (x 10,000) for a team that did
        # not stall; the winner of a concession keeps it (Decision).
        ("bb2025", 85_000, 75_000, 160_000),
    ],
)
def test_each_format_pays_a_2_1_win_with_4_dedicated_fans(
    fmt: str, winner: int, loser: int, conceded_to: int
) -> None:
    # given a 2-1 home win; the home team's 4 Dedicated Fans + a D3 of 2
    # make Fan Factor 6, the away team's 3 + 2 make 5
    variant = get_variant(fmt)
    home = team(1, dedicated_fans=4, fan_factor=6, touchdowns=2)
    away = team(2, dedicated_fans=3, fan_factor=5, touchdowns=1)

    # when the game is played out, or the home team concedes at 2-1 up
    played = variant.winnings(game(home, away, format=fmt))
    conceded = variant.winnings(game(replace(home, conceded=True), away, format=fmt))

    # then
    assert (played.fan_attendance, played.home, played.away) == (11, winner, loser)
    assert (conceded.home, conceded.away) == (0, conceded_to)


@pytest.mark.parametrize("fmt", ["bb2020", "sevens", "classic", "bb2025"])
@pytest.mark.parametrize(
    ("outcome", "fans", "d6", "after"),
    [
        # "Update Dedicated Fans" (BB2020; seed 004 and bb2025 tables.md
        # "Dedicated Fans" the same): a loser on 1 fan rolling a 1 keeps it
        # (1 is not lower than 1; and "it will never fall below 1")
        (LOSS, 1, 1, 1),
        (LOSS, 2, 1, 1),
        (WIN, 4, 4, 5),  # equal to the fans: +1
        (WIN, 4, 3, 4),
    ],
)
def test_each_format_updates_dedicated_fans_by_the_same_roll(
    fmt: str, outcome: Outcome, fans: int, d6: int, after: int
) -> None:
    result = update_dedicated_fans(
        team(dedicated_fans=fans), outcome, ScriptedRoller([d6])
    )
    assert (result.before, result.after) == (fans, after)


@pytest.mark.parametrize(
    ("dice", "incident", "lost"),
    [
        # post-game_sequence.md "Expensive Mistakes", the "Up to 195,000"
        # column (seed 004 and bb2025 tables.md print the same): a 1 is a
        # Minor Incident (lose D3 x 10,000), 2-6 Crisis Averted
        ([1, 1], MINOR, 10_000),
        ([1, 3], MINOR, 30_000),
        ([2], CRISIS, 0),
        ([3], CRISIS, 0),
        ([4], CRISIS, 0),
        ([5], CRISIS, 0),
        ([6], CRISIS, 0),
    ],
)
def test_expensive_mistakes_with_150k_for_each_d6(
    dice: list[int], incident: Incident, lost: int
) -> None:
    result = expensive_mistakes(150_000, ScriptedRoller(dice))
    assert (result.band, result.incident, result.lost, result.treasury_after) == (
        1,
        incident,
        lost,
        150_000 - lost,
    )
    assert [r for _, _, r in result.rolls] == dice


@pytest.mark.parametrize(
    ("fmt", "values"),
    [
        # post-game_sequence.md "Earning Star Player Points": completion 1,
        # throwing completion 1, deflection 1, interception 2, casualty 2,
        # touchdown 3, MVP 4
        ("bb2020", (1, 1, 1, 2, 2, 3, 4)),
        # seed 004 "Earning SPP": the same list, for a Sevens league that
        # tracks SPP (a Sevens touchdown: 3)
        ("sevens", (1, 1, 1, 2, 2, 3, 4)),
        # the classic league plays BB2020's league rules
        ("classic", (1, 1, 1, 2, 2, 3, 4)),
        # bb2025 tables.md "Star Player Points": "Deflection 1 removed"
        ("bb2025", (1, 1, 0, 2, 2, 3, 4)),
    ],
)
def test_each_format_values_each_achievement(fmt: str, values: tuple[int, ...]) -> None:
    names = (
        "passing_completions",
        "throwing_completions",
        "deflections",
        "interceptions",
        "casualties",
        "touchdowns",
        "mvps",
    )
    got = tuple(spp_earned(SppTally(**{name: 1}), fmt) for name in names)
    assert got == values
