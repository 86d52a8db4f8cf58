"""Deleting scenarios, boards, placements and links, adding scenarios, editing a
link in place and the Delete key: real mouse and keyboard events, each one undo
step that puts the module back exactly."""

from __future__ import annotations

from editor_helpers import Mouse, canonical, new_scenario
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from ffl.store import load_module, module_dump

LEFT, NONE = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier


def click_row(widget, row: int) -> None:
    """Click row ``row`` of a list widget with the mouse (it takes the focus too)."""
    rect = widget.visualItemRect(widget.item(row))
    QTest.mouseClick(widget.viewport(), LEFT, NONE, rect.center())


def add_type(w, name="Rifleman", side="red"):
    w.pieces_panel.add_button.click()
    r = w.pieces_panel.table.rowCount() - 1
    w.pieces_panel.table.item(r, 1).setText(name)
    w.pieces_panel.table.item(r, 2).setText(side)


def undo_redo_exact(w, snapshots, base=0):
    """Undo back to the first snapshot and redo to the last, checking every step
    (``base``: steps on the stack before the first snapshot)."""
    n = w.stack.count() - base
    assert n == len(snapshots) - 1
    for i in range(n, 0, -1):
        w.stack.undo()
        assert canonical(w.doc.data) == snapshots[i - 1]
    for i in range(1, n + 1):
        w.stack.redo()
        assert canonical(w.doc.data) == snapshots[i]


def test_new_scenario_dialog_then_delete_placement_scenario_and_board(editor, tmp_path):
    w, m = editor, Mouse(editor)
    w.new_module("square", 4, 4, game="demo", module_id="demo")
    w.add_board("hex", 3, 3, name="valley")
    w.board_box.setCurrentIndex(0)
    add_type(w)
    snapshots = [canonical(w.doc.data)]
    base = w.stack.count()

    new_scenario(w, "Dawn Patrol", "red, blue", board="map")
    sc = w.doc.data["scenarios"][0]
    assert (sc["id"], sc["title"], sc["board"], sc["sides"], sc["placements"]) == \
        ("demo/dawn-patrol", "Dawn Patrol", "map", ["red", "blue"], [])
    assert w.scenario_panel.title_edit.text() == "Dawn Patrol"
    snapshots.append(canonical(w.doc.data))
    sp = w.scenario_panel
    for _ in range(3):
        QTest.mouseClick(sp.add_piece_button, LEFT)
        snapshots.append(canonical(w.doc.data))
    sp.placements.setCurrentRow(1)
    w.set_tool("place")
    m.click(2.5, 2.5)
    snapshots.append(canonical(w.doc.data))
    assert set(w.scene.counters) == {"piece-1-1"}     # the first is "piece-1"

    # the middle piece: chosen with the mouse, removed with the Delete key
    w.scenario_dock.raise_()
    click_row(sp.placements, 1)
    assert QApplication.focusWidget() is sp.placements
    QTest.keyClick(sp.placements, Qt.Key.Key_Delete)
    assert [p["piece"] for p in w.doc.data["scenarios"][0]["placements"]] == \
        ["piece-1", "piece-1-2"]
    assert w.scene.counters == {}
    snapshots.append(canonical(w.doc.data))
    # and one with the Remove button
    click_row(sp.placements, 0)
    QTest.mouseClick(sp.remove_piece_button, LEFT)
    assert [p["piece"] for p in w.doc.data["scenarios"][0]["placements"]] == ["piece-1-2"]
    snapshots.append(canonical(w.doc.data))

    # the board a scenario uses cannot go; the message says which scenario holds it
    count = w.stack.count()
    assert w.delete_board() is False
    assert "demo/dawn-patrol" in w.last_error and "'map'" in w.last_error
    assert w.status_label.text() == w.last_error
    assert w.stack.count() == count and canonical(w.doc.data) == snapshots[-1]
    # the other board can
    w.board_box.setCurrentIndex(1)
    assert w.delete_board_action.isEnabled()
    w.delete_board_action.trigger()
    assert w.doc.board_names() == ["map"]
    assert w.board_box.count() == 1 and w.bi == 0 and "map" == w.scene.board.name
    snapshots.append(canonical(w.doc.data))

    # the scenario itself, with its Delete button
    QTest.mouseClick(sp.delete_button, LEFT)
    assert w.doc.data["scenarios"] == []
    assert sp.choice.count() == 0 and not sp.delete_button.isEnabled()
    snapshots.append(canonical(w.doc.data))
    # now the last board may go too (and the map is empty)
    assert w.delete_board() is True
    assert w.doc.data["boards"] == [] and w.scene is None
    snapshots.append(canonical(w.doc.data))

    undo_redo_exact(w, snapshots, base)
    path = tmp_path / "empty.ffl"
    assert w.save_as(path)
    assert module_dump(load_module(path)) == w.doc.data
    # back to the start: the board and scenario return as they were
    for _ in range(w.stack.count() - base):
        w.stack.undo()
    assert canonical(w.doc.data) == snapshots[0]
    assert w.doc.board_names() == ["map", "valley"]


def test_link_attributes_edited_in_place_and_undone(editor):
    w, m = editor, Mouse(editor)
    w.new_module("square", 4, 3)
    w.set_tool("link")
    w.options.link_kind.setCurrentText("stairway")
    m.drag([(0.5, 0.5), (2.0, 1.0), (3.5, 2.5)])
    before = canonical(w.doc.data)
    w.set_tool("select")
    m.click(0.5, 0.5)
    pp = w.property_panel
    assert pp.links.count() == 1 and not pp.apply_link_button.isEnabled()
    click_row(pp.links, 0)
    assert pp.apply_link_button.isEnabled()
    assert pp.link_kind.currentText() == "stairway" and not pp.link_directed.isChecked()
    pp.link_kind.setCurrentText("egress")
    QTest.mouseClick(pp.link_directed, LEFT, NONE, pp.link_directed.rect().center())
    assert pp.link_directed.isChecked()
    pp.link_attrs.clear()
    QTest.keyClicks(pp.link_attrs, '{"priority": 2}')
    QTest.mouseClick(pp.apply_link_button, LEFT)
    assert w.doc.data["boards"][0]["links"] == [
        {"a": "A1", "b": "D3", "kind": "egress", "directed": True, "attrs": {"priority": 2}}]
    assert w.stack.count() == 2
    # the engine sees the change: D3 no longer leads back to A1
    board = w.doc.board(0)
    assert board.linked("A1") == {"D3"} and board.linked("D3") == frozenset()
    # the list shows it and keeps it chosen
    assert pp.links.currentRow() == 0 and "egress: A1 -> D3" in pp.links.item(0).text()
    after = canonical(w.doc.data)
    # bad attributes are refused with a message, nothing changes
    pp.link_attrs.setText("[1]")
    QTest.keyClick(pp.link_attrs, Qt.Key.Key_Return)
    assert "JSON object" in pp.error.text() and canonical(w.doc.data) == after
    w.stack.undo()
    assert canonical(w.doc.data) == before
    w.stack.redo()
    assert canonical(w.doc.data) == after


def test_delete_key_removes_the_selected_space_or_link_but_not_text(editor):
    w, m = editor, Mouse(editor)
    w.new_module("square", 3, 3)
    w.set_tool("side")
    m.click(1.0, 0.5)                     # a wall between A1 and B1
    w.set_tool("link")
    m.drag([(0.5, 0.5), (2.5, 2.5)])      # A1 -> C3
    m.drag([(1.5, 1.5), (2.5, 0.5)])      # B2 -> C1
    w.set_tool("select")
    m.click(1.5, 1.5)
    assert w.selected_key == "B2"
    before = canonical(w.doc.data)

    # Delete in a text field edits the text, not the module
    pp = w.property_panel
    pp.label_edit.setFocus()
    pp.label_edit.setCursorPosition(0)
    QTest.keyClick(pp.label_edit, Qt.Key.Key_Delete)
    assert pp.label_edit.text() == "2" and canonical(w.doc.data) == before

    # the chosen link goes with Delete when the link list has the focus
    click_row(pp.links, 0)
    QTest.keyClick(pp.links, Qt.Key.Key_Delete)
    assert [(lk["a"], lk["b"]) for lk in w.doc.data["boards"][0]["links"]] == [("A1", "C3")]
    assert "B2" in w.doc.board(0) and w.selected_key == "B2"
    after_link = canonical(w.doc.data)

    # on the map: the selected space goes, with its links and side features
    m.click(0.5, 0.5)
    assert w.selected_key == "A1"
    QTest.keyClick(w.view, Qt.Key.Key_Delete)
    board = w.doc.data["boards"][0]
    assert "A1" not in [s["key"] for s in board["spaces"]]
    assert board["links"] == [] and board["sides"] == []
    assert w.selected_key is None and "A1" not in w.scene.board
    assert w.doc.dump() == w.doc.data
    # nothing selected: Delete does nothing
    count = w.stack.count()
    QTest.keyClick(w.view, Qt.Key.Key_Delete)
    assert w.stack.count() == count

    QTest.keyClick(w, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert canonical(w.doc.data) == after_link
    QTest.keyClick(w, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert canonical(w.doc.data) == before


def test_delete_action_is_in_the_edit_menu_with_the_standard_key(editor):
    w = editor
    keys = [k.toString() for k in w.delete_action.shortcuts()]
    assert "Del" in keys
    edit = next(a.menu() for a in w.menuBar().actions() if a.text() == "&Edit")
    assert w.delete_action in edit.actions() and w.delete_board_action in edit.actions()
