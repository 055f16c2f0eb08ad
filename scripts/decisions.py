"""Every ``Decision:`` note in the code and the rules data, with a format guess.

Where a rules text leaves a reading open, the code (or the data file) says
what Dugout decided in a note that starts with ``Decision:`` (``Decisions:``
before a list, ``Decision (the point):`` for one point). The pages under
docs/formats/ collect them; this script lists them so the pages can be checked
for completeness::

    python scripts/decisions.py                   # one line a note
    python scripts/decisions.py --format sevens   # one format's notes
    python scripts/decisions.py --full            # each note in full
    python scripts/decisions.py --json            # for other tools
    python scripts/decisions.py --undocumented    # files no formats page names

The format is a guess from the file's path and the note's words: a note in
``engine/blitz/`` is Blitz Bowl's, one that names Sevens is Sevens', and a
note in the league or site code that names no format is ``all`` (it applies
to every league). ``--undocumented`` exits with status 1 when a file holding
a note is not named by any page under docs/formats/.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Where notes live: the engine and its rules data, the Django apps, the
# project package and the templates (tests may quote notes; they are not
# notes of their own).
SOURCES = ("engine", "league", "matches", "config", "templates")
SUFFIXES = {".py", ".json", ".html", ".js", ".css", ".txt"}
FORMATS_DIR = ROOT / "docs" / "formats"
FORMATS = ("bb2020", "bb2025", "sevens", "classic", "blitz-bowl", "dungeon-bowl", "all")
# A note starts "Decision:", "Decisions:" (a list follows) or "Decision (the
# point in question):". The same words in code are not notes: a return
# annotation (``-> Decision:``), a name in backticks, or the engine's
# Decision type in a sentence ("returns a Decision (waiting ...").
MARK = re.compile(r"\bDecisions?(?=:| \()")
NOT_A_NOTE = re.compile(r"(->\s*|`)$")
# Before "Decision (", only a comment marker, a docstring's quotes, a list
# number or the end of a sentence.
SENTENCE_START = re.compile(r"(^|[.;:]|^\s*(#|//|\{#|\*|\"\"\"|\d+\.))\s*$")
# A note runs on over the following lines of its comment or docstring until a
# blank line, another note, or the end of the docstring; at most this many.
MAX_LINES = 14

# The path says the format for whole packages and modules.
PATH_FORMATS: tuple[tuple[str, str], ...] = (
    ("engine/blitz/", "blitz-bowl"),
    ("engine/data/blitz_bowl/", "blitz-bowl"),
    ("engine/variants/blitz_bowl", "blitz-bowl"),
    ("engine/dungeon/", "dungeon-bowl"),
    ("engine/data/dungeon_bowl/", "dungeon-bowl"),
    ("engine/variants/dungeon_bowl/", "dungeon-bowl"),
    ("engine/bots/college_wizard", "dungeon-bowl"),
    ("engine/bots/dungeon_escort", "dungeon-bowl"),
    ("engine/variants/bb2025", "bb2025"),
    ("engine/skills/blocked", "bb2025"),
    ("engine/skills/devious", "bb2025"),
    ("engine/skills/going_down", "bb2025"),
    ("engine/skills/punt", "bb2025"),
    ("engine/skills/chomp", "bb2025"),
    ("engine/data/bb2025/", "bb2025"),
    ("engine/variants/classic", "classic"),
    ("engine/variants/sevens", "sevens"),
    ("engine/desperate", "sevens"),
)
# Otherwise the note's own words, the first that matches.
WORD_FORMATS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"blitz bowl|team card|challenge card", re.I), "blitz-bowl"),
    (re.compile(r"dungeon|college|portal|chest", re.I), "dungeon-bowl"),
    (re.compile(r"\bclassic\b|seed 00[13]|\bLRB\b|D100", re.I), "classic"),
    (re.compile(r"\bsevens\b|seed 004", re.I), "sevens"),
)
COMMENT_PREFIX = re.compile(r"^\s*(#|//|\{#|\*|/\*)\s?")
COMMENT_SUFFIX = re.compile(r"\s*(#\}|\*/)\s*$")


@dataclass(frozen=True)
class Note:
    """One ``Decision:`` note: where it is, what it says, whose rules."""

    path: str
    line: int
    text: str
    format: str


def note_files(root: Path = ROOT) -> Iterator[Path]:
    """The files of ``SOURCES`` that hold at least one note, in path order."""
    for source in SOURCES:
        for path in sorted((root / source).rglob("*")):
            if path.suffix not in SUFFIXES or not path.is_file():
                continue
            if "__pycache__" in path.parts:
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            if any(_columns(line) for line in text.splitlines()):
                yield path


def _columns(line: str) -> list[int]:
    """Where the notes of ``line`` start."""
    found = []
    for m in MARK.finditer(line):
        before = line[: m.start()]
        if NOT_A_NOTE.search(before):
            continue
        after = line[m.end() :]
        if after.startswith(" ("):
            if after[2:3] in (":", "`") or not SENTENCE_START.search(before):
                continue
        found.append(m.start())
    return found


def _clean(line: str) -> str:
    line = COMMENT_SUFFIX.sub("", COMMENT_PREFIX.sub("", line))
    return line.strip().strip('",').replace('\\"', '"')


def _note_text(lines: list[str], start: int, column: int, *, data: bool) -> str:
    """The note that starts at ``lines[start][column:]``, joined into one
    line: in a data file (JSON) it is the string it starts; in code it ends
    at a blank line, the next note, or the end of its comment or docstring."""
    first = lines[start][column:]
    if data:
        return _tidy([re.split(r'(?<!\\)"', first, maxsplit=1)[0]])
    parts = [_clean(first)]
    if '"""' in first or len(_columns(first)) > 1:
        return _tidy(parts)
    in_comment = re.search(r"(#|//|\{#)", lines[start][:column]) is not None
    for line in lines[start + 1 : start + MAX_LINES]:
        stripped = line.strip()
        if not stripped and parts[-1].endswith(":"):
            continue  # "Decisions:", then a blank line, then the list
        if not stripped or _columns(line):
            break
        if in_comment and not stripped.startswith(("#", "//")):
            break
        if stripped.startswith('"""'):
            break
        parts.append(_clean(line))
        if '"""' in line or stripped.endswith("#}"):
            break
    return _tidy(parts)


def _tidy(parts: list[str]) -> str:
    text = " ".join(part for part in parts if part)
    text = text.split('"""')[0]
    return re.sub(r"\s+", " ", text).strip()


def format_guess(path: str, text: str) -> str:
    """Whose rules a note belongs to: a format of ``FORMATS``."""
    for prefix, fmt in PATH_FORMATS:
        if path.startswith(prefix):
            return fmt
    for pattern, fmt in WORD_FORMATS:
        if pattern.search(text):
            return fmt
    return "bb2020" if path.startswith("engine/") else "all"


def notes(root: Path = ROOT) -> list[Note]:
    """Every note of every file of ``note_files``."""
    found: list[Note] = []
    for path in note_files(root):
        rel = path.relative_to(root).as_posix()
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
        for index, line in enumerate(lines):
            for column in _columns(line):
                text = _note_text(lines, index, column, data=path.suffix == ".json")
                fmt = format_guess(rel, line[:column] + " " + text)
                found.append(Note(rel, index + 1, text, fmt))
    return found


def documented_paths(formats_dir: Path = FORMATS_DIR) -> set[str]:
    """The repository paths the formats pages name in backticks."""
    named: set[str] = set()
    for page in formats_dir.glob("*.md"):
        named.update(re.findall(r"`([\w./-]+\.\w+)`", page.read_text("utf-8")))
    return named


def undocumented_files(root: Path = ROOT) -> list[str]:
    """Files holding a note that no page under docs/formats/ names."""
    named = documented_paths(root / "docs" / "formats")
    return [
        rel
        for rel in (p.relative_to(root).as_posix() for p in note_files(root))
        if rel not in named
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--format", choices=FORMATS, help="only this format's")
    parser.add_argument("--full", action="store_true", help="each note in full")
    parser.add_argument("--json", action="store_true", help="a JSON list")
    parser.add_argument(
        "--undocumented",
        action="store_true",
        help="list the files no docs/formats page names (status 1 if any)",
    )
    args = parser.parse_args(argv)
    if args.undocumented:
        missing = undocumented_files()
        for rel in missing:
            print(rel)
        return 1 if missing else 0
    selected = [n for n in notes() if args.format in (None, n.format)]
    if args.json:
        print(json.dumps([asdict(n) for n in selected], indent=1))
        return 0
    for note in selected:
        text = note.text if args.full else note.text[:100]
        print(f"{note.format:13} {note.path}:{note.line}  {text}")
    files = len({n.path for n in selected})
    print(f"{len(selected)} notes in {files} files", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
