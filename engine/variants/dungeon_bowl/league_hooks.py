"""The Dungeon Bowl variant's league-facing hooks (draft, winnings, the
casualty table, the post-game steps, the end of a season), built on
:mod:`.league` and :mod:`.colleges`. :class:`LeagueHooks` is mixed into
``DungeonBowl``, ahead of ``BloodBowl2020``, so its methods and facts win.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar

from engine.campaign.casualty import DUNGEON_BOWL_TABLE
from engine.campaign.drafting import Violation
from engine.campaign.inducements import BRIBES, InducementSpec
from engine.campaign.postgame import WinningsResult, record_outcome
from engine.campaign.redraft import RedraftBudget
from engine.core.errors import RuleError
from engine.variants.dungeon_bowl import league
from engine.variants.dungeon_bowl.colleges import dungeon_bowl
from engine.variants.fields import REROLLS, TEAM_VALUE, TREASURY

if TYPE_CHECKING:
    from engine.campaign.casualty import CasualtyTable
    from engine.campaign.inducements import InducementSpec
    from engine.campaign.postgame import PostgameInput, WinningsResult
    from engine.campaign.redraft import RedraftBudget
    from engine.core.dice import Roll, Roller
    from engine.variants.league_format import LeagueBonus

_DRAFT = dungeon_bowl().draft


class LeagueHooks:
    """The league hooks of the Dungeon Bowl variant."""

    # Drafting a Dungeon Bowl team is BB2020 drafting (rules_and_regulations.md
    # "Drafting a Dungeon Bowl Team"); colleges.json holds the numbers. The
    # college rosters give no apothecary (Roster.apothecary is False), so
    # hiring one is refused as ``apothecary_not_allowed``. Decision
    # (colleges.json): no Dedicated Fans beyond the one every team starts
    # with: a Dungeon Bowl game has no Fan Factor and the post-game no
    # Dedicated Fans step, so buying more would buy nothing.
    budget: ClassVar[int] = _DRAFT.budget
    min_players: ClassVar[int] = _DRAFT.min_players
    max_players: ClassVar[int] = _DRAFT.max_players
    max_rerolls: ClassVar[int] = _DRAFT.max_rerolls
    reroll_later_multiplier: ClassVar[int | None] = _DRAFT.reroll_later_multiplier
    max_assistant_coaches: ClassVar[int] = _DRAFT.max_assistant_coaches
    max_cheerleaders: ClassVar[int] = _DRAFT.max_cheerleaders
    max_dedicated_fans_at_draft: ClassVar[int] = _DRAFT.max_dedicated_fans_at_draft
    # A team has a treasury, a Team Value and team re-rolls; no apothecary,
    # assistant coaches, cheerleaders or Dedicated Fans (colleges.json
    # Decisions), and a game has no Fan Factor and no weather (cheat_sheet.md
    # "Pre-game Sequence": coin toss, journeymen, inducements, deployment).
    team_fields: ClassVar[frozenset[str]] = frozenset({TEAM_VALUE, TREASURY, REROLLS})
    match_fields: ClassVar[frozenset[str]] = frozenset()
    # The colleges' rosters list no Star Players (the_teams.md).
    star_players: ClassVar[bool] = False
    # post-game_sequence.md: four steps, without Update Dedicated Fans and
    # Expensive Mistakes. Dugout's steps: "1. Record outcome and winnings"
    # is outcome + winnings (the Treasure Room's funds with them, league.json
    # Decision); "2. Player advancement" is the SPP (MVP included, BB2020);
    # casualties are applied after them as in BB2020; "4. Prepare for next
    # fixture" is team_value. Step 3 (hiring) is the coaches' own business.
    postgame_steps: ClassVar[tuple[str, ...]] = (
        "outcome",
        "winnings",
        "spp",
        "injuries",
        "team_value",
    )
    gathers_funds: ClassVar[bool] = True
    # league_and_exhibition_play.md "The Play-Off Season" is the Blood Bowl
    # rulebook's: League points, "total touchdowns as the first tiebreaker
    # and total casualties as the second". Decision: a game has at most one
    # touchdown (the time limit's win and a concession's scored 1-0 too), so
    # a team's touchdowns are its wins; then the casualties it caused, then
    # head to head, as in Blood Bowl.
    default_tiebreakers: ClassVar[tuple[str, ...]] = (
        "points",
        "wins",
        "cas_for",
        "head_to_head",
    )

    def league_casualty_table(self) -> CasualtyTable | None:
        """cheat_sheet.md "Casualty Table": the D16 table (the same rows as
        BB2020's, colleges.py ``casualty_table``)."""
        return DUNGEON_BOWL_TABLE

    def inducement_catalogue(self) -> Mapping[str, InducementSpec]:
        return _catalogue()

    def winnings(self, game: PostgameInput) -> WinningsResult:
        """Dungeon Bowl winnings are rolled: see :meth:`rolled_winnings`."""
        raise RuleError("Dungeon Bowl winnings are rolled (rolled_winnings)")

    def rolled_winnings(
        self, game: PostgameInput, roller: Roller
    ) -> tuple[WinningsResult, tuple[Roll, ...]]:
        """post-game_sequence.md "Winnings": the winning coach's 2D6, the high
        die x 10,000 to the winner, the low die to the loser
        (:func:`.league.roll_winnings`; its Decision for a draw). A conceded
        game is lost by the conceding team (``record_outcome``), which wins
        nothing (the_rules_of_blood_bowl.md "Conceding": "You do not
        generate any winnings"; a concession the rules allow without penalty
        keeps them, as in Blood Bowl)."""
        outcome = record_outcome(game).home.outcome
        paid = league.roll_winnings(outcome, roller)
        home = 0 if game.penalised(game.home) else paid.home
        away = 0 if game.penalised(game.away) else paid.away
        return WinningsResult(0, home, away), paid.rolls

    def gathered_funds(self, uses: int, *, penalised: bool = False) -> int:
        """set-up.md "The Treasure-Room" (:func:`.league.treasure_room_funds`).
        Decision: the gold is part of the game's winnings (league.json: paid
        in step 1, "Record outcome and winnings"), so a team that concedes,
        which does "not generate any winnings" (the_rules_of_blood_bowl.md
        "Conceding"), gains none; a concession the rules allow without
        penalty keeps it, as it keeps its die. The gold does not pass to the
        opponent: "Conceding" awards it touchdowns, not winnings."""
        return 0 if penalised else league.treasure_room_funds(uses)

    def score_violations(
        self, home: int, away: int, *, conceded: bool, time_limit: bool
    ) -> list[Violation]:
        """the_rules_of_dungeon_bowl.md "Touchdown!": the first touchdown
        wins and ends the game, so a report has at most one touchdown, 1-0
        or 0-1. Decision: a level score is 0-0, and only a league that plays
        with the optional time limit ("Time Limits": nobody scored, equal
        distances: a draw) or a conceded game (the game ends before anyone
        scores) may report it.

        ``conceded``: the score is the touchdowns scored on the pitch of a
        game that was conceded (a report's: the winner is awarded 1-0 after
        it). Decision: a coach concedes "at the start of any of your team
        turns" (the_rules_of_blood_bowl.md "Conceding") and the first
        touchdown ends the game, so a conceded game had no touchdown: it is
        reported 0-0, never a touchdown then the awarded one (2-0)."""
        if home + away > 1:
            return [
                Violation(
                    "one_touchdown",
                    "home_score" if home > 1 or away == 0 else "away_score",
                    "a Dungeon Bowl game ends at the first touchdown: 1-0, 0-1, or 0-0",
                )
            ]
        if conceded and home + away:
            return [
                Violation(
                    "conceded_after_touchdown",
                    "home_score" if home else "away_score",
                    "a Dungeon Bowl game ends at the first touchdown, so a "
                    "conceded game had none: report it 0-0 (the winner is "
                    "awarded 1-0)",
                )
            ]
        if home + away == 0 and not (time_limit or conceded):
            return [
                Violation(
                    "no_time_limit",
                    "home_score",
                    "a Dungeon Bowl game is played to the first touchdown; "
                    "0-0 is a result only in a league with a time limit",
                )
            ]
        return []

    def score_without_touchdowns(
        self, home: int, away: int, *, time_limit: bool
    ) -> bool:
        """the_rules_of_dungeon_bowl.md "Time Limits and Winning the Game":
        at the time limit, with nobody scored, "the team that has got the
        ball closer to their opposition's End Zone ... is the winner". The
        match engine scores that win 1-0 with no touchdown (game.py), and a
        report of a league with the time limit gives it the same way: 1-0,
        no player credited a touchdown (and none earns its SPP)."""
        return time_limit and home + away == 1

    def casualty_bonus(self) -> tuple[int, int] | None:
        """league_and_exhibition_play.md "League Scoring": +1 for causing 3
        or more Casualties (the SPP ones). Decision (league.json): on."""
        rules = league.league_rules()
        return rules.casualty_bonus_threshold, rules.casualty_bonus

    def league_bonuses(self) -> tuple[LeagueBonus, ...]:
        """ "League Scoring" offers the casualty bonus alone
        (:meth:`casualty_bonus`): no touchdown or clean-sheet bonus."""
        return ()

    def season_prizes(self) -> Mapping[int, int]:
        """ "Glittering Prizes": 1st 100,000, 2nd 60,000, 3rd 30,000."""
        return league.league_rules().prizes

    def champion_rerolls(self) -> int:
        """The Dungeon Bowl Trophy: its holder adds one team re-roll."""
        return league.trophy_rerolls(True)

    def scouting(
        self, mvp_player_ids: Sequence[int], roller: Roller
    ) -> tuple[tuple[int, ...], tuple[Roll, ...]]:
        """Re-drafting "1. Scouting" (:func:`.league.scouting`): a D6 for
        each player with any MVP award, a 6 and he leaves."""
        result = league.scouting(tuple(mvp_player_ids), roller)
        return tuple(int(p) for p in result.scouted), result.rolls

    def redraft_budget(
        self,
        *,
        treasury: int,
        games: int,
        wins: int,
        draws: int,
        scouted: int = 0,
        cap: int | None = None,
    ) -> RedraftBudget:
        """ "3. Raise Funds" (:func:`.league.redraft_budget`): no draw bonus.
        Decision: the commissioner's cap is the text's optional one
        (1,300,000 in the rules; any cap the commissioner sets is applied)."""
        raw = league.redraft_budget(
            treasury=treasury, games=games, league_wins=wins, scouted=scouted
        )
        capped = cap is not None and raw.total > cap
        return RedraftBudget(
            raw.base,
            treasury,
            games,
            wins,
            0,
            min(raw.total, cap) if cap is not None else raw.total,
            capped,
            scouted,
        )

    def rehire_cost(self, current_value: int, seasons_played: int) -> int:
        return league.rehire_cost(current_value, seasons_played)


@cache
def _catalogue() -> Mapping[str, InducementSpec]:
    """inducements.md: 0-8 Extra Team Training and 0-3 Bribes, 100,000
    each, and 0-1 College Wizard, 100,000: the Wizard of the team's own
    college (``TeamSheet.college_wizard``, set from the roster by the
    league's team sheet), whose spell the match plays (:mod:`.spells`)."""

    specs = (
        InducementSpec("extra_team_training", "Extra Team Training", 8, 100_000),
        BRIBES,
        InducementSpec("college_wizard", "College Wizard", 1, 100_000),
    )
    return MappingProxyType({s.slug: s for s in specs})
