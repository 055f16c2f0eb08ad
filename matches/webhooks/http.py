"""Posting a webhook delivery to the address that was checked.

The receiver's name is resolved once; every address it gives must be a
public one (unless private ones are allowed: ``WEBHOOK_ALLOW_PRIVATE``), and
the connection goes to one of those very addresses, never to the answer of
a second lookup. A name whose DNS answers a public address to the check and
a private one a moment later (DNS rebinding) cannot steer the POST inside.
The request still names the receiver: its ``Host`` header, and for
``https`` the TLS server name (SNI) and the certificate checked against it.
No redirect is followed: a 3xx is the receiver's answer.

``timeout`` bounds each connection attempt and the TLS handshake, and then
the whole exchange (the request sent, the answer's status line and
headers), not each read: a socket's own timeout restarts with every byte,
so a receiver trickling its answer a byte at a time would otherwise hold
the worker, and the delivery's row lock, until the task's time limit.
"""

from __future__ import annotations

import http.client
import io
import ipaddress
import socket
import ssl
import time
from collections.abc import Callable
from urllib.parse import urlsplit

REFUSED_PRIVATE = "refused: the address is not a public one"

# host, port -> the addresses to connect to, in order
Resolver = Callable[[str, int], list[str]]


def resolve(host: str, port: int) -> list[str]:
    """The name's addresses (IPv4 and IPv6), each once, in the resolver's
    order."""
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


def _connect(addresses: list[str], port: int, timeout: float) -> socket.socket:
    """A connection to the first of ``addresses`` that answers."""
    error: OSError = OSError("no address to connect to")
    for address in addresses:
        try:
            return socket.create_connection((address, port), timeout)
        except OSError as exc:
            error = exc
    raise error


class _DeadlineSocket:
    """A connected socket whose every send and read gets only the time left
    of ``timeout`` from now: what http.client uses of a socket (``sendall``,
    ``makefile("rb")``, ``close``)."""

    def __init__(self, sock: socket.socket, timeout: float) -> None:
        self._sock = sock
        self._deadline = time.monotonic() + timeout

    def _time_left(self) -> None:
        left = self._deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("the receiver took too long to answer")
        self._sock.settimeout(left)

    def sendall(self, data: bytes) -> None:
        self._time_left()
        self._sock.sendall(data)

    def recv_into(self, buffer: memoryview) -> int:
        self._time_left()
        return self._sock.recv_into(buffer)

    def makefile(self, mode: str = "rb") -> io.BufferedReader:
        return io.BufferedReader(_DeadlineReader(self))

    def close(self) -> None:
        self._sock.close()


class _DeadlineReader(io.RawIOBase):
    def __init__(self, sock: _DeadlineSocket) -> None:
        self._sock = sock

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        return self._sock.recv_into(buffer)


class PinnedHTTPConnection(http.client.HTTPConnection):
    """HTTP to ``addresses`` (already checked), with ``host`` in the
    ``Host`` header."""

    def __init__(
        self, host: str, port: int, addresses: list[str], timeout: float
    ) -> None:
        super().__init__(host, port, timeout=timeout)
        self.addresses = addresses
        self.limit = timeout

    def connect(self) -> None:
        sock = _connect(self.addresses, self.port, self.limit)
        self.sock = _DeadlineSocket(sock, self.limit)


class PinnedHTTPSConnection(http.client.HTTPSConnection):
    """HTTPS to ``addresses`` (already checked); the TLS server name and the
    certificate's name are ``host``."""

    def __init__(
        self,
        host: str,
        port: int,
        addresses: list[str],
        timeout: float,
        context: ssl.SSLContext,
    ) -> None:
        super().__init__(host, port, timeout=timeout, context=context)
        self.addresses = addresses
        self.limit = timeout
        self.tls = context

    def connect(self) -> None:
        sock = _connect(self.addresses, self.port, self.limit)
        tls = self.tls.wrap_socket(sock, server_hostname=self.host)
        self.sock = _DeadlineSocket(tls, self.limit)


# IPv6 forms that carry an IPv4 address the network may route to it: the
# NAT64 well-known prefix (RFC 6052) and the deprecated IPv4-compatible form.
_NAT64 = ipaddress.ip_network("64:ff9b::/96")
_IPV4_COMPATIBLE = ipaddress.ip_network("::/96")


def _public(address: str) -> bool:
    """Whether ``address`` is a public one, an IPv4 address carried in an
    IPv6 one included (mapped, 6to4, NAT64, IPv4-compatible)."""
    ip = ipaddress.ip_address(address)
    if not ip.is_global:
        return False
    if isinstance(ip, ipaddress.IPv6Address):
        if ip in _NAT64 or ip in _IPV4_COMPATIBLE:
            return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF).is_global
        inner = ip.ipv4_mapped or ip.sixtofour
        if inner is not None:
            return inner.is_global
    return True


def host_refused(host: str) -> bool:
    """Whether ``host`` (an address's host name) is known to be no public
    one without looking it up: an IP address that is not public (IPv4 in
    any form the resolver takes, ``127.1`` or ``2130706433`` too), or
    ``localhost`` (RFC 6761). Other names are checked when a delivery
    resolves them."""
    name = host.lower().rstrip(".")
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return not _public(name)
    except ValueError:
        pass
    try:
        packed = socket.inet_aton(name)
    except OSError:
        return False  # a name
    return not _public(str(ipaddress.IPv4Address(packed)))


def _refused(addresses: list[str]) -> bool:
    return not all(_public(a) for a in addresses)


def post_pinned(
    url: str,
    raw: bytes,
    headers: dict[str, str],
    *,
    timeout: float,
    allow_private: bool,
    resolver: Resolver = resolve,
) -> tuple[int | None, str]:
    """POST ``raw`` to ``url`` and return (status code, error text): no
    status when nothing answered, and the text ``REFUSED_PRIVATE`` when the
    name resolves to an address that is not public."""
    try:
        parts = urlsplit(url)
        host = parts.hostname or ""
        https = parts.scheme == "https"
        port = parts.port or (443 if https else 80)
        addresses = resolver(host, port)
    except (OSError, ValueError) as exc:
        return None, f"{type(exc).__name__}: {exc}"[:300]
    if not allow_private and _refused(addresses):
        return None, REFUSED_PRIVATE
    connection: http.client.HTTPConnection = (
        PinnedHTTPSConnection(
            host, port, addresses, timeout, ssl.create_default_context()
        )
        if https
        else PinnedHTTPConnection(host, port, addresses, timeout)
    )
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    try:
        connection.request("POST", target, body=raw, headers=headers)
        status = connection.getresponse().status
    except (OSError, http.client.HTTPException, ValueError) as exc:
        return None, f"{type(exc).__name__}: {exc}"[:300]
    finally:
        connection.close()
    return status, "" if 200 <= status < 300 else f"HTTP {status}"
