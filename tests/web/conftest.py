"""Helpers for the web page tests. The named world (Alice commissions the
leagues, Bob and Charlie coach, Dave is an outsider), ``four_teams`` and the
shared ``resolved_season`` live in ``tests/conftest.py``; the season helpers
in ``tests/world.py`` (importable from here too)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.world import SEVENS_TEAMS, resolve_all, scheduled_season, sevens_teams

__all__ = [
    "DESKTOP",
    "PHONE",
    "SEVENS_TEAMS",
    "browser",
    "count_queries",
    "open_page",
    "resolve_all",
    "scheduled_season",
    "sevens_teams",
    "shot",
    "signed_in_tabs",
]


def count_queries(client, url: str) -> int:
    """Queries run to render ``url`` (which must answer 200)."""
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(ctx.captured_queries)


# --- the browser tests' Chromium ---------------------------------------------
# Decision: Debian's chromium-headless-shell (the "old" headless Chromium,
# which .ci/run installs) when it is there, else the full /usr/bin/chromium
# in its headless mode; DUGOUT_CHROMIUM names another. The shell draws the
# same pages with about half the CPU (the browser tests of one suite run:
# 96 s of Chromium's CPU instead of 207 s, screenshots off), and the tests
# pass on both.
CHROMIUM_CHOICES = (
    os.environ.get("DUGOUT_CHROMIUM", ""),
    "/usr/bin/chromium-headless-shell",
    "/usr/bin/chromium",
)
CHROMIUM = next(
    (Path(p) for p in CHROMIUM_CHOICES if p and Path(p).exists()),
    Path("/usr/bin/chromium"),
)
# Screenshots of the pages the browser tests pass through (tests/artifacts/)
# are taken only when asked: DUGOUT_SCREENSHOTS=1. A full-page PNG costs the
# browser more than most checks do.
SCREENSHOTS = os.environ.get("DUGOUT_SCREENSHOTS") == "1"


def shot(page, name: str) -> None:
    """A full-page screenshot in tests/artifacts/web-NAME.png, when asked."""
    if not SCREENSHOTS:
        return
    from tests.conftest import ARTIFACTS

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"web-{name}.png"), full_page=True)


ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 375, "height": 812}
DESKTOP = {"width": 1280, "height": 900}


class _Chromium:
    """One headless Chromium per pytest process, launched by the first
    browser test and shared by the browser tests that follow it, whatever
    their file: each test still gets fresh browser contexts (cookies,
    storage), so sharing the process shares no state.

    Decision: it closes as soon as the next test does not use it (see
    ``pytest_runtest_teardown``) instead of at the end of the session.
    Playwright's sync API keeps an event loop running in this thread and the
    ORM needs DJANGO_ALLOW_ASYNC_UNSAFE beside it: the other tests must run
    without either, as they do without the browser tests. The suite orders
    the browser tests one after another (tests/conftest.py), so one launch
    serves them all."""

    playwright = None
    browser = None
    previous_env: str | None = None

    @classmethod
    def get(cls):
        if cls.browser is None:
            cls.start()
        return cls.browser

    @classmethod
    def start(cls) -> None:
        if not CHROMIUM.exists():
            pytest.skip(
                "browser tests need Chromium at /usr/bin/chromium "
                "(Debian: apt-get install chromium-headless-shell, or chromium)"
            )
        try:
            from playwright.sync_api import sync_playwright
        except ImportError:
            pytest.skip(
                "browser tests need Playwright for Python: pip install playwright "
                "(no `playwright install`: the system Chromium is used)"
            )
        # Playwright's sync API keeps an event loop running in this thread;
        # the ORM calls the tests make around it are still plain synchronous
        # ones.
        cls.previous_env = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
        cls.playwright = sync_playwright().start()
        try:
            cls.browser = cls.playwright.chromium.launch(
                executable_path=str(CHROMIUM), args=ARGS
            )
        except BaseException:
            cls.stop()
            raise

    @classmethod
    def stop(cls) -> None:
        try:
            if cls.browser is not None:
                cls.browser.close()
            if cls.playwright is not None:
                cls.playwright.stop()
        finally:
            cls.browser = cls.playwright = None
            if cls.previous_env is None:
                os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
            else:
                os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = cls.previous_env


@pytest.fixture
def browser():
    """The shared headless Chromium (``_Chromium``)."""
    return _Chromium.get()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item, nextitem):
    """After a test's fixtures are torn down: close the shared Chromium
    unless the next test uses it too."""
    try:
        return (yield)
    finally:
        if _Chromium.browser is not None and (
            nextitem is None or "browser" not in nextitem.fixturenames
        ):
            _Chromium.stop()


@pytest.fixture
def open_page(browser, live_server):
    """``open_page(viewport, user=None)``: a fresh tab, logged in through
    the login form when ``user`` is given. Page errors fail the test."""
    contexts = []
    errors: list[str] = []

    def opener(viewport=DESKTOP, user=None):
        context = browser.new_context(viewport=viewport, base_url=live_server.url)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        if user is not None:
            page.goto("/accounts/login/")
            page.get_by_label("Username").fill(user.username)
            page.get_by_label("Password").fill("password")
            page.get_by_role("button", name="Log in").click()
            page.wait_for_selector(f"text=Log out {user.username}")
        return page

    yield opener
    for context in contexts:
        context.close()
    assert errors == []


@pytest.fixture
def signed_in_tabs(browser, live_server) -> Iterator[object]:
    """``tab(viewport, username)``: a tab logged in as ``username`` (through
    a session made by the test client, not the login form), one per person
    and viewport."""
    contexts: dict[tuple[int, str | None], object] = {}

    def tab(viewport: dict[str, int], username: str | None):
        key = (viewport["width"], username)
        if key not in contexts:
            context = browser.new_context(viewport=viewport, base_url=live_server.url)
            if username is not None:
                client = Client()
                client.force_login(get_user_model().objects.get(username=username))
                cookie = client.cookies[django_settings.SESSION_COOKIE_NAME]
                context.add_cookies(
                    [
                        {
                            "name": django_settings.SESSION_COOKIE_NAME,
                            "value": cookie.value,
                            "url": live_server.url,
                        }
                    ]
                )
            page = context.new_page()
            page.set_default_timeout(15_000)
            contexts[key] = (context, page)
        return contexts[key][1]

    yield tab
    for context, _ in contexts.values():
        context.close()
