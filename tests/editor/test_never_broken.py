"""The editor never writes a file its own Open (or the player) refuses: edits that
would strand data are refused or carried out together with what depends on them
after a confirmation naming it; duplicate ids are refused where they are typed;
Save is blocked while validation finds errors; form fields apply as they are
edited, each one undo step."""

from __future__ import annotations

import os
import stat

from editor_helpers import Mouse, answer_dialog, canonical, new_scenario
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from ffl.session import GameSession
from ffl.store import load_module, module_dump

LEFT, NONE = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier


def press_button(text: str, seen: list):
    """A dialog answer: remember the dialog's text, click the button called ``text``."""
    def fill(dialog):
        seen.append(dialog.text())
        button = next(b for b in dialog.buttons() if b.text() == text)
        QTest.mouseClick(button, LEFT)
    return fill


def reactivate(w) -> None:
    w.activateWindow()
    QTest.qWaitForWindowActive(w)


def typed_type(w, name="Rifleman", side="red", type_id=None) -> int:
    """Add a piece type with the button and type its cells (like a user)."""
    w.pieces_panel.add_button.click()
    r = w.pieces_panel.table.rowCount() - 1
    w.pieces_panel.table.item(r, 1).setText(name)
    w.pieces_panel.table.item(r, 2).setText(side)
    if type_id:
        w.pieces_panel.table.item(r, 0).setText(type_id)
    return r


def placed_module(w):
    """A 4x4 module with one type, one scenario and one piece on B3."""
    w.new_module("square", 4, 4, game="demo", module_id="demo")
    typed_type(w, type_id="rifle")
    new_scenario(w, "Skirmish", "red, blue")
    sp = w.scenario_panel
    QTest.mouseClick(sp.add_piece_button, LEFT)
    sp.placements.setCurrentRow(0)
    w.set_tool("place")
    Mouse(w).click(1.5, 2.5)
    assert w.doc.data["scenarios"][0]["placements"][0]["space"] == "B3"


def reopens(path) -> None:
    """The file opens in the editor's Open and starts in the player."""
    module = load_module(path)
    for sid in module.scenarios:
        GameSession.new(module, sid, seed=1, rules="off")


def test_deleting_a_placed_piece_type_asks_and_takes_its_pieces(editor, tmp_path):
    w = editor
    placed_module(w)
    before = canonical(w.doc.data)
    w.pieces_dock.raise_()
    w.pieces_panel.table.setCurrentCell(0, 1)
    seen: list[str] = []
    answer_dialog(press_button("Cancel", seen))
    QTest.mouseClick(w.pieces_panel.delete_button, LEFT)
    reactivate(w)
    assert "Piece type 'rifle'" in seen[0] and "scenarios: rifle (Skirmish)" in seen[0]
    assert canonical(w.doc.data) == before
    answer_dialog(press_button("Delete type and pieces", seen))
    QTest.mouseClick(w.pieces_panel.delete_button, LEFT)
    reactivate(w)
    assert w.doc.data["piece_types"] == [] and w.doc.data["scenarios"][0]["placements"] == []
    assert w.save_as(tmp_path / "m.ffl")
    reopens(tmp_path / "m.ffl")
    w.stack.undo()
    assert canonical(w.doc.data) == before


def test_deleting_a_square_with_a_piece_asks_and_takes_the_piece_off(editor, tmp_path):
    w = editor
    placed_module(w)
    before = canonical(w.doc.data)
    w.set_tool("select")
    Mouse(w).click(1.5, 2.5)
    assert w.selected_key == "B3"
    seen: list[str] = []
    answer_dialog(press_button("Cancel", seen))
    QTest.mouseClick(w.property_panel.delete_button, LEFT)
    reactivate(w)
    assert "B3 holds rifle (Skirmish)" in seen[0]     # the piece takes its type's id
    assert canonical(w.doc.data) == before
    answer_dialog(press_button("Delete and take them off", seen))
    QTest.mouseClick(w.property_panel.delete_button, LEFT)
    reactivate(w)
    p = w.doc.data["scenarios"][0]["placements"][0]
    assert (p["space"], p["status"]) == (None, "off")
    assert "B3" not in w.doc.space_indexes(0)
    assert w.save_as(tmp_path / "m.ffl")
    reopens(tmp_path / "m.ffl")
    w.stack.undo()
    assert canonical(w.doc.data) == before


def test_duplicate_ids_are_refused_where_they_are_typed(editor, tmp_path):
    w = editor
    placed_module(w)
    typed_type(w, "Scout", type_id="scout")
    table = w.pieces_panel.table
    before = canonical(w.doc.data)
    table.item(1, 0).setText("rifle")
    assert "already used by another piece type" in w.pieces_panel.error.text()
    assert canonical(w.doc.data) == before and table.item(1, 0).text() == "scout"
    table.item(1, 0).setText("bad id")
    assert "cannot hold a space" in w.pieces_panel.error.text()
    # renaming a placed type renames it in the placements too (one step)
    table.item(0, 0).setText("rifleman")
    assert w.doc.data["scenarios"][0]["placements"][0]["type"] == "rifleman"
    # a second scenario cannot take the first one's id
    new_scenario(w, "Ambush", "red, blue")
    sp = w.scenario_panel
    assert sp.current()["id"] == "demo/ambush"
    sp.id_edit.setFocus()
    sp.id_edit.selectAll()
    QTest.keyClicks(sp.id_edit, "demo/skirmish")
    QTest.keyClick(sp.id_edit, Qt.Key.Key_Return)
    assert "already used by another scenario" in sp.error.text()
    assert [sc["id"] for sc in w.doc.data["scenarios"]] == ["demo/skirmish", "demo/ambush"]
    # nor be saved while it is typed there
    assert not w.save_as(tmp_path / "m.ffl") and "already used" in w.last_error
    assert not (tmp_path / "m.ffl").exists()
    sp.id_edit.setText("demo/ambush")
    assert w.save_as(tmp_path / "m.ffl")
    reopens(tmp_path / "m.ffl")


def test_a_space_key_with_a_comma_or_space_is_refused(editor):
    w = editor
    w.new_module("square", 3, 3)
    Mouse(w).click(0.5, 0.5)
    panel = w.property_panel
    assert panel.key == "A1", (w.selected_key, w.tool.name)
    for bad in ("A 1", "A1,B1"):
        panel.key_edit.setText(bad)
        panel.apply_button.click()
        assert "cannot hold" in panel.error.text()
        assert w.doc.data["boards"][0]["spaces"][0]["key"] == "A1"


def test_save_is_blocked_while_validation_finds_errors(editor, tmp_path):
    from editor import edits

    w = editor
    w.new_module("square", 3, 3, game="demo", module_id="demo")
    w.push("new", edits.new_scenario(w.doc, "Skirmish", "map", ["red"]))
    ghost = {"piece": "g1", "type": "ghost", "side": "red", "space": "A1", "level": 0,
             "facing": None, "status": "active", "data": {}}
    w.push("ghost", edits.insert_at(w.doc, ("scenarios", 0, "placements", 0), ghost))
    target = tmp_path / "m.ffl"
    assert not w.save_as(target)
    assert "1 error" in w.last_error and "unknown type 'ghost'" in w.last_error
    assert not target.exists() and w.is_dirty()
    w.stack.undo()
    assert w.save_as(target)
    reopens(target)


def test_typed_title_survives_add_piece_and_each_field_is_one_undo_step(editor, tmp_path,
                                                                        qtbot):
    w = editor
    w.new_module("square", 4, 4, game="demo", module_id="demo")
    typed_type(w, type_id="rifle")
    new_scenario(w, "Skirmish", "red, blue")
    assert w.save_as(tmp_path / "m.ffl") and not w.is_dirty()
    sp = w.scenario_panel
    steps = w.stack.count()
    QTest.mouseClick(sp.title_edit, LEFT)
    sp.title_edit.selectAll()
    QTest.keyClicks(sp.title_edit, "Dawn Patrol")
    assert w.is_dirty()                          # typed, not applied yet: still unsaved
    QTest.mouseClick(sp.description, LEFT)
    QTest.keyClicks(sp.description, "Two patrols meet.")
    QTest.mouseClick(sp.add_piece_button, LEFT)  # leaving the description applies it
    sc = w.doc.data["scenarios"][0]
    assert (sc["title"], sc["description"]) == ("Dawn Patrol", "Two patrols meet.")
    assert sp.title_edit.text() == "Dawn Patrol"
    assert sp.description.toPlainText() == "Two patrols meet."
    assert [w.stack.text(i) for i in range(steps, w.stack.count())] == \
        ["Scenario title", "Scenario description", "Add piece"]
    # typed and saved at once (Ctrl+S with the cursor still in the field)
    QTest.mouseClick(sp.title_edit, LEFT)
    sp.title_edit.selectAll()
    QTest.keyClicks(sp.title_edit, "Dusk Patrol")
    QTest.keyClick(w, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not w.start_checks.busy(), timeout=15_000)   # saved on the worker
    assert not w.is_dirty()
    assert load_module(tmp_path / "m.ffl").scenarios["demo/skirmish"].title == "Dusk Patrol"
    w.stack.undo()
    assert w.doc.data["scenarios"][0]["title"] == "Dawn Patrol"
    assert sp.title_edit.text() == "Dawn Patrol"


def test_import_marks_unsaved_and_write_protected_files_are_not_replaced(editor, tmp_path):
    w = editor
    w.new_module("hex", 3, 3)
    assert w.export_to(tmp_path / "m.json")
    assert w.import_from(tmp_path / "m.json")
    assert w.is_dirty() and w.windowTitle().startswith("*")
    target = tmp_path / "locked.ffl"
    target.write_bytes(b"keep me")
    os.chmod(target, stat.S_IRUSR | stat.S_IRGRP)
    assert not w.save_as(target)
    assert "write-protected" in w.last_error
    assert target.read_bytes() == b"keep me" and w.is_dirty()
    assert sorted(os.listdir(tmp_path)) == ["locked.ffl", "m.json"]


def test_moving_a_scenario_to_a_board_without_its_squares_is_refused(editor):
    w = editor
    placed_module(w)
    w.add_board("square", 1, 1, name="tiny")
    sp = w.scenario_panel
    sp.board_box.setCurrentText("tiny")
    sp.commit_field("board")
    assert "has no space for rifle:" in sp.error.text()
    assert w.doc.data["scenarios"][0]["board"] == "map"
    assert not w.add_board("square", 2, 2, name="tiny")
    assert "already has a board named 'tiny'" in w.last_error
    assert w.doc.board_names() == ["map", "tiny"]
    assert module_dump(w.doc.module())["boards"][1]["name"] == "tiny"
    assert QApplication.instance() is not None
