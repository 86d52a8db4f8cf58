"""The layering rule: the engine and the games never import Qt or the database.

Walks every module under ffl/engine and ffl/games with ``ast`` and fails on an
import of PySide6, sqlmodel or SQLAlchemy (also inside functions).
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN = ("PySide6", "sqlmodel", "sqlalchemy", "ffl.ui", "ffl.store", "ffl.printing", "editor")
LAYERS = [ROOT / "ffl" / "engine", ROOT / "ffl" / "games"]


def _imports(path: Path):
    tree = ast.parse(path.read_text(), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.lineno, node.module


FILES = sorted(p for layer in LAYERS for p in layer.rglob("*.py"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_engine_and_games_import_neither_qt_nor_database(path):
    bad = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for line, name in _imports(path)
        if any(name == f or name.startswith(f + ".") for f in FORBIDDEN)
    ]
    assert not bad, "\n".join(bad)


def test_layering_check_sees_files():
    assert any(p.name == "board.py" for p in FILES)
