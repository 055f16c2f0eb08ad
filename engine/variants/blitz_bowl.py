"""Blitz Bowl as a league format: a house format.

Blitz Bowl is a stand-alone game (``engine/blitz``) with no league rules of
its own. Dugout runs a season of it as a house format: each coach picks one
of the 23 team cards (no budget, no purchases), a season is scheduled as
usual, and each match is recorded from a report (points, touchdowns and
Challenge Cards claimed) or played by the engine. Nothing carries over from
one match to the next: no Star Player Points, no injuries, no treasury, no
team value ("no progression"). The only post-game step is the outcome.

This module is what the league asks: the team cards and the players they
give (``card_players``), how the engine plays a match (``play_card_game``)
and what a report may claim (``card_report_violations``); the league code
never names the format.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.campaign.drafting import Violation
from engine.variants.base import register
from engine.variants.card_game import CardGame, CardPlayer, CardSide
from engine.variants.fields import TOUCHDOWNS
from engine.variants.league_format import LeagueFormat

# Rulebook "Scoring Points" / "Touchdown": a Touchdown scores 4 points;
# "Clean Sweep": claiming all three active cards in one turn scores 2 more.
TOUCHDOWN_POINTS = 4
CLEAN_SWEEP_POINTS = 2
# Rulebook "Challenge Cards": three are active at a time.
ACTIVE_CARDS = 3


@dataclass(frozen=True, slots=True)
class CardGameResult:
    """What the engine made of one match: the summary the league stores and
    every event as a plain dict (``to_dict()``)."""

    home_points: int
    away_points: int
    summary: dict[str, Any]
    events: list[dict[str, Any]]
    # engine player id (1.., 101..) -> (side, index in card order)
    touchdowns_by_player: dict[tuple[str, int], int]
    # the choices the bots made
    decisions: int = 0


class BlitzBowl(LeagueFormat, CardGame):
    """Blitz Bowl run as a league: a team card each, no progression. Its
    game is its own (``engine/blitz``), not a match on the pitch: it has no
    match rules."""

    name = "blitz-bowl"
    label = "Blitz Bowl (house format: a team card each, no progression)"
    summary = (
        "The fast board game: each coach picks a ready-made team card, "
        "Challenge Cards score points beside touchdowns, and nothing "
        "carries over from one match to the next."
    )
    rules_data_version = "bb2020"
    house_format = True
    budget = 0
    # A card gives all its players: no journeymen ever join (the kick-off
    # tops a team up to min_players).
    min_players = 0
    drafts_team_card = True
    tracks_progression = False
    # A team card is the whole team: no Star Player is hired into it.
    star_players = False
    # No money, no team value, no team re-rolls (a Bonus Play hand instead),
    # no sideline staff or fans, no Fan Factor or weather (Blitz Bowl
    # rulebook: the game's only resources are its Actions and cards).
    team_fields: ClassVar[frozenset[str]] = frozenset()
    match_fields: ClassVar[frozenset[str]] = frozenset()
    # Of its players a game tells only who scored each Touchdown: points
    # come from Touchdowns and the team's Challenge Cards (rules.md "Game
    # Overview"), a hit player is Injured and goes to the Dugout, not a
    # Casualty ("Injured Players"), and no one earns Star Player Points.
    player_stats: ClassVar[frozenset[str]] = frozenset({TOUCHDOWNS})
    # Decision: no Glittering Prizes and no Trophy at a season's close
    # (season_prizes, champion_rerolls: LeagueFormat's none): a team card has
    # no treasury and no re-rolls, and the seeds give Blitz Bowl no league.
    max_rerolls = 0
    max_assistant_coaches = 0
    max_cheerleaders = 0
    max_dedicated_fans_at_draft = 1
    score_name = "points"
    # rules.md "Touchdown": "That Player's team then scores 4 points".
    touchdown_score = TOUCHDOWN_POINTS
    standings_shows_casualties = False
    # Decision: Blitz Bowl scores points, not only touchdowns, so the
    # tiebreakers use them: after league points, the score difference (points for - against),
    # then points for, then head to head, then wins (a coin flip after).
    default_tiebreakers = (
        "points",
        "score_diff",
        "score_for",
        "head_to_head",
        "wins",
    )
    # Only the outcome: no winnings, fans, SPP, injuries, Expensive
    # Mistakes or team value in a format with no progression.
    postgame_steps = ("outcome",)
    # No Casualty table and no Lasting Injury ("Injured Players"): no one is
    # ever temporarily retired.
    retirement_results: ClassVar[frozenset[str]] = frozenset()

    # -- the draft --------------------------------------------------------

    def team_cards(self) -> Mapping[str, str]:
        from engine.blitz.data import teams

        return {slug: card.name for slug, card in teams().items()}

    def team_card_details(self) -> list[dict[str, Any]]:
        from engine.blitz.data import teams

        return [
            {
                "slug": t.slug,
                "name": t.name,
                "players": t.players,
                "positions": [
                    {
                        "name": p.name,
                        "count": p.count,
                        "move": p.move,
                        "block": p.block,
                        "throw": p.throw,
                        "armour": p.armour,
                        "abilities": list(p.abilities),
                    }
                    for p in t.positions
                ],
            }
            for t in teams().values()
        ]

    def challenge_deck(self) -> list[dict[str, Any]]:
        from engine.blitz.data import cards

        return [
            {
                "card": c.number,
                "challenge": c.challenge.slug,
                "name": c.challenge.name,
                "points": c.challenge.points,
                "bonus_play": c.bonus_play.slug,
                "bonus_play_name": c.bonus_play.name,
            }
            for c in cards().deck
        ]

    def ability_names(self) -> Mapping[str, tuple[str, str]]:
        from engine.blitz.data import abilities

        return {k: (a.name, a.text) for k, a in abilities().items()}

    def card_players(self, card: str) -> tuple[CardPlayer, ...]:
        from engine.blitz.data import teams

        team = teams().get(card)
        if team is None:
            return ()
        # Decision: Player rows keep Dugout's columns, read as the card's:
        # ma = Move (0 for "D6", rolled each Run), st = Block dice, pa =
        # Throw (None for "-"), av = Armour (0 for "-": fails every check);
        # ag is not on a Blitz Bowl card (0). Value is 0: no team value.
        return tuple(
            CardPlayer(
                position=p.name,
                ma=p.move or 0,
                st=p.block,
                ag=0,
                pa=p.throw,
                av=p.armour or 0,
                abilities=p.abilities,
            )
            for p in team.positions
            for _ in range(p.count)
        )

    # -- the match ----------------------------------------------------------

    def play_card_game(
        self,
        home: tuple[str, str, Sequence[str]],
        away: tuple[str, str, Sequence[str]],
        seed: int,
        *,
        bot: str = "scripted",
    ) -> CardGameResult:
        """Play one match with the bots (``bot``: the scripted ones, or the
        random ones): ``home``/``away`` are (team name, card slug, player
        names in card order). The same sheets, seed and bots always give
        the same game."""
        from engine.blitz.simulate import BOTS

        g = self.card_game_start(home, away, seed)
        make = BOTS[bot]
        bots = (make(seed), make(seed + 1_000_003))
        while not g.done:
            d = g.pending
            assert d is not None
            g.apply(bots[0 if d.team == "home" else 1].choose(g, d))
        return self.card_game_result(g, home, away)

    def card_game_start(
        self,
        home: tuple[str, str, Sequence[str]],
        away: tuple[str, str, Sequence[str]],
        seed: int,
    ) -> Any:
        from engine.blitz.game import BlitzGame
        from engine.blitz.state import BlitzTeamSheet

        sheets = [BlitzTeamSheet(n, c, tuple(p)) for n, c, p in (home, away)]
        # Decision: the board side is the single-ball side (the rules'
        # "recommended for your first games"); a league could choose later.
        return BlitzGame(sheets[0], sheets[1], seed=seed, side="single")

    def card_game_view(self, game: Any, viewer: str | None) -> dict[str, Any]:
        from engine.blitz.view import blitz_view

        return blitz_view(game.state, viewer)

    def card_game_bot_choice(self, game: Any, seed: int) -> tuple[Any, ...]:
        from engine.blitz.simulate import BOTS

        d = game.pending
        assert d is not None
        choice: tuple[Any, ...] = BOTS["scripted"](seed).choose(game, d)
        return choice

    def card_game_result(
        self,
        game: Any,
        home: tuple[str, str, Sequence[str]],
        away: tuple[str, str, Sequence[str]],
    ) -> CardGameResult:
        from engine.blitz.events import CardClaimed, CleanSweep, Touchdown

        g = game
        s = g.state
        tds = {"home": 0, "away": 0}
        by_player: dict[tuple[str, int], int] = {}
        claimed: dict[str, list[dict[str, Any]]] = {"home": [], "away": []}
        sweeps = {"home": 0, "away": 0}
        for e in g.events:
            if isinstance(e, Touchdown):
                tds[e.team] += 1
                key = (e.team, e.player % 100 - 1)
                by_player[key] = by_player.get(key, 0) + 1
            elif isinstance(e, CardClaimed):
                claimed[e.team].append(
                    {"card": e.card, "challenge": e.challenge, "points": e.points}
                )
            elif isinstance(e, CleanSweep):
                sweeps[e.team] += 1
        summary: dict[str, Any] = {
            "format": self.name,
            "cards": {"home": home[1], "away": away[1]},
            "points": {"home": s.score[0], "away": s.score[1]},
            "touchdowns": tds,
            "cards_claimed": claimed,
            "clean_sweeps": sweeps,
            "winner": s.winner or None,
            "how": s.how,
            "turns": sum(s.turns),
            "sheets": {
                side: {"name": n, "card": c, "players": list(p)}
                for side, (n, c, p) in (("home", home), ("away", away))
            },
        }
        return CardGameResult(
            home_points=s.score[0],
            away_points=s.score[1],
            summary=summary,
            events=[e.to_dict() for e in g.events],
            touchdowns_by_player=by_player,
            decisions=len(s.decisions),
        )

    def card_replay(
        self,
        events: Sequence[Mapping[str, Any]],
        home: tuple[str, str, Sequence[str]],
        away: tuple[str, str, Sequence[str]],
    ) -> dict[str, Any] | None:
        from engine.blitz.replay import replay_data
        from engine.blitz.state import BlitzTeamSheet

        if not events or events[0].get("type") != "blitz_start":
            return None
        sheets = [BlitzTeamSheet(n, c, tuple(p)) for n, c, p in (home, away)]
        side = str(events[0].get("side", "single"))
        return replay_data(events, sheets[0], sheets[1], side)

    # -- the report -------------------------------------------------------

    def card_report_violations(self, home: CardSide, away: CardSide) -> list[Violation]:
        """Every way a report breaks what the rules can produce (each with
        a code and the field it concerns); empty when it could be true."""
        from engine.blitz.data import cards

        deck = cards().deck
        numbers = {c.number: c for c in deck}
        copies = Counter(c.challenge.slug for c in deck)
        out: list[Violation] = []
        claimed_slugs: Counter[str] = Counter()
        seen_numbers: dict[int, str] = {}
        total_cards = 0
        for side, rep in (("home", home), ("away", away)):
            for name, value in (
                ("points", rep.points),
                ("touchdowns", rep.touchdowns),
                ("clean_sweeps", rep.clean_sweeps),
            ):
                if value < 0:
                    out.append(
                        Violation(
                            "negative", f"{side}.{name}", f"{name} cannot be negative"
                        )
                    )
            card_points = 0
            repeated = 0
            slugs: list[str] = []
            for i, n in enumerate(rep.card_numbers):
                field = f"{side}.cards.{i}"
                if n not in numbers:
                    out.append(
                        Violation(
                            "unknown_card", field, f"there is no Challenge Card {n}"
                        )
                    )
                    continue
                if n in seen_numbers:
                    code = (
                        "card_claimed_twice"
                        if seen_numbers[n] == side
                        else "card_claimed_by_both"
                    )
                    out.append(
                        Violation(code, field, f"Challenge Card {n} is claimed twice")
                    )
                    # its points still count towards this side's score, so
                    # the one mistake is not reported twice
                    card_points += numbers[n].challenge.points
                    repeated += 1
                    continue
                seen_numbers[n] = side
                slugs.append(numbers[n].challenge.slug)
                card_points += numbers[n].challenge.points
            by_slug = cards().challenges
            for i, slug in enumerate(rep.challenges):
                field = f"{side}.challenges.{i}"
                if slug not in by_slug:
                    out.append(
                        Violation(
                            "unknown_challenge", field, f"no Challenge called {slug!r}"
                        )
                    )
                    continue
                slugs.append(slug)
                card_points += by_slug[slug].points
            claimed_slugs.update(slugs)
            total_cards += len(slugs)
            n_cards = len(slugs) + repeated
            if rep.clean_sweeps > n_cards // ACTIVE_CARDS:
                out.append(
                    Violation(
                        "too_many_clean_sweeps",
                        f"{side}.clean_sweeps",
                        "a Clean Sweep claims three cards: "
                        f"{n_cards} cards allow {n_cards // ACTIVE_CARDS}",
                    )
                )
            if rep.scorers and len(rep.scorers) != rep.touchdowns:
                out.append(
                    Violation(
                        "scorers_mismatch",
                        f"{side}.scorers",
                        f"{len(rep.scorers)} scorers for {rep.touchdowns} touchdowns",
                    )
                )
            least = (
                rep.touchdowns * TOUCHDOWN_POINTS
                + card_points
                + rep.clean_sweeps * CLEAN_SWEEP_POINTS
            )
            # Decision: Generous Coaches (a Random Event) adds 1 point per
            # Touchdown and per card claimed after it is revealed, so the
            # points may exceed the least by at most one per Touchdown and
            # card; nothing else in the game scores points.
            most = least + rep.touchdowns + n_cards
            if min(rep.points, rep.touchdowns, rep.clean_sweeps) >= 0 and not (
                least <= rep.points <= most
            ):
                out.append(
                    Violation(
                        "points_mismatch",
                        f"{side}.points",
                        f"{rep.touchdowns} touchdowns, {n_cards} cards and "
                        f"{rep.clean_sweeps} Clean Sweeps score {least} to "
                        f"{most} points, not {rep.points}",
                    )
                )
        if total_cards > len(deck):
            out.append(
                Violation(
                    "too_many_cards",
                    None,
                    f"{total_cards} cards claimed; the deck has {len(deck)}",
                )
            )
        for slug, n in sorted(claimed_slugs.items()):
            if slug in copies and n > copies[slug]:
                out.append(
                    Violation(
                        "challenge_claimed_too_often",
                        None,
                        f"{slug} claimed {n} times; the deck has {copies[slug]}",
                    )
                )
        return out


BLITZ_BOWL = register(BlitzBowl())
