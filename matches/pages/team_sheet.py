"""Reads for the team sheet's plain-words parts: the team's record and place
in its current season, why its CTV differs from its TV, and its treasury
ledger told as sentences.

Each function runs a fixed number of queries whatever the size of the
league, the roster or the ledger (the team page test holds them to it).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.contenttypes.models import ContentType

from league.models import Player, Team, TreasuryEntry
from league.selectors import team_ledger
from matches.models import Match, Season, SeasonTeamArchive
from matches.seasons.offseason import archive_redraft_lapsed
from matches.seasons.selectors import season_division_standings
from matches.seasons.standings import Row

# --- record and league position -------------------------------------------


@dataclass(frozen=True, slots=True)
class TeamRecord:
    season: Season
    row: Row
    position: int
    of: int
    division: str

    @property
    def place(self) -> str:
        return ordinal(self.position)


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th… 11th, 12th, 13th, 21st."""
    suffix = (
        "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    )
    return f"{n}{suffix}"


def team_current_record(team: Team) -> TeamRecord | None:
    """The team's record (W/D/L, TD, CAS) and place in the table of its
    current season: the latest season it plays in, open or finished.

    Decision: "current" is the team's latest season even once it is closed
    (its final place then), so the sheet never goes blank between seasons;
    with divisions, the place is within the team's own division."""
    season = Season.objects.filter(teams=team).order_by("-created_at", "-pk").first()
    if season is None:
        return None
    for division, rows in season_division_standings(season).items():
        for index, row in enumerate(rows):
            if row.team_id == team.pk:
                return TeamRecord(season, row, index + 1, len(rows), division)
    return None


# --- TV and CTV ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ValueLine:
    player: Player
    why: str


@dataclass(frozen=True, slots=True)
class ValueBreakdown:
    """TV and CTV as ``league.selectors.team_value_get`` computes them:
    TV = the Team Draft list's players (journeymen are not on it) + re-rolls
    and sideline staff; CTV = TV − the listed players who miss the next game
    or are temporarily retired + the journeymen who will play."""

    players: int
    staff: int
    left_out: list[ValueLine]
    left_out_total: int
    journeymen: list[Player]
    journeymen_total: int

    @property
    def differs(self) -> bool:
        return bool(self.left_out_total or self.journeymen_total)


def team_value_breakdown(tv: int, players: Sequence[Player]) -> ValueBreakdown:
    """``tv`` split into players and staff, and the players that make CTV
    differ from it (``players``: the team's roster, already loaded)."""
    listed = [p for p in players if not p.journeyman]
    left_out = [
        ValueLine(
            p,
            "temporarily retired"
            if p.status == Player.Status.RETIRED
            else "misses the next game",
        )
        for p in listed
        if p.miss_next_game or p.status == Player.Status.RETIRED
    ]
    journeymen = [
        p
        for p in players
        if p.journeyman and p.status == Player.Status.ACTIVE and not p.miss_next_game
    ]
    on_list = sum(p.value for p in listed)
    return ValueBreakdown(
        players=on_list,
        staff=tv - on_list,
        left_out=left_out,
        left_out_total=sum(line.player.value for line in left_out),
        journeymen=journeymen,
        journeymen_total=sum(p.value for p in journeymen),
    )


# --- the ledger in words --------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LedgerLine:
    entry: TreasuryEntry
    text: str


PURCHASE_NOTE = re.compile(r"^bought (\d+) × (.+)$")
TREASURE_NOTE = re.compile(r"^Treasure Room: (\d+) Gather Funds")
# How a refund of inducements ends its note: why the match was not played then.
REFUND_WHY = ("was postponed", "was not played")
# (one, several) for what team_buy writes in its note ("bought 2 × rerolls").
PURCHASE_WORDS = {
    "rerolls": ("a re-roll", "re-rolls"),
    "assistant coaches": ("an assistant coach", "assistant coaches"),
    "cheerleaders": ("a cheerleader", "cheerleaders"),
    "apothecary": ("an apothecary", "apothecaries"),
}
INCIDENTS = {
    "crisis_averted": "a crisis averted",
    "minor_incident": "a minor incident",
    "major_incident": "a major incident",
    "catastrophe": "a catastrophe",
}


def _gold(amount: int) -> str:
    return f"{abs(amount):,}"


def _game(match: Match | None, team_id: int) -> str:
    """ " against Orcland (round 3)", or "" when the match is unknown."""
    if match is None:
        return ""
    opponent = match.away if match.home_id == team_id else match.home
    stage = "playoff round" if match.stage == Match.Stage.PLAYOFF else "round"
    third = ", third-place match" if match.third_place else ""
    return f" against {opponent.name} ({stage} {match.round}{third})"


def _purchase(note: str, amount: int) -> str:
    found = PURCHASE_NOTE.match(note)
    if found is None:
        return f"Bought for the sideline for {_gold(amount)}"
    quantity, item = int(found[1]), found[2]
    one, several = PURCHASE_WORDS.get(item, (item, item))
    what = one if quantity == 1 else f"{quantity} {several}"
    return f"Bought {what} for {_gold(amount)}"


def ledger_sentence(entry: TreasuryEntry, match: Match | None) -> str:
    """One ledger row in plain words, from its reason, note and cause."""
    amount, note, reason = entry.amount, entry.note, entry.reason
    Reason = TreasuryEntry.Reason
    game = _game(match, entry.team_id)
    if reason == Reason.WINNINGS:
        return f"Won {_gold(amount)} in winnings{game}"
    if reason == Reason.INDUCEMENTS:
        return f"Spent {_gold(amount)} on inducements{game}"
    if reason == Reason.INDUCEMENTS_REFUND:
        # matches/prematch/pregame.py writes "inducements refunded: <match>
        # was postponed" (or "was not played", for a fixture never played)
        why = next((w for w in REFUND_WHY if note.endswith(w)), "")
        return f"Got back {_gold(amount)} paid for inducements{game}" + (
            f": the match {why}" if why else ""
        )
    if reason == Reason.EXPENSIVE_MISTAKE:
        incident = INCIDENTS.get(note.split(",", 1)[0], "an expensive mistake")
        after = f" after the game{game}" if game else ""
        return f"Lost {_gold(amount)} to {incident} (expensive mistakes){after}"
    if reason == Reason.TREASURE_ROOM:
        # matches/postgame/sequence.py writes "Treasure Room: <n> Gather Funds, ..."
        found = TREASURE_NOTE.match(note)
        uses = f" ({found[1]} Gather Funds)" if found else ""
        return f"Gathered {_gold(amount)} in the Treasure Room{uses}{game}"
    if reason == Reason.PURCHASE:
        return _purchase(note, amount)
    if reason == Reason.HIRE:
        # team_hire_player and journeyman_hire write "hired <name> (<position>)"
        # and "hired journeyman <name> (<position>)".
        what = note[len("hired ") :] if note.startswith("hired ") else "a player"
        return f"Hired {what} for {_gold(amount)}"
    if reason == Reason.DRAFT_BUDGET:
        if note.startswith("re-draft"):
            return f"Received a re-draft budget of {_gold(amount)}"
        return f"Received a draft budget of {_gold(amount)}"
    if reason == Reason.DRAFT:
        if note.startswith("re-draft: the treasury"):
            return f"Put {_gold(amount)} from the treasury into the re-draft budget"
        if note.startswith("re-draft"):
            return (
                f"Spent {_gold(amount)} on the re-draft (players kept and hired, "
                "staff and re-rolls)"
            )
        return f"Spent {_gold(amount)} drafting the team"
    if reason == Reason.ADJUSTMENT:
        who = entry.created_by.username if entry.created_by else "The commissioner"
        verb = "added" if amount > 0 else "took away"
        return f"{who} {verb} {_gold(amount)}: {note}"
    direction = "Received" if amount > 0 else "Paid"
    return f"{direction} {_gold(amount)}" + (f": {note}" if note else "")


def team_ledger_lines(team: Team) -> list[LedgerLine]:
    """The team's ledger, oldest first, each row in plain words. Two queries
    whatever its length: the rows, then the matches they were paid for."""
    entries = list(team_ledger(team))
    match_type = ContentType.objects.get_for_model(Match)
    match_ids = {
        e.cause_id for e in entries if e.cause_type_id == match_type.pk and e.cause_id
    }
    matches = (
        Match.objects.select_related("home", "away").in_bulk(match_ids)
        if match_ids
        else {}
    )
    return [
        LedgerLine(
            e,
            ledger_sentence(
                e,
                matches.get(e.cause_id)
                if e.cause_type_id == match_type.pk and e.cause_id
                else None,
            ),
        )
        for e in entries
    ]


# --- the re-draft ----------------------------------------------------------------


def team_redraft_due(team: Team) -> SeasonTeamArchive | None:
    """The closed season the team may re-draft after (its latest archive
    not yet re-drafted, nor left behind by a later season it has played),
    if any; none for a retired team, which is not re-drafted."""
    if team.status == Team.Status.RETIRED:
        return None
    return (
        SeasonTeamArchive.objects.filter(
            team=team, redraft__isnull=True, season__status=Season.Status.CLOSED
        )
        .exclude(archive_redraft_lapsed())
        .select_related("season")
        .order_by("-season__created_at", "-pk")
        .first()
    )
