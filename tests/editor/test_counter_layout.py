"""Counter layouts per piece kind, edited in the Pieces dock (name line, which
values in what order, corner badges), each change one undo step, kept as module
data; the same drawing on the editor's map, in its preview, in the player and
on the printed set-up sheet; and counters never larger than a space."""

from __future__ import annotations

from editor_helpers import new_scenario
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from shapely.geometry import box

from editor import edits
from ffl.printing import PrintSource, write_pdf
from ffl.store import load_module
from ffl.ui.counters import CounterItem, paint_counter
from ffl.ui.style import UNIT

LEFT = Qt.MouseButton.LeftButton
TYPES = {"inf": ("Infantry", "red", {"attack": 4, "defence": 3, "move": 5, "morale": 7,
                                     "short": "Inf"}),
         "cav": ("Cavalry", "blue", {"attack": 3, "defence": 2, "move": 8, "morale": 6})}


def skirmish(w, kind: str = "hex") -> None:
    """A module with two character types, one scenario, one piece of each placed."""
    w.new_module(kind, 6, 5, module_id="skirmish")
    for i, (tid, (name, side, values)) in enumerate(TYPES.items()):
        w.push("Add type", edits.insert_at(w.doc, ("piece_types", i), {
            "id": tid, "name": name, "side": side, "kind": "character", "org": "",
            "values": values}))
    new_scenario(w, "Meeting", "red, blue")
    keys = [s["key"] for s in w.doc.data["boards"][0]["spaces"]]
    for i, tid in enumerate(TYPES):
        w.push("Add piece", edits.insert_at(w.doc, ("scenarios", 0, "placements", i), {
            "piece": f"{tid}-1", "type": tid, "side": TYPES[tid][1], "space": None,
            "level": 0, "facing": None, "status": "off", "data": {}}))
        w.push("Place", edits.place(w.doc, 0, f"{tid}-1", keys[7 + 5 * i], 0, 1))


def values_shown(form) -> list[tuple[str, bool]]:
    return [(form.values.item(i).text(),
             form.values.item(i).checkState() == Qt.CheckState.Checked)
            for i in range(form.values.count())]


def choose(box, text: str) -> None:
    """Pick ``text`` in a combo box with the keyboard (opens the list, moves, Return)."""
    box.window().activateWindow()
    QTest.qWaitForWindowActive(box.window())
    QTest.keyClick(box, Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    view = box.view()
    QTest.keyClick(view, Qt.Key.Key_Home)
    for _ in range(box.findText(text)):
        QTest.keyClick(view, Qt.Key.Key_Down)
    QTest.keyClick(view, Qt.Key.Key_Return)
    assert box.currentText() == text


def lines(item: CounterItem) -> list[str]:
    return item._lines()


def test_the_layout_of_a_kind_is_edited_in_the_pieces_dock_each_change_one_step(editor,
                                                                                 tmp_path):
    w = editor
    skirmish(w)
    w.pieces_dock.raise_()
    panel, form = w.pieces_panel, w.pieces_panel.counter_form
    QTest.mouseClick(panel.table.viewport(), LEFT, Qt.KeyboardModifier.NoModifier,
                     panel.table.visualItemRect(panel.table.item(0, 1)).center())
    assert form.kind == "character" and "kind <b>character</b> (2 types)" in form.note.text()
    # the default: the name, then the whole numbers in the order entered
    assert values_shown(form) == [("attack", True), ("defence", True), ("move", True),
                                  ("morale", True), ("short", False)]
    assert lines(w.scene.counter("inf-1")) == ["Infantry", "4-3-5-7"]
    start = w.stack.count()
    # untick morale and defence (Space on the chosen value)
    for name in ("morale", "defence"):
        form.values.setFocus()
        form.values.setCurrentRow([t for t, _ in values_shown(form)].index(name))
        QTest.keyClick(form.values.viewport(), Qt.Key.Key_Space)
    assert lines(w.scene.counter("inf-1")) == ["Infantry", "4-5"]
    assert lines(w.scene.counter("cav-1")) == ["Cavalry", "3-8"]
    # move first, attack second
    form.values.setCurrentRow([t for t, _ in values_shown(form)].index("move"))
    QTest.mouseClick(form.up_button, LEFT)
    assert [t for t, on in values_shown(form) if on] == ["move", "attack"]
    assert lines(w.scene.counter("cav-1")) == ["Cavalry", "8-3"]
    # morale in the top left badge, a short name as the name line
    choose(form.corners["top-left"], "morale")
    choose(form.name_box, "value: short")
    layout = w.doc.data["module"]["attrs"]["counters"]["character"]
    assert layout == {"name": "short", "values": ["move", "attack"],
                      "badges": {"top-left": "morale"}}
    assert lines(w.scene.counter("inf-1")) == ["Inf", "5-4"]
    assert lines(w.scene.counter("cav-1")) == ["Cavalry", "8-3"]   # no short name: its name
    assert w.scene.counter("inf-1").layout.badges == (("top-left", "morale"),)
    assert lines(panel.counter) == ["Inf", "5-4"]                 # the preview too
    assert [w.stack.text(i) for i in range(start, w.stack.count())] == \
        ["Counter layout of character"] * 5
    # undo, one step at a time
    w.stack.undo()
    assert lines(w.scene.counter("inf-1")) == ["Infantry", "5-4"]
    assert form.name_box.currentData() == "name"
    w.stack.redo()
    # saved as module data and reopened the same
    assert w.save_as(tmp_path / "s.ffl")
    assert load_module(tmp_path / "s.ffl").attrs["counters"]["character"] == layout
    assert w.open_path(tmp_path / "s.ffl")
    assert lines(w.scene.counter("inf-1")) == ["Inf", "5-4"]
    # Default forgets it: the whole numbers in the order the file keeps them (by name,
    # which is why a layout that names its values is worth having)
    QTest.mouseClick(w.pieces_panel.counter_form.default_button, LEFT)
    assert "counters" not in w.doc.data["module"]["attrs"]
    assert lines(w.scene.counter("inf-1")) == ["Infantry", "4-3-7-5"]


def render(item: CounterItem, scale: float = 2.0) -> QImage:
    """``item`` drawn as the sheets draw it (paint_counter) into an image."""
    side = round(item.size * 1.32 * scale) + 8
    image = QImage(side, side, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    paint_counter(painter, image.rect().toRectF(), item)
    painter.end()
    return image


def test_editor_player_and_printed_sheet_draw_the_same_counter(editor, qtbot, tmp_path):
    from ffl.ui.app import main_window

    w = editor
    skirmish(w)
    w.pieces_dock.raise_()
    form = w.pieces_panel.counter_form
    w.pieces_panel.table.setCurrentCell(0, 1)
    choose(form.corners["bottom-right"], "morale")
    assert w.save_as(tmp_path / "s.ffl")
    player = main_window(settings=QSettings(str(tmp_path / "p.ini"), QSettings.Format.IniFormat),
                         data_folder=tmp_path / "pdata")
    qtbot.addWidget(player)
    player._closing_confirmed = True
    assert player.open_path(tmp_path / "s.ffl")
    for pid in ("inf-1", "cav-1"):
        mine, theirs = w.scene.counter(pid), player.scene.counter(pid)
        assert type(mine) is type(theirs) is CounterItem
        assert mine.layout == theirs.layout is not None
        assert mine.size == theirs.size
        assert render(mine) == render(theirs)
    # the preview draws the chosen type as the map does
    assert render(w.pieces_panel.counter).size() == render(w.scene.counter("inf-1")).size()
    # the printed set-up sheet draws them with the same item and layout
    module = load_module(tmp_path / "s.ffl")
    out = tmp_path / "setup.pdf"
    write_pdf("setup-sheet", out, PrintSource(module, module.scenarios["skirmish/meeting"]))
    import pypdf

    text = " ".join(" ".join(p.extract_text().split()) for p in pypdf.PdfReader(str(out)).pages)
    assert "The counters on the map, as they start" in text
    assert "4-3-5-7" in text and "3-2-8-6" in text
    QApplication.processEvents()


def test_counters_are_never_larger_than_a_space(editor):
    w = editor
    w.new_module("polygons", 6, 4)
    sizes = {"Z1": 2.0, "Z2": 0.4, "Z3": 1.0}
    x = 0.0
    for key, size in sizes.items():
        w.push("Zone", edits.add_space(w.doc, 0, key, box(x, 0, x + size, size)))
        x += size
    w.push("Type", edits.insert_at(w.doc, ("piece_types", 0), {
        "id": "pawn", "name": "Pawn", "side": "red", "kind": "character", "org": "",
        "values": {"move": 2}}))
    new_scenario(w, "Tiny", "red")
    for i, key in enumerate(sizes):
        w.push("Add", edits.insert_at(w.doc, ("scenarios", 0, "placements", i), {
            "piece": f"pawn-{i}", "type": "pawn", "side": "red", "space": None, "level": 0,
            "facing": None, "status": "off", "data": {}}))
        w.push("Place", edits.place(w.doc, 0, f"pawn-{i}", key))
    for i in range(3):
        counter = w.scene.counter(f"pawn-{i}")
        assert abs(counter.size - 0.4 * UNIT) < 0.01 * UNIT     # the smallest space decides
    # a bigger smallest space: the usual size again
    w.stack.undo()                     # the last placement
    w.push("Bigger", edits.set_polygons(w.doc, 0, {"Z2": box(2, 0, 3, 1)}))
    assert abs(w.scene.counter("pawn-0").size - 0.74 * UNIT) < 1e-6
    # square and hex grids keep their sizes (0.74 and 0.62 of a space)
    skirmish(w, "hex")
    assert abs(w.scene.counter("inf-1").size - 0.62 * UNIT) < 1e-6
