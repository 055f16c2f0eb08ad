"""What a format that drafts a team card rather than a roster gives a league
(Blitz Bowl, :mod:`engine.variants.blitz_bowl`): the cards, their players
and abilities, a card game played by the bots, its replay, and what the
rules refuse in a report. Every :class:`~engine.variants.base.Variant` has
these methods; a format that drafts rosters keeps the empty defaults.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

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


class CardGame:
    """The card-format part of a :class:`~engine.variants.base.Variant`."""

    name: ClassVar[str]

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

    def play_card_game(
        self,
        home: tuple[str, str, Sequence[str]],
        away: tuple[str, str, Sequence[str]],
        seed: int,
        *,
        bot: str = "scripted",
    ) -> Any:
        """Play a match of a card format with ``bot`` bots (see the variant)."""
        raise NotImplementedError(f"{self.name} plays rosters, not team cards")

    def card_replay(
        self,
        events: Sequence[Mapping[str, Any]],
        home: tuple[str, str, Sequence[str]],
        away: tuple[str, str, Sequence[str]],
    ) -> dict[str, Any] | None:
        """A card game's replay data from its events (as ``to_dict()`` gave
        them) and the two sheets played; None for a format without one."""
        return None

    def card_report_violations(self, home: CardSide, away: CardSide) -> list[Violation]:
        """What the rules refuse in a card format's report."""
        raise NotImplementedError(f"{self.name} plays rosters, not team cards")
