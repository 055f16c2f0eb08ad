"""Telling every open page of a live match what changed (Django Channels)."""

from __future__ import annotations

import logging
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

logger = logging.getLogger(__name__)


def live_group(live_id: int) -> str:
    """The channel-layer group of a live match's pages."""
    return f"live-{live_id}"


def live_broadcast(live_id: int, payload: dict[str, Any] | None) -> None:
    """Send ``payload`` (the new state) to every page of the live match, or
    (None) tell each page's socket to fetch the state its viewer may see. A
    channel layer that fails loses only the push: pages poll as well."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(
            live_group(live_id), {"type": "live.state", "state": payload}
        )
    except Exception:  # noqa: BLE001 - the pages fall back to polling
        logger.warning("live match %s: broadcast failed", live_id, exc_info=True)
