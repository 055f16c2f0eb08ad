"""A small closed-loop HTTP load generator for ``manage.py bench_load``.

Each of ``concurrency`` threads keeps one connection open (HTTP/1.1
keep-alive with gunicorn's gthread workers; a new connection after each
response with sync workers, which close it) and sends its next request as
soon as the last one answered, until the run has sent ``requests`` requests
or ``duration`` seconds have passed. Threads spend almost all their time
blocked on the socket, so the generator takes little of the CPU the server
is measured on. Only loopback targets are accepted.
"""

from __future__ import annotations

import http.client
import ipaddress
import itertools
import socket
import statistics
import threading
import time
from dataclasses import dataclass
from urllib.parse import urlsplit


class NotLoopback(ValueError):
    """The target is not this machine: the benchmark never loads others."""


def loopback_target(url: str) -> tuple[str, int]:
    """``(host, port)`` of an ``http://`` URL on this machine's loopback
    interface; :class:`NotLoopback` for anything else (a name is accepted
    only if every address it resolves to is a loopback one)."""
    parts = urlsplit(url)
    if parts.scheme != "http" or not parts.hostname:
        raise NotLoopback(f"{url!r}: only http://127.0.0.1:<port> is accepted")
    host = parts.hostname
    try:
        port = parts.port or 80
    except ValueError:
        raise NotLoopback(f"{url!r}: bad port") from None
    try:
        addresses = {ipaddress.ip_address(host)}
    except ValueError:
        try:
            infos = socket.getaddrinfo(host, port, proto=socket.IPPROTO_TCP)
        except OSError:
            raise NotLoopback(f"{url!r}: {host!r} does not resolve") from None
        addresses = {ipaddress.ip_address(info[4][0]) for info in infos}
    if not addresses or not all(a.is_loopback for a in addresses):
        raise NotLoopback(f"{url!r}: {host!r} is not a loopback address")
    return host, port


@dataclass(frozen=True, slots=True)
class RunResult:
    requests: int
    errors: int
    seconds: float
    latencies_ms: list[float]

    @property
    def req_per_s(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0

    def percentile(self, p: float) -> float:
        """The ``p``-th percentile latency (nearest rank), in ms."""
        if not self.latencies_ms:
            return 0.0
        ranked = sorted(self.latencies_ms)
        index = max(0, min(len(ranked) - 1, round(p / 100 * len(ranked)) - 1))
        return ranked[index]


def run_load(
    url: str,
    *,
    requests: int,
    duration: float,
    concurrency: int,
    headers: dict[str, str] | None = None,
) -> RunResult:
    """Send GET ``url`` ``requests`` times (or for ``duration`` seconds,
    whichever ends first) from ``concurrency`` threads. A request that does
    not answer 200 counts as an error."""
    host, port = loopback_target(url)
    parts = urlsplit(url)
    path = parts.path or "/"
    if parts.query:
        path += "?" + parts.query
    sent = itertools.count()  # next() on a count is atomic under the GIL
    deadline = time.perf_counter() + duration
    per_thread: list[list[float]] = [[] for _ in range(concurrency)]
    errors: list[int] = [0] * concurrency

    def worker(slot: int) -> None:
        conn = http.client.HTTPConnection(host, port, timeout=30)
        latencies = per_thread[slot]
        try:
            while next(sent) < requests and time.perf_counter() < deadline:
                started = time.perf_counter()
                try:
                    conn.request("GET", path, headers=headers or {})
                    response = conn.getresponse()
                    response.read()
                    ok = response.status == 200
                    if response.will_close:
                        conn.close()  # reopened by the next request
                except (OSError, http.client.HTTPException):
                    conn.close()
                    ok = False
                latencies.append((time.perf_counter() - started) * 1000)
                if not ok:
                    errors[slot] += 1
        finally:
            conn.close()

    threads = [
        threading.Thread(target=worker, args=(i,), daemon=True)
        for i in range(concurrency)
    ]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    seconds = time.perf_counter() - started
    latencies = [ms for chunk in per_thread for ms in chunk]
    return RunResult(len(latencies), sum(errors), seconds, latencies)


def spread(values: list[float]) -> dict[str, float | list[float]]:
    """Median, minimum and maximum of several runs, and the runs."""
    return {
        "median": round(statistics.median(values), 1),
        "min": round(min(values), 1),
        "max": round(max(values), 1),
        "runs": [round(v, 1) for v in values],
    }
