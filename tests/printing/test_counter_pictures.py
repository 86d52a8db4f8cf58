"""The set-up sheet shows the counters: the pieces on the map as they start and,
for a free-play module, each type kept off the map with how many; drawn by the
same item and layout as the map (read back from the PDF and rendered with
pdftoppm)."""

from __future__ import annotations

from print_helpers import first_page_png, page_sizes, pdf_text
from PySide6.QtGui import QColor, QImage, QPainter

from editor import edits, module_edits
from editor.document import Document, empty_dump
from editor.files import save_document
from ffl.cli import main
from ffl.engine import Piece
from ffl.printing import PrintSource, write_pdf
from ffl.store import load_module
from ffl.ui.counter_layout import CounterLayout
from ffl.ui.counters import CounterItem, counter_layouts, paint_counter
from ffl.ui.style import style_for

RED = QColor("#b5532f")


def authored(path) -> None:
    """A hex module with a counter layout and a side colour, saved by the editor."""
    data = empty_dump("ford", "", "The Ford")
    data["boards"].append(edits.grid_board("hex", "map", 8, 6))
    doc = Document(data)
    for i, (tid, name, side, values) in enumerate((
            ("inf", "Infantry", "red", {"attack": 4, "defence": 3, "move": 5, "morale": 7}),
            ("cav", "Cavalry", "blue", {"attack": 3, "defence": 2, "move": 8, "morale": 6}),
            ("gun", "Guns", "blue", {"attack": 6, "defence": 1, "move": 2, "morale": 5}))):
        doc.apply(edits.insert_at(doc, ("piece_types", i), {
            "id": tid, "name": name, "side": side, "kind": "character", "org": "",
            "values": values}))
    doc.apply(module_edits.set_counter_layout(doc, "character", CounterLayout(
        "name", ("attack", "move"), (("top-right", "morale"),))))
    doc.apply(module_edits.set_side(doc, "blue", "colour", "#1f4fd0"))
    doc.apply(edits.new_scenario(doc, "At the ford", "map", ["red", "blue"]))
    for n, (pid, tid, side, space, facing) in enumerate((
            ("inf-1", "inf", "red", "0203", 1), ("inf-2", "inf", "red", "0303", 2),
            ("cav-1", "cav", "blue", None, None), ("cav-2", "cav", "blue", None, None),
            ("gun-1", "gun", "blue", "0605", 5))):
        doc.apply(edits.insert_at(doc, ("scenarios", 0, "placements", n), {
            "piece": pid, "type": tid, "side": side, "space": space, "level": 0,
            "facing": facing, "status": "active" if space else "off", "data": {}}))
    save_document(doc, path)


def test_the_setup_sheet_shows_the_counters_as_the_map_draws_them(tmp_path, capsys):
    module_file = tmp_path / "ford.ffl"
    authored(module_file)
    out = tmp_path / "setup.pdf"
    assert main(["print", "setup-sheet", "--module", str(module_file), "-o", str(out)]) == 0
    assert page_sizes(out) == [(595, 842)]
    text = pdf_text(out)
    assert "The counters on the map, as they start" in text
    assert "The counters off the map at the start" in text
    # the layout's values (attack-move) and badge (morale) on the printed counters
    for piece in ("Infantry 4-5", "Guns 6-2", "Cavalry 3-8"):
        assert piece in text, piece
    assert "Infantry 0203" in text and "Guns 0605" in text and "2 × Blue" in text
    image = first_page_png(out, dpi=100)
    found = {(c.red() // 16, c.green() // 16, c.blue() // 16)
             for c in (image.pixelColor(x, y) for y in range(0, image.height(), 2)
                       for x in range(0, image.width(), 2))}
    assert (RED.red() // 16, RED.green() // 16, RED.blue() // 16) in found      # red side
    blue = QColor("#1f4fd0")
    assert (blue.red() // 16, blue.green() // 16, blue.blue() // 16) in found   # own colour


def test_a_printed_counter_is_the_items_own_drawing(tmp_path):
    module_file = tmp_path / "ford.ffl"
    authored(module_file)
    module = load_module(module_file)
    board = module.board_for(module.scenarios["ford/at-the-ford"])
    style = style_for(module.game, ("red", "blue"), module.attrs)

    def item():
        made = CounterItem(Piece("inf-1", "inf", "red", "0203", 0, 1), module.piece_types["inf"],
                           style)
        made.set_board(board)
        made.set_layouts(counter_layouts(module.attrs))
        return made

    def image(draw) -> QImage:
        out = QImage(160, 160, QImage.Format.Format_ARGB32)
        out.fill(0)
        painter = QPainter(out)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        draw(painter)
        painter.end()
        return out

    counter = item()
    assert counter._lines() == ["Infantry", "4-5"]
    scale = 160 / (counter.size * 1.32)

    def by_hand(p: QPainter) -> None:
        p.translate(80, 80)
        p.scale(scale, scale)
        item().draw(p)

    assert image(lambda p: paint_counter(p, image(lambda q: None).rect().toRectF(), counter)) \
        == image(by_hand)


def test_2_the_basic_game_sheet_shows_the_gates_and_stays_on_one_page(tmp_path):
    out = tmp_path / "basic.pdf"
    write_pdf("setup-sheet", out, PrintSource.for_scenario("ffl/basic"), paper="Letter")
    assert len(page_sizes(out)) == 1
    text = pdf_text(out)
    assert "The counters on the map, as they start" in text
    assert "Gate P14" in text and "Gate Q14" in text
    assert "The counters off the map" not in text    # the Character Unit Sheet lists them
