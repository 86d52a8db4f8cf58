"""Piece types table with the counter preview, the scenario form, and placing
pieces on the map with the Place tool (real mouse events)."""

from __future__ import annotations

from editor_helpers import Mouse, canonical, new_scenario

from ffl.store import load_module, module_dump


def add_type(w, name="Rifleman", side="red", values='{"fire": 3}'):
    w.pieces_panel.add_button.click()
    r = w.pieces_panel.table.rowCount() - 1
    table = w.pieces_panel.table
    table.item(r, 1).setText(name)
    table.item(r, 2).setText(side)
    table.item(r, 5).setText(values)
    return r


def test_piece_table_edits_are_undoable_and_the_counter_preview_follows(editor):
    w = editor
    w.new_module("square", 3, 3)
    before = canonical(w.doc.data)
    r = add_type(w)
    assert w.doc.data["piece_types"] == [{"id": "piece-1", "name": "Rifleman", "side": "red",
                                          "kind": "character", "org": "", "values": {"fire": 3}}]
    w.pieces_panel.table.setCurrentCell(r, 1)
    counter = w.pieces_panel.counter
    assert counter is not None and counter.ptype.name == "Rifleman"
    assert w.style.piece_lines(counter.piece, counter.ptype)[0] == "Rifleman"
    assert w.stack.count() == 4                 # add + three cell edits
    for _ in range(4):
        w.stack.undo()
    assert canonical(w.doc.data) == before
    assert w.pieces_panel.table.rowCount() == 0


def test_bad_values_json_is_refused(editor):
    w = editor
    w.new_module("square", 3, 3)
    r = add_type(w, values="[1, 2]")
    assert "must be a JSON object" in w.pieces_panel.error.text()
    assert w.doc.data["piece_types"][r]["values"] == {}


def test_scenario_form_and_placement_by_mouse(editor, tmp_path):
    w, m = editor, Mouse(editor)
    w.new_module("square", 4, 4, game="demo", module_id="demo")
    add_type(w, "Rifleman", "red")
    sp = w.scenario_panel
    new_scenario(w, "Skirmish", "red, blue")
    sp.options_edit.setText('{"night": true}')
    sp.description.setPlainText("Two patrols meet at dawn.")
    sp.setup.other.setPlainText('{"red": {"where": {"terrain": "clear"}, "facing": "out"}}')
    sp.apply_button.click()
    sc = w.doc.data["scenarios"][0]
    assert (sc["id"], sc["title"], sc["sides"], sc["options"], sc["board"]) == \
        ("demo/skirmish", "Skirmish", ["red", "blue"], {"night": True}, "map")
    assert sc["setup"]["red"]["facing"] == "out"
    sp.add_piece_button.click()
    sp.add_piece_button.click()
    assert [p["piece"] for p in w.doc.data["scenarios"][0]["placements"]] == \
        ["piece-1", "piece-1-1"]     # the first takes the type's id
    # choose the first piece, click a square with the Place tool
    sp.placements.setCurrentRow(0)
    w.set_tool("place")
    w.options.facing.setCurrentIndex(w.options.facing.findData(2))
    m.click(1.5, 2.5)
    p = w.doc.data["scenarios"][0]["placements"][0]
    assert (p["space"], p["level"], p["facing"], p["status"]) == ("B3", 0, 2, "active")
    assert set(w.scene.counters) == {"piece-1"}
    # drag the counter to another square
    m.drag([(1.5, 2.5), (2.5, 2.5), (3.5, 0.5)])
    assert w.doc.data["scenarios"][0]["placements"][0]["space"] == "D1"
    # the second piece on the same square and level is a problem
    sp.placements.setCurrentRow(1)
    m.click(3.5, 0.5)
    problems = w.run_validation()
    assert [p.code for p in problems] == ["stacked-characters"]
    # clicking the problem locates it on the map
    item = w.validation_panel.list.item(0)
    w.validation_panel.list.itemClicked.emit(item)
    assert w.selected_key == "D1" and w.scene.marker.isVisible()
    assert w.save_as(tmp_path / "demo.ffl")
    assert module_dump(load_module(tmp_path / "demo.ffl")) == w.doc.data


def test_clicking_a_problem_selects_its_space(editor):
    w, m = editor, Mouse(editor)
    w.new_module("square", 3, 3)
    w.set_tool("paint")
    w.options.terrain.setCurrentText("lava")
    m.click(2.5, 2.5)
    problems = w.run_validation()
    assert [p.code for p in problems] == ["unknown-terrain"]
    w.validation_panel.list.setCurrentRow(0)
    w.validation_panel.list.itemClicked.emit(w.validation_panel.list.item(0))
    assert w.selected_key == "C3"
    assert "lava" in w.status_label.text()
    assert w.scene.highlights["C3"].isVisible()


def test_renaming_a_space_renames_its_links_and_placements(editor):
    w, m = editor, Mouse(editor)
    w.new_module("square", 3, 3, game="g")
    w.set_tool("link")
    m.drag([(0.5, 0.5), (2.5, 2.5)])
    add_type(w)
    new_scenario(w, "Hold the well", "red")
    w.scenario_panel.add_piece_button.click()
    w.scenario_panel.placements.setCurrentRow(0)
    w.set_tool("place")
    m.click(0.5, 0.5)
    w.set_tool("select")
    m.click(0.5, 0.5)
    w.property_panel.key_edit.setText("HQ")
    w.property_panel.key_edit.returnPressed.emit()
    assert w.doc.data["boards"][0]["links"][0]["a"] == "HQ"
    assert w.doc.data["scenarios"][0]["placements"][0]["space"] == "HQ"
    assert w.selected_key == "HQ" and w.run_validation() == []
    w.property_panel.key_edit.setText("B2")
    w.property_panel.apply_button.click()
    assert "already used" in w.property_panel.error.text()
    assert w.doc.data["boards"][0]["spaces"][0]["key"] == "HQ"
