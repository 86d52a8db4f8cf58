"""Save, Play and choosing a scenario run their checks on the editor's worker
thread (the one the live checks use): the window answers meanwhile, shows
that it is busy, and loses no edit.  What Save writes is exactly the module
at the press of Ctrl+S; an edit made while it is written stays in the
window, unsaved.  A refusal is still said, and the file is left as it was.

The worker is held by a job that waits for the test (standing for a long
check: a large module's start check), so what the window does meanwhile is
seen every time, not by luck of timing; the slow test does the same with The
Legend Begins' real start check."""

from __future__ import annotations

import copy
import time
from pathlib import Path

import pytest
from editor_helpers import Gate, Mouse, open_copy, ticks
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from ffl.store import load_module, module_dump

ROOT = Path(__file__).resolve().parents[2]
FORT = ROOT / "scenarios" / "french-foreign-legion.ffl"
LB = ROOT / "scenarios" / "the-legend-begins.ffl"
CTRL = Qt.KeyboardModifier.ControlModifier


def _terrain(w, key: str) -> str:
    return w.doc.data["boards"][0]["spaces"][w.doc.space_index(0, key)]["attrs"]["terrain"]


@pytest.fixture
def fort(editor, tmp_path):
    path = open_copy(editor, FORT, tmp_path, "fort.ffl")
    editor.view.fit()
    editor.activateWindow()
    QTest.qWaitForWindowActive(editor)
    return editor, path


def test_ctrl_s_writes_the_module_as_it_was_at_the_press_while_the_window_answers(fort, qtbot):
    w, path = fort
    m = Mouse(w)
    w.set_tool("paint")
    w.options.terrain.setCurrentText("fort")
    m.click(0.5, 0.5)                            # A1: sand -> fort
    assert w.is_dirty() and _terrain(w, "A1") == "fort"
    at_press = copy.deepcopy(w.doc.data)
    gate = Gate(w)                               # a long check is running
    QTest.keyClick(w, Qt.Key.Key_S, CTRL)
    # the key press came back at once; the window says it is saving ...
    assert w.start_checks.busy()
    assert w.busy.isVisible() and w.busy.bar.isVisible()
    assert ticks(qtbot) >= 5                     # ... and its event loop runs
    # an edit while it is written: taken, and kept
    m.click(1.5, 0.5)                            # B1: sand -> fort
    assert _terrain(w, "B1") == "fort"
    gate.open()
    qtbot.waitUntil(lambda: not w.start_checks.busy(), timeout=20_000)
    assert not w.busy.isVisible()
    # the file holds exactly the module at the press: A1 fort, B1 sand as it was
    saved = module_dump(load_module(path))
    assert saved == at_press
    assert saved != w.doc.data
    # the edit made meanwhile is still there and still unsaved
    assert _terrain(w, "B1") == "fort" and w.is_dirty()
    assert w.windowTitle().startswith("*")
    assert "not saved yet" in w.status_label.text()
    # saved again: now the file is the window's module, which is clean
    QTest.keyClick(w, Qt.Key.Key_S, CTRL)
    qtbot.waitUntil(lambda: not w.start_checks.busy(), timeout=20_000)
    saved = module_dump(load_module(path))
    assert saved == w.doc.data and not w.is_dirty()
    # and opens again with the same content in a new window
    assert w.open_path(path)
    assert w.doc.data == module_dump(load_module(path))
    assert _terrain(w, "A1") == "fort" and _terrain(w, "B1") == "fort"


def test_a_refused_save_is_said_and_leaves_the_file_as_it_was(fort, qtbot):
    w, path = fort
    before = path.read_bytes()
    # a second space with the key A1 makes the file unreadable: an error
    i = w.doc.space_index(0, "B1")
    w.push("duplicate key", [(("boards", 0, "spaces", i, "key"), "A1")])
    qtbot.waitUntil(lambda: not w.start_checks.busy(), timeout=20_000)
    gate = Gate(w)
    QTest.keyClick(w, Qt.Key.Key_S, CTRL)
    assert ticks(qtbot) >= 5
    gate.open()
    qtbot.waitUntil(lambda: not w.start_checks.busy(), timeout=20_000)
    assert "would make the file unreadable" in w.last_error
    assert w.status_label.text() == w.last_error and "b3261e" in w.status_label.styleSheet()
    assert path.read_bytes() == before and w.is_dirty()
    assert not list(path.parent.glob(".*.saving"))    # nothing left beside it


def test_play_checks_on_the_worker_and_an_unplayable_scenario_is_a_dialog(editor, tmp_path,
                                                                           qtbot):
    from editor import edits
    from editor.files import save_document

    # a file written elsewhere whose game (French Foreign Legion) refuses the
    # scenario: no set-up data for its sides
    w = editor
    w.new_module("square", 3, 3, game="ffl", module_id="mine")
    w.push("new", edits.new_scenario(w.doc, "Skirmish", "map", ["legion", "bedouin"]))
    save_document(w.doc, tmp_path / "unplayable.ffl")
    w.path = tmp_path / "unplayable.ffl"
    w.stack.setClean()
    w.activateWindow()
    QTest.qWaitForWindowActive(w)
    qtbot.waitUntil(lambda: not w.start_checks.busy(), timeout=20_000)
    ticks(qtbot, 200)                           # the new map's first paint is over
    gate = Gate(w)
    QTest.keyClick(w, Qt.Key.Key_R, CTRL)        # Play this scenario
    assert w.busy.label.text() == "Holding the worker (test)…"
    assert ticks(qtbot) >= 5 and w.launcher.error_box is None
    gate.open()
    qtbot.waitUntil(lambda: w.launcher.error_box is not None, timeout=20_000)
    box = w.launcher.error_box
    assert box.isVisible() and "ffl/skirmish cannot be played" in box.text()
    assert "Cannot play ffl/skirmish" in w.status_label.text()


def idle(qtbot) -> None:
    """Wait until the window's loop runs freely (a 10 ms timer fires at least five
    times in 100 ms): what an open left for the loop (the first paint of a large
    map, ~0.25 s quiet, longer on a busy machine) is over."""
    for _ in range(200):
        if ticks(qtbot, 100) >= 5:
            return
    raise AssertionError("the window's loop never ran freely for 100 ms")


@pytest.mark.slow
def test_choosing_a_legend_begins_scenario_checks_it_on_the_worker(editor, tmp_path, qtbot):
    """The Legend Begins: a scenario's start check sets a game up (~0.4 s); the
    choice comes back at once and the window answers until the check is in."""
    w = editor
    path = open_copy(w, LB, tmp_path, "lb.ffl")
    idle(qtbot)                        # the map's first paint (2,400 hexes) is over
    qtbot.waitUntil(lambda: not w.start_checks.busy(), timeout=20_000)
    runs = w.start_checks.runs
    box = w.scenario_panel.choice
    started = time.perf_counter()
    box.setCurrentIndex(1 if box.currentIndex() != 1 else 0)
    answered = time.perf_counter() - started
    assert w.start_checks.busy() and w.busy.isVisible()
    assert answered < 0.5               # the form is filled; the game is set up later
    assert ticks(qtbot, 150) >= 3
    qtbot.waitUntil(lambda: not w.start_checks.busy(), timeout=20_000)
    assert w.start_checks.runs == runs + 1
    assert w.problems == [] and w.validation_panel.problems == []
    # Save on the worker writes it; reopened, the same module
    at_press = copy.deepcopy(w.doc.data)
    QTest.keyClick(w, Qt.Key.Key_S, CTRL)
    assert ticks(qtbot, 100) >= 3
    qtbot.waitUntil(lambda: not w.start_checks.busy(), timeout=20_000)
    assert module_dump(load_module(path)) == at_press


def test_the_autosave_is_written_on_the_worker_and_recovers_the_module(make_editor, tmp_path,
                                                                       qtbot):
    w = make_editor(autosave=True)
    w.new_module("square", 3, 3)
    w.set_tool("paint")
    w.options.terrain.setCurrentText("hill")
    Mouse(w).click(0.5, 0.5)
    qtbot.waitUntil(lambda: not w.start_checks.busy(), timeout=20_000)
    gate = Gate(w)
    assert w.write_autosave(wait=False)          # as the timer after an edit does
    assert ticks(qtbot) >= 5 and not w.autosave.exists()
    gate.open()
    qtbot.waitUntil(lambda: not w.start_checks.busy(), timeout=20_000)
    assert w.autosave.exists()
    w2 = make_editor(autosave=True)
    assert w2.recover_autosave() and w2.doc.data == w.doc.data and w2.is_dirty()


def test_a_typed_module_title_does_not_draw_the_map_again(fort, qtbot):
    """The module's title, version and id change nothing drawn: the map (The
    Legend Begins' 2,400 hexes took a second or more) is kept; a terrain colour
    is drawn again."""
    from editor import module_edits

    w, _path = fort
    scene = w.scene
    w.show_dock(w.module_dock)
    edit = w.module_panel.title_edit
    QTest.mouseClick(edit, Qt.MouseButton.LeftButton)
    edit.selectAll()
    QTest.keyClicks(edit, "Fort Zinderneuf, again")
    QTest.keyClick(edit, Qt.Key.Key_Return)
    assert w.doc.data["module"]["title"] == "Fort Zinderneuf, again"
    assert w.scene is scene and "Fort Zinderneuf, again" in w.windowTitle()
    w.push("colour", module_edits.set_side(w.doc, "legion", "colour", "#224488"))
    assert w.scene is not scene
