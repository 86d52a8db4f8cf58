"""The editor by keyboard: Ctrl+1 ... Ctrl+5 bring the right-hand docks to the
front, and Ctrl+Return applies the JSON typed in a many-line box (where Return
starts a new line): a space's attributes, a scenario's other set-up data."""

from __future__ import annotations

from editor_helpers import new_scenario
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

CTRL = Qt.KeyboardModifier.ControlModifier


def _front(dock) -> bool:
    return dock.isVisible() and not dock.visibleRegion().isEmpty()


def test_ctrl_digits_bring_each_dock_to_the_front(editor):
    w = editor
    w.new_module("square", 3, 3, game="demo", module_id="demo")
    w.activateWindow()
    QTest.qWaitForWindowActive(w)
    docks = (w.property_dock, w.module_dock, w.pieces_dock, w.scenario_dock, w.tables_dock)
    for i, dock in enumerate(docks):
        QTest.keyClick(w, Qt.Key(Qt.Key.Key_1 + i), CTRL)
        assert _front(dock), dock.objectName()
        assert [d.objectName() for d in docks if _front(d)] == [dock.objectName()]


def test_ctrl_return_applies_a_spaces_attributes_and_the_set_up_data(editor):
    w = editor
    w.new_module("square", 3, 3, game="demo", module_id="demo")
    w.activateWindow()
    QTest.qWaitForWindowActive(w)
    w.select_space("B2")
    panel = w.property_panel
    panel.attrs_edit.setFocus()
    panel.attrs_edit.selectAll()
    QTest.keyClicks(panel.attrs_edit, '{"col": 1, "row": 1, "terrain": "woods"}')
    QTest.keyClick(panel.attrs_edit, Qt.Key.Key_Return, CTRL)
    space = w.doc.data["boards"][0]["spaces"][w.doc.space_index(0, "B2")]
    assert space["attrs"]["terrain"] == "woods"
    new_scenario(w, "Skirmish", "red, blue")
    QTest.keyClick(w, Qt.Key.Key_4, CTRL)
    other = w.scenario_panel.setup.other
    other.setFocus()
    QTest.keyClicks(other, '{"red": {"facing": "out"}}')
    QTest.keyClick(other, Qt.Key.Key_Return, CTRL)
    assert w.doc.data["scenarios"][0]["setup"]["red"] == {"facing": "out"}
