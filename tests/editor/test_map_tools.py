"""Building a small map with every tool through real mouse events; saving,
reopening and comparing; undo/redo back through every step."""

from __future__ import annotations

import json

from editor_helpers import Mouse, canonical
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest

from ffl.engine import DIAGONAL, ORTHOGONAL
from ffl.store import load_module, module_dump


def attrs(window, key):
    doc = window.doc
    return doc.data["boards"][window.bi]["spaces"][doc.space_index(window.bi, key)]["attrs"]


def test_square_grid_built_with_every_tool_saves_and_reopens_identically(editor, tmp_path):
    w, m = editor, Mouse(editor)
    w.new_module("square", 6, 4, game="", title="Test map", module_id="test")
    snapshots = [canonical(w.doc.data)]

    def step():
        snapshots.append(canonical(w.doc.data))

    # brush: one drag across three squares is one undo step
    w.set_tool("paint")
    w.options.terrain.setCurrentText("woods")
    m.drag([(0.5, 0.5), (1.5, 0.5), (2.5, 0.5)])
    step()
    assert [attrs(w, k)["terrain"] for k in ("A1", "B1", "C1", "D1")] == \
        ["woods", "woods", "woods", "clear"]
    assert w.stack.count() == 1
    # rectangle: several levels per square
    w.options.paint_mode_box.setCurrentText("rectangle")
    w.options.terrain.setCurrentText("")
    w.options.levels.setText("0, 1")
    m.drag([(3.2, 1.2), (4.0, 2.0), (4.8, 2.8)])
    step()
    assert {k for k in ("D2", "E2", "D3", "E3", "F2", "C2") if attrs(w, k).get("levels")} == \
        {"D2", "E2", "D3", "E3"}
    assert attrs(w, "E3")["levels"] == [0, 1]
    # fill: the connected clear squares become sand, the woods stay
    w.options.paint_mode_box.setCurrentText("fill")
    w.options.levels.clear()
    w.options.terrain.setCurrentText("sand")
    m.click(5.5, 3.5)
    step()
    assert attrs(w, "A1")["terrain"] == "woods" and attrs(w, "F4")["terrain"] == "sand"
    assert attrs(w, "A2")["terrain"] == "sand"
    # side features: a wall at every level, a door at level 1
    w.set_tool("side")
    w.options.feature.setCurrentText("thick-wall")
    m.click(1.0, 1.5)            # border of A2|B2
    step()
    w.options.feature.setCurrentText("door")
    w.options.side_level.setCurrentIndex(w.options.side_level.findData(1))
    m.click(1.0, 1.5)
    step()
    (side,) = w.doc.data["boards"][0]["sides"]
    assert side == {"a": "A2", "b": "B2", "features": ["door", "thick-wall"],
                    "attrs": {"levels": {"door": [1]}}}
    # a link by dragging from one space to another
    w.set_tool("link")
    w.options.link_kind.setCurrentText("egress")
    w.options.directed.setChecked(True)
    w.options.link_attrs.setText('{"priority": 2}')
    m.drag([(0.5, 3.5), (3.0, 3.5), (5.5, 0.5)])
    step()
    assert w.doc.data["boards"][0]["links"] == [
        {"a": "A4", "b": "F1", "kind": "egress", "directed": True, "attrs": {"priority": 2}}]
    # labels and attributes in the property panel
    w.set_tool("select")
    m.click(2.5, 2.5)
    assert w.selected_key == "C3"
    w.property_panel.label_edit.setText("Well")
    w.property_panel.attrs_edit.setPlainText('{"col": 2, "row": 2, "terrain": "oasis"}')
    w.property_panel.apply_button.click()
    step()
    assert attrs(w, "C3") == {"col": 2, "row": 2, "terrain": "oasis"}

    path = tmp_path / "small.ffl"
    assert w.save_as(path)
    assert w.stack.isClean()
    assert module_dump(load_module(path)) == w.doc.dump() == w.doc.data
    w2_data = module_dump(load_module(path))
    assert w2_data["boards"][0]["spaces"][14]["label"] == "Well"

    # undo back through every step: each restores the document exactly
    n = w.stack.count()
    assert n == len(snapshots) - 1
    for i in range(n, 0, -1):
        w.stack.undo()
        assert canonical(w.doc.data) == snapshots[i - 1]
    for i in range(1, n + 1):
        w.stack.redo()
        assert canonical(w.doc.data) == snapshots[i]


def test_undo_and_redo_shortcuts_work_on_the_map(editor):
    w, m = editor, Mouse(editor)
    w.new_module("square", 3, 3)
    before = canonical(w.doc.data)
    w.set_tool("paint")
    w.options.terrain.setCurrentText("hill")
    m.click(1.5, 1.5)
    after = canonical(w.doc.data)
    QTest.keyClick(w, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert canonical(w.doc.data) == before
    QTest.keyClick(w, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.ShiftModifier)
    assert canonical(w.doc.data) == after


def test_adjacency_preview_shows_the_engine_neighbours(editor):
    w, m = editor, Mouse(editor)
    w.new_module("square", 4, 4)
    w.set_tool("link")
    w.options.link_kind.setCurrentText("inset")
    m.drag([(0.5, 0.5), (3.5, 3.5)])
    w.set_tool("select")
    m.click(0.5, 0.5)
    kinds = w.scene.neighbour_kinds
    assert kinds == {"B1": ORTHOGONAL, "A2": ORTHOGONAL, "B2": DIAGONAL,
                     "D4": "linked:inset"}
    board = w.doc.board(0)
    assert set(kinds) == set(board.neighbours("A1"))
    assert set(w.scene.highlights) == {"A1", "B1", "A2", "B2", "D4"}
    assert "inset" in w.property_panel.neighbours.text()


def test_polygons_drawn_with_snapping_share_a_border(editor):
    w, m = editor, Mouse(editor)
    w.new_module("polygons", 10, 6)
    w.set_tool("polygon")
    for x, y in [(1, 1), (4, 1), (4, 4), (1, 4)]:
        m.click(x, y)
    m.click(1.02, 1.02)                     # back on the first corner closes it
    # the second zone's corners land near (not exactly on) the first one's
    for x, y in [(4.03, 0.98), (7, 1), (7, 4)]:
        m.click(x, y)
    m.double_click(4.02, 4.03)              # the last corner, and the zone is closed
    assert QGuiApplication.mouseButtons() == Qt.MouseButton.NoButton   # released
    spaces = w.doc.data["boards"][0]["spaces"]
    assert [s["key"] for s in spaces] == ["Z1", "Z2"]
    board = w.doc.board(0)
    assert board.adjacent("Z1", "Z2") == ORTHOGONAL
    assert board.side("Z1", "Z2").geometry.length == 3.0
    assert w.run_validation() == []
    # a corner dragged with the select tool moves in both zones
    w.set_tool("select")
    m.click(2, 2)
    assert w.selected_key == "Z1"
    m.drag([(4, 1), (4.5, 0.8), (5, 0.5)])
    board = w.doc.board(0)
    assert (5.0, 0.5) in list(board["Z1"].polygon.exterior.coords)
    assert (5.0, 0.5) in list(board["Z2"].polygon.exterior.coords)
    assert board.adjacent("Z1", "Z2") == ORTHOGONAL
    assert w.stack.count() == 3             # two zones and one corner drag


def test_self_intersecting_polygon_is_refused_with_a_clear_message(editor):
    w, m = editor, Mouse(editor)
    w.new_module("polygons", 10, 6)
    w.set_tool("polygon")
    for x, y in [(1, 1), (4, 4), (4, 1), (1, 4)]:
        m.click(x, y)
    QTest.keyClick(w.view, Qt.Key.Key_Return)
    assert w.doc.data["boards"][0]["spaces"] == []
    assert "crosses itself" in w.status_label.text()
    assert w.stack.count() == 0


def test_shift_drag_moves_a_zone_and_snaps_it_to_a_neighbour(editor):
    w, m = editor, Mouse(editor)
    w.new_module("polygons", 12, 6)
    w.set_tool("polygon")
    for pts in ([(1, 1), (3, 1), (3, 3), (1, 3)], [(5, 1), (7, 1), (7, 3), (5, 3)]):
        for x, y in pts:
            m.click(x, y)
        QTest.keyClick(w.view, Qt.Key.Key_Return)
    w.set_tool("select")
    m.click(6, 2)
    m.drag([(6, 2), (5.5, 2), (4.03, 2.02)], mods=Qt.KeyboardModifier.ShiftModifier)
    board = w.doc.board(0)
    assert board["Z2"].polygon.bounds == (3.0, 1.0, 5.0, 3.0)
    assert board.adjacent("Z1", "Z2") == ORTHOGONAL
    w.stack.undo()
    assert w.doc.board(0)["Z2"].polygon.bounds == (5.0, 1.0, 7.0, 3.0)


def test_hex_grid_paints_and_reports_neighbours(editor):
    w, m = editor, Mouse(editor)
    w.new_module("hex", 5, 4)
    board = w.doc.board(0)
    x, y = board["0202"].centre
    w.set_tool("select")
    m.click(x, y)
    assert w.selected_key == "0202"
    assert len(w.scene.neighbour_kinds) == 6
    assert json.loads(json.dumps(w.scene.neighbour_kinds)) == {
        n: ORTHOGONAL for n in board.orthogonal("0202")}


def test_three_corners_in_a_row_are_fine_and_an_outline_turning_back_says_so(editor):
    w, m = editor, Mouse(editor)
    w.new_module("polygons", 10, 6)
    w.set_tool("polygon")
    for x, y in [(1, 1), (4, 1), (2, 1), (2, 3)]:   # along the top edge and back again
        m.click(x, y)
    QTest.keyClick(w.view, Qt.Key.Key_Return)
    assert w.doc.data["boards"][0]["spaces"] == []
    text = w.status_label.text()
    assert "turns straight back at 4 1" in text and "crosses itself" not in text
    assert "Backspace takes back the last corner, Escape starts again" in text
    QTest.keyClick(w.view, Qt.Key.Key_Escape)
    for x, y in [(1, 1), (2, 1), (3, 1), (3, 3), (1, 3)]:   # (2, 1) on the way: fine
        m.click(x, y)
    QTest.keyClick(w.view, Qt.Key.Key_Return)
    assert len(w.doc.data["boards"][0]["spaces"]) == 1
    assert w.stack.count() == 1
