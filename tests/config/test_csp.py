"""Every page carries a Content-Security-Policy that allows scripts and
styles from the site's own files only, and no page needs more: no inline
script, style or event handler without the request's nonce."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model

from tests.web.conftest import resolve_all, scheduled_season, sevens_teams

SCRIPT = re.compile(r"<script\b([^>]*)>", re.I)
STYLE = re.compile(r"<style\b([^>]*)>", re.I)
STYLE_ATTRIBUTE = re.compile(r"<[^>]+\sstyle\s*=", re.I)
HANDLER_ATTRIBUTE = re.compile(r"<[^>]+\son[a-z]+\s*=", re.I)
NONCE = re.compile(r"'nonce-([^']+)'")


@pytest.fixture
def pages(sevens, alice, bob, charlie, django_capture_on_commit_callbacks):
    """Each page of the site (as the user who may see it) and the API docs."""
    teams = sevens_teams(sevens, [bob, charlie], 2)
    season = scheduled_season(sevens, teams)
    resolve_all(season, django_capture_on_commit_callbacks)
    match = season.matches.first()
    admin = get_user_model().objects.create_superuser("root", password="password")
    return {
        "/": None,
        "/leagues/": None,
        "/me/": bob,
        f"/leagues/{sevens.pk}/": alice,
        f"/leagues/{sevens.pk}/draft/?roster=orc": bob,
        f"/leagues/{sevens.pk}/seasons/new/": alice,
        f"/seasons/{season.pk}/": alice,
        f"/teams/{teams[0].pk}/": bob,
        f"/matches/{match.pk}/": bob,
        f"/matches/{match.pk}/inducements/": bob,
        "/accounts/login/": None,
        "/admin/login/": None,
        "/admin/": admin,
        "/admin/league/team/": admin,
        f"/admin/league/team/{teams[0].pk}/change/": admin,
        "/api/docs/": None,
    }


def test_every_page_carries_the_policy_and_needs_nothing_inline(client, pages):
    for url, user in pages.items():
        # given
        client.logout()
        if user is not None:
            client.force_login(user)

        # when
        response = client.get(url)

        # then the policy allows the site's own scripts and styles only
        assert response.status_code == 200, url
        policy = response["Content-Security-Policy"]
        directives = dict((d.split(" ", 1) + [""])[:2] for d in policy.split("; ") if d)
        for kind in ("script-src", "style-src"):
            assert directives[kind].split()[0] == "'self'", (url, policy)
        assert "unsafe-inline" not in policy
        assert "unsafe-eval" not in policy
        assert directives["object-src"] == "'none'"
        assert directives["frame-ancestors"] == "'none'"
        # and whatever the page has inline carries this request's nonce
        html = response.content.decode()
        nonces = set(NONCE.findall(policy))
        for attributes in SCRIPT.findall(html) + STYLE.findall(html):
            if "src=" in attributes:
                continue
            found = re.search(r'nonce="([^"]+)"', attributes)
            assert found, (url, attributes)
            assert found.group(1) in nonces, (url, attributes)
        assert not STYLE_ATTRIBUTE.search(html), (url, STYLE_ATTRIBUTE.search(html))
        assert not HANDLER_ATTRIBUTE.search(html), (
            url,
            HANDLER_ATTRIBUTE.search(html),
        )


def test_swagger_ui_starts_with_the_requests_nonce(client, db):
    response = client.get("/api/docs/")

    (nonce,) = set(NONCE.findall(response["Content-Security-Policy"]))
    html = response.content.decode()
    assert f'<script nonce="{nonce}">' in html
    assert f'<style nonce="{nonce}">' in html
    assert "SwaggerUIBundle(" in html
    assert '"validatorUrl": null' in html


@pytest.mark.parametrize("url", ["/api/teams/", "/healthz"])
def test_json_answers_carry_the_policy_too(client, db, url):
    assert "default-src 'self'" in client.get(url)["Content-Security-Policy"]
