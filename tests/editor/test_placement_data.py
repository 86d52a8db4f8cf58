"""The data of a piece added in the Scenario dock is edited there (the Chosen
piece form, :mod:`editor.placement_form`): a value typed over as in the
Pieces dock, an entry added, renamed and removed, the status chosen, each
one undo step; saved to a real module file and read back as it was typed,
and the player starts the scenario with it."""

from __future__ import annotations

from pathlib import Path

from editor_helpers import open_copy
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from test_module_form import type_cell

from ffl.session import GameSession
from ffl.store import load_module

LEFT = Qt.MouseButton.LeftButton
PF = Path(__file__).resolve().parents[2] / "scenarios" / "phantom-fury.ffl"


def test_6_3_a_new_caat_pieces_ammunition_explosives_and_status_are_edited_and_saved(
        editor, tmp_path):
    w = editor
    path = open_copy(w, PF, tmp_path, "pf.ffl")
    w.scenario_dock.raise_()
    panel, form = w.scenario_panel, w.scenario_panel.piece_form
    assert not form.isEnabled() or panel.current_piece() is not None
    panel.type_box.setCurrentText("CAAT-1")
    QTest.mouseClick(panel.add_piece_button, LEFT)
    # the new piece is chosen, with the data its type's pieces have
    assert panel.current_piece() == "CAAT-1-1" and form.isEnabled()
    assert "<b>CAAT-1-1</b>" in form.what.text() and "off the map" in form.what.text()
    table = form.data.table
    rows = {table.item(r, 0).text(): table.item(r, 1).text() for r in range(table.rowCount())}
    assert rows == {"ammo": "4", "explosives": "yes"}
    assert "ammo (4)" in form.hint.text() and "explosives (yes)" in form.hint.text()
    assert form.status.currentText() == "off"
    start = w.stack.count()
    # typed over, without JSON
    type_cell(table, form.data._names.index("ammo"), 1, "2")
    type_cell(table, form.data._names.index("explosives"), 1, "no")
    type_cell(table, form.data._names.index("explosives"), 1, "maybe")
    assert "'maybe' is not yes or no" in form.data.error.text()
    # an entry added and named; the status chosen from the list
    QTest.mouseClick(form.data.add_button, LEFT)
    type_cell(table, form.data._names.index("entry-1"), 0, "note")
    type_cell(table, form.data._names.index("note"), 1, "reserve")
    form.status.setCurrentIndex(form.status.findText("unused"))
    form.status.activated.emit(form.status.currentIndex())
    sc = w.doc.data["scenarios"][0]
    new = next(p for p in sc["placements"] if p["piece"] == "CAAT-1-1")
    assert new["data"] == {"ammo": 2, "explosives": False, "note": "reserve"}
    assert new["status"] == "unused"
    assert [w.stack.text(i) for i in range(start, w.stack.count())] == [
        "Entry ammo", "Entry explosives", "Add entry entry-1", "Rename entry entry-1",
        "Entry note", "Status of CAAT-1-1"]
    # the other CAAT pieces keep theirs
    assert next(p for p in sc["placements"] if p["piece"] == "CAAT-1")["data"] == {
        "ammo": 4, "explosives": True}
    # undo takes one step back at a time, and the form follows
    w.stack.undo()
    assert form.status.currentText() == "off"
    w.stack.redo()
    assert form.status.currentText() == "unused"
    # removed and put back
    table.setCurrentCell(form.data._names.index("note"), 0)
    QTest.mouseClick(form.data.remove_button, LEFT)
    assert "note" not in form.data._names
    w.stack.undo()
    assert form.data._names == ["ammo", "explosives", "note"]
    # saved to the real file, read back as typed, and the scenario starts
    assert w.save_as(path)
    module = load_module(path)
    saved = next(p for p in module.scenarios["phantom_fury/jolan"].placements
                 if p.piece == "CAAT-1-1")
    assert saved.data == {"ammo": 2, "explosives": False, "note": "reserve"}
    assert saved.status == "unused"
    assert w.open_path(path)
    assert panel.choose_piece("CAAT-1-1")
    assert form.data.values() == {"ammo": 2, "explosives": False, "note": "reserve"}
    session = GameSession.new(module, "phantom_fury/jolan", seed=1)
    assert session.state.pieces["CAAT-1-1"].data["ammo"] == 2
