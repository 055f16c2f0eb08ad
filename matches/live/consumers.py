"""The websocket of a live match's page: it receives the new state after
every decision. Decisions themselves go through the page's POST (one path
for the socket and the polling fallback alike)."""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from matches.live.broadcast import live_group
from matches.live.selectors import live_get, live_state_now


class LiveMatchConsumer(AsyncJsonWebsocketConsumer):  # type: ignore[misc]
    """One page (a coach's or a spectator's) watching one live match."""

    group = ""
    live_id = 0
    user_id: int | None = None

    async def connect(self) -> None:
        live_id = int(self.scope["url_route"]["kwargs"]["live_id"])
        live = await database_sync_to_async(live_get)(live_id)
        if live is None:
            await self.close(code=4404)
            return
        self.live_id = live_id
        user = self.scope.get("user")
        self.user_id = user.pk if user is not None and user.is_authenticated else None
        self.group = live_group(live_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        # The state as it is now, so a reconnecting page carries on at once.
        state = await database_sync_to_async(live_state_now)(live_id, self.user_id)
        await self.send_json({"state": state})

    async def disconnect(self, code: int) -> None:
        if self.group:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, **kwargs: Any) -> None:
        """Pages only listen: anything sent (JSON or not, text or bytes) is
        ignored unread, and the socket stays open."""

    async def live_state(self, event: dict[str, Any]) -> None:
        """A new state: the one sent for every page, or (None: a card game,
        whose hands are secret) the one this page's viewer may see."""
        state = event["state"]
        if state is None:
            state = await database_sync_to_async(live_state_now)(
                self.live_id, self.user_id
            )
        await self.send_json({"state": state})
