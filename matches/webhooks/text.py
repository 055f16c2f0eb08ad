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
most 2,000 characters), a ``username`` and one embed linking the page.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass
from typing import Any

DISCORD_CONTENT_LIMIT = 2000
DISCORD_COLOUR = 0xA61B1B  # the site's home red


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


def discord_body(news: News) -> dict[str, Any]:
    content = f"**{news.title}**\n{news.text}"
    if len(content) > DISCORD_CONTENT_LIMIT:
        content = content[: DISCORD_CONTENT_LIMIT - 1] + "…"
    return {
        "username": "Dugout",
        "content": content,
        "embeds": [
            {
                "title": news.title[:256],
                "url": news.url,
                "description": news.league_name[:4096],
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
