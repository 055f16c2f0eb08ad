"""Posting a delivery (matches/webhooks/http.py): the timeout bounds the
whole answer, not each read of it."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import pytest

from matches.models import WebhookDelivery
from matches.webhooks.services import webhook_create, webhook_deliver

ANSWER = b"HTTP/1.1 200 OK\r\nX-Slow: " + b"a" * 20 + b"\r\nContent-Length: 0\r\n\r\n"


@pytest.fixture
def trickler() -> Iterator[str]:
    """A receiver on loopback that answers 200, one byte every 0.1 s (about
    five seconds in all): each byte well within any per-read timeout."""
    server = socket.create_server(("127.0.0.1", 0))
    stop = threading.Event()

    def serve() -> None:
        conn, _ = server.accept()
        with conn:
            conn.recv(65536)
            for byte in ANSWER:
                if stop.is_set():
                    return
                try:
                    conn.sendall(bytes([byte]))
                except OSError:
                    return  # the client hung up
                time.sleep(0.1)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.getsockname()[1]}/hook"
    stop.set()
    server.close()
    thread.join(timeout=5)


def test_a_receiver_trickling_its_answer_is_cut_off_at_the_timeout(
    eleven, settings, trickler
):
    # given a delivery to a receiver that takes ~5 s to answer, a byte at a
    # time, and a one-second timeout
    settings.WEBHOOK_ALLOW_PRIVATE = True
    settings.WEBHOOK_TIMEOUT = 1
    hook = webhook_create(league_id=eleven.pk, url=trickler, kind="generic")
    delivery = WebhookDelivery.objects.create(
        webhook=hook, kind="result_posted", key="result_posted:1", body={"x": 1}
    )

    # when it is delivered
    started = time.monotonic()
    attempt = webhook_deliver(delivery_id=delivery.pk)
    took = time.monotonic() - started

    # then the attempt gave up at the timeout and will be tried again
    assert took < 3
    delivery.refresh_from_db()
    assert attempt.status == delivery.status == "retrying"
    assert delivery.attempts == 1
    assert delivery.last_status_code is None
    assert delivery.delivered_at is None
    assert delivery.last_error.startswith("TimeoutError")
