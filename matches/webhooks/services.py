"""A league's outgoing webhooks: adding and removing them, announcing news
to them, and delivering it.

Announcing happens inside the transaction that made the news (a result
saved, a season scheduled): one :class:`WebhookDelivery` per active webhook
that wants that kind of news, keyed by the news (so announcing twice sends
once), queued when the transaction commits. Delivering is one attempt under
the delivery's row lock: 2xx delivers it; anything else counts an attempt
and sets when to try again (``WEBHOOK_RETRY_BASE`` × 3^(attempts − 1)
seconds) until ``WEBHOOK_MAX_ATTEMPTS``, then gives up. The task retries at
that time (matches/tasks.py), and beat's sweep sends what a crashed worker
left behind.

Decision: delivery is at least once — a receiver that answered but whose
answer was lost gets the same delivery again, with the same
``X-Dugout-Delivery`` id to drop it by.

Decision (SSRF): a webhook's host must resolve to public addresses only
(no loopback, private, link-local or reserved ones), checked when it is
sent (and when it is added, if the host is an address itself or
``localhost``: ``private_address``), unless ``WEBHOOK_ALLOW_PRIVATE`` (on
with DEBUG, for a local receiver; off in production); the POST goes to an
address that was checked, never to a second lookup's
(:mod:`matches.webhooks.http`).
"""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import timedelta
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from league.errors import ServiceError, Violation
from league.models import League
from matches.models import LeagueWebhook, WebhookDelivery
from matches.models.webhooks import EVENT_KINDS
from matches.webhooks.http import REFUSED_PRIVATE, host_refused, post_pinned
from matches.webhooks.text import News, discord_body, encode, generic_body, signature

KINDS = tuple(k for k, _ in EVENT_KINDS)
MAX_WEBHOOKS_PER_LEAGUE = 10
PRIVATE_ADDRESS = "a public address: not loopback, private, link-local or reserved"
Status = WebhookDelivery.Status
SWITCHED_OFF = "not sent: the webhook was switched off"
# What an attempt finds of a delivery deleted since it was queued.
GONE = "gone"


# --- adding and removing ---------------------------------------------------------


# An http(s) address with a host (a name, IPv4, or IPv6 in brackets), an
# optional port (1-65535), no user or password, then printable ASCII only.
# The OpenAPI schema publishes it as the url's pattern; matched whole.
URL_PATTERN = (
    r"^https?://"
    r"(?:[A-Za-z0-9._~%!$&'()*+,;=-]+|\[[0-9A-Fa-f:.]+\])"
    r"(?::(?:6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}"
    r"|[1-5][0-9]{4}|[1-9][0-9]{0,3}))?"
    r"(?:[/?#][!-~]*)?$"
)
URL_RE = re.compile(URL_PATTERN)


def url_problem(url: str) -> str | None:
    """Why ``url`` cannot be a webhook's address, or None."""
    authority = url.partition("://")[2].split("/")[0].split("?")[0].split("#")[0]
    if "@" in authority:
        return "no user or password in the address"
    if not URL_RE.fullmatch(url):
        return "an http:// or https:// address"
    return None


def _violations(url: str, kind: str, events: Sequence[str]) -> list[Violation]:
    out: list[Violation] = []
    problem = url_problem(url)
    if problem is not None:
        out.append(Violation("invalid_url", "url", problem))
    elif not settings.WEBHOOK_ALLOW_PRIVATE and host_refused(
        urlsplit(url).hostname or ""
    ):
        # An address that could never be sent to (every delivery would be
        # refused): said now rather than in the delivery log. A name is
        # only looked up when a delivery is sent (see the module's SSRF
        # decision).
        out.append(Violation("private_address", "url", PRIVATE_ADDRESS))
    if len(url) > 500:
        out.append(Violation("too_long", "url", "at most 500 characters"))
    if kind not in LeagueWebhook.Kind.values:
        out.append(Violation("invalid_choice", "kind", "discord or generic"))
    for i, event in enumerate(events):
        if event not in KINDS:
            out.append(
                Violation("invalid_choice", f"events.{i}", f"one of {list(KINDS)}")
            )
    if len(set(events)) != len(events):
        out.append(Violation("duplicate", "events", "each kind once"))
    return out


@transaction.atomic
def webhook_create(
    *,
    league_id: int,
    url: str,
    kind: str,
    events: Sequence[str] = (),
    actor: AbstractBaseUser | None = None,
) -> LeagueWebhook:
    """Add a webhook to a league (``events``: the kinds it wants; empty:
    every kind). Refused with a coded error per problem, nothing written."""
    league = League.objects.select_for_update().get(pk=league_id)
    problems = _violations(url, kind, events)
    if LeagueWebhook.objects.filter(league=league, active=True).count() >= (
        MAX_WEBHOOKS_PER_LEAGUE
    ):
        problems.append(
            Violation("too_many", None, f"at most {MAX_WEBHOOKS_PER_LEAGUE} webhooks")
        )
    if problems:
        raise ServiceError(problems)
    return LeagueWebhook.objects.create(
        league=league,
        url=url,
        kind=kind,
        events=list(events),
        secret=secrets.token_hex(32),
        created_by=actor if actor is not None and actor.is_authenticated else None,
    )


@transaction.atomic
def webhook_deactivate(*, webhook_id: int) -> LeagueWebhook:
    """Stop sending to a webhook; its delivery log stays readable. The
    deliveries still to send are given up (``failed``, saying why), as
    nothing will try them again: the log does not show them waiting."""
    hook = LeagueWebhook.objects.select_for_update().get(pk=webhook_id)
    if hook.active:
        hook.active = False
        hook.save(update_fields=["active"])
    WebhookDelivery.objects.filter(
        webhook=hook, status__in=(Status.PENDING, Status.RETRYING)
    ).update(status=Status.FAILED, last_error=SWITCHED_OFF, next_attempt_at=None)
    return hook


# --- announcing ---------------------------------------------------------------


def wants(hook: LeagueWebhook, kind: str) -> bool:
    return not hook.events or kind in hook.events


def webhooks_announce(
    league_id: int, *builders: Callable[[], News | None]
) -> list[WebhookDelivery]:
    """Record the news ``builders`` make (None: no news) for every active
    webhook of the league that wants it, and queue the sending once the
    current transaction commits. A league without webhooks costs one query
    and builds nothing. Announcing the same news again creates and queues
    nothing."""
    hooks = list(LeagueWebhook.objects.filter(league_id=league_id, active=True))
    if not hooks:
        return []
    created: list[WebhookDelivery] = []
    for build in builders:
        news = build()
        if news is None:
            continue
        for hook in hooks:
            if not wants(hook, news.kind):
                continue
            body = (
                discord_body(news)
                if hook.kind == LeagueWebhook.Kind.DISCORD
                else generic_body(news)
            )
            delivery, made = WebhookDelivery.objects.get_or_create(
                webhook=hook, key=news.key, defaults={"kind": news.kind, "body": body}
            )
            if made:
                created.append(delivery)
    if created:
        from matches.queue import webhook_delivery_queue

        webhook_delivery_queue([d.pk for d in created])
    return created


# --- delivering ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Attempt:
    """What one delivery attempt found: the delivery's status after it and,
    when it will be tried again, in how many seconds."""

    status: str
    retry_in: float | None = None


def _post(url: str, raw: bytes, headers: dict[str, str]) -> tuple[int | None, str]:
    """POST and return (status code, error text), to the very address whose
    check passed (see :mod:`matches.webhooks.http`)."""
    return post_pinned(
        url,
        raw,
        headers,
        timeout=settings.WEBHOOK_TIMEOUT,
        allow_private=settings.WEBHOOK_ALLOW_PRIVATE,
    )


def retry_delay(attempts: int) -> float:
    """Seconds before the next attempt after ``attempts`` failed ones."""
    return float(settings.WEBHOOK_RETRY_BASE) * 3 ** (attempts - 1)


def webhook_deliver(*, delivery_id: int) -> Attempt:
    """One attempt at sending a delivery (see the module docstring).
    Idempotent: a delivered or abandoned delivery, one of a webhook no
    longer active, or one whose next attempt is not due is left alone; one
    deleted since it was queued (its league's, cascading) is ``GONE``."""
    with transaction.atomic():
        d = (
            WebhookDelivery.objects.select_for_update()
            .select_related("webhook")
            .filter(pk=delivery_id)
            .first()
        )
        if d is None:
            return Attempt(GONE)
        now = timezone.now()
        if d.status in (Status.DELIVERED, Status.FAILED) or not d.webhook.active:
            return Attempt(d.status)
        if (
            d.status == Status.RETRYING
            and d.next_attempt_at
            and d.next_attempt_at > now
        ):
            return Attempt(d.status, (d.next_attempt_at - now).total_seconds())
        raw = encode(d.body)
        stamp = int(time.time())
        headers = {
            "Content-Type": "application/json",
            "User-Agent": "Dugout-Webhooks/1",
            "X-Dugout-Event": d.kind,
            "X-Dugout-Delivery": str(d.pk),
        }
        if d.webhook.kind == LeagueWebhook.Kind.GENERIC:
            headers["X-Dugout-Timestamp"] = str(stamp)
            headers["X-Dugout-Signature"] = signature(d.webhook.secret, stamp, raw)
        code, error = _post(d.webhook.url, raw, headers)
        d.attempts += 1
        d.last_status_code = code
        if code is not None and 200 <= code < 300:
            d.status, d.last_error, d.next_attempt_at = Status.DELIVERED, "", None
            d.delivered_at = now
            retry_in = None
        elif d.attempts >= settings.WEBHOOK_MAX_ATTEMPTS or error == REFUSED_PRIVATE:
            d.status, d.last_error, d.next_attempt_at = Status.FAILED, error, None
            retry_in = None
        else:
            retry_in = retry_delay(d.attempts)
            d.status, d.last_error = Status.RETRYING, error or f"HTTP {code}"
            d.next_attempt_at = now + timedelta(seconds=retry_in)
        d.save()
        return Attempt(d.status, retry_in)


def webhook_deliveries_due(*, idle_seconds: float = 60) -> list[int]:
    """Deliveries a worker should have sent but has not (a crash, a lost
    message): pending for ``idle_seconds``, or retrying and overdue by as
    much."""
    cutoff = timezone.now() - timedelta(seconds=idle_seconds)
    pending = WebhookDelivery.objects.filter(
        status=Status.PENDING, created_at__lte=cutoff, webhook__active=True
    )
    overdue = WebhookDelivery.objects.filter(
        status=Status.RETRYING, next_attempt_at__lte=cutoff, webhook__active=True
    )
    return list(pending.values_list("pk", flat=True)) + list(
        overdue.values_list("pk", flat=True)
    )


def webhooks_requeue(delivery_ids: Iterable[int]) -> None:
    from matches.queue import webhook_delivery_queue

    webhook_delivery_queue(list(delivery_ids))


__all__ = [
    "Attempt",
    "News",
    "webhook_create",
    "webhook_deactivate",
    "webhook_deliver",
    "webhook_deliveries_due",
    "webhooks_announce",
]
