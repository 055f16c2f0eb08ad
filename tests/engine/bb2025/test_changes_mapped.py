"""docs/formats/bb2025.md maps every change of the edition's digest tagged
[H] or [M] ("Every change and its test") and every DECIDE point ("Every
DECIDE point") to tests: every test it names exists (the test file parsed
with ``ast``), every row names one, the DECIDE table covers 1-25 and the
silent point, and — where the digest is beside the project — every [H] and
[M] change has its row. ``PENDING`` (a part being built) fails only with
``BB2025_MAP_STRICT=1``."""

from __future__ import annotations

import ast
import os
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
PAGE = ROOT / "docs" / "formats" / "bb2025.md"
CHANGES = "Every change and its test"
DECIDES = "Every DECIDE point"
NODE = re.compile(r"`([^`\s]+\.py::[^`\s]+)`")
PENDING = "PENDING"
STRICT = os.environ.get("BB2025_MAP_STRICT") == "1"
# A bullet of changes_from_bb2020.md: "- **Title** [H ...]" under "## N. ...".
CHAPTER = re.compile(r"^## (\d+)\. ")
BULLET = re.compile(r"^- \*\*(.+?)\*\*[^\[]*\[([HML])")


def table(heading: str) -> list[list[str]]:
    """The rows (cells) of the first table under ``## heading``."""
    text = PAGE.read_text("utf-8")
    start = text.index(f"\n## {heading}\n")
    end = text.find("\n## ", start + 1)
    rows = []
    for line in text[start : end if end >= 0 else None].splitlines():
        if line.startswith("|") and not line.startswith("| ---"):
            rows.append([c.strip() for c in line.strip().strip("|").split(" | ")])
    return rows[1:]  # the header aside


@cache
def defined(path: str) -> frozenset[str]:
    """The test functions of a test file, and Class::method for its classes'."""
    tree = ast.parse((ROOT / path).read_text("utf-8"))
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.ClassDef):
            names |= {
                f"{node.name}::{m.name}"
                for m in node.body
                if isinstance(m, ast.FunctionDef)
            }
    return frozenset(names)


def missing(cell: str) -> list[str]:
    """The node ids of ``cell`` that name no test."""
    out = []
    for node in NODE.findall(cell):
        path, _, name = node.partition("::")
        if not (ROOT / path).is_file() or name not in defined(path):
            out.append(node)
    return out


def check_tests(label: str, cell: str) -> list[str]:
    problems = [f"{label}: no test {n}" for n in missing(cell)]
    if not NODE.findall(cell) and PENDING not in cell:
        problems.append(f"{label}: no test named")
    if STRICT and PENDING in cell:
        problems.append(f"{label}: still {PENDING}")
    return problems


def test_every_change_names_existing_tests() -> None:
    rows = table(CHANGES)
    assert len(rows) >= 70
    problems = []
    for change, tests in rows:
        problems += check_tests(change, tests)
    assert problems == []


def test_every_decide_point_has_its_decision_and_tests() -> None:
    rows = table(DECIDES)
    points = [r[0] for r in rows]
    assert points == [str(n) for n in range(1, 26)] + ["silent"]
    problems = []
    for point, decision, where, tests in rows:
        label = f"DECIDE {point}"
        if not decision:
            problems.append(f"{label}: no decision")
        if where == PENDING:
            if STRICT:
                problems.append(f"{label}: still {PENDING}")
        else:
            path = ROOT / where.strip("`")
            if not path.is_file():
                problems.append(f"{label}: no file {where}")
            elif "Decision" not in path.read_text("utf-8") and path.suffix == ".py":
                problems.append(f"{label}: no Decision in {where}")
        problems += check_tests(label, tests)
    assert problems == []


def test_the_checker_sees_a_missing_test() -> None:
    cell = "`tests/engine/bb2025/test_changes_mapped.py::test_no_such_test`"
    assert missing(cell) == [
        "tests/engine/bb2025/test_changes_mapped.py::test_no_such_test"
    ]
    assert check_tests("x", "") == ["x: no test named"]
    assert missing("`tests/engine/bb2025/test_changes_mapped.py::table`") == []


def _digest() -> Path | None:
    for parent in ROOT.parents:
        path = parent / "shared" / "rules" / "bb2025" / "changes_from_bb2020.md"
        if path.exists():
            return path
    return None


def test_every_h_and_m_change_of_the_digest_has_its_row() -> None:
    path = _digest()
    if path is None:
        reason = "shared/rules/bb2025/changes_from_bb2020.md is not beside the project"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    chapter = ""
    want = []
    for line in path.read_text("utf-8").splitlines():
        if m := CHAPTER.match(line):
            chapter = m.group(1)
        elif (m := BULLET.match(line)) and m.group(2) in "HM":
            want.append(f"{chapter} {m.group(1)}")
    assert [r[0] for r in table(CHANGES)] == want
