"""A webhook's address: the OpenAPI schema says what the API takes (an
http(s) address: format uri and a pattern) and the API takes exactly that;
a delivery connects to the address that passed the public-address check,
never to a second DNS lookup's answer (DNS rebinding), while naming the
receiver in the Host header and, over TLS, the server name (SNI)."""

from __future__ import annotations

import functools
import re
import socket
import ssl
from collections.abc import Callable
from typing import Any

import pytest
from drf_spectacular.generators import SchemaGenerator

from matches.models import LeagueWebhook, WebhookDelivery
from matches.webhooks import http as webhook_http
from matches.webhooks.services import webhook_create, webhook_deliver
from tests.league.conftest import api_as

PUBLIC = "93.184.215.14"  # a global address: the check lets it through


@functools.cache
def _schema_url() -> dict[str, Any]:
    """The url property of the webhook input in the published schema."""
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return schema["components"]["schemas"]["WebhookInputRequest"]["properties"]["url"]


# --- what the schema says, what the API takes -----------------------------


def test_the_schema_says_the_url_is_an_http_or_https_address():
    url = _schema_url()

    assert url["type"] == "string"
    assert url["format"] == "uri"
    assert url["maxLength"] == 500
    assert url["pattern"].startswith("^https?://")


@pytest.mark.parametrize(
    ("address", "taken"),
    [
        ("https://example.com/hooks/1", True),
        ("http://example.com", True),
        ("http://127.0.0.1:8080/hook?x=1#y", True),
        ("https://[2001:db8::1]:443/x", True),
        ("https://discord.com/api/webhooks/1/abc-_~", True),
        ("HTTPS://example.com/", False),
        ("ftp://example.com/x", False),
        ("example.com/hook", False),
        ("https://", False),
        ("https://u:p@example.com/", False),
        ("https://example.com:0/", False),
        ("https://example.com:65536/", False),
        (" https://example.com/", False),
        ("https://example.com/\n", False),
        ("https://exa mple.com/", False),
        ("https://example.com/ü", False),
        ("http://[x/", False),
    ],
)
def test_the_api_takes_exactly_what_the_schema_pattern_allows(
    eleven, alice, address, taken
):
    # given the pattern the schema publishes (ECMA-262 and Python's re agree
    # on it; $ is the end of the text in ECMA-262, as fullmatch makes it)
    pattern = _schema_url()["pattern"]
    assert (re.fullmatch(pattern, address) is not None) is taken

    # when the commissioner adds a webhook with that address
    response = api_as(alice).post(
        f"/api/leagues/{eleven.pk}/webhooks/",
        {"url": address, "kind": "generic"},
        format="json",
    )

    # then the API agrees with the schema
    if taken:
        assert response.status_code == 201, response.content
        assert LeagueWebhook.objects.get().url == address
    else:
        assert response.status_code == 400
        assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [
            ("invalid_url", "url")
        ]
        assert not LeagueWebhook.objects.exists()


# --- one lookup, and the connection goes where it said ---------------------


class FlippingResolver:
    """A DNS answer that changes: ``first`` to the first lookup of ``name``,
    ``then`` to every later one (other names resolve as usual)."""

    def __init__(self, name: str, first: str, then: str) -> None:
        self.name, self.first, self.then = name, first, then
        self.lookups = 0
        self.real = socket.getaddrinfo

    def __call__(self, host: Any, port: Any, *args: Any, **kwargs: Any) -> Any:
        if host != self.name:
            return self.real(host, port, *args, **kwargs)
        self.lookups += 1
        address = self.first if self.lookups == 1 else self.then
        family = socket.AF_INET6 if ":" in address else socket.AF_INET
        return [(family, socket.SOCK_STREAM, 6, "", (address, int(port or 0)))]


def _delivery(league, url: str) -> WebhookDelivery:
    hook = webhook_create(league_id=league.pk, url=url, kind="generic")
    return WebhookDelivery.objects.create(
        webhook=hook, kind="result_posted", key="result_posted:1", body={"x": 1}
    )


def test_a_rebinding_name_cannot_steer_the_post_to_a_private_address(
    eleven, settings, monkeypatch, receiver
):
    # given a name whose DNS answers a public address to the check, then
    # the loopback address where a private receiver listens
    settings.WEBHOOK_ALLOW_PRIVATE = False
    port = int(receiver.url.rsplit(":", 1)[1].split("/")[0])
    dns = FlippingResolver("hooks.example", first=PUBLIC, then="127.0.0.1")
    monkeypatch.setattr(socket, "getaddrinfo", dns)
    connected: list[tuple[str, int]] = []

    def connect(address: tuple[str, int], *args: Any, **kwargs: Any) -> Any:
        connected.append(address)
        raise ConnectionRefusedError("not on this network")

    monkeypatch.setattr(socket, "create_connection", connect)
    delivery = _delivery(eleven, f"http://hooks.example:{port}/hook")

    # when it is delivered
    attempt = webhook_deliver(delivery_id=delivery.pk)

    # then the name was looked up once, the connection went to the checked
    # public address, and the private receiver got nothing
    assert dns.lookups == 1
    assert connected == [(PUBLIC, port)]
    assert receiver.seen == []
    delivery.refresh_from_db()
    assert attempt.status == delivery.status == "retrying"
    assert delivery.last_error == "ConnectionRefusedError: not on this network"


def test_the_post_names_the_receiver_in_its_host_header(
    eleven, settings, monkeypatch, receiver
):
    # given a name that first resolves to the receiver (private addresses
    # allowed, as in development), then to an address nothing answers on
    settings.WEBHOOK_ALLOW_PRIVATE = True
    settings.WEBHOOK_TIMEOUT = 2
    port = int(receiver.url.rsplit(":", 1)[1].split("/")[0])
    dns = FlippingResolver("hooks.example", first="127.0.0.1", then="192.0.2.1")
    monkeypatch.setattr(socket, "getaddrinfo", dns)
    delivery = _delivery(eleven, f"http://hooks.example:{port}/hook?league=1")

    # when
    attempt = webhook_deliver(delivery_id=delivery.pk)

    # then the receiver got the POST, addressed to the name
    assert attempt.status == "delivered"
    assert dns.lookups == 1
    [seen] = receiver.seen
    assert seen["path"] == "/hook?league=1"
    assert seen["headers"]["Host"] == f"hooks.example:{port}"


def test_over_tls_the_server_name_is_the_receivers(eleven, settings, monkeypatch):
    # given an https webhook whose name resolves to a public address once
    settings.WEBHOOK_ALLOW_PRIVATE = False
    dns = FlippingResolver("hooks.example", first=PUBLIC, then="127.0.0.1")
    monkeypatch.setattr(socket, "getaddrinfo", dns)
    connected: list[tuple[str, int]] = []
    wrapped: list[str | None] = []

    def connect(address: tuple[str, int], *args: Any, **kwargs: Any) -> Any:
        connected.append(address)
        return socket.socket()

    class Context:
        def wrap_socket(self, sock: socket.socket, server_hostname: str | None):
            wrapped.append(server_hostname)
            sock.close()
            raise ssl.SSLCertVerificationError("stopped by the test")

    monkeypatch.setattr(socket, "create_connection", connect)
    make_context: Callable[[], Any] = Context
    monkeypatch.setattr(webhook_http.ssl, "create_default_context", make_context)
    delivery = _delivery(eleven, "https://hooks.example/hook")

    # when
    webhook_deliver(delivery_id=delivery.pk)

    # then TLS went to the checked address, naming the receiver (SNI, and
    # the certificate is checked against that name)
    assert dns.lookups == 1
    assert connected == [(PUBLIC, 443)]
    assert wrapped == ["hooks.example"]
    delivery.refresh_from_db()
    assert delivery.last_error.startswith("SSLCertVerificationError")


def test_a_name_with_a_private_address_among_its_answers_is_refused(
    eleven, settings, monkeypatch
):
    settings.WEBHOOK_ALLOW_PRIVATE = False
    real = socket.getaddrinfo

    def both(host: Any, port: Any, *args: Any, **kwargs: Any) -> Any:
        if host != "hooks.example":
            return real(host, port, *args, **kwargs)
        return [
            (socket.AF_INET, socket.SOCK_STREAM, 6, "", (PUBLIC, port)),
            (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("10.0.0.7", port)),
        ]

    monkeypatch.setattr(socket, "getaddrinfo", both)
    delivery = _delivery(eleven, "https://hooks.example/hook")

    attempt = webhook_deliver(delivery_id=delivery.pk)

    delivery.refresh_from_db()
    assert attempt.status == delivery.status == "failed"
    assert delivery.last_error == "refused: the address is not a public one"


@pytest.mark.parametrize(
    ("address", "refused"),
    [
        ("::127.0.0.1", True),  # IPv4-compatible loopback
        ("64:ff9b::7f00:1", True),  # NAT64 of 127.0.0.1
        ("64:ff9b::a00:7", True),  # NAT64 of 10.0.0.7
        ("::ffff:10.0.0.7", True),  # IPv4-mapped
        ("64:ff9b::808:808", False),  # NAT64 of 8.8.8.8, a public one
        ("2606:4700:4700::1111", False),
    ],
)
def test_an_ipv4_address_inside_an_ipv6_one_is_checked(address, refused):
    from matches.webhooks.http import _refused

    assert _refused([address]) is refused


# --- an address that is no public one is refused when added -----------------


@pytest.mark.parametrize(
    "address",
    [
        "http://127.0.0.1:8000/hook",
        "http://localhost/hook",
        "http://api.localhost./hook",
        "http://LOCALHOST:9000/",
        "http://10.1.2.3/",
        "http://192.168.0.1/",
        "http://169.254.169.254/latest/meta-data/",
        "http://0.0.0.0/",
        "http://[::1]/",
        "http://[::ffff:127.0.0.1]/",
        "http://[fe80::1]/",
        "http://2130706433/",  # 127.0.0.1, as the resolver reads it
        "http://127.1/",
        "http://0x7f.0.0.1/",
    ],
)
def test_an_address_that_is_no_public_one_is_refused_when_added(
    eleven, alice, settings, address
):
    # given production settings
    settings.WEBHOOK_ALLOW_PRIVATE = False

    # when the commissioner adds a webhook to a private address
    response = api_as(alice).post(
        f"/api/leagues/{eleven.pk}/webhooks/",
        {"url": address, "kind": "generic"},
        format="json",
    )

    # then it is refused with a code, and nothing is written
    assert response.status_code == 400, response.content
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [
        ("private_address", "url")
    ]
    assert not LeagueWebhook.objects.exists()


@pytest.mark.parametrize(
    "address",
    [f"http://{PUBLIC}/hook", "https://hooks.example/x", "https://localhost.example/"],
)
def test_a_public_address_or_a_name_is_taken_without_a_lookup(
    eleven, settings, monkeypatch, address
):
    # given production settings, and no DNS to ask
    settings.WEBHOOK_ALLOW_PRIVATE = False

    def no_dns(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("looked up when added")

    monkeypatch.setattr(socket, "getaddrinfo", no_dns)

    # when
    hook = webhook_create(league_id=eleven.pk, url=address, kind="generic")

    # then a name is left to the check of each delivery
    assert LeagueWebhook.objects.get() == hook


def test_a_private_address_is_taken_in_development(eleven, settings):
    settings.WEBHOOK_ALLOW_PRIVATE = True

    webhook_create(league_id=eleven.pk, url="http://127.0.0.1:8000/", kind="generic")

    assert LeagueWebhook.objects.count() == 1
