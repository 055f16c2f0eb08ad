"""Every page of ``tests/web/pages.py`` (the site's, the JSON and fragments
they load, the commissioner's admin) rendered with hostile names, each as
the person it names, without a browser.

The small world is loaded and every team, player, league and season is
renamed to text that holds markup, quotes, an ampersand, a newline, iCal's
and Discord's special characters and an emoji. Then:

- nothing of a name comes out as markup: no element or attribute of its
  own, no script text, and JSON carries the text itself, not HTML entities
  (an ampersand or a quote escaped twice, "&amp;amp;", would show as such);
- a page has the basics of WCAG 2.2 that a parser can see: the page's
  language (3.1.1 Language of Page: ``<html lang>``), one ``h1`` (1.3.1 Info
  and Relationships: the page's heading), a label for every form field
  (1.3.1, 4.1.2 Name, Role, Value), a text alternative for every image
  (1.1.1 Non-text Content) and header cells in every table (1.3.1).

axe-core checks the pages in Chromium too (``test_accessibility.py``) but
fails on its serious and critical findings only: a page without an ``h1``
or a table without header cells is a moderate one there.
"""

from __future__ import annotations

import json
from html.parser import HTMLParser

import pytest

from league.models import League, Player, Team
from matches.models import Season
from tests.web.pages import (
    Page,
    all_pages,
    saved_small_world,  # noqa: F401 (fixture)
)

HOSTILE = (
    "A&B \"q\" 'a' <script>alert(1)</script><b data-pwn=1>x</b>"
    "\"><i data-pwn=2>'><u data-pwn=3>;,\\ @everyone <@123> 🏈\nend"
)
FIELDS = ("input", "select", "textarea")
NOT_FIELDS = ("hidden", "submit", "button", "reset", "image")
TWICE_ESCAPED = ("&amp;amp;", "&amp;lt;", "&amp;quot;", "&amp;#x27;", "&amp;#39;")
ENTITIES = ("&amp;", "&lt;", "&gt;", "&quot;", "&#x27;", "&#39;")


class Outline(HTMLParser):
    """What a page's markup holds that this test looks at."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lang: str | None = None
        self.h1 = 0
        self.injected: list[str] = []
        self.script_text: list[str] = []
        self.images_without_alt: list[str] = []
        self.fields: list[tuple[dict[str, str | None], bool]] = []
        self.label_for: set[str] = set()
        self.tables_without_th = 0
        self._labels = 0
        self._tables: list[int] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if "data-pwn" in a:
            self.injected.append(tag)
        if tag == "html":
            self.lang = a.get("lang")
        elif tag == "h1":
            self.h1 += 1
        elif tag == "script":
            self._in_script = True
        elif tag == "img" and a.get("alt") is None:
            self.images_without_alt.append(str(a.get("src")))
        elif tag == "label":
            self._labels += 1
            if a.get("for"):
                self.label_for.add(str(a["for"]))
        elif tag in FIELDS and a.get("type") not in NOT_FIELDS:
            self.fields.append((a, self._labels > 0))
        elif tag == "table":
            self._tables.append(0)
        elif tag == "th" and self._tables:
            self._tables[-1] += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = False
        elif tag == "label":
            self._labels -= 1
        elif tag == "table" and self._tables and self._tables.pop() == 0:
            self.tables_without_th += 1

    def handle_data(self, data: str) -> None:
        if self._in_script and "alert(1)" in data:
            self.script_text.append(data[:80])

    def unlabelled(self) -> list[str]:
        return [
            str(a.get("name") or a.get("id"))
            for a, wrapped in self.fields
            if not (
                wrapped
                or a.get("id") in self.label_for
                or a.get("aria-label")
                or a.get("aria-labelledby")
                or a.get("title")
            )
        ]


def rename_everything() -> None:
    """Every name of the world hostile, each still unique where it must be
    and within its field's length."""
    for model, size in ((Team, 100), (Player, 100), (League, 100), (Season, 60)):
        for i, pk in enumerate(
            model.objects.order_by("pk").values_list("pk", flat=True)
        ):
            model.objects.filter(pk=pk).update(name=f"{i} {HOSTILE}"[:size])


def page_problems(page: Page, content_type: str, body: str) -> list[str]:
    problems: list[str] = []
    if "json" in content_type:
        json.loads(body)
        problems += [f"{e} in JSON" for e in ENTITIES if e in body]
        return problems
    if "html" not in content_type:
        return problems
    outline = Outline()
    outline.feed(body)
    problems += [f"a name's <{tag} data-pwn>" for tag in outline.injected]
    problems += [f"a name in a script: {t!r}" for t in outline.script_text]
    problems += [f"{e} (escaped twice)" for e in TWICE_ESCAPED if e in body]
    if not page.axe:  # a fragment or JSON: part of a page checked whole
        return problems
    if not outline.lang:
        problems.append("no <html lang>")
    if outline.h1 != 1:
        problems.append(f"{outline.h1} h1 elements")
    problems += [f"unlabelled field {name}" for name in outline.unlabelled()]
    problems += [f"img without alt: {src}" for src in outline.images_without_alt]
    if outline.tables_without_th:
        problems.append(f"{outline.tables_without_th} table(s) without th")
    return problems


@pytest.mark.parametrize("page", all_pages(), ids=lambda page: page.name)
def test_every_page_with_hostile_names(
    client,
    saved_small_world,  # noqa: F811
    django_user_model,
    settings,
    page,
):
    settings.PAGE_CACHE = False
    settings.LOGIN_FAILURES_MAX = 0  # the 429 page: the first failure is refused
    world = saved_small_world.load()
    rename_everything()
    if page.user is not None:
        client.force_login(django_user_model.objects.get(username=page.user))
    path = page.path(world)

    response = client.post(path, page.post(world)) if page.post else client.get(path)

    assert response.status_code == page.status, path
    body = response.content.decode()
    assert page_problems(page, response.get("Content-Type", ""), body) == [], path
