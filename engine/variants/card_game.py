"""A format whose team is a team card and whose game is its own, not a
:class:`~engine.match.Match` on the pitch (Blitz Bowl,
:mod:`engine.variants.blitz_bowl`): :class:`CardGame` plays it with the bots,
replays it and checks a report of it. The cards a league drafts from are
league facts (:class:`~engine.variants.league_format.LeagueFormat`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.campaign.drafting import Violation


@dataclass(frozen=True, slots=True)
class CardPlayer:
    """One player a team card gives (formats that draft a team card): the
    position's name, its characteristics in Dugout's columns, and its
    abilities."""

    position: str
    ma: int
    st: int
    ag: int
    pa: int | None
    av: int
    abilities: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CardSide:
    """One team's side of a report in a format that drafts a team card:
    points, touchdowns (``scorers``: the index of the scoring player in
    card order, one entry per touchdown, when given), the Challenge Cards
    claimed (by card number, or by challenge slug) and Clean Sweeps."""

    points: int
    touchdowns: int
    card_numbers: tuple[int, ...] = ()
    challenges: tuple[str, ...] = ()
    clean_sweeps: int = 0
    scorers: tuple[int, ...] = ()


class CardGame(ABC):
    """A card game: what a league of a card format asks beyond the league
    facts. Not a match: none of :class:`~engine.variants.match_rules.MatchRules`."""

    @abstractmethod
    def play_card_game(
        self,
        home: tuple[str, str, Sequence[str]],
        away: tuple[str, str, Sequence[str]],
        seed: int,
        *,
        bot: str = "scripted",
    ) -> Any:
        """Play a match with ``bot`` bots: ``home``/``away`` are (team name,
        card slug, player names in card order)."""

    @abstractmethod
    def card_game_start(
        self,
        home: tuple[str, str, Sequence[str]],
        away: tuple[str, str, Sequence[str]],
        seed: int,
    ) -> Any:
        """A game of the same sheets and seed as :meth:`play_card_game`,
        stopped at its first decision, for coaches to play: it has
        ``pending`` (a ``Decision`` or None), ``done``, ``decisions``,
        ``apply(choice)`` and ``clone()``, as :class:`~engine.match.Match`."""

    @abstractmethod
    def card_game_view(self, game: Any, viewer: str | None) -> dict[str, Any]:
        """What ``viewer`` ("home", "away", or None for a spectator) may
        see of ``game`` now: the other coach's secrets (a hand of cards, a
        deck's order) are left out."""

    @abstractmethod
    def card_game_bot_choice(self, game: Any, seed: int) -> tuple[Any, ...]:
        """The scripted bot's choice for ``game``'s pending decision."""

    @abstractmethod
    def card_game_result(
        self,
        game: Any,
        home: tuple[str, str, Sequence[str]],
        away: tuple[str, str, Sequence[str]],
    ) -> Any:
        """What a finished ``game`` comes to (as :meth:`play_card_game`
        answers it)."""

    @abstractmethod
    def card_replay(
        self,
        events: Sequence[Mapping[str, Any]],
        home: tuple[str, str, Sequence[str]],
        away: tuple[str, str, Sequence[str]],
    ) -> dict[str, Any] | None:
        """A card game's replay data from its events (as ``to_dict()`` gave
        them) and the two sheets played."""

    @abstractmethod
    def card_report_violations(self, home: CardSide, away: CardSide) -> list[Violation]:
        """What the rules refuse in a report of the game."""
