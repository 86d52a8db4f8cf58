"""A map edit is start-checked at once, not only at Play: the designer who
paints sea under a placed unit sees the player's refusal in the Validation
dock a moment later (the checks run off the GUI thread after an edit), a click
on it chooses the unit and shows its hex, and undo takes the warning away.
Save waits for the check of the edit just made.  The Legend Begins (whose
start check alone finds a unit at sea) takes seconds to open, so that walk is
slow; the default run checks the same path on the fort."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from editor_helpers import Mouse, open_copy
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

SHIPPED = Path(__file__).resolve().parents[2] / "scenarios" / "the-legend-begins.ffl"
LEFT = Qt.MouseButton.LeftButton
#: hex 2652 (Maktila, clear terrain), where Operation Compass sets up ax-1lib-1
MAKTILA = (38.75, 12.99)
WARNING = "legend_begins/compass would not start: ax-1lib-1 is at sea in 2652"


def _start_warnings(w) -> list[str]:
    return [p.message for p in w.validation_panel.problems if p.code == "scenario-start"]


def _terrain(w, key: str) -> str:
    return w.doc.data["boards"][0]["spaces"][w.doc.space_index(0, key)]["attrs"]["terrain"]


@pytest.fixture
def compass(editor, tmp_path):
    w = editor
    open_copy(w, SHIPPED, tmp_path, "lb.ffl")
    w.view.fit()
    w.scenario_panel.choice.setCurrentIndex(0)
    assert w.scenario_panel.current()["id"] == "legend_begins/compass"
    assert w.run_validation() == []
    w.set_tool("paint")
    w.options.terrain.setCurrentText("sea")
    return w


@pytest.mark.slow
def test_sea_painted_under_a_unit_is_a_start_warning_without_play(compass, qtbot):
    w, m = compass, Mouse(compass)
    runs = w.start_checks.runs
    started = time.perf_counter()
    m.click(*MAKTILA)
    answered = time.perf_counter() - started
    assert _terrain(w, "2652") == "sea"
    assert answered < 1.0             # the click never waits for a check (bench: ms)
    # nobody asks for a check: the debounced one runs in the background
    qtbot.waitUntil(lambda: bool(_start_warnings(w)), timeout=15_000)
    assert w.start_checks.runs == runs + 1
    assert _start_warnings(w) == [WARNING]
    problem = next(p for p in w.validation_panel.problems if p.code == "scenario-start")
    assert not problem.error                    # a warning: saving still works
    assert problem.keys == ("2652",) and problem.extra["piece"] == "ax-1lib-1"
    # a click on the warning in the list chooses the unit and selects its hex
    w.select_space(None)
    lst = w.validation_panel.list
    row = w.validation_panel.problems.index(problem)
    QTest.mouseClick(lst.viewport(), LEFT, Qt.KeyboardModifier.NoModifier,
                     lst.visualItemRect(lst.item(row)).center())
    assert w.selected_key == "2652"
    assert w.scenario_panel.current_piece() == "ax-1lib-1"
    # undo (Ctrl+Z) puts the clear terrain back, and the warning goes by itself
    w.view.setFocus()
    QTest.keyClick(w.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert _terrain(w, "2652") == "clear"
    qtbot.waitUntil(lambda: not _start_warnings(w) and not w.start_checks.busy(),
                    timeout=15_000)
    assert w.validation_panel.problems == []


    # Save waits for the check of the edit just made
    m.click(*MAKTILA)
    assert w.save()                              # a warning never blocks saving
    assert _start_warnings(w) == [WARNING]


FORT = Path(__file__).resolve().parents[2] / "scenarios" / "french-foreign-legion.ffl"


def test_4_2_a_map_edit_checks_the_start_again_in_the_background(editor, qtbot, tmp_path):
    """The fort: a unit placed without a facing (4.2) is a start warning; a wall
    drawn on the map starts the start check again by itself (off the GUI
    thread), and the warning is still listed, then gone once the unit faces."""
    w, m = editor, Mouse(editor)
    open_copy(w, FORT, tmp_path, "fort.ffl")
    w.view.fit()
    sp = w.scenario_panel
    sp.choice.setCurrentIndex(0)
    sp.choose_piece("L-LC-LeJeune")
    w.set_tool("place")
    w.options.facing.setCurrentIndex(w.options.facing.findData(None))
    m.click(4.5, 4.5)
    warning = "ffl/basic would not start: 4.2 L-LC-LeJeune has no facing"
    qtbot.waitUntil(lambda: _start_warnings(w) == [warning], timeout=10_000)
    runs = w.start_checks.runs
    w.set_tool("paint")
    w.options.terrain.setCurrentText("fort")
    m.click(0.5, 0.5)                             # A1: sand -> fort, far from the unit
    assert _terrain(w, "A1") == "fort"
    qtbot.waitUntil(lambda: w.start_checks.runs == runs + 1 and not w.start_checks.busy(),
                    timeout=10_000)
    assert _start_warnings(w) == [warning]
    sp.choose_piece("L-LC-LeJeune")
    w.set_tool("place")
    w.options.facing.setCurrentIndex(w.options.facing.findData(0))
    m.click(4.5, 4.5)
    qtbot.waitUntil(lambda: not _start_warnings(w) and not w.start_checks.busy(),
                    timeout=10_000)
