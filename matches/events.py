"""Writing a match's history: one helper per kind of MatchEvent source.

Events are numbered per match in the order they happened; post-game steps
append after the match's own events.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from django.db import connection
from django.db.models import Max
from django.utils import timezone

from matches.models import Match, MatchEvent

# A post-game step or a report writes a handful of rows: one statement that
# numbers and inserts them beats a MAX() query followed by a COPY.
SMALL_BATCH = 100


def _next_seq(match: Match) -> int:
    last = MatchEvent.objects.filter(match=match).aggregate(m=Max("seq"))["m"]
    return 0 if last is None else last + 1


def match_last_event(match: Match) -> tuple[str, dict[str, Any]] | None:
    """The type and payload of ``match``'s last event, None when it has none."""
    row = (
        MatchEvent.objects.filter(match=match)
        .order_by("-seq")
        .values_list("type", "payload")
        .first()
    )
    return None if row is None else (row[0], row[1])


def match_events_append(
    match: Match, events: Iterable[tuple[str, dict[str, Any]]]
) -> int:
    """Append (type, payload) events to ``match``; returns how many. Callers
    hold the match's row lock, so the numbering cannot race."""
    items = list(events)
    if not items:
        return 0
    if connection.vendor == "postgresql" and len(items) <= SMALL_BATCH:
        _insert_numbered(match.pk, items)
        return len(items)
    start = _next_seq(match)
    rows = [(start + i, kind, payload) for i, (kind, payload) in enumerate(items)]
    if connection.vendor == "postgresql":
        _copy_rows(match.pk, rows)
    else:
        MatchEvent.objects.bulk_create(
            [
                MatchEvent(match=match, seq=seq, type=kind, payload=payload)
                for seq, kind, payload in rows
            ],
            batch_size=2000,
        )
    return len(rows)


def _insert_numbered(match_id: int, items: list[tuple[str, dict[str, Any]]]) -> None:
    from psycopg.types.json import Jsonb

    table = MatchEvent._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"""
            INSERT INTO {table} (match_id, seq, type, payload, created_at)
            SELECT %s, base.next + v.ord - 1, v.type, v.payload, %s
            FROM (
                SELECT COALESCE(MAX(seq), -1) + 1 AS next
                FROM {table} WHERE match_id = %s
            ) AS base,
            unnest(%s::text[], %s::jsonb[]) WITH ORDINALITY AS v(type, payload, ord)
            """,
            [
                match_id,
                timezone.now(),
                match_id,
                [kind for kind, _ in items],
                [Jsonb(payload) for _, payload in items],
            ],
        )


def _copy_rows(match_id: int, rows: list[tuple[int, str, dict[str, Any]]]) -> None:
    """PostgreSQL's COPY: a resolved match writes hundreds of events, and
    COPY stores them several times faster than an INSERT of as many rows.
    It runs on the same connection, inside the caller's transaction."""
    from psycopg.types.json import Jsonb

    meta = MatchEvent._meta
    columns = ", ".join(
        meta.get_field(name).column
        for name in ("match", "seq", "type", "payload", "created_at")
    )
    now = timezone.now()
    with connection.cursor() as cursor:
        raw = cursor.cursor  # the psycopg cursor under Django's wrapper
        with raw.copy(f"COPY {meta.db_table} ({columns}) FROM STDIN") as copy:
            for seq, kind, payload in rows:
                copy.write_row((match_id, seq, kind, Jsonb(payload), now))


def engine_event_rows(
    events: Sequence[dict[str, Any]],
) -> Iterator[tuple[str, dict[str, Any]]]:
    """Engine events as (type, payload) rows: the ``type`` key names the
    row's type."""
    for e in events:
        yield str(e.get("type", "event")), {k: v for k, v in e.items() if k != "type"}


def dice_text(rolls: Sequence[tuple[str, int, int]]) -> str:
    """The dice of a ledger note: "2D6 5 and 3"."""
    sides = {s for _, s, _ in rolls}
    kind = f"{len(rolls)}D{sides.pop()}" if len(sides) == 1 else "dice"
    values = [str(r) for _, _, r in rolls]
    return f"{kind} " + (" and ".join(values) if len(values) < 3 else ", ".join(values))


def postgame_roll_payload(
    step: str,
    team_id: int | None,
    rolls: Iterable[tuple[str, int, int]],
    **effects: Any,
) -> dict[str, Any]:
    """A post-game step's payload: its dice (purpose, sides, result) and what
    they did."""
    return {
        "step": step,
        "team_id": team_id,
        "dice": [{"purpose": p, "sides": s, "result": r} for p, s, r in rolls],
        **effects,
    }
