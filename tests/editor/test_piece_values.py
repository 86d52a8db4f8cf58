"""A piece type's printed values typed one by one in the Pieces dock (no JSON):
added, renamed, changed and removed, each one undo step, shown on the counter."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from test_module_form import type_cell

from ffl.store import load_module

LEFT = Qt.MouseButton.LeftButton


def test_values_are_typed_without_json_each_one_undo_step(editor, tmp_path):
    w = editor
    w.new_module("square", 3, 3)
    w.pieces_dock.raise_()
    panel = w.pieces_panel
    QTest.mouseClick(panel.add_button, LEFT)
    values = panel.values
    assert "Values of <b>Piece 1</b>" in values.title.text()
    start = w.stack.count()
    QTest.mouseClick(values.add_button, LEFT)
    type_cell(values.table, 0, 0, "attack")
    type_cell(values.table, 0, 1, "4")
    QTest.mouseClick(values.add_button, LEFT)
    type_cell(values.table, 1, 0, "weapon")
    type_cell(values.table, 1, 1, "R")
    QTest.mouseClick(values.add_button, LEFT)
    type_cell(values.table, 2, 0, "range")
    type_cell(values.table, 2, 1, "1.5")
    assert w.doc.data["piece_types"][0]["values"] == {"attack": 4, "weapon": "R",
                                                      "range": 1.5}
    assert panel.table.item(0, 5).text() == '{"attack": 4, "range": 1.5, "weapon": "R"}'
    assert [w.stack.text(i) for i in range(start, w.stack.count())] == [
        "Add value value-1", "Rename value value-1", "Value attack",
        "Add value value-1", "Rename value value-1", "Value weapon",
        "Add value value-1", "Rename value value-1", "Value range"]
    assert panel.counter._lines() == ["Piece 1", "4"]          # the whole numbers print
    # a name in use, an empty value: refused with the reason
    type_cell(values.table, 1, 0, "attack")
    assert "already has a value called 'attack'" in values.error.text()
    type_cell(values.table, 0, 1, "")
    assert "cannot be empty" in values.error.text()
    assert w.doc.data["piece_types"][0]["values"]["attack"] == 4
    assert values.table.item(0, 1).text() == "4"
    # a yes/no value stays yes/no
    w.push("Leader", [(("piece_types", 0, "values"),
                       dict(w.doc.data["piece_types"][0]["values"], leader=True))])
    row = values._names.index("leader")
    assert values.table.item(row, 1).text() == "yes"
    type_cell(values.table, row, 1, "no")
    assert w.doc.data["piece_types"][0]["values"]["leader"] is False
    type_cell(values.table, row, 1, "maybe")
    assert "'maybe' is not yes or no" in values.error.text()
    # removed, undone
    values.table.setCurrentCell(values._names.index("range"), 0)
    QTest.mouseClick(values.remove_button, LEFT)
    assert "range" not in w.doc.data["piece_types"][0]["values"]
    w.stack.undo()
    assert w.doc.data["piece_types"][0]["values"]["range"] == 1.5
    assert values._names == ["attack", "weapon", "range", "leader"]
    assert w.save_as(tmp_path / "v.ffl")
    assert load_module(tmp_path / "v.ffl").piece_types["piece-1"].values == {
        "attack": 4, "weapon": "R", "range": 1.5, "leader": False}
