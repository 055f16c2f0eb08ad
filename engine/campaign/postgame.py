"""The post-game sequence, one step per function (post-game_sequence.md;
Sevens: blood_bowl_sevens.md and seed 004 "Post-Game Sequence").

1. Record outcome and winnings: :func:`record_outcome`, :func:`winnings`,
   :func:`league_points`, :func:`select_mvp`, :func:`spp_earned`; conceding:
   :func:`concession_fans_penalty`, :func:`concession_departures`; Sevens
   "The Draft": :func:`postgame_draft_departures`.
2. Update Dedicated Fans: :func:`update_dedicated_fans`.
3. Player advancement: see :mod:`engine.campaign.advancement`; Sevens free
   skill: :func:`postgame_skill_player`.
5. Expensive Mistakes: :func:`expensive_mistakes`.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Final, Literal

from engine.campaign.player import PlayerId, PlayerState, check_format
from engine.core.dice import Roll, Roller, RollRecorder
from engine.core.errors import CampaignError
from engine.variants.league_format import LeagueBonus, LeagueFormat


class Outcome(StrEnum):
    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


@dataclass(frozen=True, slots=True)
class TeamPostgame:
    """One team's numbers at the final whistle.

    ``fan_factor`` is this game's Fan Factor (D3 + Dedicated Fans, rolled in
    the pre-game). ``touchdowns`` are the touchdowns scored on the pitch,
    before any concession. ``eligible_mvp_player_ids`` are the players that
    may win the MVP (see :func:`mvp_eligible`).
    """

    team_id: PlayerId
    dedicated_fans: int
    fan_factor: int
    touchdowns: int
    conceded: bool = False
    treasury: int = 0
    eligible_mvp_player_ids: tuple[PlayerId, ...] = ()
    # The team had a player Stalling in the game (BB2025: no winnings bonus).
    stalled: bool = False

    def __post_init__(self) -> None:
        if self.touchdowns < 0:
            raise CampaignError(
                "invalid_touchdowns", "touchdowns cannot be negative", "touchdowns"
            )
        if self.fan_factor < 0:
            raise CampaignError(
                "invalid_fan_factor", "fan factor cannot be negative", "fan_factor"
            )
        if self.dedicated_fans < 0:
            raise CampaignError(
                "invalid_dedicated_fans",
                "dedicated fans cannot be negative",
                "dedicated_fans",
            )
        if self.treasury < 0:
            raise CampaignError(
                "invalid_treasury", "treasury cannot be negative", "treasury"
            )


@dataclass(frozen=True, slots=True)
class PostgameInput:
    home: TeamPostgame
    away: TeamPostgame
    format: str = "bb2020"
    friendly: bool = False
    # A level match that needed a winner went to sudden death (see
    # engine.rules.extra_time): the side that won the roll-offs wins the game.
    sudden_death_winner: Literal["home", "away"] | None = None
    # False: a legal concession (before a set-up, with fewer than three
    # players able to play: the_rules_of_blood_bowl.md "Set-up", BB2025
    # section 15). The score is awarded as for any concession, with none of
    # its penalties (see :meth:`penalised`).
    concession_penalty: bool = True
    # The touchdowns already include the concession's award (a match the
    # engine played: its result's score is the final one), so
    # :func:`record_outcome` does not award it again.
    score_awarded: bool = False

    def __post_init__(self) -> None:
        check_format(self.format)
        if self.sudden_death_winner not in (None, "home", "away"):
            raise CampaignError(
                "invalid_winner",
                "the sudden-death winner is home or away",
                "sudden_death_winner",
            )
        if self.home.conceded and self.away.conceded:
            raise CampaignError(
                "both_conceded", "only one team can concede", "conceded"
            )

    def team(self, side: Literal["home", "away"]) -> TeamPostgame:
        return self.home if side == "home" else self.away

    def penalised(self, team: TeamPostgame) -> bool:
        """Whether ``team`` bears a concession's penalties: it conceded, and
        not legally. Decision: a legal concession loses the game as any
        concession does (the score awarded), but the team draws its MVP,
        earns its winnings (the attendance halved for both, as after a
        game played out), keeps its SPP, loses no Dedicated Fans to the D3
        and no player quits."""
        return team.conceded and self.concession_penalty


# --- 1. outcome and winnings --------------------------------------------------


@dataclass(frozen=True, slots=True)
class TeamOutcome:
    team_id: PlayerId
    outcome: Outcome
    touchdowns: int
    touchdowns_against: int


@dataclass(frozen=True, slots=True)
class GameOutcome:
    home: TeamOutcome
    away: TeamOutcome
    conceded_by: PlayerId | None


def _result(ours: int, theirs: int) -> Outcome:
    if ours > theirs:
        return Outcome.WIN
    if ours < theirs:
        return Outcome.LOSS
    return Outcome.DRAW


def conceded_score(
    home_td: int, away_td: int, conceded: Literal["home", "away"] | None
) -> tuple[int, int]:
    """The final score of touchdowns scored on the pitch when ``conceded``
    (the side that conceded, or None) conceded: the opposition is awarded
    one touchdown and the conceder's (the_rules_of_blood_bowl.md
    "Conceding"; see :func:`record_outcome`)."""
    if conceded == "home":
        return 0, away_td + home_td + 1
    if conceded == "away":
        return home_td + away_td + 1, 0
    return home_td, away_td


def record_outcome(game: PostgameInput) -> GameOutcome:
    """Win/draw/loss and the final score.

    Conceding (the_rules_of_blood_bowl.md "Conceding"): "The opposition is
    awarded one touchdown, and any touchdowns your team has scored are voided
    and awarded to the opposition." Decision: read literally, the winner's
    score becomes own + conceder's + 1 and the conceding team's 0, so the
    conceding team always loses. ``game.score_awarded``: the touchdowns are
    the final score already (the engine's result).
    """
    home_td, away_td = game.home.touchdowns, game.away.touchdowns
    conceded_by: PlayerId | None = None
    side: Literal["home", "away"] | None = None
    if game.home.conceded:
        conceded_by, side = game.home.team_id, "home"
    elif game.away.conceded:
        conceded_by, side = game.away.team_id, "away"
    if not game.score_awarded:
        home_td, away_td = conceded_score(home_td, away_td, side)
    home_result = _result(home_td, away_td)
    if home_result is Outcome.DRAW and game.sudden_death_winner is not None:
        home_result = (
            Outcome.WIN if game.sudden_death_winner == "home" else Outcome.LOSS
        )
    away_result = {Outcome.WIN: Outcome.LOSS, Outcome.LOSS: Outcome.WIN}.get(
        home_result, Outcome.DRAW
    )
    return GameOutcome(
        home=TeamOutcome(game.home.team_id, home_result, home_td, away_td),
        away=TeamOutcome(game.away.team_id, away_result, away_td, home_td),
        conceded_by=conceded_by,
    )


@dataclass(frozen=True, slots=True)
class WinningsResult:
    fan_attendance: int
    home: int
    away: int


def fan_attendance(game: PostgameInput) -> int:
    """ "Fan Attendance": the Fan Factor of both teams added together."""
    return game.home.fan_factor + game.away.fan_factor


def winnings(game: PostgameInput) -> WinningsResult:
    """ "Winnings": 10,000 x (Fan Attendance / 2 + own touchdowns).

    Decision: Fan Attendance / 2 is not rounded, so an odd attendance pays
    5,000 gp steps (7 -> 35,000); the rulebook gives no rounding and the
    treasury is kept in 5,000 gp steps elsewhere (Expensive Mistakes).
    If a team conceded it wins nothing and the winner gets the undivided
    attendance: 10,000 x (Fan Attendance + touchdowns). Decision: the
    touchdowns counted are the score after the concession award
    (:func:`record_outcome`).
    """
    outcome = record_outcome(game)
    attendance = fan_attendance(game)
    if not (game.penalised(game.home) or game.penalised(game.away)):
        return WinningsResult(
            attendance,
            5_000 * attendance + 10_000 * outcome.home.touchdowns,
            5_000 * attendance + 10_000 * outcome.away.touchdowns,
        )
    if game.home.conceded:
        return WinningsResult(
            attendance, 0, 10_000 * (attendance + outcome.away.touchdowns)
        )
    return WinningsResult(
        attendance, 10_000 * (attendance + outcome.home.touchdowns), 0
    )


def forfeit_winnings(roller: Roller) -> tuple[int, tuple[Roll, ...]]:
    """league_and_exhibition_play.md "League Fixtures": when a coach concedes
    an unplayed fixture the other team wins 1-0 and gains D6 x 10,000 gp (and
    may make two MVP awards: ``select_mvp(..., count=2)``)."""
    recorder = RollRecorder(roller)
    amount = 10_000 * recorder.d(6, "forfeit_winnings")
    return amount, recorder.taken()


# league_and_exhibition_play.md "League Scoring": the bonus League points a
# commissioner "may wish to award": +1 for scoring 3 or more touchdowns, +1
# for conceding none, +1 for causing 3 or more Casualties (the SPP ones).
LEAGUE_SCORING_BONUSES: Final[tuple[LeagueBonus, ...]] = (
    LeagueBonus("touchdowns", 3),
    LeagueBonus("conceded", 0),
    LeagueBonus("casualties", 3),
)


def league_points(
    outcome: Outcome,
    *,
    touchdowns: int = 0,
    touchdowns_against: int = 0,
    casualties: int = 0,
    bonus_points: bool = False,
    friendly: bool = False,
) -> int:
    """league_and_exhibition_play.md "League Scoring": win 3, draw 1, loss 0;
    optional bonus +1 each for 3+ touchdowns, 0 conceded, 3+ SPP casualties
    (:data:`LEAGUE_SCORING_BONUSES`). Friendlies earn none."""
    if friendly:
        return 0
    points = {Outcome.WIN: 3, Outcome.DRAW: 1, Outcome.LOSS: 0}[outcome]
    if bonus_points:
        points += sum(
            bonus.points
            for bonus in LEAGUE_SCORING_BONUSES
            if bonus.earned(
                scored=touchdowns, conceded=touchdowns_against, casualties=casualties
            )
        )
    return points


# Glittering Prizes (league_and_exhibition_play.md), paid after Expensive
# Mistakes.
GLITTERING_PRIZES: Final[Mapping[int, int]] = MappingProxyType(
    {1: 100_000, 2: 60_000, 3: 30_000}
)


# --- MVP and SPP --------------------------------------------------------------


class ParticipantKind(StrEnum):
    ROSTER = "roster"
    JOURNEYMAN = "journeyman"
    STAR_PLAYER = "star_player"
    MERCENARY = "mercenary"


@dataclass(frozen=True, slots=True)
class Participant:
    """A player listed for a game: ``eligible_to_play`` = available for this
    game (not missing it through injury); ``dead`` = suffered a DEAD result
    (Casualty 15-16; Sevens Injury 12)."""

    player_id: PlayerId
    kind: ParticipantKind = ParticipantKind.ROSTER
    eligible_to_play: bool = True
    dead: bool = False


def mvp_eligible(participants: Sequence[Participant]) -> tuple[PlayerId, ...]:
    """ "Most Valuable Player": any player of the team "(not including Star
    Players and/or Mercenaries) that was eligible to play during this game and
    that did not suffer a Casualty result of 15-16, DEAD". Journeymen are
    eligible (they earn SPP)."""
    return tuple(
        p.player_id
        for p in participants
        if p.kind in (ParticipantKind.ROSTER, ParticipantKind.JOURNEYMAN)
        and p.eligible_to_play
        and not p.dead
    )


@dataclass(frozen=True, slots=True)
class MvpResult:
    team_id: PlayerId
    player_ids: tuple[PlayerId, ...]
    rolls: tuple[Roll, ...]


def select_mvp(
    team: TeamPostgame,
    roller: Roller,
    *,
    count: int = 1,
    friendly: bool = False,
    concession_penalty: bool = True,
) -> MvpResult:
    """Randomly select the MVP among ``team.eligible_mvp_player_ids`` (a
    D``n`` over the ids in the given order).

    No MVP for a conceding team ("Conceding") nor in a friendly ("Cross
    Division Friendlies"). ``concession_penalty`` False: the team conceded
    legally (:attr:`PostgameInput.concession_penalty`: too few players to
    set up), which costs it no MVP (BB2025 changes_from_bb2020.md section
    15 "Concession": legal, no penalty). ``count=2`` for a forfeit win.
    Decision: several MVPs go to different players while there are enough
    eligible players.
    """
    if count < 0:
        raise CampaignError("invalid_count", "count cannot be negative", "count")
    if (team.conceded and concession_penalty) or friendly:
        return MvpResult(team.team_id, (), ())
    if len(set(team.eligible_mvp_player_ids)) != len(team.eligible_mvp_player_ids):
        raise CampaignError(
            "duplicate_player",
            "eligible MVP players are listed twice",
            "eligible_mvp_player_ids",
        )
    recorder = RollRecorder(roller)
    pool = list(team.eligible_mvp_player_ids)
    chosen: list[PlayerId] = []
    for _ in range(count):
        if not pool:
            pool = [p for p in team.eligible_mvp_player_ids]
            if not pool:
                break
        chosen.append(pool.pop(recorder.d(len(pool), "mvp") - 1))
    return MvpResult(team.team_id, tuple(chosen), recorder.taken())


@dataclass(frozen=True, slots=True)
class SppTally:
    """A player's achievements in one game ("Earning Star Player Points").

    ``passing_completions``: accurate pass caught in the target square;
    ``throwing_completions``: superb Throw Team-mate that landed safely;
    ``deflections``: deflections that did *not* become interceptions;
    ``interceptions``; ``casualties``: casualties from Block actions;
    ``touchdowns``; ``mvps``. ``bonus_spp`` covers Prayers to Nuffle results
    such as Necessary Violence.
    """

    passing_completions: int = 0
    throwing_completions: int = 0
    deflections: int = 0
    interceptions: int = 0
    casualties: int = 0
    touchdowns: int = 0
    mvps: int = 0
    bonus_spp: int = 0


# post-game_sequence.md values; seed 004 (Sevens SPP tracking) lists the same
# (each format's ``spp_values``; this is BB2020's).
SPP_VALUES: Final[Mapping[str, int]] = LeagueFormat.spp_values


def spp_values(
    fmt: str | LeagueFormat, special_rules: Collection[str] = ()
) -> Mapping[str, int]:
    """What each achievement is worth to a player of a team with
    ``special_rules`` in ``fmt`` (a team rule such as BB2025's Brawlin'
    Brutes changes some values)."""
    f = check_format(fmt)
    values = dict(f.spp_values)
    for rule in special_rules:
        values.update(f.spp_team_rules.get(rule, {}))
    return values


def spp_earned(
    tally: SppTally,
    fmt: str | LeagueFormat = "bb2020",
    special_rules: Collection[str] = (),
) -> int:
    """Total SPP for ``tally``: the format's values (BB2020 and Sevens SPP
    tracking agree), as the team's special rules change them."""
    total = tally.bonus_spp
    for name, value in spp_values(fmt, special_rules).items():
        count: int = getattr(tally, name)
        if count < 0:
            raise CampaignError("invalid_tally", f"{name} cannot be negative", name)
        total += value * count
    return total


# --- conceding ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DedicatedFansResult:
    team_id: PlayerId
    before: int
    after: int
    rolls: tuple[Roll, ...]


def concession_fans_penalty(team: TeamPostgame, roller: Roller) -> DedicatedFansResult:
    """ "Conceding": the conceding team's Dedicated Fans are reduced by D3 (to
    a minimum of 1)."""
    if not team.conceded:
        raise CampaignError("not_conceded", "the team did not concede", "conceded")
    recorder = RollRecorder(roller)
    loss = recorder.d(3, "concession_dedicated_fans")
    after = max(1, team.dedicated_fans - loss)
    return DedicatedFansResult(
        team.team_id, team.dedicated_fans, after, recorder.taken()
    )


def concession_departures(
    players: Sequence[PlayerState], roller: Roller
) -> tuple[tuple[PlayerId, ...], tuple[Roll, ...]]:
    """ "Conceding": a D6 for each player with three or more advancements; on
    1-3 the player quits the team. Returns the ids that quit and the dice."""
    recorder = RollRecorder(roller)
    quit_ids = tuple(
        p.player_id
        for p in players
        if p.advancements >= 3
        and not p.dead
        and recorder.d(6, f"concession_quit:{p.player_id}") <= 3
    )
    return quit_ids, recorder.taken()


# --- 2. Dedicated Fans --------------------------------------------------------


def update_dedicated_fans(
    team: TeamPostgame, outcome: Outcome, roller: Roller
) -> DedicatedFansResult:
    """ "Update Dedicated Fans": a winner rolls a D6 and gains +1 if the roll is
    equal to or higher than its Dedicated Fans; a loser rolls a D6 and loses 1
    if the roll is lower (never below 1: rules_and_regulations.md "Dedicated
    Fans"); a draw changes nothing and rolls nothing.

    Decision: there is no maximum in league play (the 6 cap only applies when
    drafting), which makes 7 the natural ceiling. Decision: a conceding team
    also makes the loser's roll, after its D3 concession penalty
    (:func:`concession_fans_penalty`); pass it the reduced value.
    """
    recorder = RollRecorder(roller)
    before = team.dedicated_fans
    after = before
    if outcome is Outcome.WIN:
        if recorder.d(6, "dedicated_fans") >= before:
            after = before + 1
    elif outcome is Outcome.LOSS:
        if recorder.d(6, "dedicated_fans") < before:
            after = max(1, before - 1)
    return DedicatedFansResult(team.team_id, before, after, recorder.taken())


# --- 3. Sevens player advancement / The Draft ---------------------------------


SevensAdvancementMode = Literal["chosen_player_primary", "random_player_secondary"]


@dataclass(frozen=True, slots=True)
class SevensAdvancementPick:
    """Who gains the Sevens post-game skill and of which kind (the skill itself
    is rolled by :func:`engine.campaign.advancement.advance` with an option
    from :func:`~engine.campaign.advancement.postgame_skill_options`)."""

    player_id: PlayerId
    kind: Literal["random_primary", "random_secondary"]
    rolls: tuple[Roll, ...]


def postgame_skill_player(
    mode: SevensAdvancementMode,
    candidates: Sequence[PlayerState],
    roller: Roller,
    *,
    chosen_player_id: PlayerId | None = None,
) -> SevensAdvancementPick:
    """blood_bowl_sevens.md "Player Advancement" (Step 3): either a player of
    the coach's choice gains a random Primary skill, or a randomly selected
    player gains a random Secondary skill. ``candidates`` are the players that
    played this game (DEAD ones are dropped here).

    Decision: for the random Secondary skill, players with no Secondary
    category are left out of the draw (they could not gain the skill).
    """
    alive = [p for p in candidates if not p.dead]
    if mode == "chosen_player_primary":
        match = next((p for p in alive if p.player_id == chosen_player_id), None)
        if match is None:
            raise CampaignError(
                "player_not_eligible",
                "choose a player that played this game and is not dead",
                "chosen_player_id",
            )
        if not match.primary:
            raise CampaignError(
                "no_primary_access",
                "the player has no Primary skill categories",
                "chosen_player_id",
            )
        return SevensAdvancementPick(match.player_id, "random_primary", ())
    if mode == "random_player_secondary":
        if chosen_player_id is not None:
            raise CampaignError(
                "unexpected_choice",
                "the Secondary skill goes to a random player",
                "chosen_player_id",
            )
        pool = [p for p in alive if p.secondary]
        if not pool:
            raise CampaignError(
                "no_eligible_player",
                "no eligible player has a Secondary category",
                "candidates",
            )
        recorder = RollRecorder(roller)
        picked = pool[recorder.d(len(pool), "sevens_advancement_player") - 1]
        return SevensAdvancementPick(
            picked.player_id, "random_secondary", recorder.taken()
        )
    raise CampaignError("invalid_mode", f"unknown mode {mode!r}", "mode")


def postgame_draft_departures(
    players: Sequence[PlayerState], roller: Roller
) -> tuple[tuple[PlayerId, ...], tuple[Roll, ...]]:
    """blood_bowl_sevens.md "The Draft" (Step 1): a D6 for every player that
    has gained one or more additional skills; if the roll is equal to or lower
    than the number of skills gained, the player leaves. Returns the ids that
    leave and the dice. Decision: ``PlayerState.advancements`` is given the
    number of additional skills the player gained, however he gained them
    (the post-game skill, or Star Player Points in a league that tracks
    them); the league's post-game passes it so."""
    recorder = RollRecorder(roller)
    leaving = tuple(
        p.player_id
        for p in players
        if p.advancements >= 1
        and not p.dead
        and recorder.d(6, f"sevens_draft:{p.player_id}") <= p.advancements
    )
    return leaving, recorder.taken()


# --- 5. Expensive Mistakes ----------------------------------------------------


class Incident(StrEnum):
    CRISIS_AVERTED = "crisis_averted"
    MINOR_INCIDENT = "minor_incident"
    MAJOR_INCIDENT = "major_incident"
    CATASTROPHE = "catastrophe"


_C, _MI, _MA, _CA = (
    Incident.CRISIS_AVERTED,
    Incident.MINOR_INCIDENT,
    Incident.MAJOR_INCIDENT,
    Incident.CATASTROPHE,
)
# Rows: D6 1..6; columns: treasury bands 100-195K, 200-295K, 300-395K,
# 400-495K, 500-595K, 600K+ (post-game_sequence.md; seed 004 agrees).
EXPENSIVE_MISTAKES_TABLE: Final = (
    (_MI, _MI, _MA, _MA, _CA, _CA),
    (_C, _MI, _MI, _MA, _MA, _CA),
    (_C, _C, _MI, _MI, _MA, _MA),
    (_C, _C, _C, _MI, _MI, _MA),
    (_C, _C, _C, _C, _MI, _MI),
    (_C, _C, _C, _C, _C, _MI),
)


def expensive_mistakes_band(treasury: int) -> int | None:
    """Column (1-6) of the table, or None below 100,000 gp (no roll).
    Decision: bands are by whole 100,000s, so 199,999 is in "up to 195,000"."""
    if treasury < 100_000:
        return None
    return min(treasury // 100_000, 6)


@dataclass(frozen=True, slots=True)
class ExpensiveMistakesResult:
    treasury_before: int
    band: int | None
    roll: int | None
    incident: Incident | None
    lost: int
    treasury_after: int
    rolls: tuple[Roll, ...]


def expensive_mistakes(treasury: int, roller: Roller) -> ExpensiveMistakesResult:
    """ "Expensive Mistakes" (Step 5), with 100,000 gp or more unspent:

    * Crisis Averted: nothing.
    * Minor Incident: lose D3 x 10,000 gp.
    * Major Incident: lose half the Treasury, rounding down to the nearest
      5,000 gp. Decision: the amount *lost* is rounded down (215,000 -> lose
      105,000).
    * Catastrophe: keep only 2D6 x 10,000 gp (or everything, if less).
    """
    if treasury < 0:
        raise CampaignError(
            "invalid_treasury", "treasury cannot be negative", "treasury"
        )
    band = expensive_mistakes_band(treasury)
    if band is None:
        return ExpensiveMistakesResult(treasury, None, None, None, 0, treasury, ())
    recorder = RollRecorder(roller)
    roll = recorder.d(6, "expensive_mistakes")
    incident = EXPENSIVE_MISTAKES_TABLE[roll - 1][band - 1]
    if incident is Incident.MINOR_INCIDENT:
        lost = min(treasury, 10_000 * recorder.d(3, "expensive_mistakes_minor"))
    elif incident is Incident.MAJOR_INCIDENT:
        lost = (treasury // 2) // 5_000 * 5_000
    elif incident is Incident.CATASTROPHE:
        kept = 10_000 * (
            recorder.d(6, "expensive_mistakes_catastrophe")
            + recorder.d(6, "expensive_mistakes_catastrophe")
        )
        lost = max(0, treasury - kept)
    else:
        lost = 0
    return ExpensiveMistakesResult(
        treasury, band, roll, incident, lost, treasury - lost, recorder.taken()
    )
