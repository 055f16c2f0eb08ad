"""What a league's webhooks send: the bodies (a generic JSON body, or a
Discord-compatible one) and the signature of the generic kind. Pure
functions, no database.

The generic body::

    {"event": "result_posted", "id": "result_posted:12",
     "league": {"id": 1, "name": "..."}, "text": "...", "url": "...",
     "data": {...}}

is sent with ``X-Dugout-Event``, ``X-Dugout-Delivery`` (the delivery's id:
a receiver that sees one twice — a retry after a lost answer — can drop the
second), ``X-Dugout-Timestamp`` (Unix seconds) and ``X-Dugout-Signature:
sha256=<hex>``, the HMAC-SHA256 with the webhook's secret of
``"<timestamp>." + body``. A receiver recomputes it over the raw body and
compares in constant time; the timestamp lets it refuse old replays.

The Discord body is what a Discord channel webhook takes: ``content`` (at
most 2,000 characters), a ``username`` and one embed linking the page. Its
texts are escaped for Discord's Markdown (:func:`discord_escape`) and
mention no one (``allowed_mentions``).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
from dataclasses import dataclass
from typing import Any

DISCORD_CONTENT_LIMIT = 2000
DISCORD_COLOUR = 0xA61B1B  # the site's home red

# Decision: a name, a reason or a league's name reads on Discord as it was
# typed, never as Discord's Markdown. Escaped with a backslash (which Discord
# drops when it draws the message): the inline markers anywhere (bold,
# italics, underline, strikethrough, spoilers, code, masked links, and "<",
# which opens mentions, timestamps and custom emoji); a line's opening
# heading, quote, list or subtext marker ("1." of "1. FC Orcs" too); and
# the colon of an address's scheme, wherever it stands ("Orcs_https://…" and
# "9https://…" are links on Discord too), so that a name holding one is
# neither a link nor unfurled into a preview. "@everyone" is left as typed: the body's
# ``allowed_mentions`` keeps it from mentioning anyone.
_DISCORD_INLINE = re.compile(r"([\\*_~`|<\[\]])")
_DISCORD_LINE_START = re.compile(r"^([ \t]*)(?:([#>+-])|(\d+)\.)", re.MULTILINE)
_DISCORD_SCHEME = re.compile(r"(https?):", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class News:
    """One thing a league tells: its kind, a stable key, a sentence, the
    page it is about and the facts as data."""

    kind: str
    key: str
    league_id: int
    league_name: str
    title: str
    text: str
    url: str
    data: dict[str, Any]


def generic_body(news: News) -> dict[str, Any]:
    return {
        "event": news.kind,
        "id": news.key,
        "league": {"id": news.league_id, "name": news.league_name},
        "title": news.title,
        "text": news.text,
        "url": news.url,
        "data": news.data,
    }


def discord_escape(text: str) -> str:
    """``text`` as Discord shows it literally (see the Decision above)."""
    text = _DISCORD_INLINE.sub(r"\\\1", text)
    text = _DISCORD_LINE_START.sub(
        lambda m: f"{m[1]}\\{m[2]}" if m[2] is not None else f"{m[1]}{m[3]}\\.",
        text,
    )
    return _DISCORD_SCHEME.sub(r"\1\\:", text)


def _discord_cut(text: str, limit: int) -> str:
    """``text`` in at most ``limit`` characters, cut with an ellipsis; a cut
    that would split an escape drops its backslash too."""
    if len(text) <= limit:
        return text
    head = text[: limit - 1]
    if (len(head) - len(head.rstrip("\\"))) % 2:
        head = head[:-1]
    return head + "…"


def discord_body(news: News) -> dict[str, Any]:
    title = discord_escape(news.title)
    content = _discord_cut(
        f"**{title}**\n{discord_escape(news.text)}", DISCORD_CONTENT_LIMIT
    )
    return {
        "username": "Dugout",
        "content": content,
        "embeds": [
            {
                "title": _discord_cut(title, 256),
                "url": news.url,
                "description": _discord_cut(discord_escape(news.league_name), 4096),
                "color": DISCORD_COLOUR,
            }
        ],
        "allowed_mentions": {"parse": []},
    }


def encode(body: dict[str, Any]) -> bytes:
    """The exact bytes sent (and signed)."""
    return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def signature(secret: str, timestamp: int, raw: bytes) -> str:
    """``sha256=<hex>`` of ``"<timestamp>." + raw`` keyed with ``secret``."""
    mac = hmac.new(
        secret.encode("utf-8"), f"{timestamp}.".encode() + raw, hashlib.sha256
    )
    return "sha256=" + mac.hexdigest()


def verify(secret: str, timestamp: int, raw: bytes, header: str) -> bool:
    """What a receiver does: recompute and compare in constant time."""
    return hmac.compare_digest(signature(secret, timestamp, raw), header)
