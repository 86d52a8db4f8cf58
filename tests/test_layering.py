"""The layering rule: lower layers never reach upper ones.

    ffl.engine  <  ffl.games  <  ffl.session / catalog / selfplay / store / opponents  <  ffl.ui, ffl.printing, editor

The engine knows no game and no database; the games know neither Qt nor the
database; the headless services (sessions, the catalog, self-play, the store, the
computer opponents) never load Qt, so they run in tests, in the command line and
in self-play without a display.  Inside the UI, a game's interface (``ffl.ui.<game>``) and
``ffl.ui.game_ui`` never import the play window, which imports them.

This is checked on a static import graph of every module under ``ffl/`` and
``editor/`` built with ``ast``: absolute and relative imports, imports inside
functions (they run when called) -- only ``if TYPE_CHECKING:`` blocks are left
out.  ``import a.b.c`` runs ``a``, ``a.b`` and ``a.b.c``; ``from pkg import name``
also reaches ``pkg.name`` when that is a module.  Imports are followed
transitively through our own packages and a failure shows the chain, e.g.
``ffl.session (line 40) -> ffl.games (line 12) -> ... -> PySide6.QtWidgets``.
Imports of names held in strings (``importlib.import_module``, the games'
manifests) are not seen: the runtime tests at the end cover the main ones.
"""

import ast
import subprocess
import sys
import textwrap
from collections import deque
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("ffl", "editor")

Sources = dict[str, tuple[str, bool]]     # module name -> (source text, is a package)
Graph = dict[str, dict[str, int]]         # module name -> {imported name: line (0: own package)}


def read_sources(root: Path = ROOT) -> Sources:
    """Every module of our packages, by dotted name."""
    out: Sources = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            is_package = parts[-1] == "__init__"
            out[".".join(parts[:-1] if is_package else parts)] = (path.read_text(), is_package)
    return out


def _prefixes(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts) + 1)]


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(module: str, source: str, is_package: bool, known) -> dict[str, int]:
    """{dotted name: first line} of everything ``module`` imports when it (or any function) runs."""
    found: dict[str, int] = {}
    stack: list[ast.AST] = [ast.parse(source, module)]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(node.orelse)            # the body never runs
            continue
        stack.extend(ast.iter_child_nodes(node))
        if isinstance(node, ast.Import):
            names = [p for alias in node.names for p in _prefixes(alias.name)]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module if is_package else module.rpartition(".")[0]
                for _ in range(node.level - 1):
                    base = base.rpartition(".")[0]
                target = ".".join(filter(None, (base, node.module)))
            else:
                target = node.module or ""
            names = _prefixes(target) + [
                f"{target}.{alias.name}" for alias in node.names
                if f"{target}.{alias.name}" in known]
        else:
            continue
        for name in names:
            found[name] = min(found.get(name, node.lineno), node.lineno)
    found.pop(module, None)
    return found


def build_graph(sources: Sources) -> Graph:
    graph: Graph = {}
    for module, (source, is_package) in sources.items():
        graph[module] = _imports(module, source, is_package, sources)
        parent = module.rpartition(".")[0]
        if parent:                               # importing a module runs its package first
            graph[module].setdefault(parent, 0)
    return graph


def _matches(name: str, forbidden) -> str | None:
    return next((f for f in forbidden if name == f or name.startswith(f + ".")), None)


def violations(graph: Graph, subject: str, forbidden) -> list[str]:
    """One shortest chain per forbidden import reached from the modules under ``subject``."""
    roots = [m for m in graph if m == subject or m.startswith(subject + ".")]
    assert roots, f"no module under {subject}: is the rule out of date?"
    found: dict[tuple[str, str], tuple[list[str], set[str]]] = {}  # -> (chain, roots)
    for root in roots:
        came_from: dict[str, tuple[str, int] | None] = {root: None}
        queue = deque([root])
        while queue:
            module = queue.popleft()
            for name, line in sorted(graph[module].items()):
                if name in came_from:
                    continue
                if entry := _matches(name, forbidden):
                    chain, link = [name], (module, line)
                    while link:
                        hop, at = link
                        chain.insert(0, f"{hop} (line {at})" if at else f"{hop} (package)")
                        link = came_from[hop]
                    best, reached_from = found.get((module, entry), (chain, set()))
                    best = min(best, chain, key=lambda c: (len(c), -len(c[-1])))  # deepest name
                    found[(module, entry)] = (best, reached_from | {root})
                elif name in graph:
                    came_from[name] = (module, line)
                    queue.append(name)
    return [" -> ".join(chain) + (f"   [from {len(froms)} modules]" if len(froms) > 1 else "")
            for chain, froms in sorted(found.values())]


# -- the rules -----------------------------------------------------------------------

SOURCES = read_sources()
GRAPH = build_graph(SOURCES)
NO_UI = ("PySide6", "ffl.ui", "ffl.printing", "editor")
NO_DATABASE = ("sqlmodel", "sqlalchemy", "pydantic", "ffl.store")
SERVICES = ("ffl.session", "ffl.catalog", "ffl.selfplay", "ffl.store", "ffl.opponents")
WINDOW = ("ffl.ui.window", "ffl.ui.app")
RULES = [
    ("ffl.engine", NO_UI + NO_DATABASE + SERVICES + ("ffl.cli", "ffl.games")),
    ("ffl.games", NO_UI + NO_DATABASE + ("ffl.cli",)),
    *((service, NO_UI) for service in SERVICES),
    *((package, WINDOW) for package, (_, is_package) in sorted(SOURCES.items())
      if is_package and package.startswith("ffl.ui.") and package.count(".") == 2),
    ("ffl.ui.game_ui", ("ffl.ui.window",)),
]


@pytest.mark.parametrize("subject, forbidden", RULES, ids=[
    f"{s}-not-window" if s.startswith("ffl.ui") else s for s, _ in RULES])
def test_layer_never_reaches(subject, forbidden):
    bad = violations(GRAPH, subject, forbidden)
    assert not bad, f"{subject} reaches {', '.join(forbidden)}:\n" + "\n".join(bad)


def test_layering_check_sees_files():
    assert "ffl.engine.board" in GRAPH and "editor.window" in GRAPH
    assert "ffl.ui.game_ui" in GRAPH["ffl.ui.window"]        # a relative import, resolved
    assert {"ffl.ui.ffl", "ffl.ui.card_game"} <= {subject for subject, _ in RULES}


# -- self-tests of the checker on synthetic modules ------------------------------------------

APP = {
    "app": ("", True),
    "app.core": ("from .rules import fire\nfrom . import dice\n", True),
    "app.core.rules": ("import json\nfrom ..ui import widgets\n\ndef fire():\n    pass\n", False),
    "app.core.dice": ("import os.path\n", False),
    "app.cli": ("from app.core import rules\n", False),
    "app.ui": ("", True),
    "app.ui.widgets": ("def show():\n    import PySide6.QtWidgets\n", False),
    "app.typed": (textwrap.dedent("""
        import typing
        from typing import TYPE_CHECKING
        if TYPE_CHECKING:
            import PySide6
        else:
            import pickle
        if typing.TYPE_CHECKING:
            from sqlmodel import Session
        """), False),
}


def test_resolver_relative_imports_and_submodules():
    graph = build_graph(APP)
    assert {"app.core.rules", "app.core.dice"} <= graph["app.core"].keys()
    assert "app.core.rules.fire" not in graph["app.core"]          # a function, not a module
    assert {"app", "app.ui", "app.ui.widgets", "app.core"} <= graph["app.core.rules"].keys()
    assert {"os", "os.path"} <= graph["app.core.dice"].keys()
    assert graph["app.ui.widgets"]["PySide6.QtWidgets"] == 2       # inside a function


def test_resolver_skips_type_checking_blocks():
    imported = build_graph(APP)["app.typed"]
    assert "pickle" in imported
    assert not {"PySide6", "sqlmodel"} & imported.keys()
    assert violations(build_graph(APP), "app.typed", ("PySide6", "sqlmodel")) == []


def test_resolver_reports_transitive_chain():
    graph = build_graph(APP)
    assert violations(graph, "app.cli", ("PySide6",)) == [
        "app.cli (line 1) -> app.core.rules (line 2) -> app.ui.widgets (line 2)"
        " -> PySide6.QtWidgets"]
    assert violations(graph, "app.core.dice", ("app.ui",)) == [     # via its package's __init__
        "app.core.dice (package) -> app.core (line 1) -> app.core.rules (line 2) -> app.ui.widgets"]
    assert violations(graph, "app.core", ("json",)) == [
        "app.core.rules (line 1) -> json   [from 3 modules]"]


# -- what actually gets loaded -------------------------------------------------------

@pytest.mark.parametrize("imports, forbidden", [
    ("ffl.session, ffl.catalog, ffl.selfplay, ffl.store, ffl.opponents.tournament", ("PySide6",)),
    ("ffl.engine", ("ffl.games", "sqlmodel", "sqlalchemy", "PySide6")),
], ids=["services-without-qt", "engine-alone"])
def test_runtime_imports(imports, forbidden):
    code = f"import sys\nimport {imports}\nprint('\\n'.join(sys.modules))"
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    loaded = sorted(m for m in result.stdout.split() if _matches(m, forbidden))
    assert not loaded, f"import {imports} loads {loaded}"
