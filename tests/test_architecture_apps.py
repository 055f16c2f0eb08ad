"""The apps enter the engine by one door, ``engine.facade`` (docs/architecture.md).

import-linter holds the apps to it (``pyproject.toml``); these tests check
that the contract cannot go stale: it forbids every engine package and
module but the facade, with no exceptions, and the apps' sources name no
other engine module (read with ``ast``, so an import inside a function or
under ``TYPE_CHECKING`` counts too).
"""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path
from typing import Any

import engine.facade

ROOT = Path(__file__).resolve().parents[1]
APPS = ("league", "matches", "config")
DOOR = "The apps enter the engine by one door: engine.facade"


def _contract() -> dict[str, Any]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    contracts = config["tool"]["importlinter"]["contracts"]
    (door,) = [c for c in contracts if c["name"] == DOOR]
    return door


def _engine_parts() -> set[str]:
    """Every Python package and module directly under ``engine/``."""
    parts = set()
    for path in (ROOT / "engine").iterdir():
        if path.suffix == ".py" and path.stem != "__init__":
            parts.add(f"engine.{path.stem}")
        elif (path / "__init__.py").is_file():
            parts.add(f"engine.{path.name}")
    return parts


def test_the_door_contract_forbids_every_engine_part_but_the_facade() -> None:
    door = _contract()
    assert door["type"] == "forbidden"
    assert sorted(door["source_modules"]) == sorted(APPS)
    assert set(door["forbidden_modules"]) == _engine_parts() - {"engine.facade"}
    assert "engine.campaign" in door["forbidden_modules"]
    assert "ignore_imports" not in door
    assert door["allow_indirect_imports"] is True


def _engine_imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        found += [n for n in names if n == "engine" or n.startswith("engine.")]
    return found


def test_the_apps_import_the_engine_only_through_the_facade() -> None:
    other = {
        f"{path.relative_to(ROOT)}: {name}"
        for app in APPS
        for path in (ROOT / app).rglob("*.py")
        for name in _engine_imports(path)
        if name != "engine.facade"
    }
    assert other == set()


def test_every_facade_export_is_there_and_documented() -> None:
    source = (ROOT / "engine" / "facade.py").read_text()
    for name in engine.facade.__all__:
        assert hasattr(engine.facade, name), name
        assert f"    {name},  # " in source, f"{name} has no line saying what it is for"


# What every concern of ``matches/`` shares, below its layers.
MATCHES_SHARED = {"captions", "management", "migrations", "models"}
LAYERS = "matches/ by concern, one way"


def test_every_package_of_matches_is_in_a_layer_or_shared() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    contracts = config["tool"]["importlinter"]["contracts"]
    (layers,) = [c for c in contracts if c["name"].startswith(LAYERS)]
    layered = {
        name.strip().removeprefix("matches.")
        for layer in layers["layers"]
        for name in layer.split(":")
    }
    packages = {
        path.name
        for path in (ROOT / "matches").iterdir()
        if (path / "__init__.py").is_file()
    }
    assert "reports" in layered
    assert layered & MATCHES_SHARED == set()
    assert packages - MATCHES_SHARED == layered
    assert layers["ignore_imports"] == ["matches.queue -> matches.tasks"]
