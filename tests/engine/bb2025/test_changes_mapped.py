"""docs/formats/bb2025.md maps every change of the edition's digest tagged
[H] or [M] ("Every change and its test") and every DECIDE point ("Every
DECIDE point") to tests: every test it names exists (the test file parsed
with ``ast``), every row names one, the DECIDE table covers 1-25 and the
silent point, and — where the digest is beside the project — every [H] and
[M] change has its row (``DIGEST_ROWS``). A ``PENDING`` cell fails."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PAGE = ROOT / "docs" / "formats" / "bb2025.md"
CHANGES = "Every change and its test"
DECIDES = "Every DECIDE point"
NODE = re.compile(r"`([^`\s]+\.py::[^`\s]+)`")
PENDING = "PENDING"
# The [H] and [M] changes of the digest (chapter and title), as the digest
# lists them: the docs table's rows, checked against the digest itself where
# it is beside the project.
DIGEST_ROWS = (
    "1 Coaches vs players",
    "1 Keywords",
    "1 Distracted",
    "1 ACTIVE / PASSIVE skills",
    "1 Elite Skills",
    "1 Parameterised skills removed",
    "2 Fans",
    "2 Weather",
    "2 Prayers to Nuffle",
    "3 Set-up",
    "3 Swarming",
    "3 Kick deviation with Kick skill",
    "3 Catching the kick-off",
    "3 Kick-off event table",
    "3 Touchback",
    "4 Action list",
    "4 Throw Team-mate is its own once-per-turn action",
    "4 Secure the Ball (new)",
    "4 Special actions replacing a Blitz block",
    '4 Stalling / "the crowd takes action" (new core rule)',
    "4 Forgo",
    "5 Jump",
    "5 Rush",
    "5 Standing up",
    "6 Cheering Fans assist",
    "6 Multiple Block",
    "6 Brawler and Grab",
    "6 Frenzy",
    "6 Crowd push of an active-team player",
    "7 Injury table",
    "7 Casualty table (D16)",
    "7 Lasting Injury D6",
    "7 Regeneration",
    "7 Getting Even (new league rule)",
    "7 Masters of Undeath",
    "7 Plague Ridden",
    "7 Apothecary",
    "8 Argue the Call",
    "8 Bribes",
    "8 Bribery and Corruption",
    "9 Range bands",
    "9 Results",
    "9 Interference → Interception only",
    "9 Safe Pass",
    "9 Cloud Burster",
    "9 Hail Mary Pass",
    "10 Direction",
    "10 Distance",
    "12 No ST requirements",
    "12 Ranges",
    "12 Results",
    "12 Always Hungry",
    "12 Kick Team-mate",
    "12 SPP",
    "13 Bombardier",
    "13 Chainsaw",
    "13 Projectile Vomit / Stab / Breathe Fire",
    "13 Hypnotic Gaze",
    "13 Ball & Chain",
    "13 Secret Weapon",
    "15 SPP awards",
    "15 MVP",
    "15 Advancement costs",
    "15 Characteristic improvement roll",
    "15 Value increases",
    "15 Winnings",
    "15 Dedicated Fans",
    "15 Concession",
    "15 Expensive Mistakes",
    "15 Post-game order",
    "16 Tiers",
    "16 Leagues",
    "16 Team special rules",
    "16 Roster revisions",
    "16 Matched Play",
    "16 Insignificant",
)
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
    if PENDING in cell:
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


def test_every_h_and_m_change_has_its_row() -> None:
    assert tuple(r[0] for r in table(CHANGES)) == DIGEST_ROWS


def test_the_rows_are_the_digests_where_it_is_beside_the_project() -> None:
    # The digest is read-only beside the checkout (``../shared``); a clone
    # elsewhere checks the table against DIGEST_ROWS alone (the test above).
    path = _digest()
    if path is None:
        return
    chapter = ""
    want = []
    for line in path.read_text("utf-8").splitlines():
        if m := CHAPTER.match(line):
            chapter = m.group(1)
        elif (m := BULLET.match(line)) and m.group(2) in "HM":
            want.append(f"{chapter} {m.group(1)}")
    assert tuple(want) == DIGEST_ROWS
