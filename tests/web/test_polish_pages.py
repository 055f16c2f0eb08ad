"""Page details: the draft overspend, the inducement limits and
buying order, the admin's name for task progress, the match page's heading
and event log, flash messages, and what the README, the commissioner's
guide and the Makefile say about the demo."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from league.models import League, default_tiebreakers
from league.rules import format_default_tiebreakers
from league.services.demo import DEMO_LEAGUES, demo_build
from matches.models import MatchInducements, TaskProgress
from tests.web.test_inducement_pages import _match, url

ROOT = Path(__file__).resolve().parents[2]


# --- the inducements page ----------------------------------------------------------


def test_mercenaries_show_no_made_up_count(client, charlie, sevens, bob):
    match = _match(sevens, bob, charlie)
    client.force_login(charlie)

    html = client.get(url(match)).content.decode()

    # Mercenaries have no count of their own: the roster's limits bound them
    assert "the position's price + 30,000 · as many as the roster allows" in html
    assert "0–None" not in html
    assert 'max="None"' not in html
    # items with a count keep it: Sevens Bribes are 0–3 at 100,000
    assert "100,000 each · 0–3" in html


def test_bb2020_the_waiting_team_sees_its_form_disabled_with_the_reason(
    client, eleven, bob, charlie
):
    match = _match(eleven, bob, charlie)  # Bob's home team is worth 120k more
    home, away = match.home_id, match.away_id
    client.force_login(charlie)

    html = client.get(url(match)).content.decode()

    assert (
        f'<fieldset class="bare stack" disabled aria-describedby="wait-{away}">' in html
    )
    reason = re.search(rf'<p class="note" id="wait-{away}"[^>]*>(.*?)</p>', html)
    assert reason is not None
    assert reason.group(1).startswith(
        "Waiting for Rich bb2020: the team with the higher team value buys first"
    )

    # when the higher team has bought (nothing, here), the form opens
    client.force_login(bob)
    response = client.post(url(match), {"team": home})
    assert response.status_code == 302
    assert MatchInducements.objects.filter(team_id=home).exists()
    client.force_login(charlie)

    html = client.get(url(match)).content.decode()

    assert f'id="wait-{away}"' not in html
    assert "disabled" not in html
    assert f'name="t{away}-bloodweiser_kegs"' in html


def test_bb2020_the_higher_team_form_is_not_disabled(client, eleven, bob, charlie):
    match = _match(eleven, bob, charlie)
    client.force_login(bob)

    html = client.get(url(match)).content.decode()

    assert f'name="t{match.home_id}-bloodweiser_kegs"' in html
    assert "disabled" not in html


# --- flash messages ------------------------------------------------------------------


def test_flash_messages_are_a_list_inside_a_status_region(
    client, alice, sevens, bob, charlie
):
    match = _match(sevens, bob, charlie)
    client.force_login(alice)

    response = client.post(url(match), {"team": match.home_id}, follow=True)

    html = response.content.decode()
    block = re.search(
        r'<div class="messages" role="status">\s*<ul>\s*(<li class="msg msg-success">'
        r"[^<]*</li>)\s*</ul>\s*</div>",
        html,
    )
    assert block is not None, html
    assert "bought inducements for 0" in block.group(1)
    # no list carries a role that would take its list semantics away
    assert re.search(r"<(ul|ol)[^>]*\srole=", html) is None


# --- the match page ------------------------------------------------------------------


def test_the_match_page_has_one_h1_naming_both_teams(client, resolved_season):
    match = resolved_season.matches.order_by("pk").first()

    html = client.get(f"/matches/{match.pk}/").content.decode()

    headings = re.findall(r"<h1[^>]*>(.*?)</h1>", html, re.S)
    assert len(headings) == 1
    text = re.sub(r"<[^>]+>|\s+", " ", headings[0]).split()
    score = f"{match.result.home_score}–{match.result.away_score}"
    assert " ".join(text) == f"{match.home.name} {score} {match.away.name}"


def test_the_event_log_is_a_focusable_labelled_region(client, resolved_season):
    match = resolved_season.matches.order_by("pk").first()

    html = client.get(f"/matches/{match.pk}/").content.decode()
    fragment = client.get(f"/matches/{match.pk}/events/?type=block").content.decode()

    for page in (html, fragment):
        region = re.search(r'<div id="event-log"([^>]*)>\s*<ol>\s*<li', page)
        assert region is not None
        attrs = region.group(1)
        assert 'role="region"' in attrs
        assert 'tabindex="0"' in attrs
        assert 'aria-label="Event log entries"' in attrs


# --- the admin -----------------------------------------------------------------------


def test_the_admin_names_task_progress_without_a_made_up_plural(
    client, django_user_model
):
    # "progress" has no plural: Django's default would say "progresss"
    admin = django_user_model.objects.create_superuser("root", password="pw")
    client.force_login(admin)

    index = client.get("/admin/").content.decode()
    listing = client.get("/admin/matches/taskprogress/").content.decode()

    plural = TaskProgress._meta.verbose_name_plural
    assert f">{plural.capitalize()}</a>" in index
    assert "progresss" not in index + listing


# --- README and Makefile --------------------------------------------------------------


def _make_demo(*args: str) -> str:
    return subprocess.run(
        ["make", "-n", "demo", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout


@pytest.mark.parametrize(("args", "port"), [((), "8000"), (("PORT=8001",), "8001")])
def test_make_demo_serves_on_the_port_asked_for(args, port):
    commands = _make_demo(*args)

    assert f"manage.py runserver 127.0.0.1:{port}\n" in commands
    assert f"http://127.0.0.1:{port}/" in commands


@pytest.mark.parametrize(("args", "port"), [((), "8000"), (("PORT=8001",), "8001")])
def test_make_demo_serves_before_the_seasons_are_played(args, port):
    # the demo command leaves the seasons and the forecasts to background
    # processes that wait for the server on that port, then the server starts
    commands = _make_demo(*args).splitlines()
    demo = next(i for i, c in enumerate(commands) if "manage.py demo" in c)
    serve = next(i for i, c in enumerate(commands) if "manage.py runserver" in c)

    assert commands[demo].endswith(
        f"manage.py demo --background --when-served 127.0.0.1:{port}"
    )
    assert demo < serve


README = (ROOT / "README.md").read_text()
COMMISSIONER_GUIDE = (ROOT / "docs" / "commissioner.md").read_text()
TIEBREAKER_WORDS = {
    "points": "points",
    "td_diff": "TD difference",
    "cas_diff": "casualty difference",
    "head_to_head": "head-to-head",
    "wins": "wins",
    "td_for": "touchdowns scored",
    "cas_for": "casualties caused",
}


@pytest.mark.django_db
def test_the_commissioners_guide_gives_the_tiebreakers_the_demo_leagues_use():
    demo_build()
    blood_bowl = [n for n, fmt, _ in DEMO_LEAGUES if fmt != "dungeon-bowl"]
    orders = {
        league.name: league.tiebreakers
        for league in League.objects.filter(name__in=blood_bowl)
    }
    assert len(orders) == 4
    # the Dungeon Bowl demo league takes its format's own order, named too
    dungeon = League.objects.get(format="dungeon-bowl")
    words = [TIEBREAKER_WORDS[t] for t in dungeon.tiebreakers]
    assert dungeon.tiebreakers == format_default_tiebreakers("dungeon-bowl")
    assert (
        f"a Dungeon Bowl league's default order is {', '.join(words[:-1])}, "
        f"then {words[-1]}" in COMMISSIONER_GUIDE
    )
    # every Blood Bowl demo league keeps the default order...
    assert set(map(tuple, orders.values())) == {tuple(default_tiebreakers())}
    # ...and the commissioner's guide names it, in that order
    *first, last = (TIEBREAKER_WORDS[t] for t in default_tiebreakers())
    said = f"which every Blood Bowl demo league uses: {', '.join(first)}, then {last}"
    assert said in COMMISSIONER_GUIDE


def test_the_readme_says_what_make_demo_opens():
    # `make demo` prints the address and serves; nothing opens a browser,
    # and `/` redirects to the first demo league (HOME_LEAGUE in league/views.py)
    assert "opens on the Sevens league" not in README
    assert "opens on the demo league" not in README
    assert f"`/` redirects to the *{DEMO_LEAGUES[0][0]}* league page" in README
    assert "`make demo PORT=8001` serves on port 8001" in README
    assert f"redirects to the {DEMO_LEAGUES[0][0]} league page" in _make_demo()
