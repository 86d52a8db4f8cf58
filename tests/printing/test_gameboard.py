"""Rule 24: the reduced gameboard on one page, in black and white, for any board."""

from __future__ import annotations

import pytest
from print_helpers import (
    A4,
    LETTER,
    colours,
    first_page_png,
    ink,
    margins_clear,
    page_sizes,
    pdf_text,
    pdf_words,
)

from ffl.engine import Module, Scenario
from ffl.engine.grids import hex_grid, parse_square_label
from ffl.games import games
from ffl.games.ffl.fort import build_fort
from ffl.printing import PrintSource, write_pdf
from ffl.printing.gameboard import SIDE_MARGIN
from ffl.printing.page import HEADER, MARGIN

#: the map sheet keeps a quarter inch clear at the paper's left and right edges
EDGE = SIDE_MARGIN - 2


@pytest.mark.parametrize(("paper", "size"), [("A4", A4), ("Letter", LETTER)])
def test_24_fort_on_one_landscape_page_every_square_labelled(tmp_path, paper, size):
    out = tmp_path / f"fort-{paper}.pdf"
    assert write_pdf("gameboard", out, PrintSource.for_scenario("ffl/basic"), paper=paper) == 1
    assert page_sizes(out) == [(size[1], size[0])]          # landscape: 32 x 16 squares
    words = pdf_words(out)
    labels = build_fort().keys()
    assert len(labels) == 512
    assert not [k for k in labels if k not in words]
    text = pdf_text(out)
    for name in ("Barracks", "Officer's Quarters", "Store Room", "Guard House", "Gate"):
        assert name in text
    # the legend names every level and feature drawn
    for item in ("0 ground", "1 rooftop", "2 parapet", "3 tower top", "thick wall",
                 "thin wall", "crenelated edge (7.52)", "main gate (2.2)", "door (6.13)",
                 "window (6.1244)", "stairway", "tower stairway"):
        assert item in text, item
    image = first_page_png(out)
    assert ink(image) > 0.05
    assert margins_clear(image, EDGE)


def test_24_fort_prints_in_black_and_white_with_distinct_levels(tmp_path):
    out = tmp_path / "fort.pdf"
    write_pdf("gameboard", out, PrintSource.for_scenario("ffl/basic"))
    image = first_page_png(out, dpi=40)
    found = colours(image, step=1)
    assert all(r == g == b for r, g, b in found)             # greys only
    greys = {r for r, _, _ in found}
    # white ground, grey rooftops (dark enough to survive a photocopier, and
    # hatched), darker parapets, darker tower tops, black ink
    for level_grey in (0xD2, 0xB4, 0x8C):
        assert any(abs(g - level_grey) <= 3 for g in greys), hex(level_grey)
    assert 255 in greys and min(greys) < 40


def test_15_21_blank_grid_keeps_labels_for_tunnels_and_hidden_positions(tmp_path):
    out = tmp_path / "blank.pdf"
    write_pdf("gameboard", out, PrintSource.for_scenario("ffl/basic"), blank_grid=True)
    words = pdf_words(out)
    assert all(k in words for k in build_fort().keys())
    text = pdf_text(out)
    assert "blank grid" in text and "15.21" in text and "21.11" in text
    assert "thick wall" not in text                          # no terrain legend
    image = first_page_png(out, dpi=72)
    assert margins_clear(image, EDGE, dpi=72)
    full = tmp_path / "full.pdf"
    write_pdf("gameboard", full, PrintSource.for_scenario("ffl/basic"))
    filled = first_page_png(full, dpi=72)
    # tower top D3 is dark grey and cross-hatched on the board, empty on the blank grid;
    # sand (B2) is white on both
    assert square_lightness(filled, "D3") < 190 < 245 < square_lightness(image, "D3")
    assert square_lightness(filled, "B2") > 245 and square_lightness(image, "B2") > 245


def square_lightness(image, label: str) -> float:
    """Mean lightness of the middle of a fort square on an A4 landscape page at 72 dpi.

    The map starts at the side margin (18 pt) below the header (30 pt under the
    36 pt top margin) and is 32 squares across the 806 pt between the side
    margins (ffl.printing.page, gameboard).
    """
    col, row = parse_square_label(label)
    s = (842 - 2 * SIDE_MARGIN) / 32
    x0, y0 = SIDE_MARGIN + (col + 0.45) * s, MARGIN + HEADER + (row + 0.5) * s
    values = [image.pixelColor(int(x0 + dx), int(y0 + dy)).lightness()
              for dx in range(int(s * 0.5)) for dy in range(int(s * 0.45))]
    return sum(values) / len(values)


def test_24_card_game_map_prints_portrait_with_letters_and_colours(tmp_path):
    module = games()["card_game"].build_module()
    source = PrintSource(module, module.scenarios["card_game/4p"])
    out = tmp_path / "as-qara.pdf"
    write_pdf("gameboard", out, source)
    assert page_sizes(out) == [A4]                           # 8 x 8 tall sections
    words = pdf_words(out)
    assert {f"c{c}r{r}" for c in range(1, 9) for r in range(1, 9)} <= words
    assert {"R", "purple", "yellow", "*"} <= words
    assert ink(first_page_png(out)) > 0.01


def test_24_hex_board_prints_every_hex_label(tmp_path):
    board = hex_grid(9, 6, name="hexes",
                     attrs=lambda c, r: {"terrain": "woods" if c == 4 else "clear"})
    scenario = Scenario("hexy/one", "hexy", "Hex test", "hexes", sides=("a", "b"))
    module = Module("hexy", "hexy", "Hex Game", boards={"hexes": board},
                    scenarios={scenario.id: scenario})
    out = tmp_path / "hexes.pdf"
    write_pdf("gameboard", out, PrintSource(module, scenario), paper="Letter")
    words = pdf_words(out)
    assert {f"{c:02d}{r:02d}" for c in range(1, 10) for r in range(1, 7)} <= words
    assert "woods" in words
    image = first_page_png(out)
    assert ink(image) > 0.01 and margins_clear(image, EDGE)
