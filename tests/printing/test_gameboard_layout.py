"""The reduced gameboard's layout: no square label is covered by a symbol or a
name (checked on the layout boxes the painter draws from), symbols sit inside
their squares, and a module's own terrains and rivers print with a legend."""

from __future__ import annotations

import pytest
from print_helpers import first_page_png, ink, pdf_text
from PySide6.QtGui import QPdfWriter

from ffl.engine import Module, Scenario
from ffl.engine.grids import hex_grid
from ffl.printing import PrintSource, gameboard, write_pdf
from ffl.printing.page import Doc, page_layout
from ffl.printing.sheets import ensure_gui


def painter_for(source: PrintSource, paper: str, tmp_path) -> gameboard.MapPainter:
    """The map painter of the gameboard sheet, laid out as for printing."""
    ensure_gui()
    writer = QPdfWriter(str(tmp_path / "layout.pdf"))
    writer.setPageLayout(page_layout(paper, gameboard.landscape(source, paper),
                                     gameboard.SIDE_MARGIN))
    doc = Doc(writer, "layout")
    board = source.game_board
    _, _, bw, bh = gameboard._extent(board)
    s = min(doc.frame_width / bw, (doc.bottom - doc.top - gameboard.LEGEND_HEIGHT - 6) / bh)
    terrains = source.module.attrs.get("terrains")
    return gameboard.MapPainter(board, source.module.game, s, False, doc,
                                terrains if isinstance(terrains, dict) else None)


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_24_no_square_label_is_covered_by_a_symbol_or_a_name(tmp_path, paper):
    source = PrintSource.for_scenario("ffl/basic")
    layout = painter_for(source, paper, tmp_path).layout
    assert len(layout.labels) == 512
    assert layout.label_overlaps() == []
    kinds = {p.kind for p in layout.placed}
    assert {"label", "wall", "crenel", "door", "window", "gate", "stair", "tower",
            "name"} <= kinds
    # the squares the old layout covered now show their labels in the clear
    placed = {(p.kind, p.key): p for p in layout.placed}
    for key in ("F8", "G8", "M12", "N12", "W5", "X5", "Q14", "Y4", "AB7", "T13", "E4",
                "AB4", "E13", "AB13"):
        label = layout.labels[key].rect
        assert not any(label.intersects(p.rect) for (kind, _), p in placed.items()
                       if kind != "label"), key
    # every stairway and tower stairway symbol is inside its own square
    for p in layout.free:
        if p.kind in ("stair", "tower"):
            assert layout.box(p.key).contains(p.rect), p.key
    names = {p.key: p for p in layout.free if p.kind == "name"}
    assert set(names) == {"Barracks", "Officer's Quarters", "Store Room", "Guard House",
                          "Gate"}
    assert names["Barracks"].extra["scale"] == 1.0


def test_24_the_map_is_as_wide_as_a_letter_page_allows(tmp_path):
    source = PrintSource.for_scenario("ffl/basic")
    s = painter_for(source, "Letter", tmp_path).s
    assert s * 32 >= 792 - 2 * gameboard.SIDE_MARGIN - 1      # the page's whole width
    out = tmp_path / "letter.pdf"
    write_pdf("gameboard", out, source, paper="Letter")
    assert "Notes" in pdf_text(out)                          # the room left is for notes


def test_24_a_river_prints_as_a_river_and_a_module_terrain_with_its_pattern(tmp_path):
    board = hex_grid(8, 6, name="valley",
                     attrs=lambda c, r: {"terrain": "swamp" if c == 3 else "clear"})
    from ffl.engine import Board, Side

    river = [Side(a, b, features=frozenset({"river"})) for a, b in (("0102", "0202"),
                                                                    ("0202", "0302"))
             if board.side(a, b) is not None]
    assert river
    board = Board(list(board.spaces.values()), river, [], name="valley", attrs=board.attrs)
    scenario = Scenario("mine/one", "mine", "River crossing", "valley", sides=("red", "blue"))
    module = Module("mine", "mine", "Valley", boards={"valley": board},
                    scenarios={scenario.id: scenario},
                    attrs={"terrains": {"clear": {"colour": "#eeeecc"},
                                        "swamp": {"colour": "#557755", "pattern": "waves",
                                                  "legend": "swamp: 2 MP"}}})
    source = PrintSource(module, scenario)
    layout = painter_for(source, "A4", tmp_path).layout
    assert layout.label_overlaps() == []
    assert any(p.kind == "water" for p in layout.fixed)
    assert not any(p.kind == "wall" for p in layout.fixed)    # a river is no wall
    out = tmp_path / "valley.pdf"
    write_pdf("gameboard", out, source)
    text = pdf_text(out)
    assert "river" in text and "swamp: 2 MP" in text
    assert " swamp " not in f" {text} "      # the pattern, not the word, in the hexes
    assert ink(first_page_png(out)) > 0.01
