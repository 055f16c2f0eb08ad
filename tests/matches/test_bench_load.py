"""``manage.py bench_load``: loopback only, bounded, and its figures' shape
(no timing is asserted: the machine is shared)."""

from __future__ import annotations

import io
import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.core.management import CommandError, call_command

from matches.loadgen import NotLoopback, RunResult, loopback_target, run_load
from matches.seasons.services import season_create
from tests.factories import draft_team


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("http://127.0.0.1:8000", ("127.0.0.1", 8000)),
        ("http://127.5.6.7:81/", ("127.5.6.7", 81)),
        ("http://[::1]:8000/", ("::1", 8000)),
        ("http://localhost:8000", ("localhost", 8000)),
    ],
)
def test_a_loopback_target_is_accepted(url, expected):
    assert loopback_target(url) == expected


@pytest.mark.parametrize(
    "url",
    [
        "http://10.0.0.1:8000/",
        "http://192.168.1.10/",
        "http://0.0.0.0:8000/",
        "http://example.com/",
        "https://127.0.0.1:8443/",
        "127.0.0.1:8000",
        "http://[2001:db8::1]:8000/",
    ],
)
def test_anything_but_loopback_is_refused(url):
    with pytest.raises(NotLoopback):
        loopback_target(url)


def test_the_command_refuses_a_target_that_is_not_this_machine(db):
    with pytest.raises(CommandError, match="not a loopback address"):
        call_command("bench_load", "--target", "http://10.1.2.3:8000")


class Ok(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as gunicorn's gthread

    def do_GET(self) -> None:
        code = 500 if self.path == "/broken" else 200
        body = b'{"ok": true}'
        self.send_response(code)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def server() -> Iterator[str]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Ok)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def test_a_run_stops_at_its_request_count_and_counts_errors(server):
    ok = run_load(f"{server}/x", requests=25, duration=30, concurrency=4)
    broken = run_load(f"{server}/broken", requests=6, duration=30, concurrency=2)

    assert (ok.requests, ok.errors, len(ok.latencies_ms)) == (25, 0, 25)
    assert (broken.requests, broken.errors) == (6, 6)


def test_percentiles_are_nearest_rank():
    run = RunResult(
        requests=10,
        errors=0,
        seconds=2.0,
        latencies_ms=[float(i) for i in range(10, 0, -1)],
    )

    assert (run.percentile(50), run.percentile(99), run.percentile(100)) == (
        5.0,
        10.0,
        10.0,
    )
    assert run.req_per_s == 5.0


def test_a_tiny_run_against_a_loopback_server_reports_every_endpoint(
    server, sevens, bob, charlie
):
    orcs = draft_team(sevens, bob, roster="orc", name="Gouged Eye")
    humans = draft_team(sevens, charlie, roster="human", name="Reavers")
    season = season_create(league=sevens, name="S", team_ids=[orcs.pk, humans.pk])
    out = io.StringIO()

    call_command(
        "bench_load",
        "--target",
        server,
        "--league",
        str(sevens.pk),
        "--requests",
        "5",
        "--repeat",
        "2",
        "--warmup",
        "1",
        "--concurrency",
        "2",
        stdout=out,
    )

    figures = json.loads(out.getvalue())
    assert figures["paths"] == {
        "team_api": f"/api/teams/{orcs.pk}/",
        "league_page": f"/leagues/{sevens.pk}/",
        "team_page": f"/teams/{orcs.pk}/",
        "standings": f"/api/seasons/{season.pk}/standings/",
        "healthz": "/healthz",
    }
    for name in figures["paths"]:
        endpoint = figures["cached"][name]
        assert (endpoint["requests"], endpoint["errors"]) == (10, 0)
        assert len(endpoint["req_per_s"]["runs"]) == 2
        assert set(endpoint["p99_ms"]) == {"median", "min", "max", "runs"}
