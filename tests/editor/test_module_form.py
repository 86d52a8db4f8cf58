"""The Module dock: the module's id, title, version and game changed after New
module (the game decides which rules play it, and the scenarios follow), its
own terrain list (name, colour, print pattern, legend) and its sides' colours
and printed names, all typed into real widgets, each change one undo step, no
JSON anywhere."""

from __future__ import annotations

from editor_helpers import answer_dialog, new_scenario
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit

from ffl.printing import PrintSource, write_pdf
from ffl.session import GameSession
from ffl.store import load_module

LEFT = Qt.MouseButton.LeftButton


def type_into(edit: QLineEdit, text: str) -> None:
    """Click a field, replace its text by typing, press Return."""
    QTest.mouseClick(edit, LEFT)
    edit.selectAll()
    QTest.keyClick(edit, Qt.Key.Key_Delete)
    QTest.keyClicks(edit, text)
    QTest.keyClick(edit, Qt.Key.Key_Return)


def type_cell(table, row: int, column: int, text: str) -> None:
    """Click a table cell, open its editor with F2, type over it, press Return."""
    table.window().activateWindow()         # offscreen: a popup may have taken it
    QTest.qWaitForWindowActive(table.window())
    rect = table.visualItemRect(table.item(row, column))
    QTest.mouseClick(table.viewport(), LEFT, Qt.KeyboardModifier.NoModifier, rect.center())
    QTest.keyClick(table.viewport(), Qt.Key.Key_F2)
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit), editor
    editor.selectAll()
    QTest.keyClick(editor, Qt.Key.Key_Delete)
    QTest.keyClicks(editor, text)
    QTest.keyClick(editor, Qt.Key.Key_Return)
    QApplication.processEvents()            # the view commits the typed text queued


def pdf_text(path) -> str:
    import pypdf

    return " ".join(" ".join(p.extract_text().split()) for p in pypdf.PdfReader(str(path)).pages)


def steps(w, since: int) -> list[str]:
    return [w.stack.text(i) for i in range(since, w.stack.count())]


def codes(w) -> list[str]:
    return [p.code for p in w.run_validation()]


def test_id_title_version_and_game_change_after_new_module_each_one_undo_step(editor,
                                                                                tmp_path):
    w = editor
    w.new_module("square", 4, 4, module_id="new-module")
    new_scenario(w, "Raid", "red, blue")
    assert w.doc.data["scenarios"][0]["id"] == "new-module/raid"
    w.module_dock.raise_()
    mp = w.module_panel
    assert "free play" in mp.played_as.text()
    start = w.stack.count()
    type_into(mp.id_edit, "border-war")
    type_into(mp.title_edit, "Border War")
    type_into(mp.version_edit, "2")
    head = w.doc.data["module"]
    assert (head["id"], head["title"], head["version"]) == ("border-war", "Border War", "2")
    assert steps(w, start) == ["Module id", "Module title", "Module version"]
    assert "Border War" in w.windowTitle()
    # an id the store or a scenario id could not hold is refused where it is typed
    type_into(mp.id_edit, "border war")
    assert "cannot hold a space" in mp.error.text()
    assert w.doc.data["module"]["id"] == "border-war" and w.stack.count() == start + 3
    type_into(mp.id_edit, "border-war")
    # the game: a registered one plays with its rules; the scenarios follow
    assert [mp.game_box.itemText(i) for i in range(mp.game_box.count())][:3] == \
        ["", "ffl", "card_game"]
    type_into(mp.game_box.lineEdit(), "skirmish")
    sc = w.doc.data["scenarios"][0]
    assert w.doc.data["module"]["game"] == "skirmish"
    assert (sc["game"], sc["id"]) == ("skirmish", "skirmish/raid")
    assert "free play" in mp.played_as.text()
    QTest.keyClick(mp.game_box, Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)  # the list
    view = mp.game_box.view()
    QTest.keyClick(view, Qt.Key.Key_Home)
    QTest.keyClick(view, Qt.Key.Key_Down)                   # ffl, the first game
    QTest.keyClick(view, Qt.Key.Key_Return)
    assert w.doc.data["module"]["game"] == "ffl"
    assert w.doc.data["scenarios"][0]["id"] == "ffl/raid"
    assert "Played with the rules of <b>French Foreign Legion</b>" in mp.played_as.text()
    assert steps(w, start)[-2:] == ["Module game", "Module game"]
    w.stack.undo()
    assert w.doc.data["module"]["game"] == "skirmish"
    assert w.doc.data["scenarios"][0]["id"] == "skirmish/raid"
    assert mp.game_box.currentText() == "skirmish"
    # saved, reopened by the store and started in the player as free play
    assert w.save_as(tmp_path / "war.ffl")
    module = load_module(tmp_path / "war.ffl")
    assert (module.id, module.title, module.version, module.game) == \
        ("border-war", "Border War", "2", "skirmish")
    assert module.scenarios["skirmish/raid"].game == "skirmish"
    session = GameSession.new(module, "skirmish/raid")
    assert session.rules == "off"


def test_a_field_being_typed_survives_a_refill_and_is_applied_by_save(editor, tmp_path):
    w = editor
    w.new_module("square", 3, 3)
    mp = w.module_panel
    QTest.mouseClick(mp.title_edit, LEFT)
    mp.title_edit.selectAll()
    QTest.keyClicks(mp.title_edit, "Half Typed")
    assert w.is_dirty()
    QTest.mouseClick(mp.add_terrain_button, LEFT)      # leaves the field: applied
    assert w.doc.data["module"]["title"] == "Half Typed"
    QTest.mouseClick(mp.title_edit, LEFT)
    mp.title_edit.selectAll()
    QTest.keyClicks(mp.title_edit, "Saved Typed")
    w.module_panel.refresh()                           # e.g. after another edit
    assert mp.title_edit.text() == "Saved Typed"
    assert w.save_as(tmp_path / "m.ffl")
    assert load_module(tmp_path / "m.ffl").title == "Saved Typed"


def test_own_terrain_is_known_coloured_patterned_and_printed_with_its_legend(editor, tmp_path):
    from editor import edits

    w = editor
    w.new_module("square", 6, 4, module_id="marsh")
    w.push("Paint", edits.paint(w.doc, 0, ["B2", "C2", "C3"], {"terrain": "swamp"}))
    assert codes(w).count("unknown-terrain") == 3
    w.module_dock.raise_()
    mp = w.module_panel
    start = w.stack.count()
    QTest.mouseClick(mp.add_terrain_button, LEFT)     # the terrain the map uses first
    assert list(w.doc.data["module"]["attrs"]["terrains"]) == ["swamp"]
    assert "unknown-terrain" not in codes(w)
    assert "swamp" in [w.options.terrain.itemText(i) for i in range(w.options.terrain.count())]
    type_cell(mp.terrains, 0, 1, "darkolivegreen")
    assert w.doc.data["module"]["attrs"]["terrains"]["swamp"]["colour"] == "darkolivegreen"
    assert w.scene.space_items["B2"].brush().color() == QColor("darkolivegreen")
    type_cell(mp.terrains, 0, 1, "not a colour")
    assert "is not a colour" in mp.error.text()
    assert w.doc.data["module"]["attrs"]["terrains"]["swamp"]["colour"] == "darkolivegreen"
    assert mp.terrains.item(0, 1).text() == "darkolivegreen"
    box = mp.terrains.cellWidget(0, 2)
    QTest.mouseClick(box, LEFT)
    QTest.keyClick(box.view(), Qt.Key.Key_End)
    QTest.keyClick(box.view(), Qt.Key.Key_Up)          # "waves", one above "solid"
    QTest.keyClick(box.view(), Qt.Key.Key_Return)
    assert w.doc.data["module"]["attrs"]["terrains"]["swamp"]["pattern"] == "waves"
    type_cell(mp.terrains, 0, 3, "Swamp: half movement")
    assert steps(w, start) == ["Add terrain swamp", "Terrain swamp colour",
                               "Terrain swamp pattern", "Terrain swamp legend"]
    # renaming renames every space painted with it, in one step
    type_cell(mp.terrains, 0, 0, "bog")
    spaces = {s["key"]: s["attrs"].get("terrain") for s in w.doc.data["boards"][0]["spaces"]}
    assert [k for k, t in spaces.items() if t == "bog"] == ["B2", "C2", "C3"]
    assert "unknown-terrain" not in codes(w)
    w.stack.undo()
    assert w.doc.data["boards"][0]["spaces"][w.doc.space_index(0, "B2")]["attrs"][
        "terrain"] == "swamp"
    assert mp.terrains.item(0, 0).text() == "swamp"
    w.stack.redo()
    # the colour through the colour dialog
    answer_dialog(lambda d: (d.setCurrentColor(QColor("#336633")), d.accept()))
    QTest.mouseClick(mp.terrain_colour_button, LEFT)
    w.activateWindow()
    assert w.doc.data["module"]["attrs"]["terrains"]["bog"]["colour"] == "#336633"
    # saved and printed: the gameboard draws the pattern and names it in the legend
    new_scenario(w, "Wade", "red")
    assert w.save_as(tmp_path / "marsh.ffl")
    module = load_module(tmp_path / "marsh.ffl")
    assert module.attrs["terrains"]["bog"] == {"colour": "#336633", "pattern": "waves",
                                               "legend": "Swamp: half movement"}
    out = tmp_path / "marsh.pdf"
    write_pdf("gameboard", out, PrintSource(module, module.scenarios["marsh/wade"]))
    assert "Swamp: half movement" in pdf_text(out)
    # removing it from the list leaves the painted spaces unknown again (a warning)
    mp.terrains.setCurrentCell(0, 0)
    QTest.mouseClick(mp.remove_terrain_button, LEFT)
    assert codes(w).count("unknown-terrain") == 3
    assert "3 spaces still use it" in w.status_label.text()


def test_a_side_is_drawn_in_the_colour_typed_and_printed_by_its_name(editor, tmp_path):
    from editor import edits

    w = editor
    w.new_module("square", 4, 4, module_id="duel")
    w.push("Add type", edits.insert_at(w.doc, ("piece_types", 0), {
        "id": "knight", "name": "Knight", "side": "blue", "kind": "character", "org": "",
        "values": {"attack": 5}}))
    new_scenario(w, "Duel", "red, blue")
    w.push("Add piece", edits.insert_at(w.doc, ("scenarios", 0, "placements", 0), {
        "piece": "knight-1", "type": "knight", "side": "blue", "space": None, "level": 0,
        "facing": None, "status": "off", "data": {}}))
    w.push("Place", edits.place(w.doc, 0, "knight-1", "B2"))
    w.module_dock.raise_()
    mp = w.module_panel
    assert [mp.sides.item(r, 0).text() for r in range(mp.sides.rowCount())] == ["red", "blue"]
    assert w.style.side_colour("blue").blue() > 150        # drawn blue by its name
    start = w.stack.count()
    type_cell(mp.sides, 1, 2, "darkorange")
    assert w.doc.data["module"]["attrs"]["sides"] == {"blue": {"colour": "darkorange"}}
    assert w.style.side_colour("blue") == QColor("darkorange")
    counter = w.scene.counter("knight-1")
    assert counter.style.side_colour("blue") == QColor("darkorange")
    image = counter._render(1.0, 1.0).toImage()
    edge = image.pixelColor(QPoint(image.width() // 2, int(image.height() * 0.26)))
    assert edge == QColor("darkorange"), edge.name()
    type_cell(mp.sides, 1, 1, "The Blue Company")
    assert w.doc.data["module"]["attrs"]["sides"]["blue"] == {
        "colour": "darkorange", "name": "The Blue Company"}
    type_cell(mp.sides, 0, 2, "ultraviolet")
    assert "is not a colour" in mp.error.text()
    assert "red" not in w.doc.data["module"]["attrs"]["sides"]
    answer_dialog(lambda d: (d.setCurrentColor(QColor("#aa0000")), d.accept()))
    mp.sides.setCurrentCell(0, 1)
    QTest.mouseClick(mp.side_colour_button, LEFT)
    w.activateWindow()
    assert w.doc.data["module"]["attrs"]["sides"]["red"] == {"colour": "#aa0000"}
    assert steps(w, start) == ["Side blue colour", "Side blue name", "Side red colour"]
    type_cell(mp.sides, 1, 2, "")                          # empty: its name's colour again
    assert w.doc.data["module"]["attrs"]["sides"]["blue"] == {"name": "The Blue Company"}
    w.stack.undo()
    assert w.style.side_colour("blue") == QColor("darkorange")
    assert mp.sides.item(1, 2).text() == "darkorange"
    assert w.save_as(tmp_path / "duel.ffl")
    source = PrintSource(load_module(tmp_path / "duel.ffl"),
                         load_module(tmp_path / "duel.ffl").scenarios["duel/duel"])
    out = tmp_path / "duel.pdf"
    write_pdf("setup-sheet", out, source)
    assert "Sides: Red and The Blue Company" in pdf_text(out)


def test_a_game_whose_rules_cannot_play_the_module_blocks_save_until_changed(editor,
                                                                              tmp_path):
    from ffl.session import open_module

    w = editor
    w.new_module("square", 4, 4, module_id="cards")
    new_scenario(w, "Deal", "p1, p2")
    w.module_dock.raise_()
    type_into(w.module_panel.game_box.lineEdit(), "card_game")
    assert w.doc.data["scenarios"][0]["id"] == "card_game/deal"
    found = [p for p in w.run_validation() if p.code == "game-rules"]
    assert found and all(p.error for p in found)
    assert found[0].message.startswith("the rules of Foreign Legion Card Game cannot play "
                                       "this module: ")
    assert found[0].keys == ("A1",)               # a click shows the space it names
    assert not w.save_as(tmp_path / "cards.ffl")
    assert "cannot play this module" in w.last_error
    assert not (tmp_path / "cards.ffl").exists()
    type_into(w.module_panel.game_box.lineEdit(), "")     # none: free play
    assert w.doc.data["scenarios"][0]["id"] == "cards/deal"
    assert "game-rules" not in codes(w)
    assert w.save_as(tmp_path / "cards.ffl")
    assert open_module(tmp_path / "cards.ffl").scenarios["cards/deal"].game == "cards"
