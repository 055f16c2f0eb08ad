"""The live matches' latency benchmark (``manage.py live_bench``): many live
matches at once against a running ASGI server, two coaches' pages (two
websockets) per match; a decision's round trip is the time from sending it
(the page's POST) to both coaches' sockets holding the new state.

The clients are plain asyncio (HTTP/1.1 and RFC 6455 framing, standard
library only), one per coach page, all on loopback."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import random
import secrets
import statistics
import time
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from django.conf import settings
from django.contrib.auth import (
    BACKEND_SESSION_KEY,
    HASH_SESSION_KEY,
    SESSION_KEY,
    get_user_model,
)
from django.db import transaction
from django.db.models import ProtectedError, RestrictedError

from engine.facade import get_variant, rules_data
from league.models import League, LeagueMembership
from league.services.leagues import league_create
from league.services.teams import PlayerRequest, team_draft
from matches.live.models import LiveMatch
from matches.live.services import live_match_accept, live_match_open
from matches.seasons.services import season_create, season_schedule

BENCH_FORMAT = "sevens"
# The end of the turn when the engine offers it, else the first option: a
# coach in a hurry (every kind of decision comes up, the match goes on).
END_TURN = "end turn"


@dataclass
class Coach:
    user_id: int
    cookie: str  # the Cookie header of his logged-in browser


@dataclass
class BenchMatch:
    live_id: int
    coaches: dict[int, Coach]  # by user id


@dataclass(frozen=True)
class Servers:
    """Where the pages' websockets and their POSTs go (host, port)."""

    sockets: tuple[str, int]
    posts: tuple[str, int]


@dataclass
class Timings:
    samples: list[float] = field(default_factory=list)  # seconds
    errors: int = 0

    def summary(self) -> dict[str, Any]:
        ms = sorted(s * 1000 for s in self.samples)
        if not ms:
            return {"count": 0, "errors": self.errors}
        q = (
            statistics.quantiles(ms, n=100, method="inclusive")
            if len(ms) > 1
            else ms * 99
        )
        return {
            "count": len(ms),
            "errors": self.errors,
            "p50_ms": round(q[49], 1),
            "p95_ms": round(q[94], 1),
            "p99_ms": round(q[98], 1),
            "max_ms": round(ms[-1], 1),
        }


def _cookie(user: Any, csrf: str) -> str:
    """A logged-in session for ``user`` (as the login view makes one) and
    the CSRF cookie, as a Cookie header."""
    store = import_module(settings.SESSION_ENGINE).SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.save()
    return (
        f"{settings.SESSION_COOKIE_NAME}={store.session_key}; "
        f"{settings.CSRF_COOKIE_NAME}={csrf}"
    )


def bench_world(n: int, csrf: str) -> list[BenchMatch]:
    """A Sevens league of ``2n`` coaches' teams, a season, and its first
    round's ``n`` fixtures opened and accepted for live play."""
    tag = f"{int(time.time())}-{secrets.token_hex(3)}"
    users = get_user_model().objects
    commissioner = users.create_user(username=f"livebench-{tag}-c")
    league = league_create(
        commissioner=commissioner, name=f"Live bench {tag}", format=BENCH_FORMAT
    )
    fmt = get_variant(BENCH_FORMAT)
    orc = rules_data().rosters["orc"]
    lineman = min(orc.lineman_positions, key=lambda p: p.cost)
    coaches, teams = [], []
    for k in range(2 * n):
        coach = users.create_user(username=f"livebench-{tag}-{k}")
        LeagueMembership.objects.create(
            league=league, coach=coach, status=LeagueMembership.Status.MEMBER
        )
        players = [
            PlayerRequest(lineman.slug, f"{lineman.name} {i}")
            for i in range(1, fmt.min_players + 1)
        ]
        teams.append(
            team_draft(
                league=league,
                coach=coach,
                name=f"Bench {k}",
                roster="orc",
                players=players,
            )
        )
        coaches.append(coach)
    season = season_create(
        league=league, name="Bench", team_ids=[t.pk for t in teams], seed=7
    )
    first = [m for m in season_schedule(season_id=season.pk) if m.round == 1]
    by_id = {c.pk: c for c in coaches}
    out = []
    for match in first[:n]:
        home, away = by_id[match.home.coach_id], by_id[match.away.coach_id]
        live = live_match_open(match_id=match.pk, user=home)
        live_match_accept(live_id=live.pk, user=away)
        out.append(
            BenchMatch(
                live.pk,
                {c.pk: Coach(c.pk, _cookie(c, csrf)) for c in (home, away)},
            )
        )
    return out


def bench_world_delete(matches: list[BenchMatch]) -> None:
    """Remove a run's league with everything in it and its coaches (the
    league's rows protect one another: each protected row goes first)."""
    lives = LiveMatch.objects.filter(pk__in=[m.live_id for m in matches])
    league_ids = set(lives.values_list("match__season__league_id", flat=True))
    users = {u for m in matches for u in m.coaches}
    users |= set(
        League.objects.filter(pk__in=league_ids).values_list(
            "commissioner_id", flat=True
        )
    )
    with transaction.atomic():
        _purge(League.objects.filter(pk__in=league_ids))
        _purge(get_user_model().objects.filter(pk__in=users))


def _purge(rows: Any, depth: int = 0) -> None:
    """Delete ``rows``, first (and only) the rows whose protected or
    restricted keys point at them, as deep as needed (bounded)."""
    for _ in range(20):
        try:
            with transaction.atomic():
                rows.delete()
            return
        except (ProtectedError, RestrictedError) as exc:
            if depth >= 10:
                raise
            held = getattr(exc, "protected_objects", None) or exc.restricted_objects
            by_model: dict[Any, list[int]] = {}
            for obj in held:
                by_model.setdefault(type(obj), []).append(obj.pk)
            for model, pks in by_model.items():
                _purge(model._default_manager.filter(pk__in=pks), depth + 1)
    rows.delete()


# -- the clients ---------------------------------------------------------------


class Socket:
    """A websocket client: the latest state the page was sent."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        self.reader, self.writer = reader, writer
        self.state: dict[str, Any] | None = None
        self.changed = asyncio.Event()
        self.task = asyncio.create_task(self._listen())

    async def _frame(self) -> tuple[int, bytes]:
        head = await self.reader.readexactly(2)
        opcode, size = head[0] & 0x0F, head[1] & 0x7F
        if size == 126:
            size = int.from_bytes(await self.reader.readexactly(2), "big")
        elif size == 127:
            size = int.from_bytes(await self.reader.readexactly(8), "big")
        return opcode, await self.reader.readexactly(size)

    def _send(self, opcode: int, payload: bytes) -> None:
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.writer.write(bytes([0x80 | opcode, 0x80 | len(payload)]) + mask + masked)

    async def _listen(self) -> None:
        text = b""
        while True:
            try:
                opcode, payload = await self._frame()
            except (asyncio.IncompleteReadError, ConnectionError):
                return
            if opcode == 9:  # ping
                self._send(10, payload)
            elif opcode == 8:  # close
                return
            elif opcode in (0, 1):
                text += payload
                message = json.loads(text)
                text = b""
                if message.get("state"):
                    self.state = message["state"]
                    self.changed.set()

    async def wait_at(self, at: int, timeout: float) -> None:
        """Until the socket holds a state of ``at`` decisions or more."""
        async with asyncio.timeout(timeout):
            while self.state is None or self.state["at"] < at:
                self.changed.clear()
                await self.changed.wait()

    async def close(self) -> None:
        self.task.cancel()
        self.writer.close()


async def socket_open(host: str, port: int, path: str, cookie: str) -> Socket:
    reader, writer = await asyncio.open_connection(host, port)
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write(
        (
            f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            f"Sec-WebSocket-Version: 13\r\nOrigin: http://{host}:{port}\r\n"
            f"Cookie: {cookie}\r\n\r\n"
        ).encode()
    )
    head = await reader.readuntil(b"\r\n\r\n")
    if b" 101 " not in head.split(b"\r\n", 1)[0]:
        raise ConnectionError(f"websocket refused: {head[:80]!r}")
    return Socket(reader, writer)


async def http_post(
    host: str, port: int, path: str, body: dict[str, Any], cookie: str, csrf: str
) -> tuple[int, dict[str, Any]]:
    reader, writer = await asyncio.open_connection(host, port)
    data = json.dumps(body).encode()
    writer.write(
        (
            f"POST {path} HTTP/1.1\r\nHost: {host}:{port}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
            f"X-CSRFToken: {csrf}\r\nCookie: {cookie}\r\nConnection: close\r\n\r\n"
        ).encode()
        + data
    )
    raw = await reader.read()
    writer.close()
    head, _, payload = raw.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    try:
        return status, json.loads(payload or b"{}")
    except ValueError:
        return status, {}


def _choice(state: dict[str, Any]) -> int:
    options = state["board"]["pending"]["options"]
    for o in options:
        if o["label"] == END_TURN:
            return int(o["i"])
    return 0


async def play(
    match: BenchMatch,
    servers: Servers,
    decisions: int,
    csrf: str,
    timings: Timings,
    start: asyncio.Barrier,
    think: float,
) -> None:
    """Both coaches' pages open; then ``decisions`` decisions, each by the
    coach it waits for after ``think`` seconds on average (0.5 to 1.5
    times, seeded by the match), timed from the POST until both pages hold
    the new state."""
    pace = random.Random(match.live_id)
    path = f"/ws/live/{match.live_id}/"
    pages = [
        await socket_open(*servers.sockets, path, c.cookie)
        for c in match.coaches.values()
    ]
    try:
        for page in pages:
            await page.wait_at(0, 30)
        async with asyncio.timeout(60):
            await start.wait()
        for _ in range(decisions):
            # the first decision too: twenty coaches do not click in the
            # same millisecond (with --think 0 they do: the stress test)
            if think:
                await asyncio.sleep(pace.uniform(0.5 * think, 1.5 * think))
            state = pages[0].state
            assert state is not None
            if state["board"] is None or state["board"]["pending"] is None:
                return
            coach = match.coaches[state["waiting_coach_id"]]
            sent = time.perf_counter()
            status, body = await http_post(
                *servers.posts,
                f"/live/{match.live_id}/decide/",
                {"option": _choice(state), "at": state["at"]},
                coach.cookie,
                csrf,
            )
            if status != 200:
                timings.errors += 1
                return
            for page in pages:
                await page.wait_at(body["at"], 30)
            timings.samples.append(time.perf_counter() - sent)
    finally:
        for page in pages:
            await page.close()


async def run(
    matches: list[BenchMatch],
    servers: Servers,
    decisions: int,
    csrf: str,
    think: float,
) -> Timings:
    """Every match at once: the first decision is sent once every page is
    open."""
    timings = Timings()
    start = asyncio.Barrier(len(matches))
    await asyncio.gather(
        *(play(m, servers, decisions, csrf, timings, start, think) for m in matches)
    )
    return timings
