"""The documentation holds together: every relative link of README.md and
docs/ reaches a file (and a heading, for an anchor), the README stays short,
every file with a rules ``Decision:`` note is named by a formats page, no
product file or document cites an issue number, and every API endpoint, make
target and management command the docs name exists."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = sorted([README, *(ROOT / "docs").rglob("*.md")])
README_MAX_LINES = 250

# [text](target), ![alt](target), and <img src="target"> / <a href="target">
MARKDOWN_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HTML_LINK = re.compile(r"<(?:img|a)\b[^>]*\b(?:src|href)=\"([^\"]+)\"")
FENCE = re.compile(r"^(```|~~~).*?^\1", re.M | re.S)
INLINE_CODE = re.compile(r"`[^`\n]*`")

ISSUE_NUMBER = re.compile(r"[Ii]ssue ?#?[0-9]+|\(#[0-9]+\)")
# Text files of the product: code, templates, static files, data, documents.
TEXT_SUFFIXES = {".py", ".html", ".md", ".js", ".css", ".json", ".txt"}
PRODUCT = ("league", "matches", "config", "templates", "docs", "scripts")


def _decisions() -> ModuleType:
    """scripts/decisions.py, which is a script, not a package module."""
    path = ROOT / "scripts" / "decisions.py"
    spec = importlib.util.spec_from_file_location("decisions", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _prose(text: str) -> str:
    """The text without code blocks and code spans, where a bracket or an
    address is an example, not a link."""
    return INLINE_CODE.sub("", FENCE.sub("", text))


def _slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped
    (hyphens and underscores kept), spaces as hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    found: set[str] = set()
    for line in FENCE.sub("", path.read_text("utf-8")).splitlines():
        if match := re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line):
            slug = base = _slug(match.group(1))
            n = 0
            while slug in found:  # GitHub numbers a repeated heading
                n += 1
                slug = f"{base}-{n}"
            found.add(slug)
    return found


def _links(path: Path) -> list[str]:
    text = _prose(path.read_text("utf-8"))
    return MARKDOWN_LINK.findall(text) + HTML_LINK.findall(text)


def _broken(page: Path) -> list[str]:
    broken = []
    for target in _links(page):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto: ...
            continue
        address, _, anchor = target.partition("#")
        linked = (page.parent / address).resolve() if address else page
        if not linked.exists():
            broken.append(f"{target}: no such file")
        elif anchor and linked.suffix == ".md" and anchor not in _anchors(linked):
            broken.append(f"{target}: no heading #{anchor} in {linked.name}")
    return broken


@pytest.mark.parametrize("page", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_and_image_resolves(page: Path) -> None:
    assert _broken(page) == []


def test_a_broken_link_or_anchor_is_found(tmp_path: Path) -> None:
    # given: a page linking a missing file, a missing heading and a good one
    (tmp_path / "other.md").write_text("# Removing a coach\n\ntext\n")
    page = tmp_path / "page.md"
    page.write_text(
        "See [gone](gone.md), [bad](other.md#no-such-part), "
        "[good](other.md#removing-a-coach), ![pic](img.png) and "
        '<img src="other.md" alt="x">; `[code](not-a-link.md)` is code.\n'
    )

    # when / then
    assert _broken(page) == [
        "gone.md: no such file",
        "other.md#no-such-part: no heading #no-such-part in other.md",
        "img.png: no such file",
    ]


def test_the_readme_is_at_most_250_lines() -> None:
    lines = README.read_text("utf-8").splitlines()

    assert len(lines) <= README_MAX_LINES


def test_the_readme_links_every_docs_page() -> None:
    linked = {
        (ROOT / target.partition("#")[0]).resolve()
        for target in _links(README)
        if target.startswith("docs/")
    }
    pages = {p.resolve() for p in (ROOT / "docs").glob("*.md")}

    assert pages - linked == set()


def test_every_file_with_a_decision_note_is_named_by_a_formats_page() -> None:
    decisions = _decisions()

    assert decisions.notes(), "no Decision: notes found: the search is broken"
    assert decisions.undocumented_files() == []


def test_a_decision_in_a_new_file_is_undocumented_until_a_page_names_it(
    tmp_path: Path,
) -> None:
    decisions = _decisions()
    # given: a project with one note in a new engine module, and one
    # return annotation that is not a note
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "new_rule.py").write_text(
        '"""A rule.\n\nDecision: the coach always uses it.\n"""\n'
    )
    (tmp_path / "engine" / "typed.py").write_text("def f() -> Decision:\n    pass\n")
    formats = tmp_path / "docs" / "formats"
    formats.mkdir(parents=True)
    page = formats / "bb2020.md"
    page.write_text("# Blood Bowl\n")

    # when / then: the note's file is reported until a page names it
    assert [n.path for n in decisions.notes(tmp_path)] == ["engine/new_rule.py"]
    assert decisions.undocumented_files(tmp_path) == ["engine/new_rule.py"]
    page.write_text("- The coach always uses it — `engine/new_rule.py`\n")
    assert decisions.undocumented_files(tmp_path) == []


def _issue_citations(*tops: Path) -> list[str]:
    found = []
    for top in tops:
        paths = [top] if top.is_file() else sorted(top.rglob("*"))
        for path in paths:
            if path.suffix not in TEXT_SUFFIXES or "__pycache__" in path.parts:
                continue
            for n, line in enumerate(path.read_text("utf-8").splitlines(), 1):
                if ISSUE_NUMBER.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    return found


def test_no_product_file_or_document_cites_an_issue_number() -> None:
    tops = [ROOT / top for top in PRODUCT] + [README]

    assert _issue_citations(*tops) == []


def test_no_engine_file_cites_an_issue_number() -> None:
    assert _issue_citations(ROOT / "engine") == []


# `GET /api/teams/{id}/`, `GET/POST /api/seasons/`, `DELETE /api/…/{wid}/`
DOCUMENTED_ENDPOINT = re.compile(
    r"\b((?:GET|POST|PUT|PATCH|DELETE)(?:/(?:GET|POST|PUT|PATCH|DELETE))*) (/api/[^\s`?]*)"
)
# A path parameter as the docs write it, and a value the URLconf takes for it.
PATH_PARAMETER = re.compile(r"\{(\w+)\}")


def _documented_endpoints() -> list[tuple[str, str, str]]:
    found = []
    for page in DOCS:
        for methods, path in DOCUMENTED_ENDPOINT.findall(page.read_text("utf-8")):
            for method in methods.split("/"):
                found.append((page.name, method, path))
    return sorted(set(found))


def _example_path(path: str) -> str:
    if path.startswith("/api/tasks/"):
        return PATH_PARAMETER.sub("74ac9771-6e8e-49b6-b6bc-3759d4b593ea", path)
    if path.startswith("/api/formats/"):
        return PATH_PARAMETER.sub("sevens", path)
    return PATH_PARAMETER.sub("1", path)


def _refused_endpoints(endpoints: list[tuple[str, str, str]]) -> list[str]:
    from django.urls import Resolver404, resolve

    refused = []
    for page, method, path in endpoints:
        try:
            match = resolve(_example_path(path))
        except Resolver404:
            refused.append(f"{page}: {method} {path}: no such route")
            continue
        if match.url_name in {"api-not-found", "api-no-slash"}:
            refused.append(f"{page}: {method} {path}: no such route")
            continue
        view = getattr(match.func, "view_class", None) or getattr(
            match.func, "cls", None
        )
        if view is not None and not hasattr(view, method.lower()):
            refused.append(f"{page}: {method} {path}: the view does not take {method}")
    return refused


def test_every_documented_api_endpoint_exists_and_takes_its_method() -> None:
    endpoints = _documented_endpoints()

    assert len(endpoints) > 50, "the endpoint search is broken"
    assert _refused_endpoints(endpoints) == []


def test_a_documented_endpoint_that_is_not_served_is_found() -> None:
    endpoints = [
        ("api.md", "GET", "/api/teams/{id}/"),
        ("api.md", "GET", "/api/teams/{id}/roster-history/"),
        ("api.md", "DELETE", "/api/seasons/{id}/standings/"),
    ]

    assert _refused_endpoints(endpoints) == [
        "api.md: GET /api/teams/{id}/roster-history/: no such route",
        "api.md: DELETE /api/seasons/{id}/standings/: the view does not take DELETE",
    ]


# `POST /api/leagues/{id}/invitation/accept/`, `…/invitation/decline/`: an
# address, or one whose start is the address before it (`POST …/dispute/`).
API_ADDRESS = re.compile(
    r"(?:\b((?:GET|POST|PUT|PATCH|DELETE)(?:/(?:GET|POST|PUT|PATCH|DELETE))*) )?"
    r"(/api/[^\s`?]*|…/[^\s`?]*)"
)


def _api_md_operations(text: str) -> set[tuple[str, str]]:
    """Each (method, path) docs/api.md names, ``…/`` shorthand spelt out, a
    path parameter as ``{}`` whatever the page calls it."""
    found: set[tuple[str, str]] = set()
    methods, last = ["GET"], ""
    for named, address in API_ADDRESS.findall(text):
        if address.startswith("…/"):
            tail = address[2:].strip("/").split("/")
            address = "/".join(last.strip("/").split("/")[: -len(tail)] + tail) + "/"
            address = "/" + address
        last = address
        methods = named.split("/") if named else methods
        for method in methods:
            found.add((method, PATH_PARAMETER.sub("{}", address)))
    return found


def _undocumented_operations(schema_paths: dict, text: str) -> list[str]:
    documented = _api_md_operations(text)
    return [
        f"{method.upper()} {path}"
        for path, item in schema_paths.items()
        for method in item
        if method in {"get", "post", "put", "patch", "delete"}
        and (method.upper(), PATH_PARAMETER.sub("{}", path)) not in documented
    ]


def test_every_operation_of_the_schema_is_in_the_api_guide() -> None:
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    text = (ROOT / "docs" / "api.md").read_text("utf-8")

    assert _undocumented_operations(schema["paths"], text) == []


def test_an_operation_missing_from_the_api_guide_is_found() -> None:
    paths = {
        "/api/seasons/{id}/": {"get": {}},
        "/api/leagues/{league_id}/invitation/decline/": {"post": {}},
        "/api/matches/{id}/submissions/{submission_id}/dispute/": {"post": {}},
        "/api/teams/{team_id}/": {"get": {}, "delete": {}},
    }
    text = (
        "`GET/POST /api/seasons/` and `GET /api/teams/{id}/`;\n"
        "`POST /api/leagues/{id}/invitation/accept/`, `…/invitation/decline/`;\n"
        "`POST /api/matches/{id}/submissions/{sid}/confirm/`, `POST …/dispute/`\n"
    )

    assert _undocumented_operations(paths, text) == [
        "GET /api/seasons/{id}/",
        "DELETE /api/teams/{team_id}/",
    ]


# `make demo`, `make fuzz FUZZ_SEED=<seed>`: a target of the Makefile.
DOCUMENTED_MAKE = re.compile(r"`make ([a-z][a-z0-9-]*)")
MAKE_TARGET = re.compile(r"^([a-z][a-z0-9-]*):", re.M)


def test_every_documented_make_target_exists() -> None:
    targets = set(MAKE_TARGET.findall((ROOT / "Makefile").read_text("utf-8")))
    documented = {
        (page.name, target)
        for page in DOCS
        for target in DOCUMENTED_MAKE.findall(page.read_text("utf-8"))
    }

    assert documented, "the make search is broken"
    assert sorted(f"{p}: make {t}" for p, t in documented if t not in targets) == []


# `python manage.py forecast --brier`: a command, with the options it takes.
DOCUMENTED_COMMAND = re.compile(
    r"manage\.py ([a-z_]+)((?: --[a-z][a-z-]*(?:[ =][^\s`-][^\s`]*)?)*)"
)


def test_every_documented_management_command_and_option_exists() -> None:
    from django.core.management import get_commands, load_command_class

    commands = get_commands()
    missing = []
    for page in DOCS:
        for name, options in DOCUMENTED_COMMAND.findall(page.read_text("utf-8")):
            if name not in commands:
                missing.append(f"{page.name}: manage.py {name}")
                continue
            parser = load_command_class(commands[name], name).create_parser(
                "manage.py", name
            )
            known = {s for action in parser._actions for s in action.option_strings}
            for option in re.findall(r"--[a-z][a-z-]*", options):
                if option not in known:
                    missing.append(f"{page.name}: manage.py {name} {option}")

    assert missing == []


# `/leagues/new/`, `/teams/{id}/fixtures.ics`: a page of the site (the API's
# are checked above; the websockets, static files and shell paths are not pages).
DOCUMENTED_PAGE = re.compile(r"`(/[a-z][^`\s]*)`")
NOT_PAGES = ("/api/", "/ws/", "/static/", "/tmp/")


def _unknown_pages(paths: list[tuple[str, str]]) -> list[str]:
    from django.urls import Resolver404, resolve

    unknown = []
    for page, path in paths:
        try:
            resolve(re.sub(r"\{\w+\}|<\w+>", "1", path))
        except Resolver404:
            unknown.append(f"{page}: {path}")
    return unknown


def test_every_documented_page_address_exists() -> None:
    paths = sorted(
        {
            (page.name, path)
            for page in DOCS
            for path in DOCUMENTED_PAGE.findall(page.read_text("utf-8"))
            if not path.startswith(NOT_PAGES)
        }
    )

    assert len(paths) > 10, "the address search is broken"
    assert _unknown_pages(paths) == []
    assert _unknown_pages([("coach.md", "/me/teams/")]) == ["coach.md: /me/teams/"]
