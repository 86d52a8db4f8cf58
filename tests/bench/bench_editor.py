"""Editor benchmark: edits on the 512-square French Foreign Legion fort.

Run from the repository root (a script, never collected by pytest)::

    QT_QPA_PLATFORM=offscreen python tests/bench/bench_editor.py

Each figure is a median in milliseconds, beside the naive baseline measured in
the same run: the document building every engine board from scratch (deriving
adjacency again) after each edit, as the editor did before the geometry cache.

- ``paint``: one square's terrain changed, then the board the tools ask for;
- ``side``: a wall toggled on one side, then the board;
- ``link``: a link's attributes changed, then the board;
- ``corner``: a corner moved (the geometry changes: both derive, for reference);
- ``stroke``: a real brush drag across 30 squares in an editor window, per square
  (mouse events, paint, undo command, restyle and the board lookups of the tool).
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from benchlib import median_ms  # noqa: E402

from editor import edits  # noqa: E402
from editor.document import Document  # noqa: E402
from ffl.store import load_module, module_dump  # noqa: E402

FFL = ROOT / "scenarios" / "french-foreign-legion.ffl"


def document(cached: bool) -> Document:
    doc = Document(module_dump(load_module(FFL)))
    if not cached:
        doc.geometry = None
    doc.board(0)
    return doc


def edit_then_board(doc: Document, make_changes, undo: bool = True):
    """One edit applied (and its undo kept) then the engine board built."""
    state = {"undo": None}

    def run():
        if state["undo"] is None or not undo:
            state["undo"] = doc.apply(make_changes(doc))
        else:   # alternate edit and undo so each run changes the document
            doc.apply(state["undo"])
            state["undo"] = None
        doc.board(0)

    return run


def paint(doc):
    key = doc.data["boards"][0]["spaces"][40]["key"]
    terrain = doc.get(("boards", 0, "spaces", 40, "attrs"))["terrain"]
    return edits.paint(doc, 0, [key], {"terrain": "rubble" if terrain != "rubble" else "fort"})


def side(doc):
    board = doc.board(0)
    a = doc.data["boards"][0]["spaces"][100]["key"]
    b = sorted(board.orthogonal(a))[0]
    return edits.toggle_side_feature(doc, 0, a, b, "thin-wall")


def link(doc):
    links = doc.data["boards"][0]["links"]
    old = links[0]
    return edits.set_link(doc, 0, 0, old["kind"], old["directed"],
                          {**old["attrs"], "bench": not old["attrs"].get("bench", False)})


_nudge = iter(range(1, 10**6))


def corner(doc):
    """Move one corner somewhere it has never been (a new geometry every time)."""
    poly = doc.board(0)["D4"].polygon
    x, y = list(poly.exterior.coords)[0]
    owners = edits.vertex_owners(doc, 0, (x, y))
    new = (x + next(_nudge) * 1e-4, y)
    return edits.set_polygons(doc, 0, edits.moved_vertex(owners, (x, y), new))


def stroke_ms(cached: bool) -> float:
    """Per-square time of a real brush drag over 30 squares in an editor window."""
    from PySide6.QtCore import QPointF, QSettings, Qt
    from PySide6.QtTest import QTest

    from editor.app import create_app
    from editor.window import EditorWindow
    from ffl.ui.style import UNIT

    app = create_app()
    folder = Path(tempfile.mkdtemp())
    window = EditorWindow(settings=QSettings(str(folder / "e.ini"), QSettings.Format.IniFormat),
                          data_folder=folder, autosave=False)
    window.ask_on_close = False
    window.open_path(FFL)
    if not cached:
        window.doc.geometry = None
    window.resize(1400, 900)
    window.show()
    QTest.qWaitForWindowExposed(window)
    window.set_tool("paint")
    vp, view = window.view.viewport(), window.view
    board = window.doc.board(0)
    keys = [k for k in board.keys() if board[k].get("terrain") == "sand"][:30]

    def at(k):
        x, y = board[k].centre
        return view.mapFromScene(QPointF(x * UNIT, y * UNIT))

    per = []
    for terrain in ("rubble", "sand", "rubble", "sand", "rubble", "sand"):
        window.options.terrain.setCurrentText(terrain)
        start = time.perf_counter()
        QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                         at(keys[0]))
        for k in keys[1:]:
            QTest.mouseMove(vp, at(k))
        QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                           at(keys[-1]))
        app.processEvents()
        per.append((time.perf_counter() - start) / len(keys))
    window.close()
    return statistics.median(per) * 1000


def main() -> None:
    print(f"{'edit (fort, 512 squares)':28} {'cached':>9} {'naive':>9}")
    for name, fn in (("paint", paint), ("side", side), ("link", link), ("corner", corner)):
        fast = median_ms(edit_then_board(document(True), fn, fn is not corner))
        slow = median_ms(edit_then_board(document(False), fn, fn is not corner))
        print(f"{name + ' + board':28} {fast:8.2f}  {slow:8.2f}  ms")
    fast, slow = stroke_ms(True), stroke_ms(False)
    print(f"{'brush stroke, per square':28} {fast:8.2f}  {slow:8.2f}  ms")


if __name__ == "__main__":
    main()
