"""iCalendar (RFC 5545) text for a feed of fixtures: pure functions, no
database. :mod:`matches.calendar.selectors` gathers the fixtures,
:mod:`matches.calendar.views` serves them.

A fixture is an all-day event on its round's date (``DTSTART;VALUE=DATE``,
``DTEND`` the day after, as RFC 5545 section 3.6.1 has all-day events end).
Its UID is stable (``match-<id>@<host>``), so a calendar that subscribes
updates the event in place when its date, its result or its postponement
changes. ``DTSTAMP`` is when the feed was made: in an iCalendar object with
a ``METHOD`` (RFC 5545 3.8.7.2), "the date and time that the instance of the
iCalendar object was created". A calendar that compares two copies of an
event takes the one with the later stamp (RFC 5546 2.1.5), so a round moved
to another day, which changes no match row, still reads as the newer copy.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

LINE_LIMIT = 75  # octets per line before folding (RFC 5545 3.1)
PRODID = "-//Dugout//Blood Bowl league fixtures//EN"


@dataclass(frozen=True, slots=True)
class Fixture:
    """One match in a feed. ``status``: CONFIRMED, or TENTATIVE for a
    postponed match (its round's date no longer holds; it is still to be
    played, so it is not CANCELLED)."""

    uid: str
    day: date
    summary: str
    description: str
    url: str
    status: str = "CONFIRMED"


def escape(text: str) -> str:
    """A TEXT value (RFC 5545 3.3.11): backslash, semicolon, comma and
    line breaks (CRLF, LF or CR alone) escaped; other control characters
    dropped (they are not allowed in a content line)."""
    out = []
    for ch in text.replace("\r\n", "\n").replace("\r", "\n"):
        if ch == "\\":
            out.append("\\\\")
        elif ch in ";,":
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ord(ch) < 32 or ord(ch) == 127:
            continue
        else:
            out.append(ch)
    return "".join(out)


def fold(line: str) -> str:
    """One content line folded at 75 octets (RFC 5545 3.1): CRLF and a
    space before each continuation, never inside a UTF-8 character."""
    pieces: list[str] = []
    current = ""
    size = 0
    limit = LINE_LIMIT
    for ch in line:
        n = len(ch.encode("utf-8"))
        if size + n > limit:
            pieces.append(current)
            current, size = "", 0
            limit = LINE_LIMIT - 1  # the leading space counts
        current += ch
        size += n
    pieces.append(current)
    return "\r\n ".join(pieces)


def _stamp(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


def calendar(name: str, fixtures: Iterable[Fixture], *, made_at: datetime) -> str:
    """The whole VCALENDAR, CRLF line endings, lines folded; ``made_at``
    (when the feed is made) is every event's DTSTAMP."""
    stamp = _stamp(made_at)
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        f"PRODID:{PRODID}",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        f"X-WR-CALNAME:{escape(name)}",
    ]
    for f in fixtures:
        lines += [
            "BEGIN:VEVENT",
            f"UID:{f.uid}",
            f"DTSTAMP:{stamp}",
            f"DTSTART;VALUE=DATE:{f.day.strftime('%Y%m%d')}",
            f"DTEND;VALUE=DATE:{(f.day + timedelta(days=1)).strftime('%Y%m%d')}",
            f"SUMMARY:{escape(f.summary)}",
            f"DESCRIPTION:{escape(f.description)}",
            f"URL:{f.url}",
            f"STATUS:{f.status}",
            "TRANSP:TRANSPARENT",
            "END:VEVENT",
        ]
    lines.append("END:VCALENDAR")
    return "".join(fold(line) + "\r\n" for line in lines)
