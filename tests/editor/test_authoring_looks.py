"""Authoring without JSON: six facings on hex boards, sides drawn in the colour
they are named after (or the module's own), terrain colours from the module's
own list, counters showing their printed values (the game's own counters for
a game that has them), and the Pieces table's columns all in view."""

from __future__ import annotations

from PySide6.QtGui import QColor

from ffl.catalog import module_path
from ffl.engine import Piece, PieceType, Space
from ffl.engine.pieces import HEX_FACINGS
from ffl.ui.style import BoardStyle, style_for


def test_hex_boards_offer_six_facings_square_boards_eight(editor):
    w = editor
    w.new_module("hex", 10, 8)
    names = [w.options.facing.itemText(i) for i in range(w.options.facing.count())]
    assert names == ["none", *HEX_FACINGS]
    w.new_module("square", 4, 4)
    assert w.options.facing.count() == 9


def test_sides_are_drawn_in_the_colour_they_are_named_after_or_the_modules():
    style = BoardStyle(("red", "blue", "legion"))
    assert style.side_colour("red").red() > 150 > style.side_colour("red").blue()
    assert style.side_colour("blue").blue() > 150 > style.side_colour("blue").red()
    assert style.side_colour("crimson") == QColor("crimson")
    own = style_for("", ("red",), {"sides": {"red": {"colour": "#00ff00"}},
                                   "terrains": {"swamp": {"colour": "#123456"}}})
    assert own.side_colour("red") == QColor("#00ff00")
    swamp = Space("A1", None, "square", {"terrain": "swamp"})
    assert own.space_colour(swamp) == QColor("#123456")


def test_counters_show_their_printed_values_and_the_games_own_look(editor):
    ptype = PieceType("inf", "Infantry", "red", "character", "",
                      {"attack": 4, "defence": 3, "move": 5, "back": "Disordered"})
    piece = Piece("inf-1", "inf", "red", "A1")
    assert BoardStyle().piece_lines(piece, ptype) == ["Infantry", "4-3-5"]
    w = editor
    assert w.open_path(module_path("ffl"))
    from ffl.ui.ffl.counters import FFLCounterItem

    assert w.scene.counter_class is FFLCounterItem    # as the player draws them


def test_the_pieces_table_shows_org_and_values_at_the_default_dock_width(editor):
    w = editor
    w.new_module("square", 3, 3)
    w.pieces_dock.raise_()
    w.pieces_panel.add_button.click()
    table = w.pieces_panel.table
    width = table.viewport().width()
    header = table.horizontalHeader()
    for column in (4, 5):                         # Org, Values
        left = header.sectionViewportPosition(column)
        assert 0 <= left and left + 30 <= width, (column, left, width)
