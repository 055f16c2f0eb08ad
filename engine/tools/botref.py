"""Load another version of the scripted bot next to this one, for
:mod:`engine.tools.botbench` to time both in the same run.

``load_scripted_bot(DIR)`` imports the bot package found at
``DIR/engine/bots`` (or at ``DIR`` itself if it holds ``scripted.py``)
under a private package name, so that its modules do not replace ours:
every ``engine.bots`` in its source reads as that name. The rest of the
engine (state, rules, dice) is this checkout's, shared by both bots.
Typical use, the bot of ``main`` as the reference::

    mkdir /tmp/ref && git archive main engine/bots | tar -x -C /tmp/ref
    python -m engine.tools.botbench --against /tmp/ref

Decision: a reference loaded from a directory rather than a frozen copy
kept in the package: the copy would be 3,000 lines to lint and type-check
that drift from the bot being compared against, while a directory
can hold any commit's bot (``git archive REF engine/bots``).
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

PACKAGE = "_botbench_reference"


class _Loader(importlib.abc.Loader):
    """Runs a module of the reference bot with ``engine.bots`` renamed."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def exec_module(self, module: ModuleType) -> None:
        source = self.path.read_text(encoding="utf-8")
        source = source.replace("engine.bots", PACKAGE)
        exec(compile(source, str(self.path), "exec"), module.__dict__)


class _Finder(importlib.abc.MetaPathFinder):
    """Finds the modules of :data:`PACKAGE` in the reference directory."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != PACKAGE and not fullname.startswith(PACKAGE + "."):
            return None
        rest = fullname.split(".")[1:]
        base = self.root.joinpath(*rest)
        init = base / "__init__.py"
        if init.is_file():
            spec = importlib.util.spec_from_loader(
                fullname, _Loader(init), origin=str(init), is_package=True
            )
            if spec is not None:
                spec.submodule_search_locations = [str(base)]
            return spec
        file = base.with_suffix(".py")
        if file.is_file():
            return importlib.util.spec_from_loader(
                fullname, _Loader(file), origin=str(file)
            )
        return None


def bots_dir(root: str | Path) -> Path:
    """The bot package's directory in ``root`` (a checkout or the package)."""
    p = Path(root)
    if (p / "scripted.py").is_file():
        return p
    if (p / "engine" / "bots" / "scripted.py").is_file():
        return p / "engine" / "bots"
    raise FileNotFoundError(f"no engine/bots/scripted.py under {root}")


def load_scripted_bot(root: str | Path) -> Any:
    """The ``ScriptedBot`` class of the bot package under ``root`` (loaded
    once per process: a second directory is refused)."""
    base = bots_dir(root).resolve()
    for f in sys.meta_path:
        if isinstance(f, _Finder):
            if f.root != base:
                raise RuntimeError(f"a reference bot is already loaded from {f.root}")
            break
    else:
        sys.meta_path.insert(0, _Finder(base))
    module = importlib.import_module(PACKAGE + ".scripted")
    return module.ScriptedBot
