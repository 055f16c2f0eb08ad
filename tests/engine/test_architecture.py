"""The engine's storeys import one way only (docs/architecture.md).

The import graph is built from the source with ``ast``: every ``import``
and ``from ... import`` of an engine module, at module level and inside
functions, except those under ``if TYPE_CHECKING:`` (made for annotations
only, they tie no module to another at run time). No engine module is in
an import circle.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from engine.skills.stars.specs import SKILLS as STAR_RULES

ENGINE = Path(__file__).resolve().parents[2] / "engine"

# Circles inside a package whose structure is being changed elsewhere (none
# left: a new one is a failure).
KNOWN_CIRCLES: tuple[frozenset[str], ...] = ()
# Packages whose modules may still import modules of the same package
# inside a function (none left).
LOCAL_IMPORTS_LEFT: tuple[str, ...] = ()
# Lazy loading, not a circle: the card game (engine.blitz, which imports no
# format) is loaded only when its format plays or lists its cards.
LAZY = {("engine.variants.blitz_bowl", "engine.blitz.")}


def _modules() -> dict[str, Path]:
    out = {}
    for path in ENGINE.rglob("*.py"):
        parts = list(path.relative_to(ENGINE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def _targets(module: str, node: ast.Import | ast.ImportFrom) -> Iterator[str]:
    """The engine modules an import statement of ``module`` imports."""
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    else:
        if node.level:
            base = module.split(".")
            if MODULES[module].name != "__init__.py":
                base.pop()
            base = base[: len(base) - node.level + 1]
            prefix = ".".join(base + ([node.module] if node.module else []))
        else:
            prefix = node.module or ""
        names = [
            f"{prefix}.{a.name}" if f"{prefix}.{a.name}" in MODULES else prefix
            for a in node.names
        ]
    for name in names:
        while name and name not in MODULES:
            name = name.rpartition(".")[0]
        if name and name != module:
            yield name


def _type_checking(node: ast.AST) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and (
        (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
        or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")
    )


def _imports(module: str) -> Iterator[tuple[str, bool, int]]:
    """(imported module, inside a function, line) for each import."""

    def walk(node: ast.AST, in_function: bool) -> Iterator[tuple[str, bool, int]]:
        for child in ast.iter_child_nodes(node):
            if _type_checking(child):
                assert isinstance(child, ast.If)
                for other in child.orelse:
                    yield from walk(other, in_function)
                continue
            if isinstance(child, ast.Import | ast.ImportFrom):
                for target in _targets(module, child):
                    yield target, in_function, child.lineno
                continue
            yield from walk(
                child,
                in_function
                or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef),
            )

    yield from walk(ast.parse(MODULES[module].read_text()), False)


GRAPH: dict[str, set[str]] = {
    m: {t for t, _, _ in _imports(m)} for m in sorted(MODULES)
}


def _circles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(frozenset(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_engine_has_no_import_circle_but_the_known_ones() -> None:
    stray = [
        sorted(c) for c in _circles(GRAPH) if not any(c <= k for k in KNOWN_CIRCLES)
    ]
    assert stray == []


def test_a_circle_is_found_when_there_is_one() -> None:
    graph = {m: set(t) for m, t in GRAPH.items()}
    graph["engine.core.state"].add("engine.rules.turns")
    assert any("engine.core.state" in c for c in _circles(graph))


def test_no_function_imports_an_engine_module() -> None:
    local = [
        f"{m}:{line} imports {t}"
        for m in sorted(MODULES)
        for t, inside, line in _imports(m)
        if inside
        and not any(
            m.startswith(f"{p}.") and t.startswith(f"{p}.") for p in LOCAL_IMPORTS_LEFT
        )
        and not any(m == lazy and t.startswith(into) for lazy, into in LAZY)
    ]
    assert local == []


def test_the_card_game_imports_no_format() -> None:
    # What makes its lazy loading safe: loading it cannot reach back.
    assert [
        f"{m} -> {t}"
        for m, targets in GRAPH.items()
        if m.startswith("engine.blitz.")
        for t in targets
        if t.startswith("engine.variants")
    ] == []


def test_the_storeys_import_only_downwards() -> None:
    # engine.core < engine.rules < engine.skills < everything else
    storey = {"engine.core": 0, "engine.rules": 1, "engine.skills": 2}

    def level(m: str) -> int:
        return next((n for p, n in storey.items() if m.startswith(f"{p}.")), 3)

    upwards = [
        f"{m} -> {t}"
        for m, targets in GRAPH.items()
        for t in targets
        if m != "engine" and level(t) > level(m)
    ]
    assert upwards == []


def test_no_rulebook_procedure_names_a_star_player_rule() -> None:
    # A procedure calls rule points; the Star Players' rules register there
    # (engine.core.skillbits alone lists every slug: the bit table).
    slugs = {s.slug for s in STAR_RULES}
    named = [
        f"{path.relative_to(ENGINE.parent)}:{node.lineno} {node.value!r}"
        for path in sorted((ENGINE / "rules").rglob("*.py"))
        + [ENGINE / "core" / "hooks.py", ENGINE / "core" / "state.py"]
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Constant) and node.value in slugs
    ]
    assert named == []
