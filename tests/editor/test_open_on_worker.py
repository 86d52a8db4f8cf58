"""File › Open reads the module on the editor's worker thread
(:mod:`editor.opening`): the window answers meanwhile, with a busy cursor
and the steps in the status bar; a bad file is refused with the store's
reason; the last file asked for is the one shown; an edit made while a file
is read is never dropped without asking.  Real module files throughout; the
worker is held by a :class:`~editor_helpers.Gate` where what the window does
meanwhile must be seen every time."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from editor_helpers import Gate, Mouse, answer_dialog, ticks
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMessageBox

from ffl.store import load_module, module_dump

ROOT = Path(__file__).resolve().parents[2]
FORT = ROOT / "scenarios" / "french-foreign-legion.ffl"
LB = ROOT / "scenarios" / "the-legend-begins.ffl"


def _open(w, qtbot, path) -> list[bool]:
    """Ask for ``path`` as File › Open does (not waiting); the outcome list
    fills when it is over."""
    outcome: list[bool] = []
    assert w.open_path(path, wait=False, then=outcome.append)
    return outcome


def _cursor():
    cursor = QGuiApplication.overrideCursor()
    return None if cursor is None else cursor.shape()


def test_the_legend_begins_is_read_on_the_worker_while_the_window_answers(editor, qtbot):
    w = editor
    steps: list[tuple[str, int, str]] = []
    w.start_checks.progress.connect(lambda text, pc: steps.append((text, pc, w.busy.label.text())))
    gate = Gate(w)                                  # the worker is busy before the open
    outcome = _open(w, qtbot, LB)
    # the call came back at once: busy cursor, the status bar says so, the old
    # (empty) module still shown, and the window's event loop runs
    assert _cursor() == Qt.CursorShape.BusyCursor
    assert w.busy.isVisible() and w.path is None and not w.doc.data["boards"]
    assert w.status_label.text() == f"Opening {LB}…"
    assert ticks(qtbot) >= 5
    fired = [0]
    timer = QTimer(interval=10)
    timer.timeout.connect(lambda: fired.__setitem__(0, fired[0] + 1 if outcome == [] else fired[0]))
    timer.start()
    gate.open()
    qtbot.waitUntil(lambda: outcome != [], timeout=30_000)
    timer.stop()
    assert outcome == [True]
    # while it was read (~1 s of work on the worker) the window's loop went on
    assert fired[0] >= 3
    # the steps came in order, each shown in the status bar as it came
    assert [pc for _t, pc, _l in steps] == sorted(pc for _t, pc, _l in steps)
    assert any("checking the module" in t for t, _p, _l in steps)
    assert all(label == text for text, _p, label in steps)
    # the module is shown, checked, the busy cursor and indication gone
    qtbot.waitUntil(lambda: not w.start_checks.busy(), timeout=30_000)
    assert _cursor() is None and not w.busy.isVisible()
    assert w.path == LB and w.status_label.text() == f"Opened {LB}"
    assert w.doc.data == module_dump(load_module(LB))
    assert len(w.scene.space_items) == len(w.doc.data["boards"][0]["spaces"])
    assert w.recent.paths()[0] == LB.resolve()
    # its problems are those a check now finds; the start check made on the
    # worker is kept (not run again)
    shown, runs = list(w.problems), w.start_checks.runs
    assert w.run_validation() == shown and w.start_checks.runs == runs
    assert w.validation_panel.summary.text()


def test_bad_files_are_refused_with_the_stores_reason(editor, qtbot, tmp_path):
    w = editor
    w.new_module("square", 2, 2)
    truncated = tmp_path / "truncated.ffl"
    truncated.write_bytes(FORT.read_bytes()[:6000])
    foreign = tmp_path / "foreign.ffl"
    with sqlite3.connect(foreign) as db:
        db.execute("create table notes (text)")
    text = tmp_path / "text.ffl"
    text.write_text("hello")
    cases = [(truncated, "is damaged"), (foreign, "not a file of this program"),
             (text, "not a saved game or module"), (tmp_path / "missing.ffl", "does not exist")]
    for path, reason in cases:
        before = path.read_bytes() if path.exists() else None
        outcome = _open(w, qtbot, path)
        qtbot.waitUntil(lambda o=outcome: o != [], timeout=20_000)
        assert outcome == [False], path
        assert str(path) in w.last_error and reason in w.last_error, w.last_error
        assert w.status_label.text() == w.last_error, (w.status_label.text(), w.last_error)
        assert "b3261e" in w.status_label.styleSheet()
        assert len(w.doc.data["boards"][0]["spaces"]) == 4      # the old work stays
        assert _cursor() is None, (path, _cursor())
        assert not w.busy.isVisible(), (path, w.busy.label.text())
        assert (path.read_bytes() if path.exists() else None) == before
    assert w.recent.paths() == []


def test_the_last_file_asked_for_is_the_one_shown(editor, qtbot):
    w = editor
    steps: list[str] = []
    w.start_checks.progress.connect(lambda text, _pc: steps.append(text))
    gate = Gate(w)
    first = _open(w, qtbot, LB)
    second = _open(w, qtbot, FORT)       # asked for while the first waits to be read
    gate.open()
    qtbot.waitUntil(lambda: first != [] and second != [], timeout=30_000)
    assert first == [False] and second == [True]
    # the first was not even read (its turn came after the second was asked for)
    assert [text for text in steps if "reading the file" in text] == [
        "Opening: reading the file…"]
    assert w.path == FORT and w.doc.data == module_dump(load_module(FORT))
    assert w.status_label.text() == f"Opened {FORT}"
    assert w.recent.paths() == [FORT.resolve()]
    assert _cursor() is None


def test_an_edit_made_while_a_file_is_read_is_kept_unless_dropped(editor, qtbot, tmp_path):
    w = editor
    path = tmp_path / "mine.ffl"
    w.new_module("square", 3, 3)
    assert w.save_as(path)
    w.ask_on_close = True                 # the question is asked, as for the designer
    m = Mouse(w)
    w.set_tool("paint")

    def paint_while_read(answer, terrain):
        gate = Gate(w)
        outcome = _open(w, qtbot, FORT)
        w.options.terrain.setCurrentText(terrain)
        m.click(0.5, 0.5)                 # edited while the file waits to be read
        assert w.is_dirty()
        answer_dialog(lambda box: box.button(answer).click())
        gate.open()
        qtbot.waitUntil(lambda: outcome != [], timeout=30_000)
        return outcome

    # Cancel: the edit stays, the file is not opened
    assert paint_while_read(QMessageBox.StandardButton.Cancel, "rough") == [False]
    assert w.path == path and w.is_dirty()
    assert w.doc.data["boards"][0]["spaces"][0]["attrs"]["terrain"] == "rough"
    assert "edited while it was read" in w.status_label.text()
    assert module_dump(load_module(path))["boards"][0]["spaces"][0]["attrs"]["terrain"] \
        == "clear"
    # Save: the edits are written first, then the file opened
    assert paint_while_read(QMessageBox.StandardButton.Save, "woods") == [True]
    assert w.path == FORT and not w.is_dirty()
    assert module_dump(load_module(path))["boards"][0]["spaces"][0]["attrs"]["terrain"] \
        == "woods"
    assert _cursor() is None
