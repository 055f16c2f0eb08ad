"""The README's screenshots: ``make screenshots``.

Builds the demo (``manage.py demo``) in a SQLite database of its own, serves
it on a free port of 127.0.0.1, and has headless Chromium (/usr/bin/chromium,
driven by Playwright) photograph each page of ``SHOTS`` at a desktop and a
phone width into docs/screenshots/, cut to the top ``MAX_HEIGHT`` pixels.
A page that answers 404 (the player page, until it exists) is left out and
said so.

Adding a page is one line in ``SHOTS``: a name, and its address from the
demo's ids (``Ids``).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
CHROMIUM = "/usr/bin/chromium"
VIEWPORTS = {"desktop": (1280, 900), "phone": (390, 844)}
MAX_HEIGHT = 1600


@dataclass(frozen=True)
class Ids:
    """The demo rows the pages show: its Sevens league, the champion's team,
    that team's top scorer and the match with the most events."""

    league: int
    team: int
    player: int
    match: int


def _replay(page: Any) -> None:
    """The replay part-way through: jump to the first touchdown, then scroll
    the viewer to the top of the picture."""
    page.wait_for_selector("#replay[data-ready=true]")
    page.get_by_role("button", name="Next touchdown").click()
    page.locator("#replay").scroll_into_view_if_needed()


@dataclass(frozen=True)
class Shot:
    name: str
    path: Callable[[Ids], str]
    ready: Callable[[Any], None] | None = None
    # the replay is photographed from its own top, not the page's
    element: str | None = None


SHOTS = [
    Shot("league", lambda ids: f"/leagues/{ids.league}/"),
    Shot("team", lambda ids: f"/teams/{ids.team}/"),
    Shot("player", lambda ids: f"/players/{ids.player}/"),
    Shot("match", lambda ids: f"/matches/{ids.match}/"),
    Shot("replay", lambda ids: f"/matches/{ids.match}/", _replay, "#replay"),
]


def demo_ids() -> Ids:
    import django

    django.setup()
    from django.db.models import Count

    from league.models import League, Player
    from matches.demo import DEMO_SEASON
    from matches.models import Match

    league = League.objects.get(name=DEMO_SEASON[0])
    match = (
        Match.objects.filter(season__league=league, mode=Match.Mode.RESOLVED)
        .annotate(events_n=Count("events"))
        .order_by("-events_n", "pk")
        .first()
    )
    assert match is not None, "the demo has no resolved match"
    player = (
        Player.objects.filter(team__league=league).order_by("-spp_earned", "pk").first()
    )
    assert player is not None
    return Ids(league=league.pk, team=player.team_id, player=player.pk, match=match.pk)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return int(response.status)
    except urllib.error.HTTPError as exc:
        return exc.code


def wait_for(url: str, seconds: float = 60) -> None:
    """Until the server answers at all."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            status(url)
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.3)


def photograph(base: str, ids: Ids) -> list[str]:
    from playwright.sync_api import sync_playwright

    written = []
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM, args=["--headless", "--no-sandbox"]
        )
        for shot in SHOTS:
            url = base + shot.path(ids)
            if status(url) != 200:
                print(
                    f"screenshots: {shot.name}: {url} answers {status(url)}, left out"
                )
                continue
            for label, (width, height) in VIEWPORTS.items():
                context = browser.new_context(
                    viewport={"width": width, "height": height}
                )
                page = context.new_page()
                page.goto(url)
                if shot.ready is not None:
                    shot.ready(page)
                target = OUT / f"{shot.name}-{label}.png"
                if shot.element:
                    box = page.locator(shot.element).bounding_box()
                    assert box is not None
                    top = box["y"] + page.evaluate("window.scrollY")
                    full = page.evaluate("document.documentElement.scrollHeight")
                    clip = {
                        "x": 0,
                        "y": top,
                        "width": width,
                        "height": min(MAX_HEIGHT, full - top),
                    }
                else:
                    full = page.evaluate("document.documentElement.scrollHeight")
                    clip = {
                        "x": 0,
                        "y": 0,
                        "width": width,
                        "height": min(MAX_HEIGHT, full),
                    }
                page.screenshot(path=str(target), full_page=True, clip=clip)
                context.close()
                written.append(str(target.relative_to(ROOT)))
        browser.close()
    return written


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="dugout-shots-") as tmp:
        env = {
            **os.environ,
            "DEBUG": "True",
            "DATABASE_URL": f"sqlite:///{tmp}/demo.sqlite3",
            "CELERY_BROKER_URL": "",
            "CACHE_URL": "",
            "PAGE_CACHE": "False",
        }
        manage = [sys.executable, str(ROOT / "manage.py")]
        for command in (["migrate", "--noinput"], ["demo"]):
            subprocess.run(
                manage + command,
                env=env,
                cwd=ROOT,
                check=True,
                stdout=subprocess.DEVNULL,
            )
        os.environ.update(env)
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        sys.path.insert(0, str(ROOT))
        ids = demo_ids()
        port = free_port()
        server = subprocess.Popen(
            manage + ["runserver", f"127.0.0.1:{port}", "--noreload"],
            env=env,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            base = f"http://127.0.0.1:{port}"
            wait_for(base + "/leagues/")
            written = photograph(base, ids)
        finally:
            server.terminate()
            server.wait(timeout=10)
    for path in written:
        print(f"screenshots: wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
