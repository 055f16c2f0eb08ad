"""What a league needs of a game format: :class:`LeagueFormat`.

Its name and label, how long a game is, the team and draft limits, the
league rules (Star Player Points, casualties after the game, inducements,
winnings, the post-game steps, the re-draft) and how a league runs the
format (which fields a team and a match have, what scores count, the
tiebreakers). A format played on the pitch adds what a match needs
(:class:`engine.variants.match_rules.MatchRules`; both together are a
:class:`~engine.variants.base.Variant`); a format whose team is a team card
adds its own game instead (:class:`engine.variants.card_game.CardGame`:
Blitz Bowl).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from engine.core.rules_data import rules_data
from engine.variants.fields import MATCH_FIELDS, PLAYER_STATS, TEAM_FIELDS

if TYPE_CHECKING:
    from engine.campaign.casualty import CasualtyTable
    from engine.campaign.drafting import Violation
    from engine.campaign.getting_even import GettingEvenRule
    from engine.campaign.inducements import InducementSpec
    from engine.campaign.postgame import PostgameInput, WinningsResult
    from engine.campaign.redraft import RedraftBudget
    from engine.core.dice import Roll, Roller
    from engine.core.rules_data import Position, Roster, RulesData
    from engine.variants.card_game import CardPlayer


@dataclass(frozen=True, slots=True)
class LeagueBonus:
    """``points`` League points for a game in which a team scored at least
    ``threshold`` touchdowns (``touchdowns``), conceded at most
    ``threshold`` (``conceded``) or caused at least ``threshold`` of the
    casualties that earn SPP (``casualties``)."""

    kind: Literal["touchdowns", "conceded", "casualties"]
    threshold: int
    points: int = 1

    def earned(self, *, scored: int, conceded: int, casualties: int) -> bool:
        if self.kind == "touchdowns":
            return scored >= self.threshold
        if self.kind == "conceded":
            return conceded <= self.threshold
        return casualties >= self.threshold


class LeagueFormat:
    """One game format as a league sees it. Class attributes are its facts;
    methods are the league rules that differ. Subclasses override only what
    differs.

    Instances are immutable singletons in practice (one per format, made by
    :func:`engine.variants.base.register`).
    """

    # -- identity ----------------------------------------------------------
    name: ClassVar[str] = ""  # the slug stored in leagues and events
    label: ClassVar[str] = ""  # what people read
    # One sentence saying what the format is, for someone choosing one
    # (the new-league page); empty: the label says enough.
    summary: ClassVar[str] = ""
    rules_data_version: ClassVar[str] = "bb2020"
    house_format: ClassVar[bool] = False  # not an official league format
    # Whether leagues, the command-line tools and the API offer the format
    # (:func:`engine.variants.variants`); False: registered and played by
    # name (``get_variant``) while its rules are still being written.
    offered: ClassVar[bool] = True
    # Listed first where a new league picks its format (the newest edition
    # of the eleven-a-side game).
    offered_first: ClassVar[bool] = False

    # -- the length of a game (the report checks and the pages read it) ----
    turns_per_half: ClassVar[int] = 8
    # Whether the game is played in halves (a Dungeon Bowl game is team turns
    # to the first touchdown, ``turns_per_half`` its time limit).
    has_halves: ClassVar[bool] = True

    # -- team and draft ----------------------------------------------------
    budget: ClassVar[int] = 1_000_000
    min_players: ClassVar[int] = 11
    max_players: ClassVar[int] = 16
    max_non_linemen: ClassVar[int | None] = None
    max_rerolls: ClassVar[int] = 8
    reroll_draft_multiplier: ClassVar[int] = 1
    reroll_later_multiplier: ClassVar[int | None] = 2  # None: only at draft
    reroll_value_multiplier: ClassVar[int] = 1  # what a re-roll adds to TV
    max_assistant_coaches: ClassVar[int] = 6
    assistant_coach_cost: ClassVar[int | None] = None  # None: roster price
    max_cheerleaders: ClassVar[int] = 12
    cheerleader_cost: ClassVar[int | None] = None
    apothecary_cost: ClassVar[int | None] = None
    max_dedicated_fans_at_draft: ClassVar[int] = 6
    dedicated_fan_cost: ClassVar[int] = 10_000
    journeyman_loner: ClassVar[str] = "4+"
    # Ready-made team sheets (CLIs, bench, tests): squad size and how many of
    # each non-Lineman position they take.
    default_squad: ClassVar[int] = 13
    default_per_position: ClassVar[int] = 2
    default_max_positionals: ClassVar[int] = 6

    # -- league rules --------------------------------------------------------
    # Star Player Points costs per advancement (rows: Experienced .. Legend;
    # columns: random primary, chosen primary / random secondary, chosen
    # secondary, characteristic).
    spp_costs: ClassVar[tuple[tuple[int, int, int, int], ...]] = ()
    # Whether the second column of the Advancements table also buys a
    # random Secondary skill (BB2020: "chosen Primary or random Secondary").
    random_secondary: ClassVar[bool] = True
    # Current Value increases ("Value Increase"): a new skill by advancement
    # kind, a characteristic by its name; an Elite skill adds its bonus.
    skill_value_increases: ClassVar[Mapping[str, int]] = MappingProxyType(
        {
            "random_primary": 10_000,
            "chosen_primary": 20_000,
            "random_secondary": 20_000,
            "chosen_secondary": 40_000,
        }
    )
    characteristic_value_increases: ClassVar[Mapping[str, int]] = MappingProxyType(
        {"av": 10_000, "ma": 20_000, "pa": 20_000, "ag": 40_000, "st": 80_000}
    )
    elite_skill_bonus: ClassVar[int] = 0
    # The Characteristic Improvement roll: the die, and its rows (low, high,
    # the characteristics offered). BB2020: a D16.
    characteristic_die: ClassVar[int] = 16
    characteristic_table: ClassVar[tuple[tuple[int, int, tuple[str, ...]], ...]] = (
        (1, 7, ("ma", "av")),
        (8, 13, ("ma", "pa", "av")),
        (14, 14, ("ag", "pa")),
        (15, 15, ("st", "ag")),
        (16, 16, ("ma", "st", "ag", "pa", "av")),
    )
    # Whether a characteristic roll may be taken as a chosen Primary skill
    # as well as a chosen Secondary one (BB2020: Secondary only).
    characteristic_fallback_primary: ClassVar[bool] = False
    # Star Player Points per achievement ("Earning Star Player Points"),
    # keyed by the engine.campaign.postgame.SppTally field. Decision: an
    # interception earns 2 SPP in total, not 2 + 1 for the deflection it
    # started as (seed 004: "Pass interception (upgrade deflection)").
    spp_values: ClassVar[Mapping[str, int]] = MappingProxyType(
        {
            "passing_completions": 1,
            "throwing_completions": 1,
            "deflections": 1,
            "interceptions": 2,
            "casualties": 2,
            "touchdowns": 3,
            "mvps": 4,
        }
    )

    def is_lineman(self, position: Position) -> bool:
        """Whether ``position`` is a Lineman for the rules that name Linemen
        (Low Cost Linemen). Decision (BB2020): the roster's lineman
        positions, its 0-12 or 0-16 ones (``Position.lineman``), the ones
        journeymen are drawn from."""
        return position.lineman

    def raise_dead_positions(self, roster: Roster) -> tuple[Position, ...]:
        """The positions a player killed by ``roster``'s team rises as, for
        it to keep after the game (Masters of Undeath); none (BB2020 as the
        engine plays it: the rule is not played)."""
        return ()

    # Getting Even after the game (BB2025): its facts, None when the
    # format has no such rule (BB2020).
    getting_even: ClassVar[GettingEvenRule | None] = None
    # The team special rule under which a coach names one player captain,
    # and the skill the captain gains for it (BB2020: no such rule).
    team_captain_rule: ClassVar[str | None] = None
    team_captain_skill: ClassVar[str] = "pro"
    # The team special rule under which a permanently hired Lineman's
    # Current Value leaves out his hiring fee (Low Cost Linemen, league
    # play); None: the format does not play it (the fee is always in it).
    low_cost_linemen_rule: ClassVar[str | None] = None
    # Team special rules that change SPP values: rule slug -> {field: SPP}.
    spp_team_rules: ClassVar[Mapping[str, Mapping[str, int]]] = MappingProxyType({})
    # The underdog rolls on the Prayers to Nuffle table once per full
    # 50,000 of CTV difference (BB2020); False: prayers are an inducement.
    underdog_prayers: ClassVar[bool] = True
    # The first die of a random skill roll: 6 (1-3 / 4-6) or 2 (seed 004).
    skill_first_die: ClassVar[int] = 6
    # How many skills a random skill advancement rolls, its coach keeping
    # one of them (BB2020: one, kept; BB2025: two).
    random_skill_rolls: ClassVar[int] = 1
    # Leagues track SPP unless they choose the post-game free skill.
    spp_optional: ClassVar[bool] = False
    # The lower-CTV team's petty cash includes what the other team spent
    # from its treasury, and it may not add treasury (BB2020 errata).
    petty_cash_includes_spending: ClassVar[bool] = True
    # How much of its own treasury the lower-CTV team may add to its petty
    # cash (BB2020: none; BB2025: up to 50,000).
    underdog_treasury: ClassVar[int] = 0
    star_players: ClassVar[bool] = True
    # How many players each coach nominates for the MVP, one of whom is
    # drawn (engine.campaign.mvp); None: drawn from every eligible player
    # (BB2020 "Most Valuable Player").
    mvp_nominations: ClassVar[int | None] = None
    # What a team that did not stall adds to its winnings; 0: the format
    # has no such bonus, and a report names no team stalling.
    no_stalling_bonus: ClassVar[int] = 0
    # An illegal concession loses the conceding team's players every SPP
    # they earned in the game (BB2025 section 15; BB2020 "Conceding" does
    # not take them).
    concession_loses_spp: ClassVar[bool] = False
    # After a concession, a D6 for each of the conceding team's players with
    # three or more advancements: 1-3 quits the team
    # (engine.campaign.postgame.concession_departures; BB2020 and BB2025
    # "Conceding").
    concession_player_loss: ClassVar[bool] = False
    # Sevens "The Draft": in the post-game, a D6 for each player who has
    # gained one or more skills; a roll equal to or lower than their number
    # and the player leaves (engine.campaign.postgame.postgame_draft_departures).
    draft_departures: ClassVar[bool] = False
    # The casualty results (engine.campaign.casualty.CasualtyResult values)
    # after which a player may be temporarily retired, in the post-game of
    # the game he suffered one in (post-game_sequence.md "Temporarily
    # Retiring": "a game in which a player suffers a Lasting Injury result on
    # the Casualty table"); empty: no player of the format ever may.
    retirement_results: ClassVar[frozenset[str]] = frozenset({"lasting_injury"})
    # The post-game steps, in order (matches.postgame.sequence runs them).
    postgame_steps: ClassVar[tuple[str, ...]] = (
        "outcome",
        "winnings",
        "fans",
        "spp",
        "injuries",
        "expensive_mistakes",
        "team_value",
    )

    # -- how a league runs the format ----------------------------------------
    # A team is one team card picked from ``team_cards()`` (its Players come
    # from ``card_players``; no roster, budget or purchases) rather than a
    # roster drafted within a budget.
    drafts_team_card: ClassVar[bool] = False
    # Whatever a match does carries over (SPP, injuries, treasury, team
    # value); False for a format with no progression.
    tracks_progression: ClassVar[bool] = True
    # Which of :data:`TEAM_FIELDS` a team of the format has, and which of
    # :data:`MATCH_FIELDS` its matches record: the pages and the API show
    # these and no others. A team field a format lacks has a draft limit of
    # 0 (nothing of it can be bought).
    team_fields: ClassVar[frozenset[str]] = TEAM_FIELDS
    match_fields: ClassVar[frozenset[str]] = MATCH_FIELDS
    # Which of :data:`PLAYER_STATS` its matches record of each player: the
    # player pages and the leaders boards show these and no others.
    player_stats: ClassVar[frozenset[str]] = PLAYER_STATS
    # The format's own name of a statistic it counts more in than its usual
    # name says (key -> the long label its tables and report show).
    stat_names: ClassVar[Mapping[str, str]] = MappingProxyType({})
    # The format's own short description of each skill, trait or special
    # rule it plays differently from its rules data's wording (slug ->
    # text): the pages show these instead of the rules data's.
    skill_descriptions: ClassVar[Mapping[str, str]] = MappingProxyType({})
    # What a match's scores count ("touchdowns", or "points").
    score_name: ClassVar[str] = "touchdowns"
    # What one touchdown adds to a match's score: 1 where scores count
    # touchdowns; a format whose scores are points gives its touchdown's.
    touchdown_score: ClassVar[int] = 1
    # Whether the standings show casualty columns.
    standings_shows_casualties: ClassVar[bool] = True
    # A new league's tiebreakers (league.models.TIEBREAKERS):
    # league_and_exhibition_play.md "The Play-off Season": "ranks the teams
    # in order of League points, from highest to lowest, using total
    # touchdowns as the first tiebreaker and total casualties as the second
    # tiebreaker" (the touchdowns and the casualties a team scored and
    # caused). Decision: teams level on all three are then separated head
    # to head, then by a seeded coin flip (the text stops there).
    default_tiebreakers: ClassVar[tuple[str, ...]] = (
        "points",
        "td_for",
        "cas_for",
        "head_to_head",
    )

    def __repr__(self) -> str:
        return f"<Variant {self.name}>"

    # -- league rules --------------------------------------------------------

    def reroll_cost(self, roster: Roster, *, at_draft: bool) -> int | None:
        """Price of one team re-roll now; None when it cannot be bought."""
        m = self.reroll_draft_multiplier if at_draft else self.reroll_later_multiplier
        return None if m is None else roster.reroll_cost * m

    def reroll_value(self, roster: Roster) -> int:
        return roster.reroll_cost * self.reroll_value_multiplier

    def staff_cost(self, roster: Roster, item: str) -> int | None:
        """Price of one assistant coach, cheerleader or apothecary."""
        own = {
            "assistant_coach": self.assistant_coach_cost,
            "cheerleader": self.cheerleader_cost,
            "apothecary": self.apothecary_cost,
        }[item]
        if item == "apothecary" and not roster.apothecary:
            return None
        return own if own is not None else roster.staff.get(item)

    def league_casualty_table(self) -> CasualtyTable | None:
        """The table a league of this format rolls casualties on after the
        game (None: the Injury table gave the casualty)."""
        return None

    def inducement_catalogue(self) -> Mapping[str, InducementSpec]:
        return {}

    def winnings(self, game: PostgameInput) -> WinningsResult:
        """The post-game Winnings of both teams."""
        raise NotImplementedError(f"{self.name} defines no winnings")

    def random_skill_table(
        self, category: str, data: RulesData | None = None
    ) -> tuple[str, ...] | None:
        """The format's random skill table for ``category`` (12 slugs: the
        first die's low half 1-6, then its high half 1-6), None when the
        category has none. BB2020: the table of ``data`` (the format's own
        rules data by default)."""
        if data is None:
            data = rules_data(self.rules_data_version)
        return data.random_skill_table.get(category)

    # -- reports, winnings and the season (hooks Dungeon Bowl fills) ------
    # Whether the match engine plays this format's whole game (a league may
    # resolve its matches); False while a format's game is being written.
    engine_plays_game: ClassVar[bool] = True
    # A report of this format may give each team's Gather Funds count (the
    # Dungeon Bowl Treasure Room); the post-game pays :meth:`gathered_funds`.
    gathers_funds: ClassVar[bool] = False

    def score_violations(
        self, home: int, away: int, *, conceded: bool, time_limit: bool
    ) -> list[Violation]:
        """What the format refuses in a reported score (``time_limit``: the
        league plays with a time limit); nothing by default."""
        return []

    def score_without_touchdowns(
        self, home: int, away: int, *, time_limit: bool
    ) -> bool:
        """Whether a reported score may stand with no player credited a
        touchdown: a win the format awards without one (Dungeon Bowl's time
        limit); never by default, where the touchdowns make the score."""
        return False

    def rolled_winnings(
        self, game: PostgameInput, roller: Roller
    ) -> tuple[WinningsResult, tuple[Roll, ...]]:
        """The post-game Winnings and the dice rolled for them: by default
        :meth:`winnings`, which rolls none (``roller`` is left untouched)."""
        return self.winnings(game), ()

    def gathered_funds(self, uses: int, *, penalised: bool = False) -> int:
        """Gold a team gains after the game for ``uses`` Gather Funds actions
        (none in a format without them); ``penalised``: the team bears a
        concession's penalties (``PostgameInput.penalised``)."""
        return 0

    def casualty_bonus(self) -> tuple[int, int] | None:
        """League points a team adds for the casualties it inflicted in a
        match, as (at least this many casualties, points); None: no bonus.
        On unless the league switches it off (Dungeon Bowl's)."""
        return None

    def league_bonuses(self) -> tuple[LeagueBonus, ...]:
        """The optional bonus League points the format's league rules offer
        a commissioner, all taken or none (off unless the league takes
        them); none by default."""
        return ()

    def season_prizes(self) -> Mapping[int, int]:
        """Gold paid at the end of a season by league place (1 = first);
        none by default."""
        return {}

    def champion_rerolls(self) -> int:
        """Free team re-rolls the season's champion adds for the next season
        (a trophy); none by default."""
        return 0

    def scouting(
        self, mvp_player_ids: Sequence[int], roller: Roller
    ) -> tuple[tuple[int, ...], tuple[Roll, ...]]:
        """Before a re-draft, the players with an MVP award (in the order
        given) that leave the team, scouted away, and the dice rolled; each
        counts in :meth:`redraft_budget` (``scouted``). None by default."""
        return (), ()

    def redraft_budget(
        self,
        *,
        treasury: int,
        games: int,
        wins: int,
        draws: int,
        scouted: int = 0,
        cap: int | None = None,
    ) -> RedraftBudget | None:
        """The format's own Re-Draft Budget ("Raise Funds"); None: the BB2020
        one (``engine.campaign.redraft.redraft_budget``, which the engine
        core may not import)."""
        return None

    def rehire_cost(self, current_value: int, seasons_played: int) -> int | None:
        """The format's own price of a returning player at the re-draft;
        None: the BB2020 one (``engine.campaign.redraft.rehire_cost``)."""
        return None

    # -- team cards: what a format that drafts one offers ------------------

    def team_cards(self) -> Mapping[str, str]:
        """The team cards a coach picks from, slug -> name (none for a
        format that drafts rosters)."""
        return {}

    def team_card_details(self) -> list[dict[str, Any]]:
        """Every team card as plain data (slug, name, players, positions with
        count, move, block, throw, armour and abilities), for the API and
        the draft page (none for a format that drafts rosters)."""
        return []

    def challenge_deck(self) -> list[dict[str, Any]]:
        """A card format's Challenge Cards: card number, challenge slug and
        name, points, and the Bonus Play on the back (none by default)."""
        return []

    def ability_names(self) -> Mapping[str, tuple[str, str]]:
        """The team cards' abilities, slug -> (name, rules text)."""
        return {}

    def card_players(self, card: str) -> tuple[CardPlayer, ...]:
        """The players team card ``card`` gives, in card order (empty for an
        unknown card)."""
        return ()
